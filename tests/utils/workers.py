"""Helpers of the worker tests: settings, worker processes, job submission, waiting."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from pydantic import Field
from sqlalchemy import select

from molextract.config import Settings
from molextract.ingest.document import Document
from molextract.store import JobDocument, JobStatus, Repository

HERE = Path(__file__).parent
LAUNCHER = HERE / "workers_launcher.py"
SMOL = "smollm2-135m"

#: Upper bound of every wait in these tests.
WAIT_SECONDS = 180.0


class ImmediateRetrySettings(Settings):
    """``Settings`` whose retry backoff may be 0, so a test's retries run at once.

    A deployment must wait between retries (the setting must be positive); a test
    that retries through ``Task.apply`` has nothing to wait for.
    """

    task_retry_backoff: float = Field(
        default=Settings.model_fields["task_retry_backoff"].default, ge=0
    )


TINY_TEXTS = [
    "Aspirin melts at 135 °C.",
    "Urea (mp 133 °C) was recrystallised from ethanol.",
    "Benzoic acid melts at 122 °C.",
    "The solution was stirred overnight and filtered.",
    "Caffeine melts at 236 °C.",
    "Phenol melts at 41 °C.",
]


def tiny_documents(n: int, prefix: str = "doc") -> list[Document]:
    return _documents(TINY_TEXTS, n, prefix)


def _documents(texts: list[str], n: int, prefix: str) -> list[Document]:
    return [Document(f"{prefix}-{i}", texts[i % len(texts)]) for i in range(n)]


#: Texts whose value the form rules cannot give a compound, so each costs one model call.
#: The rules decide every tiny text above without the model, and a batch of them ends
#: within a second or two: a test that stops, kills or cancels a batch in flight needs
#: one that is still running when it acts (and a checkpoint at each model call). Each
#: document gets its own temperature, so no two prompts are alike and none is answered
#: from llama.cpp's prompt cache faster than a new one.
BUSY_TEXTS = [
    "Aspirin and urea were ground together; the solid obtained melted at {t} °C.",
    "Urea and ethanol were warmed and the white powder from the flask melted at {t} °C.",
    "Benzoic acid and toluene were mixed and the residue had a melting point of {t} °C.",
    "Caffeine and theobromine were dissolved; the crystals obtained melted at {t} °C.",
    "Phenol and water were shaken and the solid left behind melted at {t} °C.",
]


def busy_documents(n: int, prefix: str = "doc") -> list[Document]:
    texts = [BUSY_TEXTS[i % len(BUSY_TEXTS)].format(t=60 + 3 * i) for i in range(n)]
    return _documents(texts, n, prefix)


def worker_environment(settings: Mapping[str, object]) -> dict[str, str]:
    """The test process's environment with ``MOLEXTRACT_*`` overrides for a worker."""
    env = dict(os.environ)
    for name, value in settings.items():
        env[f"MOLEXTRACT_{name.upper()}"] = value if isinstance(value, str) else json.dumps(value)
    return env


class WorkerProcess:
    """A real worker (``workers_launcher.py`` → ``run_worker``) in its own process group.

    The group lets a test kill the worker and its pool processes at once, as a
    machine losing power would, and lets teardown be sure nothing is left behind.
    """

    def __init__(self, env: dict[str, str], log_path: Path, args: list[str]) -> None:
        self.env = env
        self.log_path = log_path
        self.args = args
        self.process: subprocess.Popen[bytes] | None = None
        self._log_start = 0

    def start(self) -> WorkerProcess:
        self._log_start = self.log_path.stat().st_size if self.log_path.exists() else 0
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, str(LAUNCHER), *self.args],
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        return self

    def wait_ready(self) -> None:
        """Return once this worker consumes (its start-up recovery is then done)."""

        def ready() -> bool:
            assert self.process is not None
            if self.process.poll() is not None:
                raise AssertionError(
                    f"the worker exited with {self.process.returncode}\n{self.log()}"
                )
            with self.log_path.open("rb") as log:
                log.seek(self._log_start)
                return b" ready." in log.read()

        wait_until(ready, "the worker to be ready", logs=self.log)

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def pool_children(self) -> list[int]:
        """Pool processes of a prefork worker (Linux ``/proc``)."""
        path = Path(f"/proc/{self.pid}/task/{self.pid}/children")
        try:
            return [int(p) for p in path.read_text().split()]
        except FileNotFoundError:
            return []

    def kill(self) -> None:
        """SIGKILL the whole worker: no warm shutdown, no message handed back."""
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        """Warm shutdown, then kill; always leaves no process of the group behind."""
        if self.process is None:
            return
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            with suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=20)
        with suppress(ProcessLookupError):  # the group may be gone already
            os.killpg(self.process.pid, signal.SIGKILL)
        if self.process.poll() is None:
            self.process.wait(timeout=30)

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-6000:]
        except FileNotFoundError:
            return ""


@contextmanager
def worker_process(env: dict[str, str], log_path: Path, *args: str) -> Iterator[WorkerProcess]:
    worker = WorkerProcess(env, log_path, list(args)).start()
    try:
        yield worker
    finally:
        worker.stop()


def submit(
    repo: Repository, dispatcher: Any, documents: list[Document], schema: str = "melting_point"
) -> str:
    """Store a job and dispatch its documents, as the API does."""
    job, created = repo.create_job(
        api_key_id=None, schema_name=schema, custom_schema=None, options={}, documents=documents
    )
    assert created
    dispatcher.dispatch(job.id, repo.pending_document_ids(job.id))
    return job.id


def wait_until(
    condition: Callable[[], bool],
    what: str,
    *,
    timeout: float = WAIT_SECONDS,
    logs: Callable[[], str] = lambda: "",
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}\n{logs()}")


FINAL = {JobStatus.SUCCEEDED, JobStatus.PARTIAL, JobStatus.FAILED, JobStatus.CANCELLED}


def job_status(repo: Repository, job_id: str) -> str:
    job = repo.get_job(job_id, None)
    assert job is not None
    return job.status


def wait_for_job(repo: Repository, job_id: str, logs: Callable[[], str] = lambda: "") -> str:
    wait_until(lambda: job_status(repo, job_id) in FINAL, f"job {job_id} to end", logs=logs)
    return job_status(repo, job_id)


def documents_of(repo: Repository, job_id: str) -> list[JobDocument]:
    with repo._sessions() as session:  # the tests look at columns the API does not show
        return list(
            session.scalars(
                select(JobDocument)
                .where(JobDocument.job_id == job_id)
                .order_by(JobDocument.position)
            )
        )


def assert_each_document_once(repo: Repository, job_id: str, n: int) -> list[dict[str, Any]]:
    """Every document finished once, its records stored once; returns the result lines."""
    counts = repo.job_counts(job_id)
    assert counts["total"] == n
    assert counts["done"] + counts["failed"] == n
    assert counts["queued"] == counts["running"] == counts["cancelled"] == 0
    lines = list(repo.document_results(job_id))
    assert sorted(line["doc_id"] for line in lines) == sorted(
        d.doc_id for d in documents_of(repo, job_id)
    )
    assert len({line["doc_id"] for line in lines}) == n
    records = [record for line in lines for record in line["records"]]
    assert counts["records"] == len(records)
    for line in lines:
        # The pipeline de-duplicates a document's records, so a repeated record can
        # only come from a result saved twice.
        keys = [json.dumps(r, sort_keys=True) for r in line["records"]]
        assert len(keys) == len(set(keys)), f"duplicated records for {line['doc_id']}"
        assert all(r["doc_id"] == line["doc_id"] for r in line["records"])
    return lines
