"""Tables copied one cell per line, as a journal's own table page gives them up.

A table page of nature.com (Scientific Reports), Hindawi or Springer copied as text keeps
no row on a line of its own: every cell is a line, usually with a blank line between,
the header's cells first and then the rows' cells in reading order::

    Table 1 Optimization of reaction conditions …
    Entry ⏎ Cat. Au (mol%) ⏎ Solvent ⏎ t (h) ⏎ Yield (%)
    1 ⏎ 0.06 ⏎ H2O ⏎ 2 ⏎ 50
    2 ⏎ 0.1 ⏎ H2O ⏎ 2 ⏎ 65

Nothing but the count of header cells and the entry numbers says where a row ends, so
such a block is read only when it is plainly a table: under a ``Table N`` caption, a
header of a few short cells one of which names a property or a unit, then rows that
open with the entry numbers 1, 2, 3, … A row is the header's width of cells when the
next entry number stands there; a row the page printed with blank cells left out (a
run without catalyst: ``13 ⏎ H2O ⏎ 2 ⏎ NaBH4 ⏎ 0b``) ends where the next number stands,
and its cells are put under the columns their kinds fit, the gap after the entry number
when several places fit (the cells a run leaves out are its conditions, not its
results).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from molextract.extraction.spaced_tables import GLUED_NOTE, line_spans
from molextract.ingest.tables import Footnote, Span, Table

#: A caption opening the copy: ``Table 1 Optimization …``, ``Table 3.``.
_CAPTION = re.compile(r"\s*(Table\s+\d+[A-Z]?)\b[.:]?", re.IGNORECASE)
#: Lines a table page prints between the caption and the header.
_CHROME = re.compile(
    r"\s*(?:From:|View (?:full size )?(?:image|table)|Full size (?:image|table)|"
    r"graphic file with name|Open in a new tab|!\[)",
    re.IGNORECASE,
)
#: An entry number opening a row, maybe with a note's letter: ``13``, ``5c``.
_ENTRY = re.compile(r"(\d{1,3})(?:[a-h]|[*†‡§¶])?")
#: A product's label opening a row, its series the number: ``4a`` (series 4), ``12b``.
_SERIES_LABEL = re.compile(r"(\d{1,3})[a-z]{1,2}['′]?")
#: A header cell that names a property or a unit: what makes the block worth reading.
_PROPERTY_HEAD = re.compile(
    r"yield|\bm\.?\s?p\b|\bb\.?\s?p\b|°C|\blog\s?[PD]\b|solubility|density|%|\bT\s?m\b",
    re.IGNORECASE,
)
#: A numbered note under the table, maybe opening with a cell's letter glued on:
#: ``1. Reaction conditions: …``, ``3. aReaction performed …``.
_NUMBERED_NOTE = re.compile(rf"\s*(\d{{1,2}})\.\s+(?:{GLUED_NOTE.pattern})?")
_LETTERED_NOTE = re.compile(r"\s*([a-h]|[*†‡§¶])(?:\s+|(?=[A-Z][a-z]))(?=\S)")
_NUMBER = re.compile(r"[<>≤≥~]?[-−–]?\d[\d.,]*(?:\s*[-–—−]\s*\d[\d.,]*)?(?:[a-h]|[*†‡§¶])?")

_MAX_HEADER = 14
_MAX_HEADER_CELL = 60
_MAX_CELL = 80


def stacked_tables(text: str, taken: Sequence[tuple[int, int]], first_index: int) -> list[Table]:
    """The one-cell-per-line tables of ``text`` outside the spans other readers
    ``taken``, numbered from ``first_index``."""
    items = [
        _stripped(text, start, end)
        for start, end in line_spans(text)
        if text[start:end].strip() and not any(a <= start < b for a, b in taken)
    ]
    tables: list[Table] = []
    i = 0
    while i < len(items):
        if not _CAPTION.match(items[i].text):
            i += 1
            continue
        found = _table_at(text, items, i, first_index + len(tables))
        if found is None:
            i += 1
            continue
        table, i = found
        tables.append(table)
    return tables


def _table_at(text: str, items: list[Span], at: int, index: int) -> tuple[Table, int] | None:
    caption = items[at]
    q = at + 1
    if _CAPTION.fullmatch(caption.text) and q < len(items):
        # "Table 3" on a line of its own: the caption's words are the next line
        caption = Span(text[caption.start : items[q].end], caption.start, items[q].end)
        q += 1
    while q < len(items) and q - at <= 4 and _CHROME.match(items[q].text):
        q += 1
    header: list[Span] = []
    while (
        q < len(items)
        and len(header) <= _MAX_HEADER
        and _entry_number(items[q]) != 1
        and not _SERIES_LABEL.fullmatch(items[q].text)
    ):
        if len(items[q].text) > _MAX_HEADER_CELL or _NUMBER.fullmatch(items[q].text):
            return None
        if _CHROME.match(items[q].text):
            q += 1
            continue
        header.append(items[q])
        q += 1
    width = len(header)
    if q >= len(items) or width < 3 or width > _MAX_HEADER:
        return None
    if not any(_PROPERTY_HEAD.search(cell.text) for cell in header):
        return None
    if _SERIES_LABEL.fullmatch(items[q].text):
        return _labelled(items, q, width, caption, header, index)
    rows, _ = _rows(items, q, width)
    full = [row for row in rows if len(row) == width]
    if len(rows) < 3 or len(full) < 2:
        return None
    kinds = [Counter(_kind(row[c].text) for row in full).most_common(1)[0][0] for c in range(width)]
    rows, q = _rows(items, q, width, kinds)
    grid = [row if len(row) == width else _placed(row, width, kinds) for row in rows]
    notes, q = _notes(items, q)
    label = _CAPTION.match(caption.text)
    name = label.group(1) if label else f"Table {index + 1}"
    return Table(index, name, caption, [header, *grid], 1, notes), q


def _labelled(
    items: list[Span], q: int, width: int, caption: Span, header: list[Span], index: int
) -> tuple[Table, int] | None:
    """A table whose rows open with the products' labels (``4a``, ``4b``, …) instead of
    entry numbers: rows of the header's width, as long as each opens with a label of
    the same series; a row printed short can't be told here, so none is guessed."""
    stem = _SERIES_LABEL.fullmatch(items[q].text)
    assert stem is not None
    rows: list[list[Span]] = []
    while q + width <= len(items):
        first = _SERIES_LABEL.fullmatch(items[q].text)
        row = items[q : q + width]
        if first is None or first.group(1) != stem.group(1):
            break
        if not all(_cell_like(cell) for cell in row):
            break
        rows.append(row)
        q += width
    if len(rows) < 3:
        return None
    notes, q = _notes(items, q)
    label = _CAPTION.match(caption.text)
    name = label.group(1) if label else f"Table {index + 1}"
    return Table(index, name, caption, [header, *rows], 1, notes), q


