"""An inline schema's field keywords over HTTP: each is enforced, or refused (422) by name.

No keyword is stored and then ignored: a bound the service enforces is accepted and
kept with the job; any other keyword is a 422 whose detail and ``loc`` name it and
the field; an example that breaks a bound is a 422 naming the example, the field and
the keyword. Nothing of a refused request is stored.
"""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from tests.utils.api import Api, assert_problem, custom_schema, job_body

pytestmark = pytest.mark.anyio

FIELDS = ["body", "schema", "properties", "records", "items", "properties"]
EXAMPLE_RECORD = {
    "quote": "Ethanol has a closed-cup flash point of 13 °C",
    "compound": "ethanol",
    "smiles": None,
    "property": "flash_point",
    "value": "13",
    "unit": "°C",
    "conditions": "closed cup",
}


def _schema(fields: dict[str, Any], examples: list[dict[str, Any]] | None = None) -> Any:
    schema = custom_schema()
    schema["properties"]["records"]["items"]["properties"].update(fields)
    if examples is not None:
        schema["x-molextract"] = {"examples": examples}
    return schema


def _text(**bounds: Any) -> dict[str, Any]:
    return {"type": "string", "description": "A code as printed.", **bounds}


def _number(**bounds: Any) -> dict[str, Any]:
    return {"type": "number", "description": "A count.", **bounds}


async def _post(api: Api, schema: Any) -> Any:
    return await api.client.post("/v1/jobs", json=job_body(1, schema=schema), headers=api.auth)


def _assert_nothing_stored(api: Api) -> None:
    assert api.db.row_counts() == (0, 0)
    assert api.dispatcher.dispatched == []


