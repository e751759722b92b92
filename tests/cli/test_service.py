"""The job service as a user runs it: ``keys create``, ``serve`` (embedded worker, no
Redis), ``submit --wait``, the report, and ``run`` on the same input for comparison.

Everything is a real process: the server, its worker child, the model, the store.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.utils.cli import Server, serving, start, stop
from tests.utils.redis_server import RedisServer, private_redis

pytestmark = [pytest.mark.slow, pytest.mark.model]

TEXTS = {
    "urea": "Urea was recrystallised from ethanol; it melts at 133 °C.",
    "benzoic": "Benzoic acid (mp 122 °C) was used as received.",
    "none": "The solvent was removed under reduced pressure.",
}


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "MOLEXTRACT_DATABASE_URL": f"sqlite:///{tmp_path / 'service.db'}",
        "MOLEXTRACT_LOCAL_MODEL": "smollm2-135m",
        "MOLEXTRACT_MAX_NEW_TOKENS": "128",
        "COLUMNS": "200",
        **extra,
    }


def molextract(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "molextract.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
        check=False,
    )


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with serving(_env(tmp_path, MOLEXTRACT_REQUIRE_API_KEY="true"), tmp_path / "serve.log") as s:
        yield s


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _comparable(line: dict[str, Any]) -> dict[str, Any]:
    """An output line without what differs between two runs of the same work: timings."""
    return {**line, "usage": {k: v for k, v in line["usage"].items() if k != "seconds"}}


def test_serve_submit_wait_writes_what_run_writes(server: Server, tmp_path: Path) -> None:
    env = _env(tmp_path)
    source = tmp_path / "docs.jsonl"
    source.write_text(
        "".join(json.dumps({"id": k, "text": v}) + "\n" for k, v in TEXTS.items()),
        encoding="utf-8",
    )
    denied = molextract(env, "submit", str(source), "--api", server.url, "-s", "melting_point")
    assert denied.returncode == 1 and "HTTP 401" in denied.stderr, denied.stderr

    created = molextract(env, "keys", "create", "e2e")
    assert created.returncode == 0, created.stderr
    secret = created.stdout.strip()
    assert secret.startswith("mx_") and "created" in created.stderr

    keyed = {**env, "MOLEXTRACT_API_KEY": secret}
    submitted = molextract(
        keyed, "submit", str(source), "--api", server.url, "-s", "melting_point",
        "--wait", "-o", str(tmp_path / "submit.jsonl"), "--batch-size", "2", "--poll", "0.5",
    )  # fmt: skip
    assert submitted.returncode == 0, submitted.stderr + server.log.read_text()[-3000:]
    assert "documents processed" in submitted.stderr

    ran = molextract(
        env, "run", str(source), "-s", "melting_point", "-o", str(tmp_path / "run.jsonl")
    )
    assert ran.returncode == 0, ran.stderr

    via_service = _lines(tmp_path / "submit.jsonl")
    in_process = _lines(tmp_path / "run.jsonl")
    assert [line["doc_id"] for line in via_service] == list(TEXTS)
    assert [_comparable(line) for line in via_service] == [_comparable(line) for line in in_process]
    rejects = tmp_path / "submit.rejects.jsonl"
    assert _lines(rejects) == _lines(tmp_path / "run.rejects.jsonl")

    # The same command again finds the jobs it created (Idempotency-Key) and rewrites
    # the same lines; nothing is extracted twice.
    again = molextract(
        keyed, "submit", str(source), "--api", server.url, "-s", "melting_point",
        "--wait", "-o", str(tmp_path / "again.jsonl"), "--batch-size", "2",
    )  # fmt: skip
    assert again.returncode == 0, again.stderr
    assert _lines(tmp_path / "again.jsonl") == via_service
    headers = {"Authorization": f"Bearer {secret}"}
    jobs = httpx.get(f"{server.url}/v1/jobs", headers=headers).json()["jobs"]
    assert len(jobs) == 2  # two batches, each submitted once

    job_id = jobs[-1]["id"]
    report = httpx.get(f"{server.url}/v1/jobs/{job_id}/report", headers=headers)
    assert report.status_code == 200 and report.headers["content-type"].startswith("text/html")
    assert "<article" in report.text and "urea" in report.text


def test_serve_stops_cleanly_with_its_worker(server: Server) -> None:
    worker = subprocess.run(
        ["pgrep", "-f", f"exit-with-parent={server.process.pid}"],
        capture_output=True,
        text=True,
        check=False,
    )
    pids = [int(pid) for pid in worker.stdout.split()]
    assert pids, "the embedded worker child is not running"
    server.process.send_signal(signal.SIGTERM)
    assert server.process.wait(timeout=60) == 0
    time.sleep(0.5)
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    with private_redis() as server:
        yield server


def test_redis_deployment_with_a_separate_worker(redis_server: RedisServer, tmp_path: Path) -> None:
    env = _env(tmp_path, MOLEXTRACT_BROKER_URL=redis_server.url)
    worker = start(env, tmp_path / "worker.log", "worker", "--concurrency", "1")
    try:
        with serving(env, tmp_path / "serve.log") as server:
            assert "embedded worker" not in server.log.read_text()
            source = tmp_path / "docs.jsonl"
            source.write_text(
                "".join(json.dumps({"id": k, "text": v}) + "\n" for k, v in TEXTS.items()),
                encoding="utf-8",
            )
            out = tmp_path / "out.jsonl"
            submitted = molextract(
                env, "submit", str(source), "--api", server.url, "-s", "melting_point",
                "--wait", "-o", str(out), "--poll", "0.5",
            )  # fmt: skip
            logs = (tmp_path / "worker.log").read_text()[-3000:]
            assert submitted.returncode == 0, submitted.stderr + logs
            assert [line["doc_id"] for line in _lines(out)] == list(TEXTS)
            assert "engine:embedded-worker" not in httpx.get(f"{server.url}/readyz").text
    finally:
        stop(worker)
    assert worker.returncode == 0, (tmp_path / "worker.log").read_text()[-3000:]


def test_worker_without_a_broker_says_what_to_set(tmp_path: Path) -> None:
    result = molextract({**_env(tmp_path), "MOLEXTRACT_BROKER_URL": ""}, "worker")
    assert result.returncode == 2 and "MOLEXTRACT_BROKER_URL is not set" in result.stderr


def test_the_worker_of_a_killed_serve_stops_at_once_and_takes_no_more_work(
    tmp_path: Path,
) -> None:
    """``kill -9`` of ``serve`` (as when its terminal or container dies): its worker child
    stops within seconds, not after its chunk, and takes no further chunk."""
    env = _env(tmp_path, MOLEXTRACT_CHUNK_DOCUMENTS="1")
    texts = [
        f"Compound {n}a was recrystallised from ethanol; it melts at {100 + n} °C and its "
        f"logP is 1.{n}."
        for n in range(40)
    ]
    database = tmp_path / "service.db"
    with serving(env, tmp_path / "serve.log") as server:
        job = httpx.post(
            f"{server.url}/v1/jobs",
            json={
                "schema": "molecular_properties",
                "documents": [{"id": f"d{n}", "text": t} for n, t in enumerate(texts)],
            },
            timeout=30,
        )
        assert job.status_code == 202, job.text
        job_url = f"{server.url}/v1/jobs/{job.json()['id']}"
        deadline = time.monotonic() + 300
        while httpx.get(job_url, timeout=10).json()["counts"]["done"] < 2:
            assert time.monotonic() < deadline, server.log.read_text()
            time.sleep(0.2)
        found = subprocess.run(
            ["pgrep", "-f", f"exit-with-parent={server.process.pid}"],
            capture_output=True,
            text=True,
            check=False,
        )
        [child] = [int(pid) for pid in found.stdout.split()]
        server.process.kill()
        killed_at = time.monotonic()
        server.process.wait()
        done_at_kill = _done(database)
        while _alive(child):
            assert time.monotonic() - killed_at < 30, "the orphaned worker kept running"
            time.sleep(0.1)
        stopped_after = time.monotonic() - killed_at
    print(f"orphan stopped {stopped_after:.1f} s after the kill")
    assert stopped_after < 8, f"the orphan took {stopped_after:.1f} s to stop"
    # Chunks are one document: at most the one it held may have been saved since.
    assert _done(database) <= done_at_kill + 1
    assert _done(database) < len(texts)


def _done(database: Path) -> int:
    with closing(sqlite3.connect(database)) as connection:
        (count,) = connection.execute(
            "SELECT count(*) FROM job_documents WHERE status IN ('done', 'failed')"
        ).fetchone()
    return int(count)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat").read_text()
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has stopped


#: An inline custom schema of the declared outline may still break a rule no JSON
#: Schema can state (a unit pint knows, an example that fits the schema, a name
#: Pydantic reserves) and is then refused with a 422 naming the rule. So "a valid
#: body is accepted" is not checked for POST /v1/jobs; its converse is, with the rest.
FUZZ_CONFIG = """
# Every check schemathesis has runs unless named here (no --checks on the command line,
# which would override the file).
checks.use_after_free.enabled = false

