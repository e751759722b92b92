"""How the API hands stored work to workers: ids only, never document text.

The API depends on this protocol, not on Celery, so the routes can be served and
tested whichever broker (or none) is behind them.
"""

from collections.abc import Sequence
from typing import Protocol


class Dispatcher(Protocol):
    def dispatch(self, job_id: str, document_ids: Sequence[int]) -> None:
        """Queue the stored documents ``document_ids`` of ``job_id`` for extraction."""
        ...

    def ready(self) -> bool:
        """Whether the broker can take work now (for ``/readyz``)."""
        ...
