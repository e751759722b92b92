"""Values in tables: header → property and unit, row or header → compound, cell → value.

Everything here but the last tests runs without a model: code reads every header
a declaration knows. The last tests run the real pipeline on the real engine.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from molextract.config import Settings
from molextract.engines.local import LocalEngine
from molextract.extraction import tables
from molextract.extraction.pipeline import Pipeline
from molextract.extraction.text_tables import text_tables
from molextract.ingest import read_documents
from molextract.ingest.document import Document
from molextract.ingest.tables import Table
from molextract.schemas import get_schema
from molextract.schemas.records import EngineInfo, Record

ALL = get_schema("molecular_properties")
ENGINE = EngineInfo(name="test", model="none")


def records(text: str, metadata: dict[str, object] | None = None) -> list[Record]:
    doc = Document("t", text, metadata or {})
    readings = tables.read_tables(doc, ALL)
    assert not any(c.ask for r in readings for c in r.columns), "no model in these tests"
    found = tables.table_records(doc, readings, ALL, ENGINE)
    for record in found:
        cell = record.evidence.table
        assert cell is not None
        assert doc.text[cell.cell_start : cell.cell_end] in record.evidence.quote
        assert record.evidence.value_start is not None and record.evidence.value_end is not None
        assert cell.cell_start <= record.evidence.value_start < record.evidence.value_end
        assert record.evidence.value_end <= cell.cell_end
    return found


def facts(found: list[Record]) -> list[tuple[object, ...]]:
    return [
        (
            r.compound.name or r.compound.label,
            r.property,
            r.value if r.value_low is None else (r.value_low, r.value_high),
            r.unit,
        )
        for r in found
    ]


@pytest.mark.parametrize(
    ("header", "unit"),
    [
        ("Yield (%)", "%"),
        ("Isolated yield [%]", "%"),
        ("mp (°C)", "°C"),
        ("M.p./°C", "°C"),
        ("b.p. [K]", "K"),
        ("ρ (g cm−3)", "g/cm³"),
        ("Solubility (mg/mL)", "mg/mL"),
        ("Yield, %", "%"),
        ("Tm › Deg C.", "°C"),
        ("log P", None),
        ("Linear expansion (10−8/K)", None),
        ("Density (g/cm 3)", "g/cm³"),
        ("Density (kg/m 3)", "kg/m³"),
        ("Foam density (pcf)", "lb/ft³"),
        ("Crystal density (g/cuCm)", "g/cm³"),
        ("Density (gm/cc)", "g/cm³"),
        ("Compound A", None),
        ("Isophthalic › Groups › Mole %", None),
    ],
)
def test_header_units(header: str, unit: str | None) -> None:
    assert tables.header_unit(header) == unit


@pytest.mark.parametrize(
    ("header", "cell", "expected"),
    [
        ("Yield (%)", "85", ("reaction_yield", 85.0, "%")),
        ("Isolated yield [%]", "85a", ("reaction_yield", 85.0, "%")),
        ("mp (°C)", "121–123", ("melting_point", (121.0, 123.0), "°C")),
        ("M.p./°C", "> 300", ("melting_point", 300.0, "°C")),
        ("b.p. [K]", "351", ("boiling_point", 351.0, "K")),
        ("log P", "2.31", ("logP", 2.31, None)),
        ("logD7.4", "−0.4", ("logD", -0.4, None)),
        ("ρ (g cm−3)", "1.21 ± 0.02", ("density", 1.21, "g/cm³")),
        ("Solubility (mg/mL)", "0.52", ("solubility", 0.52, "mg/mL")),
        ("Tm", "88 °C", ("melting_point", 88.0, "°C")),
        ("Mp", "101–102", ("melting_point", (101.0, 102.0), "°C")),
        ("Density g/cm3", "3.95", ("density", 3.95, "g/cm³")),
        ("mp °C", "121", ("melting_point", 121.0, "°C")),
        ("Ponto de fusão (°C)", "121", ("melting_point", 121.0, "°C")),
        ("Rendimento (%)", "85", ("reaction_yield", 85.0, "%")),
        ("Massa específica (kg/m3)", "1130", ("density", 1130.0, "kg/m³")),
        ("Schmp. (°C)", "121", ("melting_point", 121.0, "°C")),
        ("Density (lb/ft3)", "2.1", ("density", 2.1, "lb/ft³")),
        ("T m (°C)", "166.2", ("melting_point", 166.2, "°C")),
    ],
)
def test_the_usual_headers_are_read_by_code(
    header: str, cell: str, expected: tuple[object, ...]
) -> None:
    text = f"Compound | {header}\n3a | {cell}\n"
    [found] = facts(records(text))
    assert found == ("3a", *expected)


@pytest.mark.parametrize(
    "header",
    [
        "Conv. (%)",
        "ee (%)",
        "cLogP",
        "lit. mp (°C)",
        "Mp (°C) References",
        "T (°C)",
        "Time (h)",
        "Td (°C)",
        "Tg (°C)",
        "Relative density (%)",
        "Optical density",
        "Terephthalic groups Mole %",
        "Tcc (°C)",
        "Tmax (°C)",
        "T5% (°C)",
        "Xc (%)",
        "ΔHm (J/g)",
    ],
)
def test_look_alikes_and_conditions_are_no_values(header: str) -> None:
    assert records(f"Compound | {header}\n3a | 85\n3b | 90\n") == []


def test_a_model_s_property_for_a_header_must_be_stated_in_its_unit() -> None:
    assert not tables._unit_fits("%", "density", ALL)
    assert tables._unit_fits("g/cm³", "density", ALL)
    assert tables._unit_fits("°C", "melting_point", ALL)
    assert tables._unit_fits(None, "melting_point", ALL)


@pytest.mark.parametrize("cell", ["—", "–", "n.d.", "", "trace", "<5", "0", "10% CuI", "NR"])
def test_cells_without_a_value(cell: str) -> None:
    found = records(f"Entry | Product | Yield (%)\n1 | 3a | {cell}\n2 | 3b | 70\n")
    assert facts(found) == [("3b", "reaction_yield", 70.0, "%")]


def test_a_cell_of_nmr_data_in_a_melting_point_column_is_no_value() -> None:
    text = (
        "Ex. No. | M.p. [° C.] or 1H-NMR (CDCl3, δ in ppm)\n"
        "I-a-6 | 181\n"
        "I-a-7 | 2.05-2.22 (m, 4H), 2.30 (s, 3H)\n"
    )
    assert facts(records(text)) == [("I-a-6", "melting_point", 181.0, "°C")]


def test_entry_numbers_are_not_compounds_but_a_product_column_is() -> None:
    text = (
        "Table 2. Scope of the coupling\n\n"
        "Entry | Ar | Product | Yield (%)b\n"
        "1 | 4-MeOC6H4 | 3a | 92\n"
        "2 | 4-ClC6H4 | 3b | 85\n"
        "b Isolated yield.\n"
    )
    found = records(text)
    assert facts(found) == [
        ("3a", "reaction_yield", 92.0, "%"),
        ("3b", "reaction_yield", 85.0, "%"),
    ]
    assert found[0].compound.source == "table_row"
    assert found[0].conditions == "b Isolated yield."
    assert found[0].evidence.quote == "1 | 4-MeOC6H4 | 3a | 92"
    cell = found[1].evidence.table
    assert cell is not None and (cell.label, cell.row, cell.column) == ("Table 2", 2, 3)


def test_a_label_gets_its_name_from_the_document() -> None:
    text = (
        "4-Methoxybiphenyl (3a) was obtained as a white solid.\n\n"
        "Table 1\n"
        "Product | mp (°C)\n"
        "3a | 86–88\n"
    )
    [found] = records(text)
    assert (found.compound.name, found.compound.label) == ("4-Methoxybiphenyl", "3a")


def test_the_product_named_in_a_header_owns_the_column() -> None:
    text = (
        "Entry | Catalyst (mol%) | Additive | T (°C) | Yield of 3a (%)b\n"
        "1 | Pd(PPh3)4 (2) | 10% CuI | 25 | 88\n"
        "2 | Pd(OAc)2 (2) | 5% CuI | 80 | 52\n"
    )
    assert facts(records(text)) == [
        ("3a", "reaction_yield", 88.0, "%"),
        ("3a", "reaction_yield", 52.0, "%"),
    ]


def _two_row_header(text: str, rows: list[list[list[int]]]) -> Table:
    """A table as an HTML reader keeps it: two header rows, the top cell spanning the
    columns under it (its offsets repeated), ``rows`` as cell offsets in ``text``."""
    return Table.from_json(
        {"index": 0, "label": "Table 1", "caption": None, "header_rows": 2, "rows": rows,
         "footnotes": []},
        text,
    )  # fmt: skip


def test_a_spanning_header_gives_each_column_its_product() -> None:
    text = "Entry | Yield (%)\n3a | 3b\n1 | 85 | 70"
    html_like = _two_row_header(
        text,
        [[[0, 5], [8, 17], [8, 17]], [[0, 5], [18, 20], [23, 25]], [[26, 27], [30, 32], [35, 37]]],
    )
    found = records(text, {"tables": [html_like.to_json()]})
    assert facts(found) == [
        ("3a", "reaction_yield", 85.0, "%"),
        ("3b", "reaction_yield", 70.0, "%"),
    ]
    assert [r.evidence.table.header for r in found if r.evidence.table] == [
        "Yield (%) › 3a",
        "Yield (%) › 3b",
    ]


def test_a_lower_header_row_printed_as_text_sits_under_the_yield_not_the_last_column() -> None:
    # the text keeps no span: "3a | 3b" stands under the one cell that spans two
    # columns, and of "Conv. (%)", "Yield (%)a" and "b/l" that is the yield's
    text = (
        "Entry | Ligand | Conv. (%) | Yield (%)a | b/l\n"
        "3a | 3b\n"
        "1 | PPh3 | 99 | 9 | 85 | 9.4\n"
        "2 | Xantphos | 95 | 61 | 31 | 0.5\n"
    )
    assert facts(records(text)) == [
        ("3a", "reaction_yield", 9.0, "%"),
        ("3b", "reaction_yield", 85.0, "%"),
        ("3a", "reaction_yield", 61.0, "%"),
        ("3b", "reaction_yield", 31.0, "%"),
    ]
    # words under a spanning cell are no products: the span stays where it ends
    found_reported = (
        "Entry | Product | Yield (%) | M.p. (°C)\nFound | Reported\n"
        "1 | 4a | 92 | 233–235 | 234–236\n2 | 4b | 95 | 214–216 | 215–216\n"
    )
    assert [f[1] for f in facts(records(found_reported))] == [
        "reaction_yield", "melting_point", "reaction_yield", "melting_point",
    ]  # fmt: skip
    # a copy that keeps the spanned place as an empty cell says the span is the last one
    framed = "Entry | Solvent | Yields (%) | \n3a | 3b\n1 | THF | 40 | 12\n2 | MeCN | 88 | 5\n"
    assert [f[0] for f in facts(records(framed))] == ["3a", "3b", "3a", "3b"]


def test_a_transposed_table_with_a_units_column() -> None:
    text = (
        "Property | units | Rh | Pt\n"
        "Melting Point | ° C. | 1966 | 1769\n"
        "Density | g/cc | 12.4 | 21.4\n"
        "Young's Modulus | GPa | 414 | 171\n"
    )
    assert facts(records(text)) == [
        ("Rh", "melting_point", 1966.0, "°C"),
        ("Rh", "density", 12.4, "g/cm³"),
        ("Pt", "melting_point", 1769.0, "°C"),
        ("Pt", "density", 21.4, "g/cm³"),
    ]


def test_a_patent_table_set_as_title_header_and_body_groups_read_transposed() -> None:
    """US 8,088,834 B2's TABLE 10: one CALS group prints the title, one a five-row
    header (``Comparative`` / ``Example A`` / ``(Commercial`` …, ``Exam-`` / ``ple``),
    one the body, whose rows are named by a group, a parameter and a unit column."""
    path = Path(__file__).parents[1] / "data" / "tables" / "uspto" / "US08088834B2.xml"
    [doc] = read_documents([path], lambda skipped: None)
    found = [
        r
        for r in records(doc.text, doc.metadata)
        if r.evidence.table is not None and r.evidence.table.label == "Table 10"
    ]
    assert facts(found) == [
        ("Comparative Example A", "melting_point", 222.6, "°C"),
        ("Example 13", "melting_point", 176.89, "°C"),
        ("Example 14", "melting_point", 180.03, "°C"),
    ]


def test_a_row_label_broken_over_two_lines_and_a_material_s_form_in_a_header() -> None:
    """``Comparative`` over ``Example 1`` is one label, whichever line holds the values;
    ``Density of sintered body`` names what the material was made into, no compound."""
    text = (
        "Table 1. Sintered bodies.\n\n"
        "Sample | Sintering temperature (° C.) | Density of sintered body (g/cm3)\n"
        "Example 1 | 1500 | 3.92\n"
        "Comparative |  | \n"
        "Example 1 | 1550 | 3.75\n"
        "Comparative | 1450 | 3.70\n"
        "Example 2 |  | \n"
    )
    assert facts(records(text)) == [
        ("Example 1", "density", 3.92, "g/cm³"),
        ("Comparative Example 1", "density", 3.75, "g/cm³"),
        ("Comparative Example 2", "density", 3.70, "g/cm³"),
    ]


def test_a_column_of_example_numbers_names_each_row_by_its_example_heading() -> None:
    """``Example | mp (°C)`` over ``2 | 120-122``: the row is Example 2, and the text's
    ``Example 2`` heading names the compound (a bare ``2`` would be compound 2's name);
    the label stays ``2``, as the table prints it."""
    text = (
        "Example 1\n4-(4-Fluorophenyl)-2-methylthiazole\n"
        "A mixture of 4-fluorothiobenzamide and chloroacetone was heated.\n\n"
        "Example 2\n4-(4-Chlorophenyl)-2-methylthiazole\nPrepared as in Example 1.\n\n"
        "Table 1\n"
        "Ex. No. | Yield (%) | mp (°C)\n"
        "1 | 78 | 101-103\n"
        "2 | 81 | 120-122\n"
        "3A | 65 | 66-67\n"
    )
    found = records(text)
    assert facts(found) == [
        ("4-(4-Fluorophenyl)-2-methylthiazole", "reaction_yield", 78.0, "%"),
        ("4-(4-Fluorophenyl)-2-methylthiazole", "melting_point", (101.0, 103.0), "°C"),
        ("4-(4-Chlorophenyl)-2-methylthiazole", "reaction_yield", 81.0, "%"),
        ("4-(4-Chlorophenyl)-2-methylthiazole", "melting_point", (120.0, 122.0), "°C"),
        ("3A", "reaction_yield", 65.0, "%"),
        ("3A", "melting_point", (66.0, 67.0), "°C"),
    ]
    assert [r.compound.label for r in found[:2]] == ["1", "1"]  # as the table prints it


def test_a_names_column_beside_a_column_of_numbers_names_the_rows() -> None:
    """``Cpd. No. | Compound name | Yield (%)``: the name column says what each row is,
    the numbers only label it, an ``Example`` column's too."""
    text = (
        "TABLE 5\n"
        "Cpd. No. | Compound name | Yield (%)\n"
        "12 | 2-Methyl-4-phenylthiazole | 65\n"
        "13 | 4-(4-Chlorophenyl)-2-methylthiazole | 71\n\n"
        "TABLE 6\n"
        "Example | Name | m.p. (° C.)\n"
        "4 | N-(4-Fluorophenyl)-2-methylbenzamide | 141-143\n"
        "5 | N-(4-Chlorophenyl)-2-methylbenzamide | 150-152\n"
    )
    found = records(text)
    assert [(r.compound.name, r.compound.label) for r in found] == [
        ("2-Methyl-4-phenylthiazole", "12"),
        ("4-(4-Chlorophenyl)-2-methylthiazole", "13"),
        ("N-(4-Fluorophenyl)-2-methylbenzamide", "4"),
        ("N-(4-Chlorophenyl)-2-methylbenzamide", "5"),
    ]


def test_cells_that_name_their_own_property_under_a_physical_constant_header() -> None:
    """Agrochemical patents print ``Physical constant`` over cells that say what they
    are: ``m.p. 120-122° C.``, ``b.p. 120-125° C./5 mmHg`` or a refractive index; each
    cell is read by its own cue, and a numbered first row is no header row."""
    text = (
        "TABLE 1\n"
        "Compound No. | R1 | R2 | Physical constant\n"
        "1 | CH3 | H | m.p. 120-122° C.\n"
        "2 | C2H5 | H | m.p.: 98-100° C.\n"
        "3 | CH3 | Cl | nD20 1.5521\n"
        "4 | OCH3 | H | b.p. 120-125° C./5 mmHg\n"
    )
    found = records(text)
    assert facts(found) == [
        ("1", "melting_point", (120.0, 122.0), "°C"),
        ("2", "melting_point", (98.0, 100.0), "°C"),
        ("4", "boiling_point", (120.0, 125.0), "°C"),
    ]
    assert found[2].conditions == "5 mmHg"
    # a cue before no value of its unit makes no column of it: "MP 2 min"
    assert records("TABLE 2\nNo. | Remarks\n1 | see Example 1\n2 | MP 2 min\n3 | oil\n") == []
    # nor a code whose letters happen to spell one: biopsy "BP1" is no boiling point
    assert records("TABLE 3\nBiopsy # | Day 0\nBP1 | 235,000\nBP2 | 205,000\n") == []


def test_physical_data_beside_named_compounds_or_series_numbers_is_read_by_its_cues() -> None:
    """``Physical data`` over ``m.p. 52-54 °C`` beside a name, or beside ``I-1``: every
    row is a compound's, none is taken for a header row."""
    named = (
        "Table 5\nCompound | Physical data\n2-chlorophenol | m.p. 52-54 °C\n"
        "3-chlorophenol | m.p. 33 °C\n4-chlorophenol | b.p. 220 °C\n"
    )
    assert [(r.compound.name, r.property, r.value) for r in records(named)] == [
        ("2-chlorophenol", "melting_point", 53.0),
        ("3-chlorophenol", "melting_point", 33.0),
        ("4-chlorophenol", "boiling_point", 220.0),
    ]
    series = "Table 4\nNo. | A | B | Physical data\nI-1 | CH | N | m.p. 121-123 °C\nI-2 | N | N | m.p. 98 °C\n"
    assert [(r.compound.label, r.value) for r in records(series)] == [("I-1", 122.0), ("I-2", 98.0)]


def test_a_patent_s_compound_numbers_by_table_and_entry_label_the_rows() -> None:
    """``Compound No.`` over ``1-1``, ``1-2``: Table 1's compounds, each its label."""
    text = "TABLE 1\nCompound No. | R1 | m.p. (° C.)\n1-1 | CH3 | 120-122\n1-2 | C2H5 | 98\n"
    assert [(r.compound.label, r.value) for r in records(text)] == [("1-1", 121.0), ("1-2", 98.0)]


def test_a_salt_column_beside_numbered_compounds_is_their_form_not_their_name() -> None:
    """``Compound | R | Salt`` over ``1-1 | H | HCl``: the salt is the form each
    compound was made as; the rows are compounds 1-1, 1-2, …"""
    text = (
        "TABLE 4\n"
        "Compound | R | X | Salt | Melting Point\n"
        "1-1 | H | O | HCl | 210° C.\n"
        "1-2 | Me | O | HCl | 198° C.\n"
        "1-3 | Et | S | free base | 145° C.\n"
    )
    assert [(r.compound.label, r.compound.name, r.value) for r in records(text)] == [
        ("1-1", None, 210.0),
        ("1-2", None, 198.0),
        ("1-3", None, 145.0),
    ]
    # a table of salts alone still names its rows by them
    salts = "TABLE 5\nSalt | m.p. (° C.)\nhydrochloride | 210\nmaleate | 165\n"
    assert [r.compound.name for r in records(salts)] == ["hydrochloride", "maleate"]


def test_a_melting_point_after_the_solid_s_description_and_before_dec() -> None:
    """Cells describe the solid, then state its melting point (``white solid, mp
    60-62° C.``); a decomposition is printed after the unit's full stop (``98° C.
    (dec.)``)."""
    text = (
        "TABLE 15\n"
        "Compound | Appearance | Yield\n"
        "N-benzylacetamide | white solid, mp 60-62° C. | 88%\n"
        "N-(4-methylbenzyl)acetamide | colourless needles; m.p. 108-110° C. | 91%\n"
        "N-(4-methoxybenzyl)acetamide | yellow oil | 85%\n"
    )
    assert facts(records(text)) == [
        ("N-benzylacetamide", "melting_point", (60.0, 62.0), "°C"),
        ("N-benzylacetamide", "reaction_yield", 88.0, "%"),
        ("N-(4-methylbenzyl)acetamide", "melting_point", (108.0, 110.0), "°C"),
        ("N-(4-methylbenzyl)acetamide", "reaction_yield", 91.0, "%"),
        ("N-(4-methoxybenzyl)acetamide", "reaction_yield", 85.0, "%"),
    ]
    decomposed = "TABLE 16\nCompound No. | X | Physical constant\n1 | Cl | m.p. 98° C. (decomp.)\n2 | Br | m.p. 143-145° C.\n"
    assert [r.value for r in records(decomposed)] == [98.0, 144.0]
    assert tables.cell_value("210° C. (decomposition)") is not None


def test_an_example_column_numbers_the_compound_its_name_column_names() -> None:
    """``Example | Compound`` over ``31 | NAME``: the row is the named compound, its
    label the example's number; an example's yield beside its substrate stays the
    example's (the substrate is what the product was made from)."""
    text = (
        "TABLE 4\n"
        "Example | Compound | Yield | Melting point\n"
        " |  | (%) | (° C.)\n"
        "31 | 2-methyl-5-phenylpyridine | 78 | 55-57\n"
        "32 | 2-methyl-5-(4-tolyl)pyridine | 82 | 61-63\n"
    )
    assert [(r.compound.name, r.compound.label, r.property) for r in records(text)] == [
        ("2-methyl-5-phenylpyridine", "31", "reaction_yield"),
        ("2-methyl-5-phenylpyridine", "31", "melting_point"),
        ("2-methyl-5-(4-tolyl)pyridine", "32", "reaction_yield"),
        ("2-methyl-5-(4-tolyl)pyridine", "32", "melting_point"),
    ]
    substrates = "TABLE 5\nExample | Substrate | Yield (%)\n1 | Xylose | 29\n2 | Ribose | 52\n"
    assert [(r.compound.name, r.compound.label) for r in records(substrates)] == [
        (None, "1"),
        (None, "2"),
    ]


def test_one_remarks_cell_states_a_yield_and_a_melting_point() -> None:
    """``yield 78%, m.p. 120-122° C.``: each value read by its own cue, up to the comma."""
    text = (
        "TABLE 6\n"
        "Ex. | R | Remarks\n"
        "40 | H | yield 78%, m.p. 120-122° C.\n"
        "41 | Cl | m.p. 131-133° C.; yield 65%\n"
        "42 | Br | oil, yield 70%\n"
    )
    assert facts(records(text)) == [
        ("40", "melting_point", (120.0, 122.0), "°C"),
        ("40", "reaction_yield", 78.0, "%"),
        ("41", "melting_point", (131.0, 133.0), "°C"),
        ("41", "reaction_yield", 65.0, "%"),
        ("42", "reaction_yield", 70.0, "%"),
    ]


def test_a_primer_s_tm_and_a_deuterated_name_are_no_melting_point_or_density() -> None:
    """Grants' PCR tables print each primer's Tm (where its DNA duplex melts), and an
    assay table's row ``D4-Histamine`` is a deuterated standard, not a density ``d4``."""
    primers = (
        "TABLE 7\n"
        "Product | Left Primer Sequence | Left Primer Tm | Right Primer Tm\n"
        "105 | cccagcatcctgtacatttc | 58.0 | 58.1\n"
        "113 | catcgctatgatgaagggaa | 58.7 | 59.0\n"
    )
    assert records(primers) == []
    assay = (
        "Table 2\n"
        "Compound | Histamine | D4-Histamine\n"
        "Precursor Ion (m/z) | 112 | 116\n"
        "Product Ion (m/z) | 95 | 99\n"
    )
    assert records(assay) == []
    assert facts(records("Table 3\nCompound | d4 (g/mL)\nethanol | 0.789\n")) == [
        ("ethanol", "density", 0.789, "g/mL")
    ]


def test_decimal_commas_a_values_column_and_the_compound_a_caption_is_about() -> None:
    """A column that writes ``0,98`` means 0.98 (``1,050`` alone could be a thousand);
    ``Parameter | Value`` names no compound, the caption's "properties of X" does."""
    text = (
        "Tabela 1 - Propriedades do etanol.\n\n"
        "Parâmetro | Valor\n"
        "Densidade (g/cm³) | 0,789\n"
        "Ponto de ebulição (°C) | 78,4\n"
    )
    assert facts(records(text)) == [
        (None, "density", 0.789, "g/cm³"),
        (None, "boiling_point", 78.4, "°C"),
    ]
    table = "Table 2. Physical properties of ibuprofen.\n\nProperty | Value\nMelting point (°C) | 75–77\n"
    assert facts(records(table)) == [("ibuprofen", "melting_point", (75.0, 77.0), "°C")]
    assert tables.cell_value("0,98", decimal_comma=True) is not None
    assert tables.cell_value("0,98") is None  # a comma is no decimal point by default


def test_a_cell_of_at_least_a_value() -> None:
    found = tables.cell_value("95+")
    assert found is not None and (found[0].value, found[0].qualifier) == (95.0, ">=")
    text = "Table 3\n\nCompound | Yield (%)\n4a | 95+\n4b | 81\n"
    assert [(r.compound.label, r.value, r.qualifier) for r in records(text)] == [
        ("4a", 95.0, ">="),
        ("4b", 81.0, None),
    ]


def test_the_product_column_not_the_starting_material_held_in_every_row() -> None:
    """``Compound`` holds the same reactant in every row and ``Producta`` (note a glued
    to it) the product: each yield and melting point is the product's."""
    text = (
        "Table 5.\nSynthesis of pyrans 8a–c from aldehydes and dimedone (7).\n"
        "| Entry | Aldehyde | Compound | Producta | Time (min) | Yieldb (%) | M.p. (°C) |\n"
        "|---|---|---|---|---|---|---|\n"
        "| 1 | Benzaldehyde | 7 | 8a | 20 | 91 | 235–237 |\n"
        "| 2 | 2-Chlorobenzaldehyde | 7 | 8b | 20 | 93 | 218–220 |\n"
        "| 3 | 4-Methoxybenzaldehyde | 7 | 8c | 25 | 90 | 212–214 |\n"
    )
    assert [(c, p) for c, p, _, _ in facts(records(text))] == [
        ("8a", "reaction_yield"),
        ("8a", "melting_point"),
        ("8b", "reaction_yield"),
        ("8b", "melting_point"),
        ("8c", "reaction_yield"),
        ("8c", "melting_point"),
    ]


#: Markdown tables as web pages copy them. ``lower header row``: ``| Yields (%)b | |``
#: spans two columns and its products ``| 5a | 4d | |||`` come as the first row under
#: the rule. ``series header``: under a drawing's empty header row, columns headed by the
#: series their labels belong to (``1 | Ar | 3``), the last one the product's; "Substrate
#: scope of 1" names the starting material, not the product.
_WEB_MARKDOWN = {
    "lower header row": (
        "Table 2.\nOptimisation of the synthesis of benzofurans.\n"
        "| Entry | Solvent | Time (h) | Yields (%)b | |\n"
        "|---|---|---|---|---|\n"
        "| 5a | 4d | |||\n"
        "| 1 | Toluene | 12 | 84 | Trace |\n"
        "| 2 | EtOH | 6 | 71 | 24 |\n"
        "bIsolated yield.\n",
        [("5a", 84.0), ("5a", 71.0), ("4d", 24.0)],
    ),
    "series header": (
        "Table 2.\nSubstrate scope of 1 in the synthesis of pyrroles 3.\n"
        "| |||||\n"
        "|---|---|---|---|---|\n"
        "| Entry | 1 | Ar | 3 | Yieldb (%) |\n"
        "| 1 | 1a | Ph | 3a | 88 |\n"
        "| 2 | 1b | 4-ClC6H4 | 3b | 95 |\n"
        "| 3 | 1c | 4-MeOC6H4 | 3c | 85 |\n",
        [("3a", 88.0), ("3b", 95.0), ("3c", 85.0)],
    ),
    # a header the rule marks, whatever its cells look like (numbers lead two of them);
    # which lamp a run used, bracketed after its yield; a column of starting material
    # recovered, no yield; its notes printed without their letters
    "ruled header": (
        "Table 4.\n"
        "entry | base (equiv) | 2a (equiv) | 3 yield (%)b | 1a recovered (%)b |\n"
        "---|---|---|---|---|\n"
        "1 | DBU (2.0) | 2.0 | 81 (A) | 10 |\n"
        "2c | DBU (2.0) | 3.0 | 64 (B) | 30 |\n"
        "Reaction conditions: 1a (0.2 mmol), MeCN (1 mL), 24 h.\n"
        "Determined by 1H NMR.\n"
        "The reaction was run in air.\n",
        [("3", 81.0), ("3", 64.0)],
    ),
    # two products' yields in one cell under one header
    "two products per cell": (
        "Table 1. Optimisation.\n"
        "entry | change from the standard conditions | yield of 4a/5 (%)b |\n"
        "---|---|---|\n"
        "1 | none | 72/9 |\n"
        "2 | THF instead of MeCN | 40/33 |\n",
        [("4a", 72.0), ("5", 9.0), ("4a", 40.0), ("5", 33.0)],
    ),
    # the isolated yield bracketed with its own note's letter; notes without letters
    "isolated bracket, unlettered notes": (
        "Table 2. Control experiments.\n"
        "| Entry | Deviation from standard conditions | Yielda (%) |\n"
        "|---|---|---|\n"
        "| 1 | None | 77 (70b) |\n"
        "| 2 | No light | 0 |\n"
        "| 3 | Air instead of argon | 35 |\n"
        "Yields were determined by 19F NMR.\n"
        "Yield after isolation by chromatography.\n",
        [(None, 70.0), (None, 35.0)],
    ),
    # the product's label in the header with its note's letter printed apart; the
    # isolated yield "given in parenthesis"; a note that opens in lower case
    "spaced letter after the label": (
        "Screening of Lewis acids.\n"
        "---|---|---|\n"
        "Entry | Lewis acid | Yield of 4c b (%) |\n"
        "1 | Sc(OTf)3 | 58 |\n"
        "2 | Yb(OTf)3 | 66 (61) |\n"
        "3a | In(OTf)3 | 44 |\n"
        "Conditions: 1c (0.1 mmol), 2 (0.2 mmol), DCE, 60 °C.\n"
        "The NMR yield; the isolated yield was given in parenthesis.\n",
        [("4c", 58.0), ("4c", 61.0), ("4c", 44.0)],
    ),
    # the yield first, its product's label bracketed after it
    "value then label": (
        "Table 3. Scope of the cycloaddition.\n"
        "| Entry | 1 | 2 | Yield (%) | ee (%) |\n"
        "|---|---|---|---|---|\n"
        "| 1 | 1a | 2a | 82 (3aa) | 97 |\n"
        "| 2 | 1a | 2b | 75 (3ab) | 90 |\n",
        [("3aa", 82.0), ("3ab", 75.0)],
    ),
}


@pytest.mark.parametrize(("text", "yields"), _WEB_MARKDOWN.values(), ids=_WEB_MARKDOWN.keys())
def test_markdown_tables_as_web_pages_copy_them(text: str, yields: list[tuple[str, float]]) -> None:
    assert [(c, v) for c, _, v, _ in facts(records(text))] == yields


def test_notes_glued_to_their_letters_before_an_abbreviation() -> None:
    """``bNMR yield …`` under a table: note b, as a page's copy glues it."""
    text = (
        "Table 5. Catalyst screening.\n"
        "| Entry | Catalyst | Yield (%)b |\n"
        "|---|---|---|\n"
        "| 1 | CuI | 45 |\n"
        "| 2 | CuBr | 52 |\n"
        "aReaction conditions: 1a (0.1 mmol), DMSO (1 mL), 80 °C.\n"
        "bNMR yield with CH2Br2 as internal standard.\n"
    )
    [table] = text_tables(text)
    assert [note.marker for note in table.footnotes] == ["a", "b"]
    assert all("NMR yield" in (r.conditions or "") for r in records(text))


def test_tab_separated_and_markdown_tables() -> None:
    tab = "Solvent\tbp (°C)\tDensity (g/mL)\nethanol\t78.4\t0.789\n"
    assert facts(records(tab)) == [
        ("ethanol", "boiling_point", 78.4, "°C"),
        ("ethanol", "density", 0.789, "g/mL"),
    ]
    markdown = (
        "| Entry | Product | Structure | Yield (%) | mp °C (Obs.) |\n"
        "|---|---|---|---|---|\n"
        "| 1 | 5a |\n|\n95 | 210–211 |\n"  # an image cell broke the row over lines
        "| 2 | 5b | | 87 | 235–236 |\n"
    )
    assert facts(records(markdown)) == [
        ("5a", "reaction_yield", 95.0, "%"),
        ("5a", "melting_point", (210.0, 211.0), "°C"),
        ("5b", "reaction_yield", 87.0, "%"),
        ("5b", "melting_point", (235.0, 236.0), "°C"),
    ]


def test_a_layout_table_of_key_value_pairs_is_left_to_the_text() -> None:
    text = "Bromo derivative used: | 3-bromofuran\nYield: | 0.012 g (53% of the theoretical)\n"
    assert tables.read_tables(Document("t", text), ALL) == []


@pytest.mark.parametrize(
    "raw",
    [
        [{"index": 0}],
        [{"index": 0, "rows": [[[0, 999]]], "header_rows": 0}],
        [{"index": 0, "rows": [[[0, 1]], [[0, 1], [1, 2]]], "header_rows": 0}],
        ["not a table"],
    ],
)
def test_malformed_table_metadata_is_left_out(raw: list[object]) -> None:
    doc = Document("t", "Compound | mp (°C)\n1 | 120\n", {"tables": raw})
    assert tables.tables_of(doc) == []


# --- through the pipeline, with the real engine ----------------------------------------


@pytest.mark.model
def test_a_value_in_a_table_and_in_the_text_is_two_records(
    smol_engine: LocalEngine, settings: Settings
) -> None:
    text = (
        "Compound 3a melted at 121–123 °C after recrystallisation.\n\n"
        "Table 1. Melting points\n"
        "Compound | mp (°C)\n"
        "3a | 121–123\n"
        "3b | 98–99\n"
    )
    [result] = Pipeline(ALL, smol_engine, settings).run([Document("d", text)])
    in_table = [r for r in result.records if r.evidence.table is not None]
    assert sorted((r.compound.label, r.value_low) for r in in_table) == [
        ("3a", 121.0),
        ("3b", 98.0),
    ]
    # the table's rows are the table path's: no text record inside them
    table_start = text.index("Compound |")
    assert all(
        (r.evidence.value_start or 0) < table_start
        for r in result.records
        if r.evidence.table is None
    )


@pytest.mark.model
def test_an_unknown_header_costs_one_call_for_the_whole_table(
    smol_engine: LocalEngine, settings: Settings
) -> None:
    rows = "\n".join(f"{n}a | {100 + n} | {200 + n}" for n in range(1, 31))
    text = f"Compound | mp (°C) | Clearing point (°C)\n{rows}\n"
    [result] = Pipeline(ALL, smol_engine, settings).run([Document("d", text)])
    melting = [r for r in result.records if r.property == "melting_point"]
    assert len([r for r in melting if r.evidence.table and r.evidence.table.column == 1]) == 30
    assert result.usage.model_calls == 1  # "Clearing point (°C)", once, not per cell


def test_a_very_wide_table_with_one_product_per_column() -> None:
    labels = [f"{n}{letter}" for n in (3, 4) for letter in "abcdefghijklmnopqrstuvwxyz"]
    header = " | ".join(f"Yield {label} (%)" for label in labels)
    cells = " | ".join(str(40 + i) for i in range(len(labels)))
    found = records(f"Entry | {header}\n1 | {cells}\n")
    assert [(r.compound.label, r.value) for r in found] == [
        (label, float(40 + i)) for i, label in enumerate(labels)
    ]


@pytest.mark.model
def test_a_table_of_no_property_costs_no_model_call(
    smol_engine: LocalEngine, settings: Settings
) -> None:
    text = (
        "Table 1. Screening of catalysts\n"
        "Entry | Catalyst | Time (h) | Conv. (%) | ee (%)\n"
        "1 | Pd(OAc)2 | 12 | 85 | 90\n"
        "2 | PdCl2 | 24 | 64 | 88\n"
    )
    [result] = Pipeline(ALL, smol_engine, settings).run([Document("d", text)])
    assert result.records == []
    assert result.usage.model_calls == 0


def test_paired_cells_under_a_paired_header_and_a_product_named_in_the_caption() -> None:
    text = (
        "Table 5. Synthesis of 14H-dibenzo[a,j]xanthene using different amounts of catalyst.\n"
        "Entry | Amount of catalyst (mg) | Time (min)/% yieldb |\n"
        "---|---|---|\n"
        "1. | Nil | 60/nil |\n"
        "2. | 5 | 30/60 |\n"
        "3. | 10 | 20/90 |\n"
        "b Isolated yield.\n"
    )
    found = records(text)
    assert facts(found) == [
        ("14H-dibenzo[a,j]xanthene", "reaction_yield", 60.0, "%"),
        ("14H-dibenzo[a,j]xanthene", "reaction_yield", 90.0, "%"),
    ]
    assert found[0].compound.source == "table_caption"
    assert found[0].conditions == "b Isolated yield."


def test_a_caption_naming_a_class_of_compounds_names_no_compound() -> None:
    text = (
        "Table 2. Synthesis of pyran derivatives using the catalyst in water\n"
        "Entry | Time (min) | Yield (%)\n"
        "1 | 30 | 92\n"
    )
    assert facts(records(text)) == [(None, "reaction_yield", 92.0, "%")]


def test_a_caption_naming_a_product_before_a_series_names_no_compound() -> None:
    text = (
        "Table 2. Synthesis of biphenyl with different aryl halides over the catalyst\n"
        "Entry | Time (h) | Yield (%)\n"
        "1 | 0.25 | 98\n"
    )
    assert facts(records(text)) == [(None, "reaction_yield", 98.0, "%")]


def test_piped_rows_broken_over_lines_by_lone_pipes_of_empty_image_cells() -> None:
    text = (
        "Table 2.\n"
        "| Entry | Reactant | Time (h) | Product | Yield (%)a | TON |\n"
        "| 1 |\n|\n0.25 |\n|\n98 | 326.6 |\n"
        "| 2 |\n|\n0.25 |\n|\n93 | 310 |\n"
        "aIsolated yield.\n"
    )
    found = records(text)
    assert facts(found) == [
        (None, "reaction_yield", 98.0, "%"),
        (None, "reaction_yield", 93.0, "%"),
    ]
    assert [r.evidence.table.row for r in found if r.evidence.table] == [1, 2]  # under the header


def test_the_percentage_of_a_starting_material_the_notes_charge_is_no_yield() -> None:
    text = (
        "1-Phenylethanol (1) was acetylated to 1-phenylethyl acetate (2).\n\n"
        "Table 5. Chromatographic yields of the resolution\n"
        "Time (h) | Flask | (R)-1 (%) | (S)-2 (%) | Yield of 2 (%)\n"
        "1 | A | 37 | 9 | 12\n"
        "2 | B | 18 | 33 | 40\n"
        "a Reaction conditions: (S)-1-phenylethanol (30 mg), vinyl acetate (86 mg).\n"
    )
    doc = Document("t", text, {})
    readings = tables.read_tables(doc, ALL)
    [reading] = readings
    asked = [c.header for c in reading.columns if c.ask]
    # the product's column still goes to the model; the charged alcohol's does not
    assert asked == ["(S)-2 (%)"]
    found = tables.table_records(doc, readings, ALL, ENGINE)
    # a time column's hours name no compound: the header's label owns the yields
    assert facts(found) == [
        ("1-phenylethyl acetate", "reaction_yield", 12.0, "%"),
        ("1-phenylethyl acetate", "reaction_yield", 40.0, "%"),
    ]


def test_a_reactant_charged_by_its_label_in_the_notes_is_no_product() -> None:
    text = (
        "Table 2\n"
        "Entry | Yield of 3 (%) | Yield of 5 (%)\n"
        "1 | 12 | 80\n"
        "2 | 9 | 85\n"
        "a Reaction conditions: aldehyde (3, 1.0 mmol), urea (4, 1.2 mmol), 80 °C.\n"
    )
    assert facts(records(text)) == [
        ("5", "reaction_yield", 80.0, "%"),
        ("5", "reaction_yield", 85.0, "%"),
    ]


def test_a_copied_row_that_lost_its_entry_cell_is_moved_back_under_its_headers() -> None:
    text = (
        "Table 2.\n"
        "Entry | R1 | Time (h) | Products | Yields (%) | Mp (°C) |\n"
        "1 | C6H5 | 1 | 2a | 92 | 232–234 |\n"
        "4-NO2-C6H4 | 30 min | 2b | 88 | 176–177 | |\n"
        "2 | 3-NO2-C6H4 | 20 min | 2c | 95 | 213–214 |\n"
        "3 | 4-Cl-C6H4 | 1 | 2d | 86 | 212–214 |\n"
    )
    found = facts(records(text))
    assert ("2b", "reaction_yield", 88.0, "%") in found
    assert ("2b", "melting_point", (176.0, 177.0), "°C") in found
    assert len(found) == 8


def test_a_web_page_table_copied_as_piped_text_with_drawings_and_spanned_headers() -> None:
    """PMC's table pages as text: no rule under the header, a drawing breaks each row
    over lines, and the places of spanned header cells come at the end of the rows."""
    text = (
        "Table 5.\n"
        "Reactions of aldehydes with the enolate.\n"
        "![]() | ||||\n"
        "| Entry | Product | Aldehyde | Yield of 5 [%] | |\n"
        "| AlCl3 | InCl3 | ||\n"
        "| 1 | 5b |\n"
        "![]() 3b |\n"
        "14 | 47 |\n"
        "| 2 | 5c |\n"
        "![]() 3c |\n"
        "– | 94a |\n"
        "aRef. [37].\n"
    )
    [table] = text_tables(text)
    assert table.label == "Table 5"
    assert [table.column_header(c) for c in range(table.width)] == [
        "Entry",
        "Product",
        "Aldehyde",
        "Yield of 5 [%] › AlCl3",
        "Yield of 5 [%] › InCl3",
    ]
    assert [c.text for c in table.body[0]] == ["1", "5b", "3b", "14", "47"]
    # the series' label in the header gives way to each row's member of it; "94a" is
    # another paper's yield (note a, glued to its letter, cites it)
    assert facts(records(text)) == [
        ("5b", "reaction_yield", 14.0, "%"),
        ("5b", "reaction_yield", 47.0, "%"),
    ]


def test_a_cell_that_names_its_product_before_the_bracketed_yield_gives_that_product() -> None:
    text = (
        "Table 2. Acetylation of amines 1a–c.\n\n"
        "| Entry | 1 | R | Time (h) | Yield (%) |\n"
        "|---|---|---|---|---|\n"
        "| 1 | 1a | Ph | 6 | 4a (68) |\n"
        "| 2 | 1b | 3-NO2C6H4 | 7 | 4b(65) |\n"
        "| 3 | 1c | 4-MeC6H4 | 6.5 | – |\n"
    )
    found = records(text)
    assert [(r.compound.label, r.value, r.compound.source) for r in found] == [
        ("4a", 68.0, "table_cell"),
        ("4b", 65.0, "table_cell"),
    ]


def test_a_piped_table_without_its_opening_pipes_keeps_rows_broken_over_lines() -> None:
    text = (
        "Table 1.\nOptimisation of the condensation.\n"
        "Entry | Solvent | Temp (°C) | Time | Yield (%) |\n"
        "---|---|---|---|---|\n"
        "1 | DMF | Reflux | 12 h | – |\n"
        "2 | AcOH | Reflux | 4 h | 41a |\n"
        "3 | AcOH |\nMW (sealed tube) (120 °C, 250 W) |\n25 min | 63b |\n"
        "4 | AcOH | Q-tube (150 °C) | 30 min | 85c |\n"
    )
    found = records(text)
    assert [r.value for r in found] == [41.0, 63.0, 85.0]
    [table] = tables.read_tables(Document("t", text, {}), ALL)
    assert [c.header for c in table.columns] == [
        "Entry",
        "Solvent",
        "Temp (°C)",
        "Time",
        "Yield (%)",
    ]


@pytest.mark.parametrize(
    ("note", "values"),
    [
        # the notes say the bracketed yield is the isolated one: it counts
        ("b Determined by 1H NMR; isolated yields in parentheses.", [84.0, 77.0, 61.0]),
        # they say the first one is: the bracketed one is the estimate
        ("b Isolated yield; GC yield in parentheses.", [92.0, 80.0, 61.0]),
    ],
)
def test_of_two_yields_in_a_cell_the_isolated_one_counts(note: str, values: list[float]) -> None:
    text = (
        "Table 1. Optimisation of the coupling of 1a.a\n\n"
        "| Entry | Base | Yield of 3a (%)b |\n|---|---|---|\n"
        "| 1 | K2CO3 | 92 (84) |\n| 2 | Cs2CO3 | 80 (77) |\n| 3 | K3PO4 | 61 |\n\n"
        f"a Reaction conditions: 1a (0.2 mmol), 100 °C.\n{note}\n"
    )
    assert [r.value for r in records(text)] == values


def test_numbered_notes_say_which_bracketed_yield_was_isolated() -> None:
    text = (
        "Table 1.\n\nScreening of the N-formylation of amine 1.\n\n"
        "Entry Catalyst Base TON 2 Yield 3\n"
        "1 Pd–Fe3O4 NaOH 20 55\n2 AuPd–Fe3O4 NaOH 23 65\n"
        "3 4 AuPd–Fe3O4 CsOH 33 92 (84 5)\n\n"
        "1 Reaction conditions: 1a (0.20 mmol). 2 Turnover number. 3 By 1H NMR. "
        "4 Result with 1a (0.50 mmol). 5 Yield of isolated product.\n"
    )
    assert [r.value for r in records(text)] == [55.0, 65.0, 84.0]


def test_a_table_folded_into_halves_gives_each_half_its_own_compounds() -> None:
    text = (
        "Table 3. Melting points and yields of the amides.\n\n"
        "| Compound | Yield (%) | mp (°C) | Compound | Yield (%) | mp (°C) |\n"
        "| --- | --- | --- | --- | --- | --- |\n"
        "| 4a | 85 | 121-123 | 4d | 71 | 98-100 |\n"
        "| 4b | 80 | 135-136 | | | |\n"
    )
    found = {(r.compound.label, r.property, r.value) for r in records(text)}
    assert found == {
        ("4a", "reaction_yield", 85.0),
        ("4a", "melting_point", 122.0),
        ("4d", "reaction_yield", 71.0),
        ("4d", "melting_point", 99.0),
        ("4b", "reaction_yield", 80.0),
        ("4b", "melting_point", 135.5),
    }


def test_a_repeated_header_that_is_no_fold_keeps_one_compound_column() -> None:
    text = "| Compound | Yield (%) | Yield (%) |\n| --- | --- | --- |\n| 4a | 85 | 80 |\n"
    found = [(r.compound.label, r.value) for r in records(text)]
    assert found == [("4a", 85.0), ("4a", 80.0)]


def test_an_optimisation_table_s_yields_are_the_product_its_note_names() -> None:
    text = (
        "Table 4. Optimisation of the reaction conditions.a\n\n"
        "| Entry | Catalyst (mol%) | Solvent | Yieldb (%) |\n"
        "| --- | --- | --- | --- |\n"
        "| 1 | CuI (10) | DMF | 45 |\n"
        "| 2 | CuBr (10) | DMSO | 71 |\n\n"
        "a Reaction conditions: 1a (0.5 mmol), 2a (0.6 mmol), catalyst, solvent (2 mL). "
        "b Isolated yield of 3a.\n"
    )
    found = records(text)
    assert [(r.compound.label, r.compound.source, r.value) for r in found] == [
        ("3a", "table_note", 45.0),
        ("3a", "table_note", 71.0),
    ]
    assert all(r.conditions == "b Isolated yield of 3a." for r in found)
    note = found[0].compound
    assert note.start is not None and text[note.start : note.end] == "3a"


def test_notes_marked_in_brackets_as_wiley_prints_them_are_found() -> None:
    text = (
        "Table 2. Scope of the coupling.[a]\n\n"
        "Entry | Product | Yield[b] [%]\n"
        "1 | 4-methoxybiphenyl (3a) | 92\n"
        "2 | 4-cyanobiphenyl (3c) | 95 (90)[c]\n"
        "3 | 2-phenylpyridine (3d) | 71[d]\n\n"
        "[a] Reaction conditions: 1 (1.0 mmol), 80 °C. [b] Isolated yield. "
        "[c] Yield in parentheses on a 10 mmol scale. [d] At 100 °C.\n"
    )
    found = records(text)
    assert [(r.compound.label, r.value) for r in found] == [
        ("3a", 92.0),
        ("3c", 95.0),
        ("3d", 71.0),
    ]
    assert [r.conditions for r in found] == [
        "[b] Isolated yield.",
        "[b] Isolated yield.; [c] Yield in parentheses on a 10 mmol scale.",
        "[b] Isolated yield.; [d] At 100 °C.",
    ]


@pytest.mark.parametrize(
    ("header", "cells"),
    [
        ("Yield (%) (dr)", ["85 (10:1)", "78 (>20:1)"]),
        ("Yield (%) [ee (%)]", ["85 [92]", "78 [90]"]),
        ("yield/% (ee/%)", ["85 (92)", "78 (90)"]),
        ("Yield (%)", ["85 (dr 5:1)", "78 (92% ee)"]),
        ("Yield (%)", ["85 (3:1 dr)", "78 (10:1 E/Z)"]),
    ],
)
def test_a_ratio_or_ee_stated_after_a_yield_in_its_cell_leaves_the_yield(
    header: str, cells: list[str]
) -> None:
    text = (
        "Table 2. Allylation of aldehydes 1.\n\n"
        f"Entry | Cmpd | {header}\n1 | 4a | {cells[0]}\n2 | 4b | {cells[1]}\n"
    )
    found = records(text)
    assert [(r.compound.label, r.property, r.value) for r in found] == [
        ("4a", "reaction_yield", 85.0),
        ("4b", "reaction_yield", 78.0),
    ]


@pytest.mark.parametrize("header", ["dr", "ee (%)", "Yield ratio", "Conversion (%)"])
def test_a_look_alike_header_alone_is_still_no_yield(header: str) -> None:
    text = f"Table 2. Allylation.\n\nEntry | Cmpd | {header}\n1 | 4a | 85\n2 | 4b | 78\n"
    assert records(text) == []


def test_a_boiling_point_cell_gives_its_pressure_and_d420_is_a_density_of_the_row() -> None:
    text = (
        "Table 1. Physical properties of the esters.\n\n"
        "Compound | B.p. (°C/mmHg) | d420\n"
        "Ethyl 3-methylbutanoate | 132/760 | 0.8656\n"
        "Propyl 3-methylbutanoate | 78–80/12 | 0.8620\n"
        "Butyl 3-methylbutanoate | 150 | 0.8580\n"
    )
    found = records(text)
    assert [(r.compound.name, r.property, r.value, r.conditions) for r in found] == [
        ("Ethyl 3-methylbutanoate", "boiling_point", 132.0, "760 mmHg"),
        ("Ethyl 3-methylbutanoate", "density", 0.8656, None),
        ("Propyl 3-methylbutanoate", "boiling_point", 79.0, "12 mmHg"),
        ("Propyl 3-methylbutanoate", "density", 0.862, None),
        ("Butyl 3-methylbutanoate", "boiling_point", 150.0, None),
        ("Butyl 3-methylbutanoate", "density", 0.858, None),
    ]
    low = found[2]
    assert (low.value_low, low.value_high) == (78.0, 80.0)
    assert text[low.evidence.value_start : low.evidence.value_end] == "78–80"


def test_two_numbers_in_a_boiling_point_cell_without_a_pressure_unit_are_no_value() -> None:
    text = "Table 1. Esters.\n\nCompound | B.p. (°C)\nEthyl butanoate | 120/121\n"
    assert records(text) == []


@pytest.mark.parametrize(
    ("cell", "value", "quoted"),
    [
        ("556,000", 556000.0, "556,000"),
        (">1,000", 1000.0, ">1,000"),
        ("1,250.5a", 1250.5, "1,250.5"),
    ],
)
def test_commas_that_group_thousands_are_read_as_such(cell: str, value: float, quoted: str) -> None:
    text = f"Table 5. Water solubility.\n\nSalt | Sw (mg/L)\nSodium benzoate (S1) | {cell}\n"
    [record] = records(text)
    assert (record.compound.label, record.value, record.unit) == ("S1", value, "mg/L")
    assert text[record.evidence.value_start : record.evidence.value_end] == quoted


def test_a_cell_naming_its_product_before_a_comma_gives_that_product() -> None:
    text = (
        "Table 2. Products and yields.\n\n"
        "Entry | Substrate | Product, yield (%)\n1 | 1a | 3a, 85\n2 | 1b | 3b: 72%\n"
    )
    found = records(text)
    assert [(r.compound.label, r.compound.source, r.value) for r in found] == [
        ("3a", "table_cell", 85.0),
        ("3b", "table_cell", 72.0),
    ]


def test_each_of_two_product_columns_names_the_yields_after_it() -> None:
    text = (
        "Table 3. Reduction of ketones 1 and oximes 4.\n\n"
        "Entry | Ketone | Product | Yield (%) | Oxime | Product | Yield (%)\n"
        "1 | 1a | 2a | 92 | 4a | 5a | 81\n"
        "2 | 1b | 2b | 88 | 4b | 5b | 77\n"
    )
    found = [(r.compound.label, r.value) for r in records(text)]
    assert found == [("2a", 92.0), ("5a", 81.0), ("2b", 88.0), ("5b", 77.0)]


def test_a_row_of_product_labels_under_a_header_cell_printed_once_is_a_header() -> None:
    text = (
        "Table 4. Competition experiments.\n\n"
        "Entry\tCatalyst\tYield (%)\t\t\tee (%)\n"
        "\t\t3a\t3b\t3c\t\n"
        "1\tPd(OAc)2\t45\t30\t12\t90\n"
        "2\tPd2(dba)3\t52\t28\t10\t92\n"
    )
    found = [(r.compound.label, r.compound.source, r.value) for r in records(text)]
    assert found == [
        ("3a", "table_header", 45.0),
        ("3b", "table_header", 30.0),
        ("3c", "table_header", 12.0),
        ("3a", "table_header", 52.0),
        ("3b", "table_header", 28.0),
        ("3c", "table_header", 10.0),
    ]


@pytest.mark.parametrize("header", ["log D7.4", "logD (pH 7.4)", "logD at pH 7.4"])
def test_a_logd_column_s_ph_is_the_record_s_condition(header: str) -> None:
    text = f"Table 1. Properties.\n\nCompd | {header}\n1 | 2.1 ± 0.1\n2 | 2.6\n"
    found = records(text)
    assert [(r.compound.label, r.property, r.value, r.conditions) for r in found] == [
        ("1", "logD", 2.1, "pH 7.4"),
        ("2", "logD", 2.6, "pH 7.4"),
    ]


@pytest.mark.parametrize(
    ("header", "unit", "conditions"),
    [
        ("S (mM)", "mM", None),
        ("S [µg/mL]", "µg/mL", None),
        ("Solubility at 25 °C (mg/mL)", "mg/mL", "25 °C"),
        ("S (mg/mL, 37 °C)", "mg/mL", "37 °C"),
    ],
)
def test_a_solubility_column_by_its_letter_and_unit_and_the_header_s_temperature(
    header: str, unit: str, conditions: str | None
) -> None:
    text = f"Table 1. Properties.\n\nCompd | {header}\n1 | 98.5\n2 | 0.21\n"
    found = records(text)
    assert [(r.compound.label, r.property, r.value, r.unit, r.conditions) for r in found] == [
        ("1", "solubility", 98.5, unit, conditions),
        ("2", "solubility", 0.21, unit, conditions),
    ]


def test_an_entropy_column_is_no_solubility() -> None:
    text = "Table 1. Thermodynamics.\n\nCompd | S (J mol−1 K−1)\n1 | 98.5\n2 | 120.2\n"
    assert [r for r in records(text) if r.property == "solubility"] == []


@pytest.mark.parametrize(
    ("caption", "conditions"),
    [
        ("Aqueous solubility of the salts at 25 °C.", "25 °C"),
        ("Aqueous solubility of the salts.", None),
        ("Solubility at 25 °C and at 37 °C.", None),  # two temperatures: none is the table's
    ],
)
def test_the_one_temperature_a_caption_states_is_its_table_s_condition(
    caption: str, conditions: str | None
) -> None:
    text = (
        f"Table 4. {caption}\n\nSalt | Solubility (g/100 mL) | Melting point (°C)\n"
        "sodium benzoate | 62.9 | 410\n"
    )
    found = records(text)
    assert [(r.property, r.conditions) for r in found] == [
        ("solubility", conditions),
        ("melting_point", None),
    ]


# --- conventions of patent tables (seen in the ChemTables probe set) ----------------


def test_a_patent_table_with_its_number_and_title_in_rows_reads_its_header() -> None:
    text = (
        "TABLE 4 | | |\n"
        "Optimization of the azide reaction with copper catalysts | | |\n"
        "Entrya | Cu-catalyst | Base | Isolated Yield (%)\n"
        "1 | CuSO4 | K2CO3 | 65\n"
        "2 | CuI | KOH | 61\n"
    )
    found = records(text)
    # entry numbers and catalysts name no product
    assert facts(found) == [
        (None, "reaction_yield", 65.0, "%"),
        (None, "reaction_yield", 61.0, "%"),
    ]


def test_an_example_column_names_the_rows_and_a_solvent_column_never_does() -> None:
    text = (
        "Table 3\n\n"
        "Example | Aldehyde (eq.) | Solvent (substrate conc.) | Total yield (%)\n"
        "Ex. 3 | 2.5 | CH2Cl2 (0.3 M) | 62\n"
        "Ex. 4 | 2.5 | CH2Cl2 (0.15 M) | 52\n"
    )
    assert [r.compound.label for r in records(text)] == ["Ex. 3", "Ex. 4"]


def test_a_note_reference_in_a_header_is_no_compound_label() -> None:
    text = (
        "Table 2\n\n"
        "Product | Yield 1) (%)\n"
        "Ethyl benzoate | 85\n"
        "Methyl benzoate | 80\n"
        "1) Isolated yield.\n"
    )
    assert [r.compound.name for r in records(text)] == ["Ethyl benzoate", "Methyl benzoate"]


@pytest.mark.parametrize(
    ("text", "values"),
    [
        (
            "Table 5: The properties of the crude acid\n\n"
            "Parameters | Value\n"
            "Iodine value (g I2/100 g sample) | 2.5\n"
            "Melting Point (°C) | 79\n"
            "Hydroxyl value (mg KOH/g sample) | 214\n"
            "Yield (%) | 79\n",
            [("melting_point", 79.0), ("reaction_yield", 79.0)],
        ),
        # the unheaded last row carries on a wrapped cell ("Slightly hygroscopic")
        (
            "Table 3. Properties of the salt.\n\n"
            "Property | Value\n"
            "Molecular weight | 330\n"
            "Melting point (° C.) | 287\n"
            "Boiling point (° C.) | > 400\n"
            "Crystal characteristic | Slightly\n"
            " | hygroscopic\n",
            [("melting_point", 287.0), ("boiling_point", 400.0)],
        ),
        # the header says product, the cell how it looked
        (
            "TABLE 2\n\n"
            "Physical appearance of final product | White solid\n"
            "% residual DEA (titration with HClO4) | 2%\n"
            "M.P. (°C) (DSC) | 124°C\n",
            [("melting_point", 124.0)],
        ),
    ],
)
def test_a_one_compound_data_sheet_names_no_compound_by_its_cells(
    text: str, values: list[tuple[str, float]]
) -> None:
    """``Parameters | Value`` sheets of one unnamed compound: neither the value column,
    nor a wrapped cell's last line (`` | hygroscopic``), nor how the product looked
    (``White solid``) is the compound's name."""
    found = records(text)
    assert [(r.property, r.value) for r in found] == values
    assert all(r.compound.name is None and r.compound.label is None for r in found)


@pytest.mark.parametrize(
    "text",
    [
        # a peak molar mass, whatever its abbreviation looks like
        "Table 1\n\nPolymer | Mp (LMW), g/mol | Mw, g/mol\nPE-1 | 420 | 108000\n",
        # a ratio of two
        "Table 1\n\nPolymer | Mp (HMW)/Mp (LMW)\nPE-1 | 974\nPE-2 | 512\n",
        # biopsies coded BP1, BP2 are no boiling points
        "Table 1\n\nBiopsy # | BP1 | BP2 | BP3\nFold expansion | 7.43 | 5.95 | 2.64\n",
        # an assay's name over bare numbers: no density without its unit
        "Table 1\n\nCompound | Low Density | Tryptase\nR008951 | 1.665 | 3.2\nR008952 | 0.996 | 1.1\n",
    ],
)
def test_headers_that_only_look_like_a_property(text: str) -> None:
    assert records(text) == []


def test_an_older_patent_s_density_unit_is_read() -> None:
    text = "Table 1\n\nSample | Crystal density (g/cuCm)\nA | 1.865\nB | 1.901\n"
    assert [(r.property, r.value, r.unit) for r in records(text)] == [
        ("density", 1.865, "g/cm³"),
        ("density", 1.901, "g/cm³"),
    ]


def test_a_density_with_its_unit_in_the_cells_is_read() -> None:
    text = "Table 1\n\nCompound | Density\nToluene | 0.867 g/mL\nAnisole | 0.995 g/mL\n"
    assert facts(records(text)) == [
        ("Toluene", "density", 0.867, "g/mL"),
        ("Anisole", "density", 0.995, "g/mL"),
    ]


def test_a_degree_cell_with_the_full_stop_of_a_patent_is_one_value() -> None:
    text = (
        "Table 27\n\n"
        "Example compounds | Melting points\n"
        "Compound 4 | 292° C.\n"
        "Compound 5 | 233° C.\n"
    )
    assert facts(records(text)) == [
        ("4", "melting_point", 292.0, "°C"),
        ("5", "melting_point", 233.0, "°C"),
    ]


def test_a_yield_in_mole_percent_over_a_deep_patent_header_is_read() -> None:
    text = (
        "TABLE 2 | | |\n"
        "| Reaction | Conversion of | Yield of\n"
        "| temperature | acrolein | acrylic\n"
        "| at the | over the | acid over\n"
        "| inlet | catalyst | the catalyst\n"
        "| (°C) | (mol%) | (mol%)\n"
        "Example 1 | 261 | 98.5 | 94.1\n"
        "Example 2 | 265 | 98.6 | 94.3\n"
    )
    found = records(text)
    assert [(r.compound.label, r.property, r.value) for r in found] == [
        ("Example 1", "reaction_yield", 94.1),
        ("Example 2", "reaction_yield", 94.3),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Table 5\n\nFormulation | Cloud Point (°C) | pH\n847A6D | 77 | 4.5\n847B4K | 65 | 4.4\n",
        "Table 13\n\nActive ingredient | Sugar Yield [kg/ha]\n(A) UTC | 5778\n(B) CPA | 6110\n",
    ],
)
def test_other_points_and_harvests_are_no_property(text: str) -> None:
    assert records(text) == []


def test_numbered_experiments_and_byproducts_name_no_compound() -> None:
    text = (
        "Table 1\n\n"
        "Experiment No. | Reaction time (h) | Yield (%) | Yield of byproducts (%)\n"
        "1 | 2 | 87 | 3\n"
        "2 | 4 | 95 | 2\n"
    )
    found = records(text)
    assert [(r.value, r.compound.name, r.compound.label) for r in found] == [
        (87.0, None, None),
        (3.0, None, None),
        (95.0, None, None),
        (2.0, None, None),
    ]


def _patent(tmp_path: Path, rows: list[list[str]]) -> Document:
    """A patent whose one table prints ``rows`` in one CALS group, as grants do."""
    body = "".join(
        "<row>" + "".join(f"<entry>{cell}</entry>" for cell in row) + "</row>" for row in rows
    )
    (tmp_path / "p.xml").write_text(
        '<?xml version="1.0"?><us-patent-grant><us-bibliographic-data-grant>'
        "<publication-reference><document-id><country>US</country><doc-number>1</doc-number>"
        "<kind>B1</kind></document-id></publication-reference></us-bibliographic-data-grant>"
        "<abstract><p>A process.</p></abstract><description>"
        f'<tables id="T1" num="00004"><table><tgroup cols="{len(rows[0])}"><tbody>{body}'
        "</tbody></tgroup></table></tables></description></us-patent-grant>",
        encoding="utf-8",
    )
    [doc] = read_documents([tmp_path / "p.xml"], lambda skipped: None)
    return doc


def test_a_product_named_before_yield_in_a_transposed_patent_table(tmp_path: Path) -> None:
    doc = _patent(
        tmp_path,
        [
            ["TABLE 4", "", "", ""],
            ["", "TABLE 4", "", ""],
            ["", "", "Time on stream (h)", ""],
            ["", "", "3", "24"],
            ["", "Glycerin conversion (%)", "100", "67"],
            ["", "Acrolein yield (%)", "79", "55"],
            ["", "Acrolein selectivity (%)", "79", "82"],
            ["", "Acrylic acid yield (%)", "0.3", "0.9"],
        ],
    )
    found = records(doc.text, doc.metadata)
    assert [(r.compound.name, r.value) for r in found] == [
        ("Acrolein", 79.0),
        ("Acrylic acid", 0.3),
        ("Acrolein", 55.0),
        ("Acrylic acid", 0.9),
    ]


def test_a_solvent_named_before_solubility_is_no_compound() -> None:
    text = "Table 1\n\nCompound | Water solubility (mg/mL)\nIbuprofen | 0.021\n"
    assert [r.compound.name for r in records(text)] == ["Ibuprofen"]


@pytest.mark.parametrize(
    "text",
    [
        # base pairs, in brackets under "Size"
        "Table 1\n\nGene | Primer | Size (bp)\nSOX2 | CGAGTGGAAAC | 151\nNES | GGAGCAAAG | 85\n",
        # a purity by assay beside the yield is no second yield
        "Table 4\n\nSample # | Assay (%)\n6 | 95.04\n7 | 94.09\n",
    ],
)
def test_brackets_and_assays_that_are_no_property(text: str) -> None:
    assert records(text) == []


def test_a_yield_in_brackets_under_output_is_read() -> None:
    text = "Table 21\n\nEntry | Input (g) | Output (Yield)\n1 | 200 | (28.2%)\n"
    assert [(r.property, r.value) for r in records(text)] == [("reaction_yield", 28.2)]


def test_an_example_label_broken_over_three_lines_is_one_label() -> None:
    text = (
        "TABLE 6\n\n"
        "| Complex | Yield (%)\n"
        "Working | RuBr2[(S,S)-xylskewphos] | 72\n"
        "Example | (3,5-Me2pica) |\n"
        "14 | |\n"
    )
    assert [(r.compound.label, r.value) for r in records(text)] == [("Working Example 14", 72.0)]


def test_time_units_and_summary_rows_name_no_compound() -> None:
    text = (
        "Table 5\n\n"
        "Time | | % Conversion | % Yield\n"
        "20 | minutes | 19.4 | 18.8\n"
        "1 | hour | 40.0 | 36.9\n"
    )
    assert [(r.compound.name, r.value) for r in records(text)] == [(None, 18.8), (None, 36.9)]
    summary = "Table 4\n\nCompound | Yield (%)\nToluene | 89.3\nAnisole | 92.7\nAverage | 91.0\n"
    assert [r.compound.name for r in records(summary)] == ["Toluene", "Anisole", None]
    control = "Table 2\n\nCompound | Yield (%)\nNil | 41\nTEMPO | 12\nBlank | 40\n"
    assert [r.compound.name for r in records(control)] == [None, "TEMPO", None]


def test_a_product_named_over_its_yield_column_and_labels_under_a_spanning_yield() -> None:
    spanning = (
        "Table 1\n\n"
        "| | | PhCH2OH\n"
        "Catalyst | Time | Conversion | Yield\n"
        "Formula 6 | 3 h | 80% | 72%\n"
        "Formula 7 | 3 h | 96% | 94%\n"
    )
    assert [(r.compound.name, r.value) for r in records(spanning)] == [
        ("PhCH2OH", 72.0),
        ("PhCH2OH", 94.0),
    ]
    labels = (
        "TABLE 5\n\n"
        "| | Reaction Time | Yield (%) |\n"
        "Entry | Solvent | (hours) | 2a | 2b\n"
        "1 | DMF | 48 | 60 | 7\n"
        "2 | DMSO | 48 | 55 | 9\n"
    )
    assert [(r.compound.label, r.value) for r in records(labels)] == [
        ("2a", 60.0),
        ("2b", 7.0),
        ("2a", 55.0),
        ("2b", 9.0),
    ]


def test_products_named_under_a_spanning_yield_are_the_columns_compounds() -> None:
    # a patent's two-row header: one yield column per product, by name
    text = (
        "Table 1\n\n"
        "Example | Catalyst | Yield (%) |\n"
        "| | hydroquinone | catechol\n"
        "5 | TS-1 | 45.2 | 38.1\n"
        "6 | TS-2 | 41.0 | 35.5\n"
    )
    assert [(r.compound.name, r.compound.source, r.value) for r in records(text)] == [
        ("hydroquinone", "table_header", 45.2),
        ("catechol", "table_header", 38.1),
        ("hydroquinone", "table_header", 41.0),
        ("catechol", "table_header", 35.5),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Table 1\n\nCompound | Emission (nm) | Quantum yield\na | 550 | 0.05\nb | 516 | 0.82\n",
        "Table 12\n\nActive ingredient | Yield 3) [plants/sqm]\n(A) UTC | 14\n(B) CPA | 17.3\n",
        # a film's mechanics
        "Table 3\n\nSample | Tensile at Yield (%) | Elongation at yield (%)\nA | 52 | 12\n",
        "Table 4\n\nPolymer | Yield strength (%)\nPBT | 45\n",
    ],
)
def test_quantum_yields_and_plant_counts_are_no_reaction_yield(text: str) -> None:
    assert records(text) == []


