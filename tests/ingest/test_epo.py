"""European patent XML (``ep-patent-document``): one language, tables kept as structure."""

from __future__ import annotations

import gzip
from pathlib import Path

from molextract.extraction import tables as table_path
from molextract.ingest import Skipped, read_documents
from molextract.ingest.document import Document
from molextract.ingest.formats import detect_format
from molextract.ingest.tables import document_tables
from molextract.schemas import get_schema
from molextract.schemas.records import EngineInfo

#: Written to the EPO's DTD v1.5 (no EP XML of a chemistry patent could be obtained
#: without the documents held out of development); the chemistry is invented.
SAMPLE = Path(__file__).parents[1] / "data" / "epo" / "EP3999001B1.xml"


def read(*paths: Path) -> tuple[list[Document], list[Skipped]]:
    skips: list[Skipped] = []
    return list(read_documents(list(paths), skips.append)), skips


def application(number: str, *, lang: str = "en", body: str = "") -> str:
    """An A1 publication, three lines, with an abstract, as a bulk file concatenates them."""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<ep-patent-document id="EP{number}A1" lang="{lang}" country="EP" '
        f'doc-number="{number}" kind="A1" date-publ="20200102">\n'
        "<SDOBI><B500><B540><B541>de</B541><B542>Verfahren</B542>"
        f"<B541>en</B541><B542>Process {number}</B542></B540></B500></SDOBI>"
        f"{body}</ep-patent-document>\n"
    )


def test_a_granted_patent_is_read_in_english_once() -> None:
    [doc], skips = read(SAMPLE)
    assert skips == []
    assert doc.id == "EP3999001B1"
    assert doc.metadata["title"] == "PROCESS FOR THE PREPARATION OF 2-ARYLPYRIDINES"
    assert doc.metadata["date"] == "2023-06-14"
    assert [s["title"] for s in doc.metadata["sections"]] == ["Title", "Description", "Claims"]
    melting = "m.p. 52-54 °C"
    assert doc.text.count(melting) == 1
    assert "Example 1: 2-(4-Methoxyphenyl)pyridine" in doc.text
    # the claims in English only: German and French repeat them
    assert "wherein the solvent is toluene" in doc.text
    assert "Verfahren" not in doc.text and "Procédé" not in doc.text
    # page-break comments and the formula's image leave no text behind
    assert "The compound of the formula was obtained" in doc.text


def test_a_table_in_a_paragraph_is_kept_with_exact_offsets() -> None:
    [doc], _ = read(SAMPLE)
    [table] = document_tables(doc.metadata, doc.text)
    for row in table.rows:
        for cell in row:
            assert doc.text[cell.start : cell.end] == cell.text
    assert table.label == "Table 1"
    assert table.caption is not None and table.caption.text == "Table 1"
    assert table.header_rows == 2
    assert table.column_header(3) == "Yield › [%]"
    assert [cell.text for cell in table.body[2]] == [
        "4",
        "2-(4-chlorophenyl)pyridine",
        "16.3",
        "86",
    ]


def test_the_table_gives_each_yield_its_row_product_without_a_model() -> None:
    [doc], _ = read(SAMPLE)
    schema = get_schema("molecular_properties")
    readings = table_path.read_tables(doc, schema)
    assert not any(column.ask for reading in readings for column in reading.columns)
    records = table_path.table_records(doc, readings, schema, EngineInfo(name="none", model="none"))
    found = {(r.property, r.value, r.compound.name) for r in records}
    # the masses in the column beside the yields are not yields
    assert found == {
        ("reaction_yield", 82.0, "2-(4-fluorophenyl)pyridine"),
        ("reaction_yield", 76.0, "2-(3-tolyl)pyridine"),
        ("reaction_yield", 86.0, "2-(4-chlorophenyl)pyridine"),
    }


def test_an_application_in_german_is_read_in_german_under_its_english_title(
    tmp_path: Path,
) -> None:
    body = (
        '<abstract id="abst" lang="de"><p id="pa01" num="0001">Ein Verfahren.</p></abstract>'
        '<description id="desc" lang="de"><p id="p0001" num="0001">Ausbeute 85 %, '
        "Schmp. 120 °C.</p></description>"
        '<claims id="claims01" lang="de"><claim num="0001"><claim-text>Verfahren.'
        "</claim-text></claim></claims>"
    )
    path = tmp_path / "de.xml"
    path.write_text(application("3000001", lang="de", body=body), encoding="utf-8")
    [doc], skips = read(path)
    assert skips == []
    assert doc.id == "EP3000001A1" and doc.metadata["title"] == "Process 3000001"
    assert "Ein Verfahren." in doc.text and "Schmp. 120 °C." in doc.text
    sections = [s["title"] for s in doc.metadata["sections"]]
    assert sections == ["Title", "Abstract", "Description", "Claims"]


def test_a_bulk_file_keeps_the_patents_around_a_broken_one(tmp_path: Path) -> None:
    good = '<description><p num="0001">Yield 85%.</p></description>'
    broken = '<description><p num="0001">Yield <b>85%.</p></description>'
    path = tmp_path / "bulk.xml.gz"
    path.write_bytes(
        gzip.compress(
            (
                application("3000001", body=good)
                + application("3000002", body=broken)
                + application("3000003", body=good)
            ).encode()
        )
    )
    documents, skips = read(path)
    assert [d.id for d in documents] == ["EP3000001A1", "EP3000003A1"]
    [skip] = skips
    assert skip.line == 4 and "malformed XML" in skip.reason


def test_a_patent_with_nothing_to_read_is_skipped_by_name(tmp_path: Path) -> None:
    path = tmp_path / "empty.xml"
    path.write_text(application("3000004"), encoding="utf-8")
    documents, skips = read(path)
    assert documents == []
    assert skips == [Skipped(str(path), 2, "no abstract, description or claims")]


def test_dispatch_by_root_element() -> None:
    assert detect_format(SAMPLE) == "xml"
    [doc], _ = read(SAMPLE)
    assert doc.metadata["source"] == str(SAMPLE)
