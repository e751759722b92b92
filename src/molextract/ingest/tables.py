"""Tables kept as structure beside the text they are printed in.

Every reader renders a table into the document text as lines of ``" | "``-separated
cells (what the text path and ``molextract ingest`` show). A ``Table`` records where
each cell of that rendering is, as a grid: spanning cells are resolved so every
column has a header path (``Yield (%) › 3a``) and every body row a cell in every
column. Offsets point into the document text, so a table record's evidence is as
exact as a running-text one, and the text path can tell which spans are tables.

A table travels in ``Document.metadata["tables"]`` as plain JSON (offsets only; the
text of a cell is ``text[start:end]``), because metadata crosses process and network
boundaries (Celery, the job API) as JSON.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: Between the cells of a rendered row, as every reader writes it.
CELL_SEPARATOR = " | "
#: Between the parts of a column's header path, top row first.
HEADER_PATH_SEPARATOR = " › "

#: A header naming its compound after "of" (``Yield of hexane``) whose name a narrow
#: column broke onto the next header row (``1,6-diisocyanate``, ``acid``).
_NAME_OF_AT_END = re.compile(r"\bof(?:\s+[A-Za-z][\w,()\[\]′'-]*)?$")
NAME_GOES_ON = re.compile(r"\d+(?:,\s?\d+)*-[a-z]{3,}|(?!(?:mol|wt|vol|based)\b)[a-z]{3,}")


@dataclass(frozen=True, slots=True)
class Span:
    """A piece of the document text: ``text == document_text[start:end]``."""

    text: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Footnote:
    """``a Isolated yields``: the marker the cells carry, and the note."""

    marker: str
    span: Span


@dataclass(frozen=True, slots=True)
class Table:
    """One table: ``rows`` is a full grid (``header_rows`` of them first); a cell that
    spans rows or columns appears in every position it covers, and a position no cell
    covers is an empty span at the end of its row's line."""

    index: int
    label: str
    caption: Span | None
    rows: list[list[Span]]
    header_rows: int
    footnotes: list[Footnote] = field(default_factory=list)

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    @property
    def header(self) -> list[list[Span]]:
        return self.rows[: self.header_rows]

    @property
    def body(self) -> list[list[Span]]:
        return self.rows[self.header_rows :]

    @property
    def start(self) -> int:
        first = [self.caption.start] if self.caption else []
        return min([*first, *(cell.start for row in self.rows for cell in row)])

    @property
    def end(self) -> int:
        ends = [cell.end for row in self.rows for cell in row]
        ends += [note.span.end for note in self.footnotes]
        if self.caption:
            ends.append(self.caption.end)
        return max(ends)

    def column_path(self, column: int) -> list[str]:
        """The distinct header texts above ``column``, top row first: a cell spanning
        several columns heads each of them once, and a word a narrow column broke at a
        hyphen is one word again (``Rela-`` over ``tive``)."""
        path: list[str] = []
        for r, row in enumerate(self.header):
            text = row[column].text or self._spanned_from_left(r, column)
            if path and re.search(r"[a-z]{2}-$", path[-1]) and re.match(r"[a-z]{2}", text):
                path[-1] = path[-1][:-1] + text
            elif path and _NAME_OF_AT_END.search(path[-1]) and NAME_GOES_ON.match(text):
                path[-1] = f"{path[-1]} {text}"
            elif text and (not path or path[-1] != text):
                path.append(text)
        return path

    def _spanned_from_left(self, r: int, column: int) -> str:
        """A group header a flattened table prints only over the first column it spans:
        ``Yield (%)`` over ``A``, nothing over ``B``, ``C``: the products' columns under
        one spanning cell, which a run of series members in the row below shows."""
        if r + 1 >= self.header_rows:
            return ""
        row, below = self.rows[r], self.rows[r + 1]
        c = column
        while c >= 0 and not row[c].text:
            if not _SERIES_MEMBER.fullmatch(below[c].text.strip()):
                return ""
            c -= 1
        if c < 0 or c == column or not _SERIES_MEMBER.fullmatch(below[c].text.strip()):
            return ""
        return row[c].text

    def column_header(self, column: int) -> str:
        return HEADER_PATH_SEPARATOR.join(self.column_path(column))

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "label": self.label,
            "caption": _span_json(self.caption),
            "header_rows": self.header_rows,
            "rows": [[[c.start, c.end] for c in row] for row in self.rows],
            "footnotes": [[n.marker, n.span.start, n.span.end] for n in self.footnotes],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], text: str) -> Table:
        def span(pair: Sequence[int]) -> Span:
            start, end = int(pair[0]), int(pair[1])
            return Span(text[start:end], start, end)

        caption = data.get("caption")
        return cls(
            index=int(data["index"]),
            label=str(data.get("label") or ""),
            caption=None if caption is None else span(caption),
            rows=[[span(cell) for cell in row] for row in data["rows"]],
            header_rows=int(data.get("header_rows", 0)),
            footnotes=[Footnote(str(m), span((s, e))) for m, s, e in data.get("footnotes", [])],
        )