def test_a_name_after_of_broken_onto_the_next_header_row_is_one_name() -> None:
    text = (
        "Table 2\n\n"
        "Run | Catalyst | Yield of hexane | Yield of benzoic\n"
        "no. | | 1,6-diisocyanate (%) | acid (%)\n"
        "1 | Sn | 85 | 40\n"
        "2 | Zn | 72 | 33\n"
    )
    assert facts(records(text)) == [
        ("hexane 1,6-diisocyanate", "reaction_yield", 85.0, "%"),
        ("benzoic acid", "reaction_yield", 40.0, "%"),
        ("hexane 1,6-diisocyanate", "reaction_yield", 72.0, "%"),
        ("benzoic acid", "reaction_yield", 33.0, "%"),
    ]


def test_a_name_before_yield_broken_over_the_header_s_rows_is_one_name() -> None:
    text = (
        "Table 1\n\n"
        "| | | Substrate | | Pentaric |\n"
        "| | | concentration/ | Catalyst mass/ | acid yield/ |\n"
        "| Example | Substrate | mM | mg | % |\n"
        "| 1 | Xylose | 552 | 8 | 29 |\n"
        "| 2 | Ribose | 552 | 8 | 14 |\n"
    )
    # the product the yield column names, not the example's number nor its substrate
    assert facts(records(text)) == [
        ("Pentaric acid", "reaction_yield", 29.0, "%"),
        ("Pentaric acid", "reaction_yield", 14.0, "%"),
    ]


