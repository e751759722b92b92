"""The compound a sentence opens with as the thing it prepared.

Patents written from one template state a product first and how it was made after:
``Compound 17 was prepared in the same manner as in Preparation Example 13, except that
A and B were used. (92%)`` or ``NAME was prepared as a beige solid by using A (…) and B
(4.2 g, 12.94 mmol, yield: 74%)``. The sentence's subject is the product; the names
after it are what it was made from, and the amounts that close the sentence (or stand
alone in the next one) are the product's. Read otherwise, the mass-and-yield bracket
after the last reagent makes that reagent the product.

The form holds only while the sentence makes nothing else: a verb that introduces
another product (``… and was then converted into Z (1 g, 50%)``, ``to give Z``) hands
the value to the forms that read that verb.
"""

from __future__ import annotations

import re

from molextract.extraction.chemical_names import (
    is_generic_name,
    looks_like_name,
    names_in,
    tidy_name,
)
from molextract.extraction.entries import sentence_start
from molextract.extraction.label_table import LabelTable
from molextract.extraction.labels import LABEL
from molextract.extraction.mentions import Mention, from_label, is_not_a_compound

#: ``was prepared``, ``were synthesized``, ``was similarly obtained``.
_PREPARED = re.compile(
    r"\s*(?:\([^()]{1,40}\)\s*)?(?:was|were)\s+(?:then\s+|also\s+|similarly\s+|likewise\s+)?"
    r"(?:prepared|synthesi[sz]ed|obtained|made)\b",
    re.IGNORECASE,
)
#: ``Compound 17``, ``Intermediate 10A``, ``Example 3`` opening the sentence.
_CALLED_LABEL = re.compile(
    rf"(?:the\s+)?(?:compound|intermediate|product)\s+(?P<label>{LABEL})(?![\w\-])", re.IGNORECASE
)
#: A verb that makes another compound later in the sentence.
_ANOTHER_PRODUCT = re.compile(
    r"\b(?:gave|give|giving|afford(?:ed|s|ing)?|furnish(?:ed|ing)?|provid(?:ed|ing)|yielded"
    r"|yielding|converted|transformed|obtain(?:ed|ing)?|isolated|reacted|treated)\b",
    re.IGNORECASE,
)
#: A sentence that is only the yield: ``(92%)``, ``Yield: 92%``.
_YIELD_ONLY = re.compile(r"\(?\s*(?:(?:yield|Y)\s*[:=]?\s*)?$", re.IGNORECASE)


def prepared_subject(text: str, value_start: int, table: LabelTable) -> Mention | None:
    """The subject of ``SUBJECT was prepared …`` for a value in that sentence, or in a
    next sentence that is only the value (``… were used. (92%)``)."""
    start = sentence_start(text, value_start)
    if start > 0 and _YIELD_ONLY.fullmatch(text, start, value_start):
        start = sentence_start(text, start - 1)
    subject = _subject(text, start, value_start, table)
    if subject is None:
        return None
    mention, verb_end = subject
    if _ANOTHER_PRODUCT.search(text, verb_end, value_start):
        return None
    return mention


def _subject(text: str, start: int, limit: int, table: LabelTable) -> tuple[Mention, int] | None:
    called = _CALLED_LABEL.match(text, start, limit)
    if called is not None:
        verb = _PREPARED.match(text, called.end(), limit)
        if verb is None:
            return None
        return from_label(called["label"], text, called.end(), table), verb.end()
    names = names_in(text, start, min(limit, start + 250))
    if not names or names[0][0] != start:
        return None
    end = names[0][1]
    written = tidy_name(text[start:end])
    if is_not_a_compound(written) or is_generic_name(written) or not looks_like_name(written):
        return None
    verb = _PREPARED.match(text, end, limit)
    if verb is None:
        return None
    return Mention(written, table.label_of(written), start, end, True), verb.end()
