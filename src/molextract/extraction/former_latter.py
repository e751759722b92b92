"""A value said of "the former" or "the latter": the first or the second of two
compounds just named.

Journals name two products and then give one of them its value without naming it
again: ``both the ester 4 and the amide 5 were isolated , the latter in 63 % yield``,
``… gave 7 and 8 , the former in 22 % yield and the latter in 63 % yield``. Read as
any other yield, the value goes to the compound printed nearest before it, which is
right for "the latter" by luck and wrong for "the former". The two compounds are the
last two mentions before the word, in its sentence or, when that names fewer than two,
the sentence before.
"""

from __future__ import annotations

import re

from molextract.extraction.compound_markers import find_mentions
from molextract.extraction.entries import sentence_start
from molextract.extraction.label_table import LabelTable
from molextract.extraction.mentions import Mention, resolve_mention

#: ``the former``, ``the latter``, then what stands between it and its value: a verb
#: (``being obtained``, ``was isolated``) and a preposition (``in``, ``with``) or a
#: bracket, but no other value and no other compound.
_REFERENT = re.compile(r"\bthe\s+(?P<which>former|latter)\b", re.IGNORECASE)
_BETWEEN = re.compile(
    r"(?:\s*,)?\s+(?:(?:being|was|were|is|are|could\s+be|can\s+be)\s+)?"
    r"(?:[a-z]+ly\s+)?(?:(?:obtained|isolated|formed|produced|recovered|prepared)\s+)?"
    r"(?:(?:in|with)\s+(?:an?\s+|only\s+|just\s+)?(?:[a-z]+\s+)?(?:yield\s+of\s+)?|\(\s*)$",
    re.IGNORECASE,
)


def former_or_latter(text: str, value_start: int, table: LabelTable) -> Mention | None:
    """The compound "the former" or "the latter" stands for, when the value is said of
    one of them; else None."""
    lo = max(0, value_start - 60)
    referent = None
    for found in _REFERENT.finditer(text, lo, value_start):
        referent = found
    if referent is None or not _BETWEEN.fullmatch(text, referent.end(), value_start):
        return None
    mentions = _mentions_before(text, referent.start(), table)
    if len(mentions) < 2:
        return None
    former, latter = mentions[-2], mentions[-1]
    return former if referent["which"].lower() == "former" else latter


def _mentions_before(text: str, end: int, table: LabelTable) -> list[Mention]:
    """The compounds named in the sentence that ends at ``end``, or in it and the
    sentence before when it names fewer than two, in the order of the text."""
    start = sentence_start(text, end)
    found = _mentions(text, start, end, table)
    if len(found) < 2 and start > 0:
        found = _mentions(text, sentence_start(text, start - 1), end, table)
    return found


def _mentions(text: str, start: int, end: int, table: LabelTable) -> list[Mention]:
    """The compounds the model would be offered there, resolved as its answer would be."""
    found = find_mentions(text, [(start, end)], table)
    resolved = [
        resolve_mention(text[m.start : m.end], text, m.end, table)
        for m in found
        if m.kind != "title"
    ]
    return [m for m in resolved if m is not None]
