"""The API says exactly what it accepts, and refuses what it does not support.

- OpenAPI declares ``schema`` as a built-in name (an enum) or an inline custom schema,
  and the cursor format;
- an inline schema with a reference is refused, and nothing it points at is
  fetched or read (checked with a real listening socket and a real file);
- ``Allow`` names every method of a path;
- where keys are required, ``/v1/schemas`` and ``/metrics`` need one too.
"""

from __future__ import annotations

import json
import threading
from collections.abc import AsyncIterator, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from molextract.api.cursors import JOB_CURSOR_PATTERN, RECORD_CURSOR_PATTERN
from molextract.schemas import schema_names
from tests.utils.api import (
    NDJSON_HEADERS,
    Api,
    MakeApi,
    assert_problem,
    custom_schema,
    job_body,
    ndjson,
)
from tests.utils.store import result

pytestmark = pytest.mark.anyio

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


async def _openapi(api: Api) -> dict[str, Any]:
    document: dict[str, Any] = (await api.client.get("/openapi.json", headers=api.auth)).json()
    return document


# -- What OpenAPI declares -------------------------------------------------------------


async def test_openapi_declares_schema_as_a_builtin_name_or_a_custom_schema(api: Api) -> None:
    components = (await _openapi(api))["components"]["schemas"]

    for model in ("JobRequest", "JobHeader"):
        builtin, custom = components[model]["properties"]["schema"]["oneOf"]
        assert builtin == {**builtin, "type": "string", "enum": schema_names()}
        assert custom["type"] == "object" and "$ref" in custom["description"]
    jsonschema.Draft202012Validator.check_schema(custom)
    accepts = jsonschema.Draft202012Validator(custom)
    example = json.loads((EXAMPLES / "flash_point.schema.json").read_text(encoding="utf-8"))
    for valid in (example, custom_schema()):
        accepts.validate(valid)
    for invalid in (
        custom_schema(properties={"records": {"type": "array"}}),  # no maxItems
        custom_schema(title="has spaces"),
    ):
        assert not accepts.is_valid(invalid)


async def test_what_the_openapi_document_accepts_the_service_accepts(api: Api) -> None:
    example = json.loads((EXAMPLES / "flash_point.schema.json").read_text(encoding="utf-8"))
    for schema in (schema_names()[0], example, custom_schema()):
        response = await api.client.post(
            "/v1/jobs", json=job_body(1, schema=schema), headers=api.auth
        )
        assert response.status_code == 202, response.text


async def test_openapi_declares_the_cursor_format(api: Api) -> None:
    paths = (await _openapi(api))["paths"]

    for path, pattern in (
        ("/v1/jobs", JOB_CURSOR_PATTERN),
        ("/v1/jobs/{job_id}/results", RECORD_CURSOR_PATTERN),
    ):
        (cursor,) = [p for p in paths[path]["get"]["parameters"] if p["name"] == "cursor"]
        declared = cursor["schema"]["anyOf"][0]
        assert declared["pattern"] == pattern
        assert "next_cursor" in cursor["description"] and "422" in cursor["description"]
        assert "422" in paths[path]["get"]["responses"]


async def test_real_cursors_fit_the_declared_format_and_others_are_refused(api: Api) -> None:
    job_ids = []
    for _ in range(3):
        job = await api.client.post("/v1/jobs", json=job_body(1), headers=api.auth)
        job_ids.append(job.json()["id"])
    # Play the worker for one job: two records, so its results have a second page.
    [document] = api.repository.claim_documents(
        job_ids[0], api.repository.pending_document_ids(job_ids[0])
    )
    api.repository.save_result(job_ids[0], document.doc_id, result(document.doc_id))
    page = (await api.client.get("/v1/jobs", params={"limit": 1}, headers=api.auth)).json()
    results = (
        await api.client.get(
            f"/v1/jobs/{job_ids[0]}/results", params={"limit": 1}, headers=api.auth
        )
    ).json()
    outside = await api.client.get("/v1/jobs", params={"cursor": "a b/c"}, headers=api.auth)

    assert jsonschema.Draft202012Validator({"pattern": JOB_CURSOR_PATTERN}).is_valid(
        page["next_cursor"]
    )
    assert jsonschema.Draft202012Validator({"pattern": RECORD_CURSOR_PATTERN}).is_valid(
        results["next_cursor"]
    )
    assert assert_problem(outside, 422, "validation-error")["errors"][0]["loc"] == [
        "query",
        "cursor",
    ]


# -- References are refused, never followed --------------------------------------------


