"""Whose a value is, read from the form of the sentence (``extraction/entries.py``).

Each case is a passage written in one of the conventions of chemical writing, the
value asked about (the first occurrence of the marker after an optional anchor), and
the compound the form gives it, or None where no form applies and the model decides.
"""

from __future__ import annotations

import pytest

from molextract.extraction.entries import (
    bracketed_after_name,
    compound_by_form,
    entry_compound,
    named_after_value,
    product_after_conditions,
    product_before_yield,
    product_of_sentence,
    read_entries,
    sentence_start,
    sentence_subject,
    sheet_field,
    step_product,
)
from molextract.extraction.label_table import build_label_table
from molextract.extraction.whose import Site, by_form


def whose(text: str, marker: str, after: str = "") -> tuple[str | None, str | None] | None:
    start = text.index(marker, text.index(after) if after else 0)
    value = marker.split(" ")[0] if marker[0].isdigit() or marker[0] in "−-" else marker
    end = start + len(value)
    table = build_label_table(text)
    found = compound_by_form(text, start, end, table, read_entries(text, table))
    if found is None:
        return None
    assert found.start is not None and found.end is not None and found.grounded
    assert found.name is None or text[found.start : found.end] == found.name or found.label
    return found.name, found.label


# (passage, value marker, anchor to search the marker after, expected name, label)
CASES = [
    # a relative clause between the compound and its verb, after a comma or without one
    ("Naphthalene, which melts at 80 °C, was used as the medium.", "80 °C", "",
     "Naphthalene", None),
    ("It is mixed with low density polyethylene which freezes at about 87° C.", "about 87° C", "",
     "polyethylene", None),
    # an entry heading with its label; the product's data follow
    ("2-Bromo-5-methylphenol (4c). Prepared from 3-methylphenol (1.08 g) by procedure B; "
     "white solid (1.31 g, 70%); mp 61–63 °C.", "61–63", "", "2-Bromo-5-methylphenol", "4c"),
    ("2-Bromo-5-methylphenol (4c). Prepared from 3-methylphenol (1.08 g) by procedure B; "
     "white solid (1.31 g, 70%); mp 61–63 °C.", "70%", "", "2-Bromo-5-methylphenol", "4c"),
    # an unlabelled heading at the start of a line
    ("Methyl cinnamate. Cinnamic acid (7.4 g) was heated in methanol with sulfuric acid "
     "for 4 h. Work-up left an oil that solidified: 7.1 g (88%), m.p. 34–36 °C.",
     "88%", "", "Methyl cinnamate", None),
    # a heading with a common name in brackets
    ("4-Hydroxyacetanilide (paracetamol). 4-Aminophenol (10.9 g) was acetylated in water; "
     "the product crystallised on cooling, 12.5 g (83%), mp 168–170 °C.",
     "168–170", "", "4-Hydroxyacetanilide", None),
    # entries that follow one another inside one paragraph
    ("The acids were esterified as above. Ethyl 4-chlorobenzoate (9a): 1.62 g (88%), "
     "bp 237 °C. Ethyl 4-methylbenzoate (9b): 1.48 g (90%), bp 235 °C.",
     "90%", "", "Ethyl 4-methylbenzoate", "9b"),
    ("The acids were esterified as above. Ethyl 4-chlorobenzoate (9a): 1.62 g (88%), "
     "bp 237 °C. Ethyl 4-methylbenzoate (9b): 1.48 g (90%), bp 235 °C.",
     "237", "", "Ethyl 4-chlorobenzoate", "9a"),
    # an entry opened by a label, then the name
    ("Compound 14, 3-(4-fluorophenyl)propanoic acid, was prepared likewise. Colourless "
     "plates. Yield: 76%. mp: 86–87 °C.", "86–87", "", "3-(4-fluorophenyl)propanoic acid", "14"),
    # a later line opened by a verb of making starts another entry
    ("Isobutyl acetate (6). Isobutanol (7.4 g) and acetic anhydride gave the ester, "
     "9.9 g (85%), bp 116–118 °C.\nIsopentyl acetate was prepared in the same way: "
     "10.8 g (83%), bp 140–142 °C.", "83%", "", "Isopentyl acetate", None),
    # the product a verb introduces beats the entry's heading
    ("2-Phenylquinoline (5). The imine (3.0 g) was prepared first: 2.8 g (91%), mp 51 °C. "
     "Cyclisation in polyphosphoric acid then afforded 2-phenylquinoline (2.1 g, 80%) as "
     "needles, mp 84–85 °C.", "84–85", "", "2-phenylquinoline", "5"),
    ("Hydrolysis of 7 in boiling water gave, after cooling, 2,3-dimethylsuccinic acid (8) "
     "in 90% yield; mp 209 °C.", "209", "", "2,3-dimethylsuccinic acid", "8"),
    # a verb followed by an amount leaves the entry to say whose
    ("Anisole-4-carbaldehyde oxime. The aldehyde (1.36 g) and hydroxylamine were heated; "
     "this gave 1.40 g (93%) of the oxime, mp 131–133 °C.",
     "131–133", "", "Anisole-4-carbaldehyde oxime", None),
    # the subject of a physical verb
    ("Cracking of the dimer at 170 °C gave monomeric cyclopentadiene, which distilled at "
     "40–42 °C.", "40–42", "", "cyclopentadiene", None),
    ("On warming, freshly distilled acetaldehyde boils at 20 °C.", "20 °C", "",
     "acetaldehyde", None),
    # a name the value is bracketed after; a solvent it is measured in is not whose
    ("Toluene (bp 111 °C, d 0.867 g/mL) was distilled from sodium.", "0.867", "",
     "Toluene", None),
    ("Benzil is sparingly soluble in water (0.2 g/L at 25 °C).", "0.2 g/L", "",
     "Benzil", None),
    # values printed before their compound
    ("Measured log P values were 1.46 for phenol, 2.39 for 4-chlorophenol and 3.06 for "
     "2,4-dichlorophenol.", "2.39", "", "4-chlorophenol", None),
    ("At pH 7.4, logD was −0.62 (salicylic acid) and 0.68 (aspirin).", "0.68", "",
     "aspirin", None),
    ("Saturation solubility was 2.1 mg/mL (water) at 25 °C.", "2.1", "", None, None),
    # readings listed after their compound's name or label
    ("Densities at 20 °C: acetone 0.791 g/mL, carbon disulfide 1.263 g/mL and "
     "nitromethane, 1.137 g/mL.", "1.263", "", "carbon disulfide", None),
    ("2-Nitrophenol (1a) and 4-nitrophenol (1b) were compared. Melting points: 1a: mp "
     "44–45 °C; 1b: mp 113–114 °C.", "113–114", "", "4-nitrophenol", "1b"),
    ("Melting points: 3a, 120 °C; 3b, 135 °C; 3c, 141 °C.", "135", "", None, "3b"),
    # the subject of a descriptive sentence, and the one before a pronoun
    ("Vanillin (4-hydroxy-3-methoxybenzaldehyde) is a colourless solid, mp 81–83 °C. "
     "Its solubility in water is 10 g/L at 25 °C.", "10 g/L", "", "Vanillin", None),
    ("Thymol is only slightly soluble (0.9 g/L) and melts at 49–51 °C.", "49–51", "",
     "Thymol", None),
    # a later clause with a subject of its own
    ("Urea was recrystallised from ethanol (yield 95%), and thiourea was obtained in 88% "
     "yield.", "88%", "", "thiourea", None),
    # a contrasting clause without a readable subject leaves it to the model
    ("The sodium salt dissolved to 210 mg/mL, while the free acid reached only 3 mg/mL.",
     "3 mg/mL", "", None, None),
    # a data sheet's field is the sheet's compound's
    ("Caffeine, anhydrous. CAS 58-08-2. Appearance: white powder. Melting point: "
     "235–237 °C. Solubility: 21.7 mg/mL in water.", "235–237", "", "Caffeine", None),
    # a kind of compound in a heading is no entry; a cue abbreviation neither
    ("1,2,3-Triazoles: general procedure. The azide and the alkyne were stirred with "
     "copper sulfate; the product was collected, 0.88 g (91%).", "91%", "", None, None),
    # a share of the product, then its label and the verb that made it
    ("With CuBr alone no product formed, but 40% product 6d was obtained when the oxidant "
     "was added.", "40%", "", None, "6d"),
    # "yield of the titled compound" after the product's mass: the entry heading's
    ("4-(Hexyloxy)benzonitrile (2e).\n\nThe general procedure gave a white powder with 88% "
     "(190 mg) yield of the titled compound. mp 55 °C.", "88%", "", "4-(Hexyloxy)benzonitrile",
     "2e"),
    # an entry heading with an italic locant PDF text spaced out
    ("4-Methoxy-2-nitro- N -phenylaniline (3b).\n\nThe general procedure gave an orange "
     "powder with 79% (176 mg) yield of titled compound.", "79%", "",
     "4-Methoxy-2-nitro- N -phenylaniline", "3b"),
    # a list of entries in one sentence, each after a semicolon
    ("The following compounds were prepared by this method: 2-(4-chlorophenyl)benzothiazole "
     "(4b): yield 88%, mp 116 °C; 2-(4-methoxyphenyl)benzothiazole (4c): yield 91%, mp "
     "121 °C.", "121", "", "2-(4-methoxyphenyl)benzothiazole", "4c"),
    # a lettered label's entry after the sentence before it
    ("A mixture of 5 (1 mmol) and the aldehyde (1 mmol) was refluxed for 3 h. 7a: yield "
     "65%, mp 210 °C. 7b: yield 71%, mp 198-200 °C.", "71%", "", None, "7b"),
    # a lettered label's entry made by a general procedure
    ("3e: Following GP2, white solid, 64 mg, 68% yield; mp 98–100 °C.", "68%", "", None, "3e"),
    # the solvent bracketed after a melting point is what it crystallised from
    ("2-(4-Chlorophenyl)benzothiazole (4b). Yield: 0.45 g (82%), colorless crystals, m.p. "
     "145–146 °C (EtOH).", "145–146", "", "2-(4-Chlorophenyl)benzothiazole", "4b"),
    ("Acetanilide (5). Yield 80%, m.p. 114 °C (EtOH/H2O).", "114", "", "Acetanilide", "5"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "marker", "after", "name", "label"), CASES)
