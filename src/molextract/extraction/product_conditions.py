"""A product's step conditions bracketed beside it, the yield closing the bracket.

Journal narratives give a step as its product, then the reagents and the yield in one
bracket: ``… was reduced to alcohol 41 ( NaBH4 , 95 % )``, ``Alcohol 13 was protected as
its TBS ether 14 ( TBSCl , imidazole , DMF , 98 % )``, ``oxidized to aldehyde 9
( Dess–Martin periodinane , 92 % )``; or the verb, the bracket, then the product:
``Ketone 12 was reduced ( NaBH4 , MeOH , 95 % ) to alcohol 13``. The percentage is the
step's yield and the product the compound the step was carried *to*, never a reagent
in the bracket (a name there is what the step used), and a solvent pair in it (``THF /
H2O , 94 %``) is the step's medium, not an eluent's share.
"""

from __future__ import annotations

import re

from molextract.extraction.label_table import LabelTable
from molextract.extraction.labels import LABEL
from molextract.extraction.mentions import Mention, from_label

#: Past participles of a step that turns its substrate into a product.
_STEP_DONE = (
    r"(?:converted|transformed|reduced|oxidi[sz]ed|hydroly[sz]ed|saponified|hydrogenated"
    r"|cycli[sz]ed|protected|deprotected|(?:de)?silylated|(?:de)?benzylated|(?:de)?methylated"
    r"|(?:de)?acetylated|acylated|alkylated|allylated|arylated|borylated|tosylated|mesylated"
    r"|triflated|brominated|chlorinated|iodinated|fluorinated|nitrated|formylated|esterified"
    r"|epoxidi[sz]ed|dihydroxylated|olefinated|homologated|isomeri[sz]ed|coupled|condensed"
    r"|aminated|dehydrated|deoxygenated|ozonoly[sz]ed|cleaved|elaborated|carried)"
)
#: The product the step was carried to, ending where the bracket opens: ``reduced to
#: alcohol 41 (``, ``protected as its TBS ether 14 (``, ``converted into the iodide 26 (``.
_PRODUCT_THEN_BRACKET = re.compile(
    rf"\b{_STEP_DONE}\s+(?:(?:directly|cleanly|smoothly|then|further)\s+)?"
    # ("coupled with phenylboronic acid to biaryl 6 (": what it was done with, first)
    r"(?:(?:with|using|under|by)\s+[^()%;.]{1,60}?\s+)?"
    r"(?:to|into|as\s+(?:its|the|an?))\s+(?:the\s+)?(?:[A-Za-z][\w'′\-]*\s+){0,3}?"
    rf"(?P<label>{LABEL})\s*\(\s*$",
    re.IGNORECASE,
)
#: The step's verb right before the bracket: ``Ketone 12 was reduced (``.
_STEP_THEN_BRACKET = re.compile(
    rf"\b(?:was|were)\s+(?:(?:then|next|subsequently|first|finally)\s+)?(?:\w+ly\s+)?"
    rf"{_STEP_DONE}\s*\(\s*$",
    re.IGNORECASE,
)
#: After the yield closes the bracket: ``to alcohol 13``, ``into the iodide 26``.
_CLOSE_THEN_PRODUCT = re.compile(
    r"\s*\)\s*(?:to|into)\s+(?:the\s+)?(?:[A-Za-z][\w'′\-]*\s+){0,3}?"
    rf"(?P<label>{LABEL})(?![\w\-])",
    re.IGNORECASE,
)
#: What makes a bracket no step's conditions: its purification, its selectivity, or an
#: amount (then it is the product's own bracket, read elsewhere).
_NOT_CONDITIONS = re.compile(
    r"chromatograph|silica|SiO2|eluent|elut|gradient|column|HPLC|\bee\b|\bdr\b|\ber\b"
    r"|conversion|purity|\d\s*(?:mg|g|kg|mmol|mol|mL|ml|equiv|eq)\b",
    re.IGNORECASE,
)
#: A bracket's reagents: at least one item before the yield's comma.
_REAGENTS = re.compile(r"[^()%;]*(?:\([^()%]*\)[^()%;]*)*[,;]\s*$")


def _bracket_start(text: str, value_start: int) -> int | None:
    """Where the bracket still open at the value opens (reading over closed brackets
    inside it, ``Pd(PPh3)4``), within a sentence's reach."""
    depth = 0
    for i in range(value_start - 1, max(-1, value_start - 160), -1):
        char = text[i]
        if char == ")":
            depth += 1
        elif char == "(":
            if depth == 0:
                return i
            depth -= 1
        elif char in ".;" and depth == 0 and i + 1 < len(text) and text[i + 1].isspace():
            return None
    return None


def conditions_bracket(before: str, after: str) -> bool:
    """Whether a percentage closes a bracket of a step's reagents set beside the step's
    product or right after its verb (``reduced to alcohol 41 ( NaBH4 , 95 %``, ``was
    reduced ( NaBH4 , MeOH , 95 %``): then it is the step's yield. ``before`` and
    ``after`` are the text either side of the value."""
    if not re.match(r"\s*\)", after):
        return False
    opening = _bracket_start(before, len(before))
    if opening is None:
        return False
    inner = before[opening + 1 :]
    if not _REAGENTS.fullmatch(inner) or _NOT_CONDITIONS.search(inner):
        return False
    head = before[: opening + 1]
    return bool(_PRODUCT_THEN_BRACKET.search(head) or _STEP_THEN_BRACKET.search(head))


def product_beside_conditions(
    text: str, value_start: int, value_end: int, table: LabelTable
) -> Mention | None:
    """The product of the step whose conditions bracket the yield (``value_start`` to
    ``value_end``, its ``%`` included) closes: the labelled compound the step was carried
    to, before the bracket or right after it."""
    if not conditions_bracket(text[max(0, value_start - 200) : value_start], text[value_end:]):
        return None
    opening = _bracket_start(text, value_start)
    assert opening is not None  # conditions_bracket found it
    head_start = max(0, opening - 120)
    before = _PRODUCT_THEN_BRACKET.search(text[head_start : opening + 1])
    if before is not None:
        return from_label(before["label"], text, head_start + before.end("label"), table)
    after = _CLOSE_THEN_PRODUCT.match(text, value_end)
    if after is not None:
        return from_label(after["label"], text, after.end("label"), table)
    return None
