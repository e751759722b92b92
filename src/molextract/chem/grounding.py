"""Finding a record's evidence in the document it claims to come from.

A quote that cannot be found, or whose numbers are not in the text, is the clearest
sign of a hallucinated record. Models copy text faithfully but not byte for byte:
PDF extraction leaves odd spaces, dashes and degree signs that a model rewrites, so
after an exact search comes a normalised one that forgives typography but still
reports offsets into the original text.
"""

from __future__ import annotations

import math
import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Literal


@dataclass(frozen=True)
class Span:
    """Offsets are code points into the original text, so ``text[start:end]`` is the evidence."""

    start: int
    end: int
    match: Literal["exact", "normalized"]


_DASHES = "-‐‑‒–—−"
# Soft hyphens and zero-width characters are invisible in print but survive PDF extraction.
_INVISIBLE = frozenset("\u00ad\u200b\u200c\u200d\u2060\ufeff")
_EQUIVALENTS = {
    **dict.fromkeys(_DASHES, "-"),
    **dict.fromkeys("°º˚", "°"),
    "℃": "°c",
    "℉": "°f",
    **dict.fromkeys("µμ", "μ"),
    **dict.fromkeys("‘’‚‛′`", "'"),
    **dict.fromkeys("“”„‟″", '"'),
}


@dataclass(frozen=True)
class _Normalized:
    text: str
    starts: tuple[int, ...]  # original offset where each normalised character begins
    ends: tuple[int, ...]  # original offset just after it


@cache
def _fold(char: str) -> str:
    # Compatibility forms (ligatures from PDFs, full-width digits) read as their plain letters.
    folded = _EQUIVALENTS.get(char)
    if folded is None:
        folded = "".join(_EQUIVALENTS.get(c, c) for c in unicodedata.normalize("NFKC", char))
    return folded.lower()


def _drop_space(before: str, after: str) -> bool:
    """Spaces between a number and its unit, or inside a range, come and go in print."""
    if before.isdigit():
        return after in "°%-μ" or after.isalpha()
    return (before == "°" and after.isalpha()) or (before == "-" and after.isdigit())


def _pieces(text: str) -> list[tuple[str, int, int]]:
    pieces: list[tuple[str, int, int]] = []
    for index, char in enumerate(text):
        if char in _INVISIBLE:
            continue
        for folded in _fold(char) if not char.isspace() else " ":
            if folded.isspace():
                if pieces and pieces[-1][0] == " ":
                    pieces[-1] = (" ", pieces[-1][1], index + 1)
                    continue
                folded = " "
            pieces.append((folded, index, index + 1))
    return pieces


def _normalize(text: str) -> _Normalized:
    pieces = _pieces(text)
    kept = [
        piece
        for i, piece in enumerate(pieces)
        if piece[0] != " "
        or not (0 < i < len(pieces) - 1 and _drop_space(pieces[i - 1][0], pieces[i + 1][0]))
    ]
    return _Normalized(
        "".join(p[0] for p in kept), tuple(p[1] for p in kept), tuple(p[2] for p in kept)
    )


# Documents are normalised once and reused for every record found in them.
_normalize_document = lru_cache(maxsize=8)(_normalize)


def _clean_quote(quote: str) -> str:
    return quote.strip().rstrip(".").rstrip()


def _exact(quote: str, text: str, lo: int, hi: int) -> Span | None:
    found = text.find(quote, lo, hi)
    return None if found < 0 else Span(found, found + len(quote), "exact")


def _normalized(quote: str, norm: _Normalized, lo: int, hi: int) -> Span | None:
    needle = _normalize(quote).text.strip()
    first = bisect_left(norm.starts, lo)
    last = bisect_right(norm.ends, hi)
    found = norm.text.find(needle, first, last) if needle else -1
    if found < 0:
        return None
    return Span(norm.starts[found], norm.ends[found + len(needle) - 1], "normalized")


def locate(quote: str, text: str, *, window: tuple[int, int] | None = None) -> Span | None:
    """Prefer the window the quote came from: the same sentence can recur in a paper."""
    needle = _clean_quote(quote)
    if not needle:
        return None
    areas = [(0, len(text))]
    if window is not None:
        lo, hi = max(0, window[0]), min(len(text), window[1])
        areas.insert(0, (lo, max(lo, hi)))
    for lo, hi in areas:
        if span := _exact(needle, text, lo, hi):
            return span
    norm = _normalize_document(text)
    for lo, hi in areas:
        if span := _normalized(needle, norm, lo, hi):
            return span
    return None


_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")


def _is_negative(text: str, start: int) -> bool:
    if start == 0 or text[start - 1] not in _DASHES:
        return False
    before = start - 2
    while before >= 0 and text[before].isspace():
        before -= 1
    # After a number or a bracket the dash joins a range ("121–123"), it is not a sign.
    return before < 0 or not (text[before].isdigit() or text[before] in ")]")


def numbers_in(text: str) -> list[float]:
    """Numbers a reader would see in the text.

    Digits glued to a preceding letter are skipped: they are formula subscripts or
    labels (C9H8O4, compound 4b's "S1", "H2O"), not measured values. A dash is a
    minus sign only when no number or bracket stands before it. Thousands separators
    and scientific notation are not interpreted.
    """
    numbers: list[float] = []
    for match in _NUMBER.finditer(text):
        start = match.start()
        if start and text[start - 1].isalpha():
            continue
        value = float(match[0])
        numbers.append(-value if _is_negative(text, start) else value)
    return numbers


def numbers_present(numbers: Sequence[float], text: str) -> bool:
    """A value is grounded only if every number it states appears in the text."""
    stated = numbers_in(text)
    return all(
        any(math.isclose(n, s, rel_tol=1e-9, abs_tol=1e-12) for s in stated) for n in numbers
    )
