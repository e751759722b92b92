"""Real worker processes on a real (private) Redis, mostly with the real SmolLM2 engine.

Each test starts its workers with ``workers_launcher.py`` (``run_worker``: the
``celery worker`` command with molextract's app) and kills them in teardown. Jobs
are submitted as the API does: stored through the Repository, then dispatched by
``CeleryDispatcher``. Chunks are one document each where a test needs a chunk in
flight to kill, or queued chunks to cancel.
"""

from __future__ import annotations

import os
import re
import signal
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from molextract.config import Settings
from molextract.ingest.document import Document
from molextract.store import Repository, open_repository
from molextract.workers.app import make_celery
from molextract.workers.celery_dispatch import CeleryDispatcher
from tests.utils.fake_engines import CALL_LOG_ENV, OUTAGE_MARKER
from tests.utils.redis_server import RedisServer
from tests.utils.workers import (
    SMOL,
    WorkerProcess,
    assert_each_document_once,
    busy_documents,
    documents_of,
    job_status,
    submit,
    tiny_documents,
    wait_for_job,
    wait_until,
    worker_environment,
    worker_process,
)

pytestmark = pytest.mark.slow

#: Short, so a worker that replaces a killed one gets the killed one's message soon;
#: still longer than a one-document chunk of SmolLM2 takes here.
VISIBILITY_TIMEOUT = 20
#: A batch that takes SmolLM2 about a minute here (one model call per document), so a
#: signal sent a second after it starts lands well inside it, however late the test sees
#: it start.
BIG_BATCH = 48


def environment(database_url: str, broker_url: str, chunk: int, **extra: object) -> dict[str, str]:
    return worker_environment(
        {
            "database_url": database_url,
            "broker_url": broker_url,
            "local_model": SMOL,
            "max_new_tokens": 256,
            "chunk_documents": chunk,
            "broker_visibility_timeout": VISIBILITY_TIMEOUT,
            **extra,
        }
    )


def dispatcher(database_url: str, broker_url: str, chunk: int) -> CeleryDispatcher:
    settings = Settings(database_url=database_url, broker_url=broker_url)
    return CeleryDispatcher(make_celery(settings), documents_per_batch=chunk)


@pytest.fixture
def repo(database_url: str) -> Iterator[Repository]:
    with open_repository(database_url) as repo:
        yield repo


def running(repo: Repository, job_id: str) -> list[str]:
    return [d.doc_id for d in documents_of(repo, job_id) if d.status == "running"]


@pytest.mark.model
def test_a_job_runs_on_a_redis_worker_once_per_document(
    tmp_path: Path, database_url: str, redis_url: str, repo: Repository
) -> None:
    env = environment(database_url, redis_url, chunk=2)
    with worker_process(env, tmp_path / "worker.log") as worker:
        worker.wait_ready()
        job_id = submit(repo, dispatcher(database_url, redis_url, 2), tiny_documents(4))
        status = wait_for_job(repo, job_id, worker.log)

    assert status in ("succeeded", "partial")
    lines = assert_each_document_once(repo, job_id, 4)
    assert sum(len(line["records"]) for line in lines) >= 1
    assert all(line["engine"]["model"] == SMOL for line in lines)
    assert [d.attempts for d in documents_of(repo, job_id)] == [1, 1, 1, 1]
    job = repo.get_job(job_id, None)
    assert job is not None and job.engines_used == ["local"]


