"""The whole service made from :class:`Settings`: what ``molextract serve`` runs.

The API app owns no resources (see :mod:`molextract.api.app`), so that tests can
hand it their own; this module makes the real ones: the migrated store, the
dispatcher for the configured broker and, when no broker is configured, the
embedded worker that makes one command a whole working service. Serving it over
HTTP (uvicorn) stays with the command.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from fastapi import FastAPI

from molextract.api import create_app
from molextract.api.limits import require_api_key_for
from molextract.config import Settings
from molextract.store import Repository, make_engine, session_factory, upgrade
from molextract.workers.celery_dispatch import make_dispatcher
from molextract.workers.embedded import EmbeddedWorker, start_embedded_worker

logger = logging.getLogger(__name__)


@dataclass
class Service:
    app: FastAPI
    repository: Repository
    worker: EmbeddedWorker | None
    require_api_key: bool


def open_repository(settings: Settings) -> Repository:
    """The store of ``settings``, migrated to the current schema first."""
    upgrade(settings.database)
    return Repository(session_factory(make_engine(settings.database)))


@contextmanager
def service(settings: Settings, *, host: str, worker_log: Path | None = None) -> Iterator[Service]:
    """The API app and (without a broker) its embedded worker, stopped on exit."""
    require = require_api_key_for(host, settings.require_api_key)
    settings = settings.model_copy(update={"require_api_key": require})
    repository = open_repository(settings)
    dispatcher = make_dispatcher(settings)
    worker = None
    if not settings.broker_url:
        worker = start_embedded_worker(settings, log_path=worker_log)
    try:
        engines_ready = None
        if worker is not None:
            embedded = worker

            def engines_ready() -> dict[str, bool]:
                return {"embedded-worker": embedded.alive}

        app = create_app(settings, repository, dispatcher, engines_ready=engines_ready)
        yield Service(app, repository, worker, require)
    finally:
        if worker is not None:
            worker.stop()