#: A column of a series under a spanning header: product ``A``, label ``3b``, number ``2``.
_SERIES_MEMBER = re.compile(r"[A-H]|\(?\d{1,3}[a-z]{0,2}['′]?\)?")


def _span_json(span: Span | None) -> list[int] | None:
    return None if span is None else [span.start, span.end]


def document_tables(metadata: Mapping[str, Any], text: str) -> list[Table]:
    """The tables a reader kept, read back from a document's metadata."""
    raw = metadata.get("tables")
    if not isinstance(raw, list):
        return []
    tables = []
    for item in raw:
        # metadata may come from a user's JSONL or the API: a malformed table is
        # left out (its text is still read as text), never a failed document
        try:
            table = Table.from_json(item, text)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            continue
        if _well_formed(table, len(text)):
            tables.append(table)
    return tables


def _well_formed(table: Table, length: int) -> bool:
    spans = [cell for row in table.rows for cell in row]
    spans += [note.span for note in table.footnotes]
    if table.caption is not None:
        spans.append(table.caption)
    widths = {len(row) for row in table.rows}
    return (
        bool(table.rows)
        and len(widths) == 1
        and 0 <= table.header_rows <= len(table.rows)
        and all(0 <= span.start <= span.end <= length for span in spans)
    )


@dataclass(frozen=True, slots=True)
class SourceCell:
    """A cell as markup gives it, before it is placed on the grid."""

    text: str
    row_span: int = 1
    col_span: int = 1
    header: bool = False


def render_row(cells: Sequence[str]) -> tuple[str, list[tuple[int, int]]]:
    """A row's line and each cell's span in it: the line is exactly
    ``" ".join(CELL_SEPARATOR.join(cells).split())``, what readers have always
    written, and an empty cell is an empty span where it would stand."""
    raw = CELL_SEPARATOR.join(cells)
    # Map every raw position to its position in the collapsed line.
    positions: list[int] = []
    out: list[str] = []
    pending_space = False
    for char in raw:
        if char.isspace():
            pending_space = bool(out)
            positions.append(len(out))
            continue
        if pending_space:
            out.append(" ")
            pending_space = False
        positions.append(len(out))
        out.append(char)
    positions.append(len(out))
    line = "".join(out)
    spans = []
    at = 0
    for cell in cells:
        start, end = positions[at], positions[at + len(cell)]
        spans.append((min(start, len(line)), min(max(end, start), len(line))))
        at += len(cell) + len(CELL_SEPARATOR)
    return line, spans


def lay_out(rows: Sequence[Sequence[SourceCell]]) -> list[list[int | None]]:
    """Each grid position's source cell, as ``(row, index in row)`` flattened to the
    index into ``[cell for row in rows for cell in row]``; rowspans and colspans
    resolved as HTML does. Positions no cell covers are None."""
    grid: dict[tuple[int, int], int] = {}
    flat = 0
    width = 0
    for r, row in enumerate(rows):
        column = 0
        for cell in row:
            while (r, column) in grid:
                column += 1
            for dr in range(max(1, cell.row_span)):
                if r + dr >= len(rows):
                    break
                for dc in range(max(1, cell.col_span)):
                    grid.setdefault((r + dr, column + dc), flat)
            column += max(1, cell.col_span)
            width = max(width, column)
            flat += 1
    return [[grid.get((r, c)) for c in range(width)] for r in range(len(rows))]


#: A cell that states a value: it starts with a number (or a sign or bound before one).
#: A cell that starts with a number, not a name's locants (``1,6-diisocyanate``).
#: A cell that starts with a number: not a name's locant (``1-Methyl…``) nor a nucleus
#: (``1H-NMR``, ``13C NMR``), which open headers.
_VALUE_CELL = re.compile(
    r"^\s*[<>≤≥~±+\-−–]?\s*\.?\d(?!(?:[\d,′']*)-[A-Za-z]{3,})(?!\d?[A-Z][a-z]?[\s-]*NMR)"
)


