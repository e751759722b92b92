"""Yields bracketed after what a sentence converts go to what it converts them into."""

import pytest

from molextract.extraction.candidates import find_candidates
from molextract.extraction.converted_subjects import converted_product
from molextract.extraction.label_table import build_label_table
from molextract.extraction.whose import Site, by_form
from molextract.schemas import get_schema

LIST = (
    "whereas tosyltetrahydropyrans 6c (58%) and 6e (55%) gave inseparable mixture of "
    "diastereomers 8c and 8e with a ratio of 6:1."
)


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        (LIST, "58%", "8c"),
        (LIST, "55%", "8e"),
        ("Ketone 12 (85%) gave alcohol 13 on reduction with NaBH4.", "85%", "13"),
        ("Esters 4a ( 72 % ) and 4b ( 65 % ) afforded the acids 5a and 5b .", "65 %", "5b"),
    ],
)
def test_the_nth_bracket_is_the_nth_product_s_yield(text: str, value: str, label: str) -> None:
    found = converted_product(text, text.index(value), build_label_table(text))
    assert found is not None and found.label == label


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # the bracket after a product the verb made, and a clause before the next verb
        ("Alkylation gave 6c (58%) and 6e (55%), which were cyclised to 8c and 8e.", "58%"),
        # two brackets, one product: which is whose is not said
        ("Esters 4a (72%) and 4b (65%) gave acid 5 on hydrolysis.", "65%"),
    ],
)
def test_other_sentences_are_not_this_form(text: str, value: str) -> None:
    assert converted_product(text, text.index(value), build_label_table(text)) is None


def test_the_bracket_is_a_yield_and_its_product_is_decided_by_rule() -> None:
    text = "Ketone 12 (85%) gave alcohol 13 on reduction with NaBH4."
    schema = get_schema("molecular_properties")
    [candidate] = find_candidates(text, schema)
    assert candidate.blocked is None and candidate.decisive
    site = Site(
        text,
        candidate.quantity.start,
        candidate.quantity.end,
        build_label_table(text),
        [],
        candidate.cues[0],
    )
    decision = by_form(site)
    assert decision is not None and decision.source == "converted_product"
    assert decision.mention is not None and decision.mention.label == "13"
