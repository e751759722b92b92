"""Stored jobs as the API shows them, and only to the key that owns them.

A job is looked up under the caller's key (:func:`owned_job`; cancelling, by the
store under the same key), so another tenant's job is indistinguishable from one
that does not exist: 404 either way.
"""

from __future__ import annotations

from typing import Any

from molextract.api.deps import Caller
from molextract.api.models import JobLinks, JobSummary, JobView
from molextract.store import Job, JobNotFound, Repository

MAX_JOB_ID_LENGTH = 32  # the jobs.id column


def plausible_job_id(job_id: str) -> str:
    """Refuse ids no job can have before they reach SQL: PostgreSQL errors on NUL bytes."""
    if "\x00" in job_id or len(job_id) > MAX_JOB_ID_LENGTH:
        raise JobNotFound(f"no job {job_id[:MAX_JOB_ID_LENGTH]!r}")
    return job_id


def owned_job(repository: Repository, job_id: str, caller: Caller) -> Job:
    job = repository.get_job(plausible_job_id(job_id), caller.api_key_id)
    if job is None:
        raise JobNotFound(f"no job {job_id}")
    return job


def job_links(job_id: str) -> JobLinks:
    return JobLinks.model_validate(
        {
            "self": f"/v1/jobs/{job_id}",
            "results": f"/v1/jobs/{job_id}/results",
            "report": f"/v1/jobs/{job_id}/report",
        }
    )


def _summary_fields(job: Job) -> dict[str, Any]:
    return {
        "id": job.id,
        "status": job.status,
        "schema": job.schema_name,
        "created_at": job.created_at,
        "started_at": job.started_at,
        "finished_at": job.finished_at,
        "links": job_links(job.id),
    }


def job_summary(job: Job) -> JobSummary:
    return JobSummary.model_validate(_summary_fields(job))


def job_view(repository: Repository, job: Job) -> JobView:
    return JobView.model_validate(
        {
            **_summary_fields(job),
            "custom_schema": job.custom_schema is not None,
            "options": job.options,
            "counts": repository.job_counts(job.id),
            "engines_used": job.engines_used,
        }
    )
