"""Tables printed as text read back into grids: rows, header rows, spans and notes.

What each cell then means (property, unit, compound) is ``test_tables.py``'s; here only
the grid a printing leaves behind, and that every cell's offsets point at its text.
"""

from __future__ import annotations

from molextract.extraction.text_tables import text_tables
from molextract.ingest.tables import Table


def grid(table: Table) -> list[list[str]]:
    return [[cell.text for cell in row] for row in table.rows]


def offsets_hold(text: str, table: Table) -> bool:
    return all(text[cell.start : cell.end] == cell.text for row in table.rows for cell in row)


def test_pipe_rows_with_a_caption_and_lettered_notes() -> None:
    text = (
        "Table 2. Scope.\n"
        "Entry | Product | Yield (%)a\n"
        "1 | 3a | 85\n"
        "2 | 3b | 90\n"
        "a Isolated yields.\n"
    )
    [table] = text_tables(text)
    assert table.label == "Table 2"
    assert table.caption is not None and table.caption.text == "Table 2. Scope."
    assert table.header_rows == 1
    assert grid(table) == [["Entry", "Product", "Yield (%)a"], ["1", "3a", "85"], ["2", "3b", "90"]]
    assert [(n.marker, n.span.text) for n in table.footnotes] == [("a", "a Isolated yields.")]
    assert offsets_hold(text, table)


def test_a_packed_lower_header_row_is_spread_under_the_yield_it_divides() -> None:
    text = (
        "Entry | Ligand | Conv. (%) | Yield (%)a | b/l\n"
        "3a | 3b\n"
        "1 | PPh3 | 99 | 9 | 85 | 9.4\n"
        "2 | Xantphos | 95 | 61 | 31 | 0.5\n"
    )
    [table] = text_tables(text)
    assert table.header_rows == 2
    assert grid(table)[:2] == [
        ["Entry", "Ligand", "Conv. (%)", "Yield (%)a", "Yield (%)a", "b/l"],
        ["Entry", "Ligand", "Conv. (%)", "3a", "3b", "b/l"],
    ]
    assert offsets_hold(text, table)


def test_a_web_copy_s_empty_places_after_a_spanning_cell_keep_the_span_there() -> None:
    text = (
        "| Entry | Solvent | Yields (%)b | |\n"
        "| 5a | 4d | | |\n"
        "| 1 | THF | 40 | 12 |\n"
        "| 2 | MeCN | 88 | 5 |\n"
    )
    [table] = text_tables(text)
    assert grid(table)[0][2:] == ["Yields (%)b", "Yields (%)b"]
    assert grid(table)[1][2:] == ["5a", "4d"]


def test_tab_separated_rows_and_a_markdown_rule() -> None:
    tab = "Solvent\tbp (°C)\nethanol\t78.4\nwater\t100\n"
    [table] = text_tables(tab)
    assert grid(table) == [["Solvent", "bp (°C)"], ["ethanol", "78.4"], ["water", "100"]]
    markdown = "| Entry | Yield (%) |\n|---|---|\n| 1 | 81 |\n| 2 | 77 |\n"
    [table] = text_tables(markdown)
    assert table.header_rows == 1
    assert grid(table) == [["Entry", "Yield (%)"], ["1", "81"], ["2", "77"]]
    assert offsets_hold(markdown, table)


def test_running_text_with_one_separator_is_no_table() -> None:
    assert text_tables("The ratio a | b was measured.\nNothing else here.\n") == []


def test_a_header_cell_broken_before_its_unit_stays_one_cell() -> None:
    text = "Entry | Product | Yield\n(%)a\n1 | 3a | 91\n2 | 3b | 84\n"
    [table] = text_tables(text)
    assert table.header_rows == 1
    assert grid(table) == [
        ["Entry", "Product", "Yield\n(%)a"],
        ["1", "3a", "91"],
        ["2", "3b", "84"],
    ]
    assert offsets_hold(text, table)


def test_a_row_short_of_a_cell_the_row_above_spans_down_gets_that_cell() -> None:
    text = (
        "Entry | Substrate | Product | Yield (%)\n"
        "1 | 1a | 2a | 85\n"
        "2 | 2b | 80\n"
        "3 | 1b | 2c | 78\n"
        "4 | 2d | 70\n"
    )
    [table] = text_tables(text)
    assert grid(table)[1:] == [
        ["1", "1a", "2a", "85"],
        ["2", "1a", "2b", "80"],
        ["3", "1b", "2c", "78"],
        ["4", "1b", "2d", "70"],
    ]
    assert table.rows[2][1] is table.rows[1][1]  # one cell, in every row it spans


def test_a_header_row_broken_inside_a_cell_before_its_unit_is_one_row() -> None:
    text = "Entry | Product | Yield\n(%)a | Time (h)\n1 | 3a | 91 | 2\n2 | 3b | 84 | 3\n"
    [table] = text_tables(text)
    assert table.header_rows == 1
    assert grid(table)[0] == ["Entry", "Product", "Yield\n(%)a", "Time (h)"]
    assert grid(table)[1:] == [["1", "3a", "91", "2"], ["2", "3b", "84", "3"]]
    assert offsets_hold(text, table)
