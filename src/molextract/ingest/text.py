"""Plain text (``.txt``): one document per file, as papers converted one by one arrive."""

from __future__ import annotations

from collections.abc import Iterator

from molextract.ingest.base import SkipHandler, Skipped, Source
from molextract.ingest.document import Document
from molextract.ingest.lines import (
    GZIP_ERRORS,
    MAX_LINE_BYTES,
    MIB,
    UTF8_BOM,
    SkipFile,
    invalid_utf8_reason,
    open_bytes,
    read_error_reason,
)

#: The whole file becomes one document held in memory, so its size is bounded.
MAX_TEXT_BYTES = MAX_LINE_BYTES


def read_text(source: Source, on_skip: SkipHandler) -> Iterator[Document]:
    try:
        with open_bytes(source) as stream:
            raw = stream.read(MAX_TEXT_BYTES + 1)
    except (SkipFile, *GZIP_ERRORS, OSError) as exc:
        on_skip(Skipped(source.name, None, read_error_reason(exc)))
        return
    if len(raw) > MAX_TEXT_BYTES:
        reason = f"file is larger than {MAX_TEXT_BYTES // MIB} MiB; the file is skipped"
        on_skip(Skipped(source.name, None, reason))
        return
    raw = raw.removeprefix(UTF8_BOM)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        reason = f"{invalid_utf8_reason(exc)}; the file is skipped"
        on_skip(Skipped(source.name, line, reason))
        return
    if not text.strip():
        on_skip(Skipped(source.name, None, "empty file"))
        return
    # No "line": the document is the whole file.
    yield Document(id=source.id_base, text=text, metadata={"source": source.name})
