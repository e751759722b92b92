"""The extraction task: one batch of a job's stored documents through the pipeline.

A message carries a job id and document row ids only; everything else comes from the
store, so a message can be redelivered, retried or re-sent by recovery any number of
times. What makes that safe:

- ``claim_documents`` with the Celery task id as claimant hands a redelivered or
  retried task (same id) its own documents back, and never hands out documents that
  are finished or held by another live task (one that keeps renewing its lease, see
  :mod:`molextract.workers.leases`);
- ``save_result`` replaces a document's records, so saving twice leaves one set;
- the job's final status is settled in the store, from the documents' statuses;
- a cancelled job's documents are cancelled in the store at once, and a save into a
  cancelled job changes nothing, so a batch that finishes after the cancel is dropped;
- the pipeline stops at checkpoints between model calls when the job is cancelled or
  the worker is stopping (:mod:`molextract.workers.stopping`);
- an engine that refuses the request for good (a prompt longer than the model's
  context) fails the documents at once: retrying an outage could not help.

The engine and the pipelines are built once per worker process, after the fork, and
reused by every task: loading a model and compiling a schema's grammar take seconds
to minutes, a batch of tiny documents takes less.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import random
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from celery.exceptions import Reject, Retry, SoftTimeLimitExceeded
from sqlalchemy.exc import DBAPIError

from molextract._library import Extractor
from molextract.config import Settings
from molextract.engines.base import Engine
from molextract.engines.factory import create_engine, engine_chain
from molextract.errors import (
    ConfigError,
    EngineError,
    ModelError,
    PermanentEngineError,
    SchemaError,
)
from molextract.ingest.document import Document
from molextract.schemas.records import DocumentError, DocumentResult, EngineInfo
from molextract.schemas.registry import builtin_schema, schema_from_json
from molextract.schemas.spec import SchemaSpec
from molextract.store import (
    Job,
    JobDocument,
    Repository,
    make_engine,
    session_factory,
)
from molextract.workers.leases import claims_kept
from molextract.workers.options import MolextractCelery, WorkerOptions
from molextract.workers.parent import stop_if_orphaned
from molextract.workers.queues import EXTRACT_CHUNK
from molextract.workers.stopping import STOPPING, InFlight, WorkAbandoned, check, hand_back

logger = logging.getLogger(__name__)

#: Builds the worker process's engine. Tests replace it (before the worker starts)
#: to inject engine faults; product code never does.
engine_factory: Callable[[Settings], Engine] = create_engine

#: Error codes that mean extraction did not happen: a document with one of them and
#: no records counts as failed, so the job ends ``partial`` or ``failed``.
#: ``empty_text`` and ``too_long`` are answers about the input, not failures.
FAILURE_CODES = frozenset(
    {
        "engine_error",
        PermanentEngineError.code,
        "generation_truncated",
        "invalid_output",
        "schema_error",
        "worker_error",
        "worker_lost",
    }
)

#: Errors the pipeline gives without calling the engine.
REFUSAL_CODES = frozenset({"empty_text", "too_long"})

#: Errors while building the engine or loading its model. Most are passing (a model
#: server that is down, a model file still being pulled); a configuration error is
#: not, but it too is retried a few times and then written on every document, which
#: is where the person who submitted the job will look.
ENGINE_SETUP_ERRORS = (EngineError, ModelError, ConfigError)

#: Custom schemas kept compiled per process; each holds a grammar index in the engine.
MAX_CACHED_PIPELINES = 16


@dataclass
class _ProcessState:
    """What one worker process builds once: store access, engine, pipelines."""

    pid: int
    database: str
    repository: Repository
    #: Built engines by chain (``settings.engines``): a job may ask for its own chain.
    engines: dict[str, Engine] = field(default_factory=dict)
    pipelines: OrderedDict[str, Extractor] = field(default_factory=OrderedDict)


_STATE: _ProcessState | None = None


def _process_state(settings: Settings) -> _ProcessState:
    """The state of this process, rebuilt after a fork.

    Pooled database connections and a loaded model must not be shared between a
    parent and its forked children, so state is keyed by process id (and database,
    for a process that serves apps of several stores, as the tests do).
    """
    global _STATE
    if _STATE is None or (_STATE.pid, _STATE.database) != (os.getpid(), settings.database):
        repository = Repository(session_factory(make_engine(settings.database)))
        _STATE = _ProcessState(os.getpid(), settings.database, repository)
    return _STATE


def _pipeline(state: _ProcessState, schema: SchemaSpec, key: str, settings: Settings) -> Extractor:
    engine = state.engines.get(settings.engines)
    if engine is None:
        engine = state.engines[settings.engines] = engine_factory(settings)
    key = f"{settings.engines}|{key}"
    pipeline = state.pipelines.get(key)
    if pipeline is None:
        # The Python API's own entry: a job extracts exactly as ``extract`` would; a
        # task's documents go to the engine as one batch, as the engine's batching wants.
        pipeline = Extractor(
            schema, engine=engine, settings=settings, batch_size=settings.chunk_documents
        )
        state.pipelines[key] = pipeline
        while len(state.pipelines) > MAX_CACHED_PIPELINES:
            state.pipelines.popitem(last=False)
    state.pipelines.move_to_end(key)
    return pipeline


def job_schema(job: Job) -> tuple[SchemaSpec, str]:
    """The job's schema and a cache key for its pipeline."""
    if job.custom_schema is not None:
        spec = schema_from_json(
            job.custom_schema, default_name=job.schema_name, source=f"job {job.id}"
        )
        digest = hashlib.sha256(json.dumps(job.custom_schema, sort_keys=True).encode()).hexdigest()
        return spec, f"custom:{digest}"
    return builtin_schema(job.schema_name), f"builtin:{job.schema_name}"


