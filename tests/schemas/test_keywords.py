"""A field's bounds, checked on real records: by hand-written answers, and by a real model run.

Records are made by the real record assembly (``assess``: RDKit, pint, grounding),
so what is tested is what a user gets: a value that breaks a bound its schema
declares is kept, flagged, and the failed check names the field and the keyword.
"""

from __future__ import annotations

import copy
import datetime
import json
import re
from pathlib import Path
from typing import Any, Literal

import jsonschema
import pytest
from pydantic import Field

from molextract import Measurement
from molextract.config import Settings
from molextract.engines.local import LocalEngine
from molextract.errors import SchemaError
from molextract.extraction.assessment import assess
from molextract.extraction.chunking import Chunk
from molextract.extraction.pipeline import Pipeline
from molextract.ingest.document import Document
from molextract.schemas import EngineInfo, output_line_json_schema
from molextract.schemas.keywords import violations
from molextract.schemas.registry import schema_from_class, schema_from_json

EXAMPLE = Path(__file__).parents[2] / "examples" / "flash_point.schema.json"
CAS = r"^[0-9]{2,7}-[0-9]{2}-[0-9]$"
ENGINE = EngineInfo(name="local", model="test")
TEXT = (
    "Ethanol (CAS 64-17-5; lot 7; supplier sales@chem.example; "
    "https://chem.example/etoh; received 2024-02-03) has a closed-cup flash point of 13 °C."
)
QUOTE = "Ethanol (CAS 64-17-5"


def _schema(fields: dict[str, Any]) -> Any:
    document = json.loads(EXAMPLE.read_text())
    document["properties"]["records"]["items"]["properties"].update(fields)
    del document["x-molextract"]["examples"]
    return schema_from_json(document, default_name="flash_point", source="test")


def _nullable(description: str, **node: Any) -> dict[str, Any]:
    return {"anyOf": [node, {"type": "null"}], "description": description}


SCHEMA = _schema(
    {
        "cas": _nullable("CAS number", type="string", pattern=CAS),
        "lot": _nullable("Lot number", type="integer", minimum=100, exclusiveMaximum=10_000),
        "contact": _nullable("Supplier e-mail", type="string", format="email"),
        "page": _nullable("Supplier page", type="string", format="uri"),
        "received": _nullable("Date received", type="string", format="date"),
        "grade": _nullable("Grade", type="string", minLength=3, maxLength=12),
        "rate": _nullable("Heating rate", type="number", units=["K/min"], maximum=50),
        "tags": {
            "type": "array",
            "minItems": 1,
            "maxItems": 2,
            "items": {"type": "string", "pattern": "^[a-z]+$"},
            "description": "Keywords",
        },
    }
)
FITTING = {
    "cas": "64-17-5",
    "lot": "700",
    "contact": "sales@chem.example",
    "page": "https://chem.example/etoh",
    "received": "2024-02-03",
    "grade": "absolute",
    "rate": "10 K/min",
    "tags": ["ethanol"],
}


def _record(**fields: Any) -> Any:
    item = {"quote": QUOTE + ")", "compound": "Ethanol", "smiles": None,
            "property": "flash_point", "value": "13", "unit": "°C", "conditions": None,
            **FITTING, **fields}  # fmt: skip
    return assess(
        item, doc_id="d", text=TEXT, chunk=Chunk(0, 0, len(TEXT), TEXT), schema=SCHEMA,
        engine=ENGINE,
    )  # fmt: skip


def _bounds_failed(record: Any) -> list[str]:
    return [c for c in record.failed_checks if c.startswith("field_violates:")]


def test_answers_within_every_bound_pass() -> None:
    record = _record(grade=None, rate=None, lot=None)
    assert _bounds_failed(record) == []


@pytest.mark.parametrize(
    ("fields", "failed"),
    [
        ({"cas": "unknown"}, ["field_violates:cas:pattern"]),
        ({"lot": "7"}, ["field_violates:lot:minimum"]),
        ({"lot": "10000"}, ["field_violates:lot:exclusiveMaximum"]),
        ({"contact": "sales at chem.example"}, ["field_violates:contact:format"]),
        ({"page": "chem.example/etoh"}, ["field_violates:page:format"]),
        ({"received": "2024-02-30"}, ["field_violates:received:format"]),
        ({"received": "3 Feb 2024"}, ["field_violates:received:format"]),
        ({"grade": "ab"}, ["field_violates:grade:minLength"]),
        ({"grade": "analytical reagent"}, ["field_violates:grade:maxLength"]),
        ({"rate": "60 K/min"}, ["field_violates:rate:maximum"]),
        ({"tags": []}, ["field_violates:tags:minItems"]),
        ({"tags": ["a", "b", "c"]}, ["field_violates:tags:maxItems"]),
        ({"tags": ["ok", "Not-OK"]}, ["field_violates:tags:pattern"]),
        (
            {"cas": "n/a", "lot": "1"},
            ["field_violates:cas:pattern", "field_violates:lot:minimum"],
        ),
    ],
)
def test_a_value_that_breaks_a_bound_flags_its_record_naming_field_and_keyword(
    fields: dict[str, Any], failed: list[str]
) -> None:
    record = _record(**fields)

    assert _bounds_failed(record) == failed
    assert record.status == "flagged"
    name = failed[0].split(":")[1]
    assert record.fields is not None and record.fields[name] is not None, "kept, not dropped"


