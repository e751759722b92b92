"""A single-file HTML report for reading extraction results next to their sources.

A reviewer judges a record by its evidence, so the report shows each document with
the quoted spans highlighted at their recorded offsets, the structure RDKit read,
and a table that can be sorted and filtered in the browser. Everything is in one
file (inline CSS, inline script, inline SVG) so it can be mailed or archived and
opened offline years later.

Document text and every model output are untrusted: all of it is HTML-escaped, and
a Content-Security-Policy allows no network access and runs only the report's own
script (pinned by its hash), so markup that slipped through would still be inert.

A value read from a table is judged against its column and row, not against a line of
`` | ``-separated cells, so each table that holds records is drawn as a table where
it is printed, with the records' cells marked. The tables are the ones extraction
read: those a reader kept in the document's metadata, else those printed as text.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from rdkit import Chem, rdBase
from rdkit.Chem.Draw import rdMolDraw2D

from molextract.extraction.text_tables import text_tables
from molextract.ingest.tables import Table, document_tables
from molextract.schemas.records import DocumentResult, Record, format_number, format_value

STATUSES = ("accepted", "flagged", "rejected")
STRUCTURE_SIZE = (240, 180)
# Far beyond any drawable structure; longer strings would only make the report slow.
MAX_DEPICTED_SMILES = 500

rdBase.DisableLog("rdApp.*")


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


@dataclass(frozen=True)
class _Row:
    """A record with the id that ties its table row to its highlights and structure."""

    rid: str
    doc_index: int
    record: Record


# --- values -------------------------------------------------------------------------


def _value_text(record: Record, *, unit: bool = False) -> str:
    return format_value(
        record.value,
        record.value_low,
        record.value_high,
        record.unit if unit else None,
        qualifier=record.qualifier,
    )


def _sort_key(value: float | None) -> str:
    return "" if value is None else repr(value)


def _summary(record: Record) -> str:
    who = record.compound.name or record.compound.label or "?"
    page = "" if record.evidence.page is None else f" · page {record.evidence.page}"
    return f"{who} · {record.property} {_value_text(record, unit=True)}{page} · {record.status}"


def _page_link(record: Record, pdf: str | None) -> str:
    """``p. 3`` after the document's name for a record read from a PDF, linking to that
    page of the file when the report knows where the file is (PDF viewers open
    ``file.pdf#page=3`` at the page)."""
    page = record.evidence.page
    if page is None:
        return ""
    if pdf is None:
        return f' <span class="page">p.&#160;{page}</span>'
    return f' <a class="page" href="{_e(pdf)}#page={page}">p.&#160;{page}</a>'


# --- structures ---------------------------------------------------------------------

_SVG_OPEN = re.compile(r"<svg\b[^>]*>", re.DOTALL)
_SVG_SIZE = re.compile(r"\b(width|height|viewBox)='([^']*)'")


def depict(smiles: str) -> str | None:
    """Inline SVG of a structure, or None when RDKit cannot read the SMILES.

    CXSMILES extensions are refused: they can carry free-text atom labels, which
    would put model-written text inside the drawing. The XML prolog and namespace
    declarations are dropped because an HTML parser supplies the SVG namespace
    itself, which leaves the report without a single URL in it.
    """
    if not smiles or len(smiles) > MAX_DEPICTED_SMILES or any(c.isspace() for c in smiles):
        return None
    params = Chem.SmilesParserParams()
    # RDKit's stubs type this flag as SmilesParserParams; at runtime it is a plain bool.
    params.allowCXSMILES = False  # type: ignore[assignment]
    try:
        mol = Chem.MolFromSmiles(smiles, params)
    except (RuntimeError, ValueError):
        return None
    if mol is None or mol.GetNumAtoms() == 0:
        return None
    drawer = rdMolDraw2D.MolDraw2DSVG(*STRUCTURE_SIZE)
    rdMolDraw2D.PrepareAndDrawMolecule(drawer, mol)
    drawer.FinishDrawing()
    svg: str = drawer.GetDrawingText()
    opening = _SVG_OPEN.search(svg)
    if opening is None:
        return None
    size = " ".join(f'{k}="{_e(v)}"' for k, v in _SVG_SIZE.findall(opening[0]))
    body = svg[opening.end() :].replace("<!-- END OF HEADER -->", "")
    return f'<svg role="img" {size}>{body}'


# --- highlighting -------------------------------------------------------------------


def _span(record: Record, text: str) -> tuple[int, int] | None:
    start, end = record.evidence.start, record.evidence.end
    if not record.checks.grounded or start is None or end is None:
        return None
    if not 0 <= start < end <= len(text):
        return None  # Offsets from another version of the text: better unmarked than wrong.
    return start, end


def _highlighted(
    text: str, rows: Sequence[_Row], blocks: Mapping[int, tuple[int, str]] | None = None
) -> tuple[str, list[_Row]]:
    """The text with every evidence span marked, and the rows that could not be placed.

    Spans may overlap (two values in one sentence often share it), and HTML elements
    cannot, so the text is cut at every span boundary and each piece is marked with
    all the records covering it; ``data-record`` lists their ids. ``blocks`` maps a
    start offset to ``(end, html)``: that stretch of text (a table no span touches) is
    shown as the HTML instead.
    """
    blocks = blocks or {}
    spans: dict[str, tuple[int, int]] = {}
    unplaced: list[_Row] = []
    for row in rows:
        span = _span(row.record, text)
        if span is None:
            unplaced.append(row)
        else:
            spans[row.rid] = span
    by_id = {row.rid: row for row in rows}
    block_cuts = {p for start, (end, _) in blocks.items() for p in (start, end)}
    cuts = sorted({0, len(text)} | {p for span in spans.values() for p in span} | block_cuts)
    starts: dict[int, list[str]] = {}
    for rid, (start, _) in spans.items():
        starts.setdefault(start, []).append(rid)
    parts: list[str] = []
    skip_to = 0
    for a, b in pairwise(cuts):
        if a in blocks:
            skip_to, block = blocks[a]
            parts.append(block)
        if a < skip_to:
            continue
        parts.extend(f'<a class="anchor" id="ev-{rid}"></a>' for rid in starts.get(a, ()))
        covering = [rid for rid, (s, e) in spans.items() if s <= a and b <= e]
        piece = _e(text[a:b])
        if not covering:
            parts.append(piece)
            continue
        parts.append(_mark([by_id[rid].record for rid in covering], covering, piece, a, b))
    return "".join(parts), unplaced


def _mark(records: Sequence[Record], rids: Sequence[str], piece: str, a: int, b: int) -> str:
    """``piece`` (already escaped) marked for the records covering it, linking to the
    first one's row."""
    classes = f"ev st-{_e(records[0].status)}" + (" overlap" if len(records) > 1 else "")
    title = "\n".join(_summary(record) for record in records)
    return (
        f'<mark class="{classes}" data-record="{" ".join(rids)}" data-start="{a}" '
        f'data-end="{b}" title="{_e(title)}"><a href="#row-{rids[0]}">{piece}</a></mark>'
    )


# --- tables -------------------------------------------------------------------------


@dataclass(frozen=True)
class _Cell:
    """Where a table record's value stands in a table the report has."""

    table: Table
    row: int
    column: int


def _tables(text: str, metadata: Mapping[str, Any] | None) -> list[Table]:
    """The tables extraction read (``extraction.tables.tables_of``): a reader's, else
    those printed as text, so a record's table index means the same table here."""
    if metadata is not None and "tables" in metadata:
        return document_tables(metadata, text)
    return text_tables(text)


def _locate(record: Record, tables: Sequence[Table]) -> _Cell | None:
    """The record's cell: at its row and column when that cell is at its offsets, else
    any cell at its offsets; None when the tables are not the ones it was read from."""
    where = record.evidence.table
    if where is None or where.cell_start >= where.cell_end:
        return None

    def at(table: Table, r: int, c: int) -> bool:
        cell = table.rows[r][c]
        return (cell.start, cell.end) == (where.cell_start, where.cell_end)

    for table in tables:
        r, c = where.row, where.column
        fits = 0 <= r < len(table.rows) and 0 <= c < table.width
        if table.index == where.table and fits and at(table, r, c):
            return _Cell(table, r, c)
    for table in tables:
        for r, row in enumerate(table.rows):
            for c in range(len(row)):
                if at(table, r, c):
                    return _Cell(table, r, c)
    return None


def _position(record: Record, cell: _Cell | None) -> str:
    """``Table 2, row 3`` for a value read from a table: the row among the body rows
    (what a reader counts) when the report has the table, else as the record gives it,
    header rows included. The column's header path is its tooltip."""
    where = record.evidence.table
    if where is None:
        return ""
    if cell is not None:
        label = cell.table.label or where.label or f"Table {cell.table.index + 1}"
        body = cell.row - cell.table.header_rows
        row = f"row {body + 1}" if body >= 0 else f"header row {cell.row + 1}"
    else:
        label = where.label or f"Table {where.table + 1}"
        row = f"row {where.row + 1} (header rows included)"
    return (
        f' <span class="page tpos" title="{_e("column: " + where.header)}">'
        f"{_e(label)}, {_e(row)}</span>"
    )


def _merged(table: Table) -> dict[tuple[int, int], tuple[int, int]]:
    """Each drawn cell's grid position and ``(rowspan, colspan)``: a cell that spans
    several positions (repeated at each in the grid) is drawn once, as markup had it.
    A header cell never spans into the body."""
    covered: set[tuple[int, int]] = set()
    drawn: dict[tuple[int, int], tuple[int, int]] = {}
    rows = table.rows
    for r, row in enumerate(rows):
        bottom = table.header_rows if r < table.header_rows else len(rows)
        for c, span in enumerate(row):
            if (r, c) in covered:
                continue

            def same(rr: int, cc: int, span: Any = span) -> bool:
                other = rows[rr][cc]
                return (
                    bool(span.text)
                    and (rr, cc) not in covered
                    and ((other.start, other.end) == (span.start, span.end))
                )

            cols = 1
            while c + cols < len(row) and same(r, c + cols):
                cols += 1
            height = 1
            while r + height < bottom and all(same(r + height, c + k) for k in range(cols)):
                height += 1
            covered.update((r + dr, c + dc) for dr in range(height) for dc in range(cols))
            drawn[(r, c)] = (height, cols)
    return drawn


def _drawn_table(table: Table, cells: Mapping[tuple[int, int], list[_Row]], doc: int) -> str:
    """The table as HTML: caption, header rows as ``<th>``, body cells, footnotes; the
    cells of ``cells`` marked for their records and anchored as their evidence."""
    drawn = _merged(table)
    owner: dict[tuple[int, int], tuple[int, int]] = {}
    for (r, c), (height, cols) in drawn.items():
        for dr in range(height):
            for dc in range(cols):
                owner[(r + dr, c + dc)] = (r, c)
    marked: dict[tuple[int, int], list[_Row]] = {}
    for position, rows in cells.items():
        marked.setdefault(owner.get(position, position), []).extend(rows)
    parts = []
    for r, row in enumerate(table.rows):
        tag = "th" if r < table.header_rows else "td"
        tds = []
        for c, span in enumerate(row):
            if (r, c) not in drawn:
                continue
            height, cols = drawn[(r, c)]
            spans = (f' rowspan="{height}"' if height > 1 else "") + (
                f' colspan="{cols}"' if cols > 1 else ""
            )
            scope = ' scope="col"' if tag == "th" else ""
            content = _e(span.text)
            hits = marked.get((r, c))
            css = ""
            if hits:
                css = ' class="hit"'
                rids = [h.rid for h in hits]
                anchors = "".join(f'<a class="anchor" id="ev-{rid}"></a>' for rid in rids)
                content = anchors + _mark(
                    [h.record for h in hits], rids, content, span.start, span.end
                )
            tds.append(f"<{tag}{scope}{spans}{css}>{content}</{tag}>")
        parts.append(f"<tr>{''.join(tds)}</tr>")
    head = "".join(parts[: table.header_rows])
    body = "".join(parts[table.header_rows :])
    # A figure caption, not <caption>: that is as narrow as the table, and a
    # three-column table's caption would wrap at every other word.
    caption = ""
    if table.caption is not None and table.caption.text:
        caption = f"<figcaption>{_e(table.caption.text)}</figcaption>"
    elif table.label:
        caption = f'<figcaption class="label">{_e(table.label)}</figcaption>'
    notes = "".join(f"<li>{_e(note.span.text)}</li>" for note in table.footnotes)
    return (
        f'<figure class="source-table" id="doc-{doc}-table-{table.index}">{caption}'
        '<div class="scroll"><table class="source">'
        + (f"<thead>{head}</thead>" if head else "")
        + f"<tbody>{body}</tbody></table></div>"
        + (f'<ul class="table-notes">{notes}</ul>' if notes else "")
        + "</figure>"
    )


_TABLE_PUNCTUATION = frozenset(" \t\r\n|")


def _region(text: str, table: Table) -> tuple[int, int] | None:
    """The whole lines the table is printed on, when they hold nothing but the table
    (caption, cells, separators, notes), so the drawn table can stand in for them."""
    start = text.rfind("\n", 0, table.start) + 1
    end = text.find("\n", table.end)
    end = len(text) if end < 0 else end + 1
    spans = [cell for row in table.rows for cell in row]
    spans += [note.span for note in table.footnotes]
    if table.caption is not None:
        spans.append(table.caption)
    kept = [True] * (end - start)
    for span in spans:
        for i in range(max(span.start, start), min(span.end, end)):
            kept[i - start] = False
    leftover = (ch for ch, keep in zip(text[start:end], kept, strict=True) if keep)
    return (start, end) if all(ch in _TABLE_PUNCTUATION for ch in leftover) else None


def _quote_list(rows: Sequence[_Row], css: str) -> str:
    items = [
        f'<li><a class="anchor" id="ev-{row.rid}"></a><mark class="ev st-{_e(row.record.status)}" '
        f'data-record="{row.rid}" title="{_e(_summary(row.record))}">'
        f'<a href="#row-{row.rid}">{_e(row.record.evidence.quote or "(no quote)")}</a></mark></li>'
        for row in rows
    ]
    return f'<ul class="{css}">{"".join(items)}</ul>'


_SOURCES = {
    "text": "SMILES printed in the text",
    "opsin": "from the systematic name (OPSIN)",
    "dictionary": "from the common name (offline dictionary)",
}


def _compounds(rows: Sequence[_Row], doc_ids: Sequence[str]) -> str:
    """One entry per structure over all documents: its picture, every name and label it
    went by, and every value recorded for it, so results read by compound."""
    groups: dict[str, list[_Row]] = {}
    for row in rows:
        compound = row.record.compound
        if row.record.checks.structure == "valid" and compound.canonical_smiles:
            groups.setdefault(compound.inchikey or compound.canonical_smiles, []).append(row)
    figures = []
    for members in groups.values():
        first = members[0].record.compound
        smiles = first.canonical_smiles or ""
        svg = depict(smiles)
        if svg is None:
            continue
        names = sorted(
            {
                " ".join(p for p in (m.record.compound.name, m.record.compound.label) if p)
                for m in members
            }
            - {""}
        )
        sources = {m.record.compound.smiles_source for m in members}
        if "model" in sources:
            note = '<span class="guess">structure supplied by the model</span>'
        else:
            note = _e("; ".join(sorted(_SOURCES[s] for s in sources if s in _SOURCES)))
        values = "".join(
            f'<li><a href="#row-{m.rid}">{_e(m.record.property)} {_e(_value_text(m.record))}'
            f"{_e(' ' + m.record.unit if m.record.unit else '')}</a> "
            f'<span class="doc">{_e(doc_ids[m.doc_index])}</span></li>'
            for m in members
        )
        ids = " ".join(m.rid for m in members)
        key = f"<br><code>{_e(first.inchikey)}</code>" if first.inchikey else ""
        figures.append(
            f'<figure class="structure" data-record="{ids}">{svg}<figcaption>'
            f"<strong>{_e(', '.join(names) or '(unnamed)')}</strong>{key}<br>"
            f"<code>{_e(smiles)}</code><br>{note}<ul>{values}</ul></figcaption></figure>"
        )
    if not figures:
        return ""
    return (
        f'<section class="compounds"><h2>Compounds ({len(figures)})</h2>'
        f'<div class="structures">{"".join(figures)}</div></section>'
    )


# --- the page -----------------------------------------------------------------------

_COLUMNS = (
    ("doc", "text"),
    ("compound", "text"),
    ("property", "text"),
    ("value / range", "number"),
    ("unit", "text"),
    ("SI value", "number"),
    ("status", "text"),
    ("failing checks", "text"),
)


def _field_names(rows: Sequence[_Row]) -> list[str]:
    """The schema's own fields, in the order records give them: one column each."""
    names: dict[str, None] = {}
    for row in rows:
        for name in row.record.fields or {}:
            names.setdefault(name, None)
    return list(names)


def _field_cell(value: object) -> tuple[str, str]:
    """A user's field as shown and as sorted: a quantity by its SI value, a list joined."""
    if value is None:
        return "–", ""
    if isinstance(value, bool):
        return ("yes" if value else "no"), str(value)
    if isinstance(value, dict):
        shown = f"{format_number(float(value.get('value') or 0))} {value.get('unit') or ''}".strip()
        si = value.get("value_si")
        return shown, _sort_key(float(si)) if isinstance(si, int | float) else shown
    if isinstance(value, list):
        shown = ", ".join(_field_cell(item)[0] for item in value) or "–"
        return shown, shown
    if isinstance(value, int | float):
        return format_number(float(value)), _sort_key(float(value))
    return str(value), str(value)


def _field_kind(rows: Sequence[_Row], name: str) -> str:
    values = [(row.record.fields or {}).get(name) for row in rows]
    numeric = all(
        v is None or (isinstance(v, int | float | dict) and not isinstance(v, bool)) for v in values
    )
    return "number" if numeric else "text"


def _table_row(
    row: _Row,
    doc_id: str,
    fields: Sequence[str] = (),
    pdf: str | None = None,
    cell: _Cell | None = None,
) -> str:
    r = row.record
    si = "–"
    if r.value_si is not None:
        si = f"{format_number(r.value_si)} {_si_unit(r.unit_si)}".strip()
    compound = " ".join(p for p in (r.compound.name, r.compound.label) if p) or "–"
    value_sort = r.value_low if r.value_low is not None else r.value
    cells = (
        (
            f'<a href="#ev-{row.rid}">{_e(doc_id)}</a>{_page_link(r, pdf)}{_position(r, cell)}',
            doc_id,
        ),
        (_e(compound), compound),
        (_e(r.property), r.property),
        (_e(_value_text(r)), _sort_key(value_sort)),
        (_e(r.unit or "–"), r.unit or ""),
        (_e(si), _sort_key(r.value_si)),
        *(
            (_e(shown), key)
            for shown, key in (_field_cell((r.fields or {}).get(f)) for f in fields)
        ),
        (f'<span class="badge st-{_e(r.status)}">{_e(r.status)}</span>', r.status),
        (_e(", ".join(r.failed_checks) or "–"), ", ".join(r.failed_checks)),
    )
    tds = "".join(f'<td data-sort="{_e(key)}">{content}</td>' for content, key in cells)
    return (
        f'<tr id="row-{row.rid}" data-record="{row.rid}" data-status="{_e(r.status)}" '
        f'data-property="{_e(r.property)}">{tds}</tr>'
    )


def _controls(rows: Sequence[_Row]) -> str:
    counts = {s: sum(1 for row in rows if row.record.status == s) for s in STATUSES}
    boxes = "".join(
        f'<label><input type="checkbox" name="status" value="{s}" checked> '
        f'<span class="badge st-{s}">{s}</span> ({counts[s]})</label>'
        for s in STATUSES
    )
    properties = sorted({row.record.property for row in rows})
    options = "".join(f'<option value="{_e(p)}">{_e(p)}</option>' for p in properties)
    return (
        '<section class="controls" aria-label="filters">'
        f'<fieldset id="status-filter"><legend>Status</legend>{boxes}</fieldset>'
        '<label class="prop">Property <select id="property-filter">'
        f'<option value="">all properties</option>{options}</select></label>'
        f'<output id="shown-count">{len(rows)} of {len(rows)} records shown</output>'
        "</section>"
    )


def _table(
    rows: Sequence[_Row],
    doc_ids: Sequence[str],
    pdfs: Mapping[str, str],
    cells: Mapping[str, _Cell],
) -> str:
    """The records table; a schema's own fields get a column each, before the status."""
    fields = _field_names(rows)
    columns = [
        *_COLUMNS[:-2],
        *((name, _field_kind(rows, name)) for name in fields),
        *_COLUMNS[-2:],
    ]
    heads = "".join(
        f'<th scope="col" data-type="{kind}" aria-sort="none">'
        f'<button type="button">{_e(name)}</button></th>'
        for name, kind in columns
    )
    body = "".join(
        _table_row(
            row,
            doc_ids[row.doc_index],
            fields,
            pdfs.get(doc_ids[row.doc_index]),
            cells.get(row.rid),
        )
        for row in rows
    )
    return (
        '<section class="records"><h2>Records</h2>'
        f'<table id="record-table"><thead><tr>{heads}</tr></thead><tbody>{body}</tbody></table>'
        "</section>"
    )


def _document(
    index: int,
    doc_id: str,
    text: str | None,
    rows: Sequence[_Row],
    cells: Mapping[str, _Cell],
) -> str:
    """A document's view: its text with the evidence marked, each table that holds
    records drawn where it is printed (or after the text, when a text record's quote
    runs into its lines), and the quotes that could not be placed."""
    parts = [f'<article class="document" id="doc-{index}"><h2>{_e(doc_id)}</h2>']
    if text is None:
        parts.append('<p class="note">Source text not supplied; the quoted evidence:</p>')
        parts.append(_quote_list(rows, "quotes"))
    else:
        in_text = [row for row in rows if row.rid not in cells]
        tables: dict[int, tuple[Table, dict[tuple[int, int], list[_Row]]]] = {}
        for row in rows:
            cell = cells.get(row.rid)
            if cell is not None:
                _, marked = tables.setdefault(id(cell.table), (cell.table, {}))
                marked.setdefault((cell.row, cell.column), []).append(row)
        quoted = [span for row in in_text if (span := _span(row.record, text)) is not None]
        blocks: dict[int, tuple[int, str]] = {}
        after: list[str] = []
        for table, marked in sorted(tables.values(), key=lambda item: item[0].start):
            drawn = _drawn_table(table, marked, index)
            region = _region(text, table)
            taken = [*quoted, *((start, end) for start, (end, _) in blocks.items())]
            if region is None or any(s < region[1] and region[0] < e for s, e in taken):
                after.append(drawn)
            else:
                blocks[region[0]] = (region[1], drawn)
        marked_text, unplaced = _highlighted(text, in_text, blocks)
        parts.append(f'<div class="text">{marked_text}</div>')
        if after:
            parts.append(f'<div class="tables">{"".join(after)}</div>')
        if unplaced:
            parts.append('<p class="note">Quotes not found in the text:</p>')
            parts.append(_quote_list(unplaced, "quotes unplaced"))
    if not rows:
        parts.append('<p class="note">No records.</p>')
    parts.append("</article>")
    return "".join(parts)


_CSS = """
:root { --accepted: #c8f0c8; --flagged: #ffe29a; --rejected: #f6b8b8; }
body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 76rem; padding: 1rem 2rem;
  color: #1d1d1f; }
h1 { margin-bottom: .2rem; } h2 { margin-top: 2rem; font-size: 1.15rem; }
.summary { color: #555; margin-top: 0; }
.controls { position: sticky; top: 0; z-index: 2; background: #fff; padding: .6rem 0;
  border-bottom: 1px solid #ddd; display: flex; gap: 1.5rem; align-items: center; flex-wrap: wrap; }
.controls fieldset { border: none; margin: 0; padding: 0; display: flex; gap: .8rem; }
.controls legend { float: left; margin-right: .5rem; font-weight: 600; }
#shown-count { color: #555; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { border-bottom: 1px solid #e4e4e4; padding: .3rem .5rem; text-align: left;
  vertical-align: top; }
th button { all: unset; cursor: pointer; font-weight: 600; }
th[aria-sort=ascending] button::after { content: " ▲"; }
th[aria-sort=descending] button::after { content: " ▼"; }
tr:target, tr.flash { outline: 2px solid #3b6fd8; }
.badge { border-radius: .6rem; padding: 0 .45rem; font-size: 13px; }
.st-accepted { background: var(--accepted); } .st-flagged { background: var(--flagged); }
.st-rejected { background: var(--rejected); }
.text { white-space: pre-wrap; border-left: 3px solid #ddd; padding-left: 1rem; margin: .8rem 0; }
.page { font-size: 12px; color: #555; white-space: nowrap; }
mark.ev { border-radius: 2px; padding: 0 1px; }
mark.ev a { color: inherit; text-decoration: none; }
mark.overlap { box-shadow: inset 0 -2px 0 #8a5cf6; }
mark.off { background: transparent; box-shadow: none; }
.structures { display: flex; flex-wrap: wrap; gap: 1rem; }
figure.structure { margin: 0; border: 1px solid #e4e4e4; border-radius: 4px; padding: .3rem;
  max-width: 260px; font-size: 13px; }
figure.structure.off { opacity: .25; }
figure.structure code { word-break: break-all; }
figure.structure ul { margin: .3rem 0 0; padding-left: 1rem; }
.doc { color: #777; }
.guess { color: #8a5a00; }
.note { color: #555; font-size: 14px; }
figure.source-table { white-space: normal; margin: .4rem 0 .8rem; }
figure.source-table .scroll { overflow-x: auto; }
figure.source-table figcaption { font-weight: 600; font-size: 14px; padding: .2rem 0; }
figure.source-table figcaption.label { color: #555; }
table.source { width: auto; font-size: 13px; }
table.source th, table.source td { border: 1px solid #d4d4d4; padding: .15rem .45rem; }
table.source thead th { background: #f4f4f6; }
table.source td.hit { outline: 2px solid #3b6fd8; outline-offset: -2px; }
table.source td.hit mark { display: inline-block; }
table.source td.hit:has(> mark.off) { outline: none; }
.table-notes { margin: .2rem 0 0; padding-left: 1rem; font-size: 12px; color: #555;
  list-style: none; }
.tpos { margin-left: .3rem; }
"""

_SCRIPT = """
(function () {
  "use strict";
  var table = document.getElementById("record-table");
  var tbody = table.tBodies[0];
  var rows = Array.prototype.slice.call(tbody.rows);
  var boxes = Array.prototype.slice.call(document.querySelectorAll("input[name=status]"));
  var select = document.getElementById("property-filter");
  var counter = document.getElementById("shown-count");
  var linked = Array.prototype.slice.call(
    document.querySelectorAll("mark[data-record], figure[data-record]"));

  function applyFilters() {
    var statuses = {};
    boxes.forEach(function (box) { if (box.checked) { statuses[box.value] = true; } });
    var property = select.value;
    var visible = {};
    var shown = 0;
    rows.forEach(function (row) {
      var ok = statuses[row.dataset.status] === true &&
        (property === "" || row.dataset.property === property);
      row.hidden = !ok;
      if (ok) { visible[row.dataset.record] = true; shown += 1; }
    });
    linked.forEach(function (el) {
      var on = el.dataset.record.split(" ").some(function (id) { return visible[id]; });
      el.classList.toggle("off", !on);
    });
    counter.textContent = shown + " of " + rows.length + " records shown";
  }

  function sortBy(th, index) {
    var ascending = th.getAttribute("aria-sort") !== "ascending";
    var numeric = th.dataset.type === "number";
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell) {
      cell.setAttribute("aria-sort", "none");
    });
    th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    var keyed = rows.map(function (row, position) {
      var raw = row.cells[index].dataset.sort;
      return { row: row, raw: raw, num: parseFloat(raw), position: position };
    });
    keyed.sort(function (a, b) {
      var empty = (a.raw === "") - (b.raw === "");
      if (empty !== 0) { return empty; }  // blanks last in both directions
      var order = numeric ? a.num - b.num : a.raw.localeCompare(b.raw, undefined, { numeric: true });
      if (!ascending) { order = -order; }
      return order !== 0 ? order : a.position - b.position;
    });
    rows = keyed.map(function (k) { return k.row; });
    rows.forEach(function (row) { tbody.appendChild(row); });
  }

  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, index) {
    th.querySelector("button").addEventListener("click", function () { sortBy(th, index); });
  });
  boxes.forEach(function (box) { box.addEventListener("change", applyFilters); });
  select.addEventListener("change", applyFilters);
  document.querySelectorAll("mark[data-record] a").forEach(function (link) {
    link.addEventListener("click", function () {
      var row = document.getElementById(link.getAttribute("href").slice(1));
      if (row) {
        row.classList.add("flash");
        window.setTimeout(function () { row.classList.remove("flash"); }, 1500);
      }
    });
  });
  applyFilters();
})();
"""


def _csp() -> str:
    digest = base64.b64encode(hashlib.sha256(_SCRIPT.encode()).digest()).decode()
    return (
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; "
        f"script-src 'sha256-{digest}'; base-uri 'none'; form-action 'none'"
    )


def render_report(
    results: Iterable[DocumentResult],
    documents: Mapping[str, str] | None,
    *,
    title: str,
    pdfs: Mapping[str, str] | None = None,
    metadata: Mapping[str, Mapping[str, Any]] | None = None,
) -> str:
    """The report as one HTML string; ``write_report`` is the usual entry point.

    ``pdfs`` maps a document id to the address of the PDF it was read from, so each
    record's page links to the page in the file. ``metadata`` maps a document id to
    its metadata, whose ``tables`` (as readers keep them) are the tables table records
    are drawn in; a document without them has its tables found in its text."""
    results = list(results)
    doc_ids = [r.doc_id for r in results]
    rows: list[_Row] = []
    per_doc: list[list[_Row]] = []
    for index, result in enumerate(results):
        doc_rows = [
            _Row(f"r{len(rows) + i + 1}", index, record) for i, record in enumerate(result.records)
        ]
        rows.extend(doc_rows)
        per_doc.append(doc_rows)
    texts = [(documents or {}).get(result.doc_id) for result in results]
    cells: dict[str, _Cell] = {}
    for result, text, doc_rows in zip(results, texts, per_doc, strict=True):
        if text is None or not any(row.record.evidence.table for row in doc_rows):
            continue
        tables = _tables(text, (metadata or {}).get(result.doc_id))
        for row in doc_rows:
            cell = _locate(row.record, tables)
            if cell is not None:
                cells[row.rid] = cell
    counts = ", ".join(f"{sum(1 for row in rows if row.record.status == s)} {s}" for s in STATUSES)
    articles = "".join(
        _document(i, result.doc_id, texts[i], per_doc[i], cells) for i, result in enumerate(results)
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{_csp()}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(title)}</title><style>{_CSS}</style></head><body>"
        f"<header><h1>{_e(title)}</h1>"
        f'<p class="summary">{len(results)} documents · {len(rows)} records ({counts})</p>'
        f"</header>{_controls(rows)}{_table(rows, doc_ids, pdfs or {}, cells)}"
        f"{_compounds(rows, doc_ids)}"
        f'<section class="documents"><h2>Documents</h2>{articles}</section>'
        f"<script>{_SCRIPT}</script></body></html>\n"
    )


def write_report(
    results: Iterable[DocumentResult],
    documents: Mapping[str, str] | None,
    out: Path,
    *,
    title: str,
    pdfs: Mapping[str, str] | None = None,
    metadata: Mapping[str, Mapping[str, Any]] | None = None,
) -> None:
    """Write the HTML report to ``out``; without ``documents`` only the quotes are shown."""
    page = render_report(results, documents, title=title, pdfs=pdfs, metadata=metadata)
    out.write_text(page, encoding="utf-8")


def _si_unit(unit: str | None) -> str:
    """How an SI unit reads in the table: a dimensionless "1" (yields, logP) reads as
    nothing, since "0.7 1" looks like a typo for a fraction."""
    return "" if unit in (None, "1") else unit
