"""The document's label table: which name each label stands for, and section title compounds.

Cases are written the way experimental sections of papers and patents print them.
A missed definition leaves a record with only ``12b``; a false one (an amount, a
year, ``formula (I)``) gives a value a wrong compound, so both directions are tested.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from molextract.extraction.label_table import LabelTable, build_label_table
from molextract.extraction.labels import LabelDefinition
from molextract.ingest import read_documents

SAMPLE = Path(__file__).parent.parent / "data" / "literature" / "US06840965B2.xml"


def definitions(text: str) -> dict[str | None, str | None]:
    return {d.label: d.name for d in build_label_table(text).definitions}


def title_at(table: LabelTable, text: str, marker: str) -> LabelDefinition | None:
    """The title compound for a value printed as ``marker`` (which must be unique)."""
    assert text.count(marker) == 1, marker
    return table.title_compound_at(text.index(marker))


# --- a name followed by its label in parentheses --------------------------------------

# (text, label, the name it defines)
PARENTHESISED = [
    # older patents' "(Compound No. 74)", and headings set in capitals
    ("The first fraction gives 1.0 g of 2,4-bis(tetrahydro-2-pyranyl)-1,2,4-triazine-3,5-dione "
     "(Compound No. 87) (yield, 1.0 g; 36%).",
     "87", "2,4-bis(tetrahydro-2-pyranyl)-1,2,4-triazine-3,5-dione"),
    ("PREPARATION OF (S)-3-PHENYL-2-UREIDOPROPANAMIDE (COMPOUND 33) Compound 33 was made.",
     "33", "(S)-3-PHENYL-2-UREIDOPROPANAMIDE"),
    # what a patent will call the compound later, with its amount and yield
    ("Methyl 2-(3-bromophenyl)acetate (Intermediate 3, 2.1 g, 92%) was obtained as an oil.",
     "3", "Methyl 2-(3-bromophenyl)acetate"),
    ("The ester was hydrolysed to give methyl 4-bromobenzoate (2a) in 95% yield.",
     "2a", "methyl 4-bromobenzoate"),
    ("Reduction afforded 4-amino-2-(3-thienyl)phenol hydrochloride (3b) as a grey powder.",
     "3b", "4-amino-2-(3-thienyl)phenol hydrochloride"),
    ("Reduction of (S)-2-amino-3-phenylpropan-1-ol (7) with LiAlH4 gave",
     "7", "(S)-2-amino-3-phenylpropan-1-ol"),
    ("A solution of ethyl 3-oxobutanoate (4, 1.30 g, 10.0 mmol) in EtOH (20 mL)",
     "4", "ethyl 3-oxobutanoate"),
    ("was added to 3-bromoaniline (5; 1.72 g, 10 mmol) at 0 °C.", "5", "3-bromoaniline"),
    ("Bromination of 1-(4-chlorophenyl)ethan-1-one (S1) gave the bromide.",
     "S1", "1-(4-chlorophenyl)ethan-1-one"),
    ("The known ketone 2-bromo-1-phenylethanone (IV) was used directly.",
     "IV", "2-bromo-1-phenylethanone"),
    ("Commercial benzoic acid (3) was recrystallised from water.", "3", "benzoic acid"),
    ("and acetic anhydride (6) were heated at reflux", "6", "acetic anhydride"),
    ("Oxidation of benzyl alcohol (9) with MnO2", "9", "benzyl alcohol"),
    ("with tert-butyl N-(2-aminoethyl)carbamate (10) in CH2Cl2",
     "10", "tert-butyl N-(2-aminoethyl)carbamate"),
    ("Acetylation of 4-nitrophenol gave 4-nitrophenyl acetate (3c′) quantitatively.",
     "3c′", "4-nitrophenyl acetate"),
    ("Protection with di-tert-butyl dicarbonate (15) gave", "15", "di-tert-butyl dicarbonate"),
    ("The known 4-methoxybenzaldehyde (12a) was treated with bromine.",
     "12a", "4-methoxybenzaldehyde"),
    ("Fischer cyclisation afforded 2-(4-bromophenyl)-1H-indole (3a) as needles.",
     "3a", "2-(4-bromophenyl)-1H-indole"),
    ("Deoxygenation of pyridine N-oxide (8) with PCl3", "8", "pyridine N-oxide"),
    ("and sodium 4-methylbenzenesulfinate (14) in DMSO",
     "14", "sodium 4-methylbenzenesulfinate"),
    ("Esterification of (E)-3-(4-methoxyphenyl)acrylic acid (16) gave",
     "16", "(E)-3-(4-methoxyphenyl)acrylic acid"),
    ("Heck coupling to ethyl (E)-3-phenylacrylate (17) proceeded", "17",
     "ethyl (E)-3-phenylacrylate"),
    ("Glycosylation gave methyl 2,3,4,6-tetra-O-acetyl-β-D-glucopyranoside (18) in 70% yield.",
     "18", "methyl 2,3,4,6-tetra-O-acetyl-β-D-glucopyranoside"),
    ("We used the hydrochloride salt of 4-aminophenol (19) throughout.", "19", "4-aminophenol"),
    ("the corresponding (4-bromophenyl)methanol (20) was oxidised", "20",
     "(4-bromophenyl)methanol"),
    ("Acylation gave N-[2-(dimethyl amino)ethyl]benzamide (21).", "21",
     "N-[2-(dimethyl amino)ethyl]benzamide"),
    ("Bromination of 4-methoxybenzaldehyde gave 3-bromo-4-methoxybenzaldehyde (compound 12b).",
     "12b", "3-bromo-4-methoxybenzaldehyde"),
    ("The free base was converted into 2-chloro-N-methylacetamide (3·HCl) with HCl in ether.",
     "3·HCl", "2-chloro-N-methylacetamide"),
    ("The aldehyde (a solution of 4-fluorobenzaldehyde (22) in THF) was added dropwise.",
     "22", "4-fluorobenzaldehyde"),
    ("A mixture of the nitrile and 2,6-dichloropyridine (23), K2CO3 and DMF", "23",
     "2,6-dichloropyridine"),
    ("Treatment of caffeine (24) with NBS gave 8-bromocaffeine (25).", "24", "caffeine"),
    ("Treatment of caffeine (24) with NBS gave 8-bromocaffeine (25).", "25", "8-bromocaffeine"),
    ("to give methyl\n4-bromobenzoate (2a) as a wrapped line.", "2a", "methyl 4-bromobenzoate"),
    ("was condensed with 1,3-cyclohexanedione (26), affording", "26", "1,3-cyclohexanedione"),
    ("To 2-methyl-1-naphthol acetate (27) was added", "27", "2-methyl-1-naphthol acetate"),
    ("Condensation of isatin (7) with 4-methoxyaniline gave the imine.", "7", "isatin"),
    ("Curcumin (30) was extracted from turmeric.", "30", "Curcumin"),
    ("Hydrogenation of trans-stilbene (28) over Pd/C", "28", "trans-stilbene"),
    ("and copper(I) iodide (29, 19 mg, 0.10 mmol) were suspended", "29", "copper(I) iodide"),
    ("benzo[b]thiophene (3) and carbazole (4, mp 245–247 °C) were profiled", "4", "carbazole"),
    ("and 2-naphthol (31; m.p. 121 °C) was added", "31", "2-naphthol"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "label", "name"), PARENTHESISED)
def test_a_name_before_its_parenthesised_label_defines_it(text: str, label: str, name: str) -> None:
    table = build_label_table(text)
    assert table.name_of(label) == name
    definition = table.definition(label)
    assert definition is not None and definition.kind == "parenthesised"
    assert " ".join(text[definition.start : definition.end].split()) == name


# (text): a bracketed number or numeral that is no compound label
NOT_LABELS = [
    "The mixture was stirred at 80 °C (60%) overnight.",
    "The residue (2.0 mmol) was taken up in ether.",
    "Chromatography gave the product (1.2 g, 70%) as an oil.",
    "As Smith and co-workers showed (2019), the reaction is general.",
    "This route has been used before (Scheme 2).",
    "Yields are collected in the table below (Table 1).",
    "The catalyst was prepared as described (ref. 5).",
    "Under these conditions the yield dropped (entry 3).",
    "The ligand was known [12] and was used as received.",
    "The p-aminophenol derivatives of general formula (I) are prepared from compounds of formula (II).",
    "Anhydrous iron (III) chloride was added in one portion.",
    "The reaction used palladium (II) acetate as the catalyst.",
    "The suspension was heated at reflux (2) for 3 h.",
    "The organic layer was washed with brine (2 × 50 mL).",
    "The amide (4b) was isolated by filtration.",
    "N-Bromosuccinimide (1.1 equiv) was added.",
    "The solid was dissolved in methanol (10 mL).",
    "The base was triethylamine (Et3N) throughout.",
    "The reaction was run under nitrogen (N2) at room temperature.",
    "Each substituent R = 4-methylphenyl (3a) or phenyl (3b) gave the same result.",
    "Then 30% hydrogen peroxide (30%) was added.",
    "(i) R1 denotes hydrogen and (ii) R2 denotes a methyl group.",
    "Dichloromethane (DCM) and tetrahydrofuran (THF) were distilled.",
    "This is described in step (2) of the procedure.",
    "The crude mixture (3, 4) was used.",
    "The crude mixture (3, Scheme 2) was used.",
    "It was recrystallised twice (21st March).",
    "The residue gave 4-methylphthalazin-1(2H)-one (67mg, yield 53%).",
    "Evaporation left benzoic acid (250mL, 2 runs).",
    # a reagent's normality and volume
    "Then a solution of ethylamine in THF (2N, 2 mL) was added.",
]


@pytest.mark.parametrize("text", NOT_LABELS)
def test_amounts_years_citations_and_references_define_no_label(text: str) -> None:
    assert build_label_table(text).definitions == ()


def test_a_name_stops_at_the_words_of_the_sentence() -> None:
    text = (
        "The crude acid was esterified to give methyl 4-bromobenzoate (2a), which was "
        "coupled with the desired 4-methoxyphenylboronic acid (2b) to generate "
        "4′-methoxybiphenyl-4-carboxylate (2c)."
    )
    assert definitions(text) == {
        "2a": "methyl 4-bromobenzoate",
        "2b": "4-methoxyphenylboronic acid",
        "2c": "4′-methoxybiphenyl-4-carboxylate",
    }


# --- entry headings in experimental sections -------------------------------------------

# (heading paragraph, label, name)
HEADINGS = [
    ("3-Bromo-4-methoxybenzaldehyde (12b).\nTo a solution of 4-methoxybenzaldehyde (1.36 g, "
     "10 mmol) in CH2Cl2 (20 mL) was added bromine. The product was obtained as a white solid "
     "(1.2 g, 70%), mp 120 °C.", "12b", "3-Bromo-4-methoxybenzaldehyde"),
    ("3-Bromo-4-methoxybenzaldehyde (12b): white solid (1.2 g, 70%), mp 120 °C.",
     "12b", "3-Bromo-4-methoxybenzaldehyde"),
    ("N-Benzyl-2-chloroacetamide (5c). To a solution of benzylamine (2.0 mmol) in CH2Cl2 "
     "was added chloroacetyl chloride; the product (0.33 g, 90%) had mp 94 °C.",
     "5c", "N-Benzyl-2-chloroacetamide"),
    ("**Ethyl 2-(4-fluorophenyl)acetate (S3).** Following general procedure A, the product "
     "was obtained as a colourless oil (1.61 g, 88%).", "S3", "Ethyl 2-(4-fluorophenyl)acetate"),
    ("Synthesis of 4-bromo-N-methylbenzamide (9).\nTo a stirred solution of 4-bromobenzoyl "
     "chloride (2.19 g, 10 mmol) was added methylamine; the product melted at 189 °C.",
     "9", "4-bromo-N-methylbenzamide"),
    ("(S)-2-Amino-3-phenylpropan-1-ol (7). LiAlH4 reduction of L-phenylalanine gave the "
     "product (1.3 g, 86%), mp 92–94 °C.", "7", "(S)-2-Amino-3-phenylpropan-1-ol"),
    ("4-(Benzyloxy)-3-methoxybenzaldehyde (IIa). Vanillin (1.52 g) and benzyl bromide were "
     "heated in acetone; the product (2.2 g, 91%) melted at 62 °C.",
     "IIa", "4-(Benzyloxy)-3-methoxybenzaldehyde"),
    # a step's making heading run in after its example's heading, as patent text comes
    # once its line ends are lost
    ("EXAMPLE 2 4-Nitro-N-phenylbenzamide (9) Preparation of tert-butyl "
     "(4-nitrobenzyl)carbamate (6): To a solution of 4-nitrobenzylamine (1.0 g) in THF was "
     "added Boc2O to afford 1.1 g (82% yield) of the desired product as a yellow solid.",
     "6", "tert-butyl (4-nitrobenzyl)carbamate"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "label", "name"), HEADINGS)
def test_an_entry_heading_names_the_title_compound_of_its_paragraph(
    text: str, label: str, name: str
) -> None:
    table = build_label_table(text)
    definition = table.definition(label)
    assert definition is not None and definition.kind == "heading"
    assert definition.name == name == text[definition.start : definition.end]
    assert table.title_compound_at(len(text) - 1) == definition


# (paragraph, name): a heading that names its compound without a label
UNLABELLED_HEADINGS = [
    ("4-Bromo-N-methylbenzamide. To a stirred solution of 4-bromobenzoyl chloride (2.19 g, "
     "10 mmol) in THF was added methylamine; the product had mp 189 °C.",
     "4-Bromo-N-methylbenzamide"),
    ("2-(4-Bromophenyl)-1H-indole\nA mixture of 4-bromophenylhydrazine hydrochloride (2.23 g) "
     "and acetophenone in polyphosphoric acid was heated; the product had mp 208 °C.",
     "2-(4-Bromophenyl)-1H-indole"),
    ("Synthesis of 4-bromo-N-methylbenzamide\nTo a stirred solution of the acid chloride in "
     "THF was added methylamine; the product had mp 189 °C.", "4-bromo-N-methylbenzamide"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "name"), UNLABELLED_HEADINGS)
def test_a_heading_without_label_still_gives_the_title_compound(text: str, name: str) -> None:
    table = build_label_table(text)
    found = title_at(table, text, "mp 189 °C" if "189" in text else "mp 208 °C")
    assert found is not None and found.name == name and found.label is None
    assert text[found.start : found.end] == name
    assert table.labels() == []


def test_an_example_heading_over_a_name_and_its_compound_number_names_the_example() -> None:
    # a patent's "EXAMPLE 29" over its compound's name and number on a line of their own
    text = (
        "EXAMPLE 29\n\n4-Bromo-N-methylbenzamide (Cpd 29)\n\nTo a solution of the acid "
        "chloride in THF was added methylamine; the product had mp 189 °C."
    )
    found = title_at(build_label_table(text), text, "mp 189 °C")
    assert found is not None
    assert (found.label, found.name) == ("Example 29", "4-Bromo-N-methylbenzamide")


def test_the_spectra_ending_one_entry_do_not_hide_the_next_heading() -> None:
    text = (
        "2-Phenylimidazo[1,2-a]pyridine (3a). White solid; yield 88%; mp 135–136 °C; "
        "1H NMR (400 MHz, CDCl3) δ 8.10 (d, J = 6.8 Hz, 1H).\n"
        "2-(4-Chlorophenyl)imidazo[1,2-a]pyridine (3b). Pale yellow solid; yield 85%; "
        "mp 204–205 °C."
    )
    table = build_label_table(text)
    assert table.name_of("3b") == "2-(4-Chlorophenyl)imidazo[1,2-a]pyridine"
    assert title_at(table, text, "yield 88%").label == "3a"  # type: ignore[union-attr]
    assert title_at(table, text, "yield 85%").label == "3b"  # type: ignore[union-attr]


def test_a_sentence_that_starts_with_a_labelled_name_is_no_heading() -> None:
    text = "Methyl 4-bromobenzoate (2a) was prepared from the acid. The product melted at 79 °C."
    table = build_label_table(text)
    assert table.name_of("2a") == "Methyl 4-bromobenzoate"
    assert table.definition("2a").kind == "parenthesised"  # type: ignore[union-attr]
    assert title_at(table, text, "79 °C") is None


SECTION = """General procedure A for the bromination of aldehydes.
To a solution of the aldehyde (10 mmol) in CH2Cl2 (20 mL) was added bromine (11 mmol).

