"""Probes, metrics, logs, OpenAPI and the schema catalogue."""

from __future__ import annotations

import json
import logging
import logging.config
import re
from collections.abc import Callable

import httpx
import jsonschema
import pytest
from sqlalchemy import create_engine

from molextract.api import create_app
from molextract.api.logs import JsonFormatter, log_config
from molextract.api.problems import TYPE_PREFIX, from_molextract_error
from molextract.errors import (
    ConfigError,
    EngineError,
    EngineUnavailableError,
    InputError,
    MolextractError,
    SchemaError,
)
from molextract.schemas import schema_names
from molextract.store import (
    DuplicateDocumentError,
    IdempotencyConflict,
    InvalidCursor,
    Job,
    JobFinished,
    JobNotFound,
    Repository,
    session_factory,
)
from tests.utils.api import (
    Api,
    ApiSettings,
    Database,
    MakeApi,
    RecordingDispatcher,
    asgi_client,
    assert_problem,
    job_body,
)
from tests.utils.store import result

pytestmark = pytest.mark.anyio


async def test_healthz_needs_nothing(api: Api) -> None:
    response = await api.client.get("/healthz")

    assert response.status_code == 200 and response.json() == {"status": "ok"}


async def test_readyz_reports_every_part(make_api: MakeApi) -> None:
    api = make_api(engines_ready=lambda: {"local": True})
    async with api.client:
        response = await api.client.get("/readyz")

    assert response.status_code == 200
    assert response.json() == {
        "status": "ready",
        "checks": {"database": True, "broker": True, "engine:local": True},
    }


def _raises() -> dict[str, bool]:
    raise RuntimeError("engine probe crashed")


@pytest.mark.parametrize(
    ("broker_ready", "engines_ready", "failing"),
    [
        (False, None, ["broker"]),
        (True, lambda: {"sglang": False, "local": True}, ["engine:sglang"]),
        (True, _raises, ["engines"]),
        (False, lambda: {"vllm": False}, ["broker", "engine:vllm"]),
    ],
)
async def test_readyz_is_503_naming_the_failing_part(
    make_api: MakeApi,
    broker_ready: bool,
    engines_ready: Callable[[], dict[str, bool]] | None,
    failing: list[str],
) -> None:
    api = make_api(engines_ready=engines_ready)
    api.dispatcher.is_ready = broker_ready
    async with api.client:
        response = await api.client.get("/readyz")

    problem = assert_problem(response, 503, "not-ready")
    assert problem["detail"] == f"not ready: {', '.join(failing)} unavailable"
    assert [name for name, ok in problem["checks"].items() if not ok] == failing
    assert problem["checks"]["database"] is True


async def test_readyz_fails_when_the_database_is_unreachable() -> None:
    unreachable = create_engine("sqlite:////nonexistent-dir/molextract.db")
    repository = Repository(session_factory(unreachable))
    app = create_app(ApiSettings(), repository, RecordingDispatcher())
    async with asgi_client(app) as client:
        response = await client.get("/readyz")
    unreachable.dispose()

    problem = assert_problem(response, 503, "not-ready")
    assert problem["checks"] == {"database": False, "broker": True}


async def test_metrics_count_requests_by_route_template_and_submissions(api: Api) -> None:
    created = await api.client.post("/v1/jobs", json=job_body(3), headers=api.auth)
    job_id = created.json()["id"]
    await api.client.get(f"/v1/jobs/{job_id}", headers=api.auth)
    await api.client.get("/v1/jobs/unknown-id", headers=api.auth)
    await api.client.get("/no/such/path")

    response = await api.client.get("/metrics", headers=api.auth)

    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    lines = response.text.splitlines()
    assert (
        'molextract_http_requests_total{method="POST",route="/v1/jobs",status="202"} 1.0' in lines
    )
    assert (
        'molextract_http_requests_total{method="GET",route="/v1/jobs/{job_id}",status="200"} 1.0'
        in lines
    )
    assert (
        'molextract_http_requests_total{method="GET",route="/v1/jobs/{job_id}",status="404"} 1.0'
        in lines
    )
    assert (
        'molextract_http_requests_total{method="GET",route="<unmatched>",status="404"} 1.0' in lines
    )
    assert (
        'molextract_http_request_duration_seconds_count{method="POST",route="/v1/jobs",status="202"} 1.0'
        in lines
    )
    assert "molextract_jobs_created_total 1.0" in lines
    assert "molextract_documents_submitted_total 3.0" in lines
    assert job_id not in response.text  # raw paths would make unbounded label values


async def test_one_json_log_line_per_request_without_document_text(
    api: Api, caplog: pytest.LogCaptureFixture
) -> None:
    body = job_body(1)
    body["documents"][0]["text"] = "Confidential compound QX-77 melts at 151 °C."
    with caplog.at_level(logging.INFO, logger="molextract"):
        await api.client.post("/v1/jobs", json=body, headers=api.auth)
        await api.client.post("/v1/jobs", json={**body, "schema": "nope"}, headers=api.auth)
        await api.client.get("/healthz")  # probes are logged at DEBUG only

    requests = [r for r in caplog.records if r.name == "molextract.api.access"]
    lines = [json.loads(JsonFormatter().format(r)) for r in requests]
    assert [(line["method"], line["route"], line["status"]) for line in lines] == [
        ("POST", "/v1/jobs", 202),
        ("POST", "/v1/jobs", 422),
    ]
    assert all(line["api_key_id"] == api.api_key_id for line in lines)
    assert all(isinstance(line["duration_ms"], float) for line in lines)
    assert all(line["level"] == "info" and line["time"].endswith("+00:00") for line in lines)
    assert not any("QX-77" in JsonFormatter().format(r) for r in caplog.records)


