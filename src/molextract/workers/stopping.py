"""Stopping a batch in flight: its job was cancelled, or its worker was told to stop.

A batch on a CPU model runs for minutes, and Celery's warm shutdown (SIGTERM) waits
for it; nor does Celery know that a job was cancelled. So the task stops itself, at
checkpoints between model calls (the pipeline's progress callback, after each chunk
on the local engine, after each wave of requests on a server):

- **cancelled**: the documents are already ``cancelled`` in the store (the cancel
  marked them), so the task drops what it computed and returns; nothing it would
  save could change the job anyway (see ``ResultRepository.save_results``).
- **stopping** (SIGTERM, or Celery's warm shutdown however it began): the task hands
  its documents back (:meth:`ClaimRepository.hand_back_claims`: still ``running``
  under its claim but with the lease lapsed, the attempt not counted) and its message
  goes back to the queue. The redelivered message, or any worker's sweep of lapsed
  claims, runs them again; the claim in the store lets exactly one of those run them.

A checkpoint may be far off: a grammar compile or one long generation. So a stop
also starts a timer: if the batch is still in flight after :data:`STOP_GRACE_SECONDS`,
its documents are handed back from the timer's thread and the process exits at once
(:data:`EXIT_ABANDONED`). Nothing of the batch is lost either way: what it saved
before stays saved, the rest runs again elsewhere.

A leaf module (standard library and the store only), imported by the task, the
leases and the worker's start-up alike.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import threading
import time
from dataclasses import dataclass
from typing import Any, Literal

from molextract.store import Repository

logger = logging.getLogger(__name__)

#: How long a stopping worker lets its batch reach a checkpoint before it hands the
#: batch back and exits outright.
STOP_GRACE_SECONDS = 5.0

#: The exit status of a worker that abandoned its batch to stop in time (EX_TEMPFAIL).
EXIT_ABANDONED = 75

#: Raised in this process when it is told to stop; never lowered.
STOPPING = threading.Event()

Reason = Literal["cancelled", "stopping"]


class WorkAbandoned(Exception):
    """Raised at a checkpoint: the batch stops here (``reason`` says why)."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason)
        self.reason: Reason = reason


@dataclass(frozen=True)
class InFlight:
    """The batch this process is running: what to hand back if it must exit mid-batch."""

    repository: Repository
    job_id: str
    claimant: str
    doc_row_ids: tuple[int, ...]


_in_flight: InFlight | None = None
_lock = threading.Lock()


def set_in_flight(work: InFlight | None) -> None:
    """Record (or, with ``None``, clear) the batch this process runs now."""
    global _in_flight
    with _lock:
        _in_flight = work


def in_flight() -> InFlight | None:
    with _lock:
        return _in_flight


def hand_back(work: InFlight) -> int:
    """Give ``work``'s unfinished documents back to the queue; returns how many."""
    returned = work.repository.hand_back_claims(work.job_id, work.claimant, work.doc_row_ids)
    logger.warning(
        "stopping: handed back %d document(s) of job %s for another worker", returned, work.job_id
    )
    return returned


def request_stop(grace: float = STOP_GRACE_SECONDS) -> None:
    """Raise :data:`STOPPING` and start the timer that ends a batch stuck past ``grace``.

    Safe to call more than once, and from a signal handler (it only sets a flag and
    starts a thread).
    """
    if STOPPING.is_set():
        return
    STOPPING.set()
    threading.Thread(
        target=_exit_if_stuck, args=(grace,), name="stop-deadline", daemon=True
    ).start()


def _exit_if_stuck(grace: float) -> None:
    time.sleep(grace)
    work = in_flight()
    if work is None:
        return  # the batch reached a checkpoint (or none ran): Celery's shutdown goes on
    logger.warning(
        "stopping: the batch of job %s did not reach a checkpoint within %.0f s; exiting now",
        work.job_id,
        grace,
    )
    try:
        hand_back(work)
    except Exception:  # the store is away: the lease lapses by itself soon
        logger.warning("could not hand the batch back; its lease will lapse", exc_info=True)
    os._exit(EXIT_ABANDONED)


def check(repository: Repository, job_id: str) -> Any:
    """A progress callback for the pipeline that raises :class:`WorkAbandoned` when the
    worker is stopping or the job was cancelled.

    It runs between model calls (a chunk at a time on the local engine, a wave of
    requests on a server), so one read of the job's status each time costs nothing
    next to the call.
    """

    def checkpoint(progress: object) -> None:
        if STOPPING.is_set():
            raise WorkAbandoned("stopping")
        try:
            cancelled = repository.is_cancelled(job_id)
        except Exception:  # a store blip must not cost the batch: the save will tell
            logger.warning("could not check whether job %s was cancelled", job_id, exc_info=True)
            return
        if cancelled:
            raise WorkAbandoned("cancelled")

    return checkpoint


def _stop_on_sigterm(signum: int, frame: object) -> None:
    request_stop()
    if in_flight() is None:
        # An idle pool process has nothing to hand back: end now, as SIGTERM's default
        # would, rather than keep the pool waiting for the grace period.
        os._exit(0)


def install_in_pool_process() -> None:
    """In a prefork pool process: SIGTERM stops the batch at a checkpoint, not mid-write.

    Celery resets SIGTERM to its default and billiard to a ``sys.exit``; a batch
    killed that way comes back too (``reject_on_worker_lost``), but only after its
    claim is counted as a crash, and only once the model call in flight returns.
    """
    if signal.getsignal(signal.SIGTERM) is not _stop_on_sigterm:
        signal.signal(signal.SIGTERM, _stop_on_sigterm)


def forward_to_pool(pids: list[int]) -> None:
    """From the main process: tell each pool process to stop its batch."""
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
