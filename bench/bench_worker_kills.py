"""Whole workers killed during a job: seconds from each kill to its chunk running again.

.venv/bin/python bench/bench_worker_kills.py [--mode redis|embedded|both] [--kills 10]
    [--docs 160] [--chunk 2]

Real parts throughout: ``molextract worker`` processes on a private redis-server (mode
``redis``: two workers, each killed in turn and restarted at once, as when a machine
dies and comes back), or ``molextract serve`` with its embedded worker on the SQLite
broker (mode ``embedded``: the worker child is killed and ``serve`` restarts it). The
engine is the real local one with SmolLM2-135M, so chunks take seconds. Every lease
and timeout setting is left at its default; only the chunk size is small, so that
there are many chunks to kill.

A kill is SIGKILL of the worker's whole process group (main process and pool child),
taken while it holds a chunk; the next kill waits until that chunk runs again, so
what is measured is how long a death goes unnoticed, not a queue of earlier deaths'
chunks. The chunk "runs again" when each of its documents is claimed anew (its
attempt count went up) or finished. After the last kill the rest of the job is
cancelled; every finished document must then have exactly one result line and one
set of records, and none may be left queued or running: 0 lost, 0 duplicated.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from sqlalchemy import select

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.utils.network import free_port  # noqa: E402
from tests.utils.redis_server import private_redis  # noqa: E402

from molextract.config import Settings  # noqa: E402
from molextract.ingest.document import Document  # noqa: E402
from molextract.jobs import FINAL_JOB_STATUSES  # noqa: E402
from molextract.store import JobDocument, Repository, make_engine, session_factory  # noqa: E402
from molextract.store import upgrade as upgrade_store  # noqa: E402
from molextract.workers.celery_dispatch import make_dispatcher  # noqa: E402

MOLEXTRACT = str(Path(sys.executable).with_name("molextract"))
MODEL = "smollm2-135m"
FINAL = FINAL_JOB_STATUSES

TEXTS = [
    "Aspirin melts at 135 °C.",
    "Urea (mp 133 °C) was recrystallised from ethanol.",
    "Benzoic acid melts at 122 °C.",
    "Caffeine melts at 236 °C.",
    "Phenol melts at 41 °C.",
    "Naphthalene (mp 80 °C) sublimes readily.",
    "Vanillin melts at 81 °C and is soluble in ethanol.",
    "Acetanilide was obtained as white plates, mp 114 °C.",
]


@dataclass
class Kill:
    at: float
    documents: dict[int, int]  # row id -> attempts when killed
    resumed_after: float | None = None


@dataclass
class Run:
    mode: str
    kills: list[Kill] = field(default_factory=list)
    documents: int = 0
    lost: int = 0
    duplicated: int = 0
    failed: int = 0
    cancelled: int = 0
    seconds: float = 0.0


def documents(n: int) -> list[Document]:
    return [Document(f"doc-{i:04d}", TEXTS[i % len(TEXTS)]) for i in range(n)]


def rows(repo: Repository, job_id: str) -> list[JobDocument]:
    with repo._sessions() as session:
        return list(session.scalars(select(JobDocument).where(JobDocument.job_id == job_id)))


def busy_documents(repo: Repository, job_id: str, claimant: str | None) -> dict[int, int]:
    """Documents running under ``claimant`` (any claimant if None): row id -> attempts."""
    return {
        d.id: d.attempts
        for d in rows(repo, job_id)
        if d.status == "running" and (claimant is None or d.claimed_by == claimant)
    }


def fresh(held: dict[int, int], kills: list[Kill]) -> dict[int, int]:
    """``held`` if none of it was killed before, else nothing.

    Each kill hits a chunk no earlier kill hit: a chunk killed again and again is
    given up after a few claims by design (a document that kills its worker every
    time), which is another test than this one.
    """
    killed = {i for kill in kills for i in kill.documents}
    return {} if killed & held.keys() else held


def resumed(repo: Repository, job_id: str, kill: Kill) -> bool:
    current = {d.id: d for d in rows(repo, job_id)}
    return all(
        current[i].status in ("done", "failed") or current[i].attempts > attempts
        for i, attempts in kill.documents.items()
    )


def job_status(repo: Repository, job_id: str) -> str:
    job = repo.get_job(job_id, None)
    assert job is not None
    return str(job.status)


def settle(repo: Repository, job_id: str, run: Run, timeout: float = 1800) -> None:
    """Wait for every kill's chunk to run again, cancel what is left, then count.

    The documents no kill touched only make the run longer, so once the last kill's
    chunk runs again the job is cancelled: queued documents are not started, running
    ones finish. Then every finished document must have exactly one result line and
    one set of records, and no document may be left queued or running.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        poll_kills(repo, job_id, run.kills)
        if all(k.resumed_after for k in run.kills) or job_status(repo, job_id) in FINAL:
            break
        time.sleep(0.5)
    if job_status(repo, job_id) not in FINAL:
        repo.cancel_job(job_id, None)
    while time.monotonic() < deadline:
        poll_kills(repo, job_id, run.kills)
        if not any(d.status in ("queued", "running") for d in rows(repo, job_id)):
            break
        time.sleep(0.5)
    else:
        raise SystemExit(f"job {job_id} did not settle within {timeout:.0f} s")
    documents = rows(repo, job_id)
    finished = {d.doc_id for d in documents if d.status in ("done", "failed")}
    lines = list(repo.document_results(job_id))
    ids = [line["doc_id"] for line in lines]
    run.documents = len(finished)
    run.cancelled = sum(d.status == "cancelled" for d in documents)
    run.lost = len(finished - set(ids))
    run.duplicated = len(ids) - len(set(ids)) + len(set(ids) - finished)
    for line in lines:
        keys = [json.dumps(r, sort_keys=True) for r in line["records"]]
        run.duplicated += len(keys) - len(set(keys))
    counts = repo.job_counts(job_id)
    run.failed = counts["failed"]
    if counts["records"] != sum(len(line["records"]) for line in lines):
        run.duplicated += 1


