"""Which stated quantities of a document could be values of a schema's properties.

A candidate is a quantity whose unit one of the schema's properties can be stated
in. Code then rules out the ones that are obviously not values (a reaction
temperature, ``55% in oil``, a literature value, a number no cue calls a melting
point or a yield); those never reach the model, and a chunk left with no candidate
is not sent at all. Every rule here is measured on the gold set
(``molextract eval``): a rule that costs recall is a bad rule.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

from molextract.chem.units import normalize_unit
from molextract.extraction import cues
from molextract.extraction.appearance import FORM_OF_MATTER
from molextract.extraction.chunking import sentence_spans
from molextract.extraction.mentions import KIND_WORDS
from molextract.extraction.normalise import Normalised, normalise
from molextract.extraction.product_conditions import conditions_bracket
from molextract.extraction.quantities import Quantity, scan_numbers
from molextract.schemas.spec import PropertySpec, SchemaSpec

_TEMPERATURE = frozenset({"°C", "°F", "K"})
_MASS_PER_VOLUME = frozenset(
    {
        "g/L",
        "mg/mL",
        "mg/L",
        "µg/mL",
        "g/100 mL",
        "g/mL",
        "g/cm³",
        "kg/m³",
        "lb/ft³",
        "ng/mL",
        "µg/L",
    }
)
_MOLAR = frozenset({"M", "mM", "µM", "nM", "mol/L", "mmol/L", "µmol/L"})
#: Units so tied to density that they are a cue of their own.
_DENSITY_UNITS = frozenset({"g/cm³", "kg/m³", "lb/ft³"})
#: Numbers that name something else: ``pH 7.5``, ``Rf 0.4``, ``n = 3``.
#: ``pH 7, 81%``, ``(entry 9, 81% yield)``, ``Table 2, 45%``: the number says where
#: or which, and is no value of the list the unit after it closes.
_NOT_A_VALUE_BEFORE = re.compile(
    r"(?:pH|pKa|R_?f|n\s*=|\b(?i:entry|entries|run|table|scheme|fig\.|figure|eqn?\.?))\s*$"
)
_FROM_LABEL = re.compile(r"\bfrom\s+$")
#: ``ketone 5, 84% yield``, ``75% for 6 and 60% for 7``: a number after a compound's
#: kind or after ``for`` is the compound's label, not one of a list of values.
_LABEL_BEFORE = re.compile(rf"\b(?:for|{KIND_WORDS})\s+$", re.IGNORECASE)
#: A verb that makes a product: the number after it is the product's label.
_MAKES = (
    r"(?:gave|give[sn]?|giving|afford(?:ed|s|ing)?|furnish(?:ed|es|ing)?|provid(?:ed|es|ing)"
    r"|yielded|deliver(?:ed|s|ing))"
)
_VERB_BEFORE = re.compile(rf"\b{_MAKES}\s+$", re.IGNORECASE)
#: ``gave 28, 85%,``: a product's label and its yield, run on after the verb.
_VERB_LABEL_COMMA = re.compile(
    rf"\b{_MAKES}\s+(?:(?:the\s+)?(?:[A-Za-z][\w-]*\s+)?{KIND_WORDS}\s+)?\d{{1,3}}[a-z]{{0,2}}"
    r"\s*,\s*$",
    re.IGNORECASE,
)
#: A number printed with a leading zero (``01``, ``05``): a code or a garbled unit in
#: tokenised PDF text, never a member of a list of values.
_LEADING_ZERO = re.compile(r"0\d")
#: A ratio's first term and its colon, right before a number: ``3 : 1``, ``10:1``.
_RATIO_BEFORE = re.compile(r"\d\s*:\s*$")
#: A product's mass opening its amounts bracket, right before a number in it.
_MASS_THEN = re.compile(r"\(\s*\d[\d.,]*\s*(?:mg|g|kg)\s*,\s*$")
_LIST_LINK = re.compile(r"\s*(?:,|;|/|and|or|,\s*and|,\s*or)\s*$")
_OPEN = {"(": ")", "[": "]"}
#: ``18.9 g (90%)``, ``169 mg (86%)``: the percentage printed after a product's mass.
_AFTER_MASS = re.compile(r"\d\s*(?:mg|g|kg)\s*\(\s*(?:ca\.\s*|~\s*)?$")
#: Between a value and its restatement in another unit: ``130 °C (266 °F)``,
#: ``80 °C/15 mmHg (176 °F)``.
_RESTATED_GAP = re.compile(
    r"\s*(?:at\s+[-−]?\d+(?:\.\d+)?\s*°\s*C\s*,?\s*)?(?:/\s*\d+(?:\.\d+)?\s*[A-Za-z]+\s*)?(?:[(\[]\s*(?:i\.e\.,?|or|about|ca\.)?\s*"
    r"|,?\s*i\.e\.,?\s*)"
)
_CONCENTRATIONS = frozenset({"molar", "mass_per_volume"})
#: A paragraph's first sentence this short is its heading (a topic, not a statement).
_HEADING_WORDS = 10


def dimension(unit: str | None) -> str | None:
    """What a unit measures, as far as the finder knows; None for a unit it cannot find."""
    canonical = normalize_unit(unit)
    if canonical is None:
        return "dimensionless"
    if canonical in _TEMPERATURE:
        return "temperature"
    if canonical == "%":
        return "percent"
    if canonical in _MASS_PER_VOLUME:
        return "mass_per_volume"
    if canonical in _MOLAR:
        return "molar"
    return None


def anchored_supported(schema: SchemaSpec) -> bool:
    """Whether every property of ``schema`` is stated in units the finder knows."""
    return all(dimension(u) is not None for p in schema.properties for u in p.units)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A quantity that may be a value of one of ``properties``.

    ``blocked`` says why code ruled it out (it is then never sent to the model);
    ``cues`` are the properties the words around it name, the nearest and strongest
    first; ``sentence`` is its evidence. ``decisive``: the first cue names the value
    outright (``mp 121 °C``, ``density of 1.05 g/mL``) or states it in a form that
    settles it (a yield in its product's bracket, ``(12.4 mg, 23%)`` after ``to afford
    the title compound``), so which property it is is settled by the text and the model
    is asked only whose it is. A blocked candidate is never decisive.
    """

    quantity: Quantity
    properties: tuple[str, ...]
    cues: tuple[str, ...]
    sentence: tuple[int, int]
    blocked: str | None = None
    pressure: str | None = None
    cue_text: str | None = None
    decisive: bool = False

    @property
    def decisive_property(self) -> str | None:
        """The property the text names outright for this value, if ``decisive``."""
        return self.cues[0] if self.decisive and self.cues else None


@cache
def _dimensions(prop: PropertySpec) -> frozenset[str | None]:
    return frozenset(dimension(u) for u in prop.units)


def _quantity_dimension(q: Quantity) -> str | None:
    if q.kind == "dimensionless":
        return "dimensionless"
    return dimension(q.unit) if q.unit is not None else None


def find_candidates(text: str, schema: SchemaSpec) -> list[Candidate]:
    """Every candidate value of ``schema`` in ``text``, blocked ones included, in text order.

    The rules read the normalised view of ``text`` (``normalise.py``: ``m.p.61-⏎63 ºC``
    read as ``m.p. 61-63 °C``); every offset a candidate carries is mapped back, so
    ``text[q.start:q.end]`` is the quantity as printed and ``text[slice(*sentence)]``
    its sentence as printed.
    """
    view = normalise(text)
    found = _find(view.text, schema)
    if not view.changed:
        return found
    return [_in_original(c, view, text) for c in found]


def _in_original(candidate: Candidate, view: Normalised, original: str) -> Candidate:
    """``candidate`` with its offsets (and its pressure's words) in the original text."""
    q = candidate.quantity
    quantity = replace(
        q,
        start=view.start(q.start),
        end=view.end(q.end),
        number_start=view.start(q.number_start),
        unit_start=view.start(q.unit_start) if q.unit_start is not None else None,
    )
    pressure = candidate.pressure
    if pressure is not None:
        match = _PRESSURE.search(view.text[q.end : candidate.sentence[1]])
        if match is not None:
            start, end = q.end + match.start(1), q.end + match.end(1)
            pressure = original[view.start(start) : view.end(end)]
    return replace(
        candidate,
        quantity=quantity,
        sentence=view.span(*candidate.sentence),
        pressure=pressure,
    )


def _find(text: str, schema: SchemaSpec) -> list[Candidate]:
    numbers, lists = _share_list_units(text, scan_numbers(text))
    sentences = _Sentences(text)
    judged: dict[int, Candidate] = {}
    previous: Quantity | None = None
    same: dict[str | None, Quantity] = {}
    for i, q in enumerate(numbers):
        dim = _quantity_dimension(q)
        props = tuple(
            p.name
            for p in schema.properties
            if dim is not None and dim != "dimensionless" and dim in _dimensions(p)
        )
        if props:
            context = _Context(
                sentences.around(q.start), sentences.before(q.start), sentences.topic(q.start),
                previous, same.get(_kind_group(q)),
            )  # fmt: skip
            judged[i] = _judge(text, q, props, context, schema)
        if q.unit is not None and props:
            previous = q
            same[_kind_group(q)] = q
    for members in lists:
        _share_list_cues(judged, members)
    for members in _percent_lists(text, numbers):
        # "in 67%, 90% ee": the excess is the last one's alone; "88% and 95% ee", "ee
        # values of 93% and 95%": a pair joined by "and" is one thing throughout
        joined = text[numbers[members[-2]].end : numbers[members[-1]].start]
        if _yield_then_excess(text, numbers, members, sentences):
            continue
        _share_list_cues(judged, members, own_units="and" not in joined)
    found = list(judged.values())
    found.extend(_cue_led(text, numbers, schema, sentences))
    found.sort(key=lambda c: c.quantity.start)
    return found


