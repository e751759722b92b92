"""A store that cannot be reached is a 503 with ``Retry-After``, and the API recovers by itself.

PostgreSQL is really stopped (``pg_ctl stop -m fast``, as in a restart) and started
again. The server is a private one of this module's own: the session's shared
server must never go down under other tests.
"""

from __future__ import annotations

import itertools
import json
import logging
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy.exc import DBAPIError, IntegrityError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError

from molextract.api.logs import FIELDS
from molextract.api.problems import is_store_outage
from molextract.store import Repository, make_engine, open_repository, session_factory, upgrade
from tests.utils.api import Api, Database, assert_problem, build_api, job_body
from tests.utils.cli import serving
from tests.utils.postgres import PostgresServer, private_postgres
from tests.utils.redis_server import RedisServer, private_redis
from tests.utils.workers import (
    FINAL,
    TINY_TEXTS,
    assert_each_document_once,
    wait_until,
    worker_environment,
    worker_process,
)

_databases = itertools.count()


@pytest.fixture(scope="module")
def stoppable_postgres() -> Iterator[PostgresServer]:
    with private_postgres() as server:
        yield server


@pytest.fixture
def outage_db_url(stoppable_postgres: PostgresServer) -> str:
    """A migrated database of its own on the stoppable server (running again if a test failed)."""
    if not stoppable_postgres.running:
        stoppable_postgres.start()
    url = stoppable_postgres.create_database(f"outage_{next(_databases)}")
    upgrade(url)
    return url


def _assert_store_unavailable(response: httpx.Response) -> None:
    assert_problem(response, 503, "store-unavailable")
    assert response.headers["Retry-After"] == "5"


# -- The app over a real PostgreSQL, in process ----------------------------------------


