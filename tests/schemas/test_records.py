import json

import jsonschema

from molextract.schemas import (
    Checks,
    Compound,
    DocumentResult,
    EngineInfo,
    Evidence,
    Record,
    output_line_json_schema,
)

ENGINE = EngineInfo(name="local", model="m")


def _record() -> Record:
    return Record(
        doc_id="d1",
        schema_name="melting_point",
        compound=Compound(name="aspirin"),
        property="melting_point",
        value=135.0,
        unit="°C",
        value_si=408.15,
        unit_si="K",
        evidence=Evidence(quote="melts at 135 °C", start=8, end=23, match="exact"),
        checks=Checks(
            structure="absent",
            grounded=True,
            value_in_quote=True,
            plausible=True,
            formula_consistent=None,
        ),
        status="accepted",
        engine=ENGINE,
    )


def test_output_line_serialises_with_schema_key_and_validates() -> None:
    line = DocumentResult(
        doc_id="d1", schema_name="melting_point", records=[_record()], engine=ENGINE
    )
    data = json.loads(line.model_dump_json())
    assert data["schema"] == "melting_point"
    assert data["records"][0]["schema"] == "melting_point"
    jsonschema.validate(data, output_line_json_schema())


def test_output_schema_forbids_unknown_keys() -> None:
    line = json.loads(DocumentResult(doc_id="d", schema_name="s", engine=ENGINE).model_dump_json())
    line["surprise"] = 1
    try:
        jsonschema.validate(line, output_line_json_schema())
    except jsonschema.ValidationError as exc:
        assert "surprise" in exc.message
    else:
        raise AssertionError("an unknown key must not validate")


def test_output_line_round_trips() -> None:
    line = DocumentResult(
        doc_id="d1", schema_name="melting_point", records=[_record()], engine=ENGINE
    )
    again = DocumentResult.model_validate_json(line.model_dump_json())
    assert again == line
