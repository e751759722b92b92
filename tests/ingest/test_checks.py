"""Checks before a run: the progress-bar total ``count_documents_hint`` gives."""

from __future__ import annotations

import gzip
from pathlib import Path

from molextract.ingest import count_documents_hint, read_documents

PAGE = (
    "<!DOCTYPE html><html><head><title>{0}</title></head><body><article>"
    "<h1>{0}</h1><p>Benzoic acid melts at 122 °C.</p></article></body></html>"
)


def test_count_documents_hint_counts_one_document_per_html_file(tmp_path: Path) -> None:
    """A saved article page is one document, so a folder of them has a known total."""
    (tmp_path / "a.html").write_text(PAGE.format("A"), encoding="utf-8")
    (tmp_path / "b.htm").write_text(PAGE.format("B"), encoding="utf-8")
    (tmp_path / "c.html.gz").write_bytes(gzip.compress(PAGE.format("C").encode()))
    (tmp_path / "d.txt").write_text("Toluene boils at 111 °C.", encoding="utf-8")
    assert count_documents_hint([tmp_path]) == 4
    # ...which is what reading them gives.
    assert len(list(read_documents([tmp_path], lambda skipped: None))) == 4


def test_count_documents_hint_still_gives_up_beside_csv(tmp_path: Path) -> None:
    page = tmp_path / "a.html"
    page.write_text(PAGE.format("A"), encoding="utf-8")
    rows = tmp_path / "b.csv"
    rows.write_text("text\nx\n", encoding="utf-8")
    assert count_documents_hint([page]) == 1
    assert count_documents_hint([page, rows]) is None
