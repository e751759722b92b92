"""The quantity finder against the typography of chemical writing.

Every case asserts exact offsets: ``text[q.start:q.end]`` must be the quantity as
printed, because evidence spans and value spans are cut from the document with them.
"""

from __future__ import annotations

import pytest

from molextract.extraction.quantities import Quantity, find_quantities, scan_numbers, unit_at

THIN = "\u2009"  # thin space
NNBSP = "\u202f"  # narrow no-break space
NBSP = "\u00a0"  # no-break space
FIGURE = "\u2007"  # figure space
MINUS = "\u2212"  # −


def printed(text: str, quantities: list[Quantity]) -> list[str]:
    return [text[q.start : q.end] for q in quantities]


def only(text: str) -> Quantity:
    """The one quantity with a unit in ``text``."""
    found = find_quantities(text)
    assert len(found) == 1, printed(text, found)
    return found[0]


# --- numbers and ranges -------------------------------------------------------------

# (text, printed, value, low, high)
NUMBERS = [
    pytest.param("mp 121 °C", "121 °C", 121.0, None, None, id="integer"),
    pytest.param("mp 121.5 °C", "121.5 °C", 121.5, None, None, id="decimal"),
    pytest.param("d 0.789 g/mL", "0.789 g/mL", 0.789, None, None, id="decimal-below-one"),
    pytest.param("added .5 g of it", ".5 g", 0.5, None, None, id="leading-dot-decimal"),
    pytest.param("cooled to -78 °C", "-78 °C", -78.0, None, None, id="ascii-minus"),
    pytest.param(f"cooled to {MINUS}78 °C", f"{MINUS}78 °C", -78.0, None, None, id="unicode-minus"),
    pytest.param(
        f"mp {MINUS}10.5 °C", f"{MINUS}10.5 °C", -10.5, None, None, id="unicode-minus-dec"
    ),
    pytest.param(f"at {MINUS}.5 °C", f"{MINUS}.5 °C", -0.5, None, None, id="unicode-minus-dot"),
    pytest.param("warmed to +5 °C", "+5 °C", 5.0, None, None, id="explicit-plus"),
    pytest.param("mp 121-123 °C", "121-123 °C", 122.0, 121.0, 123.0, id="range-hyphen"),
    pytest.param("mp 121–123 °C", "121–123 °C", 122.0, 121.0, 123.0, id="range-en-dash"),
    pytest.param("mp 121—123 °C", "121—123 °C", 122.0, 121.0, 123.0, id="range-em-dash"),
    pytest.param("mp 121‒123 °C", "121‒123 °C", 122.0, 121.0, 123.0, id="range-figure-dash"),
    pytest.param("mp 121 - 123 °C", "121 - 123 °C", 122.0, 121.0, 123.0, id="range-spaced-hyphen"),
    pytest.param("mp 121 – 123 °C", "121 – 123 °C", 122.0, 121.0, 123.0, id="range-spaced-en"),
    pytest.param("mp 121 –123 °C", "121 –123 °C", 122.0, 121.0, 123.0, id="range-half-spaced"),
    pytest.param("mp 121-123°C", "121-123°C", 122.0, 121.0, 123.0, id="range-unit-glued"),
    pytest.param("mp 121 to 123 °C", "121 to 123 °C", 122.0, 121.0, 123.0, id="range-to"),
    pytest.param(
        "melts between 121 and 123 °C", "121 and 123 °C", 122.0, 121.0, 123.0, id="between-and"
    ),
    pytest.param(
        "between 1.2 and 1.5 mg/mL", "1.2 and 1.5 mg/mL", 1.35, 1.2, 1.5, id="between-decimals"
    ),
    pytest.param("mp 121 °C–123 °C", "121 °C–123 °C", 122.0, 121.0, 123.0, id="unit-repeated-en"),
    pytest.param(
        "mp 121 °C - 123 °C", "121 °C - 123 °C", 122.0, 121.0, 123.0, id="unit-repeated-hyphen"
    ),
    pytest.param(
        "mp 121 °C to 123 °C", "121 °C to 123 °C", 122.0, 121.0, 123.0, id="unit-repeated-to"
    ),
    pytest.param("mp 121 ℃–123 ℃", "121 ℃–123 ℃", 122.0, 121.0, 123.0, id="unit-repeated-celsius"),
    pytest.param(
        "mp 121 ° C–123 ° C", "121 ° C–123 ° C", 122.0, 121.0, 123.0, id="unit-repeated-spaced-deg"
    ),
    pytest.param("mp 70 %–75 %", "70 %–75 %", 72.5, 70.0, 75.0, id="unit-repeated-percent"),
    # older patents close the degree's C with a full stop
    pytest.param(
        "mp 69° C. to 70° C.", "69° C. to 70° C", 69.5, 69.0, 70.0, id="unit-repeated-stop-to"
    ),
    pytest.param("m.p. 120°C.-123°C.", "120°C.-123°C", 121.5, 120.0, 123.0, id="unit-stop-dash"),
    pytest.param("-20 to -10 °C", "-20 to -10 °C", -15.0, -20.0, -10.0, id="negative-range-to"),
    pytest.param(
        f"{MINUS}20 to {MINUS}10 °C",
        f"{MINUS}20 to {MINUS}10 °C",
        -15.0,
        -20.0,
        -10.0,
        id="negative-range-unicode",
    ),
    pytest.param("-20–-10 °C", "-20–-10 °C", -15.0, -20.0, -10.0, id="negative-range-dash"),
    pytest.param(f"{MINUS}5–5 °C", f"{MINUS}5–5 °C", 0.0, -5.0, 5.0, id="range-across-zero"),
    pytest.param(
        f"{MINUS}10 °C to 5 °C", f"{MINUS}10 °C to 5 °C", -2.5, -10.0, 5.0, id="negative-repeated"
    ),
    pytest.param("yield 70-75%", "70-75%", 72.5, 70.0, 75.0, id="percent-range"),
    pytest.param("yield 5 - 10%", "5 - 10%", 7.5, 5.0, 10.0, id="percent-range-spaced"),
    pytest.param("d 1.2–1.5 g/cm3", "1.2–1.5 g/cm3", 1.35, 1.2, 1.5, id="density-range"),
    pytest.param("stirred at 10~20 °C", "10~20 °C", 15.0, 10.0, 20.0, id="range-tilde"),
    pytest.param("bp 80–82 °C/15 mmHg", "80–82 °C", 81.0, 80.0, 82.0, id="range-then-pressure"),
    # abbreviated upper ends: the last digits only
    pytest.param("mp 235-6 °C", "235-6 °C", 235.5, 235.0, 236.0, id="abbreviated-one-digit"),
    pytest.param("mp = 212-4°C", "212-4°C", 213.0, 212.0, 214.0, id="abbreviated-glued-unit"),
    pytest.param("mp 198–99 °C", "198–99 °C", 198.5, 198.0, 199.0, id="abbreviated-two-digits"),
    pytest.param("mp 95-7 °C", "95-7 °C", 96.0, 95.0, 97.0, id="abbreviated-two-digit-start"),
    pytest.param("bp 120-5 °C", "120-5 °C", 122.5, 120.0, 125.0, id="abbreviated-bp"),
]


