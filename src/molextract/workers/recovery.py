"""Putting work back on the broker when the broker lost it.

The store, not the broker, is the record of what is left to do: every document is
written there at submission and keeps its status. Celery already redelivers the
message of a worker that died (``reject_on_worker_lost``, the Redis visibility
timeout), but two situations lose messages outright, and a job would then wait for
ever:

- **Redis lost its data** (restarted without persistence, failed over to an empty
  replica): every queued message is gone. Each worker checks, whenever it
  (re)connects, for a marker key that exists only while the data survives; the first
  worker to find it missing puts it back and re-sends the unfinished documents of
  every unfinished job.
- **The embedded SQLite broker's worker was killed**: that transport has no
  visibility timeout, so the message it held is never redelivered. The embedded
  worker is the broker's only consumer, so at start-up it empties the queue and
  re-sends everything unfinished from the store.

Documents that a (possibly dead) task had claimed are re-sent under that task's id:
the claim then goes through at once instead of waiting for the lease to run out. If
that task is in fact alive, the batch runs twice; results are saved idempotently, so
that costs time, never correctness.
"""

# Celery ships no type information, so its classes are ``Any`` to mypy; subclassing
# them is the point here.
# mypy: allow-subclassing-any

from __future__ import annotations

import logging
import socket
import time
from collections.abc import Iterator
from typing import Any

from celery import bootsteps

from molextract._itertools import batched
from molextract.store import Repository, open_repository
from molextract.workers.options import MolextractCelery
from molextract.workers.queues import QUEUE, PendingBatch, send_batches

logger = logging.getLogger(__name__)

#: Present in Redis for as long as Redis kept its data.
BROKER_MARKER_KEY = "molextract:broker-marker"


def pending_batches(repository: Repository, batch_size: int) -> Iterator[PendingBatch]:
    """The queued and running documents of queued and running jobs, as messages to send.

    Queued documents are batched in order; running ones are grouped by the task that
    claimed them.
    """
    for job in repository.unfinished_work():
        for claimant, ids in job.claimed.items():
            yield PendingBatch(job.job_id, tuple(ids), claimant)
        for batch in batched(job.queued, batch_size):
            yield PendingBatch(job.job_id, batch)


def requeue_unfinished(app: MolextractCelery) -> int:
    """Re-send every unfinished document of every unfinished job; returns messages sent."""
    with open_repository(app.settings.database) as repository:
        sent = send_batches(app, pending_batches(repository, app.options.documents_per_batch))
    if sent:
        logger.warning("re-sent %d batch(es) of unfinished jobs to the broker", sent)
    return sent


def _marker_value() -> str:
    return f"{socket.gethostname()} {time.time():.0f}"


class RecoverLostWork(bootsteps.StartStopStep):
    """A worker consumer step that runs on every broker (re)connection.

    It runs before the consumer's event loop starts, so on the embedded broker the
    queue is emptied before this worker has taken anything from it.
    """

    requires = ("celery.worker.consumer.connection:Connection",)

    def __init__(self, parent: Any, **kwargs: Any) -> None:
        super().__init__(parent, **kwargs)
        self._embedded_done = False

    def start(self, parent: Any) -> None:
        app: MolextractCelery = parent.app
        connection = parent.connection
        driver = connection.transport.driver_type
        # Recovery must never keep the worker from consuming: failures are logged, and
        # retried on the next connection.
        if driver == "redis":
            client = connection.default_channel.client
            # Only the worker that sets the marker recovers, so N workers reconnecting
            # after a Redis restart re-send the work once, not N times. This is also
            # true on the very first start against a new Redis, when any queued
            # messages are still there: some batches are then sent twice, which costs
            # a lookup each, where missing a real loss would leave jobs hanging.
            if not client.set(BROKER_MARKER_KEY, _marker_value(), nx=True):
                return
            logger.warning("the broker has no marker: it is new or lost its data")
            try:
                requeue_unfinished(app)
            except Exception:
                logger.exception("could not re-send unfinished work; will try again")
                client.delete(BROKER_MARKER_KEY)
        elif driver == "sql" and not self._embedded_done:
            try:
                purged = connection.default_channel.queue_purge(QUEUE)
                logger.info("embedded broker: purged %s stale message(s)", purged)
                requeue_unfinished(app)
                self._embedded_done = True
            except Exception:
                logger.exception("could not re-send unfinished work; will try again")