ENFORCED = [
    pytest.param({"code": _text(pattern=r"^[0-9]{2,7}-[0-9]{2}-[0-9]$")}, id="pattern"),
    pytest.param({"code": _text(minLength=2, maxLength=20)}, id="min-max-length"),
    pytest.param({"code": _text(format="date")}, id="format-date"),
    pytest.param({"code": _text(format="email")}, id="format-email"),
    pytest.param({"code": _text(format="uri")}, id="format-uri"),
    pytest.param({"n": _number(minimum=0, maximum=100)}, id="minimum-maximum"),
    pytest.param({"n": _number(exclusiveMinimum=0, exclusiveMaximum=1)}, id="exclusive"),
    pytest.param(
        {"n": {"anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}], "title": "n"}},
        id="nullable-integer-minimum",
    ),
    pytest.param(
        {
            "codes": {
                "type": "array",
                "minItems": 1,
                "maxItems": 3,
                "items": _text(pattern="^[A-Z]+$"),
                "description": "codes",
            }
        },
        id="list-bounds-and-item-pattern",
    ),
    pytest.param(
        {"rate": {"type": "number", "units": ["K/min"], "minimum": 0, "description": "rate"}},
        id="quantity-minimum",
    ),
    pytest.param(
        {"code": _text(title="Code", default=None, examples=["64-17-5"], **{"$comment": "c"})},
        id="annotations",
    ),
]


@pytest.mark.parametrize("fields", ENFORCED)
async def test_enforced_keywords_are_accepted_and_stored(api: Api, fields: Any) -> None:
    schema = _schema(fields)
    response = await _post(api, schema)

    assert response.status_code == 202, response.text
    job = api.repository.get_job(response.json()["id"], api.api_key_id)
    assert job is not None and job.custom_schema == schema


# (fields, the refused keyword, where under the field it is)
REFUSED = [
    pytest.param({"code": _text(**{"if": {"minLength": 1}})}, "if", ["code", "if"], id="if"),
    pytest.param(
        {"code": _text(dependentSchemas={"x": {}})},
        "dependentSchemas",
        ["code", "dependentSchemas"],
        id="dependentSchemas",
    ),
    pytest.param(
        {"code": _text(contentEncoding="base64")},
        "contentEncoding",
        ["code", "contentEncoding"],
        id="contentEncoding",
    ),
    pytest.param({"code": _text(allOf=[{"minLength": 1}])}, "allOf", ["code", "allOf"], id="allOf"),
    pytest.param({"code": _text(**{"not": {"const": "x"}})}, "not", ["code", "not"], id="not"),
    pytest.param({"n": _number(multipleOf=2)}, "multipleOf", ["n", "multipleOf"], id="multipleOf"),
    pytest.param(
        {"n": {"anyOf": [{"type": "number", "readOnly": True}, {"type": "null"}], "title": "n"}},
        "readOnly",
        ["n", "anyOf", 0, "readOnly"],
        id="inside-a-null-choice",
    ),
    pytest.param(
        {
            "codes": {
                "type": "array",
                "maxItems": 3,
                "uniqueItems": True,
                "items": {"type": "string"},
                "description": "codes",
            }
        },
        "uniqueItems",
        ["codes", "uniqueItems"],
        id="uniqueItems",
    ),
    pytest.param(
        {
            "codes": {
                "type": "array",
                "maxItems": 3,
                "items": {"type": "string", "contentMediaType": "text/plain"},
                "description": "codes",
            }
        },
        "contentMediaType",
        ["codes", "items", "contentMediaType"],
        id="in-a-list's-items",
    ),
    pytest.param(
        {"n": _number(pattern="^1$")}, "pattern", ["n", "pattern"], id="pattern-on-number"
    ),
    pytest.param({"code": _text(minimum=1)}, "minimum", ["code", "minimum"], id="minimum-on-text"),
    pytest.param(
        {
            "flag": {"type": "boolean", "maxLength": 3, "description": "yes or no"},
        },
        "maxLength",
        ["flag", "maxLength"],
        id="maxLength-on-boolean",
    ),
    pytest.param(
        {"value": {"type": "string", "pattern": "^[0-9]+$"}},
        "pattern",
        ["value", "pattern"],
        id="pattern-on-value",
    ),
    pytest.param(
        {"quote": {"type": "string", "minLength": 10}},
        "minLength",
        ["quote", "minLength"],
        id="minLength-on-quote",
    ),
    pytest.param(
        {"quote": {"type": "string", "format": "email"}},
        "format",
        ["quote", "format"],
        id="format-on-quote",
    ),
]


@pytest.mark.parametrize(("fields", "keyword", "where"), REFUSED)
async def test_any_other_keyword_is_refused_by_name(
    api: Api, fields: Any, keyword: str, where: list[Any]
) -> None:
    response = await _post(api, _schema(fields))

    problem = assert_problem(response, 422, "invalid-schema")
    field = where[0]
    assert f"field {field!r}" in problem["detail"] and f"{keyword!r}" in problem["detail"]
    assert problem["errors"][0]["loc"] == [*FIELDS, *where]
    _assert_nothing_stored(api)


# (fields, words of the detail)
UNUSABLE = [
    pytest.param({"code": _text(pattern="(unclosed")}, "(unclosed", id="pattern-not-a-regex"),
    pytest.param({"code": _text(pattern="a" * 300)}, "at most 256", id="pattern-too-long"),
    pytest.param({"code": _text(pattern="^a(?=b)")}, "no lookaround", id="pattern-lookahead"),
    pytest.param({"code": _text(pattern=r"^(a)\1$")}, "back-references", id="pattern-backref"),
    pytest.param({"code": _text(pattern="^a{1001}$")}, "repetition size", id="pattern-repeat"),
    pytest.param(
        {"code": _text(pattern="(?i)^(?:" + r"[\u0100-\u024f]" * 4 + "){1000}$")},
        "too large",
        id="pattern-too-large",
    ),
    pytest.param({"code": _text(format="date-time")}, "'date-time'", id="format-unknown"),
    pytest.param({"code": _text(minLength=30, maxLength=20)}, "above maxLength", id="min>max"),
    pytest.param({"n": _number(minimum=5, maximum=1)}, "above its upper", id="bounds-crossed"),
]


@pytest.mark.parametrize(("fields", "words"), UNUSABLE)
async def test_a_bound_that_cannot_be_enforced_is_refused(
    api: Api, fields: Any, words: str
) -> None:
    response = await _post(api, _schema(fields))

    problem = assert_problem(response, 422, "invalid-schema")
    assert words in problem["detail"]
    _assert_nothing_stored(api)


# (fields, the example record's own values, the keyword broken)
BROKEN_EXAMPLES = [
    pytest.param(
        {"cas": _text(pattern=r"^[0-9]{2,7}-[0-9]{2}-[0-9]$")}, {"cas": "unknown"}, "pattern"
    ),
    pytest.param({"cas": _text(minLength=5)}, {"cas": "64"}, "minLength"),
    pytest.param({"cas": _text(maxLength=5)}, {"cas": "64-17-5"}, "maxLength"),
    pytest.param({"cas": _text(format="date")}, {"cas": "2024-02-30"}, "format"),
    pytest.param({"cas": _text(format="email")}, {"cas": "nobody"}, "format"),
    pytest.param({"cas": _text(format="uri")}, {"cas": "not a uri"}, "format"),
    pytest.param({"cas": _number(minimum=0)}, {"cas": "-4"}, "minimum"),
    pytest.param({"cas": _number(exclusiveMaximum=1)}, {"cas": "1"}, "exclusiveMaximum"),
]


@pytest.mark.parametrize(("fields", "values", "keyword"), BROKEN_EXAMPLES)
async def test_an_example_that_breaks_a_bound_is_refused_naming_it(
    api: Api, fields: Any, values: dict[str, Any], keyword: str
) -> None:
    fitting = {**EXAMPLE_RECORD, "cas": None}
    examples = [
        {"text": "Ethanol has a closed-cup flash point of 13 °C.", "records": [fitting]},
        {"text": "Water: flash point 13 °C.", "records": [fitting, {**EXAMPLE_RECORD, **values}]},
    ]
    cas = fields["cas"]
    nullable = {"anyOf": [{k: v for k, v in cas.items() if k != "description"}, {"type": "null"}]}
    response = await _post(api, _schema({"cas": {**nullable, "description": "CAS"}}, examples))

    problem = assert_problem(response, 422, "invalid-schema")
    detail = problem["detail"]
    assert "example 2, record 2" in detail and "'cas'" in detail and f"{keyword!r}" in detail
    assert problem["errors"][0]["loc"] == [
        "body", "schema", "x-molextract", "examples", 1, "records", 1, "cas",
    ]  # fmt: skip
    _assert_nothing_stored(api)


async def test_examples_that_fit_every_bound_are_accepted(api: Api) -> None:
    record = {**EXAMPLE_RECORD, "cas": "64-17-5", "n": "3", "site": "https://example.org/a"}
    schema = _schema(
        {
            "cas": _text(pattern=r"^[0-9]{2,7}-[0-9]{2}-[0-9]$", minLength=5),
            "n": {"type": "integer", "minimum": 1, "maximum": 10, "description": "runs"},
            "site": _text(format="uri"),
        },
        [{"text": "Ethanol (64-17-5, 3 runs) has a closed-cup flash point of 13 °C.",
          "records": [record]}],
    )  # fmt: skip

    response = await _post(api, schema)
    assert response.status_code == 202, response.text


async def test_a_pattern_that_backtracks_forever_in_python_is_checked_at_once(api: Api) -> None:
    """``^(a+)+$`` takes Python's ``re`` minutes on 40 characters; RE2 does not."""
    examples = [{"text": "x", "records": [{**EXAMPLE_RECORD, "code": "a" * 900 + "!"}]}]
    schema = _schema({"code": _text(pattern="^(a+)+$", maxLength=1000)}, examples)

    response = await _post(api, schema)

    problem = assert_problem(response, 422, "invalid-schema")
    assert "'code'" in problem["detail"] and "'pattern'" in problem["detail"]


def _records(**keywords: Any) -> Any:
    schema = custom_schema()
    schema["properties"]["records"].update(keywords)
    return schema


def _record(**keywords: Any) -> Any:
    schema = custom_schema()
    schema["properties"]["records"]["items"].update(keywords)
    return schema


@pytest.mark.parametrize(
    ("schema", "loc"),
    [
        pytest.param(_records(minItems=1), ["records", "minItems"], id="records-minItems"),
        pytest.param(
            _records(uniqueItems=True), ["records", "uniqueItems"], id="records-uniqueItems"
        ),
        pytest.param(
            _record(**{"if": {"required": ["smiles"]}}), ["records", "items", "if"], id="record-if"
        ),
        pytest.param(
            _record(dependentRequired={"smiles": ["conditions"]}),
            ["records", "items", "dependentRequired"],
            id="record-dependentRequired",
        ),
        pytest.param(
            _record(additionalProperties=True),
            ["records", "items", "additionalProperties"],
            id="record-open",
        ),
    ],
)
async def test_keywords_on_the_records_or_a_whole_record_are_refused_too(
    api: Api, schema: Any, loc: list[str]
) -> None:
    response = await _post(api, schema)

    problem = assert_problem(response, 422, "invalid-schema")
    assert f"{loc[-1]!r}" in problem["detail"] or loc[-1] in problem["detail"]
    assert problem["errors"][0]["loc"] == ["body", "schema", "properties", *loc]
    _assert_nothing_stored(api)


async def test_the_openapi_document_declares_which_keywords_a_field_may_carry(api: Api) -> None:
    """A client (or a fuzzer) going by the document never sends a keyword that is refused
    for being unknown; only finer rules (a bound on a field it does not apply to) remain."""
    document = (await api.client.get("/openapi.json", headers=api.auth)).json()
    custom = document["components"]["schemas"]["JobRequest"]["properties"]["schema"]["oneOf"][1]
    outline = jsonschema.Draft202012Validator(custom)
    for param in ENFORCED:
        fields: Any = param.values[0]
        assert outline.is_valid(_schema(fields)), param.id
    for param in REFUSED:
        fields, keyword = param.values[0], param.values[1]
        if keyword in ("if", "dependentSchemas", "contentEncoding", "uniqueItems"):
            assert not outline.is_valid(_schema(fields)), param.id
    assert not outline.is_valid(_records(minItems=1))