def poll_kills(repo: Repository, job_id: str, kills: list[Kill]) -> None:
    for kill in kills:
        if kill.resumed_after is None and resumed(repo, job_id, kill):
            kill.resumed_after = time.monotonic() - kill.at


def wait_for(condition: Callable[[], bool], what: str, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    raise SystemExit(f"timed out waiting for {what}")


def worker_children(pid: int) -> list[int]:
    """Child processes of ``pid``, whichever of its threads started them.

    ``serve`` restarts its worker from a supervisor thread, and Linux lists a child
    under the thread that forked it (``/proc/PID/task/TID/children``).
    """
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except (FileNotFoundError, ProcessLookupError):
            continue
    return found


def kill_group(process: subprocess.Popen[bytes]) -> None:
    os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=30)


class Worker:
    """One ``molextract worker`` in its own process group, restartable."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.env, self.log = env, log
        self.process: subprocess.Popen[bytes] | None = None
        self.offset = 0

    def start(self) -> None:
        self.offset = self.log.stat().st_size if self.log.exists() else 0
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [MOLEXTRACT, "worker", "--concurrency", "1", "--log-level", "INFO"],
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def text(self) -> str:
        with self.log.open("rb") as log:
            log.seek(self.offset)
            return log.read().decode(errors="replace")

    def current_task(self) -> str | None:
        marker = "extract_chunk["
        received = [
            line.split(marker, 1)[1].split("]", 1)[0]
            for line in self.text().splitlines()
            if marker in line and "received" in line
        ]
        return received[-1] if received else None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            kill_group(self.process)


def redis_run(args: argparse.Namespace, tmp: Path) -> Run:
    run = Run("redis")
    with private_redis() as redis:
        database = f"sqlite:///{tmp / 'redis-mode.db'}"
        upgrade_store(database)
        settings = {
            "MOLEXTRACT_DATABASE_URL": database,
            "MOLEXTRACT_BROKER_URL": redis.url,
            "MOLEXTRACT_LOCAL_MODEL": MODEL,
            "MOLEXTRACT_CHUNK_DOCUMENTS": str(args.chunk),
        }
        env = {**os.environ, **settings}
        workers = [Worker(env, tmp / f"worker-{i}.log") for i in range(2)]
        engine = make_engine(database)
        repo = Repository(session_factory(engine))
        try:
            for worker in workers:
                worker.start()
            wait_for(lambda: all(" ready." in w.text() for w in workers), "the workers")
            dispatcher = make_dispatcher(
                Settings(database_url=database, broker_url=redis.url, chunk_documents=args.chunk)
            )
            started = time.monotonic()
            job, _ = repo.create_job(
                api_key_id=None,
                schema_name="melting_point",
                custom_schema=None,
                options={},
                documents=documents(args.docs),
            )
            dispatcher.dispatch(job.id, repo.pending_document_ids(job.id))
            while len(run.kills) < args.kills and job_status(repo, job.id) not in FINAL:
                victim = workers[len(run.kills) % 2]
                held: dict[int, int] = {}

                def victim_busy(victim: Worker = victim, held: dict[int, int] = held) -> bool:
                    poll_kills(repo, job.id, run.kills)
                    task = victim.current_task()
                    held.clear()
                    if task:
                        held.update(fresh(busy_documents(repo, job.id, task), run.kills))
                    return bool(held) or job_status(repo, job.id) in FINAL

                wait_for(victim_busy, "a worker to hold a chunk")
                if not held:
                    break
                assert victim.process is not None
                kill_group(victim.process)
                run.kills.append(Kill(time.monotonic(), dict(held)))
                print(
                    f"  kill {len(run.kills)}: worker {workers.index(victim)}, "
                    f"{len(held)} document(s) held",
                    flush=True,
                )
                victim.start()  # the machine comes back at once
                wait_for(lambda v=victim: " ready." in v.text(), "the restarted worker")
                # The next kill only once this chunk runs again: what is measured is how
                # long a death goes unnoticed, not a queue of chunks of earlier deaths.
                kill = run.kills[-1]
                wait_for(
                    lambda k=kill: (
                        k.resumed_after is not None
                        or bool(poll_kills(repo, job.id, run.kills))
                        or job_status(repo, job.id) in FINAL
                    ),
                    "the chunk to run again",
                )
            settle(repo, job.id, run)
            run.seconds = time.monotonic() - started
        finally:
            for worker in workers:
                worker.stop()
            engine.dispose()
    return run


def embedded_run(args: argparse.Namespace, tmp: Path) -> Run:
    run = Run("embedded")
    database = f"sqlite:///{tmp / 'embedded-mode.db'}"
    port = free_port()
    env = {
        **os.environ,
        "MOLEXTRACT_DATABASE_URL": database,
        "MOLEXTRACT_LOCAL_MODEL": MODEL,
        "MOLEXTRACT_CHUNK_DOCUMENTS": str(args.chunk),
        "MOLEXTRACT_BROKER_URL": "",
    }
    log = (tmp / "serve.log").open("ab")
    serve = subprocess.Popen(
        [MOLEXTRACT, "serve", "--port", str(port), "--log-level", "WARNING"],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    engine = None
    try:

        def up() -> bool:
            try:
                return httpx.get(f"{url}/readyz", timeout=2).status_code == 200
            except httpx.HTTPError:
                return False

        wait_for(up, "molextract serve")
        engine = make_engine(database)
        repo = Repository(session_factory(engine))
        body = {
            "schema": "melting_point",
            "documents": [{"id": d.id, "text": d.text} for d in documents(args.docs)],
        }
        started = time.monotonic()
        answer = httpx.post(f"{url}/v1/jobs", json=body, timeout=60)
        answer.raise_for_status()
        job_id = answer.json()["id"]
        while len(run.kills) < args.kills and job_status(repo, job_id) not in FINAL:
            held: dict[int, int] = {}

            def worker_busy(held: dict[int, int] = held) -> bool:
                poll_kills(repo, job_id, run.kills)
                held.clear()
                held.update(fresh(busy_documents(repo, job_id, None), run.kills))
                return bool(held) or job_status(repo, job_id) in FINAL

            wait_for(worker_busy, "the embedded worker to hold a chunk")
            if not held:
                break
            children = worker_children(serve.pid)
            if not children:  # between a death and serve's restart of the worker
                time.sleep(0.2)
                continue
            for child in children:
                os.kill(child, signal.SIGKILL)
            run.kills.append(Kill(time.monotonic(), dict(held)))
            print(
                f"  kill {len(run.kills)}: embedded worker, {len(held)} document(s) held",
                flush=True,
            )
            # The next kill only once the chunk runs again, so each kill hits a worker
            # that serve restarted (and not the same dead one twice).
            kill = run.kills[-1]
            wait_for(
                lambda k=kill: (
                    k.resumed_after is not None or bool(poll_kills(repo, job_id, run.kills))
                ),
                "the chunk to run again",
            )
        settle(repo, job_id, run)
        run.seconds = time.monotonic() - started
    finally:
        os.killpg(serve.pid, signal.SIGTERM)
        try:
            serve.wait(timeout=40)
        except subprocess.TimeoutExpired:
            kill_group(serve)
        log.close()
        if engine is not None:
            engine.dispose()
    return run


def report(run: Run) -> None:
    waits = [k.resumed_after for k in run.kills if k.resumed_after is not None]
    print(
        f"\n{run.mode}: {run.documents} documents finished ({run.cancelled} cancelled after "
        f"the last kill), {len(run.kills)} kills, {run.seconds:.0f} s"
    )
    for n, kill in enumerate(run.kills, 1):
        after = f"{kill.resumed_after:.1f} s" if kill.resumed_after is not None else "never"
        print(f"  kill {n:2d}: {len(kill.documents)} document(s), running again after {after}")
    if waits:
        print(
            f"  kill -> running again: median {statistics.median(waits):.1f} s, "
            f"max {max(waits):.1f} s"
        )
    print(f"  lost {run.lost}, duplicated {run.duplicated}, failed {run.failed}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=["redis", "embedded", "both"], default="both")
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--docs", type=int, default=600)
    parser.add_argument("--chunk", type=int, default=2)
    args = parser.parse_args()
    runs: list[Run] = []
    with tempfile.TemporaryDirectory(prefix="molextract-kills-") as directory:
        tmp = Path(directory)
        if args.mode in ("redis", "both"):
            print("redis broker, two workers:", flush=True)
            runs.append(redis_run(args, tmp))
        if args.mode in ("embedded", "both"):
            print("embedded worker of molextract serve:", flush=True)
            runs.append(embedded_run(args, tmp))
    for run in runs:
        report(run)
    bad = [r for r in runs if r.lost or r.duplicated or len(r.kills) < args.kills]
    if bad:
        raise SystemExit("some documents were lost or duplicated, or too few kills were made")


if __name__ == "__main__":
    main()