3-Bromo-4-methoxybenzaldehyde (12b). Following general procedure A, 4-methoxybenzaldehyde (12a) (1.36 g, 10 mmol) gave 12b (2.15 g, 70%) as a white solid, mp 120 °C.

3-Bromo-4-hydroxybenzaldehyde (12c). Following general procedure A, the title compound was obtained from 4-hydroxybenzaldehyde (1.22 g) as colourless needles (1.4 g, 71%), mp 124–126 °C.

General procedure B for the reduction of aldehydes.
The aldehyde (5 mmol) was dissolved in MeOH and NaBH4 was added; the product (96%) was not purified.

(3-Bromo-4-methoxyphenyl)methanol (13b). Following general procedure B, 12b (1.08 g, 5 mmol) gave the title compound (1.0 g, 92%), bp 150 °C/0.5 mmHg.
"""


# (value marker, label of the title compound, or None outside any entry)
SECTION_TITLES = [
    ("bromine (11 mmol)", None),
    ("(2.15 g, 70%)", "12b"),
    ("mp 120 °C", "12b"),
    ("(1.4 g, 71%)", "12c"),
    ("mp 124–126 °C", "12c"),
    ("the product (96%)", None),
    ("(1.0 g, 92%)", "13b"),
    ("bp 150 °C", "13b"),
]


@pytest.mark.parametrize(("marker", "label"), SECTION_TITLES)
def test_each_entry_of_an_experimental_section_is_its_own_section(
    marker: str, label: str | None
) -> None:
    table = build_label_table(SECTION)
    found = title_at(table, SECTION, marker)
    assert (found.label if found else None) == label


def test_a_general_procedure_ends_an_entry_and_a_sentence_about_preparing_does_not() -> None:
    text = (
        "3-Bromo-4-methoxybenzaldehyde (12b).\nPreparation of the bromine solution was done "
        "first. The product (1.5 g, 70%) had mp 120 °C.\n\n"
        "Typical procedure B. To a solution of the aldehyde in MeOH was added NaBH4; the "
        "product (96%) was used crude."
    )
    table = build_label_table(text)
    assert title_at(table, text, "70%").label == "12b"  # type: ignore[union-attr]
    assert title_at(table, text, "96%") is None


def test_an_experimental_section_defines_every_label_once() -> None:
    table = build_label_table(SECTION)
    assert table.labels() == ["12b", "12a", "12c", "13b"]
    assert table.name_of("12a") == "4-methoxybenzaldehyde"
    assert table.name_of("13b") == "(3-Bromo-4-methoxyphenyl)methanol"
    assert table.conflicts == ()
    for definition in table.definitions:
        assert SECTION[definition.start : definition.end] == definition.name


# --- patents: examples, lettered steps, steps ------------------------------------------

PATENT = """EXAMPLE 1

