"""JSON logs for the service: one object per line, for a log shipper to index.

Requests are logged by :class:`~molextract.api.middleware.ObserveRequests` with
method, route template, status, duration and API key id; document text never
appears in a log line because no code path here logs a request body.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

#: Attribute of a ``LogRecord`` holding structured fields (``extra={FIELDS: {...}}``).
FIELDS = "molextract_fields"

access_logger = logging.getLogger("molextract.api.access")


class JsonFormatter(logging.Formatter):
    """``{"time", "level", "logger", "message", ...fields, "exception"?}``."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        fields = getattr(record, FIELDS, None)
        if isinstance(fields, dict):
            entry.update(fields)
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


#: Probes and scrapes arrive every few seconds; logged at DEBUG unless they fail, so
#: they do not bury the requests people look for.
QUIET_ROUTES = frozenset({"/healthz", "/readyz", "/metrics"})


def log_request(
    *,
    method: str,
    route: str,
    status: int,
    seconds: float,
    api_key_id: int | None,
    reason: str | None = None,
) -> None:
    """One line per request; a server-side failure's ``reason`` rides on it as a field.

    So an outage logs one warning per request, saying why, instead of a traceback.
    """
    quiet = route in QUIET_ROUTES and status < 400
    fields: dict[str, Any] = {
        "method": method,
        "route": route,
        "status": status,
        "duration_ms": round(seconds * 1000, 2),
        "api_key_id": api_key_id,
    }
    if reason is not None:
        fields["reason"] = reason
    level = logging.DEBUG if quiet else logging.WARNING if status >= 500 else logging.INFO
    message = "%s %s %d" if reason is None else "%s %s %d: %s"
    arguments = (method, route, status) if reason is None else (method, route, status, reason)
    access_logger.log(level, message, *arguments, extra={FIELDS: fields})


def log_config(level: str = "INFO") -> dict[str, Any]:
    """A ``logging.config.dictConfig`` for ``uvicorn.run(..., log_config=...)``.

    Uvicorn's own access log is switched off: it logs raw paths (with query strings)
    instead of route templates, and our request line already says everything.
    """
    handler = {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": f"{__name__}.JsonFormatter"}},
        "handlers": {"stderr": handler},
        "loggers": {
            "molextract": {"handlers": ["stderr"], "level": level, "propagate": False},
            "uvicorn": {"handlers": ["stderr"], "level": level, "propagate": False},
            "uvicorn.access": {"handlers": [], "level": "WARNING", "propagate": False},
        },
    }
