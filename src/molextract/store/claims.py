"""Work claims: which task runs which documents, for how long, and what is left to run.

A claim is a lease: the claimant renews it while it works, and a claim nobody
renewed for a lease's length is taken to belong to a dead worker. ``claim_documents``
locks documents only, with ``SKIP LOCKED``, so it never waits for another claimer.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from sqlalchemy import and_, case, or_, select, update

from molextract.config import Settings
from molextract.store.base import RepositoryBase, affected_rows
from molextract.store.models import DocumentStatus, Job, JobDocument, JobStatus, utcnow

#: The lease of a claim whose caller names none; the setting is where it is decided.
DEFAULT_CLAIM_LEASE = timedelta(seconds=Settings.model_fields["claim_lease_seconds"].default)


@dataclass(frozen=True)
class UnfinishedJob:
    """What a queued or running job has left: its queued documents in order, and its
    running ones by claimant (recovery re-sends those under the claimant's task id)."""

    job_id: str
    queued: list[int] = field(default_factory=list)
    claimed: dict[str | None, list[int]] = field(default_factory=dict)


class ClaimRepository(RepositoryBase):
    def claim_documents(
        self,
        job_id: str,
        doc_row_ids: Sequence[int],
        *,
        claimant: str | None = None,
        lease: timedelta = DEFAULT_CLAIM_LEASE,
    ) -> list[JobDocument]:
        """Take the given documents for processing and return those this caller may run.

        Returned: queued documents, and running ones that were claimed by the same
        ``claimant`` (pass the Celery task id: a redelivered task has the same one) or
        whose lease ran out. Not returned: finished documents (a redelivery must not
        redo them), documents another live task holds, anything of a cancelled job.
        Without a ``claimant`` only queued and expired documents can be taken.
        """
        if not doc_row_ids:
            return []
        claimant = claimant or uuid.uuid4().hex
        now = utcnow()
        with self._writing() as session:
            status = session.scalar(select(Job.status).where(Job.id == job_id))
            if status is None or status == JobStatus.CANCELLED:
                return []
            claimable = or_(
                JobDocument.status == DocumentStatus.QUEUED,
                and_(
                    JobDocument.status == DocumentStatus.RUNNING,
                    or_(
                        JobDocument.claimed_by == claimant,
                        JobDocument.claimed_at.is_(None),
                        JobDocument.claimed_at < now - lease,
                    ),
                ),
            )
            documents = list(
                session.scalars(
                    select(JobDocument)
                    .where(
                        JobDocument.job_id == job_id,
                        JobDocument.id.in_(list(doc_row_ids)),
                        claimable,
                    )
                    .order_by(JobDocument.position)
                    .with_for_update(skip_locked=True)
                )
            )
            for document in documents:
                document.status = DocumentStatus.RUNNING
                document.attempts += 1
                document.claimed_by = claimant
                document.claimed_at = now
        return documents

    def renew_claims(
        self,
        job_id: str,
        claimant: str,
        doc_row_ids: Sequence[int],
        *,
        hold_for: timedelta = timedelta(0),
    ) -> int:
        """Restart the lease of the documents ``claimant`` still holds; returns how many.

        ``hold_for`` starts the lease that much later: a task waiting to retry holds its
        documents until the retry is due (the lease is then dated in the future).
        Fewer than asked means some finished or were taken over after the lease
        lapsed (the claimant looked dead): the caller's results are still saved, and
        idempotently, but it should know.
        """
        if not doc_row_ids:
            return 0
        with self._writing() as session:
            renewed = session.execute(
                update(JobDocument)
                .where(*_held_by(job_id, claimant, doc_row_ids))
                .values(claimed_at=utcnow() + hold_for),
                execution_options={"synchronize_session": False},
            )
            return affected_rows(renewed)

    def hand_back_claims(self, job_id: str, claimant: str, doc_row_ids: Sequence[int]) -> int:
        """Give back the documents ``claimant`` still holds, for a stopping worker; returns how many.

        They stay ``running`` under the claimant with the lease lapsed at once, so the
        claimant's redelivered message claims them back (same claimant) and so does
        any worker's sweep of lapsed claims if that message is lost; whichever comes
        first runs them, once. The attempt is not counted: the worker stopped by
        choice, and ``attempts`` counts the claims that died with their worker.
        """
        if not doc_row_ids:
            return 0
        with self._writing() as session:
            handed = session.execute(
                update(JobDocument)
                .where(*_held_by(job_id, claimant, doc_row_ids))
                .values(
                    claimed_at=None,
                    attempts=case((JobDocument.attempts > 0, JobDocument.attempts - 1), else_=0),
                ),
                execution_options={"synchronize_session": False},
            )
            return affected_rows(handed)

    def release_lapsed_claims(self, lease: timedelta) -> list[tuple[str, list[int]]]:
        """Put back in the queue the running documents whose lease lapsed.

        Returns ``(job_id, document row ids)`` per job released, for the caller to
        send as new messages. The documents become ``queued`` again (unclaimed) in the
        same transaction, so when several workers look at once only one of them
        releases each document; a second look finds them queued, not lapsed. If the
        caller dies before it sends, the dead worker's own message still comes back
        after the broker's visibility timeout and claims them: late, never lost.
        """
        cutoff = utcnow() - lease
        lapsed = or_(JobDocument.claimed_at.is_(None), JobDocument.claimed_at < cutoff)
        # Every worker asks every few seconds and the answer is nearly always "none":
        # a plain read first, so the write lock (all of SQLite) is taken only for work.
        with self._reading() as session:
            found = session.scalar(
                select(JobDocument.id)
                .join(Job, Job.id == JobDocument.job_id)
                .where(
                    Job.status == JobStatus.RUNNING,
                    JobDocument.status == DocumentStatus.RUNNING,
                    lapsed,
                )
                .limit(1)
            )
        if found is None:
            return []
        released: list[tuple[str, list[int]]] = []
        with self._writing() as session:
            # Through the jobs first: few run at once, and (job_id, status) is indexed.
            job_ids = list(session.scalars(select(Job.id).where(Job.status == JobStatus.RUNNING)))
            for job_id in job_ids:
                ids = list(
                    session.scalars(
                        select(JobDocument.id)
                        .where(
                            JobDocument.job_id == job_id,
                            JobDocument.status == DocumentStatus.RUNNING,
                            lapsed,
                        )
                        .order_by(JobDocument.position)
                        .with_for_update(skip_locked=True)
                    )
                )
                if not ids:
                    continue
                session.execute(
                    update(JobDocument)
                    .where(JobDocument.id.in_(ids))
                    .values(status=DocumentStatus.QUEUED, claimed_by=None, claimed_at=None),
                    execution_options={"synchronize_session": False},
                )
                released.append((job_id, ids))
        return released

    def still_claimed(self, claimant: str, doc_row_ids: Sequence[int]) -> set[int]:
        """Those of ``doc_row_ids`` that ``claimant`` holds and has not finished."""
        if not doc_row_ids:
            return set()
        with self._reading() as session:
            return set(
                session.scalars(
                    select(JobDocument.id).where(
                        JobDocument.id.in_(list(doc_row_ids)),
                        JobDocument.status == DocumentStatus.RUNNING,
                        JobDocument.claimed_by == claimant,
                    )
                )
            )

    def unfinished_work(self) -> Iterator[UnfinishedJob]:
        """Every queued or running job's unfinished documents, oldest job first.

        One short read per job, so re-sending a large backlog holds no transaction
        (and, on SQLite, no WAL checkpoint) open while the messages go out.
        """
        with self._reading() as session:
            job_ids = list(
                session.scalars(
                    select(Job.id)
                    .where(Job.status.in_([JobStatus.QUEUED, JobStatus.RUNNING]))
                    .order_by(Job.created_at, Job.id)
                )
            )
        for job_id in job_ids:
            with self._reading() as session:
                rows = session.execute(
                    select(JobDocument.id, JobDocument.status, JobDocument.claimed_by)
                    .where(
                        JobDocument.job_id == job_id,
                        JobDocument.status.in_([DocumentStatus.QUEUED, DocumentStatus.RUNNING]),
                    )
                    .order_by(JobDocument.position)
                ).all()
            unfinished = UnfinishedJob(job_id)
            for row_id, status, claimant in rows:
                if status == DocumentStatus.QUEUED:
                    unfinished.queued.append(row_id)
                else:
                    unfinished.claimed.setdefault(claimant, []).append(row_id)
            yield unfinished


def _held_by(job_id: str, claimant: str, doc_row_ids: Sequence[int]) -> tuple[Any, ...]:
    """The conditions of a document ``claimant`` still holds in ``job_id``."""
    return (
        JobDocument.job_id == job_id,
        JobDocument.id.in_(list(doc_row_ids)),
        JobDocument.status == DocumentStatus.RUNNING,
        JobDocument.claimed_by == claimant,
    )