@pytest.mark.anyio
async def test_every_route_answers_503_while_postgresql_is_down_and_recovers_after(
    stoppable_postgres: PostgresServer, outage_db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Both with a key (authentication reads the store first) and without keys required
    (each route's own query is what fails), on the same engine the app keeps using."""
    engine = make_engine(outage_db_url)
    db = Database(engine, Repository(session_factory(engine)))
    keyed = build_api(db)
    open_api = build_api(db, require_api_key=False)
    async with keyed.client, open_api.client:
        submitted = await keyed.client.post("/v1/jobs", json=job_body(2), headers=keyed.auth)
        assert submitted.status_code == 202, submitted.text
        job = f"/v1/jobs/{submitted.json()['id']}"
        requests = [
            ("GET", job),
            ("GET", f"{job}/results"),
            ("GET", f"{job}/results?format=documents"),
            ("GET", f"{job}/report"),
            ("GET", "/v1/jobs"),
            ("POST", "/v1/jobs"),
            ("DELETE", job),
        ]
        stoppable_postgres.stop()
        try:
            with caplog.at_level(logging.INFO, logger="molextract"):
                for api, extra in ((keyed, ["/v1/schemas", "/metrics"]), (open_api, [])):
                    for method, path in [*requests, *(("GET", e) for e in extra)]:
                        body = job_body(1) if method == "POST" else None
                        response = await api.client.request(
                            method, path, json=body, headers=api.auth if api is keyed else {}
                        )
                        _assert_store_unavailable(response)
                assert (await keyed.client.get("/healthz")).status_code == 200
                ready = await keyed.client.get("/readyz")
                assert_problem(ready, 503, "not-ready")
                assert ready.json()["checks"]["database"] is False
        finally:
            stoppable_postgres.start()

        # Recovery needs nothing: the next request gets a fresh connection.
        again = await keyed.client.get(job, headers=keyed.auth)
        assert again.status_code == 200, again.text
        assert again.json()["status"] == "queued"  # the DELETE during the outage changed nothing
        assert (await open_api.client.get("/v1/jobs")).status_code == 200
        assert (await keyed.client.get("/readyz")).status_code == 200
    engine.dispose()

    # One line per request, saying why, and no traceback anywhere.
    failed = [r for r in caplog.records if r.name == "molextract.api.access"]
    assert len(failed) == 2 * len(requests) + 2 + 1  # + /v1/schemas, /metrics; + /readyz
    fields = [getattr(r, FIELDS) for r in failed]
    reasons = [f.get("reason", "") for f in fields if f["route"] != "/readyz"]
    assert all(reason.startswith("store unavailable: OperationalError") for reason in reasons)
    assert all(r.levelno == logging.WARNING for r in failed)
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


# -- A real server and worker through a PostgreSQL restart -----------------------------


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    with private_redis() as server:
        yield server


DOCUMENTS = 60
PROBES = 3


def _log_lines(log: Path, start: int, end: int) -> list[str]:
    with log.open("rb") as handle:
        handle.seek(start)
        return handle.read(end - start).decode().splitlines()


@pytest.mark.slow
def test_a_job_survives_a_postgresql_restart_while_the_api_answers_503(
    tmp_path: Path,
    stoppable_postgres: PostgresServer,
    outage_db_url: str,
    redis_server: RedisServer,
) -> None:
    """``molextract serve`` (uvicorn) and a Celery worker on Redis, with a job in flight
    when PostgreSQL stops: every API route answers 503 with ``Retry-After`` (one log line
    each, no traceback), ``/healthz`` still answers, and once PostgreSQL is back the job
    ends with every document exactly once.

    The worker's model is the fast fake engine of ``tests/utils/fake_engines.py``
    (``FaultInjectingEngine``, installed by ``workers_launcher.py``; no text here carries
    its outage marker, so it answers at once): the fault under test is the database,
    not the model, and a real model would only make the job slower.
    """
    broker = redis_server.url
    with redis_server.client() as client:
        client.flushdb()
    worker_env = worker_environment(
        {
            "database_url": outage_db_url,
            "broker_url": broker,
            "chunk_documents": 1,
            "task_retry_backoff": 1,
            "task_max_retries": 8,
        }
    )
    serve_env = {
        **os.environ,
        "MOLEXTRACT_DATABASE_URL": outage_db_url,
        "MOLEXTRACT_BROKER_URL": broker,
        "MOLEXTRACT_REQUIRE_API_KEY": "true",
        "MOLEXTRACT_CHUNK_DOCUMENTS": "1",
    }
    with open_repository(outage_db_url) as repo:
        _, secret = repo.create_api_key("outage")
    auth = {"Authorization": f"Bearer {secret}"}
    texts = [{"id": f"doc-{i}", "text": TINY_TEXTS[i % len(TINY_TEXTS)]} for i in range(DOCUMENTS)]
    serve_log = tmp_path / "serve.log"
    with (
        worker_process(worker_env, tmp_path / "worker.log", "--inject-engine-outage") as worker,
        serving(serve_env, serve_log) as server,
        httpx.Client(base_url=server.url, headers=auth, timeout=30) as http,
    ):
        worker.wait_ready()
        logs = worker.log
        submitted = http.post("/v1/jobs", json={"schema": "melting_point", "documents": texts})
        assert submitted.status_code == 202, submitted.text
        job = f"/v1/jobs/{submitted.json()['id']}"

        wait_until(
            lambda: http.get(job).json()["counts"]["done"] >= 1, "a document done", logs=logs
        )
        before = http.get(job).json()
        time.sleep(0.5)  # the access line of that request is written after its response
        log_start = serve_log.stat().st_size
        stoppable_postgres.stop()
        try:
            requests = 0
            for _ in range(PROBES):
                for method, path in [
                    ("GET", job),
                    ("GET", f"{job}/results"),
                    ("GET", "/v1/jobs"),
                    ("POST", "/v1/jobs"),
                ]:
                    body = {"schema": "melting_point", "documents": texts[:1]}
                    response = http.request(method, path, json=body if method == "POST" else None)
                    _assert_store_unavailable(response)
                    requests += 1
                assert http.get("/healthz").status_code == 200
                assert http.get("/readyz").status_code == 503
                requests += 1  # /healthz is logged at DEBUG only
                time.sleep(1)
            time.sleep(0.5)  # the last line is written after the response
            log_end = serve_log.stat().st_size
        finally:
            stoppable_postgres.start()

        def ended() -> bool:
            response = http.get(job)
            assert response.status_code == 200, response.text  # recovered at once
            return response.json()["status"] in FINAL

        wait_until(ended, "the job to end after the restart", logs=logs)
        final = http.get(job).json()
        lines = http.get(f"{job}/results", params={"format": "documents"}).text.splitlines()

    print(f"done when PostgreSQL stopped: {before['counts']['done']} of {DOCUMENTS}")
    assert before["status"] not in FINAL and before["counts"]["done"] < DOCUMENTS
    assert final["status"] == "succeeded", final
    assert final["counts"]["done"] == DOCUMENTS and final["counts"]["failed"] == 0
    assert sorted(json.loads(line)["doc_id"] for line in lines) == sorted(d["id"] for d in texts)
    with open_repository(outage_db_url) as repo:
        assert_each_document_once(repo, submitted.json()["id"], DOCUMENTS)

    outage_log = _log_lines(serve_log, log_start, log_end)
    assert "Traceback" not in "\n".join(outage_log)
    entries = [json.loads(line) for line in outage_log]
    assert len(entries) == requests, outage_log  # one line per request, nothing else
    assert all(entry["status"] == 503 and entry["level"] == "warning" for entry in entries)


# -- Which database errors are outages -------------------------------------------------


class _Boom(Exception):
    """The DBAPI exception a SQLAlchemy error wraps."""


@pytest.mark.parametrize(
    ("error", "outage"),
    [
        (OperationalError("SELECT 1", None, _Boom("connection refused")), True),
        (InterfaceError("SELECT 1", None, _Boom("connection already closed")), True),
        (DBAPIError("SELECT 1", None, _Boom("server closed"), connection_invalidated=True), True),
        (PoolTimeoutError("QueuePool limit reached"), True),
        (IntegrityError("INSERT", None, _Boom("duplicate key value")), False),
        (DBAPIError("SELECT 1", None, _Boom("syntax error")), False),
    ],
    ids=["operational", "interface", "invalidated", "pool-timeout", "integrity", "other"],
)
def test_what_counts_as_the_store_being_unreachable(error: Exception, outage: bool) -> None:
    assert is_store_outage(error) is outage


class _IntegrityFaultRepository(Repository):
    """Fault injector: ``list_jobs`` fails as a bug would (no real database fails on demand)."""

    def list_jobs(self, *args: Any, **kwargs: Any) -> Any:
        raise IntegrityError("SELECT", None, _Boom("a bug, not an outage"))


@pytest.mark.anyio
async def test_a_database_error_that_is_no_outage_stays_a_500_logged_once(
    sqlite_db: Database, caplog: pytest.LogCaptureFixture
) -> None:
    faulty = Database(
        sqlite_db.engine, _IntegrityFaultRepository(session_factory(sqlite_db.engine))
    )
    api = build_api(faulty)
    async with api.client:
        with caplog.at_level(logging.INFO, logger="molextract"):
            response = await api.client.get("/v1/jobs", headers=api.auth)

    assert_problem(response, 500, "internal-error")
    assert "Retry-After" not in response.headers
    assert len([r for r in caplog.records if r.exc_info]) == 1


@pytest.mark.anyio
async def test_openapi_declares_the_503_and_its_retry_after_wherever_the_store_is_read(
    api: Api,
) -> None:
    paths = (await api.client.get("/openapi.json", headers=api.auth)).json()["paths"]

    for path, operations in paths.items():
        for method, operation in operations.items():
            declared = operation["responses"].get("503")
            if path == "/healthz":
                assert declared is None  # it never reads the store
                continue
            assert declared is not None, (method, path)
            assert declared["headers"]["Retry-After"]["required"] is True, (method, path)
