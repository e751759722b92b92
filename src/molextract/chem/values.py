"""Reading the ``value`` string a model emitted into numbers.

The grammar asks for strings like ``121-123`` or ``> 280``, but models drift towards
what the paper printed (``≥ 280``, ``ca. 120``, ``121–123``, ``−5``), so parsing is
lenient: a drifted value is still a stated value, and throwing it away would lose a
correct record over typography.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class ParsedValue:
    """A stated value; ``numbers`` keeps every number written so grounding can check each."""

    value: float | None
    low: float | None
    high: float | None
    qualifier: str | None
    numbers: tuple[float, ...]


# Longest spellings first, so ``<=`` is not read as ``<`` followed by junk.
_QUALIFIERS: tuple[tuple[str, str], ...] = (
    ("<=", "<="),
    ("=<", "<="),
    ("≤", "<="),
    (">=", ">="),
    ("=>", ">="),
    ("≥", ">="),
    ("<", "<"),
    (">", ">"),
    ("~", "~"),
    ("≈", "~"),
    ("∼", "~"),
    ("approx.", "~"),
    ("approx", "~"),
    ("ca.", "~"),
    ("ca", "~"),
    ("c.", "~"),
)

_DASHES = str.maketrans({"−": "-", "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-"})
_NUMBER = r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"
_VALUE = re.compile(
    rf"(?P<a>{_NUMBER})"
    rf"(?:\s*(?:(?P<pm>±|\+/-|\+-)\s*(?P<err>{_NUMBER})"
    rf"|(?:-|to)\s*(?P<b>{_NUMBER})))?",
    re.IGNORECASE,
)


def _split_qualifier(text: str) -> tuple[str | None, str]:
    lowered = text.lower()
    for spelling, qualifier in _QUALIFIERS:
        if lowered.startswith(spelling):
            rest = text[len(spelling) :].lstrip()
            # "ca" must be a word of its own, not the start of something else.
            if spelling[-1].isalpha() and rest[:1].isalpha():
                continue
            return qualifier, rest
    return None, text


def parse_value(text: str) -> ParsedValue | None:
    """Read a stated value; a range keeps its midpoint as ``value`` so consumers get one number."""
    cleaned = text.strip().translate(_DASHES)
    qualifier, rest = _split_qualifier(cleaned)
    match = _VALUE.search(rest)
    if match is None:
        return None
    numbers = tuple(float(n) for n in (match["a"], match["b"] or match["err"]) if n is not None)
    first = float(match["a"])
    if match["b"] is not None:
        low, high = sorted((first, float(match["b"])))
        return ParsedValue((low + high) / 2, low, high, qualifier, numbers)
    if match["err"] is not None:
        spread = abs(float(match["err"]))
        return ParsedValue(first, first - spread, first + spread, qualifier, numbers)
    return ParsedValue(first, None, None, qualifier, numbers)
