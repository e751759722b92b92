"""Dependencies of the routes, as ``Annotated`` aliases so signatures read as documentation.

Everything a route needs comes from the :class:`ApiContext` that :func:`create_app`
puts on ``app.state``: tests and ``molextract serve`` pass in real parts, and no
route reaches for a global.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from molextract.api.limits import ApiLimits
from molextract.api.metrics import ApiMetrics
from molextract.api.problems import Problem
from molextract.config import Settings
from molextract.store import Repository
from molextract.workers.dispatch import Dispatcher

EnginesReady = Callable[[], dict[str, bool]]


@dataclass(frozen=True)
class ApiContext:
    settings: Settings
    repository: Repository
    dispatcher: Dispatcher
    limits: ApiLimits
    metrics: ApiMetrics
    engines_ready: EnginesReady | None


@dataclass(frozen=True)
class Caller:
    """Who is asking: an API key's id, or ``None`` for the embedded no-key tenant."""

    api_key_id: int | None
    name: str


def get_context(request: Request) -> ApiContext:
    context = request.app.state.context
    if not isinstance(context, ApiContext):
        raise TypeError("app.state.context is not set; build the app with create_app()")
    return context


Context = Annotated[ApiContext, Depends(get_context)]


def get_repository(context: Context) -> Repository:
    return context.repository


Repo = Annotated[Repository, Depends(get_repository)]

_bearer = HTTPBearer(
    auto_error=False,
    description="An API key, sent as `Authorization: Bearer mx_...`. Each key sees only "
    "its own jobs.",
)


def _unauthorized(detail: str) -> Problem:
    return Problem(
        401,
        "unauthorized",
        "Unauthorized",
        detail,
        headers={"WWW-Authenticate": 'Bearer realm="molextract"'},
    )


def get_caller(
    request: Request,
    context: Context,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Caller:
    """Authenticate the bearer key; without one, the no-key tenant if the service allows it.

    A key that is sent is always checked, even where keys are optional: a typo in a
    key must not silently file the job under the no-key tenant.
    """
    if credentials is None:
        if request.headers.get("authorization"):
            raise _unauthorized("the Authorization header must be 'Bearer <API key>'")
        if context.limits.require_api_key:
            raise _unauthorized("an API key is required: send 'Authorization: Bearer <API key>'")
        caller = Caller(None, "no-key")
    else:
        key = context.repository.authenticate(credentials.credentials)
        if key is None:
            raise _unauthorized("the API key is not valid (unknown or revoked)")
        caller = Caller(key.id, key.name)
    request.state.api_key_id = caller.api_key_id  # for the request log
    return caller


CurrentCaller = Annotated[Caller, Depends(get_caller)]


def get_docs_reader(
    request: Request,
    context: Context,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Caller | None:
    """Who may read the API's own documentation; ``None`` when it is published to all.

    Where keys are required the documentation is behind the key like everything
    else (it tells a stranger what the service does and which schemas it has),
    unless the operator publishes it with ``MOLEXTRACT_PUBLIC_DOCS``.
    """
    if context.settings.public_docs or not context.limits.require_api_key:
        return None
    return get_caller(request, context, credentials)


DocsReader = Annotated[Caller | None, Depends(get_docs_reader)]
