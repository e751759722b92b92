"""CSV with a header row: how spreadsheet and database exports arrive.

Line numbers are physical lines, header included, so they match what an editor shows;
a record with a quoted multi-line field is numbered by the line it starts on.
"""

from __future__ import annotations

import csv
from collections.abc import Generator, Iterator
from contextlib import closing
from dataclasses import dataclass

from molextract.ingest.base import SkipHandler, Skipped, Source
from molextract.ingest.document import Document
from molextract.ingest.lines import MAX_LINE_BYTES, invalid_utf8_reason, iter_lines
from molextract.ingest.records import BadRecord, default_id, make_document, require_text

#: csv's 128 KiB default rejects a full paper in one cell; a bound is still kept because an
#: unclosed quote would otherwise swallow the rest of the file into one field.
MAX_FIELD_CHARS = MAX_LINE_BYTES


def read_csv(source: Source, on_skip: SkipHandler) -> Iterator[Document]:
    _raise_field_size_limit()
    columns: _Columns | None = None
    with closing(_rows(source, on_skip)) as rows:
        for line_no, row, problem in rows:
            try:
                if problem is not None:
                    raise BadRecord(problem)
                if columns is None:
                    columns = _Columns.from_header(row)
                    continue
                document = columns.document(source, line_no, row)
            except BadRecord as exc:
                if columns is None:
                    # Without a usable header no row can be read correctly.
                    reason = f"header: {exc}; the file is skipped"
                    on_skip(Skipped(source.name, line_no, reason))
                    return
                on_skip(Skipped(source.name, line_no, str(exc)))
                continue
            yield document


@dataclass(frozen=True)
class _Columns:
    names: list[str]
    text: int
    id: int | None

    @classmethod
    def from_header(cls, header: list[str]) -> _Columns:
        normalised = [name.strip().lower() for name in header]
        text = _only(normalised, "text")
        if text is None:
            raise BadRecord(f"no 'text' column (columns: {', '.join(header)})")
        return cls(header, text, _only(normalised, "id"))

    def document(self, source: Source, line_no: int, row: list[str]) -> Document:
        if len(row) != len(self.names):
            raise BadRecord(f"row has {len(row)} fields but the header has {len(self.names)}")
        text = require_text(row[self.text])
        given_id = "" if self.id is None else row[self.id]
        # An empty cell is how CSV says "no value", so it means "no id", not a bad id.
        doc_id = given_id if given_id.strip() else default_id(source, line_no)
        extra = {
            name: value
            for index, (name, value) in enumerate(zip(self.names, row, strict=True))
            if index not in (self.text, self.id)
        }
        return make_document(source, line_no, text, doc_id, extra)


def _only(names: list[str], wanted: str) -> int | None:
    found = [index for index, name in enumerate(names) if name == wanted]
    if len(found) > 1:
        raise BadRecord(f"more than one '{wanted}' column")
    return found[0] if found else None


def _rows(source: Source, on_skip: SkipHandler) -> Generator[tuple[int, list[str], str | None]]:
    """Yield ``(first line, fields, problem)`` for every non-blank record.

    A problem is passed on rather than reported so the caller can tell a bad header
    (skip the file) from a bad row (skip the row).
    """
    bad_lines: list[tuple[int, str]] = []
    lines = _decoded_lines(source, on_skip, bad_lines)
    reader = csv.reader(lines)
    start = 1
    try:
        while True:
            problem: str | None = None
            try:
                row = next(reader)
            except StopIteration:
                return
            except csv.Error as exc:
                row, problem = [], f"not valid CSV ({exc})"
            line_no, start = start, reader.line_num + 1
            if bad_lines:
                bad_line, reason = bad_lines[0]
                problem = reason if bad_line == line_no else f"{reason} on line {bad_line}"
                bad_lines.clear()
            if row or problem is not None:
                yield line_no, row, problem
    finally:
        lines.close()


def _decoded_lines(
    source: Source, on_skip: SkipHandler, bad_lines: list[tuple[int, str]]
) -> Generator[str]:
    """Decode line by line; a bad line is noted and replaced so csv still sees where
    the record ends, and the record containing it is then dropped."""
    for line_no, raw in iter_lines(source, on_skip):
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            bad_lines.append((line_no, invalid_utf8_reason(exc)))
            yield raw.decode("utf-8", errors="replace")


def _raise_field_size_limit() -> None:
    # The limit is process-wide; only ever raise it, so a caller's larger limit stands.
    if csv.field_size_limit() < MAX_FIELD_CHARS:
        csv.field_size_limit(MAX_FIELD_CHARS)
