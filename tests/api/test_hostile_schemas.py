"""Hostile inline schemas against a real ``molextract serve`` whose worker's memory is capped.

Everything is real: the server, its embedded worker child, SmolLM2 through llama.cpp
and Outlines, the grammar compiles, the SQLite store. The server (and so its worker,
which inherits the limit) runs under ``RLIMIT_AS`` of 4 GiB, as the issue asks: a
schema that made a worker grow to 22 GB would kill it here. Every probe must get a
4xx at submission or a job that ends by itself, with a clear error, within 60 s; the
worker processes alive at the start are alive at the end; ``/healthz`` answers
throughout; no grammar compile leaves a partial file.

The second server compiles under a 0.5 s limit (a setting, not a fake): every compile
goes past it, which is how a compile past its limits is shown end to end.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from molextract.config import Settings
from tests.utils.api import custom_schema
from tests.utils.network import free_port

pytestmark = [pytest.mark.slow, pytest.mark.model]

GIB = 1024**3
#: How long an accepted probe's job may take to end by itself.
JOB_SECONDS = 60.0
#: The first asks the model about a value (its compound is for the model to say); the
#: second has no number at all.
TEXTS = [
    # two compounds and no form saying whose: the model is asked, so the grammar is needed
    # (a value the text settles with no compound named would cost no call at all)
    "Phenol and 4-bromophenol were compared: the crystals, from ethanol, melt at 135 °C.",
    "The solution was stirred overnight and filtered.",
]


@dataclass
class HostileServer:
    url: str
    process: subprocess.Popen[bytes]
    log: Path
    grammars: Path
    health_failures: list[str] = field(default_factory=list)

    def descendants(self) -> set[int]:
        """Processes below the server: its worker and the worker's pool."""
        found: set[int] = set()
        todo = [self.process.pid]
        while todo:
            pid = todo.pop()
            try:
                children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
            except FileNotFoundError:
                continue
            for child in map(int, children):
                if _is_worker(child):
                    found.add(child)
                todo.append(child)
        return found

    def logs(self) -> str:
        return self.log.read_text(errors="replace")[-6000:]


def _is_worker(pid: int) -> bool:
    """A worker process, not a grammar compile's short-lived child."""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except FileNotFoundError:
        return False
    return b"grammar_limits" not in cmdline


@contextmanager
def hostile_server(tmp: Path, **settings: str) -> Iterator[HostileServer]:
    """``molextract serve`` (embedded worker) under RLIMIT_AS 4 GiB, its own cache dir."""
    cache = tmp / "cache"
    cache.mkdir()
    # The models are shared with every other test; the grammar cache is this server's.
    (cache / "models").symlink_to(Settings().models_dir)
    env = {
        **os.environ,
        "MOLEXTRACT_CACHE_DIR": str(cache),
        "MOLEXTRACT_DATABASE_URL": f"sqlite:///{tmp / 'service.db'}",
        "MOLEXTRACT_LOCAL_MODEL": "smollm2-135m",
        "MOLEXTRACT_MAX_NEW_TOKENS": "128",
        "MOLEXTRACT_REQUIRE_API_KEY": "false",
        "MOLEXTRACT_TASK_RETRY_BACKOFF": "1",
        **{f"MOLEXTRACT_{k.upper()}": v for k, v in settings.items()},
    }
    port = free_port()
    log = tmp / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "molextract.cli", "serve", "--port", str(port)],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    # Capped before it has loaded anything or started its worker, which inherits the cap
    # (set from outside: ``preexec_fn`` is unsafe beside the health watcher's thread).
    resource.prlimit(process.pid, resource.RLIMIT_AS, (4 * GIB, 4 * GIB))
    server = HostileServer(f"http://127.0.0.1:{port}", process, log, cache / "grammars")
    try:
        _wait_ready(server)
        stop = threading.Event()
        watcher = threading.Thread(target=_watch_health, args=(server, stop), daemon=True)
        watcher.start()
        try:
            yield server
        finally:
            stop.set()
            watcher.join(timeout=10)
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _wait_ready(server: HostileServer) -> None:
    deadline = time.monotonic() + 180
    while True:
        assert server.process.poll() is None, server.logs()
        try:
            ready = httpx.get(f"{server.url}/readyz", timeout=2).status_code == 200
        except httpx.TransportError:
            ready = False
        if ready and server.descendants():
            return
        assert time.monotonic() < deadline, server.logs()
        time.sleep(0.5)


