"""The values of a user's own fields: typed, normalised, and looked for in the text.

A model fills these fields itself (code cannot know what a user's ``method`` or
``solvent`` is), so they are treated as the generated path treats a whole record: a
value that should come from the text (free text, a number, a quantity) is looked
for there, and a record whose field the text does not state is flagged
(``field_not_in_text:NAME``), not silently trusted and not silently dropped. A
value that breaks a bound its schema declares (``pattern``, ``maxLength``,
``minimum``…) flags the record the same way (``field_violates:NAME:KEYWORD``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from molextract.chem import numbers_present, to_si
from molextract.chem.units import normalize_unit
from molextract.schemas.keywords import violation, violations
from molextract.schemas.records import FieldQuantity
from molextract.schemas.spec import FieldSpec, SchemaSpec

_NUMBER = re.compile(r"[-−]?\d+(?:\.\d+)?")
_PER = re.compile(r"(\S+)\s+([A-Za-zµ]+)\s*-1")
_WORD = re.compile(r"\S+")
_ANSWER = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(.+?)\s*$")
#: How far after a number its unit may be printed, and in how many words.
_UNIT_TAIL = 24
_UNIT_WORDS = 3


def not_in_text(name: str) -> str:
    return f"field_not_in_text:{name}"


def settle_fields(
    schema: SchemaSpec, raw: Mapping[str, Any], text: str, window: tuple[int, int]
) -> tuple[dict[str, Any] | None, list[str]]:
    """The typed values of the schema's own fields and the checks they failed.

    This is where every answer's bounds are checked, whatever the grammar carried,
    and the only place a field's length is.

    ``window`` is the part of ``text`` the model read; a value is looked for there
    first, then in the whole document. None when the schema has no fields of its own,
    so built-in records stay exactly as they were.
    """
    if not schema.fields:
        return None, []
    values: dict[str, Any] = {}
    failed: list[str] = []
    for spec in schema.fields:
        given = raw.get(spec.name)
        if isinstance(given, list):
            settled = [_settle(spec, item, text, window) for item in given]
            values[spec.name] = [value for value, _ in settled]
            grounded = all(ok for _, ok in settled)
        else:
            values[spec.name], grounded = _settle(spec, given, text, window)
        if not grounded:
            failed.append(not_in_text(spec.name))
        failed += [violation(spec.name, keyword) for keyword in violations(spec, given)]
    return values, failed


def _settle(spec: FieldSpec, given: Any, text: str, window: tuple[int, int]) -> tuple[Any, bool]:
    if given is None:
        return None, True
    if spec.kind == "boolean":
        return bool(given), True
    if spec.kind == "quantity":
        return _quantity(str(given), text, window)
    if spec.kind in ("number", "integer"):
        number = float(str(given))
        value: Any = int(number) if spec.kind == "integer" else number
        return value, not spec.grounded or _number_stated(number, text, window)
    value = str(given).strip()
    return value, not spec.grounded or _phrase_stated(value, text, window)


def _areas(text: str, window: tuple[int, int]) -> list[tuple[int, int]]:
    lo, hi = max(0, window[0]), min(len(text), window[1])
    return [(lo, hi), (0, len(text))]


def _folded(text: str) -> str:
    return " ".join(text.split()).casefold()


def _phrase_stated(value: str, text: str, window: tuple[int, int]) -> bool:
    needle = _folded(value)
    return bool(needle) and any(needle in _folded(text[lo:hi]) for lo, hi in _areas(text, window))


def _number_stated(number: float, text: str, window: tuple[int, int]) -> bool:
    return any(numbers_present([number], text[lo:hi]) for lo, hi in _areas(text, window))


def _quantity(given: str, text: str, window: tuple[int, int]) -> tuple[dict[str, Any], bool]:
    """A quantity answered as ``10 K/min``: its SI value, and where the text states it
    (in any unit that converts to the same SI value: ``10 K min−1``, ``10 °C/min``)."""
    match = _ANSWER.match(given)
    if match is None:  # the grammar's pattern makes this unreachable for engine output
        raise ValueError(f"not a quantity: {given!r}")
    value, unit = float(match[1]), normalize_unit(match[2]) or match[2]
    converted = _si(value, unit)
    quantity = FieldQuantity(value=value, unit=unit)
    if converted is not None:
        quantity.value_si, quantity.unit_si = converted
        for lo, hi in _areas(text, window):
            span = _find_quantity(text, lo, hi, converted)
            if span is not None:
                quantity.start, quantity.end = span
                break
    return quantity.model_dump(), quantity.start is not None


def _si(value: float, unit: str) -> tuple[float, str] | None:
    """``to_si``, also for a rate printed with a negative exponent (``K min−1``)."""
    per = _PER.fullmatch(unit.replace("−", "-").replace("⁻¹", "-1"))
    return to_si(value, f"{per[1]}/{per[2]}" if per else unit)


def _find_quantity(text: str, lo: int, hi: int, si: tuple[float, str]) -> tuple[int, int] | None:
    for match in _NUMBER.finditer(text, lo, hi):
        number = float(match[0].replace("−", "-"))
        tail = text[match.end() : min(hi, match.end() + _UNIT_TAIL)]
        words = list(_WORD.finditer(tail))[:_UNIT_WORDS]
        for n in range(1, len(words) + 1):
            printed = tail[words[0].start() : words[n - 1].end()]
            unit = printed.rstrip(".,;:)]")
            converted = _si(number, unit) if unit else None
            if (
                converted is not None
                and converted[1] == si[1]
                and math.isclose(converted[0], si[0], rel_tol=1e-6)
            ):
                return match.start(), match.end() + words[0].start() + len(unit)
    return None
