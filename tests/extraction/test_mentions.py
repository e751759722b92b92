"""From the model's compound answer to a compound with its name, label and place in the text.

The answers are those a small model gives when it sees one chunk: a label, a name in
another case, "the title compound", or whatever stood beside the value ("white
solid", "hexanes").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from molextract.extraction.chemical_names import names_in
from molextract.extraction.label_table import LabelTable, build_label_table
from molextract.extraction.mentions import (
    Mention,
    bare_label_uses,
    bracketed_after_label,
    described_compound,
    find_label,
    is_not_a_compound,
    resolve_mention,
)
from molextract.ingest import read_documents

SAMPLE = Path(__file__).parent.parent / "data" / "literature" / "US06840965B2.xml"

PAPER = """General procedure A. To a solution of the aldehyde (10 mmol) in CH2Cl2 (20 mL) was added bromine (11 mmol), and the mixture was stirred for 3 h.

3-Bromo-4-methoxybenzaldehyde (12b). Following general procedure A, 4-methoxybenzaldehyde (12a) (1.36 g, 10 mmol) gave, after recrystallisation from hexanes, 12b (1.50 g, 70%) as a white solid, mp 120 °C.

Methyl 4-bromobenzoate (2a). A solution of 4-bromobenzoic acid (1) (2.01 g, 10 mmol) in methanol (30 mL) containing H2SO4 was heated at reflux. The title compound was obtained as colourless needles (1.90 g, 88%), mp 79–81 °C (lit. mp 78–80 °C).

Amides 4a–c. The esters were heated with aqueous ammonia; amide 4b (0.41 g, 62%) melted at 188 °C and 4c had mp 201 °C. To give 3 (0.52 g, 81%), the amide was dehydrated with POCl3 (3 g) for 2 h; the nitrile 3 melted at 112 °C.