def _configured_engine(settings: Settings) -> EngineInfo:
    """Who would have served the documents, for results made without an engine."""
    try:
        chain = engine_chain(settings)
    except ConfigError:
        chain = []
    return EngineInfo(
        name=",".join(chain) or "none",
        model=Path(settings.local_model).name.removesuffix(".gguf"),
    )


def _error_result(
    document: JobDocument, schema_name: str, engine: EngineInfo, code: str, message: str
) -> DocumentResult:
    return DocumentResult(
        doc_id=document.doc_id,
        schema_name=schema_name,
        engine=engine,
        errors=[DocumentError(code=code, message=message)],
    )


def is_failed(result: DocumentResult) -> bool:
    """No records and an error that means extraction did not happen."""
    return not result.records and any(e.code in FAILURE_CODES for e in result.errors)


def _is_outage(result: DocumentResult) -> bool:
    return not result.records and any(e.code == "engine_error" for e in result.errors)


def is_engine_outage(results: Sequence[DocumentResult]) -> bool:
    """Every document that reached the engine came back with an engine error.

    That is the engine being down rather than one bad document, so the batch is
    worth retrying later; documents refused before generation do not count.
    """
    reached = [r for r in results if not any(e.code in REFUSAL_CODES for e in r.errors)]
    return bool(reached) and all(_is_outage(r) for r in reached)


def _save(
    repository: Repository,
    job_id: str,
    documents: Sequence[JobDocument],
    results: Sequence[DocumentResult],
) -> tuple[int, int]:
    outcomes = [
        (document.doc_id, result, is_failed(result))
        for document, result in zip(documents, results, strict=True)
    ]
    stop_if_orphaned()
    if not repository.save_results(job_id, outcomes):
        logger.info("job %s was cancelled: %d result(s) dropped", job_id, len(outcomes))
        return 0, 0
    failed = sum(bad for _, _, bad in outcomes)
    return len(results) - failed, failed


def _run_pipeline(
    state: _ProcessState,
    schema: SchemaSpec,
    key: str,
    settings: Settings,
    documents: list[Document],
    checkpoint: Callable[[object], None],
) -> list[DocumentResult]:
    """The pipeline's results; an engine that cannot even be built fails every document.

    ``Pipeline.process`` turns failed generations into per-document errors itself, but
    building the engine, or loading the model on its first use (to count tokens),
    raises before any document has a result.
    """
    try:
        pipeline = _pipeline(state, schema, key, settings)
        # The checkpoint between model calls: it also makes the pipeline send the
        # batch a chunk (or a wave of requests) at a time instead of all at once.
        pipeline.pipeline.on_progress = checkpoint
        try:
            return pipeline.extract(documents)
        finally:
            pipeline.pipeline.on_progress = None
    except ENGINE_SETUP_ERRORS as exc:
        code = "engine_error"
        if isinstance(exc, PermanentEngineError):
            code = exc.code
        else:
            # Drop the engine: the next attempt builds it again, which is what a retry
            # after an outage needs.
            state.engines.pop(settings.engines, None)
            state.pipelines.clear()
        engine = _configured_engine(settings)
        return [
            DocumentResult(
                doc_id=d.id,
                schema_name=schema.name,
                engine=engine,
                errors=[DocumentError(code=code, message=str(exc))],
            )
            for d in documents
        ]


