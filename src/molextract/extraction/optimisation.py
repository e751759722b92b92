"""Yields in an optimisation narrative: the product of the entries before.

A results section that walks through an optimisation table states each entry's yield
and names the product once: ``… gave a 29% yield of 2a (Table 2, entry 2). Ligand 5 gave
modest ee despite the lower yield (15%) (Table 3, entry 3).`` The later sentences name
ligands, additives, temperatures and reagents, never the product again, and the model,
asked whose the 15% is, picks one of those. The convention of the writing is that every
entry's yield is of the reaction being optimised: the product an earlier entry's yield
was stated for, in the same paragraph.

The rule is narrow on purpose: the value must be a yield whose own sentence cites an
entry (``entry 3``, ``entries 5−10``), no other form may have given its compound, and
the earlier yield must be part of the same narrative (an entry cited in its sentence or
before it in the paragraph) and have its product given by a form.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from molextract.extraction.chemical_names import is_generic_name
from molextract.extraction.entries import sentence_end, sentence_start
from molextract.extraction.mentions import Mention

#: A sentence that reports an entry of a table: ``(entry 4)``, ``Table 1, entries 5−10``.
_ENTRY = re.compile(r"\bentr(?:y|ies)\s*\d", re.IGNORECASE)
#: A stated yield: ``36% yield``, ``a 29 % yield of``, ``yield of 45%``.
_YIELD = re.compile(
    r"(?<![\d.])\d+(?:\.\d+)?\s*%(?=\s*(?:\)\s*)?(?:isolated\s+|combined\s+|overall\s+)?yield)"
    r"|(?<=yield of )\d+(?:\.\d+)?\s*%",
    re.IGNORECASE,
)
_PERCENT = re.compile(r"\d+(?:\.\d+)?\s*%")
#: How far back an earlier entry may be: the same paragraph, a few sentences.
_REACH = 900


def cites_entry(text: str, offset: int) -> bool:
    """Whether the sentence around ``offset`` cites an entry of a table, or speaks only
    of "the product's" yield right after a sentence that does (``… (entries 2-5). The
    yield of product could be improved to 79% when PIFA was employed.``)."""
    start = sentence_start(text, offset)
    if _ENTRY.search(text, start, sentence_end(text, offset)) is not None:
        return True
    if start < 2 or _PRODUCT_YIELD.search(text, start, sentence_end(text, offset)) is None:
        return False
    return _ENTRY.search(text, sentence_start(text, start - 2), start) is not None


#: A yield said of "the product" alone: ``the yield of (the desired) product``, ``the
#: product yield``.
_PRODUCT_YIELD = re.compile(
    r"\byield\s+of\s+(?:the\s+)?(?:desired\s+)?product\b|\bproduct\s+yield\b", re.IGNORECASE
)


def earlier_entry_product(
    text: str,
    value_start: int,
    decide: Callable[[int, int], Mention | None],
) -> Mention | None:
    """The product of the nearest earlier yield of the same optimisation narrative.

    ``decide(start, end)`` is the form rules' answer for a yield at ``start:end``."""
    if not cites_entry(text, value_start):
        return None
    here = sentence_start(text, value_start)
    floor = max(0, here - _REACH)
    paragraph = text.rfind("\n\n", floor, here)
    if paragraph >= 0:
        floor = paragraph
    # (an earlier yield of the value's own sentence too: "3a was obtained in 88 % yield
    # ( entry 4 ) , while the use of CuBr gave only 56 % ( entry 5 )")
    for match in reversed(list(_YIELD.finditer(text, floor, value_start))):
        if match.start() >= value_start:
            continue
        if not _ENTRY.search(text, floor, sentence_end(text, match.start())):
            continue  # the narrative cited no entry yet: not the same optimisation
        value = _PERCENT.match(text, match.start())
        end = value.end() if value else match.start()
        mention = decide(match.start(), end)
        if mention is not None and (mention.label is not None or not _placeholder(mention)):
            return mention
    return None


def _placeholder(mention: Mention) -> bool:
    """``the product``, ``the desired product``: a form read a yield's kind, not its
    compound; the narrative's product is an earlier entry's that names it."""
    return is_generic_name(mention.name or "") or (mention.name or "").lower().endswith("product")