def _watch_health(server: HostileServer, stop: threading.Event) -> None:
    """Ask ``/healthz`` twice a second until told to stop; remember every miss."""
    while not stop.wait(0.5):
        try:
            status = httpx.get(f"{server.url}/healthz", timeout=5).status_code
            if status != 200:
                server.health_failures.append(f"HTTP {status}")
        except httpx.TransportError as exc:
            server.health_failures.append(repr(exc))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HostileServer]:
    with hostile_server(
        tmp_path_factory.mktemp("hostile"),
        grammar_compile_seconds="45",
        # A small budget: in free text Outlines' mask costs about half a second a token
        # on a busy 2-core machine, and sixteen fields are sixteen answers.
        max_new_tokens="16",
        # One thread: llama.cpp's threads spin while they wait for each other, which on
        # two cores shared with other work costs more than the second thread gives.
        local_threads="1",
    ) as running:
        _warm_up(running)
        workers = running.descendants()
        yield running
        assert running.descendants() >= workers, "a worker process died\n" + running.logs()
        assert "restarting" not in running.logs()
        assert running.health_failures == [], running.health_failures


def _warm_up(server: HostileServer) -> None:
    """One built-in job first: the model's load is the worker's, not a probe's, cost."""
    response = httpx.post(
        f"{server.url}/v1/jobs",
        json={"schema": "melting_point", "documents": [{"id": "warm", "text": TEXTS[0]}]},
        timeout=30,
    )
    assert response.status_code == 202, response.text
    _wait_for_job(server, response.json()["id"], seconds=600)


# --- the probes -------------------------------------------------------------------------


def _schema(fields: dict[str, Any] | None = None, **record: Any) -> dict[str, Any]:
    """A custom schema of melting points (a unit the finder knows: the anchored path),
    with ``fields`` of the user's own and ``record`` parts replaced."""
    schema = custom_schema(title="hostile")
    item = schema["properties"]["records"]["items"]["properties"]
    item["property"] = {"enum": ["melting_point"]}
    item.update(fields or {})
    item.update(record)
    return schema


def _text_fields(n: int, max_length: int) -> dict[str, Any]:
    return {
        f"note{i}": {
            "type": ["string", "null"],
            "description": f"Note {i}.",
            "maxLength": max_length,
        }
        for i in range(n)
    }


def _generated(schema: dict[str, Any], max_items: int) -> dict[str, Any]:
    """The schema on the generated path (a unit the finder does not know)."""
    schema["properties"]["records"]["items"]["properties"]["unit"] = {"enum": ["mPa·s"]}
    schema["properties"]["records"]["maxItems"] = max_items
    return schema


def _choices(n: int, prefix: str = "unit") -> list[str]:
    return [f"{prefix}{i}" for i in range(n)]


REFUSED: dict[str, tuple[dict[str, Any], str]] = {
    "unit enum of 6,001 (54 KB)": (_schema(unit={"enum": _choices(6001)}), "unit"),
    "property enum of 6,001": (_schema(property={"enum": _choices(6001, "p")}), "property"),
    "a 20,000-choice field": (
        _schema({"grade": {"enum": _choices(20000, "g"), "description": "Grade."}}),
        "bytes",
    ),
    "records maxItems 64 on the generated path": (_generated(_schema(), 64), "maxItems"),
    "sixteen text fields in 8 generated records": (
        _generated(_schema(_text_fields(16, 1000)), 8),
        "maxItems",
    ),
    "a list of 16 choices among 400": (
        _schema(
            {
                "tags": {
                    "type": "array",
                    "maxItems": 16,
                    "items": {"enum": _choices(400, "tag")},
                    "description": "Tags.",
                }
            }
        ),
        "tags",
    ),
    "instructions of 50 KB (the generated path's prompt)": (
        _generated(_schema(), 4)
        | {"x-molextract": {"instructions": "Read the text closely. " * 2100}},
        "instructions",
    ),
    "sixteen fields with 2,000-character descriptions": (
        _schema(
            {
                f"long{i}": {"type": ["string", "null"], "description": "melting point " * 150}
                for i in range(16)
            }
        ),
        "long",
    ),
    "records maxItems 10^9": (_generated(_schema(), 10**9), "maxItems"),
}


def _deep(depth: int) -> dict[str, Any]:
    node: dict[str, Any] = {"type": "string", "description": "leaf"}
    for _ in range(depth):
        node = {"type": "object", "description": "level", "properties": {"x": node}}
    return node


#: Probes whose fate is another rule's (keywords, nesting): a 4xx, or a job that ends.
EITHER: dict[str, dict[str, Any]] = {
    "a field nested 200 deep": _schema({"deep": _deep(200)}),
    "a pattern of 256 characters": _schema(
        {
            "code": {
                "type": ["string", "null"],
                "description": "Code.",
                "pattern": "^(a|b)" * 42 + "$",
            }
        }
    ),
    "a pattern with a large repeat": _schema(
        {"code": {"type": ["string", "null"], "description": "Code.", "pattern": "^[a-z]{0,1000}$"}}
    ),
}

