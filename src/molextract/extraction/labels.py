"""What a compound label looks like, and where the text defines or uses one.

A label (``12b``, ``S1``, ``3b′``) is defined beside a name, ``to give methyl
4-bromobenzoate (2a)``, or by a labelled entry heading, ``3-Bromo-4-methoxybenzaldehyde
(12b).``; it is used alone, ``compound 3b``, or in a range, ``3a–c``, whose members
each need their own definition. Amounts (``(2a, 1.08 g)`` keeps its label; ``(3, 4)``
is a citation), years, figure panels and formula numerals are what a careless reading
takes for labels, so the patterns here say what a label is and what stands around it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from molextract.extraction.chemical_names import DASHES, PRIMES, name_before, tidy_name

Kind = Literal["parenthesised", "heading", "example", "table"]


@dataclass(frozen=True, slots=True)
class LabelDefinition:
    """A label and the name the text gives it.

    ``start``/``end`` are code-point offsets of the name in the text, or of the heading
    (``EXAMPLE 7``) when a section has a label but names no compound. ``label`` is None
    for an entry heading that names a compound without labelling it: it still says
    what "the title compound" of its section is.
    """

    label: str | None
    name: str | None
    start: int
    end: int
    kind: Kind


@dataclass(frozen=True, slots=True)
class LabelReference:
    """A label used, not defined: ``compound 3b``, or one member of ``3a–c``.

    The span is the whole reference, so for a member of a range it is the range.
    """

    label: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class LabelConflict:
    """A label the text defines twice with different names; the first is kept."""

    label: str
    kept: LabelDefinition
    dropped: LabelDefinition


# --- what a label looks like ---------------------------------------------------------

#: Not a mass or a volume run into its number: ``(67mg, yield 53%)``.
_NOT_AN_AMOUNT = r"(?!(?:mg|kg|ml|mL|µg|μg|µL|μL)(?![A-Za-z]))"
_NUMBER_LABEL = (
    rf"[1-9]\d{{0,2}}(?!st\b|nd\b|rd\b|th\b){_NOT_AN_AMOUNT}"
    rf"(?:[a-z]{{1,2}}|[A-Z](?![A-Za-z]))?[{PRIMES}]{{0,2}}"
)
#: ``S1``, ``E1``, ``INT-3``; not ``CH2``, ``NO2`` or ``R1``: a formula or a group.
_LETTER_LABEL = rf"(?!(?:[CHNOPRX]|[CHNOS]{{2,3}})\d)[A-Z]{{1,3}}-?[1-9]\d{{0,2}}[a-z]?[{PRIMES}]?"
#: A roman formula number, the way patents label compounds: ``V``, ``IIa``, ``IV``.
ROMAN = r"(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3})[a-h]?"
_ROMAN = rf"{ROMAN}(?![\w])"
_SALT = r"(?:\s?[·•.]\s?\d?\s?(?:HCl|HBr|HI|TFA|H2O|H2SO4|MsOH|TsOH))?"
#: A compound label as papers and patents print them: ``3``, ``12b``, ``3b′``, ``S1``.
LABEL = rf"(?:{_NUMBER_LABEL}|{_LETTER_LABEL}){_SALT}"
#: What patents call the product their section's heading names: "the title compound",
#: and the other words they use for it ("titled", "entitled", "subject", "(above-)named",
#: "above-identified", "captioned", "objective", "the desired/target/expected product",
#: "the title material").
TITLE_WORDS = (
    r"(?:(?:title(?:d)?|entitled|subject|(?:above[-\s])?named|above[-\s]identified|captioned)\s+"
    r"(?:compound|product|salt|material)"
    r"|(?:desired|target|expected|object(?:ive)?)\s+(?:product|compound|material))"
)
#: A label, or a roman numeral, which is a label only right after a name.
#: A compound's number printed right after its name (``dienone 7``, ``NAME 12b``,
#: ``3a′``): group 1 is the label. Not ``7.2``, not a ratio's first term
#: (``ethyl acetate 4:1``), and not letters first (``B12``).
NUMBER_AFTER_NAME = re.compile(rf" (?=[1-9])({LABEL})(?![\w\-]|[.,]\d|\s*:\s*\d)")
LABEL_OR_ROMAN = rf"(?:{LABEL}|{_ROMAN})"
#: The last member of a run of labels, after its dash: ``5d`` of ``5b-5d``, ``f`` of
#: ``7d − f``, ``o`` of ``10b-o``. Papers name a series by its ends; the first stands
#: for it.
RUN_LAST = r"(?:\d{1,3})?[a-z]{1,3}(?![\w\-])"
#: A compound numbered by series and member, as display-material patents write them
#: (``Compound 1-4``, ``Intermediate 2-1``): no label by itself, since ``1-4`` is also a
#: range, but one after the word that calls it a compound or in its own bracket.
HYPHENED_NUMBER = r"\d{1,3}-\d{1,3}[a-z]?"
_AMOUNT = re.compile(
    r"\d\s*(?:mg|g|kg|mmol|mol|mL|ml|µL|μL|L|equiv|eq|%)(?![A-Za-z])"
    # or a measured property: "carbazole (4, mp 245–247 °C)"
    r"|^[,;]\s*(?:m\.?\s?p\.?|b\.?\s?p\.?|yield|log\s?[PD])\b",
    re.IGNORECASE,
)
#: A normality or molarity printed like a label: ``2N``, ``6M``.
STRENGTH = re.compile(r"\d{1,2}[NM]")
#: ``name (12b)``, ``name (compound 12b)``, ``name (Intermediate 3)``, ``name (2a, 1.08
#: g, 5.0 mmol)``, older
#: patents' ``name (Compound No. 74)``, a capitals heading's ``NAME (COMPOUND 33)``; not
#: ``(Cpd 29)`` on a line under ``EXAMPLE 29``, which the example's heading reads.
PAREN_LABEL = re.compile(
    rf"(?<=\s)\(\s*(?:compound\s+|cpd\.?\s+|COMPOUND\s+|(?i:compound|cpd\.?)\s+No\.?\s*"
    # "NAME (Intermediate 3, 2.1 g, 92%)": what the text will call it
    r"|(?i:intermediate)\s+)?"
    rf"(?P<label>{LABEL_OR_ROMAN})\s*(?P<rest>[,;][^()]*)?\)"
)
#: A name read from after its opening bracket: a closing one comes before any other.
_CLOSED_FIRST = re.compile(r"[^()\[\]]*\)")
#: What may stand before an entry heading's name on its line.
_LINE_PREFIX = re.compile(
    r"[ \t#*>•\-]*(?:(?:synthesis|preparation)\s+of\s+(?:the\s+)?)?", re.IGNORECASE
)
#: After an entry heading's label: a full stop or colon, then the paragraph or a new line.
_HEADING_AFTER = re.compile(r"[ \t*]*(?:[.:][ \t*]*(?:\n|$|[ \t]+(?=\S))|[ \t*]*(?:\n|$))")


def label_key(label: str) -> str:
    """One spelling per label: case, spaces, primes and salt dots do not matter."""
    key = re.sub(r"\s+", "", label).casefold()
    key = re.sub(rf"[{PRIMES}]", "'", key)
    return re.sub(r"[•.](?=\d?(?:hcl|hbr|hi|tfa|h2o|h2so4|msoh|tsoh)$)", "·", key)


def bare_label(label: str) -> str:
    """``12b`` from ``(12b)``, ``compound 12b`` or ``Compound 12b``; ``3a–c`` from
    ``compounds 3a–c``."""
    stripped = label.strip().strip(".,;:")
    stripped = re.sub(r"^\(\s*(.*?)\s*\)$", r"\1", stripped)
    return re.sub(r"^(?:compounds?|cpds?\.?)\s+", "", stripped, flags=re.IGNORECASE)


# --- definitions beside a name --------------------------------------------------------


def parenthesised_definitions(text: str) -> Iterator[LabelDefinition]:
    """``name (12b)`` anywhere in the text; kind "heading" when it is an entry heading."""
    for match in PAREN_LABEL.finditer(text):
        if match["rest"] is not None and not _AMOUNT.search(match["rest"]):
            continue  # "(3, 4)" or "(2, Scheme 1)": not a label with its amount
        if match["rest"] is not None and STRENGTH.fullmatch(match["label"]):
            continue  # "ethylamine in THF (2N, 2 mL)": a reagent's strength and volume
        span = name_before(text, match.start())
        if span is None:
            continue
        start, end = span
        if start > 0 and text[start - 1] == "(" and _CLOSED_FIRST.match(text, start, end):
            start -= 1  # "(S)-3-(…)…-L[1]OXA[…": a bracket the text left open cut "(S"
        line_start = text.rfind("\n", 0, start) + 1
        heading = (
            match["rest"] is None
            and _LINE_PREFIX.fullmatch(text, line_start, start) is not None
            and _HEADING_AFTER.match(text, match.end()) is not None
        )
        if _CITED_END.search(text, start, end):
            continue  # "to produce an alkyl radical,9d,h,16 (2) single-electron …": notes
        kind: Kind = "heading" if heading else "parenthesised"
        label = re.sub(r"\s+", "", match["label"])
        yield LabelDefinition(label, tidy_name(text[start:end]), start, end, kind)


#: A word with its citation numbers run on (``radical,9d,h,16``): no name ends so.
_CITED_END = re.compile(r"[A-Za-z]{3,},\d{1,3}[a-z]?(?:,[\da-z]{1,3})*$")


# --- references ----------------------------------------------------------------------

# --- references -----------------------------------------------------------------------

_RANGE = re.compile(
    rf"(?<![\w\-.,/])(?P<n>[1-9]\d{{0,2}})(?P<a>[a-z])\s*[{DASHES}]\s*(?:(?P=n))?(?P<b>[a-z])"
    rf"(?![\w\-{PRIMES}])"
)
_LETTER_LIST = re.compile(
    rf"(?<![\w\-.,/])(?P<n>[1-9]\d{{0,2}})(?P<a>[a-z])"
    rf"(?P<more>(?:\s*,\s*(?:(?P=n))?[a-z](?![\w\-{PRIMES}]))+)"
)
#: Before a number that is a figure panel, a table or a step, not a compound.
_NOT_LABEL_BEFORE = re.compile(
    r"(?:fig(?:ure)?s?\.?|tables?|schemes?|panels?|entr(?:y|ies)|refs?\.?|eqs?\.?|equations?"
    r"|steps?|examples?|claims?|supplementary|section|chart)\s*$",
    re.IGNORECASE,
)
_ITEM = rf"{LABEL}(?:\s*[{DASHES}]\s*(?:{LABEL}|[a-z](?!\w)))?"
_COMPOUND_LIST = re.compile(
    rf"\b(?i:compounds?|cpds?\.?)\s+(?P<list>{_ITEM}(?:\s*(?:,|\band\b|\bor\b|&)\s*{_ITEM}"
    rf"|\s*,\s*[a-z](?![\w{PRIMES}]))*)(?![\w{PRIMES}])"
)
_LIST_ITEM = re.compile(
    rf"(?P<a>{LABEL})(?:\s*[{DASHES}]\s*(?P<b>{LABEL}|[a-z](?!\w)))?|(?<=,)\s*(?P<letter>[a-z])"
)


def _letters(first: str, last: str) -> list[str]:
    if not first < last:
        return [first] if first == last else [first, last]
    return [chr(c) for c in range(ord(first), ord(last) + 1)]


def _expand(a: str, b: str | None) -> list[str]:
    """Members of ``3a–3d``, ``3–5`` or ``3a–c``; a pair it cannot read is kept as two."""
    if b is None:
        return [a]
    ma, mb = re.fullmatch(r"(\d+)([a-z]?)", a), re.fullmatch(r"(\d*)([a-z]?)", b)
    if ma is None or mb is None:
        return [a, b]
    number, first = ma.groups()
    other, last = mb.groups()
    if first and last and other in ("", number):
        return [number + letter for letter in _letters(first, last)]
    if not first and not last and other and int(number) < int(other) <= int(number) + 30:
        return [str(n) for n in range(int(number), int(other) + 1)]
    return [a, b if other else number + last]


def label_references(text: str) -> Iterator[LabelReference]:
    """``compound 3b``, ``compounds 3a–c, 4``, ``3a–3d`` and ``3a, b``: one per member."""
    for match in _COMPOUND_LIST.finditer(text):
        number = ""
        for item in _LIST_ITEM.finditer(match["list"]):
            if item["letter"]:
                members = [number + item["letter"]] if number else []
            else:
                members = _expand(item["a"], item["b"])
                number = re.match(r"\d*", item["a"])[0]  # type: ignore[index]
            for label in members:
                yield LabelReference(label, match.start("list"), match.end("list"))
    for match in _RANGE.finditer(text):
        if not _NOT_LABEL_BEFORE.search(text, max(0, match.start() - 30), match.start()):
            for label in _expand(match["n"] + match["a"], match["b"]):
                yield LabelReference(label, match.start(), match.end())
    for match in _LETTER_LIST.finditer(text):
        if not _NOT_LABEL_BEFORE.search(text, max(0, match.start() - 30), match.start()):
            letters = [match["a"], *re.findall(r"([a-z])(?![\w])", match["more"])]
            for letter in letters:
                yield LabelReference(match["n"] + letter, match.start(), match.end())
