"""What every area of the repository stands on: the session factory and its transactions."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

from sqlalchemy import CursorResult, Result
from sqlalchemy.orm import Session, sessionmaker

from molextract.store import db


def affected_rows(result: Result[Any]) -> int:
    """Rows an ``UPDATE`` or ``DELETE`` changed.

    ``Session.execute`` is typed to return a plain ``Result``, but for those
    statements it is a ``CursorResult``, which alone knows the count.
    """
    return cast(CursorResult[Any], result).rowcount


class RepositoryBase:
    """Holds the session factory from :func:`db.session_factory` for every area's methods."""

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self._sessions = sessions

    @contextmanager
    def _reading(self) -> Iterator[Session]:
        with self._sessions() as session, session.begin():
            yield session

    @contextmanager
    def _writing(self) -> Iterator[Session]:
        """A write transaction; on SQLite it takes the write lock up front (see ``db``)."""
        with self._sessions() as session, session.begin():
            session.connection(execution_options={db.WRITE_TRANSACTION: True})
            yield session

    def ready(self) -> bool:
        """Whether the database answers; see :func:`molextract.store.db.ready`."""
        with self._sessions() as session:
            return db.ready(session)
