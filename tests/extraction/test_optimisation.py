"""Yields of an optimisation narrative take the product of the entry before them."""

from molextract.extraction.entries import read_entries
from molextract.extraction.label_table import build_label_table
from molextract.extraction.optimisation import cites_entry
from molextract.extraction.whose import YIELD, Site, by_form, decided_without_model


def _site(text: str, value: str) -> Site:
    table = build_label_table(text)
    start = text.index(value)
    return Site(text, start, start + len(value), table, read_entries(text, table), YIELD)


NARRATIVE = (
    "Coupling of bromide 1a with boronic acid 2a in toluene gave a 31% yield of 3a "
    "(Table 1, entry 2). Replacing the ligand with XPhos (5) improved the yield (58%) "
    "(Table 1, entry 3). In dioxane the yield fell to 22 % ( entry 4 ) , while the "
    "ee rose."
)


def test_an_entry_s_yield_is_of_the_product_an_earlier_entry_named() -> None:
    for value in ("58%", "22 %"):
        decision = by_form(_site(NARRATIVE, value))
        assert decision is not None, value
        assert decision.source == "earlier_entry_product"
        assert decision.mention is not None and decision.mention.label == "3a"


def test_the_earlier_entry_s_own_form_still_decides_it() -> None:
    decision = by_form(_site(NARRATIVE, "31%"))
    assert decision is not None and decision.source != "earlier_entry_product"
    assert decision.mention is not None and decision.mention.label == "3a"


def test_it_settles_the_value_without_the_model() -> None:
    assert decided_without_model(_site(NARRATIVE, "58%"), YIELD)


def test_a_sentence_that_cites_no_entry_is_left_to_the_model() -> None:
    text = (
        "Coupling of 1a with 2a gave a 31% yield of 3a (Table 1, entry 2). Heating "
        "the ligand 5 for longer raised the yield (58%)."
    )
    assert not cites_entry(text, text.index("58%"))
    assert by_form(_site(text, "58%")) is None


def test_an_earlier_yield_of_another_paragraph_or_before_any_entry_is_not_used() -> None:
    paragraphs = (
        "Coupling of 1a with 2a gave a 31% yield of 3a (Table 1, entry 2).\n\n"
        "Ligand 5 improved the yield (58%) (Table 2, entry 3)."
    )
    assert by_form(_site(paragraphs, "58%")) is None
    no_entry_before = (
        "Ester 9 was obtained in 40% yield. We then screened ligands; ligand 5 improved "
        "the yield (58%) (entry 3)."
    )
    assert by_form(_site(no_entry_before, "58%")) is None


def test_only_a_yield_is_carried_forward() -> None:
    site = _site(NARRATIVE, "58%")
    other = Site(site.text, site.value_start, site.value_end, site.table, site.entries, None)
    assert by_form(other) is None


def test_the_product_s_yield_right_after_an_entry_is_the_narrative_s() -> None:
    text = (
        "The reaction of 4a with PhI(OAc)2 gave oxazolidine 5a in 32% yield (Table 1, entry "
        "1). We then examined other iodine reagents (entries 2-5). The yield of product could "
        "be improved to 79% when PIFA was employed."
    )
    assert cites_entry(text, text.index("79%"))
    decision = by_form(_site(text, "79%"))
    assert decision is not None and decision.mention is not None
    assert (decision.source, decision.mention.label) == ("earlier_entry_product", "5a")
    assert not cites_entry("The yield of product was 79%. It was (entry 2) redone.", 25)


def test_an_earlier_yield_of_the_product_unnamed_is_passed_over() -> None:
    text = (
        "The optimized conditions afforded 3a in 80% isolated yield (Table 1, entry 1). Eosin "
        "Y gave diminished yields of the product (72%; Table 1, entry 5). Irradiation with "
        "blue LEDs resulted in a 46% yield of the desired product (Table 1, entry 13)."
    )
    decision = by_form(_site(text, "46%"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == "3a"


def test_an_earlier_entry_of_the_same_sentence_counts() -> None:
    """``3a was obtained in 88 % yield ( entry 4 ) , while the use of CuBr gave only 56 %
    ( entry 5 )``: the second entry's yield is of the same reaction's product."""
    text = (
        "With this catalyst , 3a was obtained in 88 % yield ( entry 4 ) , while the use of "
        "CuBr gave only 56 % ( entry 5 ) ."
    )
    decision = by_form(_site(text, "56 %"))
    assert decision is not None and decision.source == "earlier_entry_product"
    assert decision.mention is not None and decision.mention.label == "3a"
