"""A user's own record fields: read from a JSON Schema, and typed in the output schema.

A schema written in Python reaches this module as the JSON Schema Pydantic makes of
it, so a class, a ``.json`` file and a job's inline schema are read by the same code
and refused for the same reasons. What cannot become a bounded grammar is refused
here, naming the field: a small model under an unbounded list or a free-form object
writes until its token budget runs out. A field's bounds (``pattern``, ``minimum``…)
are read, and every keyword molextract would not enforce refused, by
:mod:`molextract.schemas.keywords`.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel

from molextract.errors import SchemaError
from molextract.schemas.keywords import field_keywords, standard_field_keywords
from molextract.schemas.spec import DEFAULT_MAX_LENGTH, FieldKind, FieldSpec

MAX_FIELDS = 16
MAX_LIST_ITEMS = 16
MAX_STRING_LENGTH = 1000
_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,63}$")
_SCALARS: dict[str, FieldKind] = {
    "string": "string",
    "number": "number",
    "integer": "integer",
    "boolean": "boolean",
}


def parse_fields(
    properties: dict[str, Any], standard: tuple[str, ...], where: str
) -> tuple[FieldSpec, ...]:
    """The fields of a record's ``properties`` beyond the ``standard`` ones, checked."""
    for name in standard:
        if name in properties:
            standard_field_keywords(name, properties[name], where)
    extra = [name for name in properties if name not in standard]
    if len(extra) > MAX_FIELDS:
        raise SchemaError(f"{where}: {len(extra)} fields of your own; at most {MAX_FIELDS}")
    return tuple(_field(name, properties[name], where) for name in extra)


def _field(name: str, node: Any, where: str) -> FieldSpec:
    here = f"{where}: field {name!r}"
    if not _NAME.match(name) or name.startswith("model_") or hasattr(BaseModel, name):
        raise SchemaError(
            f"{here}: a field name must start with a letter, hold only letters, digits "
            "and '_', and not be one of Pydantic's own names (model_…, json, copy, …)"
        )
    if not isinstance(node, dict):
        raise SchemaError(f"{here}: must be a JSON Schema object")
    description = node.get("description") or node.get("title")
    if not isinstance(description, str) or not description.strip():
        raise SchemaError(
            f"{where}: unsupported record fields [{name!r}]: a field of your own needs a "
            "'description' (or 'title'): it is all the model is told about what goes in it"
        )
    inner, nullable = _unwrap_null(node, here)
    max_items = None
    is_list = inner.get("type") == "array"
    if is_list:
        max_items = inner.get("maxItems")
        if not isinstance(max_items, int) or not 1 <= max_items <= MAX_LIST_ITEMS:
            raise SchemaError(
                f"{here}: a list needs maxItems between 1 and {MAX_LIST_ITEMS} (in Python: "
                "Field(max_length=N)); an unbounded list cannot become a bounded grammar"
            )
        items = inner.get("items")
        if not isinstance(items, dict):
            raise SchemaError(f"{here}: a list needs 'items' saying what each item is")
        inner, item_nullable = _unwrap_null(items, here)
        if item_nullable or inner.get("type") == "array":
            raise SchemaError(f"{here}: list items must be plain values (no null, no lists)")
        inner = {**items, **inner}
    kind, choices = _kind(inner, here)
    units = node.get("units", inner.get("units"))
    if units is not None:
        if kind not in ("number", "integer"):
            raise SchemaError(f"{here}: 'units' belong to a number")
        if (
            not isinstance(units, list)
            or not units
            or not all(isinstance(u, str) and u.strip() for u in units)
        ):
            raise SchemaError(f"{here}: 'units' must be a list of unit strings")
        kind = "quantity"
    grounded = node.get("grounded", inner.get("grounded", kind not in ("enum", "boolean")))
    if not isinstance(grounded, bool):
        raise SchemaError(f"{here}: 'grounded' must be true or false")
    max_length = inner.get("maxLength", DEFAULT_MAX_LENGTH)
    if not isinstance(max_length, int) or not 1 <= max_length <= MAX_STRING_LENGTH:
        raise SchemaError(f"{here}: maxLength must be between 1 and {MAX_STRING_LENGTH}")
    constraints = field_keywords(name, node, kind, is_list, where)
    if max_items is not None and constraints.get("minItems", 0) > max_items:
        raise SchemaError(
            f"{here}: minItems {constraints['minItems']} is above maxItems {max_items}"
        )
    return FieldSpec(
        name=name,
        kind=kind,
        description=" ".join(description.split()),
        nullable=nullable,
        choices=choices,
        units=tuple(u.strip() for u in units or ()),
        max_items=max_items,
        max_length=max_length,
        grounded=grounded,
        constraints=constraints,
    )