def guess_header_rows(rows: Sequence[Sequence[str]]) -> int:
    """Header rows of a table printed without markup for them: the leading rows in
    which no cell but the first starts with a number, at most three, never all rows.

    A patent's narrow columns break their headers over many lines (``Yield of
    isocyanate › (mol%) (molar › yield versus …``): past three, such rows count too
    while every one has several cells of words and rows of values follow."""
    count = 0
    for k, row in enumerate(rows[: min(_DEEP_HEADER, len(rows) - 1)]):
        numbers_named = _series_labels(row) or _label_runs(row) or _units(row) or _stub_row(row)
        if not any(row) or (_has_values(row) and not numbers_named):
            break
        if k and _numbered_rows(rows[k:]):
            break  # "1 | CH3 | H | m.p. 120-122° C.": numbered rows of words
        if k and _group_row(row) and k + 1 < len(rows) and _has_values(rows[k + 1]):
            break  # "Aryl alkynes" alone over rows of values: the first group's name
        if count >= 3 and sum(1 for cell in row if cell) < 2:
            break
        count += 1
    if count > 3 and (count >= len(rows) or not _has_values(rows[count])):
        return 3
    return count


def _group_row(row: Sequence[str]) -> bool:
    """Only the first cell holds words: a row that names the group of rows under it."""
    return bool(row) and bool(row[0].strip()) and not any(cell.strip() for cell in row[1:])


def _numbered_rows(rows: Sequence[Sequence[str]]) -> bool:
    """The rows start a numbered list (``1``, ``2``, … or ``12a``, ``12b``): a table's
    body of compounds, whatever words their cells hold, no header."""
    firsts = [row[0].strip() for row in rows[:3] if row]
    return len(firsts) >= 2 and all(_ROW_NUMBER.fullmatch(first) for first in firsts)


#: (a patent's series numbers too: ``I-1``, ``A-12``, ``1.001``, ``2-15``)
_ROW_NUMBER = re.compile(r"(?:[A-Z]{1,3}\s?[-.]\s?)?\d{1,4}(?:[-.]\d{1,4})?[a-z]?\.?")

#: The most header rows a table without markup is read with.
_DEEP_HEADER = 12


def _has_values(row: Sequence[str]) -> bool:
    return any(
        (_VALUE_CELL.match(cell) or _ABBREVIATED_VALUE.match(cell))
        and not _SERIES_YIELD.match(cell)
        for cell in row[1:]
    )


#: A value after a short abbreviation of what it is, as a patent's ``Physical data``
#: column prints them (``m.p. 52-54 °C``, ``b.p. 220° C.``, ``Fp.: 88 °C``): a row of
#: data, though no cell starts with a number. A header never holds a temperature.
_ABBREVIATED_VALUE = re.compile(
    r"^\s*[A-Za-z][A-Za-z.]{0,5}\s*[:=]?\s*[<>≤≥~]?\s*[-−]?\d+(?:[.,]\d+)?"
    r"(?:\s*[-–]\s*\d+(?:[.,]\d+)?)?\s*°"
)


#: A header over a series' yields, its number first: ``7, yield (%)`` over ``7a, 85``.
_SERIES_YIELD = re.compile(r"\s*\d{1,3}\s*,\s*(?:isolated\s+)?yields?\b", re.IGNORECASE)


_LABEL_IN_HEADER = re.compile(r"\s*\d{1,3}[a-z]{1,2}['′]?\s*(?:\(\s*%\s*\))?\s*")


def _series_labels(row: Sequence[str]) -> bool:
    """``Entry | Solvent | 2a | 2b``: the products' labels under a spanning ``Yield
    (%)``, a header row though its cells start with digits; two labels at least, and
    no cell that states a value."""
    numbered = [cell for cell in row[1:] if _VALUE_CELL.match(cell)]
    labels = [cell for cell in numbered if _LABEL_IN_HEADER.fullmatch(cell)]
    return len(labels) >= 2 and len(labels) == len(numbered)


#: A run of one series' labels: ``4a-k``, ``3a–3l`` (``Yield of`` over it); the table
#: reader names each row's member from it.
LABEL_RUN = re.compile(r"(?P<base>\d{1,3})(?P<first>[a-z])\s*[-–−]\s*(?P=base)?(?P<last>[a-z])")
_LABEL_RUN_CELL = re.compile(rf"\s*(?:{LABEL_RUN.pattern})\s*(?:\(\s*%\s*\))?\s*")


def _label_runs(row: Sequence[str]) -> bool:
    """``| | Yield of`` over ``| | 4a-k``: a row whose numbered cells are all runs of
    product labels is the header's next line, not a row of values."""
    numbered = [cell for cell in row[1:] if _VALUE_CELL.match(cell)]
    return bool(numbered) and all(_LABEL_RUN_CELL.fullmatch(cell) for cell in numbered)


