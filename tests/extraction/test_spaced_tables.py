"""Tables copied with single spaces between cells, read under their ``Table N`` caption."""

from __future__ import annotations

from molextract.extraction.spaced_tables import spaced_tables
from tests.extraction.test_tables import records

SCOPE = """Table 3.

Scope of the condensation with substituted benzaldehydes.

Entry Ar Time (h) Product Yield (%) a Mp (°C) Found Mp (°C) Lit.
1 C6H5 2 4a 91 151–153 150–152 [12]
4-Cl-C6H4 40 min 4b 87 188–190 189–190 [12]
2 4-MeO-C6H4 3 4c 80 140–141 141–143 [7]
3 b 2-Thienyl 6 4d 0 - -
4 3-NO2-C6H4 1 4e 94 201–203 200–202 [9]
a

Isolated yield.

b

No product was detected.
"""

POLYMERS = """Table 1.

Thermal data of the blends.

Blend DSC Data TGA Data
Tg (°C) Tm (°C) Mass Loss at 250 °C (%) Xc (%)
PCL–A 61.2 ± 0.5a 168.4 ± 0.9a 2.1 ± 0.2a 21.0 ± 1.1a
PCL–B 59.8 ± 0.7a 166.0 ± 1.3b 1.8 ± 0.3b 19.4 ± 0.8a
PCL–C 60.4 ± 0.4b 167.1 ± 0.6a 2.6 ± 0.1a 18.9 ± 0.5b
"""

NUMBERED = """Table 2.

Optimisation of the reduction of ketone 1.

Entry Catalyst Solvent Conv. 2 Yield 3
1 Ru-A MeOH 10 n.d. 4
2 5 Ru-B MeOH 80 71
3 Ru-B EtOH 95 88 6
4 Ru-B - 12 9

1 Conditions: 1 (0.5 mmol), catalyst (1 mol%), 25 °C, 12 h. 2 By GC. 3 Isolated yield. 4 n.d. = not determined. 5 At 40 °C. 6 Average of two runs.
"""


def _grid(text: str) -> list[list[str]]:
    [table] = spaced_tables(text, [], 0)
    return [[cell.text for cell in row] for row in table.rows]


def _facts(text: str) -> list[tuple[object, ...]]:
    return [
        (
            r.compound.label or r.compound.name,
            r.property,
            r.value if r.value_low is None else (r.value_low, r.value_high),
            r.conditions,
        )
        for r in records(text)
    ]


def test_a_scope_table_s_cells_are_found_by_what_chemists_print_in_them() -> None:
    grid = _grid(SCOPE)
    assert grid[0] == [
        "Entry", "Ar", "Time (h)", "Product", "Yield (%) a", "Mp (°C) Found", "Mp (°C) Lit.", "",
    ]  # fmt: skip
    assert grid[1] == ["1", "C6H5", "2", "4a", "91", "151–153", "150–152", "[12]"]
    assert grid[4] == ["3 b", "2-Thienyl", "6", "4d", "0", "-", "-", ""]


def test_a_scope_table_gives_each_product_its_yield_and_found_melting_point() -> None:
    facts = _facts(SCOPE)
    yields = [
        (label, value, note) for label, prop, value, note in facts if prop == "reaction_yield"
    ]
    assert ("4a", 91.0, "Isolated yield.") in yields
    assert ("4b", 87.0, "Isolated yield.") in yields  # the row that lost its entry number
    points = [(label, value) for label, prop, value, _ in facts if prop == "melting_point"]
    assert sorted(points) == [
        ("4a", (151.0, 153.0)),
        ("4b", (188.0, 190.0)),
        ("4c", (140.0, 141.0)),
        ("4e", (201.0, 203.0)),
    ]  # fmt: skip  (the literature column is no measurement)


def test_a_two_line_header_and_errors_after_plus_minus() -> None:
    grid = _grid(POLYMERS)
    assert grid[0] == ["Blend", "Tg (°C)", "Tm (°C)", "Mass Loss at 250 °C (%)", "Xc (%)"]
    assert grid[1][0] == "PCL–A" and grid[1][2] == "168.4 ± 0.9a"
    melting = [
        (name, value) for name, prop, value, _ in _facts(POLYMERS) if prop == "melting_point"
    ]
    assert melting == [("PCL–A", 168.4), ("PCL–B", 166.0), ("PCL–C", 167.1)]


def test_note_numbers_printed_as_plain_numbers_are_no_cells_and_no_labels() -> None:
    grid = _grid(NUMBERED)
    assert grid[0] == ["Entry", "Catalyst", "Solvent", "Conv.", "Yield"]
    assert grid[1] == ["1", "Ru-A", "MeOH", "10", "n.d."]
    assert grid[2] == ["2", "Ru-B", "MeOH", "80", "71"]
    assert grid[3] == ["3", "Ru-B", "EtOH", "95", "88"]
    assert grid[4] == ["4", "Ru-B", "-", "12", "9"]  # "12 9": two values, the row fits