4-Bromobenzonitrile (3) is also commercial. Ethanol boils at 78 °C and water at 100 °C under these conditions, whereas methyl 4-bromobenzoate sublimes at 120 °C/0.1 mmHg.
"""


@pytest.fixture(scope="module")
def paper_table() -> LabelTable:
    return build_label_table(PAPER)


def value(text: str, marker: str) -> int:
    assert text.count(marker) == 1, marker
    return text.index(marker)


def resolve(
    answer: str | None, marker: str, table: LabelTable, text: str = PAPER
) -> Mention | None:
    return resolve_mention(answer, text, value(text, marker), table)


# (answer, value marker, name, label, text at the mention's offsets)
PAPER_CASES = [
    # labels, however the model writes them
    ("12b", "70%", "3-Bromo-4-methoxybenzaldehyde", "12b", "12b"),
    ("compound 12b", "70%", "3-Bromo-4-methoxybenzaldehyde", "12b", "12b"),
    ("Compound 12b", "mp 120 °C", "3-Bromo-4-methoxybenzaldehyde", "12b", "12b"),
    ("(12b)", "mp 120 °C", "3-Bromo-4-methoxybenzaldehyde", "12b", "12b"),
    (" 12b. ", "mp 120 °C", "3-Bromo-4-methoxybenzaldehyde", "12b", "12b"),
    ("12B", "mp 120 °C", "3-Bromo-4-methoxybenzaldehyde", "12b", "12b"),
    ("2a", "88%", "Methyl 4-bromobenzoate", "2a", "2a"),
    ("1", "88%", "4-bromobenzoic acid", "1", "1"),
    ("12a", "70%", "4-methoxybenzaldehyde", "12a", "12a"),
    # a name with a label
    ("aldehyde 12b", "70%", "3-Bromo-4-methoxybenzaldehyde", "12b", "12b"),
    ("amide 4b", "62%", None, "4b", "4b"),
    ("title compound (2a)", "88%", "Methyl 4-bromobenzoate", "2a", "2a"),
    ("4-bromobenzoic acid (1)", "88%", "4-bromobenzoic acid", "1", "4-bromobenzoic acid"),
    ("the nitrile 3", "112 °C", "4-Bromobenzonitrile", "3", "3"),
    # "the title compound" and "the product": the compound of the entry
    ("the title compound", "88%", "Methyl 4-bromobenzoate", "2a", "Methyl 4-bromobenzoate"),
    ("The Title Compound.", "mp 79–81 °C", "Methyl 4-bromobenzoate", "2a",
     "Methyl 4-bromobenzoate"),
    ("title compound", "mp 120 °C", "3-Bromo-4-methoxybenzaldehyde", "12b",
     "3-Bromo-4-methoxybenzaldehyde"),
    ("the product", "70%", "3-Bromo-4-methoxybenzaldehyde", "12b",
     "3-Bromo-4-methoxybenzaldehyde"),
    ("Product", "88%", "Methyl 4-bromobenzoate", "2a", "Methyl 4-bromobenzoate"),
    ("the desired product", "88%", "Methyl 4-bromobenzoate", "2a", "Methyl 4-bromobenzoate"),
    # names: the text's spelling, with the label the text gives them
    ("3-bromo-4-methoxybenzaldehyde", "mp 120 °C", "3-Bromo-4-methoxybenzaldehyde", "12b",
     "3-Bromo-4-methoxybenzaldehyde"),
    ("methyl 4-bromobenzoate", "79–81 °C", "Methyl 4-bromobenzoate", "2a",
     "Methyl 4-bromobenzoate"),
    ("Methyl 4-Bromobenzoate", "88%", "Methyl 4-bromobenzoate", "2a", "Methyl 4-bromobenzoate"),
    ("methyl  4-bromobenzoate", "88%", "Methyl 4-bromobenzoate", "2a", "Methyl 4-bromobenzoate"),
    ("methyl 4‐bromobenzoate", "88%", "Methyl 4-bromobenzoate", "2a", "Methyl 4-bromobenzoate"),
    ("4-methoxybenzaldehyde", "70%", "4-methoxybenzaldehyde", "12a", "4-methoxybenzaldehyde"),
    # a solvent can be the compound: it is kept
    ("Ethanol", "78 °C", "Ethanol", None, "Ethanol"),
    ("ethanol", "78 °C", "Ethanol", None, "Ethanol"),
    ("water", "100 °C", "water", None, "water"),
    # the occurrence nearest before the value
    ("methyl 4-bromobenzoate", "120 °C/0.1 mmHg", "methyl 4-bromobenzoate", "2a",
     "methyl 4-bromobenzoate"),
    ("Methyl 4-Bromobenzoate", "120 °C/0.1 mmHg", "methyl 4-bromobenzoate", "2a",
     "methyl 4-bromobenzoate"),
    # a member of a range that the text never writes out
    ("4c", "201 °C", None, "4c", "4c"),
    ("4a", "201 °C", None, "4a", "4a"),  # the first member of "4a–c" is written out
]  # fmt: skip


@pytest.mark.parametrize(("answer", "marker", "name", "label", "shown"), PAPER_CASES)
def test_an_answer_becomes_a_compound_found_in_the_text(
    paper_table: LabelTable,
    answer: str,
    marker: str,
    name: str | None,
    label: str | None,
    shown: str,
) -> None:
    mention = resolve(answer, marker, paper_table)
    assert mention is not None
    assert (mention.name, mention.label, mention.grounded) == (name, label, True)
    assert mention.start is not None and mention.end is not None
    assert PAPER[mention.start : mention.end] == shown
    # the occurrence nearest before the value, when there is one before it
    after = PAPER.find(shown, mention.end)
    assert mention.start < value(PAPER, marker) or after < 0


def test_a_bare_number_is_found_where_it_is_a_label_not_an_amount(
    paper_table: LabelTable,
) -> None:
    # "POCl3 (3 g)" and "for 3 h" stand between "To give 3 (0.52 g" and the value.
    mention = resolve("3", "81%", paper_table)
    assert mention is not None and mention.start is not None and mention.end is not None
    assert PAPER[mention.start - 8 : mention.end + 3] == "To give 3 (0"
    assert mention.name == "4-Bromobenzonitrile"


def test_a_name_found_after_the_value_in_its_sentence_is_found_there() -> None:
    text = "The melting point, 121 °C, was that of benzoic acid."
    table = build_label_table(text)
    mention = resolve("benzoic acid", "121 °C", table, text)
    assert mention is not None and mention.grounded and mention.start is not None
    assert mention.start > value(text, "121 °C") and mention.name == "benzoic acid"


def test_a_name_only_a_later_sentence_gives_is_no_answer(paper_table: LabelTable) -> None:
    # Small models reach for the next name they see; a value is not stated for a
    # compound the text only names sentences later.
    assert resolve("4-bromobenzonitrile", "70%", paper_table) is None


# answers that name no compound (the value then has none)
NOT_COMPOUNDS = [
    None, "", "   ", "unknown", "n/a", "None", "not stated", "compound", "the compound",
    "residue", "the residue", "solid", "crude product", "the crude product", "the mixture",
    "reaction mixture", "the filtrate", "organic layer",
    "white solid", "a white solid", "colourless oil", "colorless oil", "yellow needles",
    "residual solids", "pale yellow crystalline solid", "off-white powder", "Colourless needles",
    "brown gum", "hexanes", "petroleum ether", "ether/hexanes", "EtOAc/hexane (1:4)",
    "hexane–ethyl acetate", "CH2Cl2/MeOH 95:5", "brine", "silica gel", "Celite",
    "saturated NaHCO3", "sat. aq. NH4Cl", "1 M HCl", "aqueous sodium hydroxide solution",
    "dilute hydrochloric acid", "the amide", "the ester", "the starting material",
    "amides", "intermediate",
]  # fmt: skip


@pytest.mark.parametrize("answer", NOT_COMPOUNDS)
def test_placeholders_appearances_and_mixtures_are_no_compound(
    paper_table: LabelTable, answer: str | None
) -> None:
    assert resolve(answer, "88%", paper_table) is None


# answers that are compounds, solvents included, though they look like the ones above
COMPOUNDS = [
    "ethanol", "water", "hexane", "diethyl ether", "acetic acid", "dichloromethane",
    "sodium chloride", "white phosphorus", "4-bromobenzoic acid", "caffeine", "silver nitrate",
    "crystal violet", "Orange G",
]  # fmt: skip


@pytest.mark.parametrize("answer", COMPOUNDS)
def test_single_solvents_and_named_compounds_are_compounds(answer: str) -> None:
    assert not is_not_a_compound(answer)


# (answer, value marker, name, label, grounded)
LABEL_ONLY = [
    ("compounds 4a–c", "201 °C", None, "4a–c", True),  # which one, the model did not say
    ("compounds 4a-c", "201 °C", None, "4a-c", True),  # the text has an en dash
    ("12z", "88%", None, "12z", False),
    ("I", "88%", None, "I", False),
]


@pytest.mark.parametrize(("answer", "marker", "name", "label", "grounded"), LABEL_ONLY)
def test_a_label_the_table_cannot_name_is_kept_as_a_label(
    paper_table: LabelTable,
    answer: str,
    marker: str,
    name: str | None,
    label: str,
    grounded: bool,
) -> None:
    mention = resolve(answer, marker, paper_table)
    assert mention is not None
    assert (mention.name, mention.label, mention.grounded) == (name, label, grounded)


def test_a_roman_numeral_is_a_label_only_where_the_text_uses_it_as_one() -> None:
    text = (
        "Compounds of formula (I) are claimed, wherein (i) X denotes oxygen. The known "
        "2-bromo-1-phenylethanone (IV) melted at 50 °C."
    )
    table = build_label_table(text)
    assert resolve_mention("I", text, text.index("50 °C"), table) == Mention(
        None, "I", None, None, False
    )
    mention = resolve_mention("IV", text, text.index("50 °C"), table)
    assert mention is not None and mention.start is not None
    assert (mention.name, text[mention.start : mention.end]) == ("2-bromo-1-phenylethanone", "IV")


def test_a_placeholder_outside_any_entry_has_no_compound(paper_table: LabelTable) -> None:
    assert resolve("the title compound", "bromine (11 mmol)", paper_table) is None
    assert resolve("the product", "bromine (11 mmol)", paper_table) is None


# (answer, expected name, expected label): not in the text, and nothing about the
# value's paragraph says whose it is: kept, but ungrounded
UNGROUNDED = [
    ("caffeine", "caffeine", None),
    ("benzaldehyde", "benzaldehyde", None),  # only inside 4-methoxybenzaldehyde
    ("anol", "anol", None),  # only inside words
    ("4-chlorobenzoic acid", "4-chlorobenzoic acid", None),
    ("vitamin B12", "vitamin B12", None),
    ("12z", None, "12z"),
]


@pytest.mark.parametrize(("answer", "name", "label"), UNGROUNDED)
def test_an_answer_the_text_does_not_contain_is_kept_ungrounded(
    paper_table: LabelTable, answer: str, name: str | None, label: str | None
) -> None:
    assert resolve(answer, "bromine (11 mmol)", paper_table) == Mention(
        name, label, None, None, False
    )


@pytest.mark.parametrize("answer", ["caffeine", "Propranolol", "4-chlorobenzoic acid"])
def test_a_name_the_text_does_not_contain_gives_way_to_its_entry_compound(
    paper_table: LabelTable, answer: str
) -> None:
    # Small models copy a name from the worked examples when the chunk gives them none
    # they recognise; the entry the value is printed in says whose it is.
    mention = resolve(answer, "88%", paper_table)
    assert mention is not None
    assert (mention.name, mention.label, mention.grounded) == ("Methyl 4-bromobenzoate", "2a", True)


SHEET = (
    "Section 9: Physical and chemical properties (toluene, CAS 108-88-3).\n"
    "Appearance: clear, colourless liquid. Odour threshold: 2.9 ppm. Melting point: "
    "−95 °C. Density: 0.867 g/cm3 at 20 °C. Flash point: 4 °C.\n\n"
    "Coumarin (2H-chromen-2-one) is a colourless crystalline lactone. It melts at 71 °C, "
    "and its log P 1.39 was measured by shake-flask.\n\n"
    "Samples were stored at 4 °C and the log P of 2.5 was taken from a database."
)


@pytest.mark.parametrize(
    ("answer", "marker", "name"),
    [
        ("Odour threshold", "−95 °C", "toluene"),
        ("Relative density", "0.867 g/cm3", "toluene"),
        ("Propranolol", "0.867 g/cm3", "toluene"),
        ("Propranolol", "1.39", "Coumarin"),
        ("propranolol", "71 °C", "Coumarin"),
    ],
)
def test_a_data_sheet_field_or_an_invented_name_is_the_paragraph_subject(
    answer: str, marker: str, name: str
) -> None:
    mention = resolve(answer, marker, build_label_table(SHEET), SHEET)
    assert mention is not None
    assert (mention.name, mention.grounded) == (name, True)
    assert SHEET[mention.start : mention.end] == name


def test_without_a_subject_a_field_is_no_compound_and_a_name_stays_ungrounded() -> None:
    table = build_label_table(SHEET)
    assert resolve("Flash point", "2.5", table, SHEET) is None
    assert resolve("Propranolol", "2.5", table, SHEET) == Mention(
        "Propranolol", None, None, None, False
    )


def test_one_word_without_a_chemical_ending_is_still_a_name() -> None:
    text = "Tamoxifen citrate was dried; tamoxifen has mp 97 °C."
    mention = resolve("tamoxifen", "97 °C", build_label_table(text), text)
    assert mention is not None
    assert (mention.name, mention.grounded) == ("tamoxifen", True)


@pytest.mark.parametrize(
    ("answer", "name", "shown"),
    [
        ("2-MeTHF", "2-methyltetrahydrofuran", "2-MeTHF"),
        ("DMSO", "dimethyl sulfoxide", "DMSO"),
        ("dmso", "dimethyl sulfoxide", "DMSO"),
        ("2-methyltetrahydrofuran (2-MeTHF)", "2-methyltetrahydrofuran", "2-MeTHF"),
    ],
)
def test_an_abbreviation_the_text_defines_is_its_full_name(
    answer: str, name: str, shown: str
) -> None:
    text = (
        "Solvents: 2-methyltetrahydrofuran (2-MeTHF) and dimethyl sulfoxide (DMSO) were "
        "distilled. 2-MeTHF boils at 80 °C and DMSO melts at 19 °C."
    )
    marker = "80 °C" if "THF" in answer else "19 °C"
    mention = resolve(answer, marker, build_label_table(text), text)
    assert mention is not None
    assert (mention.name, mention.label, mention.grounded) == (name, None, True)
    assert text[mention.start : mention.end] == shown
    assert mention.start > text.index("distilled")  # the short form beside the value


@pytest.mark.parametrize("answer", ["Crystalline sucrose", "white crystalline sucrose"])
def test_how_a_sample_looked_is_no_part_of_its_name(answer: str) -> None:
    text = "Crystalline sucrose melts with decomposition at 186 °C."
    mention = resolve(answer, "186 °C", build_label_table(text), text)
    assert mention is not None
    assert (mention.name, text[mention.start : mention.end]) == ("sucrose", "sucrose")


@pytest.mark.parametrize(
    ("text", "answer", "shown"),
    [
        ("The N-acetyl-4-aminophenol melted; 4-aminophenol had mp 187 °C.", "4-aminophenol",
         "4-aminophenol"),
        ("Recrystallised from methanol, ethanol gave mp 187 °C.", "ethanol", "ethanol"),
        ("4-amino-2-(5-methylthiophen-\n3-yl)phenol had mp 187 °C.",
         "4-amino-2-(5-methylthiophen-3-yl)phenol", "4-amino-2-(5-methylthiophen-\n3-yl)phenol"),
        ("4-Amino-2-(2′-hydroxyethyl)aminoanisole had mp 187 °C.",
         "4-amino-2-(2'-hydroxyethyl)aminoanisole", "4-Amino-2-(2′-hydroxyethyl)aminoanisole"),
        ("3-Bromo–4-methoxybenzaldehyde had mp 187 °C.", "3-bromo-4-methoxybenzaldehyde",
         "3-Bromo–4-methoxybenzaldehyde"),
    ],
)  # fmt: skip
def test_names_match_whole_and_forgive_case_dashes_primes_and_wrapped_lines(
    text: str, answer: str, shown: str
) -> None:
    mention = resolve_mention(answer, text, text.index("mp 187"), build_label_table(text))
    assert mention is not None and mention.grounded and mention.start is not None
    assert text[mention.start : mention.end] == shown
    assert mention.name == " ".join(shown.replace("-\n", "-").split())


def test_where_a_name_is_written_matters_more_than_its_case() -> None:
    text = "The ethyl acetate extract was dried. Ethyl acetate (bp 77 °C) was then distilled."
    mention = resolve_mention("ethyl acetate", text, text.index("bp 77"), build_label_table(text))
    assert mention is not None and mention.start == text.index("Ethyl acetate")
    assert mention.name == "Ethyl acetate"


@pytest.mark.parametrize(
    ("answer", "shown"), [("CO", "CO"), ("Co", "Co"), ("DMF", "DMF"), ("NaH", "NaH")]
)
def test_the_case_of_a_formula_or_an_abbreviation_matters(answer: str, shown: str) -> None:
    text = "Carbon monoxide (CO) and cobalt (Co), dmf, DMF, NAH and NaH; the gas boils at −191 °C."
    mention = resolve_mention(answer, text, text.index("−191"), build_label_table(text))
    assert mention is not None and mention.start is not None and mention.end is not None
    assert text[mention.start : mention.end] == shown


# --- patents ---------------------------------------------------------------------------

PATENT = """Example 12: 2-Chloro-N-methylacetamide

