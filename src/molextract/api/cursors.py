"""Page cursors of the job API: their declared forms, and the results cursor's codec.

Cursors are positions, so that every string of the declared form is a valid one: a
job list cursor is ``<microseconds since 1970>-<job id>`` of the last job seen (the
store encodes and decodes it, since it is a position in its own ordering), a
results cursor the id of the last record seen. The forms are declared once here
for the query parameters and the ``next_cursor`` fields alike, so what a page
hands out is always what the next request may send.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

from molextract.store import InvalidCursor

JOB_CURSOR_PATTERN = r"^[0-9]{1,16}-[0-9a-f]{32}$"
RECORD_CURSOR_PATTERN = r"^[0-9]{1,18}$"
MAX_RECORD_ID = 2**63 - 1  # a larger cursor would overflow PostgreSQL's BIGINT comparison

_CURSOR_HELP = (
    "The `next_cursor` of the previous page, unchanged; omit it for the first page. "
    "Any string of this form is a position ({form}); any other form is 422."
)
JobCursor = Annotated[
    str | None,
    Query(
        max_length=49,
        pattern=JOB_CURSOR_PATTERN,
        description=_CURSOR_HELP.format(
            form="`<microseconds since 1970>-<job id>`: jobs created before it"
        ),
    ),
]
RecordCursor = Annotated[
    str | None,
    Query(
        max_length=18,
        pattern=RECORD_CURSOR_PATTERN,
        description=_CURSOR_HELP.format(form="a record id: the records after it"),
    ),
]


def encode_record_cursor(record_id: int | None) -> str | None:
    return None if record_id is None else str(record_id)


def decode_record_cursor(cursor: str | None) -> int | None:
    """The record id a results cursor names.

    The declared pattern (18 digits at most) already keeps it within PostgreSQL's
    BIGINT; the codec checks on its own so that it never depends on where it is called.
    """
    if cursor is None:
        return None
    if not (cursor.isascii() and cursor.isdigit()) or int(cursor) > MAX_RECORD_ID:
        raise InvalidCursor(f"invalid results cursor {cursor!r}")
    return int(cursor)
