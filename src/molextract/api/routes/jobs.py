"""``/v1/jobs``: submit, list, inspect, page or stream results, cancel.

Dispatch failure policy. A job is stored before it is handed to the broker (a
worker must find the documents a message names), so the broker can fail after the
job exists. A refused request must leave nothing behind, so:

* the request that created the job deletes it again (job, documents, everything)
  and answers ``503``; the client submits again later. With an Idempotency-Key
  that retry creates the job then, since the key was stored with the job and went
  with it. A chunk that did reach the broker before the failure finds its job
  unknown and is dropped by the worker;
* a replay of a still-queued job (a retry whose first response was lost, or a
  concurrent twin of the creating request) dispatches its pending documents again,
  which is harmless because workers claim each document once. If that fails too,
  it answers ``503`` and deletes nothing: the job is not this request's.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Iterator
from functools import partial
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request, Response
from fastapi.responses import HTMLResponse, JSONResponse, StreamingResponse
from sqlalchemy.exc import DataError
from starlette.concurrency import run_in_threadpool

from molextract.api.deps import ApiContext, ApiKey, Caller, Context, Repo
from molextract.api.logs import FIELDS
from molextract.api.models import (
    JobAccepted,
    JobCounts,
    JobLinks,
    JobList,
    JobSummary,
    JobView,
    RecordsPage,
)
from molextract.api.problems import Problem, problem_responses, validation_problem
from molextract.api.submission import NDJSON_TYPES, read_submission
from molextract.engines.factory import engine_chain
from molextract.errors import ConfigError
from molextract.results import exports
from molextract.results.report import render_report
from molextract.schemas import DocumentResult
from molextract.store import InvalidCursor, Job, JobNotFound, JobStatus, Repository

router = APIRouter(prefix="/v1/jobs", tags=["jobs"])
logger = logging.getLogger("molextract.api")

NDJSON = "application/x-ndjson"
MAX_JOB_ID_LENGTH = 32  # the jobs.id column
MAX_RECORD_ID = 2**63 - 1  # a larger cursor would overflow PostgreSQL's BIGINT comparison
RETRY_AFTER_SECONDS = "30"
#: The report is one self-contained page built in memory; past this many documents
#: it is too big for a browser anyway, and the client is pointed at the results.
REPORT_MAX_DOCUMENTS = 2000


#: Cursors are positions, so that every string of the declared form is a valid one:
#: a job list cursor is ``<microseconds since 1970>-<job id>`` of the last job seen,
#: a results cursor the id of the last record seen.
JOB_CURSOR_PATTERN = r"^[0-9]{1,16}-[0-9a-f]{32}$"
RECORD_CURSOR_PATTERN = r"^[0-9]{1,18}$"
_CURSOR_HELP = (
    "The `next_cursor` of the previous page, unchanged; omit it for the first page. "
    "Any string of this form is a position ({form}); any other form is 422."
)
JobCursor = Annotated[
    str | None,
    Query(
        max_length=49,
        pattern=JOB_CURSOR_PATTERN,
        description=_CURSOR_HELP.format(
            form="`<microseconds since 1970>-<job id>`: jobs created before it"
        ),
    ),
]
RecordCursor = Annotated[
    str | None,
    Query(
        max_length=18,
        pattern=RECORD_CURSOR_PATTERN,
        description=_CURSOR_HELP.format(form="a record id: the records after it"),
    ),
]


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


#: The body is read by hand (see ``submission``), so it is described here. NDJSON
#: items use ``itemSchema`` as FastAPI does for its own JSON Lines streams.
_SUBMIT_BODY: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "description": "One JobRequest object, or NDJSON: a JobHeader line, then one DocumentIn "
        "per line.",
        "content": {
            "application/json": {"schema": _ref("JobRequest")},
            NDJSON: {"itemSchema": {"anyOf": [_ref("JobHeader"), _ref("DocumentIn")]}},
        },
    }
}

_NDJSON_RESULTS = {
    "description": "A page of records; or NDJSON: one Record per line, or with "
    "?format=documents one DocumentResult (output line) per finished document.",
    "content": {
        NDJSON: {"itemSchema": {"anyOf": [_ref("Record"), _ref("DocumentResult")]}},
        **{media.split(";")[0]: {} for media in exports.MEDIA_TYPES.values()},
    },
}


def links(job_id: str) -> JobLinks:
    return JobLinks.model_validate(
        {
            "self": f"/v1/jobs/{job_id}",
            "results": f"/v1/jobs/{job_id}/results",
            "report": f"/v1/jobs/{job_id}/report",
        }
    )


def _summary(job: Job) -> dict[str, Any]:
    return {
        "id": job.id,
        "status": job.status,
        "schema": job.schema_name,
        "created_at": job.created_at,
        "started_at": job.started_at,
        "finished_at": job.finished_at,
        "links": links(job.id),
    }


def _view(repository: Repository, job: Job) -> JobView:
    return JobView.model_validate(
        {
            **_summary(job),
            "custom_schema": job.custom_schema is not None,
            "options": job.options,
            "counts": JobCounts.model_validate(repository.job_counts(job.id)),
            "engines_used": job.engines_used,
        }
    )


def _plausible_job_id(job_id: str) -> str:
    """Refuse ids no job can have before they reach SQL: PostgreSQL errors on NUL bytes."""
    if "\x00" in job_id or len(job_id) > MAX_JOB_ID_LENGTH:
        raise JobNotFound(f"no job {job_id[:MAX_JOB_ID_LENGTH]!r}")
    return job_id


def _owned_job(repository: Repository, job_id: str, caller: Caller) -> Job:
    job = repository.get_job(_plausible_job_id(job_id), caller.api_key_id)
    if job is None:
        raise JobNotFound(f"no job {job_id}")
    return job


@router.post(
    "",
    status_code=202,
    response_model=JobAccepted,
    summary="Submit a job",
    description="JSON (`application/json`) or, for large batches, NDJSON "
    "(`application/x-ndjson`: a header line `{schema, options}`, then one document per "
    "line). With an `Idempotency-Key`, repeating the same request returns the same job "
    "(200, `Idempotent-Replayed: true`) instead of creating a second one; the same key "
    "with a different body is 409 (`idempotency-key-reused`): the request itself is fine, "
    "the key is taken.",
    responses={
        200: {"model": JobAccepted, "description": "Idempotency-Key replay: the existing job."},
        **problem_responses(400, 401, 409, 413, 415, 422, 503),
    },
    openapi_extra=_SUBMIT_BODY,
)
async def submit_job(
    request: Request,
    caller: ApiKey,
    context: Context,
    idempotency_key: Annotated[
        str | None,
        Header(
            alias="Idempotency-Key",
            min_length=1,
            max_length=255,
            pattern=r"^[\x20-\x7e]+$",
            description="Makes retries safe: the same key and body never create a second job. "
            "Printable ASCII, at most 255 characters; scoped to the API key.",
        ),
    ] = None,
) -> JSONResponse:
    submission = await read_submission(request, context.limits)
    chain = submission.options.get("engines")
    if chain:
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
    accepted = JobAccepted(id=job.id, status=JobStatus(job.status), links=links(job.id))
    headers = {"Location": accepted.links.self_}
    if not created:
        headers["Idempotent-Replayed"] = "true"
    return JSONResponse(
        accepted.model_dump(mode="json", by_alias=True),
        status_code=202 if created else 200,
        headers=headers,
    )


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


@router.get("", summary="List your jobs, newest first", responses=problem_responses(400, 401, 422))
def list_jobs(
    caller: ApiKey,
    repository: Repo,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    cursor: JobCursor = None,
) -> JobList:
    try:
        jobs, next_cursor = repository.list_jobs(caller.api_key_id, limit, cursor)
    except DataError as exc:  # a cursor whose values the database refuses
        raise InvalidCursor(f"invalid job list cursor {cursor!r}") from exc
    return JobList(
        jobs=[JobSummary.model_validate(_summary(job)) for job in jobs], next_cursor=next_cursor
    )


@router.get(
    "/{job_id}", summary="Status and counts of a job", responses=problem_responses(401, 404)
)
def get_job(job_id: str, caller: ApiKey, repository: Repo) -> JobView:
    return _view(repository, _owned_job(repository, job_id, caller))


@router.delete(
    "/{job_id}",
    summary="Cancel a job: work not yet started is not run",
    responses=problem_responses(401, 404, 409),
)
def cancel_job(job_id: str, caller: ApiKey, repository: Repo) -> JobView:
    return _view(repository, repository.cancel_job(_plausible_job_id(job_id), caller.api_key_id))


def _encode_record_cursor(record_id: int | None) -> str | None:
    return None if record_id is None else str(record_id)


def _decode_record_cursor(cursor: str | None) -> int | None:
    # The declared pattern (18 digits at most) keeps it within PostgreSQL's BIGINT.
    if cursor is None:
        return None
    if not (cursor.isascii() and cursor.isdigit()) or int(cursor) > MAX_RECORD_ID:
        raise InvalidCursor(f"invalid results cursor {cursor!r}")
    return int(cursor)


def _wants_ndjson(request: Request) -> bool:
    """Whether the Accept header names an NDJSON type (and does not refuse it with ``q=0``)."""
    for media_range in request.headers.get("accept", "").split(","):
        media, *params = (part.strip().lower() for part in media_range.split(";"))
        if media in NDJSON_TYPES and _quality(params) > 0:
            return True
    return False


def _quality(params: list[str]) -> float:
    for param in params:
        name, _, value = param.partition("=")
        if name.strip() == "q":
            try:
                return float(value)
            except ValueError:
                return 0.0
    return 1.0


def _ndjson_lines(rows: Iterable[dict[str, Any]]) -> Iterator[bytes]:
    for row in rows:
        yield json.dumps(row, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


@router.get(
    "/{job_id}/results",
    summary="Records of a job: cursor pages, or everything as NDJSON",
    description="JSON pages of records by default. With `Accept: application/x-ndjson` every "
    "record is streamed, one per line (`cursor` and `limit` are ignored). `format=documents` "
    "always streams NDJSON, one output line per finished document, in the shape "
    "`molextract run` writes. `format=csv|parquet|sdf` is the file `molextract export` writes "
    "(one row per record; an SDF holds the compounds with a structure, `X-Records-Without-"
    "Structure` counts the records it leaves out). Listings are complete once the job has "
    "ended; the job's status is in the `X-Job-Status` header.",
    response_model=RecordsPage,
    responses={200: _NDJSON_RESULTS, **problem_responses(400, 401, 404, 422)},
)
def get_results(
    job_id: str,
    request: Request,
    caller: ApiKey,
    repository: Repo,
    cursor: RecordCursor = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
    shape: Annotated[
        Literal["records", "documents"] | exports.ExportFormat, Query(alias="format")
    ] = "records",
) -> Response:
    job = _owned_job(repository, job_id, caller)
    headers = {"X-Job-Status": job.status}
    if shape == "csv" or shape == "parquet" or shape == "sdf":
        return _exported(repository, job, shape, headers)
    if shape == "documents":
        return StreamingResponse(
            _ndjson_lines(repository.document_results(job.id)), media_type=NDJSON, headers=headers
        )
    if _wants_ndjson(request):
        return StreamingResponse(
            _ndjson_lines(repository.iter_records(job.id)), media_type=NDJSON, headers=headers
        )
    records, next_id = repository.page_records(job.id, _decode_record_cursor(cursor), limit)
    return JSONResponse(
        {"records": records, "next_cursor": _encode_record_cursor(next_id)}, headers=headers
    )


def _exported(
    repository: Repository, job: Job, fmt: exports.ExportFormat, headers: dict[str, str]
) -> StreamingResponse:
    """The finished documents' records as a file, in the columns `molextract export` writes."""
    body, stats = exports.export_spooled(
        lambda: ((f"job {job.id}", line) for line in repository.document_results(job.id)), fmt
    )
    headers = {
        **headers,
        "Content-Disposition": f'attachment; filename="{job.id}.{fmt}"',
        "X-Records": str(stats.records),
        "X-Records-Without-Structure": str(stats.without_structure),
    }
    return StreamingResponse(
        exports.iter_file(body), media_type=exports.MEDIA_TYPES[fmt], headers=headers
    )


