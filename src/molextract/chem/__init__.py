"""Chemistry checks applied to each extracted value.

They know nothing of engines, files or HTTP, so they can be tested, and reused by
any front end, with nothing but RDKit and pint.
"""

from molextract.chem.grounding import Span, locate, numbers_in, numbers_present
from molextract.chem.plausibility import SIRange, is_plausible, is_within
from molextract.chem.structure import (
    StructureInfo,
    analyze_smiles,
    formula_consistent,
    smiles_in_text,
)
from molextract.chem.units import normalize_unit, to_si, unit_stated
from molextract.chem.values import ParsedValue, parse_value

__all__ = [
    "ParsedValue",
    "SIRange",
    "Span",
    "StructureInfo",
    "analyze_smiles",
    "formula_consistent",
    "is_plausible",
    "is_within",
    "locate",
    "normalize_unit",
    "numbers_in",
    "numbers_present",
    "parse_value",
    "smiles_in_text",
    "to_si",
    "unit_stated",
]
