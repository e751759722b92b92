"""The compound a sentence names as a property's owner before its value."""

import pytest

from molextract.extraction.label_table import build_label_table
from molextract.extraction.property_of import property_owner


def _owner(text: str, value: str) -> tuple[str | None, str | None] | None:
    mention = property_owner(text, text.index(value), build_label_table(text))
    return None if mention is None else (mention.name, mention.label)


@pytest.mark.parametrize(
    ("text", "value", "owner"),
    [
        ("The melting point of 5 was 120 °C.", "120 °C", (None, "5")),
        ("The solubility of caffeine in water is 21.6 mg/mL at 25 °C.", "21.6", ("caffeine", None)),
        ("The measured log P of compound 12 was 2.35.", "2.35", (None, "12")),
        ("The density of the ionic liquid [BMIM][BF4] was 1.21 g/cm3 at 25 °C.", "1.21",
         ("[BMIM][BF4]", None)),
        ("The logP of aspirin is 1.19.", "1.19", ("aspirin", None)),
        ("The boiling point of the ester 3b was found to be 142 °C.", "142", (None, "3b")),
        # a medium and a temperature between the owner and the verb
        ("The solubility of 4-aminobenzoic acid in water at 25 °C is 5.4 g/L.", "5.4",
         ("4-aminobenzoic acid", None)),
    ],
)  # fmt: skip
def test_the_owner_after_the_property_s_word(
    text: str, value: str, owner: tuple[str | None, str | None]
) -> None:
    assert _owner(text, value) == owner


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The density of the crystals is 0.935 g/cm3 at 20 °C.", "0.935"),  # a kind, no name
        ("The melting point of the product was 120 °C.", "120"),
        ("The yield of 4a was 85%.", "85%"),  # a yield's own forms read that
        ("Caffeine melts at 235 °C.", "235"),  # not this form
        ("The melting point of 5 and the boiling point of 6 were 120 °C and 80 °C.", "80 °C"),
        # several owners, paired with their values in order: not the last one for all
        ("The aqueous solubilities of 8a and 8b were 12 and 45 µg/mL, respectively.", "12"),
        ("The densities of toluene, xylene and anisole are 0.87, 0.86 and 0.99 g/mL.", "0.87"),
    ],
)
def test_no_owner_where_the_form_names_none(text: str, value: str) -> None:
    assert _owner(text, value) is None