def test_running_text_and_a_table_without_a_caption_are_not_read() -> None:
    prose = (
        "The yields were 91 and 87 % for 4a and 4b.\nEntry Ar Yield (%)\n1 C6H5 91\n2 4-ClC6H4 87\n"
    )
    assert spaced_tables(prose, [], 0) == []


FOUND_LIT = """Table 1.

Condensation of aldehydes with malononitrile over the catalyst (2 min).

Entry Product Catalyst T(°C) Yield % Mp (°C)[Lit.]
1 3a HAP 85 46 52–54 (50) [21]
2 3b HAP/ hydroquinone 88 81
3 3c HAP 76 96 (10)d 170–172 (172–173) [28]
4 3d HAP 57 93 Liquid [21]

d Yield under conventional heating.
"""


def test_a_found_value_then_the_literature_s_in_one_cell_and_words_joined_by_a_slash() -> None:
    """``Mp (°C)[Lit.]`` over ``52–54 (50) [21]`` is a measured range with the
    literature value after it; ``HAP/ hydroquinone`` is one catalyst cell, and
    ``96 (10)d`` one yield cell with a second figure and a note."""
    facts = _facts(FOUND_LIT)
    assert [(label, prop, value) for label, prop, value, _ in facts] == [
        ("3a", "reaction_yield", 46.0),
        ("3a", "melting_point", (52.0, 54.0)),
        ("3b", "reaction_yield", 81.0),
        ("3c", "reaction_yield", 96.0),
        ("3c", "melting_point", (170.0, 172.0)),
        ("3d", "reaction_yield", 93.0),
    ]


def test_a_note_s_letter_run_into_a_product_label_is_the_note_s() -> None:
    """``3oe`` in a column of ``3a``…``3n`` under notes ``a`` … ``e`` is product 3o with
    note e; the notes are printed on one line."""
    text = (
        "Table 1.\n\nScope.\n\nEntry Product Yield %\n1 3a 46\n2 3b 89\n3 3c 88\n4 3oe 89\n\n"
        "a Air is excluded. e Liquid products 3o-r were purified by chromatography.\n"
    )
    assert [(label, value) for label, _, value, _ in _facts(text)] == [
        ("3a", 46.0),
        ("3b", 89.0),
        ("3c", 88.0),
        ("3o", 89.0),
    ]


def test_a_header_set_in_lower_case_with_a_qualified_yield_and_an_unheaded_reference() -> None:
    """Every lower-case word may start a column; ``isolated`` joins ``yields (%)``, and
    the references after the literature range have no header of their own."""
    text = (
        "Table 2.\n\nSynthesis of pyrans 4a–c.\n\n"
        "entry aldehyde product time (min) isolated yields (%) m.p. (obsd) (°C) m.p. (lit) (°C)\n"
        "1 4-chlorobenzaldehyde 4a 20 96 246 240–242 [25]\n"
        "2 4-nitrobenzaldehyde 4b 25 94 180–182 180–182 [11]\n"
        "3 2-nitrobenzaldehyde 4c 25 91 224–226 223–225 [26]\n"
    )
    assert [(label, prop, value) for label, prop, value, _ in _facts(text)] == [
        ("4a", "reaction_yield", 96.0),
        ("4a", "melting_point", 246.0),
        ("4b", "reaction_yield", 94.0),
        ("4b", "melting_point", (180.0, 182.0)),
        ("4c", "reaction_yield", 91.0),
        ("4c", "melting_point", (224.0, 226.0)),
    ]


# A scope table with each reactant's label bracketed after its name, the literature's
# melting points spaced around a figure dash, and a "Rep." column that is not measured.
SPACED_RANGES = """Table 4.

Synthesis of xanthenes 6a–c from aldehydes 2a–c.

Entry Aldehyde 2 Product 6 Time (min) Yield (%) M.P/Obs. (oC) M.P/Rep. (oC)
1 4-Bromobenzaldehyde (2a) 6a 20 93 240–242 239 ‒ 241 [31]
2 Furfural (2b) 6b 35 81 162–164 >160 [32]
3 3-Methylbenzaldehyde (2c) 6c 30 88 201–203 200 ‒ 203 [33]
"""

# The page of a table copied without its "Table N" line: its title, a drawing, then a
# header whose second column describes each run in words (only one row has as many
# numbers as words).
ENTRY_FIRST = """Screening of the cyclisation conditions.

graphic file with name scheme-u1.jpg
Entry Deviation from the standard conditions Yield [%]
1 None 82
2 toluene/110 °C instead of water/100 °C 57
3 MeCN instead of water 19
"""

