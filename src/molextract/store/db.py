"""Engines, sessions and migrations for the one SQLite or PostgreSQL URL in use."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import URL, Connection, Engine, create_engine, event, make_url, text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS_DIR = Path(__file__).parent / "migrations"

#: Execution option marking a connection that is about to write. On SQLite it turns
#: ``BEGIN`` into ``BEGIN IMMEDIATE`` (see :func:`_configure_sqlite`).
WRITE_TRANSACTION = "molextract_write"

#: Seconds a new PostgreSQL connection may take (libpq ``connect_timeout``).
POSTGRES_CONNECT_TIMEOUT_SECONDS = 10

#: Alembic keeps its running migration context in module globals, so two threads of
#: one process must not migrate at once (processes are kept apart by the database).
_MIGRATING = threading.Lock()


def database_url(url: str) -> URL:
    """Parse ``url``, sending plain ``postgresql://`` (and ``postgres://``) to psycopg 3.

    SQLAlchemy would otherwise pick psycopg2, which is not a dependency.
    """
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def make_engine(url: str, *, sqlite_busy_timeout_ms: int = 30_000) -> Engine:
    """An engine for ``url``, with the settings the store relies on.

    PostgreSQL gets ``pool_pre_ping`` because workers live for days and a database
    restart must not fail the next task, and a connect timeout (unless the URL sets
    one) so that a database host that does not answer at all makes a request fail
    (a 503 from the API) in seconds rather than after the system's TCP timeout. SQLite gets WAL, foreign keys and explicit
    transaction control (see :func:`_configure_sqlite`).
    """
    parsed = database_url(url)
    if parsed.get_backend_name() != "sqlite":
        connect_args = {}
        if parsed.get_backend_name() == "postgresql" and "connect_timeout" not in parsed.query:
            connect_args["connect_timeout"] = POSTGRES_CONNECT_TIMEOUT_SECONDS
        return create_engine(parsed, pool_pre_ping=True, connect_args=connect_args)
    database = parsed.database or ""
    in_memory = database in ("", ":memory:") or parsed.query.get("mode") == "memory"
    if (path := _sqlite_path(parsed)) is not None:
        create_private_file(path)
    # The driver's own timeout covers the statements SQLAlchemy runs on first
    # connect, before our pragmas; its default (5 s) gave up under load.
    engine = create_engine(parsed, connect_args={"timeout": sqlite_busy_timeout_ms / 1000})
    _configure_sqlite(engine, busy_timeout_ms=sqlite_busy_timeout_ms, wal=not in_memory)
    return engine


def _sqlite_path(parsed: URL) -> Path | None:
    """The file of a SQLite URL given as a plain path; None for memory and ``file:`` URIs."""
    database = parsed.database or ""
    if (
        parsed.get_backend_name() != "sqlite"
        or database in ("", ":memory:")
        or database.startswith("file:")
        or parsed.query.get("mode") == "memory"
    ):
        return None
    return Path(database).expanduser()


def create_private_file(path: Path) -> None:
    """Create ``path`` (and the folders leading to it) readable by this user alone.

    The store holds every submitted text, so a new file is 0600 and each folder
    made for it 0700, whatever the umask; SQLite gives its ``-wal`` and ``-shm``
    files the database file's mode, so they are private too. Folders and files that
    already exist are left as they are: their owner chose their modes.
    """
    missing = [folder for folder in (path.parent, *path.parent.parents) if not folder.exists()]
    for folder in reversed(missing):
        with contextlib.suppress(FileExistsError):  # another process made it first
            folder.mkdir(mode=0o700)
            os.chmod(folder, 0o700)  # mkdir's mode is filtered by the umask
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    try:
        os.fchmod(descriptor, 0o600)
    finally:
        os.close(descriptor)


def _configure_sqlite(engine: Engine, *, busy_timeout_ms: int, wal: bool) -> None:
    """Make SQLite safe for an API process and worker processes sharing one file.

    WAL lets readers go on while one process writes. Foreign keys are off by
    default in SQLite. The driver's own transaction handling is switched off so we
    can say ``BEGIN IMMEDIATE`` for writes: a deferred transaction that reads and
    then writes can fail at once with "database is locked" when another process
    wrote in between, and the busy timeout does not help in that case, whereas an
    immediate one waits its turn up front.
    """

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            # The timeout first: switching a new file to WAL waits for another
            # process's write (a concurrent migration) and would otherwise give up
            # after the driver's 5 s (seen under load: "database is locked").
            cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
            if wal:
                cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        writing = connection.get_execution_options().get(WRITE_TRANSACTION, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writing else "BEGIN")


def session_factory(engine: Engine) -> sessionmaker[Session]:
    """Sessions whose objects stay readable after commit.

    The repository hands rows to callers after its transaction has ended (the API
    serialises them, a worker reads a claimed document's text); expiring them on
    commit would make every such access a lazy load on a closed session.
    """
    return sessionmaker(engine, expire_on_commit=False)


def alembic_config() -> Config:
    """An Alembic config built in code, so the installed package needs no alembic.ini."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


def upgrade(url: str, revision: str = "head") -> None:
    """Bring the database at ``url`` to ``revision``; safe to call from every process at start-up."""
    with _MIGRATING, _sqlite_migration_lock(url):
        _upgrade(url, revision)


@contextlib.contextmanager
def _sqlite_migration_lock(url: str) -> Iterator[None]:
    """Serialise migrations of one SQLite file across processes with a lock file.

    ``BEGIN IMMEDIATE`` alone left a window: two processes creating a new file both
    switch it to WAL and run SQLAlchemy's first-connect queries, and under load one
    of them was refused with "database is locked" before its busy timeout applied.
    A lock file beside the database is held for the whole migration instead, which
    is what the PostgreSQL advisory lock gives there. Without ``fcntl`` (Windows)
    the database's own locking is all there is.
    """
    lock_path = _sqlite_path(database_url(url))
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX
        lock_path = None
    if lock_path is None:
        yield
        return
    lock_file_path = lock_path.with_name(lock_path.name + ".migrate-lock")
    create_private_file(lock_file_path)
    with open(lock_file_path, "a") as lock_file:
        fcntl.flock(lock_file, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock_file, fcntl.LOCK_UN)


def _upgrade(url: str, revision: str) -> None:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            connection = connection.execution_options(**{WRITE_TRANSACTION: True})
            config = alembic_config()
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
            connection.commit()
    finally:
        engine.dispose()


def ready(session: Session) -> bool:
    """Whether the database answers, for ``/readyz``: an error here is a "no", not a crash."""
    try:
        answer: object = session.execute(text("SELECT 1")).scalar_one()
        return answer == 1
    except SQLAlchemyError:
        return False
