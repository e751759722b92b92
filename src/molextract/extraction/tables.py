"""Values in tables: the column says what a number is, the row (or the header) whose.

A table is the one place where a chemist states the property once, in a header
(``Isolated yield [%]``, ``M.p./°C``), and the compound once per row (``3a``, a name,
a SMILES), so code reads it far more reliably than a model reading cells as prose.
One path serves every reader: JATS, USPTO and HTML readers keep tables as structure
(``ingest/tables.py``); tables printed as text (`` | `` or tab-separated rows, as
``molextract ingest`` writes them) are found in the text (``text_tables.py``), and
so are tables copied with single spaces between cells under a ``Table N`` caption
(``spaced_tables.py``).

What decides what, in order:
- a column's property and unit: its header, matched against the property
  declarations (``schemas/properties.py``); a header no declaration knows but whose
  unit one of the schema's properties is stated in goes to the model once (one call
  per distinct header, never per cell); a header that names a reaction condition
  (``T (°C)``, ``time (h)``) or a look-alike (``conv. (%)``, ``cLogP``) is nothing;
- a value's compound: the compound the column header names (``Yield 7b``, ``Yield
  (%) › 3a``), else the row's compound column (``Compound``, ``Product``, a SMILES
  column; ``Entry`` only when it holds labels), else the single product label the
  caption names (an optimisation table), each label resolved through the document's
  label table to its name;
- a cell's value: the quantity finder reads it, with the header's unit when the cell
  prints none; footnote letters are stripped and their notes become the record's
  conditions; ``—``, ``n.d.``, ``trace`` and blanks are no value.

A table with a property column is claimed whole: the text path skips its rows, so a
cell is never two records and an additive column's ``10% CuI`` is never a yield. A
table the code cannot read as data (a layout table of ``Yield: | 0.02 g (90%)``
pairs, a composition list) is left to the text path.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, create_model

from molextract.engines.base import Engine, Generation, Prompt
from molextract.extraction import engine_calls
from molextract.extraction.anchored import measure
from molextract.extraction.candidates import dimension
from molextract.extraction.chemical_names import is_generic_name, looks_like_name
from molextract.extraction.junk_compounds import is_appearance, is_auxiliary
from molextract.extraction.label_table import LabelTable, build_label_table
from molextract.extraction.labels import LABEL
from molextract.extraction.quantities import Quantity, scan_numbers, unit_at
from molextract.extraction.text_tables import (
    LABEL_CELL,
    SPACED_MARKER_AFTER_LABEL,
    STEREO,
    TABLE_LABEL_CELL,
    members,
    text_tables,
)
from molextract.ingest.document import Document
from molextract.ingest.tables import (
    HEADER_PATH_SEPARATOR,
    LABEL_RUN,
    NAME_GOES_ON,
    Footnote,
    Span,
    Table,
    document_tables,
)
from molextract.schemas.properties import PropertyDeclaration, declarations
from molextract.schemas.records import (
    Compound,
    DocumentError,
    EngineInfo,
    Evidence,
    Record,
    Status,
    TableCell,
)
from molextract.schemas.spec import SchemaSpec

_I = re.IGNORECASE

#: Headers of the column that names each row's compound.
_COMPOUND_HEADER = re.compile(
    r"\b(?:compounds?|compd?s?\.?|cmpds?\.?|cpds?\.?|prod\.|products?|substrates?|names?|molecules?|drugs?|chemicals?"
    r"|samples?|materials?|derivatives?|examples?|ex\.|ligands?|analogues?|analogs?|components?"
    r"|structures?|salts?|cocrystals?|solids?|liquids?"
    # what a formulation's, a blend's or a polymer's table measures: the sample itself
    r"|formulations?|compositions?|blends?|mixtures?|polymers?|resins?|oils?|fuels?)"
    r"(?![A-Za-z])",
    _I,
)
#: A substrate column headed by the class of what each row started from (``Aldehyde``,
#: ``aryl halides``, ``Amine 2``), as scope tables head it: the rows' substrates, whose
#: labels a yield column's series (``Yield of 4``) turns into the products'.
_SUBSTRATE_CLASS_HEADER = re.compile(
    r"\s*(?:(?:aryl|alkyl|vinyl|benzyl|allyl|heteroaryl)\s+)?(?:aldehydes?|ketones?|amines?"
    r"|anilines?|alcohols?|phenols?|alkenes?|alkynes?|olefins?|halides?|bromides?|iodides?"
    r"|chlorides?|boronic\s+acids?|nitriles?|thiols?|indoles?|imines?|epoxides?|azides?"
    r"|amides?|ynones?|enones?|chalcones?|sulfonamides?|hydrazines?|isocyanides?)"
    r"(?:\s*\d{1,3})?\s*[a-h]?\s*",
    _I,
)
#: Headers of a column of row numbers: compounds only when its cells are labels.
_ENTRY_HEADER = re.compile(
    r"^\s*(?:(?:entry|entries|no\.?|nr\.?|#|runs?|number|item|s\.\s?no\.?|sr\.\s?no\.?)"
    # a patent's numbered experiments, batches and cycles: "Experiment No.", "Cycle (n)"
    r"|(?:experiments?|exp\.|tests?|trials?|batch(?:es)?|cycles?|runs?)"
    r"(?:\s*(?:no\.?|nr\.?|#|number|\(n\)))?)\s*$",
    _I,
)
_SMILES_HEADER = re.compile(r"\bsmiles\b", _I)
#: Substituent columns (``R``, ``Ar``, ``R1``, ``X``) name a group, not the compound.
_GROUP_HEADER = re.compile(r"^\s*(?:R\s?\d*'*|Ar\s?\d*|X|Y|Z|substituents?|groups?)\s*$", _I)
#: Conditions, amounts and look-alikes: a column under one of these is never a value.
_CONDITION_HEADER = re.compile(
    r"(?<![A-Za-z])(?:T|t|temp\.?|temperature|time|conc\.?|concentration|equiv\.?|eq\.?"
    r"|loading|pressure|pH|amount|mass|weight|volume|catalyst|cat\.|ligand|base|solvent"
    r"|additive|oxidant|reductant|reagent|acid|conditions?|ratio|rr|er|dr|ee|conv\.?"
    r"|conversion|selectivity|TON|TOF|purity|Mw|MW|M\.W\.|mol\.?\s?wt|IC50|EC50|Ki|Kd"
    r"|pKa|λ|wavelength|HRMS|calc(?:d|ulated)?\.?|found|predicted|lit\.?|literature"
    r"|reported|rep\.|ref\.?"
    # comparisons and balances a percentage column may hold: not a yield of anything
    r"|differen\w*|relative|rel\.|change|increase|decrease|inhibition|accountability"
    r"|(?:mass|carbon)\s+balance|recovery|recovered|unreacted|efficacy"
    # the temperatures of other transitions and tests than melting or boiling
    r"|(?:cloud|flash|pour|smoke|fire|dew|dropping|drop|softening|aniline|crystalli[sz]ation|gel)\s+points?"
    # a purity by assay, the water a solid holds
    r"|assay|loss\s+on\s+drying|moisture|water\s+content"
    # thermal look-alikes of a melting point: decomposition, glass transition,
    # crystallisation and onset temperatures
    r"|T_?[dgc]|T_?(?:onset|dec|5%|cc|max|peak|end|[0-9]{1,2}%?)|decomp\w*|glass"
    r"|crystalli[sz]\w*|onset"
    # the rest of a thermal analysis: crystallinity, enthalpies, mass lost on heating
    r"|X_?c|ΔH\w*|∆H\w*|DH|enthalpy|fusion|(?:mass|weight)\s+loss"
    # a spectrum's peaks and a chromatogram's times: ``MS (M+H)``, ``LCMS m/z``, ``Rt (min)``
    r"|MS|LC-?MS|ESI|APCI|m/z|\(\s*M\s*[+-]\s*(?:H|Na|1)\s*\)\+?|MH\+|Rt|retention)(?![A-Za-z])",
    _I,
)
#: Words around a compound named in a header (``Isolated yield of 7b``).
_HEADER_NOISE = re.compile(
    r"\b(?:isolated|nmr|gc|hplc|lc|crude|overall|total|combined|product|of|the|a|an|in|"
    r"for|%|calcd|exp(?:tl)?|obs|measured)\b|[()\[\]%,:;/]",
    _I,
)
_BRACKETED = re.compile(r"[(\[]([^()\[\]]*)[)\]]")
_NO_VALUE = re.compile(
    r"^\s*(?:[-–—‒−]+|n\.?\s?d\.?|n\.?\s?r\.?|n\.?\s?a\.?|nd|nr|na|trace|traces|none|"
    r"no\s+reaction|not\s+determined|not\s+detected|-{1,2}|\?|\*)?\s*$",
    _I,
)
_MARKS = r"[a-h*†‡§¶#](?:\s*,\s*[a-h*†‡§¶#])*"
#: Footnote letters glued to a number (``85a``, ``85b,c``, ``70*``, ``64†``) or set in
#: brackets, as Wiley's journals print them (``92[c]``, ``Yield[b]``).
_MARKER_TAIL = re.compile(
    rf"(?:(?<=[\d%)\]°C])\s*(?P<plain>{_MARKS})|\s*\[\s*(?P<bracketed>{_MARKS})\s*\])\s*$"
)
#: A label after the word for its kind: ``sulfoxide 2`` (``Yield of sulfoxide 2 (%)``).
_KIND_LABEL_CELL = re.compile(
    r"(?:[a-z-]*(?:ide|ine|ane|ene|yne|ol|one|al|ate|ite|ester|ether|acid|adduct|isomer"
    rf"|lactone|lactam|salt|dimer|trimer)\s+)({STEREO}?{LABEL})",
)
_LABEL_AFTER_NAME = re.compile(rf"^(?P<name>.*?\S)\s*\(\s*(?P<label>{LABEL})\s*\)\s*$")
_FORMULA = re.compile(r"(?:[A-Z][a-z]?\d*){2,}")
_CAPTION_PRODUCT = re.compile(
    # "Substrate scope of 1" names what the reactions start from
    r"\b(?:(?<!scope )of|for|to|into|giving|affording|afford|products?|compounds?|synthesis)\s+"
    r"(?:the\s+)?(?:products?\s+|compounds?\s+)?"
    # "… cyclization of iodo-imine 2 to pyrroloquinoline 3": the product's kind first
    # a patent's roman numeral: "Large Scale Production of I"
    r"(?:(?-i:[a-z][a-z-]{3,})\s+)?\(?(\d{1,3}[a-z]{0,2}|(?-i:[IVX]{1,4}))\)?(?![\w-])"
    # (not the first of a series: "the esters 7a–7e" are one per row)
    r"(?!\s?[–−‒]\s?(?:\d{1,3})?[a-z]\b)",
    _I,
)
#: When a temperature column states no unit anywhere, it is in °C (tables in kelvin
#: say so; no one prints a melting point in °F without saying it).
_TEMPERATURE_DEFAULT = "°C"
_QUESTION_TOKENS = 24


@dataclass(frozen=True, slots=True)
class Mention:
    """A compound the table names: a cell or a header, with its label when it has one."""

    name: str | None
    label: str | None
    start: int
    end: int
    source: str


@dataclass(slots=True)
class Column:
    """What one column holds, as far as its header says."""

    index: int
    header: str
    property: str | None = None
    unit: str | None = None
    decided_by: Literal["header", "model"] | None = None
    compound: Mention | None = None
    #: The header needs the model: no declaration knows it, but its unit fits.
    ask: bool = False
    #: Paired cells (``Time (min)/% yield`` over ``30/60``): which part, of how many.
    part: tuple[int, int] | None = None
    #: A column whose cells name their own property (``Physical property`` over
    #: ``m.p. 120-122° C.`` and ``nD20 1.5521``): the cue each of its cells must lead with.
    cue: re.Pattern[str] | None = None


@dataclass(slots=True)
class Grid:
    """A table as columns of properties over rows of compounds; a transposed table
    (properties in rows) is read through its transpose. ``where`` maps a body cell
    back to its place in the table as printed."""

    table: Table
    transposed: bool
    headers: list[str]
    header_cells: list[list[Span]]
    rows: list[list[Span]]
    #: Transposed: the table column the values start in (after names, and units).
    first_value_column: int = 1
    #: Header rows taken from the table this one continues, not printed above it.
    borrowed: int = 0

    def where(self, row: int, column: int) -> tuple[int, int]:
        if self.transposed:
            return column, row + self.first_value_column
        return row + self.table.header_rows - self.borrowed, column


@dataclass(frozen=True, slots=True)
class Names:
    """The document's label table, less what it read inside tables: a header row
    ``3a | 3b`` defines no label."""

    labels: LabelTable
    tables: tuple[tuple[int, int], ...] = ()

    def name_of(self, label: str) -> str | None:
        definition = self.labels.definition(label)
        if definition is None or definition.name is None:
            return None
        if any(start <= definition.start < end for start, end in self.tables):
            return None
        return definition.name

    def label_of(self, name: str) -> str | None:
        return self.labels.label_of(name)


@dataclass(slots=True)
class TableReading:
    """One table read as data: its property columns and its compound column."""

    grid: Grid
    columns: list[Column]
    compound_column: int | None
    smiles_column: int | None
    caption_compound: Mention | None
    names: Names | None = None
    #: Whether the table's numbers are written with a decimal comma (None: not yet seen).
    decimal_commas: bool | None = None
    #: A table folded into side-by-side halves (``Product | Yield | Product | Yield``):
    #: the width of one half, whose columns repeat; each half has its own compounds.
    half: int | None = None
    #: Compound columns under the same header, each for the value columns after it
    #: (``Ketone | Product | Yield (%) | Oxime | Product | Yield (%)``).
    repeated: tuple[int, ...] = ()
    #: The series a caption names (``Synthesis of the esters 7a–7e``) when the table
    #: has one body row per member: row k is the k-th member.
    series: tuple[Mention, ...] = ()

    def in_half_of(self, base: int | None, column: int) -> int | None:
        """Column ``base`` (the compound or SMILES column) of the half ``column`` is in."""
        if base is None or self.half is None:
            return base
        return base % self.half + column // self.half * self.half

    def compound_of(self, column: int) -> int | None:
        """The compound column that names the compounds of value column ``column``."""
        if self.repeated:
            before = [c for c in self.repeated if c < column]
            return before[-1] if before else self.repeated[0]
        return self.in_half_of(self.compound_column, column)

    @property
    def table(self) -> Table:
        return self.grid.table

    @property
    def claimed(self) -> tuple[int, int]:
        """The rows' span in the text: the text path leaves it to the table path."""
        cells = [cell for row in self.table.rows for cell in row]
        return min(c.start for c in cells), max(c.end for c in cells)


@dataclass
class HeaderQuestion:
    """A header only the model can place, asked once for every column that prints it."""

    key: str
    doc: int
    prompt: Prompt
    columns: list[Column] = field(default_factory=list)
    generation: Generation | None = None
    answer: str | None = None
    problem: DocumentError | None = None
    usage: list[Generation] = field(default_factory=list)


# --- finding and reading tables --------------------------------------------------------


def tables_of(doc: Document) -> list[Table]:
    """The tables a reader kept, else those printed as text in the document."""
    if "tables" in doc.metadata:
        return document_tables(doc.metadata, doc.text)
    return text_tables(doc.text)


def read_tables(
    doc: Document, schema: SchemaSpec, labels: LabelTable | None = None
) -> list[TableReading]:
    """Every table of ``doc`` that holds values of the schema's properties."""
    tables = tables_of(doc)
    if not tables:
        return []
    known = declarations(schema.property_names)
    units = {u for p in schema.properties for u in p.units if u is not None}
    readings = []
    headed: dict[str, Table] = {}
    for table in tables:
        reading = _continued(table, headed.get(table.label), known, units)
        reading = reading or read_table(table, known, units)
        if reading is not None:
            readings.append(reading)
        if table.header_rows:
            headed[table.label] = table
    if readings:
        spans = tuple((t.start, t.end) for t in tables if t.rows)
        names = Names(labels or build_label_table(doc.text), spans)
        for reading in readings:
            reading.names = names
            _resolve(reading, names)
    return readings