def test_a_header_s_run_of_labels_names_each_row_s_member_in_turn() -> None:
    header = "| entry | aldehyde | Yield of |\n| | | 4a-c |\n| | | (%) |\n|---|---|---|\n"
    rows = "| 1 | benzaldehyde | 96 |\n| 2 | acetaldehyde | 40 |\n| 3 | propanal | 65 |\n"
    found = records("Table 2 Substrate scope\n\n" + header + rows)
    assert [(r.compound.label, r.value) for r in found] == [("4a", 96), ("4b", 40), ("4c", 65)]
    # with more rows than the run has members, no row is given one
    found = records("Table 2 Substrate scope\n\n" + header + rows + "| 4 | butanal | 70 |\n")
    assert [r.compound.label for r in found] == [None] * 4


@pytest.mark.parametrize("header", ["Aldehyde", "aldehydes", "Amine 2", "Aryl halide"])
def test_a_substrate_column_headed_by_its_class_gives_its_rows_series_members(
    header: str,
) -> None:
    text = (
        "The products 4a and 4b were made from 1a and 1b.\n\n"
        "Table 2 Substrate scope\n\n"
        f"| Entry | {header} | Yield of 4 (%) | mp (°C) |\n|---|---|---|---|\n"
        "| 1 | benzaldehyde (1a) | 96 | 120 |\n| 2 | acetaldehyde (1b) | 40 | 98 |\n"
    )
    found = [(r.property, r.compound.label, r.compound.name) for r in records(text)]
    # each yield is its row's product; the substrate names no value of the row itself
    assert found == [
        ("reaction_yield", "4a", None),
        ("melting_point", None, None),
        ("reaction_yield", "4b", None),
        ("melting_point", None, None),
    ]