def _yield_then_excess(
    text: str, numbers: list[Quantity], members: tuple[int, ...], sentences: _Sentences
) -> bool:
    """``gave 3a in 85 % and 92 % ee``: a verb's product, ``in``, then two percentages
    joined by "and", the second an excess: the first is the yield (not with
    "respectively", which makes both excesses of two products)."""
    if len(members) != 2:
        return False
    first, second = numbers[members[0]], numbers[members[1]]
    start, end = sentences.around(first.start)
    before = text[start : first.start]
    if not re.search(r"\bin\s*$", before) or not _made_by(before, cues.YIELD_VERBS):
        return False
    after = text[second.end : end]
    return bool(_EXCESS_AFTER.match(after)) and "respectively" not in after


#: After ``at`` and a percentage: the yield's word, or the clause's end, or its excess
#: bracketed (not ``at 70% conversion``, ``at 10% Pd/C``).
_AT_VALUE_ENDS = re.compile(
    r"\s*%?\s*(?:(?:isolated\s+|overall\s+)?yield\b|[.,;]|\(\s*[<>]?\s*\d+(?:\.\d+)?\s*%\s*ee\b|$)",
    re.IGNORECASE,
)
_EXCESS_AFTER = re.compile(r"\s*%?\s*(?:ee|e\.e\.|de|d\.e\.|er|dr)\b", re.IGNORECASE)


def _share_list_cues(
    judged: dict[int, Candidate], members: tuple[int, ...], own_units: bool = False
) -> None:
    """``gave 6 and 7 (85 and 55 %, respectively)``, ``in yields of 40 and 35 %``: the
    cue before a list's first number is the cue of every number the list shares its
    unit with; a later member that has no cue of its own (or a weaker one) takes the
    first member's, so the second yield of a pair is not lost as "no property cue".
    A list whose last number is an excess or a purity (``87 and 23 % ee``) is one of
    those throughout, unless every number prints its own unit (``67%, 90% ee``: the
    excess is the last one's alone)."""
    owner = judged.get(members[-1])
    if owner is not None and owner.blocked == _NOT_A_YIELD and not own_units:
        # ``(87 and 23 % ee, respectively)``: what the unit's owner is, the list is
        for i in members[:-1]:
            if (member := judged.get(i)) is not None:
                judged[i] = replace(member, blocked=_NOT_A_YIELD, decisive=False)
        return
    lead = judged.get(members[0])
    if lead is not None and lead.blocked == _NOT_A_YIELD and not own_units:
        for i in members[1:]:
            if (member := judged.get(i)) is not None and member.blocked is None:
                judged[i] = replace(member, blocked=_NOT_A_YIELD, decisive=False)
        return
    if lead is None or lead.blocked is not None or not lead.cues:
        return
    for i in members[1:]:
        member = judged.get(i)
        if member is None or member.properties != lead.properties:
            continue
        if member.blocked == _NO_CUE or (
            member.blocked is None and (not member.cues or member.cues[0] == lead.cues[0])
        ):
            judged[i] = replace(
                member, cues=lead.cues, blocked=None, cue_text=lead.cue_text,
                decisive=lead.decisive or member.decisive,
            )  # fmt: skip


@dataclass(frozen=True, slots=True)
class _Context:
    """What a quantity is judged by besides its own sentence."""

    sentence: tuple[int, int]
    prior: str  # the sentence before, in the same paragraph
    topic: str  # the paragraph's heading sentence, if it has one
    previous: Quantity | None  # the last quantity with a unit
    previous_same: Quantity | None  # the last of the same kind (a restatement's original)


def _kind_group(q: Quantity) -> str | None:
    dim = _quantity_dimension(q)
    return "concentration" if dim in _CONCENTRATIONS else dim


class _Sentences:
    def __init__(self, text: str) -> None:
        self.spans = sentence_spans(text)
        self.starts = [s for s, _ in self.spans]
        self.text = text

    def before(self, pos: int) -> str:
        """The sentence before the one at ``pos`` (empty at the start of a paragraph)."""
        i = max(0, bisect_right(self.starts, pos) - 1)
        if i == 0:
            return ""
        start, end = self.spans[i - 1]
        return "" if "\n\n" in self.text[start:end].rstrip() else self.text[start:end]

    def topic(self, pos: int) -> str:
        """The first sentence of the paragraph at ``pos`` when it reads as a heading
        (``Aqueous solubility of amino acids at 25 °C.``, ``Densities of halogenated
        solvents.``): property sections name their property once, above the list."""
        paragraph = self.text.rfind("\n\n", 0, pos)
        paragraph = 0 if paragraph < 0 else paragraph + 2
        first = bisect_right(self.starts, paragraph - 1)
        here = max(0, bisect_right(self.starts, pos) - 1)
        if first >= here:
            return ""
        start, end = self.spans[first]
        heading = self.text[start:end].strip()
        return heading if len(heading.split()) <= _HEADING_WORDS else ""

    def around(self, pos: int) -> tuple[int, int]:
        i = max(0, bisect_right(self.starts, pos) - 1)
        start, end = self.spans[i]
        while end > start and self.text[end - 1].isspace():
            end -= 1
        while start < end and self.text[start].isspace():
            start += 1
        return start, end


#: Between two percentages of one list: ``38% and 23%``, ``93%, 94%, and 70%``.
#: (each may say which product it is for: ``75 % for 30a , 68 % for 30b and 52 % for 30c``)
_PERCENT_LINK = re.compile(
    r"\s*(?:for\s+(?:the\s+)?(?:\d{1,3}[a-z]{0,2}|[A-Z]\d{0,2}[a-z]?)\s*)?(?:,|,?\s*and|,?\s*or)\s*"
)


def _percent_lists(text: str, numbers: list[Quantity]) -> list[tuple[int, ...]]:
    """``in yields of 38% and 23%, respectively``: percentages that each print their own
    sign, joined only by commas and "and", are one list as much as ``38 and 23%`` is;
    their indices, first to last."""
    lists: list[tuple[int, ...]] = []
    run: list[int] = []
    for i, q in enumerate(numbers):
        if q.unit == "%" and run and _PERCENT_LINK.fullmatch(text[numbers[run[-1]].end : q.start]):
            run.append(i)
            continue
        if len(run) > 1:
            lists.append(tuple(run))
        run = [i] if q.unit == "%" else []
    if len(run) > 1:
        lists.append(tuple(run))
    return lists


def _share_list_units(
    text: str, numbers: list[Quantity]
) -> tuple[list[Quantity], list[tuple[int, ...]]]:
    """``121, 125 and 130 °C``: the unit printed once belongs to every number of the list.

    Also returns each such list as the indices of its numbers, first to last, the
    unit's owner included."""
    out = list(numbers)
    lists: list[tuple[int, ...]] = []
    for i in range(len(out) - 1, 0, -1):
        unit_owner = out[i]
        if unit_owner.unit is None or unit_owner.kind in ("amount", "other", "pressure"):
            continue
        j = i - 1
        while j >= 0 and out[j].unit is None:
            between = text[out[j].end : out[j + 1].start]
            if not _LIST_LINK.fullmatch(between) and between.strip():
                break
            if not _LIST_LINK.fullmatch(between) or _NOT_A_VALUE_BEFORE.search(
                text[max(0, out[j].start - 9) : out[j].start]
            ):
                break
            if _FROM_LABEL.search(text, max(0, out[j].start - 6), out[j].start):
                break  # "(26% from 15 or 24% from 13)": 15 is what it was made from
            if _LABEL_BEFORE.search(text, max(0, out[j].start - 40), out[j].start):
                break
            if _VERB_BEFORE.search(text, max(0, out[j].start - 40), out[j].start):
                break  # "gave 28, 85%": 28 is what it gave
            if _RATIO_BEFORE.search(text, max(0, out[j].start - 12), out[j].start):
                break  # "( 3 : 1 , 82 % )": a ratio's second term, not a value
            if _LEADING_ZERO.match(text, out[j].start):
                break  # "( 0.274 \" 01 , 84 % )": "01" is a garbled "mmol", not a value
            if _MASS_THEN.search(text, max(0, out[j].start - 30), out[j].start):
                break  # "(2.25 g, 2.37, 95%)": the moles, their unit left out
            out[j] = replace(out[j], unit=unit_owner.unit, kind=unit_owner.kind)
            j -= 1
        if j < i - 1:
            lists.append(tuple(range(j + 1, i + 1)))
    return out, lists


def _judge(
    text: str, q: Quantity, props: tuple[str, ...], context: _Context, schema: SchemaSpec
) -> Candidate:
    start, end = context.sentence
    before = text[start : q.start]
    after = text[q.end : end]
    hits = [(hit, p) for p in props if (hit := _cue(text, q, p, before, after, context, schema))]
    hits.sort(key=lambda item: (item[0].rank, item[0].distance))
    found = [p for _, p in hits]
    pressure = _pressure(after)
    best = hits[0][0] if hits else None
    decisive = bool(
        best is not None
        and best.rank == 0
        and best.direct
        and not any(h.rank == 0 and h.direct and p != hits[0][1] for h, p in hits[1:])
    )
    candidate = Candidate(
        q, props, tuple(found), context.sentence, None, pressure,
        best.text if best else None, decisive,
    )  # fmt: skip
    reason = _blocker(text, q, props, before, after, context, found, schema)
    return replace(candidate, blocked=reason, decisive=False) if reason else candidate


