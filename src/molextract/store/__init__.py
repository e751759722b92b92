"""The job service's storage: SQLite by default, PostgreSQL by URL.

Typical start-up::

    upgrade(url)
    repository = Repository(session_factory(make_engine(url)))
"""

from molextract.store.claims import UnfinishedJob
from molextract.store.db import make_engine, ready, session_factory, upgrade
from molextract.store.errors import (
    DuplicateDocumentError,
    IdempotencyConflict,
    InvalidCursor,
    JobFinished,
    JobNotFound,
    StoreError,
)
from molextract.store.jobs import request_hash
from molextract.store.models import (
    ApiKey,
    DocumentStatus,
    Job,
    JobDocument,
    JobStatus,
    ResultRecord,
)
from molextract.store.repository import Repository, open_repository

__all__ = [
    "ApiKey",
    "DocumentStatus",
    "DuplicateDocumentError",
    "IdempotencyConflict",
    "InvalidCursor",
    "Job",
    "JobDocument",
    "JobFinished",
    "JobNotFound",
    "JobStatus",
    "Repository",
    "ResultRecord",
    "StoreError",
    "UnfinishedJob",
    "make_engine",
    "open_repository",
    "ready",
    "request_hash",
    "session_factory",
    "upgrade",
]
