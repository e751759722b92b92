"""The Celery app, configured only from :class:`~molextract.config.Settings`.

Two brokers: Redis in production, and, when no broker is configured, Celery's
SQLAlchemy transport on a SQLite file beside the database, so ``molextract serve``
works on a laptop with nothing else installed.

The task settings all serve one promise: a document is never lost and never
duplicated, whatever dies. Messages are acknowledged only after the task ran
(``acks_late``), a task whose worker process died is put back at once
(``reject_on_worker_lost``), a worker holds one message at a time so a crash strands
at most one batch (``prefetch_multiplier=1``), and Redis hands an unacknowledged
message to another worker only after a visibility timeout longer than any task. That
timeout is not how a dead worker's batch comes back, though: claims in the store have
a short lease that a working task renews, and lapsed claims are swept back into the
queue within seconds (see :mod:`molextract.workers.leases`). A task that runs twice
is harmless because every store write it makes is idempotent.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import make_url

from molextract.config import Settings
from molextract.store.db import create_private_file
from molextract.workers.leases import LapsedWorkSweeper
from molextract.workers.options import MolextractCelery, WorkerOptions
from molextract.workers.queues import QUEUE
from molextract.workers.recovery import RecoverLostWork
from molextract.workers.tasks import register_tasks


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
    create_private_file(broker)  # its messages name the jobs' documents, like the store
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
        # A hung engine must not hold its documents for ever: the batch is stopped
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