ACCEPTED: dict[str, dict[str, Any]] = {
    "sixteen text fields of maxLength 1000 (22 GB before)": _schema(_text_fields(16, 1000)),
    "one text field of maxLength 1000 (1.75 GB before)": _schema(_text_fields(1, 1000)),
}


def _submit(server: HostileServer, schema: dict[str, Any]) -> httpx.Response:
    documents = [{"id": f"d{i}", "text": text} for i, text in enumerate(TEXTS)]
    return httpx.post(
        f"{server.url}/v1/jobs", json={"schema": schema, "documents": documents}, timeout=30
    )


def _wait_for_job(
    server: HostileServer, job_id: str, seconds: float = JOB_SECONDS
) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        job: dict[str, Any] = httpx.get(f"{server.url}/v1/jobs/{job_id}", timeout=10).json()
        if job["status"] in ("succeeded", "partial", "failed", "cancelled"):
            return job
        assert time.monotonic() < deadline, f"job still {job['status']}\n{server.logs()}"
        time.sleep(0.5)


def _lines(server: HostileServer, job_id: str) -> list[dict[str, Any]]:
    response = httpx.get(
        f"{server.url}/v1/jobs/{job_id}/results", params={"format": "documents"}, timeout=30
    )
    assert response.status_code == 200, response.text
    return [json.loads(line) for line in response.text.splitlines() if line.strip()]


def _no_partial_files(server: HostileServer) -> None:
    if server.grammars.is_dir():
        assert list(server.grammars.glob("*.partial")) == []


@pytest.mark.parametrize("name", list(REFUSED))
def test_a_costly_schema_is_refused_at_submission_naming_the_part(
    server: HostileServer, name: str
) -> None:
    schema, part = REFUSED[name]
    response = _submit(server, schema)
    assert response.status_code == 422, response.text
    body = response.json()
    assert part in body["detail"], body
    assert any(part in "/".join(map(str, e["loc"])) or part in e["detail"] for e in body["errors"])
    _no_partial_files(server)


@pytest.mark.parametrize("name", list(EITHER))
def test_a_probe_is_refused_or_its_job_ends_by_itself(server: HostileServer, name: str) -> None:
    response = _submit(server, EITHER[name])
    if response.status_code != 202:
        assert 400 <= response.status_code < 500, response.text
        assert response.json()["detail"]
        return
    job = _wait_for_job(server, response.json()["id"])
    assert job["status"] in ("succeeded", "partial", "failed"), job
    _no_partial_files(server)


@pytest.mark.parametrize("name", list(ACCEPTED))
def test_long_free_text_is_bounded_by_tokens_and_its_job_ends(
    server: HostileServer, name: str
) -> None:
    """No ``{0,1000}`` in the grammar: the schema compiles small, and the job ends."""
    response = _submit(server, ACCEPTED[name])
    assert response.status_code == 202, response.text
    job = _wait_for_job(server, response.json()["id"])
    assert job["status"] in ("succeeded", "partial", "failed"), job
    for line in _lines(server, job["id"]):
        for error in line["errors"]:  # a long answer is a clear per-record failure
            assert error["code"] in ("generation_truncated", "invalid_output"), error
    _no_partial_files(server)


def test_a_compile_past_its_limit_fails_the_job_at_once_and_the_worker_lives(
    tmp_path: Path,
) -> None:
    with hostile_server(tmp_path, grammar_compile_seconds="0.5") as limited:
        workers = limited.descendants()
        response = _submit(limited, _schema())
        assert response.status_code == 202, response.text
        started = time.monotonic()
        job = _wait_for_job(limited, response.json()["id"])
        # The text with no number never needed the grammar; the other failed for good.
        assert job["status"] in ("partial", "failed"), job
        errors = {line["doc_id"]: line["errors"] for line in _lines(limited, job["id"])}
        assert errors["d1"] == []
        assert [e["code"] for e in errors["d0"]] == ["engine_refused"], errors
        assert "did not compile within 0.5 s" in errors["d0"][0]["message"]
        assert "engine outage" not in limited.logs(), "a compile past its limit was retried"
        assert time.monotonic() - started < JOB_SECONDS
        _no_partial_files(limited)
        assert limited.descendants() >= workers, limited.logs()
        assert limited.health_failures == []
    shutil.rmtree(tmp_path / "cache" / "grammars", ignore_errors=True)
