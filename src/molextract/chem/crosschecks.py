"""Cross-checks of a resolved structure against the characterisation data printed for it.

A name resolved to the wrong structure (a dropped substituent, an isomer, a model's
invented SMILES) still parses; what betrays it is the paper's own data. Experimental
sections print a molecular formula, HRMS, a molecular weight or a combustion analysis
for nearly every new compound, and each is a number the structure must reproduce.
Every such statement in the window becomes one :class:`CrossCheck`, so a mismatch is
named ("hrms_mismatch") and located rather than merely counted.

Rules, decided here once:

* A formula is a claim about the compound in a claim context ("calcd for", "Anal.",
  "formula", "... requires", "(C10H9NO3S, 223.25)", inside an HRMS statement next to a
  calcd value, an ion or a number), or, standing alone, when it is a Hill-ordered,
  even-electron organic formula within a quarter of the structure's heavy-atom count.
  Solvents (CH2Cl2, H2O), carbon labels (C3), column names (C18), substituents (C6H5),
  fragment ions and other compounds' formulas are not.
* The structure may be reported as itself or as its parent (largest fragment,
  neutralised by RDKit): a hydrochloride's paper may print the salt or the free base.
  A formula whose first part matches, followed by "·HCl" or "·0.5H2O", describes a salt
  or solvate; HCl, HBr or HI merged into one formula are accepted too.
* m/z values use monoisotopic masses from RDKit's periodic table, minus one electron
  (0.000549 u) per positive charge. A calculated m/z must lie within 0.002 u (more when
  printed with fewer decimals): authors who forget the electron pass, a wrong formula
  (the nearest plausible one differs by 0.011 u) does not. A found m/z printed with three
  or more decimals must lie within 10 ppm or 0.005 u, whichever is larger; a low-
  resolution one within 0.6 (integers) or 0.3, and may be a 37Cl/81Br isotope peak.
  Only numbers after "calcd"/"found" or next to an ion label count, so EI fragment
  lists are left alone. Without an ion label the adduct is inferred from the printed
  formula or, failing that, taken as the common adduct that fits best.
* Molecular weights (RDKit average masses) must agree within 0.1, or half a unit of the
  last printed digit, plus 1e-4 of the weight for differing atomic-weight tables.
* Elemental analyses: calculated percentages within 0.05 absolute, found ones within
  0.4 (the journals' convention), for the structure plus any solvate the stated formula
  names.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Literal

from rdkit import Chem, rdBase
from rdkit.Chem.MolStandardize import rdMolStandardize

from molextract.chem.structure import MAX_SMILES_LENGTH

# Standardisation narrates every step on the RDKit log; none of it is news here.
rdBase.DisableLog("rdApp.*")

CheckKind = Literal["formula", "hrms", "mol_weight", "elemental_analysis"]

ELECTRON_MASS = 0.000548579909
CALCD_MZ_TOLERANCE = 0.002
FOUND_MZ_TOLERANCE = 0.005
FOUND_MZ_PPM = 10.0
LOW_RES_TOLERANCE = 0.3
NOMINAL_TOLERANCE = 0.6
MW_TOLERANCE = 0.1
EA_CALCD_TOLERANCE = 0.05
EA_FOUND_TOLERANCE = 0.4
# 37Cl - 35Cl and 81Br - 79Br differ by 0.001 u: one spacing serves both at low resolution.
_ISOTOPE_SPACING = 1.997


@dataclass(frozen=True, slots=True)
class CrossCheck:
    """One statement of the text compared with the structure; offsets index the caller's text."""

    kind: CheckKind
    stated: str
    start: int
    end: int
    expected: str
    ok: bool
    detail: str


def consistent(checks: Sequence[CrossCheck]) -> bool | None:
    """``None`` when nothing was checkable: silence in the paper is not disagreement."""
    return all(check.ok for check in checks) if checks else None


def mismatch_flags(checks: Iterable[CrossCheck]) -> list[str]:
    """One flag per failing kind ("hrms_mismatch"), the form a record carries."""
    return sorted({f"{check.kind}_mismatch" for check in checks if not check.ok})


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


def _combine(a: Composition, b: Composition, factor: Fraction = Fraction(1)) -> Composition:
    merged = dict(a)
    for symbol, n in b.items():
        merged[symbol] = merged.get(symbol, Fraction(0)) + factor * n
    return {symbol: n for symbol, n in merged.items() if n != 0}


def _mono(c: Composition) -> float:
    return sum(float(n) * _mass(symbol, False) for symbol, n in c.items())


def _average(c: Composition) -> float:
    return sum(float(n) * _mass(symbol, True) for symbol, n in c.items())


def _hill_key(symbol: str) -> tuple[int, str]:
    return ({"C": 0, "H": 1, "D": 2}.get(symbol, 3), symbol)


def _format(c: Composition) -> str:
    def count(n: Fraction) -> str:
        return "" if n == 1 else str(n.numerator) if n.denominator == 1 else f"{float(n):g}"

    symbols = sorted(c, key=_hill_key) if "C" in c else sorted(c)
    return "".join(f"{symbol}{count(c[symbol])}" for symbol in symbols)


def _difference(stated: Composition, actual: Composition) -> str:
    diff = _combine(stated, actual, Fraction(-1))
    more = _format({s: n for s, n in diff.items() if n > 0})
    less = _format({s: -n for s, n in diff.items() if n < 0})
    return " ".join(part for part in (more and f"+{more}", less and f"-{less}") if part)


