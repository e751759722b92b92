"""``molextract ingest --tables``: each document's tables as extraction will read them.

Tables travel in the JSONL as offsets only, which no one can check by eye. Whether a
reader found a table, where its header ends and what each column's header path is
(``Yield (%) › 3a``) decides what the values are read as, so this prints exactly
that: the tables extraction uses (a reader's, else those printed as text in the
document), with their column header paths as the column titles and the first rows.
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from molextract.cli.console import print_table
from molextract.extraction.tables import tables_of
from molextract.ingest.document import Document
from molextract.ingest.tables import Table

#: Body rows shown per table unless ``--table-rows`` says otherwise.
DEFAULT_ROWS = 5


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


class TablePrinter:
    """Prints each document's tables as it is read; counts what it printed."""

    def __init__(self, console: Console, rows: int = DEFAULT_ROWS) -> None:
        self.console = console
        self.rows = rows
        self.documents = 0
        self.tables = 0

    def __call__(self, document: Document) -> None:
        tables = tables_of(document)
        self.documents += 1
        self.tables += len(tables)
        self.console.print(document_heading(document, tables), highlight=False)
        for table in tables:
            self.console.print(table_heading(table), highlight=False)
            print_table(table_view(table, self.rows), self.console)
            for line in table_notes(table, self.rows):
                self.console.print(line, highlight=False)
        self.console.print()


def document_heading(document: Document, tables: list[Table]) -> Text:
    """``US06840965B2: 2 tables (kept by the reader)``: where the tables come from
    matters, since a table found in the text has guessed header rows."""
    count = plural(len(tables), "table")
    if not tables:
        origin = ""
    elif "tables" in document.metadata:
        origin = " (kept by the reader)"
    else:
        origin = " (found in the text: ' | '- or tab-separated lines, spaced columns or one cell per line)"
    return Text.assemble((document.id, "bold"), f": {count}{origin}")


def table_heading(table: Table) -> Text:
    """The label, the caption, and the table's index (what a record's
    ``evidence.table.table`` names: labels repeat in patents), shape and place in the
    text."""
    label = table.label or f"Table {table.index + 1}"
    shape = (
        f"[index {table.index}, {plural(len(table.body), 'row')} × "
        f"{plural(table.width, 'column')}, {plural(table.header_rows, 'header row')}, "
        f"text {table.start}–{table.end}]"
    )
    caption = table.caption.text if table.caption is not None else ""
    if caption.lower().startswith(label.lower()):
        # "Table 2. Yields of 3a–3c." names itself: shown once, the label in bold.
        heading = Text.assemble((caption[: len(label)], "bold cyan"), caption[len(label) :])
    else:
        heading = Text.assemble((label, "bold cyan"), f" · {caption}" if caption else "")
    heading.append(f" {shape}", style="dim")
    return heading


def column_title(table: Table, column: int) -> str:
    """The column's header path, or ``column 2`` for a column without a header."""
    return table.column_header(column) or f"column {column + 1}"


def table_view(table: Table, rows: int = DEFAULT_ROWS) -> RichTable:
    """The table with its header paths as column titles and its first ``rows`` body
    rows (all of them for 0). Cell texts are shown as they are, markup and all."""
    view = RichTable(show_header=True, header_style="bold", show_lines=False)
    for column in range(table.width):
        view.add_column(Text(column_title(table, column)), overflow="fold")
    shown = table.body if rows <= 0 else table.body[:rows]
    for row in shown:
        view.add_row(*(Text(cell.text) for cell in row))
    return view


def table_notes(table: Table, rows: int = DEFAULT_ROWS) -> list[Text]:
    """What the grid leaves out: rows not shown, and the footnotes."""
    lines = []
    hidden = 0 if rows <= 0 else max(0, len(table.body) - rows)
    if hidden:
        lines.append(Text(f"… {plural(hidden, 'more row')}", style="dim"))
    lines.extend(Text(f"  {note.span.text}", style="italic") for note in table.footnotes)
    return lines