# A header copied one cell to a line, with no caption above it.
STACKED_HEADER = """Entrya
Solvent
T (°C)
Conversion of 1a (%) Yield of 3ab (%)
1 Toluene 100 14 n.d.
2 none 100 100 91
3 none 80 35 22
"""


def test_a_spaced_range_and_a_bracketed_label_stay_in_their_cells() -> None:
    assert _facts(SPACED_RANGES) == [
        ("6a", "reaction_yield", 93.0, None),
        ("6a", "melting_point", (240.0, 242.0), None),
        ("6b", "reaction_yield", 81.0, None),
        ("6b", "melting_point", (162.0, 164.0), None),
        ("6c", "reaction_yield", 88.0, None),
        ("6c", "melting_point", (201.0, 203.0), None),
    ]
    grid = _grid(SPACED_RANGES)
    assert grid[1][1] == "4-Bromobenzaldehyde (2a)"
    assert grid[1][6] == "239 ‒ 241"


def test_a_table_that_opens_with_its_entry_header_is_read_without_a_caption() -> None:
    assert [f[1:3] for f in _facts(ENTRY_FIRST)] == [
        ("reaction_yield", 82.0), ("reaction_yield", 57.0), ("reaction_yield", 19.0),
    ]  # fmt: skip
    [table] = spaced_tables(ENTRY_FIRST, [], 0)
    assert table.caption is not None
    assert table.caption.text == "Screening of the cyclisation conditions."
    assert _grid(ENTRY_FIRST)[2][1] == "toluene/110 °C instead of water/100 °C"


def test_a_header_printed_a_cell_to_a_line_heads_the_rows() -> None:
    assert _facts(STACKED_HEADER) == [
        ("3ab", "reaction_yield", 91.0, None),
        ("3ab", "reaction_yield", 22.0, None),
    ]


def test_running_text_that_opens_with_entry_is_no_table() -> None:
    text = "Entry 3 shows the best result.\nThe yield rose to 91% at 80 °C.\nSee Table 1.\n"
    assert spaced_tables(text, [], 0) == []


ALIGNED_CAPTIONED = """Table 2: Physical data of the esters prepared

Compound                          b.p. (°C/mbar)   n20D     Yield
ethyl 2-methylbutanoate           133/1013         1.3964   88%
propyl 2-methylbutanoate          152/1013         1.4020   85%
"""

ALIGNED_UNCAPTIONED = """The compounds listed below were obtained in the same manner.

No.    Compound                                     Melting point
7a     2-(4-chlorophenyl)-4-methylthiazole          68-70 °C
7b     2-(4-bromophenyl)-4-methylthiazole
7c     2-(4-methoxyphenyl)-4-methylthiazole         61-62 °C
"""


def test_columns_aligned_by_runs_of_spaces_are_cells_with_single_spaces_inside() -> None:
    assert _grid(ALIGNED_CAPTIONED)[1] == ["ethyl 2-methylbutanoate", "133/1013", "1.3964", "88%"]
    assert ("ethyl 2-methylbutanoate", "boiling_point", 133.0, "1013 mbar") in _facts(
        ALIGNED_CAPTIONED
    )


def test_an_aligned_block_without_a_caption_is_a_table_and_a_blank_cell_stays_blank() -> None:
    grid = _grid(ALIGNED_UNCAPTIONED)
    assert grid[2] == ["7b", "2-(4-bromophenyl)-4-methylthiazole", ""]
    assert grid[3][2] == "61-62 °C"


RULED = """The compounds listed in Table 1 were prepared in the same manner.

                              TABLE 1
______________________________________
Compound    R1        R2        m.p. (°C.)    Yield (%)
______________________________________
1           CH3       H         120-122       78
2           C2H5      H         98-100        65
______________________________________

The following examples illustrate the invention.
"""


def test_a_plain_text_patent_s_table_ruled_with_underscores_is_read_by_its_columns() -> None:
    """A patent's full text rules its tables with lines of underscores and sets the
    columns apart by runs of spaces; the rules are no rows, the runs part the cells."""
    assert _grid(RULED)[0] == ["Compound", "R1", "R2", "m.p. (°C.)", "Yield (%)"]
    assert _facts(RULED) == [
        ("1", "melting_point", (120.0, 122.0), None),
        ("1", "reaction_yield", 78.0, None),
        ("2", "melting_point", (98.0, 100.0), None),
        ("2", "reaction_yield", 65.0, None),
    ]