@pytest.mark.model
def test_killed_workers_lose_no_document_and_duplicate_none(
    tmp_path: Path, database_url: str, redis_url: str, repo: Repository
) -> None:
    env = environment(database_url, redis_url, chunk=1)
    log = tmp_path / "worker.log"
    with ExitStack() as stack:
        first = stack.enter_context(worker_process(env, log))
        first.wait_ready()
        job_id = submit(repo, dispatcher(database_url, redis_url, 1), busy_documents(4))

        # Kill 1: the pool process running a chunk dies (as under the OOM killer);
        # the worker's main process hands the message back at once.
        wait_until(lambda: bool(running(repo, job_id)), "a chunk to run", logs=first.log)
        (child,) = first.pool_children()
        os.kill(child, signal.SIGKILL)
        interrupted = set(running(repo, job_id))

        # Kill 2: the whole worker dies mid-chunk; a new worker gets the chunk once
        # Redis's visibility timeout has passed.
        wait_until(
            lambda: (
                any(pid != child for pid in first.pool_children()) and bool(running(repo, job_id))
            ),
            "a chunk to run in the new pool process",
            logs=first.log,
        )
        first.kill()
        interrupted |= set(running(repo, job_id))
        second = stack.enter_context(worker_process(env, log))
        status = wait_for_job(repo, job_id, second.log)

    assert status in ("succeeded", "partial")
    assert len(interrupted) >= 1
    assert_each_document_once(repo, job_id, 4)
    attempts = {d.doc_id: d.attempts for d in documents_of(repo, job_id)}
    assert all(attempts[doc_id] >= 2 for doc_id in interrupted), attempts
    assert "WorkerLostError" in log.read_text(errors="replace")


@pytest.mark.model
def test_a_redis_restart_that_loses_every_message_does_not_stall_the_job(
    tmp_path: Path,
    database_url: str,
    redis_url: str,
    redis_server: RedisServer,
    repo: Repository,
) -> None:
    env = environment(database_url, redis_url, chunk=1)
    with worker_process(env, tmp_path / "worker.log") as worker:
        worker.wait_ready()
        job_id = submit(repo, dispatcher(database_url, redis_url, 1), tiny_documents(4))
        wait_until(
            lambda: repo.job_counts(job_id)["done"] >= 1, "a first document", logs=worker.log
        )
        redis_server.stop()  # no persistence: the queued chunks are gone with it
        time.sleep(2)
        redis_server.start()
        status = wait_for_job(repo, job_id, worker.log)
        log = worker.log()

    assert status in ("succeeded", "partial")
    assert_each_document_once(repo, job_id, 4)
    assert "the broker has no marker" in log


@pytest.mark.model
def test_a_cancelled_job_runs_none_of_its_queued_chunks(
    tmp_path: Path, database_url: str, redis_url: str, repo: Repository
) -> None:
    env = environment(database_url, redis_url, chunk=1)
    send = dispatcher(database_url, redis_url, 1)
    with worker_process(env, tmp_path / "worker.log") as worker:
        worker.wait_ready()
        job_id = submit(repo, send, tiny_documents(5))
        wait_until(
            lambda: repo.job_counts(job_id)["done"] >= 1, "a first document", logs=worker.log
        )
        repo.cancel_job(job_id, None)
        # The worker takes chunks in order, so once a job sent later has ended, every
        # chunk of the cancelled job has been taken off the queue.
        later = submit(repo, send, [Document("later", "Phenol melts at 41 °C.")])
        assert wait_for_job(repo, later, worker.log) in ("succeeded", "partial")

    assert job_status(repo, job_id) == "cancelled"
    documents = documents_of(repo, job_id)
    cancelled = [d for d in documents if d.status == "cancelled"]
    assert len(cancelled) >= 2
    # Queued chunks never ran; the one running at the cancel (chunks are one document)
    # was cancelled with them, its result dropped.
    assert sum(d.attempts for d in cancelled) <= 1
    assert all(d.status in ("done", "cancelled") for d in documents)
    counts = repo.job_counts(job_id)
    assert counts["queued"] == counts["running"] == 0


#: kombu's SQLAlchemy transport uses a loader strategy SQLAlchemy 2.1 deprecates; the
#: warning is raised in this process when the test publishes to the embedded broker.
KOMBU_SQLA_WARNING = "ignore:The ``noload`` loader strategy is deprecated"