def test_a_compound_number_beside_an_example_s_number_names_the_row() -> None:
    text = (
        "Table 1\n\n"
        "| Co No. | Ex. No. | R1 | Physical data (mp. in °C) |\n|---|---|---|---|\n"
        "| 1 (ref .) | B1a | ethoxymethyl | 181-182 |\n"
        "| 8 | B1a | | 269-272 |\n"
        "| 9 | B1b | methylsulfonyl | 195-196 |\n"
    )
    # the compound's number (a reference compound's too), not the example whose
    # procedure made it
    assert [r.compound.label for r in records(text)] == ["1", "8", "9"]


def test_a_method_or_a_kind_over_a_yield_is_no_product_s_name() -> None:
    text = "Table 3\n\n| Entry | Catalyst | Isolated |\n| | | crude yield (%) |\n| 1 | Sn | 85 |\n"
    assert [r.compound.name for r in records(text)] == [None]


def test_a_column_headed_density_alone_is_in_grams_per_cubic_centimetre() -> None:
    text = (
        "Table 5a\n\n"
        "Formulation | Gly: Surf | Cloud Point (°C) | pH | density\n"
        "847A6D | 3: 1 | 77 | 4.5 | 1.35\n"
        "847B4K | 3: 1 | 65 | 4.4 | 1.39\n"
        "850A4S | 2.9: 1 | 57 | 4.4 | 13.6\n"
    )
    # the formulations' codes name the rows; 13.6 is no density of a liquid in g/cm³
    assert [(r.compound.label, r.property, r.value, r.unit) for r in records(text)] == [
        ("847A6D", "density", 1.35, "g/cm³"),
        ("847B4K", "density", 1.39, "g/cm³"),
    ]
    low = "Table 2\n\nAssay | Low Density\nA-1 | 35\nA-2 | 41\n"
    assert records(low) == []