def test_the_form_says_whose(
    text: str, marker: str, after: str, name: str | None, label: str | None
) -> None:
    found = whose(text, marker, after)
    if name is None and label is None:
        assert found is None
    else:
        assert found == (name, label)


def test_patents_title_compound_is_the_section_headings() -> None:
    text = (
        "Example 4\n\nSodium 4-chlorobenzoate\n\n"
        "4-Chlorobenzoic acid (15.7 g) was neutralised with sodium hydroxide. The salt was "
        "collected: 16.9 g (95% of the theoretical) of the title compound of melting point "
        "above 300° C. The title compound dissolved in water to 250 mg/ml."
    )
    assert whose(text, "95%") == ("Sodium 4-chlorobenzoate", "Example 4")
    assert whose(text, "250 mg/ml") == ("Sodium 4-chlorobenzoate", "Example 4")


def test_patents_amount_then_of_name() -> None:
    text = (
        "Step A: This gave 12.2 g (81% of the theoretical) of 2-chloro-N-phenylacetamide "
        "of melting point 134-136° C."
    )
    assert whose(text, "81%") == ("2-chloro-N-phenylacetamide", None)
    assert whose(text, "134-136") == ("2-chloro-N-phenylacetamide", None)


def test_an_entry_ends_at_a_blank_line() -> None:
    text = (
        "Benzophenone oxime (2). The ketone gave the oxime, 1.7 g (86%).\n\n"
        "In a separate experiment the melt was held at 142 °C."
    )
    assert whose(text, "86%") == ("Benzophenone oxime", "2")
    assert whose(text, "142") is None


