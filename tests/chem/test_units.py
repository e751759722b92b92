import pytest

from molextract.chem import normalize_unit, to_si, unit_stated
from molextract.schemas.builtin import DENSITY, SOLUBILITY, TEMPERATURE_UNITS, YIELD


@pytest.mark.parametrize(
    ("variant", "canonical"),
    [
        ("° C", "°C"),
        ("oC", "°C"),
        ("deg C", "°C"),
        ("degC", "°C"),
        ("deg. C", "°C"),
        ("℃", "°C"),
        ("ºC", "°C"),
        ("˚C", "°C"),
        ("°c", "°C"),
        ("degF", "°F"),
        ("° F", "°F"),
        ("kelvin", "K"),
        ("g cm-3", "g/cm³"),
        ("g/cm3", "g/cm³"),
        ("g·cm⁻³", "g/cm³"),
        ("g cm⁻³", "g/cm³"),
        ("g cm^-3", "g/cm³"),
        ("ug/mL", "µg/mL"),
        ("μg/mL", "µg/mL"),
        ("µg/ml", "µg/mL"),
        ("uM", "µM"),
        ("μM", "µM"),
        ("mol L-1", "mol/L"),
        ("mol dm-3", "mol/L"),
        ("g L-1", "g/L"),
        ("mg ml-1", "mg/mL"),
        ("mg/l", "mg/L"),
        ("umol/L", "µmol/L"),
        ("mmol/l", "mmol/L"),
        ("g/100mL", "g/100 mL"),
        ("g per 100 mL", "g/100 mL"),
        ("percent", "%"),
        ("kg m-3", "kg/m³"),
        ("g/ml", "g/mL"),
    ],
)
def test_variants_fold_to_schema_spelling(variant: str, canonical: str) -> None:
    assert normalize_unit(variant) == canonical


def test_schema_units_are_fixed_points() -> None:
    units = {*TEMPERATURE_UNITS, *SOLUBILITY.units, *YIELD.units, *DENSITY.units}
    units.discard(None)
    assert units  # guards against the schema attributes changing shape
    for unit in units:
        assert unit is not None
        assert normalize_unit(unit) == unit


def test_molar_case_is_kept() -> None:
    assert (normalize_unit("M"), normalize_unit("mM")) == ("M", "mM")
    assert normalize_unit("mm") == "mm"


def test_unknown_unit_is_stripped_but_kept() -> None:
    assert normalize_unit("  mmHg ") == "mmHg"


@pytest.mark.parametrize("unit", [None, "", "   "])
def test_missing_unit_is_none(unit: str | None) -> None:
    assert normalize_unit(unit) is None


@pytest.mark.parametrize(
    ("value", "unit", "expected", "si_unit"),
    [
        (135.0, "°C", 408.15, "K"),
        (135.0, "oC", 408.15, "K"),
        (-40.0, "°F", 233.15, "K"),
        (212.0, "°F", 373.15, "K"),
        (300.0, "K", 300.0, "K"),
        (0.5, "M", 500.0, "mol/m³"),
        (2.0, "mM", 2.0, "mol/m³"),
        (3.0, "µM", 0.003, "mol/m³"),
        (3.0, "uM", 0.003, "mol/m³"),
        (1.5, "mol/L", 1500.0, "mol/m³"),
        (1.0, "mmol/L", 1.0, "mol/m³"),
        (4.0, "µmol/L", 0.004, "mol/m³"),
        (21.6, "g/L", 21.6, "kg/m³"),
        (5.0, "g/100 mL", 50.0, "kg/m³"),
        (10.0, "mg/mL", 10.0, "kg/m³"),
        (7.0, "mg/L", 0.007, "kg/m³"),
        (10.0, "µg/mL", 0.01, "kg/m³"),
        (1.49, "g/cm³", 1490.0, "kg/m³"),
        (1.49, "g cm-3", 1490.0, "kg/m³"),
        (0.79, "g/mL", 790.0, "kg/m³"),
        (998.0, "kg/m³", 998.0, "kg/m³"),
        (87.0, "%", 0.87, "1"),
        (3.97, None, 3.97, "1"),
    ],
)
def test_to_si(value: float, unit: str | None, expected: float, si_unit: str) -> None:
    result = to_si(value, unit)
    assert result is not None
    assert result[0] == pytest.approx(expected, rel=1e-12)
    assert result[1] == si_unit


def test_prefix_noise_is_rounded_away() -> None:
    assert to_si(1.0, "M") == (1000.0, "mol/m³")


def test_other_units_go_to_base_units() -> None:
    assert to_si(2.0, "kPa") == (2000.0, "kg/m/s²")
    assert to_si(5.0, "nM") == (5e-06, "mol/m³")


@pytest.mark.parametrize("unit", ["furlongs of fish", "(((", "1/0", "2", "mg mL-1 extra"])
def test_unparseable_unit_gives_none(unit: str) -> None:
    assert to_si(1.0, unit) is None


@pytest.mark.parametrize(
    ("unit", "text", "stated"),
    [
        ("°C", "with a melting point of 130-132° C.", True),
        ("°C", "Aspirin melts at 135°C, then", True),
        ("%", "This gave 4.8 g (80% of the theoretical)", True),
        ("g/L", "This gave 4.0 g (83% of the theoretical) of product", False),
        ("mg/mL", "soluble to 5 mg ml-1 in water", True),
        ("g/cm³", "a density of 1.49 g cm-3 at 20 °C", True),
        ("K", "it melts at 135 °C", False),
        (None, "logP 3.97", True),
    ],
)
def test_unit_stated_after_a_number(unit: str | None, text: str, stated: bool) -> None:
    assert unit_stated(unit, text) is stated
