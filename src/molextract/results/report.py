"""A single-file HTML report for reading extraction results next to their sources.

A reviewer judges a record by its evidence, so the report shows each document with
the quoted spans highlighted at their recorded offsets, the structure RDKit read,
and a table that can be sorted and filtered in the browser. Everything is in one
file (inline CSS, inline script, inline SVG) so it can be mailed or archived and
opened offline years later.

Document text and every model output are untrusted: all of it is HTML-escaped, and
a Content-Security-Policy allows no network access and runs only the report's own
script (pinned by its hash), so markup that slipped through would still be inert.
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

from rdkit import Chem, rdBase
from rdkit.Chem.Draw import rdMolDraw2D

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


def _highlighted(text: str, rows: Sequence[_Row]) -> tuple[str, list[_Row]]:
    """The text with every evidence span marked, and the rows that could not be placed.

    Spans may overlap (two values in one sentence often share it), and HTML elements
    cannot, so the text is cut at every span boundary and each piece is marked with
    all the records covering it; ``data-record`` lists their ids.
    """
    spans: dict[str, tuple[int, int]] = {}
    unplaced: list[_Row] = []
    for row in rows:
        span = _span(row.record, text)
        if span is None:
            unplaced.append(row)
        else:
            spans[row.rid] = span
    by_id = {row.rid: row for row in rows}
    cuts = sorted({0, len(text)} | {p for span in spans.values() for p in span})
    starts: dict[int, list[str]] = {}
    for rid, (start, _) in spans.items():
        starts.setdefault(start, []).append(rid)
    parts: list[str] = []
    for a, b in pairwise(cuts):
        parts.extend(f'<a class="anchor" id="ev-{rid}"></a>' for rid in starts.get(a, ()))
        covering = [rid for rid, (s, e) in spans.items() if s <= a and b <= e]
        piece = _e(text[a:b])
        if not covering:
            parts.append(piece)
            continue
        first = by_id[covering[0]].record
        classes = f"ev st-{_e(first.status)}" + (" overlap" if len(covering) > 1 else "")
        title = "\n".join(_summary(by_id[rid].record) for rid in covering)
        parts.append(
            f'<mark class="{classes}" data-record="{" ".join(covering)}" data-start="{a}" '
            f'data-end="{b}" title="{_e(title)}"><a href="#row-{covering[0]}">{piece}</a></mark>'
        )
    return "".join(parts), unplaced


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


def _table_row(row: _Row, doc_id: str, fields: Sequence[str] = (), pdf: str | None = None) -> str:
    r = row.record
    si = "–"
    if r.value_si is not None:
        si = f"{format_number(r.value_si)} {_si_unit(r.unit_si)}".strip()
    compound = " ".join(p for p in (r.compound.name, r.compound.label) if p) or "–"
    value_sort = r.value_low if r.value_low is not None else r.value
    cells = (
        (f'<a href="#ev-{row.rid}">{_e(doc_id)}</a>{_page_link(r, pdf)}', doc_id),
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


def _table(rows: Sequence[_Row], doc_ids: Sequence[str], pdfs: Mapping[str, str]) -> str:
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
        _table_row(row, doc_ids[row.doc_index], fields, pdfs.get(doc_ids[row.doc_index]))
        for row in rows
    )
    return (
        '<section class="records"><h2>Records</h2>'
        f'<table id="record-table"><thead><tr>{heads}</tr></thead><tbody>{body}</tbody></table>'
        "</section>"
    )


def _document(index: int, doc_id: str, text: str | None, rows: Sequence[_Row]) -> str:
    parts = [f'<article class="document" id="doc-{index}"><h2>{_e(doc_id)}</h2>']
    if text is None:
        parts.append('<p class="note">Source text not supplied; the quoted evidence:</p>')
        parts.append(_quote_list(rows, "quotes"))
    else:
        marked, unplaced = _highlighted(text, rows)
        parts.append(f'<div class="text">{marked}</div>')
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
) -> str:
    """The report as one HTML string; ``write_report`` is the usual entry point.

    ``pdfs`` maps a document id to the address of the PDF it was read from, so each
    record's page links to the page in the file."""
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
    counts = ", ".join(f"{sum(1 for row in rows if row.record.status == s)} {s}" for s in STATUSES)
    articles = "".join(
        _document(i, result.doc_id, (documents or {}).get(result.doc_id), per_doc[i])
        for i, result in enumerate(results)
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{_csp()}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(title)}</title><style>{_CSS}</style></head><body>"
        f"<header><h1>{_e(title)}</h1>"
        f'<p class="summary">{len(results)} documents · {len(rows)} records ({counts})</p>'
        f"</header>{_controls(rows)}{_table(rows, doc_ids, pdfs or {})}{_compounds(rows, doc_ids)}"
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
) -> None:
    """Write the HTML report to ``out``; without ``documents`` only the quotes are shown."""
    out.write_text(render_report(results, documents, title=title, pdfs=pdfs), encoding="utf-8")


def _si_unit(unit: str | None) -> str:
    """How an SI unit reads in the table: a dimensionless "1" (yields, logP) reads as
    nothing, since "0.7 1" looks like a typo for a fraction."""
    return "" if unit in (None, "1") else unit
