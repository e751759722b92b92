"""Tables of the job service: API keys, jobs, their documents and extracted records.

The migration in ``migrations/versions`` creates the same schema by hand; a test
compares the two on SQLite and PostgreSQL, so a change here without a migration
fails CI instead of failing a deployment.

Job counts (total, done, failed, records) are not stored on the job: they are
computed from ``job_documents``/``result_records`` with indexed aggregates. Stored
counters would have to be kept right under task redelivery, worker crashes between
two writes and concurrent workers on one job; an aggregate over rows that are
themselves written idempotently cannot drift.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeEngine

# Re-exported: the store speaks of the statuses the whole service shares.
from molextract.jobs import FINAL_JOB_STATUSES as FINAL_JOB_STATUSES
from molextract.jobs import JobStatus as JobStatus

#: Longest user document id: ids sit in unique b-tree indexes, whose entries
#: PostgreSQL caps at about 2.7 kB.
MAX_DOC_ID_LENGTH = 512

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_N_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class DocumentStatus(StrEnum):
    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"


#: Documents in these statuses still hold their job open.
PENDING_DOCUMENT_STATUSES = frozenset({DocumentStatus.QUEUED, DocumentStatus.RUNNING})


def utcnow() -> datetime:
    return datetime.now(UTC)


def new_job_id() -> str:
    return uuid.uuid4().hex


class UTCDateTime(TypeDecorator[datetime]):
    """Aware UTC datetimes on every backend.

    SQLite keeps no time zone and hands back naive values while PostgreSQL hands
    back aware ones; without this, comparing or serialising timestamps would depend
    on the database in use.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to the store; use an aware UTC datetime")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def json_type(*, nullable: bool = False) -> TypeEngine[Any]:
    """JSON everywhere, JSONB on PostgreSQL so records can be queried and indexed.

    ``none_as_null`` makes Python ``None`` an SQL NULL in nullable columns (the
    default would store the JSON literal ``null``, which ``IS NULL`` does not match).
    """
    return JSON(none_as_null=nullable).with_variant(JSONB(none_as_null=nullable), "postgresql")


#: A 64-bit id on PostgreSQL; SQLite only auto-increments ``INTEGER PRIMARY KEY``.
BigIntId = BigInteger().with_variant(Integer(), "sqlite")


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


def _in(column: str, values: type[StrEnum]) -> str:
    return f"{column} IN ({', '.join(repr(str(v)) for v in values)})"


class ApiKey(Base):
    """An API key; only the SHA-256 of its secret is stored, so a leaked table grants nothing."""

    __tablename__ = "api_keys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class Job(Base):
    """One submitted batch; its documents and records hang off it and go with it."""

    __tablename__ = "jobs"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_job_id)
    api_key_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("api_keys.id"))
    schema_name: Mapped[str] = mapped_column(String(200))
    custom_schema: Mapped[dict[str, Any] | None] = mapped_column(json_type(nullable=True))
    options: Mapped[dict[str, Any]] = mapped_column(json_type(), default=dict)
    status: Mapped[str] = mapped_column(String(16), default=JobStatus.QUEUED)
    idempotency_key: Mapped[str | None] = mapped_column(String(255))
    request_hash: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    engines_used: Mapped[list[str]] = mapped_column(json_type(), default=list)

    __table_args__ = (
        CheckConstraint(_in("status", JobStatus), name="status"),
        UniqueConstraint("api_key_id", "idempotency_key"),
        # NULLs are distinct in unique constraints, so embedded (key-less) jobs
        # need their own partial index for Idempotency-Key to mean anything.
        Index(
            "uq_jobs_idempotency_key_no_api_key",
            "idempotency_key",
            unique=True,
            sqlite_where=text("api_key_id IS NULL"),
            postgresql_where=text("api_key_id IS NULL"),
        ),
        Index(None, "api_key_id", "created_at", "id"),
    )


class JobDocument(Base):
    """A document as submitted, plus where its processing stands.

    ``claimed_by``/``claimed_at`` form a lease: a running document can be claimed
    again only by the same claimant (a redelivered task) or once the lease expired
    (its worker died), never by a second concurrent worker.
    """

    __tablename__ = "job_documents"

    id: Mapped[int] = mapped_column(BigIntId, primary_key=True)
    job_id: Mapped[str] = mapped_column(String(32), ForeignKey("jobs.id", ondelete="CASCADE"))
    doc_id: Mapped[str] = mapped_column(String(MAX_DOC_ID_LENGTH))
    position: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    # ``metadata`` is taken by the declarative base.
    doc_metadata: Mapped[dict[str, Any]] = mapped_column("meta", json_type(), default=dict)
    status: Mapped[str] = mapped_column(String(16), default=DocumentStatus.QUEUED)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    error: Mapped[list[dict[str, Any]]] = mapped_column(json_type(), default=list)
    engine: Mapped[dict[str, Any] | None] = mapped_column(json_type(nullable=True))
    usage: Mapped[dict[str, Any] | None] = mapped_column(json_type(nullable=True))
    claimed_by: Mapped[str | None] = mapped_column(String(255))
    claimed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime())

    __table_args__ = (
        CheckConstraint(_in("status", DocumentStatus), name="status"),
        UniqueConstraint("job_id", "doc_id"),
        UniqueConstraint("job_id", "position"),
        Index(None, "job_id", "status"),
    )


class ResultRecord(Base):
    """One extracted record: the strict JSON as published, plus columns to search by.

    ``id`` is the paging cursor, so it must never be reused: on SQLite the table is
    ``AUTOINCREMENT`` (plain rowids reuse the highest id after a delete, and a
    redelivered document deletes and rewrites its records).
    """

    __tablename__ = "result_records"

    id: Mapped[int] = mapped_column(BigIntId, primary_key=True)
    job_id: Mapped[str] = mapped_column(String(32))
    doc_id: Mapped[str] = mapped_column(String(MAX_DOC_ID_LENGTH))
    seq: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(json_type())
    inchikey: Mapped[str | None] = mapped_column(String(27))
    property: Mapped[str] = mapped_column(String(200))
    value_si: Mapped[float | None] = mapped_column(Float)
    status: Mapped[str] = mapped_column(String(16))

    __table_args__ = (
        ForeignKeyConstraint(
            ["job_id", "doc_id"],
            ["job_documents.job_id", "job_documents.doc_id"],
            ondelete="CASCADE",
        ),
        UniqueConstraint("job_id", "doc_id", "seq"),
        Index(None, "job_id", "id"),
        Index(None, "inchikey"),
        Index(None, "property", "value_si"),
        Index(None, "status"),
        {"sqlite_autoincrement": True},
    )
