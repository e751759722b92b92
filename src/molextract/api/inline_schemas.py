"""The ``schema`` of a job request: a built-in name, or an inline JSON Schema checked in full.

What the OpenAPI document declares an inline schema to be and what a submission
is checked against are built here from one outline, so the two cannot drift apart.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from jsonschema import Draft202012Validator

from molextract.api.limits import ApiLimits
from molextract.api.problems import Problem, validation_problem
from molextract.api.schema_costs import check_schema_cost
from molextract.errors import SchemaError
from molextract.schemas.fields import MAX_FIELDS
from molextract.schemas.keywords import (
    FIELD_KEYWORDS,
    FORMATS,
    NUMBER_KEYWORDS,
    RECORD_KEYWORDS,
    RECORDS_KEYWORDS,
    STANDARD_FIELD_KEYWORDS,
    KeywordError,
)
from molextract.schemas.patterns import MAX_PATTERN_LENGTH
from molextract.schemas.registry import (
    MAX_RECORDS_LIMIT,
    builtin_schema,
    find_reference,
    reference_message,
    schema_from_json,
    schema_names,
)
from molextract.schemas.spec import GENERATED_FIELDS

MAX_SCHEMA_NAME_LENGTH = 200  # the jobs.schema_name column


#: Record fields a custom schema may leave out; the others of GENERATED_FIELDS it must have.
OPTIONAL_RECORD_FIELDS = ("smiles", "conditions")


#: What each bound of a user's field may be, as far as JSON Schema can say it.
_BOUND_VALUES: dict[str, Any] = {
    "pattern": {"type": "string", "format": "regex", "maxLength": MAX_PATTERN_LENGTH},
    "format": {"enum": list(FORMATS)},
    **{k: {"type": "integer", "minimum": 0} for k in ("minLength", "minItems")},
    **{k: {"type": "number"} for k in NUMBER_KEYWORDS},
}


def _choices(item: dict[str, Any]) -> dict[str, Any]:
    """A record field given by its allowed values: an ``enum``, a ``const``, or either
    of them or null (``anyOf``), as a person or Pydantic writes them."""
    return {
        "type": "object",
        "propertyNames": {"enum": sorted(STANDARD_FIELD_KEYWORDS)},
        "anyOf": [{"required": ["enum"]}, {"required": ["const"]}, {"required": ["anyOf"]}],
        "properties": {
            "enum": {"type": "array", "minItems": 1, "items": item},
            "anyOf": {"type": "array", "minItems": 1, "items": {"type": "object"}},
        },
    }


def custom_schema_json_schema() -> dict[str, Any]:
    """What an inline custom schema must look like, as far as JSON Schema can say it.

    The API enforces this outline (:func:`checked_schema`), so nothing it forbids is
    ever accepted. The registry's finer rules (known units, examples that fit, names
    Pydantic reserves) cannot all be said in JSON Schema: a schema of this outline may
    still be refused, with a 422 naming the rule.
    """
    fields: dict[str, Any] = {
        name: {
            "type": "object",
            "description": "The JSON Schema of this record field (no bounds: its form is "
            "molextract's).",
            "propertyNames": {"enum": sorted(STANDARD_FIELD_KEYWORDS)},
        }
        for name in GENERATED_FIELDS
    }
    fields["property"] = _choices({"type": "string", "minLength": 1})
    fields["unit"] = _choices({"type": ["string", "null"], "minLength": 1})
    records = {
        "type": "object",
        "required": ["type", "maxItems", "items"],
        "propertyNames": {"enum": sorted(RECORDS_KEYWORDS)},
        "properties": {
            "type": {"const": "array"},
            "maxItems": {"type": "integer", "minimum": 1, "maximum": MAX_RECORDS_LIMIT},
            "items": {
                "type": "object",
                "required": ["properties"],
                "propertyNames": {"enum": sorted(RECORD_KEYWORDS)},
                "properties": {
                    "additionalProperties": {"const": False},
                    "properties": {
                        "type": "object",
                        "required": [
                            f for f in GENERATED_FIELDS if f not in OPTIONAL_RECORD_FIELDS
                        ],
                        "properties": fields,
                        # A field of the user's own: named like a Python attribute, and
                        # described, since the description is all the model is told.
                        "propertyNames": {"pattern": "^[A-Za-z][A-Za-z0-9_]{0,63}$"},
                        "maxProperties": len(GENERATED_FIELDS) + MAX_FIELDS,
                        "additionalProperties": {
                            "type": "object",
                            "anyOf": [{"required": ["description"]}, {"required": ["title"]}],
                            # Every bound is enforced (on answers and examples); any other
                            # keyword is refused rather than ignored.
                            "propertyNames": {"enum": sorted(FIELD_KEYWORDS)},
                            "properties": _BOUND_VALUES,
                            "description": "A field of your own (string, number, integer, "
                            "boolean, enum, a number with 'units', or a bounded list of one). "
                            "Bounds are enforced on every answer and example: pattern, "
                            "minLength, maxLength, format (date, email, uri) on text; minimum, "
                            "maximum, exclusiveMinimum, exclusiveMaximum on numbers; minItems, "
                            "maxItems on lists. Any other keyword is refused.",
                        },
                    },
                },
            },
        },
    }
    return {
        "title": "CustomSchema",
        "type": "object",
        "description": "A custom extraction schema: a JSON Schema (draft 2020-12) of the answer "
        '`{"records": [...]}`, in the format of examples/flash_point.schema.json, at most the '
        "service's inline schema size (64 KiB by default). References (`$ref`, `$dynamicRef`, "
        "`$recursiveRef`) are refused anywhere in it (422): nothing is ever fetched or read.",
        "required": ["properties"],
        "properties": {
            "title": {
                "type": "string",
                "pattern": "^[A-Za-z0-9_-]+$",
                "maxLength": 200,
                "description": "The schema's name in results.",
            },
            "description": {"type": "string"},
            "properties": {
                "type": "object",
                "required": ["records"],
                "properties": {"records": records},
            },
            "x-molextract": {
                "type": ["object", "null"],
                "properties": {
                    "instructions": {"type": ["string", "null"]},
                    "examples": {
                        "type": ["array", "null"],
                        "items": {
                            "type": "object",
                            "required": ["text"],
                            "properties": {
                                "text": {"type": "string"},
                                "records": {"type": "array", "items": {"type": "object"}},
                            },
                        },
                    },
                },
            },
        },
    }


def schema_ref_json_schema() -> dict[str, Any]:
    """``schema`` in OpenAPI: a built-in name (an enum) or an inline custom schema."""
    return {
        "oneOf": [
            {
                "title": "BuiltinSchemaName",
                "type": "string",
                "enum": schema_names(),
                "description": "A built-in schema (GET /v1/schemas).",
            },
            custom_schema_json_schema(),
        ],
        "description": "A built-in schema name or a custom JSON Schema object.",
    }


def checked_schema(
    ref: str | dict[str, Any], limits: ApiLimits
) -> tuple[str, dict[str, Any] | None]:
    """``(schema_name, custom_schema)`` for the store: a built-in name or an inline schema."""
    loc = ["body", "schema"]
    if isinstance(ref, str):
        try:
            return builtin_schema(ref).name, None
        except SchemaError as exc:
            detail = f"{exc}; or send a custom JSON Schema object as 'schema'"
        raise Problem(
            422,
            "unknown-schema",
            "Unknown schema",
            detail,
            errors=[{"loc": loc, "detail": detail, "type": "unknown_schema"}],
            extra={"choices": schema_names()},
        )
    size = len(json.dumps(ref, ensure_ascii=False, separators=(",", ":")).encode())
    if size > limits.max_schema_bytes:
        detail = (
            f"the inline schema is {size} bytes; the limit is {limits.max_schema_bytes}: "
            "shorten its descriptions and examples"
        )
        raise validation_problem(
            detail, [{"loc": loc, "detail": detail, "type": "schema_too_large"}]
        )
    _refuse_references(ref)
    try:
        spec = schema_from_json(ref, default_name="custom", source="inline schema")
        spec.json_schema  # noqa: B018 - building it is the check that an engine can use it
    except KeywordError as exc:
        raise _invalid_schema(str(exc), ("body", "schema", *exc.path)) from exc
    except SchemaError as exc:
        raise _invalid_schema(str(exc)) from exc
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        # schema_from_json trusts the shape of some optional parts (x-molextract);
        # whatever it trips over is still the client's schema, not a server fault.
        raise _invalid_schema(f"inline schema: cannot be used: {exc}") from exc
    if len(spec.name) > MAX_SCHEMA_NAME_LENGTH:
        raise _invalid_schema(
            f"inline schema: title is {len(spec.name)} characters; at most {MAX_SCHEMA_NAME_LENGTH}"
        )
    _check_outline(ref)
    check_schema_cost(spec)  # what it would cost a worker: grammar states, prompt tokens
    return spec.name, ref


#: The inline schema's outline as the OpenAPI document declares it.
_OUTLINE = Draft202012Validator(custom_schema_json_schema())


def _check_outline(schema: dict[str, Any]) -> None:
    """Refuse what the OpenAPI document says an inline schema cannot be, naming where.

    The declared outline is enforced as declared, so a client (or a fuzzer) that goes
    by the document is never surprised by an acceptance. It runs after the
    registry's rules, whose messages say more about the usual mistakes.
    """
    errors = sorted(_OUTLINE.iter_errors(schema), key=lambda e: list(e.absolute_path))
    if not errors:
        return
    first = errors[0]
    where = ".".join(str(part) for part in first.absolute_path) or "the top level"
    raise _invalid_schema(
        f"inline schema: at {where}: {first.message[:300]}",
        ("body", "schema", *first.absolute_path),
    )


def _refuse_references(schema: dict[str, Any]) -> None:
    """Refuse ``$ref`` and its kin with the rule every front end shares (the registry's),
    placing the problem at the keyword for the client."""
    found = find_reference(schema)
    if found is not None:
        keyword, path = found
        raise _invalid_schema(
            reference_message(keyword, path, "inline schema"), ["body", "schema", *path, keyword]
        )


def _invalid_schema(detail: str, loc: Sequence[str | int] = ("body", "schema")) -> Problem:
    return Problem(
        422,
        "invalid-schema",
        "Invalid schema",
        detail,
        errors=[{"loc": list(loc), "detail": detail, "type": "invalid_schema"}],
    )