@pytest.mark.parametrize(
    ("text", "value", "name", "label"),
    [
        ("Reaction of thiazole 4 with organolithium 5 aﬀorded 2 in 74 % yield.", "74 %", None,
         "2"),
        ("Enone 6 also gives dienone 7 in over 90 % yield", "90 %", "dienone", "7"),
        ("The bond forming event produced 9 in 86 % yield.", "86 %", None, "9"),
        ("Its coupling to triflate 16 proved superior, leading to 25 with an 85 % total yield.",
         "85 %", None, "25"),
        ("Ester 3 was converted to benzoic acid 12 in 80 % yield.", "80 %", "benzoic acid",
         "12"),
        ("Enone 5 is readily converted to a mixture of diastereomeric dienones 7 in 77 % yield.",
         "77 %", None, "7"),
        ("The coupled product was isolated as its acetate 12 in 78 % overall yield.", "78 %",
         "acetate", "12"),
        ("Oxidation of the acetal to lactone 25 was accomplished in 95 % yield .", "95 %", None,
         "25"),
        ("Conversion of 3 to 4 was achieved in 70 % yield .", "70 %", None, "4"),
        ("In this case , the yield of 2l dropped to 40 % .", "40 %", None, "2l"),
        ("The overall yield of 24 from 1 was 18 % .", "18 %", None, "24"),
        ("Halides afforded the desired products 7d − f in good yields ( 62 − 69 % ) .", "62 − 69",
         None, "7d"),
        ("Oxidation with MnO2 afforded 4-methoxybenzaldehyde 12 in 80% yield.", "80%",
         "4-methoxybenzaldehyde", "12"),
        ("Reductive amination delivered N-methylpiperidine 14 in 65% overall yield.", "65%",
         "N-methylpiperidine", "14"),
        ("The yield of alcohol 11 thus obtained was consistently around 50 % .", "50 %", None,
         "11"),
        ("The analogous step in the preparation of compound 4 proceeded in 54 % yield .",
         "54 %", None, "4"),
        # up to four words of kind, one opening on a locant
        ("The reduction proceeded smoothly, affording the corresponding chiral "
         "2-functionalized tetrahydroquinolines 28 with up to 98% yield and 99% ee.", "98%",
         None, "28"),
    ],
)  # fmt: skip
def test_a_label_a_verb_of_making_introduces_is_the_product(
    text: str, value: str, name: str | None, label: str
) -> None:
    table = build_label_table(text)
    found = product_of_sentence(text, text.index(value), table)
    assert found is not None and found.start is not None
    assert (found.name, found.label) == (name, label)
    assert text[found.start : found.end].endswith(label)


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("Functional groups were tolerated, affording the oxindoles 28−33 in 50−65% yields.",
         "50−65%", "28"),
        ("Compound 4 and the bases generated the energetic salts 5-10 in 73-88% yields.",
         "73-88%", "5"),
    ],
)  # fmt: skip
def test_a_run_of_numbered_compounds_after_a_plural_kind_is_the_series(
    text: str, value: str, label: str
) -> None:
    """``the oxindoles 28−33 in 50−65% yields``: a run of plain numbers is a series of
    compounds only after a plural kind; the series is named by its first member."""
    found = product_of_sentence(text, text.index(value), build_label_table(text))
    assert found is not None and found.label == label
    ranged = "Heating the mixture gave 5-10 in 73-88% yields."
    found = product_of_sentence(ranged, ranged.index("73-88%"), build_label_table(ranged))
    assert found is None or found.label != "5"


@pytest.mark.parametrize(
    "text", ["Hydrolysis gave 2 equiv of acid in 90% yield.", "It gave 2,3-xylenol in 90% yield."]
)
def test_an_amount_or_a_locant_after_the_verb_is_no_label(text: str) -> None:
    found = product_of_sentence(text, text.index("90%"), build_label_table(text))
    assert found is None or found.label is None


@pytest.mark.parametrize(
    "text",
    [
        "The yields of 3a and 3b were 80 and 90%, respectively.",
        "The yield of the reaction was 90%.",
    ],
)
def test_the_yield_of_a_list_or_of_no_compound_names_no_product(text: str) -> None:
    assert product_of_sentence(text, text.index("90%"), build_label_table(text)) is None