Synthesis of 4-Amino-2-(3-thienyl)phenol Hydrochloride

A. Synthesis of 4-Nitro-2-(3-thienyl)phenol

A mixture of 2-bromo-4-nitrophenol (2.18 g, 10 mmol) and thiophene-3-boronic acid was heated. This gave 1.8 g (83% of the theoretical) of the title compound with a melting point of 130° C.

B. Synthesis of 4-Amino-2-(3-thienyl)phenol Hydrochloride

3 g (13.5 mmoles) of the product of step A was hydrogenated. This gave 1.95 g (75% of the theoretical) of the title compound with a melting point of 130-132° C.

Example 2: 2-Chloro-N-methylacetamide

Chloroacetyl chloride was added to methylamine to give the title compound (1.1 g, 80%), bp 98° C.

Example 3

tert-Butyl 4-(4-aminophenyl)piperidine-1-carboxylate

Step 1: tert-butyl 4-(4-nitrophenyl)piperidine-1-carboxylate

The boronate was coupled to give the title compound (2.1 g, 90%), m.p. 101° C.

Step 2

Hydrogenation of the product of Step 1 gave the title compound (1.5 g, 82%), m.p. 143° C.

Example 4

To a solution of 4-aminophenol in ethanol was added acetic anhydride to give the title compound as a white solid (m.p. 169° C.).

