"""Molecular formulas printed in the text: which are claims about the compound, and the check.

A formula is a claim about the compound in a claim context ("calcd for", "Anal.",
"formula", "... requires", "(C10H9NO3S, 223.25)"), or, standing alone, when it is a
Hill-ordered, even-electron organic formula within a quarter of the structure's
heavy-atom count. Solvents (CH2Cl2, H2O), carbon labels (C3), column names (C18),
substituents (C6H5), fragment ions and other compounds' formulas are not. A formula
whose first part matches, followed by "·HCl" or "·0.5H2O", describes a salt or
solvate; HCl, HBr or HI merged into one formula are accepted too.

Formulas inside an HRMS statement are ion formulas; the mass-spectrum check decides
which of those are claims, and falls back on :func:`check_formula` for a neutral one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from molextract.chem.formulas import (
    MERGED_ACIDS,
    Composition,
    Form,
    combine,
    formula_difference,
    formula_distance,
    heavy_atoms,
    hill_formula,
    is_hill_order,
    parse_formula,
    plausible_molecule,
    solvate_composition,
)
from molextract.chem.statements import Finding, reagent_aside

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


@dataclass(frozen=True, slots=True)
class FormulaToken:
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


def _multiplier(text: str | None) -> Fraction:
    if not text:
        return Fraction(1)
    return _FRACTIONS.get(text) or Fraction(text)


def formula_tokens(window: str) -> list[FormulaToken]:
    """Every formula-shaped word whose main part is an organic formula and not a solvent."""
    found = []
    for match in _FORMULA.finditer(window):
        parsed = parse_formula(match[0])
        if parsed is None or match[0] in _SOLVENTS:
            continue
        main, order = parsed
        if "C" not in main or not any(ch.isdigit() for ch in match[0]) or len(order) < 2:
            continue
        total, end = main, match.end()
        while extra := _EXTRA.match(window, end):
            part = solvate_composition(extra[2])
            if part is None:
                break
            total = combine(total, part, _multiplier(extra[1]))
            end = extra.end()
        charged = _CHARGE_AFTER.match(window, end) is not None
        found.append(
            FormulaToken(
                match.start(), end, match.end(), main, total, is_hill_order(order), charged
            )
        )
    return found


# --- claims and the check --------------------------------------------------------------

_CLAIM_BEFORE = re.compile(
    r"(?:calc(?:ulate)?d?\.?|cald\.?|formula|composition|anal\.?|analysis)\s*(?:\(%\)\s*)?"
    r"(?:for\s*)?[:=]?\s*[\[(]?\s*$",
    re.IGNORECASE,
)
_WEIGHT_AFTER = r"\s*(?:,\s*|\(\s*)(?:MW\s*[:=]?\s*)?(\d{2,4}\.\d{1,4})\s*(?:g/mol)?\s*\)"
#: "C17H18F3NO (309.33)", "(C10H9NO3S, 223.25)": a weight printed right after a formula.
WEIGHT_AFTER_FORMULA = re.compile(_WEIGHT_AFTER)
_CLAIM_AFTER = re.compile(
    rf"\s*requires\b|{_WEIGHT_AFTER}|[;,]?\s*\(?(?:MW|M\.W\.|Mr|mol\.?\s*wt)\b", re.IGNORECASE
)


def _free_standing_claim(window: str, token: FormulaToken, forms: Sequence[Form]) -> bool:
    """Only what can only be this compound's formula: close to it, Hill-ordered, a molecule."""
    if not token.hill or "H" not in token.main or token.charged:
        return False
    if token.start > 0 and window[token.start - 1] == "-":  # "4-C6H4", a substituent
        return False
    if reagent_aside(window, token.start, token.end):  # "(C8H9NO2, 1.0 g, 6.6 mmol)"
        return False
    heavy = heavy_atoms(token.main)
    return plausible_molecule(token.main) and any(
        abs(heavy - heavy_atoms(f.composition)) <= max(Fraction(3), heavy_atoms(f.composition) / 4)
        for f in forms
    )


def is_formula_claim(window: str, token: FormulaToken, forms: Sequence[Form]) -> bool:
    """Whether a formula outside any statement is stated for the compound: a claim word
    before it, "requires" or a weight after it, or a formula that can only be its own."""
    context = window[max(0, token.start - 40) : token.start]
    return bool(
        _CLAIM_BEFORE.search(context)
        or _CLAIM_AFTER.match(window, token.end)
        or _free_standing_claim(window, token, forms)
    )


def check_formula(window: str, token: FormulaToken, forms: Sequence[Form]) -> Finding:
    """The formula check: the structure, its parent, or either with the printed salt or
    solvate; otherwise a mismatch that names the nearest form and the atoms apart."""
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
            acids = (solvate_composition(acid) or {} for acid in MERGED_ACIDS)
            if any(token.total == combine(form.composition, acid) for acid in acids):
                verdict = form.composition, f"{printed} is {form.name} with its acid merged in"
                break
    if verdict is not None:
        return Finding(
            "formula", token.start, token.end, hill_formula(verdict[0]), True, verdict[1]
        )
    pairs = [(token.total, f) for f in forms]
    pairs += [(token.main, f) for f in forms] if token.has_extras else []
    stated, closest = min(pairs, key=lambda p: formula_distance(p[0], p[1].composition))
    detail = (
        f"stated {hill_formula(stated)}; the structure is {closest.name} "
        f"({formula_difference(stated, closest.composition)})"
    )
    return Finding(
        "formula", token.start, token.end, hill_formula(closest.composition), False, detail
    )