def _blocker(
    text: str,
    q: Quantity,
    props: tuple[str, ...],
    before: str,
    after: str,
    context: _Context,
    found: list[str],
    schema: SchemaSpec,
) -> str | None:
    previous = context.previous
    inner = open_bracket(before)
    if inner is not None and cues.LITERATURE.search(inner):
        return "literature value"
    if cues.LITERATURE.search(before[-16:]):
        return "literature value"
    if q.kind == "temperature" and cues.RATE_AFTER.search(after):
        return "a rate"
    original = context.previous_same
    if original is not None and _same_kind(original, q):
        gap = text[original.end : q.start]
        if _RESTATED_GAP.fullmatch(gap):
            return "the same value restated in another unit"
    if cues.MEASUREMENT_QUALITY.search(before[-40:]):
        return "a measurement's precision"
    if cues.DIFFERENCE_AFTER.search(after):
        return "a difference"
    if _quantity_dimension(q) in _CONCENTRATIONS and (
        cues.PREPARED_BEFORE.search(before[-40:]) or cues.PREPARED_AFTER.search(after)
    ):
        return "a prepared concentration"
    if (
        previous is not None
        and _quantity_dimension(previous) != _quantity_dimension(q)
        and re.fullmatch(r"\s*\(\s*", text[previous.end : q.start])
    ):
        return "a condition of the value before it"
    if _foreign(before, _own_cues(props, schema)):
        return "a value of another property"
    if _quantity_dimension(q) == "molar" and cues.REAGENT_AFTER.search(after):
        return "a reagent's concentration"
    if _quantity_dimension(q) == "molar" and cues.REACTION_CONCENTRATION_BEFORE.search(
        before[-40:]
    ):
        return "a reaction's concentration"
    if q.kind == "temperature" and cues.RATE_AFTER.search(after):
        return "a rate"
    if _quantity_dimension(q) == "molar" and cues.REAGENT_SOLUTION_AFTER.search(after):
        return "a reagent's concentration"
    if set(props) == {"reaction_yield"} and q.unit == "%":
        reason = _not_a_yield(q, before, after)
        if reason is not None:
            return reason
    if not found:
        return _NO_CUE
    if _requirement(q, before):
        return "a requirement, not a measurement"
    if _quantity_dimension(q) == "temperature" and _condition(before, _own_cues(props, schema)):
        return "a condition"
    if found[0] == "boiling_point" and _process_temperature(before):
        return "a condition"
    if found[0] == "boiling_point" and _SOLVENT_GRADE.search(before[-60:]):
        return "a solvent grade's boiling range"
    if found[0] == "melting_point" and cues.MELT_PROCESS_BEFORE.search(before):
        return "a condition"
    if found[0] == "melting_point" and cues.CHANGE_BEFORE_MELTING.search(before[-40:]):
        return "a change before melting (sintering, softening, darkening)"
    if (
        found[0] == "melting_point"
        and _TM_CUE_BEFORE.search(before[-40:])
        and cues.NUCLEIC_ACID_BEFORE.search(text, max(0, q.start - 160), q.start)
    ):
        # the window reaches back past "SEQ. ID", whose full stop ends no sentence
        return "a nucleic acid's melting temperature"
    if _quantity_dimension(q) == "molar" and cues.MOLAR_CONDITION_WORDS.search(before):
        return "a condition"
    return None


#: The cue a nucleic acid's melting is stated with: ``Tm=70.3° C.``, ``a melting
#: temperature of 62 °C``.
_TM_CUE_BEFORE = re.compile(
    r"(?:(?<![A-Za-z])T_?[mₘ]|melting\s+temperatures?)\s*(?:[:=]|of|is|was|were)?\s*"
    r"(?:about|approximately|ca\.|~)?\s*$",
    re.IGNORECASE,
)
#: Petroleum fractions are sold by their boiling range, which follows their name in
#: brackets: ``petroleum ether (b.p. 30°-60° C., 760 ml)``, ``light petroleum (bp
#: 40–60 °C)``. That range names the solvent used, not a compound measured.
_SOLVENT_GRADE = re.compile(
    r"\b(?:petroleum\s+(?:ether|spirits?|benzine?|naphtha)|light\s+petroleum|pet\.?\s+ether"
    r"|petrol|ligroine?|benzine|naphtha)\s*\(\s*(?:b\.?\s?p\.?|boiling\s+(?:point|range))"
    r"\s*[:=.]?\s*(?:range\s*)?$",
    re.IGNORECASE,
)
#: What a patent asks of a material rather than what was measured: ``preferred agents
#: will have a melting point of at least about 35 °C``, ``should have a density below``.
_REQUIREMENT_WORDS = re.compile(
    r"\b(?:preferabl[ey]|(?:most\s+)?preferred|desirabl[ey]|should|must|(?:is|are)\s+required"
    r"|(?:will\s+)?typically\s+(?:will\s+)?have)\b",
    re.IGNORECASE,
)
#: A bound right before the value: the statement sets a limit.
_BOUND_BEFORE = re.compile(
    r"\b(?:at\s+least|at\s+most|greater\s+than|more\s+than|less\s+than|higher\s+than"
    r"|lower\s+than|above|below|over|under|exceed(?:s|ing)?|not\s+(?:more|less)\s+than"
    r"|up\s+to|between|from|in\s+the\s+range\s+of)\s*(?:about|approximately|ca\.|~)?\s*$",
    re.IGNORECASE,
)


def _requirement(q: Quantity, before: str) -> bool:
    """A limit a patent sets in the words of a preference or a need, not a value
    anyone measured."""
    if not _REQUIREMENT_WORDS.search(before):
        return False
    bound = q.qualifier is not None and q.qualifier != "~"
    return bound or bool(_BOUND_BEFORE.search(before))


_NOT_A_YIELD = "a reagent's strength, a purity or an excess"
#: Starting material given back, whatever word follows its share.
_RECOVERED_BEFORE = re.compile(
    r"\b(?:remaining|unreacted|unchanged|starting\s+materials?|substrates?)\s+(?:[\w-]+\s+)?"
    r"(?:was|were|being)\s+(?:\w+ly\s+)?recovered\s+(?:in\s+)?(?:an?\s+)?$",
    re.IGNORECASE,
)
_NO_CUE = "no property cue"


#: What opens a scheme's list of steps: ``Reagents and conditions:``, ``Key:``.
_STEP_LIST_LEAD = re.compile(
    r"\b(?:reagents(?:\s+and\s+conditions)?|conditions|key)\s*:"
    # or the compound the steps make, its number then a colon: "1 : ( i ) …"
    r"|(?<![\w.,\-])(?P<target>[1-9]\d{0,2}[a-z]?)\s*:\s*(?=\(\s*(?:i|a)\s*\))",
    re.IGNORECASE,
)
#: A step's mark in such a list: ``(a)``, ``( ii )``.
_STEP_MARK = re.compile(r"\(\s*(?:[a-z]|[ivx]{1,4})\s*\)")
#: After a step's yield: the step's end, or the next step's mark.
_STEP_END = re.compile(
    # (what its bracket says of the step besides: "( 85 % , 10.5 : 1 E : Z ratio )")
    r"\s*(?:,[^;()]{0,40}(?=\)))?(?:\)\s*)?"
    r"(?:[;.]|$|,?\s*(?:and\s+)?\(\s*(?:[a-z]|[ivx]{1,4})\s*\))"
)


def in_step_list(before: str, after: str) -> bool:
    """Whether a percentage closes a step of a scheme's list of steps (``Reagents and
    conditions: (a) NaH, THF, 0 °C, 85%; (b) TBAF, THF, 92%``, ``Key: ( i ) LiAlH4 ,
    Et2O ( 72 % ) ;``): each step's reagents, then its yield. ``before`` and ``after``
    are the text before and after the percentage."""
    return _step_list_lead(before, after) is not None


def step_list_target(before: str, after: str) -> tuple[str, int] | None:
    """The number of the compound a list of steps makes, when the list opens with it
    (``1 : ( i ) … ( 72 % ) ; ( ii ) …``), and how far back from the end of ``before``
    it stands; None otherwise."""
    lead = _step_list_lead(before, after)
    if lead is None or lead["target"] is None:
        return None
    return lead["target"], min(len(before), 600) - lead.start("target")


def _step_list_lead(before: str, after: str) -> re.Match[str] | None:
    window = before[-600:]
    leads = list(_STEP_LIST_LEAD.finditer(window))
    if not leads:
        return None
    marks = list(_STEP_MARK.finditer(window, leads[-1].end()))
    if not marks or ";" in window[marks[-1].end() :]:
        return None
    return leads[-1] if _STEP_END.match(after) is not None else None


def _not_a_yield(q: Quantity, before: str, after: str) -> str | None:
    """Why a percentage is no yield: a reagent's strength (``NaH (60% in oil)``), a
    purity, an ee, a conversion, an eluent's share (``EtOAc/hexane = from 0% to 50%``),
    or a reagent's bracket (``hydrazine hydrate (1.88 g, 30 mmol, 80%) was added``)."""
    if cues.PERCENT_NOT_YIELD_AFTER.search(after):
        return _NOT_A_YIELD
    lowest = q.low if q.low is not None else q.value
    if lowest is not None and lowest < 0:
        return "a negative percentage"  # "(−32%)": a change, or a misread "~"
    if _RECOVERED_BEFORE.search(before):
        return _NOT_A_YIELD  # "remaining 3a was recovered in 50% yield": given back
    if in_step_list(before, after):
        return None  # "(b) DMP, CH2Cl2, 88%;": a step's yield, not its eluent
    stated_yield = cues.AFTER_CUES["reaction_yield"].search(after)
    if stated_yield:
        return None
    if _REACTION_EFFICIENCY.search(before):
        return None  # "undergo cyclization in very high efficiency ( 80-100 % )"
    if _SEPARATED_BY.search(before):
        return None  # "separated by HPLC ( 45 % and 28 % , respectively )": no purity
    if _COMPLETE_SELECTIVITY.search(before):
        # "afforded 11 with complete diastereoselectivity ( 85 % )": a selectivity said to
        # be complete is no percentage below 100; the bracket is the step's yield
        return None
    closing = after.find(")")
    if closing >= 0 and _step_then_product(before, after[:closing], after[closing + 1 :]):
        return None  # "Reduction of 7 with LiAlH4 ( 92 % ) gave 8": no strength of LiAlH4
    if conditions_bracket(before, after):
        return None  # "hydrolyzed to acid 17 ( LiOH , THF / H2O , 94 % )": the step's medium
    if cues.PERCENT_NOT_YIELD_BEFORE.search(before) or _reagent_strength(before):
        return _NOT_A_YIELD
    if cues.ELUENT_BEFORE.search(before) or (q.is_range and q.low == 0):
        return "an eluent's composition"
    inner = open_bracket(before)
    if inner is not None:
        closing = after.find(")")
        head = before[: len(before) - len(inner) - 1]
        tail = after[closing + 1 :] if closing >= 0 else ""
        if closing >= 0 and cues.REAGENT_ADDED_AFTER.search(tail):
            if not inner.strip() and _SUBJECT_BRACKET.search(before):
                # "Methyl ketone 33 ( 88 % ) was added to LDA": a compound the paper
                # numbers, its bracket its yield alone, is no reagent sold by strength
                return None
            return _NOT_A_YIELD
        if cues.REAGENTS_ADDED_LATER.search(tail) and not _product_bracket(
            head, tail, cues.PRODUCT_VERBS
        ):
            return _NOT_A_YIELD
        if _REAGENT_WORD_BEFORE_PAREN.search(head):
            return _NOT_A_YIELD
    return None


