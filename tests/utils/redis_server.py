"""A private, throw-away Redis server for tests.

It never touches a Redis the machine may already run: it listens on a free loopback
port (never 6379), keeps its files in a fresh temporary directory and persists
nothing (``--save "" --appendonly no``). A test can stop it and start it again on
the same port, which is what a Redis restart looks like to a worker; because nothing
is persisted, a restart also loses every queued message, the harshest case a worker
has to recover from.

redis-server is installed with apt when missing, so the tests run on a fresh machine
and in CI; a server that cannot be had is an error, not a skip.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import redis

from tests.utils.network import free_port

START_TIMEOUT_SECONDS = 20.0


def _redis_server_binary() -> str:
    found = shutil.which("redis-server")
    if found is None:
        if os.geteuid() != 0:
            raise RuntimeError("redis-server is missing; run: sudo apt-get install -y redis-server")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "redis-server"], check=True, env=env)
        found = shutil.which("redis-server")
        if found is None:
            raise RuntimeError("apt-get installed redis-server but it is not on PATH")
    return found


class RedisServer:
    """One redis-server on a fixed port that can be stopped and started again."""

    def __init__(self, binary: str, directory: Path, port: int) -> None:
        self.binary = binary
        self.directory = directory
        self.port = port
        self.host = "127.0.0.1"
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://{self.host}:{self.port}/0"

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def client(self) -> redis.Redis:
        return redis.Redis(host=self.host, port=self.port, socket_timeout=5)

    def start(self) -> None:
        """Start on this instance's port and return once it answers PING."""
        if self.running:
            return
        log = (self.directory / "redis.log").open("ab")
        with log:
            self._process = subprocess.Popen(
                [
                    self.binary,
                    "--port",
                    str(self.port),
                    "--bind",
                    self.host,
                    "--dir",
                    str(self.directory),
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                    "--protected-mode",
                    "yes",
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + START_TIMEOUT_SECONDS
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(
                    f"redis-server exited with {self._process.returncode}; "
                    f"see {self.directory / 'redis.log'}"
                )
            with suppress(redis.RedisError), self.client() as client:
                if client.ping():
                    return
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"redis-server did not answer PING within {START_TIMEOUT_SECONDS} s")

    def stop(self) -> None:
        """Stop the server; without persistence, everything it held is gone."""
        process, self._process = self._process, None
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


@contextmanager
def private_redis() -> Iterator[RedisServer]:
    """Start a server in a temporary directory; stop it and delete everything on exit."""
    binary = _redis_server_binary()
    directory = Path(tempfile.mkdtemp(prefix="molextract-redis-"))
    server = RedisServer(binary, directory, free_port())
    try:
        server.start()
        yield server
    finally:
        server.stop()
        shutil.rmtree(directory, ignore_errors=True)
