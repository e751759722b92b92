"""The PDF reader on typeset fixtures whose every paragraph is known, and on bad files.

``tests/data/pdf/expected.json`` (written when the fixtures were typeset) holds each
fixture's paragraphs in reading order with their pages, and the running heads, page
labels and line numbers that must not reach the text.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from molextract.ingest.base import Skipped
from molextract.ingest.formats import detect_format
from molextract.ingest.pdf import NO_TEXT, PdfProblem, pdf_document
from molextract.ingest.stream import read_documents

DATA = Path(__file__).parents[1] / "data" / "pdf"
EXPECTED = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))
TYPESET = ["two_column.pdf", "si_style.pdf", "typography.pdf"]


def _read(name: str) -> tuple[str, dict[str, object]]:
    doc = pdf_document((DATA / name).read_bytes(), doc_id=name, name=name)
    return doc.text, doc.metadata


@pytest.mark.parametrize("name", TYPESET)
def test_paragraphs_come_out_whole_in_reading_order(name: str) -> None:
    text, _ = _read(name)
    expected = [p["text"] for p in EXPECTED[name]["paragraphs"]]
    assert text.split("\n\n") == expected


@pytest.mark.parametrize("name", TYPESET)
def test_headings_are_sections_and_pages_are_mapped(name: str) -> None:
    _, meta = _read(name)
    paragraphs = EXPECTED[name]["paragraphs"]
    headings = [p["text"] for p in paragraphs if p["heading"]]
    sections = meta["sections"]
    assert isinstance(sections, list)
    assert [s["title"] for s in sections] == headings
    starts = meta["pages"]
    assert isinstance(starts, list) and len(starts) == EXPECTED[name]["pages"]
    offset = 0
    for para in paragraphs:
        first_page = sum(1 for s in starts if s <= offset)
        last_page = sum(1 for s in starts if s <= offset + len(para["text"]) - 1)
        assert (first_page, last_page) == (para["page"], para["end_page"]), para["text"]
        offset += len(para["text"]) + 2


@pytest.mark.parametrize("name", TYPESET)
def test_running_heads_page_labels_and_line_numbers_stay_out(name: str) -> None:
    text, _ = _read(name)
    banned = EXPECTED[name]["must_not_appear"]
    for head in banned["running_heads"]:
        assert head not in text
    # A page label or line number would stand as a bare number between words.
    unit = r"(?! ?(?:°|º|mmol|mol|mg|g|mL|h\b|mmHg|:))"
    bare = re.findall(rf"(?<![\w.,(–:-])\d{{1,3}}(?![\w.,)%–-]){unit}", text)
    assert bare == []


def test_line_end_hyphens_resolve_as_the_typeset_text_reads() -> None:
    text, _ = _read("two_column.pdf")
    for case in EXPECTED["two_column.pdf"]["line_end_breaks"]:
        if case["text"] is not None:
            assert case["text"] in text, case


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("damaged.pdf", "damaged PDF: pdfium cannot read its structure"),
        ("encrypted.pdf", "encrypted PDF: it needs a password"),
        ("zero_pages.pdf", "the PDF has no pages"),
        ("html_named.pdf", "not a PDF: the file is an HTML page"),
        ("no_text.pdf", NO_TEXT),
    ],
)
def test_bad_pdfs_say_what_is_wrong(name: str, reason: str) -> None:
    with pytest.raises(PdfProblem) as caught:
        pdf_document((DATA / name).read_bytes(), doc_id=name, name=name)
    assert str(caught.value).startswith(reason)


def test_a_pdf_with_a_broken_xref_is_still_read() -> None:
    text, meta = _read("damaged_xref.pdf")
    assert meta["page_count"] == 2
    assert text.split("\n\n") == [p["text"] for p in EXPECTED["two_column.pdf"]["paragraphs"]]


def test_a_folder_reads_every_good_pdf_and_reports_every_bad_one(tmp_path: Path) -> None:
    folder = tmp_path / "dump"
    folder.mkdir()
    for name in EXPECTED:
        (folder / name).write_bytes((DATA / name).read_bytes())
    with gzip.open(folder / "si_copy.pdf.gz", "wb") as handle:
        handle.write((DATA / "si_style.pdf").read_bytes())
    skipped: list[Skipped] = []
    docs = list(read_documents([folder], skipped.append))
    assert [d.id for d in docs] == [
        "damaged_xref",
        "si_copy",
        "si_style",
        "two_column",
        "typography",
    ]
    assert docs[1].text == docs[2].text
    assert sorted(Path(s.path).name for s in skipped) == [
        "damaged.pdf",
        "encrypted.pdf",
        "html_named.pdf",
        "no_text.pdf",
        "zero_pages.pdf",
    ]
    assert all(s.reason.endswith("; the file is skipped") for s in skipped)


def test_pdf_names_are_recognised_in_any_case_and_compressed() -> None:
    assert [detect_format(Path(n)) for n in ("a.pdf", "B.PDF", "c.pdf.gz")] == ["pdf"] * 3
