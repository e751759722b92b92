"""Flattening XML records into a Document's text and its section offsets.

Literature XML mixes inline markup (``T<sub>4</sub>``, italics, citations) with block
structure (paragraphs, headings, tables). Inline markup is flattened to its text so a
name or a formula stays one searchable string; blocks become paragraphs separated by a
blank line, because chunking splits on paragraphs and the model reads them as units.
Section offsets let results point back to the part of a paper a value came from.
"""

from __future__ import annotations

import html.entities
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, cast

from lxml import etree

from molextract.ingest.tables import (
    Footnote,
    SourceCell,
    Span,
    Table,
    TableRecorder,
    drop_empty_columns,
    footnote_marker,
    stack_header,
)
from molextract.ingest.xmlstream import local_name

PARAGRAPH_BREAK = "\n\n"
#: A rowspan or colspan above this is a markup error, not a table that big.
_MAX_SPAN = 1000

#: lxml-stubs do not declare the factory that is the ``tag`` of entity-reference nodes.
_ENTITY: Any = etree.Entity
_ROW_TAGS = frozenset({"tr", "row"})
_CELL_TAGS = frozenset({"td", "th", "entry"})

Section = dict[str, str | int]
Handler = Callable[[etree._Element], None]


def collapse(text: str) -> str:
    """Whitespace runs to one space, ends trimmed. ``str.split`` splits on exactly the
    characters ``\\s`` matches, and is several times faster than a regex."""
    return " ".join(text.split())


def texts(element: etree._Element) -> Iterator[str]:
    """Text of ``element`` and its descendants in document order, without its own tail."""
    # lxml-stubs allow bytes here, but text parsed from bytes input is always str.
    return cast("Iterator[str]", element.itertext())


def inline_text(element: etree._Element | None) -> str:
    return "" if element is None else collapse("".join(texts(element)))


def child(element: etree._Element | None, *path: str) -> etree._Element | None:
    """The first element at ``path`` below ``element``, or None.

    What ``find("a/b")`` does, at a fraction of the cost: ElementPath's overhead is
    most of the time spent on a small PubMed record, and a baseline file has 30,000.
    """
    for tag in path:
        if element is None:
            return None
        element = next(element.iterchildren(tag), None)
    return element


def child_text(element: etree._Element | None, *path: str) -> str:
    """Collapsed text of the element at ``path`` (markup flattened), or ``""``."""
    return inline_text(child(element, *path))


def prepare(
    record: etree._Element, *, dropped: Sequence[str] = (), padded: Sequence[str] = ()
) -> None:
    """Make a record's flattened text read right; the record is discarded afterwards,
    so it is edited in place.

    Entities stay unexpanded while parsing (the DTDs are not available, and expanding
    is unsafe), so references like ``&nbsp;`` become their characters here. ``dropped``
    elements carry no prose (TeX source, image references) and go, keeping their tails.
    ``padded`` elements are blocks that often abut without whitespace in the source
    (``</title><p>``), which would glue words together when flattened.
    """
    for node in list(record.iter(_ENTITY)):
        _replace_entity(node)
    if dropped:
        etree.strip_elements(record, *dropped, with_tail=False)
    if padded:
        for node in record.iter(*padded):
            node.text = " " + (node.text or "")
            node.tail = " " + (node.tail or "")


def _replace_entity(node: etree._Element) -> None:
    reference = node.text or ""
    # An unknown name stays as written: visibly odd beats silently lost.
    value = html.entities.html5.get(reference[1:], reference)
    text = value + (node.tail or "")
    previous, parent = node.getprevious(), node.getparent()
    if parent is None:
        return
    if previous is not None:
        previous.tail = (previous.tail or "") + text
    else:
        parent.text = (parent.text or "") + text
    node.tail = None
    parent.remove(node)


def strip_namespaces(record: etree._Element) -> None:
    """Namespaced JATS (as PMC's OAI service serves it) reads like plain JATS after this."""
    for node in record.iter():
        tag = node.tag
        if isinstance(tag, str) and tag.startswith("{"):
            node.tag = tag.rpartition("}")[2]


