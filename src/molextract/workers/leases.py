"""Claim leases: a worker shows it is alive while it works, and lapsed work moves on.

The store, not the broker, decides when a worker is dead. A batch on a CPU model runs
for minutes, so "dead" cannot mean "took too long": it means "stopped renewing its
lease". While a task runs, :func:`claims_kept` renews the claim on its documents
every third of the lease (10 s by default). Every worker also runs a
:class:`LapsedWorkSweeper`, which every third of the lease puts the documents of
lapsed claims back in the queue and sends them as new messages, ahead of new work.

So a worker machine that dies costs about one lease and a sweep interval before its
batch runs again elsewhere, instead of the broker's visibility timeout (two hours by
default on Redis, where the dead worker's message sits unacknowledged until then).
When that message does come back, it finds its documents finished or held by a live
task and does nothing.
"""

# Celery ships no type information, so its classes are ``Any`` to mypy; subclassing
# them is the point here.
# mypy: allow-subclassing-any

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

from celery import bootsteps

from molextract._itertools import batched
from molextract.store import Repository, open_repository
from molextract.workers.options import MolextractCelery
from molextract.workers.queues import LAPSED_WORK_PRIORITY, PendingBatch, send_batches
from molextract.workers.stopping import InFlight, set_in_flight

logger = logging.getLogger(__name__)


def renew_interval(lease_seconds: float) -> float:
    """A third of the lease: two renewals may be missed (a slow store) before it lapses."""
    return max(0.5, lease_seconds / 3)


@contextmanager
def claims_kept(work: InFlight, lease_seconds: float) -> Iterator[None]:
    """Renew ``work``'s claim on its documents from a thread until the block ends.

    Meanwhile ``work`` is this process's batch in flight, which a worker told to stop
    hands back if it cannot wait for the batch (:mod:`molextract.workers.stopping`).

    A thread rather than a timer of the worker's event loop: with the solo pool the
    task runs on that loop's thread, which would then never renew. The engine spends
    its time in native code that releases the GIL (llama.cpp, an HTTP call, and
    compiling a grammar: measured, a thread ticking every 0.2 s never waited longer
    during a 14.6 s compile for the default model), so the thread gets its turn and
    a short lease is safe.
    """
    stop = threading.Event()
    thread = threading.Thread(
        target=_renew_until,
        args=(
            stop,
            work.repository,
            work.job_id,
            work.claimant,
            list(work.doc_row_ids),
            lease_seconds,
        ),
        name=f"lease-{work.job_id[:8]}",
        daemon=True,
    )
    set_in_flight(work)
    thread.start()
    try:
        yield
    finally:
        set_in_flight(None)
        stop.set()
        thread.join(timeout=5)


def _renew_until(
    stop: threading.Event,
    repository: Repository,
    job_id: str,
    claimant: str,
    ids: list[int],
    lease_seconds: float,
) -> None:
    interval = renew_interval(lease_seconds)
    while not stop.wait(interval):
        try:
            renewed = repository.renew_claims(job_id, claimant, ids)
        except Exception:  # a store hiccup: the next renewal may go through
            logger.warning("could not renew the claim of job %s", job_id, exc_info=True)
            continue
        if renewed < len(ids):
            # Finished documents drop out too; only a shortfall before the end counts.
            logger.info(
                "job %s: %d of %d documents are no longer claimed by this task",
                job_id,
                len(ids) - renewed,
                len(ids),
            )
        if renewed == 0:
            return


def sweep_lapsed_work(app: MolextractCelery, repository: Repository) -> int:
    """Re-queue the documents of lapsed claims and send them; returns messages sent."""
    lease = timedelta(seconds=app.options.claim_lease_seconds)
    released = repository.release_lapsed_claims(lease)
    batches = [
        PendingBatch(job_id, ids)
        for job_id, row_ids in released
        for ids in batched(row_ids, app.options.documents_per_batch)
    ]
    if not batches:
        return 0
    try:
        sent = send_batches(app, batches, priority=LAPSED_WORK_PRIORITY)
    except Exception:
        # Nothing is lost: the queued documents' old messages come back after the
        # broker's visibility timeout, and recovery re-sends everything after a
        # broker restart. But say so, loudly.
        logger.exception(
            "released %d lapsed batch(es) but could not send them; they wait for the broker",
            len(batches),
        )
        return 0
    logger.warning(
        "re-sent %d batch(es) whose worker stopped renewing its claim: %s",
        sent,
        ", ".join(f"job {job_id} ({len(ids)} documents)" for job_id, ids in released),
    )
    return sent


class LapsedWorkSweeper(bootsteps.StartStopStep):
    """A worker step that sweeps lapsed claims from a thread, every third of the lease.

    Every worker runs one; the store makes each release happen once however many
    sweep at the same moment. It needs no broker connection of its own: sending
    borrows one from the app's producer pool.
    """

    requires = ("celery.worker.consumer.connection:Connection",)

    def __init__(self, parent: Any, **kwargs: Any) -> None:
        super().__init__(parent, **kwargs)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self, parent: Any) -> None:
        # Called again on every broker reconnection: one sweeper per worker.
        if self._thread is not None and self._thread.is_alive():
            return
        app: MolextractCelery = parent.app
        self._stop.clear()
        self._thread = threading.Thread(
            target=self._run, args=(app,), name="lapsed-work-sweeper", daemon=True
        )
        self._thread.start()

    def _run(self, app: MolextractCelery) -> None:
        interval = renew_interval(app.options.claim_lease_seconds)
        with open_repository(app.settings.database) as repository:
            while not self._stop.wait(interval):
                try:
                    sweep_lapsed_work(app, repository)
                except Exception:
                    logger.warning("could not sweep lapsed claims", exc_info=True)

    def shutdown(self, parent: Any) -> None:
        self._stop.set()