def extract_batch(task: Any, job_id: str, document_ids: list[int]) -> dict[str, Any]:
    """Run one batch of ``job_id``; see the module docstring for why each step is safe.

    Returns a summary for the worker log (no result backend stores it).
    """
    try:
        return _extract_batch(task, job_id, document_ids)
    except DBAPIError as exc:
        # The store is unreachable (or, on SQLite, locked for too long): there is
        # nowhere to record a failure, so try the whole batch again later. The
        # documents stay claimed by this task id, which the retry keeps.
        options: WorkerOptions = task.app.options
        retries: int = task.request.retries
        if retries >= options.task_max_retries:
            raise
        countdown = options.retry_countdown(retries)
        logger.warning("store error on job %s; retry in %.1f s: %s", job_id, countdown, exc)
        raise task.retry(
            exc=exc, countdown=countdown, max_retries=options.task_max_retries
        ) from exc


def _extract_batch(task: Any, job_id: str, document_ids: list[int]) -> dict[str, Any]:
    app: MolextractCelery = task.app
    settings, options = app.settings, app.options
    state = _process_state(settings)
    repository = state.repository
    summary: dict[str, Any] = {"job_id": job_id, "documents": len(document_ids)}

    # Cancellation is checked before anything is claimed or loaded; ``claim_documents``
    # checks again under its write lock, so a cancel racing this line is also seen.
    if repository.is_cancelled(job_id):
        return {**summary, "skipped": "cancelled"}
    if STOPPING.is_set():
        # Taken from the queue as the worker stops: back it goes, untouched.
        raise Reject("the worker is stopping", requeue=True)
    stop_if_orphaned()
    repository.mark_started(job_id)
    claimed = repository.claim_documents(
        job_id,
        document_ids,
        claimant=task.request.id,
        lease=timedelta(seconds=options.claim_lease_seconds),
    )
    if not claimed:
        # A redelivery of finished work, or documents another live task holds.
        return {**summary, "claimed": 0, "status": repository.finish_job_if_complete(job_id)}
    work = InFlight(repository, job_id, task.request.id, tuple(d.id for d in claimed))
    try:
        with claims_kept(work, options.claim_lease_seconds):
            done, failed = _process(task, state, settings, options, job_id, claimed)
    except WorkAbandoned as abandoned:
        if abandoned.reason == "cancelled":
            # The cancel already settled the documents; what was computed is dropped.
            logger.info("job %s was cancelled: batch of %d stopped", job_id, len(claimed))
            return {**summary, "claimed": len(claimed), "abandoned": "cancelled"}
        # The worker is stopping: the documents and the message go back for another
        # worker (or this one, restarted) to run.
        try:
            hand_back(work)
        except DBAPIError:
            logger.warning("could not hand back job %s's batch; its lease will lapse", job_id)
        raise Reject("the worker is stopping; the batch was handed back", requeue=True) from None
    except Retry as retry:
        # A retry is not a failure. The documents stay this task's until the retry is
        # due (plus a lease, in case this worker dies meanwhile): a lease that lapsed
        # during the backoff would send them straight back to a still-broken engine.
        _hold_until_retry(repository, job_id, task.request.id, claimed, retry)
        raise
    except DBAPIError:
        # A database error leaves nothing to record the failure in, so the documents
        # keep their claim and Celery logs the error.
        raise
    except Exception as exc:
        # Anything else is a bug or a time limit: record it on the documents so the
        # job ends instead of waiting for documents nobody will finish.
        message = (
            "the chunk ran longer than its time limit (MOLEXTRACT_TASK_TIME_LIMIT_SECONDS); "
            "raise it or lower the chunk size"
            if isinstance(exc, SoftTimeLimitExceeded)
            else f"the worker failed: {type(exc).__name__}: {exc}"
        )
        logger.exception("batch of job %s failed", job_id)
        engine = _configured_engine(settings)
        schema_name = _schema_name(state, job_id)
        for document in _still_held(repository, claimed, task.request.id):
            repository.save_result(
                job_id,
                document.doc_id,
                _error_result(document, schema_name, engine, "worker_error", message),
                failed=True,
            )
        repository.finish_job_if_complete(job_id)
        raise
    status = repository.finish_job_if_complete(job_id)
    return {**summary, "claimed": len(claimed), "done": done, "failed": failed, "status": status}


