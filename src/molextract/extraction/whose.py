"""Whose a value is: the one written policy that decides a record's compound.

1. The forms of chemical writing that say whose a value is decide first, the most
   specific first (``FORM_RULES``): values listed in the order of their compounds
   (``respective.py``), a bracket after a label, the subject a sentence says it
   prepared (``prepared.py``), the yield in a product's
   mass-and-moles parenthesis, the subject of a physical verb, the entry's product…
   These forms are regular enough that code reads them surely. Last among them, a
   yield of an optimisation narrative that no form reads takes the product of the
   entry before it (``optimisation.py``).
2. Where no form applies, the model's choice among the compound mentions code marked in
   what it read (``compound_markers.py``): it can only pick a mention that is there, so
   its answer is never a mass, a description or a name the text does not print.
3. Else the compound the passage is about (``mentions.passage_subject``: the section
   heading's compound, or the first compound the paragraph's first sentence names),
   when it stands before the value's sentence. A value in a paragraph is that
   paragraph's subject's unless something says otherwise; the model's "none" mostly
   means it could not tell. A subject in the value's own sentence was marked for the
   model, which declined it: in journals' narrative (``Enone 5 is converted to dienones
   7 in 77% yield``) that sentence's first compound is what the product was made from.
4. Else no compound.

A yield is never given to a solvent or a work-up reagent (``dried over MgSO4``,
``Cs2CO3``, ``pyridine``), whichever step above names one: a procedure names many of
them near its yield, and the product is elsewhere or unnamed. For a schema of yields
alone they are not even marked for the model.

Each decision says how it was made (``compound.source``): the rule's name, ``model``,
or ``label_table`` when the model picked "the title compound" and the document's
label table said which compound that is. Because a form decides before the model, a
value whose property the text names outright and whose compound a form gives needs no
model call at all (``decided_without_model``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from molextract.extraction.candidates import in_step_list, step_list_target
from molextract.extraction.class_product import class_product
from molextract.extraction.converted_subjects import converted_product
from molextract.extraction.cues import MAKES_PRODUCT, PRODUCT_ROLE, STEP_NOUN
from molextract.extraction.entries import (
    FORM_RULES,
    Entry,
    identified_product,
    product_after_conditions,
    sentence_start,
    title_compound,
)
from molextract.extraction.former_latter import former_or_latter
from molextract.extraction.junk_compounds import ORDINAL, is_auxiliary, junk_reason, quantity_kind
from molextract.extraction.label_table import LabelTable
from molextract.extraction.mentions import (
    Mention,
    bracketed_after_label,
    described_compound,
    label_after_bracketed_yield,
    label_after_yield,
    label_before_cued_bracket,
    label_for_after_value,
    label_in_bracket,
    made_aside,
    of_class,
    passage_subject,
    resolve_mention,
)
from molextract.extraction.optimisation import earlier_entry_product
from molextract.extraction.point_after_yield import point_after_yield
from molextract.extraction.prepared import prepared_subject
from molextract.extraction.product_conditions import product_beside_conditions
from molextract.extraction.property_of import property_owner
from molextract.extraction.respective import respective_product
from molextract.extraction.role_noun import product_called_by_role
from molextract.extraction.second_crop import second_crop

#: The property whose compound is a product, never a reagent.
YIELD = "reaction_yield"

_Rule = Callable[[str, int, int, LabelTable, list[Entry]], Mention | None]

#: Every form rule in the order it is tried.
RULES: tuple[tuple[str, _Rule], ...] = (
    ("former_or_latter", lambda text, start, _e, table, _n: former_or_latter(text, start, table)),
    ("respective_product", lambda text, start, _e, table, _n: respective_product(text, start, table)),
    ("converted_product", lambda text, start, _e, table, _n: converted_product(text, start, table)),
    ("label_in_bracket", lambda text, start, end, table, _n: label_in_bracket(text, start, end, table)),
    ("label_after_yield", lambda text, _s, end, table, _n: label_after_yield(text, end, table)),
    ("label_after_bracketed_yield", lambda text, start, end, table, _n: label_after_bracketed_yield(text, start, end, table)),
    ("label_for_after_value", lambda text, _s, end, table, _n: label_for_after_value(text, end, table)),
    ("bracketed_after_label", lambda text, start, _e, table, _n: bracketed_after_label(text, start, table)),
    ("made_aside", lambda text, start, end, table, _n: made_aside(text, start, end, table)),
    ("prepared_subject", lambda text, start, _e, table, _n: prepared_subject(text, start, table)),
    ("product_after_conditions", lambda text, start, _e, table, _n: product_after_conditions(text, start, table)),
    ("product_beside_conditions", lambda text, start, end, table, _n: product_beside_conditions(text, start, end, table)),
    ("identified_product", lambda text, start, _e, table, _n: identified_product(text, start, table)),
    ("described_compound", lambda text, start, _e, table, _n: described_compound(text, start, table)),
    ("class_product", lambda text, start, end, table, _n: class_product(text, start, end, table)),
    *FORM_RULES,
    ("label_before_cued_bracket", lambda text, start, _e, table, _n: label_before_cued_bracket(text, start, table)),
    ("product_called_by_role", lambda text, start, _e, _t, _n: product_called_by_role(text, start)),
    ("property_owner", lambda text, start, _e, table, _n: property_owner(text, start, table)),
)  # fmt: skip

#: Properties whose record needs nothing of the model once its property is named outright
#: and a form gives its compound (their conditions are a pressure code reads, or none).
#: A solubility, a logD or a density keeps its model call: the model states their
#: conditions (solvent, pH, temperature).
SETTLED_WITHOUT_MODEL = frozenset({"reaction_yield", "melting_point", "boiling_point"})


@dataclass(frozen=True, slots=True)
class Decision:
    """A record's compound and how it was decided."""

    mention: Mention | None
    source: str | None