def test_a_sentence_that_is_only_the_yield_is_the_previous_sentence_s_product() -> None:
    text = (
        "The mixture was stirred for 3 hours. Chromatography gave 56.2 g of methyl "
        "4-(morpholino)benzoate (Quencher 7). Yield 98%."
    )
    found = product_before_yield(text, text.index("98%"), build_label_table(text))
    assert found is not None and found.name == "methyl 4-(morpholino)benzoate"
    weighed = (
        "The precipitate was collected to afford N-(thiazol-2-yl)benzamide. "
        "Yield 1.7 g, 83%; mp 151-153° C."
    )
    found = product_before_yield(weighed, weighed.index("83%"), build_label_table(weighed))
    assert found is not None and found.name == "N-(thiazol-2-yl)benzamide"
    bracketed = "Evaporation gave 1-benzyloxy-4-nitrobenzene as crystals. Yield: 2.1 g (92%)."
    found = product_before_yield(bracketed, bracketed.index("92%"), build_label_table(bracketed))
    assert found is not None and found.name == "1-benzyloxy-4-nitrobenzene"
    alone = "The mixture was stirred for 3 hours at 20 °C. Yield 98%."
    assert product_before_yield(alone, alone.index("98%"), build_label_table(alone)) is None


def test_a_conversion_or_purity_between_product_and_yield_is_passed_over() -> None:
    text = (
        "The mixture is worked up as in Example 1, affording 70 g of anisaldehyde and 5 g of "
        "residue. Conversion 73%. Purity: 98.5%. Yield 86%. Selectivity 80%."
    )
    found = product_before_yield(text, text.index("86%"), build_label_table(text))
    assert found is not None and found.name == "anisaldehyde"
    stirred = "The mixture was stirred for 3 hours at 20 °C. Conversion 73%. Yield 86%."
    assert product_before_yield(stirred, stirred.index("86%"), build_label_table(stirred)) is None


def test_a_product_named_last_after_its_amount_and_melting_point_is_the_yield_s() -> None:
    text = "Crystallization gave 3.7 g (59% yield), mp 68°-69°, 4-phenoxybenzoic acid methyl ester."
    value_end = text.index("59%") + 3
    found = named_after_value(text, value_end, build_label_table(text))
    assert found is not None and found.name == "4-phenoxybenzoic acid methyl ester"
    going_on = "Crystallization gave 3.7 g (59% yield), 4-phenoxybenzoic acid was then added."
    found = named_after_value(going_on, going_on.index("59%") + 3, build_label_table(going_on))
    assert found is None


def test_a_compound_called_by_its_label_after_the_amount_and_yield_is_the_yield_s() -> None:
    text = "The residue was purified, completing the preparation of 2.52 g (50%) of Compound 32."
    found = named_after_value(text, text.index("50%") + 3, build_label_table(text))
    assert found is not None and found.label == "32"


@pytest.mark.parametrize(
    "text",
    [
        "Crystallization from benzene gave 4.5 g (92%) of 9 as colorless needles, mp 62° C.",
        "Crystallization from benzene gave 4.5 g (92%) of 9.",
        "Crystallization from benzene gave 4.5 g (92%) of the ester 9.",
        "Crystallization from benzene gave 4.5 g (92%) of colorless needles 9, melting at 62° C.",
    ],
)
def test_a_label_after_the_amount_and_yield_maybe_after_its_kind_is_the_yield_s(
    text: str,
) -> None:
    found = named_after_value(text, text.index("%") + 1, build_label_table(text))
    assert found is not None and found.label == "9"
    desired = "Work-up gave 1.3 g (91%) of the desired 4-chlorobenzyl alcohol."
    found = named_after_value(desired, desired.index("%") + 1, build_label_table(desired))
    assert found is not None and found.name == "4-chlorobenzyl alcohol"
    crude = "Evaporation gave 3.4 g (93%) of crude ethyl 3-oxo-3-phenylpropanoate, which was used."
    found = named_after_value(crude, crude.index("%") + 1, build_label_table(crude))
    assert found is not None and found.name == "ethyl 3-oxo-3-phenylpropanoate"
    amount = "Crystallization from benzene gave 4.5 g (92%) of 9 g of crude material."
    assert named_after_value(amount, amount.index("%") + 1, build_label_table(amount)) is None


@pytest.mark.parametrize(
    "text",
    [
        "The reaction yielded 1.2 g (84%) of the desired product 4-phenylbutan-2-one.",
        "Work-up gave 1.2 g (84%) of the title compound 4-phenylbutan-2-one as an oil.",
    ],
)
def test_a_name_in_apposition_to_the_product_s_role_after_its_yield_is_the_yield_s(
    text: str,
) -> None:
    found = named_after_value(text, text.index("%") + 1, build_label_table(text))
    assert found is not None and found.name == "4-phenylbutan-2-one"


@pytest.mark.parametrize(
    "text",
    [
        "to give 0.22 g ( 0.47 mmol = 73 % ) of white microcrystalline 4-phenylbutan-2-one .",
        "There are obtained 42.6 g (73%) of crystalline 4-phenylbutan-2-one.",
    ],
)
def test_the_product_after_its_yield_and_how_it_looked_is_the_yield_s(text: str) -> None:
    found = named_after_value(text, text.index("%") + 1, build_label_table(text))
    assert found is not None and found.name == "4-phenylbutan-2-one"


