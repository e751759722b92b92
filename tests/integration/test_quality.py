"""Smoke tests of extraction quality with the default model (Qwen2.5-Coder-1.5B).

Easy sentences only: these guard against regressions in prompts, schemas and
checks that would make even a good model fail; real quality is measured with gold data.
"""

import pytest

from molextract.config import Settings
from molextract.engines.local import LocalEngine
from molextract.extraction.pipeline import Pipeline
from molextract.ingest.document import Document
from molextract.schemas import Record, get_schema

pytestmark = [pytest.mark.quality, pytest.mark.model, pytest.mark.slow]

PATENT = (
    "This gave 1.95 g (75% of the theoretical) of 4-amino-2-(3-thienyl)phenol hydrochloride "
    "with a melting point of 130-132° C."
)


def _records(engine: LocalEngine, schema: str, text: str) -> tuple[str, list[Record]]:
    settings = Settings(max_new_tokens=384)
    [result] = Pipeline(get_schema(schema), engine, settings).run([Document("d", text)])
    assert result.errors == []
    return text, result.records


def _grounded(text: str, record: Record) -> None:
    assert record.checks.grounded
    assert record.evidence.start is not None and record.evidence.end is not None
    span = text[record.evidence.start : record.evidence.end]
    if record.evidence.match == "exact":
        assert span == record.evidence.quote


def test_simple_melting_point(qwen_engine: LocalEngine) -> None:
    text, records = _records(qwen_engine, "melting_point", "Aspirin melts at 135 °C.")
    [record] = [r for r in records if r.value == 135.0]
    assert record.unit == "°C" and record.value_si == 408.15
    assert "aspirin" in (record.compound.name or "").lower()
    _grounded(text, record)
    assert record.status in ("accepted", "flagged")
    assert record.failed_checks in ([], ["structure_from_model"])


def test_patent_melting_range(qwen_engine: LocalEngine) -> None:
    text, records = _records(qwen_engine, "melting_point", PATENT)
    [record] = [r for r in records if r.value_low == 130.0]
    assert record.value_high == 132.0 and record.unit == "°C"
    assert "thienyl" in (record.compound.name or "")
    _grounded(text, record)
    assert "130-132° C" in text[record.evidence.start or 0 : record.evidence.end]


def test_reaction_yield(qwen_engine: LocalEngine) -> None:
    text, records = _records(qwen_engine, "reaction_yield", PATENT)
    [record] = [r for r in records if r.property == "reaction_yield"]
    assert record.value == 75.0 and record.unit == "%" and record.value_si == 0.75
    _grounded(text, record)


def test_masses_are_never_solubilities_and_yields_are_found(qwen_engine: LocalEngine) -> None:
    """The demo's first paragraph: a mass, a yield and a melting point in one sentence."""
    text = (
        "This gave 4.0 g (83% of the theoretical) of 4-nitro-2-(3-thienyl)phenol with a "
        "melting point of 130° C."
    )
    _, records = _records(qwen_engine, "molecular_properties", text)
    found = {(r.property, r.value, r.unit) for r in records}
    assert found == {("reaction_yield", 83.0, "%"), ("melting_point", 130.0, "°C")}
    for record in records:
        assert record.extraction == "anchored" and record.status == "accepted"
        assert record.compound.name == "4-nitro-2-(3-thienyl)phenol"
        _grounded(text, record)


def test_conditions_reagents_and_literature_values_are_not_values(qwen_engine: LocalEngine) -> None:
    text = (
        "NaH (60% dispersion in oil, 0.48 g) was added at 0 °C and the mixture was heated "
        "to 80 °C for 2 h. Work-up gave amide 7 (1.31 g, 5.2 mmol, 64%) as needles, "
        "mp 141–143 °C (lit. 144 °C)."
    )
    _, records = _records(qwen_engine, "molecular_properties", text)
    found = {(r.property, r.value, r.value_low, r.value_high) for r in records}
    assert found == {("reaction_yield", 64.0, None, None), ("melting_point", 142.0, 141.0, 143.0)}
    assert {r.compound.label for r in records} == {"7"}
