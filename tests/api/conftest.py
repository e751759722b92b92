"""API fixtures: the real app over a real, migrated store, with a recording dispatcher.

The database fixtures are the store's own, imported from ``tests/store/conftest.py``
rather than copied: ``engine``/``repo`` run a test on SQLite and then on a private
PostgreSQL. Tests about HTTP behaviour alone use ``sqlite_db`` and cost milliseconds.

Requests go through httpx's ASGI transport (tests are ``anyio`` coroutines), not
``TestClient``: the installed Starlette deprecates TestClient over ``httpx`` in
favour of ``httpx2``, and warnings are errors here.
"""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine

from molextract.store import Repository, make_engine, session_factory
from tests.store.conftest import (  # noqa: F401 - fixtures reused, not copied
    db_url,
    engine,
    pg_db_url,
    postgres_migrated,
    postgres_server,
    repo,
    sqlite_template,
)
from tests.utils.api import Api, Database, MakeApi, build_api


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def sqlite_db(tmp_path: Path, sqlite_template: Path) -> Iterator[Database]:  # noqa: F811
    path = tmp_path / "api.db"
    shutil.copyfile(sqlite_template, path)
    sqlite_engine = make_engine(f"sqlite:///{path}")
    yield Database(sqlite_engine, Repository(session_factory(sqlite_engine)))
    sqlite_engine.dispose()


@pytest.fixture
def both_db(engine: Engine, repo: Repository) -> Database:  # noqa: F811
    """The store fixtures' database: SQLite, then PostgreSQL."""
    return Database(engine, repo)


@pytest.fixture
async def api(sqlite_db: Database) -> AsyncIterator[Api]:
    built = build_api(sqlite_db)
    async with built.client:
        yield built


@pytest.fixture
async def both_api(both_db: Database) -> AsyncIterator[Api]:
    built = build_api(both_db)
    async with built.client:
        yield built


@pytest.fixture
def make_api(sqlite_db: Database) -> MakeApi:
    """An app over the SQLite database with other settings or another dispatcher.

    The caller closes its client (``async with api.client``).
    """

    def make(**kwargs: Any) -> Api:
        return build_api(sqlite_db, **kwargs)

    return make
