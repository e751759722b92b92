"""Tables printed as text, read back into their grid of cells.

``molextract ingest`` and every reader print a table as lines of `` | ``-separated
cells, and documents arrive with tables already printed so: a web page's copy
(Markdown rows, often broken over lines by image cells; tab-separated cells), a PMC
table page, a plain-text dump. This module finds those tables and rebuilds what the
printing lost: which rows are header rows, where a spanning header cell spans, which
short row lost its first cell, which lines under the rows are notes. The result is the
same ``Table`` a structured reader keeps, so the table path reads both alike.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from molextract.extraction.labels import LABEL
from molextract.extraction.spaced_tables import GLUED_NOTE, TABLE_LABEL, line_spans, spaced_tables
from molextract.extraction.stacked_tables import stacked_tables
from molextract.ingest.tables import (
    CELL_SEPARATOR,
    Footnote,
    Span,
    Table,
    footnote_marker,
    guess_header_rows,
    title_rows,
)

_I = re.IGNORECASE

#: The configuration printed before a label: ``(S)-2``, ``(±)-3a``, ``rac-4``.
STEREO = r"(?:\((?:[RSEZ]|RS|SR|±|\+|−|-)\)-|rac-)"
#: A compound's label as a cell prints it: ``3a``, ``compound 12``, ``(S)-2``.
LABEL_CELL = re.compile(rf"(?:compound\s+|cpd\.?\s+)?({STEREO}?{LABEL})", _I)
#: Labels tables print in a compound column: ``I-a-6``, ``XIII-2``, ``S12``, ``Ex. 4``.
TABLE_LABEL_CELL = re.compile(
    r"(?:(?:ex(?:ample)?|compd?|compound|no|cpd)\.?\s*)?"
    r"((?:[A-Z]{1,5}|[IVX]{1,5})?(?:[-‐][A-Za-z]{1,3})*[-‐]?\d{1,4}[a-z]{0,2}['′]?)",
    _I,
)
#: A note's letter a space after a lettered label, before the unit's bracket or the end.
SPACED_MARKER_AFTER_LABEL = re.compile(r"(?<=\d[a-z])\s+[a-h](?=\s*[(\[]|\s*$)")


_ROW_LINE = re.compile(r"[^\n]*(?: \| |\t)[^\n]*")
#: A rule under a header row: ``---|---|---|``.
_RULE_LINE = re.compile(r"[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)+\|?[ \t]*")


def text_tables(text: str) -> list[Table]:
    """Tables printed as text: runs of two or more lines of `` | ``- or tab-separated
    cells. The line before a run is its caption when it starts with ``Table``;
    the lines after it that start with a footnote marker are its notes."""
    lines = line_spans(text)
    tables: list[Table] = []
    i = 0
    while i < len(lines):
        if (
            i + 1 < len(lines)
            and "|" in text[lines[i][0] : lines[i][1]]
            and _drawing_row(text[lines[i][0] : lines[i][1]])
            and text[lines[i + 1][0] : lines[i + 1][1]].lstrip().startswith("|")
        ):
            i += 1  # "![]() | ||||||": a scheme drawn over the table, no row of it
            continue
        ruled = _markdown_rows(text, lines, i)
        markdown = ruled or _piped_rows(text, lines, i)
        if markdown is not None:
            j, rows = markdown
            table = _text_table(text, lines, i, j, len(tables), rows, ruled is not None)
            if table is not None:
                tables.append(table)
            i = max(j, i + 1)
            continue
        if _CAPTION_ROW.match(text, *lines[i]) and i + 2 < len(lines):
            i += 1  # "Table 1<tab>Physicochemical data …": the caption, not a header row
            continue
        j = i
        while j < len(lines) and (
            _ROW_LINE.fullmatch(text, *lines[j])
            or (j > i and _RULE_LINE.fullmatch(text, *lines[j]))
            or (j > i and _group_line(text, lines, j))
            or (j == i + 1 and _header_tail(text, lines, j))
        ):
            j += 1
        table = _text_table(text, lines, i, j, len(tables)) if j - i >= 2 else None
        if table is not None:
            tables.append(table)
        i = max(j, i + 1)
    taken = [(table.start, table.end) for table in tables]
    for table in spaced_tables(text, taken, len(tables)):
        rows = table.rows[: table.header_rows] + _realigned(table.body, spanned=False)
        tables.append(replace(table, rows=rows))
    taken = [(table.start, table.end) for table in tables]
    tables.extend(stacked_tables(text, taken, len(tables)))
    return tables


#: A caption set in a cell of its own before the table's rows: ``Table 1<tab>Data of …``.
_CAPTION_ROW = re.compile(r"[ \t]*Table\s+[\w.-]+[ \t]*[.:]?[ \t]*(?:\t| \| )", _I)
#: A line that may head a group of rows: short words, no cell separator, no note marker.
_GROUP_LINE = re.compile(r"[ \t]*[A-Za-z][^|\t\n]{1,58}")


def _group_line(text: str, lines: Sequence[tuple[int, int]], j: int) -> bool:
    """``Aryl alkynes`` between two rows: a row spanning the table that names the group
    of rows under it, as a page's copy prints it without separators. The table goes on
    under it."""
    return (
        j + 1 < len(lines)
        and _GROUP_LINE.fullmatch(text, *lines[j]) is not None
        and not footnote_marker(text[lines[j][0] : lines[j][1]])
        and not re.match(r"\s*Table\s", text[lines[j][0] : lines[j][1]], _I)
        and _ROW_LINE.fullmatch(text, *lines[j - 1]) is not None
        and _ROW_LINE.fullmatch(text, *lines[j + 1]) is not None
    )


#: The rest of a header's last cell, broken onto a line of its own: its unit in
#: brackets, maybe with a note's letter (``Yield`` over ``(%)a``).
_HEADER_TAIL = re.compile(r"[ \t]*[(\[][^|\t\n()\[\]]{1,12}[)\]][ \t]*[a-h*†‡]?[ \t]*")


def _joined_header(text: str, rows: list[list[Span]]) -> list[list[Span]]:
    """The first two lines as one header row when the second is the rest of the first,
    broken inside a cell before its unit: ``Yield`` over ``(%)a`` alone on its line, or
    over ``(%)a | Time (h)`` when together they have as many cells as the body's rows,
    which neither has alone."""
    if len(rows) < 3 or not _HEADER_TAIL.fullmatch(rows[1][0].text):
        return rows
    if len(rows[1]) > 1:
        widths = [len(row) for row in rows[2:]]
        width = max(set(widths), key=widths.count)
        if not len(rows[0]) < width or len(rows[0]) + len(rows[1]) - 1 != width:
            return rows
    broken, rest = rows[0][-1], rows[1]
    joined = Span(text[broken.start : rest[0].end], broken.start, rest[0].end)
    return [[*rows[0][:-1], joined, *rest[1:]], *rows[2:]]


def _header_tail(text: str, lines: Sequence[tuple[int, int]], j: int) -> bool:
    """Line ``j`` is the end of the header line above it, between it and the rows."""
    return (
        0 < j < len(lines) - 1
        and _HEADER_TAIL.fullmatch(text, *lines[j]) is not None
        and _ROW_LINE.fullmatch(text, *lines[j - 1]) is not None
        and _ROW_LINE.fullmatch(text, *lines[j + 1]) is not None
    )


#: A cell of a rule or an image placeholder: ``---``, ``:--:``, ``![]()``.
_RULE_CELL = re.compile(r"[-:=+!\[\]()\s]*")


_MARKDOWN_HEADER = re.compile(r"\s*(?:\|.*\||[^|\s][^|]*\|.*\|)\s*")
_MARKDOWN_RULE = re.compile(r"\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*")


def _split(text: str, start: int, end: int, separator: str) -> list[Span]:
    """The cells of ``text[start:end]``, each stripped, with its offsets."""
    cells: list[Span] = []
    at = start
    for part in text[start:end].split(separator):
        stripped = part.strip()
        offset = at + (len(part) - len(part.lstrip()))
        image = _IMAGE.match(stripped)
        if image is not None and image.end() < len(stripped):
            # "![]() 3b": a structure drawing, then the label printed under it
            offset += image.end()
            stripped = stripped[image.end() :]
        cells.append(Span(stripped, offset, offset + len(stripped)))
        at += len(part) + 1
    return cells


#: A picture a web page's text copy keeps as Markdown: ``![]()``, ``![alt](url)``.
_IMAGE = re.compile(r"!\[[^\]\n]*\]\([^)\n]*\)\s*")


def _markdown_rows(
    text: str, lines: Sequence[tuple[int, int]], first: int
) -> tuple[int, list[list[Span]]] | None:
    """A Markdown table (``| a | b |`` over ``|---|---|``), whose rows web pages copied
    as text often break over lines (an image cell leaves ``|`` alone on a line): a
    row is complete when it has as many cells as the header. Returns the line after
    the table and its rows, or None when no Markdown table starts at ``first``."""
    if first + 1 >= len(lines):
        return None
    if not _MARKDOWN_HEADER.fullmatch(text, *lines[first]):
        return None
    if not _MARKDOWN_RULE.fullmatch(text, *lines[first + 1]):
        return None
    # "Entry | Solvent | Yield (%) |": some copies drop the frame's opening pipe
    framed = text[slice(*lines[first])].lstrip().startswith("|")
    header = _split(text, *lines[first], "|")[1 if framed else 0 : -1]
    width = len(header)
    pipes = width + 1 if framed else width
    rows = [header]
    k = first + 2
    row_start: int | None = None
    while k < len(lines) and "|" in text[lines[k][0] : lines[k][1]]:
        start, end = lines[k]
        if row_start is None:
            row_start = start
        if text.count("|", row_start, end) >= pipes:
            cells = _split(text, row_start, end, "|")
            if not cells[-1].text:
                cells = cells[:-1]
            if cells and not cells[0].text and len(cells) > width:
                cells = cells[1:]
            rows.append(cells)
            row_start = None
        k += 1
    return k, rows


def _drawing_row(line: str) -> bool:
    """``![]() | ||||||``: a row holding only a drawing, or nothing."""
    return "|" in line and all(_RULE_CELL.fullmatch(cell) for cell in line.split("|"))


def _piped_rows(
    text: str, lines: Sequence[tuple[int, int]], first: int
) -> tuple[int, list[list[Span]]] | None:
    """Rows written ``| a | b |`` without a rule under the header, as PMC's table pages
    copy as text: each row opens with ``|`` at the start of a line, and a line that does
    not is the rest of the row before it (an image cell broke it). A ``|`` alone on a
    line is an empty image cell too while the row has fewer cells than the header
    (``| 1 |`` / ``|`` / ``0.25 |`` / ``|`` / ``98 | 326.6 |``). Returns the line after
    the table and its rows, or None when no such table starts at ``first``."""
    start, end = lines[first]
    line = text[start:end]
    if not line.lstrip().startswith("|") or line.count("|") < 3:
        return None
    if not line.rstrip().endswith("|"):
        return None  # " | 40°C | 100°C": a row whose first cell is empty, not a frame
    rows: list[list[Span]] = []
    row_start: int | None = None
    row_end = start
    pipes = line.count("|")  # the header's: a row is whole when it has as many
    k = first
    while k < len(lines):
        start, end = lines[k]
        line = text[start:end]
        if "|" not in line or not line.strip():
            break
        whole = row_start is None or text.count("|", row_start, row_end) >= pipes
        if line.lstrip().startswith("|") and (whole or line.strip() != "|"):
            if row_start is not None:
                rows.append(_outer_pipes_off(_split(text, row_start, row_end, "|")))
            row_start = start
        elif row_start is None:
            break
        row_end = end
        k += 1
    if row_start is not None:
        rows.append(_outer_pipes_off(_split(text, row_start, row_end, "|")))
    if len(rows) < 2:
        return None
    return k, rows


def _outer_pipes_off(cells: list[Span]) -> list[Span]:
    """``| a | b |`` splits into an empty cell at each end: the row's frame, not cells."""
    if len(cells) > 2 and not cells[0].text and not cells[-1].text:
        return cells[1:-1]
    return cells


