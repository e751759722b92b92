"""Reading the characterisation text: where a statement starts and ends, and what is claimed.

Every check starts from the same questions about the window: where an HRMS or
elemental-analysis statement starts and stops, which numbers follow "calcd" and
which "found", how precisely a number was printed (its tolerance follows from that),
and whether a parenthesis merely lists a reagent being weighed out. They are answered
here once, so the formula, mass-spectrum, weight and analysis checks read the text
the same way. Offsets are into the caller's (normalised) window throughout.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

CheckKind = Literal["formula", "hrms", "mol_weight", "elemental_analysis"]


@dataclass(frozen=True, slots=True)
class Finding:
    """One check's verdict with window offsets; the entry point turns it into a CrossCheck."""

    kind: CheckKind
    start: int
    end: int
    expected: str
    ok: bool
    detail: str


# --- numbers and spans ------------------------------------------------------------------


def decimals(number: str) -> int:
    """How many decimals were printed: the precision a stated value is held to."""
    return len(number.partition(".")[2])


def half_digit(number: str) -> float:
    """Half a unit of the last printed digit: what rounding alone can account for."""
    return 0.5 * 10.0 ** -decimals(number)


def trimmed(window: str, start: int, end: int) -> tuple[int, int]:
    """Without trailing punctuation, nor the ")" closing a parenthesis opened before it."""
    while end > start and (
        window[end - 1] in " \t.,;:"
        or (
            window[end - 1] == ")" and window.count("(", start, end) < window.count(")", start, end)
        )
    ):
        end -= 1
    return start, end


_AMOUNT = re.compile(r"\d\s*(?:mmol|mol|equiv|eq|mg|g|kg|mL|μL|µL|L)\b")


def reagent_aside(window: str, start: int, end: int) -> bool:
    """ "(MW 172.02, 1.0 g, 5.8 mmol)" describes a reagent being weighed out, not the product."""
    opening = window.rfind("(", max(0, start - 60), start)
    if opening < 0 or ")" in window[opening:start]:
        return False
    closing = window.find(")", end, end + 60)
    if closing < 0:
        return False
    return _AMOUNT.search(window[opening + 1 : start] + " " + window[end:closing]) is not None


# --- statements -------------------------------------------------------------------------

# A statement ends at ". " unless an abbreviation ends there or the data go on
# ("... 6.27. Found: ...", "... 223.0301. C10H9NO3S requires ..."), or at "; 1H NMR".
_ABBREVIATIONS = frozenset({"calcd", "calc", "cald", "anal", "obsd", "theor", "exp", "expt", "ca"})
_CONTINUATION = re.compile(
    r"\s+(?:found|calc|calcd|calculated|requires|obsd|observed)\b"
    r"|\s+\[?[A-Z][A-Za-z0-9·.]*\]?\s+requires\b",
    re.IGNORECASE,
)
_NEW_MEASUREMENT = re.compile(
    r"\s*(?:1H|13C|19F|31P|IR|UV|mp|m\.p\.|Mp|bp|Rf|HPLC|LC|tR|Anal|Elemental|\[α\]|NMR"
    r"|HRMS|HR|MS|Purity|Yield)\b"
)
_MAX_STATEMENT = 400
MS_START = re.compile(
    r"(?<![A-Za-z])(?:HR[-\s]?(?:[A-Z]{2,6}[-\s]?){0,3}MS(?![A-Za-z])"
    r"|(?:[A-Z]{2,6}[-\s/]?){0,2}MS(?![A-Za-z])"
    r"|[Hh]igh[-\s]resolution\s+mass\s+spectr\w*|m/z"
    r"|Found\s*:?\s*(?=[\[(]?\s?\d?M[\s+\-\]H(]))"
)
_EA_PAIRS_AHEAD = r"(?=(?:(?!\.\s)[^;\n]){0,80}?\bC\s*[,:=]?\s*\d{1,2}\.\d+\s*%?\s*[;,]\s*H\b)"
EA_START = re.compile(
    r"\bAnal\.|\bAnal\s+(?:calc|found)|\bElemental\s+analys[ie]s|\bMicro-?analys[ie]s"
    r"|\bCombustion\s+analys[ie]s|\bCHNS?\s+analys[ie]s|\bFound\s*:?\s*C\s*,?\s*\d{1,2}\.\d"
    rf"|\b(?:calc(?:ulate)?d|found){_EA_PAIRS_AHEAD}",
    re.IGNORECASE,
)


def _statement_end(window: str, start: int) -> int:
    stop = min(len(window), start + _MAX_STATEMENT)
    for i in range(start, stop):
        char = window[i]
        if char == "\n":
            return i
        if char == "." and (i + 1 >= len(window) or window[i + 1].isspace()):
            word = re.search(r"([A-Za-z]+)$", window[start:i])
            abbreviation = word is not None and word[1].lower() in _ABBREVIATIONS
            if window[i - 1] in "+-" or abbreviation or _CONTINUATION.match(window, i + 1):
                continue
            return i
        if char in ";," and _NEW_MEASUREMENT.match(window, i + 1):
            return i
    return stop


def statement_spans(window: str, start_pattern: re.Pattern[str]) -> list[tuple[int, int]]:
    """Disjoint spans of the statements ``start_pattern`` opens (MS_START, EA_START)."""
    spans: list[tuple[int, int]] = []
    for match in start_pattern.finditer(window):
        if not spans or match.start() >= spans[-1][1]:
            spans.append(trimmed(window, match.start(), _statement_end(window, match.start())))
    return spans


def inside(position: int, spans: Sequence[tuple[int, int]]) -> bool:
    """Whether position falls in one of the sorted, disjoint spans."""
    i = bisect_right(spans, position, key=lambda span: span[0]) - 1
    return i >= 0 and spans[i][0] <= position < spans[i][1]


# --- calcd and found --------------------------------------------------------------------

CALCD_WORD = re.compile(
    r"\b(?:calc(?:ulate)?d|calc|cald|requires|theor\w*|expected)\b", re.IGNORECASE
)
_FOUND_WORD = re.compile(r"\b(?:found|obsd|observed|measured|exptl)\b", re.IGNORECASE)
Role = Literal["calcd", "found"]


def role_words(window: str, a: int, b: int) -> list[tuple[int, int, Role]]:
    """The "calcd" and "found" words of ``window[a:b]``: each claims the numbers after it."""
    calcd: list[tuple[int, int, Role]] = [
        (m.start(), m.end(), "calcd") for m in CALCD_WORD.finditer(window, a, b)
    ]
    found: list[tuple[int, int, Role]] = [
        (m.start(), m.end(), "found") for m in _FOUND_WORD.finditer(window, a, b)
    ]
    return sorted(calcd + found)
