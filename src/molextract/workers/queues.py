"""What goes on the broker: the queue, the task's name, priorities, a message per batch.

Messages carry ids only: the worker reads the text from the store, so a message stays
small whatever the documents are, and a redelivered message can never carry stale
text. The API's dispatcher, recovery and the lapsed-work sweeper all send through
:func:`send_batches`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from molextract.workers.options import MolextractCelery

#: The one queue molextract uses, so it never consumes another application's tasks
#: on a shared Redis.
QUEUE = "molextract"

#: Task name on the wire; the API sends by name and never imports the task code.
#: It keeps the batch's old name, "chunk": queued messages and operators' ``celery
#: inspect`` know the task by it.
EXTRACT_CHUNK = "molextract.extract_chunk"

#: Message priorities on Redis, where 0 is served first (the reverse of AMQP's
#: order): work taken back from a dead worker goes ahead of new work, so it runs
#: again as soon as any worker is free. The SQLite broker ignores priorities.
LAPSED_WORK_PRIORITY = 0
NEW_WORK_PRIORITY = 6


@dataclass(frozen=True)
class PendingBatch:
    """Documents to send in one message; ``task_id`` is set to reuse a claimant's id."""

    job_id: str
    document_ids: tuple[int, ...]
    task_id: str | None = None


def send_batches(
    app: MolextractCelery, batches: Iterable[PendingBatch], *, priority: int = NEW_WORK_PRIORITY
) -> int:
    """Publish ``batches`` over one connection; returns how many were sent."""
    sent = 0
    with app.producer_or_acquire() as producer:
        for batch in batches:
            app.send_task(
                EXTRACT_CHUNK,
                args=[batch.job_id, list(batch.document_ids)],
                task_id=batch.task_id,
                queue=QUEUE,
                producer=producer,
                priority=priority,
            )
            sent += 1
    return sent
