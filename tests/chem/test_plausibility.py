import math

import pytest

from molextract.chem import is_plausible


@pytest.mark.parametrize(
    ("prop", "value", "unit", "expected"),
    [
        ("melting_point", 408.15, "K", True),
        ("melting_point", 4300.0, "K", True),
        ("melting_point", 4300.1, "K", False),
        ("melting_point", 0.0, "K", False),
        ("melting_point", -5.0, "K", False),
        ("boiling_point", 383.75, "K", True),
        ("boiling_point", 6000.0, "K", True),
        ("boiling_point", 6500.0, "K", False),
        ("boiling_point", -1.0, "K", False),
        ("solubility", 21.6, "kg/m³", True),
        ("solubility", 0.0, "kg/m³", True),
        ("solubility", 5001.0, "kg/m³", False),
        ("solubility", -0.1, "kg/m³", False),
        ("solubility", 500.0, "mol/m³", True),
        ("solubility", 60000.0, "mol/m³", False),
        ("logP", 3.97, "1", True),
        ("logP", -15.0, "1", True),
        ("logP", 25.0, "1", False),
        ("logD", -2.1, "1", True),
        ("logD", -16.0, "1", False),
        ("reaction_yield", 0.87, "1", True),
        ("reaction_yield", 1.0, "1", True),
        ("reaction_yield", 1.2, "1", False),
        ("reaction_yield", -0.01, "1", False),
        ("density", 1490.0, "kg/m³", True),
        ("density", 0.05, "kg/m³", True),
        ("density", 0.01, "kg/m³", False),
        ("density", 30000.0, "kg/m³", False),
    ],
)
def test_ranges(prop: str, value: float, unit: str, expected: bool) -> None:
    assert is_plausible(prop, value, unit) is expected


def test_other_spellings_of_si_units_are_accepted() -> None:
    assert is_plausible("density", 1490.0, "kg/m**3") is True
    assert is_plausible("solubility", 500.0, "mol/m3") is True
    assert is_plausible("logP", 2.0, "") is True


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_non_finite_values_are_implausible(value: float) -> None:
    assert is_plausible("melting_point", value, "K") is False


def test_unknown_property_gives_none() -> None:
    assert is_plausible("refractive_index", 1.5, "1") is None


def test_unit_outside_the_table_gives_none() -> None:
    assert is_plausible("melting_point", 408.15, "kg/m³") is None
    assert is_plausible("density", 1.0, "mol/m³") is None