@dataclass(frozen=True, slots=True)
class Site:
    """Where a value stands in its document, with what the rules read there."""

    text: str
    value_start: int
    value_end: int
    table: LabelTable
    entries: list[Entry]
    #: The value's property when known: a yield is never a solvent's or a work-up
    #: reagent's, whatever a form or the model read.
    property: str | None = None


def by_form(site: Site) -> Decision | None:
    """The compound a form of the writing gives the value, or None when no form applies.

    Last, a yield of an optimisation narrative with no form of its own takes the product
    of the entry before it (``optimisation.py``), and a sentence that is only a melting
    or boiling point takes the product of the yield stated before it
    (``point_after_yield.py``)."""
    if site.property == YIELD and RULES and (step := _scheme_step(site)) is not None:
        return step
    decision = _by_rules(site)
    # with no rules (``bench_corpora.py --model-only``) there is no earlier form to carry
    if decision is not None or not RULES:
        return decision

    def earlier(start: int, end: int) -> Mention | None:
        found = _by_rules(replace(site, value_start=start, value_end=end, property=YIELD))
        return None if found is None else found.mention

    if site.property in _PRODUCT_POINTS:
        mention = point_after_yield(site.text, site.value_start, earlier)
        return None if mention is None else Decision(mention, "point_after_yield")
    if site.property != YIELD:
        return None
    mention = second_crop(site.text, site.value_start, earlier)
    if mention is not None:
        return Decision(mention, "second_crop")
    mention = earlier_entry_product(site.text, site.value_start, earlier)
    return None if mention is None else Decision(mention, "earlier_entry_product")