class ArticleText:
    """Block handlers of one article, sharing its TextBuilder: a section is its heading
    (label and title) as a paragraph, then its content; a figure is its labelled
    caption. A reader names its vocabulary's containers, its blocks that are no prose,
    its own handlers, and the tags its sections' titles and labels go by."""

    def __init__(
        self,
        containers: Sequence[str],
        not_prose: Sequence[str],
        blocks: Mapping[str, Handler],
        *,
        title_tag: str = "title",
        label_tag: str = "label",
    ) -> None:
        self.builder = TextBuilder()
        self.tables: list[Table] = []
        self.title_tag = title_tag
        self.label_tag = label_tag
        self.blocks: dict[str, Handler] = {
            **dict.fromkeys(containers, self.flow),
            **dict.fromkeys(not_prose, ignore),
            **blocks,
        }
        # Under a section, its own title and label are already its heading paragraph.
        self.headed_blocks = {**self.blocks, title_tag: ignore, label_tag: ignore}

    def flow(self, element: etree._Element) -> None:
        flow(self.builder, element, self.blocks)

    def paragraph(self, element: etree._Element) -> None:
        """An element read as one paragraph: a heading, a caption-less para, a formula."""
        self.builder.paragraph(inline_text(element))

    heading = paragraph

    def section(self, element: etree._Element) -> None:
        self.headed(element, "")

    def headed(self, element: etree._Element, default_title: str) -> None:
        """A section, or an abstract: its heading as a paragraph, then its content."""
        label = inline_text(element.find(self.label_tag))
        heading = collapse(f"{label} {inline_text(element.find(self.title_tag))}")
        with self.builder.section(heading or default_title):
            self.builder.paragraph(heading)
            flow(self.builder, element, self.headed_blocks)

    def figure(self, figure: etree._Element) -> None:
        label = inline_text(figure.find(self.label_tag))
        with self.builder.section(label or "Figure"):
            self.builder.paragraph(labelled(label, inline_text(figure.find("caption"))))


def labelled(label: str, caption: str) -> str:
    """``Table 1`` + ``Melting points`` -> ``Table 1. Melting points``."""
    if not label or not caption:
        return label or caption
    return f"{label}{' ' if label[-1] in '.:' else '. '}{caption}"


def table_rows(table: etree._Element) -> list[list[SourceCell]]:
    """The rows of an HTML/JATS table or a CALS ``tgroup``, each cell with its spans.

    A cell is a header cell when it is a ``th`` or its row is in a ``thead``. CALS
    spans (``namest``/``nameend`` against the ``colspec`` names, ``morerows``) are
    turned into the HTML counts the grid is laid out by.
    """
    columns = {
        spec.get("colname"): i
        for i, spec in enumerate(table.iter("colspec", "{*}colspec"))
        if spec.get("colname")
    }
    rows = []
    for row in table.iter():
        if local_name(row) not in _ROW_TAGS:
            continue
        parent = row.getparent()
        in_head = parent is not None and local_name(parent) == "thead"
        cells = []
        for cell in row:
            name = local_name(cell)
            if name not in _CELL_TAGS:
                continue
            cells.append(
                SourceCell(
                    inline_text(cell),
                    row_span=_span_count(cell.get("rowspan"), 1)
                    + _span_count(cell.get("morerows"), 0),
                    col_span=_cals_columns(cell, columns) or _span_count(cell.get("colspan"), 1),
                    header=in_head or name == "th",
                )
            )
        rows.append(cells)
    return rows


def _span_count(raw: str | None, default: int) -> int:
    """A span attribute as a count; junk or absurd values read as ``default``."""
    try:
        value = int((raw or "").strip())
    except ValueError:
        return default
    return value if 0 <= value <= _MAX_SPAN else default