Chloroacetyl chloride (1.13 g, 10 mmol) was added to aqueous methylamine at 0° C. to give the title compound (0.96 g, 89%) as colourless crystals, m.p. 44° C.

Example 13

Step 1: tert-butyl 4-(4-nitrophenyl)piperidine-1-carboxylate

The boronate was coupled with 1-bromo-4-nitrobenzene to give the title compound (2.1 g, 90%), m.p. 101° C.

Step 2: tert-butyl 4-(4-aminophenyl)piperidine-1-carboxylate

The product of Step 1 (2.0 g) was hydrogenated to give the title compound (1.5 g, 82%), m.p. 143° C. The compound of Example 12 was used as received.
"""


@pytest.fixture(scope="module")
def patent_table() -> LabelTable:
    return build_label_table(PATENT)


# (answer, value marker, name, label)
PATENT_CASES = [
    ("the title compound", "89%", "2-Chloro-N-methylacetamide", "Example 12"),
    ("title compound", "m.p. 44° C.", "2-Chloro-N-methylacetamide", "Example 12"),
    ("the title compound", "90%", "tert-butyl 4-(4-nitrophenyl)piperidine-1-carboxylate",
     "Example 13 Step 1"),
    ("the product", "82%", "tert-butyl 4-(4-aminophenyl)piperidine-1-carboxylate",
     "Example 13 Step 2"),
    ("2-chloro-N-methylacetamide", "89%", "2-Chloro-N-methylacetamide", "Example 12"),
    ("Example 12", "143° C.", "2-Chloro-N-methylacetamide", "Example 12"),
    ("the compound of Example 12", "143° C.", "2-Chloro-N-methylacetamide", "Example 12"),
    ("example 13 step 2", "143° C.", "tert-butyl 4-(4-aminophenyl)piperidine-1-carboxylate",
     "Example 13 Step 2"),
]  # fmt: skip


@pytest.mark.parametrize(("answer", "marker", "name", "label"), PATENT_CASES)
def test_patent_placeholders_and_example_labels_resolve_to_the_section_compound(
    patent_table: LabelTable, answer: str, marker: str, name: str, label: str
) -> None:
    mention = resolve(answer, marker, patent_table, PATENT)
    assert mention is not None and mention.grounded
    assert (mention.name, mention.label) == (name, label)
    assert mention.start is not None and mention.end is not None
    assert PATENT[mention.start : mention.end].lower() in (name.lower(), label.lower())


@pytest.fixture(scope="module")
def sample() -> tuple[str, LabelTable]:
    [document] = list(read_documents([SAMPLE], lambda skipped: None))
    return document.text, build_label_table(document.text)


# (answer, value marker in the sample patent, name, label)
SAMPLE_CASES = [
    ("4-amino-2-(3-thienyl)phenol hydrochloride", "melting point of 130-132° C",
     "4-amino-2-(3-thienyl)phenol hydrochloride", "Example 1D"),
    # named in the step's heading before the value, and again just after it
    ("tert.butyl N-(3-bromo-4-hydroxyphenyl)carbamate", "9.7 g (70% of the theoretical)",
     "tert.Butyl N-(3-bromo-4-hydroxyphenyl)carbamate", "Example 2A"),
    ("the title compound", "0.02 g (90% of the theoretical)",
     "4-Amino-2-(4-methylthiophen-3-yl)phenol hydrochloride", "Example 2D(a)"),
    ("product", "0.012 g (53% of the theoretical)", "4-Amino-2-furan-3-ylphenol hydrochloride",
     "Example 2D(c)"),
    ("4-nitro-2-(3-thienyl)phenol", "4.0 g (83% of the theoretical)",
     "4-nitro-2-(3-thienyl)phenol", None),
    ("E1", "0.096 | 0.24", "4-Amino-2-(3-thienyl)phenol hydrochloride", "E1"),
    ("developer E1", "0.096 | 0.24", "4-Amino-2-(3-thienyl)phenol hydrochloride", "E1"),
    ("Example 2B", "4.8 g (80% of the theoretical)",
     "tert.Butyl N-(3-Bromo-4-ethoxymethoxyphenyl)carbamate", "Example 2B"),
]  # fmt: skip


@pytest.mark.parametrize(("answer", "marker", "name", "label"), SAMPLE_CASES)
def test_the_sample_patent_resolves_names_labels_and_title_compounds(
    sample: tuple[str, LabelTable], answer: str, marker: str, name: str, label: str | None
) -> None:
    text, table = sample
    mention = resolve(answer, marker, table, text)
    assert mention is not None and mention.grounded
    assert (mention.name, mention.label) == (name, label)
    assert mention.start is not None and mention.end is not None
    assert text[mention.start : mention.end].lower() in (name.lower(), (label or "").lower())


FRAGMENTS = (
    "The four fragments — indole (1), benzofuran (2), benzo[b]thiophene (3) and carbazole "
    "(4, mp 245–247 °C) — were profiled. Measured logP values increased in the order "
    "1 (2.14) < 2 (2.67) < 3 (3.12) < 4 (3.72). Table 1 (2.50) and step 2 (85%) say "
    "nothing of whose, nor does 7 (1.25), a label never defined."
)


@pytest.mark.parametrize(
    ("value", "name", "label"),
    [
        ("2.14", "indole", "1"),
        ("2.67", "benzofuran", "2"),
        ("3.12", "benzo[b]thiophene", "3"),
        ("3.72", "carbazole", "4"),
    ],
)
def test_a_value_in_brackets_after_a_defined_label_is_that_compounds(
    value: str, name: str, label: str
) -> None:
    table = build_label_table(FRAGMENTS)
    mention = bracketed_after_label(FRAGMENTS, FRAGMENTS.index(value), table)
    assert mention is not None
    assert (mention.name, mention.label, mention.grounded) == (name, label, True)
    assert FRAGMENTS[mention.start : mention.end] == label


@pytest.mark.parametrize("value", ["2.50", "85%", "1.25", "245"])
def test_a_bracket_after_a_table_a_step_or_an_undefined_label_says_nothing(value: str) -> None:
    table = build_label_table(FRAGMENTS)
    assert bracketed_after_label(FRAGMENTS, FRAGMENTS.index(value), table) is None


@pytest.mark.parametrize(
    ("text", "value", "name", "label"),
    [
        ("Chromatography gave 12b (1.20 g, 4.1 mmol, 70%) as a solid.", "70%", None, "12b"),
        ("to give methyl 4-bromobenzoate (1.90 g, 88%) after drying.", "88%",
         "methyl 4-bromobenzoate", None),
        ("yielded (Z)-stilbene as a colourless oil, bp 133–135 °C/10 mmHg.", "133",
         "(Z)-stilbene", None),
        ("afforded pure (E)-stilbene as shiny plates, mp 123–124 °C, while", "123",
         "(E)-stilbene", None),
        ("gave 2-naphthol as a white solid: m.p. 121 °C.", "121", "2-naphthol", None),
        # translated European patents: the form "in the form of", the cue "of melting point"
        ("There are obtained 121 g (85% of theory) of 4-chlorophenol in the form of colourless "
         "crystals of melting point 48 °C.", "48", "4-chlorophenol", None),
        ("There were obtained 12 g of 4-chlorophenol as a solid having a melting point of "
         "48 °C.", "48", "4-chlorophenol", None),
        # the point written out between the product and its yield
        ("there is obtained from 3-aminobenzoic acid: ethyl 3-aminobenzoate, boiling point "
         "172-175 °C/13 mbar, yield 82% of theory.", "82%", "ethyl 3-aminobenzoate", None),
        # the product's label or the form it came as, bracketed before its amounts
        ("to get pure 2-naphthol (14) (106 mg, 92%) as a white solid.", "92%", "2-naphthol",
         "14"),
        ("to obtain methyl 4-bromobenzoate (light brown oil) (58 mg, 65%).", "65%",
         "methyl 4-bromobenzoate", None),
        # a label and a name in apposition
        ("HPLC gave Compound 179, 4-benzylaminopyridine (97 mg, 0.19 mmol, 24%) as a foam.",
         "24%", "4-benzylaminopyridine", "179"),
        # the second product of a sentence that gave the first with its amounts
        ("to yield (R)-2-butanol (597 mg, 46%), [α]D −4.0 (MeOH, c=1) and (S)-2-butanol "
         "(624 mg, 48%).", "48%", "(S)-2-butanol", None),
        # a series whose "respectively" stands before its verb
        ("when aldehydes 8g−8j were reacted with malonate 2a , the expected alkenes 9ga−9ja "
         ", respectively , were produced in 68 − 72 % yields ( entries 7 − 10 ) .",
         "68 − 72 %", None, "9ga"),
        # ... or whose yield closed its clause before the "and"
        ("at 80 ° C gave 2-phenyl-1H-indole-3-carbonitrile ( 4a ) in 15 % yield and "
         "2,4-diphenyl-9H-pyrimido[4,5-b]indole ( 5a ) in 21 % yield ( entry 1 ).", "21 %",
         "2,4-diphenyl-9H-pyrimido[4,5-b]indole", "5a"),
        # ... whose bracket holds its analysis too
        ("to give benzyl 4-carbamoylpiperidine-1-carboxylate (0.25 g, yield 20%; LC-MS (ESI) "
         "m/z: 413 (M+1)+) and 1-benzyl 4-methyl piperidine-1,4-dicarboxylate (1.0 g, yield "
         "51%; LC-MS (ESI) m/z: 658 (M+1)+).", "51%",
         "1-benzyl 4-methyl piperidine-1,4-dicarboxylate", None),
        # a name a misprint left with a bracket open
        ("dried in vacuum to obtain 2-(4-methoxyphenylbenzo[d]oxazole-4-carboxamide (29 mg, "
         "yield 45%).", "45%", "2-(4-methoxyphenylbenzo[d]oxazole-4-carboxamide", None),
        # the subject a yield's clause isolated, an adverb in its verb
        ("however , the cis-isomer of 12b was again isolated as the major product ( 86 % "
         "yield ).", "86 %", None, "12b"),
        # two products sharing one yield
        ("gave the desired complexes 15 and 16 , both in > 95 % yield.", "> 95 %", None,
         "16"),
        # a product called by its kind and label, its yield alone in its bracket
        ("together with the over-reduced product 15 ( 18 % ) ( Scheme 3 )", "18 %", None,
         "15"),
        # compounds called by one capital letter
        ("in the presence of Azo-N affords N ( 18 % ) and Q ( 82 % ) as the sole products",
         "82 %", None, "Q"),
        ("Hydrolysis gave compound B (1.2 g, 70%) as a white solid.", "70%", None, "B"),
        # ... or one small letter after its kind, its melting point bracketed between
        ("the cyclization proceeded in refluxing xylene to give adduct f ( mp 186-188 °C ) in "
         "51 % overall yield.", "51 %", None, "f"),
    ],
)  # fmt: skip
def test_the_form_of_an_experimental_sentence_says_whose_the_value_is(
    text: str, value: str, name: str | None, label: str | None
) -> None:
    full = "Methyl 4-bromobenzoate (2a) and 12b were made. " + text if label else text
    table = build_label_table(full)
    mention = described_compound(full, full.index(value), table)
    assert mention is not None
    assert (mention.label, mention.grounded) == (label, True)
    if name is not None:
        assert mention.name == name


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("gave a 3:1 mixture of (E)- and (Z)-stilbene (1.62 g, 90%).", "90%"),
        ("gave benzoic acid and phenol (1.62 g, 90%) as a mixture.", "90%"),
        ("to obtain 2-naphthol (1:1 with its isomer) (58 mg, 65%).", "65%"),
        ("NaH (60% dispersion in oil, 0.40 g) was added.", "60%"),
        ("was obtained as a white solid in 70% yield.", "70%"),
        ("The white solid, mp 120 °C, was collected.", "120"),
    ],
)
def test_lists_reagents_and_placeholders_are_left_to_the_model(text: str, value: str) -> None:
    assert described_compound(text, text.index(value), build_label_table(text)) is None


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("Treatment of 5 with LDA gave 6 along with 7 in 15 % yield .", "15 %", "7"),
        ("Treatment of 5 with LDA gave 6 as the major product , accompanied by 7 in 15 % "
         "yield .", "15 %", "7"),
        ("Treatment of 5 with LDA afforded 6 in 70 % yield along with 7 in 15 % yield .",
         "15 %", "7"),
        ("Heating 5 in toluene gave 6 in 60 % yield and 7 in 30 % yield .", "30 %", "7"),
    ],
)  # fmt: skip
def test_a_by_product_beside_the_product_takes_the_yield_printed_after_it(
    text: str, value: str, label: str
) -> None:
    """``… along with 7 in 15 % yield``, ``… and 7 in 30 % yield``: a bare number right
    before ``in N % yield``, or after ``along with``, is a product's label."""
    found = described_compound(text, text.index(value), build_label_table(text))
    assert found is not None and found.label == label
    timed = "The mixture was stirred for 2 and then 3 h in 50 % aqueous ethanol ."
    assert described_compound(timed, timed.index("50 %"), build_label_table(timed)) is None


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("The products 4f-4i were all obtained in moderate to good yields (55-68%).",
         "55-68%", "4f"),
        ("Installation of a methyl group lowered the yield, and product 20 could be isolated "
         "in 59% yield.", "59%", "20"),
        ("In comparison with 3j, product 3k, bearing the same two substituents in different "
         "positions, was obtained in 97% yield with 99:1 dr.", "97%", "3k"),
        ("In comparison with 3j , product 3k , bearing the same two substituents in "
         "different positions , was obtained in 97 % yield .", "97 %", "3k"),
        ("Ultimately, product 3z containing three chlorine atoms at the Ar1 of the carbamate "
         "and Ar3 of azlactone could be smoothly prepared in 98% yield.", "98%", "3z"),
        ("We obtained the coupling product 7 in a modest 38 % yield .", "38 %", "7"),
        ("This afforded 3a in an improved 72% yield.", "72%", "3a"),
    ],
)  # fmt: skip
def test_a_scope_narrative_s_product_before_may_and_what_it_bears(
    text: str, value: str, label: str
) -> None:
    """``could be isolated``, ``were all obtained`` and ``bearing …``/``containing …``
    after the product's label stand between it and its yield, like ``was obtained``."""
    found = described_compound(text, text.index(value), build_label_table(text))
    assert found is not None and found.label == label


