"""Errors the store raises on purpose; the API maps each class to a status code.

They live beside the store rather than in :mod:`molextract.errors` because only the
store can tell these situations apart (a unique index fired, a row was already final);
they still derive from :class:`~molextract.errors.MolextractError`, so one ``except``
in the CLI or one exception handler in the API covers them.
"""

from molextract.errors import MolextractError


class StoreError(MolextractError):
    """Base of the errors below: a request the store refused, not a broken database."""


class IdempotencyConflict(StoreError):
    """An Idempotency-Key was reused with a different request body (HTTP 422).

    Replaying the first job would hide the second request's data; running the second
    would break the promise the key makes. The client must pick a new key.
    """


class DuplicateDocumentError(StoreError):
    """Two documents of one job share an id (HTTP 422); nothing of the job was stored.

    Document ids are the key under which results are written and redelivered, so they
    must be unique within a job.
    """


class JobNotFound(StoreError):
    """No job with this id is visible to this API key (HTTP 404).

    A job of another key is reported the same way, so ids cannot be probed.
    """


class JobFinished(StoreError):
    """The job already reached a final status and cannot be cancelled (HTTP 409)."""


class InvalidCursor(StoreError):
    """A paging cursor that this store did not hand out (HTTP 400)."""