#: Reagents sold and used as solutions of a stated strength: ``sodium hydroxide (5%,
#: 30 mL)``, ``formaldehyde (0.5 mL, 37%)``, ``a solution in water (10%, 2.2 g)``,
#: ``hydrochloric acid (36%, ∼10 mL)``.
_REAGENT_WORD_BEFORE_PAREN = re.compile(
    r"\b(?:hydroxide|hydride|peroxide|hypochlorite|formaldehyde|formalin|ammonia"
    r"|hydrazine(?:\s+hydrate)?|solution(?:\s+in\s+water)?|in\s+water"
    # "hydrochloric acid (36%, ∼10 mL)": a mineral acid as sold
    r"|(?:hydrochloric|sulfuric|sulphuric|nitric|phosphoric|hydrobromic|hydroiodic"
    r"|hydrofluoric|perchloric)\s+acid)\s*$",
    re.IGNORECASE,
)


#: A reaction that went with an efficiency, then its percentage: ``undergo cyclization in
#: very high efficiency ( 80-100 % )``, ``the coupling proceeded with 85 % efficiency``.
#: (Not a quantum, trapping or extraction efficiency: no reaction goes "with" those.)
_REACTION_EFFICIENCY = re.compile(
    r"\b(?:proceed(?:s|ed|ing)?|occur(?:s|red|ring)?|undergo(?:es|ing)?|underwent"
    r"|took\s+place|takes\s+place)\s+(?:[\w-]+\s+){0,2}?(?:with|in)\s+"
    r"(?:(?!quantum|trapping|extraction)[\w-]+\s+){0,3}?efficiency\s*(?:\(\s*|of\s+)?$",
    re.IGNORECASE,
)


#: Products separated or purified by an instrument, their yields bracketed after it:
#: ``which were separated by HPLC (``; the instrument's name is then no purity's.
_SEPARATED_BY = re.compile(
    r"\b(?:separated|purified|isolated|resolved)\s+(?:\w+\s+){0,2}?by\s+(?:(?:preparative"
    r"|prep\.?|semi-?preparative|reverse[d]?[\s-]phase|chiral|flash)\s+)*(?:HPLC|GC|LC|MPLC"
    r"|TLC|SFC|chromatography)\s*\(\s*(?:\d+(?:\.\d+)?\s*%\s*(?:,|and)\s*)*$",
    re.IGNORECASE,
)


#: A step's selectivity said to be whole, its bracket opening after it.
_COMPLETE_SELECTIVITY = re.compile(
    r"\b(?:complete|total|perfect|exclusive|full)\s+(?:(?:endo|exo|E|Z|cis|trans)[\s-]+)?"
    r"(?:(?:regio|stereo|diastereo|enantio|chemo|site)[\s-]?)?selectivity\s*\(\s*$",
    re.IGNORECASE,
)


def _process_temperature(before: str) -> bool:
    """``distilled off …, and the mixture is preferably heated to 150 °C``: a boiling
    word whose statement a process step has followed does not call the temperature
    after that step a boiling point."""
    ends = [m.end() for m in cues.BEFORE_CUES["boiling_point"].finditer(before)]
    return bool(ends) and bool(cues.PROCESS_BETWEEN.search(before, ends[-1]))


_REAGENT_BEFORE_PAREN = re.compile(
    r"(?:\b[A-Z][A-Za-z]*\d[A-Za-z0-9()]*|\b(?:HCl|HBr|HI|NaH|KH|LiH|H2O2|HNO3|H2SO4|NH3|NaOCl"
    # a supported catalyst's metal loading: "Pd/C (10%, 0.1 g)", "PdC (10%", "Pd-C (5%"
    r"|Pd\(OH\)2(?:/C)?|(?:Pd|Pt|Rh|Ru)(?:/|-|\s+on\s+)?(?:C|CaCO3|BaSO4|Al2O3)\b"
    r"|(?:palladium|platinum|rhodium|ruthenium)(?:\s+hydroxide)?\s+on\s+(?:activated\s+)?"
    r"(?:carbon|charcoal|alumina)))\s*\(\s*$|\bconc\.\s*\w+\s*\(\s*$"
)


def _reagent_strength(before: str) -> bool:
    """``NaH (60%, …)``, ``H2O2 (30%, 2 mL)``: a percentage opening a reagent's parenthesis.
    A formula a step makes is a product, its bracket its yield: ``converted … to Et2O
    (85 and 55 %)``, ``gave Fe2(CO)9 (85%)``."""
    found = _REAGENT_BEFORE_PAREN.search(before)
    if found is None:
        return False
    if _KIND_THEN_CODE.search(before):
        return False  # "gave alcohol S3 ( 85 % )": a compound's code after its kind
    # the formula's whole token: "Rh(PPh3)Cl (" matched from its "PPh3"
    token = max(before.rfind(" ", 0, found.start()), before.rfind("\n", 0, found.start())) + 1
    lead = before[max(0, token - 60) : token]
    if _PRODUCT_KIND_BEFORE.search(lead) or _LISTED_AFTER_YIELD.search(lead):
        # "the known iodide CH3(CH2)5I ( 80 % )", "converted into PhCH2OH ( 98 % ) and
        # PhCO2H ( 2 % )": a formula the paper calls a compound, or lists among products
        return False
    return not _MADE_BEFORE_FORMULA.search(lead)


#: A compound's kind, then its code of one capital and its number (``alcohol S3 (``,
#: ``acetonide A2 (``, ``product P4 (``), which looks like a formula (``I2``, ``O2``)
#: but follows no preposition as a reagent or gas would (``under O2 (``).
_KIND_THEN_CODE = re.compile(
    r"\b(?!(?:under|with|over|from|using|via|into|onto|and|then|than|plus|excess|of|in"
    r"|atmosphere|pressure|catalysts?|ligands?|reagents?|additives?|initiators?|promoters?"
    r"|bases?|acids?|resins?|columns?)\b)[a-z][a-z-]{2,}\s+[A-Z]\d{1,3}[a-z]?\s*\(\s*$"
)


#: A step's word for what it made before a formula, maybe with the article and a few
#: words that say what it is (``to give the monomeric complex Rh(PPh3)Cl (``), none a
#: preposition that makes the formula a reagent (``gave, with NaH (``).
_MADE_BEFORE_FORMULA = re.compile(
    r"\b(?:to|into|gave|give|gives|afforded|affords?|yielded|yields?|produced|provided"
    r"|formed|furnished|obtained)\s+(?:(?:the|an?)\s+(?:(?!(?:with|in|under|over|using|by"
    r"|from|of|and|on|at)\b)[a-z][\w-]*\s+){0,3})?$",
    re.IGNORECASE,
)
#: The article and a kind of compound a paper makes, right before a formula: ``the
#: known iodide``, ``the monomeric complex``; never what a step is run with.
_PRODUCT_KIND_BEFORE = re.compile(
    r"\b(?:the|an?)\s+(?:known|new|corresponding|desired|expected|monomeric|dimeric"
    r"|cationic|neutral|anionic)?\s*(?:iodide|bromide|chloride|fluoride|complex|salt"
    r"|adduct|dimer|cluster|ester|ether|alcohol|ketone|aldehyde|alkene|alkyne|amine"
    r"|nitrile|sulfide|stannane|silane|borane|phosphine\s+oxide)\s+$",
    re.IGNORECASE,
)
#: A formula after a product's yield bracket in a list: ``PhCH2OH ( 98 % ) and``.
_LISTED_AFTER_YIELD = re.compile(r"%\s*\)\s*(?:,\s*(?:and\s+)?|and\s+)$")


def _own_cues(props: tuple[str, ...], schema: SchemaSpec) -> list[re.Pattern[str]]:
    patterns = [cues.BEFORE_CUES.get(p) or _custom(schema, p) for p in props]
    return [p for p in patterns if p is not None]


def _foreign(before: str, patterns: list[re.Pattern[str]]) -> bool:
    """A foreign property's label (``Flash point:``) stands between the value and its cues."""
    foreign = [m.end() for m in cues.FOREIGN_CUES.finditer(before)]
    if not foreign:
        return False
    own = [m.end() for p in patterns for m in p.finditer(before)]
    return not own or max(foreign) > max(own)


def _same_kind(a: Quantity, b: Quantity) -> bool:
    da, db = _quantity_dimension(a), _quantity_dimension(b)
    return da == db or {da, db} <= _CONCENTRATIONS


