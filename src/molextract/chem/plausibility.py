"""Physical sanity ranges for extracted values, in SI.

A model that misreads a unit or a digit often lands outside what matter can do
(a melting point below 0 K, a 300 % yield). The bounds are wide on purpose: they
only catch the impossible, never the merely unusual.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class _Range:
    low: float
    high: float
    low_inclusive: bool = True

    def contains(self, value: float) -> bool:
        above = value >= self.low if self.low_inclusive else value > self.low
        return above and value <= self.high


_LOG_RANGE = {"1": _Range(-15.0, 20.0)}

_RANGES: dict[str, dict[str, _Range]] = {
    # The most refractory carbides melt around 4200 K.
    "melting_point": {"K": _Range(0.0, 4300.0, low_inclusive=False)},
    "boiling_point": {"K": _Range(0.0, 6000.0, low_inclusive=False)},
    "solubility": {"kg/m³": _Range(0.0, 5000.0), "mol/m³": _Range(0.0, 50000.0)},
    "logP": _LOG_RANGE,
    "logD": _LOG_RANGE,
    "reaction_yield": {"1": _Range(0.0, 1.0)},
    # From aerogels to osmium with room to spare.
    "density": {"kg/m³": _Range(0.05, 25000.0)},
}

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


def is_plausible(prop: str, value_si: float, unit_si: str) -> bool | None:
    """Judge only what the table covers; ``None`` means "no opinion", not "fine"."""
    unit = unit_si.strip()
    table = _RANGES.get(prop)
    bounds = None if table is None else table.get(_UNIT_SPELLINGS.get(unit, unit))
    if bounds is None:
        return None
    return math.isfinite(value_si) and bounds.contains(value_si)
