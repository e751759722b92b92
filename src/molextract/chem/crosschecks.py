"""Cross-checks of a resolved structure against the characterisation data printed for it.

A name resolved to the wrong structure (a dropped substituent, an isomer, a model's
invented SMILES) still parses; what betrays it is the paper's own data. Experimental
sections print a molecular formula, HRMS, a molecular weight or a combustion analysis
for nearly every new compound, and each is a number the structure must reproduce.
Every such statement in the window becomes one :class:`CrossCheck`, so a mismatch is
named ("hrms_mismatch") and located rather than merely counted.

This module is the entry point and holds the weight and analysis checks; the rest
lives beside it:

* :mod:`~molextract.chem.formulas`: compositions and masses, and the forms the
  structure may be printed as (itself, or its parent: a hydrochloride's paper may
  print the salt or the free base).
* :mod:`~molextract.chem.statements`: where statements start and end, and which
  numbers are "calcd" and which "found".
* :mod:`~molextract.chem.formula_claims`: which printed formulas are claims about the
  compound, and the formula check.
* :mod:`~molextract.chem.ions` and :mod:`~molextract.chem.mass_spec`: ion labels, m/z
  values and their tolerances.

Rules for the checks decided here:

* Molecular weights (RDKit average masses) must agree within 0.1, or half a unit of the
  last printed digit, plus 1e-4 of the weight for differing atomic-weight tables.
  "Exact mass" and "monoisotopic mass" are held to the calculated-m/z tolerance.
* Elemental analyses: calculated percentages within 0.05 absolute, found ones within
  0.4 (the journals' convention), for the structure plus any solvate the stated formula
  names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rdkit import Chem

from molextract.chem.formula_claims import (
    WEIGHT_AFTER_FORMULA,
    FormulaToken,
    check_formula,
    formula_tokens,
    is_formula_claim,
)
from molextract.chem.formulas import (
    MERGED_ACIDS,
    Composition,
    Form,
    average_mass,
    combine,
    mass_percentages,
    monoisotopic_mass,
    solvate_composition,
    structure_forms,
)
from molextract.chem.mass_spec import CALCD_MZ_TOLERANCE, check_mass_spectra
from molextract.chem.statements import (
    EA_START,
    MS_START,
    CheckKind,
    Finding,
    Role,
    decimals,
    half_digit,
    inside,
    reagent_aside,
    role_words,
    statement_spans,
    trimmed,
)

MW_TOLERANCE = 0.1
EA_CALCD_TOLERANCE = 0.05
EA_FOUND_TOLERANCE = 0.4


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


# --- the window -------------------------------------------------------------------------

# One character for one, so offsets into the normalised window are offsets into the text.
_NORMALIZE = str.maketrans(
    "₀₁₂₃₄₅₆₇₈₉⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻−–‒‐‑—•∙⋅×＋\u00a0\u2009\u202f\u2002\u2003",
    "01234567890123456789+-------····+     ",
)


# --- molecular weights ------------------------------------------------------------------

_WEIGHT_WORD = re.compile(
    r"(?:\bM\.\s?W\.?|\bMW\b|\bMr\b|\bM\.?\s?Wt\.?|\b[Mm]ol(?:ecular|\.)?\s*[Ww](?:eigh)?t\b\.?"
    r"|\b[Mm]olar\s+[Mm]ass|\b[Ff]ormula\s+[Ww]eight|\bF\.?W\.?"
    r"|(?P<exact>\b[Ee]xact\s+[Mm]ass|\b[Mm]onoisotopic\s+[Mm]ass))"
    r"\s*(?:\([^)\d]{0,12}\))?\s*[:=≈~]?\s*(?:(?:of|is|was)\s+)?(?P<num>\d+(?:\.\d+)?)"
)
_WEIGHT_UNIT = re.compile(r"(?P<num>\d+(?:\.\d+)?)\s*g\s*(?:/\s*mol\b|·?\s*mol\s*\^?-1\b)")
_NOT_WEIGHT = re.compile(r"\s*(?:W\b|°|min\b|watts?\b|h\b|s\b)")  # "MW 150 W": a microwave


@dataclass(frozen=True, slots=True)
class _Weight:
    start: int
    end: int
    text: str
    exact: Literal["no", "yes", "either"]
    token: FormulaToken | None


def _weights(
    window: str, ms: Sequence[tuple[int, int]], claims: Sequence[FormulaToken]
) -> list[_Weight]:
    found: dict[int, _Weight] = {}
    for match in _WEIGHT_WORD.finditer(window):
        if _NOT_WEIGHT.match(window, match.end()) or reagent_aside(window, *match.span()):
            continue
        exact: Literal["no", "yes"] = "yes" if match["exact"] else "no"
        found[match.start("num")] = _Weight(match.start(), match.end(), match["num"], exact, None)
    for match in _WEIGHT_UNIT.finditer(window):
        if match.start() not in found and not reagent_aside(window, *match.span()):
            found[match.start()] = _Weight(match.start(), match.end(), match["num"], "no", None)
    for token in claims:
        after = WEIGHT_AFTER_FORMULA.match(window, token.end)
        if after and after.start(1) not in found:
            either: Literal["no", "either"] = "either" if decimals(after[1]) >= 3 else "no"
            # "C17H18F3NO (309.33)" keeps its parenthesis; "(C10H9NO3S, 223.25)" opened before.
            end = after.end() if "(" in window[token.end : after.start(1)] else after.end(1)
            found[after.start(1)] = _Weight(token.start, end, after[1], either, token)
    return [w for _, w in sorted(found.items()) if not inside(w.start, ms)]


def _weight_result(
    window: str, weight: _Weight, forms: Sequence[Form], solvates: Sequence[FormulaToken]
) -> Finding:
    value = float(weight.text)
    candidates = [(f.name, f.composition) for f in forms]
    for acid in MERGED_ACIDS:  # a salt's weight beside a free-base structure
        candidates += [
            (f"{f.name}·{acid}", combine(f.composition, solvate_composition(acid) or {}))
            for f in forms
        ]
    for token in (weight.token,) if weight.token else solvates:
        if token is not None and token.has_extras:
            extras = combine(token.total, token.main, Fraction(-1))
            printed = window[token.main_end : token.end].strip(" .")
            candidates += [(f"{f.name}{printed}", combine(f.composition, extras)) for f in forms]
    average_tolerance = max(MW_TOLERANCE, half_digit(weight.text)) + 1e-4 * value
    exact_tolerance = max(CALCD_MZ_TOLERANCE, half_digit(weight.text) + 0.0006)
    targets: list[tuple[float, float, str]] = []
    for name, composition in candidates:
        if weight.exact != "yes":
            targets.append(
                (average_mass(composition), average_tolerance, f"molecular weight of {name}")
            )
        if weight.exact != "no":
            targets.append(
                (monoisotopic_mass(composition), exact_tolerance, f"monoisotopic mass of {name}")
            )
    target, tolerance, what = min(targets, key=lambda t: abs(value - t[0]))
    ok = abs(value - target) <= tolerance
    shown = f"{target:.4f}" if "monoisotopic" in what else f"{target:.2f}"
    detail = f"stated {weight.text}; the {what} is {shown}"
    if not ok:
        detail += f" (off by {value - target:+.2f})"
    start, end = trimmed(window, weight.start, weight.end)
    return Finding("mol_weight", start, end, shown, ok, detail)


# --- elemental analysis -----------------------------------------------------------------

_EA_PAIR = re.compile(
    r"(?<![A-Za-z0-9])(Cl|Br|Si|Se|C|H|N|S|O|P|F|I|B)\s*[,:=]?\s*(\d{1,2}\.\d{1,3})(?!\d)"
)


_TABLE_ELEMENT = re.compile(r"%?\s*(Cl|Br|Si|Se|C|H|N|S|O|P|F|I|B)\s*(?:\(\s*%\s*\)|%)?")
_TABLE_ROLE = re.compile(r"(calc|theor|requires)|(found|obs)", re.IGNORECASE)
_TABLE_NUMBER = re.compile(r"\d{1,2}\.\d{1,3}")


def with_table(window: str, span: tuple[int, int]) -> tuple[int, int]:
    """A statement such as ``CHN Analysis`` followed by its table (a header of elements,
    rows ``Calculated | 52.75 | 4.43`` and ``Found: | …``), as patents print elemental
    analyses: the span is extended over the table's lines."""
    a, b = span
    end = b
    lines = 0
    while end < len(window) and window[end] == "\n" and lines < 6:
        stop = window.find("\n", end + 1)
        stop = len(window) if stop < 0 else stop
        if "|" not in window[end + 1 : stop]:
            break
        end, lines = stop, lines + 1
    return (a, end) if lines >= 2 else span