def _distance(a: Composition, b: Composition) -> tuple[Fraction, Fraction]:
    """Heavy atoms first: a hydrogen count is the likelier slip than a swapped element."""
    diff = _combine(a, b, Fraction(-1))
    heavy = sum((abs(n) for s, n in diff.items() if s not in ("H", "D")), Fraction(0))
    return heavy, sum((abs(n) for s, n in diff.items() if s in ("H", "D")), Fraction(0))


def _heavy_atoms(c: Composition) -> Fraction:
    return sum((n for s, n in c.items() if s not in ("H", "D")), Fraction(0))


_ELEMENT_RUN = re.compile(r"([A-Z][a-z]?)(\d*)")


def _parse_formula(text: str) -> tuple[Composition, list[str]] | None:
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


def _solvate(text: str) -> Composition | None:
    parsed = _parse_formula(_SOLVATE_ALIASES.get(text, text))
    return None if parsed is None else parsed[0]


def _percentages(c: Composition) -> dict[str, float]:
    total = _average(c)
    shares: dict[str, float] = {}
    for symbol, n in c.items():
        key = "H" if symbol == "D" else symbol  # combustion weighs deuterium as hydrogen
        shares[key] = shares.get(key, 0.0) + 100.0 * float(n) * _mass(symbol, True) / total
    return shares


# --- the structure ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Form:
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


def _forms(structure: str | Chem.Mol) -> list[_Form]:
    mol = _molecule(structure)
    whole = None if mol is None or mol.GetNumAtoms() == 0 else _composition_of(mol)
    if mol is None or whole is None:
        return []
    forms = [_Form(_format(whole), whole)]
    try:
        parent = _composition_of(rdMolStandardize.ChargeParent(mol))
    except (RuntimeError, ValueError):
        parent = None
    if parent and parent != whole:
        forms.append(_Form(f"parent {_format(parent)}", parent))
    return forms


# --- reading the text -------------------------------------------------------------------

# One character for one, so offsets into the normalised window are offsets into the text.
_NORMALIZE = str.maketrans(
    "₀₁₂₃₄₅₆₇₈₉⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻−–‒‐‑—•∙⋅×＋\u00a0\u2009\u202f\u2002\u2003",
    "01234567890123456789+-------····+     ",
)
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?!\w|\.\d)")


def _decimals(number: str) -> int:
    return len(number.partition(".")[2])


def _half_digit(number: str) -> float:
    return 0.5 * 10.0 ** -_decimals(number)


def _trimmed(window: str, start: int, end: int) -> tuple[int, int]:
    """Without trailing punctuation, nor the ")" closing a parenthesis opened before it."""
    while end > start and (
        window[end - 1] in " \t.,;:"
        or (
            window[end - 1] == ")" and window.count("(", start, end) < window.count(")", start, end)
        )
    ):
        end -= 1
    return start, end


@dataclass(frozen=True, slots=True)
class _Result:
    kind: CheckKind
    start: int
    end: int
    expected: str
    ok: bool
    detail: str


# --- formulas in the text ---------------------------------------------------------------

# Atomic, so "C10H9NO3Sx" is no formula rather than yielding "C10H9NO3".
_FORMULA = re.compile(r"(?<![A-Za-z0-9])(?>(?:[A-Z][a-z]?\d*)+)(?![a-z0-9])")
_EXTRA = re.compile(
    r"(?:\s?·\s?|\.(?=[\d½¼¾A-Z]))(\d+(?:\.\d+)?|\d/\d|½|¼|¾)?\s?([A-Z][A-Za-z0-9]*|iPrOH)"
)
_CHARGE_AFTER = re.compile(r"\]?\d?[+-](?![A-Za-z0-9])")
_FRACTIONS = {"½": Fraction(1, 2), "¼": Fraction(1, 4), "¾": Fraction(3, 4)}
_SOLVENTS = frozenset(
    {"CH2Cl2", "CHCl3", "CDCl3", "CD2Cl2", "CD3OD", "CD3CN", "CH3CN", "CH3OH", "CCl4"}
    | {"C6H6", "C6D6", "C7H8", "C6H12", "C6H14", "C5H12", "C7H16", "C8H10", "C4H8O"}
    | {"C4H10O", "C4H8O2", "C2H3N", "C3H6O", "C3H7NO", "C2H6O", "C2H6OS", "CH4O", "C2H4O2"}
)
_VALENCES = {"C": 4, "Si": 4, "N": 3, "P": 3, "B": 3, "O": 2, "S": 2, "Se": 2}
_MONOVALENT = frozenset({"H", "D", "F", "Cl", "Br", "I", "Li", "Na", "K"})
_MERGED_ACIDS = ("HCl", "HBr", "HI")


@dataclass(frozen=True, slots=True)
class _Token:
    """A printed formula: its main part, salt or solvate parts after "·", and the total."""

    start: int
    end: int
    main_end: int
    main: Composition
    total: Composition
    hill: bool
    charged: bool

    @property
    def has_extras(self) -> bool:
        return self.main_end < self.end


def _is_hill(order: list[str]) -> bool:
    if len(set(order)) != len(order):
        return False
    return order == sorted(order, key=_hill_key) if "C" in order else order == sorted(order)


def _multiplier(text: str | None) -> Fraction:
    if not text:
        return Fraction(1)
    return _FRACTIONS.get(text) or Fraction(text)


