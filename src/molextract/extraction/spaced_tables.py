"""Tables whose cells are separated by single spaces, as web pages and PDFs copy them.

Copying a table from a journal's web page, or from a PDF's text layer, keeps each row on
its line but loses what separated the cells: ``1 C6H5 1 2a 92 232–234 234–235 [57]``
under ``Entry R1 Time (h) Products Yields (%) a Mp (°C) Measured Mp (°C) References``.
Nothing marks where a cell ends, so the rows are read by what chemists print in
cells, and the header is fitted to the body:

- a body cell is one token, with what belongs to it joined on: a ``±`` and its error
  (``327.2 ± 0.4a``), a number and its unit (``30 min``), a bracket (``92 (84)``), a
  footnote letter after a number (``11 c``), spaced initials (``N. D.``);
- a header cell is a word with what follows it and cannot start a column: lower-case
  words and numbers (``Mass Loss at 300 °C (%)``), a bracketed unit, a footnote
  letter; where that leaves more header cells than the body has columns, a word that
  qualifies the next (``Measured Mp (°C)``, ``Isolated yield``) is joined to it first;
- the body's columns are the cell count most rows have; a row one cell short lost its
  first cell (an entry number printed once for two rows) and is put back under its
  headers by the kinds of its cells, as for piped rows.

Only a block of lines under a ``Table N`` caption is read so, never running text, and
only when at least two of its rows hold two numbers or more and agree on a width.

Columns aligned by runs of spaces (two or more, or tabs) are a different case: the gaps
say where cells end (see the section below), so such a block is read under a caption
or, when its cells are terse, without one.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from molextract.ingest.tables import Footnote, Span, Table

_CAPTION = re.compile(r"\s*Table\s+[\w.]+", re.IGNORECASE)
#: A note's letter glued to the note's first word, as a page's copy loses the superscript
#: (``aIsolated yield``; ``bNMR yield``: an abbreviation in capitals after the letter, too).
GLUED_NOTE = re.compile(r"([a-h])(?=[A-Z][a-z]|[A-Z]{2,}\b|\d,\d)")
#: A caption's table label: ``Table 2`` of ``Table 2. Synthesis of …``.
TABLE_LABEL = re.compile(r"\s*(Table\s+[\w.]+?)[.:]?(?:\s|$)", re.IGNORECASE)
_NUMBER = r"[<>≤≥~]?[-−–]?\d[\d.,]*"
_NUMERIC = re.compile(rf"{_NUMBER}(?:\s*[-–—−]\s*{_NUMBER})?[a-z*†‡]?(?:\[[\d,–-]+\])?")
#: Units a number in a cell is printed with, joined to it: ``30 min``, ``1.2 g``.
_UNIT = re.compile(r"(?:min|h|hr|hrs|d|s|°C|K|%|mol%|equiv|eq|mg|g|mL|ml|mmol|bar|atm)")
_MARKER = re.compile(r"[a-h]|[*†‡§¶]")
#: A note's marker on a line of its own, bare or bracketed as Wiley prints it: ``a``,
#: ``[b]``.
_NOTE_MARKER = re.compile(r"[a-h]|[*†‡§¶]|\[(?:[a-h]|[*†‡§¶])\]")
_INITIAL = re.compile(r"[A-Z]\.")
#: Words that qualify the header word after them, one column between them.
_QUALIFIERS = frozenset(
    {
        "measured", "reported", "isolated", "lit.", "lit", "literature", "found", "calcd",
        "calcd.", "calculated", "experimental", "exp.", "mass", "melting", "boiling",
        "reaction", "total", "overall", "relative", "specific", "bulk", "molecular",
        "water", "aqueous", "crude", "nmr", "gc", "hplc", "average", "mean",
    }
)  # fmt: skip
#: A dash standing alone between the two ends of a range.
_SPACED_DASHES = frozenset({"-", "–", "—", "‒", "−", "~", "to"})
#: A citation alone in a cell: ``[57]``.
_REFERENCE = re.compile(r"\[\d[\d,\s–-]*\]")
#: A line a web page's copy puts where a drawing was.
_GRAPHIC = re.compile(r"\s*(?:graphic file with name|inline graphic\s*$|!\[)", re.IGNORECASE)


#: A rule a plain-text patent draws over, under and inside its tables: ``______``.
_RULE_LINE = re.compile(r"[ \t]*[_=—–-]{5,}[ \t]*")


def spaced_tables(text: str, taken: Sequence[tuple[int, int]], first_index: int) -> list[Table]:
    """The single-spaced tables of ``text`` outside the spans other readers ``taken``,
    numbered from ``first_index``."""
    # a plain-text patent rules its tables with lines of underscores: no row, and
    # nothing that parts a header from its body
    lines = [line for line in line_spans(text) if not _RULE_LINE.fullmatch(text, *line)]
    tables: list[Table] = []
    i = 0
    while i < len(lines):
        start, end = lines[i]
        if _inside(start, taken):
            i += 1
            continue
        index = first_index + len(tables)
        if _CAPTION.match(text, start, end):
            # columns aligned by runs of spaces say where cells end; read so first
            found = _wide_after_caption(text, lines, i, index) or _table_after(
                text, lines, i, index
            )
        elif _ENTRY_HEADER.match(text, start, end):
            found = _entry_table(text, lines, i, index)
        else:
            found = _wide_table(text, lines, i, None, index)
        if found is None:
            i += 1
            continue
        table, i = found
        if not any(_inside(row[0].start, taken) for row in table.rows):
            tables.append(table)
    return tables


# --- tables whose columns are aligned with runs of spaces ------------------------------
#
# Patents and plain-text exports print a table as aligned columns: two spaces or more
# (or a tab) between cells, single spaces inside a cell (``ethyl 2-methylbutanoate
# 133/1013  88%``). There the gaps say where cells end, so a row is split on them, and a
# cell a row leaves blank is placed by where the row's cells start under the header's.

#: A cell of an aligned row: words joined by single spaces.
_WIDE_CELL = re.compile(r"\S+(?: \S+)*")
_STARTS_NUMBER = re.compile(r"[<>≤≥~]?[-−–]?\d")


def _wide_cells(text: str, start: int, end: int) -> list[Span]:
    line = text[start:end]
    if "\t" in line:
        return [
            Span(m.group().strip(), start + m.start(), start + m.start() + len(m.group().strip()))
            for m in re.finditer(r"[^\t]+", line)
            if m.group().strip()
        ]
    return [Span(m.group(), start + m.start(), start + m.end()) for m in _WIDE_CELL.finditer(line)]


def _wide_after_caption(
    text: str, lines: list[tuple[int, int]], caption: int, index: int
) -> tuple[Table, int] | None:
    """An aligned table under a ``Table N`` caption, after at most two paragraphs of
    caption text."""
    k = caption + 1
    for _ in range(3):
        while k < len(lines) and lines[k][0] == lines[k][1]:
            k += 1
        if k >= len(lines):
            return None
        cap_start, cap_end = lines[caption][0], lines[k - 1][1]
        found = _wide_table(
            text, lines, k, Span(text[cap_start:cap_end], cap_start, cap_end), index
        )
        if found is not None:
            return found
        while k < len(lines) and lines[k][0] < lines[k][1]:
            k += 1
    return None


def _wide_table(
    text: str, lines: list[tuple[int, int]], first: int, caption: Span | None, index: int
) -> tuple[Table, int] | None:
    """The aligned table whose header is line ``first``: three lines or more of two
    cells or more, the header's cells no number, and at least two rows with a number
    in a cell after the first. Rows are fitted under the header by where cells start."""
    run: list[int] = []
    k = first
    while k < len(lines) and lines[k][0] < lines[k][1]:
        if len(_wide_cells(text, *lines[k])) < 2 or not _WIDE_GAP.search(text, *lines[k]):
            break
        run.append(k)
        k += 1
    if len(run) < 3:
        return None
    header = _wide_cells(text, *lines[run[0]])
    if any(_STARTS_NUMBER.match(cell.text) for cell in header):
        return None
    body = [_aligned(text, lines[j], header) for j in run[1:]]
    if any(row is None for row in body):
        return None
    rows = [row for row in body if row is not None]
    valued = sum(1 for row in rows if any(_STARTS_NUMBER.match(c.text) for c in row[1:]))
    if valued < 2 or (caption is None and not _terse(header, rows)):
        return None
    name = f"Table {index + 1}"
    if caption is not None and (label := TABLE_LABEL.match(caption.text)) is not None:
        name = label.group(1)
    return Table(index, name, caption, [header, *rows], 1, _footnotes(text, lines, k)), k


def _terse(header: list[Span], rows: list[list[Span]]) -> bool:
    """Cells as tables print them, not prose typed with two spaces after each full stop:
    header cells of four words at most, body cells of six, no sentence among them. Only
    a block no ``Table N`` caption introduces needs the test."""
    if any(len(cell.text.split()) > 4 or _SENTENCE.search(cell.text) for cell in header):
        return False
    cells = [cell for row in rows for cell in row if cell.text]
    return all(len(cell.text.split()) <= 6 for cell in cells) and not any(
        _SENTENCE.search(cell.text) for cell in cells
    )


#: A sentence's end: a full stop after a word of two letters or more.
_SENTENCE = re.compile(r"[a-z]{2}\.(?:\s|$)")
#: Between two cells of an aligned row.
_WIDE_GAP = re.compile(r"\S(?: {2,}|\t)\S")


def _aligned(text: str, line: tuple[int, int], header: list[Span]) -> list[Span] | None:
    """A row's cells under the header: as many as its cells, in order; fewer, each under
    the header cell it starts nearest after (blank cells empty); None when two cells
    fall under one header cell or there are more cells than headers."""
    cells = _wide_cells(text, *line)
    if len(cells) > len(header):
        return None
    if len(cells) == len(header):
        return cells
    row: list[Span | None] = [None] * len(header)
    head_starts = [cell.start - _line_start(text, cell.start) for cell in header]
    for cell in cells:
        column = cell.start - line[0]
        place = max((n for n, at in enumerate(head_starts) if at <= column + 2), default=0)
        if row[place] is not None:
            return None
        row[place] = cell
    return [cell if cell is not None else Span("", line[1], line[1]) for cell in row]


def _line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1


def line_spans(text: str) -> list[tuple[int, int]]:
    """The start and end of every line of ``text``, the line break left out."""
    lines = []
    at = 0
    for line in text.split("\n"):
        lines.append((at, at + len(line)))
        at += len(line) + 1
    return lines


def _inside(offset: int, spans: Sequence[tuple[int, int]]) -> bool:
    return any(a <= offset < b for a, b in spans)


def _table_after(
    text: str, lines: list[tuple[int, int]], caption: int, index: int
) -> tuple[Table, int] | None:
    """The table under the caption on line ``caption``: the caption paragraph, maybe a
    title paragraph and a drawing line, then the block of rows up to a blank line."""
    k = caption
    caption_end = lines[k][1]
    block: list[int] = []
    previous: list[int] = []
    before_previous = caption_end
    paragraphs = 0
    k += 1
    while k < len(lines) and paragraphs < 4:
        start, end = lines[k]
        if start == end:
            k += 1
            continue
        run = []
        while k < len(lines) and lines[k][0] < lines[k][1]:
            run.append(k)
            k += 1
        if len(run) >= 3 and sum(_body_line(text, *lines[j]) for j in run) >= 2:
            # a drawing's line over the header in the same paragraph (a scheme printed
            # above the table's columns) is no header line
            block = run[1:] if _GRAPHIC.match(text, *lines[run[0]]) else run
            break
        before_previous, previous = caption_end, run
        if not _GRAPHIC.match(text, *lines[run[0]]):
            caption_end = lines[run[-1]][1]
        paragraphs += 1
    if not block:
        return None
    if (
        previous
        and _body_line(text, *lines[block[0]])
        and not _body_line(text, *lines[previous[-1]])
        and not _GRAPHIC.match(text, *lines[previous[-1]])
    ):
        # a web page's table copied with a blank line between its header and its rows
        # (``run base (equiv) [Pd] ligand yield (%)[b]`` ⏎⏎ ``1 1.5 Pd(OAc)2 41``): the
        # paragraph's last line is the header
        block = [previous[-1], *block]
        if len(previous) > 1 and not _GRAPHIC.match(text, *lines[previous[0]]):
            caption_end = lines[previous[-2]][1]
        else:
            caption_end = before_previous
    cap_start = lines[caption][0]
    caption_span = Span(text[cap_start:caption_end], cap_start, caption_end)
    return _table_of(text, lines, block, k, caption_span, index)


#: The first header line of an optimisation or scope table: ``Entry``, ``Entrya``,
#: ``Entry Deviation from the standard conditions Yieldc,d [%]``.
_ENTRY_HEADER = re.compile(r"\s*(?:Entry|Entries|Run)(?:[a-h](?:,[a-h])*)?(?:\s|$)")


def _entry_table(
    text: str, lines: list[tuple[int, int]], first: int, index: int
) -> tuple[Table, int] | None:
    """A table copied without its ``Table N`` label (a table's own web page opens with
    its title): a block that opens with an ``Entry`` header line and holds rows of
    values. Its caption is the line above, when one stands there apart from the block
    (a drawing's line between them is passed over)."""
    if (
        first > 0
        and lines[first - 1][0] < lines[first - 1][1]
        and not _GRAPHIC.match(text, *lines[first - 1])
    ):
        return None  # inside a block that started above: not its first line
    block = []
    k = first
    while k < len(lines) and lines[k][0] < lines[k][1]:
        block.append(k)
        k += 1
    if len(block) < 3 or sum(_entry_row(text, *lines[j]) for j in block) < 2:
        return None
    above = first - 1
    while above >= 0 and (
        lines[above][0] == lines[above][1] or _GRAPHIC.match(text, *lines[above])
    ):
        above -= 1
    start = lines[first][0]
    caption = Span("", start, start)
    if above >= 0 and first - above <= 4:
        a, b = lines[above]
        if b - a <= 300 and not _body_line(text, a, b):
            caption = Span(text[a:b], a, b)
    return _table_of(text, lines, block, k, caption, index)


def _table_of(
    text: str,
    lines: list[tuple[int, int]],
    block: list[int],
    k: int,
    caption_span: Span,
    index: int,
) -> tuple[Table, int] | None:
    """The table of a block of lines (header lines, then rows), its notes from line
    ``k`` on."""
    while block and _NOTE_MARKER.fullmatch(text[slice(*lines[block[-1]])].strip()):
        k = block.pop()  # "a" alone under the rows: the first footnote's marker
    rows = [_cells(text, *lines[j]) for j in block]
    body_at = next(
        (
            n
            for n, j in enumerate(block)
            if _body_line(text, *lines[j]) or _entry_row(text, *lines[j])
        ),
        0,
    )
    if body_at == 0:
        return None  # no header line over the rows: nothing says what they hold
    body = rows[body_at:]
    numbered = _numbered_notes(text, lines, k)
    head_lines = [lines[j] for j in block[:body_at]]
    if numbered:
        # "TON 2 Yield 3" over "8 AuPd–Fe3O4 CsOH·H2O 33 90 8": superscript note
        # numbers printed as plain ones; the header says how many columns there are
        marked = _header_cells(text, *head_lines[-1], numbered)
        body = [_markers_dropped(row, len(marked), numbered) for row in body]
    body = _described(text, body, _header_cells(text, *head_lines[-1], numbered))
    width = Counter(len(row) for row in body).most_common(1)[0][0]
    if width < 2 or sum(len(row) == width for row in body) < 2:
        return None
    stub = all(not _NUMERIC.fullmatch(row[0].text) for row in body if row)
    references = all(_REFERENCE.fullmatch(row[-1].text) for row in body if len(row) == width)
    header = _header(text, head_lines, width, stub, references, numbered)
    if header is None:
        return None
    fitted = [_fit(row, width) for row in body]
    footnotes = _numbered_footnotes(text, lines, k) or _footnotes(text, lines, k)
    label = TABLE_LABEL.match(caption_span.text)
    name = label.group(1) if label else f"Table {index + 1}"
    table = Table(index, name, caption_span, [header, *fitted], 1, footnotes)
    return table, k


def _described(text: str, body: list[list[Span]], header: list[Span]) -> list[list[Span]]:
    """Rows whose second column is a description in words (``2 5% aq. xylene/120 °C
    instead of H2O/100 °C 56e`` under ``Entry Deviation from the standard conditions
    Yield [%]``): where most rows are not as wide as the header, but each holds the
    header's count or more and ends in as many values as the header has columns after
    the description, the words between the entry and those values are one cell."""
    width = len(header)
    if width < 3 or not body:
        return body
    widths = Counter(len(row) for row in body)
    agreed, count = widths.most_common(1)[0]
    if (agreed == width and 2 * count > len(body)) or any(len(row) < width for row in body):
        return body
    tail = width - 2
    if not all(_VALUE_CELL.fullmatch(c.text) for row in body for c in row[len(row) - tail :]):
        return body
    return [
        [row[0], _join(text, row[1], row[len(row) - tail - 1]), *row[len(row) - tail :]]
        for row in body
    ]


#: A cell of a value column: a number (with its note letter), or no value;
#: ``82 (80b)``: a second value of the run bracketed after the first (GC, then isolated).
_VALUE_CELL = re.compile(
    rf"(?:{_NUMERIC.pattern})(?:\s*\(\s*{_NUMERIC.pattern}\s*\))?"
    r"|n\.\s?d\.|N\.\s?D\.|[-–—]|trace|NR|nr"
)


def _entry_row(text: str, start: int, end: int) -> bool:
    """A row of an entry table, however many words its description takes: an entry
    number first (``3``, ``10b``), a value last (``19``, ``56e``, ``n.d.``)."""
    tokens = text[start:end].split()
    return (
        len(tokens) >= 2
        and re.fullmatch(r"\d{1,3}[a-h*†‡]?", tokens[0]) is not None
        and _VALUE_CELL.fullmatch(tokens[-1]) is not None
    )


def _body_line(text: str, start: int, end: int) -> bool:
    """A row of values: two numbers or more, and numbers for two tokens in five at
    least (a header line may hold a number or two: ``Mass Loss at 300 °C (%)``)."""
    tokens = text[start:end].split()
    numbers = sum(1 for token in tokens if _NUMERIC.fullmatch(token))
    return numbers >= 2 and numbers >= 0.4 * len(tokens)


def _tokens(text: str, start: int, end: int) -> list[Span]:
    return [
        Span(m.group(), start + m.start(), start + m.end())
        for m in re.finditer(r"\S+", text[start:end])
    ]


def _join(text: str, first: Span, last: Span) -> Span:
    return Span(text[first.start : last.end], first.start, last.end)


def _cells(text: str, start: int, end: int) -> list[Span]:
    """A body row's cells: tokens with what belongs to them joined on."""
    cells: list[Span] = []
    tokens = _tokens(text, start, end)
    i = 0
    while i < len(tokens):
        token = tokens[i]
        j = i
        if token.text.startswith("(") and ")" not in token.text:
            while j + 1 < len(tokens) and ")" not in tokens[j].text:
                j += 1
        while (
            _INITIAL.fullmatch(tokens[j].text)
            and j + 1 < len(tokens)
            and _INITIAL.fullmatch(tokens[j + 1].text)
        ):
            j += 1
        cell = _join(text, token, tokens[j])
        i = j + 1
        previous = cells[-1] if cells else None
        if (
            token.text in _SPACED_DASHES
            and previous is not None
            and _NUMERIC.fullmatch(previous.text)
            and i < len(tokens)
            and _NUMERIC.fullmatch(tokens[i].text)
        ):
            cells[-1] = _join(text, previous, tokens[i])  # "303 ‒ 305": a range, spaced
            i += 1
            continue
        if token.text in ("±", "+/-") and previous is not None and i < len(tokens):
            cells[-1] = _join(text, previous, tokens[i])  # "327.2 ± 0.4a"
            i += 1
            continue
        if previous is not None and _belongs_to(previous.text, cell.text):
            cells[-1] = _join(text, previous, cell)
            continue
        cells.append(cell)
    return cells


def _belongs_to(previous: str, cell: str) -> bool:
    """Whether ``cell`` is part of the cell before it, not a cell of its own."""
    if cell.startswith("±"):
        return True
    if re.fullmatch(r"\([^()]*\)[a-h*†‡]?", cell) and previous[-1:].isdigit():
        return True  # "92 (84)", "96 (10)d": another figure for the same cell
    if re.fullmatch(r"\([^()]*\)", cell) and previous[-1:].isalpha():
        return True  # "4-Chlorobenzaldehyde (2a)", "CuI (10)": a name's label or amount
    if previous.endswith("/") and len(previous) > 1:
        return True  # "p-HAP300/ hydroquinone": a slash joins two words of one cell
    if _UNIT.fullmatch(cell) and re.search(r"\d$", previous):
        return True
    return bool(_MARKER.fullmatch(cell) and re.fullmatch(r"\d{1,3}", previous))


def _header(
    text: str,
    lines: Sequence[tuple[int, int]],
    width: int,
    stub: bool,
    references_last: bool = False,
    numbered: frozenset[str] = frozenset(),
) -> list[Span] | None:
    """The column headers, fitted to ``width`` columns: the last header line's cells,
    and, when that line is one short, the first cell of the line above for column one
    (``Formulation`` beside a group header line such as ``TGA Assessment``). ``stub``:
    the body's first column names its rows; a last header line that opens with a
    measured quantity (``T5 (°C)``) then heads the columns after it."""
    groups = _spanned_joined(text, _header_cells(text, *lines[-1], numbered))
    target = width
    if stub and len(lines) > 1 and groups and "(" in groups[0].text:
        target = width - 1
    if references_last and len(groups) == width and _best_join(groups) is not None:
        target = width - 1  # "isolated yields (%)" over "96", the reference unheaded
    while len(groups) > target:
        at = _best_join(groups)
        if at is None:
            return None
        groups[at : at + 2] = [_join(text, groups[at], groups[at + 1])]
    if len(groups) < width - 1 and len(lines) > 1:
        # a header set one cell or a few to a line ("Entrya" ⏎ "Solvent" ⏎ "T (°C)" ⏎ …)
        stacked = [cell for line in lines for cell in _header_cells(text, *line, numbered)]
        if len(stacked) == width:
            return stacked
    if len(groups) == width - 1 and len(lines) > 1:
        above = _header_cells(text, *lines[0])
        if above:
            groups = [above[0], *groups]
    if len(groups) == width - 1 and references_last:
        end = groups[-1].end  # "234–235 [57]" split in two: the reference has no header
        groups = [*groups, Span("", end, end)]
    if len(groups) == width - 1:
        end = lines[-1][0]
        groups = [Span("", end, end), *groups]
    return groups if len(groups) == width else None


def _spanned_joined(text: str, groups: list[Span]) -> list[Span]:
    """A header printed again over each column it spanned, with the word of the row
    under it after each (``Mp (°C) Measured Mp (°C) Reported``): each copy and its word
    are one column's header."""
    texts = [g.text for g in groups]
    joined: list[Span] = []
    i = 0
    while i < len(groups):
        repeated = "(" in texts[i] and texts.count(texts[i]) > 1
        if repeated and i + 1 < len(groups) and re.fullmatch(r"[A-Za-z][A-Za-z.]*", texts[i + 1]):
            joined.append(_join(text, groups[i], groups[i + 1]))
            i += 2
            continue
        joined.append(groups[i])
        i += 1
    return joined


def _header_cells(
    text: str, start: int, end: int, numbered: frozenset[str] = frozenset()
) -> list[Span]:
    """A header line's cells: a word, with the lower-case words, numbers, units and
    brackets after it that cannot start a column. A number that is one of the notes'
    (``numbered``) is a note's marker and left out (``Yield 3`` is the yield column,
    not the yield of compound 3)."""
    cells: list[Span] = []
    tokens = _tokens(text, start, end)
    # a header set all in lower case ("entry aldehyde product time (min)"): every word
    # may start a column, and the fitting joins qualifiers to their words
    lower = not any(t.text[:1].isupper() for t in tokens)
    for token in tokens:
        word = token.text
        previous = cells[-1] if cells else None
        if word in numbered and previous is not None:
            continue
        lower_word = word[:1].islower() and not lower
        joins = previous is not None and (
            (lower_word and not re.fullmatch(r"(?:ee|dr|er|logP|log|pKa)\b.*", word))
            or (
                word[:1] in "(["
                and not _NUMERIC.fullmatch(word.strip("()[]"))
                and not _CATALYST_COLUMN.fullmatch(word)
            )
            or word[:1] in "°%/"
            or _MARKER.fullmatch(word) is not None
            or (re.fullmatch(r"\d[\d.]*", word) is not None and not _series_head(tokens, token))
            or previous.text.endswith(("at", "of", "in", "/"))
        )
        if joins and previous is not None:
            cells[-1] = _join(text, previous, token)
        else:
            cells.append(token)
    return cells


def _series_head(tokens: list[Span], token: Span) -> bool:
    """``1 (R2/R3)`` in ``Entry 1 (R2/R3) 2 (R/R1) Yield (%)``: a column headed by the
    series its cells' labels belong to, its substituents bracketed after it."""
    at = tokens.index(token)
    following = tokens[at + 1].text if at + 1 < len(tokens) else ""
    return bool(re.fullmatch(r"\((?:R|Ar|X)\d?'*(?:\s*/\s*(?:R|Ar|X)\d?'*)*\)", following))


#: A column of an optimisation table headed by its metal or catalyst in brackets, as a
#: header of its own: ``[Pd]``, ``[Cu]``, ``[cat.]`` (not a unit, which joins its word).
_CATALYST_COLUMN = re.compile(
    r"\[(?:Pd|Pt|Cu|Ni|Rh|Ru|Ir|Au|Ag|Fe|Co|Mn|Zn|Ti|Zr|Sc|Bi|Ga|Ln|Cat\.?|cat\.?)\][a-h]?"
)


def _best_join(groups: list[Span]) -> int | None:
    """Where two header cells are most surely one: a qualifier before the word it
    qualifies, else a word without a unit before one with it."""
    for i in range(len(groups) - 1):
        if groups[i].text.casefold() in _QUALIFIERS:
            return i
    for i in range(len(groups) - 1):
        if "(" not in groups[i].text and groups[i].text.isalpha() and "(" in groups[i + 1].text:
            return i
    return None


def _numbered_notes(text: str, lines: list[tuple[int, int]], k: int) -> frozenset[str]:
    """The note numbers of a paragraph of numbered notes right under the table (``1
    Reaction conditions: … 2 Turnover number …``), counting from 1 without a gap."""
    return frozenset(note.marker for note in _numbered_footnotes(text, lines, k))


def _numbered_footnotes(text: str, lines: list[tuple[int, int]], k: int) -> list[Footnote]:
    """That paragraph cut into one note per number (two at least), so that a cell's note
    number finds its note; none when the paragraph is not numbered so."""
    while k < len(lines) and lines[k][0] == lines[k][1]:
        k += 1
    if k >= len(lines):
        return []
    start, end = lines[k]
    paragraph = text[start:end]
    places: list[tuple[str, int]] = []
    for m in re.finditer(r"(?:^|(?<=[.;)\s]))\s*(\d{1,2})\s+(?=[A-Za-z])", paragraph):
        if m[1] == str(len(places) + 1):
            places.append((m[1], start + m.start(1)))
    if len(places) < 2:
        return []
    notes = []
    for i, (number, at) in enumerate(places):
        stop = places[i + 1][1] if i + 1 < len(places) else end
        piece = text[at:stop].rstrip()
        notes.append(Footnote(number, Span(piece, at, at + len(piece))))
    return notes


def _markers_dropped(row: list[Span], width: int, numbered: frozenset[str]) -> list[Span]:
    """A row wider than its header, with note numbers printed as cells after a number
    (``2 5 Pd–Fe3O4``, ``90 8``): each left out, the first first, until the row fits
    (``5 14`` in a row that fits is two values)."""
    cells = list(row)
    i = 1
    while len(cells) > width and i < len(cells):
        if cells[i].text in numbered and re.fullmatch(
            r"[\d.,–-]+|N\. D\.|n\.d\.", cells[i - 1].text
        ):
            del cells[i]
            continue
        i += 1
    return cells


def _fit(row: list[Span], width: int) -> list[Span]:
    """A row made ``width`` cells: a short one is padded at its end (``tables`` moves
    it under its headers by the kinds of its cells); a longer one joins its last."""
    if len(row) == width:
        return row
    if len(row) < width:
        end = row[-1].end if row else 0
        return row + [Span("", end, end) for _ in range(width - len(row))]
    head = row[: width - 1]
    tail = row[width - 1 :]
    return [*head, Span(" ".join(c.text for c in tail), tail[0].start, tail[-1].end)]


def _footnotes(text: str, lines: list[tuple[int, int]], k: int) -> list[Footnote]:
    """Notes under the table: a line that is a marker alone, its note the next text
    (``a`` ⏎⏎ ``Isolated yields;``), or a line that opens with one."""
    notes: list[Footnote] = []
    while k < len(lines):
        start, end = lines[k]
        line = text[start:end].strip()
        if not line:
            k += 1
            continue
        if _NOTE_MARKER.fullmatch(line):
            n = k + 1
            while n < len(lines) and lines[n][0] == lines[n][1]:
                n += 1
            if n < len(lines):
                note_start, note_end = lines[n]
                note = Span(text[note_start:note_end], note_start, note_end)
                notes.append(Footnote(line.strip("[]"), note))
                k = n + 1
                continue
        opening = _OPENING_MARKER.match(line)
        if opening is not None:  # "a Air is excluded … b 20% of …", one line for all
            notes.append(
                Footnote(opening.group(1) or opening.group(2), Span(text[start:end], start, end))
            )
            k += 1
            continue
        n = k + 1
        while n < len(lines) and lines[n][0] == lines[n][1]:
            n += 1
        if not notes and n < len(lines) and _OPENING_MARKER.match(text[slice(*lines[n])].strip()):
            # "Reaction conditions: …" with no marker, over the lettered notes: the
            # table's general note; the lettered ones under it are still its notes
            k = n
            continue
        break
    return notes


#: A note's marker opening its line, spaced (``a Isolated``) or glued to the note's first
#: word as a page's copy loses the superscript (``aGC yields``, ``bIsolated yield``).
_OPENING_MARKER = re.compile(rf"([a-h]|[*†‡§¶])\s+(?=\S)|{GLUED_NOTE.pattern}")
