"""Converting any supported input into the JSONL documents the rest of molextract reads.

Parsing a PubMed or USPTO dump is much slower than reading JSONL, and the same dump is
often extracted more than once (another schema, another model), so it is worth
converting once. The output is what the JSONL reader reads back: same ids, same texts.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from molextract.ingest.base import SkipHandler
from molextract.ingest.document import Document
from molextract.ingest.stream import read_documents

#: Fields the JSONL reader takes as the document itself; metadata cannot replace them.
_RESERVED = ("id", "text")


def write_jsonl(
    paths: Sequence[Path],
    out: TextIO | None,
    on_skip: SkipHandler,
    on_document: Callable[[Document], None] | None = None,
) -> int:
    """Write one JSON object per document to ``out`` and return how many were written.

    Each line is ``{"id", "text", ...metadata}``. Metadata keeps ``source`` and ``line``,
    so a converted document still says where it came from; note that reading the JSONL
    back gives them the JSONL's own location, as it does for any record. Problems with
    the inputs go to ``on_skip``, as they do when reading for extraction.
    ``on_document`` sees each document as it is written (``ingest --tables`` shows its
    tables), in the same single pass; with ``out`` None nothing is written.
    """
    count = 0
    for document in read_documents(paths, on_skip):
        if on_document is not None:
            on_document(document)
        count += 1
        if out is None:
            continue
        record: dict[str, Any] = {"id": document.id, "text": document.text}
        record.update(
            (key, value) for key, value in document.metadata.items() if key not in _RESERVED
        )
        _write(out, record)
    return count


def _write(out: TextIO, record: dict[str, Any]) -> None:
    try:
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
    except UnicodeEncodeError:
        # A lone surrogate (from a "\ud800" escape in JSON input), or an output encoding
        # narrower than the text: escaped as \uXXXX, the line reads back the same.
        # Text streams encode a whole write before any of it goes out, so nothing is
        # half-written.
        out.write(json.dumps(record) + "\n")