def _tokens(window: str) -> list[_Token]:
    """Every formula-shaped word whose main part is an organic formula and not a solvent."""
    found = []
    for match in _FORMULA.finditer(window):
        parsed = _parse_formula(match[0])
        if parsed is None or match[0] in _SOLVENTS:
            continue
        main, order = parsed
        if "C" not in main or not any(ch.isdigit() for ch in match[0]) or len(order) < 2:
            continue
        total, end = main, match.end()
        while extra := _EXTRA.match(window, end):
            part = _solvate(extra[2])
            if part is None:
                break
            total = _combine(total, part, _multiplier(extra[1]))
            end = extra.end()
        charged = _CHARGE_AFTER.match(window, end) is not None
        found.append(_Token(match.start(), end, match.end(), main, total, _is_hill(order), charged))
    return found


def _plausible_molecule(c: Composition) -> bool:
    """Even-electron with a non-negative ring-plus-double-bond count, so C6H5 is a group."""
    if any(s not in _VALENCES and s not in _MONOVALENT for s in c):
        return True  # metals: no opinion
    doubled = 2 + sum((n * (_VALENCES.get(s, 1) - 2) for s, n in c.items()), Fraction(0))
    return doubled >= 0 and doubled.denominator == 1 and doubled.numerator % 2 == 0


_CLAIM_BEFORE = re.compile(
    r"(?:calc(?:ulate)?d?\.?|cald\.?|formula|composition|anal\.?|analysis)\s*(?:\(%\)\s*)?"
    r"(?:for\s*)?[:=]?\s*[\[(]?\s*$",
    re.IGNORECASE,
)
_WEIGHT_AFTER = r"\s*(?:,\s*|\(\s*)(?:MW\s*[:=]?\s*)?(\d{2,4}\.\d{1,4})\s*(?:g/mol)?\s*\)"
_WEIGHT_AFTER_FORMULA = re.compile(_WEIGHT_AFTER)
_CLAIM_AFTER = re.compile(
    rf"\s*requires\b|{_WEIGHT_AFTER}|[;,]?\s*\(?(?:MW|M\.W\.|Mr|mol\.?\s*wt)\b", re.IGNORECASE
)


def _free_standing_claim(window: str, token: _Token, forms: Sequence[_Form]) -> bool:
    """Only what can only be this compound's formula: close to it, Hill-ordered, a molecule."""
    if not token.hill or "H" not in token.main or token.charged:
        return False
    if token.start > 0 and window[token.start - 1] == "-":  # "4-C6H4", a substituent
        return False
    if _reagent_aside(window, token.start, token.end):  # "(C8H9NO2, 1.0 g, 6.6 mmol)"
        return False
    heavy = _heavy_atoms(token.main)
    return _plausible_molecule(token.main) and any(
        abs(heavy - _heavy_atoms(f.composition))
        <= max(Fraction(3), _heavy_atoms(f.composition) / 4)
        for f in forms
    )


def _formula_result(window: str, token: _Token, forms: Sequence[_Form]) -> _Result:
    printed = window[token.start : token.end]
    verdict: tuple[Composition, str] | None = None
    for form in forms:
        if token.total == form.composition:
            whom = "the structure" if form is forms[0] else f"the {form.name}"
            verdict = form.composition, f"{printed} matches {whom}"
            break
    else:
        extras = window[token.main_end : token.end].strip(" ·.")
        for form in forms:
            if token.has_extras and token.main == form.composition:
                verdict = form.composition, f"{form.name} as its salt or solvate ·{extras}"
                break
            acids = (_solvate(acid) or {} for acid in _MERGED_ACIDS)
            if any(token.total == _combine(form.composition, acid) for acid in acids):
                verdict = form.composition, f"{printed} is {form.name} with its acid merged in"
                break
    if verdict is not None:
        return _Result("formula", token.start, token.end, _format(verdict[0]), True, verdict[1])
    pairs = [(token.total, f) for f in forms]
    pairs += [(token.main, f) for f in forms] if token.has_extras else []
    stated, closest = min(pairs, key=lambda p: _distance(p[0], p[1].composition))
    detail = (
        f"stated {_format(stated)}; the structure is {closest.name} "
        f"({_difference(stated, closest.composition)})"
    )
    return _Result("formula", token.start, token.end, _format(closest.composition), False, detail)


# --- statements -------------------------------------------------------------------------

# A statement ends at ". " unless an abbreviation ends there or the data go on
# ("... 6.27. Found: ...", "... 223.0301. C10H9NO3S requires ..."), or at "; 1H NMR".
_ABBREVIATIONS = frozenset({"calcd", "calc", "cald", "anal", "obsd", "theor", "exp", "expt", "ca"})
_CONTINUATION = re.compile(
    r"\s+(?:found|calc|calcd|calculated|requires|obsd|observed)\b"
    r"|\s+\[?[A-Z][A-Za-z0-9·.]*\]?\s+requires\b",
    re.IGNORECASE,
)
_NEW_MEASUREMENT = re.compile(
    r"\s*(?:1H|13C|19F|31P|IR|UV|mp|m\.p\.|Mp|bp|Rf|HPLC|LC|tR|Anal|Elemental|\[α\]|NMR"
    r"|HRMS|HR|MS|Purity|Yield)\b"
)
_MAX_STATEMENT = 400
_MS_START = re.compile(
    r"(?<![A-Za-z])(?:HR[-\s]?(?:[A-Z]{2,6}[-\s]?){0,3}MS(?![A-Za-z])"
    r"|(?:[A-Z]{2,6}[-\s/]?){0,2}MS(?![A-Za-z])"
    r"|[Hh]igh[-\s]resolution\s+mass\s+spectr\w*|m/z"
    r"|Found\s*:?\s*(?=[\[(]?\s?\d?M[\s+\-\]H(]))"
)
_EA_PAIRS_AHEAD = r"(?=(?:(?!\.\s)[^;\n]){0,80}?\bC\s*[,:=]?\s*\d{1,2}\.\d+\s*%?\s*[;,]\s*H\b)"
_EA_START = re.compile(
    r"\bAnal\.|\bAnal\s+(?:calc|found)|\bElemental\s+analys[ie]s|\bMicro-?analys[ie]s"
    r"|\bCombustion\s+analys[ie]s|\bCHNS?\s+analys[ie]s|\bFound\s*:?\s*C\s*,?\s*\d{1,2}\.\d"
    rf"|\b(?:calc(?:ulate)?d|found){_EA_PAIRS_AHEAD}",
    re.IGNORECASE,
)


