"""The embedded mode ``molextract serve`` uses: no Redis, a supervised worker child.

The worker is started with :func:`start_embedded_worker`, exactly as ``serve`` will,
and jobs go through the SQLite broker beside the store.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from molextract.config import Settings
from molextract.store import Repository, open_repository
from molextract.workers.app import make_celery
from molextract.workers.celery_dispatch import CeleryDispatcher
from molextract.workers.embedded import EmbeddedWorker, start_embedded_worker
from molextract.workers.stopping import EXIT_ABANDONED
from tests.utils.workers import (
    SMOL,
    assert_each_document_once,
    busy_documents,
    documents_of,
    submit,
    tiny_documents,
    wait_for_job,
    wait_until,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.model,
    # kombu's SQLAlchemy transport uses a loader strategy SQLAlchemy 2.1 deprecates;
    # the warning is raised in this process when a test publishes a job.
    pytest.mark.filterwarnings("ignore:The ``noload`` loader strategy is deprecated"),
]


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, local_model=SMOL, max_new_tokens=256)


@pytest.fixture
def repo(database_url: str) -> Iterator[Repository]:
    with open_repository(database_url) as repo:
        yield repo


@pytest.fixture
def worker(settings: Settings, tmp_path: Path) -> Iterator[EmbeddedWorker]:
    worker = start_embedded_worker(settings, log_path=tmp_path / "worker.log")
    try:
        # Jobs are submitted once the worker's start-up recovery (which empties the
        # queue) is over, so the test's own chunk sizes are the ones that run.
        wait_until(lambda: " ready." in log(tmp_path), "the worker", logs=lambda: log(tmp_path))
        yield worker
    finally:
        worker.stop()


def log(tmp_path: Path) -> str:
    return (tmp_path / "worker.log").read_text(errors="replace")[-6000:]


def test_an_embedded_worker_runs_a_job_without_redis(
    settings: Settings, worker: EmbeddedWorker, repo: Repository, tmp_path: Path
) -> None:
    dispatcher = CeleryDispatcher(make_celery(settings), documents_per_batch=2)
    assert dispatcher.ready()
    job_id = submit(repo, dispatcher, tiny_documents(3))
    status = wait_for_job(repo, job_id, lambda: log(tmp_path))

    assert status in ("succeeded", "partial")
    lines = assert_each_document_once(repo, job_id, 3)
    assert sum(len(line["records"]) for line in lines) >= 1
    assert [d.attempts for d in documents_of(repo, job_id)] == [1, 1, 1]
    assert "sqla+sqlite" in log(tmp_path) and worker.restarts == 0

    pid = worker.pid
    assert pid is not None
    worker.stop()
    assert not worker.alive
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_a_killed_embedded_worker_is_restarted_and_finishes_the_job_once(
    settings: Settings, worker: EmbeddedWorker, repo: Repository, tmp_path: Path
) -> None:
    job_id = submit(
        repo, CeleryDispatcher(make_celery(settings), documents_per_batch=1), tiny_documents(3)
    )

    def running() -> set[str]:
        return {d.doc_id for d in documents_of(repo, job_id) if d.status == "running"}

    wait_until(lambda: bool(running()), "a chunk to run", logs=lambda: log(tmp_path))
    killed = worker.pid
    assert killed is not None
    os.kill(killed, signal.SIGKILL)
    interrupted = running()  # the SQLite broker will never hand this chunk back itself
    status = wait_for_job(repo, job_id, lambda: log(tmp_path))

    assert status in ("succeeded", "partial")
    assert worker.restarts == 1 and worker.pid != killed
    assert interrupted
    assert_each_document_once(repo, job_id, 3)
    attempts = {d.doc_id: d.attempts for d in documents_of(repo, job_id)}
    assert all(attempts[doc_id] == 2 for doc_id in interrupted), attempts
    assert "re-sent" in log(tmp_path)


def test_a_stopped_embedded_worker_hands_its_batch_back_and_the_next_one_runs_it_once(
    settings: Settings, repo: Repository, tmp_path: Path
) -> None:
    """``serve`` stopping its worker mid-batch: the worker does not wait for the batch (a
    grammar compile or a long chunk took minutes), and nothing is lost or run twice."""
    patient = 300.0  # the supervisor would kill it only after this: it must stop by itself
    first = start_embedded_worker(settings, log_path=tmp_path / "worker.log", stop_timeout=patient)
    try:
        wait_until(lambda: " ready." in log(tmp_path), "the worker", logs=lambda: log(tmp_path))
        job_id = submit(
            repo,
            CeleryDispatcher(make_celery(settings), documents_per_batch=24),
            busy_documents(24),
        )
        wait_until(
            lambda: any(d.status == "running" for d in documents_of(repo, job_id)),
            "the batch to start",
            logs=lambda: log(tmp_path),
        )
        time.sleep(3)  # into its model calls
    finally:
        first.stop()
    process = first._process
    assert process is not None and process.returncode in (0, EXIT_ABANDONED), log(tmp_path)
    documents = documents_of(repo, job_id)
    assert any(d.status == "running" for d in documents), "the batch had already finished"
    assert all((d.status, d.claimed_at, d.attempts) == ("running", None, 0) for d in documents)

    second = start_embedded_worker(settings, log_path=tmp_path / "worker.log")
    try:
        status = wait_for_job(repo, job_id, lambda: log(tmp_path))
    finally:
        second.stop()
    assert status in ("succeeded", "partial")
    assert_each_document_once(repo, job_id, 24)
    assert [d.attempts for d in documents_of(repo, job_id)] == [1] * 24