def _scheme_step(site: Site) -> Decision | None:
    """A yield closing a step of a scheme's list of steps (``Reagents and conditions:
    (a) NaH, THF, 0 °C, 85%;``): its product is in the scheme's drawing and the text
    names only reagents, so no compound; a list that opens with the number of what it
    makes (``1 : ( i ) …``) gives that. None for any other value."""
    start = sentence_start(site.text, site.value_start)
    before = site.text[start : site.value_start]
    after = site.text[site.value_end : site.value_end + 40]
    if not in_step_list(before, after):
        return None
    target = step_list_target(before, after)
    if target is None:
        return Decision(None, "scheme_step")
    label, back = target
    at = site.value_start - back
    defined = site.table.definition(label)
    name = defined.name if defined else None
    return Decision(Mention(name, label, at, at + len(label), True), "scheme_step")


def _by_rules(site: Site) -> Decision | None:
    decision = _by_rules_here(site)
    if decision is None and (joined := _bracket_rejoined(site)) is not None:
        decision = _by_rules_here(joined)
    return decision


#: A sentence that is only a product's bracket up to the value: ``(600 mg, 91%)``.
_DETACHED_BRACKET = re.compile(r"\(\s*[^()]{0,60}$")


def _bracket_rejoined(site: Site) -> Site | None:
    """``… affords the title compound (61). (600 mg, 91%).``: a product's bracket that
    a stray full stop cut off from the sentence that made the product, as patents print
    it, is read as if the stop were not there (a space in its place keeps every
    offset)."""
    start = sentence_start(site.text, site.value_start)
    stop = site.text.rfind(".", 0, start)
    if (
        start == 0
        or stop < 0
        or site.text[stop + 1 : start].strip()
        or "\n\n" in site.text[stop:start]
        or _DETACHED_BRACKET.fullmatch(site.text, start, site.value_start) is None
    ):
        return None
    return replace(site, text=f"{site.text[:stop]} {site.text[stop + 1 :]}")


def _by_rules_here(site: Site) -> Decision | None:
    for name, rule in RULES:
        mention = rule(site.text, site.value_start, site.value_end, site.table, site.entries)
        # ("gave the ether ( 85 % )": a class a step made is no solvent, whatever its word)
        auxiliary = name != "class_product" and _auxiliary(mention, site) if mention else False
        if mention is not None and not _junk(mention) and not auxiliary:
            better = _heading_s_by_its_class(mention, site) or _role_s_entry(mention, site)
            return Decision(better or mention, name)
    return None


def _role_s_entry(mention: Mention, site: Site) -> Mention | None:
    """``Preparation of NAME: … to give the title compound (1.2 g, 85%)``: a phrase
    that names the product by its role stands for the compound of the entry the value
    is in, when an entry names one (a heading already resolved it)."""
    if mention.label is not None or not _ROLE.fullmatch(mention.name or ""):
        return None
    before = [e for e in site.entries if e.start < site.value_start]
    if not before or "\n\n" in site.text[before[-1].start : site.value_start]:
        return None
    entry = before[-1]
    found = entry.mention
    if found.name is None or found.end is None or _ROLE.fullmatch(found.name):
        return None
    # only an entry that opens its paragraph as a heading: "Preparation of NAME:",
    # "NAME (12)." (not "Lithium thioethoxide was prepared by …", a reagent made on the
    # way, nor "… aq. NaHCO3 (basic pH). The organic phases …" inside a paragraph)
    opens = entry.start == 0 or site.text[entry.start - 1] == "\n"
    if not opens or not _HEADING_CLOSE.match(site.text, found.end):
        return None
    return found


def _heading_s_by_its_class(mention: Mention, site: Site) -> Mention | None:
    """``to give the aniline (1.6 g, 92%)`` under the heading ``4-(4-methylpiperazin-1-
    yl)aniline``: a section calls its own product by its class, with the article; when
    the heading's name holds that word, the product is the heading's compound, not the
    parent compound the word also names."""
    name, start = mention.name, mention.start
    if name is None or mention.label is not None or start is None:
        return None
    if not _CLASS_WORD.fullmatch(name) or not _THE_BEFORE.search(
        site.text, max(0, start - 5), start
    ):
        return None
    title = title_compound(site.table, site.value_start)
    if title is None or title.name is None:
        return None
    if name.lower() not in title.name.lower() and not of_class(title.name, name):
        # ("the aniline" of 5-amino-2-fluorobenzonitrile: an amine by its "amino")
        return None
    return title


