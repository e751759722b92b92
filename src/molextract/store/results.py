"""Results: saving a document's outcome, and reading records and result lines back.

Records are replaced, never appended, so saving a result again (a redelivered task)
leaves exactly one set. Nothing is saved into a cancelled job: cancel is final.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from sqlalchemy import delete, insert, select

from molextract.schemas.records import DocumentResult
from molextract.store.base import RepositoryBase
from molextract.store.errors import JobNotFound
from molextract.store.jobs import lock_job, settle_if_complete
from molextract.store.models import (
    DocumentStatus,
    Job,
    JobDocument,
    JobStatus,
    ResultRecord,
    utcnow,
)


class ResultRepository(RepositoryBase):
    def save_result(
        self, job_id: str, doc_id: str, result: DocumentResult, *, failed: bool = False
    ) -> bool:
        """Replace the document's records with ``result``'s and mark it done or failed;
        ``False`` if the job was cancelled and nothing was saved."""
        return self.save_results(job_id, [(doc_id, result, failed)])

    def save_results(
        self, job_id: str, outcomes: Sequence[tuple[str, DocumentResult, bool]]
    ) -> bool:
        """Save each ``(doc_id, result, failed)`` of one batch in one transaction.

        Records are replaced rather than appended, which is what makes a redelivered
        task harmless: the second save leaves exactly one set of records. The job's
        final status is settled in the same transaction, once per batch rather than
        once per document (settling counts the job's documents).

        Returns ``False``, saving nothing, when the job is cancelled: the check runs
        with the job row locked, in the same transaction as the save would, so a
        batch that finishes after ``DELETE`` answered changes neither counts nor
        results (cancel is final; see :meth:`JobRepository.cancel_job`).
        """
        for doc_id, result, _ in outcomes:
            if result.doc_id != doc_id or any(r.doc_id != doc_id for r in result.records):
                raise ValueError(f"result for document {result.doc_id!r} saved as {doc_id!r}")
        if not outcomes:
            return True
        now = utcnow()
        doc_ids = [doc_id for doc_id, _, _ in outcomes]
        with self._writing() as session:
            job = lock_job(session, job_id)
            if job.status == JobStatus.CANCELLED:
                return False
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
            settle_if_complete(session, job)
        return True

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

    def document_tables(self, job_id: str, doc_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        """The tables each of ``doc_ids`` was submitted with, as metadata (``{"tables":
        [...]}``), for the report to draw table records in their tables."""
        found: dict[str, dict[str, Any]] = {}
        ids = list(doc_ids)
        for start in range(0, len(ids), 500):
            with self._reading() as session:
                rows = session.execute(
                    select(JobDocument.doc_id, JobDocument.doc_metadata).where(
                        JobDocument.job_id == job_id,
                        JobDocument.doc_id.in_(ids[start : start + 500]),
                    )
                )
                for doc_id, meta in rows:
                    if isinstance(meta, dict) and isinstance(meta.get("tables"), list):
                        found[doc_id] = {"tables": meta["tables"]}
        return found