def _rows(
    items: list[Span], q: int, width: int, kinds: list[str] | None = None
) -> tuple[list[list[Span]], int]:
    """Rows from item ``q`` on, each opening with the next entry number. Where the next
    number stands both at the header's width and nearer (a run's loading of ``5`` before
    entry 5), the row whose cells fit the columns' ``kinds`` better is taken, the full
    one on a tie."""
    rows: list[list[Span]] = []
    n = 1
    while q < len(items) and _entry_number(items[q]) == n:
        ends = [
            j
            for j in range(q + 2, min(q + width, len(items) - 1) + 1)
            if _entry_number(items[j]) == n + 1
        ]
        if ends and kinds is not None:
            stop = min(reversed(ends), key=lambda j: _misfits(items[q:j], width, kinds))
        elif ends:
            stop = ends[-1]
        else:  # the last row: its width, or up to the notes
            stop = q + 1
            while stop < min(q + width, len(items)) and _cell_like(items[stop]):
                stop += 1
        row = items[q:stop]
        if len(row) < 2 or not all(_cell_like(cell) for cell in row):
            break
        rows.append(row)
        q = stop
        n += 1
    return rows, q


def _misfits(row: list[Span], width: int, kinds: list[str]) -> int:
    placed = row if len(row) == width else _placed(row, width, kinds)
    return sum(1 for c, cell in enumerate(placed) if cell.text and _kind(cell.text) != kinds[c])


def _placed(row: list[Span], width: int, kinds: list[str]) -> list[Span]:
    """A short row under the columns its cells' kinds fit best, the gap nearest the
    entry number on a tie."""
    missing = width - len(row)
    best: list[Span] | None = None
    best_misfits = width + 1
    for gap in range(1, len(row) + 1):
        at = row[gap - 1].end
        placed = row[:gap] + [Span("", at, at) for _ in range(missing)] + row[gap:]
        misfits = sum(
            1 for c, cell in enumerate(placed) if cell.text and _kind(cell.text) != kinds[c]
        )
        if misfits < best_misfits:
            best, best_misfits = placed, misfits
    assert best is not None
    return best


def _notes(items: list[Span], q: int) -> tuple[list[Footnote], int]:
    """The notes under the rows: numbered (``1. Reaction conditions …``, the letter a
    cell carries glued on: ``3. aReaction performed …``) or lettered (``a Isolated``)."""
    notes: list[Footnote] = []
    while q < len(items):
        line = items[q]
        numbered = _NUMBERED_NOTE.match(line.text)
        lettered = _LETTERED_NOTE.match(line.text)
        if numbered is not None:
            notes.append(Footnote(numbered.group(2) or numbered.group(1), line))
        elif lettered is not None and len(line.text) > 3:
            notes.append(Footnote(lettered.group(1), line))
        else:
            break
        q += 1
    return notes, q


def _entry_number(item: Span) -> int | None:
    m = _ENTRY.fullmatch(item.text)
    return int(m.group(1)) if m else None


def _cell_like(item: Span) -> bool:
    return len(item.text) <= _MAX_CELL and not _NUMBERED_NOTE.match(item.text)


def _kind(text: str) -> str:
    return "number" if _NUMBER.fullmatch(text) else "text"


def _stripped(text: str, start: int, end: int) -> Span:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return Span(text[start:end], start, end)
