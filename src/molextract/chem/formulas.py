"""Elemental compositions: of printed formulas and solvates, and of the structure itself.

Every cross-check compares compositions, so they are read, combined, weighed and
printed in one place. Counts are fractions because solvates come in halves and
quarters ("·0.25H2O"); masses come from RDKit's periodic table, so the monoisotopic
and average masses agree with what RDKit reports for the same structure.

The structure may be reported as itself or as its parent (largest fragment,
neutralised by RDKit): a hydrochloride's paper may print the salt or the free base,
so :func:`structure_forms` offers both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from rdkit import Chem, rdBase
from rdkit.Chem.MolStandardize import rdMolStandardize

from molextract.chem.structure import MAX_SMILES_LENGTH

# Standardisation narrates every step on the RDKit log; none of it is news here.
rdBase.DisableLog("rdApp.*")


# --- compositions -----------------------------------------------------------------------

# Fractions, because solvates come in halves and quarters ("·0.25H2O").
Composition = dict[str, Fraction]


@cache
def _symbols() -> frozenset[str]:
    table = Chem.GetPeriodicTable()
    return frozenset({"D", *(table.GetElementSymbol(n) for n in range(1, 119))})


@cache
def _mass(symbol: str, average: bool) -> float:
    table = Chem.GetPeriodicTable()
    if symbol == "D":
        return table.GetMassForIsotope("H", 2)
    return table.GetAtomicWeight(symbol) if average else table.GetMostCommonIsotopeMass(symbol)


def combine(a: Composition, b: Composition, factor: Fraction = Fraction(1)) -> Composition:
    merged = dict(a)
    for symbol, n in b.items():
        merged[symbol] = merged.get(symbol, Fraction(0)) + factor * n
    return {symbol: n for symbol, n in merged.items() if n != 0}


def monoisotopic_mass(c: Composition) -> float:
    return sum(float(n) * _mass(symbol, False) for symbol, n in c.items())


def average_mass(c: Composition) -> float:
    return sum(float(n) * _mass(symbol, True) for symbol, n in c.items())


def _hill_key(symbol: str) -> tuple[int, str]:
    return ({"C": 0, "H": 1, "D": 2}.get(symbol, 3), symbol)


def hill_formula(c: Composition) -> str:
    def count(n: Fraction) -> str:
        return "" if n == 1 else str(n.numerator) if n.denominator == 1 else f"{float(n):g}"

    symbols = sorted(c, key=_hill_key) if "C" in c else sorted(c)
    return "".join(f"{symbol}{count(c[symbol])}" for symbol in symbols)


def formula_difference(stated: Composition, actual: Composition) -> str:
    diff = combine(stated, actual, Fraction(-1))
    more = hill_formula({s: n for s, n in diff.items() if n > 0})
    less = hill_formula({s: -n for s, n in diff.items() if n < 0})
    return " ".join(part for part in (more and f"+{more}", less and f"-{less}") if part)


def formula_distance(a: Composition, b: Composition) -> tuple[Fraction, Fraction]:
    """Heavy atoms first: a hydrogen count is the likelier slip than a swapped element."""
    diff = combine(a, b, Fraction(-1))
    heavy = sum((abs(n) for s, n in diff.items() if s not in ("H", "D")), Fraction(0))
    return heavy, sum((abs(n) for s, n in diff.items() if s in ("H", "D")), Fraction(0))


def heavy_atoms(c: Composition) -> Fraction:
    return sum((n for s, n in c.items() if s not in ("H", "D")), Fraction(0))


_ELEMENT_RUN = re.compile(r"([A-Z][a-z]?)(\d*)")


def parse_formula(text: str) -> tuple[Composition, list[str]] | None:
    """Composition and symbol order, or ``None`` unless every symbol is an element ("NMR")."""
    if not re.fullmatch(r"(?:[A-Z][a-z]?\d*)+", text):
        return None
    counts: Composition = {}
    order: list[str] = []
    for symbol, digits in _ELEMENT_RUN.findall(text):
        if symbol not in _symbols():
            return None
        counts[symbol] = counts.get(symbol, Fraction(0)) + int(digits or 1)
        order.append(symbol)
    return counts, order


_SOLVATE_ALIASES = {
    "MeOH": "CH4O",
    "EtOH": "C2H6O",
    "EtOAc": "C4H8O2",
    "Et2O": "C4H10O",
    "TFA": "C2HF3O2",
    "DMSO": "C2H6OS",
    "DMF": "C3H7NO",
    "THF": "C4H8O",
    "AcOH": "C2H4O2",
    "MeCN": "C2H3N",
    "MsOH": "CH4O3S",
    "TsOH": "C7H8O3S",
    "iPrOH": "C3H8O",
}


def solvate_composition(text: str) -> Composition | None:
    """A solvate or salt part as printed after "·": a formula or a common abbreviation."""
    parsed = parse_formula(_SOLVATE_ALIASES.get(text, text))
    return None if parsed is None else parsed[0]


def mass_percentages(c: Composition) -> dict[str, float]:
    total = average_mass(c)
    shares: dict[str, float] = {}
    for symbol, n in c.items():
        key = "H" if symbol == "D" else symbol  # combustion weighs deuterium as hydrogen
        shares[key] = shares.get(key, 0.0) + 100.0 * float(n) * _mass(symbol, True) / total
    return shares


# --- what a formula says about the molecule ---------------------------------------------

_VALENCES = {"C": 4, "Si": 4, "N": 3, "P": 3, "B": 3, "O": 2, "S": 2, "Se": 2}
_MONOVALENT = frozenset({"H", "D", "F", "Cl", "Br", "I", "Li", "Na", "K"})
#: Acids a salt's formula may merge into the free base's ("C10H12ClNO" for a hydrochloride).
MERGED_ACIDS = ("HCl", "HBr", "HI")


def is_hill_order(order: list[str]) -> bool:
    """Authors print a compound's own formula in Hill order; a fragment or group often not."""
    if len(set(order)) != len(order):
        return False
    return order == sorted(order, key=_hill_key) if "C" in order else order == sorted(order)


