"""JSON Lines (``.jsonl``/``.ndjson``): the usual shape of a literature dump."""

from __future__ import annotations

import json
from collections.abc import Iterator

from molextract.ingest.base import SkipHandler, Skipped, Source
from molextract.ingest.document import Document
from molextract.ingest.lines import invalid_utf8_reason, iter_lines
from molextract.ingest.records import (
    BadRecord,
    default_id,
    explicit_id,
    json_type,
    make_document,
    require_text,
)


def read_jsonl(source: Source, on_skip: SkipHandler) -> Iterator[Document]:
    for line_no, raw in iter_lines(source, on_skip):
        try:
            document = _parse_line(source, line_no, raw)
        except BadRecord as exc:
            on_skip(Skipped(source.name, line_no, str(exc)))
            continue
        if document is not None:
            yield document


def _parse_line(source: Source, line_no: int, raw: bytes) -> Document | None:
    if not raw.strip():
        return None  # blank lines, often a trailing one, are not records
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadRecord(invalid_utf8_reason(exc)) from None
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise BadRecord(f"not valid JSON ({exc.msg}: column {exc.colno})") from None
    except RecursionError:
        raise BadRecord("not valid JSON (nested too deeply)") from None
    if not isinstance(record, dict):
        raise BadRecord(f"not a JSON object (got {json_type(record)})")
    if "text" not in record:
        raise BadRecord("missing 'text' field")
    text = require_text(record.pop("text"))
    doc_id = explicit_id(record.pop("id")) if "id" in record else default_id(source, line_no)
    return make_document(source, line_no, text, doc_id, record)