def _continued(
    table: Table,
    before: Table | None,
    known: Sequence[PropertyDeclaration],
    units: set[str],
) -> TableReading | None:
    """``TABLE 4-continued`` printed without its header, a page on: read under the
    header of the table it continues (same label, same columns), or its rows are
    numbers under no property. Evidence still points at the rows as printed."""
    if table.header_rows or before is None or before.width != table.width:
        return None
    borrowed = replace(table, rows=[*before.header, *table.rows], header_rows=before.header_rows)
    reading = read_table(borrowed, known, units)
    if reading is None or reading.grid.transposed:
        return None  # a transposed table's header row names its own columns' compounds
    reading.grid.borrowed = before.header_rows
    return reading


def read_table(
    table: Table, known: Sequence[PropertyDeclaration], units: set[str]
) -> TableReading | None:
    """The table as data, or None when it is no table of values (no column or row
    header names a property, or it is a layout table of ``Key: | value`` pairs)."""
    if table.width < 2 or len(table.body) < 1 or _key_value_layout(table):
        return None
    table = _wrapped_labels(table)
    grid = _grid(table, transposed=False)
    columns = [_column(grid, c, known, units) for c in range(len(grid.headers))]
    columns = [part for column in columns for part in _paired(grid, column, known, units)]
    columns = [part for column in columns for part in _cued(grid, column, known)]
    if not any(c.property or c.ask for c in columns):
        transposed = _grid(table, transposed=True)
        flipped = [_column(transposed, c, known, units) for c in range(len(transposed.headers))]
        if not any(c.property for c in flipped):
            return None
        grid, columns = transposed, flipped
    compound_column = _compound_column(grid, columns)
    smiles_column = next(
        (c for c, header in enumerate(grid.headers) if _SMILES_HEADER.search(header)), None
    )
    caption = table.caption
    reading = TableReading(
        grid, columns, compound_column, smiles_column, _caption_compound(caption)
    )
    if not grid.transposed:
        reading.half = _half_width(grid.headers)
        if reading.half is None and compound_column is not None:
            reading.repeated = _repeated(grid, compound_column)
        if compound_column is None and reading.caption_compound is None:
            reading.series = _caption_series(caption, len(grid.rows))
    return reading


#: A series of labels a caption names by its ends: ``7a–7e``, ``3a-h``.
_CAPTION_SERIES = re.compile(r"(?<![\w.-])(\d{1,3})([a-z])\s?[–−‒-]\s?(?:\1)?([a-z])(?![\w-])")


def _caption_series(caption: Span | None, rows: int) -> tuple[Mention, ...]:
    """``Synthesis of the esters 7a–7e`` over five rows: the members in the order of the
    rows, which is how a scope table lists what its caption names. Nothing when the
    caption names no series, several, or one of another length than the table."""
    if caption is None:
        return ()
    found = list(_CAPTION_SERIES.finditer(caption.text))
    if len(found) != 1:
        return ()
    match = found[0]
    first, last = ord(match[2]), ord(match[3])
    if last - first + 1 != rows or rows < 2:
        return ()
    at, end = caption.start + match.start(), caption.start + match.end()
    return tuple(
        Mention(None, f"{match[1]}{chr(letter)}", at, end, "table_caption_series")
        for letter in range(first, last + 1)
    )


def _repeated(grid: Grid, column: int) -> tuple[int, ...]:
    """The compound column and the later ones under the same header that hold compounds
    too; empty when it is the only one."""
    key = _fold_key(grid.headers[column])
    if not any(key):
        return ()  # unheaded columns repeat nothing: the header rows were read as body
    same = [
        c
        for c, header in enumerate(grid.headers)
        if _fold_key(header) == key and (_holds_labels(grid, c) or _names_things(grid, c))
    ]
    return tuple(same) if len(same) > 1 and column in same else ()


def _fold_key(header: str) -> tuple[str, ...]:
    """A header as a folded table repeats it: without the caption a patent's first
    header row carries (``INDEX TABLE B › Cmpd › No.``) and without a footnote letter
    glued to a word (``Melting › Pointa``)."""
    parts = [" ".join(p.casefold().split()) for p in header.split(HEADER_PATH_SEPARATOR)]
    parts = [re.sub(r"(?<=[a-z]{3})[a-h]$", "", p) for p in parts if not _CAPTION_PART.match(p)]
    return tuple(parts)


_CAPTION_PART = re.compile(r"(?:index\s+)?table\s+[\w.-]+$")