def test_prose_typed_with_two_spaces_after_a_full_stop_is_no_table() -> None:
    text = (
        "The mixture was stirred for 2 h.  Then 25 mL of water was added and it melted at 120 °C.\n"
        "The solid was filtered.  12 g of product was obtained with melting point 121 °C.\n"
        "The filtrate was evaporated.  3 g of a second crop was obtained, mp 119 °C.\n"
    )
    assert spaced_tables(text, [], 0) == []


def test_a_row_named_in_one_column_and_labelled_in_another_is_both() -> None:
    found = records(ALIGNED_UNCAPTIONED)
    assert [(r.compound.name, r.compound.label) for r in found] == [
        ("2-(4-chlorophenyl)-4-methylthiazole", "7a"),
        ("2-(4-methoxyphenyl)-4-methylthiazole", "7c"),
    ]


# A web page's optimisation table copied as text: its header (in lower case) a blank
# line above the rows, a metal's column headed in brackets, a run without a ligand, notes lettered in
# brackets each on a line of its own.
BLANK_UNDER_HEADER = """Table 3.

Screening of palladium sources and ligands.[a]

run base (equiv) [Pd] ligand yield (%)[b]

1 1.5 Pd(OAc)2 41
2 1.5 PdCl2 XPhos 58
3 1.5 Pd2(dba)3 SPhos 66
4 2.0 Pd2(dba)3 SPhos 71 (69)
[a]

Conditions: aryl bromide (0.5 mmol), toluene (2 mL), 100 °C, 12 h.

[b]

GC yield; the isolated yield is shown in parentheses.
"""


def test_a_header_a_blank_line_above_its_rows_and_a_run_that_left_a_cell_blank() -> None:
    assert _grid(BLANK_UNDER_HEADER)[0] == ["run", "base (equiv)", "[Pd]", "ligand", "yield (%)[b]"]
    # the run without a ligand keeps its yield in the yield column
    assert [(r.value, r.evidence.table.row) for r in records(BLANK_UNDER_HEADER)] == [
        (41.0, 1), (58.0, 2), (66.0, 3), (69.0, 4),
    ]  # fmt: skip
    # the bracketed letters are the notes' markers, the isolated one read from note b
    table = spaced_tables(BLANK_UNDER_HEADER, [], 0)[0]
    assert [note.marker for note in table.footnotes] == ["a", "b"]


def test_columns_headed_by_a_series_and_its_substituents_and_a_yield_then_its_label() -> None:
    """``Entry 1 (R1/R2) 2 (R3) Yield (%)``: each series number heads its own column;
    ``82 (3aa)`` is product 3aa's yield; an ``Inline graphic`` line is the drawing."""
    text = (
        "Table 4. Scope of the annulation.\n\n"
        "Inline graphic\n"
        "Entry 1 (R1/R2) 2 (R3) Yield (%) ee (%)\n"
        "1 1a (Me/H) 2a (Et) 82 (3aa) 97\n"
        "2 1a (Me/H) 2b (iPr) 75 (3ab) 91\n"
        "3 1b (Cl/H) 2a (Et) 68 (3ba) 95\n"
    )
    assert _grid(text)[0] == ["Entry", "1 (R1/R2)", "2 (R3)", "Yield (%)", "ee (%)"]
    assert [(f[0], f[2]) for f in _facts(text)] == [("3aa", 82.0), ("3ab", 75.0), ("3ba", 68.0)]


DEVIATIONS = """Table 1.

Optimisation of the photochemical coupling of 1a with cyclohexyl bromide.

graphic file with name scheme_1.gif
Entry Variation from standard conditions Yielda (%)
1 None 68
2 NiCl2·glyme instead of NiBr2 61
3 dtbbpy (1:1.5) instead of bpy 44
4 K3PO4 instead of K2CO3 57
5 2 mol% of catalyst 73 (70b)
6 Without light 0

Reaction conditions: 1a (0.2 mmol), cyclohexyl bromide (2 equiv), 40 W blue LEDs, 24 h.

aGC yields with dodecane as internal standard.

bIsolated yield.
"""


def test_a_drawing_over_the_header_and_described_rows_with_two_yields_in_a_cell() -> None:
    grid = _grid(DEVIATIONS)
    assert grid[0] == ["Entry", "Variation from standard conditions", "Yielda (%)"]
    assert grid[5] == ["5", "2 mol% of catalyst", "73 (70b)"]
    [table] = spaced_tables(DEVIATIONS, [], 0)
    # the unmarked conditions note is passed over; the glued letters still mark notes
    assert [note.marker for note in table.footnotes] == ["a", "b"]
    yields = {
        r.evidence.table.row: r.value
        for r in records(DEVIATIONS)
        if r.evidence.table is not None and r.property == "reaction_yield"
    }
    assert yields == {1: 68.0, 2: 61.0, 3: 44.0, 4: 57.0, 5: 70.0}  # 5: the isolated one