@pytest.mark.parametrize(
    "broker",
    ["redis", pytest.param("embedded", marks=pytest.mark.filterwarnings(KOMBU_SQLA_WARNING))],
)
def test_an_engine_outage_is_retried_then_recorded_and_the_job_ends(
    broker: str, tmp_path: Path, database_url: str, request: pytest.FixtureRequest
) -> None:
    if broker == "redis":
        broker_url: str = request.getfixturevalue("redis_url")
    else:
        broker_url = ""
    calls = tmp_path / "engine-calls.log"
    env = environment(database_url, broker_url, chunk=1, task_max_retries=2, task_retry_backoff=0.5)
    env[CALL_LOG_ENV] = str(calls)
    documents = [
        Document("down-1", f"Aspirin melts at 135 °C ({OUTAGE_MARKER})."),
        Document("fine", "Urea melts at 133 °C."),
        Document("down-2", f"Phenol melts at 41 °C ({OUTAGE_MARKER})."),
    ]
    with (
        open_repository(database_url) as repo,
        worker_process(env, tmp_path / "worker.log", "--inject-engine-outage") as worker,
    ):
        worker.wait_ready()
        job_id = submit(repo, dispatcher(database_url, broker_url, 1), documents)
        status = wait_for_job(repo, job_id, worker.log)
        by_id = {d.doc_id: d for d in documents_of(repo, job_id)}

    assert status == "partial"
    for doc_id in ("down-1", "down-2"):
        assert by_id[doc_id].status == "failed"
        assert by_id[doc_id].attempts == 3  # the first try and two retries
        assert [e["code"] for e in by_id[doc_id].error] == ["engine_error"]
    assert by_id["fine"].status == "done" and by_id["fine"].attempts == 1
    lines = calls.read_text().splitlines()
    assert sum(line.startswith("outage ") for line in lines) == 6
    assert sum(line.startswith("ok ") for line in lines) == 1


def _task_running_on(worker: WorkerProcess, repo: Repository, job_id: str) -> str | None:
    """The id of the task ``worker`` is running now (its documents are claimed by it)."""
    received = re.findall(r"extract_chunk\[([0-9a-f-]{36})\] received", worker.log())
    if not received:
        return None
    task_id = received[-1]
    held = [d for d in documents_of(repo, job_id) if d.status == "running"]
    return task_id if any(d.claimed_by == task_id for d in held) else None


@pytest.mark.model
def test_a_dead_worker_machine_costs_seconds_with_the_default_lease(
    tmp_path: Path, database_url: str, redis_url: str, repo: Repository
) -> None:
    # The broker's visibility timeout stays at its default (two hours): the chunk must
    # come back through the store's lease, not through Redis.
    env = environment(database_url, redis_url, chunk=1, broker_visibility_timeout=0)
    assert "MOLEXTRACT_CLAIM_LEASE_SECONDS" not in env
    with ExitStack() as stack:
        doomed = stack.enter_context(worker_process(env, tmp_path / "doomed.log"))
        survivor = stack.enter_context(worker_process(env, tmp_path / "survivor.log"))
        doomed.wait_ready()
        survivor.wait_ready()
        job_id = submit(repo, dispatcher(database_url, redis_url, 1), busy_documents(6))

        found: list[str] = []

        def doomed_is_busy() -> bool:
            task_id = _task_running_on(doomed, repo, job_id)
            found[:] = [task_id] if task_id else []
            return bool(task_id)

        wait_until(doomed_is_busy, "the doomed worker to run a chunk", logs=doomed.log)
        [task_id] = found
        held = {d.id for d in documents_of(repo, job_id) if d.claimed_by == task_id}
        doomed.kill()  # main process and pool child at once: no message handed back
        killed_at = time.monotonic()

        def taken_over() -> bool:
            return all(
                d.status in ("done", "failed") or (d.claimed_by not in (None, task_id))
                for d in documents_of(repo, job_id)
                if d.id in held
            )

        wait_until(taken_over, "the dead worker's chunk to run again", logs=survivor.log)
        resumed_after = time.monotonic() - killed_at
        status = wait_for_job(repo, job_id, survivor.log)

    assert resumed_after < 60, resumed_after
    assert status in ("succeeded", "partial")
    assert_each_document_once(repo, job_id, 6)
    assert "whose worker stopped renewing its claim" in survivor.log()


