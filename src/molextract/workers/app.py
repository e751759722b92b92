"""The Celery app, configured only from :class:`~molextract.config.Settings`.

Two brokers: Redis in production, and, when no broker is configured, Celery's
SQLAlchemy transport on a SQLite file beside the database, so ``molextract serve``
works on a laptop with nothing else installed.

The task settings all serve one promise: a document is never lost and never
duplicated, whatever dies. Messages are acknowledged only after the task ran
(``acks_late``), a task whose worker process died is put back at once
(``reject_on_worker_lost``), a worker holds one message at a time so a crash strands
at most one chunk (``prefetch_multiplier=1``), and Redis hands an unacknowledged
message to another worker only after a visibility timeout longer than any task. That
timeout is not how a dead worker's chunk comes back, though: claims in the store have
a short lease that a working task renews, and lapsed claims are swept back into the
queue within seconds (see :mod:`molextract.workers.leases`). A task that runs twice
is harmless because every store write it makes is idempotent.
"""

# Celery and kombu ship no type information yet; until pyproject.toml lists them under
# ignore_missing_imports these two file-level switches keep strict mypy meaningful
# for the rest of the file (unlike ``# type: ignore`` they cannot go stale).
# mypy: disable-error-code="import-untyped"
# mypy: allow-subclassing-any

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from celery import Celery
from sqlalchemy import make_url

from molextract.config import Settings

#: The one queue molextract uses, so it never consumes another application's tasks
#: on a shared Redis.
QUEUE = "molextract"

#: Task name on the wire; the API sends by name and never imports the task code.
EXTRACT_CHUNK = "molextract.extract_chunk"

DEFAULT_CHUNK_DOCUMENTS = 8
DEFAULT_TASK_MAX_RETRIES = 3
DEFAULT_TASK_RETRY_BACKOFF = 10.0

#: Longest pause between two engine-outage retries.
MAX_RETRY_BACKOFF = 600.0

#: A chunk may be claimed once per try (``max_retries + 1``) plus this many times
#: after its worker died; beyond that the documents are failed rather than tried
#: again, because a document that kills its worker every time (an out-of-memory
#: crash in llama.cpp, say) would otherwise be redelivered for ever.
REDELIVERY_ALLOWANCE = 3

#: Message priorities on Redis, where 0 is served first (the reverse of AMQP's
#: order): work taken back from a dead worker goes ahead of new work, so it runs
#: again as soon as any worker is free. The SQLite broker ignores priorities.
LAPSED_WORK_PRIORITY = 0
NEW_WORK_PRIORITY = 6


