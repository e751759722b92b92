"""More of a product recovered later is the yield of the compound the yield before named."""

import pytest

from molextract.extraction.entries import read_entries
from molextract.extraction.label_table import build_label_table
from molextract.extraction.whose import Site, by_form


def _decide(text: str, value: str) -> tuple[str | None, str | None]:
    table = build_label_table(text)
    start = text.rindex(value)
    decision = by_form(Site(text, start, start + len(value), table, read_entries(text, table),
                            property="reaction_yield"))  # fmt: skip
    assert decision is not None and decision.mention is not None
    return decision.mention.name, decision.source


@pytest.mark.parametrize(
    "text",
    [
        "Recrystallisation gave 4-nitrobenzoic acid (5.2 g, 62%). A second crop (1.1 g, 13%) "
        "was obtained from the mother liquor.",
        "Filtration gave 4-nitrobenzoic acid as a white solid (5.2 g, 62%). An additional "
        "1.1 g (13%) could be isolated from the filtrate.",
        "The precipitate was collected to afford 4-nitrobenzoic acid (5.2 g, 62%). "
        "Concentration of the filtrate gave a further 1.1 g (13%).",
    ],
)
def test_a_second_crop_is_the_compound_of_the_first(text: str) -> None:
    assert _decide(text, "13%") == ("4-nitrobenzoic acid", "second_crop")


def test_another_run_is_no_crop() -> None:
    text = "Recrystallisation gave 4-nitrobenzoic acid (5.2 g, 62%). Another run gave 55% yield."
    table = build_label_table(text)
    start = text.rindex("55%")
    site = Site(text, start, start + 3, table, read_entries(text, table), property="reaction_yield")
    decision = by_form(site)
    assert decision is None or decision.source != "second_crop"