def test_a_product_printed_after_its_mass_and_bracket_is_the_yield_s() -> None:
    """``yielding 1.2 g (85%) NAME``: the verb's product after its mass and bracket."""
    text = "The mixture is evaporated, yielding 1.2 g (85%) 2-amino-5-bromopyridine as crystals."
    found = named_after_value(text, text.index("%") + 1, build_label_table(text))
    assert found is not None and found.name == "2-amino-5-bromopyridine"


@pytest.mark.parametrize(
    "text",
    [
        "Heating 22 in xylene afforded the rearranged product 23 in 60 % yield along with "
        "15 % of 24 .",
        "Heating 22 gave 23 (60%) together with 15% of the dimer 24.",
    ],
)
def test_a_second_product_s_share_after_along_with_is_its_own(text: str) -> None:
    """``along with 15 % of 24``: the percentage is the yield of what follows its ``of``."""
    value_end = text.index("%", text.index("15")) + 1
    found = named_after_value(text, value_end, build_label_table(text))
    assert found is not None and found.label == "24"


def test_a_number_after_a_name_a_line_broke_at_its_hyphen_is_a_locant_not_a_label() -> None:
    text = "to give 0.22 g ( 73 % ) of 4a,8a-dihydro-4,4-diphenyl- 1 -(diphen- ylmethylidene)"
    found = named_after_value(text, text.index("%") + 1, build_label_table(text))
    assert found is None or found.label is None


def test_a_yield_of_a_solid_named_by_its_analytical_sample_is_that_compound_s() -> None:
    """Older patents state the crude solid's yield, then name the recrystallised
    analytical sample; a yield stated between them is another product's."""
    text = (
        "The resultant oil was leached with hot ether to give a solid; yield, 1.31 g (84%), "
        "m.p. 174°-176°. Recrystallization from ethanol gave the analytical sample of "
        "9-(2-hydroxyethoxymethyl)-2-methylthioadenine; nmr (DMSO-d6) 2.49 (3H, S)."
    )
    assert whose(text, "84%") == ("9-(2-hydroxyethoxymethyl)-2-methylthioadenine", None)
    assert whose(text, "174°") == ("9-(2-hydroxyethoxymethyl)-2-methylthioadenine", None)
    between = text.replace("m.p. 174°-176°.", "m.p. 174°. The filtrate gave 0.2 g (9%).")
    assert whose(between, "84%") is None


@pytest.mark.parametrize(
    ("text", "name", "label"),
    [
        ("An 85 % yield of 5 was obtained .", None, "5"),
        ("The best result ( 85 % yield of 26 ) was obtained with Pd(OAc)2 .", None, "26"),
        ("The reaction led to an 85 % yield of ketone 5 .", None, "5"),
        ("This afforded an 85% yield of 4-bromobenzamide as a solid.", "4-bromobenzamide", None),
    ],
)
def test_the_compound_a_yield_is_said_to_be_of_is_the_yield_s(
    text: str, name: str | None, label: str | None
) -> None:
    found = named_after_value(text, text.index("%") + 1, build_label_table(text))
    assert found is not None and (found.name, found.label) == (name, label)


@pytest.mark.parametrize(
    ("text", "value", "name", "label"),
    [
        ("Alkylation (K2CO3, DMF, BrCH2CO2Me, 99%) then reduction (H2, Pd/C, EtOH, 61%) of "
         "3,6-dinitrocarbazole afforded 3,6-diaminocarbazole (5).", "61%",
         "3,6-diaminocarbazole", "5"),
        ("Protection (TBSCl, imidazole, DMF, 95%) gave silyl ether 12.", "95%", None, "12"),
    ],
)  # fmt: skip
def test_a_step_s_bracketed_yield_is_the_product_the_sentence_then_names(
    text: str, value: str, name: str | None, label: str
) -> None:
    start = text.index(value)
    found = step_product(text, start, start + len(value), build_label_table(text))
    assert found is not None
    assert (found.name, found.label) == (name, label)


@pytest.mark.parametrize("prefix", ["Synthesis of ", "Preparation of ", "General synthesis of "])
def test_an_entry_heading_may_say_it_makes_its_compound(prefix: str) -> None:
    text = (
        f"{prefix}5-bromo-N-methylpicolinamide (8). Methylamine (2 M in THF, 10 mL) was added "
        "to methyl 5-bromopicolinate (2.16 g). Yield 1.98 g (92%); white solid; mp 101–102 °C."
    )
    table = build_label_table(text)
    mention = entry_compound(text, text.index("92%"), table)
    assert mention is not None
    assert (mention.name, mention.label) == ("5-bromo-N-methylpicolinamide", "8")


def test_a_lettered_step_opens_an_entry_for_the_product_it_names() -> None:
    """``… (91%). (b) NAME. PBr3 was added …``: an example's lettered steps, each headed
    by its product; a lettered list of reagents opens none."""
    text = (
        "(a) 4-Chlorobenzyl alcohol: NaBH4 was added to 4-chlorobenzaldehyde to give a white "
        "solid (1.3 g, 91%). (b) 4-Chlorobenzyl bromide. PBr3 was added to the alcohol to give "
        "an oil (1.5 g, 80%)."
    )
    table = build_label_table(text)
    first = entry_compound(text, text.index("91%"), table)
    second = entry_compound(text, text.index("80%"), table)
    assert first is not None and first.name == "4-Chlorobenzyl alcohol"
    assert second is not None and second.name == "4-Chlorobenzyl bromide"
    reagents = "The mixture was treated with (a) NaH, DMF and (b) MeI to give an oil (1.5 g, 80%)."
    assert entry_compound(reagents, reagents.index("80%"), build_label_table(reagents)) is None