def _statement_end(window: str, start: int) -> int:
    stop = min(len(window), start + _MAX_STATEMENT)
    for i in range(start, stop):
        char = window[i]
        if char == "\n":
            return i
        if char == "." and (i + 1 >= len(window) or window[i + 1].isspace()):
            word = re.search(r"([A-Za-z]+)$", window[start:i])
            abbreviation = word is not None and word[1].lower() in _ABBREVIATIONS
            if window[i - 1] in "+-" or abbreviation or _CONTINUATION.match(window, i + 1):
                continue
            return i
        if char in ";," and _NEW_MEASUREMENT.match(window, i + 1):
            return i
    return stop


def _statements(window: str, start_pattern: re.Pattern[str]) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for match in start_pattern.finditer(window):
        if not spans or match.start() >= spans[-1][1]:
            spans.append(_trimmed(window, match.start(), _statement_end(window, match.start())))
    return spans


def _inside(position: int, spans: Sequence[tuple[int, int]]) -> bool:
    """Whether position falls in one of the sorted, disjoint spans."""
    i = bisect_right(spans, position, key=lambda span: span[0]) - 1
    return i >= 0 and spans[i][0] <= position < spans[i][1]


_CALCD_WORD = re.compile(
    r"\b(?:calc(?:ulate)?d|calc|cald|requires|theor\w*|expected)\b", re.IGNORECASE
)
_FOUND_WORD = re.compile(r"\b(?:found|obsd|observed|measured|exptl)\b", re.IGNORECASE)
Role = Literal["calcd", "found"]


def _keywords(window: str, a: int, b: int) -> list[tuple[int, int, Role]]:
    calcd: list[tuple[int, int, Role]] = [
        (m.start(), m.end(), "calcd") for m in _CALCD_WORD.finditer(window, a, b)
    ]
    found: list[tuple[int, int, Role]] = [
        (m.start(), m.end(), "found") for m in _FOUND_WORD.finditer(window, a, b)
    ]
    return sorted(calcd + found)


# --- ions -------------------------------------------------------------------------------

_ADDUCT_GROUPS: dict[str, tuple[str, int]] = {
    # group: (its formula, the charge it brings)
    "NH4": ("NH4", 1),
    "HCOO": ("CHO2", -1),
    "CH3COO": ("C2H3O2", -1),
    "CH3CN": ("C2H3N", 0),
    "ACN": ("C2H3N", 0),
    "H2O": ("H2O", 0),
    "Na": ("Na", 1),
    "Li": ("Li", 1),
    "Ag": ("Ag", 1),
    "Cl": ("Cl", -1),
    "Br": ("Br", -1),
    "K": ("K", 1),
    "H": ("H", 1),
}
_ION_HEAD = re.compile(r"(?<![A-Za-z0-9])([\[(])?\s?([2-4])?M(?![a-z])")
_UNSIGNED = re.compile(r"(NH4|Na|Li|K|H)(?![a-z0-9])")
_SIGNED = re.compile(rf"\s?([+-])\s?(\d?)({'|'.join(_ADDUCT_GROUPS)})(?![A-Za-z])")
_OLD_STYLE = re.compile(r"\s?([+-])\s?1(?![\d.])")  # "(M+1)" in older patents: [M+H]+
_CLOSE = re.compile(r"\s?[\])]")
_CHARGE = re.compile(r"\s?·?(\d?)([+-])(\d?)·?(?![\dA-Za-z])")


@dataclass(frozen=True, slots=True)
class _Ion:
    label: str
    multiple: int
    delta: Composition
    charge: int

    def composition(self, form: _Form) -> Composition | None:
        c = _combine(form.composition, form.composition, Fraction(self.multiple - 1))
        c = _combine(c, self.delta)
        return None if any(n < 0 for n in c.values()) else c

    def mz(self, form: _Form) -> float | None:
        c = self.composition(form)
        if c is None:
            return None
        return (_mono(c) - self.charge * ELECTRON_MASS) / abs(self.charge)