@pytest.mark.parametrize(("text", "shown", "value", "low", "high"), NUMBERS)
def test_numbers_and_ranges(
    text: str, shown: str, value: float, low: float | None, high: float | None
) -> None:
    q = find_quantities(text)[0]
    assert text[q.start : q.end] == shown
    assert q.start == text.index(shown)
    assert q.value == pytest.approx(value)
    assert q.low == (pytest.approx(low) if low is not None else None)
    assert q.high == (pytest.approx(high) if high is not None else None)
    assert q.is_range == (low is not None)


# (text, every number found, as printed)
NOT_RANGES = [
    pytest.param("5-2", ["5"], id="descending-hyphen-is-not-a-range"),
    pytest.param(f"0 to {MINUS}10 °C", ["0", f"{MINUS}10 °C"], id="descending-to"),
    pytest.param("from 3 to 0.13 mg/mL", ["3", "0.13 mg/mL"], id="descending-to-decimal"),
    pytest.param("121 °C–123 °F", ["121 °C", "123 °F"], id="different-units"),
    pytest.param("121 °C to 5 h", ["121 °C", "5 h"], id="temperature-to-time"),
    pytest.param("heated at 50 and 60 °C", ["50", "60 °C"], id="and-without-between"),
    pytest.param("25 °C and 30 °C", ["25 °C", "30 °C"], id="two-temperatures"),
    pytest.param("washed with 2 × 10 mL of water", ["2", "10 mL"], id="times-ten-millilitres"),
    pytest.param("mp 121 °C, 125 °C", ["121 °C", "125 °C"], id="comma-list"),
    pytest.param("1 M HCl and 2 M NaOH", ["1 M", "2 M"], id="two-molarities"),
    # an abbreviated end is read only where it can be one
    pytest.param("mp 121-12 °C", ["121"], id="abbreviated-end-below-start"),
    pytest.param("10-5 mL", ["10"], id="abbreviated-end-without-temperature"),
    pytest.param("12.5-6 °C", ["12.5"], id="abbreviated-end-after-a-decimal"),
    pytest.param("5-2 °C", ["5"], id="abbreviated-end-of-one-digit-start"),
    pytest.param("235 °C-6 °C", ["235 °C"], id="abbreviated-end-after-a-unit"),
]


@pytest.mark.parametrize(("text", "shown"), NOT_RANGES)
def test_not_ranges(text: str, shown: list[str]) -> None:
    found = scan_numbers(text)
    assert printed(text, found) == shown
    assert not any(q.is_range for q in found)


# (text, printed, value) in scientific notation
SCIENTIFIC = [
    pytest.param("S = 1.2 × 10−3 M", "1.2 × 10−3 M", 1.2e-3, id="times-ten-flattened-minus"),
    pytest.param("S = 1.2 × 10-3 M", "1.2 × 10-3 M", 1.2e-3, id="times-ten-hyphen"),
    pytest.param("S = 1.2 × 10^-3 mol/L", "1.2 × 10^-3 mol/L", 1.2e-3, id="caret"),
    pytest.param("S = 1.2 x 10^(-3) mol/L", "1.2 x 10^(-3) mol/L", 1.2e-3, id="caret-brackets"),
    pytest.param("S = 1.2·10⁻³ M", "1.2·10⁻³ M", 1.2e-3, id="superscript"),
    pytest.param("S = 5.6 × 10⁻⁴ mol L⁻¹", "5.6 × 10⁻⁴ mol L⁻¹", 5.6e-4, id="superscript-unit"),
    pytest.param("S = 1.2e-3 M", "1.2e-3 M", 1.2e-3, id="e-notation"),
    pytest.param("S = 1.2E−3 M", "1.2E−3 M", 1.2e-3, id="e-notation-unicode-minus"),
    pytest.param("ρ = 3.4 × 10³ kg/m³", "3.4 × 10³ kg/m³", 3400.0, id="positive-superscript"),
]