def test_null_breaks_no_bound() -> None:
    record = _record(cas=None, lot=None, contact=None, page=None, received=None, grade=None)
    assert _bounds_failed(record) == []


def test_length_is_checked_after_generation_whatever_the_grammar_carried() -> None:
    """The only length check: a grammar that bounds text by tokens, not characters, relies on it."""
    [grade] = [f for f in SCHEMA.fields if f.name == "grade"]
    assert violations(grade, "x" * 13) == ["maxLength"]
    assert violations(grade, "x" * 12) == []


def test_the_grammar_carries_an_anchored_pattern_and_no_length() -> None:
    definitions = SCHEMA.json_schema["$defs"]
    [item] = [d for d in definitions.values() if "cas" in d.get("properties", {})]
    cas, grade = item["properties"]["cas"]["anyOf"][0], item["properties"]["grade"]["anyOf"][0]
    assert cas["pattern"] == r"^(?:[0-9]){2,7}\x2D(?:[0-9]){2}\x2D[0-9]$"
    assert "maxLength" not in cas, "Outlines drops a pattern beside maxLength"
    # A length in the grammar is a state per character (issue 23: 22 GB for sixteen
    # fields of maxLength 1000); the token budget bounds text, the check above lengths.
    assert "minLength" not in grade and "maxLength" not in grade
    assert "minimum" not in item["properties"]["lot"]["anyOf"][0], "numbers are text in a grammar"


class Sample(Measurement):
    """A schema in Python: Pydantic writes the bounds as JSON Schema keywords."""

    property: Literal["flash_point"]
    unit: Literal["°C"]
    cas: str | None = Field(default=None, pattern=CAS, description="CAS number")
    lot: int | None = Field(default=None, ge=100, description="Lot number")
    received: datetime.date | None = Field(default=None, description="Date received")


def test_a_python_schema_s_bounds_are_read_and_enforced() -> None:
    spec = schema_from_class(Sample)
    bounds = {f.name: f.constraints for f in spec.fields}
    assert bounds == {"cas": {"pattern": CAS}, "lot": {"minimum": 100},
                      "received": {"format": "date"}}  # fmt: skip
    [cas, lot, received] = spec.fields
    assert violations(cas, "64-17-5") == [] and violations(cas, "x") == ["pattern"]
    assert violations(lot, "99") == ["minimum"]
    assert violations(received, "2024-13-01") == ["format"]


def test_a_python_schema_with_a_bound_molextract_does_not_enforce_is_refused() -> None:
    class Even(Measurement):
        """A bound with no check behind it."""

        property: Literal["flash_point"]
        runs: int | None = Field(default=None, multiple_of=2, description="Runs")

    with pytest.raises(SchemaError, match=r"field 'runs': keyword 'multipleOf' is not supported"):
        schema_from_class(Even)


def test_a_schema_file_follows_the_same_rules_as_an_inline_schema() -> None:
    with pytest.raises(SchemaError, match=r"field 'cas': keyword 'oneOf'|choice between types"):
        _schema({"cas": {"oneOf": [{"type": "string"}, {"type": "integer"}], "description": "x"}})
    with pytest.raises(SchemaError, match=r"field 'value': keyword 'pattern'"):
        _schema({"value": {"type": "string", "pattern": "^1$"}})
    document = json.loads(EXAMPLE.read_text())
    fields = document["properties"]["records"]["items"]["properties"]
    fields["cas"] = _nullable("CAS number", type="string", pattern=CAS)
    example = copy.deepcopy(document["x-molextract"]["examples"][0])
    example["records"][0]["cas"] = "not-a-cas"
    document["x-molextract"]["examples"] = [example]
    with pytest.raises(SchemaError, match=r"example 1, record 1: field 'cas' breaks its 'pattern'"):
        schema_from_json(document, default_name="flash_point", source="file.json")


@pytest.mark.model
def test_a_real_model_s_answers_are_checked_against_their_bounds(
    smol_engine: LocalEngine, settings: Settings
) -> None:
    """SmolLM2 fills a pattern the grammar carries and a bound no grammar holds.

    The pattern's field can only hold what the pattern allows (the grammar wrote
    it); the lot number is written as the model likes, and a lot below the schema's
    minimum flags its record by name, whatever number the model chose.
    """
    schema = _schema(
        {
            "cas": _nullable("The CAS registry number of the compound", type="string",
                             pattern=CAS, grounded=False),
            "lot": _nullable("The lot number of the sample", type="integer", minimum=1000),
        }
    )  # fmt: skip
    text = "Ethanol (CAS 64-17-5, lot 7) has a closed-cup flash point of 13 °C."

    [result] = Pipeline(schema, smol_engine, settings).run([Document("a", text)])

    assert result.errors == [] and result.records, result
    jsonschema.validate(
        result.model_dump(mode="json", by_alias=True), output_line_json_schema(schema)
    )
    for record in result.records:
        assert record.fields is not None
        cas, lot = record.fields["cas"], record.fields["lot"]
        assert cas is None or re.fullmatch(CAS, cas), cas
        broken = "field_violates:lot:minimum" in record.failed_checks
        assert broken == (lot is not None and lot < 1000), (lot, record.failed_checks)
        if broken:
            assert record.status == "flagged"