def _spread_header(header: list[list[Span]]) -> list[list[Span]]:
    """Header rows a web page copied cell by cell, putting a place for every spanned
    cell at the end of the row (``| Entry | Product | Yield of 5 [%] | |||`` over
    ``| AlCl3 | InCl3 | SnCl4 | ZrCl4 | |||``): the top row's last cell spans the places
    its row ends with, and a lower row's cells stand under it, the columns before them
    held by the cells above (spanning down)."""
    if len(header) < 2:
        return header
    width = len(header[0])
    spread = [list(header[0])]
    trailing = _trailing_empty(header[0])
    if trailing:
        last = width - trailing - 1
        spread[0][last + 1 :] = [header[0][last]] * trailing
        place = _spanning_place(header[0], header[1], trailing)
        if place != last and sum(1 for cell in header[1] if cell.text) == trailing + 1:
            return _spread_from(header, place, trailing + 1)
    for row in header[1:]:
        trailing = _trailing_empty(row)
        above = spread[-1]
        if trailing and trailing < width:
            row = above[:trailing] + row[: width - trailing]
        spread.append(list(row))
    return spread


#: The header of the one property a column per product is usually split into.
_PER_PRODUCT_HEADER = re.compile(r"\byields?\b", _I)


def _spanning_place(top: list[Span], lower: list[Span], trailing: int) -> int:
    """Which top header cell spans the lower row's packed cells. A web page's copy keeps
    the spanned places as empty cells after the spanning one (the last); a line that
    simply has fewer cells than the body (``Entry | Ligand | Conv. (%) | Yield (%) |
    b/l`` over ``3a | 3b``) says nothing of where the span is, and the cell it is is
    the yield's, the one property tables give a column per product."""
    last = len(top) - trailing - 1
    padded = all(cell.start == cell.end == top[last].end for cell in top[last + 1 :])
    if not padded or not all(_kind(cell.text) == "label" for cell in lower if cell.text):
        return last  # "Found | Reported" under "M.p. (°C)": no products, no clue
    yields = [i for i, cell in enumerate(top[: last + 1]) if _PER_PRODUCT_HEADER.search(cell.text)]
    return yields[0] if len(yields) == 1 else last