def test_a_header_row_of_units_and_measuring_temperatures() -> None:
    text = (
        "Table 1\n\n"
        " | Kinematic viscosity (mm2/s) | | Pour point | Aniline point | Density\n"
        " | 40°C | 100°C | (°C) | (°C) | (g/cm3)\n"
        "Example 1 | 4.791 | 1.736 | - 37.5 | 56.2 | 0.8172\n"
        "Example 2 | 6.297 | 2.121 | - 22.5 | 65.1 | 0.8191\n"
    )
    assert [(r.compound.label, r.property, r.value, r.unit) for r in records(text)] == [
        ("Example 1", "density", 0.8172, "g/cm³"),
        ("Example 2", "density", 0.8191, "g/cm³"),
    ]


def test_a_product_named_acid_over_its_yield_column() -> None:
    text = (
        "TABLE 1\n\n"
        "Entry | Support | Acetamidosorbitol | Acetamidogulonic Acid\n"
        "| | Conversion (%) | Yield (%)\n"
        "1 | Zeolite CBV 720 | 93 | 71\n"
        "2 | Zeolite CBV 780 | 92 | 70\n"
    )
    assert [(r.compound.name, r.value) for r in records(text)] == [
        ("Acetamidogulonic Acid", 71.0),
        ("Acetamidogulonic Acid", 70.0),
    ]


