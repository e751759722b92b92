"""HRMS and MS statements: which numbers are claimed m/z values, and whether they fit.

m/z values use monoisotopic masses minus one electron per positive charge (see
:mod:`molextract.chem.ions`). A calculated m/z must lie within 0.002 u (more when
printed with fewer decimals): authors who forget the electron pass, a wrong formula
(the nearest plausible one differs by 0.011 u) does not. A found m/z printed with
three or more decimals must lie within 10 ppm or 0.005 u, whichever is larger; a
low-resolution one within 0.6 (integers) or 0.3, and may be a 37Cl/81Br isotope peak.
Only numbers after "calcd"/"found" or next to an ion label count, so EI fragment
lists are left alone. Without an ion label the adduct is inferred from the printed
formula or, failing that, taken as the common adduct that fits best.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from molextract.chem.formula_claims import FormulaToken, check_formula
from molextract.chem.formulas import Form, formula_difference, hill_formula, monoisotopic_mass
from molextract.chem.ions import ASSUMED_IONS, ELECTRON_MASS, Ion, IonLabel, ion_labels
from molextract.chem.statements import (
    CALCD_WORD,
    Finding,
    Role,
    decimals,
    half_digit,
    role_words,
)

CALCD_MZ_TOLERANCE = 0.002
FOUND_MZ_TOLERANCE = 0.005
FOUND_MZ_PPM = 10.0
LOW_RES_TOLERANCE = 0.3
NOMINAL_TOLERANCE = 0.6
# 37Cl - 35Cl and 81Br - 79Br differ by 0.001 u: one spacing serves both at low resolution.
_ISOTOPE_SPACING = 1.997


# --- claimed m/z values ------------------------------------------------------------------

_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?!\w|\.\d)")
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


def _preceding(position: int, labels: Sequence[IonLabel]) -> int | None:
    """The label a value belongs to: the last one before it, else the statement's first."""
    before = [i for i, label in enumerate(labels) if label.start < position]
    return before[-1] if before else (0 if labels else None)


def _nearest(token: FormulaToken, labels: Sequence[IonLabel]) -> int | None:
    if not labels:
        return None

    def gap(i: int) -> int:
        label = labels[i]
        return label.start - token.end if label.start >= token.end else token.start - label.end

    return min(range(len(labels)), key=gap)


def _peaks(window: str, a: int, b: int, labels: Sequence[IonLabel], accurate: bool) -> list[_Peak]:
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
    keywords = role_words(window, a, b)
    claimed: dict[int, Role] = {}
    for k, (_, word_end, role) in enumerate(keywords):
        limit = keywords[k + 1][0] if k + 1 < len(keywords) else b
        after = [n for n, m in enumerate(numbers) if word_end <= m.start() < limit]
        if after and after[0] not in claimed:
            claimed[after[0]] = role
    if accurate:  # "HRMS m/z 224.0380 (calcd 224.0376)": the measurement comes first
        first_word = keywords[0][0] if keywords else b
        ahead = [n for n, m in enumerate(numbers) if m.start() < first_word]
        ahead = [n for n in ahead if decimals(numbers[n][0]) >= 3 and n not in claimed]
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


def _ms_formula_claim(window: str, token: FormulaToken, labels: Sequence[IonLabel]) -> bool:
    """An ion formula is one printed after "calcd", before "requires", or beside a label or m/z."""
    if CALCD_WORD.search(window, max(0, token.start - 40), token.start):
        return True
    after = window[token.end : token.end + 14]
    if re.match(r"\s*\]?\d?[+-]?\s*(?:requires\b|[:=,]?\s*\d{2,4}\.\d)", after):
        return True
    return any(
        0 <= label.start - token.end <= 3 or 0 <= token.start - label.end <= 3 for label in labels
    )


# --- judging them -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _IonChoice:
    form: Form
    ion: Ion
    mz: float


def _ion_choices(forms: Sequence[Form], ions: Sequence[Ion]) -> list[_IonChoice]:
    choices = []
    for form in forms:
        for ion in ions:
            mz = ion.mz(form)
            if mz is not None:
                choices.append(_IonChoice(form, ion, mz))
    return choices