def _read_ion(text: str, position: int) -> tuple[_Ion, int] | None:
    """Read "[M+H]+", "(M+Na)+", "MH+", "M+", "[M-H]-", "[2M+Na]+" or "(M+1)" at position."""
    head = _ION_HEAD.match(text, position)
    if head is None:
        return None
    multiple, end = int(head[2] or 1), head.end()
    steps: list[tuple[int, int, str]] = []
    if unsigned := _UNSIGNED.match(text, end):
        steps.append((1, 1, unsigned[1]))
        end = unsigned.end()
    while step := _SIGNED.match(text, end) or _OLD_STYLE.match(text, end):
        groups = step.groups()
        count, group = (int(groups[1] or 1), groups[2]) if len(groups) == 3 else (1, "H")
        steps.append((1 if step[1] == "+" else -1, count, group))
        end = step.end()
    charge_match = _CHARGE.match(text, end)
    if charge_match:
        end = charge_match.end()
    closed = _CLOSE.match(text, end) if head[1] else None
    if closed:
        end = closed.end()
        if after := _CHARGE.match(text, end):
            charge_match, end = after, after.end()
    if not steps and charge_match is None and closed is None:
        return None
    delta: Composition = {}
    carried = 0
    parts = []
    for sign, count, group in steps:
        formula, brings = _ADDUCT_GROUPS[group]
        delta = _combine(delta, _solvate(formula) or {}, Fraction(sign * count))
        carried += sign * count * brings
        parts.append(f"{'+' if sign > 0 else '-'}{count if count > 1 else ''}{group}")
    charge = carried
    if charge_match:
        size = int(charge_match[1] or charge_match[3] or 1)
        charge = size if charge_match[2] == "+" else -size
    if charge == 0:
        return None
    size_text = str(abs(charge)) if abs(charge) > 1 else ""
    label = f"[{multiple if multiple > 1 else ''}M{''.join(parts)}]{size_text}"
    return _Ion(label + ("+" if charge > 0 else "-"), multiple, delta, charge), end


def _ion(label: str) -> _Ion:
    read = _read_ion(label, 0)
    if read is None:
        raise ValueError(label)
    return read[0]


_ASSUMED_IONS = tuple(
    _ion(label) for label in ("[M+H]+", "[M+Na]+", "[M]+", "[M-H]-", "[M+K]+", "[M+NH4]+")
)


@dataclass(frozen=True, slots=True)
class _Label:
    ion: _Ion
    start: int
    end: int


def _labels(window: str, a: int, b: int) -> list[_Label]:
    labels = []
    for head in _ION_HEAD.finditer(window, a, b):
        read = _read_ion(window, head.start())
        if read is not None and read[1] <= b:
            labels.append(_Label(read[0], head.start(), read[1]))
    return labels


# --- mass spectra -----------------------------------------------------------------------

_NOT_MZ = re.compile(r"\s*(?:ppm|mDa|%|°|min\b)")
_BETWEEN_NUMBER_AND_LABEL = re.compile(r"\s*(?:\(\s*\d{1,3}(?:\.\d+)?\s*%?\s*\)\s*)?")
_BETWEEN_LABEL_AND_NUMBER = re.compile(r"\s*[:=]?\s*")
_LIST_SEPARATOR = re.compile(r"\s*[,/]\s*")


@dataclass(frozen=True, slots=True)
class _Peak:
    text: str
    start: int
    end: int
    role: Role
    label: int | None  # index into the statement's labels

    @property
    def value(self) -> float:
        return float(self.text)


def _preceding(position: int, labels: Sequence[_Label]) -> int | None:
    """The label a value belongs to: the last one before it, else the statement's first."""
    before = [i for i, label in enumerate(labels) if label.start < position]
    return before[-1] if before else (0 if labels else None)


def _nearest(token: _Token, labels: Sequence[_Label]) -> int | None:
    if not labels:
        return None

    def gap(i: int) -> int:
        label = labels[i]
        return label.start - token.end if label.start >= token.end else token.start - label.end

    return min(range(len(labels)), key=gap)


def _peaks(window: str, a: int, b: int, labels: Sequence[_Label], accurate: bool) -> list[_Peak]:
    """Numbers that are claims: first after "calcd"/"found", or next to an ion label."""
    numbers = [
        m
        for m in _NUMBER.finditer(window, a, b)
        if float(m[0]) >= 50
        and not _NOT_MZ.match(window, m.end())
        and not any(label.start <= m.start() < label.end for label in labels)
    ]
    beside: dict[int, int] = {}
    for n, number in enumerate(numbers):
        for i, label in enumerate(labels):
            if label.start >= number.end() and _BETWEEN_NUMBER_AND_LABEL.fullmatch(
                window, number.end(), label.start
            ):
                beside[n] = i
    for n in sorted(beside, reverse=True):  # "m/z 302, 304 [M+H]+": an isotope pattern
        while (
            n > 0
            and n - 1 not in beside
            and abs(float(numbers[n][0]) - float(numbers[n - 1][0])) <= 4.5
        ):
            if not _LIST_SEPARATOR.fullmatch(window, numbers[n - 1].end(), numbers[n].start()):
                break
            beside[n - 1], n = beside[n], n - 1
    for i, label in enumerate(labels):
        if i in beside.values():
            continue
        for n, number in enumerate(numbers):
            if n not in beside and _BETWEEN_LABEL_AND_NUMBER.fullmatch(
                window, label.end, number.start()
            ):
                beside[n] = i
    keywords = _keywords(window, a, b)
    claimed: dict[int, Role] = {}
    for k, (_, word_end, role) in enumerate(keywords):
        limit = keywords[k + 1][0] if k + 1 < len(keywords) else b
        after = [n for n, m in enumerate(numbers) if word_end <= m.start() < limit]
        if after and after[0] not in claimed:
            claimed[after[0]] = role
    if accurate:  # "HRMS m/z 224.0380 (calcd 224.0376)": the measurement comes first
        first_word = keywords[0][0] if keywords else b
        ahead = [n for n, m in enumerate(numbers) if m.start() < first_word]
        ahead = [n for n in ahead if _decimals(numbers[n][0]) >= 3 and n not in claimed]
        if ahead:
            claimed[ahead[0]] = "found"
    for n in beside:
        claimed.setdefault(n, "found")
    return [
        _Peak(
            numbers[n][0],
            numbers[n].start(),
            numbers[n].end(),
            role,
            beside.get(n, _preceding(numbers[n].start(), labels)),
        )
        for n, role in sorted(claimed.items())
    ]