@pytest.mark.parametrize(("text", "shown", "value"), SCIENTIFIC)
def test_scientific_notation(text: str, shown: str, value: float) -> None:
    q = only(text)
    assert text[q.start : q.end] == shown
    assert q.value == pytest.approx(value)
    assert q.value is not None and q.value > 0  # never the exponent's "−3 M"


def test_shared_exponent_range() -> None:
    text = "S = 1.2–1.5 × 10−3 M"
    q = only(text)
    assert text[q.start : q.end] == "1.2–1.5 × 10−3 M"
    assert q.low == pytest.approx(1.2e-3)
    assert q.high == pytest.approx(1.5e-3)


# --- qualifiers -----------------------------------------------------------------------

# (text, printed, qualifier, value)
QUALIFIERS = [
    pytest.param("mp <5 °C", "<5 °C", "<", 5.0, id="lt-glued"),
    pytest.param("mp < 5 °C", "< 5 °C", "<", 5.0, id="lt-spaced"),
    pytest.param("mp >300 °C", ">300 °C", ">", 300.0, id="gt-glued"),
    pytest.param("mp > 280 °C", "> 280 °C", ">", 280.0, id="gt-spaced"),
    pytest.param("(mp >300 °C)", ">300 °C", ">", 300.0, id="gt-in-brackets"),
    pytest.param("≤ 10 mg/mL", "≤ 10 mg/mL", "<=", 10.0, id="le-sign"),
    pytest.param("<= 10 mg/mL", "<= 10 mg/mL", "<=", 10.0, id="le-ascii"),
    pytest.param("⩽ 2 mM", "⩽ 2 mM", "<=", 2.0, id="le-slanted"),
    pytest.param("purity ≥99%", "≥99%", ">=", 99.0, id="ge-sign"),
    pytest.param("purity >= 98%", ">= 98%", ">=", 98.0, id="ge-ascii"),
    pytest.param("purity ⩾ 98%", "⩾ 98%", ">=", 98.0, id="ge-slanted"),
    pytest.param("yield ~80%", "~80%", "~", 80.0, id="tilde"),
    pytest.param("yield ~ 80%", "~ 80%", "~", 80.0, id="tilde-spaced"),
    pytest.param("yield ∼80%", "∼80%", "~", 80.0, id="tilde-operator"),
    pytest.param("d ≈ 1.2 g/mL", "≈ 1.2 g/mL", "~", 1.2, id="almost-equal"),
    pytest.param("yield ca. 80%", "ca. 80%", "~", 80.0, id="ca-dot"),
    pytest.param("yield ca 80%", "ca 80%", "~", 80.0, id="ca-no-dot"),
    pytest.param("yield ca.80%", "ca.80%", "~", 80.0, id="ca-dot-glued"),
    pytest.param("yield c. 80%", "c. 80%", "~", 80.0, id="c-dot"),
    pytest.param("yield approx. 80%", "approx. 80%", "~", 80.0, id="approx-dot"),
    pytest.param("yield approx 80%", "approx 80%", "~", 80.0, id="approx-no-dot"),
    pytest.param("yield approx.80 %", "approx.80 %", "~", 80.0, id="approx-dot-glued"),
    pytest.param("yield approximately 80%", "approximately 80%", "~", 80.0, id="approximately"),
    pytest.param("yield about 80%", "about 80%", "~", 80.0, id="about"),
    pytest.param("mp above 300 °C", "above 300 °C", ">", 300.0, id="above"),
    pytest.param("mp over 250 °C", "over 250 °C", ">", 250.0, id="over"),
    pytest.param("cooled below 0 °C", "below 0 °C", "<", 0.0, id="below"),
    pytest.param("more than 200 °C", "more than 200 °C", ">", 200.0, id="more-than"),
    pytest.param("greater than 99%", "greater than 99%", ">", 99.0, id="greater-than"),
    pytest.param("m.p. higher than 250° C.", "higher than 250° C", ">", 250.0, id="higher-than"),
    pytest.param("m.p. above than 250° C.", "above than 250° C", ">", 250.0, id="above-than"),
    pytest.param("lower than 50 °C", "lower than 50 °C", "<", 50.0, id="lower-than"),
    pytest.param("less than 0.1 mg/mL", "less than 0.1 mg/mL", "<", 0.1, id="less-than"),
    pytest.param("up to 5 g/L", "up to 5 g/L", "<=", 5.0, id="up-to"),
    pytest.param("at least 95%", "at least 95%", ">=", 95.0, id="at-least"),
    pytest.param(f"ca.{THIN}80%", f"ca.{THIN}80%", "~", 80.0, id="ca-thin-space"),
    pytest.param(f"≥{NBSP}99%", f"≥{NBSP}99%", ">=", 99.0, id="ge-no-break-space"),
    pytest.param("Moreover 5 g was used", "5 g", None, 5.0, id="over-inside-word-is-no-qualifier"),
    pytest.param("sabout 5 g", "5 g", None, 5.0, id="about-inside-word-is-no-qualifier"),
    pytest.param("mp 121 °C", "121 °C", None, 121.0, id="no-qualifier"),
]


@pytest.mark.parametrize(("text", "shown", "qualifier", "value"), QUALIFIERS)
def test_qualifiers(text: str, shown: str, qualifier: str | None, value: float) -> None:
    q = only(text)
    assert text[q.start : q.end] == shown
    assert q.qualifier == qualifier
    assert q.value == pytest.approx(value)
    assert text[q.number_start] in "0123456789.+-−"