def test_a_patent_s_dotted_compound_numbers_name_the_rows() -> None:
    text = (
        "TABLE P3\n\n"
        "Compound No. | Structures | Melting Point | MS/NMR\n"
        "P3.1 | | 128-131° C. | Described in WO09/049851\n"
        "P3.2 | | 101-103° C. | LC/MS: 417 (M + H)+\n"
    )
    assert [(r.compound.label, r.value_low) for r in records(text)] == [
        ("P3.1", 128.0),
        ("P3.2", 101.0),
    ]


def test_a_caption_naming_what_a_cyclization_gave() -> None:
    text = (
        "TABLE 1\n\n"
        "Optimization studies on cyclization of iodo-imine 2 to pyrroloquinoline 3.\n\n"
        "entry | catalyst (equiv) | solvent | yield\n"
        "1 | Pd(OAc)2 | THF | 63%\n"
        "2 | PdCl2 | DMF | 41%\n"
    )
    assert [(r.compound.label, r.value) for r in records(text)] == [("3", 63.0), ("3", 41.0)]


def test_a_gradient_s_mobile_phases_are_no_melting_points() -> None:
    text = "Table 6\n\nTime (min) | % MP A | % MP B | Curve\n0 | 75 | 25 | 6\n25 | 10 | 90 | 6\n"
    assert records(text) == []


def test_a_name_below_yield_of_on_the_next_header_rows() -> None:
    text = (
        "TABLE 2\n\n"
        "| Reaction | Conversion of | Yield of\n"
        "Example | temperature (° C.) | acrolein (mol%) | acrylic acid (mol%)\n"
        "Example 6 | 263 | 98.5 | 94.0\n"
        "Example 7 | 260 | 97.9 | 93.1\n"
    )
    assert [(r.compound.name, r.value) for r in records(text)] == [
        ("acrylic acid", 94.0),
        ("acrylic acid", 93.1),
    ]


def test_a_product_called_by_its_abbreviation_before_yield() -> None:
    text = "Table 3\n\nExample | Temp. (°C) | DHN Yield (%) | GC yield (%)\n3 | 25 | 93.5 | 90\n"
    assert [(r.compound.name, r.value) for r in records(text)] == [("DHN", 93.5), (None, 90.0)]


def test_a_table_of_compounds_melting_points_numbers_its_compounds() -> None:
    text = "Table 4\n\nNo. | R4 | Salt | Mp (°C)\n76 | H | HCl | 150-153\n95a | Me | / | 194\n"
    assert [(r.compound.label, r.value_low or r.value) for r in records(text)] == [
        ("76", 150.0),
        ("95a", 194.0),
    ]
    # a yield's run number is no compound's
    runs = "Table 5\n\nNo. | Base | Yield (%)\n1 | K2CO3 | 55\n2 | Cs2CO3 | 71\n"
    assert [r.compound.label for r in records(runs)] == [None, None]


def test_an_index_table_folded_in_pairs_gives_each_value_the_compound_beside_it() -> None:
    # a footnote letter glued to one header ("Pointa") does not unfold it
    text = (
        "Index Table B\n\n"
        "Cmpd | Melting | Cmpd | Melting\n"
        "No. | Pointa | No. | Point\n"
        "63 | 133-135 | 124 | 169-171\n"
        "64 | 140-142 | 125 | 150-152\n"
    )
    assert [(r.compound.label, r.value) for r in records(text)] == [
        ("63", 134.0),
        ("124", 170.0),
        ("64", 141.0),
        ("125", 151.0),
    ]


def test_a_patent_s_compound_numbers_by_table_and_entry_label_their_rows() -> None:
    text = (
        "Table 11. Analytical data.\n\n"
        "C. No. | MP (°C) | HNMR\n"
        "1.02 | 221-224 | 1H NMR δ 8.04 (s, 1H)\n"
        "3.23 | 219-221 | 1H NMR δ 8.01 (d, 1H)\n"
    )
    assert [(r.compound.label, r.value) for r in records(text)] == [
        ("1.02", 222.5),
        ("3.23", 220.0),
    ]


def test_a_theoretical_yield_is_worked_out_not_measured() -> None:
    text = (
        "Table 10\n\n"
        "Cycle | Yield of RSnCl3 (%) | Theoretical cumulative yield of RSnCl3 (%)\n"
        "1 | 48.1 | 48.2\n"
        "2 | 50.3 | 70.1\n"
    )
    assert [r.value for r in records(text)] == [48.1, 50.3]


def test_a_mass_under_a_yield_header_is_no_yield_and_fractions_are_no_percentages() -> None:
    # "Output (Yield)" over "5.7 g": the g is a unit, not note g
    masses = (
        "Table 21\n\n"
        "Entry | Input (g) | Output (Yield) | Conditions\n"
        "7 | 15 | 5.7 g | MeCN\n"
        "8 | 15 | 6.1 g | DMF\n"
    )
    assert records(masses) == []
    fractions = (
        "Table 1\n\n"
        "Type of Reaction | Temperature (°C) | Type of Resin (if used) | AcHMF yield\n"
        "Pulse | 80 | Amberlyst 35 | 0.394914426\n"
        "Batch | 110 | No resin | 0.117696633\n"
    )
    assert records(fractions) == []
    percent = fractions.replace("0.394914426", "39.5").replace("0.117696633", "11.8")
    assert [r.value for r in records(percent)] == [39.5, 11.8]
    assert all(r.compound.name in (None, "AcHMF") for r in records(percent))


def test_a_resin_used_or_a_content_column_names_no_yield_s_compound() -> None:
    text = (
        "Table 2\n\n"
        "Run | Type of Resin (if used) | Temperature (°C) | Yield (%)\n"
        "1 | Amberlyst 35 | 80 | 62\n"
        "2 | Amberlyst 15 | 90 | 55\n"
    )
    assert [r.compound.name for r in records(text)] == [None, None]
    content = (
        "Table 3\n\n"
        "Sample | Content of ammonia in composition (ppm) | Yield (mol%)\n"
        "Example 79 | 5 | 93.7\n"
        "Example 80 | 80 | 81.4\n"
    )
    assert [r.compound.label for r in records(content)] == ["Example 79", "Example 80"]


def test_a_product_bracketed_in_a_header_or_a_cell_is_its_label() -> None:
    headed = (
        "Table 1\n\n"
        "Entry | Additives | Yield (2)a | Yield (3)a | Selectivity (2/3)\n"
        "1 | none | 3.4% | 1.5% | (2.2: 1)\n"
        "a Determined by GC.\n"
    )
    assert facts(records(headed)) == [
        ("2", "reaction_yield", 3.4, "%"),
        ("3", "reaction_yield", 1.5, "%"),
    ]
    celled = (
        "Table 2\n\n"
        "Example | Product (9) | Yield (%) | ee (%)\n"
        "Ex. 1-2 | (9a) | 75 | 95\n"
        "Ex. 1-3 | (9b) | 71 | 93\n"
    )
    assert [r.compound.label for r in records(celled)] == ["9a", "9b"]


@pytest.mark.parametrize(
    "header",
    ["Yield/BU", "Yield (bu/acre)", "Grain yield, kg/ha", "Grain yield (%)", "Crop yield %"],
)
def test_a_crop_s_yield_is_no_reaction_s(header: str) -> None:
    text = f"Table 4\n\nTreatment | {header}\nFC/NI/BF | 63.23\nControl | 60.84\n"
    assert records(text) == []


def test_a_compound_number_column_names_the_rows_before_an_example_column() -> None:
    text = (
        "Table 5\n\n"
        "Co. no. | Exp. no. | R1 | Phys. data: melting point (°C)\n"
        "54 | B3 | CH3 | 96°C\n"
        "55 | B3 | H | 126°C\n"
        "80 | B4 | Br | 88°C\n"
    )
    assert [r.compound.label for r in records(text)] == ["54", "55", "80"]


def test_columns_without_a_header_are_no_fold_of_the_compound_column() -> None:
    # the header rows were read as body rows: every column but the yield is unheaded
    text = (
        "Table 2\n\n"
        " | N-nitroxyl radical | additives (mol%) |  |  | Yield (%)b\n"
        "entry | (mol%) | 1 | 2 | conversion (%) | A\n"
        "1 | TEMPO (4) | NaNO2 (6.5) | HCl (13) | 66 | 64\n"
        "2 | TEMPO (5) | HNO3 (30) | — | 50 | 42\n"
    )
    found = records(text)
    assert [r.value for r in found] == [64.0, 42.0]
    assert all(r.compound.label not in ("66", "50") for r in found)


def test_a_solvent_in_a_yield_s_row_is_never_its_compound() -> None:
    text = "Table 1\n\n | Base | Yield (%)\nTHF | K2CO3 | 72\nToluene | K2CO3 | 65\n"
    assert [r.compound.name for r in records(text)] == [None, None]
    named = text.replace(" | Base", "Compound | Base")
    assert [r.compound.name for r in records(named)] == ["THF", "Toluene"]


def test_a_catalyst_with_its_loading_or_a_role_word_in_a_header_names_no_compound() -> None:
    catalysts = "Table 1\n\nEntry | | Yield (%)b\n8 | Cu(TFA)2 (5) | 71\n9 | CuI (10) | 45\n"
    assert facts(records(catalysts)) == [
        (None, "reaction_yield", 71.0, "%"),
        (None, "reaction_yield", 45.0, "%"),
    ]
    additive = (
        "Table 3\n\nExample | Additive | Boiling temperature of the additive (°C)\n"
        "Example 14 | Acenaphthylene | 200\n"
    )
    assert [r.compound.name for r in records(additive)] != ["the additive"]


def test_a_number_whose_unit_of_mass_sits_in_the_next_cell_is_no_yield(tmp_path: Path) -> None:
    # "140.0 | g" under "Output (Yield)": a mass whose unit the table split off
    doc = _patent(
        tmp_path,
        [
            ["TABLE 3", "", "", "", ""],
            ["entry", "Input (g)", "Output (Yield)", "", "Conditions"],
            ["1", "200", "140.0", "g", "MeCN"],
            ["2", "200", "(61.2%)", "", "DMF"],
        ],
    )
    assert [r.value for r in records(doc.text, doc.metadata)] == [61.2]


def test_a_yield_header_s_unit_words_and_a_fraction_over_it_name_no_compound(
    tmp_path: Path,
) -> None:
    theory = "Table 2\n\nRun | n-Heptane [mL] | Yield [% of theory]\nA | 3.750 | 92\n"
    assert [(r.compound.name, r.value) for r in records(theory)] == [(None, 92.0)]
    # "Distillate" over "Yield of RSnCl3 …": the fraction the yield was taken from
    doc = _patent(
        tmp_path,
        [
            ["TABLE 1", "", ""],
            ["Cycle (n)", "Distillate", "Residue"],
            ["", "Yield of RSnCl3 on Sn (%)", "Yield of R2SnCl2 on Sn (%)"],
            ["1", "48.1", "4.3"],
            ["2", "51.0", "3.9"],
        ],
    )
    found = records(doc.text, doc.metadata)
    assert [r.value for r in found] == [48.1, 4.3, 51.0, 3.9]
    assert "Distillate" not in {r.compound.name for r in found}


