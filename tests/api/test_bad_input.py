"""Every kind of bad submission: the right 4xx, problem details, and nothing stored or queued."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.utils.api import (
    NDJSON_HEADERS,
    SCHEMA,
    Api,
    MakeApi,
    assert_problem,
    custom_schema,
    documents,
    job_body,
    ndjson,
)

pytestmark = pytest.mark.anyio

JSON_HEADERS = {"Content-Type": "application/json"}


def _raw(body: object) -> bytes:
    return json.dumps(body).encode()


def _with_document(**fields: Any) -> bytes:
    document = {"id": "a", "text": "Aspirin melts at 135 °C.", **fields}
    return _raw({"schema": SCHEMA, "documents": [document]})


def _nested(depth: int) -> Any:
    value: Any = "leaf"
    for _ in range(depth):
        value = {"x": value}
    return value


def _assert_nothing_stored(api: Api) -> None:
    assert api.db.row_counts() == (0, 0)
    assert api.dispatcher.dispatched == []


# (body, status, problem type, words in the detail, loc of the first error or None)
BAD_JSON_BODIES = [
    pytest.param(b'{"schema": ', 400, "malformed-json", "line 1 column", None, id="truncated"),
    pytest.param(b"", 400, "malformed-json", "malformed JSON", None, id="empty-body"),
    pytest.param(
        b'{"schema": "melting_point", "documents": [{"id": "a", "text": "x", "metadata": {"v": NaN}}]}',
        400,
        "malformed-json",
        "NaN",
        None,
        id="nan",
    ),
    pytest.param(b"[" * 100_000 + b"]" * 100_000, 400, "malformed-json", "nested", None, id="deep"),
    pytest.param(b'{"schema": "\xff"}', 400, "malformed-json", "UTF-8", None, id="not-utf8"),
    pytest.param(_raw([job_body(1)]), 422, "validation-error", "dictionary", ["body"], id="array"),
    pytest.param(
        _raw({"schema": SCHEMA, "documents": []}),
        422,
        "validation-error",
        "at least 1",
        ["body", "documents"],
        id="empty-documents",
    ),
    pytest.param(
        _raw({"schema": SCHEMA}),
        422,
        "validation-error",
        "required",
        ["body", "documents"],
        id="no-documents",
    ),
    pytest.param(
        _raw({"documents": documents(1)}),
        422,
        "validation-error",
        "required",
        ["body", "schema"],
        id="no-schema",
    ),
    pytest.param(
        _with_document(text=""),
        422,
        "validation-error",
        "at least 1 character",
        ["body", "documents", 0, "text"],
        id="empty-text",
    ),
    pytest.param(
        _with_document(text=" \n\t "),
        422,
        "validation-error",
        "non-whitespace",
        ["body", "documents", 0, "text"],
        id="blank-text",
    ),
    pytest.param(
        _raw({"schema": SCHEMA, "documents": [{"id": "a"}]}),
        422,
        "validation-error",
        "required",
        ["body", "documents", 0, "text"],
        id="missing-text",
    ),
    pytest.param(
        _with_document(id=7),
        422,
        "validation-error",
        "string",
        ["body", "documents", 0, "id"],
        id="numeric-id",
    ),
    pytest.param(
        _with_document(id="x" * 513),
        422,
        "validation-error",
        "512",
        ["body", "documents", 0, "id"],
        id="long-id",
    ),
    pytest.param(
        _with_document(txt="typo"),
        422,
        "validation-error",
        "Extra inputs",
        ["body", "documents", 0, "txt"],
        id="unknown-document-field",
    ),
    pytest.param(
        _raw({**job_body(1), "document": []}),
        422,
        "validation-error",
        "Extra inputs",
        ["body", "document"],
        id="unknown-field",
    ),
    pytest.param(
        _with_document(text="a\u0000b"),
        422,
        "validation-error",
        "NUL",
        ["body", "documents", 0, "text"],
        id="nul-in-text",
    ),
    pytest.param(
        _with_document(id="\ud800"),
        422,
        "validation-error",
        "unicode",
        ["body", "documents", 0, "id"],
        id="lone-surrogate",
    ),
    pytest.param(
        _with_document(metadata={"k": ["\udc00"]}),
        422,
        "validation-error",
        "surrogate",
        ["body", "documents", 0, "metadata"],
        id="lone-surrogate-in-metadata",
    ),
    pytest.param(
        _with_document(metadata={"k\u0000": 1}),
        422,
        "validation-error",
        "NUL",
        ["body", "documents", 0, "metadata"],
        id="nul-in-metadata-key",
    ),
    pytest.param(
        _with_document(metadata=_nested(40)),
        422,
        "validation-error",
        "nested",
        ["body", "documents", 0, "metadata"],
        id="deep-metadata",
    ),
    pytest.param(
        _with_document(metadata=[1]),
        422,
        "validation-error",
        "dictionary",
        ["body", "documents", 0, "metadata"],
        id="metadata-not-object",
    ),
    pytest.param(
        _raw(job_body(1, options={"priority": 1})),
        422,
        "validation-error",
        "Extra inputs",
        ["body", "options", "priority"],
        id="unknown-option",
    ),
    pytest.param(
        _raw(job_body(1, options={"engines": ["gpt-9"]})),
        422,
        "validation-error",
        "gpt-9",
        ["body", "options", "engines"],
        id="unknown-engine",
    ),
    pytest.param(
        _raw(job_body(1, options={"engines": ["vllm", "local"]})),
        422,
        "validation-error",
        "MOLEXTRACT_VLLM_URL",
        ["body", "options", "engines"],
        id="engine-without-a-url",
    ),
    pytest.param(
        _raw(job_body(1, options={"chunk_size": 0})),
        422,
        "validation-error",
        "greater than",
        ["body", "options", "chunk_size"],
        id="zero-chunk-size",
    ),
    pytest.param(
        _raw({"schema": SCHEMA, "documents": [documents(2)[0], documents(2)[1], documents(2)[0]]}),
        422,
        "validation-error",
        "repeats documents[0]",
        ["body", "documents", 2, "id"],
        id="duplicate-ids",
    ),
    pytest.param(
        _raw(job_body(1, schema="boiling_pt")),
        422,
        "unknown-schema",
        "melting_point",
        ["body", "schema"],
        id="unknown-schema",
    ),
    pytest.param(
        _raw(job_body(1, schema="/etc/molextract/secret.json")),
        422,
        "unknown-schema",
        "built-in schemas",
        ["body", "schema"],
        id="schema-path-is-not-opened",
    ),
    pytest.param(
        _raw(job_body(1, schema=5)),
        422,
        "validation-error",
        "string",
        ["body", "schema", "str"],
        id="schema-not-name-or-object",
    ),
    pytest.param(
        _raw(job_body(1, schema={"type": 5})),
        422,
        "invalid-schema",
        "not a valid JSON Schema",
        ["body", "schema"],
        id="not-a-json-schema",
    ),
    pytest.param(
        _raw(job_body(1, schema=custom_schema(properties={"records": {"type": "array"}}))),
        422,
        "invalid-schema",
        "maxItems",
        ["body", "schema"],
        id="unbounded-records",
    ),
    pytest.param(
        _raw(job_body(1, schema=custom_schema(**{"x-molextract": "be brief"}))),
        422,
        "invalid-schema",
        "inline schema",
        ["body", "schema"],
        id="extras-not-object",
    ),
    pytest.param(
        _raw(job_body(1, schema=custom_schema(**{"x-molextract": {"examples": ["x"]}}))),
        422,
        "invalid-schema",
        "inline schema",
        ["body", "schema"],
        id="example-not-object",
    ),
    pytest.param(
        _raw(job_body(1, schema=custom_schema(**{"x-molextract": {"examples": [{}]}}))),
        422,
        "invalid-schema",
        "inline schema",
        ["body", "schema"],
        id="example-without-text",
    ),
    pytest.param(
        _raw(job_body(1, schema=custom_schema(title="t" * 201))),
        422,
        "invalid-schema",
        "title",
        ["body", "schema"],
        id="long-title",
    ),
    pytest.param(
        _raw(job_body(1, schema=_nested(70))),
        422,
        "validation-error",
        "nested",
        ["body", "schema"],
        id="deep-schema",
    ),
]


@pytest.mark.parametrize(("body", "status", "kind", "words", "loc"), BAD_JSON_BODIES)
async def test_bad_json_submission(
    api: Api, body: bytes, status: int, kind: str, words: str, loc: list[Any] | None
) -> None:
    response = await api.client.post("/v1/jobs", content=body, headers={**api.auth, **JSON_HEADERS})

    problem = assert_problem(response, status, kind)
    assert words in problem["detail"]
    if loc is None:
        assert "errors" not in problem
    else:
        assert problem["errors"][0]["loc"][: len(loc)] == loc
        assert all(set(e) >= {"loc", "detail", "type"} for e in problem["errors"])
    _assert_nothing_stored(api)


async def test_unknown_schema_names_the_choices(api: Api) -> None:
    response = await api.client.post("/v1/jobs", json=job_body(1, schema="mp"), headers=api.auth)

    problem = assert_problem(response, 422, "unknown-schema")
    assert "melting_point" in problem["choices"] and "boiling_point" in problem["choices"]
    _assert_nothing_stored(api)


async def test_validation_problems_do_not_echo_document_text(api: Api) -> None:
    secret_text = "Compound X melts at 99 °C (unpublished)."
    body = {"schema": SCHEMA, "documents": [{"id": 1, "text": secret_text}]}
    response = await api.client.post("/v1/jobs", json=body, headers=api.auth)

    assert_problem(response, 422, "validation-error")
    assert "unpublished" not in response.text


async def test_many_bad_documents_give_a_bounded_error_list(api: Api) -> None:
    body = {"schema": SCHEMA, "documents": [{"id": f"d{i}", "text": ""} for i in range(300)]}
    response = await api.client.post("/v1/jobs", json=body, headers=api.auth)

    problem = assert_problem(response, 422, "validation-error")
    assert len(problem["errors"]) == 50 and problem["errors_omitted"] == 250
    assert "and 299 more problems" in problem["detail"]
    _assert_nothing_stored(api)


@pytest.mark.parametrize(
    "content_type",
    [None, "text/plain", "application/x-www-form-urlencoded"],
)
async def test_wrong_content_type(api: Api, content_type: str | None) -> None:
    headers = {**api.auth, **({"Content-Type": content_type} if content_type else {})}
    response = await api.client.post("/v1/jobs", content=_raw(job_body(1)), headers=headers)

    problem = assert_problem(response, 415, "unsupported-media-type")
    assert "application/json" in problem["detail"] and "application/x-ndjson" in problem["detail"]
    _assert_nothing_stored(api)


async def test_json_content_type_with_charset_is_accepted(api: Api) -> None:
    headers = {**api.auth, "Content-Type": "application/json; charset=utf-8"}
    response = await api.client.post("/v1/jobs", content=_raw(job_body(1)), headers=headers)

    assert response.status_code == 202


async def test_idempotency_key_must_fit_the_store(api: Api) -> None:
    headers = {**api.auth, "Idempotency-Key": "k" * 256}
    response = await api.client.post("/v1/jobs", json=job_body(1), headers=headers)

    problem = assert_problem(response, 422, "validation-error")
    assert problem["errors"][0]["loc"] == ["header", "Idempotency-Key"]
    _assert_nothing_stored(api)


# -- NDJSON ----------------------------------------------------------------------------

HEADER = {"schema": SCHEMA}
GOOD = documents(3)


def _lines(*lines: object) -> bytes:
    return b"".join(
        (line if isinstance(line, bytes) else json.dumps(line).encode()) + b"\n" for line in lines
    )


BAD_NDJSON_BODIES = [
    pytest.param(
        _lines(HEADER, GOOD[0], b'{"id": "x", "text": ', GOOD[1]),
        3,
        "not valid JSON",
        [],
        id="bad-json-line",
    ),
    pytest.param(
        _lines(HEADER, GOOD[0], GOOD[1], {"id": "x", "text": ""}),
        4,
        "text",
        ["text"],
        id="empty-text-line",
    ),
    pytest.param(_lines(HEADER, GOOD[0], [1, 2]), 3, "dictionary", [], id="array-line"),
    pytest.param(_lines({"options": {}}, GOOD[0]), 1, "schema", ["schema"], id="header-no-schema"),
    pytest.param(_lines(GOOD[0], GOOD[1]), 1, "header", [], id="document-as-header"),
    pytest.param(_lines(job_body(2)), 1, "header", [], id="json-body-as-ndjson"),
    pytest.param(
        _lines(HEADER, GOOD[0], GOOD[1], GOOD[0]), 4, "repeats line 2", ["id"], id="duplicate-id"
    ),
    pytest.param(b"", 1, "empty", [], id="empty-body"),
    pytest.param(_lines(HEADER), None, "no documents", ["body", "documents"], id="header-only"),
]


@pytest.mark.parametrize(("body", "line", "words", "loc"), BAD_NDJSON_BODIES)
async def test_bad_ndjson_submission_names_the_line(
    api: Api, body: bytes, line: int | None, words: str, loc: list[Any]
) -> None:
    response = await api.client.post(
        "/v1/jobs", content=body, headers={**api.auth, **NDJSON_HEADERS}
    )

    problem = assert_problem(response, 422, "validation-error")
    assert words in problem["detail"]
    error = problem["errors"][0]
    assert error["loc"] == loc
    if line is not None:
        assert problem["detail"].startswith(f"line {line}:")
        assert error["line"] == line
    _assert_nothing_stored(api)


async def test_ndjson_unknown_schema_fails_at_the_header(api: Api) -> None:
    body = _lines({"schema": "nope"}, *GOOD)
    response = await api.client.post(
        "/v1/jobs", content=body, headers={**api.auth, **NDJSON_HEADERS}
    )

    assert "melting_point" in assert_problem(response, 422, "unknown-schema")["detail"]
    _assert_nothing_stored(api)


async def test_ndjson_tolerates_blank_lines_crlf_and_no_final_newline(api: Api) -> None:
    body = b"\r\n".join(json.dumps(x).encode() for x in [HEADER, GOOD[0], GOOD[1]])
    body = b"\n" + body.replace(b"\r\n", b"\r\n\r\n", 1)
    response = await api.client.post(
        "/v1/jobs", content=body, headers={**api.auth, **NDJSON_HEADERS}
    )

    assert response.status_code == 202, response.text
    stored = api.db.stored_documents(response.json()["id"])
    assert [(doc_id, text) for doc_id, text, _ in stored] == [
        (GOOD[0]["id"], GOOD[0]["text"]),
        (GOOD[1]["id"], GOOD[1]["text"]),
    ]


# -- Limits ----------------------------------------------------------------------------

SMALL_LIMITS = {
    "api_max_body_bytes": 4096,
    "api_max_documents": 3,
    "api_max_document_chars": 50,
    "api_max_schema_bytes": 1024,
}


@pytest.fixture
async def small(make_api: MakeApi) -> AsyncIterator[Api]:
    api = make_api(**SMALL_LIMITS)
    async with api.client:
        yield api


async def test_body_over_the_limit_is_413(small: Api) -> None:
    body = job_body(1)
    body["documents"][0]["metadata"] = {"padding": "x" * 5000}
    response = await small.client.post("/v1/jobs", json=body, headers=small.auth)

    problem = assert_problem(response, 413, "body-too-large")
    assert "4096 bytes" in problem["detail"] and "split" in problem["detail"]
    _assert_nothing_stored(small)


async def _chunks(total: int, size: int = 1024) -> AsyncIterator[bytes]:
    """A body sent without Content-Length, as a client streaming an upload would."""
    yield b'{"schema": "melting_point", "documents": [{"id": "a", "text": "'
    for _ in range(total // size):
        yield b"x" * size
    yield b'"}]}'


@pytest.mark.parametrize("content_type", ["application/json", "application/x-ndjson"])
async def test_body_limit_is_enforced_while_reading(small: Api, content_type: str) -> None:
    response = await small.client.post(
        "/v1/jobs", content=_chunks(8192), headers={**small.auth, "Content-Type": content_type}
    )

    assert response.request.headers.get("content-length") is None
    assert_problem(response, 413, "body-too-large")
    _assert_nothing_stored(small)


async def test_default_body_limit_is_ten_mib(api: Api) -> None:
    body = job_body(1)
    body["documents"][0]["metadata"] = {"padding": "x" * (10 * 1024 * 1024)}
    response = await api.client.post("/v1/jobs", json=body, headers=api.auth)

    assert "10.0 MiB" in assert_problem(response, 413, "body-too-large")["detail"]
    _assert_nothing_stored(api)


async def test_too_many_documents(small: Api) -> None:
    response = await small.client.post("/v1/jobs", json=job_body(7), headers=small.auth)

    problem = assert_problem(response, 422, "validation-error")
    assert "7 documents; the limit is 3 per job" in problem["detail"]
    assert "split it into 3 jobs" in problem["detail"]
    assert problem["errors"][0]["loc"] == ["body", "documents"]
    _assert_nothing_stored(small)


async def test_too_many_ndjson_documents(small: Api) -> None:
    body = ndjson(HEADER, documents(4))
    response = await small.client.post(
        "/v1/jobs", content=body, headers={**small.auth, **NDJSON_HEADERS}
    )

    assert "more than 3 documents" in assert_problem(response, 422, "validation-error")["detail"]
    _assert_nothing_stored(small)


async def test_document_too_long(small: Api) -> None:
    body = job_body(2)
    body["documents"][1]["text"] = "x" * 51
    response = await small.client.post("/v1/jobs", json=body, headers=small.auth)

    problem = assert_problem(response, 422, "validation-error")
    assert "51 characters; the limit is 50" in problem["detail"] and "split" in problem["detail"]
    assert problem["errors"][0]["loc"] == ["body", "documents", 1, "text"]
    _assert_nothing_stored(small)


async def test_ndjson_document_too_long(small: Api) -> None:
    body = ndjson(HEADER, [documents(1)[0], {"id": "long", "text": "x" * 51}])
    response = await small.client.post(
        "/v1/jobs", content=body, headers={**small.auth, **NDJSON_HEADERS}
    )

    problem = assert_problem(response, 422, "validation-error")
    assert problem["detail"].startswith("line 3:") and "limit is 50" in problem["detail"]
    _assert_nothing_stored(small)


async def test_inline_schema_too_large(small: Api) -> None:
    schema = custom_schema(description="d" * 2000)
    response = await small.client.post(
        "/v1/jobs", json=job_body(1, schema=schema), headers=small.auth
    )

    problem = assert_problem(response, 422, "validation-error")
    assert "the limit is 1024" in problem["detail"]
    assert problem["errors"][0]["type"] == "schema_too_large"
    _assert_nothing_stored(small)


async def test_a_job_at_every_limit_is_accepted(small: Api) -> None:
    body = {"schema": SCHEMA, "documents": [{"id": f"d{i}", "text": "y" * 50} for i in range(3)]}
    response = await small.client.post("/v1/jobs", json=body, headers=small.auth)

    assert response.status_code == 202
    assert small.db.row_counts() == (1, 3)


# -- Other requests --------------------------------------------------------------------


async def test_unknown_job_is_404(api: Api) -> None:
    response = await api.client.get("/v1/jobs/nope", headers=api.auth)

    assert "nope" in assert_problem(response, 404, "job-not-found")["detail"]


@pytest.mark.parametrize(
    ("path", "cursor"),
    [
        ("/v1/jobs", "bm90LWEtY3Vyc29y"),
        ("/v1/jobs", "1-" + "g" * 32),
        ("/v1/jobs/{job_id}/results", "r12"),
        ("/v1/jobs/{job_id}/results", "9" * 19),
    ],
)
async def test_a_cursor_of_another_form_is_422_naming_it(api: Api, path: str, cursor: str) -> None:
    job = await api.client.post("/v1/jobs", json=job_body(1), headers=api.auth)
    url = path.format(job_id=job.json()["id"])
    response = await api.client.get(url, params={"cursor": cursor}, headers=api.auth)

    problem = assert_problem(response, 422, "validation-error")
    assert problem["errors"][0]["loc"] == ["query", "cursor"]


async def test_out_of_range_query_parameter_is_422(api: Api) -> None:
    response = await api.client.get("/v1/jobs", params={"limit": 0}, headers=api.auth)

    problem = assert_problem(response, 422, "validation-error")
    assert problem["errors"][0]["loc"] == ["query", "limit"]


async def test_unknown_route_and_wrong_method_are_problems(api: Api) -> None:
    missing = await api.client.get("/v2/jobs", headers=api.auth)
    wrong = await api.client.put("/v1/jobs", headers=api.auth)

    assert_problem(missing, 404, None)
    assert assert_problem(wrong, 405, None)["title"] == "Method Not Allowed"
    assert "POST" in wrong.headers["allow"]


# -- Input PostgreSQL cannot store, on both backends -----------------------------------

UNSTORABLE_BODIES = [
    pytest.param(_with_document(text="a\u0000b"), 422, "validation-error", id="nul-text"),
    pytest.param(_with_document(metadata={"k": "\u0000"}), 422, "validation-error", id="nul-meta"),
    pytest.param(_with_document(metadata={"k": "\udfff"}), 422, "validation-error", id="surrogate"),
    pytest.param(
        _with_document(metadata={"k": 1.5}).replace(b"1.5", b"1e400"),
        400,
        "malformed-json",
        id="infinite-number",
    ),
    pytest.param(
        _raw(job_body(1, schema=custom_schema(description="a\u0000b"))),
        422,
        "validation-error",
        id="nul-in-inline-schema",
    ),
]


@pytest.mark.parametrize(("body", "status", "kind"), UNSTORABLE_BODIES)
async def test_unstorable_values_are_refused_before_the_database(
    both_api: Api, body: bytes, status: int, kind: str
) -> None:
    response = await both_api.client.post(
        "/v1/jobs", content=body, headers={**both_api.auth, **JSON_HEADERS}
    )

    assert_problem(response, status, kind)
    _assert_nothing_stored(both_api)


@pytest.mark.parametrize(
    ("method", "path"),
    [("GET", "/v1/jobs/ab%00cd"), ("GET", "/v1/jobs/ab%00cd/results"), ("DELETE", "/v1/jobs/%00")],
)
async def test_job_ids_no_job_can_have_are_404(both_api: Api, method: str, path: str) -> None:
    response = await both_api.client.request(method, path, headers=both_api.auth)

    assert_problem(response, 404, "job-not-found")


async def test_any_cursor_of_the_declared_form_is_a_page_on_both_backends(
    both_api: Api,
) -> None:
    job = await both_api.client.post("/v1/jobs", json=job_body(1), headers=both_api.auth)
    job_id = job.json()["id"]
    oldest = await both_api.client.get(
        "/v1/jobs", params={"cursor": "0-" + "0" * 32}, headers=both_api.auth
    )
    newest = await both_api.client.get(
        "/v1/jobs", params={"cursor": "9" * 16 + "-" + "f" * 32}, headers=both_api.auth
    )
    beyond = await both_api.client.get(
        f"/v1/jobs/{job_id}/results", params={"cursor": "9" * 18}, headers=both_api.auth
    )

    assert oldest.json() == {"jobs": [], "next_cursor": None}
    assert [j["id"] for j in newest.json()["jobs"]] == [job_id]
    assert beyond.json() == {"records": [], "next_cursor": None}


async def test_idempotency_key_must_be_printable_ascii(api: Api) -> None:
    headers = [(k.encode(), v.encode()) for k, v in api.auth.items()]
    headers.append((b"Idempotency-Key", "k\té".encode("latin-1")))
    response = await api.client.post("/v1/jobs", json=job_body(1), headers=headers)

    assert assert_problem(response, 422, "validation-error")["errors"][0]["loc"] == [
        "header",
        "Idempotency-Key",
    ]
    _assert_nothing_stored(api)