def test_a_sentence_may_open_on_a_name_s_locants() -> None:
    """``… with NBS. 2-Bromoacetylthiophene was thus obtained``: the full stop ends a
    sentence though the next opens on a digit; a step's charged subject is no subject."""
    text = (
        "2-Acetylthiophene was brominated with NBS. 2-Bromoacetylthiophene was thus "
        "obtained, yield 74%, as a low-melting solid."
    )
    assert sentence_start(text, text.index("74%")) == text.index("2-Bromo")
    found = sentence_subject(text, text.index("74%"), build_label_table(text))
    assert found is not None and found.name == "2-Bromoacetylthiophene"
    charged = "Amides. 4-Aminophenol (10.9 g) was acetylated in water, 12.5 g (83%), mp 168 °C."
    assert sentence_subject(charged, charged.index("83%"), build_label_table(charged)) is None
    kept = "Ratios. Fig. 2 shows the data."
    assert sentence_start(kept, kept.index("shows")) == kept.index("Fig.")


def test_a_yield_sentence_may_say_about_how_much() -> None:
    text = (
        "Morpholine and 4-chlorobenzoyl chloride afforded 4-(4-chlorobenzoyl)morpholine as a "
        "colourless solid. The yield was approximately 91% (16.5 g)."
    )
    found = product_before_yield(text, text.index("91%"), build_label_table(text))
    assert found is not None and found.name == "4-(4-chlorobenzoyl)morpholine"


def test_a_scaled_run_s_starting_material_is_no_form_s_compound() -> None:
    """``(1.48g 1a, 67%, 90% ee)``: what the run started from, weighed out at the opening
    of the yield's bracket, is not a name the yield follows in a list of readings."""
    text = "Heating 1a with ethylene gave 633 mg of 1c on 4 mmol scale (1.48g 1a, 67%, 90% ee)."
    assert whose(text, "67%") is None
    assert whose("Distilled: chloroform, 61.2 °C.", "61.2 °C") == ("chloroform", None)


@pytest.mark.parametrize(
    ("text", "marker", "expected"),
    [
        # a heading of a label alone, a sentence of its own
        (
            "The residue was purified to afford compound 14. Compound 14. Colorless oil; "
            "1.26 g, 85% yield; [α]D20 = -27.1 (c = 1.0, CHCl3).",
            "85%",
            (None, "14"),
        ),
        # a heading that prints its label bare before the full stop
        (
            "Hydroquinine-6′-Boric Acid 3. Grayish white solid; 0.4385 g, 88% yield; "
            "MP: 210.9-211.3 °C.",
            "88%",
            ("Hydroquinine-6′-Boric Acid", "3"),
        ),
    ],
)
def test_an_entry_heading_may_be_a_label_or_print_its_label_bare(
    text: str, marker: str, expected: tuple[str | None, str | None]
) -> None:
    assert whose(text, marker) == expected


@pytest.mark.parametrize(
    ("text", "marker", "expected"),
    [
        ("The substrates reacted smoothly to generate the products 5b-5d in yields of 95-98%.",
         "95-98%", (None, "5b")),
        ("Phenols gave the desired product (3bn) in a 56% yield with 20 : 1 rr.", "56%",
         (None, "3bn")),
        ("Halides produced the corresponding products (3d-3i) in 68-86% yields.", "68-86%",
         (None, "3d")),
        ("Aldehydes 1p,q reacted to produce heterocycles 7p,q in 76 − 80 % yields.", "76",
         (None, "7p")),
        ("Thiols reacted, affording a variety of hydroquinine-selenides 10b-o with 43-72% "
         "yields.", "43-72%", (None, "10b")),
        ("Treating 1 with POCl3 resulted in the formation of 4 in enhanced yield (26%).",
         "26%", (None, "4")),
    ],
)  # fmt: skip
def test_a_verb_of_making_introduces_a_run_or_a_bracketed_label(
    text: str, marker: str, expected: tuple[str | None, str | None]
) -> None:
    assert whose(text, marker) == expected


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("The solid was washed to give yellow solid 11-c (700mg, yield 90%).", "11-c"),
        ("The residue was purified to give white solid 6-b (0.5g, yield 50%).", "6-b"),
    ],
)
def test_a_label_numbered_by_step_is_one_label_not_a_run(text: str, label: str) -> None:
    """``11-c``: patents number a route's steps onto their compounds; it is no series."""
    table = build_label_table(text)
    start = text.index("%") - 2
    decision = by_form(Site(text, start, start + 3, table, read_entries(text, table)))
    assert decision is not None and decision.mention is not None
    assert label in (decision.mention.name, decision.mention.label)


def test_a_footnote_number_after_a_full_stop_still_ends_the_sentence() -> None:
    text = (
        "Reagents to generate and transfer S2 were reported with moderate success.2 The "
        "best isolated yields ( 60-85 % ) of adducts like 1 result from dithiones."
    )
    assert text.index("success.") < sentence_start(text, text.index("60-85")) <= text.index("The")
    assert whose(text, "60-85 %") is None


@pytest.mark.parametrize(
    ("text", "marker", "expected"),
    [
        ("The aliphatic aldehydes gave the corresponding products (3q and 3t) with 69-74% "
         "yields.", "69-74%", (None, "3q")),
        ("Substitution (7b) resulted in the generation of desired product 8b with a 45% "
         "yield.", "45%", (None, "8b")),
    ],
)  # fmt: skip
def test_a_bracketed_list_and_the_generation_a_step_resulted_in(
    text: str, marker: str, expected: tuple[str | None, str | None]
) -> None:
    assert whose(text, marker) == expected