def _ms_formula_claim(window: str, token: _Token, labels: Sequence[_Label]) -> bool:
    """An ion formula is one printed after "calcd", before "requires", or beside a label or m/z."""
    if _CALCD_WORD.search(window, max(0, token.start - 40), token.start):
        return True
    after = window[token.end : token.end + 14]
    if re.match(r"\s*\]?\d?[+-]?\s*(?:requires\b|[:=,]?\s*\d{2,4}\.\d)", after):
        return True
    return any(
        0 <= label.start - token.end <= 3 or 0 <= token.start - label.end <= 3 for label in labels
    )


@dataclass(frozen=True, slots=True)
class _IonChoice:
    form: _Form
    ion: _Ion
    mz: float


def _ion_choices(forms: Sequence[_Form], ions: Sequence[_Ion]) -> list[_IonChoice]:
    choices = []
    for form in forms:
        for ion in ions:
            mz = ion.mz(form)
            if mz is not None:
                choices.append(_IonChoice(form, ion, mz))
    return choices


def _judge_found(peak: _Peak, choice: _IonChoice) -> tuple[bool, str]:
    error = peak.value - choice.mz
    if _decimals(peak.text) >= 3:
        tolerance = max(FOUND_MZ_TOLERANCE, FOUND_MZ_PPM * 1e-6 * choice.mz)
        if abs(error) >= 0.1:
            return False, f"found {peak.text} (off by {error:+.4f})"
        ppm = error / choice.mz * 1e6
        return abs(error) <= tolerance, f"found {peak.text} ({ppm:+.1f} ppm)"
    tolerance = NOMINAL_TOLERANCE if _decimals(peak.text) == 0 else LOW_RES_TOLERANCE
    ion_composition = choice.ion.composition(choice.form) or {}
    halogens = int(min(2, ion_composition.get("Cl", 0) + ion_composition.get("Br", 0)))
    for k in range(halogens + 1):
        if abs(error - k * _ISOTOPE_SPACING / abs(choice.ion.charge)) <= tolerance:
            note = f", the M+{2 * k} isotope peak" if k else ""
            return True, f"found {peak.text} (low resolution{note})"
    return False, f"found {peak.text} (off by {error:+.2f})"


def _judge_calcd(peak: _Peak, choice: _IonChoice) -> tuple[bool, str]:
    tolerance = max(CALCD_MZ_TOLERANCE, _half_digit(peak.text) + 0.0006)
    error = peak.value - choice.mz
    if abs(error) <= tolerance:
        without_electron = choice.mz + choice.ion.charge * ELECTRON_MASS / abs(choice.ion.charge)
        if abs(peak.value - without_electron) < min(abs(error), 0.0001):
            return True, f"calcd {peak.text} (computed without the electron mass)"
        return True, f"calcd {peak.text}"
    if abs(peak.value - _mono(choice.form.composition)) <= tolerance:
        return True, f"calcd {peak.text} (the neutral monoisotopic mass)"
    return False, f"calcd {peak.text} (off by {error:+.4f})"


def _ion_formula_result(
    window: str, token: _Token, forms: Sequence[_Form], ions: Sequence[_Ion], best: _IonChoice
) -> _Result:
    expected = best.ion.composition(best.form) or best.form.composition
    for choice in _ion_choices(forms, ions):
        if token.total == choice.ion.composition(choice.form):
            detail = f"the {choice.ion.label} ion of {choice.form.name}"
            return _Result("formula", token.start, token.end, _format(expected), True, detail)
    neutral = _formula_result(window, token, forms)
    if neutral.ok:
        return neutral
    detail = (
        f"stated {_format(token.total)} for {best.ion.label}; the structure's ion is "
        f"{_format(expected)} ({_difference(token.total, expected)})"
    )
    return _Result("formula", token.start, token.end, _format(expected), False, detail)


def _ms_group(
    window: str,
    forms: Sequence[_Form],
    label: _Label | None,
    peaks: Sequence[_Peak],
    tokens: Sequence[_Token],
    span: tuple[int, int],
) -> list[_Result]:
    ions = (label.ion,) if label else _ASSUMED_IONS
    choices = _ion_choices(forms, ions)
    if not choices:
        return []
    printed = [t.total for t in tokens]
    pool = [c for c in choices if c.ion.composition(c.form) in printed] or choices
    calcd = next((p for p in peaks if p.role == "calcd"), None)
    founds = [p for p in peaks if p.role == "found"]
    reference = calcd or (founds[0] if founds else None)
    best = min(pool, key=lambda c: abs(c.mz - reference.value)) if reference else pool[0]
    results = [_ion_formula_result(window, t, forms, ions, best) for t in tokens]
    if not peaks:
        return results
    verdicts = ([_judge_calcd(calcd, best)] if calcd else []) + [
        _judge_found(p, best) for p in founds
    ]
    assumed = "" if label else " (adduct not stated; the best-fitting one assumed)"
    detail = f"{best.ion.label} of {best.form.name}{assumed} is {best.mz:.4f}; " + "; ".join(
        note for _, note in verdicts
    )
    ok = all(good for good, _ in verdicts)
    results.append(_Result("hrms", span[0], span[1], f"{best.mz:.4f}", ok, detail))
    return results