# --- errors ---------------------------------------------------------------------------

# (text, printed, value, error, unit)
ERRORS = [
    pytest.param("mp 25 ± 2 °C", "25 ± 2 °C", 25.0, 2.0, "°C", id="plus-minus"),
    pytest.param("mp 25±2 °C", "25±2 °C", 25.0, 2.0, "°C", id="plus-minus-glued"),
    pytest.param("mp 25 ±2°C", "25 ±2°C", 25.0, 2.0, "°C", id="plus-minus-half-glued"),
    pytest.param("mp 25 +/- 2 °C", "25 +/- 2 °C", 25.0, 2.0, "°C", id="ascii-plus-minus"),
    pytest.param("mp 25 +/− 2 °C", "25 +/− 2 °C", 25.0, 2.0, "°C", id="ascii-plus-unicode-minus"),
    pytest.param("mp 25 +- 2 °C", "25 +- 2 °C", 25.0, 2.0, "°C", id="plus-hyphen"),
    pytest.param("d 1.05 ± 0.01 g/mL", "1.05 ± 0.01 g/mL", 1.05, 0.01, "g/mL", id="density-error"),
    pytest.param("d 1.05±0.01 g/mL", "1.05±0.01 g/mL", 1.05, 0.01, "g/mL", id="density-glued"),
    pytest.param("S 2.5 ± 0.3 mg/mL", "2.5 ± 0.3 mg/mL", 2.5, 0.3, "mg/mL", id="solubility-error"),
    pytest.param(
        f"mp 25{NNBSP}±{NNBSP}2{NNBSP}°C",
        f"25{NNBSP}±{NNBSP}2{NNBSP}°C",
        25.0,
        2.0,
        "°C",
        id="plus-minus-narrow-spaces",
    ),
    pytest.param("ρ 1600.4(2) kg/m3", "1600.4(2) kg/m3", 1600.4, 0.2, "kg/m³", id="paren-error"),
    pytest.param("T 1600(12) K", "1600(12) K", 1600.0, 12.0, "K", id="paren-error-integer"),
    pytest.param(
        "d 0.998(1) g/cm3", "0.998(1) g/cm3", 0.998, 0.001, "g/cm³", id="paren-3-decimals"
    ),
    pytest.param(
        f"mp {MINUS}12.5(3) °C", f"{MINUS}12.5(3) °C", -12.5, 0.3, "°C", id="paren-error-negative"
    ),
    pytest.param("mp 121.35(15) °C", "121.35(15) °C", 121.35, 0.15, "°C", id="paren-two-digits"),
]


@pytest.mark.parametrize(("text", "shown", "value", "error", "unit"), ERRORS)
def test_errors(text: str, shown: str, value: float, error: float, unit: str) -> None:
    q = only(text)
    assert text[q.start : q.end] == shown
    assert q.value == pytest.approx(value)
    assert q.error == pytest.approx(error)
    assert q.unit == unit
    assert not q.is_range


@pytest.mark.parametrize(
    ("text", "shown", "error"),
    [
        pytest.param("logP 2.31 ± 0.05", "2.31 ± 0.05", 0.05, id="unitless-plus-minus"),
        pytest.param("a = 1600.4(2)", "1600.4(2)", 0.2, id="unitless-paren"),
        pytest.param("logP 2.3", "2.3", None, id="unitless-no-error"),
    ],
)
def test_unitless_errors(text: str, shown: str, error: float | None) -> None:
    (q,) = scan_numbers(text)
    assert text[q.start : q.end] == shown
    assert q.unit is None
    assert q.error == (pytest.approx(error) if error is not None else None)


def test_paren_error_is_not_a_printed_number() -> None:
    """``numbers`` holds numbers printed in the text; ``1600.4(2)`` prints no 0.2."""
    (q,) = find_quantities("ρ = 1600.4(2) kg/m3")
    assert q.numbers == (1600.4,)
    (pm,) = find_quantities("mp 25 ± 2 °C")
    assert pm.numbers == (25.0, 2.0)


# --- spaces between number and unit -----------------------------------------------