EXAMPLES 5 TO 7

Hair Colorants

Hair colorant solutions were prepared; the product of each example had a pH of 9.5 (melting point not determined, 95%).

Reference Example 1

Preparation of 4-Fluorobenzyl Bromide

The title compound was obtained as an oil (88%).
"""

# (value marker, label, name of the title compound)
PATENT_TITLES = [
    ("83% of the theoretical", "Example 1A", "4-Nitro-2-(3-thienyl)phenol"),
    ("130° C.", "Example 1A", "4-Nitro-2-(3-thienyl)phenol"),
    ("75% of the theoretical", "Example 1B", "4-Amino-2-(3-thienyl)phenol Hydrochloride"),
    ("130-132° C.", "Example 1B", "4-Amino-2-(3-thienyl)phenol Hydrochloride"),
    ("(1.1 g, 80%)", "Example 2", "2-Chloro-N-methylacetamide"),
    ("bp 98° C.", "Example 2", "2-Chloro-N-methylacetamide"),
    ("(2.1 g, 90%)", "Example 3 Step 1", "tert-butyl 4-(4-nitrophenyl)piperidine-1-carboxylate"),
    ("(1.5 g, 82%)", "Example 3", "tert-Butyl 4-(4-aminophenyl)piperidine-1-carboxylate"),
    ("m.p. 169° C.", "Example 4", None),
    ("an oil (88%)", "Reference Example 1", "4-Fluorobenzyl Bromide"),
]  # fmt: skip


@pytest.mark.parametrize(("marker", "label", "name"), PATENT_TITLES)
def test_the_title_compound_of_a_patent_section_is_its_heading_compound(
    marker: str, label: str, name: str | None
) -> None:
    table = build_label_table(PATENT)
    found = title_at(table, PATENT, marker)
    assert found is not None
    assert (found.label, found.name) == (label, name)
    if name is not None:
        assert PATENT[found.start : found.end] == name


def test_an_example_range_heading_has_no_title_compound() -> None:
    table = build_label_table(PATENT)
    assert title_at(table, PATENT, "pH of 9.5") is None


def test_patent_examples_and_steps_are_labels() -> None:
    table = build_label_table(PATENT)
    assert table.labels() == [
        "Example 1", "Example 1A", "Example 1B", "Example 2", "Example 3", "Example 3 Step 1",
        "Example 3 Step 2", "Example 4", "Reference Example 1",
    ]  # fmt: skip
    assert table.name_of("Example 1") == "4-Amino-2-(3-thienyl)phenol Hydrochloride"
    assert table.name_of("example 1a") == "4-Nitro-2-(3-thienyl)phenol"
    assert table.name_of("Example 4") is None
    assert table.label_of("4-amino-2-(3-thienyl)phenol hydrochloride") == "Example 1"


# --- label references and ranges ------------------------------------------------------

# (text, the labels it refers to)
REFERENCES = [
    ("Compounds 3a–c were obtained in good yield.", ["3a", "3b", "3c"]),
    ("The aldehydes 12a-c were brominated.", ["12a", "12b", "12c"]),
    ("The esters 3a–3d crystallised from ethanol.", ["3a", "3b", "3c", "3d"]),
    ("Only the amides 5a,b failed to cyclise.", ["5a", "5b"]),
    ("compounds 3–5 were inactive", ["3", "4", "5"]),
    ("compounds 3, 4 and 7 were tested", ["3", "4", "7"]),
    ("compound 3b melted at 120 °C", ["3b"]),
    ("Compounds 7a, 7b and 7d were made as above.", ["7a", "7b", "7d"]),
    ("Spectra are shown in Figure 1a–c and Table 2a-b.", []),
    ("as in entries 3a-c of the screen", []),
    ("The mixture was stirred for 3 h and gave 2 g of a solid.", []),
]


@pytest.mark.parametrize(("text", "labels"), REFERENCES)
def test_references_and_ranges_name_each_member(text: str, labels: list[str]) -> None:
    table = build_label_table(text)
    assert table.labels() == labels
    assert table.definitions == ()


def test_range_members_get_the_names_of_their_own_definitions() -> None:
    text = (
        "4-Bromobenzaldehyde (3a), 4-chlorobenzaldehyde (3b) and 4-fluorobenzaldehyde (3c) "
        "were condensed with malononitrile. The aldehydes 3a–c reacted within 1 h."
    )
    table = build_label_table(text)
    assert [table.name_of(label) for label in ("3a", "3b", "3c")] == [
        "4-Bromobenzaldehyde",
        "4-chlorobenzaldehyde",
        "4-fluorobenzaldehyde",
    ]
    [reference] = table.references_to("3b")
    assert text[reference.start : reference.end] == "3a–c"


# --- lookups and conflicts -------------------------------------------------------------


@pytest.mark.parametrize(
    "asked", ["12b", "compound 12b", "Compound 12b", "(12b)", "12B", " 12b ", "12b."]
)
def test_a_label_is_found_however_it_is_written(asked: str) -> None:
    table = build_label_table("Bromination gave 3-bromo-4-methoxybenzaldehyde (12b) cleanly.")
    assert table.name_of(asked) == "3-bromo-4-methoxybenzaldehyde"


@pytest.mark.parametrize("asked", ["3b′", "3b'", "3b’"])
def test_primes_are_one_character(asked: str) -> None:
    table = build_label_table("Acetylation gave 4-nitrophenyl acetate (3b′).")
    assert table.name_of(asked) == "4-nitrophenyl acetate"


def test_a_salt_label_is_found_with_either_dot() -> None:
    table = build_label_table("Salt formation gave 2-chloro-N-methylacetamide (3·HCl).")
    assert table.name_of("3.HCl") == table.name_of("3·HCl") == "2-chloro-N-methylacetamide"


def test_the_first_definition_of_a_label_wins_and_the_conflict_is_recorded() -> None:
    text = (
        "Bromination of benzaldehyde (3) was slow. In a second series, methyl "
        "4-bromobenzoate (3) was used instead."
    )
    table = build_label_table(text)
    assert table.name_of("3") == "benzaldehyde"
    [conflict] = table.conflicts
    assert conflict.label == "3"
    assert (conflict.kept.name, conflict.dropped.name) == ("benzaldehyde", "methyl 4-bromobenzoate")


def test_a_label_defined_again_with_the_same_name_is_no_conflict() -> None:
    text = (
        "3-Bromo-4-methoxybenzaldehyde (12b). To a solution of the aldehyde in CH2Cl2 was added "
        "bromine. The spectra of 3-bromo-4-methoxybenzaldehyde (12b) matched the literature."
    )
    table = build_label_table(text)
    assert table.conflicts == ()
    assert table.definition("12b").kind == "heading"  # type: ignore[union-attr]


def test_an_empty_document_has_an_empty_table() -> None:
    table = build_label_table("")
    assert (table.labels(), table.definitions, table.title_compound_at(0)) == ([], (), None)


# --- the sample patent (USPTO XML through molextract.ingest) ---------------------------


@pytest.fixture(scope="module")
def patent_text() -> str:
    [document] = list(read_documents([SAMPLE], lambda skipped: None))
    return document.text


@pytest.fixture(scope="module")
def patent_table(patent_text: str) -> LabelTable:
    return build_label_table(patent_text)


# (label, name) as the sample patent defines them
SAMPLE_DEFINITIONS = [
    # The converted text lost the "EXAMPLE 1" heading; "(according to Example 1D)" names it.
    ("Example 1D", "4-Amino-2-(3-thienyl)phenol Hydrochloride"),
    ("Example 2", None),
    ("Example 2A", "tert.Butyl N-(3-bromo-4-hydroxyphenyl)carbamate"),
    ("Example 2B", "tert.Butyl N-(3-Bromo-4-ethoxymethoxyphenyl)carbamate"),
    ("Example 2C", "tert.Butyl N-{4-ethoxymethoxy-3-(4,4,5,5-tetramethyl[1,3,2]"
                   "dioxaborolan-2-yl)phenyl}carbamate"),
    ("Example 2D(a)", "4-Amino-2-(4-methylthiophen-3-yl)phenol hydrochloride"),
    ("Example 2D(b)", "4-Amino-2-(2-chlorothiophen-3-yl)phenol hydrochloride"),
    ("Example 2D(c)", "4-Amino-2-furan-3-ylphenol hydrochloride"),
    ("E1", "4-Amino-2-(3-thienyl)phenol hydrochloride"),
    ("D2", "6-Chloro-2-ethylamino-4-nitrophenol"),
    ("K13", "1,3-Diamino-4-(2′-hydroxyethoxy)benzene sulfate"),
    ("K36", "2-Amino-5-methylphenol"),
]  # fmt: skip


@pytest.mark.parametrize(("label", "name"), SAMPLE_DEFINITIONS)
def test_the_sample_patent_defines_its_examples_and_table_labels(
    patent_table: LabelTable, patent_text: str, label: str, name: str | None
) -> None:
    definition = patent_table.definition(label)
    assert definition is not None
    assert definition.name == name
    if name is not None:
        assert patent_text[definition.start : definition.end] == name


# (value marker in the sample patent, label of its title compound, or None)
SAMPLE_TITLES = [
    ("1.95 g (75% of the theoretical)", "Example 1D"),
    ("melting point of 130-132° C", "Example 1D"),
    ("9.7 g (70% of the theoretical)", "Example 2A"),
    ("4.8 g (80% of the theoretical)", "Example 2B"),
    ("5.30 g (61% of the theoretical)", "Example 2C"),
    ("0.02 g (90% of the theoretical)", "Example 2D(a)"),
    ("0.025 g (93% of the theoretical)", "Example 2D(b)"),
    ("0.012 g (53% of the theoretical)", "Example 2D(c)"),
    ("4.0 g (83% of the theoretical)", None),  # before the first heading the text kept
    ("of developer of formula (I) according to Table 1", None),  # in "EXAMPLES 3 TO 18"
]


@pytest.mark.parametrize(("marker", "label"), SAMPLE_TITLES)
def test_the_sample_patent_gives_each_value_its_section_compound(
    patent_table: LabelTable, patent_text: str, marker: str, label: str | None
) -> None:
    found = title_at(patent_table, patent_text, marker)
    assert (found.label if found else None) == label


def test_the_sample_patent_has_no_false_labels_and_no_conflicts(
    patent_table: LabelTable,
) -> None:
    # "formula (I)", "(C.I. 42 520)", "(10%)", "MH+ 206 (100)" are no labels, and no
    # claim or table line is an entry heading.
    assert {d.kind for d in patent_table.definitions} == {"example", "table"}
    assert patent_table.conflicts == ()
    assert patent_table.label_of("4-amino-2-(3-thienyl)phenol hydrochloride") == "Example 1D"


@pytest.mark.parametrize(
    ("heading", "label"),
    [
        ("Intermediate 5:", "Intermediate 5"),
        ("Example 7:", "Example 7"),
        ("Example 7.", "Example 7"),
    ],
)
def test_a_short_paragraph_run_into_its_heading_still_names_the_compound(
    heading: str, label: str
) -> None:
    text = (
        f"{heading} 2-Chloro-N-methylacetamide. Chloroacetyl chloride (5 mL) was added to "
        "methylamine at 0° C. Extraction with DCM gave the product (3.1 g, 47%)."
    )
    definition = build_label_table(text).title_compound_at(text.index("47%"))
    assert definition is not None
    assert (definition.label, definition.name) == (label, "2-Chloro-N-methylacetamide")


def test_a_run_in_heading_s_name_ends_at_its_own_bracketed_label() -> None:
    text = (
        "Step 4. Synthesis of 4-benzyloxy-N-phenylbenzamide (IA18) Compound IA18 was "
        "prepared from intermediate IA9b and 4-benzyloxybenzoic acid (IA16) via an "
        "EDC-mediated amide formation as described for compound A1. Yellow solid, 75 mg, "
        "50% yield."
    )
    definition = build_label_table(text).title_compound_at(text.index("50%"))
    assert definition is not None
    assert definition.name == "4-benzyloxy-N-phenylbenzamide"


@pytest.mark.parametrize(
    "heading",
    [
        "Synthesis of Intermediate 7: 2-amino-5-bromonicotinic acid methyl ester",
        "Preparation of Intermediate 7\n2-amino-5-bromonicotinic acid methyl ester",
    ],
)
def test_a_heading_that_says_it_makes_an_example_defines_it(heading: str) -> None:
    text = f"{heading}\nNBS was added to methyl 2-aminonicotinate in DMF."
    definition = build_label_table(text).definition("Intermediate 7")
    assert definition is not None
    assert definition.name == "2-amino-5-bromonicotinic acid methyl ester"


@pytest.mark.parametrize(
    ("heading", "label"),
    [
        ("[Example 5] 2-(4-Methylpiperazin-1-yl)pyrimidine", "Example 5"),
        ("[Example 5]\n2-(4-Methylpiperazin-1-yl)pyrimidine", "Example 5"),
        ("Compound 12: 2-(4-Methylpiperazin-1-yl)pyrimidine", "12"),
        ("Compound No. 12. 2-(4-Methylpiperazin-1-yl)pyrimidine", "12"),
    ],
)
def test_bracketed_example_and_compound_headings_define_their_label(
    heading: str, label: str
) -> None:
    text = f"{heading}\n2-Chloropyrimidine (1.15 g) and 1-methylpiperazine were stirred."
    definition = build_label_table(text).definition(label)
    assert definition is not None and definition.label == label
    assert definition.name == "2-(4-Methylpiperazin-1-yl)pyrimidine"


def test_a_compound_heading_run_into_its_paragraph_defines_its_label() -> None:
    text = "Compound 5: N-benzyl-2-chloroacetamide. Prepared from benzylamine as for 4."
    definition = build_label_table(text).definition("5")
    assert definition is not None and definition.name == "N-benzyl-2-chloroacetamide"


def test_a_label_a_heading_left_unnamed_takes_the_name_the_text_then_gives_it() -> None:
    text = (
        "Example 1: Synthesis of compound 1a\n"
        "4-Chloro-N-phenylbenzamide (1a) was prepared from aniline.\n"
    )
    assert build_label_table(text).name_of("1a") == "4-Chloro-N-phenylbenzamide"


def test_a_sentence_about_a_compound_is_no_compound_heading() -> None:
    text = "Compound 12: the crude product was used directly in the next step without work-up."
    assert build_label_table(text).definition("12") is None


def test_a_step_heading_s_name_goes_on_past_a_word_that_ends_no_name() -> None:
    # "tert-butyl" alone ends no name; "ester" ends the whole one
    text = (
        "Step B: 4-(2-Fluorophenyl)piperidine-1-carboxylic acid tert-butyl ester. A solution "
        "of the alkene from Step A (2.1 g) in methanol was hydrogenated over Pd/C. Filtration "
        "and evaporation gave the title compound (2.0 g, 95%) as a colorless oil."
    )
    definition = build_label_table(text).definition("Step B")
    assert definition is not None
    assert definition.name == "4-(2-Fluorophenyl)piperidine-1-carboxylic acid tert-butyl ester"


@pytest.mark.parametrize(
    ("heading", "label"),
    [
        ("Synthesis of Compound 1-4", "1-4"),
        ("<Synthesis of Compound 1-4>", "1-4"),
        ("Preparation Example 2: Synthesis of Compound A-2", "A-2"),
        ("<Synthesis of Intermediate 3>", "Intermediate 3"),
    ],
)
def test_a_making_heading_that_only_labels_its_product_gives_that_label(
    heading: str, label: str
) -> None:
    """Korean and Japanese patents head a synthesis with its product's number only, in
    angle brackets or not; the section's product is that label, never a name ``A-2``."""
    text = (
        f"{heading}\nCompound 1-3 (2.0 g) and 4-bromoaniline (1.2 g) were dissolved in "
        "toluene. The mixture was refluxed and purified to obtain 2.1 g (yield 78%)."
    )
    title = build_label_table(text).title_compound_at(text.index("78%"))
    assert title is not None and (title.label, title.name) == (label, None)