def test_log_config_sends_json_and_silences_uvicorn_access() -> None:
    config = log_config("WARNING")
    logging.config.dictConfig(config)
    try:
        assert config["formatters"]["json"]["()"] == "molextract.api.logs.JsonFormatter"
        assert logging.getLogger("molextract").level == logging.WARNING
        assert logging.getLogger("uvicorn.access").handlers == []
    finally:
        for name in ("molextract", "uvicorn", "uvicorn.access"):
            logger = logging.getLogger(name)
            logger.handlers.clear()
            logger.setLevel(logging.NOTSET)
            logger.propagate = True


async def test_openapi_documents_the_job_api(api: Api) -> None:
    schema = (await api.client.get("/openapi.json", headers=api.auth)).json()
    docs = await api.client.get("/docs", headers=api.auth)

    assert docs.status_code == 200 and "swagger" in docs.text.lower()
    submit = schema["paths"]["/v1/jobs"]["post"]
    content = submit["requestBody"]["content"]
    assert content["application/json"]["schema"] == {"$ref": "#/components/schemas/JobRequest"}
    assert content["application/x-ndjson"]["itemSchema"]["anyOf"] == [
        {"$ref": "#/components/schemas/JobHeader"},
        {"$ref": "#/components/schemas/DocumentIn"},
    ]
    results = schema["paths"]["/v1/jobs/{job_id}/results"]["get"]["responses"]["200"]["content"]
    assert set(results) == {
        "application/json",
        "application/x-ndjson",
        "text/csv",  # the exports (?format=)
        "application/vnd.apache.parquet",
        "chemical/x-mdl-sdfile",
    }
    assert {"202", "200", "413", "415", "422", "503"} <= set(submit["responses"])
    components = schema["components"]["schemas"]
    request = components["JobRequest"]
    assert request["additionalProperties"] is False
    assert set(request["required"]) == {"schema", "documents"}
    assert components["DocumentIn"]["additionalProperties"] is False
    assert "ProblemDetails" in components and "HTTPValidationError" not in components
    assert "DocumentResult" in components
    refs = set(re.findall(r'"#/components/schemas/([^"]+)"', json.dumps(schema)))
    assert refs <= set(components)  # every reference resolves
    for path, operations in schema["paths"].items():
        for operation in operations.values():
            for status, response in operation["responses"].items():
                if status.startswith("4"):
                    assert list(response["content"]) == ["application/problem+json"], path
    assert {
        "/v1/jobs/{job_id}",
        "/v1/jobs/{job_id}/results",
        "/v1/schemas/{name}",
        "/v1/schemas/output",
        "/healthz",
        "/readyz",
        "/metrics",
    } <= set(schema["paths"])
    assert schema["components"]["securitySchemes"]["HTTPBearer"]["scheme"] == "bearer"


async def test_schemas_are_listed_and_published(api: Api) -> None:
    listed = (await api.client.get("/v1/schemas", headers=api.auth)).json()["schemas"]
    melting = (await api.client.get("/v1/schemas/melting_point", headers=api.auth)).json()

    assert [s["name"] for s in listed] == schema_names()
    mp = next(s for s in listed if s["name"] == "melting_point")
    assert mp["properties"] == ["melting_point"] and "°C" in mp["units"]
    assert melting["title"] == "melting_point" and "records" in melting["properties"]


async def test_unknown_schema_name_is_404_with_choices(api: Api) -> None:
    response = await api.client.get("/v1/schemas/melting", headers=api.auth)

    problem = assert_problem(response, 404, "unknown-schema")
    assert problem["choices"] == schema_names()


async def test_output_schema_validates_a_result_line(api: Api) -> None:
    assert "output" not in schema_names()  # /v1/schemas/output would shadow it
    output = (await api.client.get("/v1/schemas/output", headers=api.auth)).json()

    line = result("doc-1").model_dump(mode="json", by_alias=True)
    jsonschema.validate(line, output)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**line, "surprise": 1}, output)


@pytest.mark.parametrize(
    ("error", "status", "kind"),
    [
        (JobNotFound("no job x"), 404, "job-not-found"),
        (JobFinished("job x already ended as succeeded"), 409, "job-finished"),
        (IdempotencyConflict("key reused"), 409, "idempotency-key-reused"),
        (DuplicateDocumentError("repeated: a"), 422, "duplicate-document-ids"),
        (InvalidCursor("bad cursor"), 400, "invalid-cursor"),
        (SchemaError("unknown schema"), 422, "invalid-schema"),
        (InputError("no documents"), 422, "invalid-input"),
        (EngineUnavailableError("sglang down"), 503, "engine-unavailable"),
        (EngineError("bad batch"), 502, "engine-error"),
        (ConfigError("bad setting"), 500, "server-misconfigured"),
        (MolextractError("other"), 500, "internal-error"),
    ],
)
def test_molextract_errors_map_to_problem_statuses(
    error: MolextractError, status: int, kind: str
) -> None:
    problem = from_molextract_error(error)

    assert (problem.status, problem.type) == (status, TYPE_PREFIX + kind)
    assert problem.detail == str(error)


class _BrokenRepository(Repository):
    def get_job(self, job_id: str, api_key_id: int | None) -> Job | None:
        raise RuntimeError("connection pool exhausted at 10.0.0.5")


async def test_a_server_fault_is_a_500_problem_that_leaks_nothing(sqlite_db: Database) -> None:
    repository = _BrokenRepository(session_factory(sqlite_db.engine))
    app = create_app(ApiSettings(require_api_key=False), repository, RecordingDispatcher())
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://api.test") as client:
        response = await client.get("/v1/jobs/abc")

    problem = assert_problem(response, 500, "internal-error")
    assert "10.0.0.5" not in response.text and "logged" in problem["detail"]
