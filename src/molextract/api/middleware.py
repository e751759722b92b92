"""One place that sees every request: for metrics and the request log.

A pure ASGI middleware rather than ``BaseHTTPMiddleware``, so NDJSON streams pass
through untouched and their duration is measured to the last byte.
"""

from __future__ import annotations

import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from molextract.api.logs import log_request
from molextract.api.metrics import ApiMetrics
from molextract.api.problems import FAILURE_REASON

#: Label for requests that matched no route: their raw paths are unbounded.
UNMATCHED = "<unmatched>"


def route_template(scope: Scope) -> str:
    """The matched route's path template (``/v1/jobs/{job_id}``), never the raw path."""
    path = getattr(scope.get("route"), "path", None)
    return path if isinstance(path, str) else UNMATCHED


class ObserveRequests:
    def __init__(self, app: ASGIApp, metrics: ApiMetrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500  # what the client gets if the app raises before responding

        async def send_observed(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, send_observed)
        finally:
            seconds = time.perf_counter() - started
            route = route_template(scope)
            method = str(scope["method"])
            self.metrics.observe_request(method, route, status, seconds)
            state: dict[str, Any] = scope.get("state") or {}
            log_request(
                method=method,
                route=route,
                status=status,
                seconds=seconds,
                api_key_id=state.get("api_key_id"),
                reason=state.get(FAILURE_REASON),
            )
