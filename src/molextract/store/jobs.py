"""Jobs: submitting one with its documents, finding, listing, counting, cancelling, settling.

Locking, for several workers on PostgreSQL: a transaction that changes a job's
state locks the job row first and its documents second (:func:`lock_job`), so no
two of them can deadlock, and the "is anything still pending?" check
(:func:`settle_if_complete`) runs under that lock, after the caller's own document
update, so the last two documents finishing at once cannot both conclude that the
other is still running.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, and_, delete, func, insert, or_, select, update
from sqlalchemy.exc import DataError, IntegrityError
from sqlalchemy.orm import Session

from molextract.errors import InputError
from molextract.ingest.document import Document
from molextract.jobs import JobCounts
from molextract.store.base import RepositoryBase, affected_rows
from molextract.store.errors import (
    DuplicateDocumentError,
    IdempotencyConflict,
    InvalidCursor,
    JobFinished,
    JobNotFound,
)
from molextract.store.models import (
    FINAL_JOB_STATUSES,
    MAX_DOC_ID_LENGTH,
    PENDING_DOCUMENT_STATUSES,
    DocumentStatus,
    Job,
    JobDocument,
    JobStatus,
    ResultRecord,
    utcnow,
)


def request_hash(body: object) -> str:
    """A fingerprint of a request body that ignores key order and whitespace.

    The API stores it with an Idempotency-Key; a retry of the same request must hash
    the same even when a client library reorders JSON keys.
    """
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def _owned_by(api_key_id: int | None) -> ColumnElement[bool]:
    """Jobs of ``api_key_id``; ``None`` (embedded, no auth) sees only key-less jobs."""
    if api_key_id is None:
        return Job.api_key_id.is_(None)
    return Job.api_key_id == api_key_id


#: Job list cursors count microseconds from here.
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _encode_job_cursor(job: Job) -> str:
    """``<microseconds since 1970>-<job id>``: the position after ``job``, newest first.

    Not opaque on purpose: every string of this form is a position (jobs older than
    it), so the API can declare the format exactly and never refuse one that fits it.
    """
    delta = job.created_at - _EPOCH
    micros = (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds
    return f"{micros}-{job.id}"


def _decode_job_cursor(cursor: str) -> tuple[datetime, str]:
    micros, _, job_id = cursor.partition("-")
    if not (micros.isascii() and micros.isdigit() and len(micros) <= 16 and job_id):
        raise InvalidCursor(f"invalid job list cursor {cursor!r}")
    return _EPOCH + timedelta(microseconds=int(micros)), job_id


def _status_counts(session: Session, job_id: str) -> dict[str, int]:
    rows = session.execute(
        select(JobDocument.status, func.count())
        .where(JobDocument.job_id == job_id)
        .group_by(JobDocument.status)
    )
    return {status: count for status, count in rows}


def _duplicate_ids(documents: Sequence[Document]) -> list[str]:
    return sorted(doc_id for doc_id, n in Counter(d.id for d in documents).items() if n > 1)


def lock_job(session: Session, job_id: str) -> Job:
    """The job row, locked: the first step of every transaction that changes a job's state."""
    job = session.scalars(select(Job).where(Job.id == job_id).with_for_update()).one_or_none()
    if job is None:
        raise JobNotFound(f"no job {job_id}")
    return job


def settle_if_complete(session: Session, job: Job) -> None:
    """With the job row locked: pick the final status from the documents' statuses.

    A final status is recomputed (not kept) because a redelivered task can turn a
    failed document into a done one after the job ended; ``cancelled`` is kept as
    the user asked for it.
    """
    by_status = _status_counts(session, job.id)
    if any(by_status.get(s, 0) for s in PENDING_DOCUMENT_STATUSES):
        return
    now = utcnow()
    if job.status == JobStatus.CANCELLED:
        job.finished_at = job.finished_at or now
        return
    done = by_status.get(DocumentStatus.DONE, 0)
    failed = by_status.get(DocumentStatus.FAILED, 0)
    if failed == 0:
        status = JobStatus.SUCCEEDED
    elif done == 0:
        status = JobStatus.FAILED
    else:
        status = JobStatus.PARTIAL
    if job.status != status:
        job.status = status
        job.finished_at = now
    job.started_at = job.started_at or now