@dataclass(frozen=True)
class WorkerOptions:
    """The worker settings, with their defaults, whether or not ``Settings`` has them yet.

    ``broker_url`` and the rest are read with ``getattr`` so this module works with a
    ``Settings`` that does not declare them; once it does, they come from the
    environment like every other setting (``MOLEXTRACT_BROKER_URL`` ...).
    """

    broker_url: str
    chunk_documents: int
    task_max_retries: int
    task_retry_backoff: float
    visibility_timeout: int
    claim_lease_seconds: int
    task_time_limit_seconds: int

    @classmethod
    def from_settings(cls, settings: Settings) -> WorkerOptions:
        lease = settings.claim_lease_seconds
        time_limit = settings.task_time_limit_seconds
        visibility = int(getattr(settings, "broker_visibility_timeout", 0) or 0)
        return cls(
            broker_url=str(getattr(settings, "broker_url", "") or ""),
            chunk_documents=max(
                1, int(getattr(settings, "chunk_documents", DEFAULT_CHUNK_DOCUMENTS))
            ),
            task_max_retries=max(
                0, int(getattr(settings, "task_max_retries", DEFAULT_TASK_MAX_RETRIES))
            ),
            task_retry_backoff=max(
                0.0, float(getattr(settings, "task_retry_backoff", DEFAULT_TASK_RETRY_BACKOFF))
            ),
            # Twice the time limit: a task can run for up to its limit, and Redis must
            # not hand its message to a second worker while the first still holds it.
            # Dead workers' work comes back through the claim leases long before.
            visibility_timeout=visibility or 2 * time_limit,
            claim_lease_seconds=lease,
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


def embedded_broker_url(settings: Settings) -> str:
    """A SQLite broker file beside the SQLite database (or in the cache directory).

    The file is named after the database, so two databases in one directory never
    share a queue: the embedded worker purges its queue at start-up (see
    :mod:`molextract.workers.recovery`), which must only ever touch its own jobs.
    """
    url = make_url(settings.database)
    database = url.database or ""
    in_memory = database in ("", ":memory:") or database.startswith("file:")
    if url.get_backend_name() == "sqlite" and not in_memory:
        path = Path(database).expanduser().resolve()
        broker = path.with_name(f"{path.stem}-broker.db")
    else:
        broker = settings.cache_dir.expanduser().resolve() / "broker.db"
    broker.parent.mkdir(parents=True, exist_ok=True)
    return f"sqla+sqlite:///{broker}"


def _transport_options(options: WorkerOptions) -> dict[str, Any]:
    if options.embedded:
        # kombu passes these on to SQLAlchemy's create_engine: only engine arguments
        # here. The busy timeout lets the API's publishes and the worker's polls wait
        # their turn on the SQLite write lock instead of failing.
        return {"connect_args": {"timeout": 30}}
    return {
        "visibility_timeout": options.visibility_timeout,
        # kombu looks for messages of dead workers every interval × throttle seconds
        # (100 s by default), but only restores those older than the visibility
        # timeout; scanning at a tenth of the timeout bounds the extra delay.
        "unacked_restore_interval": max(1, min(60, options.visibility_timeout // 10)),
        "unacked_restore_throttle": 1,
        "socket_connect_timeout": 5,
        # Without it a publish on a half-open connection (failover, NAT timeout)
        # would wait for ever.
        "socket_timeout": 30,
        "socket_keepalive": True,
        "health_check_interval": 25,
        "retry_on_timeout": True,
    }


def make_celery(settings: Settings) -> MolextractCelery:
    """The app for workers and for the API's dispatcher, built from ``settings``."""
    # Imported here: both modules need this one's names at import time.
    from molextract.workers.leases import LapsedWorkSweeper
    from molextract.workers.recovery import RecoverLostWork
    from molextract.workers.tasks import register_tasks

    options = WorkerOptions.from_settings(settings)
    app = MolextractCelery("molextract", set_as_current=False)
    app.settings = settings
    app.options = options
    app.conf.update(
        broker_url=options.broker_url or embedded_broker_url(settings),
        broker_transport_options=_transport_options(options),
        # Workers live for days: keep reconnecting for as long as Redis is away,
        # including when it is not up yet at start-up.
        broker_connection_retry=True,
        broker_connection_retry_on_startup=True,
        broker_connection_max_retries=None,
        broker_connection_timeout=5,
        broker_channel_error_retry=True,
        # A publish from the API retries briefly, then fails so the request can
        # report it instead of hanging.
        task_publish_retry=True,
        task_publish_retry_policy={
            "max_retries": 3,
            "interval_start": 0,
            "interval_step": 0.5,
            "interval_max": 2,
        },
        task_serializer="json",
        result_serializer="json",
        event_serializer="json",
        accept_content=["json"],
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        task_acks_on_failure_or_timeout=True,
        worker_prefetch_multiplier=1,
        task_track_started=True,
        # Results live in the store; a result backend would only duplicate them.
        task_ignore_result=True,
        result_backend=None,
        task_default_queue=QUEUE,
        task_create_missing_queues=True,
        # A hung engine must not hold its documents for ever: the chunk is stopped
        # (the soft limit lets the task record why on its documents).
        task_soft_time_limit=max(1, options.task_time_limit_seconds - 30),
        task_time_limit=options.task_time_limit_seconds,
        # A task still running when the connection drops finishes and saves its
        # results; its message is redelivered and then finds nothing left to do.
        worker_cancel_long_running_tasks_on_connection_loss=False,
        # The SQLAlchemy transport has no fan-out exchanges, which remote control
        # needs; on Redis ``celery inspect`` keeps working.
        worker_enable_remote_control=not options.embedded,
        worker_send_task_events=False,
        enable_utc=True,
        timezone="UTC",
    )
    register_tasks(app)
    app.steps["consumer"].add(RecoverLostWork)
    app.steps["consumer"].add(LapsedWorkSweeper)
    return app