def _handed_back(repo: Repository, job_id: str) -> None:
    """The batch stopped mid-way and its documents wait, uncounted, for the next claim.

    A handed-back document is unclaimed, so the worker's own sweep of lapsed claims may
    already have queued it again and re-sent it (``leases.sweep_lapsed_work``) by the time
    the test looks: ``running`` or ``queued``, but never saved."""
    documents = documents_of(repo, job_id)
    waiting = ("running", "queued")
    assert any(d.status in waiting for d in documents), "the batch had already finished"
    for document in documents:
        assert document.status in waiting  # nothing saved: a batch is saved as a whole
        assert (document.claimed_at, document.attempts) == (None, 0)


@pytest.mark.model
def test_sigterm_to_a_busy_worker_hands_its_batch_back_and_stops_it(
    tmp_path: Path, database_url: str, redis_url: str, repo: Repository
) -> None:
    """SIGTERM to the main process only (``docker stop``, a Kubernetes pod's end): Celery's
    warm shutdown alone would wait for the whole batch; the worker stops now instead and
    the next worker runs every document once."""
    env = environment(database_url, redis_url, chunk=BIG_BATCH)
    log = tmp_path / "worker.log"
    with worker_process(env, log) as first:
        first.wait_ready()
        job_id = submit(
            repo, dispatcher(database_url, redis_url, BIG_BATCH), busy_documents(BIG_BATCH)
        )
        wait_until(lambda: bool(running(repo, job_id)), "the batch to start", logs=first.log)
        time.sleep(3)  # past loading the model, into its model calls
        pool = first.pool_children()
        assert pool
        assert first.process is not None
        os.kill(first.pid, signal.SIGTERM)
        first.process.wait(timeout=60)  # Celery's own warm shutdown would take minutes
        assert first.process.returncode == 0, first.log()
        wait_until(
            lambda: not any(Path(f"/proc/{pid}").exists() for pid in pool),
            "the pool process to exit",
        )
    _handed_back(repo, job_id)
    assert "handed back" in log.read_text()

    with worker_process(env, log) as second:
        second.wait_ready()
        status = wait_for_job(repo, job_id, second.log)
    assert status in ("succeeded", "partial")
    assert_each_document_once(repo, job_id, BIG_BATCH)
    assert [d.attempts for d in documents_of(repo, job_id)] == [1] * BIG_BATCH


@pytest.mark.model
def test_a_cancel_stops_the_chunk_in_flight_and_the_job_never_changes_after(
    tmp_path: Path, database_url: str, redis_url: str, repo: Repository
) -> None:
    """What the issue saw: ``cancelled`` with ``running: 8``, then ``done`` and ``records``
    growing under the same ``finished_at``. Now the cancel settles the job at once and
    the worker drops the chunk at its next model call, free for other work."""
    env = environment(database_url, redis_url, chunk=24)
    send = dispatcher(database_url, redis_url, 24)
    with worker_process(env, tmp_path / "worker.log") as worker:
        worker.wait_ready()
        job_id = submit(repo, send, busy_documents(24))
        wait_until(lambda: bool(running(repo, job_id)), "the chunk to run", logs=worker.log)
        cancelled = repo.cancel_job(job_id, None)
        counts = repo.job_counts(job_id)
        wait_until(
            lambda: "batch of 24 stopped" in worker.log(), "the chunk to stop", logs=worker.log
        )
        later = submit(repo, send, [Document("later", "Phenol melts at 41 °C.")])
        assert wait_for_job(repo, later, worker.log) in ("succeeded", "partial")

    assert counts == repo.job_counts(job_id)
    assert (counts["cancelled"], counts["running"], counts["done"], counts["records"]) == (
        24,
        0,
        0,
        0,
    )
    job = repo.get_job(job_id, None)
    assert job is not None and job.status == "cancelled"
    assert job.finished_at == cancelled.finished_at