def test_what_a_reagent_contains_makes_it_no_product() -> None:
    text = (
        "The aldehydes 1e-g bearing alkoxy groups at the 4-position furnished 7e-g in "
        "25-67% yields."
    )
    found = described_compound(text, text.index("25-67%"), build_label_table(text))
    assert found is not None and found.label == "7e"
    solution = "added to DMF (35 mL) containing NaH (1.31 g, 60% in mineral oil) at 0 °C."
    assert described_compound(solution, solution.index("60%"), build_label_table(solution)) is None


@pytest.mark.parametrize(
    "text",
    [
        "The ester was reduced with NaBH4 to provide 4-chlorobenzyl alcohol after "
        "purification by flash chromatography (1.2 g, 85%).",
        "The ester was reduced with NaBH4 to provide 4-chlorobenzyl alcohol as a white solid "
        "after flash chromatography (SiO2, 0-50% EtOAc/hexanes) (1.2 g, 85%).",
        "The ester was reduced with NaBH4 to afford 4-chlorobenzyl alcohol as a white solid "
        "following recrystallization from ethanol (1.2 g, 85%).",
        "The ester was reduced with NaBH4 in ether; 4-chlorobenzyl alcohol crystallized out "
        "(1.2 g; 85%).",
    ],
)
def test_how_a_product_was_purified_or_came_out_stands_between_it_and_its_yield(
    text: str,
) -> None:
    """``NAME as a white solid after purification by flash chromatography (1.2 g, 85%)``:
    the purification (with its eluent) and ``crystallized out`` say how the product was
    had, and the yield after them is still the product's."""
    found = described_compound(text, text.index("85%"), build_label_table(text))
    assert found is not None and found.name == "4-chlorobenzyl alcohol"


