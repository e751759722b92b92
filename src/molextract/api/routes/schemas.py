"""``/v1/schemas``: which extraction schemas exist, and the JSON Schemas clients validate against.

Behind the API key like every other ``/v1`` route: where keys are required, a
caller without one learns nothing about the service, not even what it extracts.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends

from molextract.api.deps import get_caller
from molextract.api.models import SchemaList, SchemaSummary
from molextract.api.problems import Problem, problem_responses
from molextract.errors import SchemaError
from molextract.schemas import get_schema, output_line_json_schema, schema_names
from molextract.schemas.registry import builtin_schema

router = APIRouter(
    prefix="/v1/schemas",
    tags=["schemas"],
    dependencies=[Depends(get_caller)],
    responses=problem_responses(401),
)

#: ``/v1/schemas/output`` is declared before ``/v1/schemas/{name}``, so no built-in
#: schema may be called this; a test guards it.
OUTPUT = "output"


@router.get("", summary="Built-in extraction schemas")
def list_schemas() -> SchemaList:
    summaries = []
    for name in schema_names():
        spec = get_schema(name)
        summaries.append(
            SchemaSummary(
                name=name,
                description=spec.description,
                properties=list(spec.property_names),
                units=list(spec.units),
            )
        )
    return SchemaList(schemas=summaries)


@router.get(
    f"/{OUTPUT}",
    summary="JSON Schema of one output line",
    description="Every line of `GET /v1/jobs/{id}/results?format=documents` (and of "
    "`molextract run` output) validates against it.",
)
def output_schema() -> dict[str, Any]:
    return output_line_json_schema()


@router.get(
    "/{name}",
    summary="JSON Schema the engine generates under, for one built-in schema",
    responses=problem_responses(404),
)
def schema_json(name: str) -> dict[str, Any]:
    try:
        return builtin_schema(name).json_schema
    except SchemaError as exc:
        raise Problem(
            404, "unknown-schema", "Unknown schema", str(exc), extra={"choices": schema_names()}
        ) from exc
