"""Store fixtures: every repository test runs on SQLite and on a private PostgreSQL.

Each backend is migrated once per session into a template (a file copied per test on
SQLite, a ``CREATE DATABASE ... TEMPLATE`` on PostgreSQL), so a test gets an empty,
migrated database in milliseconds. PostgreSQL starts only when a test asks for it:
``pytest tests/store -k sqlite`` never starts it.
"""

from __future__ import annotations

import itertools
import shutil
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from psycopg import sql
from sqlalchemy import Engine, make_url

from molextract.store import Repository, make_engine, session_factory, upgrade
from molextract.store.models import Base
from tests.utils.postgres import PostgresServer, private_postgres

BACKENDS = ["sqlite", "postgres"]
_database_numbers = itertools.count()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    with private_postgres() as server:
        yield server


@pytest.fixture(scope="session")
def postgres_migrated(postgres_server: PostgresServer) -> str:
    """One migrated database, emptied after every test that used it."""
    url = postgres_server.create_database("molextract_test")
    upgrade(url)
    return url


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sqlite-template") / "template.db"
    upgrade(f"sqlite:///{path}")
    return path


def _drop(server: PostgresServer, name: str) -> None:
    with psycopg.connect(server.conninfo(), autocommit=True) as connection:
        connection.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )


@pytest.fixture
def pg_db_url(postgres_server: PostgresServer, postgres_migrated: str) -> Iterator[str]:
    """The migrated PostgreSQL database, empty (for PostgreSQL-only tests).

    Emptying with TRUNCATE takes milliseconds where a database per test took most
    of a second; the tests dispose their engines first, so nothing holds a lock.
    """
    yield postgres_migrated
    tables = sql.SQL(", ").join(sql.Identifier(t.name) for t in Base.metadata.sorted_tables)
    conninfo = postgres_server.conninfo(make_url(postgres_migrated).database or "")
    with psycopg.connect(conninfo, autocommit=True) as connection:
        connection.execute(sql.SQL("TRUNCATE {} RESTART IDENTITY CASCADE").format(tables))


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A migrated, empty database for this test, on each backend in turn."""
    if request.param == "sqlite":
        path = tmp_path / "store.db"
        shutil.copyfile(request.getfixturevalue("sqlite_template"), path)
        yield f"sqlite:///{path}"
    else:
        yield request.getfixturevalue("pg_db_url")


@pytest.fixture(params=BACKENDS)
def empty_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database with no tables at all, for migration tests."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'nested' / 'dir' / 'empty.db'}"
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    name = f"empty_{next(_database_numbers)}"
    yield server.create_database(name)
    _drop(server, name)


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    engine = make_engine(db_url)
    yield engine
    engine.dispose()


@pytest.fixture
def repo(engine: Engine) -> Repository:
    return Repository(session_factory(engine))