#: What closes an entry's heading after its name: a colon or a full stop, maybe after
#: its label in brackets.
_HEADING_CLOSE = re.compile(r"\s*(?:\([^()]{1,20}\)\s*)?[:.](?:\s|$)")
#: The product named by its role: ``the title compound``, ``the desired product``.
_ROLE = re.compile(rf"(?:the\s+)?(?:{PRODUCT_ROLE}\s+)?(?:compound|product|material)", re.I)
#: One lower-case word, as a class of compounds is written: ``aniline``, ``amide``.
_CLASS_WORD = re.compile(r"[a-z]{4,}")
_THE_BEFORE = re.compile(r"\bthe\s+$", re.IGNORECASE)


def _auxiliary(mention: Mention, site: Site, *, read: bool = False) -> bool:
    """A yield given to a solvent or a work-up reagent (``dried over magnesium sulfate``,
    ``Cs2CO3``): the product is elsewhere, or unnamed.

    ``read``: the mention was not given by a form but chosen by the model. A melting or
    boiling point so chosen is not a solvent's or a reagent's either, unless its own
    sentence names that compound other than as a medium (``Benzene boils at 80 °C``):
    in a procedure, ``… gives a colorless liquid, bp 38° (0.2 mm)`` is the unnamed
    product's, not the hexane it was washed with. A form that reads a solvent's own
    bracket still gives it, and so does the passage's subject: a safety data sheet's
    ``Section 9: Physical and chemical properties (toluene, …)`` is about toluene."""
    if mention.name is None or mention.label is not None:
        return False  # "its acetate 12": a label makes it a compound of the paper's own
    if site.property == YIELD:
        return is_auxiliary(mention.name)
    if not read or site.property not in _PRODUCT_POINTS or not is_auxiliary(mention.name):
        return False
    return not _named_in_sentence(mention, site)


#: Properties a procedure states of what it made, as it states its yield.
_PRODUCT_POINTS = frozenset({"melting_point", "boiling_point"})
#: A preposition among the words before a name: the name is a medium or a reagent there
#: (``crystallized from n-hexane and benzene``, ``dried over MgSO4``).
_MEDIUM_WORDS = re.compile(
    r"\b(?:from|in|into|with|over|by|through|using)\b(?:\s+\S+){0,2}\s*$", re.I
)


def _named_in_sentence(mention: Mention, site: Site) -> bool:
    """Whether the value's own sentence names the mention, and not as a medium."""
    if mention.start is None:
        return False
    start = sentence_start(site.text, site.value_start)
    if not start <= mention.start < site.value_start:
        return False
    return _MEDIUM_WORDS.search(site.text, max(start, mention.start - 40), mention.start) is None


def _junk(mention: Mention) -> bool:
    """A mention no compound can be (``38mg``, ``white solid``): a form read it amiss.
    A label may be a bare number (``12``) but never a quantity (``800mg``)."""
    if mention.name is not None and junk_reason(mention.name) is not None:
        return True
    label = mention.label
    if label is not None and ORDINAL.fullmatch(label):
        return True  # "Received 24th April": a date's day, no compound's number
    return label is not None and quantity_kind(label) not in (None, "a bare number")


