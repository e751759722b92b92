"""The SQLite store is private: it holds every submitted text.

The files are made by the real store (``upgrade`` and ``make_engine``, as ``serve``
and the workers do) under a permissive umask, so the modes come from the store and
not from the test process's umask.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from molextract.store import make_engine, upgrade


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def open_umask() -> Iterator[None]:
    """Umask 000: whatever is private below was made private on purpose."""
    previous = os.umask(0)
    try:
        yield
    finally:
        os.umask(previous)


def test_a_new_store_its_side_files_and_its_folders_are_private(
    tmp_path: Path, open_umask: None
) -> None:
    database = tmp_path / "state" / "molextract" / "store.db"
    url = f"sqlite:///{database}"
    existing = _mode(tmp_path)

    upgrade(url)
    engine = make_engine(url)
    try:
        with engine.connect() as connection:  # WAL: -wal and -shm exist while it is open
            connection.execute(text("SELECT count(*) FROM jobs"))
            side_files = [database.with_name(database.name + s) for s in ("-wal", "-shm")]
            assert all(side.exists() for side in side_files)
            assert [_mode(side) for side in side_files] == [0o600, 0o600]
    finally:
        engine.dispose()

    assert _mode(database) == 0o600
    assert _mode(database.with_name("store.db.migrate-lock")) == 0o600
    assert _mode(database.parent) == 0o700
    assert _mode(database.parent.parent) == 0o700
    assert _mode(tmp_path) == existing  # not made by the store: left alone


def test_existing_folders_and_files_keep_their_modes(tmp_path: Path, open_umask: None) -> None:
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o750)
    os.chmod(shared, 0o750)
    database = shared / "store.db"
    database.touch()
    os.chmod(database, 0o640)

    engine = make_engine(f"sqlite:///{database}")
    engine.dispose()

    assert _mode(shared) == 0o750
    assert _mode(database) == 0o640
