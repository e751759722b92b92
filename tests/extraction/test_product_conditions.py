"""Step conditions bracketed beside the product, closed by the step's yield."""

from __future__ import annotations

import pytest

from molextract.extraction.candidates import find_candidates
from molextract.extraction.entries import read_entries
from molextract.extraction.label_table import build_label_table
from molextract.extraction.product_conditions import (
    conditions_bracket,
    product_beside_conditions,
)
from molextract.extraction.whose import Site, by_form
from molextract.schemas import get_schema


def _owner(text: str, value: str) -> str | None:
    start = text.index(value)
    found = product_beside_conditions(text, start, start + len(value), build_label_table(text))
    return None if found is None else found.label


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        (
            "The aldehyde was reduced to alcohol 41 ( NaBH4 , 95 % ) and protected.",
            "95 %",
            "41",
        ),
        (
            "Alcohol 13 was protected as its TBS ether 14 ( TBSCl , imidazole , DMF , 98 % ) .",
            "98 %",
            "14",
        ),
        # a name in the bracket is the step's reagent, never its product
        (
            "Alcohol 8 was oxidized to aldehyde 9 ( Dess – Martin periodinane , 92 % ) , which "
            "was used directly.",
            "92 %",
            "9",
        ),
        # the verb, the bracket, then the compound the step was carried to
        ("Ketone 12 was reduced ( NaBH4 , MeOH , 95 % ) to alcohol 13 .", "95 %", "13"),
        # a catalyst's own brackets inside the conditions
        (
            "Bromide 5 was coupled with phenylboronic acid to biaryl 6 (Pd(PPh3)4, K2CO3, 88%).",
            "88%",
            "6",
        ),
    ],
)
def test_the_product_beside_the_step_s_conditions_owns_the_yield(
    text: str, value: str, label: str
) -> None:
    assert _owner(text, value) == label


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # what the step started from, not what it was carried to
        ("Reduction of ketone 12 ( NaBH4 , CeCl3 , 95 % ) was slow.", "95 %"),
        # a selectivity, a purification, an amount: no step's conditions
        ("Ketone 12 was reduced to alcohol 13 ( CBS catalyst , 95 % ee ) .", "95 %"),
        ("Ester 4 was hydrolyzed to acid 5 ( 1.2 g , 90 % ) .", "90 %"),
        ("The ester was purified by chromatography ( SiO2 , hexane / EtOAc , 5 % ) .", "5 %"),
        # the bracket does not close at the value
        ("Ketone 12 was reduced to alcohol 13 ( NaBH4 , 95 % conversion ) .", "95 %"),
    ],
)
def test_no_step_s_conditions_no_owner(text: str, value: str) -> None:
    assert _owner(text, value) is None


def test_a_solvent_pair_in_the_conditions_is_the_step_s_medium_not_an_eluent() -> None:
    text = "The ester was hydrolyzed to acid 17 ( LiOH , THF / H2O , 94 % ) and coupled."
    (candidate,) = [
        c
        for c in find_candidates(text, get_schema("reaction_yield"))
        if text[c.quantity.start : c.quantity.end] == "94 %"
    ]
    assert candidate.blocked is None
    assert candidate.decisive
    start = text.index("94 %")
    table = build_label_table(text)
    site = Site(text, start, start + 4, table, read_entries(text, table), "reaction_yield")
    decision = by_form(site)
    assert decision is not None and decision.source == "product_beside_conditions"
    assert decision.mention is not None and decision.mention.label == "17"


def test_an_eluent_after_purification_stays_blocked() -> None:
    before = "The residue was chromatographed ( hexane / EtOAc , "
    assert not conditions_bracket(before, " ) to give 3.")
    text = before + "5 % ) to give 3 ."
    (candidate,) = [
        c
        for c in find_candidates(text, get_schema("reaction_yield"))
        if text[c.quantity.start : c.quantity.end] == "5 %"
    ]
    assert candidate.blocked is not None
