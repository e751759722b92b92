"""Everything the API and the workers read from or write to the store.

Each public method is one transaction, so a crash never leaves half a write behind.
Writes that a redelivered Celery task can repeat (claiming, saving a result,
finishing a job) are idempotent.

Locking, for several workers on PostgreSQL: a transaction that changes a job's
state locks the job row first and its documents second (``save_result``,
``cancel_job``, ``finish_job_if_complete``), so no two of them can deadlock, and
the "is anything still pending?" check runs under that lock, after the caller's own
document update, so the last two documents finishing at once cannot both conclude
that the other is still running. ``claim_documents`` locks documents only, with
``SKIP LOCKED``, so it never waits. On SQLite every write transaction is
``BEGIN IMMEDIATE`` and thus serialised.

Methods that take no ``api_key_id`` do not check ownership: they are for workers,
or for the API after :meth:`Repository.get_job` has.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import uuid
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any, TypedDict

from sqlalchemy import ColumnElement, and_, delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from molextract.errors import InputError
from molextract.extraction.document import Document
from molextract.schemas.records import DocumentResult
from molextract.store import db
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
    ApiKey,
    DocumentStatus,
    Job,
    JobDocument,
    JobStatus,
    ResultRecord,
    utcnow,
)

#: How long a claimed document belongs to its claimant without a sign of life. The
#: claimant renews it while it works (:meth:`Repository.renew_claims`); after it,
#: another task may take over a document whose worker died.
DEFAULT_CLAIM_LEASE = timedelta(seconds=10)

API_KEY_PREFIX = "mx_"


class JobCounts(TypedDict):
    total: int
    done: int
    failed: int
    queued: int
    running: int
    cancelled: int
    records: int


def hash_secret(secret: str) -> str:
    """SHA-256 is enough for API keys: they are 256-bit random, not guessable passwords."""
    return hashlib.sha256(secret.encode()).hexdigest()


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


class Repository:
    """The store's operations, over a session factory from :func:`db.session_factory`."""

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self._sessions = sessions

    @contextmanager
    def _reading(self) -> Iterator[Session]:
        with self._sessions() as session, session.begin():
            yield session

    @contextmanager
    def _writing(self) -> Iterator[Session]:
        """A write transaction; on SQLite it takes the write lock up front (see ``db``)."""
        with self._sessions() as session, session.begin():
            session.connection(execution_options={db.WRITE_TRANSACTION: True})
            yield session

    # -- API keys ---------------------------------------------------------------------

    def create_api_key(self, name: str) -> tuple[ApiKey, str]:
        """A new key and its secret; the secret is shown once and never stored."""
        secret = API_KEY_PREFIX + secrets.token_urlsafe(32)
        key = ApiKey(name=name, key_hash=hash_secret(secret))
        with self._writing() as session:
            session.add(key)
        return key, secret

    def authenticate(self, secret: str) -> ApiKey | None:
        """The live key with this secret; looking up by hash leaks nothing through timing."""
        if not secret.startswith(API_KEY_PREFIX):
            return None
        with self._reading() as session:
            return session.scalars(
                select(ApiKey).where(
                    ApiKey.key_hash == hash_secret(secret), ApiKey.revoked_at.is_(None)
                )
            ).one_or_none()

    def revoke_api_key(self, api_key_id: int) -> bool:
        """Revoke a key (its jobs stay); ``False`` if it was unknown or already revoked."""
        with self._writing() as session:
            result = session.execute(
                update(ApiKey)
                .where(ApiKey.id == api_key_id, ApiKey.revoked_at.is_(None))
                .values(revoked_at=utcnow())
            )
            return bool(result.rowcount)  # type: ignore[attr-defined]

    # -- Jobs -------------------------------------------------------------------------

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
        with self._reading() as session:
            jobs = list(session.scalars(query))
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
            return bool(result.rowcount)  # type: ignore[attr-defined]

    def is_cancelled(self, job_id: str) -> bool:
        """Checked by workers before each chunk; an unknown job counts as cancelled (nothing to do)."""
        with self._reading() as session:
            status = session.scalar(select(Job.status).where(Job.id == job_id))
        return status is None or status == JobStatus.CANCELLED

    def cancel_job(self, job_id: str, api_key_id: int | None) -> Job:
        """Cancel work not yet started; documents already running finish and are kept.

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
                .where(JobDocument.job_id == job_id, JobDocument.status == DocumentStatus.QUEUED)
                .values(status=DocumentStatus.CANCELLED, finished_at=now),
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
            # The job row first, as every job-changing transaction locks it (see above).
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

    # -- Work -------------------------------------------------------------------------

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
                .where(
                    JobDocument.job_id == job_id,
                    JobDocument.id.in_(list(doc_row_ids)),
                    JobDocument.status == DocumentStatus.RUNNING,
                    JobDocument.claimed_by == claimant,
                )
                .values(claimed_at=utcnow() + hold_for),
                execution_options={"synchronize_session": False},
            )
            return int(getattr(renewed, "rowcount", 0) or 0)

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
        with self._sessions() as session:
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

    def save_result(
        self, job_id: str, doc_id: str, result: DocumentResult, *, failed: bool = False
    ) -> None:
        """Replace the document's records with ``result``'s and mark it done or failed."""
        self.save_results(job_id, [(doc_id, result, failed)])

    def save_results(
        self, job_id: str, outcomes: Sequence[tuple[str, DocumentResult, bool]]
    ) -> None:
        """Save each ``(doc_id, result, failed)`` of one chunk in one transaction.

        Records are replaced rather than appended, which is what makes a redelivered
        task harmless: the second save leaves exactly one set of records. The job's
        final status is settled in the same transaction, once per chunk rather than
        once per document (settling counts the job's documents).
        """
        for doc_id, result, _ in outcomes:
            if result.doc_id != doc_id or any(r.doc_id != doc_id for r in result.records):
                raise ValueError(f"result for document {result.doc_id!r} saved as {doc_id!r}")
        if not outcomes:
            return
        now = utcnow()
        doc_ids = [doc_id for doc_id, _, _ in outcomes]
        with self._writing() as session:
            job = self._lock_job(session, job_id)
            found = {
                d.doc_id: d
                for d in session.scalars(
                    select(JobDocument).where(
                        JobDocument.job_id == job_id, JobDocument.doc_id.in_(doc_ids)
                    )
                )
            }
            missing = [doc_id for doc_id in doc_ids if doc_id not in found]
            if missing:
                raise JobNotFound(f"job {job_id} has no document {missing[0]!r}")
            session.execute(
                delete(ResultRecord).where(
                    ResultRecord.job_id == job_id, ResultRecord.doc_id.in_(doc_ids)
                ),
                execution_options={"synchronize_session": False},
            )
            rows = [
                {
                    "job_id": job_id,
                    "doc_id": doc_id,
                    "seq": seq,
                    "data": record.model_dump(mode="json", by_alias=True),
                    "inchikey": record.compound.inchikey,
                    "property": record.property,
                    "value_si": record.value_si,
                    "status": record.status,
                }
                for doc_id, result, _ in outcomes
                for seq, record in enumerate(result.records)
            ]
            if rows:
                session.execute(insert(ResultRecord), rows)
            engines = list(job.engines_used)
            for doc_id, result, failed in outcomes:
                document = found[doc_id]
                document.status = DocumentStatus.FAILED if failed else DocumentStatus.DONE
                document.error = [e.model_dump(mode="json") for e in result.errors]
                document.engine = result.engine.model_dump(mode="json")
                document.usage = result.usage.model_dump(mode="json")
                document.finished_at = now
                if result.engine.name not in engines:
                    engines.append(result.engine.name)
            if engines != job.engines_used:
                job.engines_used = engines
            self._finish_if_complete(session, job)

    def finish_job_if_complete(self, job_id: str) -> str:
        """Settle the job's status if no document is pending; returns the status.

        ``save_result`` already does this; call it after marking documents failed by
        other means, or to repair a job after a crash.
        """
        with self._writing() as session:
            job = self._lock_job(session, job_id)
            self._finish_if_complete(session, job)
            return job.status

    @staticmethod
    def _lock_job(session: Session, job_id: str) -> Job:
        job = session.scalars(select(Job).where(Job.id == job_id).with_for_update()).one_or_none()
        if job is None:
            raise JobNotFound(f"no job {job_id}")
        return job

    @staticmethod
    def _finish_if_complete(session: Session, job: Job) -> None:
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

    # -- Results ----------------------------------------------------------------------

    def page_records(
        self, job_id: str, after_id: int | None = None, limit: int = 100
    ) -> tuple[list[dict[str, Any]], int | None]:
        """Records with id > ``after_id`` in id order; ``next_cursor`` is ``None`` on the last page.

        While a job runs, records of a document committed later can get lower ids than
        ones already paged past (ids are drawn at insert, not at commit), so a listing
        is complete only once the job has ended.
        """
        if limit < 1:
            raise ValueError("limit must be at least 1")
        query = select(ResultRecord.id, ResultRecord.data).where(ResultRecord.job_id == job_id)
        if after_id is not None:
            query = query.where(ResultRecord.id > after_id)
        query = query.order_by(ResultRecord.id).limit(limit + 1)
        with self._reading() as session:
            rows = [(row_id, data) for row_id, data in session.execute(query)]
        if len(rows) <= limit:
            return [data for _, data in rows], None
        del rows[limit:]
        return [data for _, data in rows], rows[-1][0]

    def iter_records(self, job_id: str, batch_size: int = 1000) -> Iterator[dict[str, Any]]:
        """All records of the job, for NDJSON streaming.

        Each batch is its own short transaction, so a slow client reading a large
        stream holds no transaction (and, on SQLite, no WAL checkpoint) open.
        """
        cursor: int | None = None
        while True:
            records, cursor = self.page_records(job_id, cursor, batch_size)
            yield from records
            if cursor is None:
                return

    def document_results(self, job_id: str, batch_size: int = 200) -> Iterator[dict[str, Any]]:
        """One ``DocumentResult``-shaped dict per finished (done or failed) document, in order.

        This is the CLI's output line, rebuilt from the store for ``submit --wait``.
        Queued, running and cancelled documents have no result and yield nothing.
        """
        with self._reading() as session:
            schema_name = session.scalar(select(Job.schema_name).where(Job.id == job_id))
        if schema_name is None:
            raise JobNotFound(f"no job {job_id}")
        after = -1
        while True:
            with self._reading() as session:
                documents = list(
                    session.scalars(
                        select(JobDocument)
                        .where(
                            JobDocument.job_id == job_id,
                            JobDocument.position > after,
                            JobDocument.status.in_([DocumentStatus.DONE, DocumentStatus.FAILED]),
                        )
                        .order_by(JobDocument.position)
                        .limit(batch_size)
                    )
                )
                records: dict[str, list[dict[str, Any]]] = {d.doc_id: [] for d in documents}
                if documents:
                    rows = session.execute(
                        select(ResultRecord.doc_id, ResultRecord.data)
                        .where(
                            ResultRecord.job_id == job_id,
                            ResultRecord.doc_id.in_(list(records)),
                        )
                        .order_by(ResultRecord.doc_id, ResultRecord.seq)
                    )
                    for doc_id, data in rows:
                        records[doc_id].append(data)
            for document in documents:
                yield {
                    "doc_id": document.doc_id,
                    "schema": schema_name,
                    "records": records[document.doc_id],
                    "errors": document.error,
                    "engine": document.engine,
                    "usage": document.usage or {},
                }
            if len(documents) < batch_size:
                return
            after = documents[-1].position

    def document_texts(self, job_id: str, doc_ids: Sequence[str]) -> dict[str, str]:
        """The submitted text of each of ``doc_ids`` in the job (for the HTML report)."""
        texts: dict[str, str] = {}
        ids = list(doc_ids)
        for start in range(0, len(ids), 500):
            with self._reading() as session:
                rows = session.execute(
                    select(JobDocument.doc_id, JobDocument.text).where(
                        JobDocument.job_id == job_id,
                        JobDocument.doc_id.in_(ids[start : start + 500]),
                    )
                )
                texts.update({doc_id: text for doc_id, text in rows})
        return texts

    # -- Health -----------------------------------------------------------------------

    def ready(self) -> bool:
        """Whether the database answers; see :func:`molextract.store.db.ready`."""
        with self._sessions() as session:
            return db.ready(session)