def _hold_until_retry(
    repository: Repository,
    job_id: str,
    claimant: str,
    claimed: Sequence[JobDocument],
    retry: Retry,
) -> None:
    when = retry.when
    if isinstance(when, datetime):
        wait = (when - datetime.now(when.tzinfo or UTC)).total_seconds()
    else:
        wait = float(when or 0)
    try:
        repository.renew_claims(
            job_id, claimant, [d.id for d in claimed], hold_for=timedelta(seconds=max(0.0, wait))
        )
    except DBAPIError:
        logger.warning("could not hold job %s's documents for the retry", job_id, exc_info=True)


def _still_held(
    repository: Repository, claimed: Sequence[JobDocument], claimant: str
) -> list[JobDocument]:
    """The claimed documents not yet finished: a result saved before the error stays."""
    running = repository.still_claimed(claimant, [d.id for d in claimed])
    return [d for d in claimed if d.id in running]


def _schema_name(state: _ProcessState, job_id: str) -> str:
    job = state.repository.load_job(job_id)
    return job.schema_name if job is not None else "unknown"


def _process(
    task: Any,
    state: _ProcessState,
    settings: Settings,
    options: WorkerOptions,
    job_id: str,
    claimed: list[JobDocument],
) -> tuple[int, int]:
    repository = state.repository
    job = repository.load_job(job_id)
    if job is None:  # deleted after the claim: nothing to save into
        return 0, 0
    engine = _configured_engine(settings)

    # Documents that were claimed too often keep killing their worker: stop here.
    worn = [d for d in claimed if d.attempts > options.max_claims]
    claimed = [d for d in claimed if d.attempts <= options.max_claims]
    _save(
        repository,
        job_id,
        worn,
        [
            _error_result(
                d,
                job.schema_name,
                engine,
                "worker_lost",
                f"processing was interrupted {d.attempts - 1} times (the worker died or "
                "lost its broker connection); the document was given up",
            )
            for d in worn
        ],
    )
    if not claimed:
        return 0, len(worn)

    try:
        schema, key = job_schema(job)
    except SchemaError as exc:
        results = [
            _error_result(d, job.schema_name, engine, "schema_error", str(exc)) for d in claimed
        ]
        done, failed = _save(repository, job_id, claimed, results)
        return done, failed + len(worn)

    documents = [Document(d.doc_id, d.text, dict(d.doc_metadata)) for d in claimed]
    chain = (job.options or {}).get("engines")
    if chain:  # the job's own fallback chain (checked against the settings at submission)
        settings = settings.model_copy(update={"engines": ",".join(chain)})
    results = _run_pipeline(state, schema, key, settings, documents, check(repository, job_id))
    retries: int = task.request.retries
    if is_engine_outage(results) and retries < options.task_max_retries:
        countdown = options.retry_countdown(retries) * random.uniform(0.5, 1.0)
        reason = next(e.message for r in results for e in r.errors if e.code == "engine_error")
        logger.warning(
            "engine outage on job %s (%s); retry %d of %d in %.1f s",
            job_id,
            reason,
            retries + 1,
            options.task_max_retries,
            countdown,
        )
        try:
            # Same task id, so the retry claims these documents back at once.
            retry = task.retry(
                countdown=countdown,
                max_retries=options.task_max_retries,
                exc=EngineError(reason),
                throw=False,
            )
        except Reject:
            # The retry could not be published (the broker is away too): record the
            # engine errors now rather than leave the documents claimed by nobody.
            logger.warning("could not schedule a retry of job %s; saving the errors", job_id)
        else:
            raise retry
    done, failed = _save(repository, job_id, claimed, results)
    return done, failed + len(worn)


def register_tasks(app: MolextractCelery) -> None:
    """Attach the tasks to ``app`` under their wire names.

    Registered per app (not with ``shared_task``) so each app's tasks see its own
    settings, and so importing this module never configures a global app.
    """
    app.task(
        bind=True,
        name=EXTRACT_CHUNK,
        # Retries are decided in the task (only for engine outages), never automatic.
        autoretry_for=(),
        max_retries=app.options.task_max_retries,
        acks_late=True,
        reject_on_worker_lost=True,
        ignore_result=True,
    )(extract_batch)
