"""Tables copied one cell per line (a journal's table page as text), read back as grids."""

from __future__ import annotations

from molextract.extraction.stacked_tables import stacked_tables
from molextract.extraction.text_tables import text_tables
from tests.extraction.test_tables import records

_CELLS = [
    "Table 2 Reduction of 4-bromoacetophenone 1 to alcohol 2 under various conditions.",
    "From: A cobalt catalyst for transfer hydrogenation",
    "View full size image",
    "Entry", "Catalyst (mol%)", "Solvent", "Time (h)", "Yield (%)",
    "1", "2", "iPrOH", "6", "72",
    "2", "5", "iPrOH", "3", "90a",
    "3", "5", "EtOH", "2", "64",
    "4", "H2O", "6", "0b",
    "5", "5", "toluene", "12", "31",
    "  1. Reaction conditions: 1 (1 mmol), KOtBu (10 mol%), 80 °C.",
    "  2. Isolated yields.",
    "  3. aAt 100 °C.",
    "  4. bWithout catalyst.",
]  # fmt: skip
STACKED = "\n\n".join(_CELLS) + "\n"


def _grid(text: str) -> list[list[str]]:
    [table] = stacked_tables(text, [], 0)
    return [[cell.text for cell in row] for row in table.rows]


def test_cells_one_per_line_are_put_back_into_rows_under_the_header() -> None:
    grid = _grid(STACKED)
    assert grid[0] == ["Entry", "Catalyst (mol%)", "Solvent", "Time (h)", "Yield (%)"]
    assert grid[1] == ["1", "2", "iPrOH", "6", "72"]  # "2" here is a loading, not entry 2
    assert grid[2] == ["2", "5", "iPrOH", "3", "90a"]
    # the run without catalyst printed no catalyst cell: its cells stay under their kinds
    assert grid[4] == ["4", "", "H2O", "6", "0b"]
    assert grid[5] == ["5", "5", "toluene", "12", "31"]


def test_the_notes_keep_the_letters_the_cells_carry() -> None:
    [table] = stacked_tables(STACKED, [], 0)
    assert table.label == "Table 2"
    markers = [note.marker for note in table.footnotes]
    assert markers == ["1", "2", "a", "b"]
    for row in table.rows:
        for cell in row:
            if cell.text:
                assert STACKED[cell.start : cell.end] == cell.text


def test_a_stacked_table_gives_each_run_its_yield_with_the_caption_s_product() -> None:
    assert [table.label for table in text_tables(STACKED)] == ["Table 2"]
    found = sorted(
        (r.value, r.compound.label or r.compound.name)
        for r in records(STACKED)
        if r.property == "reaction_yield"
    )
    assert found == [(31.0, "2"), (64.0, "2"), (72.0, "2"), (90.0, "2")]


def test_short_lines_under_a_caption_that_name_no_property_are_no_table() -> None:
    head = ["Table 1 Strains used in this study.", "Strain", "Origin", "Host"]
    rows = [
        "1",
        "K12",
        "lab",
        "E. coli",
        "2",
        "BL21",
        "lab",
        "E. coli",
        "3",
        "W3110",
        "lab",
        "E. coli",
    ]
    listing = "\n\n".join([*head, *rows])
    assert stacked_tables(listing, [], 0) == []


def test_running_text_with_numbered_lines_is_no_table() -> None:
    prose = "\n".join(
        ["Table 1 shows the yields (%) obtained.", "1", "The first run gave 72 % of 2.", "2"]
    )
    assert stacked_tables(prose, [], 0) == []


_SCOPE = [
    "Table 3",
    "Synthesis of the 2-amino-4H-chromenes 4a–4d.",
    "Product", "Ar", "Time (min)", "Yield (%)", "M.p. (°C)",
    "4a", "C6H5", "10", "94", "210–212",
    "4b", "4-ClC6H4", "15", "92", "152–154",
    "4c", "4-NO2C6H4", "12", "95", "178–180",
    "4d", "4-MeOC6H4", "20", "88", "197–199",
    "a Isolated yields.",
]  # fmt: skip
LABELLED = "\n\n".join(_SCOPE) + "\n"


def test_rows_that_open_with_the_products_labels_are_read_by_the_header_s_width() -> None:
    grid = _grid(LABELLED)
    assert grid[0] == ["Product", "Ar", "Time (min)", "Yield (%)", "M.p. (°C)"]
    assert grid[4] == ["4d", "4-MeOC6H4", "20", "88", "197–199"]
    found = sorted(
        (r.compound.label, r.property, r.value) for r in records(LABELLED) if r.compound.label
    )
    assert ("4a", "reaction_yield", 94.0) in found
    assert ("4c", "melting_point", 179.0) in found
    assert len(found) == 8