def _stub_row(row: Sequence[str]) -> bool:
    """``entrya | (mol%) | 1 | 2 | oxidant | solvent``: a row opened by the stub
    column's own word is a header row, and its bare small numbers number the additives
    or reagents of the spanning header above them."""
    stub = re.sub(r"(?<=[a-z])[a-h]$", "", row[0].strip()) if row else ""
    if not stub or not _STUB_WORD.fullmatch(stub):
        return False
    numbers = [cell for cell in row[1:] if _VALUE_CELL.match(cell)]
    words = [cell for cell in row[1:] if cell.strip() and cell not in numbers]
    return bool(words) and all(re.fullmatch(r"\s*\d{1,3}\s*", cell) for cell in numbers)


def _units(row: Sequence[str]) -> bool:
    """`` | 40°C | 100°C | (°C) | (g/cm3)``: the units of the columns above, and the
    temperatures a property was measured at, as a header row of their own (no stub,
    no bare number, one bracketed unit at least)."""
    cells = [cell.strip() for cell in row[1:] if cell.strip()]
    return (
        not row[0].strip()
        and any(_UNIT_CELL.fullmatch(cell) for cell in cells)
        and all(_UNIT_CELL.fullmatch(cell) or _AT_TEMPERATURE.fullmatch(cell) for cell in cells)
    )


_UNIT_CELL = re.compile(r"\([^()]*[^\d\s.,()][^()]*\)|\[[^\[\]]*[^\d\s.,\[\]][^\[\]]*\]")
_AT_TEMPERATURE = re.compile(r"(?:at\s+)?[-−]?\d+(?:\.\d+)?\s*°\s*[CF]\.?|\d+(?:\.\d+)?\s*K")


#: A stub column's own header word: a row holding only it heads a column, not a table.
_STUB_WORD = re.compile(
    r"(?:compounds?|entry|entries|examples?|ex\.?|products?|substrates?|samples?|runs?|"
    r"no\.?|number|ligands?|catalysts?)\b",
    re.IGNORECASE,
)


_TABLE_NUMBER = re.compile(r"\s*table\s+[\w.-]+\s*[.:]?\s*", re.IGNORECASE)


def title_rows(rows: Sequence[Sequence[str]]) -> int:
    """Leading rows that print the table's number and title (``TABLE 4``, ``Effect of
    temperature on propylene conversion``) as rows of the table: one text each, in the
    first column or spread over all of them, above the rows that carry the columns'
    headers. They are the table's caption; taken as header rows they would push the
    real header into the body and put the title over every column."""
    width = max((len(row) for row in rows), default=0)
    count = 0
    for row in rows:
        texts = [cell for cell in row if cell]
        if width < 2 or len(rows) - count < 3 or not texts:
            break
        spread = len(texts) == len(row) and len(set(texts)) == 1
        number = len(texts) == 1 and _TABLE_NUMBER.fullmatch(texts[0])  # set off by a column
        if not (spread or number or (len(texts) == 1 and row[0])):
            break
        if (_STUB_WORD.match(texts[0]) and len(texts[0].split()) <= 3) or _VALUE_CELL.match(
            texts[0]
        ):
            break
        count += 1
    return count


