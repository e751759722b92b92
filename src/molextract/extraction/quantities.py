"""Every stated quantity in a text, found by code with exact code-point offsets.

A model asked to copy numbers, units and quotes gets them subtly wrong (a mass read
as a solubility, a quote re-typed with another dash); a regular expression does not.
This module is the one place where the typography of chemical writing lives: number
forms (ranges, ``±`` and ``1600.4(2)`` errors, qualifiers, Unicode minus), the
spaces printed between number and unit (thin, non-breaking), and the spellings of
the units the properties are stated in.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

Kind = Literal[
    "temperature",
    "percent",
    "concentration",
    "mass_per_volume",
    "density",
    "pressure",
    "amount",
    "other",
    "dimensionless",
]


@dataclass(frozen=True, slots=True)
class Quantity:
    """A number (or range) as stated, with its unit, and where it is in the text.

    ``start``/``end`` cover the qualifier, the number(s) and the unit, so
    ``text[start:end]`` is the quantity as printed. ``value`` is the midpoint of a
    range, as everywhere else in molextract.
    """

    start: int
    end: int
    value: float | None
    low: float | None
    high: float | None
    qualifier: str | None
    numbers: tuple[float, ...]
    unit: str | None
    kind: Kind
    number_start: int
    unit_start: int | None = None
    cue: str | None = None
    error: float | None = None

    @property
    def is_range(self) -> bool:
        return self.low is not None and self.high is not None and self.low != self.high


# --- units ------------------------------------------------------------------------

_SP = "[ \u00a0\u2009\u202f\u2007]"  # spaces printed between number and unit
_DOT = rf"(?:{_SP}*[·⋅•.*]{_SP}*|{_SP}+)"  # "g·L−1", "g L-1", "g.L-1"
_MINUS = "[-−‑–]"
_MICRO = "(?:µ|μ|u|mc)"
# Exponents are printed as superscripts ("g L⁻¹") as often as flattened ("g L−1"); a
# superscript missed here would leave "2.5 g L⁻¹" read as a mass of 2.5 g.
_INV = rf"(?:{_MINUS}1|⁻¹|\^{_MINUS}1)"  # the "−1" of "g L−1"
_INV_CUBE = rf"(?:{_MINUS}3|⁻³|\^{_MINUS}3)"  # the "−3" of "g cm−3"
_CUBE = rf"(?:3|³|\^3|{_INV_CUBE})"
_PER = rf"(?:{_SP}?/{_SP}?|{_SP}+per{_SP}+)"  # "g/L", "g / L", "g per 100 mL"

# (pattern, canonical spelling, kind): the canonical spellings are the schemas'.
_UNITS: tuple[tuple[str, str, Kind], ...] = (
    # temperatures
    (rf"(?:°|º|˚|o|\u02da){_SP}?C(?:elsius)?\b", "°C", "temperature"),
    ("℃", "°C", "temperature"),
    (rf"(?:°|º|˚){_SP}?F\b", "°F", "temperature"),
    (rf"[Dd]eg(?:rees?|\.)?{_SP}?C(?:elsius)?\b", "°C", "temperature"),
    (rf"[Dd]eg(?:rees?|\.)?{_SP}?F(?:ahrenheit)?\b", "°F", "temperature"),
    ("K(?![A-Za-z0-9(])", "K", "temperature"),
    ("kelvin", "K", "temperature"),
    # mass per volume: solubilities, and g/mL, g/L also densities
    (rf"g{_PER}100{_SP}?m[lL]", "g/100 mL", "concentration"),
    (rf"g{_PER}dL\b", "g/100 mL", "concentration"),
    (rf"{_MICRO}g{_PER}m[lL]\b", "µg/mL", "concentration"),
    (rf"{_MICRO}g{_DOT}m[lL]{_INV}", "µg/mL", "concentration"),
    (rf"ng{_PER}m[lL]\b", "ng/mL", "concentration"),
    (rf"mg{_PER}m[lL]\b", "mg/mL", "concentration"),
    (rf"mg{_DOT}m[lL]{_INV}", "mg/mL", "concentration"),
    (rf"mg{_PER}[lL]\b", "mg/L", "concentration"),
    (rf"mg{_DOT}[lL]{_INV}", "mg/L", "concentration"),
    (rf"{_MICRO}g{_PER}[lL]\b", "µg/L", "concentration"),
    (rf"g{_PER}cm{_CUBE}", "g/cm³", "density"),
    (rf"g{_DOT}cm{_INV_CUBE}", "g/cm³", "density"),
    (rf"g{_PER}cc\b", "g/cm³", "density"),
    # older US patents: "g/cu cm", "g/cuCm", "gm/cc"
    (rf"g{_PER}cu\.?{_SP}?[cC]m\b", "g/cm³", "density"),
    (rf"gm\.?{_PER}(?:cc\b|cm{_CUBE})", "g/cm³", "density"),
    (rf"kg{_PER}m{_CUBE}", "kg/m³", "density"),
    (rf"kg{_DOT}m{_INV_CUBE}", "kg/m³", "density"),
    # foams and insulation in US patents: pounds per cubic foot
    (rf"lbs?\.?{_PER}(?:ft{_CUBE}|cu\.?{_SP}?ft\b)", "lb/ft³", "density"),
    (r"\bpcf\b", "lb/ft³", "density"),
    (rf"g{_PER}m[lL]\b", "g/mL", "mass_per_volume"),
    (rf"g{_DOT}m[lL]{_INV}", "g/mL", "mass_per_volume"),
    (rf"g{_PER}[lL]\b", "g/L", "mass_per_volume"),
    (rf"g{_DOT}[lL]{_INV}", "g/L", "mass_per_volume"),
    # molar concentrations
    (rf"mmol{_PER}[lL]\b", "mmol/L", "concentration"),
    (rf"mmol{_DOT}[lL]{_INV}", "mmol/L", "concentration"),
    (rf"{_MICRO}mol{_PER}[lL]\b", "µmol/L", "concentration"),
    (rf"{_MICRO}mol{_DOT}[lL]{_INV}", "µmol/L", "concentration"),
    (rf"mol{_PER}(?:[lL]|dm{_CUBE})\b", "mol/L", "concentration"),
    (rf"mol{_DOT}[lL]{_INV}", "mol/L", "concentration"),
    (rf"mol{_DOT}dm{_INV_CUBE}", "mol/L", "concentration"),
    (rf"{_MICRO}M\b", "µM", "concentration"),
    (r"nM\b", "nM", "concentration"),
    (r"mM\b", "mM", "concentration"),
    (r"M\b(?![-–])", "M", "concentration"),
    # percentages: "mol%" and "wt%" are never yields, so they are units of their own
    (rf"mol{_SP}?%", "mol%", "other"),
    (rf"(?:wt|vol|v/v|w/w|w/v)\.?{_SP}?%", "wt%", "other"),
    ("%", "%", "percent"),
    (r"per{_SP}?cent\b".replace("{_SP}", _SP), "%", "percent"),
    # pressures: conditions of boiling points. Each keeps its own spelling: a boiling
    # point "at 15 Torr" and one "at 15 mbar" are not at the same pressure.
    (rf"mm{_SP}?Hg\b", "mmHg", "pressure"),
    (r"[Tt]orr\b", "Torr", "pressure"),
    (r"mbar\b", "mbar", "pressure"),
    (r"kPa\b", "kPa", "pressure"),
    (r"MPa\b", "MPa", "pressure"),
    (r"hPa\b", "hPa", "pressure"),
    (r"atm\b", "atm", "pressure"),
    (r"bar\b", "bar", "pressure"),
    (r"Pa\b", "Pa", "pressure"),
    (r"psi\b", "psi", "pressure"),
    (r"mm\b(?=\))", "mmHg", "pressure"),  # "bp 80 °C (15 mm)"
    # amounts: never values of the properties, but recognising them tells a yield's
    # "(1.2 g, 6.6 mmol, 70%)" apart from other percentages
    (r"mmol(?:es?)?(?![A-Za-z])", "mmol", "amount"),
    (rf"{_MICRO}mol(?:es?)?(?![A-Za-z])", "µmol", "amount"),
    (r"mol(?:es?)?(?![A-Za-z])", "mol", "amount"),
    (r"(?:equiv\.?|eq\.?)(?![A-Za-z])", "equiv", "amount"),
    (r"kilograms?\b", "kg", "amount"),
    (r"milligrams?\b", "mg", "amount"),
    (r"grams?\b", "g", "amount"),
    # "3.63 gm (69%)", "8 gms": older patents' grams
    (r"gms?(?![A-Za-z/])", "g", "amount"),
    (r"(?:kg|Kg|KG)(?![A-Za-z/])", "kg", "amount"),
    (r"mg(?![A-Za-z/])", "mg", "amount"),
    (rf"{_MICRO}g(?![A-Za-z/])", "µg", "amount"),
    (r"g(?![A-Za-z/])", "g", "amount"),
    (r"m[lL](?![A-Za-z/])", "mL", "amount"),
    (rf"{_MICRO}L(?![A-Za-z/])", "µL", "amount"),
    (r"L(?![A-Za-z/])", "L", "amount"),
    (r"(?:h|hr|hrs|hours?)\b", "h", "other"),
    (r"(?:min|minutes?)\b", "min", "other"),
    (r"s\b", "s", "other"),
    (r"(?:days?|d)\b", "d", "other"),
)

_UNIT_RE = re.compile("|".join(f"(?P<u{i}>{p})" for i, (p, _, _) in enumerate(_UNITS)))


# --- numbers ----------------------------------------------------------------------

# "1,200 mg/L", "12,500": commas grouping thousands (three digits after each, none
# after the last); "2,4" and "1,2,3" stay locants and lists.
_NUMBER = r"[-−+]?(?:[1-9]\d{0,2}(?:,\d{3})+(?![\d,])(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
# "1.2 × 10−3 M", "1.2 x 10^-3", "1.2·10⁻³", "1.2e-3": without this the exponent's
# "−3 M" is read as a concentration of −3 M. A flattened exponent must be signed
# ("10−3"), so "2 × 10 mL" (two washes of 10 mL) stays two numbers.
_SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_EXPONENT = (
    rf"(?:{_SP}*[×xX·⋅]{_SP}*10"
    rf"(?:\^\(?[-−+]?\d+\)?|\*\*[-−+]?\d+|[-−]\d+|[⁻⁺]?[{_SUPERSCRIPTS}]+)"
    r"|[eE][-−+]?\d+(?![A-Za-z]))"
)
_PLUS_MINUS = r"(?:±|\+/-|\+/−|\+-|\+−)"
_RANGE_SEP = rf"{_SP}*(?:-|–|—|‒|−|‑|~|to|and){_SP}*"
_QUALIFIER = (
    r"(?:<=|>=|=<|=>|≤|≥|⩽|⩾|<|>|~|∼|≈|"
    r"ca\.?|c\.|approx\.?|approximately|about|above than|above|below|over|"
    r"more than|less than|greater than|higher than|lower than|up to|at least)"
)
_QUANTITY = re.compile(
    rf"(?:(?P<qual>{_QUALIFIER}){_SP}*)?"
    rf"(?P<a>{_NUMBER})(?P<paren>\(\d{{1,3}}\))?(?P<aexp>{_EXPONENT})?"
    rf"(?:{_SP}*{_PLUS_MINUS}{_SP}*(?P<err>{_NUMBER}))?"
    # "120° C. to 123° C.": older patents close the degree's C with a full stop
    rf"(?P<unit1>{_SP}*(?:{_UNIT_RE.pattern})(?:\.(?={_RANGE_SEP}))?)?"
    rf"(?:(?P<sep>{_RANGE_SEP})(?P<b>{_NUMBER})(?P<bexp>{_EXPONENT})?"
    rf"(?:{_SP}*{_PLUS_MINUS}{_SP}*(?P<err2>{_NUMBER}))?)?"
)
# A number glued on its left to letters, digits or a closing bracket is part of a
# formula or a label: C10H9, logD7.4, Pd(OAc)2, [Rh(cod)Cl]2.
_GLUED = re.compile(r"[A-Za-z0-9_.,)\]]$")
# A number followed by a hyphen and a name is a locant: 4-methyl, 1,4-dioxane,
# 2,2′-bipyridine, 5-(4-chlorophenyl).
_LOCANT = re.compile(r"[′'’]*(?:,\d+[′'’]*)*-[A-Za-z(\[]")
_SPACES = re.compile(rf"{_SP}*")
_POWER = re.compile(rf"(?:[eE]|10(?:\^\(?|\*\*)?)(?P<power>[-−+⁻⁺]?[\d{_SUPERSCRIPTS}]+)\)?$")
_SUPERSCRIPT_DIGITS = str.maketrans(_SUPERSCRIPTS + "⁻⁺", "0123456789-+")
_QUALIFIERS = {
    "<=": "<=", "=<": "<=", "≤": "<=", "⩽": "<=", ">=": ">=", "=>": ">=", "≥": ">=",
    "⩾": ">=", "<": "<", ">": ">", "~": "~", "∼": "~", "≈": "~", "ca": "~", "ca.": "~",
    "c.": "~", "approx": "~", "approx.": "~", "approximately": "~", "about": "~",
    "above": ">", "over": ">", "more than": ">", "greater than": ">", "at least": ">=",
    "higher than": ">", "above than": ">", "below": "<", "less than": "<", "lower than": "<",
    "up to": "<=",
}  # fmt: skip


def _float(text: str) -> float:
    return float(text.replace("−", "-").replace(",", ""))


def _scaled(number: str, exponent: str | None) -> float:
    """``1.2`` with its printed ``× 10−3`` (or ``e-3``), parsed as one literal so no
    binary rounding is added: ``1.2 × 10−3`` is exactly ``float("1.2e-3")``."""
    if not exponent:
        return _float(number)
    power = _POWER.search(exponent)
    digits = power["power"].translate(_SUPERSCRIPT_DIGITS).replace("−", "-") if power else "0"
    return float(f"{number.replace('−', '-').replace(',', '')}e{digits}")


def _paren_error(number: str, paren: str) -> float:
    """``1600.4(2)``: the bracketed digits are the uncertainty in the last printed digits,
    so ``1600.4(2)`` is ``1600.4 ± 0.2`` and ``1600(12)`` is ``1600 ± 12``."""
    digits = paren.strip("()")
    decimals = len(number.partition(".")[2])
    return float(f"{digits}e-{decimals}")


def _unit_at(text: str, pos: int) -> tuple[str, Kind, int, int] | None:
    """The unit printed at ``pos`` (after optional spaces): canonical, kind, start, end."""
    match = _SPACES.match(text, pos)
    start = match.end() if match else pos
    found = _UNIT_RE.match(text, start)
    if found is None or found.lastgroup is None:
        return None
    _, canonical, kind = _UNITS[int(found.lastgroup[1:])]
    return canonical, kind, start, found.end()


def unit_at(text: str, pos: int) -> tuple[str, Kind, int, int] | None:
    """The unit printed at ``pos``: canonical spelling, kind, start and end. Table
    headers print units apart from any number (``Yield (%)``, ``M.p./°C``)."""
    return _unit_at(text, pos)


def _ordered(a: float, b: float, sep: str) -> bool:
    """A range reads low to high: ``3 to 0.13 mg/mL`` is two values, not a range."""
    return a <= b


_ABBREVIATING_DASHES = frozenset("-–—‒‑")


def _abbreviated_end(text: str, match: re.Match[str]) -> float | None:
    """``235-6 °C`` is 235–236 °C, ``212-4°C`` 212–214 °C: melting and boiling ranges
    print only the last digits of their upper end. Read so only between whole numbers,
    after a dash, with a temperature printed after the second and none after the
    first, and only when the end that results is above the start."""
    first, second = match["a"], match["b"]
    if (
        match["sep"].strip() not in _ABBREVIATING_DASHES
        or not (first.isdigit() and second.isdigit())
        or not 2 <= len(first) > len(second)
        or match["unit1"] is not None
        or match["aexp"] or match["bexp"] or match["paren"] or match["err"]
    ):  # fmt: skip
        return None
    unit = _unit_at(text, match.end("b"))
    if unit is None or unit[1] != "temperature":
        return None
    end = int(first[: len(first) - len(second)] + second)
    return float(end) if end > int(first) else None


def find_quantities(text: str) -> list[Quantity]:
    """Every number followed by a unit, in text order."""
    return [q for q in scan_numbers(text) if q.unit is not None]


def scan_numbers(text: str) -> list[Quantity]:
    """Every number in ``text``, with its unit where one is printed, in text order.

    Unitless numbers are kept for values that are led by a cue instead of a unit
    (``logP = 2.3``); numbers glued to letters (``C10H9``, ``logD7.4``) are not numbers.
    """
    return list(_scan(text))


def _scan(text: str) -> Iterator[Quantity]:
    pos = 0
    while True:
        match = _QUANTITY.search(text, pos)
        if match is None:
            return
        if _glued(text, match):
            pos = match.start("a") + 1
            while pos < len(text) and (text[pos].isalnum() or text[pos] == "."):
                pos += 1
            continue
        quantity = _build(text, match)
        pos = max(quantity.end, match.start("a") + 1)
        yield quantity


def _qualifier_stands(text: str, match: re.Match[str]) -> bool:
    """A worded qualifier is a word of its own: the "over" of "Moreover" is not one."""
    qualifier = match["qual"]
    if not qualifier:
        return False
    start = match.start("qual")
    return not (qualifier[:1].isalpha() and start > 0 and text[start - 1].isalpha())


def _glued(text: str, match: re.Match[str]) -> bool:
    """A number glued to letters is part of a name, not a quantity.

    On its left: a formula or a subscript (``C10H9``, ``logD7.4``, ``H2O``,
    ``Pd(OAc)2``); the ``.`` of a qualifier (``ca.80%``) does not count. On its right:
    a compound label or an NMR nucleus (``3b``, ``10a–c``, ``1H``, ``13C``) unless the
    letters are a unit printed without a space (``25oC``, ``5mg``, ``2M``), or a
    locant (``4-methyl``, ``1,4-dioxane``).
    """
    a_start = match.start("a")
    number = match["a"]
    if number[:1] in "+-−" and a_start > 0 and text[a_start - 1].isalnum():
        return True  # "H-5", "2+3": a hyphen or an operator, not a sign
    after_qualifier = _qualifier_stands(text, match) and match.end("qual") == a_start
    if a_start > 0 and not after_qualifier and _GLUED.search(text[a_start - 1 : a_start]):
        return True
    number_end = max(match.end("a"), match.end("paren"), match.end("aexp"))
    if number_end < len(text) and text[number_end].isalpha():
        return _UNIT_RE.match(text, number_end) is None
    return _LOCANT.match(text, number_end) is not None


def _build(text: str, match: re.Match[str]) -> Quantity:
    qualifier = match["qual"] if _qualifier_stands(text, match) else None
    start = match.start("qual") if qualifier else match.start("a")
    a = _scaled(match["a"], match["aexp"])
    a_end = max(match.end("a"), match.end("paren"), match.end("aexp"))
    unit_first = _unit_at(text, a_end)
    if match["err"] is not None:
        unit_first = _unit_at(text, match.end("err"))
    end = a_end
    numbers: list[float] = [a]
    low = high = None
    value: float | None = a
    unit = kind = None
    unit_start: int | None = None
    error: float | None = None
    b = match["b"]
    bval = _scaled(b, match["bexp"]) if b is not None else None
    if bval is not None and match["bexp"] and not match["aexp"]:
        # "1.2–1.5 × 10−3 M": the power printed once belongs to both ends
        a = _scaled(match["a"], match["bexp"])
        numbers = [a]
    if b is not None and match["unit1"] is not None and unit_first is not None:
        # "121 °C to 123 °C" or "121 °C-123 °C": a range only if the same unit follows
        second = _unit_at(text, match.end("bexp") if match["bexp"] else match.end("b"))
        if second is None or second[0] != unit_first[0]:
            b = None
    if b is not None and bval is not None and not _ordered(a, bval, match["sep"]):
        bval = _abbreviated_end(text, match)
        if bval is None:
            b = None
    if (
        b is not None
        and match["sep"].strip() == "and"
        and not re.search(r"between\s*$", text[max(0, start - 12) : start], re.IGNORECASE)
    ):
        b = None
    if b is not None and bval is not None:
        numbers.append(bval)
        low, high = sorted((a, bval))
        value = (low + high) / 2
        end = match.end("bexp") if match["bexp"] else match.end("b")
        tail = _unit_at(text, end)
        if match["err2"] is not None:
            tail = _unit_at(text, match.end("err2"))
        unit_info = tail or (unit_first if match["unit1"] else None)
    else:
        a = _scaled(match["a"], match["aexp"])
        numbers, value = [a], a
        if match["err"] is not None:
            error = abs(_float(match["err"]))
            numbers.append(error)
            end = match.end("err")
        elif match["paren"]:
            # the error is not a number printed in the text, so not one of ``numbers``
            error = _paren_error(match["a"], match["paren"])
        unit_info = unit_first
    if unit_info is not None:
        unit, kind, unit_start, end = unit_info[0], unit_info[1], unit_info[2], unit_info[3]
    return Quantity(
        start=start,
        end=end,
        value=value,
        low=low,
        high=high,
        qualifier=_QUALIFIERS.get(qualifier.lower()) if qualifier else None,
        numbers=tuple(numbers),
        unit=unit,
        kind=kind or "other",
        number_start=match.start("a"),
        unit_start=unit_start,
        error=error,
    )