def _condition(before: str, patterns: list[re.Pattern[str]]) -> bool:
    """``heated at 80 °C`` is a condition; ``melts at``, ``boils at``, ``mp of`` are not."""
    match = cues.CONDITION_WORDS.search(before)
    if match is None:
        return False
    head = before[max(0, match.start() - cues.CUE_OVERRIDES_CONDITION) : match.start()]
    head = _STATED_AS.sub("", head.rstrip())  # "the m.p. lay at 199-201 °C"
    return not any(m.end() >= len(head.rstrip()) for p in patterns for m in p.finditer(head))


#: Verbs a property's cue is stated with before "at": ``the m.p. lay at``, ``was found at``.
_STATED_AS = re.compile(
    r"(?:\s+(?:lay|lies|lying|was|were|is|are|now|then|found|observed|measured|determined"
    r"|rose|risen|increased|raised|ranges?|ranged|ranging|varies|varied|falls?|fell))+$",
    re.IGNORECASE,
)


def open_bracket(before: str) -> str | None:
    """The text inside the innermost bracket still open at the end of ``before``,
    reading over the brackets closed inside it (``(Pd(PPh3)4, toluene, 82%``)."""
    depth: list[int] = []
    for i, char in enumerate(before):
        if char in _OPEN:
            depth.append(i)
        elif char in _OPEN.values() and depth:
            depth.pop()
    return before[depth[-1] + 1 :] if depth else None


@dataclass(frozen=True, slots=True)
class _Cue:
    """Where words call a quantity a property: ``rank`` 0 for words right before it or
    a unit only that property has, 1 after it, 2 a sentence or heading away; among
    equals the nearer wins. ``direct``: nothing but linking words between."""

    text: str
    rank: int
    distance: int
    direct: bool = False


def _cue(
    text: str,
    q: Quantity,
    prop: str,
    before: str,
    after: str,
    context: _Context,
    schema: SchemaSpec,
) -> _Cue | None:
    """The words that call ``q`` a ``prop``, said for the model; None if nowhere."""
    if prop == "reaction_yield" and q.unit == "%" and in_step_list(before, after):
        # "Reagents and conditions: (a) NaH, THF, 0 °C, 85%; (b) …": a scheme's steps
        return _Cue("closing a step of a scheme's conditions", 0, 0, direct=True)
    if prop == "reaction_yield" and q.unit == "%":
        ruled = _yield_by_rule(before, after, context.prior)
        if ruled is not None:
            return ruled
    pattern = cues.BEFORE_CUES.get(prop) or _custom(schema, prop)
    found = list(pattern.finditer(before)) if pattern is not None else []
    if found:
        last = found[-1]
        gap = before[last.end() :]
        said = f'after "{last.group(0).strip()}"'
        if prop == "reaction_yield" and _amounts_only(gap):
            # "Yield: 9 mg (21%)", "to yield 124 mg (75%)": the product's mass between
            return _Cue(said, 0, len(gap), direct=True)
        if prop == "reaction_yield" and _SIBLING_YIELD.fullmatch(gap):
            # "in moderate yield (26% from 15 or 24% from 13)": the yield's bracket
            # lists it by starting material
            return _Cue(said, 0, len(gap), direct=True)
        if prop == "reaction_yield" and _LABELLED_YIELDS.fullmatch(gap):
            # "Yields: 21a, 85%; 21b, 72%": each yield follows its product's label
            return _Cue(said, 0, len(gap), direct=True)
        if (
            prop == "reaction_yield"
            and _YIELD_OF_TO.fullmatch(gap)
            and _CHANGED_THE.search(before, max(0, last.start() - 20), last.start())
        ):
            # "decreased the yield of 3a to 64 %": the sentence says what the number is
            return _Cue(said, 0, len(gap), direct=True)
        if prop == "reaction_yield" and _YIELD_OF_WAS_LIST.fullmatch(gap):
            # "The yield of 7 was 66 %", "the yield of the cycloadduct 29 was improved to
            # 88 %", "the yields of 7a, 7b and 7c were 65 %, 70 % and 58 %": the
            # sentence says what the numbers are
            return _Cue(said, 0, len(gap), direct=True)
        if prop != "reaction_yield" and _PROPERTY_OF_WAS.fullmatch(gap):
            # "The melting point of 5 was 120 °C", "the solubility of caffeine in water is
            # 21.6 mg/mL": the sentence says what the number is
            return _Cue(said, 0, len(gap), direct=True)
        if prop == "boiling_point" and _PRESSURE_SUBSCRIPT.fullmatch(gap):
            # "b.p.15 68-70 °C": the pressure in mmHg printed as the cue's subscript
            return _Cue(said, 0, len(gap), direct=True)
        if any(n.unit is not None for n in scan_numbers(gap)):
            # "ρ 0.935 g/cm3; S(water) 1.7 g/L": the word belongs to the value between
            return _Cue(said, 1, len(gap))
        # the value's own bracket may open the gap's end, spaced or not: ``yield (26%``,
        # ``yield ( 26 %`` (text taken from a PDF spaces its tokens)
        direct = bool(cues.DIRECT_LINK.fullmatch(gap)) and "(" not in gap.rstrip()[:-1]
        return _Cue(said, 0, len(gap), direct)
    if prop == "density" and q.unit in _DENSITY_UNITS:
        return _Cue("a density unit", 0, 0)
    after_cue = cues.AFTER_CUES.get(prop)
    if after_cue is not None and (hit := after_cue.search(after)):
        # a yield's own words after it (``83% of the theoretical``) settle it as firmly
        # as a cue before it; other properties' words after a value are weaker
        rank = 0 if prop == "reaction_yield" else 1
        return _Cue(f'before "{hit.group(0).strip(" )")}"', rank, hit.start())
    if prop == "reaction_yield" and q.unit == "%":
        beside = _yield_cue(before, after)
        if beside is not None:
            return _Cue(beside, 0, 0)
    listed = cues.LIST_CUES.get(prop)
    if listed is not None and (hit := listed.search(context.prior)):
        # "Solubilities were measured by …. Carbamazepine reached 0.17 mg/mL": physical
        # property lists carry their cue in the sentence that introduces them.
        return _Cue(f'"{hit.group(0)}" in the sentence before', 2, 0)
    if listed is not None and (hit := listed.search(context.topic)):
        return _Cue(f'"{hit.group(0)}" in the heading of the paragraph', 2, 1)
    return None


#: A boiling point's pressure glued to its cue as a subscript: ``b.p.15 ``, ``bp0.5 ``.
#: (text normalisation spaces the glued number off: ``b.p. 15 ``)
_PRESSURE_SUBSCRIPT = re.compile(r"[ \t]?\d{1,3}(?:\.\d{1,2})?[ \t]+")
#: Between a yield's word and the second value of its bracket: ``yield (26% from 15 or ``,
#: ``yield ( 62 % over two steps , ``.
_SIBLING_YIELD = re.compile(
    r"\s*\(\s*\d+(?:\.\d+)?\s*%\s*(?:from|over)\s+[^()%]{1,40}?\s*(?:,|;|or|and)\s*"
)
#: Between ``Yields:`` and a yield of its list: the product's label, after the labels
#: and yields listed before it (``Isolated yields : 21a , 85 % ; 21b , ``).
_LABEL = r"(?:\d{1,3}[a-z]{0,2}|[IVX]{1,5}[a-z]?|[A-Z]\d{0,2}[a-z]?)"
_LABELLED_YIELDS = re.compile(
    rf"\s*:\s*(?:{_LABEL}\s*[,:=]\s*\d+(?:\.\d+)?\s*%\s*[;,]\s*(?:and\s+)?)*{_LABEL}\s*[,:=]\s*"
)
#: Between ``The yield of`` and its value: the product, then ``was`` (``was improved
#: to``, ``was only``).
_YIELD_OF_WAS = re.compile(
    r"\s+(?:of|for)\s+(?:the\s+)?[^%;:()]{1,50}?\s+(?:(?:was|were|is|are)\s+"
    r"(?:(?:improved|increased|raised|lowered|reduced|decreased|dropped|only|about|ca\.)\s+)?"
    r"(?:(?:found|determined|shown|calculated|estimated)\s+to\s+be\s+)?(?:to\s+)?"
    # "the yield of 3a reached 92 %", "… rose to 88 %"
    r"|(?:reached|rose\s+to|climbed\s+to|fell\s+to|dropped\s+to|increased\s+to|decreased\s+to"
    r"|improved\s+to)\s+(?:about\s+|ca\.\s*)?)",
    re.IGNORECASE,
)
#: After another property's word: its owner, maybe its medium, the verb (``of caffeine in
#: water is ``, ``… was found to be``; not ``calculated to be``, which is no measurement).
_PROPERTY_OF_WAS = re.compile(
    r"\s+of\s+(?:the\s+)?[^%;:()=<>\d]{0,60}?(?:\s*\d{1,3}[a-z]?)?"
    r"(?:\s+(?:in|from)\s+[^%;:()=<>\d]{1,40}?)?\s+(?:was|were|is|are)\s+"
    r"(?:(?:found|determined|shown|measured)\s+to\s+be\s+)?(?:about\s+|approximately\s+|ca\.\s*)?",
    re.IGNORECASE,
)
#: ``increased the yield of 3a to``: after the yield's word, its product, then ``to``.
_YIELD_OF_TO = re.compile(r"\s+of\s+(?:the\s+)?[^%;:()]{1,50}?\s+to\s+", re.IGNORECASE)
_CHANGED_THE = re.compile(
    r"\b(?:increased|decreased|improved|raised|lowered|reduced|dropped|enhanced|boosted)"
    r"\s+the\s+(?:isolated\s+)?$",
    re.IGNORECASE,
)
#: The same, with the yields of a list's earlier members before the value.
_YIELD_OF_WAS_LIST = re.compile(
    _YIELD_OF_WAS.pattern + r"(?:\d+(?:\.\d+)?\s*%\s*(?:,\s*(?:and\s+)?|\s+and\s+))*",
    re.IGNORECASE,
)
#: What may stand between a yield's word and its value besides the product's amounts.
_AMOUNT_LINK = re.compile(r"(?:[\s:=,;.()]|\b(?:was|were|is|of)\b)*")


