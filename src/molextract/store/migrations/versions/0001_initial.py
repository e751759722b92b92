"""Initial schema: api_keys, jobs, job_documents, result_records.

Written out by hand rather than importing the models, so this revision keeps
creating exactly this schema after the models move on.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JOB_STATUSES = "status IN ('queued', 'running', 'succeeded', 'partial', 'failed', 'cancelled')"
DOCUMENT_STATUSES = "status IN ('queued', 'running', 'done', 'failed', 'cancelled')"


def _json() -> sa.types.TypeEngine[Any]:
    return sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def _big_id() -> sa.types.TypeEngine[int]:
    return sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def _timestamp() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "api_keys",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False),
        sa.Column("created_at", _timestamp(), nullable=False),
        sa.Column("revoked_at", _timestamp(), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_api_keys"),
        sa.UniqueConstraint("key_hash", name="uq_api_keys_key_hash"),
    )

    op.create_table(
        "jobs",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("api_key_id", sa.Integer(), nullable=True),
        sa.Column("schema_name", sa.String(200), nullable=False),
        sa.Column("custom_schema", _json(), nullable=True),
        sa.Column("options", _json(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("idempotency_key", sa.String(255), nullable=True),
        sa.Column("request_hash", sa.String(64), nullable=True),
        sa.Column("created_at", _timestamp(), nullable=False),
        sa.Column("started_at", _timestamp(), nullable=True),
        sa.Column("finished_at", _timestamp(), nullable=True),
        sa.Column("engines_used", _json(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_jobs"),
        sa.ForeignKeyConstraint(
            ["api_key_id"], ["api_keys.id"], name="fk_jobs_api_key_id_api_keys"
        ),
        sa.CheckConstraint(JOB_STATUSES, name="ck_jobs_status"),
        sa.UniqueConstraint(
            "api_key_id", "idempotency_key", name="uq_jobs_api_key_id_idempotency_key"
        ),
    )
    op.create_index(
        "uq_jobs_idempotency_key_no_api_key",
        "jobs",
        ["idempotency_key"],
        unique=True,
        sqlite_where=sa.text("api_key_id IS NULL"),
        postgresql_where=sa.text("api_key_id IS NULL"),
    )
    op.create_index("ix_jobs_api_key_id_created_at_id", "jobs", ["api_key_id", "created_at", "id"])

    op.create_table(
        "job_documents",
        sa.Column("id", _big_id(), nullable=False),
        sa.Column("job_id", sa.String(32), nullable=False),
        sa.Column("doc_id", sa.String(512), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("meta", _json(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("error", _json(), nullable=False),
        sa.Column("engine", _json(), nullable=True),
        sa.Column("usage", _json(), nullable=True),
        sa.Column("claimed_by", sa.String(255), nullable=True),
        sa.Column("claimed_at", _timestamp(), nullable=True),
        sa.Column("finished_at", _timestamp(), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_job_documents"),
        sa.ForeignKeyConstraint(
            ["job_id"], ["jobs.id"], name="fk_job_documents_job_id_jobs", ondelete="CASCADE"
        ),
        sa.CheckConstraint(DOCUMENT_STATUSES, name="ck_job_documents_status"),
        sa.UniqueConstraint("job_id", "doc_id", name="uq_job_documents_job_id_doc_id"),
        sa.UniqueConstraint("job_id", "position", name="uq_job_documents_job_id_position"),
    )
    op.create_index("ix_job_documents_job_id_status", "job_documents", ["job_id", "status"])

    op.create_table(
        "result_records",
        sa.Column("id", _big_id(), nullable=False),
        sa.Column("job_id", sa.String(32), nullable=False),
        sa.Column("doc_id", sa.String(512), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("data", _json(), nullable=False),
        sa.Column("inchikey", sa.String(27), nullable=True),
        sa.Column("property", sa.String(200), nullable=False),
        sa.Column("value_si", sa.Float(), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_result_records"),
        sa.ForeignKeyConstraint(
            ["job_id", "doc_id"],
            ["job_documents.job_id", "job_documents.doc_id"],
            name="fk_result_records_job_id_doc_id_job_documents",
            ondelete="CASCADE",
        ),
        sa.UniqueConstraint("job_id", "doc_id", "seq", name="uq_result_records_job_id_doc_id_seq"),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_result_records_job_id_id", "result_records", ["job_id", "id"])
    op.create_index("ix_result_records_inchikey", "result_records", ["inchikey"])
    op.create_index(
        "ix_result_records_property_value_si", "result_records", ["property", "value_si"]
    )
    op.create_index("ix_result_records_status", "result_records", ["status"])


def downgrade() -> None:
    op.drop_table("result_records")
    op.drop_table("job_documents")
    op.drop_table("jobs")
    op.drop_table("api_keys")
