"""Everything the API and the workers read from or write to the store, as one object.

Each area has its own module and class (keys, jobs, claims, results); the API and the
workers receive this one, which is all of them over one session factory.

Each public method is one transaction, so a crash never leaves half a write behind.
Writes that a redelivered Celery task can repeat (claiming, saving a result,
finishing a job) are idempotent. On SQLite every write transaction is
``BEGIN IMMEDIATE`` and thus serialised; on PostgreSQL the lock order that keeps
several workers from deadlocking is described in :mod:`molextract.store.jobs`.

Methods that take no ``api_key_id`` do not check ownership: they are for workers,
or for the API after :meth:`Repository.get_job` has.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from molextract.store.claims import ClaimRepository
from molextract.store.db import make_engine, session_factory
from molextract.store.jobs import JobRepository
from molextract.store.keys import ApiKeyRepository
from molextract.store.results import ResultRepository


class Repository(ApiKeyRepository, JobRepository, ClaimRepository, ResultRepository):
    """The store's operations, over a session factory from :func:`db.session_factory`."""


@contextmanager
def open_repository(url: str) -> Iterator[Repository]:
    """A repository on an engine of its own, whose pooled connections close at the end.

    For recovery and the lapsed-work sweeper, which run beside the task processes'
    own engine and must not leave connections open when they end.
    """
    engine = make_engine(url)
    try:
        yield Repository(session_factory(engine))
    finally:
        engine.dispose()