def test_a_heading_may_say_its_product_is_a_mixture_of_isomers() -> None:
    text = (
        "found, 355.1000. 5-(4-Bromophenyl)-5-phenyl-5H-cyclopenta[1,2-b:5,4-b′]-dipyridine "
        "(29) as a Mixture of Isomers (1:3, o/p). Following general procedure C, the alcohol "
        "gave a white solid. The product was purified by chromatography. mp 220-222 °C."
    )
    assert whose(text, "220-222 °C") == (
        "5-(4-Bromophenyl)-5-phenyl-5H-cyclopenta[1,2-b:5,4-b′]-dipyridine",
        "29",
    )


def test_a_heading_may_cite_where_its_known_compound_was_made_before() -> None:
    """``NAME (4a).22 Pale-yellow solid``: the reference number after the heading's full
    stop still closes the heading."""
    text = (
        "The crude product was purified by flash chromatography. 1-Oxo-1-phenylpropan-2-yl "
        "4-methylbenzenesulfonate (4a).22 Pale-yellow solid (74 mg, 81%). Purified by flash "
        "column chromatography. 1-(3-Chlorophenyl)-1-oxopropan-2-yl 4-methylbenzenesulfonate "
        "(4b).22,64 White solid (77 mg, 76%)."
    )
    assert whose(text, "81%") == ("1-Oxo-1-phenylpropan-2-yl 4-methylbenzenesulfonate", "4a")
    assert whose(text, "76%") == (
        "1-(3-Chlorophenyl)-1-oxopropan-2-yl 4-methylbenzenesulfonate",
        "4b",
    )


def test_a_defined_label_is_not_read_from_a_name_s_locants() -> None:
    """``5,5-diphenyl…`` opens on 5, which the document defines: the name is the product."""
    text = (
        "2-(4-Pyridyl)-2-propanol (5) was used. The alcohol 24 (130 mg, 0.5 mmol) and benzene "
        "produced 5,5-diphenyl-5H-indeno[1,2-b]pyridine 25 (160 mg, 97%) as a white solid "
        "(mp 206-207 °C)."
    )
    assert whose(text, "206-207 °C") == ("5,5-diphenyl-5H-indeno[1,2-b]pyridine", "25")


@pytest.mark.parametrize(
    "text",
    [
        "To improve the yield of 9j, we tried NaOH in DMF/H2O, but these conditions led to "
        "lower yields (29 and 24%, respectively).",
        "To improve the yield of 9j , we tried NaOH in DMF/H2O , but these conditions led to "
        "lower yields ( 29 and 24 % , respectively ) .",
    ],
)
def test_the_yield_of_a_label_is_read_with_its_comma_spaced_off(text: str) -> None:
    """Tokenised PDF text (ChemRxnExtractor's) spaces every comma off its word."""
    table = build_label_table(text)
    for value in ("29", "24"):
        found = product_of_sentence(text, text.index(value), table)
        assert found is not None and found.label == "9j"


def test_a_stop_spaced_off_still_ends_its_sentence() -> None:
    text = (
        "Urea gives 1-benzylhydantoin in a yield of only 45.6 % . The subsequent bromination "
        "of the 1-benzylhydantoin proceeds in a low yield of 42.7 % ."
    )
    value = text.index("42.7")
    assert sentence_start(text, value) == text.index("The subsequent")
    assert product_of_sentence(text, value, build_label_table(text)) is None


def test_an_entry_whose_name_opens_on_locants_broken_off_is_its_own() -> None:
    """A heading after the previous entry's data, its name broken after ``6,7-``: the
    yield is this entry's, not the previous one's."""
    text = (
        "2-(4-Chlorophenyl)quinoxaline (4b). Yield: 1017 mg, 91%; yellow solid. HRMS found, "
        "275.0798. 6,7- Dimethyl-2-phenylquinoxaline (4g). Yield: 1043 mg, 89%; yellow solid."
    )
    found = entry_compound(text, text.index("89%"), build_label_table(text))
    assert found is not None and found.label == "4g"


def test_to_yield_introduces_the_product_as_gave_does() -> None:
    text = (
        "2-Phenylpyridines underwent facile monomethylthiolation to yield the desired products "
        "(2d-k) in 42-87% yield."
    )
    found = product_of_sentence(text, text.index("42-87%"), build_label_table(text))
    assert found is not None and found.label == "2d"


@pytest.mark.parametrize(
    ("verb", "name", "label"),
    [("to yield", "glyclauxin D", "5"), ("to obtain", "glyclauxin C1", "9")],
)
def test_a_family_member_s_letter_belongs_to_its_name(verb: str, name: str, label: str) -> None:
    letter = name.split()[1]
    text = f"The residue was purified by HPLC {verb} glyclauxin {letter} ({label}) (2.4 mg, 66%)."
    found = product_of_sentence(text, text.index("66%"), build_label_table(text))
    assert found is not None and (found.name, found.label) == (name, label)


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("Oxidation of 5 with DDQ ( 85 % ) gave quinone 6 .", "6"),
        ("Cyclization of 20 using PPA ( 75 % ) gave ketone 21 .", "21"),
    ],
)
def test_a_step_s_yield_after_its_reagent_is_the_product_s_the_verb_gives(
    text: str, label: str
) -> None:
    found = product_after_conditions(text, text.index("%") - 3, build_label_table(text))
    assert found is not None and found.label == label