def _amounts_only(gap: str) -> bool:
    """``: 9 mg (``, `` 2.4 g., ``: nothing but the product's mass or moles and punctuation."""
    numbers = scan_numbers(gap)
    if not numbers or any(n.kind != "amount" for n in numbers):
        return False
    rest, pos = [], 0
    for n in numbers:
        rest.append(gap[pos : n.start])
        pos = n.end
    rest.append(gap[pos:])
    return all(_AMOUNT_LINK.fullmatch(piece) for piece in rest)


def _yield_by_rule(before: str, after: str, prior: str) -> _Cue | None:
    """The forms in which chemical writing states a product's yield, so surely that the
    text settles the property and the model is asked only whose it is.

    ``(85% yield)``, ``83% of theory``; ``18.9 g (90%)``; the product's bracket
    ``(12.4 mg, 23%)`` or ``(70%)`` after a verb that makes it (``to afford the title
    compound``, ``purified by chromatography``) or before one (``… was obtained``); ``in
    87%`` after such a verb. A bracket that goes on to a reagent's use (``… 80%) was
    added``) is not one.
    """
    hit = cues.AFTER_CUES["reaction_yield"].search(after)
    if hit is not None:
        return _Cue(f'before "{hit.group(0).strip(" )")}"', 0, hit.start(), direct=True)
    if cues.YIELD_LIST_AFTER.search(after):
        return _Cue("in a list of yields", 0, 0, direct=True)
    if cues.LABELLED_BRACKET_LIST_AFTER.search(after) and cues.LABELLED_BRACKET_BEFORE.search(
        before[-30:]
    ):
        return _Cue("opening a list of labelled yields", 0, 0, direct=True)
    if cues.LABELLED_BRACKET_THEN_VERB.search(after) and cues.LABELLED_BRACKET_BEFORE.search(
        before[-30:]
    ):
        return _Cue("a converted compound's bracket", 0, 0, direct=True)
    closing = after.find(")")
    tail = after[closing + 1 :] if closing >= 0 else ""
    inner = open_bracket(before)
    if closing >= 0 and cues.REAGENT_USE_AFTER.search(tail) and not _product_owns(before, inner):
        return None
    if _AFTER_MASS.search(before):
        return _Cue("after the product's mass", 0, 0, direct=True)
    if inner is not None and closing >= 0:
        ruled = _bracket_rule(before, inner, after[:closing], tail, prior)
        if ruled is not None:
            return ruled
    if re.search(r"\bin\s*$", before) and _made_by(before, cues.YIELD_VERBS):
        return _Cue('after "in"', 0, 0, direct=True)
    if cues.SHARE_MADE_BEFORE.search(before[-120:]) and cues.SHARE_OF_PRODUCT_AFTER.match(after):
        # "Irradiation gave 45 % of 3a and 20 % of 4a": each a share the verb made
        return _Cue("a share a verb made, of its product", 0, 0, direct=True)
    if (
        re.search(r"\bat\s*$", before)
        and _made_by(before, cues.YIELD_VERBS)
        and _AT_VALUE_ENDS.match(after)
    ):
        # "afforded amide 19 at 70% (99% ee)": "at", as "in", after the verb's product
        return _Cue('after "at"', 0, 0, direct=True)
    if _CLAUSE_END.match(after) and _after_made_mass(before):
        return _Cue("after the product's mass", 0, 0, direct=True)
    if _VERB_LABEL_COMMA.search(before) and _CLAUSE_END_OR_FORM.match(after):
        return _Cue("after the product's label", 0, 0, direct=True)
    if _LABEL_COLON.search(before) and _CLAUSE_END_OR_FORM.match(after):
        # "Compounds 5a–5c were prepared similarly. 5a: 82%, mp 120–122 °C; 5b: 75%, …"
        return _Cue("after the product's label", 0, 0, direct=True)
    return None


#: A clause that opens with a product's label and a colon: ``; 5b: `` before ``75%``.
_LABEL_COLON = re.compile(rf"(?:^|[.;]\s+)(?:compound\s+)?{_LABEL}\s*:\s*$", re.IGNORECASE)


#: After ``gave 28, 85%``: the clause ends, or the product's form follows.
_CLAUSE_END_OR_FORM = re.compile(r"\s*(?:[.;]|$|,\s*(?:as\s+an?\s+|mp\b|m\.p\.))", re.IGNORECASE)


#: A percentage that ends its clause: ``…, 81.25%.``
_CLAUSE_END = re.compile(r"\s*(?:[.;]|$)")


def _after_made_mass(before: str) -> bool:
    """``to obtain 3.51 g of NAME as a solid, 81.25%``: the percentage closes a clause
    that made a product and weighed it."""
    if not before.rstrip().endswith(","):
        return False
    verbs = list(cues.PRODUCT_VERBS.finditer(before))
    if not verbs or cues.REAGENT_STEP.search(before, verbs[-1].end()):
        return False
    rest = before[verbs[-1].end() :]
    return any(n.unit in _MASSES for n in scan_numbers(rest))


_MASSES = frozenset({"g", "mg", "kg", "µg"})


def _product_owns(before: str, inner: str | None) -> bool:
    """The bracket opens right after the product or the form it came as: ``The product
    (yellow solid, 3.23 g, 56%) was combined and dried``, whatever the product was then
    used for, its percentage is its yield (a reagent's strength follows its name)."""
    if inner is None:
        return False
    head = before[: len(before) - len(inner) - 1].rstrip()
    return bool(cues.PRODUCT_BEFORE.search(head))


def _bracket_rule(before: str, inner: str, rest: str, tail: str, prior: str) -> _Cue | None:
    """A percentage in a product's bracket: ``(12.4 mg, 23%)`` after a verb that makes
    or purifies the product (or a product's form, or before ``was obtained``); a bare
    ``(70%)`` (or ``(55%, mp 118 °C)``, ``(62% from 7)``) only after a verb that makes
    it, not after a purification (``eluting with EtOAc-hexanes (0-5%)``). ``inner`` is
    the bracket before the percentage, ``rest`` after it, ``tail`` the sentence after the
    bracket; a bracket that opens its sentence belongs to the sentence before
    (``… to afford Intermediate 1-a. (35.0 g, 79.7%)``)."""
    head = before[: len(before) - len(inner) - 1]
    if _ROTATION_BEFORE.search(head):
        return None  # "[α]25D = +563.1° (methylene chloride; 1%)": the rotation's solution
    if not head.strip():
        head = prior
    if not inner.strip() and not rest.strip() and _LABEL_YIELD_BEFORE.search(head):
        # "3a ( 75 % ) , 3b ( 80 % ) , and 3c ( 82 % )": the next of a list of products,
        # each with its yield in its own bracket
        return _Cue("in a list of products' yields", 0, 0, direct=True)
    if _LABEL_ITEM.fullmatch(inner) and not rest.strip():
        # "an ester ( 3f , 79 % ) , a nitrile ( 3g , 83 % )": a product's label and yield
        return _Cue("beside the product's label", 0, 0, direct=True)
    if _LABELLED_YIELDS_BEFORE.fullmatch(inner) and _LABELLED_YIELDS_AFTER.fullmatch(rest):
        # "reacted well (4b, 82%; 4c, 79%)": each product's label and yield in turn
        return _Cue("beside the product's label", 0, 0, direct=True)
    if _substituent_list(inner, rest):
        # "( 3a , R = Me , 65 % ; 3b , R = Ph , 71 % )", "5 ( X = Cl , 45 % )": each
        # product by its label or its substituent, then its yield
        return _Cue("beside the product's substituent", 0, 0, direct=True)
    if any(s.kind == "amount" for s in scan_numbers(inner + " " + rest)):
        if _product_bracket(head, tail, cues.PRODUCT_VERBS):
            return _Cue("in the product's bracket", 0, 0, direct=True)
        return None
    bare = _EARLIER_YIELDS.fullmatch(inner) and _BARE_REST.fullmatch(rest)
    if bare and _product_bracket(head, tail, cues.YIELD_VERBS):
        return _Cue("in brackets after the product", 0, 0, direct=True)
    closes = cues.STEP_ASIDE.fullmatch(rest) is not None
    if (
        not inner.strip()
        and closes
        and cues.STEP_WENT_BRACKET.search(before[: len(before) - len(inner)])
    ):
        return _Cue("after a step that went well", 0, 0, direct=True)
    if closes and conditions_bracket(before, rest + ")" + tail):
        # "reduced to alcohol 41 ( NaBH4 , 95 % )", "was reduced ( NaBH4 , 95 % ) to 13"
        return _Cue("closing a step's conditions beside its product", 0, 0, direct=True)
    if cues.STEP_CONDITIONS_BEFORE.search(before) and closes:
        return _Cue("closing a step's conditions", 0, 0, direct=True)
    if not inner.strip() and _step_then_product(before, rest, tail):
        # "Oxidation of 5 with DDQ ( 85 % ) gave quinone 6": the step's yield, its
        # product named after the verb
        return _Cue("closing a step named before its product", 0, 0, direct=True)
    if _CONDITIONS.fullmatch(inner) and cues.STEP_TEMPERATURE_OR_TIME.search(inner) and closes:
        # "Coupling of 7 with 8 (Pd(PPh3)4, toluene, 110 °C, 12 h, 82%) gave 9": a step's
        # reagents, temperature and time, then its yield, however the sentence goes on
        return _Cue("closing a step's conditions", 0, 0, direct=True)
    if (
        (_CONDITIONS.fullmatch(inner) or _one_reagent(inner))
        and closes
        and (_made_by(head, cues.YIELD_VERBS) or _STEP_MAKES_AFTER.match(tail))
    ):
        # "afforded 49 (MeI, K2CO3, acetone, 90%)", "(TBSCl, imidazole, DMF, 96%) gave 41",
        # "prepared from alcohol 18 (PBr3, 87%)"
        return _Cue("closing a step's conditions", 0, 0, direct=True)
    return None