def _cals_columns(cell: etree._Element, columns: Mapping[str | None, int]) -> int:
    first, last = columns.get(cell.get("namest")), columns.get(cell.get("nameend"))
    if first is None or last is None or last < first:
        return 0
    return last - first + 1


def table_lines(table: etree._Element) -> list[str]:
    """One line per row, cells joined by ``" | "``.

    Rows with no text (rules drawn as empty rows) and columns empty in every row
    (indentation columns) are dropped; other empty cells stay so columns line up.
    """
    return TableRecorder(table_rows(table)).lines


class TextBuilder:
    """Paragraphs joined by a blank line, with the code-point span of each section.

    A section spans from its first paragraph (its heading, where the source has one)
    to the end of its last; nested sections nest inside their parents' spans. A
    section that received no paragraph is left out.
    """

    def __init__(self) -> None:
        self._paragraphs: list[str] = []
        self._starts: list[int] = []
        self._length = 0
        self._sections: list[Section | None] = []

    @property
    def text(self) -> str:
        return PARAGRAPH_BREAK.join(self._paragraphs)

    @property
    def next_start(self) -> int:
        """Where the next paragraph will begin in ``text``."""
        return self._length + (len(PARAGRAPH_BREAK) if self._paragraphs else 0)

    @property
    def paragraph_count(self) -> int:
        return len(self._paragraphs)

    @property
    def sections(self) -> list[Section]:
        return [section for section in self._sections if section is not None]

    def paragraph(self, text: str) -> None:
        """Add ``text`` with whitespace runs collapsed; nothing if it is blank."""
        self._add(collapse(text))

    def lines(self, lines: Iterable[str]) -> None:
        """Add one paragraph whose non-blank ``lines`` keep their line breaks."""
        self._add("\n".join(line for line in map(collapse, lines) if line))

    @contextmanager
    def section(self, title: str) -> Iterator[None]:
        first = len(self._paragraphs)
        slot = len(self._sections)
        self._sections.append(None)  # reserves the place, so parents precede children
        yield
        if title and len(self._paragraphs) > first:
            self._sections[slot] = {
                "title": title,
                "start": self._starts[first],
                "end": self._length,
            }

    def _add(self, text: str) -> None:
        if not text:
            return
        if self._paragraphs:
            self._length += len(PARAGRAPH_BREAK)
        self._starts.append(self._length)
        self._paragraphs.append(text)
        self._length += len(text)


def add_tables(
    builder: TextBuilder,
    found: list[Table],
    groups: Sequence[etree._Element],
    *,
    label: str = "",
    caption: str = "",
    notes: Sequence[str] = (),
    stacked_headers: bool = False,
) -> None:
    """A table as text (caption, then one paragraph of rows, then one of notes), and
    as structure appended to ``found``. ``groups`` are the markup tables (or CALS
    groups) printed under one caption: each is a ``Table`` of its own, since each
    has its own columns. ``stacked_headers``: a group of header rows printed above
    another group is that group's header (CALS, by the columns' x positions)."""
    caption_span = None
    caption = collapse(caption)
    if caption:
        caption_span = Span(caption, builder.next_start, builder.next_start + len(caption))
        builder.paragraph(caption)
    kept = [(g, r) for g in groups if (r := TableRecorder(table_rows(g))).lines]
    recorders = [recorder for _, recorder in kept]
    start = builder.next_start
    builder.lines(line for recorder in recorders for line in recorder.lines)
    note_lines = [line for line in map(collapse, notes) if line]
    at = builder.next_start
    builder.lines(note_lines)
    footnotes = []
    for line in note_lines:
        footnotes.append(Footnote(footnote_marker(line), Span(line, at, at + len(line))))
        at += len(line) + 1
    if stacked_headers and kept and (printed := _title_label(kept[0][1].lines)):
        # A CALS group that only prints "TABLE 10" and its title is the caption.
        title = "\n".join(kept[0][1].lines)
        if caption_span is None:
            caption_span = Span(title, start, start + len(title))
        label = printed
        start += len(title) + 1
        kept = kept[1:]
    pending: list[tuple[Table, list[float]]] = []
    for i, (group, recorder) in enumerate(kept):
        starts = _column_starts(group) if stacked_headers else None
        full = starts is not None
        table = recorder.table(
            start,
            index=len(found),
            label=label,
            caption=caption_span,
            footnotes=footnotes,
            keep_empty_columns=full,
        )
        start += sum(len(line) + 1 for line in recorder.lines)
        if starts is not None and i + 1 < len(kept) and _header_like(table):
            pending.append((table, starts))
            continue
        if starts is not None and pending:
            table = stack_header(pending, table, starts)
        else:
            found.extend(_reindexed(t, len(found) + n) for n, (t, _) in enumerate(pending))
            if full:
                table = _reindexed(table, len(found), drop=True)
        pending = []
        found.append(_reindexed(table, len(found)))
    found.extend(_reindexed(t, len(found) + n, drop=True) for n, (t, _) in enumerate(pending))


