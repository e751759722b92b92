"""PDFs as a user hands them over: a folder of papers, some of them unreadable.

The PDFs are typeset here by a real typesetter (typst), so the page each value is
printed on is known, and the bad ones are real damage: a cut file, a web page saved
under a PDF name, a page with a drawing and no text, a file with no pages.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import typst

from tests.cli.test_main import _lines, molextract

PAPER = """
#set page(paper: "a5", header: [_J. Test Chem._ 2026, 12, 345 #h(1fr) Article],
  footer: context [#h(1fr) #counter(page).display() #h(1fr)])
#set par(justify: true)
= Experimental Section
The apparatus was cleaned and dried before use, and every solvent was distilled under
an inert atmosphere before it was used in the reactions described below.
#pagebreak()
4-Nitrophenol was recrystallised from water and obtained as yellow needles,
m.p. 113--114 °C.
"""


def _typeset(source: str) -> bytes:
    return bytes(typst.compile(source.encode("utf-8")))


def _no_text_pdf() -> bytes:
    return _typeset('#set page(paper: "a6")\n#rect(width: 4cm, height: 3cm, fill: gray)')


def _zero_page_pdf(path: Path) -> None:
    pdf = pdfium.PdfDocument.new()
    pdf.save(str(path))
    pdf.close()


def _folder(root: Path) -> Path:
    papers = root / "papers"
    papers.mkdir()
    good = _typeset(PAPER)
    (papers / "nitrophenol.pdf").write_bytes(good)
    (papers / "cut.pdf").write_bytes(good[: len(good) // 3])
    (papers / "download.pdf").write_text("<!DOCTYPE html><html><body>Sign in</body></html>")
    (papers / "figure.pdf").write_bytes(_no_text_pdf())
    _zero_page_pdf(papers / "empty.pdf")
    return papers


def test_ingest_reads_a_folder_of_pdfs_and_reports_each_bad_one(tmp_path: Path) -> None:
    papers = _folder(tmp_path)
    out = tmp_path / "docs.jsonl"
    result = molextract("ingest", str(papers), "-o", str(out))
    assert result.returncode == 0, result.stderr
    docs = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [d["id"] for d in docs] == ["nitrophenol"]
    text, meta = docs[0]["text"], docs[0]
    assert text == (
        "Experimental Section\n\n"
        "The apparatus was cleaned and dried before use, and every solvent was distilled "
        "under an inert atmosphere before it was used in the reactions described below.\n\n"
        "4-Nitrophenol was recrystallised from water and obtained as yellow needles, "
        "m.p. 113–114 °C."
    )
    assert meta["page_count"] == 2 and meta["pages"] == [0, text.index("4-Nitrophenol")]
    assert meta["sections"][0]["title"] == "Experimental Section"
    stderr = result.stderr
    assert "cut.pdf: damaged PDF" in stderr
    assert "download.pdf: not a PDF: the file is an HTML page" in stderr
    assert "figure.pdf: scanned PDF: no text layer; OCR is not supported" in stderr
    assert "empty.pdf: the PDF has no pages" in stderr


@pytest.mark.model
def test_run_on_pdfs_gives_each_record_its_page(tmp_path: Path) -> None:
    papers = _folder(tmp_path)
    out = tmp_path / "mp.jsonl"
    result = molextract(
        "run", str(papers), "--schema", "melting_point", "-o", str(out),
        env={"MOLEXTRACT_LOCAL_MODEL": "qwen2.5-coder-1.5b"},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = _lines(out)
    assert [line["doc_id"] for line in lines] == ["nitrophenol"]
    records = lines[0]["records"]
    assert [(r["value_low"], r["value_high"], r["evidence"]["page"]) for r in records] == [
        (113.0, 114.0, 2)
    ]
    assert re.search(r"inputs skipped\W+4\b", result.stderr), "the four bad PDFs are counted"
    html = tmp_path / "report.html"
    shown = molextract("report", str(out), "--docs", str(papers), "-o", str(html))
    assert shown.returncode == 0, shown.stderr
    link = f'href="{(papers / "nitrophenol.pdf").resolve().as_uri()}#page=2"'
    assert link in html.read_text(encoding="utf-8")
