"""A melting or boiling point in its own sentence after the product's yield."""

import pytest

from molextract.extraction.entries import read_entries
from molextract.extraction.label_table import build_label_table
from molextract.extraction.whose import Site, by_form


def _decided(text: str, value: str, prop: str) -> tuple[str | None, str | None, str] | None:
    table = build_label_table(text)
    start = text.index(value)
    site = Site(text, start, start + len(value), table, read_entries(text, table), prop)
    decision = by_form(site)
    if decision is None or decision.mention is None or decision.source is None:
        return None
    return decision.mention.name, decision.mention.label, decision.source


@pytest.mark.parametrize(
    ("text", "value", "prop", "owner"),
    [
        ("The crystals are washed with ethanol to give 4-chlorobenzamide (Compound No. 74). "
         "Yield, 0.84 g (77.8%). M.P., 225°-235° C. (decomp.).", "225°-235° C", "melting_point",
         ("4-chlorobenzamide", "74")),
        ("Distillation gave 4-chlorobenzamide. Yield 85%. B.p. 80 °C.", "80 °C", "boiling_point",
         ("4-chlorobenzamide", None)),
        ("The oil crystallized from methanol to obtain 77.1 g of ethyl 4-isothiocyanatobenzoate. "
         "Yield: 74.5%. Melting Point: 52° C.", "52° C", "melting_point",
         ("ethyl 4-isothiocyanatobenzoate", None)),
    ],
)  # fmt: skip
def test_the_point_is_the_product_s_whose_yield_came_before(
    text: str, value: str, prop: str, owner: tuple[str, str | None]
) -> None:
    assert _decided(text, value, prop) == (*owner, "point_after_yield")


@pytest.mark.parametrize(
    "text",
    [
        "The mixture was stirred until 25% conversion. M.p. 120 °C.",  # no yield before
        "Distillation gave 4-chlorobenzamide. Yield 85%. It was dried, m.p. 120 °C.",  # no own sentence
        "M.p. 120 °C.",  # nothing before
    ],
)
def test_no_yield_just_before_decides_nothing(text: str) -> None:
    assert _decided(text, "120 °C", "melting_point") is None
