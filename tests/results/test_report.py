"""The HTML report: highlights at the recorded offsets, structures, and escaping."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import lxml.html
import pytest

from molextract.chem import analyze_smiles
from molextract.extraction.tables import read_tables, table_records
from molextract.ingest.document import Document
from molextract.ingest.tables import SourceCell, Span, TableRecorder
from molextract.results.report import depict, render_report, write_report
from molextract.schemas import (
    Checks,
    Compound,
    DocumentResult,
    EngineInfo,
    Evidence,
    Record,
    get_schema,
)
from molextract.schemas.records import Status

ENGINE = EngineInfo(name="local", model="test")
TEXT = (
    "Benzoic acid melts at 122 °C and boils at 249 °C. "
    "<script>alert('text')</script> Aspirin melts at 135 °C."
)
EVIL_NAME = '"><img src=x onerror=alert(1)>'


def _record(
    quote: str,
    prop: str,
    value: float,
    unit: str | None,
    *,
    name: str | None,
    smiles: str | None = None,
    status: Status = "accepted",
    span: tuple[int, int] | None = None,
    failed: tuple[str, ...] = (),
) -> Record:
    if span is None and quote in TEXT:
        start = TEXT.index(quote)
        span = (start, start + len(quote))
    info = analyze_smiles(smiles) if smiles else None
    structure = "absent" if smiles is None else ("valid" if info else "invalid")
    return Record(
        doc_id="d1",
        schema_name="molecular_properties",
        compound=Compound(
            name=name,
            smiles=smiles,
            canonical_smiles=info.canonical_smiles if info else None,
            inchikey=info.inchikey if info else None,
            smiles_source="model" if smiles else None,
        ),
        property=prop,
        value=value,
        unit=unit,
        evidence=Evidence(
            quote=quote,
            start=span[0] if span else None,
            end=span[1] if span else None,
            match="exact" if span else "none",
        ),
        checks=Checks(
            structure=structure,
            grounded=span is not None,
            value_in_quote=span is not None,
            plausible=True,
            formula_consistent=None,
        ),
        status=status,
        failed_checks=list(failed),
        engine=ENGINE,
    )


RECORDS = [
    _record("Benzoic acid melts at 122 °C", "melting_point", 122, "°C",
            name="benzoic acid", smiles="OC(=O)c1ccccc1"),
    # Overlaps the first quote: both claim "Benzoic acid".
    _record("Benzoic acid melts at 122 °C and boils at 249 °C", "boiling_point", 249, "°C",
            name="benzoic acid", smiles="c1ccccc1C(=O)O", status="flagged",
            failed=("structure_from_model",)),
    _record("Aspirin melts at 135 °C", "melting_point", 135, "°C",
            name=EVIL_NAME, smiles="CC(=O)Oc1ccccc1C(=O)O"),
    _record("Toluene boils at 111 °C", "boiling_point", 111, "°C", name="toluene",
            smiles="C1CC", status="rejected", failed=("quote_not_found", "value_not_in_text")),
    _record("melts at 122", "melting_point", 122, "°C", name="stale",
            span=(len(TEXT) - 3, len(TEXT) + 40)),  # offsets beyond the text
]  # fmt: skip
RESULT = DocumentResult(
    doc_id="d1", schema_name="molecular_properties", records=RECORDS, engine=ENGINE
)
EMPTY = DocumentResult(doc_id="<empty & odd>", schema_name="molecular_properties", engine=ENGINE)


@pytest.fixture(scope="module")
def page() -> str:
    return render_report([RESULT, EMPTY], {"d1": TEXT}, title="Report <for> test")


def _marks_of(tree: lxml.html.HtmlElement, rid: str) -> list[lxml.html.HtmlElement]:
    return [m for m in tree.iter("mark") if rid in (m.get("data-record") or "").split()]


def test_grounded_records_are_highlighted_at_their_exact_offsets(page: str) -> None:
    tree = lxml.html.fromstring(page)
    rows = tree.xpath("//table[@id='record-table']/tbody/tr")
    assert [r.get("id") for r in rows] == ["row-r1", "row-r2", "row-r3", "row-r4", "row-r5"]
    for index, record in enumerate(RECORDS, start=1):
        marks = _marks_of(tree, f"r{index}")
        placed = (
            record.checks.grounded
            and record.evidence.end is not None
            and record.evidence.end <= len(TEXT)
        )
        if not placed:
            # Not in the text, so at most shown once in the list of unplaced quotes.
            assert all(m.get("data-start") is None for m in marks)
            continue
        assert int(marks[0].get("data-start")) == record.evidence.start
        assert int(marks[-1].get("data-end")) == record.evidence.end
        assert (
            "".join(m.text_content() for m in marks)
            == TEXT[record.evidence.start : record.evidence.end]
        )
        for mark in marks:
            assert mark.find("a").get("href").startswith("#row-r")


def test_overlapping_spans_share_marks_instead_of_nesting(page: str) -> None:
    tree = lxml.html.fromstring(page)
    shared = [m for m in tree.iter("mark") if m.get("data-record") == "r1 r2"]
    assert [m.text_content() for m in shared] == ["Benzoic acid melts at 122 °C"]
    assert "overlap" in shared[0].get("class")
    assert not tree.xpath("//mark//mark")


def test_the_document_text_is_kept_whole_and_escaped(page: str) -> None:
    tree = lxml.html.fromstring(page)
    [text] = tree.xpath("//article[@id='doc-0']/div[@class='text']")
    assert text.text_content() == TEXT
    assert "<script>alert('text')</script>" not in page
    assert "&lt;script&gt;alert(&#x27;text&#x27;)&lt;/script&gt;" in page


def test_model_output_is_escaped_everywhere(page: str) -> None:
    assert "<img" not in page and "onerror=alert(1)>" not in page
    tree = lxml.html.fromstring(page)
    assert tree.xpath("//tr[@id='row-r3']/td[2]")[0].text_content() == EVIL_NAME
    assert tree.findtext(".//title") == "Report <for> test"
    assert tree.xpath("//article[@id='doc-1']/h2")[0].text_content() == "<empty & odd>"


def test_only_the_report_script_runs_and_nothing_is_fetched(page: str) -> None:
    tree = lxml.html.fromstring(page)
    [script] = tree.xpath("//script")
    digest = base64.b64encode(hashlib.sha256(script.text.encode()).digest()).decode()
    [policy] = tree.xpath("//meta[@http-equiv='Content-Security-Policy']/@content")
    assert f"script-src 'sha256-{digest}'" in policy and "default-src 'none'" in policy
    # No URL at all: no fonts, scripts, images or even SVG namespaces to fetch.
    assert re.search(r"https?:|url\(|@import", page) is None
    assert not tree.xpath("//*[@src or @href[not(starts-with(., '#'))]]")
    assert not tree.xpath("//link | //img | //iframe | //object | //embed")
    assert not tree.xpath("//*[@onclick or @onerror or @onload]")


def test_one_svg_per_distinct_valid_structure(page: str) -> None:
    tree = lxml.html.fromstring(page)
    # benzoic acid (two spellings, one structure) and aspirin; "C1CC" is invalid.
    assert page.count("<svg") == 2
    figures = tree.xpath("//figure[@class='structure']")
    assert [f.get("data-record") for f in figures] == ["r1 r2", "r3"]
    assert "structure supplied by the model" in figures[0].text_content()


def test_table_rows_carry_values_units_and_failing_checks(page: str) -> None:
    tree = lxml.html.fromstring(page)
    row = tree.xpath("//tr[@id='row-r4']")[0]
    cells = [td.text_content() for td in row.findall("td")]
    assert cells == [
        "d1", "toluene", "boiling_point", "111", "°C", "–", "rejected",
        "quote_not_found, value_not_in_text",
    ]  # fmt: skip
    assert row.get("data-status") == "rejected" and row.get("data-property") == "boiling_point"
    options = tree.xpath("//select[@id='property-filter']/option/@value")
    assert options == ["", "boiling_point", "melting_point"]
    unplaced = tree.xpath("//ul[contains(@class, 'unplaced')]//mark/@data-record")
    assert unplaced == ["r4", "r5"]


def test_without_documents_only_the_quotes_are_shown(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    write_report([RESULT], None, out, title="quotes")
    tree = lxml.html.fromstring(out.read_text(encoding="utf-8"))
    quotes = tree.xpath("//ul[@class='quotes']/li/mark")
    assert [q.text_content() for q in quotes] == [r.evidence.quote for r in RECORDS]
    assert not tree.xpath("//div[@class='text']")


def test_depict_refuses_what_rdkit_cannot_read() -> None:
    assert depict("C1CC") is None and depict("") is None and depict("CCO |$x$|") is None
    svg = depict("CCO")
    assert svg is not None and svg.startswith('<svg role="img" ') and svg.endswith("</svg>\n")


def test_si_cells_name_real_units_and_leave_dimensionless_bare() -> None:
    text = "The ester was obtained in 75% yield; it melts at 122 °C."
    yield_record = _record(
        "75% yield", "reaction_yield", 75, "%", name="ester", span=(26, 35)
    ).model_copy(update={"value_si": 0.75, "unit_si": "1"})
    mp_record = _record(
        "melts at 122 °C", "melting_point", 122, "°C", name="ester", span=(41, 56)
    ).model_copy(update={"value_si": 395.15, "unit_si": "K"})
    result = DocumentResult(doc_id="y", schema_name="molecular_properties",
                            records=[yield_record, mp_record], engine=ENGINE)  # fmt: skip
    tree = lxml.html.fromstring(render_report([result], {"y": text}, title="units"))
    si_cells = [row.xpath("td")[5].text_content() for row in tree.xpath("//table//tbody/tr")]
    assert si_cells == ["0.75", "395.15 K"]


def test_a_schemas_own_fields_get_a_column_each_and_builtin_reports_none() -> None:
    quantity = {"value": 10.0, "unit": "K/min", "value_si": 0.1667, "unit_si": "K/s",
                "start": None, "end": None}  # fmt: skip
    own = [
        RECORDS[0].model_copy(update={"fields": {"method": "DSC", "heating_rate": quantity,
                                                 "second_heating": True, "tags": ["a", "b"]}}),
        RECORDS[2].model_copy(update={"fields": {"method": None, "heating_rate": None,
                                                 "second_heating": False, "tags": []}}),
    ]  # fmt: skip
    result = RESULT.model_copy(update={"records": own})
    table = lxml.html.fromstring(
        render_report([result], {"d1": TEXT}, title="t")
    ).get_element_by_id("record-table")
    heads = [th.text_content() for th in table.iter("th")]
    assert heads[6:10] == ["method", "heating_rate", "second_heating", "tags"]
    assert heads[-2:] == ["status", "failing checks"]
    kinds = [th.get("data-type") for th in table.iter("th")][6:10]
    assert kinds == ["text", "number", "text", "text"]
    first = [td.text_content() for td in table.iter("tr")][1]
    assert "DSC" in first and "10 K/min" in first and "yes" in first and "a, b" in first
    plain = lxml.html.fromstring(render_report([RESULT], {"d1": TEXT}, title="t"))
    assert len(list(plain.get_element_by_id("record-table").iter("th"))) == 8


# --- tables -------------------------------------------------------------------------

TABLE_TEXT = (
    "Products were isolated as white solids.\n\n"
    "Table 2. Yields and melting points of 3a–3c.\n"
    "Compound | Yield (%) | M.p. (°C)\n"
    "3a | 92 | 122–124\n"
    "3b <i> | 85a | 135\n"
    "3c | — | 101\n"
    "a Isolated yield after chromatography.\n\n"
    "Compound 3a was recrystallised from ethanol."
)


def _table_result(
    text: str, metadata: dict[str, object] | None = None, doc_id: str = "t1"
) -> DocumentResult:
    """Records as extraction makes them from the document's tables (no model runs:
    every header is one the property declarations know)."""
    doc = Document(id=doc_id, text=text, metadata=metadata or {})
    schema = get_schema("molecular_properties")
    records = table_records(doc, read_tables(doc, schema), schema, ENGINE)
    assert records and all(r.evidence.table for r in records)
    return DocumentResult(
        doc_id=doc_id, schema_name="molecular_properties", records=records, engine=ENGINE
    )


def _source_tables(tree: lxml.html.HtmlElement) -> list[lxml.html.HtmlElement]:
    return list(tree.xpath("//table[@class='source']"))


def test_a_table_record_is_marked_in_its_table_drawn_where_it_is_printed() -> None:
    result = _table_result(TABLE_TEXT)
    tree = lxml.html.fromstring(render_report([result], {"t1": TABLE_TEXT}, title="t"))
    [text] = tree.xpath("//article[@id='doc-0']/div[@class='text']")
    [table] = _source_tables(tree)
    # The table stands in for its lines; the prose around it is kept.
    assert text.xpath(".//figure[@class='source-table']")
    shown = text.text_content()
    assert shown.startswith("Products were isolated") and shown.endswith("from ethanol.")
    assert " | " not in shown
    assert tree.xpath("//figure[@class='source-table']/figcaption")[0].text_content() == (
        "Table 2. Yields and melting points of 3a–3c."
    )
    assert [th.text_content() for th in table.xpath("thead/tr/th")] == [
        "Compound", "Yield (%)", "M.p. (°C)",
    ]  # fmt: skip
    body = [[td.text_content() for td in tr.findall("td")] for tr in table.xpath("tbody/tr")]
    assert body == [["3a", "92", "122–124"], ["3b <i>", "85a", "135"], ["3c", "—", "101"]]
    assert tree.xpath("//ul[@class='table-notes']/li")[0].text_content().startswith("a Isolated")
    # Each record's cell is marked at the cell's offsets, anchored as its evidence and
    # linked to its row; the row says where in the table it is.
    for index, record in enumerate(result.records, start=1):
        where = record.evidence.table
        assert where is not None
        [mark] = _marks_of(tree, f"r{index}")
        cell = mark.getparent()
        assert cell.tag == "td" and cell.get("class") == "hit"
        assert mark.text_content() == TABLE_TEXT[where.cell_start : where.cell_end]
        assert (int(mark.get("data-start")), int(mark.get("data-end"))) == (
            where.cell_start,
            where.cell_end,
        )
        assert cell.xpath(f"a[@id='ev-r{index}']")
        assert mark.xpath("a/@href") == [f"#row-r{index}"]
        [position] = tree.xpath(f"//tr[@id='row-r{index}']//span[contains(@class, 'tpos')]")
        assert position.text_content() == f"Table 2, row {where.row}"  # one header row
        assert position.get("title") == f"column: {where.header}"
    assert "<i>" not in lxml.html.tostring(table, encoding="unicode")


def test_a_readers_table_is_drawn_with_its_spanning_headers() -> None:
    rows = [
        [SourceCell("Entry", row_span=2, header=True), SourceCell("Yield (%)", col_span=2,
                                                                  header=True)],
        [SourceCell("3a", header=True), SourceCell("3b", header=True)],
        [SourceCell("1"), SourceCell("92"), SourceCell("85")],
        [SourceCell("2"), SourceCell("—"), SourceCell("71")],
    ]  # fmt: skip
    recorder = TableRecorder(rows)
    intro, caption = "The coupling was optimised.\n", "Table 1. Optimisation."
    text = intro + caption + "\n" + "\n".join(recorder.lines) + "\nBoth are stable."
    table = recorder.table(
        len(intro + caption) + 1,
        index=0,
        label="Table 1",
        caption=Span(caption, len(intro), len(intro + caption)),
    )
    metadata: dict[str, object] = {"tables": [table.to_json()]}
    result = _table_result(text, metadata, doc_id="m1")
    page = render_report([result], {"m1": text}, title="t", metadata={"m1": metadata})
    tree = lxml.html.fromstring(page)
    [drawn] = _source_tables(tree)
    heads = [(th.text_content(), th.get("rowspan"), th.get("colspan")) for th in drawn.iter("th")]
    assert heads == [("Entry", "2", None), ("Yield (%)", None, "2"), ("3a", None, None),
                     ("3b", None, None)]  # fmt: skip
    marked = [m.text_content() for m in drawn.iter("mark")]
    assert marked == ["92", "85", "71"]
    headers = [r.evidence.table.header for r in result.records if r.evidence.table]
    assert headers == ["Yield (%) › 3a", "Yield (%) › 3b", "Yield (%) › 3b"]


def test_a_table_a_text_quote_runs_into_is_drawn_after_the_text() -> None:
    table_result = _table_result(TABLE_TEXT)
    quote = "3a | 92 | 122–124"
    start = TABLE_TEXT.index(quote)
    text_record = _record(quote, "melting_point", 123, "°C", name="3a",
                          span=(start, start + len(quote))).model_copy(update={"doc_id": "t1"})  # fmt: skip
    result = table_result.model_copy(update={"records": [*table_result.records, text_record]})
    tree = lxml.html.fromstring(render_report([result], {"t1": TABLE_TEXT}, title="t"))
    [text] = tree.xpath("//article[@id='doc-0']/div[@class='text']")
    assert text.text_content() == TABLE_TEXT  # the lines stay, with the text record on one
    last = f"r{len(result.records)}"
    assert [m.text_content() for m in _marks_of(tree, last)] == [quote]
    [drawn] = tree.xpath("//article[@id='doc-0']/div[@class='tables']//table[@class='source']")
    assert len(list(drawn.iter("mark"))) == len(table_result.records)


def test_a_table_record_without_its_table_is_shown_as_before() -> None:
    """Stale offsets, or no source text: the row's line is the evidence, as for text."""
    result = _table_result(TABLE_TEXT)
    other = TABLE_TEXT.replace("Products were", "Products  were")  # every offset moves by one
    tree = lxml.html.fromstring(render_report([result], {"t1": other}, title="t"))
    assert not _source_tables(tree)
    marks = [m for m in tree.xpath("//div[@class='text']//mark") if m.get("data-start")]
    assert marks  # each row line still marked at the recorded offsets
    position = tree.xpath("//tr[@id='row-r1']//span[contains(@class, 'tpos')]")[0]
    assert position.text_content() == "Table 2, row 2 (header rows included)"
    quotes_only = lxml.html.fromstring(render_report([result], None, title="t"))
    assert not _source_tables(quotes_only)
    assert (
        quotes_only.xpath("//ul[@class='quotes']/li/mark")[0].text_content() == "3a | 92 | 122–124"
    )