def _half_width(headers: Sequence[str]) -> int | None:
    """The width of the halves a folded table repeats its header in, if it is one."""
    width = len(headers)
    keys = [" ".join(_fold_key(h)) for h in headers]
    for half in range(2, width // 2 + 1):
        if (
            width % half == 0
            and all(keys[i] == keys[i % half] for i in range(width))
            and sum(1 for k in keys[:half] if k) >= 2
        ):
            return half
    return None


def _wrapped_labels(table: Table) -> Table:
    """A row label a narrow column broke over two or three lines, ``Comparative`` over
    ``Example 1``, ``Working`` over ``Example`` over ``14``, as one label on the row
    holding the values; the other lines keep an empty label, so every row stays where
    it is printed."""
    rows = [list(row) for row in table.rows]
    for r in range(table.header_rows, len(rows) - 1):
        for k in (2, 3):
            lines = rows[r : r + k]
            firsts = [row[0] for row in lines]
            if len(lines) < k or not all(cell.text for cell in firsts):
                break
            if _EXAMPLE.fullmatch(firsts[0].text):
                break
            joined = " ".join(cell.text for cell in firsts)
            if not _EXAMPLE.fullmatch(joined):
                continue
            valued = [i for i, row in enumerate(lines) if any(cell_value(c.text) for c in row[1:])]
            if len(valued) != 1:
                break
            merged = Span(joined, firsts[0].start, firsts[-1].end)
            for i, row in enumerate(lines):
                row[0] = merged if i == valued[0] else Span("", firsts[i].end, firsts[i].end)
            break
    if all(a == b for a, b in zip(rows, table.rows, strict=True)):
        return table
    return replace(table, rows=rows)


def _key_value_layout(table: Table) -> bool:
    """``Yield: | 0.02 g (90% of theory)``: two columns whose first cells end with a
    colon are a patent's layout, prose set in a table; the text path reads them."""
    texts = [[cell.text for cell in row if cell.text] for row in table.rows]
    pairs = [row for row in texts if len(row) == 2]
    colons = [row for row in pairs if row[0].rstrip().endswith(":")]
    return bool(texts) and len(colons) * 2 >= len(texts)


def _grid(table: Table, *, transposed: bool) -> Grid:
    if not transposed:
        return Grid(
            table,
            False,
            [table.column_header(c) for c in range(table.width)],
            [[row[c] for row in table.header] for c in range(table.width)],
            _header_repeats_off(table),
        )
    rows = table.rows
    # a column of units beside the property names ("Density | g/cc | 12.4 | 21.4")
    first = 2 if table.width > 2 and _unit_column(table) else 1
    first = max(first, _stub_width(table))
    rows = _examples_over_numbers(rows, first)
    headers = [" › ".join(cell.text for cell in row[:first] if cell.text) for row in rows]
    return Grid(
        table,
        True,
        headers,
        [list(row[:first]) for row in rows],
        [[rows[r][c] for r in range(len(rows))] for c in range(first, table.width)],
        first,
    )


def _header_repeats_off(table: Table) -> list[list[Span]]:
    """The body with each row that repeats a header row emptied in place: a patent's
    table printed over two pages prints its header again on the second (``Co. no. |
    Exp. no. | …`` among the rows), which is no row of compounds. Emptied, not dropped,
    so every row keeps its place as printed."""
    printed = [tuple(c.text.strip() for c in row) for row in table.header]
    headers = {texts for texts in printed if sum(1 for t in texts if t) >= 2}
    if not headers:
        return table.body
    return [
        [Span("", c.start, c.start) for c in row]
        if tuple(c.text.strip() for c in row) in headers
        else row
        for row in table.body
    ]


#: A group header over numbered columns: ``Examples`` over ``1 | 2``.
_EXAMPLES_GROUP = re.compile(
    r"(?P<kind>(?:comparative|reference|working)\s+)?ex(?:amples?|s?\.)", _I
)


def _examples_over_numbers(rows: list[list[Span]], first: int) -> list[list[Span]]:
    """A patent's transposed table numbers its columns under a spanning group header,
    ``Example`` (or ``Examples`` and ``Comparative Examples``) over ``1 | 2 | 3``: each
    column is then one example, ``Example 1`` or ``Comparative Example 1``, as the
    text calls it, not the group word alone. The top line takes the example's whole
    name and the numbers' line keeps its place, emptied, so every row stays where it is
    printed."""
    if len(rows) < 3 or len(rows[0]) <= first:
        return rows
    top, numbers = rows[0], rows[1]
    merged: list[Span] = list(top[:first])
    emptied: list[Span] = list(numbers[:first])
    for group, number in zip(top[first:], numbers[first:], strict=True):
        kind = _EXAMPLES_GROUP.fullmatch(group.text.strip())
        if kind is None or not _EXAMPLE_NUMBER.fullmatch(number.text.strip()):
            return rows
        word = f"{kind['kind'].strip().capitalize()} Example" if kind["kind"] else "Example"
        text = f"{word} {number.text.strip()}"
        merged.append(Span(text, min(group.start, number.start), max(group.end, number.end)))
        emptied.append(Span("", number.end, number.end))
    return [merged, emptied, *rows[2:]]


def _stub_width(table: Table) -> int:
    """How many leading columns name the rows of a transposed table: a group column
    (``DSC Data``) and a unit column may stand beside the property's name, and none of
    them holds a value (``Item | Parameter | Unit | 13 | 14``)."""
    width = 0
    for c in range(table.width - 1):
        cells = [row[c].text for row in table.body if row[c].text]
        numbers = [t for t in cells if _has_number(t) and not _unit_alone(t)]
        if not cells or 4 * len(numbers) >= len(cells):  # a stray footnote row aside
            break
        width = c + 1
    return width


def _unit_alone(text: str) -> bool:
    """``(° C.)``, ``g/cm3``: the cell is a unit and nothing more."""
    bare = text.strip().strip("()[]").strip()
    found = unit_at(bare, 0)
    return found is not None and not bare[found[3] :].strip(" .")


def _unit_column(table: Table) -> bool:
    """The second column holds units: its header says so, or most cells are a unit."""
    if table.header_rows and re.fullmatch(r"\s*units?\s*", table.rows[0][1].text, _I):
        return True
    cells = [row[1].text for row in table.body if row[1].text]
    units = [t for t in cells if _unit_alone(t)]
    return bool(cells) and len(units) * 2 > len(cells)


def _column(
    grid: Grid, index: int, known: Sequence[PropertyDeclaration], units: set[str]
) -> Column:
    header = grid.headers[index]
    column = Column(index, header)
    if not header or not any(_has_number(row[index].text) for row in grid.rows):
        return column
    unit = header_unit(header)
    # a footnote letter glued to the header's word: "% yieldb"
    unmarked = _GLUED_MARKER.sub(r"\1", header)
    for declaration in known:
        found = declaration.header.search(header) or declaration.header.search(unmarked)
        if found is None:
            continue
        if (
            len(found.group().strip(". ")) <= 4
            and re.search(r"[(\[]\s*$", header[: found.start()])
            and re.match(r"\s*[)\]]", header[found.end() :])
        ):
            continue  # "PCR Product (bp)": base pairs, a unit in brackets
        if "/" in header and len(declaration.header.findall(header)) > 1:
            continue  # "Mp (HMW)/Mp (LMW)": a ratio of two
        if declaration.name == "reaction_yield" and _PER_AREA.search(header):
            continue  # "Sugar Yield [kg/ha]", "Yield [g/1000 kernel]": a harvest
        trapped = declaration.header_traps is not None and declaration.header_traps.search(header)
        if (
            trapped
            and not _found_then_literature(grid, index, header)
            and not _second_in_brackets(header, found.end(), trapped.start())
        ):
            return column
        unit = unit or _trailing_unit(header)
        if unit is not None and not _fits(unit, declaration):
            continue
        printed = header_unit(header, any_kind=True)
        if (
            unit is None
            and printed is not None
            and "%" not in printed  # "(mol%)", "(wt%)": a yield's shares
            and not _fits(printed, declaration)
        ):
            continue
        column.property = declaration.name
        column.unit = unit or declaration.default_unit
        column.decided_by = "header"
        column.compound = _header_compound(grid, index, declaration)
        return column
    if _CONDITION_HEADER.search(header) or _GROUP_HEADER.match(header):
        return column
    if unit is not None and unit in units:
        column.unit = unit
        column.ask = True
        column.compound = _header_compound(grid, index, None)
    return column


#: What a cell states in brackets after its yield, named by the header after the yield's
#: unit: ``Yield (%) (dr)``, ``Yield (%) [ee (%)]``, ``yield/% (ee/%)``, ``Yield, dr``.
_SECOND_AFTER_VALUE = re.compile(
    r"\s*(?:\(\s*%\s*\)|\[\s*%\s*\]|/\s*%|%)?[a-h]?\s*[(\[,/]\s*"
    r"(?:ee|e\.e\.|d\.?r\.?|e\.?r\.?|E/Z|Z/E|rr|ratio)\b",
    _I,
)


#: A unit in brackets that is a quantity per something, never a percentage.
_PER_AREA = re.compile(r"[(\[]\s*[A-Za-zµμ]{1,12}\s*/\s*(?:\d+\s*)?[A-Za-z][^%()\[\]]*[)\]]")


def _second_in_brackets(header: str, value_end: int, trap_start: int) -> bool:
    """Whether the look-alike a header names is the second quantity of each cell, after
    the value its first words name (``85 (10:1)`` under ``Yield (%) (dr)``), so the
    column is still the value's."""
    return trap_start >= value_end and _SECOND_AFTER_VALUE.match(header, value_end) is not None


#: ``Mp (°C)[Lit.]``, ``m.p. (lit.)``: the literature value is printed in the measured
#: value's cell, after it.
_LITERATURE_AFTER = re.compile(
    r"[(\[]\s*(?:lit(?:erature)?\.?|reported|rep\.|ref\.?)\s*[)\]]\s*$", _I
)  # ("Mp (°C) found [reported]" too)
_FOUND_THEN_LITERATURE = re.compile(r"\s*[\d.–-]+\s*[(\[]\s*[\d.–-]+\s*[)\]]")


def _found_then_literature(grid: Grid, index: int, header: str) -> bool:
    """A header that puts ``[Lit.]`` after the property, over cells printing a value
    then another in brackets (``52–54 (50) [21]``): the first is the one measured."""
    if not _LITERATURE_AFTER.search(header):
        return False
    cells = [row[index].text for row in grid.rows if _has_number(row[index].text)]
    paired = [text for text in cells if _FOUND_THEN_LITERATURE.match(text)]
    return bool(cells) and 2 * len(paired) >= len(cells)


def _paired(
    grid: Grid, column: Column, known: Sequence[PropertyDeclaration], units: set[str]
) -> list[Column]:
    """A column of paired cells under a paired header (``Time (min)/% yield`` over
    ``30/60``) is one column per part; any other column is itself."""
    header = column.header.split(" › ")[-1]
    depth, cut = 0, -1
    for i, char in enumerate(header):
        depth += 1 if char in "([" else -1 if char in ")]" else 0
        if char == "/" and depth == 0:
            if cut >= 0:
                return [column]
            cut = i
    if cut < 0 or (unit_at(header, cut + 1) and not header[cut + 1 :].strip(" .%)°CK")):
        return [column]
    halves = [header[:cut].strip(), header[cut + 1 :].strip()]
    shared = _TWO_PRODUCTS.fullmatch(header)
    if shared is not None:
        # "yield of 4a/5 (%)b" over "72/9": one property, a product per part
        halves = [f"{shared['lead']}{shared[k]}{shared['tail']}".strip() for k in ("a", "b")]
    cells = _cells(grid, column.index)
    if not cells or sum(cell.count("/") == 1 for cell in cells) * 2 <= len(cells):
        return [column]
    found = []
    for k, half in enumerate(halves):
        if half.startswith("%") and not half.endswith(")"):
            half = f"{half[1:].strip()} (%)"  # "% yield" is "yield (%)"
        sub = Grid(grid.table, grid.transposed, [half], grid.header_cells[:0], [])
        sub.rows = [[_part(row[column.index], k)] for row in grid.rows]
        sub.header_cells = [grid.header_cells[column.index]]
        decided = _column(sub, 0, known, units)
        if decided.property:
            decided.index, decided.header, decided.part = column.index, column.header, (k, 2)
            decided.ask = False
            if shared is not None:
                decided.compound = _part_product(grid, column.index, "ab"[k])
            found.append(decided)
    return found or [column]


def _part_product(grid: Grid, index: int, part: str) -> Mention | None:
    """The label a two-product header (``yield of 4a/5 (%)``) gives one part, placed in
    the header cell that prints it."""
    for cell in grid.header_cells[index]:
        found = _TWO_PRODUCTS.fullmatch(cell.text)
        if found is not None:
            start, end = cell.start + found.start(part), cell.start + found.end(part)
            return Mention(None, found[part], start, end, "table_header")
    return None


#: A header that names one property of two products: ``yield of 4a/5 (%)``.
_TWO_PRODUCTS = re.compile(
    r"(?P<lead>.*?\w.*?\s)(?P<a>\d{1,3}[a-z]{0,2}['′]?)\s*/\s*(?P<b>\d{1,3}[a-z]{0,2}['′]?)"
    r"(?P<tail>(?:\s*\([^()]*\))?\s*(?:[a-h](?:,[a-h])*|\[[a-h]\])?\s*)"
)


def _cued(grid: Grid, column: Column, known: Sequence[PropertyDeclaration]) -> list[Column]:
    """A column no header places whose cells lead with a property's cue and a number
    (an agrochemical patent's ``Physical constant`` over ``m.p. 120-122° C.``, ``nD20
    1.5521``): one column per property its cells state, each cell read by its cue.
    The cues are the finder's, so a cell needs as much as running text would."""
    if column.property or column.ask or not grid.rows:
        return [column]
    # a row with nothing but this cell continues the row above ("m.p. = 52-57° C." of
    # the phenol named over it): no row of its own, so no value of a column's
    cells = [
        row[column.index].text
        for row in grid.rows
        if row[column.index].text.strip()
        and any(cell.text.strip() for c, cell in enumerate(row) if c != column.index)
    ]
    stated: dict[str, PropertyDeclaration] = {}
    cued = 0
    for text in cells:
        found = False  # "yield 78%, m.p. 120-122° C.": one cell, two properties
        for declaration in known:
            if declaration.cue_before is None:
                continue
            rest = _cued_text(declaration.cue_before, text)
            if rest is None:
                continue
            if declaration.name == "boiling_point":
                rest = _boiling_at("", rest)[0]
            parsed = cell_value(rest)
            if parsed is not None and (
                parsed[0].unit is None or _fits(parsed[0].unit, declaration)
            ):
                # "MP 2 min": a mobile phase's time, no melting point
                stated.setdefault(declaration.name, declaration)
                found = True
        cued += found
    if not stated or cued * 3 < len(cells):
        return [column]
    return [
        replace(column, property=d.name, decided_by="header", cue=d.cue_before)
        for d in stated.values()
    ]


#: What may stand between a cell's cue and its value: ``m.p.: 120``, ``mp = 98``; a
#: cue's letters run into a number are a code (``BP1``, a biopsy), no cue.
_CUE_GAP = re.compile(r"(?:(?<=[.:=])|\s+|\s*[:=])\s*(?=[<>≥≤~]?\s*[-−]?\d)")


def _cued_value(cue: re.Pattern[str], text: str) -> int | None:
    """Where the value starts when ``text`` leads with ``cue`` right before a number,
    or states it after a description (``white solid, mp 60-62° C.``)."""
    lead = len(text) - len(text.lstrip())
    starts = [lead] + [m.end() for m in _DESCRIPTION_END.finditer(text)]
    for start in starts:
        found = cue.match(text, start)
        if found is None or found.end() == start:
            continue
        gap = _CUE_GAP.match(text, found.end())
        if gap is not None:
            return gap.end()
    return None


def _cued_text(cue: re.Pattern[str], text: str) -> str | None:
    """The cell with only the value ``cue`` states left, the rest blanked (offsets
    kept): ``yield 78%, m.p. 120° C.`` holds two, one after the other."""
    at = _cued_value(cue, text)
    if at is None:
        return None
    after = _DESCRIPTION_END.search(text, at)
    end = len(text) if after is None else after.start()
    return " " * at + text[at:end] + " " * (len(text) - end)


#: Where a cell's description of the solid ends and its data begin: a comma or a
#: semicolon after words or a value (``colourless needles; m.p. 96° C.``, ``yield
#: 78%, m.p. 120° C.``).
_DESCRIPTION_END = re.compile(r"(?<=[A-Za-z)%.])\s*[,;]\s+")


def _part(cell: Span, k: int) -> Span:
    """The ``k``-th ``/``-separated part of a cell, with its offsets."""
    pieces = cell.text.split("/")
    if len(pieces) != 2:
        return Span("", cell.end, cell.end)
    start = cell.start + sum(len(p) + 1 for p in pieces[:k])
    piece = pieces[k]
    lead = len(piece) - len(piece.lstrip())
    text = piece.strip()
    return Span(text, start + lead, start + lead + len(text))


_GLUED_MARKER = re.compile(r"\b([Yy]ields?|[Pp]roducts?|[Cc]ompounds?|[Ee]ntry)[a-h]\b")


def _has_number(text: str) -> bool:
    return any(ch.isdigit() for ch in text)


def header_unit(header: str, *, any_kind: bool = False) -> str | None:
    """The unit a header prints: in brackets (``Yield (%)``, ``b.p. [K]``), after a
    slash (``M.p./°C``) or a comma (``Yield, %``); None when it prints none.
    Amounts and pressures count only with ``any_kind`` (``Mp (LMW), g/mol``: a molar
    mass, whatever its name looks like)."""
    skipped = () if any_kind else ("amount", "other", "pressure")
    # a bracket a narrow column broke over its header rows: "diisocyanate (mol › %)"
    header = _BROKEN_BRACKET.sub(r"(\1 \2)", header)
    header = re.sub(r"\bDeg\b", "deg", header)  # "Tm Deg C.": the unit's spelling is lower case
    header = re.sub(r"(?<=[cdk/]m) (?=[23](?!\d))", "", header)  # "g/cm<sup>3</sup>" as "g/cm 3"
    places = [m.start(1) for m in _BRACKETED.finditer(header)]
    # not after a number: "10−8/K" is per kelvin, not a temperature
    places += [m.end() for m in re.finditer(r"(?<![\d⁰¹²³⁴⁵⁶⁷⁸⁹])[/,]\s*", header)]
    for place in places:
        found = unit_at(header, place)
        if found is not None and found[1] not in skipped:
            return found[0]
    # a header row of units alone under the names ("Tm › Deg C.", "Density › g/cc")
    for part in header.split(" › ")[1:]:
        found = unit_at(part, 0)
        kind_fits = found is not None and found[1] not in skipped
        if found is not None and kind_fits and not part[found[3] :].strip(" .)"):
            return found[0]
    return None


#: A unit's bracket broken over two header rows, the path's separator inside it.
_BROKEN_BRACKET = re.compile(r"\(([^()›]{1,12}?)\s*›\s*([^()›]{1,12}?)\)")


def _trailing_unit(header: str) -> str | None:
    """A unit on the header cell's second line, run into it: ``Density g/cm3``, ``mp
    °C``. Read only for a header a declaration knows: ``Mole %`` is a composition."""
    last = header.split(" › ")[-1]
    tail = re.search(r"\s(\S+)\s*$", last)
    if tail is not None and re.search(r"[/°%]|^[A-Za-z]{1,3}\d?$", tail.group(1)):
        found = unit_at(last, tail.start(1))
        kind_fits = found is not None and found[1] not in ("amount", "other", "pressure")
        if found is not None and kind_fits and not last[found[3] :].strip(" .)"):
            return found[0]
    return None


def _fits(unit: str, declaration: PropertyDeclaration) -> bool:
    """The unit measures what the property is stated in."""
    wanted = {dimension(u) for u in declaration.units}
    return dimension(unit) in wanted or unit in declaration.units


def _header_compound(
    grid: Grid, index: int, declaration: PropertyDeclaration | None
) -> Mention | None:
    """The compound a header names besides its property: a label (``Yield 7b``,
    ``Yield (%) › 3a``, ``Yield of 3a (%)b``) or a name after "of" (``Yield of the
    acid``); other words in a header (``Water solubility``) say how it was measured."""
    lettered = _lettered_product(grid, index, declaration)
    if lettered is not None:
        return lettered
    for cell in grid.header_cells[index]:
        text = cell.text
        stereo = re.search(rf"(?<![\w)]){STEREO}{LABEL}(?![\w(])", text)
        if stereo is not None:
            start, end = cell.start + stereo.start(), cell.start + stereo.end()
            return Mention(None, stereo.group(0), start, end, "table_header")
        text = _note_references_off(text)
        # "Yield of 3a b (%)": a note's letter printed apart after the product's label
        spaced = SPACED_MARKER_AFTER_LABEL.sub(lambda m: " " * len(m.group()), text)
        for version in dict.fromkeys((text, _MARKER_TAIL.sub("", text), spaced)):
            found = None if declaration is None else declaration.header.search(version)
            rest = (
                version
                if found is None
                else version[: found.start()] + " " + version[found.end() :]
            )
            bracketed = _BRACKETED_LABEL.fullmatch(rest)
            if bracketed is not None and not _unit_alone(bracketed["label"]):
                # "Yield (2)a | Yield (3)a | Selectivity (2/3)": each product's label
                start = cell.start + text.find(bracketed["label"])
                return Mention(None, bracketed["label"], start, start + len(bracketed["label"]),
                               "table_header")  # fmt: skip
            # "Yield of 6 (%) with Cat. A", "Yield 3a, 80 °C": the product, then what
            # the column's runs were made with or at
            rest = _CONDITION_AFTER_LABEL.sub(r"\g<label>", _BRACKETED.sub(" ", rest))
            rest = " ".join(_HEADER_NOISE.sub(" ", rest).split())
            run = LABEL_RUN.fullmatch(rest)
            if run is not None and found is not None and (offset := text.find(rest)) >= 0:
                # "Yield of 4a-k (%)": the products of a scope table's rows, in turn
                start = cell.start + offset
                return Mention(None, rest, start, start + len(rest), "table_header")
            label = LABEL_CELL.fullmatch(rest) or _KIND_LABEL_CELL.fullmatch(rest)
            offset = text.find(rest)
            if label is not None and offset >= 0:
                start = cell.start + offset
                return Mention(None, label.group(1), start, start + len(rest), "table_header")
        # ("Water solubility" names the solvent: only a yield's header names a product so)
        found = None
        if declaration is not None and declaration.name == "reaction_yield":
            found = declaration.header.search(text)
        before = "" if found is None else text[: found.start()].strip(" ,-")
        named_before = looks_like_name(before) and not is_generic_name(before)
        if before and (named_before or _PRODUCT_ABBREVIATION.fullmatch(before)):
            # "Acrolein yield (%)", "Acrylic acid yield": the product named before it
            start = cell.start + text.find(before)
            return Mention(before, None, start, start + len(before), "table_header")
        joined = _name_broken_over_header(grid.header_cells[index], cell, before)
        if joined is not None:
            return joined
        own_name = found is not None and re.match(r"\s*of\s+\w", text[found.end() :])
        if found is not None and not before and not own_name:
            # "PhCH2OH" over "Yield": the product's name spanning its columns (not
            # "Distillate" over "Yield of RSnCl3": a fraction, the cell names its own)
            above = [c for c in grid.header_cells[index] if c.text and c is not cell]
            for other in above:
                if other.start < cell.start and _product_name(other.text):
                    name = other.text.strip()
                    return Mention(name, None, other.start, other.start + len(name), "table_header")
            # "Yield (%)" spanning "hydroquinone | catechol": a product's name under it
            under = [c for c in above if c.start > cell.start]
            if (
                len(under) == 1
                and _product_name(under[0].text)
                and not LABEL_CELL.fullmatch(under[0].text.strip())
            ):
                name = under[0].text.strip()
                start = under[0].start + under[0].text.find(name)
                return Mention(name, None, start, start + len(name), "table_header")
        if re.search(r"\bof\s*$", text):
            members = _run_below(grid.header_cells[index], cell)
            if members is not None:
                return members  # "Yield of" over "4a-k" over "(%)b"
            # "Yield of" over "acrylic acid (mol%)": the name is all of the row below
            below = _name_goes_on(grid.header_cells[index], cell, "")
            if below is not None and looks_like_name(below.text):
                return Mention(below.text, None, below.start, below.end, "table_header")
        named = _HEADER_OF_NAME.search(_MARKER_TAIL.sub("", text))
        if named is not None and _bracketed_at(text, named.start()):
            named = None  # "Yield [% of theory]": the unit's words, no compound
        if named is not None and named.group(1).split()[-1].lower() not in _FORMS:
            start = cell.start + named.start(1)
            name, end = named.group(1), cell.start + named.end(1)
            below = _name_goes_on(grid.header_cells[index], cell, text[named.end(1) :])
            if below is not None:
                # "Yield of hexane" over "1,6-diisocyanate (%)": one name on two lines;
                # "Methyl 9-" over "dodecenoate2" (note 2): a locant's hyphen joins
                rest = re.sub(r"(?<=[a-z]{3})\d$", "", below.text)
                joint = "" if name.endswith("-") else " "
                name, end = f"{name}{joint}{rest}", below.start + len(rest)
            return Mention(name, None, start, end, "table_header")
    return None


def _name_broken_over_header(cells: list[Span], cell: Span, before: str) -> Mention | None:
    """``Pentaric`` over ``acid yield/`` over ``%``: a narrow column's header broke the
    product's name before its yield word over two lines; the line above holds its head
    (the word left before "yield" names nothing alone)."""
    if not before or looks_like_name(before) or len(before.split()) > 2:
        return None
    above = [c for c in cells if c.text.strip() and c.start < cell.start]
    if not above:
        return None
    head = above[-1].text.strip()
    name = f"{head} {before}"
    if len(head.split()) > 3 or not looks_like_name(name) or is_generic_name(name):
        return None
    end = cell.start + cell.text.find(before) + len(before)
    return Mention(name, None, above[-1].start, end, "table_header")


def _lettered_product(
    grid: Grid, index: int, declaration: PropertyDeclaration | None
) -> Mention | None:
    """``Yield (%)`` spanning ``A | B | C``: products lettered in the caption's scheme,
    one column each; the letter is the product's label."""
    if declaration is None or declaration.name != "reaction_yield":
        return None
    path = grid.headers[index].split(HEADER_PATH_SEPARATOR)
    cells = grid.header_cells[index]
    if len(path) < 2 or not cells or not any(declaration.header.search(p) for p in path[:-1]):
        return None
    letter = path[-1].strip()
    if not re.fullmatch(r"[A-H]", letter) or cells[-1].text.strip() != letter:
        return None
    siblings = [
        k
        for k, header in enumerate(grid.headers)
        if k != index and re.fullmatch(r"[A-H]", header.split(HEADER_PATH_SEPARATOR)[-1].strip())
    ]
    if not siblings:
        return None  # a lone "A" may be a method's or a condition's name
    start = cells[-1].start + cells[-1].text.find(letter)
    return Mention(None, letter, start, start + 1, "table_header")


#: After a product's label in a header: the condition the column's runs share.
_CONDITION_AFTER_LABEL = re.compile(
    # (not a name's locants a space split: "hexane 1, 6-diisocyanate")
    rf"(?<![\w\-.])(?P<label>{LABEL})\s*(?:,\s*(?!\d{{1,2}}\s*-)|\s+(?:with|using|over|in|at|by|under|on)\s+)"
    r"\S.*$",
    _I,
)


def _bracketed_at(text: str, at: int) -> bool:
    """Whether ``at`` lies inside a bracket the text opened before it."""
    before = text[:at]
    return before.count("[") > before.count("]") or before.count("(") > before.count(")")


#: A product's label bracketed after the property word, alone: ``Yield (2)``.
_BRACKETED_LABEL = re.compile(rf"\s*\(\s*(?P<label>{LABEL})\s*\)\s*")


def _run_below(cells: Sequence[Span], cell: Span) -> Mention | None:
    """The run of labels (``4a-k``) in the header cell under ``Yield of``."""
    below = [c for c in cells if c.start > cell.start and c.text.strip()]
    if not below:
        return None
    text = _MARKER_TAIL.sub("", below[0].text).strip()
    run = LABEL_RUN.match(text)
    if run is None or text[run.end() :].strip(" ()%"):
        return None
    start = below[0].start + below[0].text.find(run.group())
    return Mention(None, run.group(), start, start + len(run.group()), "table_header")


def _name_goes_on(cells: Sequence[Span], cell: Span, after: str) -> Span | None:
    """The rest of a name a narrow column broke onto the next header row: the words of
    the cell below, up to its unit (``1,6-diisocyanate`` of ``1,6-diisocyanate (%)``),
    when the name ended its own cell."""
    if after.strip():
        return None
    below = [c for c in cells if c.start > cell.start and c.text]
    if not below or not NAME_GOES_ON.match(below[0].text):
        return None
    words = re.match(r"[^()\[\]/]*[^()\[\]/\s]", below[0].text)
    if words is None:
        return None
    return Span(words.group(0), below[0].start, below[0].start + words.end())


#: A product called by its abbreviation before ``yield`` (``DHN Yield``, ``HMF yield``),
#: not the method that measured it (``GC yield``, ``NMR yield``).
_PRODUCT_ABBREVIATION = re.compile(
    r"(?!(?:GC|NMR|HPLC|U?PLC|LC|LCMS|LC-MS|GCMS|GC-MS|MS|UV|TLC|ICP|XRD|SFC|ELSD|FID|ee|de)\b)"
    r"[A-Z][A-Z0-9]{1,5}(?:-[A-Z0-9]{1,4})?"
)


def _product_name(text: str) -> bool:
    """A header cell that is only a compound's name or formula (``Propylene oxide``,
    ``PhCH2OH``), never a word for a kind of compound."""
    text = text.strip()
    if not text or is_generic_name(text):
        return False
    if _CONDITION_HEADER.search(text) and not _NAMED_ACID.fullmatch(text):
        return False  # "Acid", "Base": an additive's column ("Acetamidogulonic Acid" is one)
    return looks_like_name(text) or bool(_FORMULA.fullmatch(text))


_NAMED_ACID = re.compile(r"[A-Za-z][\w,()′'-]{3,}\s+acid", _I)


def _note_references_off(text: str) -> str:
    """``Yield 2)``, ``Dose 1)``: a patent's reference to its note 2), no label; a
    closing bracket that no opening one matches."""
    out = []
    depth = 0
    for found in re.finditer(r"[()]|\b\d{1,2}\)", text):
        if found.group() == "(":
            depth += 1
        elif found.group() == ")":
            depth = max(0, depth - 1)
        elif depth:
            depth -= 1
        else:
            out.append(found.span())
    for start, end in reversed(out):
        text = text[:start] + " " * (end - start) + text[end:]
    return text


#: What a material is made into, not a compound: ``Density of sintered body``.
_FORMS = frozenset(
    {
        "body", "bodies", "sample", "samples", "specimen", "specimens", "film", "films",
        "pellet", "pellets", "powder", "powders", "compact", "compacts", "coating",
        "coatings", "layer", "layers", "composite", "composites", "blend", "blends",
        "material", "materials", "product", "products", "mixture", "solution", "melt",
        "foam", "foams", "fiber", "fibers", "fibre", "fibres", "sheet", "sheets",
        "byproduct", "byproducts", "by-product", "by-products", "isomers", "oligomers",
        # what a run adds, named by its role: "Boiling temperature of the additive"
        "additive", "additives", "catalyst", "catalysts", "solvent", "solvents", "ligand",
        "ligands", "base", "bases", "oxidant", "reagent", "reagents",
    }
)  # fmt: skip
_HEADER_OF_NAME = re.compile(
    # "Yield of Methyl 9-" over "dodecenoate": a locant may open the second word
    r"\bof\s+((?:the\s+)?[A-Za-z][\w,()\[\]'′-]*(?:\s+(?:[a-z][\w-]*|\d[\d,]*-))?)"
    r"(?=\s*(?:[(\[/,]|$))"
)


def _compound_column(grid: Grid, columns: Sequence[Column]) -> int | None:
    """The column that names each row's compound."""
    taken = {c.index for c in columns if c.property or c.ask}
    free = [c for c in range(len(grid.headers)) if c not in taken]
    yields = any(c.property == "reaction_yield" or (c.ask and c.unit == "%") for c in columns)
    named = []
    for c in free:
        header = _GLUED_MARKER.sub(r"\1", grid.headers[c])  # "Producta": note a
        if _SMILES_HEADER.search(header) or _GROUP_HEADER.match(header):
            continue
        # what brackets add says what a quantity was measured on: "Solvent (substrate
        # conc.)", "Hydroxyl value (mg KOH/g sample)" name no compound column
        bare = _BRACKETED.sub(" ", header)
        if header_unit(header, any_kind=True) is not None or _CONDITION_HEADER.search(bare):
            continue
        if _SHARE_HEADER.search(header.replace(HEADER_PATH_SEPARATOR, " ")):
            continue  # "Content of ammonia in composition (ppm)": a share, not a sample
        if yields and _USED_HEADER.search(bare):
            continue  # "Type of Resin (if used)" beside a yield: what the run used
        if (
            (_COMPOUND_HEADER.search(bare) or (yields and _SUBSTRATE_CLASS_HEADER.fullmatch(bare)))
            and (_names_things(grid, c) or _numbered(grid, c))  # "Compound" over "1-1"
            and not _constant(grid, c)
        ):
            named.append(c)
    # "Compound | Product": the product's, when the other holds what it was made from
    products = [c for c in named if _PRODUCT_HEADER.search(grid.headers[c])]
    # "Cpd. No. | Compound name": the names, which the numbers only label
    names = [c for c in named if _NAME_HEADER.fullmatch(_last_header(grid.headers[c]))]
    # "Compound | R | Salt" over "1-1 | H | HCl": the salt is the form the compound took
    # "Example | Compound" over "31 | NAME": the name, which the example only numbers;
    # but an example's yield is of its product, not of the substrate beside it
    compounds = [
        c
        for c in named
        if not _FORM_HEADER.fullmatch(_last_header(grid.headers[c]))
        and not _EXAMPLE_HEADER.fullmatch(_last_header(grid.headers[c]))
        and not (yields and re.search(r"\bsubstrates?\b", grid.headers[c], _I))
        and not _SUBSTRATE_CLASS_HEADER.fullmatch(_BRACKETED.sub(" ", grid.headers[c]))
    ]
    if products or names or compounds:
        return (products or names or compounds)[0]
    if named:
        # "Co No. | Ex. No." over "7 | B1a": the compound's number, not the example's
        # whose procedure made it
        unmarked_headers = [_GLUED_MARKER.sub(r"\1", grid.headers[c]) for c in free]
        numbers = [
            c
            for c, header in zip(free, unmarked_headers, strict=True)
            if _COMPOUND_NUMBER_HEADER.match(header.replace(HEADER_PATH_SEPARATOR, " "))
            and (_numbered(grid, c) or _numbered_with_notes(grid, c))
        ]
        if numbers and all(_EXAMPLE_HEADER.fullmatch(_last_header(grid.headers[c])) for c in named):
            return numbers[0]
        return named[0]
    # columns headed by their series ("1 | Ar | 3"): the last is what the rows made
    series = [
        c
        for c in free
        if re.fullmatch(r"\d{1,2}", grid.headers[c].strip())
        and members(grid.headers[c].strip(), _cells(grid, c))
    ]
    if series:
        return series[-1]
    # "entrya"; "Run › no." is "Run no." broken over two header rows
    unmarked = [
        _GLUED_MARKER.sub(r"\1", header.replace(HEADER_PATH_SEPARATOR, " "))
        for header in grid.headers
    ]
    for c in free:
        if _COMPOUND_NUMBER_HEADER.match(unmarked[c]) and _numbered(grid, c):
            # "Co. no. | Exp. no." over "80 | B4": the compound's number, not its example's
            return c
    for c in free:
        if _ENTRY_HEADER.match(unmarked[c]) and _holds_labels(grid, c):
            return c
    for c in free:
        if re.fullmatch(r"\s*[A-Za-z][a-z-]{2,}\s*", unmarked[c]) and _one_series(grid, c):
            # "Sulfide | Time (h)" over "1a | 2": one series' labels under the word for
            # what they are name each row's compound
            return c
    # a yield belongs to a product, never to the row's catalyst or solvent; a boiling
    # point or a density in a "Solvent" column's row is the solvent's own
    compounds_only = not yields and any(c.property in _OF_A_COMPOUND for c in columns)
    for c in free:
        if compounds_only and _NUMBER_HEADER.match(unmarked[c]) and _numbered(grid, c):
            # "No. | R4 | Salt | Mp (°C)" over "76 | H | HCl | 275": a table of compounds'
            # melting points numbers its compounds, not runs
            return c
    for c in free:
        if compounds_only and _SAMPLE_HEADER.match(unmarked[c]) and _numbered(grid, c):
            # "Run | Catalyst | Density" over "1 | A | 0.921": a density is the product's
            # of run 1, the sample the table numbers
            return c
    for c in free:
        header = grid.headers[c]
        if _ENTRY_HEADER.match(unmarked[c]) or _GROUP_HEADER.match(header):
            continue
        if header_unit(header) is not None:
            continue  # a quantity ("time / h"): its numbers count, they name nothing
        if _SMILES_HEADER.search(header) or (
            yields and (_CONDITION_HEADER.search(header) or _USED_HEADER.search(header))
        ):
            continue
        if yields and _counts_runs(grid, c):
            continue  # "1, 2, 3, …" down an unheaded column beside yields: the entries
        if grid.transposed and not header and taken and c > min(taken):
            # "Crystal characteristic | Slightly" over " | hygroscopic": an unheaded row
            # below the properties carries on a wrapped cell; it names no compound
            continue
        if _names_things(grid, c) and (not header or c == 0):
            return c
    return None


def _counts_runs(grid: Grid, column: int) -> bool:
    """The column counts 1, 2, 3, … down the table, as entries of runs do."""
    cells = [t.strip() for t in _cells(grid, column)]
    return len(cells) >= 3 and cells == [str(k) for k in range(1, len(cells) + 1)]


_PRODUCT_HEADER = re.compile(r"\bproducts?", _I)
#: A column of the compounds' names, beside one of their numbers.
_NAME_HEADER = re.compile(
    r"\s*(?:(?:compound|chemical|iupac|systematic|product)\s+)?names?(?:\s+of\s+(?:the\s+)?"
    r"(?:compound|product)s?)?\s*",
    _I,
)
#: A column of the salt or solid form each row's compound was made as.
_FORM_HEADER = re.compile(
    r"\s*(?:salts?|salt\s+forms?|(?:solid\s+)?forms?|counter[- ]?ions?|acid\s+addition\s+salts?)\s*",
    _I,
)
#: What a run was done with: beside a yield, the product is not in this column.
_USED_HEADER = re.compile(r"^\s*type\s+of\b|\bif\s+used\b|\bused\b", _I)
#: A column of how much of something there is: its numbers name no row's compound.
_SHARE_HEADER = re.compile(
    r"^\s*(?:content|amount|concentration|proportion|percentage|level|ratio|number|"
    r"(?:number\s+of\s+)?(?:moles?|equivalents?|equiv\.?))\s+of\b"
    r"|\(\s*(?:ppm|ppb|wt\.?\s*%|mol\.?\s*%|vol\.?\s*%|%\s*(?:w/w|v/v|w/v)?)\s*\)",
    _I,
)


def _constant(grid: Grid, column: int) -> bool:
    """The same compound in every row (``7`` beside products ``8a``…``8h``): what each
    reaction started from, not what it gave."""
    cells = _cells(grid, column)
    return len(cells) >= 3 and len(set(cells)) == 1


def _cells(grid: Grid, column: int) -> list[str]:
    return [row[column].text for row in grid.rows if row[column].text]


#: A column of numbers that is a compound's when the table measures compounds.
_NUMBER_HEADER = re.compile(
    r"^\s*(?:no\.?|nr\.?|#|number|(?:compound|compd|cmpd|cpd|comp|co|c)\.?\s*no\.?)\s*$", _I
)
#: A column numbering the samples whose densities or melting points a table gives.
_SAMPLE_HEADER = re.compile(
    r"^\s*(?:runs?|samples?|specimens?|trials?|polymers?|resins?|glass(?:es)?|batch|lot)"
    r"\s*(?:no\.?|nr\.?|#|number)?\s*$",
    _I,
)
#: A column that says it numbers compounds, not runs or examples.
_COMPOUND_NUMBER_HEADER = re.compile(
    r"^\s*(?:compound|compd|cmpd|cpd|comp|co)\.?\s*(?:no\.?|nr\.?|#|number)\s*$", _I
)
#: A patent's compound number by table and entry: ``4.08`` is Table 4's eighth compound.
_DOTTED_NUMBER = re.compile(r"\d{1,3}\.\d{1,3}")
#: Properties of a compound as it is (not of a reaction, as a yield is).
_OF_A_COMPOUND = frozenset({"melting_point", "boiling_point", "density", "logP", "logD"})


def _numbered(grid: Grid, column: int) -> bool:
    """Every filled cell a number (``1``, ``76``, or ``95a``), none repeated."""
    cells = [t.strip() for t in _cells(grid, column)]
    return (
        len(cells) >= 2
        and (
            # "76", "95a", and a patent's "1-1", "1-2": Table 1's first, second, …
            all(re.fullmatch(r"\d{1,4}(?:[-‐]\d{1,3})?[a-z]{0,2}", t) for t in cells)
            or all(_DOTTED_NUMBER.fullmatch(t) for t in cells)
        )
        and len(set(cells)) == len(cells)
    )


def _numbered_with_notes(grid: Grid, column: int) -> bool:
    """Numbers as ``_numbered`` reads them, some with a note in brackets (``7 (ref.)``,
    a reference compound)."""
    bare = [_REFERENCE_MARK.sub("", t.strip()) for t in _cells(grid, column)]
    return (
        len(bare) >= 2
        and all(re.fullmatch(r"\d{1,4}[a-z]{0,2}", t) for t in bare)
        and len(set(bare)) == len(bare)
    )


def _names_things(grid: Grid, column: int) -> bool:
    """Most cells are names or labels, not numbers, nor how a product looked (``White
    solid`` beside ``Physical appearance of final product``)."""
    cells = [t for t in _cells(grid, column) if not _GENERIC_CELL.fullmatch(t)]
    named = [
        t
        for t in cells
        if (_is_label(t) or re.search(r"[A-Za-z]{2}", t) or _CODE_CELL.fullmatch(t))
        and not is_appearance(t)
    ]
    return bool(cells) and len(named) * 2 > len(cells)


#: A sample's or a formulation's code, or a patent's compound number: capitals and
#: digits (``847A6D``, ``RK086``, ``P3.1``).
_CODE_CELL = re.compile(
    r"\s*(?=[^a-z]*[A-Z])(?=[^a-z]*\d)(?=\S{3})[A-Z0-9][A-Z0-9\-/#]{1,10}(?:\.\d{1,3})?\s*"
)


#: Cells that name no compound: the heading of a column of values (``Parameter |
#: Value``, ``Property | Range``, seen as a row when the table is read with its
#: properties in rows), a summary row (``Total``), a control row (``Nil``, ``Blank``).
_GENERIC_CELL = re.compile(
    r"\s*(?:values?|ranges?|results?|data|parameters?|properties|property|specifications?|measures?"
    r"|typical(?:\s+values?)?|measured|observed|experimental|exp|found|amounts?|units?|method"
    r"|limits?|valor(?:es)?|resultados?|valeurs?|résultats?|werte?|ergebnis|valor[ei]"
    # a summary row, and a column of time units beside its numbers
    r"|total|average|mean|média|media|sum|min(?:ute)?s?|h(?:ours?|rs?)?|days?|sec(?:ond)?s?"
    r"|weeks?"
    # a row of no compound: the control, the blank, "Nil" or "None" added
    r"|nil|none|blank|control|untreated)"
    r"\s*[:.]?\s*",
    _I,
)


#: A cell of one bracketed item: ``(9a)``.
_IN_BRACKETS = re.compile(r"\(\s*([^()]+?)\s*\)")


def _is_label(text: str) -> bool:
    if (inner := _IN_BRACKETS.fullmatch(text.strip())) is not None:
        text = inner.group(1)  # "(9a)", as a column of products by label prints them
    return bool(LABEL_CELL.fullmatch(text) or TABLE_LABEL_CELL.fullmatch(text)) and not (
        _FORMULA.fullmatch(text)
    )


def _one_series(grid: Grid, column: int) -> bool:
    """Every filled cell is a member of one series (``1a``, ``1b``, ``1c``), two at least."""
    cells = [t.strip() for t in _cells(grid, column) if t.strip()]
    found = [re.fullmatch(r"(\d{1,3})[a-z]{1,2}['′]?", t) for t in cells]
    numbers = {m[1] for m in found if m is not None}
    return len(cells) >= 2 and all(found) and len(numbers) == 1


def _holds_labels(grid: Grid, column: int) -> bool:
    """Labels such as ``3a`` or ``S1``, not a plain count ``1, 2, 3``."""
    cells = _cells(grid, column)
    labels = [t for t in cells if _is_label(t) and not t.isdigit()]
    return bool(cells) and len(labels) * 2 > len(cells)


def _caption_compound(caption: Span | None) -> Mention | None:
    """The one product label an optimisation table's caption names (``Optimisation of
    the synthesis of 3a``); None when it names none or several."""
    if caption is None:
        return None
    found = {
        m.group(1): m
        for m in _CAPTION_PRODUCT.finditer(caption.text)
        if not _TRANSFORMED.search(caption.text[: m.start(1)])
    }
    made = {k: m for k, m in found.items() if _MADE_INTO.match(m.group(0))}
    if len(found) > 1 and len(made) == 1:
        found = made  # "cyclization of iodo-imine 2 to pyrroloquinoline 3": what it gave
    if len(found) != 1:
        if found or _CAPTION_SERIES.search(caption.text):
            return None  # several products, or a series of them ("the esters 7a–7e")
        return _caption_name(caption)
    match = next(iter(found.values()))
    start = caption.start + match.start(1)
    return Mention(None, match.group(1), start, start + len(match.group(1)), "table_caption")


#: What a reaction was done to (``aerobic oxidation of model compound 1``, ``the Suzuki
#: reaction of 1b and phenylboronic acid``): the substrate, not what it gave; a
#: synthesis, preparation or formation of one is it.
_TRANSFORMED = re.compile(
    r"\b(?!(?:synthesis|preparation|formation)\b)(?:\w{4,}(?:ation|ysis|ing)|reactions?)\s+of\s+"
    r"(?:the\s+)?(?:[\w-]+\s+){0,2}\(?$",
    _I,
)
_MADE_INTO = re.compile(r"(?:to|into|giving|affording|afford)\s", _I)
_CAPTION_NAME = re.compile(
    r"\b(?:synthesis|preparation|formation|properties|characteri[sz]ation"
    # "Density of NAME at different temperatures": the one compound measured
    r"|densit(?:y|ies)|solubilit(?:y|ies)|(?:melting|boiling)\s+points?|log\s?[PD]"
    r"|partition\s+coefficients?)"
    r" of (?:the )?(?P<name>\S.*?)"
    r"(?=\s+(?:using|with|in|under|over|catalyi?[sz]ed|by|from|via|at|on|and|catalysts?)\b"
    r"|[.;:]?\s*$)",
    _I,
)
#: A product's abbreviation before the making of it: ``HMF preparation``.
_ABBREVIATION_MADE = re.compile(
    r"\b(?P<name>[A-Z][A-Z0-9]{1,5})\s+(?:preparation|synthesis|production|formation)\b"
)
#: A caption that goes on to a series (``Synthesis of biphenyl with different aryl
#: halides``): a scope table, one product per row, not the one it names. Conditions
#: that vary (``using different amount of catalyst``) leave the one product.
_SERIES = re.compile(
    r"\b(?:with|from|of|and)\s+(?:the\s+)?(?:different|various|diverse|several|substituted)\b", _I
)
#: What a chemical name has that a description ("pyran derivatives") has not.
_NAME_LIKE = re.compile(r"\d|-|\[|\(|(?:ene|ane|yne|ole|ine|one|ide|ate|ol|al|ether)\b")


def _caption_name(caption: Span) -> Mention | None:
    """The one product an optimisation table's caption names by name: "Synthesis of
    14H-dibenzo[a,j]xanthene using …", or the one compound a table of properties is
    about ("Physical properties of ibuprofen"); a class ("pyran derivatives") is none,
    and so is a name before a series ("… with different aryl halides")."""
    found = _CAPTION_NAME.search(caption.text)
    if found is None:
        made = _ABBREVIATION_MADE.search(caption.text)
        if made is not None and _PRODUCT_ABBREVIATION.fullmatch(made["name"]):
            # "Batch experiments for HMF preparation in IL": the product it makes
            start = caption.start + made.start("name")
            return Mention(made["name"], None, start, start + len(made["name"]), "table_caption")
    if found is None or _SERIES.search(caption.text, found.end()):
        return None
    name = found["name"].rstrip(" .;:").strip()
    grade = re.match(r"(?:crude|purified|pure|recrystalli[sz]ed)\s+", name, _I)
    if grade is not None and _PRODUCT_ABBREVIATION.fullmatch(name[grade.end() :]):
        # "The properties of crude DHSA": the product by its abbreviation, as made
        name = name[grade.end() :]
        start = caption.start + found.start("name") + grade.end()
        return Mention(name, None, start, start + len(name), "table_caption")
    if not (_NAME_LIKE.search(name) or looks_like_name(name)) or re.search(
        r"(?:s|ves)$", name.split()[-1]
    ):
        return None
    start = caption.start + found.start("name")
    return Mention(name, None, start, start + len(name), "table_caption")


def _resolve(reading: TableReading, labels: Names) -> None:
    """Labels named in headers and the caption get their names from the document; a
    column of a compound the table's reaction conditions list as a reactant is what
    is left of it, never a yield."""
    for column in reading.columns:
        column.compound = _named(column.compound, labels)
        maybe_yield = column.property == "reaction_yield" or (column.ask and column.unit == "%")
        if maybe_yield and _reactant(reading.table, column.compound, labels):
            column.property, column.ask, column.decided_by = None, False, None
    reading.caption_compound = _named(reading.caption_compound, labels)


#: A stereo descriptor or "racemic" before a name: the compound, whichever its form.
_NAME_STEREO_TEXT = rf"(?:racemic\s+|{STEREO})"
_NAME_STEREO = re.compile(f"^{_NAME_STEREO_TEXT}", _I)
#: An amount charged: "(30 mg)", "(0.24 mmol)", "(1.2 equiv)".
_CHARGED = r"\s*\((?:[^()]*?,\s*)?\d+(?:\.\d+)?\s*(?:mmol|mol|mg|g|mL|µL|μL|equiv|eq)\b"


def _reactant(table: Table, mention: Mention | None, labels: Names) -> bool:
    """The table's notes charge the compound with an amount: ``Reaction conditions:
    (S)-1-phenylethanol (30 mg), …`` or ``aldehyde (2, 1.0 mmol)``: a starting
    material, so its percentage is how much of it is left."""
    if mention is None or mention.label is None:
        return False
    notes = " ".join(note.span.text for note in table.footnotes)
    if not notes:
        return False
    base = _NAME_STEREO.sub("", mention.label)
    for label in {mention.label, base}:
        quoted = re.escape(label)
        if re.search(rf"\(\s*{quoted}\s*,\s*\d", notes):
            return True
        if re.search(rf"(?<![\w-]){quoted}{_CHARGED}", notes):
            return True
    for name in {labels.name_of(mention.label), labels.name_of(base)} - {None}:
        assert name is not None
        core = re.escape(_NAME_STEREO.sub("", name))
        if re.search(rf"(?<![\w-]){_NAME_STEREO_TEXT}?{core}{_CHARGED}", notes, _I):
            return True
    return False


def _named(mention: Mention | None, labels: Names) -> Mention | None:
    if mention is None or mention.name is not None or mention.label is None:
        return mention
    return Mention(
        labels.name_of(mention.label), mention.label, mention.start, mention.end, mention.source
    )


# --- the model, for headers code does not know -------------------------------------------


def header_questions(
    doc: int,
    readings: Sequence[TableReading],
    schema: SchemaSpec,
    asked: dict[str, HeaderQuestion],
) -> list[HeaderQuestion]:
    """The new questions for headers only the model can place; a header already in
    ``asked`` (this batch's questions so far) adds its column to that question."""
    new = []
    for reading in readings:
        for column in reading.columns:
            if not column.ask:
                continue
            key = " ".join(column.header.split()).casefold()
            question = asked.get(key)
            if question is None:
                question = HeaderQuestion(key, doc, _header_prompt(schema, reading, column))
                asked[key] = question
                new.append(question)
            question.columns.append(column)
    return new


def _header_prompt(schema: SchemaSpec, reading: TableReading, column: Column) -> Prompt:
    """The question about one header: the caption, the header, what the document calls
    the compound the header names (``(R)-1`` is the starting material or the product),
    and a few cells."""
    cells = _cells(reading.grid, column.index)[:4]
    properties = "\n".join(f"  {p.name}: {p.description}" for p in schema.properties)
    system = (
        "You read the column headers of chemistry tables. Say what the numbers in the "
        "column are measured values of: one of these properties, or none (a reaction "
        "condition such as a temperature or a time, an amount, the starting material "
        "left over, a conversion, a ratio, a selectivity, a calculated or literature "
        "value):\n" + properties
    )
    caption = reading.table.caption.text if reading.table.caption else "(none)"
    header = column.header
    named = column.compound
    if named is not None and named.label is not None and reading.names is not None:
        name = reading.names.name_of(re.sub(rf"^{STEREO}", "", named.label))
        if name:
            header = f"{header} ({named.label} is {name} in the text)"
    user = (
        f"Table caption: {caption}\nColumn header: {header}\n"
        f"Cells: {'; '.join(cells)}\nWhich property?"
    )
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _answer_model(schema: SchemaSpec) -> type[BaseModel]:
    """The answer's grammar: one of the schema's properties, or none, nothing else."""
    choices: Any = Literal.__getitem__((*schema.property_names, "none"))
    return create_model("HeaderAnswer", __base__=_Strict, property=(choices, ...))


async def ask_headers(
    engine: Engine, questions: Sequence[HeaderQuestion], schema: SchemaSpec
) -> None:
    """One batched call for every header question; the answers land on the columns."""
    if not questions:
        return
    model = _answer_model(schema)
    outcomes = await engine_calls.generate_parsed(
        engine,
        [q.prompt for q in questions],
        [0] * len(questions),
        model.model_json_schema(),
        _QUESTION_TOKENS,
        lambda text: str(model.model_validate_json(text).model_dump()["property"]),
    )
    for question, outcome in zip(questions, outcomes, strict=True):
        if outcome.generation is not None:
            question.usage.append(outcome.generation)
            question.generation = outcome.generation
        question.problem, question.answer = outcome.problem, outcome.parsed
        for column in question.columns:
            column.ask = False
            if question.answer and question.answer != "none":
                if not _unit_fits(column.unit, question.answer, schema):
                    continue  # "Xc (%)" answered as a density: no density is in %
                column.property = question.answer
                column.decided_by = "model"


def _unit_fits(unit: str | None, prop: str, schema: SchemaSpec) -> bool:
    """Whether the header's unit measures what the model's property is stated in."""
    if unit is None:
        return True
    found = declarations([p for p in schema.properties if p.name == prop])
    return not found or _fits(unit, found[0])


# --- records ------------------------------------------------------------------------------


def table_records(
    doc: Document,
    readings: Sequence[TableReading],
    schema: SchemaSpec,
    engine: EngineInfo,
) -> list[Record]:
    """Every value of the tables' property columns, one record per cell."""
    records = []
    for reading in readings:
        names = reading.names or Names(build_label_table(doc.text))
        fractions = {c.index for c in reading.columns if _fractions(reading.grid, c)}
        others = _others_work(reading.grid)
        for r, row in enumerate(reading.grid.rows):
            if r in others:
                continue
            summary = _summary_row(row)
            for column in reading.columns:
                if column.property is None or column.index in fractions:
                    continue
                record = _record(doc, reading, r, row, column, schema, engine, names)
                if record is not None and not (summary and record.value == 100.0):
                    records.append(record)
    return records


#: A row that adds up the rows above it.
_SUMMARY_CELL = re.compile(r"\s*(?:total|sum)\s*[:.]?\s*", _I)


def _summary_row(row: Sequence[Span]) -> bool:
    """The first cell with text says the row sums the others. Its 100 under a
    composition's rows (``Total | 100.00 | 100.00``) is no compound's value; another
    total (``Total | 89.9 | 82.9`` under a process's two reactors) is the run's overall
    yield and stays."""
    first = next((cell.text for cell in row if cell.text.strip()), "")
    return _SUMMARY_CELL.fullmatch(first) is not None


_REFERENCE_HEADER = re.compile(r"\s*(?:refs?\.?|references?|lit(?:erature)?\.?|citations?)\s*", _I)
#: A reference column's cell that cites: ``[20]``, ``21, 22``, ``Ref. 5``, ``(12)``.
_CITING_CELL = re.compile(
    r"\s*(?:refs?\.?\s*)?[(\[]?\s*\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\s*[)\]]?\s*", _I
)


def _others_work(grid: Grid) -> set[int]:
    """The rows of a comparison table that cite another paper beside a row of this
    work (``This work | … | –``): their values are the cited paper's results, quoted to
    compare, not this paper's. A table whose rows all cite (a review's compilation)
    keeps them: there every value is what the table reports."""
    if grid.transposed:
        return set()
    column = next((c for c, h in enumerate(grid.headers) if _REFERENCE_HEADER.fullmatch(h)), None)
    if column is None:
        return set()
    cited = {
        r
        for r, row in enumerate(grid.rows)
        if column < len(row) and _CITING_CELL.fullmatch(row[column].text)
    }
    return cited if len(cited) < len(grid.rows) else set()


#: A metal's salt or complex as a run's catalyst, its loading often bracketed after it
#: (``Cu(TFA)2 (5)``, ``Pd(OAc)2``): never what a yield is of.
_CATALYST_CELL = re.compile(
    r"(?:Cu|Pd|Ni|Fe|Rh|Ru|Ir|Pt|Co|Ag|Au|Zn|Mn|Cr|Ti|Sc|Yb|Bi|Sn|In)(?![a-z])"
    r"(?:[A-Z][a-z]?|\d|\([^()\s]{1,12}\)\d*)+"
)


def _row_compound_header(reading: TableReading, column: Column) -> str:
    """The header of the column that names the rows of ``column``'s values."""
    index = reading.compound_of(column.index)
    if index is None or index >= len(reading.grid.headers):
        return ""
    return reading.grid.headers[index]


def _fractions(grid: Grid, column: Column) -> bool:
    """A yield column whose header prints no unit over values all between 0 and 1, some
    of them decimals (``AcHMF yield`` over ``0.394914426``): yields as fractions, which
    no reading as percentages fits, so the column gives no records."""
    if column.property != "reaction_yield" or column.part is not None:
        return False
    if header_unit(column.header) is not None:
        return False
    values = []
    for row in grid.rows:
        parsed = cell_value(row[column.index].text) if column.index < len(row) else None
        if parsed is not None and parsed[0].unit is None and parsed[0].value is not None:
            values.append(parsed[0].value)
    return len(values) >= 2 and all(0 <= v <= 1 for v in values) and any(0 < v < 1 for v in values)


def _record(
    doc: Document,
    reading: TableReading,
    r: int,
    row: list[Span],
    column: Column,
    schema: SchemaSpec,
    engine: EngineInfo,
    labels: Names,
) -> Record | None:
    cell = row[column.index]
    if column.part is not None:
        cell = _part(cell, column.part[0])
    prop = column.property
    assert prop is not None
    below = _range_goes_on_below(reading.grid, r, column.index) if column.part is None else None
    if column.part is None and r > 0 and _range_goes_on_below(reading.grid, r - 1, column.index):
        return None  # "184" under "183-": the end of the range the row above opened
    if column.part is None and _amount_beside(reading.grid, row, column.index):
        return None  # "140.0 | g" under "Output (Yield)": a mass, its unit in the next cell
    text, own = cell.text, None
    if below is not None:
        text = f"{text} {below.text}"  # "183-" over "184": one range, 183–184
    if column.cue is not None:
        cued = _cued_text(column.cue, text)
        if cued is None:
            return None  # the column's other property, or none: "nD20 1.5521"
        text = cued
    labelled = (
        _LABELLED_VALUE.fullmatch(text)
        or _LABEL_COMMA_VALUE.fullmatch(text)
        or (None if _TWO_YIELDS.fullmatch(text) else _VALUE_THEN_LABEL.fullmatch(text))
    )
    if labelled is not None:
        # "4a (68)": the cell names its product, the value bracketed after it
        inner = labelled.span("inner")
        text = " " * inner[0] + text[inner[0] : inner[1]] + " " * (len(text) - inner[1])
        label = labelled["label"]
        at = cell.start + (labelled.start("label") if labelled.re is _VALUE_THEN_LABEL else 0)
        own = Mention(
            labels.name_of(label), label, at, cell.start + labelled.end("label"),
            "table_cell",
        )  # fmt: skip
    if prop == "reaction_yield":
        text = _isolated_in_brackets(reading, column, text)
        if (weighed := _MASS_THEN_SHARE.fullmatch(text)) is not None:
            # "201 g (83%)" under "Crude H (Crude Yield)": the product's mass, then its
            # yield in brackets; the yield is the cell's value (offsets kept)
            share = weighed.span("share")
            text = " " * share[0] + text[share[0] : share[1]] + " " * (len(text) - share[1])
    measured_at = None  # a boiling point's pressure, a logD's pH
    if prop == "boiling_point":
        text, measured_at = _boiling_at(column.header, text)
    if prop == "logD" and (ph := _LOGD_PH.search(column.header)) is not None:
        measured_at = f"pH {ph['ph']}"  # "log D7.4", "logD (pH 7.4)": the pH it was measured at
    # "T (K) | ρ (g cm−3)" over "293.15 | 1.3727": the row's own temperature, solvent
    row_temperature, row_medium = _row_conditions(reading, row, column)
    if row_temperature is not None:
        measured_at = f"{measured_at}, {row_temperature}" if measured_at else row_temperature
    elif prop not in ("melting_point", "boiling_point") and (
        warm := _HEADER_TEMPERATURE.search(column.header) or _caption_temperature(reading)
    ):
        # "Density at 25 °C (g cm−3)", "S (mg/mL, 37 °C)", a caption's "Aqueous solubility
        # of the salts at 25 °C": the temperature it was measured at
        said = f"{warm['t'].replace('−', '-')} °C"
        measured_at = f"{measured_at}, {said}" if measured_at else said
    if row_medium is None and prop == "solubility":
        row_medium = _caption_medium(reading)  # "Solubility of the salts in water"
    if row_medium is not None:
        measured_at = f"{row_medium}, {measured_at}" if measured_at else row_medium
    parsed = cell_value(text, decimal_comma=_decimal_commas(reading))
    if parsed is None:
        return None
    quantity, markers = parsed
    if prop == "reaction_yield" and (quantity.value == 0 or quantity.qualifier in ("<", "<=")):
        return None  # no product formed (or a trace): no compound to give a yield to
    if _cited(reading.table, markers):
        return None  # "60a" under "a Ref. [37]": a value quoted from another paper
    known = {d.name: d for d in declarations(schema.property_names)}
    declaration = known.get(prop)
    unit = quantity.unit
    if unit is not None and declaration is not None and not _fits(unit, declaration):
        return None
    if unit is None:
        unit = column.unit
    if unit is None and declaration is not None and "°C" in declaration.units:
        unit = _TEMPERATURE_DEFAULT
    if (
        unit is None
        and prop == "density"
        and _BARE_DENSITY.fullmatch(_MARKER_TAIL.sub("", column.header))
        and quantity.value is not None
        and 0.5 <= quantity.value <= 3.0
    ):
        # a column headed "Density" alone over 0.78, 1.35: grams per cubic centimetre,
        # the unit a density of a liquid or a solid is printed in when none is said
        unit = "g/cm³"
    if (
        unit is None
        and declaration is not None
        and None not in declaration.units
        and re.search(r"densit|solubilit", column.header, _I)
    ):
        # "Low Density" over bare numbers (an assay's name), "Crystal density (g/cuCm)":
        # a density or a solubility is never read without its unit ("d420", the relative
        # density, has none to print)
        return None
    if unit is not None and dimension(unit) == "dimensionless":
        unit = None
    measured = measure(prop, quantity.value, unit)
    status: Status = "flagged" if measured.failed else "accepted"
    role = _role_column(reading.grid, column)
    by_role = _row_compound(reading, row, labels, role) if role is not None else None
    if by_role is not None and by_role.name is not None and not _names_one(by_role.name):
        by_role = None  # "A mixture including" (the rest on the next line): no one compound
    in_row = (
        by_role
        if role is not None
        else _labelled_beside(
            reading, row, _row_compound(reading, row, labels, reading.compound_of(column.index))
        )
    )
    if in_row is not None and in_row.name and header_unit(in_row.name, any_kind=True):
        in_row = None  # "Time on stream (h)" over the columns: a condition, no compound
    substrate = None
    if _SUBSTRATE_CLASS_HEADER.fullmatch(
        _BRACKETED.sub(" ", _last_header(_row_compound_header(reading, column)))
    ):
        # "Aldehyde" over "benzaldehyde (1a)": what the row started from, which names
        # the row's product (its yield's, its melting point's) only through a column's
        # series (1a → 4a)
        substrate, in_row = in_row, None
    if (
        prop == "solubility"
        and reading.caption_compound is not None
        and in_row is not None
        and _MEDIUM_COLUMN.fullmatch(_last_header(_row_compound_header(reading, column)))
    ):
        in_row = None  # "Solubility of NAME in various solvents": the solvent is the medium
    mention = own or column.compound or in_row or reading.caption_compound
    if mention is None and reading.series and r < len(reading.series):
        mention = reading.series[r]  # "Synthesis of 7a–7e": the r-th row's is the r-th
    if own is None and _member(in_row, column.compound):
        mention = in_row  # "Yield of 5 [%]" over rows of products 5b, 5c: the row's
    elif own is None and mention is not None and mention is column.compound:
        mention = _series_product(doc.text, column.compound, in_row or substrate, labels) or mention
    if (
        mention is not None
        and mention is column.compound
        and LABEL_RUN.fullmatch(mention.label or "")
    ):
        # "Yield of 4a-k" with no row telling which member: the r-th row is the r-th
        # when the rows are as many as the run's members, else no one compound
        mention = _run_member(mention, r, len(reading.grid.rows), labels)
    if own is None and prop == "reaction_yield" and mention is not None and mention is in_row:
        # "b Isolated yield of 2." under a yield column whose rows are substrates 1a, 1b
        noted = _note_product(reading.table, column, markers, labels)
        mention = _series_product(doc.text, noted, in_row, labels) or mention
    if (
        prop == "reaction_yield"
        and mention is not None
        and mention is in_row
        and mention.name is not None
        and (
            _CATALYST_CELL.fullmatch(mention.name)
            or (mention.label is None and is_auxiliary(mention.name))
        )
        and not _COMPOUND_HEADER.search(_row_compound_header(reading, column))
    ):
        # "THF" or "Cu(TFA)2 (5)" in a row of a run's conditions: a yield is no
        # solvent's or catalyst's, unless the column says it lists compounds
        # ("Compound | Yield" over "Toluene | 89")
        mention = None
    if mention is None and in_row is None and role is None:
        # "Example | R | Product | Yield" over "17-2 | Me | (drawing) | 82%": the product
        # column prints a drawing; the row's example says whose the yield is
        mention = _example_beside(reading, row, labels)
    if mention is None and prop == "reaction_yield":
        mention = _note_product(reading.table, column, markers, labels)
    if mention is None and column.decided_by == "model":
        # a column only the model placed, of no compound the table names ("Byproduct
        # / %"): too weak to stand as a value
        return None
    smiles = None
    smiles_column = reading.in_half_of(reading.smiles_column, column.index)
    if smiles_column is not None and smiles_column < len(row) and row[smiles_column].text:
        smiles = row[smiles_column].text
    last = cell if below is None else below
    line_start = doc.text.rfind("\n", 0, cell.start) + 1
    line_end = doc.text.find("\n", last.end)
    line_end = len(doc.text) if line_end < 0 else line_end
    table_row, table_column = reading.grid.where(r, column.index)
    value_start = cell.start + quantity.start
    value_end = cell.start + quantity.end
    if below is not None and quantity.end > len(cell.text):
        value_end = below.start + quantity.end - len(cell.text) - 1
    return Record(
        doc_id=doc.id,
        schema_name=schema.name,
        compound=Compound(
            name=None if mention is None else mention.name,
            label=None if mention is None else mention.label,
            smiles=smiles,
            smiles_source="text" if smiles else None,
            start=None if mention is None else mention.start,
            end=None if mention is None else mention.end,
            grounded=None if mention is None else True,
            source=None if mention is None else mention.source,
        ),
        property=prop,
        value=quantity.value,
        value_low=quantity.low,
        value_high=quantity.high,
        qualifier=quantity.qualifier,
        unit=unit,
        value_si=measured.value_si,
        unit_si=measured.unit_si,
        conditions="; ".join(
            c for c in (measured_at, _conditions(reading.table, column, markers)) if c
        )
        or None,
        evidence=Evidence(
            quote=doc.text[line_start:line_end],
            start=line_start,
            end=line_end,
            match="exact",
            value_start=value_start,
            value_end=value_end,
            table=TableCell(
                table=reading.table.index,
                label=reading.table.label or None,
                row=table_row,
                column=table_column,
                header=column.header,
                cell_start=cell.start,
                cell_end=last.end,
            ),
        ),
        checks=measured.checks,
        status=status,
        failed_checks=list(measured.failed),
        engine=engine,
        extraction="anchored",
    )


#: A yield cell that weighs the product first: ``201 g (83%)``, ``1.2 g (85 %)``.
_MASS_THEN_SHARE = re.compile(
    r"\s*\d+(?:[.,]\d+)?\s*(?:mg|g|kg)\.?\s*\(\s*(?P<share>\d+(?:\.\d+)?\s*%)\s*\)\s*"
)


def _decimal_commas(reading: TableReading) -> bool:
    """Whether a table writes ``1,05`` for 1.05: some body cell has a comma before one,
    two or four digits and none a decimal point (``1,050`` alone could be a thousand)."""
    known = reading.decimal_commas
    if known is None:
        cells = [cell.text for row in reading.grid.rows for cell in row]
        commas = any(_COMMA_DECIMAL.match(text) for text in cells)
        points = any(_POINT_DECIMAL.search(text) for text in cells)
        known = reading.decimal_commas = commas and not points
    return known


#: A cell opening with ``0,98`` or ``1050,3`` (not the locants of ``2,4-dichloro…``).
_COMMA_DECIMAL = re.compile(r"^\s*[<>≤≥~]?[-−]?\d+,(?:\d{1,2}|\d{4,})(?![\d,\-‐–])")
_POINT_DECIMAL = re.compile(r"\d\.\d")


#: A column headed by the word density alone, with no unit and no kind of density.
_BARE_DENSITY = re.compile(r"\s*(?:density|densities|dens\.)\s*", _I)


def _amount_beside(grid: Grid, row: list[Span], index: int) -> bool:
    """The cell after the value, under no header of its own, is only a unit of amount
    (``g``, ``mg``, ``mL``): the number is a mass or a volume, its unit split off."""
    after = index + 1
    if after >= len(row) or (after < len(grid.headers) and grid.headers[after].strip()):
        return False
    text = row[after].text.strip()
    found = unit_at(text, 0) if text else None
    return found is not None and found[1] == "amount" and found[3] == len(text)


def cell_value(text: str, *, decimal_comma: bool = False) -> tuple[Quantity, list[str]] | None:
    """The value a cell states and its footnote markers; None for no value (blank,
    ``—``, ``n.d.``, ``trace``, a cell of words). ``decimal_comma``: the table writes
    ``0,203`` for 0.203 (offsets are kept: one character for another)."""
    if decimal_comma:
        text = re.sub(r"(?<=\d),(?=\d)", ".", text)
    markers: list[str] = []
    found = _MARKER_TAIL.search(text)
    if found is not None and _SPACED_UNIT_LETTER.search(text):
        found = None  # "5.7 g" under "Output (Yield)": a mass (or hours), not note g
    clean = text
    if found is not None:
        markers = _tail_markers(found)
        clean = text[: found.start()] + " " * (len(text) - found.start())
    if _NO_VALUE.match(clean):
        return None
    if re.fullmatch(r"\s*\([^()]*%\s*\)\s*", clean):
        # "(28.2%)" on the line under a mass: a patent's yield in its own bracket
        clean = clean.replace("(", " ").replace(")", " ")
    if (bare := _BARE_DEGREE.fullmatch(clean)) is not None:
        # "120°", ">250°" under a melting point's "(°C)": degrees Celsius, the letter
        # left off (read with it, its offsets kept within the cell)
        clean = clean[: bare.end("degree")] + "C" + clean[bare.end("degree") + 1 :]
    quantities = scan_numbers(clean)
    if not quantities:
        return None
    first = quantities[0]
    if first.kind in ("amount", "pressure", "other") and first.unit is not None:
        return None
    # a cell is one value: nothing before it, and after it at most a restatement
    # ("85 (80)"), a reference ("[27]"), "dec." or footnote marks; "10% CuI" is an
    # additive and "2.05-2.22 (m, 4H), …" an NMR listing
    if clean[: first.start].strip():
        return None
    if first.qualifier is None and _AT_LEAST_TAIL.fullmatch(clean[first.end :]):
        # "95+": at least 95, as patents' tables print a yield or a purity
        return replace(first, qualifier=">="), markers
    if not _CELL_TAIL.fullmatch(clean[first.end :]):
        return None
    return replace(first, end=min(first.end, len(text))), markers


_AT_LEAST_TAIL = re.compile(r"\+\s*")
#: A temperature whose degree sign has no letter after it: ``120°``, ``183-185 °``.
_BARE_DEGREE = re.compile(
    r"\s*[<>≥≤~]?\s*\d+(?:\.\d+)?(?:\s*[-–—]\s*\d+(?:\.\d+)?)?\s*(?P<degree>°)(?:\s+|$)"
)
#: A unit of one letter printed apart from its number: grams, hours.
_SPACED_UNIT_LETTER = re.compile(r"\d\s+[gh]\s*$")


_CELL_TAIL = re.compile(
    # a restatement, a literature value ("(172–173)"), then its reference ("[28]")
    # (its own note's letter inside the bracket: "77 (70b)")
    r"\s*(?:\(\s*[<>≥≤]?\s*\d+(?:\.\d+)?(?:\s*[–-]\s*\d+(?:\.\d+)?)?\s*%?\s*(?:[a-h]|\[[a-h]\])?\s*\)"
    # which of the table's setups the run used: "81 (A)", "64 (B)"
    r"|\(\s*[A-Z]\s*\)"
    # the literature's value, named so: "182–184 (lit. 183)", "201–203 (lit.21 204 °C)"
    r"|\(\s*(?:lit(?:erature)?\.?|ref\.?|reported)\s*(?:\d{1,3}(?=\s))?\s*[<>]?\s*\d+(?:\.\d+)?"
    r"(?:\s*[–-]\s*\d+(?:\.\d+)?)?\s*(?:°\s*C)?\s*\)"
    # a ratio or an ee stated with it: "85 (10:1)", "78 (>20:1)", "85 (dr 5:1)", "(92% ee)"
    r"|\(\s*(?:(?:d\.?r\.?|e\.?r\.?|E/Z|Z/E|rr)\s*[=:]?\s*)?[<>≥≤]?\s*\d+(?:\.\d+)?\s*:\s*"
    r"\d+(?:\.\d+)?\s*(?:(?:d\.?r\.?|e\.?r\.?|E/Z|Z/E|rr)\s*)?\)"  # or "85 (3:1 dr)"
    r"|\(\s*\d+(?:\.\d+)?\s*%\s*ee\s*\))?"
    r"\s*(?:\[\s*\d+(?:\s*[,–-]\s*\d+)*\s*\])?\s*"
    # "292° C.", "98° C. (dec.)", "210 (decomposition)"
    r"|\s*(?:°\s*C\.?|\.)?\s*(?:\(?\s*(?:dec|decomp|decomposition|d|sub|subl|sublimes)\.?\s*\)?)?\s*",
    _I,
)


def _labelled_beside(
    reading: TableReading, row: list[Span], found: Mention | None
) -> Mention | None:
    """``No. | Compound | Melting point`` over ``7a | NAME | 68-70 °C``: a row named in
    one column and numbered with its compound's label in another is both. A column
    that says it numbers compounds or examples (``Cpd. No.``, ``Ex.``) labels its rows
    even with plain numbers."""
    if found is None or found.name is None or found.label is not None:
        return found
    grid = reading.grid
    for c, header in enumerate(grid.headers):
        if c >= len(row) or c == reading.compound_column:
            continue
        label = re.sub(r"\s*[*†‡§¶#]+$", "", row[c].text).strip()
        entry = _ENTRY_HEADER.match(header) and _holds_labels(grid, c)
        if entry and _is_label(label) and not label.isdigit():
            return replace(found, label=label)
        example = _EXAMPLE_HEADER.fullmatch(_last_header(header))
        numbers = _COMPOUND_NUMBER_HEADER.match(_last_header(header))
        if (example or numbers) and _numbered(grid, c) and _EXAMPLE_NUMBER.fullmatch(label):
            return replace(found, label=label)
    return found


def _grouped_example(reading: TableReading, row: list[Span], column: int, text: str) -> str | None:
    """``Example | 1``, ``Example | 2``, ``Comparative Example | 1``: a group cell
    spanning the rows of its examples beside their numbers names each row's example in
    full, as the text calls it."""
    kind = _EXAMPLES_GROUP.fullmatch(text)
    if kind is None or reading.grid.transposed or column + 1 >= len(row):
        return None
    number = row[column + 1].text.strip()
    if not _EXAMPLE_NUMBER.fullmatch(number):
        return None
    word = f"{kind['kind'].strip().capitalize()} Example" if kind["kind"] else "Example"
    return f"{word} {number}"


#: After a compound's number: it is a reference or comparison compound (``7 (ref .)``).
_REFERENCE_MARK = re.compile(r"(?<=\d)\s*\((?:ref|reference|comp|comparative)\s*\.?\s*\)$", _I)


def _row_compound(
    reading: TableReading, row: list[Span], labels: Names, column: int | None
) -> Mention | None:
    if column is None or column >= len(row):
        return None
    cell = row[column]
    if reading.grid.transposed and column == 0 and reading.table.header_rows > 1:
        cell = _stacked(row[: reading.table.header_rows])
    # only symbols: the "a" of "3a" is the label's, not a footnote's; "7 (ref.)": a
    # reference compound's number
    text = re.sub(r"\s*[*†‡§¶#]+$", "", cell.text).strip()
    text = _REFERENCE_MARK.sub("", text)
    if not text or _GENERIC_CELL.fullmatch(text):
        return None  # "Total", "Average": a summary row
    end = cell.start + len(text)
    grouped = _grouped_example(reading, row, column, text)
    if grouped is not None:
        return Mention(
            labels.name_of(grouped), grouped, cell.start, row[column + 1].end, "table_row"
        )
    example_at = _EXAMPLE.match(text)
    rest = text[example_at.end() :].strip() if example_at else ""
    if example_at and (not rest or (rest.startswith("(") and rest.endswith(")"))):
        # a patent's "Example 13", or "Comparative Example A (Commercial GE PBT 315)":
        # its examples go by that name, and the brackets only describe the sample
        example = " ".join(example_at.group().split())
        return Mention(labels.name_of(example), example, cell.start, end, "table_row")
    series = _EXAMPLE_HEADER.fullmatch(_last_header(reading.grid.headers[column]))
    if series is not None and _EXAMPLE_NUMBER.fullmatch(text):
        # a patent's "Example | mp" over "12 | 101-103": row 12 is Example 12, which its
        # heading names in the text; "12" alone is no compound number there. The label
        # stays as the table prints it.
        kind = " ".join(w.capitalize() for w in (series["kind"] or "").split())
        example = f"{kind} Example {text}".strip()
        return Mention(labels.name_of(example), text, cell.start, end, "table_row")
    if _DOTTED_NUMBER.fullmatch(text) and _NUMBER_HEADER.match(reading.grid.headers[column]):
        return Mention(labels.name_of(text), text, cell.start, end, "table_row")  # "4.08"
    if re.fullmatch(r"\d{1,3}[-‐]\d{1,3}[a-z]?", text) and _numbered(reading.grid, column):
        return Mention(labels.name_of(text), text, cell.start, end, "table_row")  # "1-2"
    inner = _IN_BRACKETS.fullmatch(text)
    if inner is not None and _is_label(inner.group(1)):
        text = inner.group(1)  # "Product (9)" over "(9a)": the label in its brackets
    label = LABEL_CELL.fullmatch(text) or TABLE_LABEL_CELL.fullmatch(text)
    if label is not None and not _FORMULA.fullmatch(text):
        found = _note_off(reading, column, label.group(1))
        return Mention(labels.name_of(found), found, cell.start, end, "table_row")
    if (
        _CODE_CELL.fullmatch(text)
        and not _FORMULA.fullmatch(text)
        and not re.search(r"[A-Za-z]{3}", text)  # "PEG-400", "AZD9291": names
    ):
        return Mention(labels.name_of(text), text, cell.start, end, "table_row")  # "847A6D"
    named = _LABEL_AFTER_NAME.match(text)
    if named is not None:
        return Mention(named["name"], named["label"], cell.start, end, "table_row")
    if not re.search(r"[A-Za-z]", text) or _QUANTITY_CELL.fullmatch(text):
        return None  # "15 wt%", "10 psi" in an unheaded column: a condition, no compound
    below = _name_goes_on_below(reading.grid, row, column) if _BROKEN_NAME.search(text) else None
    if below is not None:
        # "1-Methyl-1," over "4-Cyclohexadiene": a narrow column broke the name
        text = text + below.text
    return Mention(text, labels.label_of(text), cell.start, end, "table_row")


#: A cell that is only an amount or a condition.
_QUANTITY_CELL = re.compile(
    r"\s*[<>~≤≥]?\s*\d+(?:\.\d+)?\s*(?:wt\.?\s*%|mol\.?\s*%|vol\.?\s*%|%|g|mg|kg|mL|ml|L"
    r"|mmol|mol|equiv|eq|psi|bar|atm|MPa|kPa|h|hr|hrs|min|°\s*C|K)\.?\s*"
)
#: A name a narrow column broke after a locant's comma or a hyphen.
_BROKEN_NAME = re.compile(r"\d,$|[A-Za-z0-9]-$")


def _range_goes_on_below(grid: Grid, r: int, column: int) -> Span | None:
    """The cell under row ``r``'s in ``column`` when a narrow column broke a range after
    its dash (``183-`` over ``184``) and the row below only continues row ``r``: its
    first cell is blank and this column's cell starts with the range's end."""
    rows = grid.rows
    if grid.transposed or r + 1 >= len(rows) or column >= len(rows[r]):
        return None
    below = rows[r + 1]
    if column >= len(below) or column == 0 or below[0].text.strip():
        return None
    if not _RANGE_OPEN.fullmatch(rows[r][column].text):
        return None
    return below[column] if _RANGE_CLOSE.match(below[column].text) else None


#: A cell that ends on a range's dash, and the cell that ends the range.
_RANGE_OPEN = re.compile(r"\s*\d+(?:[.,]\d+)?\s*[-–—]\s*")
_RANGE_CLOSE = re.compile(r"\s*\d+(?:[.,]\d+)?(?![\d.,]*\s*[-–—])")


def _name_goes_on_below(grid: Grid, row: list[Span], column: int) -> Span | None:
    """The cell under ``column`` in the row after ``row``, when that row only
    continues this one: its first cell and every other cell but this one's blank."""
    rows = grid.rows
    at = next((k for k, other in enumerate(rows) if other is row), None)
    if at is None or at + 1 >= len(rows):
        return None
    below = rows[at + 1]
    if column >= len(below) or not below[column].text.strip():
        return None
    others = [cell.text.strip() for k, cell in enumerate(below) if k != column]
    if column != 0 and others and others[0]:
        return None
    filled = [text for text in others if text]
    if filled and not all(_BROKEN_NAME_END.match(text) for text in filled):
        return None
    return below[column]


#: What a continuation row holds in other columns: the rest of other broken names.
_BROKEN_NAME_END = re.compile(r"[A-Za-z0-9(\[](?:[\w()\[\]′'-]|,\s?)*[A-Za-z)\]]$")


#: The pH a logD column's header gives: ``log D7.4``, ``logD (pH 7.4)``, ``logD at pH 6.5``.
_LOGD_PH = re.compile(
    r"log\s?D\s*(?:_?|\(\s*pH\s*=?\s*|at\s+pH\s*)(?P<ph>\d{1,2}(?:\.\d{1,2})?)(?!\d)", re.I
)


#: A column of the temperature each row was measured at: ``T (K)``, ``Temperature / °C``.
_TEMPERATURE_COLUMN = re.compile(
    r"\s*(?:T|temp\.?|temperature)\s*[(/\[,]?\s*(?P<unit>K|°\s?C)\s*[)\]]?\s*", _I
)
#: A column of the medium each row was measured in: ``Solvent``, ``Medium``.
_MEDIUM_COLUMN = re.compile(r"\s*(?:solvents?|media|medium)\s*", _I)


def _row_conditions(
    reading: TableReading, row: list[Span], column: Column
) -> tuple[str | None, str | None]:
    """What the row's own condition columns say its value was measured at: a
    temperature (``293.15 K``), and for a solubility the solvent (``in water``). Only
    for the properties measured under conditions (not a yield's run, nor a melting
    point)."""
    temperature_said: str | None = None
    medium_said: str | None = None
    if column.property not in ("solubility", "density", "logP", "logD"):
        return None, None
    for c, header in enumerate(reading.grid.headers):
        if c == column.index or c >= len(row) or not row[c].text.strip():
            continue
        last = _last_header(header)
        temperature = _TEMPERATURE_COLUMN.fullmatch(last)
        cell = row[c].text.strip()
        if temperature is not None and re.fullmatch(r"[-−]?\d+(?:\.\d+)?", cell):
            unit = "K" if temperature["unit"] == "K" else "°C"
            temperature_said = f"{cell.replace('−', '-')} {unit}"
        elif (
            column.property == "solubility"
            and _MEDIUM_COLUMN.fullmatch(last)
            and reading.caption_compound is not None
        ):
            medium_said = f"in {cell}"
    return temperature_said, medium_said


#: The one solvent a solubility table's caption names: ``Solubility of the salts in
#: water``, ``… in phosphate buffer (pH 7.4)``.
_CAPTION_MEDIUM = re.compile(
    r"\bsolubilit(?:y|ies)\b[^.;]*?\bin\s+(?P<medium>(?:aqueous\s+|phosphate\s+)?(?:water|"
    r"ethanol|methanol|DMSO|buffer|acetone|acetonitrile|hexane|toluene|octanol|chloroform"
    r"|dichloromethane|ethyl\s+acetate|simulated\s+(?:gastric|intestinal)\s+fluid))\b",
    _I,
)


def _caption_medium(reading: TableReading) -> str | None:
    """``in water`` when the caption says every solubility was measured in it."""
    caption = reading.table.caption
    found = None if caption is None else _CAPTION_MEDIUM.search(caption.text)
    return None if found is None else f"in {found['medium']}"


def _caption_temperature(reading: TableReading) -> re.Match[str] | None:
    """The one temperature a caption says the whole table was measured at (``… at 25
    °C``); None when it names none, or several (a table across temperatures)."""
    caption = reading.table.caption
    if caption is None:
        return None
    found = list(_CAPTION_TEMPERATURE.finditer(caption.text))
    return found[0] if len(found) == 1 else None


#: A caption's ``at 25 °C``, ``(298 K)`` is not read: only degrees Celsius after "at".
_CAPTION_TEMPERATURE = re.compile(r"\bat\s+(?P<t>[-−]?\d{1,3}(?:\.\d)?)\s*°\s?C\b")
#: A temperature a header states: ``at 25 °C``, ``(37 °C)``.
_HEADER_TEMPERATURE = re.compile(r"(?<![\d.])(?P<t>[-−]?\d{1,3}(?:\.\d)?)\s*°\s?C\b")
_PRESSURE_UNIT = r"mm\s?Hg|mm|[Tt]orr|kPa|mbar|hPa|Pa|atm"
#: A boiling point and the pressure it was taken at, in one cell: ``62/15``,
#: ``78–80/12 mmHg``.
_BOILING_AT = re.compile(
    r"(?P<temperature>\s*[<>~]?\s*\d+(?:\.\d+)?(?:\s*[–-]\s*\d+(?:\.\d+)?)?\s*(?:°\s?C\.?)?)"
    rf"\s*(?:/|\(|at\s|under\s)\s*(?P<pressure>\d+(?:\.\d+)?(?:\s*[–-]\s*\d+(?:\.\d+)?)?)\s*"
    rf"(?P<unit>{_PRESSURE_UNIT})?\s*\)?"
    r"\s*(?P<tail>[a-h*†‡]?)\s*"
)
#: A header that says its cells give the pressure after the temperature: ``B.p.
#: (°C/mmHg)``, ``bp °C/Torr``, ``B.p. (°C/mm)``.
_HEADER_PRESSURE = re.compile(rf"°\s?C\s*/\s*(?P<unit>{_PRESSURE_UNIT})\b")


def _boiling_at(header: str, text: str) -> tuple[str, str | None]:
    """A boiling point's cell cut to its temperature, and the pressure the cell states
    after it (``62/15`` under ``B.p. (°C/mmHg)`` is 62 °C at 15 mmHg). The unit is the
    cell's or the header's; a cell of two numbers with neither is left as it is."""
    found = _BOILING_AT.fullmatch(text)
    if found is None:
        return text, None
    said = _HEADER_PRESSURE.search(header)
    unit = found["unit"] or (said["unit"] if said else None)
    if unit is None:
        return text, None
    unit = "mmHg" if unit.replace(" ", "") in ("mm", "mmHg") else unit
    end = found.end("temperature")
    kept = text[:end] + " " * (found.start("tail") - end) + text[found.start("tail") :]
    return kept, f"{found['pressure']} {unit}"


#: Two yields in a cell, the second bracketed, with its own note's marker maybe:
#: ``92 (84)``, ``92 (84 10)``, ``85 (80)b``, ``95 (90)[c]``.
_TWO_YIELDS = re.compile(
    r"\s*\d+(?:\.\d+)?\s*(?:[a-h*†‡]|\[[a-h*†‡]\]|\d{1,2}(?=\s))?\s*"
    r"\((?P<inner>\s*\d+(?:\.\d+)?)\s*\[?(?P<marker>[a-h*†‡]|\d{1,2})?\]?\s*\)"
    r"\s*(?:[a-h*†‡,\s\[\]]*)"
)
#: What says the bracketed one of two yields is the isolated yield.
_ISOLATED_BRACKETED = re.compile(
    r"isolated\s+yields?\s+(?:(?:are|is|was|were)\s+)?(?:(?:given|shown|reported|listed)\s+)?"
    r"in\s+(?:parenthes[ie]s|brackets)|\(\s*isolated(?:\s+yields?)?\s*\)",
    _I,
)


def _isolated_in_brackets(reading: TableReading, column: Column, text: str) -> str:
    """``92 (84)`` read as its bracketed yield where the table says that one is the
    isolated yield (a note, the header or the caption: ``isolated yields in
    parentheses``, ``NMR yield (isolated)``; or the bracket's own note marker whose note
    says ``isolated``): the other is an NMR or GC estimate of the same run. Else the
    cell as it is (its first yield counts)."""
    found = _TWO_YIELDS.fullmatch(text)
    if found is None:
        return text
    table = reading.table
    said = " ".join(
        [column.header, table.caption.text if table.caption else ""]
        + [note.span.text for note in table.footnotes]
    )
    marker = found["marker"]
    marked = marker is not None and any(
        note.marker == marker and re.search(r"\bisolat(?:ed|ion)\b", _note_words(note), _I)
        for note in table.footnotes
    )
    if not marked and not _ISOLATED_BRACKETED.search(said):
        return text
    start, end = found.span("inner")
    return " " * start + text[start:end] + " " * (len(text) - end)


def _note_words(note: Footnote) -> str:
    """A note's text without its marker, which a page's copy glues on (``bIsolated``)."""
    text = note.span.text.lstrip()
    return text[len(note.marker) :] if text.startswith(note.marker) else text


#: A cell that names its product, its value bracketed after the label: ``4a (68)``,
#: ``4c(72)``.
_LABELLED_VALUE = re.compile(
    r"\s*(?P<label>\d{1,3}[a-z]{1,2}['′]?)\s*\((?P<inner>\s*[<>≥≤~]?\s*\d[^()]*)\)\s*"
)
#: The value first, its product's label bracketed after it: ``82 (3aa)``, ``75% (4b)``.
_VALUE_THEN_LABEL = re.compile(
    r"\s*(?P<inner>[<>≥≤~]?\s*\d+(?:\.\d+)?\s*%?\s*(?:[a-h*†‡]|\[[a-h]\])?)\s*"
    r"\(\s*(?P<label>\d{1,3}[a-z]{1,2}['′]?)\s*\)\s*"
)
#: The same after a comma or colon, under ``Product, yield (%)``: ``3a, 85``, ``3b: 72%``.
_LABEL_COMMA_VALUE = re.compile(
    r"\s*(?P<label>\d{1,3}[a-z]{1,2}['′]?)\s*[,:]\s*(?P<inner>[<>≥≤~]?\s*\d+(?:\.\d+)?\s*%?"
    r"\s*(?:[a-h*†‡]|\[[a-h]\])?)\s*"
)
_EXAMPLE = re.compile(
    r"(?:comparative\s+|comp\.\s*|c\.\s*|working\s+|reference\s+|ref\.\s*|inventive\s+)?"
    # "Ex. 20-2": a patent's example 2 of series 20
    r"ex(?:ample)?\.?\s*(?:\d{1,4}(?:-\d{1,3}(?!\d))?[A-Za-z]?|(?-i:[A-Z])\d{0,3})\b",
    _I,
)
#: A column of a patent's examples by number: ``Example``, ``Ex. No.``, ``Reference
#: Example``, ``Comparative Ex.``; its cells are the examples' numbers.
_EXAMPLE_HEADER = re.compile(
    r"\s*(?P<kind>comparative|reference|working|production|synthesis|preparation)?\s*"
    r"(?:examples?|ex\.?)\s*(?:no\.?|nr\.?|#|number)?\s*",
    _I,
)
_EXAMPLE_NUMBER = re.compile(r"\d{1,4}(?:[A-Za-z]|-\d{1,3})?")


def _example_beside(reading: TableReading, row: list[Span], labels: Names) -> Mention | None:
    """The row's example, from a column headed as a patent's examples."""
    for c, header in enumerate(reading.grid.headers):
        if c == reading.compound_column or c >= len(row) or not row[c].text:
            continue
        if _EXAMPLE_HEADER.fullmatch(_last_header(header)):
            found = _row_compound(reading, row, labels, c)
            if found is not None and found.label is None and found.name is not None:
                # "Ex." over "i", "j", …: the examples go by letters, no names
                cell = row[c]
                if not re.fullmatch(r"[a-z]{1,2}|[A-Z]", cell.text.strip()):
                    return None
                return Mention(None, cell.text.strip(), cell.start, cell.end, "table_row")
            return found
    return None


def _names_one(name: str) -> bool:
    """A cell that names one compound: not a description or a kind of compound."""
    name = re.sub(r"(?<=\d),\s+(?=\d)", ",", name)  # "1, 4-Cyclohexadiene" as tokenised
    return (
        looks_like_name(name)
        and not is_generic_name(name)
        and not re.match(r"(?:an?|the)\s", name, _I)
    )


def _role_column(grid: Grid, column: Column) -> int | None:
    """``Additive | … | Boiling temperature of the additive``: a property the header
    gives to what another column lists is the compound in that column's cell, not
    the row's example."""
    found = _OF_ROLE.search(column.header)
    if (
        found is None
        and column.property in ("boiling_point", "density")
        and column.index > 0
        and _SOLVENT_ROLE.fullmatch(_last_header(grid.headers[column.index - 1]))
        and _names_things(grid, column.index - 1)
    ):
        # "Working Example | Solvent | Boiling point (°C)": the boiling point printed
        # beside the solvent is the solvent's, not the example's product's
        return column.index - 1
    if found is None:
        return None
    role = found["role"].lower().removesuffix("s")
    for c, header in enumerate(grid.headers):
        own = _last_header(header).strip().lower().removesuffix("s")
        if c != column.index and own == role:
            return c
    return None


#: A column of the solvent (or diluent, medium) each row used.
_SOLVENT_ROLE = re.compile(r"\s*(?:reaction\s+)?(?:solvents?|diluents?|media|medium)\s*", _I)
_OF_ROLE = re.compile(r"\bof\s+(?:the\s+)?(?P<role>[a-z]{3,})\b(?!\s+[a-z])", _I)


def _last_header(header: str) -> str:
    """The lowest row of a header path: ``TABLE 2 › Ex. No.`` → ``Ex. No.``."""
    return header.rsplit("›", 1)[-1]


_SERIES_LABEL = re.compile(r"\d{1,3}[a-z]")
_RUN_ON_MARKER = re.compile(r"(?:^|[.;]\s+)([a-h])\s*(?=[A-Z0-9])")


def _note_off(reading: TableReading, column: int, label: str) -> str:
    """``3oe`` → ``3o`` when ``e`` is one of the table's notes and the column's labels
    are a number and one letter (``3a``…``3n``): the note's letter was run into it."""
    if not re.fullmatch(r"\d{1,3}[a-z]{2}", label):
        return label
    markers = {note.marker for note in reading.table.footnotes}
    for note in reading.table.footnotes:  # notes run on in one line: "a Air … b 20% …"
        markers.update(_RUN_ON_MARKER.findall(note.span.text))
    if label[-1] not in markers:
        return label
    cells = [row[column].text.strip() for row in reading.grid.rows]
    series = [c for c in cells if _SERIES_LABEL.fullmatch(c)]
    return label[:-1] if 2 * len(series) > len([c for c in cells if c]) else label


def _stacked(cells: Sequence[Span]) -> Span:
    """A compound's column header printed over several header rows, as one cell:
    ``Example`` over ``13``, ``Exam-`` over ``ple 14`` (a word broken at a hyphen)."""
    filled = [cell for cell in cells if cell.text]
    if not filled:
        return cells[0]
    if _EXAMPLE.fullmatch(filled[0].text.strip()):
        return filled[0]  # "Ex. 1" over "A": the example, and the sample it made below
    text = filled[0].text
    for cell in filled[1:]:
        broken = text.endswith("-") and cell.text[:1].islower()
        text = text[:-1] + cell.text if broken else f"{text} {cell.text}"
    return Span(text, filled[0].start, filled[-1].end)


def _series_product(
    text: str, series: Mention | None, row: Mention | None, labels: Names
) -> Mention | None:
    """``Yield of 2 (%)`` over rows of the substrates 1a, 1b: each row's product is the
    member of the series 2 with the row's letter (2a, 2b), as scope tables number a
    product after its substrate. Only where the document outside its tables speaks of
    members of that series: ``Yield of 6`` over the precursors 5a and 5b may compare
    two routes to the one compound 6."""
    if series is None or row is None or series.label is None or row.label is None:
        return None
    run = LABEL_RUN.fullmatch(series.label)
    if run is not None:
        # "Yield of 4a-k" over the substrates 1a … 1k: the header prints the members
        member = re.fullmatch(r"(\d{1,3})([a-z])['′]?", row.label)
        if member is None or member[1] == run["base"]:
            return None
        if not run["first"] <= member[2] <= run["last"]:
            return None
        label = run["base"] + member[2]
        return Mention(labels.name_of(label), label, series.start, series.end, "table_series")
    if not re.fullmatch(r"\d{1,3}", series.label):
        return None
    found = re.fullmatch(r"(\d{1,3})([a-z]{1,2})['′]?", row.label)
    if found is None or found[1] == series.label:
        return None
    label = series.label + found[2]
    named = labels.name_of(label)
    if named is None and not any(
        not any(start <= m.start() < end for start, end in labels.tables)
        for m in re.finditer(rf"(?<![\w\-.]){series.label}[a-z]{{1,2}}(?![\w\-])", text)
    ):
        return None
    return Mention(named, label, series.start, series.end, "table_series")


def _run_member(run: Mention, r: int, rows: int, labels: Names) -> Mention | None:
    """The r-th member of a header's run of labels (``4a-k``), when the table has one
    row per member."""
    found = LABEL_RUN.fullmatch(run.label or "")
    if found is None or ord(found["last"]) - ord(found["first"]) + 1 != rows:
        return None
    label = found["base"] + chr(ord(found["first"]) + r)
    return Mention(labels.name_of(label), label, run.start, run.end, "table_series")


def _member(row: Mention | None, header: Mention | None) -> bool:
    """The row's label is one of the series the header's label names: 5b of 5."""
    if row is None or header is None or row.label is None or header.label is None:
        return False
    return re.fullmatch(rf"{re.escape(header.label)}[a-z]{{1,2}}['′]?", row.label) is not None


_CITATION_NOTE = re.compile(
    r"\s*(?:see\s+)?(?:refs?\.|references?\b|lit(?:erature)?\b|taken\s+from|from\s+ref)", _I
)


def _cited(table: Table, markers: list[str]) -> bool:
    """Whether a cell's note says its value is another paper's (``a Ref. [37].``)."""
    for note in table.footnotes:
        if note.marker not in markers:
            continue
        text = note.span.text.lstrip()
        if text.startswith(note.marker):
            text = text[len(note.marker) :]
        if _CITATION_NOTE.match(text):
            return True
    return False


def _conditions(table: Table, column: Column, markers: list[str]) -> str | None:
    """The notes the cell's and the header's footnote markers point to."""
    notes = [note.span.text for note in _notes_of(table, column, markers)]
    return "; ".join(notes) or None


def _tail_markers(found: re.Match[str]) -> list[str]:
    marks = found["plain"] or found["bracketed"]
    return [m.strip() for m in marks.split(",")]


def _notes_of(table: Table, column: Column, markers: list[str]) -> list[Footnote]:
    wanted = set(markers)
    header_markers = _MARKER_TAIL.search(column.header.split(" › ")[-1])
    if header_markers is not None:
        wanted.update(_tail_markers(header_markers))
    for part in column.header.split(" › "):
        tail = re.search(r"(?<=[)\]%A-Za-z])([a-h*†‡§¶#])$", part)
        if tail is not None:
            wanted.add(tail.group(1))
        wanted.update(glued.group(0)[-1] for glued in _GLUED_MARKER.finditer(part))
        wanted.update(_BRACKETED_MARKER.findall(part))  # "Yield[b] [%]"
    return [note for note in table.footnotes if note.marker and note.marker in wanted]


_BRACKETED_MARKER = re.compile(r"(?<=\w)\[([a-h*†‡§¶#])\]")

#: A note that names the one product a yield column is of: ``b Isolated yield of 3a.``
_NOTE_PRODUCT = re.compile(
    rf"\byields?\s+(?:of|for)\s+(?:the\s+)?(?:isolated\s+|pure\s+)?(?:product\s+|compound\s+)?"
    rf"(?P<label>{LABEL})(?![\w\-])",
    _I,
)


def _note_product(
    table: Table, column: Column, markers: list[str], labels: Names
) -> Mention | None:
    """The product a yield column's (or cell's) note names, for a table whose rows are
    runs of one reaction (an optimisation table) rather than compounds."""
    for note in _notes_of(table, column, markers):
        found = _NOTE_PRODUCT.search(note.span.text)
        if found is not None:
            start = note.span.start + found.start("label")
            label = found["label"]
            return Mention(labels.name_of(label), label, start, start + len(label), "table_note")
    return None