class JobRepository(RepositoryBase):
    def create_job(
        self,
        *,
        api_key_id: int | None,
        schema_name: str,
        custom_schema: dict[str, Any] | None,
        options: dict[str, Any],
        documents: Sequence[Document],
        idempotency_key: str | None = None,
        request_hash: str | None = None,
    ) -> tuple[Job, bool]:
        """Store a job with all its documents, or nothing; ``created`` is ``False`` on a replay.

        The idempotency check runs before and, for a concurrent twin request that won
        the race on the unique index, again after the insert fails.
        """
        if idempotency_key is not None:
            existing = self._idempotent_job(api_key_id, idempotency_key, request_hash)
            if existing is not None:
                return existing, False
        if not documents:
            raise InputError("a job needs at least one document")
        too_long = [d.id for d in documents if len(d.id) > MAX_DOC_ID_LENGTH]
        if too_long:
            raise InputError(
                f"document id {too_long[0][:40]!r}... is longer than {MAX_DOC_ID_LENGTH} characters"
            )
        job = Job(
            api_key_id=api_key_id,
            schema_name=schema_name,
            custom_schema=custom_schema,
            options=options,
            status=JobStatus.QUEUED,
            idempotency_key=idempotency_key,
            request_hash=request_hash,
            engines_used=[],
        )
        try:
            with self._writing() as session:
                session.add(job)
                session.flush()
                session.execute(
                    insert(JobDocument),
                    [
                        {
                            "job_id": job.id,
                            "doc_id": document.id,
                            "position": position,
                            "text": document.text,
                            "doc_metadata": document.metadata,
                            "status": DocumentStatus.QUEUED,
                            "attempts": 0,
                            "error": [],
                        }
                        for position, document in enumerate(documents)
                    ],
                )
        except IntegrityError as exc:
            if idempotency_key is not None:
                existing = self._idempotent_job(api_key_id, idempotency_key, request_hash)
                if existing is not None:
                    return existing, False
            duplicates = _duplicate_ids(documents)
            if duplicates:
                raise DuplicateDocumentError(
                    f"document ids must be unique within a job; repeated: {', '.join(duplicates[:10])}"
                ) from exc
            raise
        return job, True

    def _idempotent_job(
        self, api_key_id: int | None, idempotency_key: str, request_hash: str | None
    ) -> Job | None:
        with self._reading() as session:
            job = session.scalars(
                select(Job).where(_owned_by(api_key_id), Job.idempotency_key == idempotency_key)
            ).one_or_none()
        if job is not None and job.request_hash != request_hash:
            raise IdempotencyConflict(
                f"Idempotency-Key {idempotency_key!r} was already used for a different request "
                f"(job {job.id}); use a new key for a new request"
            )
        return job

    def get_job(self, job_id: str, api_key_id: int | None) -> Job | None:
        """The job, if ``api_key_id`` owns it: another key's job is indistinguishable from none."""
        with self._reading() as session:
            return session.scalars(
                select(Job).where(Job.id == job_id, _owned_by(api_key_id))
            ).one_or_none()

    def load_job(self, job_id: str) -> Job | None:
        """The job whoever owns it: workers act for whoever submitted it, and hold no key."""
        with self._reading() as session:
            return session.scalars(select(Job).where(Job.id == job_id)).one_or_none()

    def list_jobs(
        self, api_key_id: int | None, limit: int = 50, cursor: str | None = None
    ) -> tuple[list[Job], str | None]:
        """Newest first; ``next_cursor`` is ``None`` on the last page.

        Keyset paging on (created_at, id) rather than OFFSET, so a page stays cheap
        and stable while new jobs are submitted.
        """
        if limit < 1:
            raise ValueError("limit must be at least 1")
        query = select(Job).where(_owned_by(api_key_id))
        if cursor is not None:
            created_at, job_id = _decode_job_cursor(cursor)
            query = query.where(
                or_(
                    Job.created_at < created_at,
                    and_(Job.created_at == created_at, Job.id < job_id),
                )
            )
        query = query.order_by(Job.created_at.desc(), Job.id.desc()).limit(limit + 1)
        try:
            with self._reading() as session:
                jobs = list(session.scalars(query))
        except DataError as exc:  # a cursor of the right form whose values the database refuses
            raise InvalidCursor(f"invalid job list cursor {cursor!r}") from exc
        if len(jobs) <= limit:
            return jobs, None
        del jobs[limit:]
        return jobs, _encode_job_cursor(jobs[-1])

    def job_counts(self, job_id: str) -> JobCounts:
        """Documents per status plus records, computed (see :mod:`molextract.store.models`)."""
        with self._reading() as session:
            by_status = _status_counts(session, job_id)
            records = session.scalar(
                select(func.count()).select_from(ResultRecord).where(ResultRecord.job_id == job_id)
            )
        return JobCounts(
            total=sum(by_status.values()),
            done=by_status.get(DocumentStatus.DONE, 0),
            failed=by_status.get(DocumentStatus.FAILED, 0),
            queued=by_status.get(DocumentStatus.QUEUED, 0),
            running=by_status.get(DocumentStatus.RUNNING, 0),
            cancelled=by_status.get(DocumentStatus.CANCELLED, 0),
            records=records or 0,
        )

    def pending_document_ids(self, job_id: str) -> list[int]:
        """Row ids of the job's queued documents in order: what the API puts on the broker."""
        with self._reading() as session:
            return list(
                session.scalars(
                    select(JobDocument.id)
                    .where(
                        JobDocument.job_id == job_id,
                        JobDocument.status == DocumentStatus.QUEUED,
                    )
                    .order_by(JobDocument.position)
                )
            )

    def mark_started(self, job_id: str) -> bool:
        """queued → running; ``False`` if another task already started (or ended) the job."""
        with self._writing() as session:
            result = session.execute(
                update(Job)
                .where(Job.id == job_id, Job.status == JobStatus.QUEUED)
                .values(status=JobStatus.RUNNING, started_at=utcnow())
            )
            return bool(affected_rows(result))

    def is_cancelled(self, job_id: str) -> bool:
        """Checked by workers before each batch; an unknown job counts as cancelled (nothing to do)."""
        with self._reading() as session:
            status = session.scalar(select(Job.status).where(Job.id == job_id))
        return status is None or status == JobStatus.CANCELLED

    def cancel_job(self, job_id: str, api_key_id: int | None) -> Job:
        """Cancel the job for good: every document not finished is ``cancelled`` now.

        Cancel is final: from this transaction on, the job's counts and results no
        longer change. Documents a worker is running are cancelled too; the worker
        stops at its next checkpoint, and if it finishes first its save finds the job
        cancelled and drops the results (:meth:`ResultRepository.save_results`; both
        lock the job row, so one of the two transactions comes strictly first).
        What had finished before stays.

        Cancelling twice is not an error (a retried DELETE); cancelling a job that
        already ended is (:class:`JobFinished`), as there is nothing left to stop.
        """
        with self._writing() as session:
            job = session.scalars(
                select(Job).where(Job.id == job_id, _owned_by(api_key_id)).with_for_update()
            ).one_or_none()
            if job is None:
                raise JobNotFound(f"no job {job_id}")
            if job.status == JobStatus.CANCELLED:
                return job
            if job.status in FINAL_JOB_STATUSES:
                raise JobFinished(f"job {job_id} already ended as {job.status}")
            now = utcnow()
            session.execute(
                update(JobDocument)
                .where(
                    JobDocument.job_id == job_id,
                    JobDocument.status.in_(list(PENDING_DOCUMENT_STATUSES)),
                )
                .values(
                    status=DocumentStatus.CANCELLED,
                    finished_at=now,
                    claimed_by=None,
                    claimed_at=None,
                ),
                execution_options={"synchronize_session": False},
            )
            job.status = JobStatus.CANCELLED
            job.finished_at = now
            return job

    def discard_job(self, job_id: str) -> bool:
        """Delete the job, its documents and any records, as if it had never been submitted.

        For the API only, when the request that created the job is refused (its
        dispatch failed): a refused request must leave nothing behind. A message
        that did reach the broker finds the job unknown, which workers treat as
        cancelled. ``False`` if there was no such job.
        """
        with self._writing() as session:
            # The job row first, as every job-changing transaction locks it (see lock_job).
            locked = session.scalar(select(Job.id).where(Job.id == job_id).with_for_update())
            if locked is None:
                return False
            for table in (ResultRecord, JobDocument):
                session.execute(
                    delete(table).where(table.job_id == job_id),
                    execution_options={"synchronize_session": False},
                )
            session.execute(delete(Job).where(Job.id == job_id))
            return True

    def finish_job_if_complete(self, job_id: str) -> str:
        """Settle the job's status if no document is pending; returns the status.

        ``save_result`` already does this; call it after marking documents failed by
        other means, or to repair a job after a crash.
        """
        with self._writing() as session:
            job = lock_job(session, job_id)
            settle_if_complete(session, job)
            return job.status