@pytest.mark.parametrize(
    "sentence",
    [
        "The yield is 78%.",
        "The yield amounts to 78% of theory.",
        "Yield 78 %, melting point 112 °C.",
        # an example's sentence without its subject, or the yield and its word alone
        "Prepared in the same way (78%).",
        "Prepared analogously. 78% yield.",
    ],
)
def test_a_sentence_that_is_only_the_yield_is_the_heading_compound_s(sentence: str) -> None:
    text = (
        "Example 4\nMethyl 4-aminobenzoate\n\n"
        f"4-Nitrobenzoic acid is esterified and reduced as in Example 1. {sentence}"
    )
    at = text.index("78")
    table = build_label_table(text)
    found = compound_by_form(text, at, at + 3, table, read_entries(text, table))
    assert found is not None and found.name == "Methyl 4-aminobenzoate"


def test_a_sentence_that_is_only_the_yield_names_nothing_without_a_heading() -> None:
    text = "4-Nitrobenzoic acid was esterified and reduced. The yield was 78%."
    at = text.index("78")
    assert sheet_field(text, at, build_label_table(text)) is None


def test_fragments_of_how_the_product_looked_and_its_fields_are_the_paragraph_s() -> None:
    """``Compound 3c was prepared … Yellow solid, 190 mg (80%). Mp: 118-120 °C.``: the
    paragraph is about 3c; the fragments after its first sentence are 3c's."""
    text = (
        "Compound 3c was prepared according to GP1 from 1c (0.5 mmol). "
        "Yellow solid, 190 mg (80%). Mp: 118-120 °C."
    )
    table = build_label_table(text)
    for value in ("80%", "118-120 °C"):
        found = sheet_field(text, text.index(value), table)
        assert found is not None and found.label == "3c" and found.name is None, value


def test_a_short_form_the_text_defines_after_the_subject_is_no_part_of_its_name() -> None:
    text = "2-Methyltetrahydrofuran (2-MeTHF) boils at 80 °C and has a density of 0.854 g/mL."
    found = sentence_subject(text, text.index("0.854"), build_label_table(text))
    assert found is not None and found.name == "2-Methyltetrahydrofuran"
    assert found.end is not None and text[found.start : found.end] == found.name


def test_the_bracket_after_a_medium_is_the_subject_s_value_not_the_medium_s() -> None:
    text = "Benzoic acid is sparingly soluble in cold water (3.4 g/L at 25 °C)."
    assert bracketed_after_name(text, text.index("3.4"), build_label_table(text)) is None
    found = sentence_subject(text, text.index("3.4"), build_label_table(text))
    assert found is not None and found.name == "Benzoic acid"


def test_a_subject_that_showed_a_value_is_its_compound() -> None:
    text = "Meloxicam, an enolic acid with log P 3.43, showed log D7.4 = 0.07."
    found = sentence_subject(text, text.index("0.07"), build_label_table(text))
    assert found is not None and found.name == "Meloxicam"


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("Compound 9 had a melting point of 121 °C.", "121", "9"),
        ("Product 5 is a colourless oil, bp 84-86 °C/12 mmHg.", "84-86", "5"),
    ],
)
def test_a_subject_called_by_its_kind_and_label_is_its_value_s_compound(
    text: str, value: str, label: str
) -> None:
    found = sentence_subject(text, text.index(value), build_label_table(text))
    assert found is not None and found.label == label


def test_a_labelled_subject_that_is_worked_on_is_no_subject_of_the_value() -> None:
    text = "Compound 9 was dissolved in ethanol (20 mL) at 60 °C."
    assert sentence_subject(text, text.index("60"), build_label_table(text)) is None


def test_an_amount_of_a_product_called_by_how_it_looks_is_the_heading_s() -> None:
    text = (
        "Preparation 3\n(4-Chlorophenyl)(pyridin-3-yl)methanol\n"
        "Work-up afforded 1.6 g (73%) of a pale yellow solid, m.p. 86-88° C."
    )
    end = text.index("73%") + 3
    found = named_after_value(text, end, build_label_table(text))
    assert found is not None and found.name == "(4-Chlorophenyl)(pyridin-3-yl)methanol"
    # what the look is then said to be is not this form
    worked = text.replace(", m.p. 86-88° C.", " which was recrystallised.")
    assert named_after_value(worked, end, build_label_table(worked)) is None


@pytest.mark.parametrize(
    "sentence",
    [
        "The mixture was concentrated to give a white solid, m.p. 86-88° C.",
        "The mixture was concentrated to give a white solid (1.9 g, 89%), m.p. 86-88° C.",
        "Work-up afforded 1.6 g (73%) of a pale yellow solid, m.p. 86-88° C.",
    ],
)
def test_a_point_of_a_product_called_by_how_it_looks_is_the_heading_s(sentence: str) -> None:
    headed = "Example 14\n2-Chloro-N-(4-methoxybenzyl)acetamide\n" + sentence
    found = product_of_sentence(headed, headed.index("86-88"), build_label_table(headed))
    assert found is not None and found.name == "2-Chloro-N-(4-methoxybenzyl)acetamide"
    # with no heading that names the product, the look says nothing of whose
    assert (
        product_of_sentence(sentence, sentence.index("86-88"), build_label_table(sentence)) is None
    )
