"""Probes and metrics: ``/healthz`` (the process answers), ``/readyz`` (it can do work), ``/metrics``.

The probes need no API key: orchestrators call them without one, and they reveal
no more than "up" and which part is down. ``/metrics`` does need a key where keys
are required: it shows the whole service's traffic and job totals, which are no
anonymous caller's business, and Prometheus sends a bearer token as easily as any
client (``authorization: {credentials_file: ...}`` in its scrape config).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

from fastapi import APIRouter, Depends, Response

from molextract.api.deps import ApiContext, Context, get_caller
from molextract.api.logs import FIELDS
from molextract.api.models import Health, Readiness
from molextract.api.problems import Problem, problem_responses

router = APIRouter(tags=["operations"])
logger = logging.getLogger("molextract.api")

_T = TypeVar("_T")


def _probe(name: str, probe: Callable[[], _T]) -> _T | None:
    """A probe that raises is a failed check (``None``), never a 500 from the endpoint."""
    try:
        return probe()
    except Exception as exc:
        logger.warning("readiness check failed", exc_info=exc, extra={FIELDS: {"check": name}})
        return None


def _readiness_checks(context: ApiContext) -> dict[str, bool]:
    checks = {
        "database": bool(_probe("database", context.repository.ready)),
        "broker": bool(_probe("broker", context.dispatcher.ready)),
    }
    if context.engines_ready is not None:
        engines = _probe("engines", context.engines_ready)
        if engines is None:
            checks["engines"] = False
        else:
            checks.update({f"engine:{name}": bool(ok) for name, ok in engines.items()})
    return checks


@router.get("/healthz", summary="The process is up")
def healthz() -> Health:
    return Health()


@router.get(
    "/readyz",
    summary="Database, broker and engines can take work",
    responses=problem_responses(503),
)
def readyz(context: Context) -> Readiness:
    checks = _readiness_checks(context)
    failing = [name for name, ok in checks.items() if not ok]
    if failing:
        raise Problem(
            503,
            "not-ready",
            "Not ready",
            f"not ready: {', '.join(failing)} unavailable",
            headers={"Retry-After": "5"},
            extra={"checks": checks},
        )
    return Readiness(checks=checks)


@router.get(
    "/metrics",
    summary="Prometheus metrics",
    response_class=Response,
    responses={
        200: {"content": {"text/plain": {"schema": {"type": "string"}}}},
        **problem_responses(401, 503),  # 503: the key cannot be checked while the store is down
    },
    dependencies=[Depends(get_caller)],
)
def metrics(context: Context) -> Response:
    return Response(context.metrics.render(), media_type=context.metrics.content_type)
