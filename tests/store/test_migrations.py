"""Migrations reach head and build exactly the schema the models describe."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Column, Engine, MetaData, String, inspect, text
from sqlalchemy.dialects import postgresql

from molextract.store import make_engine, upgrade
from molextract.store.db import alembic_config, database_url
from molextract.store.models import Base


def _head() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def _diff(engine: Engine, metadata: MetaData) -> list[object]:
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return list(compare_metadata(context, metadata))


def test_upgrade_reaches_head_and_is_repeatable(empty_db_url: str) -> None:
    upgrade(empty_db_url)
    upgrade(empty_db_url)
    engine = make_engine(empty_db_url)
    try:
        with engine.connect() as connection:
            versions = connection.execute(text("SELECT version_num FROM alembic_version")).all()
        tables = set(inspect(engine).get_table_names())
    finally:
        engine.dispose()
    assert _head() == "0001"
    assert versions == [("0001",)]
    assert tables == {"alembic_version", "api_keys", "jobs", "job_documents", "result_records"}


def test_migrated_schema_matches_models(empty_db_url: str) -> None:
    upgrade(empty_db_url)
    engine = make_engine(empty_db_url)
    try:
        assert _diff(engine, Base.metadata) == []
    finally:
        engine.dispose()


def test_schema_comparison_notices_drift(empty_db_url: str) -> None:
    """Guards the test above: a model column the migration lacks must show up."""
    upgrade(empty_db_url)
    drifted = MetaData(naming_convention=Base.metadata.naming_convention)
    for table in Base.metadata.sorted_tables:
        table.to_metadata(drifted)
    drifted.tables["jobs"].append_column(Column("priority", String(8)))
    engine = make_engine(empty_db_url)
    try:
        diff = _diff(engine, drifted)
    finally:
        engine.dispose()
    assert [d[0] for d in diff if isinstance(d, tuple)] == ["add_column"]


def test_concurrent_upgrades_all_succeed(empty_db_url: str) -> None:
    """API and workers all migrate at start-up; the losers must wait, not crash."""
    script = "import sys; from molextract.store import upgrade; upgrade(sys.argv[1])"
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", script, empty_db_url],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    outcomes = [(p.wait(timeout=120), p.communicate()[1]) for p in processes]
    assert [code for code, _ in outcomes] == [0, 0], outcomes
    engine = make_engine(empty_db_url)
    try:
        with engine.connect() as connection:
            versions = connection.execute(text("SELECT version_num FROM alembic_version")).all()
    finally:
        engine.dispose()
    assert versions == [("0001",)]


def test_threads_of_one_process_can_upgrade_together(empty_db_url: str) -> None:
    errors: list[BaseException] = []
    barrier = threading.Barrier(2)

    def migrate() -> None:
        barrier.wait()
        try:
            upgrade(empty_db_url)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=migrate) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


def test_postgres_urls_use_psycopg3() -> None:
    for url in ("postgresql://u@h:5/db", "postgres://u@h:5/db", "postgresql+psycopg://u@h:5/db"):
        assert database_url(url).drivername == "postgresql+psycopg"
    assert database_url("sqlite:///x.db").drivername == "sqlite"


def test_plain_postgresql_url_migrates(pg_db_url: str) -> None:
    plain = pg_db_url.replace("postgresql+psycopg://", "postgresql://")
    upgrade(plain)
    engine = make_engine(plain)
    try:
        assert engine.dialect.driver == "psycopg"
        columns = {c["name"]: c["type"] for c in inspect(engine).get_columns("result_records")}
    finally:
        engine.dispose()
    assert isinstance(columns["data"], postgresql.JSONB)


def test_sqlite_engine_settings(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "store.db"
    engine = make_engine(f"sqlite:///{path}", sqlite_busy_timeout_ms=1234)
    try:
        with engine.connect() as connection:
            pragmas = {
                name: connection.exec_driver_sql(f"PRAGMA {name}").scalar()
                for name in ("journal_mode", "foreign_keys", "busy_timeout")
            }
    finally:
        engine.dispose()
    assert path.exists()
    assert pragmas == {"journal_mode": "wal", "foreign_keys": 1, "busy_timeout": 1234}
