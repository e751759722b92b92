"""Look up a schema by name, or load a custom one from a JSON Schema file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError as JsonSchemaError

from molextract.errors import SchemaError
from molextract.schemas.builtin import BUILTIN_SCHEMAS
from molextract.schemas.spec import GENERATED_FIELDS, Example, PropertySpec, SchemaSpec

MAX_CUSTOM_SCHEMA_BYTES = 64 * 1024
MAX_RECORDS_LIMIT = 64
_REQUIRED_FIELDS = ("quote", "compound", "property", "value", "unit")

_BY_NAME = {spec.name: spec for spec in BUILTIN_SCHEMAS}


def schema_names() -> list[str]:
    return list(_BY_NAME)


def get_schema(name_or_path: str) -> SchemaSpec:
    """A built-in schema by name, or a custom schema from a ``.json`` file path."""
    if name_or_path in _BY_NAME:
        return _BY_NAME[name_or_path]
    path = Path(name_or_path)
    if path.suffix == ".json" or path.exists():
        return load_custom_schema(path)
    raise SchemaError(
        f"unknown schema {name_or_path!r}; built-in schemas are: {', '.join(_BY_NAME)}; "
        "or pass the path of a custom JSON Schema file (see examples/)"
    )


def load_custom_schema(path: Path) -> SchemaSpec:
    """Read, check and convert a user's JSON Schema into a ``SchemaSpec``."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SchemaError(f"cannot read schema file {path}: {exc.strerror}") from exc
    if len(raw) > MAX_CUSTOM_SCHEMA_BYTES:
        raise SchemaError(
            f"{path}: schema is {len(raw)} bytes; the limit is {MAX_CUSTOM_SCHEMA_BYTES}"
        )
    try:
        document = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SchemaError(f"{path}: not valid JSON: {exc}") from exc
    return schema_from_json(
        document, default_name=path.stem.removesuffix(".schema"), source=str(path)
    )


def schema_from_json(document: Any, *, default_name: str, source: str) -> SchemaSpec:
    """Convert an in-memory custom JSON Schema; every problem names the offending key."""
    where = source
    if not isinstance(document, dict):
        raise SchemaError(f"{where}: a schema must be a JSON object")
    try:
        Draft202012Validator.check_schema(document)
    except JsonSchemaError as exc:
        raise SchemaError(f"{where}: not a valid JSON Schema: {exc.message}") from exc
    records = _get(document, ("properties", "records"), where)
    if records.get("type") != "array":
        raise SchemaError(f"{where}: properties.records must have type 'array'")
    max_items = records.get("maxItems")
    if not isinstance(max_items, int) or not 1 <= max_items <= MAX_RECORDS_LIMIT:
        raise SchemaError(
            f"{where}: properties.records needs maxItems between 1 and {MAX_RECORDS_LIMIT} "
            "(unbounded arrays make small models loop until the token budget runs out)"
        )
    fields = _get(records, ("items", "properties"), where + ": properties.records")
    unknown = sorted(set(fields) - set(GENERATED_FIELDS))
    if unknown:
        raise SchemaError(
            f"{where}: unsupported record fields {unknown}; allowed: {', '.join(GENERATED_FIELDS)}"
        )
    missing = [f for f in _REQUIRED_FIELDS if f not in fields]
    if missing:
        raise SchemaError(f"{where}: record fields {missing} are required")
    properties = _enum(fields["property"], "property", where)
    if not properties or not all(isinstance(p, str) and p for p in properties):
        raise SchemaError(f"{where}: 'property' must be an enum of non-empty strings")
    units = _enum(fields["unit"], "unit", where)
    if not all(u is None or (isinstance(u, str) and u) for u in units):
        raise SchemaError(f"{where}: 'unit' must be an enum of unit strings (null allowed)")
    name = document.get("title") or default_name
    if not isinstance(name, str) or not name.replace("_", "").replace("-", "").isalnum():
        raise SchemaError(f"{where}: title {name!r} must be a name of letters, digits, '_' or '-'")
    description = str(document.get("description") or f"Custom schema {name}.")
    unit_tuple = tuple(units)
    props = tuple(PropertySpec(p, p.replace("_", " "), unit_tuple) for p in properties)
    extras = document.get("x-molextract") or {}
    examples = tuple(
        Example(text=str(e["text"]), records=tuple(e.get("records", [])))
        for e in extras.get("examples", [])
    )
    instructions = str(
        extras.get("instructions")
        or f"You extract {', '.join(p.replace('_', ' ') for p in properties)} values from "
        "chemistry text and answer only with JSON. Copy each quote verbatim; give each value "
        'as written; never invent values. If nothing is stated, answer {"records": []}.'
    )
    spec = SchemaSpec(name, description, instructions, props, examples, max_items, source)
    for example in examples:
        try:
            spec.generation_model.model_validate_json(example.answer_json())
        except ValueError as exc:
            raise SchemaError(f"{where}: an example does not fit the schema: {exc}") from exc
    return spec


def _get(node: dict[str, Any], keys: tuple[str, ...], where: str) -> dict[str, Any]:
    for key in keys:
        child = node.get(key) if isinstance(node, dict) else None
        if not isinstance(child, dict):
            raise SchemaError(f"{where}: missing object at '{'.'.join(keys)}'")
        node = child
    return node


def _enum(node: Any, field: str, where: str) -> list[Any]:
    values = node.get("enum") if isinstance(node, dict) else None
    if not isinstance(values, list) or not values:
        raise SchemaError(
            f"{where}: record field '{field}' must declare an 'enum' of allowed values"
        )
    return values