@router.get(
    "/{job_id}/report",
    summary="The job's results as one self-contained HTML report",
    description="The page `molextract report` writes: each document's text with the evidence "
    "spans highlighted, structure depictions, and a sortable, filterable property table. "
    "Documents still queued or running are not in it yet; the job's status is in the "
    f"`X-Job-Status` header. Jobs of more than {REPORT_MAX_DOCUMENTS} finished documents are "
    "refused (use the results stream and `molextract report`).",
    response_class=HTMLResponse,
    responses={200: {"content": {"text/html": {}}}, **problem_responses(401, 404, 422)},
)
def get_report(job_id: str, caller: ApiKey, repository: Repo) -> HTMLResponse:
    job = _owned_job(repository, job_id, caller)
    results: list[DocumentResult] = []
    for line in repository.document_results(job.id):
        if len(results) == REPORT_MAX_DOCUMENTS:
            raise Problem(
                422,
                "report-too-large",
                "Report too large",
                f"job {job.id} has more than {REPORT_MAX_DOCUMENTS} finished documents; "
                f"stream /v1/jobs/{job.id}/results?format=documents into a file and run "
                "`molextract report` on it",
            )
        results.append(DocumentResult.model_validate(line))
    texts = repository.document_texts(job.id, [result.doc_id for result in results])
    page = render_report(results, texts, title=f"molextract job {job.id} ({job.schema_name})")
    return HTMLResponse(page, headers={"X-Job-Status": job.status})
