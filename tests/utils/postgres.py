"""A private, throw-away PostgreSQL server for tests.

It never touches the machine's own cluster: its data directory and socket live in a
fresh temporary directory and it listens on a free loopback port. Durability is
switched off (``fsync=off``): the data is thrown away anyway and it makes the many
small transactions of the store tests several times faster.

PostgreSQL is installed with apt when missing, so the tests run on a fresh machine
and in CI; a server that cannot be had is an error, not a skip.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
from psycopg import sql

from tests.utils.network import free_port

_BIN_GLOB = "/usr/lib/postgresql/*/bin"


class _PgCtl:
    """Stops and starts one private server, for tests of a database outage."""

    def __init__(self, bin_dir: Path, data: Path, log: Path, options: str) -> None:
        self.bin_dir = bin_dir
        self.data = data
        self.log = log
        self.options = options
        self.running = False

    def start(self) -> None:
        _run(
            [
                str(self.bin_dir / "pg_ctl"),
                "-D",
                str(self.data),
                "-l",
                str(self.log),
                "-o",
                self.options,
                "-w",
                "start",
            ]
        )
        self.running = True

    def stop(self) -> None:
        _run([str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop"])
        self.running = False


@dataclass(frozen=True)
class PostgresServer:
    host: str
    port: int
    user: str
    startup_seconds: float
    _control: _PgCtl | None = field(default=None, repr=False, compare=False)

    def stop(self) -> None:
        """Shut the server down (``pg_ctl stop -m fast``: sessions are cut, as in a restart)."""
        assert self._control is not None
        self._control.stop()

    def start(self) -> None:
        """Start a stopped server again on the same port, with the same data."""
        assert self._control is not None
        self._control.start()

    @property
    def running(self) -> bool:
        return self._control is not None and self._control.running

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://{self.user}@{self.host}:{self.port}/{database}"

    def conninfo(self, database: str = "postgres") -> str:
        return f"host={self.host} port={self.port} user={self.user} dbname={database}"

    def create_database(self, name: str, template: str | None = None) -> str:
        """Create ``name`` (optionally as a copy of ``template``) and return its URL."""
        statement = sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name))
        if template is not None:
            statement = sql.SQL("{} TEMPLATE {}").format(statement, sql.Identifier(template))
        with psycopg.connect(self.conninfo(), autocommit=True) as connection:
            connection.execute(statement)
        return self.url(name)


def _bin_dir() -> Path:
    found = sorted(glob.glob(f"{_BIN_GLOB}/initdb"))
    if not found:
        if os.geteuid() != 0:
            raise RuntimeError("PostgreSQL is missing; run: sudo apt-get install -y postgresql")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "postgresql"], check=True, env=env)
        found = sorted(glob.glob(f"{_BIN_GLOB}/initdb"))
        if not found:
            raise RuntimeError("apt-get installed postgresql but no initdb was found")
    return Path(found[-1]).parent


def _as_owner(argv: list[str]) -> list[str]:
    """initdb and pg_ctl refuse to run as root; run them as ``postgres`` then."""
    return ["runuser", "-u", "postgres", "--", *argv] if os.geteuid() == 0 else argv


def _run(argv: list[str]) -> None:
    result = subprocess.run(_as_owner(argv), capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(
            f"{' '.join(argv)} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}"
        )


@contextmanager
def private_postgres() -> Iterator[PostgresServer]:
    """Start a server in a temporary directory; stop it and delete everything on exit."""
    started = time.monotonic()
    bin_dir = _bin_dir()
    root = Path(tempfile.mkdtemp(prefix="molextract-pg-"))
    data = root / "data"
    log = root / "server.log"
    if os.geteuid() == 0:
        shutil.chown(root, user="postgres", group="postgres")
    control: _PgCtl | None = None
    try:
        _run(
            [
                str(bin_dir / "initdb"),
                "-D",
                str(data),
                "-U",
                "postgres",
                "--auth=trust",
                "--encoding=UTF8",
                "--locale=C",
                "--no-sync",
            ]
        )
        port = free_port()
        options = (
            f"-c listen_addresses=127.0.0.1 -p {port} -k {root} "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        control = _PgCtl(bin_dir, data, log, options)
        control.start()
        yield PostgresServer("127.0.0.1", port, "postgres", time.monotonic() - started, control)
    finally:
        if control is not None and control.running:
            control.stop()
        shutil.rmtree(root, ignore_errors=True)
