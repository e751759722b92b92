"""The job service's own cost: API submissions and documents/s through API + Celery + store.

.venv/bin/python bench/bench_service.py [--jobs 300] [--clients 8] [--docs 2000]

Real parts: ``molextract serve`` (uvicorn, SQLite store in WAL mode), a private
redis-server as the broker, and a Celery worker; only the model is replaced by
recorded generations (``replay_worker.py``), so what is measured is everything
around it. The in-process figure runs the same documents through ``Pipeline`` with
the same replayed engine and writes JSONL, as ``molextract run`` does.

1. submissions: ``--jobs`` POST /v1/jobs of 10 documents each from ``--clients``
   threads, no worker running: the API, the store and the publish to Redis;
2. end to end: ``--docs`` documents submitted in jobs of 100 while a worker runs;
   time from the first upload until every job has ended.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from molextract.config import Settings
from molextract.extraction.pipeline import Pipeline
from molextract.ingest import read_documents
from molextract.ingest.document import Document
from molextract.runs.client import ApiClient
from molextract.runs.local import batched
from molextract.runs.remote import wait_for_jobs
from molextract.runs.sinks import JsonlSink
from molextract.schemas import get_schema
from replay import ReplayEngine
from synth import write_jsonl

BENCH = Path(__file__).parent
SCHEMA = "molecular_properties"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_ready(url: str, process: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"{url} exited with {process.returncode}")
        try:
            if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"{url} not ready after {timeout} s")


class Stack:
    """redis-server + ``molextract serve`` (+ a replay worker) in one temporary directory."""

    def __init__(self, tmp: Path, name: str) -> None:
        redis_server = shutil.which("redis-server")
        if redis_server is None:
            raise SystemExit("redis-server is needed: apt-get install -y redis-server")
        self.dir = tmp / name
        self.dir.mkdir()
        redis_port, api_port = free_port(), free_port()
        self.env = {
            **os.environ,
            "MOLEXTRACT_DATABASE_URL": f"sqlite:///{self.dir / 'store.db'}",
            "MOLEXTRACT_BROKER_URL": f"redis://127.0.0.1:{redis_port}/0",
            "MOLEXTRACT_REQUIRE_API_KEY": "false",
            "MOLEXTRACT_CHUNK_DOCUMENTS": "16",
            "PYTHONPATH": str(BENCH),
        }
        self.processes = [
            subprocess.Popen(
                [
                    redis_server,
                    "--port",
                    str(redis_port),
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                    "--dir",
                    str(self.dir),
                ],
                stdout=subprocess.DEVNULL,
            )
        ]
        self.url = f"http://127.0.0.1:{api_port}"
        log = (self.dir / "serve.log").open("wb")
        serve = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "molextract.cli",
                "serve",
                "--port",
                str(api_port),
                "--log-level",
                "WARNING",
            ],
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        self.processes.append(serve)
        wait_ready(self.url, serve)

    def start_worker(self, concurrency: int) -> None:
        log = (self.dir / "worker.log").open("wb")
        self.processes.append(
            subprocess.Popen(
                [sys.executable, str(BENCH / "replay_worker.py"), str(concurrency)],
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        )

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


def bench_submissions(tmp: Path, jobs: int, clients: int) -> None:
    stack = Stack(tmp, "submissions")
    try:
        bodies = [
            {
                "schema": SCHEMA,
                "documents": [
                    {"id": f"j{j}-d{d}", "text": f"Compound {j}-{d} melts at {100 + d} °C. " * 8}
                    for d in range(10)
                ],
            }
            for j in range(jobs)
        ]
        local = httpx.Client(base_url=stack.url, timeout=60)

        def post(body: dict[str, object]) -> float:
            started = time.perf_counter()
            response = local.post("/v1/jobs", json=body)
            if response.status_code != 202:
                raise SystemExit(f"{response.status_code}: {response.text}")
            return time.perf_counter() - started

        for body in bodies[:5]:  # warm-up: connections, first migrations, Redis queue
            post({**body, "documents": [{**d, "id": "w" + d["id"]} for d in body["documents"]]})
        started = time.perf_counter()
        with ThreadPoolExecutor(clients) as pool:
            latencies = sorted(pool.map(post, bodies))
        wall = time.perf_counter() - started
        local.close()
        p50 = statistics.median(latencies)
        p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
        print(f"submissions: {jobs} jobs × 10 documents from {clients} client threads")
        print(f"  {jobs / wall:.1f} jobs/s ({10 * jobs / wall:.0f} documents/s accepted)")
        print(f"  latency p50 {1000 * p50:.1f} ms, p99 {1000 * p99:.1f} ms")
    finally:
        stack.stop()


def bench_end_to_end(tmp: Path, docs: int, concurrency: int) -> None:
    source = write_jsonl(tmp / "docs.jsonl", docs)
    documents: list[Document] = list(read_documents([source], print))

    pipeline = Pipeline(get_schema(SCHEMA), ReplayEngine(), Settings())
    started = time.perf_counter()
    with JsonlSink(tmp / "in-process.jsonl", append=False) as sink:
        for batch in batched(documents, 16):
            sink.write_results(pipeline.run(batch))
    in_process = docs / (time.perf_counter() - started)

    stack = Stack(tmp, f"end-to-end-{concurrency}")
    try:
        stack.start_worker(concurrency)
        with ApiClient(stack.url) as client:
            started = time.perf_counter()
            job_ids: list[str] = []
            for batch in batched(documents, 100):
                job_ids += client.submit_batch(SCHEMA, batch)[0]
            progress = wait_for_jobs(client, job_ids, interval=0.2)
            through_service = docs / (time.perf_counter() - started)
            lines = sum(1 for job in job_ids for _ in client.document_results(job))
        assert lines == docs and progress.finished == docs, (lines, progress)
        statuses = sorted(set(progress.statuses.values()))
    finally:
        stack.stop()
    print(f"end to end: {docs} documents, replayed engine, worker concurrency {concurrency}")
    print(f"  in-process (Pipeline + JSONL):          {in_process:8.1f} documents/s")
    print(
        f"  API + Redis + Celery worker + SQLite:   {through_service:8.1f} documents/s "
        f"(ratio {through_service / in_process:.2f}; jobs ended {statuses})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=300)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--docs", type=int, default=2000)
    parser.add_argument("--worker-concurrency", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        bench_submissions(Path(tmp), args.jobs, args.clients)
        bench_end_to_end(Path(tmp), args.docs, args.worker_concurrency)
    print(json.dumps({"cpu_count": os.cpu_count()}))


if __name__ == "__main__":
    main()
