"""Yields bracketed after the compounds a sentence converts, not after its products.

Results sections print a step's outcome beside what it started from when the sentence's
subject is the starting material: ``tosyltetrahydropyrans 6c (58%) and 6e (55%) gave
diastereomers 8c and 8e``, ``Ketone 12 (85%) gave alcohol 13``. Read alone, the bracket
looks like the label before it owns it (as in ``gave 6c (58%)``), but the verb right
after the bracket says the percentage is what the conversion gave: the n-th bracket is
the yield of the n-th product after the verb.
"""

from __future__ import annotations

import re

from molextract.extraction.label_table import LabelTable
from molextract.extraction.labels import LABEL
from molextract.extraction.mentions import Mention, from_label

_PERCENT_BRACKET = r"\(\s*\d+(?:\.\d+)?\s*%\s*\)"
_SUBJECT = rf"{LABEL}\s*{_PERCENT_BRACKET}"
_JOIN = r"\s*(?:,\s*and\s+|,\s*|\s+and\s+)"
#: The subjects with their brackets, the making verb, the products' kind words and their
#: labels; ``which`` or another clause between bracket and verb is not this form
#: (``gave 6c (58%), which was cyclised to 8c``: the bracket is 6c's).
_CONVERTED = re.compile(
    rf"(?<![\w\-.,/(])(?P<subjects>{_SUBJECT}(?:{_JOIN}{_SUBJECT})*)\s+"
    r"(?:(?:also|similarly|smoothly|cleanly|likewise)\s+)?"
    r"(?:gave|afforded|furnished|provided|delivered|yielded|produced)\s+"
    r"(?:(?:the|an?)\s+)?(?:[a-z][\w-]*\s+){0,5}?"
    rf"(?P<products>{LABEL}(?:{_JOIN}{LABEL})*)(?![\w\-])",
    re.IGNORECASE,
)
_BRACKET = re.compile(_PERCENT_BRACKET)


def converted_product(text: str, value_start: int, table: LabelTable) -> Mention | None:
    """The product whose place after the verb matches the place of the value's bracket
    among the subjects' brackets, or None when the value stands in no such sentence."""
    lo = max(0, value_start - 160)
    for found in _CONVERTED.finditer(text, lo, min(len(text), value_start + 300)):
        if not found.start("subjects") <= value_start < found.end("subjects"):
            continue
        subjects = found.group("subjects")
        brackets = [found.start("subjects") + m.start() for m in _BRACKET.finditer(subjects)]
        index = next(
            (i for i, at in enumerate(brackets) if at <= value_start < _close(text, at)), None
        )
        products = list(re.finditer(LABEL, found.group("products")))
        if index is None or len(products) != len(brackets):
            return None
        product = products[index]
        end = found.start("products") + product.end()
        return from_label(product.group(0), text, end, table)
    return None


def _close(text: str, opening: int) -> int:
    closing = text.find(")", opening)
    return len(text) if closing < 0 else closing
