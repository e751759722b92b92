"""The compounds a value can belong to, found by code and marked for the model.

A model asked to write whose a value is writes whatever stands nearby: a mass
(``0.35g``), the recrystallisation solvent, a description, a name from its worked
examples. Asked instead to pick one of the mentions code marked (``⟪A⟫``, ``⟪B⟫``…)
under a grammar that allows only those letters or null, it can only answer with a
compound the text names. Code finds the mentions the way it finds values: chemical
names by their shape (``chemical_names.py``), the labels the document uses
(``3b``, ``Example 12``), and "the title compound", which the label table resolves.
A name written as a medium (``recrystallised from ethanol``, ``soluble in water``)
or as a value's bracketed note (``mp 112 °C (ethanol)``) is not marked: it is never
whose the value is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from molextract.extraction import cues
from molextract.extraction.chemical_names import is_generic_name, names_in
from molextract.extraction.entries import is_medium, is_property_cue
from molextract.extraction.junk_compounds import is_auxiliary, is_solvent, junk_reason
from molextract.extraction.label_table import LabelTable
from molextract.extraction.labels import NUMBER_AFTER_NAME, TITLE_WORDS
from molextract.extraction.mentions import (
    UNIT_AFTER,
    after_scale_amount,
    bare_label_uses,
    is_not_a_compound,
    is_spectrum_word,
    label_uses,
)

#: The letters a prompt may mark compounds with: a fixed set, so the answer grammar is
#: the same for every prompt and compiled once per schema.
LETTERS = tuple("ABCDEFGHIJKLMNOP")

Kind = Literal["name", "label", "title"]

#: "The title compound": the compound of the section's heading.
TITLE_PHRASE = re.compile(rf"\b(?:the\s+)?{TITLE_WORDS}\b", re.IGNORECASE)
#: A name in brackets right after a value is a note on it (the solvent of a
#: recrystallisation, of a measurement), not its compound.
_NOTE_BEFORE = re.compile(r"(?:°\s*[CFK]|%|\d)\s*[(\[]\s*$")


@dataclass(frozen=True, slots=True)
class CompoundMention:
    """A compound the text mentions where the model reads: ``text[start:end]``."""

    start: int
    end: int
    kind: Kind
    letter: str = ""


def marker(letter: str) -> str:
    return f"⟪{letter}⟫"


def find_mentions(
    text: str,
    spans: Sequence[tuple[int, int]],
    table: LabelTable,
    values: Sequence[tuple[int, int]] = (),
    *,
    products_only: bool = False,
) -> list[CompoundMention]:
    """The compound mentions in ``spans`` of ``text``, lettered in text order.

    ``values`` are the candidates' offsets: when there are more mentions than letters,
    those nearest a value are kept. ``products_only``: every value is a yield, so the
    solvents and work-up reagents a procedure names (``MgSO4``, ``pyridine``) are not
    marked; a yield is never theirs, and unmarked they cannot take a product's letter.
    """
    found: list[CompoundMention] = []
    labels = table.labels()
    for start, end in spans:
        found += [
            CompoundMention(s, _label_end(text, e, end), "name")
            for s, e in names_in(text, start, end)
            if _marks(text, s, e)
            and not (
                products_only
                and (
                    is_auxiliary(text[s:e])
                    or _charged(text, s, e)
                    or _converted(text, e)
                    or _EXCESS_BEFORE.search(text, max(0, s - 20), s) is not None
                    or _helper(text, s, e)
                    or _REFERENCE_BEFORE.search(text, max(0, s - 80), s) is not None
                )
            )
        ]
        for label in labels:
            found += [
                CompoundMention(s, e, "label") for s, e in label_uses(text, label, start, end)
            ]
        found += [CompoundMention(s, e, "label") for s, e in bare_label_uses(text, start, end)]
        found += [
            CompoundMention(m.start(), m.end(), "title")
            for m in TITLE_PHRASE.finditer(text, start, end)
        ]
    found = [m for m in found if not _MADE_FROM.search(text, max(0, m.start - 30), m.start)]
    if products_only:
        # "gave 633 mg of 1c on 4 mmol scale (1.48g 1a, 67%)": what the run started from
        found = [m for m in found if not after_scale_amount(text, m.start)]
    kept = _without_overlaps(found, values)
    if len(kept) > len(LETTERS):
        kept = sorted(kept, key=lambda m: _distance(m, values))[: len(LETTERS)]
        kept.sort(key=lambda m: m.start)
    return [replace(m, letter=letter) for m, letter in zip(kept, LETTERS, strict=False)]


#: A reagent's charge after its name: ``(144 mg, 1.0 mmol)``, ``(2.0 equiv)``; no
#: percentage, which would make it a product's bracket.
_CHARGE = re.compile(r"\s*\((?=[^()%]*\d\s*(?:mg|g|kg|mL|ml|L|µL|μL|mmol|mol|equiv|eq)\b)[^()%]*\)")


def _charged(text: str, start: int, end: int) -> bool:
    """``prepared from 4,5-difluoro-1,2-phenylenediamine (144 mg, 1.0 mmol) and …``: a
    name with the amounts it was charged in, in a sentence that has not yet made a
    product, is a starting material or reagent. A yield is never its, and unmarked it
    cannot draw the model's answer. ``… to give 5 (0.45 g)`` and ``X (1.1 g) was
    obtained`` stay marked: a verb that makes a product stands before, or one that
    isolates it after."""
    short = _ABBREVIATION.match(text, end)
    charge = _CHARGE.match(text, short.end() if short else end)
    if charge is None or cues.PRODUCT_AFTER.match(text[charge.end() : charge.end() + 120]):
        return False
    head = text[max(0, start - 300) : start]
    stop = max(head.rfind(". "), head.rfind(".\n"))
    head = head[stop + 1 :] if stop >= 0 else head
    made = list(cues.YIELD_VERBS.finditer(head))
    if not made:
        return True
    rest = head[made[-1].end() :]
    return bool(cues.REAGENT_STEP.search(rest) or _FROM_OR_WITH.search(rest))


#: The short name a text gives a reagent before its charge: ``SEM-Cl [SEM-Cl] (2.12 mL``.
_ABBREVIATION = re.compile(r"(?:\s*(?:\[[^\]\d]{1,20}\]|\((?=[^()]*[A-Za-z])[^()\d]{1,15}\)))?")

#: ``the excess of triethyl phosphite was evaporated``: a reagent used in excess.
_EXCESS_BEFORE = re.compile(r"\bexcess\s+(?:of\s+)?(?:the\s+)?$", re.IGNORECASE)

#: A name the sentence calls what helped the reaction: ``P(4-MeOPh)3 serves as the most
#: effective ligand``, ``Pd(OAc)2 was used as the catalyst``, ``the base Cs2CO3``.
_HELPER_ROLE = (
    r"(?:ligand|catalyst|pre-?catalyst|co-?catalyst|base|additive|oxidant|reductant"
    r"|promoter|activator|initiator|mediator|solvent)s?"
)
_HELPER_AFTER = re.compile(
    r"(?:\s+(?:\w+\s+){0,2}?(?:serves?|served|acts?|acted|functions?|functioned"
    r"|(?:was|were|is|are)\s+(?:\w+ly\s+)?(?:used|employed|chosen|selected|identified))"
    rf"\s+as\s+(?:the\s+|an?\s+)?"
    # "By using ArPNO C2d as the catalyst": the role alone, after its article
    r"|\s+as\s+(?:the|an?)\s+)"
    rf"(?:[\w-]+\s+){{0,3}}?{_HELPER_ROLE}\b",
    re.IGNORECASE,
)
#: (``the free base``, ``a Schiff base`` are products)
_HELPER_BEFORE = re.compile(
    rf"\b(?:the|a|an)\s+(?:(?!free\b|Schiff\b)\w+\s+)?{_HELPER_ROLE}\s+$", re.IGNORECASE
)


def _helper(text: str, start: int, end: int) -> bool:
    """A catalyst, ligand, base or additive, as its sentence says: never whose a yield
    is, and unmarked it cannot draw the model's answer in an optimisation narrative
    (``P(4-MeOPh)3 serves as the most effective ligand ( 99 % yield , entry 4 )``)."""
    return bool(
        _HELPER_AFTER.match(text, end) or _HELPER_BEFORE.search(text, max(0, start - 40), start)
    )


#: The product of another procedure this one follows: ``using the procedure described
#: for the synthesis of X``, ``prepared analogously to X``; never whose this yield is.
_REFERENCE_BEFORE = re.compile(
    r"\b(?:described\s+(?:for|in)|analogous(?:ly)?\s+to|according\s+to"
    r"|in\s+the\s+same\s+(?:manner|way)\s+as|similar(?:ly)?\s+to|as\s+for)\s+(?:that\s+of\s+)?"
    r"(?:the\s+)?(?:(?:synthesis|preparation|procedure|method)\s+(?:of|for)\s+)?(?:the\s+)?$",
    re.IGNORECASE,
)


_FROM_OR_WITH = re.compile(r"\b(?:from|with|using|of)\b", re.IGNORECASE)

#: After a step's starting material: ``X was converted to product in 79% yield``.
_CONVERTED_AFTER = re.compile(
    r"\s+(?:was|were|is|are)\s+(?:then\s+|subsequently\s+|readily\s+)?"
    rf"{cues.STEP_PASSIVES}\s+(?:[^()%.;]{{1,60}}?\s+)?(?:in)?to\b",
    re.IGNORECASE,
)


def _converted(text: str, end: int) -> bool:
    """The subject of ``was converted to …``: what the step started from, never whose
    its yield is."""
    return _CONVERTED_AFTER.match(text, end) is not None


#: What a yield was counted from (``( 62 % from 7 )``): the starting material, never
#: whose the yield is.
_MADE_FROM = re.compile(r"%\s*(?:overall\s+|yield\s+)?from\s+(?:the\s+)?$")


def _label_end(text: str, end: int, limit: int) -> int:
    """Where a name's mention ends: after the number that labels it, when one follows
    (``dienone 7``, ``acetate 12``: journals call a compound by its kind and number,
    and the number is whose the value is), else at the name. A number with a unit
    after it is an amount, not a label (``ethanol 95%``, ``HCl 2 M``)."""
    match = NUMBER_AFTER_NAME.match(text, end, limit)
    if match is None or UNIT_AFTER.match(text, match.end()):
        return end
    return match.end()


def _marks(text: str, start: int, end: int) -> bool:
    """Whether the name at ``text[start:end]`` may be whose a value is."""
    name = text[start:end]
    if is_not_a_compound(name) or is_generic_name(name) or junk_reason(name) is not None:
        return False
    if is_property_cue(name):
        return False
    if is_medium(text, start) or _METHOD.fullmatch(name) or _LOCANT.fullmatch(name):
        return False
    if _CLASS_BEFORE.search(text, max(0, start - 4), start) or _SALT_KIND.fullmatch(name):
        return False
    lead = start + 1 if name[:1] in "([" else start
    if (
        is_spectrum_word(text, start, end)
        or _SPECTRUM_BRACKET.search(text, max(0, lead - 40), lead)
        or _ANALYSIS_BEFORE.search(text, max(0, lead - 30), lead)
    ):
        # "1H NMR (400 MHz, CDCl3)", "Anal. Calcd for C12H13N4O5S2": a spectrum, the
        # solvent it was taken in, an analysis's formula
        return False
    if is_solvent(name) and _MEDIUM_OF.match(text, end):
        return False  # "water solubility 1.4 mg/L": water is what it dissolves in
    return not _NOTE_BEFORE.search(text, max(0, start - 12), start)


#: How a value was computed, not whose it is: ``XLogP3``, ``ClogP``, ``ALOGPS``.
_METHOD = re.compile(r"(?:X|C|A|Mi|AC|M)?LOG\s?[PDS](?:S|\d)?(?:[-.]\w+)?", re.IGNORECASE)
#: A Greek locant standing alone (``α , β , γ , δ-unsaturated ketone``): the position of
#: a bond or group in the name after it, never a compound of its own.
_LOCANT = re.compile(r"[α-ωΑ-Ω][′'’]?")
#: A solvent naming the medium of the property after it.
_MEDIUM_OF = re.compile(r"[\s-]*(?:solubilit(?:y|ies)|soluble|miscib\w*)\b", re.IGNORECASE)
#: Inside a spectrum's bracket of conditions: ``NMR (DMSO-d6)``, ``NMR (400 MHz, CDCl3)``,
#: ``IR (KBr)``, ``[α]D (c 1.0, CHCl3)``.
_SPECTRUM_BRACKET = re.compile(
    r"(?:NMR|IR|UV(?:-vis)?|MS|HRMS|\[α\]\s*D\s*\d*)\s*[(\[][^()\[\]]{0,30}$", re.IGNORECASE
)
#: Before the formula an analysis was calculated for: ``Anal. Calcd for``, ``HRMS (ESI)
#: m/z [M+H]+ calcd for``, ``Anal. (``.
_ANALYSIS_BEFORE = re.compile(
    r"(?:\bcalc(?:ulate)?d\.?|\bcalc\.|\banal\.?|\brequires)\s*(?:for\s*)?[:(]?\s*$",
    re.IGNORECASE,
)
#: "the hydrochloride salt (of amine 7)": the form a compound was made in, said of the
#: compound the text names beside it, never a compound by itself.
_SALT_KIND = re.compile(
    r"(?:the\s+)?(?:mono|di|bis|tri)?(?:hydrochloride|hydrobromide|hydroiodide|oxalate|maleate"
    r"|fumarate|tartrate|citrate|succinate|mesylate|methanesulfonate|tosylate|besylate|sulfate"
    r"|sulphate|phosphate|trifluoroacetate|TFA|acetate|sodium|potassium|lithium|calcium"
    r"|ammonium)\s+salts?",
    re.IGNORECASE,
)
#: "an enolic acid", "a lactone": a kind of compound, said of the one a sentence names.
_CLASS_BEFORE = re.compile(r"(?<![\w-])(?:a|an|A|An)\s+$")


def _without_overlaps(
    mentions: list[CompoundMention], values: Sequence[tuple[int, int]]
) -> list[CompoundMention]:
    """One mention per place, the longest where two overlap, none inside a value."""
    kept: list[CompoundMention] = []
    for mention in sorted(mentions, key=lambda m: (m.start, -(m.end - m.start), _RANK[m.kind])):
        if any(s < mention.end and mention.start < e for s, e in values):
            continue
        if kept and mention.start < kept[-1].end:
            continue
        kept.append(mention)
    return kept


#: Where two kinds of mention cover the same characters, the first of these is kept.
_RANK = {"title": 0, "label": 1, "name": 2}


def _distance(mention: CompoundMention, values: Sequence[tuple[int, int]]) -> int:
    if not values:
        return 0
    return min(abs(mention.start - s) for s, _ in values)
