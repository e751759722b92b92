"""The embedded worker's tie to the ``serve`` process that started it.

A leaf module: the task checks :func:`stop_if_orphaned` and ``python -m
molextract.workers`` starts :func:`exit_with_parent`, without either importing the
supervisor in :mod:`molextract.workers.embedded`.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import time

logger = logging.getLogger(__name__)

#: How long an orphaned worker's cold shutdown may take before it exits outright.
ORPHAN_GRACE_SECONDS = 3.0

#: Raised in this process once its parent is gone; never lowered.
ORPHANED = threading.Event()


def stop_if_orphaned() -> None:
    """Block for good when this worker is an orphan, so its task touches the store no more.

    Called by the task before it claims documents and before it saves results. The
    process exits within the grace period anyway; blocking (rather than returning
    or raising) keeps the task from being acknowledged or recorded as failed, so the
    new ``serve``'s worker runs the batch again from the store.
    """
    if ORPHANED.is_set():
        logger.warning("orphaned: this batch is left to the next worker")
        threading.Event().wait()


def exit_with_parent(
    parent_pid: int, interval: float = 0.2, grace: float = ORPHAN_GRACE_SECONDS
) -> threading.Thread:
    """Stop this process at once when ``parent_pid`` is no longer its parent.

    ``serve`` stops its worker on a normal exit (a warm shutdown that lets the batch
    finish); this covers the parent being killed outright. Then nobody waits for the
    batch, and a restarted ``serve`` starts its own worker, which re-sends the
    unfinished work from the store: the orphan must neither finish its batch nor take
    another. A warm shutdown did both (seen: 45 s and one more batch after the
    parent's ``kill -9``), so the orphan gets Celery's cold shutdown (SIGQUIT: stop
    consuming, abandon the task, whose message stays unacknowledged) and exits outright
    after ``grace`` seconds if that has not ended it: a solo-pool task generating in
    llama.cpp does not see the signal until its batch ends, so in practice the outright
    exit is what stops it (measured: 3.3 s after the parent's kill, 12.4 s before this
    change with one-document batches). Until then a fast model could still finish and
    save a batch or two (seen in CI: two more one-document batches), so the flag
    :data:`ORPHANED` is raised first and the task checks it before it claims and before
    it saves (:func:`stop_if_orphaned`). What the abandoned batch saved before is kept:
    saves are idempotent, and the next worker re-sends the rest.
    """

    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(interval)
        ORPHANED.set()
        logger.warning("parent %s is gone: cold shutdown of this worker", parent_pid)
        os.kill(os.getpid(), signal.SIGQUIT)
        time.sleep(grace)
        os._exit(70)  # EX_SOFTWARE: the cold shutdown did not finish in time

    thread = threading.Thread(target=watch, name="exit-with-parent", daemon=True)
    thread.start()
    return thread
