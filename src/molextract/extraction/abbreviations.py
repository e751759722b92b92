"""Abbreviations a text defines for its compounds: ``2-methyltetrahydrofuran (2-MeTHF)``.

Papers name a compound once in full and then only by its abbreviation, so a value
beside ``2-MeTHF`` belongs to a name printed paragraphs earlier, the one that can be
turned into a structure. An abbreviation is taken only where its letters occur, in
order, in the name before it (``dimethyl sulfoxide (DMSO)``), which keeps out
``(CAS 108-88-3)``, ``(HPLC)`` after a name, and labels such as ``(12b)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from molextract.extraction.chemical_names import name_before, name_key, tidy_name
from molextract.extraction.labels import LABEL_OR_ROMAN

_SHORT = re.compile(
    r"\(\s*(?P<short>[A-Za-z0-9][A-Za-z0-9\-,]{1,11}|(?:\[[A-Za-z0-9]{1,8}\]){1,3})\s*\)"
)
_A_LABEL = re.compile(LABEL_OR_ROMAN)


@dataclass(frozen=True, slots=True)
class Abbreviation:
    """A short form and the name it stands for (``start``/``end``: where the name is)."""

    short: str
    name: str
    start: int
    end: int


def _letters_in_order(short: str, name: str) -> bool:
    """``MeTHF`` in ``methyltetrahydrofuran``: each letter or digit of the short form
    found in the name after the one before it, case aside."""
    # a count in a formula is a multiplying prefix in the name: BF4, tetrafluoroborate
    name = _COUNTS.sub(lambda m: _COUNT_DIGIT[m.group(0).casefold()] + m.group(0), name)
    ions = re.findall(r"\[([^\[\]]+)\]", short)
    if len(ions) >= 2:
        # "[BMIM][BF4]": one bracket for each ion, the anion's written as a formula
        # (central atom first), so only the letters of each have to be in the name
        return all(char in name.casefold() for ion in ions for char in ion.casefold())
    rest = iter(name.casefold())
    return all(char in rest for char in short.casefold() if char.isalnum())


_COUNT_DIGIT = {"di": "2", "tri": "3", "tetra": "4", "penta": "5", "hexa": "6"}
_COUNTS = re.compile(
    r"(?<![a-z])(?:di|tri|tetra|penta|hexa)|(?<=[a-z])(?:tetra|penta|hexa)", re.IGNORECASE
)


def _is_abbreviation(short: str) -> bool:
    capitals = sum(1 for c in short if c.isupper())
    return capitals >= 2 and _A_LABEL.fullmatch(short) is None


def read_abbreviations(text: str) -> dict[str, Abbreviation]:
    """Each short form the text defines after a name, keyed by ``name_key``; the first
    definition wins."""
    found: dict[str, Abbreviation] = {}
    for match in _SHORT.finditer(text):
        short = match["short"]
        if not _is_abbreviation(short):
            continue
        span = name_before(text, match.start())
        if span is None:
            continue
        name = tidy_name(text[span[0] : span[1]])
        if len(name) <= len(short) or not _letters_in_order(short, name):
            continue
        found.setdefault(name_key(short), Abbreviation(short, name, span[0], span[1]))
    return found
