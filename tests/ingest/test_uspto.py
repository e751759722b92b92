"""USPTO patent XML: single files and weekly bulk files of concatenated documents."""

from __future__ import annotations

import gzip
import io
from pathlib import Path

import pytest

from molextract.ingest import Skipped, read_documents, xmlsplit
from molextract.ingest.document import Document
from molextract.ingest.xmlsplit import Splitter

SAMPLE = Path(__file__).parent.parent / "data" / "literature" / "US06840965B2.xml"
SAMPLE_LINES = 2135
TITLE = "P-aminophenols and colorants containing said compounds"
MELTING = "melting point of 130-132° C."


def read(*paths: Path) -> tuple[list[Document], list[Skipped]]:
    skips: list[Skipped] = []
    documents = list(read_documents(list(paths), skips.append))
    return documents, skips


def renumbered(number: str) -> bytes:
    """The sample under another publication number, as a second patent of a bulk file."""
    data = SAMPLE.read_bytes()
    assert data.count(b"<doc-number>06840965</doc-number>") == 1
    return data.replace(
        b"<doc-number>06840965</doc-number>", f"<doc-number>{number}</doc-number>".encode()
    )


def patent(
    number: str,
    abstract: str = "<abstract><p>An abstract.</p></abstract>",
    description: str = "<description><p>Described.</p></description>",
    claims: str = "<claims><claim><claim-text>1. A claim.</claim-text></claim></claims>",
    root: str = "us-patent-grant",
) -> str:
    """Six lines, so the n-th patent of a file from ``concatenate`` starts on line 6n + 1."""
    kind = "A1" if root == "us-patent-application" else "B2"
    data = "grant" if root == "us-patent-grant" else "application"
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<!DOCTYPE {root} SYSTEM "{root}-v44-2013-05-16.dtd" [ ]>\n'
        f"<{root}><us-bibliographic-data-{data}><publication-reference><document-id>"
        f"<country>US</country><doc-number>{number}</doc-number><kind>{kind}</kind>"
        f"<date>20200102</date></document-id></publication-reference>"
        f"<invention-title>Patent {number}</invention-title></us-bibliographic-data-{data}>\n"
        f"{abstract}{description}\n{claims}\n</{root}>\n"
    )


def concatenate(path: Path, *documents: str) -> Path:
    path.write_bytes("".join(documents).encode("utf-8"))
    return path


def test_sample_patent() -> None:
    [document], skips = read(SAMPLE)
    assert skips == []
    assert document.id == "US06840965B2"
    assert document.text.startswith(
        TITLE + "\n\nThe object of the invention are p-aminophenol derivatives of general "
        "formula (I) or physiologically tolerated, water-soluble salts thereof and oxidative "
        "coloring preparations based on a developer-coupler combination containing at least "
        "one p-aminophenol derivative of formula (I).\n\nThe invention relates to novel "
        "p-aminophenol derivatives substituted in the 2-position"
    )
    assert document.text.endswith(
        "10. Preparation according to claim 5, characterized in that it is a hair colorant."
    )
    assert len(document.text) == 39832
    tables = document.metadata.pop("tables")
    assert len(tables) == 25  # 37 CALS groups; header and "TABLE N" title groups are not tables
    assert document.metadata == {
        "title": TITLE,
        "date": "2005-01-11",
        "sections": [
            {"title": "Title", "start": 0, "end": 54},
            {"title": "Abstract", "start": 56, "end": 336},
            {"title": "Description", "start": 338, "end": 33710},
            {"title": "Claims", "start": 33712, "end": 39832},
        ],
        "source": str(SAMPLE),
        "line": 3,
    }
    text = document.text
    assert text[0:54] == TITLE
    assert text[338:].startswith("The invention relates to novel p-aminophenol derivatives")
    assert text[33712:].startswith("1. p-Aminophenol derivatives of general formula (I)")
    assert text.count("\n\n") == len(text.split("\n\n")) - 1


def test_melting_point_is_found_at_its_offsets() -> None:
    [document], _ = read(SAMPLE)
    start = document.text.find(MELTING)
    assert start == 21333
    assert document.text[start : start + len(MELTING)] == MELTING
    description = document.metadata["sections"][2]
    assert description["start"] < start < description["end"]
    # "&#xb0;" is a character reference: it comes out as the degree sign.
    assert "melting point of 130° C." in document.text


