"""The one list of words for the form a product was isolated in."""

import re

import pytest

from molextract.extraction.appearance import FORM_OF_MATTER


@pytest.mark.parametrize(
    "word", ["solid", "oils", "foam", "gum", "powder", "crystals", "needles", "syrup", "resin"]
)
def test_every_form_the_experimental_sections_print_is_known(word: str) -> None:
    assert re.fullmatch(FORM_OF_MATTER, word)


@pytest.mark.parametrize("word", ["solution", "mixture", "residue", "filtrate", "solvent"])
def test_what_holds_a_product_is_no_form_of_it(word: str) -> None:
    assert re.fullmatch(FORM_OF_MATTER, word) is None
