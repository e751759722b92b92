"""The :class:`~molextract.workers.dispatch.Dispatcher` the API uses with Celery."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from kombu.exceptions import KombuError
from sqlalchemy.exc import SQLAlchemyError

from molextract._itertools import batched
from molextract.config import Settings
from molextract.errors import MolextractError
from molextract.workers.app import make_celery
from molextract.workers.options import MolextractCelery
from molextract.workers.queues import QUEUE, PendingBatch, send_batches

#: Seconds ``/readyz`` waits for the broker: a load balancer asks again soon anyway.
READY_TIMEOUT = 2.0


class DispatchError(MolextractError):
    """The broker did not take a job's messages (the API answers 503).

    The job and its documents are stored and stay ``queued``. Dispatching the job's
    ``Repository.pending_document_ids`` again, once the broker is back, finishes the
    job; batches that did get through before the error are then sent twice, which is
    harmless (the second copy finds its documents taken).
    """

    def __init__(self, message: str, *, sent: int, total: int) -> None:
        super().__init__(message)
        self.sent = sent
        self.total = total


class CeleryDispatcher:
    """Splits a job's documents into batches and sends one task message per batch."""

    def __init__(
        self,
        app: MolextractCelery,
        documents_per_batch: int,
        *,
        ready_timeout: float = READY_TIMEOUT,
    ) -> None:
        if documents_per_batch < 1:
            raise ValueError("documents_per_batch must be at least 1")
        self._app = app
        self.documents_per_batch = documents_per_batch
        self._ready_timeout = ready_timeout

    def dispatch(self, job_id: str, document_ids: Sequence[int]) -> None:
        batches = [
            PendingBatch(job_id, ids) for ids in batched(document_ids, self.documents_per_batch)
        ]
        if not batches:
            return
        sent = 0

        def counted() -> Iterator[PendingBatch]:
            nonlocal sent
            for batch in batches:
                yield batch
                sent += 1

        try:
            send_batches(self._app, counted())
        except (KombuError, OSError, SQLAlchemyError) as exc:  # the last: embedded broker
            raise DispatchError(
                f"the broker did not accept job {job_id}'s work "
                f"({sent} of {len(batches)} messages sent): {exc}",
                sent=sent,
                total=len(batches),
            ) from exc

    def ready(self) -> bool:
        """Whether the broker answers now, within about ``ready_timeout`` seconds.

        A queue declaration is a real round trip on every transport (connecting
        alone does not even open the SQLite file). One attempt only: ``/readyz`` must
        answer quickly, and a load balancer asks again anyway.
        """
        timeout = self._ready_timeout
        overrides: dict[str, object] = {}
        if not self._app.options.embedded:
            # Redis's own timeouts are sized for workers, which can afford to wait.
            options = dict(self._app.conf.broker_transport_options or {})
            overrides["transport_options"] = {
                **options,
                "socket_timeout": timeout,
                "socket_connect_timeout": timeout,
            }
        connection = self._app.connection_for_write(connect_timeout=timeout, **overrides)
        try:
            connection.ensure_connection(max_retries=1, interval_start=0, timeout=timeout)
            connection.default_channel.queue_declare(queue=QUEUE, passive=False)
            return True
        except (KombuError, OSError, *connection.connection_errors, *connection.channel_errors):
            return False
        finally:
            connection.release()


def make_dispatcher(
    settings: Settings, *, ready_timeout: float = READY_TIMEOUT
) -> CeleryDispatcher:
    """The dispatcher the API needs, for the broker ``settings`` name (or the embedded one)."""
    app = make_celery(settings)
    return CeleryDispatcher(app, app.options.documents_per_batch, ready_timeout=ready_timeout)
