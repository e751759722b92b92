"""The :class:`~molextract.workers.dispatch.Dispatcher` the API uses with Celery."""

# mypy: disable-error-code="import-untyped"

from __future__ import annotations

from collections.abc import Iterator, Sequence

from kombu.exceptions import KombuError
from sqlalchemy.exc import SQLAlchemyError

from molextract._itertools import batched
from molextract.config import Settings
from molextract.errors import MolextractError
from molextract.workers.app import QUEUE, MolextractCelery, make_celery
from molextract.workers.recovery import PendingChunk, send_chunks


class DispatchError(MolextractError):
    """The broker did not take a job's messages (the API answers 503).

    The job and its documents are stored and stay ``queued``. Dispatching the job's
    ``Repository.pending_document_ids`` again, once the broker is back, finishes the
    job; chunks that did get through before the error are then sent twice, which is
    harmless (the second copy finds its documents taken).
    """

    def __init__(self, message: str, *, sent: int, total: int) -> None:
        super().__init__(message)
        self.sent = sent
        self.total = total


class CeleryDispatcher:
    """Splits a job's documents into chunks and sends one task message per chunk.

    Messages hold ids only: the worker reads the text from the store, so a message
    stays small whatever the documents are, and a redelivered message can never
    carry stale text.
    """

    def __init__(
        self, app: MolextractCelery, chunk_size: int, *, ready_timeout: float = 2.0
    ) -> None:
        if chunk_size < 1:
            raise ValueError("chunk_size must be at least 1")
        self._app = app
        self.chunk_size = chunk_size
        self._ready_timeout = ready_timeout

    def dispatch(self, job_id: str, document_ids: Sequence[int]) -> None:
        chunks = [PendingChunk(job_id, c) for c in batched(document_ids, self.chunk_size)]
        if not chunks:
            return
        sent = 0

        def counted() -> Iterator[PendingChunk]:
            nonlocal sent
            for chunk in chunks:
                yield chunk
                sent += 1

        try:
            send_chunks(self._app, counted())
        except (KombuError, OSError, SQLAlchemyError) as exc:  # the last: embedded broker
            raise DispatchError(
                f"the broker did not accept job {job_id}'s work "
                f"({sent} of {len(chunks)} messages sent): {exc}",
                sent=sent,
                total=len(chunks),
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


def make_dispatcher(settings: Settings, *, ready_timeout: float = 2.0) -> CeleryDispatcher:
    """The dispatcher the API needs, for the broker ``settings`` name (or the embedded one)."""
    app = make_celery(settings)
    return CeleryDispatcher(app, app.options.chunk_documents, ready_timeout=ready_timeout)
