"""Unit spellings and conversion to SI.

Papers and models write the same unit a dozen ways (``oC``, ``℃``, ``g cm-3``,
``μg/mL`` with a Greek mu), so units are first folded onto the schemas' spellings;
only then are values converted to SI so that plausibility ranges need one table, not
one per unit. Pint does the arithmetic so offset scales (°C, °F) are handled right.
"""

from __future__ import annotations

import re
import tokenize
from functools import cache
from typing import Any

import pint

_CHARACTERS = str.maketrans(
    {
        "μ": "µ",
        "º": "°",
        "˚": "°",
        "⁻": "-",
        "−": "-",
        "¹": "1",
        "²": "2",
        "³": "3",
        "·": " ",
        "⋅": " ",
        "*": " ",
        "^": "",
    }
)
_DEGREES = re.compile(r"(?:°|o|[Dd]eg\.?|[Dd]egrees?)\s*([CF])")
_PER_EXPONENT = re.compile(r"(\S+) ([A-Za-zµ]+)-([0-9])")
_MICRO_AS_U = re.compile(r"^(?:u|mc)(?=g/|mol/|M$)")

# Case matters only where a letter's case changes the unit (M vs m).
_CASE_SENSITIVE = {"M": "M", "mM": "mM", "µM": "µM", "K": "K"}
_FOLDED = {
    "°c": "°C",
    "°f": "°F",
    "kelvin": "K",
    "g/l": "g/L",
    "mg/ml": "mg/mL",
    "mg/l": "mg/L",
    "µg/ml": "µg/mL",
    "g/100ml": "g/100 mL",
    "g/dl": "g/100 mL",
    "mol/l": "mol/L",
    "mol/dm3": "mol/L",
    "mmol/l": "mmol/L",
    "µmol/l": "µmol/L",
    "%": "%",
    "percent": "%",
    "percentage": "%",
    "g/cm3": "g/cm³",
    "g/cc": "g/cm³",
    "g/cucm": "g/cm³",
    "gm/cc": "g/cm³",
    "gm/cm3": "g/cm³",
    "g/ml": "g/mL",
    "kg/m3": "kg/m³",
    "lb/ft3": "lb/ft³",
    "lbs/ft3": "lb/ft³",
    "pcf": "lb/ft³",
}


def _key(unit: str) -> str:
    text = unit.replace("℃", "°C").translate(_CHARACTERS)
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s+per\s+", "/", text, flags=re.IGNORECASE)
    degrees = _DEGREES.fullmatch(text)
    if degrees:
        return "°" + degrees[1].upper()
    per = _PER_EXPONENT.fullmatch(text)
    if per:
        exponent = "" if per[3] == "1" else per[3]
        text = f"{per[1]}/{per[2]}{exponent}"
    return _MICRO_AS_U.sub("µ", text.replace(" ", ""))


def normalize_unit(unit: str | None) -> str | None:
    """Fold a unit onto the schemas' spelling; unknown units pass through so no data is lost."""
    if unit is None or not unit.strip():
        return None
    key = _key(unit)
    if key in _CASE_SENSITIVE:
        return _CASE_SENSITIVE[key]
    return _FOLDED.get(key.lower(), unit.strip())


# Pint spellings for the canonical units it cannot read as written.
_PINT_NAMES = {
    "°C": "degC",
    "°F": "degF",
    "g/100 mL": "g/dL",
    "µg/mL": "microgram/mL",
    "µmol/L": "micromol/L",
    "µM": "micromolar",
    "g/cm³": "g/cm**3",
    "kg/m³": "kg/m**3",
    "lb/ft³": "lb/ft**3",
    "%": "percent",
}

# Quantities whose SI spelling is fixed so every consumer sees the same string.
_SI_TARGETS = (
    ("kelvin", "K"),
    ("kg/m**3", "kg/m³"),
    ("mol/m**3", "mol/m³"),
    ("dimensionless", "1"),
)

_PARSE_ERRORS = (
    pint.errors.PintError,
    ValueError,
    TypeError,
    ArithmeticError,
    AttributeError,
    KeyError,
    SyntaxError,
    tokenize.TokenError,
)


@cache
def _registry() -> Any:
    """Build the registry on first use: it takes a noticeable fraction of a second."""
    registry: Any = pint.UnitRegistry()
    if "M" not in registry:  # Older pint releases lack the molar shorthand.
        registry.define("molar = mole / liter = M")
    return registry


def _round(value: float) -> float:
    # Prefix factors leave binary noise (1 M -> 999.9999999999999 mol/m³) that would
    # otherwise show up in output and in equality checks downstream.
    return float(f"{value:.12g}")


def to_si(value: float, unit: str | None) -> tuple[float, str] | None:
    """Convert to SI so plausibility and comparisons across papers need one unit per quantity."""
    canonical = normalize_unit(unit)
    if canonical is None:
        return value, "1"
    registry = _registry()
    try:
        units = registry.parse_units(_PINT_NAMES.get(canonical, canonical))
        quantity = registry.Quantity(value, units)
        for target, label in _SI_TARGETS:
            if quantity.is_compatible_with(target):
                return _round(float(quantity.to(target).magnitude)), label
        base = quantity.to_base_units()
    except _PARSE_ERRORS:
        return None
    return _round(float(base.magnitude)), format(base.units, "~P") or "1"


_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_UNIT_WORDS = 3
_UNIT_TAIL = 24


def unit_stated(unit: str | None, text: str) -> bool:
    """Whether ``text`` states ``unit`` right after one of its numbers.

    A model under a unit enum must pick some unit even when the text gives none
    ("4.0 g of product" read as a solubility in g/L); this catches that. The words
    after each number are tried one, two and three at a time, because units are
    written with spaces ("° C.", "mg ml-1"). A dimensionless value (None) needs none.
    """
    if unit is None:
        return True
    for match in _NUMBER.finditer(text):
        words = text[match.end() : match.end() + _UNIT_TAIL].split()
        for n in range(1, min(_UNIT_WORDS, len(words)) + 1):
            candidate = " ".join(words[:n]).strip(".,;:()[]")
            if candidate and normalize_unit(candidate) == unit:
                return True
    return False