class TableRecorder:
    """Builds one table's text lines and its ``Table``, given where the lines will start.

    Readers call ``lines()`` to get the lines to hand their text builder (rows with no
    text dropped, as always), then ``table()`` with the offset the builder put them at.
    """

    def __init__(self, rows: Sequence[Sequence[SourceCell]], header_rows: int | None = None):
        kept = [row for row in rows if any(cell.text for cell in row)]
        self._rows = kept
        self._layout = lay_out(kept)
        texts = [[cell.text for cell in row] for row in kept]
        # Columns empty in every row (indentation columns) are left out of the lines.
        width = max((len(row) for row in texts), default=0)
        shown = [i for i in range(width) if any(i < len(row) and row[i] for row in texts)]
        self._titles = 0
        if header_rows is None:
            self._titles = title_rows([[row[i] for i in shown if i < len(row)] for row in texts])
            header_rows = _marked_header_rows(kept[self._titles :])
            if header_rows == 0:
                header_rows = guess_header_rows(texts[self._titles :])
        self._header_rows = min(header_rows, max(0, len(kept) - self._titles - 1))
        self._lines: list[str] = []
        self._spans: list[list[tuple[int, int] | None]] = []
        for row in texts:
            cells = [row[i] if i < len(row) else "" for i in shown]
            while cells and not cells[-1]:
                cells.pop()
            line, spans = render_row(cells)
            self._lines.append(line)
            by_index: list[tuple[int, int] | None] = [None] * len(row)
            for i, span in zip(shown, spans, strict=False):
                if i < len(row):
                    by_index[i] = span
            self._spans.append(by_index)

    @property
    def lines(self) -> list[str]:
        return self._lines

    @property
    def title_lines(self) -> list[str]:
        """The lines of the rows that print the table's number and title."""
        return self._lines[: self._titles]

    def table(
        self,
        start: int,
        *,
        index: int,
        label: str = "",
        caption: Span | None = None,
        footnotes: Iterable[Footnote] = (),
        keep_empty_columns: bool = False,
    ) -> Table:
        """The table whose lines begin at ``start``, joined by single newlines.
        ``keep_empty_columns`` keeps the markup's column positions (to align it with
        another part of the same table), else columns empty in every row go."""
        line_starts = []
        at = start
        for line in self._lines:
            line_starts.append(at)
            at += len(line) + 1
        cell_spans: list[Span] = []
        for r, row in enumerate(self._rows):
            line_end = line_starts[r] + len(self._lines[r])
            for i in range(len(row)):
                local = self._spans[r][i]
                if local is None:  # a hidden (always empty) column or a popped tail
                    cell_spans.append(Span("", line_end, line_end))
                    continue
                s, e = line_starts[r] + local[0], line_starts[r] + local[1]
                cell_spans.append(Span(self._lines[r][local[0] : local[1]], s, e))
        if self._titles and caption is None:
            title = "\n".join(self.title_lines)
            caption = Span(title, start, start + len(title))
        grid: list[list[Span]] = []
        for r, positions in enumerate(self._layout):
            if r < self._titles:
                continue
            line_end = line_starts[r] + len(self._lines[r])
            grid.append(
                [
                    cell_spans[p] if p is not None else Span("", line_end, line_end)
                    for p in positions
                ]
            )
        if not keep_empty_columns:
            grid = drop_empty_columns(grid)
        return Table(
            index=index,
            label=label,
            caption=caption,
            rows=grid,
            header_rows=self._header_rows,
            footnotes=list(footnotes),
        )


def drop_empty_columns(grid: list[list[Span]]) -> list[list[Span]]:
    """Columns empty in every row (indentation, spacing) carry nothing."""
    width = len(grid[0]) if grid else 0
    filled = [c for c in range(width) if any(row[c].text for row in grid)]
    return [[row[c] for c in filled] for row in grid]


def stack_header(
    headers: Sequence[tuple[Table, Sequence[float]]], body: Table, starts: Sequence[float]
) -> Table:
    """A body whose header was printed as tables of its own above it, each with other
    columns (USPTO tables often set the header in separate CALS groups): each header
    cell heads the body columns that begin under it, by the columns' x positions."""
    rows: list[list[Span]] = []
    for header, header_starts in headers:
        for row in header.rows:
            line_end = max(cell.end for cell in row)
            placed = []
            for x in starts:
                under = [i for i, h in enumerate(header_starts) if h <= x + _ALIGN_TOLERANCE]
                column = under[-1] if under else None
                placed.append(
                    row[column]
                    if column is not None and column < len(row)
                    else Span("", line_end, line_end)
                )
            rows.append(placed)
    grid = drop_empty_columns(rows + body.rows)
    return Table(
        body.index,
        body.label,
        body.caption,
        grid,
        len(rows),
        body.footnotes,
    )


#: Column positions within this many points are the same column.
_ALIGN_TOLERANCE = 2.0


def _marked_header_rows(rows: Sequence[Sequence[SourceCell]]) -> int:
    """Leading rows the markup marks as header (``<thead>``, all ``<th>``)."""
    count = 0
    for row in rows[:-1]:
        if not row or not all(cell.header for cell in row):
            break
        count += 1
    return count


_FOOTNOTE_MARKER = re.compile(
    r"^\s*(?:\[([a-z]|[*†‡§¶#]+|\d)\]|\(?([a-z]|[*†‡§¶#]+|\d)\)?[.:)]?)\s+(?=\S)"
)


def footnote_marker(note: str) -> str:
    """``a Isolated yield.`` → ``a``; ``† NMR yield`` → ``†``; ``[b] NMR yield`` → ``b``;
    ``""`` when none."""
    found = _FOOTNOTE_MARKER.match(note)
    return (found.group(1) or found.group(2)) if found else ""