def _table_pairs(text: str) -> dict[Role, dict[str, str]]:
    """The calculated and found percentages of an analysis printed as a table."""
    stated: dict[Role, dict[str, str]] = {"calcd": {}, "found": {}}
    header: list[str | None] | None = None
    for line in text.splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) < 3:
            continue
        elements = [m[1] if (m := _TABLE_ELEMENT.fullmatch(c)) else None for c in cells]
        if sum(e is not None for e in elements) >= 2:
            header = elements
            continue
        role = _TABLE_ROLE.search(cells[0])
        if header is None or role is None:
            continue
        which: Role = "calcd" if role[1] else "found"
        for element, cell in zip(header, cells, strict=False):
            number = _TABLE_NUMBER.fullmatch(cell)
            if element is not None and number is not None:
                stated[which].setdefault(element, number.group(0))
    return stated


def _ea_result(
    window: str, span: tuple[int, int], forms: Sequence[Form], tokens: Sequence[FormulaToken]
) -> Finding | None:
    a, b = span
    masked = list(window[a:b])
    for token in tokens:  # "C10H9NO3S" must not read as carbon 10
        if a <= token.start < b:
            masked[token.start - a : token.end - a] = " " * (min(token.end, b) - token.start)
    text = "".join(masked)
    keywords = [(s - a, e - a, role) for s, e, role in role_words(window, a, b)]
    default: Role = "calcd" if any(role == "found" for *_, role in keywords) else "found"
    stated = _table_pairs(text) if "|" in text else {"calcd": {}, "found": {}}
    if not stated["calcd"] and not stated["found"]:
        for pair in _EA_PAIR.finditer(text):
            roles = [role for start, _, role in keywords if start < pair.start()]
            stated[roles[-1] if roles else default].setdefault(pair[1], pair[2])
    if not stated["calcd"] and not stated["found"]:
        return None
    candidates = [(f.name, f.composition) for f in forms]
    for token in tokens:
        if a <= token.start < b and token.has_extras:
            extras = combine(token.total, token.main, Fraction(-1))
            printed = window[token.main_end : token.end].strip(" .:")
            candidates += [(f"{f.name}{printed}", combine(f.composition, extras)) for f in forms]
            break
    reference = stated["calcd"] or stated["found"]

    def worst(candidate: tuple[str, Composition]) -> float:
        shares = mass_percentages(candidate[1])
        return max(abs(float(v) - shares.get(el, 0.0)) for el, v in reference.items())

    name, composition = min(candidates, key=worst)
    shares = mass_percentages(composition)
    elements = list(dict.fromkeys([*stated["calcd"], *stated["found"]]))
    expected = ", ".join(f"{el} {shares.get(el, 0.0):.2f}" for el in elements)
    problems = []
    for el, v in stated["calcd"].items():
        if abs(float(v) - shares.get(el, 0.0)) > max(EA_CALCD_TOLERANCE, half_digit(v) + 0.005):
            problems.append(f"calcd {el} {v} vs {shares.get(el, 0.0):.2f}")
    for el, v in stated["found"].items():
        if abs(float(v) - shares.get(el, 0.0)) > EA_FOUND_TOLERANCE + 0.005:
            problems.append(f"found {el} {v} vs {shares.get(el, 0.0):.2f}")
    agreement = "; ".join(problems) if problems else "calcd within 0.05 and found within 0.4"
    return Finding("elemental_analysis", a, b, expected, not problems, f"{name}: {agreement}")


# --- the entry point --------------------------------------------------------------------


def cross_checks(
    structure: str | Chem.Mol, text: str, start: int = 0, end: int | None = None
) -> list[CrossCheck]:
    """Every checkable statement in ``text[start:end]``, in reading order.

    An unparsable structure, or one with R groups, yields no checks: there is no
    composition to hold the text to.
    """
    forms = structure_forms(structure)
    low = max(0, start)
    high = len(text) if end is None else max(low, min(end, len(text)))
    if not forms or low >= high:
        return []
    window = text[low:high].translate(_NORMALIZE)
    ms = statement_spans(window, MS_START)
    ea = [with_table(window, s) for s in statement_spans(window, EA_START) if not inside(s[0], ms)]
    tokens = formula_tokens(window)
    results = check_mass_spectra(window, forms, ms, tokens)
    claims: list[FormulaToken] = []
    for token in tokens:
        if inside(token.start, ms):
            continue
        if (
            inside(token.start, ea) or is_formula_claim(window, token, forms)
        ) and not token.charged:
            claims.append(token)
    results += [check_formula(window, token, forms) for token in claims]
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