def _spread_from(header: list[list[Span]], place: int, span: int) -> list[list[Span]]:
    """The two header rows with the top cell at ``place`` spanning ``span`` columns and
    the lower row's packed cells under it; every other top cell spans down."""
    top = header[0]
    kept = len(top) - span + 1
    spread = top[: place + 1] + [top[place]] * (span - 1) + top[place + 1 : kept]
    lower = [cell for cell in header[1] if cell.text][:span]
    under = spread[:place] + lower + spread[place + span :]
    return [spread, under, *header[2:]]


def _series_header(rows: list[list[Span]]) -> bool:
    """``Entry | 1 | Ar | 3 | Yield (%)`` over ``1 | 1a | Ph | 3a | 88``: a header naming
    columns by the compound series their labels belong to, its other cells words."""
    if len(rows) < 3:
        return False
    numbered = 0
    for c, cell in enumerate(rows[0]):
        text = cell.text.strip()
        if not re.fullmatch(r"\d{1,2}", text):
            if text and not re.search(r"[A-Za-z]", text):
                return False
            continue
        if not members(text, [row[c].text for row in rows[1:] if c < len(row)]):
            return False
        numbered += 1
    return numbered > 0


def members(series: str, cells: Sequence[str]) -> bool:
    """Most filled cells are labels of the series ``series`` (``3a``, ``3b`` of 3)."""
    below = [text.strip() for text in cells if text.strip()]
    members = [text for text in below if re.fullmatch(rf"{series}[a-z]{{1,2}}", text)]
    return bool(below) and 2 * len(members) > len(below)


