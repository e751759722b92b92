"""Starting workers: a standalone one (``molextract worker``) and the one ``serve`` runs.

``serve`` without a broker runs its worker as a child process (``python -m
molextract.workers``, which is the ``celery worker`` command with this package's app)
rather than in a thread of the API process:

- Celery's worker expects to own its process: it installs signal handlers, which
  only the main thread may do, and its warm shutdown is driven by signals;
- the model's generation loop runs Python code per token (the grammar), which in a
  thread would compete with the API's event loop for the GIL and slow every request;
- a crash in llama.cpp (a segfault, the out-of-memory killer) takes down only the
  worker, which this module then restarts, instead of the API with it;
- it is the same code path as a production ``molextract worker``, so embedded mode
  tests production behaviour.

The child gets its settings through ``MOLEXTRACT_*`` variables built from the
parent's :class:`Settings`, so settings given in code (tests, CLI options) reach it.
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from billiard.process import active_children, current_process
from celery import signals

from molextract.config import Settings
from molextract.store import upgrade
from molextract.workers.app import make_celery
from molextract.workers.queues import QUEUE
from molextract.workers.stopping import forward_to_pool, install_in_pool_process, request_stop

logger = logging.getLogger(__name__)

#: A child that lived at least this long before dying is restarted at once again;
#: one that dies sooner waits longer each time, up to ``MAX_RESTART_DELAY``.
STABLE_SECONDS = 60.0
MAX_RESTART_DELAY = 30.0

#: How long a stopping worker may take before it is killed. It stops by itself within
#: seconds (:mod:`molextract.workers.stopping`); this is the backstop.
STOP_TIMEOUT = 30.0


def worker_argv(
    *, concurrency: int = 1, pool: str | None = None, loglevel: str = "INFO"
) -> list[str]:
    """Arguments of ``celery worker`` for molextract's queue.

    Prefork is the default even for one process: when a pool process dies mid-task
    the main process puts the message back at once (``reject_on_worker_lost``),
    where with ``solo`` the whole worker is gone and the message waits for the
    visibility timeout. Gossip, mingle and heartbeats are only chatter between
    workers (and need fan-out, which the SQLite broker lacks).
    """
    return [
        "worker",
        f"--concurrency={concurrency}",
        f"--pool={pool or 'prefork'}",
        f"--loglevel={loglevel}",
        f"--queues={QUEUE}",
        f"--hostname=molextract-{os.getpid()}@%h",
        "--without-gossip",
        "--without-mingle",
        "--without-heartbeat",
    ]


def run_worker(
    settings: Settings,
    *,
    concurrency: int = 1,
    pool: str | None = None,
    loglevel: str = "INFO",
) -> None:
    """Run a worker in this process until it is told to stop (SIGTERM, Ctrl-C).

    The database is migrated first, so a worker can be the first process to use it.
    """
    if concurrency < 1:
        raise ValueError("concurrency must be at least 1")
    upgrade(settings.database)
    app = make_celery(settings)
    install_stop_handlers()
    app.worker_main(worker_argv(concurrency=concurrency, pool=pool, loglevel=loglevel))


def _on_shutting_down(sig: str = "", how: str = "", **_: Any) -> None:
    # Celery's handler for SIGTERM/SIGINT/SIGQUIT, in the main process, sends this.
    # With the solo pool the batch runs here; with prefork it runs in the pool
    # processes, which Celery's warm shutdown would otherwise wait for.
    logger.warning("%s shutdown (%s): stopping the batch in flight", how, sig)
    request_stop()
    forward_to_pool([child.pid for child in active_children() if child.pid is not None])


def _on_task_prerun(**_: Any) -> None:
    # In a prefork pool process, before each task: billiard replaces SIGTERM's handler
    # after the pool process starts (worker_process_init is too early), so it is set
    # here, where it is sure to last. The solo pool runs tasks in the main process,
    # whose SIGTERM is Celery's own (and reaches ``_on_shutting_down``).
    if current_process().name != "MainProcess":
        install_in_pool_process()


def install_stop_handlers() -> None:
    """Make a stopping worker stop within seconds (see :mod:`molextract.workers.stopping`).

    Celery's warm shutdown waits for the running task, which on a CPU model can be
    minutes: the task is told instead, stops at its next checkpoint and hands its
    documents back, or the process exits after a grace period anyway.
    """
    signals.worker_shutting_down.connect(_on_shutting_down, weak=False)
    signals.task_prerun.connect(_on_task_prerun, weak=False)


def settings_environment(settings: Settings) -> dict[str, str]:
    """``MOLEXTRACT_*`` variables that rebuild ``settings`` in a child process."""
    prefix = str(settings.model_config.get("env_prefix", "MOLEXTRACT_"))
    env: dict[str, str] = {}
    for name, value in settings.model_dump(mode="json").items():
        if value is None:
            continue
        env[f"{prefix}{name.upper()}"] = value if isinstance(value, str) else json.dumps(value)
    return env


class EmbeddedWorker:
    """A supervised worker child process; restarted when it dies, until :meth:`stop`.

    After a restart the new worker re-sends the unfinished work from the store (see
    :mod:`molextract.workers.recovery`), so the batch the dead one held is not lost.
    """

    def __init__(
        self,
        settings: Settings,
        *,
        stop_timeout: float = STOP_TIMEOUT,
        log_path: Path | None = None,
        loglevel: str = "INFO",
    ) -> None:
        self.settings = settings
        self.stop_timeout = stop_timeout
        self.log_path = log_path
        self.loglevel = loglevel
        self.restarts = 0
        self._process: subprocess.Popen[bytes] | None = None
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._monitor: threading.Thread | None = None

    @property
    def pid(self) -> int | None:
        process = self._process
        return process.pid if process is not None else None

    @property
    def alive(self) -> bool:
        process = self._process
        return process is not None and process.poll() is None

    def _command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "molextract.workers",
            "--pool=solo",
            "--concurrency=1",
            f"--loglevel={self.loglevel}",
            f"--exit-with-parent={os.getpid()}",
        ]

    def _spawn(self) -> subprocess.Popen[bytes]:
        env = {**os.environ, **settings_environment(self.settings)}
        log: IO[bytes] | None = self.log_path.open("ab") if self.log_path is not None else None
        try:
            return subprocess.Popen(
                self._command(), env=env, stdout=log, stderr=subprocess.STDOUT if log else None
            )
        finally:
            if log is not None:
                log.close()

    def start(self) -> EmbeddedWorker:
        """Start the child and its supervisor; returns ``self``."""
        with self._lock:
            if self._monitor is not None:
                return self
            self._process = self._spawn()
            self._monitor = threading.Thread(
                target=self._supervise, name="embedded-worker-supervisor", daemon=True
            )
            self._monitor.start()
        logger.info("embedded worker started (pid %s)", self.pid)
        return self

    def _supervise(self) -> None:
        delay = 1.0
        while True:
            process = self._process
            if process is None:
                return
            started = time.monotonic()
            returncode = process.wait()
            if self._stopping.is_set():
                return
            lived = time.monotonic() - started
            delay = 1.0 if lived >= STABLE_SECONDS else min(MAX_RESTART_DELAY, delay * 2)
            logger.warning(
                "embedded worker (pid %s) exited with %s; restarting in %.0f s",
                process.pid,
                returncode,
                delay,
            )
            if self._stopping.wait(delay):
                return
            with self._lock:
                if self._stopping.is_set():
                    return
                self._process = self._spawn()
                self.restarts += 1

    def stop(self) -> None:
        """SIGTERM, then kill after ``stop_timeout``.

        The worker stops its batch at the next model call (or after a few seconds in
        any case) and hands the documents back; the next start re-sends them. A batch
        cut short is not lost either way. Safe to call more than once.
        """
        self._stopping.set()
        atexit.unregister(self.stop)
        with self._lock:
            process = self._process
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=self.stop_timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        monitor = self._monitor
        if monitor is not None and monitor is not threading.current_thread():
            monitor.join(timeout=5)

    def __enter__(self) -> EmbeddedWorker:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()


def start_embedded_worker(
    settings: Settings, *, log_path: Path | None = None, stop_timeout: float = STOP_TIMEOUT
) -> EmbeddedWorker:
    """Start the worker ``molextract serve`` needs when no broker is configured.

    Call ``.stop()`` on the result when the server exits; it is also registered with
    ``atexit`` in case that is forgotten.
    """
    worker = EmbeddedWorker(settings, log_path=log_path, stop_timeout=stop_timeout).start()
    atexit.register(worker.stop)
    return worker
