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


def test_a_point_on_its_own_line_under_the_preparation_is_its_product_s() -> None:
    """``… the title compound was synthesized (568 mg, yield 31%).⏎⏎mp 145° C.``: the
    characterisation under an example's paragraph; an earlier example's compound (the
    one the model picked in a whole patent) is not it."""
    text = (
        "Example 1\n\nSynthesis of 4-chlorobenzamide\n\n"
        "4-Chlorobenzoyl chloride was added to ammonia to give the title compound (1.2 g, "
        "yield 80%).\n\nmp 159° C.\n\n"
        "Example 2\n\nSynthesis of 4-bromobenzamide\n\n"
        "In the same manner as in Example 1, the title compound was synthesized (568 mg, "
        "yield 31%).\n\nmp 145° C.\n\nIR (neat) 3062, 1486"
    )
    assert _decided(text, "145° C", "melting_point") == (
        "4-bromobenzamide", "Example 2", "point_after_yield",
    )  # fmt: skip
    assert _decided(text, "159° C", "melting_point") == (
        "4-chlorobenzamide", "Example 1", "point_after_yield",
    )  # fmt: skip
    separate = "Distillation gave 4-chlorobenzamide (85%).\n\nThe oil was kept.\n\nmp 120 °C."
    assert _decided(separate, "120 °C", "melting_point") is None  # not the line after