def _spanned_lower_row(rows: list[list[Span]]) -> bool:
    """``| Yields (%)b | |`` over ``| 5a | 4d | ||||||``: the header's last cell spans
    the empty places after it, and the next row holds just as many cells, packed at
    its start: the lower header row, not a row of values."""
    if len(rows) < 3:
        return False
    spanned = _trailing_empty(rows[0]) + 1
    filled = [cell.text for cell in rows[1] if cell.text]
    packed = all(cell.text for cell in rows[1][: len(filled)])
    return (
        spanned >= 2
        and len(filled) == spanned
        and packed
        and all(_kind(text) in ("label", "text") for text in filled)
    )


def _label_sub_header(rows: list[list[Span]]) -> bool:
    """Whether the second row names one compound per column (labels only) under top cells
    at least one of which is an empty place a cell to its left spans, and leaves the
    row's stub columns empty: a header row, not a row of values."""
    if len(rows) < 3:
        return False
    top, sub = rows[0], rows[1]
    filled = [i for i, cell in enumerate(sub) if cell.text]
    if not filled or len(filled) == len(sub) or not top[0].text:
        return False
    if not all(_kind(sub[i].text) == "label" for i in filled):
        return False
    spanned = [i for i in filled if i < len(top) and not top[i].text]
    return bool(spanned) and all(any(top[j].text for j in range(i)) for i in spanned)


