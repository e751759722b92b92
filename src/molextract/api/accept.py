"""Accepting a submission: check it against this service, store it, hand it to the workers.

Dispatch failure policy. A job is stored before it is handed to the broker (a
worker must find the documents a message names), so the broker can fail after the
job exists. A refused request must leave nothing behind, so:

* the request that created the job deletes it again (job, documents, everything)
  and answers ``503``; the client submits again later. With an Idempotency-Key
  that retry creates the job then, since the key was stored with the job and went
  with it. A batch that did reach the broker before the failure finds its job
  unknown and is dropped by the worker;
* a replay of a still-queued job (a retry whose first response was lost, or a
  concurrent twin of the creating request) dispatches its pending documents again,
  which is harmless because workers claim each document once. If that fails too,
  it answers ``503`` and deletes nothing: the job is not this request's.
"""

from __future__ import annotations

import logging
from functools import partial

from starlette.concurrency import run_in_threadpool

from molextract.api.deps import ApiContext, Caller
from molextract.api.logs import FIELDS
from molextract.api.problems import Problem, validation_problem
from molextract.api.submission import Submission
from molextract.engines.factory import engine_chain
from molextract.errors import ConfigError
from molextract.jobs import JobStatus
from molextract.store import Job

logger = logging.getLogger("molextract.api")

RETRY_AFTER_SECONDS = "30"


async def accept_job(
    context: ApiContext, caller: Caller, submission: Submission, idempotency_key: str | None
) -> tuple[Job, bool]:
    """The job, and whether this request created it (``False``: an Idempotency-Key replay)."""
    _check_engines(context, submission)
    create = partial(
        context.repository.create_job,
        api_key_id=caller.api_key_id,
        schema_name=submission.schema_name,
        custom_schema=submission.custom_schema,
        options=submission.options,
        documents=submission.documents,
        idempotency_key=idempotency_key,
        request_hash=submission.fingerprint() if idempotency_key is not None else None,
    )
    job, created = await run_in_threadpool(create)
    if job.status == JobStatus.QUEUED:
        await _dispatch(context, job, created=created)
    if created:  # counted once it is accepted: a refused job was never created
        context.metrics.job_created(len(submission.documents))
    return job, created


def _check_engines(context: ApiContext, submission: Submission) -> None:
    """Refuse an engine chain this service cannot build, before anything is stored."""
    chain = submission.options.get("engines")
    if not chain:
        return
    try:
        engine_chain(context.settings, ",".join(chain))
    except ConfigError as exc:
        raise validation_problem(
            f"options.engines: this service cannot use that chain: {exc}",
            [
                {
                    "loc": ["body", "options", "engines"],
                    "detail": str(exc),
                    "type": "engine_not_configured",
                }
            ],
        ) from exc


async def _dispatch(context: ApiContext, job: Job, *, created: bool) -> None:
    """Hand the job's queued documents to the broker; on failure, apply the policy above."""
    try:
        pending = await run_in_threadpool(context.repository.pending_document_ids, job.id)
        if pending:
            await run_in_threadpool(context.dispatcher.dispatch, job.id, pending)
        return
    except Exception as exc:  # any broker or database failure means "not queued"
        logger.error("dispatch failed", exc_info=exc, extra={FIELDS: {"job_id": job.id}})
    if created:
        await _discard(context, job.id)
    raise Problem(
        503,
        "dispatch-failed",
        "Job not queued",
        "the job could not be queued (the broker is unavailable) and was not stored; "
        "submit it again later (with the same Idempotency-Key, if you sent one)",
        headers={"Retry-After": RETRY_AFTER_SECONDS},
    )


async def _discard(context: ApiContext, job_id: str) -> None:
    """Delete a job this request created; a failure is logged, the client still gets 503."""
    try:
        await run_in_threadpool(context.repository.discard_job, job_id)
    except Exception as exc:
        logger.error(
            "deleting a job that could not be queued failed",
            exc_info=exc,
            extra={FIELDS: {"job_id": job_id}},
        )