[[operations]]
include-name = "POST /v1/jobs"
checks.positive_data_acceptance.enabled = false
"""

#: Bounded so the run fits CI: about 700 generated requests over every operation,
#: stateful phase included, in well under two minutes here.
FUZZ_EXAMPLES = 25


def test_schemathesis_finds_no_failure_against_a_live_server_with_a_key(
    server: Server, tmp_path: Path
) -> None:
    """Every schemathesis check, all four phases, against ``serve`` requiring a key.

    Three things are configured, each documented in the README as intended: strings
    with NUL or lone surrogates are refused (422) because no store can keep them, so
    they are not generated (schemathesis' own switches for exactly that); DELETE
    cancels a job rather than removing it (its finished results stay readable), so
    the check that a deleted resource is gone (``use_after_free``) does not apply; and
    an inline schema must also keep rules JSON Schema cannot state (see
    ``FUZZ_CONFIG``). Everything the OpenAPI document forbids is still checked to be
    refused, on every operation.
    """
    created = molextract(_env(tmp_path), "keys", "create", "fuzzer")
    assert created.returncode == 0, created.stderr
    secret = created.stdout.strip()
    st = Path(sys.executable).with_name("st")
    config = tmp_path / "schemathesis.toml"
    config.write_text(FUZZ_CONFIG, encoding="utf-8")
    fuzzing = subprocess.run(
        [
            str(st),
            "--config-file",
            str(config),
            "run",
            f"{server.url}/openapi.json",
            "--header",
            f"Authorization: Bearer {secret}",
            "--phases",
            "examples,coverage,fuzzing,stateful",
            "--max-examples",
            str(FUZZ_EXAMPLES),
            "--seed",
            "20261125",
            "--generation-allow-x00",
            "false",
            "--generation-codec",
            "utf-8",
            "--generation-database",
            "none",
            "--request-timeout",
            "60",
            "--no-color",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=1200,
        check=False,
    )
    report = fuzzing.stdout + fuzzing.stderr
    assert fuzzing.returncode == 0, report[-20000:]
    selected = re.search(r"Selected: (\d+)/(\d+)", report)
    tested = re.search(r"Tested: (\d+)", report)
    assert selected and tested, report[-4000:]
    assert selected[1] == selected[2] == tested[1], report[-4000:]  # every operation
    assert int(tested[1]) >= 12 and "generated" in report, report[-4000:]