@pytest.mark.parametrize(
    ("text", "name", "label"),
    [
        ("The product was purified by flash CC (SiO2; MeOH/DCM 1:20) to give the title "
         "compound (108LM53-50) (0.193 g, 17% -3 steps).", "the title compound", "108LM53-50"),
        ("Filtration gave 4-bromoacetanilide (C217) (0.193 g, 17%).", "4-bromoacetanilide",
         "C217"),
    ],
)  # fmt: skip
def test_a_code_bracketed_after_the_product_is_its_label_not_its_name(
    text: str, name: str, label: str
) -> None:
    """``the title compound (108LM53-50) (0.193 g, 17%)``: a catalogue or lab-notebook
    code between the product and its amounts labels it; it was taken for a name."""
    found = described_compound(text, text.index("17%"), build_label_table(text))
    assert found is not None and (found.name, found.label) == (name, label)


@pytest.mark.parametrize(
    "text",
    [
        "Prepared according to the procedure described for 2-methoxy-N-phenylacetamide "
        "using 4-fluoroaniline; yield 65%.",
        "Made as for the 4-chloro analogue, with 4-bromoaniline; yield 65%.",
        "The solid was recrystallised from ethanol, 65%.",
        # the reagent's kind between "from" and its label
        "At pH 7 the desired lactam was formed from amino acid 12 in 65% yield.",
    ],
)
def test_a_reagent_named_just_before_a_yield_is_not_the_product(text: str) -> None:
    """``… using 4-fluoroaniline; yield 65%``: what follows "using", "with" or "from"
    went into the reaction (or the work-up); the product is not named here."""
    assert described_compound(text, text.index("65%"), build_label_table(text)) is None
    made = "Made as for the 4-chloro analogue, giving 4-bromoacetanilide; yield 65%."
    found = described_compound(made, made.index("65%"), build_label_table(made))
    assert found is not None and found.name == "4-bromoacetanilide"
    # "with the corresponding product 9m": the product, not a reagent
    made = (
        "Changing the alkyl group left the yield unchanged, with the corresponding product 9m "
        "obtained in excellent yield (65%)."
    )
    found = described_compound(made, made.index("65%"), build_label_table(made))
    assert found is not None and found.label == "9m"