def _substituent_list(inner: str, rest: str) -> bool:
    """The bracket lists products, each a label and its substituents or only its
    substituents, then a percentage; this item is the last before ``rest``."""
    # (items joined by ";" or, after a yield, by "and": "(9a, R = H, 86% and 9m, …")
    *earlier, item = re.split(r";|(?<=%)\s*,?\s*and\b", inner)
    if not _LISTED_PRODUCT.fullmatch(item) or not _LIST_REST.fullmatch(rest):
        return False
    return all(_LISTED_YIELD.fullmatch(piece) for piece in earlier)


#: One product of such a list before its percentage: ``3a , R = Me , `` or ``X = Cl , ``.
_LISTED_PRODUCT = re.compile(rf"\s*(?:{_LABEL}\s*,\s*)?{cues.SUBSTITUENT}+")
#: An earlier product of the list, its percentage given.
_LISTED_YIELD = re.compile(rf"\s*(?:{_LABEL}\s*,\s*)?{cues.SUBSTITUENT}+\d+(?:\.\d+)?\s*%\s*")
#: What may follow the percentage in such a bracket: nothing, or the next product.
_LIST_REST = re.compile(r"\s*(?:(?:;|,?\s*and\s).*)?", re.S)
#: An optical rotation before a bracket: the bracket gives its solvent and concentration.
_ROTATION_BEFORE = re.compile(r"\[\s*[αa]\s*\][^()]{0,30}?[+\-−–]?\s*\d[\d.,]*\s*°?\s*$")
#: A product's label and its yield's bracket, then the next product's label: ``3a ( 75 %
#: ) , 3b ``.
_LABEL_YIELD_BEFORE = re.compile(
    rf"(?<![\w\-.,/]){_LABEL}\s*\(\s*\d+(?:\.\d+)?\s*%\s*\)\s*,\s*(?:and\s+)?{_LABEL}\s*$"
)
#: A product's label alone before a percentage in a bracket: ``( 3f , 79 % )``.
_LABEL_ITEM = re.compile(rf"\s*{_LABEL}\s*,\s*")
#: A bracket of labels and yields in turn, ``(4b, 82%; 4c, 79%)``: before and after one
#: of its percentages.
#: (or a colon after each label: ``(5a: 85%; 5b: 80%)``)
_LABELLED_YIELDS_BEFORE = re.compile(
    rf"(?:\s*{_LABEL}\s*[,:]\s*\d+(?:\.\d+)?\s*%\s*;)*\s*{_LABEL}\s*[,:]\s*"
)
_LABELLED_YIELDS_AFTER = re.compile(rf"(?:\s*;\s*{_LABEL}\s*[,:]\s*\d+(?:\.\d+)?\s*%)*\s*")
#: One item before a percentage in a bracket: ``(PBr3, 87%)``, ``(DMP, 87%)``.
_ONE_ITEM = re.compile(r"\s*(?P<item>[^()%,;]{2,40}?)\s*[,;]\s*")
#: One item that says how a percentage was measured or where it comes from, which makes
#: it a purity, a selectivity or a literature figure: ``(HPLC, 98%)``, ``(ee, 95%)``,
#: ``(lit., 85%)``.
_NOT_A_REAGENT = re.compile(
    r"(?:\d|.*\b(?:HPLC|U?PLC|GC|LC|LC-?MS|MS|area|purity|pure|ee|de|dr|er|lit|ref|refs"
    r"|conversion|conv|selectivity|w/w|v/v|wt|vol|mol|brsm|crude|isolated|theory"
    r"|theoretical)\b)",
    re.IGNORECASE,
)


def _one_reagent(inner: str) -> bool:
    """A bracket that names the one reagent of a step before its yield."""
    item = _ONE_ITEM.fullmatch(inner)
    return item is not None and not _NOT_A_REAGENT.match(item["item"])


#: A bracket of a step's reagents and conditions before the yield that closes it: two
#: items at least, no percentage or bracket among them.
_CONDITIONS = re.compile(  # "( TFA , CH2Cl2 ; 94 % )", "(Pd(PPh3)4, K2CO3, 82%)"
    r"(?:[^()%]|\([^()%]*\))*[,;](?:[^()%]|\([^()%]*\))*[,;]\s*"
)


#: After a step's conditions bracket: the verb that makes the step's product.
def _step_then_product(before: str, rest: str, tail: str) -> bool:
    """``Oxidation of 5 with DDQ ( 85 % ) gave quinone 6``: a bracket holding only a
    percentage after a step's noun and its reagent, and right after the bracket the verb
    that makes the product."""
    return (
        cues.STEP_WITH_REAGENT_BRACKET.search(before) is not None
        and cues.STEP_ASIDE.fullmatch(rest) is not None
        and _STEP_MAKES_AFTER.match(tail) is not None
    )


_STEP_MAKES_AFTER = re.compile(
    r"\s*,?\s*(?:then\s+)?(?:gave|afforded|furnished|provided|delivered|yielded|produced"
    # "Amide 10 was then cyclized ( POCl3 , 80 % ) to give dihydroisoquinoline 11"
    r"|to\s+(?:give|afford|furnish|provide|deliver|yield|produce))\b",
    re.I,
)


#: What may follow a bare yield in its bracket: another item, the next yield of a list
#: (``( 85 and 55 % , respectively )``), where it was made from or over how many steps,
#: or how it was counted (``isolated``, ``brsm``, ``by 1H NMR``).
_BARE_REST = re.compile(
    r"\s*(?:[,;].*|(?:and|or)\s+\d.*|(?:from|over|for)\b.*"
    r"|(?:isolated|overall|combined|brsm|borsm)\b.*|by\s+(?:1\s*H\s*)?NMR\b.*)?",
    re.DOTALL | re.IGNORECASE,
)
#: What may stand before a bare yield in its bracket: nothing, or the yields listed
#: before it (``(78%, 65% and 80%)``), one per product the verb made.
_EARLIER_YIELDS = re.compile(
    r"[\s,;]*(?:(?:\d+(?:\.\d+)?\s*%?|(?P<aside>"
    # or what the bracket says of the step besides: the products' ratio ("3 : 1",
    # "10:1 dr", "E/Z 3:1"), where it is shown ("eq 1", "Scheme 2", "entry 3"), how
    # many steps it took ("2 steps")
    r"(?:(?:d\.?r\.?|e\.?r\.?|E\s*/\s*Z|Z\s*/\s*E|rr)\s*[=:]?\s*)?[<>]?\s*\d+(?:\.\d+)?\s*:\s*"
    r"\d+(?:\.\d+)?(?:\s*(?:d\.?r\.?|e\.?r\.?|E\s*/\s*Z|rr))?"
    r"|(?:eqn?|equation|scheme|table|entry)\.?\s*\d+[a-z]?"
    r"|(?:\d|two|three|four|five|six)\s+steps?(?:\s+from\s+\S+)?"
    # or the product's melting or boiling point: "lactone 68 ( mp 141-143 °C , 86 % )"
    r"|(?:m\.?\s?p\.?|b\.?\s?p\.?)\s*[^,;()%]{1,30}))"
    r"\s*(?:,|;|and|,\s*and)\s*)*"
)


def _made_by(head: str, verbs: re.Pattern[str]) -> bool:
    """One of ``verbs`` (that make a product) stands in ``head`` with no reagent step after."""
    found = list(verbs.finditer(head))
    if not found or cues.REAGENT_STEP.search(head, found[-1].end()):
        return False
    since = head[found[-1].end() :]
    closed = list(_YIELD_BRACKET_CLOSED.finditer(since))
    # "gave 6 (85%) and 7 (" names the next product; "converted to 6 (26%) over the
    # trichloroethyl group (" is another step's, whose product is not named
    return not closed or bool(_NEXT_PRODUCT.fullmatch(since[closed[-1].end() :]))


#: The bracket of a yield the verb's product already took: ``(85%)``, ``(26 % from 15)``.
_YIELD_BRACKET_CLOSED = re.compile(r"%[^()]*\)")
#: After it, a further product of the same verb: ``and 7 ``, ``, ketone 8 ``, ``together
#: with a small amount of the dimer 22 ``, ``, accompanied by the ( E ) -isomer 18 ``.
_NEXT_PRODUCT = re.compile(
    r"\s*(?:,\s*(?:and\s+)?(?:[\w-]+\s+){0,2}?"
    r"|and\s+(?:[\w-]+\s+){0,2}?"
    r"|,?\s*(?:(?:together|along)\s+with|accompanied\s+by|as\s+well\s+as)\s+"
    r"(?:(?:a\s+)?(?:small|minor|trace)\s+(?:amounts?\s+)?of\s+)?(?:the\s+)?"
    r"(?:[\w',()-]+\s+){0,4}?)"
    r"[\w',()-]+\s*"
)


def _product_bracket(head: str, tail: str, verbs: re.Pattern[str]) -> bool:
    """The bracket after ``head`` (and before ``tail``) is a product's: a verb that makes
    it, or a product's form, before it; or a verb that isolates it after."""
    if _made_by(head, verbs) or cues.PRODUCT_AFTER.search(tail):
        return True
    if _ROLE_PRODUCT_BEFORE.search(head.rstrip()):
        # "48 was recovered along with the desired product 49 ( 70 % )": the text calls it
        # the product, whatever was recovered or added before
        return True
    return bool(cues.PRODUCT_BEFORE.search(head.rstrip())) and not cues.REAGENT_STEP.search(head)


#: The product called by its role, maybe with its label, right before its bracket.
_ROLE_PRODUCT_BEFORE = re.compile(
    rf"\b(?:title|desired|target|expected)\s+(?:compound|product)(?:\s+{_LABEL})?$", re.I
)