def _spread_over(top: list[Span], sub: list[Span]) -> list[Span]:
    """The top header row with each empty place over a filled lower cell given the
    nearest cell to its left, which spans it."""
    spread = list(top)
    for i in range(1, len(spread)):
        if not spread[i].text and i < len(sub) and sub[i].text:
            spread[i] = spread[i - 1]
    return spread


def _trailing_empty(row: list[Span]) -> int:
    count = 0
    while count < len(row) - 1 and not row[len(row) - 1 - count].text:
        count += 1
    return count


def _text_table(
    text: str,
    lines: Sequence[tuple[int, int]],
    first: int,
    last: int,
    index: int,
    given: list[list[Span]] | None = None,
    ruled: bool = False,
) -> Table | None:
    """``ruled``: ``given`` are a Markdown table's rows, its first row the header the
    rule was under."""
    rows: list[list[Span]] = []
    if given is None:
        given = []
        for start, end in lines[first:last]:
            line = text[start:end]
            separator = "\t" if "\t" in line and CELL_SEPARATOR not in line else "|"
            given.append(_split(text, start, end, separator))
        given = _joined_header(text, given)
    ruled_at = 1 if ruled else None  # how many rows stand above a rule ("|---|---|")
    for row in given:
        if not all(_RULE_CELL.fullmatch(cell.text) for cell in row):
            rows.append(row)
        elif ruled_at is None:
            ruled_at = len(rows)
    if len(rows) < 2:
        return None
    width = max(len(row) for row in rows)
    for row in rows:
        end = row[-1].end
        row.extend(Span("", end, end) for _ in range(width - len(row)))
    caption = None
    k = first - 1
    while k >= 0 and (lines[k][0] == lines[k][1] or _drawing_row(text[lines[k][0] : lines[k][1]])):
        k -= 1
    # the caption: a "Table 2." line just above, or one or two above that (a title line
    # under a bare label, and maybe a line its closing full stop was broken onto)
    for back in (k, k - 1, k - 2):
        if back >= 0 and re.match(r"\s*Table\s+\S+", text[lines[back][0] : lines[back][1]], _I):
            start, end = lines[back][0], lines[k][1]
            caption = Span(text[start:end], start, end)
            break
    footnotes: list[Footnote] = []
    k = last
    gap = k
    while gap < len(lines) and gap - last < 2 and lines[gap][0] == lines[gap][1]:
        gap += 1
    if gap < len(lines) and gap > k:
        first_note = text[lines[gap][0] : lines[gap][1]]
        if footnote_marker(first_note) or GLUED_NOTE.match(first_note):
            k = gap  # the notes a blank line under the rows, as a page's copy sets them
    while k < len(lines) and lines[k][0] < lines[k][1]:
        note = text[lines[k][0] : lines[k][1]]
        glued = GLUED_NOTE.match(note)  # "aRef. [37]. bAdditionally …": a web page's copy
        marker = footnote_marker(note) or (glued.group(1) if glued else "")
        if not marker and k == last and not footnotes and _marked_line(text, lines, k + 1):
            k += 1  # "Reaction conditions: …" ⏎ "aIsolated yield.": the conditions unmarked
            continue
        if not marker:
            break
        footnotes.extend(_lettered_notes(marker, note, lines[k][0]))
        k += 1
    if not footnotes:
        footnotes = _unlettered_notes(text, lines, last, caption, rows)
    label = ""
    if caption is not None:
        found = TABLE_LABEL.match(caption.text)
        label = found.group(1) if found else ""
    while len(rows) > 2 and not any(cell.text for cell in rows[0]):
        rows = rows[1:]  # "| |||||": a drawing's row above the header, its cells empty
        ruled_at = None if ruled_at is None else ruled_at - 1
    titles = title_rows([[cell.text for cell in row] for row in rows])
    if titles:
        # "TABLE 4 | |" over "Optimization of … | |": the number and title printed as rows
        if caption is None:
            start, end = rows[0][0].start, max(cell.end for cell in rows[titles - 1])
            caption = Span(text[start:end], start, end)
            found = TABLE_LABEL.match(caption.text)
            label = found.group(1) if found else ""
        rows = rows[titles:]
        ruled_at = None if ruled_at is None else ruled_at - titles
    header_rows = guess_header_rows([[cell.text for cell in row] for row in rows])
    if header_rows == 0 and ruled_at == 1 and len(rows) > 2:
        # "entry | base (equiv) | 2a (equiv) | … | 3 yield (%)b |" over "---|---|": a
        # Markdown table says which row is its header, whatever its cells look like
        header_rows = 1
    if header_rows == 0 and _series_header(rows):
        header_rows = 1
    if header_rows == 1 and _spanned_lower_row(rows):
        header_rows = 2
    sub_header = header_rows <= 2 and _label_sub_header(rows)
    if sub_header:
        # "Yield (%) | |" over "3a | 3b | 3c": one product per column under a spanning
        # header cell the copy printed once, followed by empty places
        header_rows = 2
        rows = [_spread_over(rows[0], rows[1]), *rows[1:]]
    head = rows[:header_rows] if sub_header else _spread_header(rows[:header_rows])
    rows = head + _realigned(rows[header_rows:])
    return Table(index, label or f"Table {index + 1}", caption, rows, header_rows, footnotes)