@pytest.mark.parametrize(
    "text",
    [
        "NaBH4 was added. After work-up, 4-chlorobenzyl alcohol (1.3 g, 91%) was obtained.",
        "NaBH4 was added. Work-up gave the title compound, 4-chlorobenzyl alcohol (1.3 g, 91%).",
        "NaBH4 was added to give 4-chlorobenzyl alcohol. The product was isolated as a white "
        "solid (1.3 g, 91%).",
    ],
)
def test_a_product_after_an_opening_phrase_a_role_or_the_sentence_before(text: str) -> None:
    """A comma that closes ``After work-up`` or ``the title compound`` is no list; "The
    product" opening the sentence after ``to give NAME.`` is that NAME."""
    found = described_compound(text, text.index("91%"), build_label_table(text))
    assert found is not None and found.name == "4-chlorobenzyl alcohol"
    listed = "Work-up gave benzoic acid, 4-chlorobenzyl alcohol (1.3 g, 91%) as a mixture."
    assert described_compound(listed, listed.index("91%"), build_label_table(listed)) is None


def test_the_starting_material_weighed_out_in_the_yield_s_bracket_is_not_its_product() -> None:
    """``gave 1.02 g of 3a (2.0 g 1a, 81%)``: a scaled-up run's bracket says how much
    starting material it took; the yield is the product's named before the bracket, or
    the one weighed out before it when a scale stands between."""
    text = "The gram-scale reaction gave 1.02 g of 3a (2.0 g 1a, 81%)."
    found = described_compound(text, text.index("81%"), build_label_table(text))
    assert found is not None and (found.name or found.label) == "3a"
    scaled = "Heating 1a with ethylene gave 633 mg of 1c on 4 mmol scale (1.48g 1a, 67%, 90% ee)."
    found = described_compound(scaled, scaled.index("67%"), build_label_table(scaled))
    assert found is not None and found.label == "1c"
    unweighed = "Heating 1a with ethylene on 4 mmol scale (1.48g 1a, 67%, 90% ee) gave 1c."
    assert (
        described_compound(unweighed, unweighed.index("67%"), build_label_table(unweighed)) is None
    )