def decide(site: Site, chosen: str | None, *, title: bool = False) -> Decision:
    """The policy: a form first, else the mention the model chose (``chosen``: the text
    of the mention it picked), else the passage's subject, else none. ``title``: the
    chosen mention is "the title compound", which the label table resolves."""
    form = by_form(site)
    if form is not None:
        return form
    if chosen is not None:
        mention = resolve_mention(chosen, site.text, site.value_start, site.table)
        if (
            mention is not None
            and not _junk(mention)
            and not _auxiliary(mention, site, read=True)
            and not _starting_material(mention, site)
        ):
            return Decision(mention, "label_table" if title else "model")
    if _YIELDS_OF_SEVERAL.match(site.text, site.value_end):
        return Decision(None, None)  # "alkenes 9ga−9ja were produced in 68−72% yields"
    if site.property == YIELD and _RANGE.search(site.text, site.value_start, site.value_end):
        # "formed the corresponding triarylamines in 71–99%": a range of yields is a
        # series', never the one compound the passage is about
        return Decision(None, None)
    subject = passage_subject(site.text, site.value_start, site.table)
    if subject is None or _junk(subject) or _auxiliary(subject, site):
        return Decision(None, None)
    if subject.start is not None and subject.start >= sentence_start(site.text, site.value_start):
        return Decision(None, None)
    return Decision(subject, "passage_subject")


#: A range in a value's own text: ``71–99%``, ``60 - 85 %``, ``55 to 76 %``.
_RANGE = re.compile(r"\d\s*(?:[-–−‒]|to)\s*\d")
#: After a value: "yields" in the plural, the value is a span over several products, so
#: no one compound the passage is about.
_YIELDS_OF_SEVERAL = re.compile(r"\s*%?\s*(?:\)\s*)?(?:isolated\s+|overall\s+)?yields\b", re.I)


def _starting_material(mention: Mention, site: Site) -> bool:
    """The model chose what the step was applied to: ``Oxidation of alcohol 12 …
    gave the aldehyde ( 92 % )``, ``Treatment of 7 with HCl gave …``. The name stands
    after ``of`` or ``from`` in the value's own sentence, and a verb that makes the
    product stands between it and the yield, so it is the step's starting material. A
    small model offered only the compounds a sentence labels picks it when the product
    has no label of its own; no compound is better than that one."""
    if site.property != YIELD or mention.start is None or mention.end is None:
        return False
    text, start = site.text, sentence_start(site.text, site.value_start)
    if site.value_end <= mention.start:
        # "worked well ( 81 % ) , but the removal of the Boc group from 6 was
        # problematic": a later clause's compound
        return _LATER_CLAUSE.search(text, site.value_end, mention.start) is not None
    if not start <= mention.start < mention.end <= site.value_start:
        return False
    # (searched in the whole text, so that a word the window cuts is read whole:
    # "Preparation of the corresponding diazolactams 4b" is no step's "…ration of")
    lo = max(start, mention.start - 40)
    if _STEP_NOUN_OF.search(text, lo, mention.start) is not None:
        return True  # "Deprotection of 14 … was followed by oxidation to the ketone"
    if _APPLIED_TO.search(text, lo, mention.start) is None:
        return False
    return _MAKES.search(text, mention.end, site.value_start) is not None


#: Before a name: the step it was put through (``Oxidation of``, ``Treatment of``,
#: ``prepared from``), maybe with its kind between (``of alcohol 12``).
_APPLIED_TO = re.compile(r"\b(?:of|from)\s+(?:the\s+)?(?:[a-z][\w-]*\s+){0,2}$", re.I)
#: A step named by its noun, then what it was applied to, maybe with its kind between:
#: ``Deprotection of``, ``Oxidation of alcohol``.
_STEP_NOUN_OF = re.compile(rf"{STEP_NOUN}\s+of\s+(?:the\s+)?(?:[a-z][\w-]*\s+){{0,2}}$", re.I)
#: Between a value and a compound after it: a clause of its own.
_LATER_CLAUSE = re.compile(r",\s*(?:but|whereas|while|although)\b|;|\bbut\b")
#: A verb that makes the step's product.
_MAKES = re.compile(rf"\b{MAKES_PRODUCT}\b", re.I)


def decided_without_model(site: Site, decisive_property: str | None) -> bool:
    """Whether a value needs no model call: the text names its property outright and a
    form gives its compound."""
    return decisive_property in SETTLED_WITHOUT_MODEL and by_form(site) is not None
