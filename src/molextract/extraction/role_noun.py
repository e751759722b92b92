"""A product the passage introduced by a noun and a name, then called by the noun alone.

Preparations of things that are not drugs (ligands, monomers, dyes, surfactants,
intermediates) open by saying what the product is for and what it is called: ``The
ligand N,N-bis[(2-pyridyl)methyl]-L-alanine was prepared from …``, ``Preparation of the
dye 4-[(4-nitrophenyl)diazenyl]-N,N-dimethylaniline:``. The yield comes sentences later
under the noun alone: ``recrystallized from ethanol to give the pure ligand (1.10 g,
41%)``, ``The precipitated dye was collected by filtration (2.3 g, 85%)``. The noun
points back to its own definition; no name stands near the yield, so the model, shown
only the yield's sentence and the one before it, can see nothing but the reagents.
"""

from __future__ import annotations

import re

from molextract.extraction.chemical_names import is_generic_name, names_in, tidy_name
from molextract.extraction.entries import sentence_start
from molextract.extraction.junk_compounds import junk_reason
from molextract.extraction.mentions import Mention

#: Words that say the noun is the one made, not which one it is.
_STATE = (
    r"(?:(?:pure|crude|purified|precipitated|desired|resulting|dried|recrystalli[sz]ed"
    r"|distilled|isolated|final|expected|target|new)\s+)*"
)
#: Nouns that name no one compound: what a work-up handles, or words other forms read.
_NOT_A_ROLE = frozenset(
    {
        "mixture", "solution", "residue", "filtrate", "solid", "oil", "product", "products",
        "compound", "compounds", "material", "reaction", "layer", "phase", "precipitate",
        "crystals", "powder", "suspension", "extract", "extracts", "title", "same", "above",
        "following", "starting", "remaining", "salt", "solvent", "catalyst", "base", "acid",
        "reagent", "slurry", "gum", "foam", "liquid", "fraction", "fractions", "organic",
        "aqueous", "combined", "yield", "sample", "batch", "portion", "flask", "vessel",
    }
)  # fmt: skip
#: The yield's product, called by the noun: ``to give the pure ligand (``, ``gave the
#: monomer as a colorless liquid (``, ``the crude intermediate was distilled to give``.
_CALLED = re.compile(
    rf"\bthe\s+{_STATE}(?P<noun>[a-z]{{3,}})"
    r"(?:\s+as\s+(?:an?\s+)?(?:[\w-]+\s+){0,3}?(?:solid|oil|liquid|powder|crystals|needles"
    r"|plates|prisms|foam|gum|glass|syrup))?"
    r"(?:\s+(?:was|were)\s+(?:\w+\s+){1,4}?(?:to\s+(?:give|afford|yield|provide)\s+)?)?"
    r"\s*(?:\(\s*(?:\d[\d.,]*\s*(?:mg|g|kg)\s*[,;]\s*(?:\d[\d.,]*\s*m?mol\s*[,;]\s*)?)?"
    r"|(?:\d[\d.,]*\s*(?:mg|g|kg)\s*\(\s*))$",
    re.IGNORECASE,
)
#: How far back the definition may stand: the passage, not the document.
_REACH = 1500


def product_called_by_role(text: str, value_start: int) -> Mention | None:
    """The name the passage gave the noun the yield's product is called by, or None."""
    start = sentence_start(text, value_start)
    called = _CALLED.search(text, start, value_start)
    if called is None:
        return None
    noun = called["noun"].lower()
    if noun in _NOT_A_ROLE or re.search(
        r"\bof\s+$", text[max(0, called.start() - 6) : called.start()]
    ):
        return None  # "afforded the ester of the ligand (1.7 g, 82%)": another compound
    lo = max(0, value_start - _REACH)
    paragraph = text.rfind("\n\n", lo, called.start())
    lo = max(lo, paragraph + 2) if paragraph >= 0 else lo
    definition = re.compile(rf"\b(?:the|a|an)\s+{re.escape(noun)}\s+", re.IGNORECASE)
    for found in definition.finditer(text, lo, called.start()):
        spans = names_in(text, found.end(), min(called.start(), found.end() + 300))
        if not spans or spans[0][0] != found.end():
            continue
        name = tidy_name(text[spans[0][0] : spans[0][1]])
        if junk_reason(name) is not None or is_generic_name(name):
            continue
        return Mention(name, None, spans[0][0], spans[0][1], True)
    return None