def test_the_product_without_a_heading_is_the_phrase_the_text_prints() -> None:
    text = "to give the product (1.2 g, 70%)."
    mention = described_compound(text, text.index("70%"), build_label_table(text))
    assert mention is not None and (mention.name, mention.label) == ("the product", None)
    assert mention.start == text.index("the product")


def test_a_product_isolated_as_a_solid_before_its_amounts_is_the_yield_s() -> None:
    text = (
        "The following compounds were prepared as in Example 75: 3-Fluoro-2-methyl-5-"
        "nitrobenzoic acid (C217) Isolated as an off-white solid (0.800 g, 86%): mp 146 °C."
    )
    found = described_compound(text, text.index("86%"), build_label_table(text))
    assert found is not None
    assert (found.name, found.label) == ("3-Fluoro-2-methyl-5-nitrobenzoic acid", "C217")


def test_what_a_product_looks_like_set_off_by_a_comma_before_its_amounts() -> None:
    text = (
        "The title compound, white solid (17 mg, 54.7%), MS (ISP) m/z=457.2 [(M+H)+], was "
        "prepared in accordance with the general method of example 1."
    )
    found = described_compound(text, text.index("54.7%"), build_label_table(text))
    assert found is not None and found.name == "The title compound"


def test_a_reagent_s_looks_before_its_amounts_leave_the_product_s_yield_alone() -> None:
    text = (
        "4-Methoxybenzoic acid, white solid (1.2 g, 8 mmol), was heated with thionyl "
        "chloride to give 5 (1.0 g, 80%)."
    )
    found = described_compound(text, text.index("80%"), build_label_table(text))
    assert found is not None and found.label == "5"


@pytest.mark.parametrize(
    ("text", "name", "label"),
    [
        ("The product (yellow solid, 3.23 g, 56%) was combined and dried in vacuo.",
         "The product", None),
        ("Compound 12 (white solid, 85 mg, 70%) was used directly.", None, "12"),
    ],
)  # fmt: skip
def test_what_a_product_looks_like_may_open_its_amounts_bracket(
    text: str, name: str | None, label: str | None
) -> None:
    found = described_compound(text, text.index("%") - 2, build_label_table(text))
    assert found is not None and (found.name, found.label) == (name, label)


def test_a_mass_run_into_its_number_is_no_label_of_the_product_before_it() -> None:
    text = "Concentration gave yellow solid 11-c (700mg, yield 90%). It was used as such."
    found = described_compound(text, text.index("90%"), build_label_table(text))
    assert found is not None and "11-c" in (found.name or "") and found.label != "700mg"


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("Recrystallization from MeOH yielded (V) (8.30 g, 81%) as white crystals.", "V"),
        ("The residue was purified to give compound (IV) (2.1 g, 64%) as an oil.", "IV"),
        ("Evaporation gave the amine (IIa) (1.2 g, 70%).", "IIa"),
    ],
)
def test_a_roman_formula_number_before_the_amounts_is_the_product(text: str, label: str) -> None:
    found = described_compound(text, text.index("%") - 2, build_label_table(text))
    assert found is not None and found.label == label


def test_the_object_compound_with_its_label_and_a_purity_in_the_amounts() -> None:
    text = "Chromatography gave the object compound (I-2) (804 mg, purity 98.4%, yield 89%)."
    found = described_compound(text, text.index("89%"), build_label_table(text))
    assert found is not None and found.label == "I-2"


@pytest.mark.parametrize(
    ("answer", "name", "label"),
    [
        ("dienone 7", "dienone", "7"),
        ("Enone 6", "Enone", "6"),
        ("PEG 400", "PEG 400", None),
        ("unsaturated carbonyl compound 9da", None, "9da"),
        ("fused dioxane 2a", None, "2a"),
        ("2,4-dinitrophenylhydrazone 8", "2,4-dinitrophenylhydrazone", "8"),
        ("4-methoxybenzaldehyde 12", "4-methoxybenzaldehyde", "12"),
    ],
)
def test_a_kind_and_its_number_are_a_labelled_compound_an_acronym_s_number_is_not(
    answer: str, name: str | None, label: str | None
) -> None:
    text = f"Treatment of the ketone also gave {answer} in 90% yield."
    mention = resolve_mention(answer, text, text.index("90%"), build_label_table(text))
    assert mention is not None
    assert (mention.name, mention.label) == (name, label)


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("Following the general procedure , 31 was obtained as a colorless oil .", "31"),
        ("After chromatography , 48 was isolated in 67 % yield .", "48"),
        ("Ester 5 was hydrolyzed and 7 was then converted to the amide .", "7"),
        ("Pure 19 was obtained in a yield of 47 % .", "19"),
    ],
)
def test_a_bare_number_opening_a_clause_as_what_a_step_makes_is_a_label(
    text: str, label: str
) -> None:
    start = text.index(f" {label} ") + 1
    assert (start, start + len(label)) in bare_label_uses(text, 0, len(text))


def test_a_bare_number_of_a_time_or_count_is_no_label() -> None:
    text = "After 2 h was stirred , and 3 times was washed ."
    assert bare_label_uses(text, 0, len(text)) == []
    # older patents spell units out: a mass in grams is no compound number
    spelled = "The crude product was recrystallized to give 20 grams of the subject compound."
    assert bare_label_uses(spelled, 0, len(spelled)) == []


def test_a_reagent_s_normality_or_molarity_is_no_label() -> None:
    text = "The mixture was diluted with 1N hydrochloric acid, washed with 2N NaOH and 6M HCl."
    assert bare_label_uses(text, 0, len(text)) == []
    named = "The bromide gave 1N (2.0 g) as a solid."
    start = named.index("1N")
    assert bare_label_uses(named, 0, len(named)) == [(start, start + 2)]


def test_an_example_label_the_product_is_called_by_resolves_to_its_heading_s_name() -> None:
    text = (
        "Intermediate 7: 2-amino-5-bromonicotinic acid methyl ester\nNBS was added to "
        "methyl 2-aminonicotinate in DMF and the precipitate was collected to yield "
        "Intermediate 7 (4.2 g, 91%)."
    )
    found = described_compound(text, text.index("91%"), build_label_table(text))
    assert found is not None
    assert (found.name, found.label) == (
        "2-amino-5-bromonicotinic acid methyl ester",
        "Intermediate 7",
    )


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("Complex 3 was isolated as red crystals in 65 % yield .", "3"),
        ("Under these conditions the desired triazole 6 was formed in 95 % yield .", "6"),
        ("Fluorolysis gave the vinyl-BF3K / B(mida) bisboronate 19 in 63 % yield .", "19"),
        ("The sulfide 5 was oxidised at once , in 80 % yield .", "5"),
    ],
)
def test_a_bare_number_after_its_class_word_is_a_label(text: str, label: str) -> None:
    span = find_label(text, label, text.index("%"), build_label_table(text))
    assert span is not None and text[span[0] : span[1]] == label


