"""What a worker runs with: options derived from the settings, and the app that carries them.

A leaf of the package (it imports nothing else from it), so the tasks, recovery and
the leases can all read the options off their app without importing the module
that builds the app and registers them.
"""

# Celery ships no type information, so its classes are ``Any`` to mypy; subclassing
# them is the point here.
# mypy: allow-subclassing-any

from __future__ import annotations

from dataclasses import dataclass

from celery import Celery

from molextract.config import Settings

#: Longest pause between two engine-outage retries.
MAX_RETRY_BACKOFF = 600.0

#: A batch may be claimed once per try (``max_retries + 1``) plus this many times
#: after its worker died; beyond that the documents are failed rather than tried
#: again, because a document that kills its worker every time (an out-of-memory
#: crash in llama.cpp, say) would otherwise be redelivered for ever.
REDELIVERY_ALLOWANCE = 3


@dataclass(frozen=True)
class WorkerOptions:
    """The worker settings in the form the workers use them.

    ``documents_per_batch`` is the setting ``chunk_documents``: the documents one
    task message carries.
    """

    broker_url: str
    documents_per_batch: int
    task_max_retries: int
    task_retry_backoff: float
    visibility_timeout: int
    claim_lease_seconds: int
    task_time_limit_seconds: int

    @classmethod
    def from_settings(cls, settings: Settings) -> WorkerOptions:
        time_limit = settings.task_time_limit_seconds
        return cls(
            broker_url=settings.broker_url,
            documents_per_batch=settings.chunk_documents,
            task_max_retries=settings.task_max_retries,
            task_retry_backoff=settings.task_retry_backoff,
            # Twice the time limit: a task can run for up to its limit, and Redis must
            # not hand its message to a second worker while the first still holds it.
            # Dead workers' work comes back through the claim leases long before.
            visibility_timeout=settings.broker_visibility_timeout or 2 * time_limit,
            claim_lease_seconds=settings.claim_lease_seconds,
            task_time_limit_seconds=time_limit,
        )

    @property
    def embedded(self) -> bool:
        return not self.broker_url

    @property
    def max_claims(self) -> int:
        """Claims of one document after which it is failed instead of run again."""
        return self.task_max_retries + 1 + REDELIVERY_ALLOWANCE

    def retry_countdown(self, retries: int) -> float:
        """Exponential backoff for the ``retries``-th engine-outage retry (0-based).

        Capped below the visibility timeout: Redis would otherwise redeliver a message
        that a worker is merely holding until its countdown ends.
        """
        cap = min(MAX_RETRY_BACKOFF, self.visibility_timeout / 2)
        return float(min(cap, self.task_retry_backoff * 2**retries))


class MolextractCelery(Celery):
    """A Celery app that carries the settings it was made from.

    Tasks read ``app.settings`` rather than calling ``get_settings()``, so a worker
    started with explicit settings (tests, ``serve``) runs with exactly those.
    """

    settings: Settings
    options: WorkerOptions
