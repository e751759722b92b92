"""Rules shared by the record formats, so JSONL and CSV accept and reject the same things."""

from __future__ import annotations

from typing import Any

from molextract.ingest.base import Source
from molextract.ingest.document import Document


class BadRecord(Exception):
    """A record that yields no document; the message is the reason shown to the user."""


def json_type(value: object) -> str:
    """Name types as the person who wrote the JSON knows them, not as Python does."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def require_text(value: object) -> str:
    if not isinstance(value, str):
        raise BadRecord(f"'text' must be a string, got {json_type(value)}")
    if not value.strip():
        raise BadRecord("'text' is empty or only whitespace")
    return value


def explicit_id(value: object) -> str:
    # bool is an int to Python, but `"id": true` in a dump is a mistake, not the id "True".
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise BadRecord(f"'id' must be a string or integer, got {json_type(value)}")
    doc_id = str(value)
    if not doc_id.strip():
        raise BadRecord("'id' is empty")
    return doc_id


def default_id(source: Source, line: int) -> str:
    """Derived from where the record is, so a re-run gives the same id and --resume works."""
    return f"{source.id_base}:{line}"


def make_document(
    source: Source, line: int, text: str, doc_id: str, extra: dict[str, Any]
) -> Document:
    # Location goes last so it wins over same-named input fields: it is what skips and
    # results point back to, and a stale copy from an earlier export would mislead.
    metadata = {**extra, "source": source.name, "line": line}
    return Document(id=doc_id, text=text, metadata=metadata)
