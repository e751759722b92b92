"""A key given twice in one JSON object is refused (400) by name, at any depth, in both body forms.

A JSON parser keeps the last of two values silently (``schema`` given twice ran the
second), so the client's intent is unknowable; nothing of such a request is stored.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.utils.api import NDJSON_HEADERS, SCHEMA, Api, assert_problem

pytestmark = pytest.mark.anyio

JSON_HEADERS = {"Content-Type": "application/json"}
DOCUMENT = '{"id": "a", "text": "Aspirin melts at 135 \\u00b0C."}'


async def _refused(api: Api, body: str, headers: dict[str, str]) -> dict[str, Any]:
    response = await api.client.post(
        "/v1/jobs", content=body.encode(), headers={**api.auth, **headers}
    )
    problem = assert_problem(response, 400, "duplicate-key")
    assert api.db.row_counts() == (0, 0)
    assert api.dispatcher.dispatched == []
    return problem


@pytest.mark.parametrize(
    ("body", "key", "loc"),
    [
        (
            f'{{"schema": "{SCHEMA}", "schema": "solubility", "documents": [{DOCUMENT}]}}',
            "schema",
            ["body", "schema"],
        ),
        (
            f'{{"schema": "{SCHEMA}", "documents": [{DOCUMENT}, '
            '{"id": "b", "text": "x", "text": "y"}]}',
            "text",
            ["body", "documents", 1, "text"],
        ),
        (
            f'{{"schema": "{SCHEMA}", "documents": [{{"id": "a", "text": "t", '
            '"metadata": {"deep": [{"k": 1, "k": 2}]}}]}',
            "k",
            ["body", "documents", 0, "metadata", "deep", 0, "k"],
        ),
        (
            f'{{"schema": "{SCHEMA}", "options": {{"engines": ["local"], "engines": []}}, '
            f'"documents": [{DOCUMENT}]}}',
            "engines",
            ["body", "options", "engines"],
        ),
    ],
    ids=["top-level", "in-a-document", "deep-in-metadata", "in-options"],
)
async def test_a_json_body_with_a_repeated_key_is_refused_naming_it(
    api: Api, body: str, key: str, loc: list[Any]
) -> None:
    problem = await _refused(api, body, JSON_HEADERS)

    assert repr(key) in str(problem["detail"])
    assert problem["errors"] == [
        {"loc": loc, "detail": problem["errors"][0]["detail"], "type": "duplicate_key"}
    ]


async def test_a_repeated_key_inside_an_inline_schema_is_refused(api: Api) -> None:
    schema = '{"title": "t", "type": "object", "type": "array", "properties": {}}'
    body = f'{{"schema": {schema}, "documents": [{DOCUMENT}]}}'

    problem = await _refused(api, body, JSON_HEADERS)

    assert problem["errors"][0]["loc"] == ["body", "schema", "type"]


async def test_an_ndjson_line_with_a_repeated_key_is_refused_with_its_line(api: Api) -> None:
    body = (
        f'{{"schema": "{SCHEMA}"}}\n{DOCUMENT}\n'
        '{"id": "b", "text": "Urea melts at 133 \\u00b0C.", "id": "c"}\n'
    )

    problem = await _refused(api, body, NDJSON_HEADERS)

    assert str(problem["detail"]).startswith("line 3: duplicate key 'id'")
    assert problem["errors"][0]["line"] == 3


async def test_an_ndjson_header_with_a_repeated_key_is_refused(api: Api) -> None:
    body = f'{{"schema": "{SCHEMA}", "schema": "solubility"}}\n{DOCUMENT}\n'

    problem = await _refused(api, body, NDJSON_HEADERS)

    assert str(problem["detail"]).startswith("line 1: duplicate key 'schema' at the top level")


async def test_the_same_key_in_different_objects_is_fine(api: Api) -> None:
    body = (
        f'{{"schema": "{SCHEMA}", "documents": [{{"id": "a", "text": "t", "metadata": '
        '{"id": "x", "text": "y"}}]}'
    )
    response = await api.client.post(
        "/v1/jobs", content=body.encode(), headers={**api.auth, **JSON_HEADERS}
    )
    assert response.status_code == 202, response.text


async def test_openapi_declares_the_400(api: Api) -> None:
    document = (await api.client.get("/openapi.json", headers=api.auth)).json()
    assert "400" in document["paths"]["/v1/jobs"]["post"]["responses"]