def _judge_found(peak: _Peak, choice: _IonChoice) -> tuple[bool, str]:
    error = peak.value - choice.mz
    if decimals(peak.text) >= 3:
        tolerance = max(FOUND_MZ_TOLERANCE, FOUND_MZ_PPM * 1e-6 * choice.mz)
        if abs(error) >= 0.1:
            return False, f"found {peak.text} (off by {error:+.4f})"
        ppm = error / choice.mz * 1e6
        return abs(error) <= tolerance, f"found {peak.text} ({ppm:+.1f} ppm)"
    tolerance = NOMINAL_TOLERANCE if decimals(peak.text) == 0 else LOW_RES_TOLERANCE
    ion_composition = choice.ion.composition(choice.form) or {}
    halogens = int(min(2, ion_composition.get("Cl", 0) + ion_composition.get("Br", 0)))
    for k in range(halogens + 1):
        if abs(error - k * _ISOTOPE_SPACING / abs(choice.ion.charge)) <= tolerance:
            note = f", the M+{2 * k} isotope peak" if k else ""
            return True, f"found {peak.text} (low resolution{note})"
    return False, f"found {peak.text} (off by {error:+.2f})"


def _judge_calcd(peak: _Peak, choice: _IonChoice) -> tuple[bool, str]:
    tolerance = max(CALCD_MZ_TOLERANCE, half_digit(peak.text) + 0.0006)
    error = peak.value - choice.mz
    if abs(error) <= tolerance:
        without_electron = choice.mz + choice.ion.charge * ELECTRON_MASS / abs(choice.ion.charge)
        if abs(peak.value - without_electron) < min(abs(error), 0.0001):
            return True, f"calcd {peak.text} (computed without the electron mass)"
        return True, f"calcd {peak.text}"
    if abs(peak.value - monoisotopic_mass(choice.form.composition)) <= tolerance:
        return True, f"calcd {peak.text} (the neutral monoisotopic mass)"
    return False, f"calcd {peak.text} (off by {error:+.4f})"


def _ion_formula_result(
    window: str, token: FormulaToken, forms: Sequence[Form], ions: Sequence[Ion], best: _IonChoice
) -> Finding:
    expected = best.ion.composition(best.form) or best.form.composition
    for choice in _ion_choices(forms, ions):
        if token.total == choice.ion.composition(choice.form):
            detail = f"the {choice.ion.label} ion of {choice.form.name}"
            return Finding("formula", token.start, token.end, hill_formula(expected), True, detail)
    neutral = check_formula(window, token, forms)
    if neutral.ok:
        return neutral
    detail = (
        f"stated {hill_formula(token.total)} for {best.ion.label}; the structure's ion is "
        f"{hill_formula(expected)} ({formula_difference(token.total, expected)})"
    )
    return Finding("formula", token.start, token.end, hill_formula(expected), False, detail)


def _ms_group(
    window: str,
    forms: Sequence[Form],
    label: IonLabel | None,
    peaks: Sequence[_Peak],
    tokens: Sequence[FormulaToken],
    span: tuple[int, int],
) -> list[Finding]:
    ions = (label.ion,) if label else ASSUMED_IONS
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
    results.append(Finding("hrms", span[0], span[1], f"{best.mz:.4f}", ok, detail))
    return results


def check_mass_spectra(
    window: str,
    forms: Sequence[Form],
    statements: Sequence[tuple[int, int]],
    tokens: list[FormulaToken],
) -> list[Finding]:
    """An "hrms" finding per ion of each statement with claimed m/z values, and a "formula"
    finding per ion formula claimed in it; a statement may print several ions."""
    results: list[Finding] = []
    for a, b in statements:
        accurate = bool(re.match(r"HR|[Hh]igh|Found", window[a:b]))
        labels = ion_labels(window, a, b)
        peaks = _peaks(window, a, b, labels, accurate)
        claims = [t for t in tokens if a <= t.start < b and _ms_formula_claim(window, t, labels)]
        groups: dict[int | None, tuple[list[_Peak], list[FormulaToken]]] = {}
        for peak in peaks:
            groups.setdefault(peak.label, ([], []))[0].append(peak)
        for token in claims:
            groups.setdefault(_nearest(token, labels), ([], []))[1].append(token)
        for key, (group_peaks, group_tokens) in groups.items():
            label = None if key is None else labels[key]
            span = (a, b)
            if len(groups) > 1:  # several ions in one statement: each its own stretch
                parts: list[_Peak | FormulaToken | IonLabel] = [*group_peaks, *group_tokens]
                parts += [label] if label else []
                span = (min(x.start for x in parts), max(x.end for x in parts))
            results += _ms_group(window, forms, label, group_peaks, group_tokens, span)
    return results
