"""The HTML report: highlights at the recorded offsets, structures, and escaping."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import lxml.html
import pytest

from molextract.chem import analyze_smiles
from molextract.results.report import depict, render_report, write_report
from molextract.schemas import (
    Checks,
    Compound,
    DocumentResult,
    EngineInfo,
    Evidence,
    Record,
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