SPACES = [
    pytest.param(f"mp 121{THIN}°C", f"121{THIN}°C", "°C", id="thin-before-degree"),
    pytest.param(f"mp 121{NNBSP}°C", f"121{NNBSP}°C", "°C", id="narrow-nbsp-before-degree"),
    pytest.param(f"mp 121{NBSP}°C", f"121{NBSP}°C", "°C", id="nbsp-before-degree"),
    pytest.param(f"mp 121{FIGURE}°C", f"121{FIGURE}°C", "°C", id="figure-space-before-degree"),
    pytest.param(f"mp 121{THIN}°{THIN}C", f"121{THIN}°{THIN}C", "°C", id="thin-inside-degree"),
    pytest.param(f"mp 121{NBSP}°{NBSP}C", f"121{NBSP}°{NBSP}C", "°C", id="nbsp-inside-degree"),
    pytest.param(f"T = 298{THIN}K", f"298{THIN}K", "K", id="thin-kelvin"),
    pytest.param(f"yield 87{THIN}%", f"87{THIN}%", "%", id="thin-percent"),
    pytest.param(f"yield 87{NBSP}%", f"87{NBSP}%", "%", id="nbsp-percent"),
    pytest.param(f"S 21.6{NNBSP}g/L", f"21.6{NNBSP}g/L", "g/L", id="narrow-nbsp-g-per-l"),
    pytest.param(f"S 21.6{THIN}g{THIN}L−1", f"21.6{THIN}g{THIN}L−1", "g/L", id="thin-g-l-inverse"),
    pytest.param(
        f"S 3{NBSP}mg{NBSP}mL−1", f"3{NBSP}mg{NBSP}mL−1", "mg/mL", id="nbsp-mg-ml-inverse"
    ),
    pytest.param(
        f"S 3{THIN}mg{THIN}/{THIN}mL", f"3{THIN}mg{THIN}/{THIN}mL", "mg/mL", id="thin-slash"
    ),
    pytest.param(f"d 1.2{THIN}g{THIN}cm−3", f"1.2{THIN}g{THIN}cm−3", "g/cm³", id="thin-g-cm-3"),
    pytest.param(f"S 5{NNBSP}µM", f"5{NNBSP}µM", "µM", id="narrow-nbsp-micromolar"),
    pytest.param(f"bp 80{NBSP}°C", f"80{NBSP}°C", "°C", id="nbsp-bp"),
    pytest.param(
        f"mp 121{THIN}–{THIN}123{THIN}°C", f"121{THIN}–{THIN}123{THIN}°C", "°C", id="thin-range"
    ),
    pytest.param(
        f"mp 121{NBSP}°C{THIN}–{THIN}123{NBSP}°C",
        f"121{NBSP}°C{THIN}–{THIN}123{NBSP}°C",
        "°C",
        id="mixed-spaces-repeated-unit",
    ),
    pytest.param(f"p 15{THIN}mmHg", f"15{THIN}mmHg", "mmHg", id="thin-mmhg"),
    pytest.param(f"p 15{THIN}mm{THIN}Hg", f"15{THIN}mm{THIN}Hg", "mmHg", id="thin-inside-mm-hg"),
]


@pytest.mark.parametrize(("text", "shown", "unit"), SPACES)
def test_spaces_between_number_and_unit(text: str, shown: str, unit: str) -> None:
    q = only(text)
    assert text[q.start : q.end] == shown
    assert q.unit == unit
    assert q.unit_start is not None and q.unit_start > q.number_start


# --- unit spellings -------------------------------------------------------------------