def _ms_results(
    window: str, forms: Sequence[_Form], statements: Sequence[tuple[int, int]], tokens: list[_Token]
) -> list[_Result]:
    results: list[_Result] = []
    for a, b in statements:
        accurate = bool(re.match(r"HR|[Hh]igh|Found", window[a:b]))
        labels = _labels(window, a, b)
        peaks = _peaks(window, a, b, labels, accurate)
        claims = [t for t in tokens if a <= t.start < b and _ms_formula_claim(window, t, labels)]
        groups: dict[int | None, tuple[list[_Peak], list[_Token]]] = {}
        for peak in peaks:
            groups.setdefault(peak.label, ([], []))[0].append(peak)
        for token in claims:
            groups.setdefault(_nearest(token, labels), ([], []))[1].append(token)
        for key, (group_peaks, group_tokens) in groups.items():
            label = None if key is None else labels[key]
            span = (a, b)
            if len(groups) > 1:  # several ions in one statement: each its own stretch
                parts: list[_Peak | _Token | _Label] = [*group_peaks, *group_tokens]
                parts += [label] if label else []
                span = (min(x.start for x in parts), max(x.end for x in parts))
            results += _ms_group(window, forms, label, group_peaks, group_tokens, span)
    return results


# --- molecular weights ------------------------------------------------------------------

_WEIGHT_WORD = re.compile(
    r"(?:\bM\.\s?W\.?|\bMW\b|\bMr\b|\bM\.?\s?Wt\.?|\b[Mm]ol(?:ecular|\.)?\s*[Ww](?:eigh)?t\b\.?"
    r"|\b[Mm]olar\s+[Mm]ass|\b[Ff]ormula\s+[Ww]eight|\bF\.?W\.?"
    r"|(?P<exact>\b[Ee]xact\s+[Mm]ass|\b[Mm]onoisotopic\s+[Mm]ass))"
    r"\s*(?:\([^)\d]{0,12}\))?\s*[:=≈~]?\s*(?:(?:of|is|was)\s+)?(?P<num>\d+(?:\.\d+)?)"
)
_WEIGHT_UNIT = re.compile(r"(?P<num>\d+(?:\.\d+)?)\s*g\s*(?:/\s*mol\b|·?\s*mol\s*\^?-1\b)")
_NOT_WEIGHT = re.compile(r"\s*(?:W\b|°|min\b|watts?\b|h\b|s\b)")  # "MW 150 W": a microwave
_AMOUNT = re.compile(r"\d\s*(?:mmol|mol|equiv|eq|mg|g|kg|mL|μL|µL|L)\b")


def _reagent_aside(window: str, start: int, end: int) -> bool:
    """ "(MW 172.02, 1.0 g, 5.8 mmol)" describes a reagent being weighed out, not the product."""
    opening = window.rfind("(", max(0, start - 60), start)
    if opening < 0 or ")" in window[opening:start]:
        return False
    closing = window.find(")", end, end + 60)
    if closing < 0:
        return False
    return _AMOUNT.search(window[opening + 1 : start] + " " + window[end:closing]) is not None


@dataclass(frozen=True, slots=True)
class _Weight:
    start: int
    end: int
    text: str
    exact: Literal["no", "yes", "either"]
    token: _Token | None


def _weights(window: str, ms: Sequence[tuple[int, int]], claims: Sequence[_Token]) -> list[_Weight]:
    found: dict[int, _Weight] = {}
    for match in _WEIGHT_WORD.finditer(window):
        if _NOT_WEIGHT.match(window, match.end()) or _reagent_aside(window, *match.span()):
            continue
        exact: Literal["no", "yes"] = "yes" if match["exact"] else "no"
        found[match.start("num")] = _Weight(match.start(), match.end(), match["num"], exact, None)
    for match in _WEIGHT_UNIT.finditer(window):
        if match.start() not in found and not _reagent_aside(window, *match.span()):
            found[match.start()] = _Weight(match.start(), match.end(), match["num"], "no", None)
    for token in claims:
        after = _WEIGHT_AFTER_FORMULA.match(window, token.end)
        if after and after.start(1) not in found:
            either: Literal["no", "either"] = "either" if _decimals(after[1]) >= 3 else "no"
            # "C17H18F3NO (309.33)" keeps its parenthesis; "(C10H9NO3S, 223.25)" opened before.
            end = after.end() if "(" in window[token.end : after.start(1)] else after.end(1)
            found[after.start(1)] = _Weight(token.start, end, after[1], either, token)
    return [w for _, w in sorted(found.items()) if not _inside(w.start, ms)]


def _weight_result(
    window: str, weight: _Weight, forms: Sequence[_Form], solvates: Sequence[_Token]
) -> _Result:
    value = float(weight.text)
    candidates = [(f.name, f.composition) for f in forms]
    for acid in _MERGED_ACIDS:  # a salt's weight beside a free-base structure
        candidates += [
            (f"{f.name}·{acid}", _combine(f.composition, _solvate(acid) or {})) for f in forms
        ]
    for token in (weight.token,) if weight.token else solvates:
        if token is not None and token.has_extras:
            extras = _combine(token.total, token.main, Fraction(-1))
            printed = window[token.main_end : token.end].strip(" .")
            candidates += [(f"{f.name}{printed}", _combine(f.composition, extras)) for f in forms]
    average_tolerance = max(MW_TOLERANCE, _half_digit(weight.text)) + 1e-4 * value
    exact_tolerance = max(CALCD_MZ_TOLERANCE, _half_digit(weight.text) + 0.0006)
    targets: list[tuple[float, float, str]] = []
    for name, composition in candidates:
        if weight.exact != "yes":
            targets.append(
                (_average(composition), average_tolerance, f"molecular weight of {name}")
            )
        if weight.exact != "no":
            targets.append((_mono(composition), exact_tolerance, f"monoisotopic mass of {name}"))
    target, tolerance, what = min(targets, key=lambda t: abs(value - t[0]))
    ok = abs(value - target) <= tolerance
    shown = f"{target:.4f}" if "monoisotopic" in what else f"{target:.2f}"
    detail = f"stated {weight.text}; the {what} is {shown}"
    if not ok:
        detail += f" (off by {value - target:+.2f})"
    start, end = _trimmed(window, weight.start, weight.end)
    return _Result("mol_weight", start, end, shown, ok, detail)


