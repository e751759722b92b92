"""Physical sanity ranges for extracted values, in SI.

A model that misreads a unit or a digit often lands outside what matter can do
(a melting point below 0 K, a 300 % yield). The bounds are wide on purpose: they
only catch the impossible, never the merely unusual.

What the range of a property is belongs to its declaration
(``schemas/properties.py``): this module says what a range in SI is and whether a
value falls in it, whatever the SI unit is spelled. The declarations sit a layer
above the checks, so they hand their ranges down (``declare_ranges``) when they are
loaded, which importing ``molextract`` does; ``is_plausible`` reads those.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SIRange:
    """The values a property can take in one SI unit (``K``, ``kg/m³``, ``mol/m³``, ``1``)."""

    unit: str
    low: float
    high: float
    low_inclusive: bool = True

    def contains(self, value: float) -> bool:
        above = value >= self.low if self.low_inclusive else value > self.low
        return above and value <= self.high


_UNIT_SPELLINGS = {
    "kg/m**3": "kg/m³",
    "kg/m^3": "kg/m³",
    "kg/m3": "kg/m³",
    "mol/m**3": "mol/m³",
    "mol/m^3": "mol/m³",
    "mol/m3": "mol/m³",
    "": "1",
    "dimensionless": "1",
    "kelvin": "K",
}


#: Each built-in property's ranges, as its declaration states them.
_DECLARED: dict[str, tuple[SIRange, ...]] = {}


def declare_ranges(prop: str, ranges: Iterable[SIRange]) -> None:
    """Take ``prop``'s plausible ranges from its declaration."""
    _DECLARED[prop] = tuple(ranges)


def is_plausible(prop: str, value_si: float, unit_si: str) -> bool | None:
    """Judge only what the declarations cover; ``None`` means "no opinion", not "fine"."""
    if not _DECLARED:
        raise RuntimeError("no property declarations loaded: import molextract.schemas.properties")
    ranges = _DECLARED.get(prop)
    return None if ranges is None else is_within(ranges, value_si, unit_si)


def is_within(ranges: Iterable[SIRange], value_si: float, unit_si: str) -> bool | None:
    """Whether ``value_si`` lies in the range of ``ranges`` stated in ``unit_si``;
    ``None`` when none is (no opinion, not "fine")."""
    unit = unit_si.strip()
    unit = _UNIT_SPELLINGS.get(unit, unit)
    bounds = next((r for r in ranges if r.unit == unit), None)
    if bounds is None:
        return None
    return math.isfinite(value_si) and bounds.contains(value_si)
