"""Look up a schema: a built-in name, a JSON Schema file, or a Python class.

Every custom schema, whatever its source, is read from a JSON Schema document by
``schema_from_json``: a class becomes one first (``models.schema_document``). The
rules (bounded, no references, fields named) are therefore the same for a file on
the command line, a class in Python and an inline schema in a job.
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError as JsonSchemaError

from molextract.chem.units import to_si
from molextract.errors import SchemaError
from molextract.schemas.builtin import BUILTIN_SCHEMAS
from molextract.schemas.fields import parse_fields
from molextract.schemas.keywords import check_examples, records_keywords
from molextract.schemas.models import Measurement, class_document, is_schema_class
from molextract.schemas.spec import GENERATED_FIELDS, Example, PropertySpec, SchemaSpec

MAX_CUSTOM_SCHEMA_BYTES = 64 * 1024
MAX_RECORDS_LIMIT = 64
_REQUIRED_FIELDS = ("quote", "compound", "property", "value", "unit")
#: JSON Schema keywords that point elsewhere (2020-12 and 2019-09 spellings).
REFERENCE_KEYWORDS = frozenset({"$ref", "$dynamicRef", "$recursiveRef"})

SchemaArgument = str | SchemaSpec | type[Measurement]

_BY_NAME = {spec.name: spec for spec in BUILTIN_SCHEMAS}


def schema_names() -> list[str]:
    return list(_BY_NAME)


def builtin_schema(name: str) -> SchemaSpec:
    """A built-in schema by name and nothing else, for names that came over the network.

    The API and the workers look a job's schema up here rather than in
    :func:`get_schema`, which also opens file paths: a name sent in a request must
    never make the service read its own files. A job that is not built-in carries its
    JSON Schema inline (:func:`schema_from_json`).
    """
    if name not in _BY_NAME:
        raise SchemaError(
            f"unknown schema {name[:80]!r}; built-in schemas are: {', '.join(_BY_NAME)}"
        )
    return _BY_NAME[name]


def resolve_schema(schema: SchemaArgument) -> SchemaSpec:
    """What every front end accepts as a schema: a spec, a ``Measurement`` class, or
    what ``get_schema`` reads (a name, a ``.json`` file, ``module.py:Class``)."""
    if isinstance(schema, SchemaSpec):
        return schema
    if isinstance(schema, str):
        return get_schema(schema)
    if is_schema_class(schema):
        return schema_from_class(schema)
    raise SchemaError(
        f"{schema!r} is not a schema: pass a built-in name, a JSON Schema file, "
        "'module.py:Class', or a subclass of molextract.Measurement"
    )


def schema_document(schema: SchemaArgument) -> dict[str, Any]:
    """The JSON Schema document of a custom schema: what to send as a job's ``schema``
    so the service extracts under exactly this schema. Built-in schemas go by name."""
    spec = resolve_schema(schema)
    if spec.document is None:
        raise SchemaError(f"{spec.name!r} is a built-in schema: send its name instead")
    copied: dict[str, Any] = json.loads(json.dumps(spec.document))
    return copied


def get_schema(name_or_path: str) -> SchemaSpec:
    """A built-in schema by name, a custom schema from a ``.json`` file path, or a
    ``Measurement`` class from ``path/to/module.py:Class``."""
    if name_or_path in _BY_NAME:
        return _BY_NAME[name_or_path]
    module, colon, class_name = name_or_path.rpartition(":")
    if colon and module.endswith(".py"):
        return schema_from_class(load_schema_class(Path(module), class_name))
    path = Path(name_or_path)
    if path.suffix == ".json" or path.exists():
        return load_custom_schema(path)
    raise SchemaError(
        f"unknown schema {name_or_path!r}; built-in schemas are: {', '.join(_BY_NAME)}; "
        "or pass the path of a custom JSON Schema file (see examples/) or "
        "'path/to/module.py:Class' for a schema written in Python"
    )


def schema_from_class(cls: type[Measurement]) -> SchemaSpec:
    """A ``Measurement`` subclass, read through its JSON Schema document."""
    source = f"{cls.__module__}.{cls.__qualname__}"
    return schema_from_json(class_document(cls), default_name=cls.__name__, source=source)


def load_schema_class(path: Path, class_name: str) -> type[Measurement]:
    """Import the user's module at ``path`` and return its schema class ``class_name``.

    The module is the user's own code, named on their own command line; it is
    imported under a name derived from its path, so two files called ``schemas.py``
    do not replace each other.
    """
    if not path.is_file():
        raise SchemaError(f"cannot read schema module {path}: no such file")
    digest = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:12]
    module_name = f"molextract_user_schemas.{path.stem}_{digest}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise SchemaError(f"cannot import {path}: not a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        sys.modules.pop(module_name, None)
        raise SchemaError(f"importing {path} failed: {type(exc).__name__}: {exc}") from exc
    found = getattr(module, class_name, None)
    if found is None or not class_name.isidentifier():
        choices = [
            n for n, v in inspect.getmembers(module, is_schema_class) if v is not Measurement
        ]
        listed = ", ".join(choices) if choices else "none"
        raise SchemaError(f"{path} has no class {class_name!r}; its schema classes: {listed}")
    if not is_schema_class(found) or found is Measurement:
        raise SchemaError(
            f"{class_name!r} in {path} is not a molextract schema: it must be a class that "
            "subclasses molextract.Measurement"
        )
    cls: type[Measurement] = found
    return cls


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
    except RecursionError as exc:
        raise SchemaError(f"{path}: the JSON is nested too deeply") from exc
    return schema_from_json(
        document, default_name=path.stem.removesuffix(".schema"), source=str(path)
    )


def schema_from_json(document: Any, *, default_name: str, source: str) -> SchemaSpec:
    """Convert an in-memory custom JSON Schema; every problem names the offending key."""
    where = source
    if not isinstance(document, dict):
        raise SchemaError(f"{where}: a schema must be a JSON object")
    refuse_references(document, where)
    refuse_deep_nesting(document, where)
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
    records_keywords(records, where)
    missing = [f for f in _REQUIRED_FIELDS if f not in fields]
    if missing:
        raise SchemaError(f"{where}: record fields {missing} are required")
    own = parse_fields(fields, GENERATED_FIELDS, where)
    for field in own:
        for unit in field.units:
            if to_si(1.0, unit) is None:
                raise SchemaError(f"{where}: field {field.name!r}: unknown unit {unit!r}")
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
    spec = SchemaSpec(
        name, description, instructions, props, examples, max_items, source,
        fields=own, document=document,
    )  # fmt: skip
    check_examples(spec, where)
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
    """The allowed values of ``property`` or ``unit``, in any spelling Pydantic or a
    person writes them (``enum``, ``const``, either of them or null)."""
    options = node.get("anyOf") if isinstance(node, dict) else None
    nullable = False
    if isinstance(options, list) and {"type": "null"} in options and len(options) == 2:
        node = next(o for o in options if o != {"type": "null"})
        nullable = True
    values = node.get("enum") if isinstance(node, dict) else None
    if isinstance(node, dict) and "const" in node:
        values = [node["const"]]
    if not isinstance(values, list) or not values:
        raise SchemaError(
            f"{where}: record field '{field}' must declare an 'enum' of allowed values "
            f"(in Python: {field}: Literal[...])"
        )
    return [*values, None] if nullable and None not in values else values


#: Deepest nesting of a custom schema's objects and lists. A record's field list is five
#: levels down and a field's items a few more; jsonschema's own check recurses once per
#: level and runs out of Python's stack near 200.
MAX_SCHEMA_DEPTH = 32


def refuse_deep_nesting(document: Any, where: str) -> None:
    """Refuse a schema nested deeper than ``MAX_SCHEMA_DEPTH``, naming where, before
    anything recursive reads it."""
    for _node, path in _walk(document):
        if len(path) > MAX_SCHEMA_DEPTH:
            location = ".".join(str(part) for part in path[: MAX_SCHEMA_DEPTH + 1])
            raise SchemaError(
                f"{where}: nested more than {MAX_SCHEMA_DEPTH} levels deep (at {location}); "
                "a record's fields need far fewer"
            )


def find_reference(document: Any) -> tuple[str, tuple[str | int, ...]] | None:
    """The first reference keyword in ``document`` and where it is, if any.

    Iterative: the depth of a client's JSON is bounded, but not small.
    """
    for node, path in _walk(document):
        found = sorted(REFERENCE_KEYWORDS & node.keys())
        if found:
            return found[0], path
    return None


def _walk(document: Any) -> Iterator[tuple[dict[str, Any], tuple[str | int, ...]]]:
    stack: list[tuple[object, tuple[str | int, ...]]] = [(document, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, dict):
            yield node, path
            stack.extend((child, (*path, key)) for key, child in node.items())
        elif isinstance(node, list):
            stack.extend((child, (*path, index)) for index, child in enumerate(node))


def reference_message(keyword: str, path: tuple[str | int, ...], where: str) -> str:
    location = ".".join(str(part) for part in path) or "the top level"
    return (
        f"{where}: {keyword!r} at {location} is not supported: references are never "
        "followed (nothing is fetched or read); write the definition inline"
    )


def refuse_references(document: Any, where: str) -> None:
    """Refuse ``$ref`` and its kin anywhere in a custom schema, naming where.

    Engines and the checks use the schema as it is written, so a reference would be
    silently dropped; following one would let a schema make molextract fetch a URL
    or read a file. Neither is acceptable, so a reference is an error like any other
    unsupported feature, wherever the schema comes from.
    """
    found = find_reference(document)
    if found is not None:
        raise SchemaError(reference_message(*found, where))
