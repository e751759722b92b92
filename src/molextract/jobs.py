"""What the job service and its clients both mean by a job: its statuses, counts and stream type.

A leaf module (standard library only) so that ``molextract submit``'s client can
share these with the API and the store without importing either: the client
starts without the ORM or the web framework, and a status the server adds can
never be missing from the client's idea of "finished".
"""

from __future__ import annotations

from enum import StrEnum

# Pydantic reads a TypedDict in a response model only from typing_extensions before 3.12.
from typing_extensions import TypedDict


class JobStatus(StrEnum):
    QUEUED = "queued"
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    PARTIAL = "partial"
    FAILED = "failed"
    CANCELLED = "cancelled"


#: A job in one of these statuses gets no more work, so its status and results stay as they are.
FINAL_JOB_STATUSES = frozenset(
    {JobStatus.SUCCEEDED, JobStatus.PARTIAL, JobStatus.FAILED, JobStatus.CANCELLED}
)

#: The media type of job submissions and result streams: one JSON value per line.
NDJSON = "application/x-ndjson"


# The store counts them and the API returns them as they are, so they are declared
# once, here; the docstring is the API's description of them.
class JobCounts(TypedDict):
    """Documents per status, and records extracted so far."""

    total: int
    done: int
    failed: int
    queued: int
    running: int
    cancelled: int
    records: int