def _marked_line(text: str, lines: Sequence[tuple[int, int]], k: int) -> bool:
    """Whether line ``k`` opens with a note's marker."""
    if k >= len(lines):
        return False
    line = text[lines[k][0] : lines[k][1]]
    return bool(footnote_marker(line) or GLUED_NOTE.match(line))


def _unlettered_notes(
    text: str,
    lines: Sequence[tuple[int, int]],
    last: int,
    caption: Span | None,
    rows: list[list[Span]],
) -> list[Footnote]:
    """Notes a web page copied without their letters (PMC's table pages print
    ``Isolated yield.`` under the rows, its ``b`` only on the header): the lines under
    the table are notes ``a``, ``b``, … in turn when the table's cells and headers use
    exactly as many letters as there are lines, the last of them the last line's."""
    k = last
    while k < len(lines) and k - last < 2 and lines[k][0] == lines[k][1]:
        k += 1
    notes: list[tuple[int, int]] = []
    while k < len(lines) and lines[k][0] < lines[k][1] and len(notes) < 9:
        line = text[lines[k][0] : lines[k][1]]
        if "|" in line:
            break
        if _marked_line(text, lines, k):
            return []  # the notes print their letters: read as such
        notes.append(lines[k])
        k += 1
    if not notes or len(notes) > 8:
        return []
    used: set[str] = set()
    for cell in [caption] if caption is not None else []:
        used.update(_LETTER_AFTER_WORD.findall(cell.text))
    for r, row in enumerate(rows):
        for cell in row:
            if r == 0:
                used.update(_LETTER_AFTER_WORD.findall(cell.text))
                used.update(
                    m.group().strip() for m in SPACED_MARKER_AFTER_LABEL.finditer(cell.text)
                )
            used.update(_LETTER_AFTER_VALUE.findall(cell.text))
    wanted = {chr(ord("a") + i) for i in range(len(notes))}
    last_letter = chr(ord("a") + len(notes) - 1)
    if len(used & wanted) < max(1, len(notes) - 1) or last_letter not in used:
        return []
    return [
        Footnote(chr(ord("a") + i), Span(text[start:end], start, end))
        for i, (start, end) in enumerate(notes)
    ]


#: A note's letter printed on a header word or a caption: ``Yielda (%)``, ``yield
#: (%)b``, ``Conditionsa.``.
_LETTER_AFTER_WORD = re.compile(r"(?<=[a-z)%\]])([a-h])(?=[\s.,(\[]|$)")
#: A note's letter printed on a value or an entry's number: ``41 c``, ``(70b)``, ``3c``.
_LETTER_AFTER_VALUE = re.compile(r"(?:^|[\s(])[<>]?\d+(?:\.\d+)?\s?([a-h])(?=[\s),]|$)")


def _lettered_notes(marker: str, line: str, start: int) -> list[Footnote]:
    """A line of notes run together (``a Reaction conditions: …. b Isolated yield of 3a.``)
    cut into one note per letter, the letters following on from the first."""
    places = [(marker, 0)]
    if len(marker) == 1 and "a" <= marker < "h":
        for found in _NEXT_LETTER.finditer(line):
            if found[2] == chr(ord(places[-1][0]) + 1):
                places.append((found[2], found.start(1) if found[1] else found.start(2)))
    notes = []
    for i, (letter, at) in enumerate(places):
        stop = places[i + 1][1] if i + 1 < len(places) else len(line)
        piece = line[at:stop].rstrip()
        notes.append(Footnote(letter, Span(piece, start + at, start + at + len(piece))))
    return notes


