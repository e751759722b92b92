"""Every error the API returns is RFC 9457 problem details (``application/problem+json``).

One shape for every failure means a client needs one error path: ``status`` and
``type`` to branch on, ``detail`` to show a person, ``errors`` to point at the field
or NDJSON line to fix. The :mod:`molextract.errors` hierarchy (store errors included)
is mapped here once, so routes raise domain errors and never build responses.

A database that cannot be reached is mapped here too, once for every route: it is
the service's outage, not the request's fault, so it is a 503 with ``Retry-After``
and one log line, never a 500 with tracebacks (see :func:`is_store_outage`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError, SQLAlchemyError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from starlette.exceptions import HTTPException as StarletteHTTPException

from molextract.errors import (
    ConfigError,
    EngineError,
    EngineUnavailableError,
    InputError,
    ModelError,
    MolextractError,
    SchemaError,
)
from molextract.store.errors import (
    DuplicateDocumentError,
    IdempotencyConflict,
    InvalidCursor,
    JobFinished,
    JobNotFound,
)

PROBLEM_JSON = "application/problem+json"

#: Problem types are tag URIs (RFC 9457 §3.1.1 allows non-resolvable ones): stable
#: identifiers to branch on, without promising a documentation page at a URL.
TYPE_PREFIX = "tag:molextract,2025:problem/"

#: A request with thousands of bad documents must not get a response just as large.
MAX_REPORTED_ERRORS = 50

#: How long a client should wait before retrying a 503 that names no other time (the
#: store unreachable, say): long enough not to hammer a database that is restarting,
#: short enough that a client polling a job notices the recovery within seconds.
RETRY_AFTER_SECONDS = 5

#: ``request.state`` attribute naming why a request failed, for the request log line
#: (:mod:`molextract.api.middleware`): the one line an outage logs per request.
FAILURE_REASON = "failure_reason"

logger = logging.getLogger("molextract.api")


class FieldProblem(BaseModel):
    """Where one validation problem is: a location in the body (or an NDJSON line)."""

    loc: list[str | int] = Field(description="Path to the bad value, e.g. body/documents/3/text.")
    detail: str
    type: str = Field(description="Machine-readable kind, e.g. missing, string_too_short.")
    line: int | None = Field(default=None, description="NDJSON line number (1-based).")


class ProblemDetails(BaseModel):
    """RFC 9457 problem details; extension members (``job_id``, ``checks``) may follow."""

    model_config = ConfigDict(extra="allow")

    type: str
    title: str
    status: int
    detail: str
    errors: list[FieldProblem] | None = None


class Problem(Exception):
    """An error response, raised by routes and helpers and rendered by one handler."""

    def __init__(
        self,
        status: int,
        kind: str | None,
        title: str,
        detail: str,
        *,
        errors: Sequence[Mapping[str, Any]] | None = None,
        headers: Mapping[str, str] | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.type = "about:blank" if kind is None else TYPE_PREFIX + kind
        self.title = title
        self.detail = detail
        self.errors = list(errors) if errors is not None else None
        self.headers = dict(headers or {})
        if status == HTTPStatus.SERVICE_UNAVAILABLE:  # every 503 says when to come back
            self.headers.setdefault("Retry-After", str(RETRY_AFTER_SECONDS))
        self.extra = dict(extra or {})

    def response(self) -> JSONResponse:
        body: dict[str, Any] = {
            "type": self.type,
            "title": self.title,
            "status": self.status,
            "detail": self.detail,
        }
        if self.errors is not None:
            shown = self.errors[:MAX_REPORTED_ERRORS]
            body["errors"] = shown
            if len(self.errors) > len(shown):
                body["errors_omitted"] = len(self.errors) - len(shown)
        body.update(self.extra)
        return JSONResponse(body, self.status, headers=self.headers, media_type=PROBLEM_JSON)


def field_problems(
    errors: Sequence[Mapping[str, Any]],
    *,
    prefix: Sequence[str | int] = (),
    line: int | None = None,
) -> list[dict[str, Any]]:
    """Pydantic errors as ``FieldProblem`` dicts, without the offending input.

    The input is left out on purpose: it can be a whole document text, which would
    bloat the response and end up in whatever logs the client keeps.
    """
    problems = []
    for error in errors:
        problem: dict[str, Any] = {
            "loc": [*prefix, *error.get("loc", ())],
            "detail": str(error.get("msg", "invalid value")),
            "type": str(error.get("type", "value_error")),
        }
        if line is not None:
            problem["line"] = line
        problems.append(problem)
    return problems


def validation_problem(detail: str, errors: Sequence[Mapping[str, Any]]) -> Problem:
    return Problem(422, "validation-error", "Invalid request", detail, errors=errors)


def from_validation_error(
    exc: ValidationError, *, prefix: Sequence[str | int] = ("body",), line: int | None = None
) -> Problem:
    errors = field_problems(
        exc.errors(include_url=False, include_input=False), prefix=prefix, line=line
    )
    where = f"line {line}: " if line is not None else ""
    first = errors[0]
    location = "/".join(str(part) for part in first["loc"])
    summary = f"{where}{location}: {first['detail']}"
    if len(errors) > 1:
        summary += f" (and {len(errors) - 1} more problems, see 'errors')"
    return validation_problem(summary, errors)


#: Most specific class first: the first ``isinstance`` match wins.
_ERROR_MAP: tuple[tuple[type[MolextractError], int, str, str], ...] = (
    (JobNotFound, 404, "job-not-found", "Job not found"),
    (JobFinished, 409, "job-finished", "Job already finished"),
    (IdempotencyConflict, 409, "idempotency-key-reused", "Idempotency-Key reused"),
    (DuplicateDocumentError, 422, "duplicate-document-ids", "Duplicate document ids"),
    (InvalidCursor, 400, "invalid-cursor", "Invalid cursor"),
    (SchemaError, 422, "invalid-schema", "Invalid schema"),
    (InputError, 422, "invalid-input", "Invalid input"),
    (EngineUnavailableError, 503, "engine-unavailable", "Engine unavailable"),
    (EngineError, 502, "engine-error", "Engine error"),
    (ModelError, 500, "model-error", "Model error"),
    (ConfigError, 500, "server-misconfigured", "Server misconfigured"),
)


def from_molextract_error(exc: MolextractError) -> Problem:
    for cls, status, kind, title in _ERROR_MAP:
        if isinstance(exc, cls):
            return Problem(status, kind, title, str(exc))
    return Problem(500, "internal-error", "Internal error", str(exc))


def _http_problem(status: int, detail: str, headers: Mapping[str, str] | None) -> Problem:
    """A plain HTTP error (unknown route, wrong method): ``about:blank`` as RFC 9457 says."""
    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:
        phrase = "Error"
    return Problem(status, None, phrase, detail or phrase, headers=headers)


async def _on_problem(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, Problem)
    return exc.response()


async def _on_request_validation(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = field_problems(exc.errors())
    first = errors[0] if errors else {"loc": [], "detail": "invalid request"}
    location = "/".join(str(part) for part in first["loc"])
    return validation_problem(f"{location}: {first['detail']}", errors).response()


#: The operations of an OpenAPI path item (its other keys are parameters, summary, ...).
_HTTP_METHODS = frozenset({"get", "put", "post", "delete", "options", "head", "patch", "trace"})


def _template_regex(template: str) -> re.Pattern[str]:
    """``/v1/jobs/{job_id}`` as a regex matching the paths it stands for."""
    parts = re.split(r"(\{[^/{}]+\})", template)
    return re.compile(
        "".join("[^/]+" if part.startswith("{") else re.escape(part) for part in parts) + "$"
    )


def allowed_methods(request: Request) -> list[str]:
    """Every method the API documents for this request's path, for ``Allow``.

    Starlette's 405 names the methods of the first route whose path matched, but
    FastAPI makes one route per method: ``GET`` and ``DELETE /v1/jobs/{job_id}`` are
    two, and ``Allow`` must name both. The OpenAPI document lists them together
    and is what clients (and fuzzers) compare ``Allow`` with.
    """
    paths = request.app.openapi().get("paths", {})
    path = request.url.path
    methods = {
        method.upper()
        for template, operations in paths.items()
        if _template_regex(template).match(path)
        for method in operations
        if method in _HTTP_METHODS
    }
    return sorted(methods)


async def _on_http_exception(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    headers = dict(exc.headers or {})
    if exc.status_code == HTTPStatus.METHOD_NOT_ALLOWED:
        headers["Allow"] = ", ".join(allowed_methods(request)) or headers.get("Allow", "")
    return _http_problem(exc.status_code, str(exc.detail), headers).response()


async def _on_molextract_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, MolextractError)
    problem = from_molextract_error(exc)
    if problem.status >= 500:
        logger.error("request failed: %s", exc, exc_info=exc)
    return problem.response()


def is_store_outage(exc: BaseException) -> bool:
    """Whether a database error means "the store cannot be reached now", not a bug.

    ``OperationalError`` is what the DBAPI raises for a refused or dropped connection,
    a server shutting down or a locked SQLite file; ``InterfaceError`` for a connection
    the driver already knows is closed; any other DBAPI error raised while SQLAlchemy
    saw the connection die is flagged ``connection_invalidated``; a pool ``TimeoutError``
    means no connection could be had in time. SQLAlchemy then discards the dead
    connections (and ``pool_pre_ping`` tests the rest before use), so the next request
    after the database is back gets a fresh connection: recovery needs nothing here.
    """
    if isinstance(exc, OperationalError | InterfaceError | PoolTimeoutError):
        return True
    return isinstance(exc, DBAPIError) and exc.connection_invalidated


def _first_line(exc: BaseException) -> str:
    cause = getattr(exc, "orig", None) or exc
    lines = str(cause).strip().splitlines()
    return f"{type(cause).__name__}: {lines[0] if lines else ''}"[:300]


def store_unavailable() -> Problem:
    return Problem(
        503,
        "store-unavailable",
        "Store unavailable",
        "the job store cannot be reached right now; try again in a few seconds "
        "(a job submission with the same Idempotency-Key, if you sent one)",
    )


async def _on_database_error(request: Request, exc: Exception) -> JSONResponse:
    """An unreachable store is a 503 logged in the request's own line; anything else a bug.

    Handled here rather than by the catch-all ``Exception`` handler because Starlette
    re-raises what that one handles (for the server to log), which gave two
    tracebacks per request during an outage; a handler for a specific class ends the
    matter. The reason goes to the request log line (no traceback: a hundred
    requests during a restart would otherwise bury the log).
    """
    if not is_store_outage(exc):
        return await _on_unexpected(request, exc)
    setattr(request.state, FAILURE_REASON, f"store unavailable: {_first_line(exc)}")
    return store_unavailable().response()


async def _on_unexpected(_request: Request, exc: Exception) -> JSONResponse:
    """A bug (outages are :func:`_on_database_error`'s): log the traceback, tell the client nothing internal."""
    logger.error("unhandled error", exc_info=exc)
    return Problem(
        500,
        "internal-error",
        "Internal error",
        "the server failed to handle this request; it has been logged",
    ).response()


def install_problem_handlers(app: FastAPI) -> None:
    app.add_exception_handler(Problem, _on_problem)
    app.add_exception_handler(RequestValidationError, _on_request_validation)
    app.add_exception_handler(StarletteHTTPException, _on_http_exception)
    app.add_exception_handler(MolextractError, _on_molextract_error)
    app.add_exception_handler(SQLAlchemyError, _on_database_error)
    app.add_exception_handler(Exception, _on_unexpected)


def problem_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` entries saying these statuses carry problem details."""
    schema = {"$ref": "#/components/schemas/ProblemDetails"}
    responses: dict[int | str, dict[str, Any]] = {}
    for status in statuses:
        response: dict[str, Any] = {
            "description": HTTPStatus(status).phrase,
            "content": {PROBLEM_JSON: {"schema": schema}},
        }
        if status == HTTPStatus.SERVICE_UNAVAILABLE:
            response["headers"] = {"Retry-After": _RETRY_AFTER_HEADER}
        responses[status] = response
    return responses


_RETRY_AFTER_HEADER: dict[str, Any] = {
    "description": "Seconds to wait before trying again.",
    "required": True,
    "schema": {"type": "integer", "minimum": 0},
}
