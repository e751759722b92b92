"""Abbreviations a text defines for its compounds, read by code."""

from __future__ import annotations

import pytest

from molextract.extraction.abbreviations import read_abbreviations

TEXT = (
    "The green solvent 2-methyltetrahydrofuran (2-MeTHF) boils at 80 °C. Dimethyl "
    "sulfoxide (DMSO) and N,N-dimethylformamide (DMF) were dried, as was cyclopentyl "
    "methyl ether (CPME). Toluene (CAS 108-88-3), 4-aminophenol (3b), compound (IV) and "
    "benzoic acid (HPLC) are no abbreviations. Later, DMSO (DMSO) again."
)


def test_each_short_form_stands_for_the_name_before_it() -> None:
    found = {a.short: a.name for a in read_abbreviations(TEXT).values()}
    assert found == {
        "2-MeTHF": "2-methyltetrahydrofuran",
        "DMSO": "Dimethyl sulfoxide",
        "DMF": "N,N-dimethylformamide",
        "CPME": "cyclopentyl methyl ether",
    }


def test_the_name_is_where_the_text_prints_it() -> None:
    found = read_abbreviations(TEXT)["2-methf"]
    assert TEXT[found.start : found.end] == "2-methyltetrahydrofuran"


@pytest.mark.parametrize(
    "text",
    [
        "Toluene (CAS 108-88-3) was used.",  # letters not those of the name
        "benzoic acid (HPLC) was pure.",
        "4-aminophenol (3b) was made.",  # a label
        "2-bromo-1-phenylethanone (IV) was made.",  # a roman-numeral label
        "The mixture (EtOAc) was dried.",  # no name before it
    ],
)
def test_what_is_not_an_abbreviation_of_a_name(text: str) -> None:
    assert read_abbreviations(text) == {}


def test_an_ionic_liquid_is_abbreviated_one_bracket_per_ion() -> None:
    text = (
        "1-Butyl-3-methylimidazolium tetrafluoroborate ([BMIM][BF4]) and "
        "1-ethyl-3-methylimidazolium hexafluorophosphate ([EMIM][PF6]) were dried; "
        "phenol ([AB][CD]) is no such pair."
    )
    found = {a.short: a.name for a in read_abbreviations(text).values()}
    assert found == {
        "[BMIM][BF4]": "1-Butyl-3-methylimidazolium tetrafluoroborate",
        "[EMIM][PF6]": "1-ethyl-3-methylimidazolium hexafluorophosphate",
    }