def _reindexed(table: Table, index: int, *, drop: bool = False) -> Table:
    rows = drop_empty_columns(table.rows) if drop else table.rows
    return Table(index, table.label, table.caption, rows, table.header_rows, table.footnotes)


def _header_like(table: Table) -> bool:
    """A group of a few rows of words, two columns or more: a header printed as a group
    of its own.

    Its words may carry numbers of their own (``Example`` over ``13``, a wrapped
    ``(Commercial GE PBT 315)``), but never a measured one: no decimal, and most cells
    hold words.
    """
    cells = [cell.text for row in table.rows for cell in row if cell.text]
    filled = {c for row in table.rows for c, cell in enumerate(row) if cell.text}
    bare = [cell for cell in cells if not any(ch.isalpha() for ch in cell)]
    if len(filled) < 2 or not cells:
        return False
    if len(table.rows) <= 3 and not bare:
        return True
    return (
        len(table.rows) <= 6
        and 3 * len(bare) < len(cells)
        and not any(_DECIMAL.search(cell) for cell in cells)
    )


_DECIMAL = re.compile(r"\d[.,]\d")
#: The line a CALS title group begins with: ``TABLE 10``, ``TABLE 3-continued``.
_TITLE = re.compile(r"\s*TABLE\s+(\d+[A-Za-z]?)\b", re.IGNORECASE)


def _title_label(lines: Sequence[str]) -> str:
    """``Table 10`` when ``lines`` are a table's printed number and title, one cell to
    a line (no cell separator), else ``""``."""
    found = _TITLE.match(lines[0]) if lines else None
    if found is None or any(" | " in line for line in lines):
        return ""
    return f"Table {found[1]}"


def _column_starts(group: etree._Element) -> list[float] | None:
    """Where each CALS column begins, in points, from its ``colspec`` widths; None
    when a width is missing or not in points."""
    starts = []
    at = 0.0
    specs = list(group.iter("colspec", "{*}colspec"))
    if not specs:
        return None
    for spec in specs:
        width = (spec.get("colwidth") or "").strip()
        if not width.endswith("pt"):
            return None
        try:
            value = float(width[:-2])
        except ValueError:
            return None
        starts.append(at)
        at += value
    return starts


def flow(builder: TextBuilder, element: etree._Element, blocks: Mapping[str, Handler]) -> None:
    """Add mixed content as paragraphs.

    Inline children join the running paragraph; a child whose tag is in ``blocks``
    (a table or list inside a paragraph, a paragraph inside a section) ends it and is
    handed to its handler, and the text after it starts a new paragraph.
    """
    pending: list[str] = [element.text or ""]
    for child in element:
        handler = blocks.get(child.tag)
        if handler is None:
            pending.extend(texts(child))
        else:
            builder.paragraph("".join(pending))
            pending.clear()
            handler(child)
        pending.append(child.tail or "")
    builder.paragraph("".join(pending))


def ignore(_: etree._Element) -> None:
    """Handler for blocks that hold no prose for extraction (reference lists, ...)."""