@pytest.mark.parametrize(
    ("text", "value", "name", "label"),
    [
        (
            "The crude desired N-[3-(2-fluoro-4′-hydroxymethyl-biphenyl-4-yl)-2-oxo-oxazolidin-"
            "5-ylmethyl]-acetamide 51 (12.50 g, 94% yield) was obtained as off-white solids.",
            "94%",
            "N-[3-(2-fluoro-4′-hydroxymethyl-biphenyl-4-yl)-2-oxo-oxazolidin-5-ylmethyl]-acetamide",
            "51",
        ),
        (
            "3-(1H-Indol-6-yl)-3-(3-chloro-phenyl)-N-methyl-propionamide XLI (340 mg, 89% yield) "
            "was prepared from the methyl ester.",
            "89%",
            "3-(1H-Indol-6-yl)-3-(3-chloro-phenyl)-N-methyl-propionamide",
            "XLI",
        ),
        ("Hydrolysis gave the acid 10 (1.72 g, 91%) as a white solid.", "91%", None, "10"),
    ],
)
def test_a_label_printed_right_after_a_full_name_is_that_name_s(
    text: str, value: str, name: str | None, label: str
) -> None:
    mention = described_compound(text, text.index(value), build_label_table(text))
    assert mention is not None and (mention.name, mention.label) == (name, label)


@pytest.mark.parametrize("word", ["moderate", "separate", "beside"])
def test_a_word_ending_like_a_class_is_no_class_word(word: str) -> None:
    text = f"The mixture was stirred in a {word} 3 flasks and gave 4 in 80 % yield ."
    assert find_label(text, "3", text.index("%"), build_label_table(text)) is None


def test_a_bracketed_label_before_in_its_yield_is_the_product_s() -> None:
    text = (
        "4-Phenyl-2-butanone success- fully produced the corrosponding furan ( 3jb ) in 52 % "
        "yield ."
    )
    mention = described_compound(text, text.index("52 %"), build_label_table(text))
    assert mention is not None and mention.label == "3jb"


def test_a_label_run_into_its_verb_is_a_label_and_no_name() -> None:
    text = "In addition, the desired product 8aawas obtained in 78% yield when Rh-8 was used."
    assert [text[s:e] for s, e in bare_label_uses(text, 0, len(text))] == ["8aa"]
    assert "8aawas" not in [text[s:e] for s, e in names_in(text, 0, len(text))]


@pytest.mark.parametrize(
    "text",
    [
        "The solvent was removed to give 3a as a pale-yellow oil (4.26 g, 19.8 mmol, 99% yield).",
        "The solvent was removed to give 3a as a pale-yellow oil ( 4.26 g , 19.8 mmol , 99 % "
        "yield ) .",
    ],
)
def test_the_spaces_of_tokenised_text_are_not_counted_as_what_stands_between(text: str) -> None:
    """What stands between a product and its yield is read back piece by piece, a bounded
    number of pieces; tokenised text has twice as many spaces, and they are no pieces."""
    mention = described_compound(text, text.index("99"), build_label_table(text))
    assert mention is not None and (mention.name, mention.label) == (None, "3a")


def test_a_heading_label_s_run_on_citation_is_not_part_of_the_name() -> None:
    text = (
        "HRMS found, 264.1262. 3-(4-Formylphenyl)-1-methylquinolin-4(1H)-one (9e).32 Yield = "
        "61% (44.9 mg), white solid."
    )
    mention = described_compound(text, text.index("61%"), build_label_table(text))
    assert mention is not None
    assert (mention.name, mention.label) == ("3-(4-Formylphenyl)-1-methylquinolin-4(1H)-one", "9e")


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        # a label's reduced relative clause
        (
            "The pentyl group did not affect the yield, with the corresponding product 9m "
            "obtained in excellent yield (90%) (Table 4, entry 13).",
            "90%",
            "9m",
        ),
        ("Using the crude ester 9m obtained in 90 % yield , it was hydrolysed .", "90 %", "9m"),
        # a number printed after a formula
        (
            "The cyclometalated complex [Np(Ph2P,C)IrCl(Cp*)] 30 was thereby obtained in a good "
            "yield (72%) along with a small amount of the non-cyclometalated complex.",
            "72%",
            "30",
        ),
        # a labelled name closing an apposition
        (
            "Separation of the products gave a hexakis-PCP Pd13 cluster, "
            "[Pd13(μ4-PCP)6(μ-Cl)3][B(ArF)4]2 (2), in 15% yield, whereas Pd17 was not.",
            "15%",
            "2",
        ),
        # a bare number opening a clause in the present
        ("When the reaction was performed in neat acetone, 2 is formed in 9% yield.", "9%", "2"),
    ],
)
def test_a_label_the_sentence_s_form_ties_to_its_yield(text: str, value: str, label: str) -> None:
    mention = described_compound(text, text.index(value), build_label_table(text))
    assert mention is not None and mention.label == label


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("Reduction of ketone 5 gave the alcohol, 6, in 85% yield.", "85%", "6"),
        ("Oxidation with DMP afforded the aldehyde , 12b , in 90 % yield .", "90 %", "12b"),
    ],
)
def test_a_product_s_number_set_off_by_commas_after_its_kind_is_its_label(
    text: str, value: str, label: str
) -> None:
    """``gave the alcohol, 6, in 85% yield``: older papers set the number off as an
    apposition; it is the product the verb made, not a stray number."""
    found = described_compound(text, text.index(value), build_label_table(text))
    assert found is not None and (found.name, found.label) == (None, label)
    # a number that is no apposition (no comma after it) names nothing by this form
    plain = "Reduction of ketone 5 gave the alcohol, 6 in all, in 85% yield."
    found = described_compound(plain, plain.index("85%"), build_label_table(plain))
    assert found is None or found.label != "6"


HEADED = "Example 14\n2-Chloro-N-(4-methoxybenzyl)acetamide\n"


@pytest.mark.parametrize(
    "sentence",
    [
        "The mixture was washed with water and concentrated to give a white solid (1.9 g, 89%).",
        "A white solid (1.9 g, 89%) was obtained.",
        "Filtration afforded an off-white crystalline powder (1.9 g, 89%).",
    ],
)
def test_a_product_called_by_how_it_looks_is_the_heading_s(sentence: str) -> None:
    text = HEADED + sentence
    found = described_compound(text, text.index("89%"), build_label_table(text))
    assert found is not None and found.name == "2-Chloro-N-(4-methoxybenzyl)acetamide"


def test_a_look_with_no_heading_names_no_compound() -> None:
    text = "The mixture was concentrated to give a white solid (1.9 g, 89%)."
    assert described_compound(text, text.index("89%"), build_label_table(text)) is None