def test_description_blocks() -> None:
    [document], _ = read(SAMPLE)
    paragraphs = document.text.split("\n\n")
    # A table inside a paragraph: rows of cells, the empty indentation column dropped.
    assert (
        "CHN Analysis\n"
        "(C10H10NOSCl) | % C | % H | % N | % Cl\n"
        "Calculated | 52.75 | 4.43 | 6.15 | 15.57\n"
        "Found: | 52.87 | 4.75 | 5.77 | 15.10"
    ) in paragraphs
    # Headings and list items are paragraphs of their own.
    assert "EXAMPLE 2" in paragraphs
    assert "X denotes oxygen, sulfur or NR5;" in paragraphs
    # Claims are one paragraph each, nested claim-texts flattened with spaces.
    claims = [
        p for p in paragraphs if p[:3] in {f"{n}. " for n in range(1, 10)} or p.startswith("10. ")
    ]
    assert len(claims) == 10
    assert claims[0].startswith(
        "1. p-Aminophenol derivatives of general formula (I) or physiologically tolerated, "
        "water-soluble salts thereof wherein X denotes oxygen or sulfur, R1 denotes hydrogen"
    )


def test_two_concatenated_patents(tmp_path: Path) -> None:
    path = tmp_path / "ipg050111.xml"
    path.write_bytes(SAMPLE.read_bytes() + renumbered("07000001"))
    documents, skips = read(path)
    assert skips == []
    assert [d.id for d in documents] == ["US06840965B2", "US07000001B2"]
    assert [d.metadata["line"] for d in documents] == [3, SAMPLE_LINES + 3]
    assert documents[0].text == documents[1].text
    assert len(documents[1].text) == 39832


def test_concatenated_gzip(tmp_path: Path) -> None:
    path = tmp_path / "ipg050111.xml.gz"
    path.write_bytes(gzip.compress(SAMPLE.read_bytes() + renumbered("07000001")))
    documents, skips = read(path)
    assert skips == []
    assert [(d.id, d.metadata["line"]) for d in documents] == [
        ("US06840965B2", 3),
        ("US07000001B2", SAMPLE_LINES + 3),
    ]


def test_broken_patent_costs_only_itself(tmp_path: Path) -> None:
    broken = patent("2", abstract="<abstract><p>An <b>abstract.</p></abstract>")
    path = concatenate(tmp_path / "bulk.xml", patent("1"), broken, patent("3"))
    documents, skips = read(path)
    assert [(d.id, d.metadata["line"]) for d in documents] == [("US1B2", 3), ("US3B2", 15)]
    assert skips == [
        Skipped(
            str(path),
            7,
            "malformed XML (Opening and ending tag mismatch: b line 10 and p) at line 10, column 33",
        )
    ]


def test_latin1_patent_costs_only_itself(tmp_path: Path) -> None:
    path = tmp_path / "bulk.xml"
    path.write_bytes(
        patent("1").encode()
        + patent("2", abstract="<abstract><p>Caf\xe9.</p></abstract>").encode("latin-1")
        + patent("3").encode()
    )
    documents, skips = read(path)
    assert [d.id for d in documents] == ["US1B2", "US3B2"]
    assert skips == [
        Skipped(
            str(path),
            7,
            "malformed XML (Invalid bytes in character encoding) at line 10, column 17",
        )
    ]


def test_truncated_bulk_file_keeps_the_patents_before(tmp_path: Path) -> None:
    whole = patent("1") + patent("2") + patent("3")
    path = concatenate(
        tmp_path / "cut.xml", whole[: whole.index("Described", len(patent("1") * 2))]
    )
    documents, skips = read(path)
    assert [d.id for d in documents] == ["US1B2", "US2B2"]
    assert skips == [Skipped(str(path), 13, "the XML ends early, at line 16 (truncated file?)")]


def test_a_patent_cut_short_before_the_next_one(tmp_path: Path) -> None:
    first = patent("1")
    path = concatenate(tmp_path / "bulk.xml", first[: first.index("<claims>")], patent("2"))
    documents, skips = read(path)
    assert [(d.id, d.metadata["line"]) for d in documents] == [("US2B2", 7)]
    assert skips == [Skipped(str(path), 1, "the XML ends early, at line 5 (truncated file?)")]


