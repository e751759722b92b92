"""Structure checks on the SMILES a model attached to a record.

A model asked for SMILES will happily write one for any name, so a structure is
only trusted when RDKit accepts it and, where the paper states a formula or a
molecular weight near the evidence, when those agree with it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache

from rdkit import Chem, rdBase
from rdkit.Chem import Descriptors, rdMolDescriptors

# RDKit reports every rejected SMILES on stderr; rejection is an expected outcome here.
# (RDLogger.DisableLog is this same function, re-exported where the stubs cannot see it.)
rdBase.DisableLog("rdApp.*")

# Far beyond any structure drawn in a paper; longer strings are junk, and parsing
# megabytes of it would only waste time.
MAX_SMILES_LENGTH = 4000


@dataclass(frozen=True)
class StructureInfo:
    """What the rest of the pipeline needs to compare a structure with the paper."""

    canonical_smiles: str
    inchikey: str | None
    formula: str
    mol_weight: float


def analyze_smiles(smiles: str) -> StructureInfo | None:
    """Parse with sanitisation so valence errors count as invalid, not as a structure."""
    text = smiles.strip()
    # RDKit reads "CCO ethanol" as ethanol named "ethanol", which would bless junk.
    if not text or len(text) > MAX_SMILES_LENGTH or any(c.isspace() for c in text):
        return None
    try:
        mol = Chem.MolFromSmiles(text)
    except (RuntimeError, ValueError):
        return None
    if mol is None or mol.GetNumAtoms() == 0:
        return None
    # RDKit's stubs lack these two; both return str / float at runtime.
    inchikey: str = Chem.MolToInchiKey(mol)  # type: ignore[no-untyped-call]
    weight: float = Descriptors.MolWt(mol)  # type: ignore[attr-defined]
    return StructureInfo(
        canonical_smiles=Chem.MolToSmiles(mol),
        inchikey=inchikey or None,  # RDKit answers "" when InChI generation fails.
        formula=rdMolDescriptors.CalcMolFormula(mol),
        mol_weight=round(weight, 2),
    )


_OPENERS = "([{\"'“‘«<"
_CLOSERS = ")]}\"'”’»>.,;:!?"


def smiles_in_text(smiles: str, text: str) -> bool:
    """A SMILES counts as stated only as a whole token: "C" must not match "Chloroform"."""
    token = smiles.strip()
    if not token or any(c.isspace() for c in token):
        return False
    pattern = rf"(?<!\S)[{re.escape(_OPENERS)}]*{re.escape(token)}[{re.escape(_CLOSERS)}]*(?!\S)"
    return re.search(pattern, text) is not None


_SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
_FORMULA_TOKEN = re.compile(r"(?<![A-Za-z0-9])((?:[A-Z][a-z]?[0-9]*)+)(?![A-Za-z0-9])")
_ELEMENT_COUNT = re.compile(r"([A-Z][a-z]?)([0-9]*)")
_MOLECULAR_WEIGHT = re.compile(
    r"(?:\bM\.?\s?W\.?|\bMr\b|\bmol\.?\s*wt\.?|\bmolecular\s+(?:weight|mass)"
    r"|\bmolar\s+mass|\bformula\s+weight|\bF\.?W\.?)"
    r"[\s:=≈~(]*(?:(?:of|is|was)\s+)?[\s:=≈~]*([0-9]+(?:\.[0-9]+)?)",
    re.IGNORECASE,
)
# Solvents are written as formulas next to melting points ("from CH2Cl2") and are
# not claims about the compound.
_SOLVENT_FORMULAS = frozenset({"CHCl3", "CH2Cl2", "C6H6", "C6H12", "C6H14", "C7H8", "C7H16"})
# Adducts seen in mass spectra: [M+H]+, [M-H]-, [M+Na]+, [M+K]+.
_ADDUCTS = (Counter({"H": 1}), Counter({"Na": 1}), Counter({"K": 1}))


@cache
def _elements() -> frozenset[str]:
    table = Chem.GetPeriodicTable()
    return frozenset(table.GetElementSymbol(n) for n in range(1, 119))


def _composition(formula: str) -> Counter[str] | None:
    counts: Counter[str] = Counter()
    for symbol, count in _ELEMENT_COUNT.findall(formula):
        if symbol not in _elements():
            return None
        counts[symbol] += int(count) if count else 1
    return counts


def _matches(stated: Counter[str], actual: Counter[str]) -> bool:
    if stated == actual:
        return True
    return any(stated == actual + adduct for adduct in _ADDUCTS) or stated + _ADDUCTS[0] == actual


def _is_claim(token: str, counts: Counter[str]) -> bool:
    """Only what reads like an organic molecular formula is a claim about the compound."""
    symbols = _ELEMENT_COUNT.findall(token)
    return (
        "C" in counts
        and "H" in counts
        and len(symbols) >= 2
        and len(symbols) == len(counts)  # CH3CH2OH is a condensed structure, not a formula.
        and any(ch.isdigit() for ch in token)
        and token not in _SOLVENT_FORMULAS
    )


def _formula_verdicts(actual: Counter[str], window: str) -> tuple[bool, bool]:
    found = stated = False
    for match in _FORMULA_TOKEN.finditer(window.translate(_SUBSCRIPTS)):
        token = match[1]
        counts = _composition(token)
        if counts is None or len(token) < 2:
            continue
        if _matches(counts, actual):
            found = True
        elif _is_claim(token, counts):
            stated = True
    return found, stated


def formula_consistent(info: StructureInfo, window: str) -> bool | None:
    """``None`` when the text states neither formula nor weight: silence is not disagreement."""
    actual = _composition(re.sub(r"[+-][0-9]*$", "", info.formula))
    found, stated = _formula_verdicts(actual, window) if actual else (False, False)
    for match in _MOLECULAR_WEIGHT.finditer(window):
        stated = True
        if abs(float(match[1]) - info.mol_weight) <= 0.5:
            found = True
    if found:
        return True
    return False if stated else None
