"""A product a step's verb names only by its class is the yield's compound."""

import pytest

from molextract.extraction.class_product import class_product
from molextract.extraction.entries import read_entries
from molextract.extraction.label_table import build_label_table
from molextract.extraction.whose import Site, by_form


def _decide(text: str, value: str) -> tuple[str | None, str | None, str | None]:
    table = build_label_table(text)
    start = text.rindex(value)
    site = Site(text, start, start + len(value), table, read_entries(text, table),
                property="reaction_yield")  # fmt: skip
    decision = by_form(site)
    if decision is None or decision.mention is None:
        return None, None, None
    mention = decision.mention
    return mention.name, mention.label, decision.source


@pytest.mark.parametrize(
    ("text", "value", "name"),
    [
        ("Oxidation of alcohol 12 with Dess-Martin periodinane gave the corresponding "
         "aldehyde ( 92 % ) , which was used directly .", "92 %", "aldehyde"),
        ("Oxidation of alcohol 12 with Dess-Martin periodinane gave the corresponding "
         "aldehyde in 92 % yield .", "92 %", "aldehyde"),
        ("Swern oxidation of 12 afforded the aldehyde in 85 % yield , which was treated "
         "with the ylide to give the alkene in 70 % yield .", "70 %", "alkene"),
        ("Hydrolysis of ester 5 afforded the acid ( 85 % ) as a white solid .", "85 %", "acid"),
        ("Treatment of 7 with aqueous HCl gave the amine hydrochloride ( 78 % ) .", "78 %",
         "amine hydrochloride"),
        ("The ketone was converted to the enol triflate ( 88 % ) using PhNTf2 .", "88 %",
         "enol triflate"),
        ("The alcohol 8 was protected as its TBS ether ( 95 % ) .", "95 %", "TBS ether"),
        ("Hydrogenation of 4-nitrotoluene over Pd/C in ethanol was complete after 3 h. "
         "Filtration and evaporation gave the amine (0.9 g, 95%).", "95%", "amine"),
        ("A solution of the crude aldehyde in THF was treated with NaBH4 to give the "
         "alcohol ( 1.2 g , 88 % ) .", "88 %", "alcohol"),
        # a class with its substituents' prefix, "formed", and "in N%" closing the clause
        ("Diphenylamine and carbazole efficiently formed the corresponding triarylamines "
         "in 71–99%. Notably, the chloride also reacted.", "71–99%", "triarylamines"),
        ("Oxidation of 12 formed the corresponding aldehyde ( 92 % ) .", "92 %", "aldehyde"),
    ],
)  # fmt: skip
def test_the_class_the_verb_made_is_the_product(text: str, value: str, name: str) -> None:
    # the starting material the sentence names (12, 5, 7, 8) is never the answer
    assert _decide(text, value) == (name, None, "class_product")


@pytest.mark.parametrize(
    ("text", "value", "name"),
    [
        ("After optimization , a 91 % isolated yield of the ketone was achieved .", "91 %",
         "ketone"),
        ("After chromatography 68 % of the cycloadduct was obtained .", "68 %", "cycloadduct"),
    ],
)  # fmt: skip
def test_the_class_the_yield_is_said_to_be_of_is_the_product(
    text: str, value: str, name: str
) -> None:
    assert _decide(text, value) == (name, None, "class_product")


def test_a_label_after_the_class_is_the_label_s_form() -> None:
    text = "The reaction gave a 79 % yield of the ketone 5 ."
    assert _decide(text, "79 %") == (None, "5", "named_after_value")


def test_the_mention_is_where_the_text_prints_it() -> None:
    text = "Hydrolysis of ester 5 gave the desired acid ( 85 % ) ."
    start = text.index("85")
    mention = class_product(text, start, start + 4, build_label_table(text))
    assert mention is not None and mention.start is not None and mention.end is not None
    assert text[mention.start : mention.end] == "acid"


@pytest.mark.parametrize(
    "text",
    [
        # a label after the class word: the label's form reads it
        "Reduction with LiAlH4 gave the diol 14 ( 91 % ) .",
        # no product verb: the class word is what was treated
        "The aldehyde ( 92 % ) was treated with NaBH4 .",
        # "in N %" that is no yield
        "Oxidation gave the aldehyde in 92 % ee .",
    ],
)
def test_other_forms_are_not_this_one(text: str) -> None:
    value = next(p for p in ("91 %", "92 %") if p in text)
    start = text.index(value)
    assert class_product(text, start, start + len(value), build_label_table(text)) is None


def test_under_a_heading_of_that_class_the_heading_is_the_product() -> None:
    text = (
        "Methyl 4-formylbenzoate\n"
        "To a solution of methyl 4-(hydroxymethyl)benzoate (1.66 g) in CH2Cl2 was added "
        "MnO2 (8.7 g). The mixture was stirred for 12 h and filtered to give the aldehyde "
        "(1.40 g, 85%)."
    )
    assert _decide(text, "85%")[0] == "Methyl 4-formylbenzoate"


def test_under_a_heading_of_another_class_the_form_says_nothing() -> None:
    text = (
        "4-Bromobenzonitrile\n"
        "The crude material from the previous step was reduced with NaBH4 to give the "
        "alcohol (1.40 g, 85%)."
    )
    start = text.index("85%")
    assert class_product(text, start, start + 3, build_label_table(text)) is None


def test_a_class_a_step_made_is_no_solvent_and_no_earlier_clause_s_subject() -> None:
    text = (
        "4-Methoxybenzyl chloride was prepared from the alcohol with SOCl2 and used "
        "directly; the alkylation of 3 then gave the ether (1.2 g, 85%)."
    )
    assert _decide(text, "85%") == ("ether", None, "class_product")


@pytest.mark.parametrize(
    "text",
    [
        "Reduction of ketone 5 with the CBS catalyst gave the alcohol in 90 % ee .",
        "Coupling of 3 with 4 formed the amide in 95 % purity after one crystallisation .",
        "Heating 9 formed the lactone in 80 % conversion , and 10 was recovered .",
    ],
)
def test_a_percentage_after_in_that_is_no_yield_gives_no_class_product(text: str) -> None:
    value = text[text.index(" in ") + 4 :].split(" ", 2)
    found = text.index(" ".join(value[:2]))
    assert (
        class_product(text, found, found + len(" ".join(value[:2])), build_label_table(text))
        is None
    )