def test_unrecognised_document_in_a_bulk_file(tmp_path: Path) -> None:
    other = '<?xml version="1.0"?>\n<sequence-cwu><s>ACGT</s></sequence-cwu>\n'
    path = concatenate(tmp_path / "bulk.xml", patent("1"), other, patent("3"))
    documents, skips = read(path)
    assert [(d.id, d.metadata["line"]) for d in documents] == [("US1B2", 3), ("US3B2", 11)]
    assert skips == [Skipped(str(path), 7, "unrecognised XML: root element <sequence-cwu>")]


def test_patent_without_description_is_kept_without_abstract_and_claims_skipped(
    tmp_path: Path,
) -> None:
    path = concatenate(
        tmp_path / "bulk.xml",
        patent("1", description=""),
        patent("2", abstract="", claims=""),
        patent("3", abstract="", description=""),
    )
    documents, skips = read(path)
    assert [(d.id, d.text) for d in documents] == [
        ("US1B2", "Patent 1\n\nAn abstract.\n\n1. A claim."),
        ("US3B2", "Patent 3\n\n1. A claim."),
    ]
    assert [s["title"] for s in documents[0].metadata["sections"]] == [
        "Title",
        "Abstract",
        "Claims",
    ]
    assert skips == [Skipped(str(path), 9, "no abstract or claims")]


def test_application_entities_and_headings(tmp_path: Path) -> None:
    description = (
        "<description><heading>EXAMPLE&nbsp;1</heading><p>Yield &lsqb;90%&rsqb; &unknown; "
        "<b>m.p.</b>&#xb0;<br/>next</p><p><ul><li>one</li><li>two<ul><li>two.a</li></ul></li>"
        "</ul></p></description>"
    )
    content = patent("20200001234", description=description, root="us-patent-application")
    path = concatenate(tmp_path / "app.xml", content)
    [document], skips = read(path)
    assert skips == []
    assert document.id == "US20200001234A1"
    assert document.metadata["date"] == "2020-01-02"
    assert document.text == (
        "Patent 20200001234\n\nAn abstract.\n\nEXAMPLE 1\n\nYield [90%] &unknown; m.p.° next"
        "\n\none\n\ntwo\n\ntwo.a\n\n1. A claim."
    )


@pytest.mark.parametrize("content", [b"", b"\n\n", b"\r\n  "])
def test_empty_file(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "empty.xml"
    path.write_bytes(content)
    assert read(path) == ([], [Skipped(str(path), None, "empty file")])


def test_truncated_gzip_stream(tmp_path: Path) -> None:
    data = gzip.compress("".join(patent(str(n)) for n in range(2000)).encode())
    path = tmp_path / "cut.xml.gz"
    path.write_bytes(data[: len(data) // 2])
    documents, skips = read(path)
    assert 0 < len(documents) < 2000
    assert [d.id for d in documents] == [f"US{n}B2" for n in range(len(documents))]
    [skip] = skips
    assert skip.line == 6 * len(documents) + 1
    assert skip.reason.startswith("truncated or corrupt gzip data (")


def pieces(data: bytes, read_size: int) -> list[tuple[int, bytes]]:
    found = []
    for piece in Splitter(io.BytesIO(data)):
        chunks = []
        while chunk := piece.read(read_size):
            chunks.append(chunk)
        found.append((piece.start_line, b"".join(chunks)))
    return found


@pytest.mark.parametrize("read_size", [1, 3, 7, 1000, -1])
def test_splitter_cuts_before_each_declaration_only(
    monkeypatch: pytest.MonkeyPatch, read_size: int
) -> None:
    monkeypatch.setattr(xmlsplit, "_BLOCK", 4)  # declarations straddle every block edge
    first = b'\n<?xml version="1.0"?>\n<a><?xml-stylesheet href="s"?>\n<b/></a>\n'
    second = b"<?xml\tversion='1.0'?><c/>"
    third = b'<?xml version="1.0"?>\n<d>&lt;?xml</d>\n'
    assert pieces(first + second + third, read_size) == [
        (1, b"\n"),
        (2, first[1:]),
        (5, second),
        (5, third),
    ]


def test_splitter_skips_unread_rest_of_a_piece() -> None:
    splitter = Splitter(io.BytesIO(b"<?xml ?>\n<a>\n</a>\n<?xml ?>\n<b/>\n"))
    seen = []
    for piece in splitter:
        seen.append((piece.start_line, piece.read(3)))
    assert seen == [(1, b"<?x"), (4, b"<?x")]