def _yield_cue(before: str, after: str) -> str | None:
    if _AFTER_MASS.search(before):
        return "after the product's mass"
    inner = open_bracket(before)
    if inner is not None:
        # the product's "(1.2 g, 6.6 mmol, 70%)"; a reagent's "NaH (60%, 0.48 g)" is
        # blocked before cues are asked for
        closing = after.find(")")
        siblings = inner + " " + (after[:closing] if closing >= 0 else "")
        if any(s.kind == "amount" for s in scan_numbers(siblings)):
            return "beside the product's mass or moles"
        if cues.YIELD_VERBS.search(before) and not inner.strip(" ,;"):
            return "in brackets after the product"
        if _SUBJECT_BRACKET.search(before) and _BRACKET_THEN_VERB.match(after):
            # "The tosylate 25 ( 93 % ) was then displaced with azide": a narrative
            # brackets the yield of the compound it goes on to use
            return "in brackets after the product"
    if cues.YIELD_VERBS.search(before) and re.search(r"\bin\s*$", before):
        return 'after "in"'
    if _MADE_SHARE.search(before) and _OF_PRODUCT.match(after):
        return "a product verb's share of its product"  # "Hydrolysis gave 78 % of 5"
    if _SHARE_THEN_MADE.match(after):
        return "a product verb's share of its product"  # "only 12 % of 3a was formed"
    if (
        (co := _CO_PRODUCT_SHARE.search(before))
        and cues.YIELD_VERBS.search(before, 0, co.start())
        and _OF_PRODUCT.match(after)
    ):
        # "gave 18 ( 85 % ) along with 8 % of the over - reduced alcohol 17": a by-product's
        # share, after the verb that made the product it came with
        return "a by-product's share beside the product"
    if _REACTION_EFFICIENCY.search(before):
        return "a reaction's efficiency"
    if _FORM_THEN_COMMA.search(before) and _CLAUSE_GOES_ON.match(after):
        return "after the product's form"  # "NAME (8e): Yellow solid, 90 %, m. p. 232 °C"
    return None


#: A sentence opening on a compound by its kind and number, its bracket open: ``The
#: tosylate 25 (``, ``Alcohol 12 (``.
_SUBJECT_BRACKET = re.compile(
    r"^\s*(?:The\s+)?(?:(?:resulting|known|crude|desired)\s+)?"
    r"(?:(?!(?:of|mixture|solution|suspension|sample|batch|catalyst|ligand|reagent)\b)"
    r"[a-z][\w-]*\s+){0,2}"
    rf"{_LABEL}\s*\(\s*$",
    re.IGNORECASE,
)
#: That bracket closing on the percentage alone (or with the step's ratio or ee: ``( 73 %
#: , > 20 : 1 dr )``), and the sentence's verb.
_BRACKET_THEN_VERB = re.compile(
    rf"{cues.STEP_ASIDE.pattern}\)\s*(?:was|were|is|are)\s+(?!\d)", re.IGNORECASE
)


#: The form a compound came as, then a comma: ``Yellow solid, `` (before its yield).
_FORM_THEN_COMMA = re.compile(
    rf"\b{FORM_OF_MATTER}\s*,\s*$",
    re.IGNORECASE,
)
#: After that percentage, its clause ends or the entry's next item follows.
_CLAUSE_GOES_ON = re.compile(r"\s*(?:[,;]|\.(?:\s|$)|$)")


#: A share of a labelled product, then the verb that made it: ``12 % of 3a was formed``;
#: or of the product, named so (``only 10% of the desired product was isolated``,
#: ``40% product 2b was obtained``).
_SHARE_THEN_MADE = re.compile(
    rf"\s*%?\s*(?:of\s+(?:the\s+)?(?:[a-z][\w-]*\s+){{0,2}}?{_LABEL}"
    r"|(?:of\s+)?(?:the\s+)?(?:(?:desired|target|expected|corresponding)\s+)?products?"
    rf"(?:\s+{_LABEL})?)\s+(?:was|were)\s+(?:\w+ly\s+)?"
    r"(?:formed|obtained|isolated|produced|generated)\b",
    re.IGNORECASE,
)


#: What joins a by-product to the product the sentence made, right before its share
#: (``together with 12 % of``, ``along with about 8 % of``, ``accompanied by 5% of``).
_CO_PRODUCT_SHARE = re.compile(
    r"\b(?:(?:together|along)\s+with|accompanied\s+by|as\s+well\s+as|besides)\s*"
    r"(?:(?:only|about|approximately|ca\.|some|roughly)\s+)?$",
    re.IGNORECASE,
)
_MADE_SHARE = re.compile(
    rf"{cues.SHARE_VERB}\s*(?:(?:only|just|merely|approximately|nearly)\s+)?$", re.IGNORECASE
)
#: ``of 5``, ``of the acid``, ``of pure 2-methylpentane`` after that percentage; not a
#: share of a mixture (``of the mixture``, ``of the starting material``).
_OF_PRODUCT = re.compile(
    # ("gave 78% (0.41 g) of 4-nitrophenol": its mass may stand between)
    r"\s*(?:\(\s*[\d.,]+\s*(?:mg|g|kg)\b[^()%]{0,20}\)\s*)?of\s+(?!(?:the\s+)?(?:mixture|starting|theor|unreacted|recovered|conversion|water"
    r"|solvent|total))(?:the\s+)?(?:pure\s+|crude\s+)?[\w(\[]",
    re.IGNORECASE,
)


def _custom(schema: SchemaSpec, prop: str) -> re.Pattern[str] | None:
    for spec in schema.properties:
        if spec.name == prop:
            return cues.custom_cue(spec.name)
    return None


_PRESSURE = re.compile(
    r"^\s*(?:/|at|under|,|\()\s*(\d+(?:\.\d+)?\s*(?:mm\s?Hg|[Tt]orr|mbar|kPa|hPa|Pa|atm|bar|mm))"
)


def _pressure(after: str) -> str | None:
    match = _PRESSURE.search(after)
    return match.group(1) if match else None


def _cue_led(
    text: str, numbers: Sequence[Quantity], schema: SchemaSpec, sentences: _Sentences
) -> list[Candidate]:
    """Dimensionless values: ``logP = 2.3``; the cue is what makes them candidates."""
    leads: dict[str, re.Pattern[str]] = {}
    for prop in schema.properties:
        if set(prop.units) != {None}:
            continue
        leads[prop.name] = cues.LOG_CUES.get(prop.name) or cues.custom_cue(prop.name)
    by_start = {q.number_start: q for q in numbers if q.unit is None}
    found: list[Candidate] = []
    taken: set[int] = set()
    for name, pattern in leads.items():
        for cue in pattern.finditer(text):
            link = cues.LOG_LINK.match(text, cue.end())
            pos = link.end() if link else cue.end()
            if pos - cue.end() > cues.LOG_WINDOW:
                continue
            first = _number_at(by_start, text, pos)
            label = None
            if (
                first is not None
                and text[first.number_start : first.end].isdigit()
                and _OF_BEFORE.search(text, max(0, first.number_start - 8), first.number_start)
            ):
                label = _LABEL_THEN_VALUE.match(text, first.end)
            if first is not None and label is not None:
                # "logP of 3 (2.95)", "log P of 3 = 2.95": the whole number is the
                # compound's label, the value comes after it
                first = None if label["bracket"] else _number_at(by_start, text, label.end())
            chain = [first] if first else []
            while chain:
                nxt = cues.LIST_LINK.match(text, chain[-1].end)
                following = _number_at(by_start, text, nxt.end()) if nxt else None
                if following is None:
                    break
                chain.append(following)
            chain += _bracketed_after(text, cue.end(), by_start, sentences)
            for q in chain:
                if q.number_start in taken:
                    continue
                taken.add(q.number_start)
                lead = replace(q, kind="dimensionless", cue=name)
                found.append(
                    Candidate(
                        lead, (name,), (name,), sentences.around(q.start),
                        cue_text=f'after "{cue.group(0)}"',
                    )
                )  # fmt: skip
    return found


#: After a whole number that follows a cue's ``of``, what makes it a compound's label:
#: the value bracketed after it, or stated after ``=`` or a verb.
_LABEL_THEN_VALUE = re.compile(
    r"\s*(?:(?P<bracket>\(\s*[-−]?\d+\.\d+\s*\))|(?:=|was|is)\s*(?=[-−]?\d))"
)
_OF_BEFORE = re.compile(r"\bof\s+$")
#: ``1 (2.14) < 2 (2.67)``: a decimal alone in brackets after a label or name. Labels
#: themselves are whole numbers (``indole (1)``), so only decimals count.
_BRACKETED_DECIMAL = re.compile(r"(?<=\S)\s*\(\s*([-−]?\d+\.\d+)\s*\)")


def _bracketed_after(
    text: str, pos: int, by_start: dict[int, Quantity], sentences: _Sentences
) -> list[Quantity]:
    """The bracketed decimals of the rest of the cue's sentence (``Measured logP values
    increased in the order 1 (2.14) < 2 (2.67) < 3 (3.12)``)."""
    _, end = sentences.around(pos)
    out = []
    for match in _BRACKETED_DECIMAL.finditer(text, pos, end):
        if not text[pos : match.start()].strip():
            continue  # the cue's own bracket: ``logD(7.4)`` is its pH
        q = by_start.get(match.start(1))
        if q is not None:
            out.append(q)
    return out


def _number_at(by_start: dict[int, Quantity], text: str, pos: int) -> Quantity | None:
    while pos < len(text) and text[pos] in " \u00a0\u2009\u202f":
        pos += 1
    if pos in by_start:
        return by_start[pos]
    # a qualifier before the number: "logP > 5"
    for _start, q in by_start.items():
        if q.start == pos:
            return q
    return None
