"""The forms a job's results are served in, and how a request picks one.

JSON pages are the default; NDJSON is chosen by the ``Accept`` header (results) or
the ``Content-Type`` (submissions), under any of its spellings; the export files
and the HTML report are the ones ``molextract export`` and ``molextract report``
write, built from the same code so that the service and the CLI never disagree.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from fastapi.responses import StreamingResponse

from molextract.api.problems import Problem
from molextract.jobs import NDJSON
from molextract.results import exports
from molextract.results.report import render_report
from molextract.schemas import DocumentResult
from molextract.store import Job, Repository

#: ``application/x-ndjson`` is what clients send in practice; the other two are its
#: newer and older spellings.
NDJSON_TYPES = frozenset({NDJSON, "application/jsonl", "application/ndjson"})

#: The report is one self-contained page built in memory; past this many documents
#: it is too big for a browser anyway, and the client is pointed at the results.
REPORT_MAX_DOCUMENTS = 2000


def wants_ndjson(accept: str) -> bool:
    """Whether an Accept header names an NDJSON type (and does not refuse it with ``q=0``)."""
    for media_range in accept.split(","):
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


def ndjson_response(
    rows: Iterable[dict[str, Any]], headers: Mapping[str, str]
) -> StreamingResponse:
    """``rows`` streamed one JSON object per line, as they are read from the store."""
    return StreamingResponse(_ndjson_lines(rows), media_type=NDJSON, headers=headers)


def _ndjson_lines(rows: Iterable[dict[str, Any]]) -> Iterator[bytes]:
    for row in rows:
        yield json.dumps(row, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


def export_response(
    repository: Repository, job: Job, fmt: exports.ExportFormat, headers: Mapping[str, str]
) -> StreamingResponse:
    """The finished documents' records as a file, in the columns `molextract export` writes."""
    body, stats = exports.export_spooled(
        lambda: ((f"job {job.id}", line) for line in repository.document_results(job.id)), fmt
    )
    return StreamingResponse(
        exports.iter_file(body),
        media_type=exports.MEDIA_TYPES[fmt],
        headers={
            **headers,
            "Content-Disposition": f'attachment; filename="{job.id}.{fmt}"',
            "X-Records": str(stats.records),
            "X-Records-Without-Structure": str(stats.without_structure),
        },
    )


def report_page(repository: Repository, job: Job) -> str:
    """The page `molextract report` writes for the job's finished documents.

    Refused (422) past :data:`REPORT_MAX_DOCUMENTS` while reading, so an oversized
    job costs no more than the limit's worth of documents.
    """
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
    ids = [result.doc_id for result in results]
    texts = repository.document_texts(job.id, ids)
    tables = repository.document_tables(job.id, ids)
    title = f"molextract job {job.id} ({job.schema_name})"
    return render_report(results, texts, title=title, metadata=tables)