class _Listener:
    """A real HTTP server on a loopback port that records every request it gets."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        listener = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                listener.requests.append(self.path)
                body = json.dumps({"enum": ["°C"]}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/schema+json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:
                return

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"


@pytest.fixture
def listener() -> Iterator[_Listener]:
    served = _Listener()
    thread = threading.Thread(target=served.server.serve_forever, daemon=True)
    thread.start()
    yield served
    served.server.shutdown()
    served.server.server_close()
    thread.join(timeout=5)


@pytest.fixture
def definition_file(tmp_path: Path) -> Path:
    """A file holding a usable definition: were it read, the schema would work."""
    path = tmp_path / "unit.schema.json"
    path.write_text(json.dumps({"enum": ["°C"]}), encoding="utf-8")
    return path


def _with_unit(unit: dict[str, Any]) -> dict[str, Any]:
    schema = custom_schema()
    schema["properties"]["records"]["items"]["properties"]["unit"] = unit
    return schema


UNIT_PATH = ["properties", "records", "items", "properties", "unit"]


def _cases(listener: _Listener, definition_file: Path) -> list[tuple[dict[str, Any], list[Any]]]:
    """(schema, location of the reference) pairs, each with a reference in another place."""
    remote = f"{listener.url}/defs/unit.json"
    return [
        (_with_unit({"enum": ["°C"], "$ref": remote}), [*UNIT_PATH, "$ref"]),
        (_with_unit({"$ref": definition_file.as_uri()}), [*UNIT_PATH, "$ref"]),
        (_with_unit({"$ref": str(definition_file)}), [*UNIT_PATH, "$ref"]),
        (custom_schema(**{"$ref": remote}), ["$ref"]),
        (custom_schema(**{"$dynamicRef": remote}), ["$dynamicRef"]),
        (
            custom_schema(**{"$defs": {"u": {"enum": ["°C"]}}, "allOf": [{"$ref": "#/$defs/u"}]}),
            ["allOf", 0, "$ref"],
        ),
    ]


async def test_an_inline_schema_with_a_reference_is_refused_and_nothing_is_fetched(
    api: Api, listener: _Listener, definition_file: Path
) -> None:
    for schema, where in _cases(listener, definition_file):
        keyword = where[-1]
        for response in (
            await api.client.post("/v1/jobs", json=job_body(1, schema=schema), headers=api.auth),
            await api.client.post(
                "/v1/jobs",
                content=ndjson({"schema": schema}, job_body(1)["documents"]),
                headers={**api.auth, **NDJSON_HEADERS},
            ),
        ):
            problem = assert_problem(response, 422, "invalid-schema")
            assert repr(keyword) in problem["detail"] and "not supported" in problem["detail"]
            assert problem["errors"][0]["loc"] == ["body", "schema", *where]

    assert listener.requests == []
    assert api.db.row_counts() == (0, 0)


async def test_the_listener_would_have_seen_a_fetch(listener: _Listener) -> None:
    """The test above is only meaningful if the listener records what reaches it."""
    import httpx

    async with httpx.AsyncClient() as client:
        response = await client.get(f"{listener.url}/defs/unit.json")

    assert response.json() == {"enum": ["°C"]} and listener.requests == ["/defs/unit.json"]


async def test_the_same_schema_without_the_reference_is_accepted(api: Api) -> None:
    response = await api.client.post(
        "/v1/jobs", json=job_body(1, schema=_with_unit({"enum": ["°C"]})), headers=api.auth
    )

    assert response.status_code == 202, response.text


# -- Allow names every method ----------------------------------------------------------


@pytest.mark.parametrize("method", ["OPTIONS", "PUT", "PATCH", "POST"])
async def test_allow_names_every_method_of_a_job(api: Api, method: str) -> None:
    created = await api.client.post("/v1/jobs", json=job_body(1), headers=api.auth)
    response = await api.client.request(
        method, f"/v1/jobs/{created.json()['id']}", headers=api.auth
    )

    assert_problem(response, 405, None)
    assert response.headers["allow"] == "DELETE, GET"


async def test_allow_of_the_job_collection_and_of_a_single_method_path(api: Api) -> None:
    jobs = await api.client.options("/v1/jobs", headers=api.auth)
    metrics = await api.client.delete("/metrics", headers=api.auth)

    assert jobs.status_code == 405 and jobs.headers["allow"] == "GET, POST"
    assert metrics.status_code == 405 and metrics.headers["allow"] == "GET"


# -- The schema catalogue and metrics behind the key -----------------------------------

KEYED_PATHS = ["/v1/schemas", "/v1/schemas/melting_point", "/v1/schemas/output", "/metrics"]


async def test_schemas_and_metrics_need_a_key_where_keys_are_required(api: Api) -> None:
    for path in KEYED_PATHS:
        refused = await api.client.get(path)
        allowed = await api.client.get(path, headers=api.auth)

        assert_problem(refused, 401, "unauthorized")
        assert refused.headers["www-authenticate"].startswith("Bearer")
        assert allowed.status_code == 200, path
    for probe in ("/healthz", "/readyz"):
        assert (await api.client.get(probe)).status_code == 200


@pytest.fixture
async def open_api(make_api: MakeApi) -> AsyncIterator[Api]:
    api = make_api(require_api_key=False)
    async with api.client:
        yield api


async def test_without_required_keys_schemas_and_metrics_answer_anyone(open_api: Api) -> None:
    for path in KEYED_PATHS:
        assert (await open_api.client.get(path)).status_code == 200, path


async def test_openapi_says_schemas_and_metrics_need_the_key(api: Api) -> None:
    paths = (await _openapi(api))["paths"]

    for path in KEYED_PATHS:
        operation = paths["/v1/schemas/{name}" if path.endswith("point") else path]["get"]
        assert operation["security"] == [{"HTTPBearer": []}], path
        assert "401" in operation["responses"], path
    for probe in ("/healthz", "/readyz"):
        assert "security" not in paths[probe]["get"]