_NEXT_LETTER = re.compile(r"(?<=[.;])\s+(\[)?([b-h])(?(1)\])\s+(?=[A-Z0-9])")


def _kind(text: str) -> str:
    """What a cell holds, coarsely: how a copied row that lost a cell is put back."""
    text = text.rstrip("*†‡§¶# ").strip()  # letters stay: "2a" is a label
    if not text:
        return "empty"
    if re.fullmatch(r"\d{1,3}\.?", text):
        return "count"
    if re.fullmatch(r"[<>≥≤~]?\s*\d[\d.,]*(?:\s*[-–—‒−]\s*\d[\d.,]*)?(?:\s*\[[\d,–-]+\])?", text):
        return "number"
    if TABLE_LABEL_CELL.fullmatch(text) or LABEL_CELL.fullmatch(text):
        return "label"
    return "text"


def _realigned(body: list[list[Span]], spanned: bool = True) -> list[list[Span]]:
    """Rows a web page copied without their first cell (a spanned entry number) and
    so one cell short at the end, moved right where that fits the columns much
    better: ``4-NO2-C6H4 | 30 min | 2b | 88 | …`` under ``Entry | R1 | Time | …``.
    ``spanned``: the rows keep their blank cells (cells are separated), so a row short
    of a cell in the middle lost one the row above spans down (``2 | 2b | 80`` under
    ``1 | 1a | 2a | 85``: substrate 1a made both)."""
    if len(body) < 3:
        return body
    width = len(body[0])
    majority: list[str] = []
    for c in range(width):
        kinds = [_kind(row[c].text) for row in body]
        # (ties go to the kind met first, so a reading never depends on hashing)
        majority.append(max(dict.fromkeys(kinds), key=kinds.count))
    used = width  # columns most rows fill; a trailing "|" leaves an empty one
    while used > 1 and majority[used - 1] == "empty":
        used -= 1
    fixed = []
    for row in body:
        if 2 * sum(1 for cell in row[:used] if cell.text) < used:
            # " |  | (63.8%) |  | ": a line carrying on the row above, not a row that
            # lost its first cell
            fixed.append(row)
            continue
        trailing = 0
        while trailing < used - 1 and not row[used - 1 - trailing].text:
            trailing += 1
        best, best_score = row, sum(_kind(cell.text) == majority[c] for c, cell in enumerate(row))
        for shift in range(1, trailing + 1):
            moved = [Span("", row[0].start, row[0].start) for _ in range(shift)]
            moved += row[: used - shift] + row[used:]
            score = sum(_kind(cell.text) == majority[c] for c, cell in enumerate(moved))
            if score >= best_score + 2:
                best, best_score = moved, score
        if best is row and trailing:
            above = fixed[-1] if spanned and fixed else None
            best = _gap_filled(row, majority, used, trailing, above)
        fixed.append(best)
    return fixed


def _gap_filled(
    row: list[Span], majority: list[str], used: int, missing: int, above: list[Span] | None
) -> list[Span]:
    """A row that left a cell of its own blank in the middle (``1 1.5 Pd(OAc)2 41``
    under ``run | base | [Pd] | ligand | yield``, no ligand in that run), so that its last
    cells slid left: the blank put back where every cell then sits under a column of its
    kind, the rightmost such place; the row as it was when no place fits, or it fit.
    With the row ``above`` (a copy that keeps blank cells), the lost cells are the ones
    above that span down into this row, and rows span from the left: the leftmost place
    that fits, filled with the cells above it."""

    def misfits(cells: list[Span]) -> int:
        return sum(
            1
            for c, cell in enumerate(cells[:used])
            if cell.text and _coarse(_kind(cell.text)) != _coarse(majority[c])
        )

    if not misfits(row):
        return row
    places = range(used - missing, 0, -1) if above is None else range(1, used - missing + 1)
    for at in places:
        if above is not None and len(above) >= at + missing:
            if not all(cell.text for cell in above[at : at + missing]):
                continue
            gap = above[at : at + missing]
        else:
            gap = [Span("", row[at - 1].end, row[at - 1].end) for _ in range(missing)]
        moved = row[:at] + gap + row[at : used - missing] + row[used:]
        if not misfits(moved):
            return moved
    return row


def _coarse(kind: str) -> str:
    """A count and a number are both numbers when a row's cells are placed."""
    return "number" if kind == "count" else kind
