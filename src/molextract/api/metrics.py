"""Prometheus metrics of one app instance.

Each app gets its own registry rather than the process-global one, so building
several apps in one process (tests, or an embedded server beside the CLI) never
trips over duplicate metric names, and ``/metrics`` shows only this app's numbers.
"""

from __future__ import annotations

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram
from prometheus_client.exposition import generate_latest

#: Methods outside this set are counted as OTHER: a label value per made-up method
#: would let any client grow the metric without bound.
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})

#: Seconds; a submission of 1000 documents takes a while, a status poll should not.
_LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)


class ApiMetrics:
    """Request counts and latency by route template and status; job submissions."""

    content_type = CONTENT_TYPE_LATEST

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter(
            "molextract_http_requests",
            "HTTP requests handled, by method, route template and status.",
            ["method", "route", "status"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "molextract_http_request_duration_seconds",
            "Time to handle a request (for streams: until the last byte), by route template "
            "and status.",
            ["method", "route", "status"],
            buckets=_LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.jobs_created = Counter(
            "molextract_jobs_created",
            "Jobs stored (Idempotency-Key replays excluded).",
            registry=self.registry,
        )
        self.documents_submitted = Counter(
            "molextract_documents_submitted",
            "Documents stored with new jobs.",
            registry=self.registry,
        )

    def observe_request(self, method: str, route: str, status: int, seconds: float) -> None:
        method = method if method in _METHODS else "OTHER"
        self.requests.labels(method, route, str(status)).inc()
        self.latency.labels(method, route, str(status)).observe(seconds)

    def job_created(self, documents: int) -> None:
        self.jobs_created.inc()
        self.documents_submitted.inc(documents)

    def render(self) -> bytes:
        return generate_latest(self.registry)
