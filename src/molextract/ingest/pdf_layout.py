"""From positioned characters to paragraphs in reading order.

A PDF holds glyphs at positions, not text: lines, columns, paragraphs, running heads
and line numbers exist only as geometry. This module rebuilds them from the
characters of each page (what :mod:`molextract.ingest.pdf` reads with pdfium), with no
PDF library in sight, so every rule can be tested on geometry written by hand.

The order of work, and why:

1. characters become *segments*: runs on one baseline with no wide gap. A gap wider
   than a column gutter ends a segment, so two columns that a PDF writes line by line
   across the page still come apart;
2. page furniture goes: running heads and feet (the same line at the top or bottom of
   several pages, digits aside), page numbers, and line numbers (a column of small
   integers at one x);
3. each page is cut into columns at its gutter, a vertical strip no body segment
   crosses; a segment that crosses it (a title, an abstract, a wide caption) ends the
   columns above it, so a page reads band by band, left column before right;
4. lines become paragraphs where the layout says a new one starts: more space than
   the line pitch, a first-line indent, a short last line, a change to or from a
   heading (larger or bold type). A paragraph runs on across a column or a page;
5. lines join with a space, except at a line-end hyphen, which is dropped when it
   split a word and kept when it is part of one (``4-⏎nitrophenol``, ``61–⏎63``).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
import statistics
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

#: Between paragraphs of the rebuilt text, as the XML readers write it.
PARAGRAPH_BREAK = "\n\n"
#: Between pieces of one line that stand far apart (table cells, a spaced-out head).
CELL_SEPARATOR = " | "


@dataclass(frozen=True, slots=True)
class Char:
    """One glyph: its text, box (PDF points, y upwards) and type."""

    text: str
    left: float
    bottom: float
    right: float
    top: float
    size: float
    #: Where the glyph stands (its origin's y): lines are told apart by baselines,
    #: because glyph boxes of tightly set lines overlap.
    baseline: float
    bold: bool = False
    #: pdfium says a space stood before it though none was drawn (word spacing).
    space_before: bool = False
    #: pdfium says this is a hyphen at a line end.
    hyphen: bool = False


@dataclass(slots=True)
class Segment:
    """Characters on one baseline with no gap wider than a gutter between them."""

    page: int
    chars: list[Char] = field(default_factory=list)
    text: str = ""
    #: For each character of ``text``, whether it is set bold (a space takes the
    #: weight of the glyph before it), so a bold run-in heading can be cut off.
    bold_flags: list[bool] = field(default_factory=list)
    left: float = 0.0
    bottom: float = 0.0
    right: float = 0.0
    top: float = 0.0
    baseline: float = 0.0
    #: Size of the largest glyph so far: the line's own type, not its indices.
    main: float = 0.0

    @property
    def size(self) -> float:
        return _usual_size(self.chars)

    @property
    def bold(self) -> bool:
        return _mostly_bold(self.chars)

    @property
    def height(self) -> float:
        return self.top - self.bottom

    def add(self, char: Char, space: bool) -> None:
        if not self.chars:
            self.left, self.bottom, self.right, self.top = (
                char.left,
                char.bottom,
                char.right,
                char.top,
            )
        else:
            self.left = min(self.left, char.left)
            self.right = max(self.right, char.right)
            # Sub- and superscripts stay on the line without widening it.
            if char.size >= 0.9 * self.main:
                self.bottom = min(self.bottom, char.bottom)
                self.top = max(self.top, char.top)
        if char.size > 1.1 * self.main:
            # The line so far was an index (a footnote mark opening it): its type sets
            # the baseline and the box from here on.
            self.baseline, self.main = char.baseline, char.size
            self.bottom, self.top = char.bottom, char.top
        if space and self.text and not self.text.endswith(" "):
            self.text += " "
            self.bold_flags.append(self.bold_flags[-1])
        self.text += char.text
        self.bold_flags.extend([char.bold] * len(char.text))
        self.chars.append(char)

    def attach(self, mark: Char) -> None:
        """A combining accent printed over the glyph before it (``Kónya``)."""
        self.text += mark.text
        self.bold_flags.extend([mark.bold] * len(mark.text))


@dataclass(frozen=True, slots=True)
class Line:
    """A line of body text in reading order, as it will be joined."""

    text: str
    page: int
    column: int
    left: float
    bottom: float
    right: float
    top: float
    size: float
    bold: bool
    #: Left and right edges of the column the line stands in.
    column_left: float
    column_right: float
    ends_with_hyphen: bool
    #: How many characters at the line's start are bold: a run-in heading.
    bold_prefix: int = 0


@dataclass(frozen=True, slots=True)
class Paragraph:
    lines: tuple[Line, ...]
    heading: bool
    #: Indices of lines that follow a forced line break (kept as a newline).
    breaks: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Placed:
    """Where one line of the rebuilt text came from: its offset, page and box."""

    start: int
    page: int
    left: float
    bottom: float
    right: float
    top: float


@dataclass(frozen=True, slots=True)
class Layout:
    """The rebuilt text, its headings (as sections) and the map back to the pages."""

    text: str
    headings: tuple[tuple[int, int], ...]
    lines: tuple[Placed, ...]
    page_starts: tuple[int, ...]


def _usual_size(chars: Sequence[Char]) -> float:
    """The type size most of a line is set in (sub- and superscripts aside)."""
    return Counter(round(c.size, 1) for c in chars).most_common(1)[0][0]


def _mostly_bold(chars: Sequence[Char]) -> bool:
    letters = [c for c in chars if c.text.strip()]
    return bool(letters) and sum(c.bold for c in letters) >= 0.8 * len(letters)


# --- 1. segments ----------------------------------------------------------------------

#: A gap wider than this many type sizes ends a segment: wider than justified word
#: spacing ever stretches, narrower than a column gutter.
_GUTTER_GAP = 1.4


def segments(page: int, chars: Iterable[Char]) -> list[Segment]:
    """Characters (in the PDF's own order) grouped into segments.

    A character joins the open segment when it overlaps it vertically (so sub- and
    superscripts stay on their line), does not move back left, and is not a gutter
    away; otherwise it opens a new one.
    """
    out: list[Segment] = []
    current: Segment | None = None
    pending_space = False
    for char in chars:
        if not char.text.strip():
            pending_space = True
            continue
        if unicodedata.combining(char.text[0]):
            if current is not None and current.left - 2 <= char.left <= current.right + 2:
                current.attach(char)
            continue
        if current is not None and _continues(current, char):
            gap = char.left - current.right
            space = pending_space or char.space_before or gap > 0.2 * char.size
            current.add(char, space)
        else:
            current = Segment(page)
            current.add(char, False)
            out.append(current)
        pending_space = False
    return out


def _continues(segment: Segment, char: Char) -> bool:
    last = segment.chars[-1]
    # An index (smaller type) sits up to about two thirds of its line's size off the
    # baseline; type of one size on another baseline is another line.
    big, small = max(segment.main, char.size), min(segment.main, char.size)
    reach = 0.65 if small < 0.85 * big else 0.5
    if abs(char.baseline - segment.baseline) > reach * big:
        return False
    if char.left < last.left - 0.5 * last.size:
        return False  # moved back left: a new line
    return char.left - segment.right <= _GUTTER_GAP * max(char.size, last.size)


#: Pieces of one row further apart than this many type sizes are table cells.
_CELL_GAP = 3.0


# --- 2. page furniture ----------------------------------------------------------------

_PAGE_NUMBER = re.compile(
    r"(?i)^(?:page\s*)?(?:S\s?)?\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?$|^[ivxlc]{1,6}$|^[-–—]\s*\d{1,4}\s*[-–—]$"
)
_INTEGER = re.compile(r"^\d{1,4}$")
#: The share of a page's height at its top and bottom where heads and feet stand.
_BAND = 0.12


def furniture(pages: Sequence[list[Segment]], heights: Sequence[float]) -> set[int]:
    """``id``s of segments that are running heads and feet, page or line numbers."""
    dropped: set[int] = set()
    banded: list[list[tuple[Segment, str]]] = []
    for segs, height in zip(pages, heights, strict=True):
        band = [(s, _shape(s.text)) for s in segs if _in_band(s, height)]
        banded.append(band)
        dropped.update(id(s) for s in _line_numbers(segs))
    # The same shape (digits aside) in the bands of two pages or more is a running head.
    seen_on = Counter(shape for band in banded for shape in {shape for _, shape in band})
    for band, segs, height in zip(banded, pages, heights, strict=True):
        for seg, shape in band:
            if (
                _PAGE_NUMBER.match(seg.text.strip())
                or seen_on[shape] >= 2
                or (len(pages) == 1 and _isolated_head(seg, segs, height))
            ):
                dropped.add(id(seg))
    return dropped


def _shape(text: str) -> str:
    return re.sub(r"\d+", "#", " ".join(text.lower().split()))


def _in_band(seg: Segment, height: float) -> bool:
    return seg.bottom >= (1 - _BAND) * height or seg.top <= _BAND * height


def _isolated_head(seg: Segment, segs: Sequence[Segment], height: float) -> bool:
    """On a one-page document nothing repeats; a small line alone at the very top or
    bottom, well apart from the body, is still a head or a foot."""
    if seg.bold or seg.size > _body_size(segs) + 0.5 or len(seg.text) > 150:
        return False
    others = [s for s in segs if s is not seg and not _in_band(s, height)]
    if not others:
        return False
    at_top = seg.bottom >= (1 - _BAND) * height
    if at_top:
        nearest = min(seg.bottom - s.top for s in others if s.top <= seg.bottom + 1)
    else:
        nearest = min(s.bottom - seg.top for s in others if s.bottom >= seg.top - 1)
    return nearest > 1.5 * seg.height


def _line_numbers(segs: Sequence[Segment]) -> list[Segment]:
    """Small integers stacked at one x, counting as the page goes down.

    Four or more anywhere; two or more where no text stands (the margins), so a
    short page's few line numbers go too while a table's entry column, inside the
    text, needs to be longer than any page's line count to be mistaken for them.
    """
    numbers = [s for s in segs if _INTEGER.match(s.text.strip())]
    text = [s for s in segs if not _INTEGER.match(s.text.strip())]
    if not numbers:
        return []
    text_left = min((s.left for s in text), default=math.inf)
    text_right = max((s.right for s in text), default=-math.inf)
    found: dict[int, Segment] = {}
    # Numbers are set flush right or flush left; a stack shares one of the two edges.
    for edge in (lambda s: s.right, lambda s: s.left):
        for stack in _stacks(numbers, edge):
            in_margin = all(s.right <= text_left + 1 or s.left >= text_right - 1 for s in stack)
            if len(stack) < (2 if in_margin else 4):
                continue
            stack.sort(key=lambda s: -s.baseline)
            values = [int(s.text) for s in stack]
            rising = sum(b > a for a, b in itertools.pairwise(values))
            if rising >= 0.8 * (len(values) - 1):
                found.update((id(s), s) for s in stack)
    return list(found.values())


def _stacks(segs: Sequence[Segment], edge: Callable[[Segment], float]) -> list[list[Segment]]:
    """Segments grouped by an edge, each group within 2 pt of its neighbours."""
    stacks: list[list[Segment]] = []
    for seg in sorted(segs, key=edge):
        if stacks and edge(seg) - edge(stacks[-1][-1]) <= 2:
            stacks[-1].append(seg)
        else:
            stacks.append([seg])
    return stacks


def _body_size(segs: Iterable[Segment]) -> float:
    sizes: Counter[float] = Counter()
    for seg in segs:
        sizes[seg.size] += len(seg.text)
    return sizes.most_common(1)[0][0] if sizes else 10.0


# --- 3. columns and reading order -------------------------------------------------------


def one_column_edges(pages: Sequence[Sequence[Segment]]) -> tuple[float, float] | None:
    """The text edges of the document's one-column pages taken together. A page of a
    few short lines (the end of an SI entry, a data sheet) cannot tell its own right
    margin; the document's other pages can."""
    flat = [seg for segs in pages if segs and _gutter(segs) is None for seg in segs]
    return _edges(flat) if flat else None


def reading_order(
    segs: Sequence[Segment], one_column: tuple[float, float] | None = None
) -> list[Line]:
    """One page's body segments as lines, band by band, left column first.
    ``one_column``: the document's one-column edges, used on a one-column page."""
    if not segs:
        return []
    gutter = _gutter(segs)
    rows = _rows(segs)
    lines: list[Line] = []
    if gutter is None:
        page_edges = one_column or _edges(segs)
        return _notes_last([_line(row, 0, *page_edges) for row in rows], _body_size(segs))
    lo, hi = gutter
    edges = {
        0: _edges([s for s in segs if s.right <= hi]),
        1: _edges([s for s in segs if s.left >= lo]),
    }
    band: dict[int, list[list[Segment]]] = {0: [], 1: []}
    #: Pieces beside a full-width block (a box of dates beside an abstract): read after
    #: the block, before the columns below it.
    beside: dict[int, list[list[Segment]]] = {0: [], 1: []}

    def flush(parts: dict[int, list[list[Segment]]]) -> None:
        for column in (0, 1):
            for row in parts[column]:
                lines.append(_line(row, column, *edges[column]))
            parts[column] = []

    crosses = [[s for s in row if s.left < lo and s.right > hi] for row in rows]
    # Full-width lines measure their edges among themselves: an abstract set in from
    # the page's left margin is not indented line by line.
    full = _edges([s for part in crosses for s in part] or segs)
    for i, row in enumerate(rows):
        crossing = crosses[i]
        # A row of the side box alone, between two full-width lines, is still beside.
        sandwiched = 0 < i < len(rows) - 1 and bool(crosses[i - 1]) and bool(crosses[i + 1])
        if crossing:
            flush(band)
            lines.append(_line(crossing, 2, *full))
            target = beside
        elif sandwiched:
            target = beside
        else:
            flush(beside)
            target = band
        for column in (0, 1):
            part = [s for s in row if s not in crossing and (s.right <= hi) == (column == 0)]
            if part:
                target[column].append(part)
    flush(beside)
    flush(band)
    return _notes_last(lines, _body_size(segs))


def _notes_last(lines: list[Line], body: float) -> list[Line]:
    """Footnotes (affiliations, licence lines) at the foot of a column, in smaller type
    than the body, move to the end of the page, so a paragraph that runs on into the
    next column is not cut by them."""
    lowest: dict[int, float] = {}
    for line in lines:
        if line.size >= 0.92 * body:
            for column in (line.column, 2) if line.column != 2 else (0, 1, 2):
                lowest[column] = min(lowest.get(column, math.inf), line.bottom)
    notes = [
        line
        for line in lines
        if line.size < 0.92 * body and line.top < lowest.get(line.column, -math.inf)
    ]
    if not notes:
        return lines
    kept = [line for line in lines if not any(line is note for note in notes)]
    return kept + notes


def _edges(segs: Sequence[Segment]) -> tuple[float, float]:
    """A column's text edges: where most of its lines start, and the right edge most
    of them reach. A stray mark or a wide float does not move them."""
    starts = Counter(round(s.left) for s in segs)
    left = float(max(starts.items(), key=lambda kv: (kv[1], -kv[0]))[0])
    rights = sorted(s.right for s in segs)
    right = rights[int(0.9 * (len(rights) - 1))]
    return left, right


def _gutter(segs: Sequence[Segment]) -> tuple[float, float] | None:
    """The vertical strip in the middle of the page between two columns, or None.

    A strip is a gutter when at least three rows have text on both sides of it and
    few full-width lines stand among those rows (a first page's abstract above them
    does not count), or, for columns whose lines do not share baselines, when much
    more text stands on either side than crosses it. Of the candidates, the one that
    splits the most rows wins, then the widest.
    """
    left = min(s.left for s in segs)
    right = max(s.right for s in segs)
    width = right - left
    if width <= 0:
        return None
    rows = _rows(segs)
    best: tuple[float, float] | None = None
    best_key = (0, 0.0)
    x = left + 0.3 * width
    while x <= left + 0.7 * width:
        split: list[float] = []
        crossed: list[float] = []
        for row in rows:
            if any(s.left < x < s.right for s in row):
                crossed.append(row[0].baseline)
            elif any(s.right <= x for s in row) and any(s.left >= x for s in row):
                split.append(row[0].baseline)
        among = [y for y in crossed if split and min(split) <= y <= max(split)]
        side_by_side = len(split) >= 3 and len(among) <= 0.5 * len(split)
        crossing = sum(1 for s in segs if s.left < x < s.right)
        on_left = sum(1 for s in segs if s.right <= x)
        on_right = sum(1 for s in segs if s.left >= x)
        apart = min(on_left, on_right) >= 3 and crossing <= 0.5 * min(on_left, on_right)
        if side_by_side or apart:
            lo = max((s.right for s in segs if s.right <= x), default=x)
            hi = min((s.left for s in segs if s.left >= x), default=x)
            key = (len(split), hi - lo)
            if key > best_key:
                best, best_key = (lo, hi), key
        x += 2.0
    return best


def _rows(segs: Sequence[Segment]) -> list[list[Segment]]:
    """Segments grouped by baseline, top of the page first, each row left to right."""
    ordered = sorted(segs, key=lambda s: -s.baseline)
    rows: list[list[Segment]] = []
    for seg in ordered:
        if rows:
            anchor = rows[-1][0]
            if abs(anchor.baseline - seg.baseline) <= 0.3 * min(anchor.main, seg.main):
                rows[-1].append(seg)
                continue
        rows.append([seg])
    return [sorted(row, key=lambda s: s.left) for row in rows]


def _line(row: list[Segment], column: int, column_left: float, column_right: float) -> Line:
    text = row[0].text.strip()
    for before, seg in itertools.pairwise(row):
        # A justified line stretched by a long name has wide gaps, a table row wider.
        wide = seg.left - before.right > _CELL_GAP * max(before.main, seg.main)
        text += (CELL_SEPARATOR if wide else " ") + seg.text.strip()
    first = row[0]
    stripped = len(first.text) - len(first.text.lstrip())
    flags = [*first.bold_flags[stripped:], False]
    bold_prefix = flags.index(False)
    last = row[-1].chars[-1]
    chars = [c for s in row for c in s.chars]
    return Line(
        text=text,
        page=row[0].page,
        column=column,
        left=row[0].left,
        bottom=min(s.bottom for s in row),
        right=row[-1].right,
        top=max(s.top for s in row),
        size=_usual_size(chars),
        bold=_mostly_bold(chars),
        column_left=column_left,
        column_right=column_right,
        ends_with_hyphen=last.hyphen or last.text in "-\u00ad\u2010\ufffe",
        bold_prefix=bold_prefix,
    )


# --- 4. paragraphs -----------------------------------------------------------------------


def paragraphs(lines: Sequence[Line]) -> list[Paragraph]:
    """Lines grouped into paragraphs and headings by the layout's own signals."""
    if not lines:
        return []
    body = _body_size_of(lines)
    pitch = _pitch(lines, body)
    spaced = _spaced(lines, pitch, body)
    out: list[Paragraph] = []
    current: list[Line] = []
    breaks: list[int] = []
    heading = False

    def close(as_heading: bool) -> None:
        nonlocal current, breaks
        if current:
            out.append(Paragraph(tuple(current), as_heading, tuple(breaks)))
        current, breaks = [], []

    for line in lines:
        is_heading = _is_heading(line, body)
        edge = "paragraph"
        if current:
            edge = _boundary(current[-1], line, pitch, is_heading and heading, body, spaced)
        starts = edge == "paragraph"
        if not is_heading and (heading or starts) and (run_in := _run_in(line)):
            # A bold heading that runs into its paragraph: ``Compound 3a. White
            # solid ...``, or the end of a heading begun on the line before.
            head, line = run_in
            if starts or not heading:
                close(heading)
            current.append(head)
            close(True)
            heading, starts, edge = False, True, "paragraph"
        if current and (is_heading != heading or starts):
            close(heading)
        if not current:
            heading = is_heading
        elif edge == "line":
            breaks.append(len(current))
        current.append(line)
    close(heading)
    return out


def _spaced(lines: Sequence[Line], pitch: float, body: float) -> bool:
    """Whether the layout sets paragraphs apart with space (rather than indents):
    then a short line followed by neither space nor indent is a forced line break,
    not a paragraph's end (``Yield:⏎0.02 g``, a data sheet's fields)."""
    gapped = indented = 0
    for a, b in itertools.pairwise(lines):
        if a.page != b.page or a.column != b.column:
            continue
        if abs(a.size - body) > 0.5 or abs(b.size - body) > 0.5:
            continue  # to and from headings: space around them says nothing
        if a.right < a.column_right - 2.5 * a.size:
            if a.bottom - b.bottom > _PARAGRAPH_GAP * pitch:
                gapped += 1
            elif b.left > b.column_left + 0.8 * b.size:
                indented += 1
    return gapped >= 1 and gapped > indented


def _run_in(line: Line) -> tuple[Line, Line] | None:
    """A line that opens with a bold heading ending in a full stop or colon, cut into
    the heading and the rest."""
    prefix = line.text[: line.bold_prefix]
    cut = max(prefix.rfind(". "), prefix.rfind(": "), -1)
    if prefix.endswith((".", ":")):
        cut = len(prefix) - 1
    if cut < 2 or sum(ch.isalpha() for ch in prefix[:cut]) < 3:
        return None
    head_text, rest = line.text[: cut + 1], line.text[cut + 1 :].lstrip()
    if not rest:
        return None
    share = len(head_text) / len(line.text)
    split_x = line.left + share * (line.right - line.left)
    head = dataclasses.replace(line, text=head_text, right=split_x, ends_with_hyphen=False)
    body = dataclasses.replace(line, text=rest, left=split_x, bold=False, bold_prefix=0)
    return head, body


def _body_size_of(lines: Sequence[Line]) -> float:
    sizes: Counter[float] = Counter()
    for line in lines:
        sizes[line.size] += len(line.text)
    return sizes.most_common(1)[0][0]


def _pitch(lines: Sequence[Line], body: float) -> float:
    """The usual distance from one body line to the next in a column."""
    steps = [
        a.bottom - b.bottom
        for a, b in itertools.pairwise(lines)
        if a.page == b.page
        and a.column == b.column
        and abs(a.size - body) < 0.5
        and 0 < a.bottom - b.bottom < 3 * body
    ]
    return statistics.median(steps) if steps else 1.2 * body


def _is_heading(line: Line, body: float) -> bool:
    if len(line.text) > 200 or not any(ch.isalpha() for ch in line.text):
        return False
    return line.size >= 1.15 * body or line.bold


def _boundary(
    previous: Line, line: Line, pitch: float, heading: bool, body: float, spaced: bool
) -> str:
    """What stands between two lines: ``paragraph``, ``line`` (a forced break inside
    a paragraph) or ``none`` (the text runs on). ``heading``: both are heading lines."""
    size = line.size
    same_column = previous.page == line.page and previous.column == line.column
    if same_column and line.bottom > previous.bottom:
        return "paragraph"  # back up the same column: a new block (a caption, a float)
    if previous.page == line.page and (previous.column == 2) != (line.column == 2):
        return "paragraph"  # from a full-width block into the columns, or back
    if same_column and previous.bottom - line.bottom > _PARAGRAPH_GAP * pitch * max(
        1.0, size / body
    ):
        return "paragraph"
    if previous.ends_with_hyphen:
        return "none"  # a word split at a line end
    width = previous.column_right - previous.column_left
    if heading:
        # A heading wraps from a line that fills its column; after a short one
        # (``Example 7`` over the compound's name) the next heading begins.
        return "none" if previous.right >= previous.column_right - 0.25 * width else "paragraph"
    if line.left > line.column_left + 0.8 * size and line.left < line.column_right - 4 * size:
        return "paragraph"  # first-line indent
    short = previous.right < previous.column_right - 2.5 * size
    ends_sentence = previous.text.rstrip().endswith((".", ":", "!", "?", ")"))
    half = previous.right - previous.column_left < 0.6 * width
    if short and (ends_sentence or half):
        # Short lines one after another, with no space between, are a block of
        # fields or list entries (``Yield:⏎0.02 g``) rather than one-line paragraphs.
        listed = line.right < line.column_right - 2.5 * size
        return "line" if listed or (spaced and same_column) else "paragraph"
    return "none"


#: A step from one line to the next this much longer than the usual one is space set
#: between paragraphs (lines of one paragraph vary by a few per cent at most).
_PARAGRAPH_GAP = 1.18


# --- 5. joining --------------------------------------------------------------------------

#: Prefixes whose hyphen belongs to the word even at a line end.
_KEPT_PREFIXES = frozenset(
    [
        "tert",
        "sec",
        "cis",
        "trans",
        "meso",
        "endo",
        "exo",
        "syn",
        "anti",
        "ortho",
        "meta",
        "para",
        "n",
        "o",
        "m",
        "p",
        "s",
        "t",
        "c",
        "d",
        "l",
        "z",
        "e",
        "r",
        "non",
        "self",
        "well",
        "one",
        "two",
        "three",
        "four",
    ]
)
#: Second halves that make a compound word with a hyphen of its own (``work-up``,
#: ``base-mediated``, ``electron-rich``), as chemical writing uses them.
_KEPT_SECOND_HALVES = frozenset(
    [
        "up",
        "down",
        "in",
        "out",
        "off",
        "on",
        "like",
        "based",
        "free",
        "type",
        "fold",
        "scale",
        "pot",
        "step",
        "rich",
        "poor",
        "deficient",
        "substituted",
        "protected",
        "containing",
        "derived",
        "mediated",
        "catalyzed",
        "catalysed",
        "promoted",
        "induced",
        "dependent",
        "specific",
        "selective",
        "life",
        "lives",
        "time",
        "phase",
    ]
)
_WORD_END = re.compile(r"([A-Za-z]+)[-\u00ad\u2010\ufffe]$")
_WORD_START = re.compile(r"^([a-z]+)")


def build(paras: Sequence[Paragraph], page_count: int) -> Layout:
    """The document's text from its paragraphs, with the map back to the pages."""
    words = _words(line.text for p in paras for line in p.lines)
    texts: list[str] = []
    placed: list[Placed] = []
    headings: list[tuple[int, int]] = []
    offset = 0
    for para in paras:
        if texts:
            offset += len(PARAGRAPH_BREAK)
        parts: list[str] = []
        length = 0
        for index, line in enumerate(para.lines):
            text = line.text.strip()
            if parts and index in para.breaks:
                parts[-1] += "\n"
                length += 1
            elif parts:
                joiner, kept = _joint(parts[-1], text, words)
                length += len(kept) + len(joiner) - len(parts[-1])
                parts[-1] = kept + joiner
            placed.append(
                Placed(offset + length, line.page, line.left, line.bottom, line.right, line.top)
            )
            parts.append(text)
            length += len(text)
        texts.append("".join(parts))
        if para.heading:
            headings.append((offset, offset + length))
        offset += length
    return Layout(
        PARAGRAPH_BREAK.join(texts),
        tuple(headings),
        tuple(placed),
        _page_starts(placed, page_count, offset),
    )


def _joint(before: str, after: str, words: set[str]) -> tuple[str, str]:
    """What goes between two lines of one paragraph, and the first line as it stays.

    A line-end hyphen that split a word is dropped; one that belongs to the text (a
    locant, a range, a prefix that keeps its hyphen) stays, with no space after it.
    """
    tail = before[-1:]
    if tail in "–—" or (tail in "-−" and before[-2:-1].isdigit() and after[:1].isdigit()):
        return "", before
    if tail == "/":
        return "", before  # g/⏎cm3, EtOAc/⏎hexane
    if tail not in "-\u00ad\u2010\ufffe−":
        return " ", before
    stem = before[:-1]
    left, right = _WORD_END.search(before), _WORD_START.match(after)
    if left is None or right is None:
        return "", stem + "-"  # a locant, a bracket, a capital after it: a real hyphen
    head, rest = left.group(1), right.group(1)
    if (head + rest).lower() in words:
        return "", stem  # the document prints the word whole elsewhere
    if (
        head.lower() in _KEPT_PREFIXES
        or rest.lower() in _KEPT_SECOND_HALVES
        or f"{head}-{rest}".lower() in words
    ):
        return "", stem + "-"
    if len(head) > 3 and len(rest) > 3 and {head.lower(), rest.lower()} <= words:
        return "", stem + "-"  # two words the document uses alone: a compound word
    if head.islower() or head[1:].islower():
        return "", stem
    return "", stem + "-"


def _words(lines: Iterable[str]) -> set[str]:
    """Every word and hyphenated word the document prints whole, lower-cased.

    A line's first word and the word a line-end hyphen cuts may be halves, so they do
    not count: ``individual-⏎based`` must not vouch for ``individual`` or ``based``.
    """
    found: set[str] = set()
    for text in lines:
        words = re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)*", text)
        if text.endswith(("-", "\u00ad", "\u2010", "\ufffe")):
            words = words[:-1]
        found.update(w.lower() for w in words[1:])
    return found


def _page_starts(placed: Sequence[Placed], page_count: int, end: int) -> tuple[int, ...]:
    """Offset at which each page's text begins; a page with no text begins where the
    next text does, so ``bisect_right(starts, offset)`` is the page of an offset."""
    starts: list[int] = []
    i = 0
    for page in range(1, page_count + 1):
        while i < len(placed) and placed[i].page < page:
            i += 1
        starts.append(placed[i].start if i < len(placed) else end)
    return tuple(starts)
