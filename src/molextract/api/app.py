"""Build the FastAPI application from parts the caller already made.

The app owns no resources: the repository, the dispatcher and the engines'
readiness probe are passed in, so tests run it against a real database with a
recording dispatcher and ``molextract serve`` runs it against the real ones.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from pydantic.json_schema import models_json_schema

from molextract import __version__
from molextract.api.deps import ApiContext, EnginesReady
from molextract.api.limits import ApiLimits
from molextract.api.metrics import ApiMetrics
from molextract.api.middleware import ObserveRequests
from molextract.api.models import DocumentIn, JobHeader, JobRequest
from molextract.api.problems import ProblemDetails, install_problem_handlers, problem_responses
from molextract.api.routes import docs, health, jobs, schemas
from molextract.config import Settings
from molextract.schemas import DocumentResult
from molextract.store import Repository
from molextract.workers.dispatch import Dispatcher

DESCRIPTION = """\
Submit batches of chemistry texts, poll the job, page or stream the validated records.

Authentication: `Authorization: Bearer <API key>`; a key sees only its own jobs.
Every error is RFC 9457 problem details (`application/problem+json`).
"""


class _MolextractApi(FastAPI):
    """FastAPI plus the schemas of bodies that routes read themselves.

    ``POST /v1/jobs`` parses its body by hand (to stream NDJSON and count bytes as
    they arrive), so FastAPI cannot see its models; they and the problem-details
    model are added to the components here, and the route's ``openapi_extra``
    refers to them.
    """

    def openapi(self) -> dict[str, Any]:
        if self.openapi_schema is not None:
            return self.openapi_schema
        schema = super().openapi()
        _, definitions = models_json_schema(
            [
                (JobRequest, "validation"),
                (JobHeader, "validation"),
                (DocumentIn, "validation"),
                (ProblemDetails, "serialization"),
                (DocumentResult, "serialization"),
            ],
            ref_template="#/components/schemas/{model}",
        )
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        for name, definition in definitions.get("$defs", {}).items():
            components.setdefault(name, definition)
        _problem_details_for_validation_errors(schema)
        return schema


def _problem_details_for_validation_errors(schema: dict[str, Any]) -> None:
    """Say that 422s are problem details: FastAPI documents them as its own error shape."""
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            responses = operation.get("responses", {})
            if "422" in responses:
                responses["422"] = problem_responses(422)[422]
    components = schema["components"]["schemas"]
    for name in ("HTTPValidationError", "ValidationError"):
        components.pop(name, None)


def create_app(
    settings: Settings,
    repository: Repository,
    dispatcher: Dispatcher,
    *,
    engines_ready: EnginesReady | None = None,
) -> FastAPI:
    """The job API over ``repository`` (already migrated) and ``dispatcher``.

    ``engines_ready`` reports each engine's readiness for ``/readyz``; without it,
    engines are not part of readiness (the workers, not the API, talk to them).
    """
    app = _MolextractApi(
        title="molextract",
        version=__version__,
        description=DESCRIPTION,
        # Served by routes.docs instead, behind the key where keys are required.
        openapi_url=None,
        docs_url=None,
        redoc_url=None,
    )
    metrics = ApiMetrics()
    app.state.context = ApiContext(
        settings=settings,
        repository=repository,
        dispatcher=dispatcher,
        limits=ApiLimits.from_settings(settings),
        metrics=metrics,
        engines_ready=engines_ready,
    )
    install_problem_handlers(app)
    # Every route of these reads the store (an API key at least), so each may answer
    # 503 while it cannot be reached; health declares its own (``/healthz`` never does).
    app.include_router(jobs.router, responses=problem_responses(503))
    app.include_router(schemas.router, responses=problem_responses(503))
    app.include_router(health.router)
    app.include_router(docs.router)
    app.add_middleware(ObserveRequests, metrics=metrics)
    return app