def test_an_entry_row_numbering_additives_is_a_header_and_a_yield_spans_its_products(
    tmp_path: Path,
) -> None:
    # a flattened two-row header: "additives" over 1 and 2, "Yield (%)" over A, B, C;
    # the caption names what was oxidised, not what the yields are of
    doc = _patent(
        tmp_path,
        [
            ["TABLE 2", "", "", "", "", "", ""],
            ["Products of the aerobic oxidation of model compound 1", "", "", "", "", "", ""],
            ["", "additives (mol%)", "", "", "Yield (%)", "", ""],
            ["entrya", "1", "2", "solvent", "A", "B", "C"],
            ["1", "NaNO2 (6.5)", "HCl (13)", "MeCN", "64", "0", "3"],
            ["2", "HNO3 (20)", "—", "AcOH", "31", "2", "—"],
            ["3", "HNO3 (10)", "HCl (10)", "MeCN", "79", "1", "2"],
        ],
    )
    found = records(doc.text, doc.metadata)
    assert [r.value for r in found if r.property == "reaction_yield"] == [
        64.0, 3.0, 31.0, 2.0, 79.0, 1.0, 2.0,
    ]  # fmt: skip
    # each yield is of its lettered product (the scheme draws them), not of compound 1
    assert [r.compound.label for r in found] == ["A", "C", "A", "B", "A", "B", "C"]
    assert all(r.compound.name is None for r in found)


def test_a_column_of_reagent_ratios_is_no_compound_column() -> None:
    text = (
        "Table 1\n\n"
        "| Temperature (°C) | Number of equivalent of NFSI/number of moles of ester compound"
        " | Yield (%) of difluoro product\n"
        "Ex. 1 | -100 | 4 | 85\n"
        "Ex. 2 | -100 | 6 | 72\n"
    )
    assert [(r.compound.label, r.value) for r in records(text)] == [
        ("Ex. 1", 85.0),
        ("Ex. 2", 72.0),
    ]


def test_a_property_of_the_additive_is_the_additive_column_s_compound(tmp_path: Path) -> None:
    # each example's additive, a name the narrow column broke over two lines
    doc = _patent(
        tmp_path,
        [
            ["TABLE 1", "", "", ""],
            ["Example", "Additive", "Ratio of the additive (%)", "Boiling temperature of the additive (° C.)"],
            ["Example 15", "1-Methyl-1,", "4.29", "115"],
            ["", "4-Cyclohexadiene", "", ""],
            ["Example 20", "α-Terpinene", "4.00", "173-175"],
        ],
    )  # fmt: skip
    found = records(doc.text, doc.metadata)
    assert [(r.compound.name, r.value) for r in found] == [
        ("1-Methyl-1,4-Cyclohexadiene", 115.0),
        ("α-Terpinene", 174.0),
    ]


def test_an_example_of_a_series_and_a_loading_cell_are_no_names() -> None:
    examples = (
        "Table 3\n\n| Product (9) | Yield (%) | Optical yield (%ee)\n"
        "Ex. 20-2 | | 60 | 97\nEx. 21-2 | | 71 | 96\n"
    )
    assert [(r.compound.name, r.compound.label) for r in records(examples)] == [
        (None, "Ex. 20-2"),
        (None, "Ex. 21-2"),
    ]
    # "15 wt%" in an unheaded column is the catalyst's loading
    loading = "Table 4\n\nEx. | | | H2 | % yield\no | 15 wt% | EtOH | 10 psi | 83\n"
    assert [(r.compound.name, r.value) for r in records(loading)] == [(None, 83.0)]


def test_an_additive_described_not_named_gives_its_boiling_point_no_compound(
    tmp_path: Path,
) -> None:
    doc = _patent(
        tmp_path,
        [
            ["TABLE 1", "", ""],
            ["Example", "Additive", "Boiling temperature of the additive (° C.)"],
            ["Example 7", "A mixture including", "&lt; 140"],
            ["", "a dimethylhexadiene", ""],
            ["Example 12", "2, 6-Dimethyl-2,4,", "&lt; 200"],
            ["", "6-Octatriene", ""],
        ],
    )
    found = records(doc.text, doc.metadata)
    assert [(r.compound.name, r.compound.label) for r in found] == [
        (None, None),
        ("2, 6-Dimethyl-2,4,6-Octatriene", None),
    ]


def test_a_product_named_over_two_header_rows_and_components_of_a_product_stream(
    tmp_path: Path,
) -> None:
    # "Methyl 9-" over "dodecenoate2": the name's locant hyphen joins; 2 is a note
    doc = _patent(
        tmp_path,
        [
            ["TABLE 1", "", ""],
            ["Example No.", "Catalyst Loading1", "% Yield of Methyl 9-"],
            ["", "(ppm)", "dodecenoate2"],
            ["1-1", "100", "33.7"],
            ["1-2", "75", "40.1"],
        ],
    )
    found = records(doc.text, doc.metadata)
    assert {r.compound.name for r in found} == {"Methyl 9-dodecenoate"}
    # a product stream's components, solvents among them, are what the yields are of
    stream = (
        "Table 2\n\nComponent | Feed | Example 1 (yield) | Example 2 (yield)\n"
        "Benzene | 0.00 | 0.13 | 0.19\nPentene | 0.81 | 9.80 | 6.15\n"
    )
    assert [r.compound.name for r in records(stream)] == ["Benzene"] * 2 + ["Pentene"] * 2


def test_a_caption_names_its_product_by_abbreviation_or_roman_numeral() -> None:
    crude = (
        "Table 2: The properties of crude DHSA\n\n"
        "Parameters | Melting Point (°C) | Yield (%)\n"
        "Melting Point (°C) | 75 - 79 |\nYield (%) | | 82\n"
    )
    assert {r.compound.name for r in records(crude)} == {"DHSA"}
    roman = (
        "Table 28\nLarge Scale Production of I\n\n"
        "Entry | Input (H) | Yield | Purity (AUC)\n1 | 200 g | 74% | > 99.9%\n"
    )
    assert [(r.compound.label, r.value) for r in records(roman)] == [("I", 74.0)]


def test_a_drawn_product_s_yield_goes_to_its_example_and_a_caption_s_abbreviation() -> None:
    drawn = "Table 4\n\nExample | R | Product | Yield\n17-2 | Me | | 82%\n17-3 | Et | | 96%\n"
    assert [(r.compound.label, r.value) for r in records(drawn)] == [
        ("17-2", 82.0),
        ("17-3", 96.0),
    ]
    made = (
        "Table 1\nBatch experiments for HMF preparation in IL with variable water content\n\n"
        "Solvent | Water content | Conversion (%) | Yield (%)\nBMIMCl | none | 93% | 84%\n"
    )
    assert [(r.compound.name, r.value) for r in records(made)] == [("HMF", 84.0)]


def _patent_tables(tmp_path: Path, printed: list[list[list[str]]]) -> Document:
    """A patent printing several CALS tables; a first row of one cell is the table's
    title in a group of its own, as grants print it; a cell written as ``<entry …>`` is
    kept as markup (a spanning cell), any other is the cell's text."""

    def entry(cell: str) -> str:
        return cell if cell.startswith("<entry") else f"<entry>{cell}</entry>"

    parts = []
    for k, rows in enumerate(printed, 1):
        title = ""
        if len(rows[0]) == 1:
            title = f'<tgroup cols="1"><thead><row>{entry(rows[0][0])}</row></thead></tgroup>'
            rows = rows[1:]
        body = "".join("<row>" + "".join(entry(c) for c in row) + "</row>" for row in rows)
        width = max(len(row) for row in rows)
        names = "".join(f'<colspec colname="{c}"/>' for c in range(1, width + 1))
        parts.append(
            f'<tables id="T{k}" num="{k:05d}"><table>{title}<tgroup cols="{width}">{names}'
            f"<tbody>{body}</tbody></tgroup></table></tables>"
        )
    (tmp_path / "p.xml").write_text(
        '<?xml version="1.0"?><us-patent-grant><us-bibliographic-data-grant>'
        "<publication-reference><document-id><country>US</country><doc-number>1</doc-number>"
        "<kind>B1</kind></document-id></publication-reference></us-bibliographic-data-grant>"
        "<abstract><p>Glasses and resins.</p></abstract><description>"
        + "".join(parts)
        + "</description></us-patent-grant>",
        encoding="utf-8",
    )
    [doc] = read_documents([tmp_path / "p.xml"], lambda skipped: None)
    return doc


def _span(text: str, first: int, last: int) -> str:
    return f'<entry namest="{first}" nameend="{last}">{text}</entry>'


def test_numbered_columns_under_a_spanning_examples_header_are_each_an_example(
    tmp_path: Path,
) -> None:
    doc = _patent_tables(
        tmp_path,
        [
            [
                ["TABLE 5"],
                ["", _span("Examples", 2, 3), _span("Comparative Examples", 4, 5)],
                ["Composition (mol %)", "1", "2", "1", "2"],
                ["SiO2", "65", "66", "70", "71"],
                ["Density (g/cm3)", "2.40", "2.41", "2.50", "2.52"],
            ]
        ],
    )
    found = records(doc.text, doc.metadata)
    assert [(r.compound.label, r.value) for r in found] == [
        ("Example 1", 2.40),
        ("Example 2", 2.41),
        ("Comparative Example 1", 2.50),
        ("Comparative Example 2", 2.52),
    ]
    assert all(r.compound.name is None for r in found)


def test_an_example_s_column_header_is_the_example_not_the_sample_named_under_it(
    tmp_path: Path,
) -> None:
    doc = _patent_tables(
        tmp_path,
        [
            [
                ["", "Ex. 1", "Ex. 2", "Comp. Ex. 1"],
                ["Polymer", "A", "B", "C"],
                ["Density (g/cm3)", "0.92", "0.93", "0.94"],
            ]
        ],
    )
    found = records(doc.text, doc.metadata)
    assert [(r.compound.label, r.value) for r in found] == [
        ("Ex. 1", 0.92),
        ("Ex. 2", 0.93),
        ("Comp. Ex. 1", 0.94),
    ]


def test_a_continued_table_printed_without_its_header_reads_under_the_first_s(
    tmp_path: Path,
) -> None:
    doc = _patent_tables(
        tmp_path,
        [
            [["TABLE 4"], ["Polymer", "Density (g/cm3)", "Tm (° C.)"], ["PE-1", "0.921", "123"]],
            [["TABLE 4-continued"], ["PE-3", "0.918", "120"], ["PE-4", "0.925", "125"]],
        ],
    )
    found = records(doc.text, doc.metadata)
    assert [(r.compound.label, r.property, r.value) for r in found] == [
        ("PE-1", "density", 0.921),
        ("PE-1", "melting_point", 123.0),
        ("PE-3", "density", 0.918),
        ("PE-3", "melting_point", 120.0),
        ("PE-4", "density", 0.925),
        ("PE-4", "melting_point", 125.0),
    ]
    # the continued rows are placed in the table as printed, which has no header
    [continued] = [t for t in tables.tables_of(doc) if t.index == 1]
    density = found[4].evidence.table
    assert density is not None and density.table == continued.index
    assert continued.rows[density.row][density.column].text == "0.925"


def test_a_group_cell_beside_example_numbers_and_a_run_column_of_a_density_table(
    tmp_path: Path,
) -> None:
    doc = _patent_tables(
        tmp_path,
        [
            [
                ["", "", "Density (g/cm3)"],
                ["Example", "1", "0.921"],
                ["Example", "2", "0.925"],
                ["Comparative Example", "1", "0.930"],
                ["Inventive Example 3", "", "0.915"],
            ],
            [["Run", "Catalyst", "Density (g/cc)"], ["1", "A", "0.921"], ["2", "B", "0.925"]],
        ],
    )
    found = records(doc.text, doc.metadata)
    assert [(r.compound.label, r.value) for r in found] == [
        ("Example 1", 0.921),
        ("Example 2", 0.925),
        ("Comparative Example 1", 0.930),
        ("Inventive Example 3", 0.915),
        ("1", 0.921),
        ("2", 0.925),
    ]


@pytest.mark.parametrize(
    "header", ["Yield of 6 (%) with Cat. A", "Yield of 6 (%), Cat. A", "Yield 6 (%) at 80 °C"]
)
def test_a_product_in_a_header_before_the_condition_its_column_was_run_under(
    header: str,
) -> None:
    """``Yield of 6 (%) with Cat. A`` over rows of substrates: the yields are of 6, the
    header's product, not of the substrate each row was made from."""
    text = f"Table 4\n\nEntry | Substrate | {header}\n1 | 5a | 85\n2 | 5b | 80\n"
    assert [(r.compound.label, r.value) for r in records(text)] == [("6", 85.0), ("6", 80.0)]


def test_a_comparison_table_s_cited_rows_are_the_other_papers_not_this_one() -> None:
    """``p-TSA | … | 78 | [20]`` beside ``This work | … | 92 | –``: the cited rows quote
    other papers' yields to compare; a compilation whose rows all cite keeps them."""
    text = (
        "Table 3. Comparison with reported catalysts for the synthesis of 3a.\n\n"
        "Entry | Catalyst | Time | Yield (%) | Ref.\n"
        "1 | p-TSA | 4 h | 78 | [20]\n2 | ZnO NPs | 1 h | 85 | 21, 22\n"
        "3 | This work | 2 h | 92 | –\n"
    )
    assert [(r.compound.label, r.value) for r in records(text)] == [("3a", 92.0)]
    compiled = (
        "Table 1. Melting points reported for the amides.\n\n"
        "Compound | mp (°C) | Ref.\n1a | 120 | [3]\n1b | 131 | [4]\n"
    )
    assert [(r.compound.label, r.value) for r in records(compiled)] == [
        ("1a", 120.0),
        ("1b", 131.0),
    ]


def test_products_lettered_under_a_spanning_yield_are_labelled_by_their_letter() -> None:
    """``Yield (%)`` over ``A | B | C``: the products the caption's scheme letters, a
    column each, as optimisation tables print them; a lone letter is not enough."""
    text = "Entry | Yield (%)\nA | B | C\n1 | 85 | 70 | 5\n2 | 40 | 12 | 0.5"
    html_like = _two_row_header(
        text,
        [
            [[0, 5], [8, 17], [8, 17], [8, 17]],
            [[0, 5], [18, 19], [22, 23], [26, 27]],
            [[28, 29], [32, 34], [37, 39], [42, 43]],
            [[44, 45], [48, 50], [53, 55], [58, 61]],
        ],
    )
    found = records(text, {"tables": [html_like.to_json()]})
    assert [(r.compound.label, r.value) for r in found] == [
        ("A", 85.0), ("B", 70.0), ("C", 5.0), ("A", 40.0), ("B", 12.0), ("C", 0.5),
    ]  # fmt: skip


