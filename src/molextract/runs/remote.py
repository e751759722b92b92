"""A bulk run through the job service: what ``molextract submit`` does.

The same inputs and the same output lines as ``molextract run``, but the work is
done by the service's workers: documents are read and uploaded in batches (one
job per batch, so no single request approaches the server's size limits), the
jobs are polled until they end, and their results are written in input order.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

from molextract._itertools import batched
from molextract.errors import MolextractError
from molextract.extraction.pipeline import split_rejected
from molextract.ingest import Skipped, read_documents
from molextract.ingest.document import Document
from molextract.jobs import FINAL_JOB_STATUSES
from molextract.runs.client import ApiClient, RefusedDocument
from molextract.runs.local import RunStats
from molextract.runs.sinks import JsonlSink


@dataclass
class SubmittedJobs:
    """The jobs one ``submit`` created, in input order, and what was left out."""

    job_ids: list[str] = field(default_factory=list)
    documents: int = 0
    refused: list[RefusedDocument] = field(default_factory=list)


def schema_argument(schema: str) -> str | dict[str, Any]:
    """A schema name as is; a JSON Schema file, or a class from ``module.py:Class``, is sent
    inline as its JSON Schema document, since the server has no copy."""
    module, colon, _ = schema.rpartition(":")
    if colon and module.endswith(".py"):
        from molextract.schemas.registry import schema_document

        return schema_document(schema)
    path = Path(schema)
    if not (schema.endswith(".json") or path.is_file()):
        return schema
    try:
        loaded = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise MolextractError(f"cannot read the schema file {path}: {exc.strerror}") from exc
    except ValueError as exc:
        raise MolextractError(f"{path} is not valid JSON: {exc}") from exc
    if not isinstance(loaded, dict):
        raise MolextractError(f"{path} must hold a JSON object (a JSON Schema)")
    return loaded


def submit_inputs(
    client: ApiClient,
    inputs: Sequence[Path],
    schema: str | Mapping[str, Any],
    *,
    batch_size: int,
    skip_ids: set[str],
    limit: int | None = None,
    on_skip: Callable[[Skipped], None] = lambda s: None,
    on_refused: Callable[[RefusedDocument], None] = lambda r: None,
    on_batch: Callable[[SubmittedJobs], None] = lambda s: None,
) -> SubmittedJobs:
    """Upload every readable document of ``inputs`` once, ``batch_size`` per job."""
    submitted = SubmittedJobs()
    documents: Iterable[Document] = read_documents(inputs, on_skip, skip_ids=skip_ids)
    if limit is not None:
        documents = islice(documents, limit)
    for batch in batched(documents, batch_size):
        job_ids, refused = client.submit_batch(schema, batch)
        submitted.job_ids += job_ids
        submitted.documents += len(batch) - len(refused)
        submitted.refused += refused
        for item in refused:
            on_refused(item)
        on_batch(submitted)
    return submitted


@dataclass
class Progress:
    """Counts over all of a submission's jobs, as of the last poll."""

    total: int = 0
    finished: int = 0
    records: int = 0
    statuses: dict[str, str] = field(default_factory=dict)

    @property
    def ended(self) -> bool:
        return all(status in FINAL_JOB_STATUSES for status in self.statuses.values())


def wait_for_jobs(
    client: ApiClient,
    job_ids: Sequence[str],
    *,
    interval: float = 2.0,
    on_poll: Callable[[Progress], None] = lambda p: None,
) -> Progress:
    """Poll until every job has ended; a job that has ended is not asked again."""
    views: dict[str, dict[str, Any]] = {}
    while True:
        for job_id in job_ids:
            if views.get(job_id, {}).get("status") not in FINAL_JOB_STATUSES:
                views[job_id] = client.job(job_id)
        progress = Progress()
        for job_id, view in views.items():
            counts = view["counts"]
            progress.total += counts["total"]
            progress.finished += counts["done"] + counts["failed"] + counts["cancelled"]
            progress.records += counts["records"]
            progress.statuses[job_id] = view["status"]
        on_poll(progress)
        if progress.ended:
            return progress
        time.sleep(interval)


def write_results(
    client: ApiClient,
    job_ids: Sequence[str],
    results: JsonlSink,
    rejects: JsonlSink | None,
    stats: RunStats,
) -> None:
    """Write the jobs' output lines in submission order, as ``run`` writes them."""
    for job_id in job_ids:
        for result in client.document_results(job_id):
            stats.add(result, f"job {job_id}")
            if rejects is None:
                results.write_results([result])
                continue
            clean, rejected = split_rejected(result)
            rejects.write_rejects(rejected)
            results.write_results([clean])
