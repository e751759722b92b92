"""``/v1/jobs``: submit, list, inspect, page or stream results, cancel.

Each handler reads its request and hands the work on: the body to
:mod:`~molextract.api.submission`, storing and queueing to :mod:`~molextract.api.accept`,
the shape of a job to :mod:`~molextract.api.views` and of its results to
:mod:`~molextract.api.formats`. What is left here is what the OpenAPI document shows.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request, Response
from fastapi.responses import HTMLResponse, JSONResponse

from molextract.api.accept import accept_job
from molextract.api.cursors import (
    JobCursor,
    RecordCursor,
    decode_record_cursor,
    encode_record_cursor,
)
from molextract.api.deps import Context, CurrentCaller, Repo
from molextract.api.formats import (
    REPORT_MAX_DOCUMENTS,
    export_response,
    ndjson_response,
    report_page,
    wants_ndjson,
)
from molextract.api.forms import FORM
from molextract.api.models import JobAccepted, JobList, JobView, RecordsPage
from molextract.api.problems import problem_responses
from molextract.api.submission import read_submission
from molextract.api.views import job_links, job_summary, job_view, owned_job, plausible_job_id
from molextract.jobs import NDJSON, JobStatus
from molextract.results import exports

router = APIRouter(prefix="/v1/jobs", tags=["jobs"])


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


#: The form's fields, as ``read_submission`` reads them: the job's options as JSON
#: text, its documents as files named for their ids.
_JOB_FORM: dict[str, Any] = {
    "type": "object",
    "required": ["schema", "file"],
    "additionalProperties": False,
    "properties": {
        "schema": {
            "type": "string",
            "minLength": 1,
            "description": "A built-in schema name, or an inline JSON Schema as JSON text.",
        },
        "options": {
            "type": "string",
            "description": 'JobOptions as JSON text, e.g. `{"chunk_size": 4}`.',
        },
        "file": {
            "type": "array",
            "minItems": 1,
            "items": {"type": "string", "format": "binary"},
            "description": "One part per document: a `.pdf` (its text layer is read; "
            "encrypted, damaged and scanned PDFs are refused) or a UTF-8 `.txt`. The file "
            "name without its extension is the document's id.",
        },
    },
}

#: The body is read by hand (see ``submission``), so it is described here. NDJSON
#: items use ``itemSchema`` as FastAPI does for its own JSON Lines streams.
_SUBMIT_BODY: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "description": "One JobRequest object; or NDJSON: a JobHeader line, then one DocumentIn "
        "per line; or a form with the job's fields and one file per document.",
        "content": {
            "application/json": {"schema": _ref("JobRequest")},
            NDJSON: {"itemSchema": {"anyOf": [_ref("JobHeader"), _ref("DocumentIn")]}},
            FORM: {"schema": _JOB_FORM},
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


@router.post(
    "",
    status_code=202,
    response_model=JobAccepted,
    summary="Submit a job",
    description="JSON (`application/json`) or, for large batches, NDJSON "
    "(`application/x-ndjson`: a header line `{schema, options}`, then one document per "
    "line). A document is its `text`, or a PDF as `pdf_base64`, which the server reads "
    "(refused with 422 `pdf-unreadable` if it is encrypted, damaged or has no text layer; "
    "413 `pdf-too-large` or `pdf-too-many-pages` past the service's limits). PDFs and text "
    "files can also be uploaded as `multipart/form-data`: a `schema` field, an optional "
    "`options` field (JSON), and one `file` part per `.pdf` or `.txt` document, its id the "
    "file name without the extension. With an `Idempotency-Key`, repeating the same request returns the same job "
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
    caller: CurrentCaller,
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
    job, created = await accept_job(context, caller, submission, idempotency_key)
    accepted = JobAccepted(id=job.id, status=JobStatus(job.status), links=job_links(job.id))
    headers = {"Location": accepted.links.self_}
    if not created:
        headers["Idempotent-Replayed"] = "true"
    return JSONResponse(
        accepted.model_dump(mode="json", by_alias=True),
        status_code=202 if created else 200,
        headers=headers,
    )


@router.get("", summary="List your jobs, newest first", responses=problem_responses(400, 401, 422))
def list_jobs(
    caller: CurrentCaller,
    repository: Repo,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    cursor: JobCursor = None,
) -> JobList:
    jobs, next_cursor = repository.list_jobs(caller.api_key_id, limit, cursor)
    return JobList(jobs=[job_summary(job) for job in jobs], next_cursor=next_cursor)


@router.get(
    "/{job_id}", summary="Status and counts of a job", responses=problem_responses(401, 404)
)
def get_job(job_id: str, caller: CurrentCaller, repository: Repo) -> JobView:
    return job_view(repository, owned_job(repository, job_id, caller))


@router.delete(
    "/{job_id}",
    summary="Cancel a job for good: nothing more runs, and its counts and results stay as they are",
    responses=problem_responses(401, 404, 409),
)
def cancel_job(job_id: str, caller: CurrentCaller, repository: Repo) -> JobView:
    return job_view(repository, repository.cancel_job(plausible_job_id(job_id), caller.api_key_id))


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
    caller: CurrentCaller,
    repository: Repo,
    cursor: RecordCursor = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
    shape: Annotated[
        Literal["records", "documents"] | exports.ExportFormat, Query(alias="format")
    ] = "records",
) -> Response:
    job = owned_job(repository, job_id, caller)
    headers = {"X-Job-Status": job.status}
    if shape == "csv" or shape == "parquet" or shape == "sdf":
        return export_response(repository, job, shape, headers)
    if shape == "documents":
        return ndjson_response(repository.document_results(job.id), headers)
    if wants_ndjson(request.headers.get("accept", "")):
        return ndjson_response(repository.iter_records(job.id), headers)
    records, next_id = repository.page_records(job.id, decode_record_cursor(cursor), limit)
    return JSONResponse(
        {"records": records, "next_cursor": encode_record_cursor(next_id)}, headers=headers
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
def get_report(job_id: str, caller: CurrentCaller, repository: Repo) -> HTMLResponse:
    job = owned_job(repository, job_id, caller)
    return HTMLResponse(report_page(repository, job), headers={"X-Job-Status": job.status})