def test_each_table_with_records_is_drawn_once_in_its_place() -> None:
    second = "\n\nTable 3. Boiling points.\nCompound | B.p. (°C)\n4a | 210\n4b | 198\n\nThe end."
    text = TABLE_TEXT + second
    result = _table_result(text)
    tree = lxml.html.fromstring(render_report([result], {"t1": text}, title="t"))
    [shown] = tree.xpath("//article[@id='doc-0']/div[@class='text']")
    captions = [c.text_content() for c in shown.xpath(".//figcaption")]
    assert captions == ["Table 2. Yields and melting points of 3a–3c.", "Table 3. Boiling points."]
    assert [len(list(t.iter("mark"))) for t in _source_tables(tree)] == [5, 2]
    assert " | " not in shown.text_content() and shown.text_content().endswith("The end.")
    assert tree.xpath("//tr[@id='row-r7']//span[contains(@class, 'tpos')]")[0].text_content() == (
        "Table 3, row 2"
    )


def test_malformed_reader_tables_leave_the_records_in_the_text() -> None:
    """A reader's table list that does not fit the text is no table: the records keep
    their row lines, as before tables were drawn."""
    result = _table_result(TABLE_TEXT)
    broken = {"tables": [{"index": 0, "rows": [[[0, 10**6]]]}]}
    page = render_report([result], {"t1": TABLE_TEXT}, title="t", metadata={"t1": broken})
    tree = lxml.html.fromstring(page)
    assert not _source_tables(tree)
    [shown] = tree.xpath("//article[@id='doc-0']/div[@class='text']")
    assert shown.text_content() == TABLE_TEXT
    assert len(_marks_of(tree, "r1")) == 1
