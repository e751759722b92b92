"""A product's melting or boiling point printed in its own sentence after its yield's.

Patents close a preparation with the product's numbers, one short sentence each: ``…
to give NAME (Compound No. 74). Yield, 0.84 g (77.8%). M.P., 225°-235° C.``, ``… gave
NAME. Yield 85%. B.p. 80 °C/10 mm.``, or a line of its own under the paragraph (``… the
title compound was synthesized (568 mg, yield 31%).⏎⏎mp 145° C.``). The point's sentence
names nothing; its compound is the one the yield before it was stated for, which the
forms read. Asked alone, the model may answer "none" for a sentence that names no
compound, or the compound of an earlier example.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from molextract.extraction.entries import sentence_start
from molextract.extraction.mentions import Mention

#: A sentence that opens with the point's word: ``M.P., ``, ``mp ``, ``B.p.: ``.
_POINT_OPENS = re.compile(
    r"(?:m\.?\s?p\.?|b\.?\s?p\.?|melting\s+point|boiling\s+point)\s*[:=,]?\s*", re.IGNORECASE
)
_PERCENT = re.compile(r"\d+(?:\.\d+)?\s*%")
#: What makes a percentage a yield in its sentence: the word, or the product's mass.
_YIELD_SAID = re.compile(r"\byield|\d\s*(?:mg|g|kg)\b", re.IGNORECASE)
#: How far back the yield may be: the sentence or two before, in the same paragraph, or
#: at the end of the paragraph before a line that is only the point.
_REACH = 300


def point_after_yield(
    text: str, value_start: int, earlier: Callable[[int, int], Mention | None]
) -> Mention | None:
    """The compound of the yield stated just before a sentence that is only a melting or
    boiling point, as the forms give it (``earlier`` decides a value at a span)."""
    start = sentence_start(text, value_start)
    if start == 0 or not _POINT_OPENS.fullmatch(text, start, value_start):
        return None
    lo = max(0, start - _REACH)
    paragraph = text.rfind("\n\n", lo, start)
    end = start
    if paragraph >= 0 and not text[paragraph:start].strip():
        # "… the title compound was synthesized (568 mg, yield 31%).⏎⏎mp 145° C.": the
        # point's line opens the characterisation under the preparation's paragraph
        end = paragraph
        lo = max(0, paragraph - _REACH)
        previous = text.rfind("\n\n", lo, paragraph)
        if previous >= 0:
            lo = previous
    elif paragraph >= 0:
        lo = paragraph
    percents = list(_PERCENT.finditer(text, lo, end))
    if not percents:
        return None
    last = percents[-1]
    said = text[sentence_start(text, last.start()) : last.start()]
    if not _YIELD_SAID.search(said):
        return None
    return earlier(last.start(), last.end())