def test_an_example_title_run_into_its_paragraph_names_the_example() -> None:
    """Text whose line end after the title was lost: ``Preparation of NAME`` runs into the
    first reagent of the procedure, and the name before that reagent is the example's."""
    text = (
        "Example 4\n"
        "Preparation of 2,2-difluoro-3-(trityloxy)propan-1-ol 2,2-Difluoropropane-1,3-diol "
        "(2.50 g, 22.3 mmol) was dissolved in pyridine (20 mL) and trityl chloride (6.2 g) "
        "was added at 0 °C. Workup gave the title compound (5.1 g, 65%) as a white solid.\n"
    )
    definition = build_label_table(text).definition("Example 4")
    assert definition is not None
    assert definition.name == "2,2-difluoro-3-(trityloxy)propan-1-ol"
    bare = text.replace("Preparation of 2,2-difluoro-3-(trityloxy)propan-1-ol ", "")
    reagent_first = build_label_table(bare).definition("Example 4")
    assert reagent_first is not None and reagent_first.name is None


def test_a_word_with_its_citation_numbers_run_on_defines_no_label() -> None:
    text = (
        "Ag(III) oxidizes a carboxylic acid to produce an alkyl radical,9d,h,16 (2) "
        "single-electron oxidation of Ag(I) follows. 2,4-Dichlorophenol (2b) was used."
    )
    table = build_label_table(text)
    assert table.definition("2") is None
    definition = table.definition("2b")
    assert definition is not None and definition.name == "2,4-Dichlorophenol"