# (unit as printed, canonical, kind); each is checked inside a sentence
UNITS = [
    # temperatures
    pytest.param("25 °C", "°C", "temperature", id="degree-sign-C"),
    pytest.param("25°C", "°C", "temperature", id="degree-sign-C-glued"),
    pytest.param("25 ° C", "°C", "temperature", id="degree-space-C"),
    pytest.param("25 ºC", "°C", "temperature", id="masculine-ordinal-C"),
    pytest.param("25 ˚C", "°C", "temperature", id="ring-above-C"),
    pytest.param("25 ℃", "°C", "temperature", id="celsius-sign"),
    pytest.param("25℃", "°C", "temperature", id="celsius-sign-glued"),
    pytest.param("25 oC", "°C", "temperature", id="letter-o-C"),
    pytest.param("25oC", "°C", "temperature", id="letter-o-C-glued"),
    pytest.param("25 deg C", "°C", "temperature", id="deg-C"),
    pytest.param("25 deg. C", "°C", "temperature", id="deg-dot-C"),
    pytest.param("25 degrees C", "°C", "temperature", id="degrees-C"),
    pytest.param("215 to 222 Deg C", "°C", "temperature", id="capital-Deg-C"),
    pytest.param("25 degree C", "°C", "temperature", id="degree-C"),
    pytest.param("25 degrees Celsius", "°C", "temperature", id="degrees-celsius"),
    pytest.param("25 °Celsius", "°C", "temperature", id="degree-celsius-word"),
    pytest.param("298 K", "K", "temperature", id="kelvin"),
    pytest.param("298.15 K", "K", "temperature", id="kelvin-decimal"),
    pytest.param("298 kelvin", "K", "temperature", id="kelvin-word"),
    pytest.param("77 °F", "°F", "temperature", id="fahrenheit"),
    pytest.param("77 ºF", "°F", "temperature", id="fahrenheit-ordinal"),
    pytest.param("77 deg F", "°F", "temperature", id="deg-F"),
    pytest.param("77 degrees Fahrenheit", "°F", "temperature", id="degrees-fahrenheit"),
    # percentages
    pytest.param("87%", "%", "percent", id="percent-glued"),
    pytest.param("87 %", "%", "percent", id="percent-spaced"),
    pytest.param("87 percent", "%", "percent", id="percent-word"),
    pytest.param("87 per cent", "%", "percent", id="per-cent-words"),
    pytest.param("10 mol%", "mol%", "other", id="mol-percent"),
    pytest.param("10 mol %", "mol%", "other", id="mol-space-percent"),
    pytest.param("5 wt%", "wt%", "other", id="wt-percent"),
    pytest.param("5 wt.%", "wt%", "other", id="wt-dot-percent"),
    pytest.param("5 wt %", "wt%", "other", id="wt-space-percent"),
    pytest.param("5 wt. %", "wt%", "other", id="wt-dot-space-percent"),
    pytest.param("5 vol%", "wt%", "other", id="vol-percent"),
    pytest.param("5 w/w%", "wt%", "other", id="w-w-percent"),
    # mass per volume
    pytest.param("21.6 g/L", "g/L", "mass_per_volume", id="g-per-L"),
    pytest.param("21.6 g/l", "g/L", "mass_per_volume", id="g-per-l"),
    pytest.param("21.6 g / L", "g/L", "mass_per_volume", id="g-spaced-slash-L"),
    pytest.param("21.6 g L−1", "g/L", "mass_per_volume", id="g-L-unicode-minus-1"),
    pytest.param("21.6 g L-1", "g/L", "mass_per_volume", id="g-L-hyphen-1"),
    pytest.param("21.6 g L–1", "g/L", "mass_per_volume", id="g-L-en-dash-1"),
    pytest.param("21.6 g L⁻¹", "g/L", "mass_per_volume", id="g-L-superscript"),
    pytest.param("21.6 g·L−1", "g/L", "mass_per_volume", id="g-middot-L"),
    pytest.param("21.6 g⋅L−1", "g/L", "mass_per_volume", id="g-dot-operator-L"),
    pytest.param("21.6 g·L⁻¹", "g/L", "mass_per_volume", id="g-middot-L-superscript"),
    pytest.param("21.6 g.L-1", "g/L", "mass_per_volume", id="g-period-L"),
    pytest.param("1.2 g/mL", "g/mL", "mass_per_volume", id="g-per-mL"),
    pytest.param("1.2 g/ml", "g/mL", "mass_per_volume", id="g-per-ml"),
    pytest.param("1.2 g mL−1", "g/mL", "mass_per_volume", id="g-mL-inverse"),
    pytest.param("1.2 g ml−1", "g/mL", "mass_per_volume", id="g-ml-inverse"),
    pytest.param("3 mg/mL", "mg/mL", "concentration", id="mg-per-mL"),
    pytest.param("3 mg/ml", "mg/mL", "concentration", id="mg-per-ml"),
    pytest.param("3 mg ml-1", "mg/mL", "concentration", id="mg-ml-hyphen-1"),
    pytest.param("3 mg mL−1", "mg/mL", "concentration", id="mg-mL-unicode-minus-1"),
    pytest.param("3 mg mL⁻¹", "mg/mL", "concentration", id="mg-mL-superscript"),
    pytest.param("3 mg·mL−1", "mg/mL", "concentration", id="mg-middot-mL"),
    pytest.param("3 mg/L", "mg/L", "concentration", id="mg-per-L"),
    pytest.param("3 mg L−1", "mg/L", "concentration", id="mg-L-inverse"),
    pytest.param("3 µg/mL", "µg/mL", "concentration", id="micro-sign-g-per-mL"),
    pytest.param("3 μg/mL", "µg/mL", "concentration", id="greek-mu-g-per-mL"),
    pytest.param("3 ug/mL", "µg/mL", "concentration", id="u-g-per-mL"),
    pytest.param("3 mcg/mL", "µg/mL", "concentration", id="mcg-per-mL"),
    pytest.param("3 µg mL−1", "µg/mL", "concentration", id="micro-g-mL-inverse"),
    pytest.param("3 ng/mL", "ng/mL", "concentration", id="ng-per-mL"),
    pytest.param("3 µg/L", "µg/L", "concentration", id="micro-g-per-L"),
    pytest.param("3 g/100 mL", "g/100 mL", "concentration", id="g-per-100-mL"),
    pytest.param("3 g/100mL", "g/100 mL", "concentration", id="g-per-100mL"),
    pytest.param("3 g/100 ml", "g/100 mL", "concentration", id="g-per-100-ml"),
    pytest.param("3 g/dL", "g/100 mL", "concentration", id="g-per-dL"),
    # molar concentrations
    pytest.param("0.1 mol/L", "mol/L", "concentration", id="mol-per-L"),
    pytest.param("0.1 mol L−1", "mol/L", "concentration", id="mol-L-inverse"),
    pytest.param("0.1 mol L-1", "mol/L", "concentration", id="mol-L-hyphen-1"),
    pytest.param("0.1 mol L⁻¹", "mol/L", "concentration", id="mol-L-superscript"),
    pytest.param("0.1 mol·L−1", "mol/L", "concentration", id="mol-middot-L"),
    pytest.param("0.1 mol/dm3", "mol/L", "concentration", id="mol-per-dm3"),
    pytest.param("0.1 mol dm−3", "mol/L", "concentration", id="mol-dm-inverse-cube"),
    pytest.param("0.1 mol dm⁻³", "mol/L", "concentration", id="mol-dm-superscript"),
    pytest.param("0.1 M", "M", "concentration", id="molar"),
    pytest.param("0.1M", "M", "concentration", id="molar-glued"),
    pytest.param("5 mM", "mM", "concentration", id="millimolar"),
    pytest.param("5 µM", "µM", "concentration", id="micromolar-micro-sign"),
    pytest.param("5 μM", "µM", "concentration", id="micromolar-greek-mu"),
    pytest.param("5 uM", "µM", "concentration", id="micromolar-u"),
    pytest.param("5 nM", "nM", "concentration", id="nanomolar"),
    pytest.param("3 mmol/L", "mmol/L", "concentration", id="mmol-per-L"),
    pytest.param("3 mmol L−1", "mmol/L", "concentration", id="mmol-L-inverse"),
    pytest.param("3 µmol/L", "µmol/L", "concentration", id="micromol-per-L"),
    # densities
    pytest.param("1.49 g/cm3", "g/cm³", "density", id="g-per-cm3"),
    pytest.param("1.49 g/cm³", "g/cm³", "density", id="g-per-cm-superscript-3"),
    pytest.param("1.49 g/cm^3", "g/cm³", "density", id="g-per-cm-caret-3"),
    pytest.param("1.49 g cm−3", "g/cm³", "density", id="g-cm-unicode-minus-3"),
    pytest.param("1.49 g cm-3", "g/cm³", "density", id="g-cm-hyphen-3"),
    pytest.param("1.49 g cm⁻³", "g/cm³", "density", id="g-cm-superscript"),
    pytest.param("1.49 g·cm−3", "g/cm³", "density", id="g-middot-cm"),
    pytest.param("1.49 g/cc", "g/cm³", "density", id="g-per-cc"),
    pytest.param("1.865 g/cu cm", "g/cm³", "density", id="g-per-cu-cm"),
    pytest.param("1.865 g/cuCm", "g/cm³", "density", id="g-per-cucm"),
    pytest.param("0.92 gm/cc", "g/cm³", "density", id="gm-per-cc"),
    pytest.param("1490 kg/m3", "kg/m³", "density", id="kg-per-m3"),
    pytest.param("2.1 pcf", "lb/ft³", "density", id="pounds-per-cubic-foot"),
    pytest.param("2.1 lb/ft3", "lb/ft³", "density", id="lb-per-ft3"),
    pytest.param("1490 kg/m³", "kg/m³", "density", id="kg-per-m-superscript-3"),
    pytest.param("1490 kg m−3", "kg/m³", "density", id="kg-m-inverse-cube"),
    pytest.param("1490 kg m⁻³", "kg/m³", "density", id="kg-m-superscript"),
    # pressures
    pytest.param("15 mmHg", "mmHg", "pressure", id="mmHg"),
    pytest.param("15 mm Hg", "mmHg", "pressure", id="mm-space-Hg"),
    pytest.param("15 Torr", "Torr", "pressure", id="Torr"),
    pytest.param("15 torr", "Torr", "pressure", id="torr-lowercase"),
    pytest.param("0.1 mbar", "mbar", "pressure", id="mbar"),
    pytest.param("101.3 kPa", "kPa", "pressure", id="kPa"),
    pytest.param("1 atm", "atm", "pressure", id="atm"),
    pytest.param("2 bar", "bar", "pressure", id="bar"),
    # amounts
    pytest.param("4.0 g", "g", "amount", id="grams"),
    pytest.param("40 mg", "mg", "amount", id="milligrams"),
    pytest.param("40mg", "mg", "amount", id="milligrams-glued"),
    pytest.param("1.5 kg", "kg", "amount", id="kilograms"),
    pytest.param("623 grams", "g", "amount", id="grams-word"),
    pytest.param("12 milligrams", "mg", "amount", id="milligrams-word"),
    pytest.param("2 kilograms", "kg", "amount", id="kilograms-word"),
    pytest.param("250 µg", "µg", "amount", id="micrograms"),
    pytest.param("6.65 mmol", "mmol", "amount", id="mmol"),
    pytest.param("6.65 mmoles", "mmol", "amount", id="mmoles"),
    pytest.param("6.65 mmole", "mmol", "amount", id="mmole"),
    pytest.param("0.1 mol", "mol", "amount", id="mol"),
    pytest.param("1.2 moles", "mol", "amount", id="moles"),
    pytest.param("50 µmol", "µmol", "amount", id="micromoles"),
    pytest.param("1.2 equiv", "equiv", "amount", id="equiv"),
    pytest.param("1.2 equiv.", "equiv", "amount", id="equiv-dot"),
    pytest.param("1.1 eq.", "equiv", "amount", id="eq-dot"),
    pytest.param("1.1 eq", "equiv", "amount", id="eq"),
    pytest.param("10 mL", "mL", "amount", id="millilitres"),
    pytest.param("10 ml", "mL", "amount", id="millilitres-lowercase"),
    pytest.param("5 µL", "µL", "amount", id="microlitres"),
    pytest.param("1 L", "L", "amount", id="litres"),
    # times
    pytest.param("2 h", "h", "other", id="hours"),
    pytest.param("2 hours", "h", "other", id="hours-word"),
    pytest.param("30 min", "min", "other", id="minutes"),
    pytest.param("3 days", "d", "other", id="days"),
]


