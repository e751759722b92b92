"""Alembic environment, driven from :func:`molextract.store.db.upgrade`.

The caller hands over an open connection in ``config.attributes["connection"]``, so
the migration runs with the same engine settings as the service (SQLite pragmas,
``postgresql+psycopg``) and no ``alembic.ini`` is needed at run time.
"""

from alembic import context
from sqlalchemy import Connection, text

from molextract.store.models import Base

#: Arbitrary constant key of the PostgreSQL advisory lock held while migrating.
MIGRATION_LOCK_KEY = 0x6D6F6C78  # "molx"


def run_migrations(connection: Connection) -> None:
    """Migrate inside one transaction, one process at a time.

    API and workers may all call ``upgrade`` at start-up; on PostgreSQL the advisory
    lock makes the later ones wait and then find the schema at head (DDL is
    transactional there). On SQLite the connection begins ``IMMEDIATE``, which
    serialises the same way, and ``transactional_ddl`` keeps a failed migration
    from leaving half a schema behind.
    """
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        transactional_ddl=True,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            connection.execute(
                text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK_KEY}
            )
        context.run_migrations()


def run_offline() -> None:
    """``alembic upgrade --sql``: print the DDL for a DBA instead of running it."""
    context.configure(
        url=context.config.get_main_option("sqlalchemy.url"),
        target_metadata=Base.metadata,
        literal_binds=True,
        transactional_ddl=True,
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    run_migrations(context.config.attributes["connection"])