def test_a_line_end_before_general_procedure_in_lower_case_ends_no_entry() -> None:
    # the heading's paragraph runs on ("The") and a line end breaks the sentence; a
    # heading opens with a capital, so the entry goes on
    text = (
        "5-Chloro-2-methoxyquinoline (4c). The\n\n"
        "general procedure gave a white powder with 81% (61 mg) yield of the title compound."
    )
    table = build_label_table(text)
    assert title_at(table, text, "81%").label == "4c"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Procedure for the Synthesis of 4-(Hexyloxy)benzonitrile (2e) on 5 mmol Scale.\n"
         "To a flask charged with 4-cyanophenol was added 1-bromohexane; the product was "
         "obtained in 88% yield.", "4-(Hexyloxy)benzonitrile"),
        ("Synthesis of 1,2-Bis(4-methoxyphenyl)ethyne (5) via Sonogashira Coupling. To a "
         "tube charged with 4-iodoanisole was added the alkyne; the product was obtained in "
         "88% yield.", "1,2-Bis(4-methoxyphenyl)ethyne"),
    ],
)  # fmt: skip
def test_a_synthesis_heading_with_its_scale_or_its_method_names_its_compound(
    text: str, name: str
) -> None:
    found = title_at(build_label_table(text), text, "88%")
    assert found is not None and found.name == name
