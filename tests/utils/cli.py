"""A real ``molextract serve`` process for tests that talk to it over HTTP.

Shared by the service's own tests and by those that compare a job's output with a
local run's, so both start and stop the server the same way.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tests.utils.network import free_port


class Server:
    def __init__(self, process: subprocess.Popen[str], url: str, log: Path) -> None:
        self.process = process
        self.url = url
        self.log = log


def start(env: dict[str, str], log: Path, *args: str) -> subprocess.Popen[str]:
    """``molextract ARGS`` in the background, its output going to ``log``."""
    with log.open("w") as handle:
        return subprocess.Popen(
            [sys.executable, "-m", "molextract.cli", *args],
            env=env,
            stdout=handle,
            stderr=subprocess.STDOUT,
            text=True,
        )


def stop(process: subprocess.Popen[str]) -> None:
    """SIGTERM, as a service manager stops it; a kill only when that does not end it."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def serving(env: dict[str, str], log: Path) -> Iterator[Server]:
    """``molextract serve`` on a free port, yielded once it answers ``/readyz``."""
    port = free_port()
    process = start(env, log, "serve", "--port", str(port))
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        assert process.poll() is None, log.read_text()
        try:
            if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                break
        except httpx.TransportError:
            pass
        assert time.monotonic() < deadline, log.read_text()
        time.sleep(0.5)
    try:
        yield Server(process, url, log)
    finally:
        stop(process)