@pytest.mark.parametrize(("raw", "unit", "kind"), UNITS)
def test_unit_spellings(raw: str, unit: str, kind: str) -> None:
    text = f"It gave {raw}, then more."
    q = only(text)
    assert text[q.start : q.end] == raw
    assert q.start == len("It gave ")
    assert q.unit == unit
    assert q.kind == kind
    assert q.unit_start is not None
    assert text[q.number_start : q.unit_start].strip() == raw[: q.unit_start - q.start].strip()


def test_mm_before_a_bracket_is_a_pressure() -> None:
    text = "bp 80 °C (15 mm)"
    found = find_quantities(text)
    assert printed(text, found) == ["80 °C", "15 mm"]
    assert [q.unit for q in found] == ["°C", "mmHg"]


# --- numbers that are not numbers -----------------------------------------------------

# (text, every number found, as printed)
GLUED = [
    pytest.param("C10H9NO3S", [], id="molecular-formula"),
    pytest.param("C10H9NO3S (mp 121 °C)", ["121 °C"], id="formula-then-mp"),
    pytest.param("H2O", [], id="water"),
    pytest.param("dissolved in H2O (10 mL)", ["10 mL"], id="water-then-volume"),
    pytest.param("CH2Cl2 (10 mL)", ["10 mL"], id="dichloromethane"),
    pytest.param("logD7.4 = 1.2", ["1.2"], id="logd-subscript-ph"),
    pytest.param("pH7.4", [], id="ph-glued"),
    pytest.param("compound 3b", [], id="compound-label"),
    pytest.param("compound 3b (mp 121 °C)", ["121 °C"], id="label-then-mp"),
    pytest.param("amides 10a–c", [], id="label-range"),
    pytest.param("1H NMR (400 MHz", ["400"], id="proton-nmr"),
    pytest.param("13C NMR", [], id="carbon-nmr"),
    pytest.param("Et3N (2.0 equiv)", ["2.0 equiv"], id="triethylamine"),
    pytest.param("K2CO3 (1.5 g)", ["1.5 g"], id="potassium-carbonate"),
    pytest.param("Pd(OAc)2 (10 mol%)", ["10 mol%"], id="subscript-after-bracket"),
    pytest.param("Pd2(dba)3 (5 mol%)", ["5 mol%"], id="pd2dba3"),
    pytest.param("[Rh(cod)Cl]2 (2 mol%)", ["2 mol%"], id="subscript-after-square-bracket"),
    pytest.param("4-methylphenol", [], id="locant"),
    pytest.param("1,4-dioxane (10 mL)", ["10 mL"], id="locant-list"),
    pytest.param("2,2′-bipyridine", [], id="locant-prime"),
    pytest.param("5-(4-chlorophenyl)", [], id="locant-bracket"),
    pytest.param("H-5", [], id="hyphen-after-letter-is-not-a-sign"),
    pytest.param("3.5 g of 3b", ["3.5 g"], id="mass-of-label"),
    pytest.param("a 2nd crop", [], id="ordinal"),
]