def plausible_molecule(c: Composition) -> bool:
    """Even-electron with a non-negative ring-plus-double-bond count, so C6H5 is a group."""
    if any(s not in _VALENCES and s not in _MONOVALENT for s in c):
        return True  # metals: no opinion
    doubled = 2 + sum((n * (_VALENCES.get(s, 1) - 2) for s, n in c.items()), Fraction(0))
    return doubled >= 0 and doubled.denominator == 1 and doubled.numerator % 2 == 0


# --- the structure ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Form:
    """A composition the paper may legitimately print for this structure."""

    name: str
    composition: Composition


def _composition_of(mol: Chem.Mol) -> Composition | None:
    counts: Composition = {}
    for atom in mol.GetAtoms():
        if atom.GetAtomicNum() == 0:  # R groups and attachment points have no mass
            return None
        symbol = atom.GetSymbol()
        # Only deuterium is printed with its own symbol; other labels read as the element.
        key = "D" if symbol == "H" and atom.GetIsotope() == 2 else symbol
        counts[key] = counts.get(key, Fraction(0)) + 1
        if hydrogens := atom.GetTotalNumHs():
            counts["H"] = counts.get("H", Fraction(0)) + hydrogens
    return counts


def _molecule(structure: str | Chem.Mol) -> Chem.Mol | None:
    if not isinstance(structure, str):
        return structure
    text = structure.strip()
    if not text or len(text) > MAX_SMILES_LENGTH or any(c.isspace() for c in text):
        return None
    try:
        return Chem.MolFromSmiles(text)
    except (RuntimeError, ValueError):
        return None


def structure_forms(structure: str | Chem.Mol) -> list[Form]:
    """The structure's composition, then its parent's when that differs; none for an
    unparsable structure or one with R groups, which has no composition to check."""
    mol = _molecule(structure)
    whole = None if mol is None or mol.GetNumAtoms() == 0 else _composition_of(mol)
    if mol is None or whole is None:
        return []
    forms = [Form(hill_formula(whole), whole)]
    try:
        parent = _composition_of(rdMolStandardize.ChargeParent(mol))
    except (RuntimeError, ValueError):
        parent = None
    if parent and parent != whole:
        forms.append(Form(f"parent {hill_formula(parent)}", parent))
    return forms