# --- elemental analysis -----------------------------------------------------------------

_EA_PAIR = re.compile(
    r"(?<![A-Za-z0-9])(Cl|Br|Si|Se|C|H|N|S|O|P|F|I|B)\s*[,:=]?\s*(\d{1,2}\.\d{1,3})(?!\d)"
)


def _ea_result(
    window: str, span: tuple[int, int], forms: Sequence[_Form], tokens: Sequence[_Token]
) -> _Result | None:
    a, b = span
    masked = list(window[a:b])
    for token in tokens:  # "C10H9NO3S" must not read as carbon 10
        if a <= token.start < b:
            masked[token.start - a : token.end - a] = " " * (min(token.end, b) - token.start)
    text = "".join(masked)
    keywords = [(s - a, e - a, role) for s, e, role in _keywords(window, a, b)]
    default: Role = "calcd" if any(role == "found" for *_, role in keywords) else "found"
    stated: dict[Role, dict[str, str]] = {"calcd": {}, "found": {}}
    for pair in _EA_PAIR.finditer(text):
        roles = [role for start, _, role in keywords if start < pair.start()]
        stated[roles[-1] if roles else default].setdefault(pair[1], pair[2])
    if not stated["calcd"] and not stated["found"]:
        return None
    candidates = [(f.name, f.composition) for f in forms]
    for token in tokens:
        if a <= token.start < b and token.has_extras:
            extras = _combine(token.total, token.main, Fraction(-1))
            printed = window[token.main_end : token.end].strip(" .:")
            candidates += [(f"{f.name}{printed}", _combine(f.composition, extras)) for f in forms]
            break
    reference = stated["calcd"] or stated["found"]

    def worst(candidate: tuple[str, Composition]) -> float:
        shares = _percentages(candidate[1])
        return max(abs(float(v) - shares.get(el, 0.0)) for el, v in reference.items())

    name, composition = min(candidates, key=worst)
    shares = _percentages(composition)
    elements = list(dict.fromkeys([*stated["calcd"], *stated["found"]]))
    expected = ", ".join(f"{el} {shares.get(el, 0.0):.2f}" for el in elements)
    problems = []
    for el, v in stated["calcd"].items():
        if abs(float(v) - shares.get(el, 0.0)) > max(EA_CALCD_TOLERANCE, _half_digit(v) + 0.005):
            problems.append(f"calcd {el} {v} vs {shares.get(el, 0.0):.2f}")
    for el, v in stated["found"].items():
        if abs(float(v) - shares.get(el, 0.0)) > EA_FOUND_TOLERANCE + 0.005:
            problems.append(f"found {el} {v} vs {shares.get(el, 0.0):.2f}")
    agreement = "; ".join(problems) if problems else "calcd within 0.05 and found within 0.4"
    return _Result("elemental_analysis", a, b, expected, not problems, f"{name}: {agreement}")


# --- the entry point --------------------------------------------------------------------


def cross_checks(
    structure: str | Chem.Mol, text: str, start: int = 0, end: int | None = None
) -> list[CrossCheck]:
    """Every checkable statement in ``text[start:end]``, in reading order.

    An unparsable structure, or one with R groups, yields no checks: there is no
    composition to hold the text to.
    """
    forms = _forms(structure)
    low = max(0, start)
    high = len(text) if end is None else max(low, min(end, len(text)))
    if not forms or low >= high:
        return []
    window = text[low:high].translate(_NORMALIZE)
    ms = _statements(window, _MS_START)
    ea = [s for s in _statements(window, _EA_START) if not _inside(s[0], ms)]
    tokens = _tokens(window)
    results = _ms_results(window, forms, ms, tokens)
    claims: list[_Token] = []
    for token in tokens:
        if _inside(token.start, ms):
            continue
        context = window[max(0, token.start - 40) : token.start]
        if (
            _inside(token.start, ea)
            or _CLAIM_BEFORE.search(context)
            or _CLAIM_AFTER.match(window, token.end)
            or _free_standing_claim(window, token, forms)
        ) and not token.charged:
            claims.append(token)
    results += [_formula_result(window, token, forms) for token in claims]
    solvates = [t for t in claims if t.has_extras]
    results += [_weight_result(window, w, forms, solvates) for w in _weights(window, ms, claims)]
    results += [r for span in ea if (r := _ea_result(window, span, forms, tokens)) is not None]
    checks = [
        CrossCheck(
            r.kind,
            text[low + r.start : low + r.end],
            low + r.start,
            low + r.end,
            r.expected,
            r.ok,
            r.detail,
        )
        for r in results
    ]
    return sorted(checks, key=lambda c: (c.start, c.end, c.kind))