@pytest.mark.parametrize(("text", "shown"), GLUED)
def test_numbers_glued_to_letters(text: str, shown: list[str]) -> None:
    assert printed(text, scan_numbers(text)) == shown


# --- several quantities in one sentence ---------------------------------------------

SENTENCES = [
    pytest.param(
        "Amide 4b (1.65 g, 6.65 mmol, 70%) was obtained as needles, mp 121–123 °C.",
        ["1.65 g", "6.65 mmol", "70%", "121–123 °C"],
        id="experimental-line",
    ),
    pytest.param(
        "bp 80 °C/15 mmHg (176 °F)",
        ["80 °C", "15 mmHg", "176 °F"],
        id="bp-pressure-restated",
    ),
    pytest.param(
        "Caffeine dissolves in water at 21.6 g/L at 25 °C.",
        ["21.6 g/L", "25 °C"],
        id="solubility-with-temperature",
    ),
    pytest.param(
        "NaH (60% in oil, 0.48 g, 12 mmol) was added at 0 °C.",
        ["60%", "0.48 g", "12 mmol", "0 °C"],
        id="reagent-line",
    ),
    pytest.param(
        "heated at a rate of 10 °C/min to 250 °C",
        ["10 °C", "250 °C"],
        id="rate-and-target",
    ),
    pytest.param(
        f"mp 121{THIN}°C (lit. 122{NBSP}°C); yield 85{NNBSP}%",
        [f"121{THIN}°C", f"122{NBSP}°C", f"85{NNBSP}%"],
        id="mixed-spaces",
    ),
    pytest.param(
        "The density is 1.05 g/mL at 20 °C and 0.98 g/mL at 80 °C.",
        ["1.05 g/mL", "20 °C", "0.98 g/mL", "80 °C"],
        id="two-densities",
    ),
    pytest.param(
        "Pd/C (10%, 50 mg) in MeOH (20 mL) under H2 (1 atm) for 12 h",
        ["10%", "50 mg", "20 mL", "1 atm", "12 h"],
        id="hydrogenation",
    ),
]


@pytest.mark.parametrize(("text", "shown"), SENTENCES)
def test_every_quantity_in_a_sentence(text: str, shown: list[str]) -> None:
    found = find_quantities(text)
    assert printed(text, found) == shown
    starts = [q.start for q in found]
    assert starts == sorted(starts)


def test_unitless_numbers_are_kept_for_cue_led_values() -> None:
    text = "logP = 2.3, logD7.4 = 1.2 and pKa 4.5"
    assert printed(text, scan_numbers(text)) == ["2.3", "1.2", "4.5"]
    assert find_quantities(text) == []
    assert all(q.kind == "other" and q.unit is None for q in scan_numbers(text))


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("1,200 mg/L", 1200.0, "mg/L"),
        ("12,345.6 mg/L", 12345.6, "mg/L"),
        ("1,050 kg/m3", 1050.0, "kg/m³"),
        ("1,000,000 g", 1000000.0, "g"),
    ],
)
def test_commas_grouping_thousands_are_one_number(text: str, value: float, unit: str) -> None:
    [quantity] = scan_numbers(text)
    assert (quantity.value, quantity.unit, quantity.end) == (value, unit, len(text))


@pytest.mark.parametrize("text", ["3,4 mg/L", "1,2 mL", "1,23 g"])
def test_a_comma_before_fewer_than_three_digits_groups_nothing(text: str) -> None:
    assert scan_numbers(text)[0].value in (3.0, 1.0)


@pytest.mark.parametrize("written", ["kg", "Kg", "KG"])
def test_a_kilogram_as_patents_capitalise_it(written: str) -> None:
    assert unit_at(written, 0) == ("kg", "amount", 0, 2)


@pytest.mark.parametrize("text", ["3.63 gm (69%)", "8 gms of BDO"])
def test_a_gram_as_older_patents_abbreviate_it(text: str) -> None:
    first = scan_numbers(text)[0]
    assert (first.unit, first.kind) == ("g", "amount")
