"""Ion labels of mass spectra ("[M+H]+", "(M+Na)+", "MH+", "[2M+Na]+") and their masses.

An m/z value says nothing until the ion is known, so the label printed beside it is
read into the composition it adds to the molecule and the charge it carries. Masses
are monoisotopic, minus one electron (0.000549 u) per positive charge; authors who
forget the electron are allowed for by the mass-spectrum check, not here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from molextract.chem.formulas import (
    Composition,
    Form,
    combine,
    monoisotopic_mass,
    solvate_composition,
)

ELECTRON_MASS = 0.000548579909

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
class Ion:
    """An adduct of ``multiple`` molecules: ``delta`` added to them, ``charge`` carried."""

    label: str
    multiple: int
    delta: Composition
    charge: int

    def composition(self, form: Form) -> Composition | None:
        c = combine(form.composition, form.composition, Fraction(self.multiple - 1))
        c = combine(c, self.delta)
        return None if any(n < 0 for n in c.values()) else c

    def mz(self, form: Form) -> float | None:
        c = self.composition(form)
        if c is None:
            return None
        return (monoisotopic_mass(c) - self.charge * ELECTRON_MASS) / abs(self.charge)


def _read_ion(text: str, position: int) -> tuple[Ion, int] | None:
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
        delta = combine(delta, solvate_composition(formula) or {}, Fraction(sign * count))
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
    return Ion(label + ("+" if charge > 0 else "-"), multiple, delta, charge), end


def _ion(label: str) -> Ion:
    read = _read_ion(label, 0)
    if read is None:
        raise ValueError(label)
    return read[0]


#: The common adducts, tried when a statement prints an m/z without naming its ion.
ASSUMED_IONS = tuple(
    _ion(label) for label in ("[M+H]+", "[M+Na]+", "[M]+", "[M-H]-", "[M+K]+", "[M+NH4]+")
)


@dataclass(frozen=True, slots=True)
class IonLabel:
    """An ion label where a statement prints it: the peaks and formulas beside it are its."""

    ion: Ion
    start: int
    end: int


def ion_labels(window: str, a: int, b: int) -> list[IonLabel]:
    """Every ion label that starts and ends within ``window[a:b]``, in reading order."""
    labels = []
    for head in _ION_HEAD.finditer(window, a, b):
        read = _read_ion(window, head.start())
        if read is not None and read[1] <= b:
            labels.append(IonLabel(read[0], head.start(), read[1]))
    return labels
