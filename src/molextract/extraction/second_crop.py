"""A second crop of a product: the yield of more of the compound the sentence before made.

Procedures that crystallise their product often recover more of it from the mother
liquor and state it in a sentence of its own: ``… gave 4-nitrobenzoic acid (5.2 g, 62%).
A second crop (1.1 g, 13%) was obtained from the mother liquor.``, ``An additional 1.8 g
(26%) could be isolated from the filtrate.``, ``Concentration of the filtrate gave a
further 0.5 g (12%).`` That sentence names nothing; its yield is the same compound's as
the yield before it, which the forms read. Asked alone, the model has no compound to
choose there and answers "none", or takes a solvent of the work-up.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from molextract.extraction.entries import sentence_start
from molextract.extraction.mentions import Mention

#: More of the same product, before its amount: ``A second crop``, ``An additional``,
#: ``a further``, ``another``.
_MORE_OF_IT = re.compile(
    r"\b(?:(?:a\s+)?(?:second|third|further)\s+crop|an\s+additional|a\s+further|another)\b"
    r"(?:\s+crop)?(?:\s+of)?\s*\(?\s*(?:[\d.,]+\s*(?:mg|g|kg)\b[^%]{0,30})?$",
    re.IGNORECASE,
)
_PERCENT = re.compile(r"\d+(?:\.\d+)?\s*%")
#: How far back the first yield may be: the sentence or two before, in the same paragraph.
_REACH = 300


def second_crop(
    text: str, value_start: int, earlier: Callable[[int, int], Mention | None]
) -> Mention | None:
    """The compound of the yield stated just before a sentence that gives more of it
    (``earlier`` decides a value at a span, as the forms do)."""
    start = sentence_start(text, value_start)
    if start == 0 or _MORE_OF_IT.search(text, start, value_start) is None:
        return None
    lo = max(0, start - _REACH)
    paragraph = text.rfind("\n\n", lo, start)
    if paragraph >= 0:
        lo = paragraph
    percents = list(_PERCENT.finditer(text, lo, start))
    if not percents:
        return None
    last = percents[-1]
    return earlier(last.start(), last.end())
