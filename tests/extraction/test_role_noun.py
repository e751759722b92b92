"""A product introduced by a noun and its name, its yield later under the noun alone."""

from __future__ import annotations

import pytest

from molextract.extraction.entries import read_entries
from molextract.extraction.label_table import build_label_table
from molextract.extraction.role_noun import product_called_by_role
from molextract.extraction.whose import Site, by_form

LIGAND = (
    "The ligand N,N-bis[(2-pyridyl)methyl]-L-alanine was prepared from L-alanine methyl "
    "ester hydrochloride (1.40 g, 10 mmol) and 2-picolyl chloride hydrochloride (3.28 g, "
    "20 mmol) in water with sodium hydroxide. After 3 days the solution was acidified and "
    "extracted, and the residue was recrystallized from ethanol to give the pure ligand "
    "(1.10 g, 41%)."
)


@pytest.mark.parametrize(
    ("text", "value", "name"),
    [
        (LIGAND, "41%", "N,N-bis[(2-pyridyl)methyl]-L-alanine"),
        (
            "The monomer 4-vinylphenyl 2-methylpropanoate was synthesized as follows. "
            "4-Vinylphenol (12.0 g, 0.10 mol) and triethylamine (15 mL) in dichloromethane "
            "were treated with isobutyryl chloride (11.7 g) at 0 °C. Distillation gave the "
            "monomer as a colorless liquid (15.2 g, 80%).",
            "80%",
            "4-vinylphenyl 2-methylpropanoate",
        ),
        (
            "Preparation of the dye 4-[(4-nitrophenyl)diazenyl]-N,N-dimethylaniline: "
            "4-nitroaniline (1.38 g, 10 mmol) was diazotized and coupled with "
            "N,N-dimethylaniline (1.21 g). The precipitated dye was collected by filtration "
            "(2.3 g, 85%).",
            "85%",
            "4-[(4-nitrophenyl)diazenyl]-N,N-dimethylaniline",
        ),
    ],
)
def test_the_noun_points_back_to_the_name_it_was_given(text: str, value: str, name: str) -> None:
    found = product_called_by_role(text, text.index(value))
    assert found is not None and found.name == name
    table = build_label_table(text)
    start = text.index(value)
    site = Site(text, start, start + len(value), table, read_entries(text, table), "reaction_yield")
    decision = by_form(site)
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == name


@pytest.mark.parametrize(
    "text",
    [
        # another compound made of it
        LIGAND.replace("the pure ligand", "the ester of the ligand"),
        # a work-up's word, not a role the passage defined
        LIGAND.replace("the pure ligand", "the pure solid"),
        # the noun was never given a name
        LIGAND.replace("The ligand N,N-bis", "N,N-Bis"),
    ],
)
def test_no_definition_no_compound(text: str) -> None:
    assert product_called_by_role(text, text.index("41%")) is None
