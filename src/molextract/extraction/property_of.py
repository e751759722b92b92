"""The compound a sentence names as the owner of a property before stating its value.

``The melting point of 5 was 120 °C``, ``The solubility of caffeine in water is 21.6
mg/mL``, ``the measured log P of compound 12 was 2.35``, ``The density of the ionic
liquid [BMIM][BF4] was 1.21 g/cm3``: English puts the owner after the property's word
and "of", the medium after "in", and the value after the verb. Read without the form,
the value looks like the last compound's before it (the solvent, for a solubility), and
the model has to choose among them.

A yield's own forms (``The yield of 4a was 85%``) are read in ``entries.py``; this
module reads the other properties' word only, so that no yield changes owner here.
"""

from __future__ import annotations

import re

from molextract.extraction.chemical_names import (
    is_generic_name,
    looks_like_name,
    name_before,
    tidy_name,
)
from molextract.extraction.entries import sentence_start
from molextract.extraction.label_table import LabelTable
from molextract.extraction.labels import LABEL
from molextract.extraction.mentions import Mention, from_label, is_not_a_compound

#: A property's word, "of", its owner, an optional medium or temperature, the verb.
_OWNER_THEN_VALUE = re.compile(
    r"\b(?:melting\s+points?|m\.\s?p\.|boiling\s+points?|b\.\s?p\.|solubilit(?:y|ies)"
    r"|densit(?:y|ies)|log\s?[PD](?:\s?(?:o/w|ow|7\.4|\(?oct(?:anol)?/w(?:ater)?\)?))?"
    r"|partition\s+coefficients?)\s+of\s+"
    r"(?P<owner>[^;:%=<>()]{1,80}?)"
    # "in water at 25 °C": a medium and a temperature between owner and verb
    r"(?:\s+(?:in|at|from)\s+(?:[^;:%=<>\d()]|\d+(?:\.\d+)?\s*°\s*C\b){1,40}?){0,2}"
    r"\s+(?:was|were|is|are)\s+(?:(?:found|determined|shown|measured)\s+to\s+be\s+)?"
    r"(?:about\s+|approximately\s+|ca\.\s*|only\s+)?$",
    re.IGNORECASE,
)
#: The owner given by its label, maybe after its kind: ``5``, ``compound 12``,
#: ``the ester 3b``.
_LABELLED_OWNER = re.compile(
    rf"(?:(?:the|a|an)\s+)?(?:[a-z][\w-]*\s+){{0,2}}(?P<label>{LABEL})", re.IGNORECASE
)


#: Owners listed: ``8a and 8b``, ``ibuprofen, naproxen``.
_SEVERAL = re.compile(r"\s(?:and|or|&)\s|,\s")


def property_owner(text: str, value_start: int, table: LabelTable) -> Mention | None:
    """The compound named after a property's word and "of" in the value's sentence, or
    None when the sentence is not in that form or names a kind, not a compound."""
    start = sentence_start(text, value_start)
    found = _OWNER_THEN_VALUE.search(text, start, value_start)
    if found is None:
        return None
    owner_start, owner_end = found.span("owner")
    if _SEVERAL.search(text, owner_start, owner_end):
        # "The solubilities of 8a and 8b were 12 and 45 µg/mL, respectively": several
        # owners, whose values pair in order; the last is not every value's
        return None
    labelled = _LABELLED_OWNER.fullmatch(text, owner_start, owner_end)
    if labelled is not None:
        label = labelled["label"]
        if (
            not label.isdigit()
            or table.definition(label) is not None
            or labelled.start("label") > owner_start
        ):
            return from_label(label, text, owner_end, table)
        if re.fullmatch(r"\d+", label) and owner_end - owner_start == len(label):
            return from_label(label, text, owner_end, table)  # "The melting point of 5"
    span = name_before(text, owner_end)
    if span is None or span[0] < owner_start:
        return None
    written = tidy_name(text[span[0] : span[1]])
    if is_not_a_compound(written) or is_generic_name(written) or not looks_like_name(written):
        return None
    return Mention(written, table.label_of(written), span[0], span[1], True)