def _unwrap_null(node: dict[str, Any], here: str) -> tuple[dict[str, Any], bool]:
    """``X | None`` in any of its JSON Schema spellings → ``(X, True)``."""
    for key in ("anyOf", "oneOf"):
        options = node.get(key)
        if options is None:
            continue
        if not isinstance(options, list):
            raise SchemaError(f"{here}: {key} must be a list")
        rest = [o for o in options if o != {"type": "null"}]
        if len(rest) != 1 or not isinstance(rest[0], dict):
            raise SchemaError(
                f"{here}: a choice between types is not supported (only a type or null)"
            )
        kept = {k: v for k, v in node.items() if k != key}
        return {**kept, **rest[0]}, len(rest) < len(options)
    kind = node.get("type")
    if isinstance(kind, list):
        types = [t for t in kind if t != "null"]
        if len(types) != 1:
            raise SchemaError(f"{here}: a choice between types is not supported")
        return {**node, "type": types[0]}, len(types) < len(kind)
    enum = node.get("enum")
    if isinstance(enum, list) and None in enum:
        return {**node, "enum": [e for e in enum if e is not None]}, True
    return node, False


def _kind(node: dict[str, Any], here: str) -> tuple[FieldKind, tuple[str, ...]]:
    if "const" in node:
        node = {**node, "enum": [node["const"]]}
    enum = node.get("enum")
    if enum is not None:
        if (
            not isinstance(enum, list)
            or not enum
            or not all(isinstance(e, str) and e for e in enum)
        ):
            raise SchemaError(f"{here}: an enum must list non-empty strings")
        return "enum", tuple(enum)
    kind = node.get("type")
    if kind == "object" or "properties" in node or "additionalProperties" in node:
        if not node.get("properties"):
            raise SchemaError(
                f"{here}: a free-form object (dict) cannot become a bounded grammar; "
                "give each part its own field"
            )
        raise SchemaError(
            f"{here}: nested objects (models) are not supported; make their parts fields "
            "of the schema"
        )
    if kind not in _SCALARS:
        raise SchemaError(
            f"{here}: type {kind!r} is not supported; use a string, number, integer, "
            "boolean, enum, a number with 'units', or a bounded list of one of those"
        )
    return _SCALARS[kind], ()


# --- the output schema of a record's ``fields`` -----------------------------------------


def fields_json_schema(fields: tuple[FieldSpec, ...]) -> dict[str, Any]:
    """The JSON Schema of a record's ``fields`` object under a schema with these fields."""
    properties = {f.name: _value_schema(f) for f in fields}
    return {
        "type": "object",
        "description": "The schema's own fields, typed; quantities normalised to SI.",
        "properties": properties,
        "required": [f.name for f in fields],
        "additionalProperties": False,
    }


def _value_schema(spec: FieldSpec) -> dict[str, Any]:
    one: dict[str, Any]
    if spec.kind == "quantity":
        one = {"$ref": "#/$defs/FieldQuantity"}
    elif spec.kind == "enum":
        one = {"enum": list(spec.choices)}
    else:
        one = {"type": spec.kind}
    if spec.max_items is not None:
        one = {"type": "array", "items": one, "maxItems": spec.max_items}
    schema: dict[str, Any] = {"anyOf": [one, {"type": "null"}]} if spec.nullable else one
    return {**schema, "description": spec.description}