def test_a_total_row_s_sums_are_no_compound_s_values() -> None:
    """``Total | 100.00 | 100.00`` closes a table of products' yields by mass: a sum of
    the rows above, not a yield of anything."""
    text = (
        "Table 1. Reaction yields [% by mass].\n\n"
        "Component | Example 1 yield (%) | Example 2 yield (%)\n"
        "Propylene | 42.10 | 44.05\n"
        "Butene | 57.90 | 55.95\n"
        "Total | 100.00 | 100.00\n"
    )
    found = records(text)
    assert [(r.compound.name, r.value) for r in found] == [
        ("Propylene", 42.1), ("Propylene", 44.05), ("Butene", 57.9), ("Butene", 55.95),
    ]  # fmt: skip


def test_a_mass_in_kg_under_output_and_a_caption_naming_the_reactants() -> None:
    """``1.05 | Kg`` under ``Output (Yield)`` is the mass of product (its unit split into
    the next cell, written with a capital K), the yield the bracket below; the caption's
    ``reaction of 1b and phenylboronic acid`` names what went in, not the product."""
    text = (
        "Table 24. Scale-up of the Suzuki reaction of 1b and phenylboronic acid.\n\n"
        "Entry | Input (g) | Output (Yield) | | Purity (% AUC)\n"
        "1 | 400 | 316.2 | g | 83.3%\n"
        " |  | (63.8%) |  | \n"
        "2 | 1150 | 1.05 | Kg | 81.8%\n"
        " |  | (72.7%) |  | \n"
    )
    found = records(text)
    assert [(r.value, r.compound.label) for r in found] == [(63.8, None), (72.7, None)]


def test_a_total_row_under_a_process_s_steps_is_its_overall_yield() -> None:
    text = (
        "Table 1\n\n"
        "Items | Reactor | Yield (%)\n"
        "Ex. 1 | First reactor | 93.8\n"
        " | Second reactor | 77.5\n"
        " | Total | 82.9\n"
    )
    assert [r.value for r in records(text)] == [93.8, 77.5, 82.9]


def test_a_caption_s_series_names_the_rows_in_order_when_the_table_has_one_row_each() -> None:
    text = (
        "Table 4. Synthesis of the esters 7a–7c.\n\n"
        "Entry | R1 | Time (h) | Yield (%)\n"
        "1 | Ph | 2 | 85\n"
        "2 | 4-ClC6H4 | 3 | 80\n"
        "3 | n-Bu | 6 | 51\n"
    )
    assert facts(records(text)) == [
        ("7a", "reaction_yield", 85.0, "%"),
        ("7b", "reaction_yield", 80.0, "%"),
        ("7c", "reaction_yield", 51.0, "%"),
    ]


def test_a_caption_s_series_of_another_length_names_no_row() -> None:
    text = (
        "Table 4. Synthesis of the esters 7a–7e.\n\n"
        "Entry | R1 | Time (h) | Yield (%)\n"
        "1 | Ph | 2 | 85\n"
        "2 | 4-ClC6H4 | 3 | 80\n"
    )
    assert [r.compound.label for r in records(text)] == [None, None]


def test_a_series_number_over_label_and_yield_cells_is_a_header() -> None:
    text = (
        "Table 2. Esters from the acids.\n\n"
        "Entry | R | 7, yield (%)\n"
        "1 | Ph | 7a, 85\n"
        "2 | Me | 7b, 80\n"
    )
    assert facts(records(text)) == [
        ("7a", "reaction_yield", 85.0, "%"),
        ("7b", "reaction_yield", 80.0, "%"),
    ]


def test_a_group_row_printed_without_separators_keeps_the_table_whole() -> None:
    text = (
        "Table 2. Scope of the annulation.\n\n"
        "Entry | Substrate | Product | Yield (%)a\n"
        "Aryl alkynes\n"
        "1 | 1a | 3a | 86\n"
        "2 | 1b | 3b | 81\n"
        "Alkyl alkynes\n"
        "3 | 1d | 3d | 62\n\n"
        "a Isolated yields.\n"
    )
    [table] = text_tables(text)
    assert table.header_rows == 1
    assert facts(records(text)) == [
        ("3a", "reaction_yield", 86.0, "%"),
        ("3b", "reaction_yield", 81.0, "%"),
        ("3d", "reaction_yield", 62.0, "%"),
    ]


def test_a_header_s_series_over_rows_of_substrates_gives_each_row_its_product() -> None:
    text = (
        "The sulfides 1a and 1b gave the sulfoxides 2a and 2b and the sulfones 3a and 3b.\n\n"
        "Table 4. Oxidation of the sulfides.\n\n"
        "Entry | Sulfide | Time (h) | Yield of sulfoxide 2 (%) | Yield of sulfone 3 (%)\n"
        "1 | 1a | 2 | 88 | 5\n"
        "2 | 1b | 3 | 81 | 9\n"
    )
    assert facts(records(text)) == [
        ("2a", "reaction_yield", 88.0, "%"),
        ("3a", "reaction_yield", 5.0, "%"),
        ("2b", "reaction_yield", 81.0, "%"),
        ("3b", "reaction_yield", 9.0, "%"),
    ]


def test_a_yield_note_s_series_over_rows_of_substrates_gives_each_row_its_product() -> None:
    text = (
        "Ketone 1a was reduced to the alcohol 2a.\n\n"
        "Table 3. Hydrogenation of the ketones.\n\n"
        "Entry | Substrate | Yield (%)b | ee (%)c\n"
        "1 | 1a | 95 | 97\n"
        "2 | 1b | 92 | 95\n\n"
        "b Isolated yield of 2. c Determined by chiral HPLC.\n"
    )
    assert [(r.compound.label, r.value) for r in records(text)] == [("2a", 95.0), ("2b", 92.0)]


def test_a_caption_set_in_its_own_cell_is_no_header_row() -> None:
    text = (
        "Table 1\tPhysicochemical data of compounds 8a–8b\n"
        "Compound\tM.p. (°C)\tYield (%)\n"
        "8a\t178–180\t82\n"
        "8b\t165–167\t79\n"
    )
    [table] = text_tables(text)
    assert table.caption is not None and table.caption.text.startswith("Table 1")
    assert [cell.text for cell in table.rows[0]] == ["Compound", "M.p. (°C)", "Yield (%)"]
    assert facts(records(text)) == [
        ("8a", "melting_point", (178.0, 180.0), "°C"),
        ("8a", "reaction_yield", 82.0, "%"),
        ("8b", "melting_point", (165.0, 167.0), "°C"),
        ("8b", "reaction_yield", 79.0, "%"),
    ]


def test_a_caption_s_compound_measured_at_each_row_s_temperature() -> None:
    text = (
        "Table 2. Density of 1-butyl-3-methylimidazolium hexafluorophosphate at different "
        "temperatures.\n\n"
        "T (K) | ρ (g cm−3)\n"
        "293.15 | 1.3727\n"
        "303.15 | 1.3646\n"
    )
    found = records(text)
    assert {r.compound.name for r in found} == {"1-butyl-3-methylimidazolium hexafluorophosphate"}
    assert [(r.value, r.conditions) for r in found] == [(1.3727, "293.15 K"), (1.3646, "303.15 K")]


def test_a_solubility_s_solvent_column_is_its_medium_when_the_caption_names_the_compound() -> None:
    text = (
        "Table 3. Solubility of carbamazepine in various solvents at 25 °C.\n\n"
        "Solvent | Solubility (mg/mL)\n"
        "Water | 0.12\n"
        "Ethanol | 24.5\n"
    )
    found = records(text)
    assert [(r.compound.name, r.value, r.conditions) for r in found] == [
        ("carbamazepine", 0.12, "in Water, 25 °C"),
        ("carbamazepine", 24.5, "in Ethanol, 25 °C"),
    ]


def test_a_solvent_s_own_boiling_point_and_density_stay_the_solvent_s() -> None:
    text = (
        "Table 1. Solvents used.\n\n"
        "Solvent | bp (°C) | Density (g/mL)\n"
        "Toluene | 111 | 0.867\n"
        "Ethanol | 78 | 0.789\n"
    )
    assert [(r.compound.name, r.property) for r in records(text)] == [
        ("Toluene", "boiling_point"), ("Toluene", "density"),
        ("Ethanol", "boiling_point"), ("Ethanol", "density"),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("header", "cells"),
    [
        ("Mp (°C)", ["182–184 (lit. 183)", "201–203 (lit.21 204 °C)"]),
        ("Mp (°C) found [reported]", ["182–184 [183]", "201–203 [204]"]),
    ],
)
def test_a_melting_point_cell_that_cites_the_literature_s_value_after_its_own(
    header: str, cells: list[str]
) -> None:
    text = f"Table 1. Melting points.\n\nCompound | {header}\n9a | {cells[0]}\n9b | {cells[1]}\n"
    assert facts(records(text)) == [
        ("9a", "melting_point", (182.0, 184.0), "°C"),
        ("9b", "melting_point", (201.0, 203.0), "°C"),
    ]


def test_a_solubility_caption_s_one_solvent_is_every_row_s_medium() -> None:
    text = (
        "Table 3. Solubility of the salts in water.\n\n"
        "Salt | Solubility at 25 °C (g/L)\n"
        "Sodium benzoate | 556\n"
        "Potassium sorbate | 582\n"
    )
    assert [(r.compound.name, r.conditions) for r in records(text)] == [
        ("Sodium benzoate", "in water, 25 °C"),
        ("Potassium sorbate", "in water, 25 °C"),
    ]


def test_a_range_a_narrow_column_broke_after_its_dash_is_one_value_of_its_row() -> None:
    text = (
        "Table 2\n\n"
        "| Compound | Appearance | mp (°C) | m/z |\n|---|---|---|---|\n"
        "| 3 | White Solid | 139 | 453 |\n"
        "| 5 | White Solid | 183- | 469 |\n"
        "| | | 184 | ([M + H]+) |\n"
        "| 6 | Tan Solid | 118-119 | 507 |\n"
    )
    found = records(text)
    assert [(r.compound.label, r.value_low, r.value_high, r.value) for r in found] == [
        ("3", None, None, 139.0),
        ("5", 183.0, 184.0, 183.5),
        ("6", 118.0, 119.0, 118.5),
    ]
    broken = found[1]
    # the value's offsets run from the first part to the second, in the document's text
    assert broken.evidence.value_start is not None and broken.evidence.value_end is not None
    assert text[broken.evidence.value_start : broken.evidence.value_start + 4] == "183-"
    assert text[broken.evidence.value_end - 3 : broken.evidence.value_end] == "184"
    assert "184" in broken.evidence.quote


@pytest.mark.parametrize(
    ("cell", "low", "value"), [("120°", None, 120.0), ("183-185 °", 183.0, 184.0)]
)
def test_a_degree_sign_without_its_letter_is_celsius_within_the_cell(
    cell: str, low: float | None, value: float
) -> None:
    found = tables.cell_value(cell)
    assert found is not None
    quantity = found[0]
    assert (quantity.low, quantity.value, quantity.unit) == (low, value, "°C")
    assert quantity.end <= len(cell)  # the letter read in is not in the document


def test_a_header_printed_again_among_the_rows_is_no_row() -> None:
    header = "| Co. no. | Exp. no. | R1 | melting point (°C) |\n"
    text = (
        "Table 1\n\n" + header + "|---|---|---|---|\n"
        "| 1 | B11 | Br | |\n| 3 | B3.c | Br | 190°C |\n"
        + header
        + "| 15 | B3 | Cl | 130°C |\n| 18 | B8.b | Br | 120° |\n"
    )
    # the compound numbers name the rows: the repeat (a second page's) makes the column
    # no less a column of numbers, and no example code names a compound
    found = [(r.compound.label, r.value) for r in records(text)]
    assert found == [("3", 190.0), ("15", 130.0), ("18", 120.0)]


def test_a_boiling_point_beside_the_solvent_column_is_the_solvent_s() -> None:
    text = (
        "Table 1\n\n| Working Examples | Solvent | Boiling point (°C) | Recovered (%) |\n"
        "|---|---|---|---|\n"
        "| Working Example 1 | Hexaethylene glycol dimethyl ether | 356 | 97 |\n"
        "| Working Example 2 | Tetraethylene glycol dibutyl ether | 340 | 88 |\n"
    )
    found = [(r.property, r.compound.name, r.value) for r in records(text)]
    assert ("boiling_point", "Hexaethylene glycol dimethyl ether", 356.0) in found
    assert ("boiling_point", "Tetraethylene glycol dibutyl ether", 340.0) in found


def test_a_unit_bracket_broken_over_header_rows_and_a_name_s_spaced_locants() -> None:
    text = (
        "Table 4\n\n"
        "| | Content | Yield of hexane 1, 6- |\n"
        "| | of ester | diisocyanate (mol |\n"
        "| Example | (wt%) | %) (molar yield) |\n|---|---|---|\n"
        "| Example 91 | 24 | 93.0 |\n| Example 92 | 40 | 78.4 |\n"
    )
    found = [(r.property, r.value, r.compound.label) for r in records(text)]
    # "(mol › %)" is the column's unit, so the column is read; "1, 6-" is the name's
    # locants, not a label 1 the header would give every row
    assert found == [
        ("reaction_yield", 93.0, "Example 91"),
        ("reaction_yield", 78.4, "Example 92"),
    ]


def test_a_yield_cell_that_weighs_the_product_first_gives_its_bracketed_yield() -> None:
    text = (
        "Table 27 Larger-scale runs\n\n| Entry | Input | Crude product (Crude Yield) |"
        " Purity (AUC) |\n|---|---|---|---|\n| 1 | 200 g | 201 g (83%) | 91% |\n"
        "| 2 | 225 g | 264 g (97%) | 87% |\n"
    )
    found = records(text)
    assert [(r.property, r.value, r.unit) for r in found] == [
        ("reaction_yield", 83.0, "%"),
        ("reaction_yield", 97.0, "%"),
    ]
    first = found[0]
    assert text[first.evidence.value_start : first.evidence.value_end] == "83%"


def test_a_spectrum_s_or_a_chromatogram_s_column_is_never_asked_about() -> None:
    """``MS (M+H)`` prints no unit, though ``M`` reads like one: no model call."""
    text = (
        "TABLE 7\nExample | Name | MS (M+H) | Rt (min) | Yield\n"
        "31 | 4-(2-methylphenyl)piperidine | 176 | 2.1 | 45%\n"
        "32 | 4-(3-methylphenyl)piperidine | 176 | 2.3 | 52%\n"
    )
    doc = Document("t", text, {})
    readings = tables.read_tables(doc, ALL)
    assert not any(c.ask for r in readings for c in r.columns)
    assert [
        (r.compound.name, r.value) for r in tables.table_records(doc, readings, ALL, ENGINE)
    ] == [
        ("4-(2-methylphenyl)piperidine", 45.0),
        ("4-(3-methylphenyl)piperidine", 52.0),
    ]
