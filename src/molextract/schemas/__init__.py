"""Extraction schemas: built-in and custom, and the strict output contract."""

from molextract.schemas.records import (
    Checks,
    Compound,
    DocumentError,
    DocumentResult,
    EngineInfo,
    Evidence,
    Record,
    Usage,
    output_line_json_schema,
)
from molextract.schemas.registry import (
    get_schema,
    load_custom_schema,
    resolve_schema,
    schema_document,
    schema_names,
)
from molextract.schemas.spec import VALUE_PATTERN, Example, PropertySpec, SchemaSpec

__all__ = [
    "VALUE_PATTERN",
    "Checks",
    "Compound",
    "DocumentError",
    "DocumentResult",
    "EngineInfo",
    "Evidence",
    "Example",
    "PropertySpec",
    "Record",
    "SchemaSpec",
    "Usage",
    "get_schema",
    "load_custom_schema",
    "output_line_json_schema",
    "resolve_schema",
    "schema_document",
    "schema_names",
]
