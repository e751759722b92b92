"""Worker fixtures: a private Redis for the session, and a migrated SQLite store per test.

Every test that runs a worker gets its own Redis database number, so a worker of one
test can never take a message of another (it would find the job unknown to its own
store and drop it).
"""

from __future__ import annotations

import itertools
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from molextract.store import upgrade
from tests.utils.redis_server import RedisServer, private_redis

_redis_databases = itertools.count(1)


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    with private_redis() as server:
        yield server


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """An empty Redis database of the private server, for this test alone."""
    if not redis_server.running:  # a test that stopped it failed before restarting it
        redis_server.start()
    number = next(_redis_databases) % 16
    with redis_server.client() as client:
        client.execute_command("SELECT", number)
        client.flushdb()
    return f"redis://{redis_server.host}:{redis_server.port}/{number}"


@pytest.fixture(scope="session")
def store_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("workers-store") / "template.db"
    upgrade(f"sqlite:///{path}")
    return path


@pytest.fixture
def database_url(tmp_path: Path, store_template: Path) -> str:
    """A migrated, empty SQLite store in this test's directory."""
    path = tmp_path / "store.db"
    shutil.copyfile(store_template, path)
    return f"sqlite:///{path}"
