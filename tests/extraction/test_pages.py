"""Each record's page, from the page starts a PDF reader records."""

from __future__ import annotations

from molextract.extraction.pages import page_of, page_starts, place_on_pages
from molextract.ingest.document import Document
from molextract.schemas.records import (
    Checks,
    Compound,
    DocumentResult,
    EngineInfo,
    Evidence,
    Record,
)

ENGINE = EngineInfo(name="local", model="m")


def _record(start: int | None, value_start: int | None = None) -> Record:
    end = None if start is None else start + 1
    match = "none" if start is None else "exact"
    return Record(
        doc_id="d",
        schema_name="melting_point",
        compound=Compound(name="urea"),
        property="melting_point",
        value=133.0,
        unit="°C",
        evidence=Evidence(quote="x", start=start, end=end, match=match, value_start=value_start),
        checks=Checks(
            structure="absent",
            grounded=start is not None,
            value_in_quote=True,
            plausible=True,
            formula_consistent=None,
        ),
        status="accepted",
        engine=ENGINE,
    )


def test_offsets_fall_on_the_page_whose_text_holds_them() -> None:
    starts = [0, 100, 100, 250]  # page 3 holds no text: it begins where page 4 does
    assert [page_of(starts, o) for o in (0, 99, 100, 249, 250, 999)] == [1, 1, 3, 3, 4, 4]


def test_records_of_paged_documents_get_pages_and_others_keep_none() -> None:
    paged = Document("p", "x" * 300, {"pages": [0, 100, 200]})
    plain = Document("t", "x" * 300, {"source": "a.txt"})
    results = [
        DocumentResult(doc_id="p", schema_name="melting_point", engine=ENGINE, records=[_record(150), _record(90, value_start=210),
                                            _record(None)]),
        DocumentResult(doc_id="t", schema_name="melting_point", engine=ENGINE, records=[_record(150)]),
    ]  # fmt: skip
    place_on_pages(results, [paged, plain])
    assert [r.evidence.page for r in results[0].records] == [2, 3, None]
    assert results[1].records[0].evidence.page is None


def test_page_starts_ignore_metadata_that_is_not_a_page_list() -> None:
    assert page_starts(Document("a", "t", {"pages": "3"})) is None
    assert page_starts(Document("a", "t", {"pages": [0, True]})) is None
    assert page_starts(Document("a", "t", {"pages": [0, 10]})) == [0, 10]
