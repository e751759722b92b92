"""Whose a value is, read from the form of chemical writing rather than asked of the model.

Experimental sections are written to a pattern: an entry opens with its product's name
(``4-Methoxybiphenyl (3a).``, ``Barbituric acid.``, ``(E)-Chalcone (7b): 2.07 g``), and
what follows until the next entry is that product's preparation and data. Inside an
entry, a sentence can still tie a value to another compound outright: the product a
verb introduces (``to afford 2-phenylindole (7.25 g, 75%) as plates, mp 187 °C``), the
subject of a physical verb (``cyclopentadiene distilled at 40–42 °C``), a name the
value is bracketed after (``Chloroform (density 1.49 g/cm³)``), or one printed right
after it (``log P = 0.16 for atenolol``, ``logD7.4 = −1.85 (atenolol)``).

A small model reading one sentence and the one before it cannot see the entry's heading
and, among the names of a paragraph, often picks a neighbour's. These forms are regular
enough that code reads them surely; the model's answer is used only where none applies.
Each reader returns None when its form is absent, never a guess.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from molextract.extraction.appearance import FORM_OF_MATTER, LOOKS_ONLY
from molextract.extraction.candidates import open_bracket
from molextract.extraction.chemical_names import (
    is_generic_name,
    looks_like_name,
    name_before,
    name_key,
    names_in,
    tidy_name,
)
from molextract.extraction.cues import (
    SHARE_MADE_BEFORE,
    SHARE_VERB,
    STEP_ASIDE,
    STEP_CONDITIONS_BEFORE,
    STEP_PASSIVES,
    STEP_TEMPERATURE_OR_TIME,
    STEP_WENT_BRACKET,
    STEP_WITH_REAGENT_BRACKET,
)
from molextract.extraction.junk_compounds import is_auxiliary, names_a_medium
from molextract.extraction.label_table import LabelTable
from molextract.extraction.labels import (
    HYPHENED_NUMBER,
    LABEL,
    NUMBER_AFTER_NAME,
    ROMAN,
    RUN_LAST,
    TITLE_WORDS,
)
from molextract.extraction.mentions import (
    PROCEDURE_CODE,
    UNIT_AFTER,
    Mention,
    after_scale_amount,
    from_label,
    is_not_a_compound,
    passage_subject,
    role_product_ending_at,
    without_appearance,
)

#: A sentence ends at a full stop before a capital or an opening bracket, at ``;`` not
#: inside brackets (approximated: any ``;``), or at a line break.
#: A full stop before a capital, a bracket, or a name opening on its locants
#: (``… with NBS. 2-Bromoacetylthiophene was …``, ``4,4'-Dimethyl…``), or a line end.
_SENTENCE_END = re.compile(
    # (tokenised PDF text spaces the stop off: "in 45.6 % . The subsequent …")
    # (a name may open on locants a line end broke off: "found, 275.0798. 6,7- Dimethyl-…")
    # (an ion's charge before it: "m/z 254 (M+H)+. Yield: 45 mg (38%)")
    r"(?:(?<=[\w)\]%°+])|(?<=[\w)\]%°]\s))\.(?=\s+(?:[A-Z(\[]|\d{1,2}(?:,\d{1,2})*'?-\s?[A-Za-z(\[]))"
    r"|\n"
    # "… with moderate success.2 The best …": a footnote's number after the full stop,
    # as text taken from a PDF prints it
    r"|(?<=[a-z]{2})\.(?=\d{1,2}(?:[,–-]\d{1,2})*[a-z]?\s+[A-Z])"
)


@dataclass(frozen=True, slots=True)
class Entry:
    """Where an entry opens, and its product."""

    start: int
    mention: Mention


# --- names and labels at a position ----------------------------------------------------


#: After a label the document never defined: a clause about it, or the form it came as.
_LABEL_CLAUSE_AFTER = re.compile(
    r"\s+(?:(?:that|which)\s+(?:was|were|is|are)\b|as\s+an?\s+(?:[\w-]+\s+){0,3}?"
    rf"{FORM_OF_MATTER}\b)",
    re.IGNORECASE,
)


def _name_at(text: str, start: int, limit: int, table: LabelTable) -> Mention | None:
    """The compound written starting at ``start``: a label the document defines (or one
    followed by its amounts), else a chemical name; None for anything else."""
    # (not the locant of a name: "5,5-diphenyl-5H-indeno[1,2-b]pyridine" when 5 is defined)
    label = re.compile(rf"{LABEL}(?![\w\-]|[,.]\d)").match(text, start, limit)
    if label is not None:
        defined = table.definition(label.group(0))
        if defined is not None:
            name = defined.name
            return Mention(name, defined.label or label.group(0), start, label.end(), True)
        if re.match(r"\s*\(\s*\d", text[label.end() : label.end() + 6]):
            return Mention(None, label.group(0), start, label.end(), True)
        if _LABEL_CLAUSE_AFTER.match(text, label.end()):
            # "afforded 1.78 g (93%) of 66 that was used without further purification"
            return Mention(None, label.group(0), start, label.end(), True)
    for name_start, name_end in names_in(text, start, min(limit, start + 200)):
        if name_start != start:
            return None
        written = tidy_name(text[name_start:name_end])
        if re.fullmatch(LABEL, written) and written[0].isdigit():
            return Mention(None, written, name_start, name_end, True)  # "78 % of 3a"
        head, _, rest = written.partition(" ")
        after_the = text[max(0, name_start - 4) : name_start].lower() == "the "
        kind = is_generic_name(head) or (
            after_the and head.isalpha() and any(map(str.isdigit, rest))
        )
        if rest and kind and looks_like_name(rest):
            # "the pyridine diethyl 2,6-dimethyl…": a kind of compound, then its name
            written, name_start = rest, name_end - len(rest)
        split = _TRAILING_PAREN_LABEL.fullmatch(written)
        printed_label: str | None = None
        if split is not None:
            written, printed_label = split["name"], split["label"]
            name_end = name_start + len(written)
        salt = _SALT_SHORT.fullmatch(written)
        if salt is not None:
            written, name_start = salt["short"], name_end - len(salt["short"])
        plain = without_appearance(written)
        if plain != written:  # "Racemic ibuprofen", "Crystalline sucrose"
            written, name_start = plain, name_end - len(plain)
        if is_not_a_compound(written) or is_generic_name(written):
            return None
        lettered = None if printed_label else _LETTER_AND_NUMBER.match(text, name_end, limit)
        if lettered is not None:
            # "to yield glyclauxin D (5) (2.4 mg, 0.68%)": natural products of one family
            # are told apart by a capital letter after the name, then numbered
            named = f"{written} {lettered['letter']}"
            return Mention(named, lettered["label"], name_start, lettered.end("letter"), True)
        number = None if printed_label else NUMBER_AFTER_NAME.match(text, name_end, limit)
        if number is not None and written.endswith("-"):
            number = None  # "4,4-diphenyl- 1 -(…": a locant of a name the line broke
        if number is not None and not UNIT_AFTER.match(text, number.end()):
            # "afforded 4-methoxybenzaldehyde 12 in 80% yield": the name and its number
            return Mention(written, number.group(1), name_start, number.end(), True)
        label_of = printed_label or table.label_of(written)
        return Mention(written, label_of, name_start, name_end, True)
    return None


#: A family member's letter after its name, then its number: `` D (5)``, `` C1 (9)``.
_LETTER_AND_NUMBER = re.compile(rf" (?P<letter>[A-Z]\d?)\s*\(\s*(?P<label>{LABEL})\s*\)")


def sentence_start(text: str, offset: int) -> int:
    start = 0
    for end in _SENTENCE_END.finditer(text, max(0, offset - 600), offset):
        start = end.end()
    while start < offset and text[start].isspace():
        start += 1
    return start


def sentence_end(text: str, offset: int) -> int:
    """Where the sentence holding ``offset`` ends (after its full stop)."""
    found = _SENTENCE_END.search(text, offset)
    return len(text) if found is None else found.end()


#: ``soluble in water (…)``, ``crystallises from water as …``: a name after these words
#: is the medium a value was measured in or a solid came from, not whose it is.
_MEDIUM_BEFORE = re.compile(
    r"\b(?:(?:in|from|into|with)(?:\s+(?:cold|hot|boiling|warm|pure|distilled|deionized"
    r"|de-ionized|aqueous))?|of\s+(?:aqueous|hot|cold))\s+$"
    # a share of a mixed solvent: "in a solution of 60 wt. % phenol and 40 wt. % TCE"
    r"|\d\s*(?:wt|vol|mol)\.?\s*%\s+(?:of\s+)?$",
    re.IGNORECASE,
)


def is_medium(text: str, name_start: int) -> bool:
    """Whether the name starting at ``name_start`` is written as a medium."""
    return bool(_MEDIUM_BEFORE.search(text, max(0, name_start - 20), name_start))


#: A plural of a kind of compound (``1,2,3-triazoles``, ``chalcones``): a class.
_PLURAL_CLASS = re.compile(
    r"(?:ol|in|id|at|on|an|en|yn|al|ol|ium)es$|(?:ol|ine|ide|ate|one|ane|ene)s$"
)


def _is_class(name: str) -> bool:
    last = name.split()[-1].lower() if name.split() else ""
    return bool(_PLURAL_CLASS.search(last))


#: Property cues the name reader can take for names (``logD7.4``, ``log Kow``).
_CUE = re.compile(r"(?i)c?log\s?(?:[pdk]\w*|ow)[\d.]*|[pdk][\d.]*|m\.?\s?p\.?|b\.?\s?p\.?|ρ")


def is_property_cue(name: str) -> bool:
    """Whether ``name`` is a property's abbreviation (``m.p``, ``logP``), which the shape of
    names alone takes for a compound."""
    return bool(_CUE.fullmatch(name.strip()))


#: Words that begin two-word inorganic and ester names the name reader ends before.
_FIRST_WORDS = frozenset(
    {"carbon", "sodium", "potassium", "lithium", "calcium", "magnesium", "ammonium", "hydrogen",
     "sulfur", "silicon", "boron", "titanium", "zinc", "iron", "copper", "silver", "nitrous"}
)  # fmt: skip
_SALT_SHORT = re.compile(r".+\s(?:salt|ester|ion)\s+(?P<short>(?:\[[^\[\]\s]+\])+)")
_ABBREVIATED = re.compile(r"(?P<name>.+?)\s*\(\s*[\w\-]{1,10}\s*\)")


def _named(text: str, span: tuple[int, int], table: LabelTable) -> Mention | None:
    """The compound a name the text writes at ``span`` stands for, or None when it is no
    one compound's name: ``carbon tetrachloride`` whole, ``2-MeTHF`` dropped from
    ``2-Methyltetrahydrofuran (2-MeTHF)``."""
    start, end = span
    before = re.search(r"(\w+)\s+$", text[max(0, start - 12) : start])
    first_word = ""
    if before is not None and before.group(1).lower() in _FIRST_WORDS:
        start -= len(before.group(0))
        first_word = before.group(0)
    if text[start] == "(" and text[end - 1] == ")":
        # "1-Ethyl-3-methylimidazolium tetrafluoroborate ([EMIM][BF4]) melts": the name
        # is the one the bracketed short form follows
        span_before = name_before(text, start)
        if span_before is None:
            return None
        start, end = span_before
    written = tidy_name(text[start:end])
    salt = _SALT_SHORT.fullmatch(written)
    if salt is not None:  # "hexafluorophosphate salt [BMIM][PF6]"
        written, start = salt["short"], end - len(salt["short"])
    short = _ABBREVIATED.fullmatch(written)
    if short is not None and looks_like_name(short["name"]):
        written = short["name"]
        end = start + len(written)
    core = written[len(first_word) :] if first_word and written.startswith(first_word) else written
    if (
        is_property_cue(written)
        or is_not_a_compound(written)
        or is_generic_name(core)
        or not looks_like_name(core)
    ):
        return None
    return Mention(written, table.label_of(written), start, end, True)


def _name_ending_at(text: str, end: int, table: LabelTable) -> Mention | None:
    """The compound whose name ends at ``end``, unless it is written as a medium; or
    the one a kind of compound and its label name there (``The ketone 7 (bp 85 °C``)."""
    span = name_before(text, end)
    if span is None:
        kind = _KIND_LABEL_AT_END.search(text, max(0, end - 40), end)
        if kind is not None and is_generic_name(kind["kind"]) and not is_medium(text, kind.start()):
            return from_label(kind["label"], text, end, table)
        return None
    if is_medium(text, span[0]):
        return None
    if PROCEDURE_CODE.fullmatch(text[span[0] : span[1]]):
        return None  # "according to GP1 (85% yield)": a general procedure's code
    if re.fullmatch(LABEL, text[span[0] : span[1]]):
        # "alcohols 13a and 13b ( 4 : 1 , 85 % combined yield )": a label, not a name
        return from_label(text[span[0] : span[1]], text, end, table)
    return _named(text, span, table)


#: A kind of compound and its label before a bracket: ``ketone 7 ``, ``the ester 3b ``.
_KIND_LABEL_AT_END = re.compile(rf"\b(?P<kind>[a-z][a-z-]{{2,}})\s+(?P<label>{LABEL})\s*$")


# --- a name printed right beside the value ---------------------------------------------

_AFTER_VALUE = re.compile(r"\s*(?:for|of)\s+(?!the\b|a\b|an\b|all\b|each\b|both\b)")
_PAREN_AFTER_VALUE = re.compile(r"\s*\(\s*")
_YIELD_OF = re.compile(
    # ("with 92% (192 mg) yield of the titled compound": the product's mass between)
    r"\s*(?:\([^()%]{1,40}\)\s*)?(?:(?:overall|isolated|combined|chemical)\s+)?yields?\s+of\s+"
    # "27–34% yield of the desired mono-N-alkylated product 3c"
    r"(?:(?:the\s+)?(?:desired|expected|pure|target)\s+)?",
    re.IGNORECASE,
)
#: The value right after such a verb: ``gave 78 %``.
_MADE_SHARE = re.compile(
    rf"{SHARE_VERB}\s*(?:(?:only|just|merely|approximately|nearly)\s+)?(?:about\s+|ca\.\s*)?"
    r"[\d.,]+\s*%\Z",
    re.IGNORECASE,
)
_SHARE_OF = re.compile(
    # ("There is obtained 65% of the theoretical yield of NAME": the share of theory)
    r"\s*of\s+(?:(?:the\s+)?(?:theoretical(?:\s+yield)?|theory)\s+of\s+)?(?:(?:the|pure)\s+)?",
    re.IGNORECASE,
)
#: After a verb's share, the product named straight after it: ``yielded 71% dinonyl
#: diphenylamine``.
_SHARE_THEN_NAME = re.compile(r"[ \t]+(?=[A-Za-z0-9(\[])")
_YIELD_THEN_PRODUCT = re.compile(r"\s*(?:overall\s+|isolated\s+)?yield\s+(?=the\s)", re.IGNORECASE)
#: A reaction's yield, then what it gave: ``proceeded in 68 % yield ( 85 % brsm ) to
#: give 9``.
#: The verb a yield's clause goes on with to name its product: ``to give``, ``affording``.
_TO_GIVE = (
    r"(?:to\s+(?:give|afford|provide|furnish|deliver)|giving|affording|providing|furnishing"
    r"|delivering)\s+"
)
_YIELD_THEN_GAVE = re.compile(
    rf"\s*(?:overall\s+|isolated\s+)?yield\s*(?:\([^()]{{0,40}}\)\s*)?,?\s*{_TO_GIVE}",
    re.IGNORECASE,
)
#: After a yield: ``into``/``to`` and the product of a conversion the sentence began
#: before the value (``was converted in three steps and 61 % overall yield into the vinyl
#: iodide 10``, ``was elaborated in 70% yield to 12``).
_YIELD_THEN_INTO = re.compile(
    r"\s*(?:overall\s+|isolated\s+)?yield\s*,?\s*(?:in)?to\s+(?!give\b|afford\b)", re.I
)
_CONVERTED_BEFORE = re.compile(
    r"\b(?:converted|transformed|elaborated|advanced|carried\s+(?:forward|on)|taken\s+on)"
    r"\b[^.;]{0,80}$",
    re.IGNORECASE,
)
#: A yield word, then the bracket the value is in: ``quantitative yield ( 98 %``.
_YIELD_BRACKET_OPEN = re.compile(r"\byields?\s*\(\s*[\d.,]+\s*%$", re.IGNORECASE)
#: That bracket closing, then the verb that gave the product.
_BRACKET_THEN_GAVE_PRODUCT = re.compile(rf"\s*\)\s*,?\s*{_TO_GIVE}", re.IGNORECASE)
#: ``17.6 g (89% of the theoretical) of NAME``, ``9.52 g (82% yield) of NAME``.
_CLOSE_THEN_OF = re.compile(
    r"[^()]{0,40}\)\s*of\s+(?:titled\s+(?=\S*[\d(\[]))?"
    # "1.3 g (91%) of the desired NAME", "of pure NAME"
    r"(?:(?:the\s+)?(?:desired|expected|pure|target|crude)\s+(?:(?:product|compound)\s+)?"
    r"(?=(?:[a-z]+\s+)?\S*[\d(\[-]))?"
    # "0.22 g (0.47 mmol = 73 %) of white microcrystalline NAME": how it looked
    r"(?:(?:(?:white|colou?rless|off-white|pale|light|dark|bright|yellow|yellowish|orange|red"
    r"|brown|tan|beige|pink|green|microcrystalline|crystalline|amorphous)\s+){1,3}"
    r"(?=\S*[\d(\[-]))?"
    # "6.3 g (71% of theory) of colorless crystals of NAME": the form it came as, then "of"
    rf"(?:(?:[a-z-]+\s+){{0,3}}?{FORM_OF_MATTER}\s+of\s+(?:the\s+)?(?:pure\s+)?)?"
)
#: ``a yield of 39 %`` printed right before the value's end, and the ``of`` after it.
_YIELD_OF_VALUE = re.compile(
    r"\b(?:yields?\s+of"
    # "afforded 23 in 60 % yield along with 15 % of 24": a second product's share
    r"|(?:along|together)\s+with|accompanied\s+by|as\s+well\s+as)"
    r"\s+(?:about\s+|ca\.\s*)?\d+(?:\.\d+)?\s*%$",
    re.I,
)
#: The product called by its role alone, its phrase ending there: ``the product``, ``pure
#: product`` (not ``the product 5``, which the label says).
_ROLE_PRODUCT = re.compile(
    r"(?:the\s+)?(?:(?:pure|crude|final)\s+)?product(?=\s*(?:[,;:)]|\.(?!\d)|$)|\s+(?:as|was|which)\b)",
    re.IGNORECASE,
)
#: After a yield, the product's mass in its own bracket, then "of": ``78 % ( 0.41 g ) of``.
_MASS_THEN_OF = re.compile(
    r"\s*(?:yield\s*)?\(\s*[\d.,]+\s*(?:mg|g|kg)\b[^()%]{0,20}\)\s*of\s+(?:the\s+)?(?:pure\s+)?",
    re.IGNORECASE,
)


def _share_made(text: str, value_end: int) -> bool:
    """``Irradiation gave 45 % of 3a and 20 % of 4a``: a share a verb of making gave."""
    number = re.search(r"\d+(?:\.\d+)?\s*%$", text[max(0, value_end - 20) : value_end])
    if number is None:
        return False
    start = value_end - len(number.group(0))
    return SHARE_MADE_BEFORE.search(text[max(0, start - 120) : start]) is not None


#: ``of`` the product after a percentage, then the verb that made it: ``62 % of the cyclized
#: product 12 was isolated``, ``85 % of lactone 7 was obtained``.
_OF_THEN_MADE = re.compile(
    rf"\s*of\s+(?:the\s+)?(?:[a-z][\w-]*\s+){{0,3}}?{LABEL}\s+(?:was|were)\s+(?:\w+ly\s+)?"
    r"(?:obtained|isolated|formed|produced|generated)\b",
    re.IGNORECASE,
)
_OF_AFTER = re.compile(r"\s*of\s+(?:(?:the\s+)?(?:desired|expected|pure|target)\s+)?")
#: A label the text calls a compound: ``Compound 32``, ``Intermediate 10A``.
_CALLED_AT = re.compile(
    rf"(?:compound|cpd\.?|intermediate|product)\s+(?P<label>{LABEL}|{HYPHENED_NUMBER}"
    # or a roman formula number: "of compound IV"
    rf"|(?-i:{ROMAN}))"
    r"(?![\w\-])",
    re.IGNORECASE,
)
#: ``gave 3.7 g (59% yield), mp 68°-69°, NAME.``: the product named last, closing the
#: sentence, after its amount and maybe its melting point.
_CLOSE_THEN_NAME = re.compile(
    r"[^()]{0,40}\)\s*,\s*(?:m\.?\s?p\.?\s*[^,;()]{1,24},\s*)?(?=\S*[\d(\[-])"
)
#: The yield's bracket closing, a name straight after it: ``(0.12 g, 45%) NAME``.
_CLOSE_THEN_BARE_NAME = re.compile(r"[^()]{0,40}\)\s+(?=\S*[\d(\[-])")
#: A verb that makes a product, then the bracket the value is in.
_VERB_THEN_BRACKET = re.compile(
    r"\b(?:give|gave|giving|afford(?:ed|ing)?|yield(?:ed|ing)?|obtain(?:ed|ing)?"
    r"|provid(?:e|ed|ing)|furnish(?:ed|ing)?)\s*"
    # ("yielding 1.2 g (85%) NAME": its mass before the bracket)
    r"(?:\d[\d.,]*\s*(?:mg|g|kg)\.?\s*)?\([^()]{0,60}$",
    re.IGNORECASE,
)
#: What patents call the product a section's heading names.
_THE_TITLE = re.compile(rf"(?:the\s+)?{TITLE_WORDS}\b", re.IGNORECASE)
#: A sentence about the section's product without naming it: ``The title compound was
#: collected …``, ``The salt is very soluble …``.
_TITLE_SUBJECT = re.compile(
    r"The\s+(?:(?:title(?:d)?|entitled|subject|(?:above[-\s])?named|captioned|desired|target)\s+)?"
    r"(?:compound|product|salt|hydrochloride)\s",
    re.IGNORECASE,
)


def title_compound(table: LabelTable, offset: int) -> Mention | None:
    """The compound of the section heading over ``offset``, when the heading names one."""
    definition = table.title_compound_at(offset)
    if definition is None or definition.name is None:
        return None
    return Mention(definition.name, definition.label, definition.start, definition.end, True)


#: After that bracket: what the step was applied to, then the verb that gave its product.
_STEP_THEN_PRODUCT = re.compile(
    r"\s*\)\s*(?:of\s+[^.;()]{1,80}?\s+)?(?:then\s+)?(?:afforded|gave|provided|furnished"
    r"|yielded|delivered|produced)\s+",
    re.IGNORECASE,
)


def step_product(text: str, value_start: int, value_end: int, table: LabelTable) -> Mention | None:
    """``reduction (H2, Pd/C, EtOH, 61%) of 3,6-dinitrocarbazole afforded NAME``: the
    narrative of a synthesis brackets each step's conditions and yield after the step's
    name; the yield is the product's the sentence then names, not what the step was
    applied to."""
    if not STEP_CONDITIONS_BEFORE.search(text, max(0, value_start - 150), value_start):
        return None
    then = _STEP_THEN_PRODUCT.match(text, value_end)
    if then is None:
        return None
    called = _KIND_THEN_LABEL.match(text, then.end())
    if called is not None:  # "gave silyl ether 12": the product by its kind and label
        return from_label(called["label"], text, called.start("label"), table)
    return _name_at(text, then.end(), min(len(text), then.end() + 200), table)


#: A distillate's fraction by the range it boiled at, which the sentence then names.
_FRACTION_AT = re.compile(
    r"\bfractions?\s+(?:boiling|distilling|distilled|b\.\s?p\.)\s+(?:at\s+)?[^;:()]{0,25}$",
    re.IGNORECASE,
)
_FRACTION_WAS = re.compile(
    # ("The fraction boiling at 95° C./15 mm Hg consisted of": its pressure after a slash)
    r"\s*\.?\s*(?:/\s*\d+(?:\.\d+)?\s*(?:mm(?:\s*Hg)?|mmHg|torr|mbar)\.?\s*)?"
    r"(?:\([^()]{1,30}\)\s*)?,?\s*(?:was|were|is|consisted\s+of|contained)\s+"
    r"(?:collected\s+and\s+)?(?:identified\s+as\s+|shown\s+to\s+be\s+|found\s+to\s+be\s+)?"
    r"(?:pure\s+)?",
    re.IGNORECASE,
)
#: A share that is the product's, then the verb that made it: ``40% product 2b was
#: obtained``, ``25 % of the desired product 7 was isolated``.
_SHARE_OF_PRODUCT_MADE = re.compile(
    r"\s*(?:of\s+)?(?:the\s+)?(?:(?:desired|target|expected|corresponding)\s+)?product\s+"
    rf"(?P<label>{LABEL})\s+(?:was|were)\s+(?:\w+ly\s+)?"
    r"(?:formed|obtained|isolated|produced|generated)\b",
    re.IGNORECASE,
)
#: A product called by its kind and its label: ``the silyl ether 12``, ``lactone 25``.
_KIND_THEN_LABEL = re.compile(
    rf"(?:the\s+)?(?:[a-z][a-z-]+\s+){{1,2}}(?P<label>{LABEL})(?![\w\-,′'])"
    r"(?!\s*(?:mg|g|mL|mmol)\b)"
)


def named_after_value(text: str, value_end: int, table: LabelTable) -> Mention | None:
    """``0.16 for atenolol`` and ``−1.85 (atenolol)``: lists of values print each one's
    compound straight after it. A solvent in brackets after a solubility is its medium,
    not its compound, and is not taken."""
    limit = min(len(text), value_end + 160)
    fraction = _FRACTION_WAS.match(text, value_end, limit)
    if fraction is not None and _FRACTION_AT.search(text, max(0, value_end - 60), value_end):
        # "The fraction distilling at 110-115° C. (0.5 mm) was 4-ethylbenzaldehyde"
        found = _name_at(text, fraction.end(), limit, table)
        if found is not None:
            return found
    closed = _CLOSE_THEN_OF.match(text, value_end, limit)
    if closed is None:
        # "Yield : 78 % ( 0.41 g ) of 9b as a yellow powder": the mass after the yield
        closed = _MASS_THEN_OF.match(text, value_end, limit)
    if closed is None and (
        _YIELD_OF_VALUE.search(text, max(0, value_end - 40), value_end)
        or _share_made(text, value_end)
        or _OF_THEN_MADE.match(text, value_end, limit)
    ):
        # "a reduced yield of 39 % of compound 1c was obtained": no bracket, the same form
        closed = _OF_AFTER.match(text, value_end, limit)
    if closed is not None:
        found = _name_at(text, closed.end(), limit, table)
        if found is not None:
            return found
        called = _CALLED_AT.match(text, closed.end(), limit)
        if called is not None:
            # "2.52 g (50%) of Compound 32"
            return from_label(called["label"], text, value_end, table)
        title = _THE_TITLE.match(text, closed.end())
        if title is not None and (comma := re.match(r"\s*,\s*|\s+", text[title.end() : limit])):
            # "of the target compound, Compound 12, was obtained", "of the desired
            # product 4-phenylbutan-2-one": the role, then the product in apposition
            at = title.end() + comma.end()
            called = _CALLED_AT.match(text, at, limit)
            if called is not None:
                return from_label(called["label"], text, value_end, table)
            found = _name_at(text, at, limit, table)
            if found is not None:
                return found
        if title is not None:
            # where no heading names it, "the title compound" is all the text says
            return title_compound(table, value_end) or Mention(
                title.group(0).strip(), None, title.start(), title.end(), True
            )
        # "4.5 g (92%) of 9 as colorless needles", "of the ester 9", "of colorless
        # needles 9": the product by its label, maybe after its kind or its look
        found = _kind_label_at(text, closed.end(), limit, table)
        if found is not None:
            return found
        role = _ROLE_PRODUCT.match(text, closed.end(), limit)
        if role is not None:
            # "2.05 g (90%) of the product as a white solid": the product by its role
            found = role_product_ending_at(text, role.end(), table)
            if found is not None:
                return found
        if LOOKS_ONLY.match(text, closed.end(), limit):
            # "Work-up afforded 1.6 g (73%) of a pale yellow solid" under a heading that
            # names the section's product: that product, by how it looks
            found = title_compound(table, value_end)
            if found is not None:
                return found
    closed = _CLOSE_THEN_NAME.match(text, value_end, limit)
    if closed is not None:
        found = _name_at(text, closed.end(), limit, table)
        if (
            found is not None
            and found.end is not None
            and re.match(r"\s*\.(?:\s|$)", text[found.end : found.end + 2])
        ):
            return found
    closed = _CLOSE_THEN_BARE_NAME.match(text, value_end, limit)
    if closed is not None and _VERB_THEN_BRACKET.search(text, max(0, value_end - 80), value_end):
        # "to give (0.12 g, 45%) NAME": the verb's product printed after its bracket
        found = _name_at(text, closed.end(), limit, table)
        if found is not None:
            return found
    after = _AFTER_VALUE.match(text, value_end, limit)
    if after is not None:
        found = _name_at(text, after.end(), limit, table)
        if found is not None:
            return found
    made = _SHARE_OF_PRODUCT_MADE.match(text, value_end, limit)
    if made is not None:
        # "40% product 2b was obtained": the share, then the product and its verb
        return from_label(made["label"], text, value_end, table)
    inverted = _YIELD_THEN_PRODUCT.match(text, value_end, limit)
    if inverted is not None:
        # "produced in 86% yield the adduct 49": the product after its yield
        found = _kind_label_at(text, inverted.end(), limit, table)
        if found is not None:
            return found
    into = _YIELD_THEN_INTO.match(text, value_end, limit)
    if into is not None and _CONVERTED_BEFORE.search(text, max(0, value_end - 100), value_end):
        found = _kind_label_at(text, into.end(), limit, table)
        if found is not None:
            return found
    gave = _YIELD_THEN_GAVE.match(text, value_end, limit)
    if gave is None and _YIELD_BRACKET_OPEN.search(text, max(0, value_end - 50), value_end):
        # "proceeded in nearly quantitative yield ( 98 % ) to give triol 76"
        gave = _BRACKET_THEN_GAVE_PRODUCT.match(text, value_end, limit)
    if gave is not None:
        # "Coupling of 7 with 8 proceeded in 68 % yield ( 85 % brsm ) to give 9"
        found = _kind_label_at(text, gave.end(), limit, table) or _name_at(
            text, gave.end(), limit, table
        )
        if found is not None:
            return found
    # "An 85 % yield of 5 was obtained", "led to a 70% yield of ketone 9"; a product
    # verb's share of its product, "Hydrolysis of ester 4 gave 78 % of acid 5"
    share = None
    of_product = _YIELD_OF.match(text, value_end, limit)
    if of_product is None and _MADE_SHARE.search(text, max(0, value_end - 40), value_end):
        of_product = share = _SHARE_OF.match(text, value_end, limit)
        direct = None if share is not None else _SHARE_THEN_NAME.match(text, value_end, limit)
        if direct is not None:
            found = _name_at(text, direct.end(), limit, table)
            if found is not None and found.start == direct.end():
                return found  # "yielded 71% dinonyl diphenylamine"
    if of_product is not None:
        found = _kind_label_at(text, of_product.end(), limit, table) or _name_at(
            text, of_product.end(), limit, table
        )
        if found is not None:
            return found
    if of_product is not None:
        at = share.start() + share.group().find("of") + 3 if share is not None else of_product.end()
        title = _THE_TITLE.match(text, at)
        # "gave 57% of the title compound as a colorless solid", "with 92% (192 mg) yield of
        # the titled compound"
        if title is not None:
            found = title_compound(table, value_end)
            if found is not None or share is None:
                # (after "yield of", a heading the table does not hold is left to the
                # entry's own rule)
                return found
            return Mention(title.group(0).strip(), None, title.start(), title.end(), True)
    paren = _PAREN_AFTER_VALUE.match(text, value_end, limit)
    if paren is None:
        return None
    found = _name_at(text, paren.end(), limit, table)
    if found is None or found.end is None:
        return None
    if not re.match(r"\s*\)", text[found.end : found.end + 3]):
        return None
    if found.name is not None and names_a_medium(found.name):
        # "m.p. 145 °C (EtOH)", "(EtOH/H2O)": the solvent it crystallised from
        return None
    return found


# --- a name the value is bracketed after -----------------------------------------------


def bracketed_after_name(text: str, value_start: int, table: LabelTable) -> Mention | None:
    """``Chloroform (density 1.49 g/cm³ at 20 °C)``, ``DMSO (mp 19 °C, bp 189 °C)``: a
    value inside the brackets that follow a name, with no other name before it in
    them, is that compound's."""
    opened = text.rfind("(", max(0, value_start - 60), value_start)
    if opened < 0 or ")" in text[opened:value_start]:
        return None
    inside = text[opened + 1 : value_start]
    others = [
        n for n in names_in(text, opened + 1, value_start) if not is_property_cue(text[n[0] : n[1]])
    ]
    if others:
        return None
    if re.search(r"\d\s*(?:g|mg|mmol|mL)\b", inside) and not _AMOUNT_THEN_POINT.fullmatch(inside):
        return None  # an amount: "X (1.2 g, 70%)" is described_compound's
    if STEP_TEMPERATURE_OR_TIME.search(inside) and re.match(r"[\d.\s]+%", text[value_start:]):
        return None  # "Alkylation of X (3, KOtBu, 0 °C, 2 h, 67%)": a step's conditions
    found = _name_ending_at(text, opened, table)
    if (
        found is not None
        and found.start is not None
        and re.match(r"[\d.\s]+%", text[value_start:])
        and _MADE_FROM_BEFORE.search(text, max(0, found.start - 80), found.start)
    ):
        # "Prepared from aniline and chloroacetyl chloride (85% yield)": a yield is never
        # the yield of what the product was made from or with
        return None
    if found is not None and found.start is not None and is_medium(text, found.start):
        return None  # "soluble in cold water (3.4 g/L at 25 °C)": the medium's bracket
    return found


#: Before a name: what makes it a starting material or a reagent of the step.
#: (no verb of making between: "with L-Selectride afforded alcohols 13a and 13b")
_MADE_FROM_BEFORE = re.compile(
    r"\b(?:from|with|using|employing)\s+"
    r"(?:(?:(?!(?:afford|gave|give|giving|provid|furnish|yield|deliver|produc|obtain|form"
    r"|generat|isolat|led|lead|result)\w*\b)[^\s,;.()]+\s+){1,4}and\s+)?(?:the\s+)?$",
    re.IGNORECASE,
)


#: Inside a product's bracket: its amount, then its point (``NAME (0.58 g, m.p. ``).
_AMOUNT_THEN_POINT = re.compile(
    r"\s*[\d.,]+\s*(?:g|mg|kg|mL)\s*(?:,\s*[\d.]+\s*%)?\s*[,;]\s*"
    r"(?:m\.?\s?p|b\.?\s?p)\.?\s*[:=]?\s*",
    re.IGNORECASE,
)


# --- the subject of a physical verb ----------------------------------------------------

_VERB_BEFORE_VALUE = re.compile(
    r"\s+(?:(?:was|were|is|are)\s+)?(?:then\s+)?"
    r"(?:distil+(?:ed|s|ing)|boil(?:ed|s|ing)|melt(?:ed|s|ing)|sublim(?:ed|es|ing)"
    r"|freez(?:es|ing)|froze)"
    r"(?:\s+(?:at|over|between|from))?\s*$"
)


#: ``NAME of melting point``, ``NAME (lidocaine), melting point``, ``NAME having a
#: boiling point of``: a name, then the property whose value follows.
_PROPERTY_AFTER_NAME = re.compile(
    r"(?:\s*\([^()]{1,40}\))?(?:\s*,\s*|\s+of\s+|\s+(?:having|with)\s+an?\s+)"
    r"(?:melting|boiling)\s+point\s*(?:of\s+)?$"
)


#: ``compound 1 dissolved to 3.56 mg/mL, 3 to 0.13 mg/mL``: a label, then how far it went.
_LABEL_TO = re.compile(
    r"(?<=\w)\s+(?:dissolved\s+|dissolves\s+)?to\s+(?:only\s+|about\s+|ca\.\s+)?$"
)


#: ``The melting point of NAME was found to be``: the property, its compound, the verb.
_POINT_OF = re.compile(r"\b(?:melting|boiling|freezing)\s+point\s+of\s+(?:the\s+|pure\s+)*$", re.I)
_POINT_WAS = re.compile(
    r"\s+(?:was|is)\s+(?:(?:found|determined|measured|observed|shown)\s+(?:to\s+be|as)\s+)?"
    r"(?:at\s+)?$"
)
#: ``NAME (2.1 g) had m.p.``: the compound, what it showed, the property.
_SHOWED_CUE = re.compile(
    r"\s+(?:had|has|showed|shows|exhibited|exhibits|displayed|displays)\s+(?:an?\s+)?"
    r"(?:m\.?\s?p\.?|b\.?\s?p\.?|melting\s+point|boiling\s+point)\s*(?:of\s+|[:=]\s*)?$",
    re.I,
)
#: Between a subject and its verb: its amount, or an aside in commas (``, after
#: sublimation,``).
_SUBJECT_ASIDE = re.compile(
    r"(?:\s*\([^()]{1,40}\)|\s*,\s*[a-z][^,;.()]{2,40},|\s*,?\s+(?:which|that)"
    r"|\s+(?:thus|so|as|just)\s+(?:obtained|prepared|formed|isolated|purified))$"
)
#: ``The product, NAME, boils at``: the name in apposition, between commas.
_APPOSITION_OPEN = re.compile(r"\b(?:product|compound|ester|acid|amine|residue|material),\s*$")


_LABEL_AT_END = re.compile(rf"(?<![\w\-.,/]){LABEL}$")


def _before_aside(text: str, start: int, end: int, table: LabelTable) -> Mention | None:
    """The compound written right before an aside (``start``–``end``): a label (``2a
    (1.2 g, 84%), m.p.`` is 2a, never a *name* "2a"), else a name."""
    label = _LABEL_AT_END.search(text, max(0, start - 12), start)
    if label is not None:
        found = _name_at(text, label.start(), end, table)
        if found is not None:
            return found
    return _name_ending_at(text, start, table)


def _subject_before(text: str, end: int, table: LabelTable) -> Mention | None:
    """The compound whose name ends at ``end``, or before an aside that ends there, or
    named in apposition (``The product, NAME,``)."""
    found = _name_ending_at(text, end, table)
    if found is not None:
        return found
    aside = _SUBJECT_ASIDE.search(text, max(0, end - 50), end)
    if aside is not None:
        return _before_aside(text, aside.start(), end, table)
    if text[:end].endswith(","):
        span = name_before(text, end - 1)
        if span is not None and _APPOSITION_OPEN.search(text, max(0, span[0] - 20), span[0]):
            return _named(text, span, table)
    return None


def subject_of_verb(text: str, value_start: int, table: LabelTable) -> Mention | None:
    """``monomeric cyclopentadiene distilled at 40–42 °C``, ``the ester boils at 77 °C``,
    ``NAME (2.1 g) had m.p.``, ``the melting point of NAME was found to be``, and
    patents' ``… of NAME of melting point 150 °C``: the compound right before the verb
    or the property the value completes."""
    was = _POINT_WAS.search(text, max(0, value_start - 50), value_start)
    if was is not None:
        span = name_before(text, was.start())
        if span is not None and _POINT_OF.search(text, max(0, span[0] - 40), span[0]):
            found = _named(text, span, table)
            if found is not None:
                return found
    showed = _SHOWED_CUE.search(text, max(0, value_start - 40), value_start)
    if showed is not None:
        found = _subject_before(text, showed.start(), table)
        if found is not None:
            return found
    verb = _VERB_BEFORE_VALUE.search(text, max(0, value_start - 40), value_start)
    owned = (
        None if verb else _PROPERTY_AFTER_NAME.search(text, max(0, value_start - 60), value_start)
    )
    having = owned and re.search(r"\s+(?:having|with)\s", owned.group(0))
    if owned is not None and having:
        # "stirred with NAME having a melting point of 60 °C": the property is the name's
        # own, whatever the sentence does with it (a medium's too: "from ethanol having
        # a boiling point of 78 °C")
        span = name_before(text, owned.start() + having.start())
        found = None if span is None else _named(text, span, table)
        if found is not None:
            return found
    verb = verb or owned
    to = None if verb else _LABEL_TO.search(text, max(0, value_start - 40), value_start)
    at = verb or to
    if at is None:
        return None
    label = re.search(rf"(?<![\w\-.,/]){LABEL}$", text[max(0, at.start() - 12) : at.start()])
    if label is not None and table.definition(label.group(0)) is not None:
        return _name_at(text, at.start() - len(label.group(0)), at.start(), table)
    if verb is None:
        return None  # "X to 5 mg/mL" names a compound only through a defined label
    return _subject_before(text, verb.start(), table)


# --- a label a reading is listed under -------------------------------------------------

_LABEL_COLON = re.compile(
    rf"(?<![\w\-.,/])(?P<label>{LABEL})\s*:\s*"
    r"(?:(?:m\.?\s?p|b\.?\s?p|yield|density|d|log\s?[PD]\S*|solubility)\.?\s*[:=]?\s*)?$"
)


def label_listed(text: str, value_start: int, table: LabelTable) -> Mention | None:
    """``Melting points: 12a: mp 130–132 °C; 12b: mp 51–52 °C``: a defined label, a
    colon, then the reading."""
    found = _LABEL_COLON.search(text, max(0, value_start - 30), value_start)
    if found is None or table.definition(found["label"]) is None:
        return None
    return _name_at(text, found.start("label"), found.end("label"), table)


# --- a data sheet's field --------------------------------------------------------------

_FIELD = re.compile(
    r"(?:(?:Melting|Boiling|Freezing)\s+point|Density|(?:Aqueous\s+|Water\s+)?Solubility"
    r"|log\s?[PD]|Partition\s+coefficient|Yield)\b[^.:;\n]{0,60}:\s"
    r"|[MB]\.?\s?p\.?\s*:\s",
    re.IGNORECASE,
)
#: A fragment sentence that opens on how the product looked, then its mass before the
#: value: ``Yellow solid, 190 mg (``, ``White crystals; 1.2 g, ``.
_LOOK_THEN_AMOUNT = re.compile(
    rf"(?:[A-Za-z-]+\s+){{0,3}}{FORM_OF_MATTER}\s*[,;:]?\s*"
    r"(?:\d+(?:\.\d+)?\s*(?:mg|g)\s*(?:[,;]\s*|\(\s*))?(?:yield\s*[:=]?\s*)?",
    re.IGNORECASE,
)


def sheet_field(text: str, value_start: int, table: LabelTable) -> Mention | None:
    """``Melting point: 261–263 °C.`` in a data sheet: a field of the sheet's compound,
    the one its heading or opening sentence names."""
    start = sentence_start(text, value_start)
    if "\n\n" in text[start:value_start]:
        return None
    if _FIELD.match(text, start) or _LOOK_THEN_AMOUNT.fullmatch(text, start, value_start):
        # "Melting point: 261 °C.", "Mp: 118 °C.", "Yellow solid, 190 mg (80%).": a field,
        # or a fragment that says how the product looked and weighed
        return passage_subject(text, value_start, table)
    if (
        _YIELD_STATEMENT.fullmatch(text, start, value_start)
        or _SUBJECTLESS.match(text, start, value_start)
        or (start == value_start and _VALUE_THEN_YIELD.match(text, value_start))
    ):
        # "The yield is 78 %." under "Example 4 / 2-Chloro-4-nitrophenol": a sentence
        # that is only the yield belongs to the compound the heading names, if it does
        return title_compound(table, value_start)
    return None


#: A sentence whose subject is left out, as an example's is: ``Prepared from X (66%).``
_SUBJECTLESS = re.compile(
    r"(?:Prepared|Synthesi[sz]ed|Obtained|Made|Produced)\b(?![^.;]*\b(?:was|were|is|are)\b)"
)
#: A sentence that is the yield and its word: ``66% yield.``
_VALUE_THEN_YIELD = re.compile(r"\d+(?:\.\d+)?\s*%\s*(?:isolated\s+)?yield\s*(?:[.;]|$)", re.I)
#: A sentence that opens on the yield and nothing else: ``The yield is ``, ``The yield
#: amounts to ``, ``Yield 78 %, melting point …``.
_YIELD_STATEMENT = re.compile(
    r"(?:The\s+)?(?:(?:isolated|overall|total)\s+)?yield(?:\s*[:=]\s*|\s+(?:is|was|amounts?\s+to"
    r"|amounted\s+to|was\s+found\s+to\s+be)\s+|\s+)(?:about\s+|approximately\s+|ca\.\s*)?",
    re.IGNORECASE,
)


# --- a name the value follows directly -------------------------------------------------

_NAME_THEN_VALUE = re.compile(r"(?<=\w)[ \t]*(?:,[ \t]*)?(?:at[ \t]+)?$|(?<=[\w)\]])\s*[:=]\s*$")


#: Before a name: the earlier items of the bracket it is listed in.
#: (one bracket may nest inside: "( Me ( OMe ) NH·HCl , AlMe3 , 89 % )")
_LATER_ITEM_OF_BRACKET = re.compile(r"\((?:[^()]|\([^()]*\))*[,;]\s*$")
_VALUE_IN = re.compile(r"\d\s*(?:°|%|[mµμ]?g\b|g\s*/|mL\b)")


def name_right_before(text: str, value_start: int, table: LabelTable) -> Mention | None:
    """``chloroform 1.4832 g/cm3 and carbon tetrachloride 1.5940 g/cm3``, ``bromoform,
    2.889 g/mL``: in a list of readings each value follows its compound's name."""
    gap = _NAME_THEN_VALUE.search(text, max(0, value_start - 12), value_start)
    if gap is None:
        return None
    found = _name_ending_at(text, gap.start(), table)
    if found is not None and found.start is not None and after_scale_amount(text, found.start):
        return None  # "(1.48 g 1a, 67%)": what the run started from, not its product
    if found is not None and found.start is not None:
        items = _LATER_ITEM_OF_BRACKET.search(text, max(0, found.start - 80), found.start)
        if items is not None and not _VALUE_IN.search(items.group(0)):
            # "( TBSCl , imidazole , 98 % )": a step's reagents, then its yield; unlike
            # "(dichloromethane 39.6 °C, chloroform 61.2 °C)", a list of readings
            return None
    if (
        found is not None
        and found.label is None
        and _NUMBER_FIRST_LABEL.fullmatch(found.name or "")
    ):
        # "Melting points: 3a, 120 °C; 3b, 135 °C": labels, not names
        return Mention(None, found.name, found.start, found.end, True)
    return found


#: A melting or boiling point's cue printed right after a name: ``…; NMR … and
#: 3β-hydroxy-17β-methoxy-5α-androstane, m.p. 150°-152°``.
_CUE_AFTER_NAME = re.compile(
    r"(?<=[\w)\]'])[ \t]*,?[ \t]+(?:[mM]\.?[ \t]?(?:p|pt)\.?|b\.?[ \t]?p\.?|M\.?[ \t]?P\.?|B\.?[ \t]?P\.?)"
    # a boiling point's pressure printed as its subscript: "b.p.15 68-70 °C"
    r"(?:(?<=[pP]\.)[ \t]?\d{1,3}(?:\.\d{1,2})?(?=[ \t]))?"
    r"[ \t]*(?:[:=][ \t]*|of[ \t]+)?$"
)


#: A bracket after a product's name, before its cue: its amount (``(12.3 g)``), or what
#: it is called (``(Compound IV where R2 =C2H5)``).
_AMOUNT_ASIDE = re.compile(r"\s*\([^()]{1,60}\)$")


def name_before_cue(text: str, value_start: int, table: LabelTable) -> Mention | None:
    """A sentence that reports two products, each with its melting point (``… to give
    A, m.p. 164°-167°; IR …; NMR … and B, m.p. 150°-152°``): each point is the name's
    that stands right before its cue, not the first the verb gave. A solvent there
    (``recrystallised from ethanol, m.p. 120 °C``) is a medium and gives nothing."""
    cue = _CUE_AFTER_NAME.search(text, max(0, value_start - 16), value_start)
    if cue is None:
        return None
    found = _name_ending_at(text, cue.start(), table)
    amount = None if found else _AMOUNT_ASIDE.search(text, max(0, cue.start() - 50), cue.start())
    if amount is not None:
        found = _before_aside(text, amount.start(), amount.end(), table)  # "NAME (12.3 g), b.p."
    if found is None or found.name is None or is_auxiliary(found.name):
        return None
    return found


# --- the subject of the value's sentence -----------------------------------------------

_LEAD = re.compile(r"(?:The|A|An)\s+(?:[a-z][\w\-]*\s+){0,2}?(?=\S)")
_PRONOUN = re.compile(r"(?:It|Its|Their|They|This\s+compound)\b")
_COPULA = re.compile(
    r"(?:\s*\([^()]{1,80}\))?(?:\s*,[^,;]{1,60},)?\s+"
    r"(?:is|are|was|were|has|had|have|melts|melted|boils|boiled|dissolves|forms|shows"
    r"|showed|exhibits|exhibited|displays|displayed|possesses|possessed)\b"
    r"(?!\s+(?:added|dissolved|stirred|heated|treated|suspended|cooled|poured|washed"
    r"|diluted|charged|placed|mixed|refluxed|used|taken|kept|allowed|filtered"
    # a step's starting material: "X was converted to product in 79% yield"
    rf"|{STEP_PASSIVES}|deprotected|reacted|coupled|alkylated|acylated|esterified"
    r"|saponified|subjected|exposed)\b)"
)


def _subject_at(text: str, start: int, table: LabelTable) -> Mention | None:
    lead = _LEAD.match(text, start)
    at = lead.end() if lead is not None else start
    names = names_in(text, at, min(len(text), at + 200))
    if not names or names[0][0] != at:
        # "Compound 9 had a melting point of …", "Product 5 is a colourless oil, bp …":
        # the subject by its kind and its label
        labelled = _SUBJECT_LABEL.match(text, start)
        if labelled is None or not _COPULA.match(text, labelled.end()):
            return None
        return from_label(labelled["label"], text, labelled.start("label"), table)
    found = _name_at(text, at, names[0][1] + 1, table)
    if found is None or found.end is None or is_property_cue(found.name or ""):
        return None
    if not _COPULA.match(text, names[0][1]) or _AMOUNT_AFTER.match(text, names[0][1]):
        return None  # "4-Aminophenol (10.9 g) was acetylated": what a step starts from
    return _without_short_form(found, table)


def _without_short_form(found: Mention, table: LabelTable) -> Mention:
    """``2-Methyltetrahydrofuran (2-MeTHF)``: the short form the text defines in brackets
    after a name is not part of it."""
    if found.name is None or found.start is None:
        return found
    aside = _SHORT_FORM_AFTER.search(found.name)
    if aside is None:
        return found
    defined = table.abbreviation(aside["short"])
    if defined is None or name_key(defined.name) != name_key(found.name[: aside.start()]):
        return found
    name = found.name[: aside.start()]
    return replace(found, name=name, end=found.start + len(name))


_SHORT_FORM_AFTER = re.compile(r"\s+\((?P<short>[^()\s]{2,15})\)$")


#: A sentence's subject called by its kind and label: ``Compound 9``, ``Product 5``.
_SUBJECT_LABEL = re.compile(
    rf"(?:The\s+)?(?:compound|product|derivative|analogue|analog|ester|amide|acid|salt)\s+"
    rf"(?P<label>{LABEL})(?![\w-])",
    re.IGNORECASE,
)
#: An amount charged in a bracket after a name.
_AMOUNT_AFTER = re.compile(r"\s*\(\s*\d[\d.,]*\s*(?:mg|g|kg|mL|ml|L|mmol|mol)\b(?!\s*/)")


#: Where a clause that may have a subject of its own starts.
_CLAUSE = re.compile(r";\s+|,\s+(?:and|while|whereas|but)\s+|\s(?:while|whereas)\s+")
#: A clause that brings in another subject before the value.
_CONTRAST = re.compile(r"\b(?:while|whereas|but|unlike|compared\s+with)\s")


def sentence_subject(text: str, value_start: int, table: LabelTable) -> Mention | None:
    """``Atrazine (…) is a colourless crystalline solid, mp 175–177 °C`` and, in the next
    sentence, ``Its water solubility is 33 mg/L``: descriptive prose gives a value to
    the subject of its sentence, or of the one before when it starts with a pronoun."""
    start = sentence_start(text, value_start)
    if _PRONOUN.match(text, start):
        if start == 0:
            return None
        start = sentence_start(text, start - 1)
    clauses = list(_CLAUSE.finditer(text, start, value_start))
    if clauses:
        # "…, and 4-bromobenzoic acid was obtained in 98% yield": a later clause with a
        # subject of its own is what the value belongs to
        own = _subject_at(text, clauses[-1].end(), table)
        if own is not None:
            return own
        if _PRODUCT_VERB.search(text, clauses[-1].end(), value_start):
            # "X was prepared …; the alkylation of 3 then gave the ether (1.2 g, 85%)": the
            # later clause makes its own product, which the sentence's subject is not
            return None
    if _CONTRAST.search(text, start, value_start):
        return None  # "The salt dissolved to 21 mg/ml, while the free acid reached 2.4 mg/l"
    if _TITLE_SUBJECT.match(text, start):
        return title_compound(table, value_start)
    found = _subject_at(text, start, table)
    if (
        found is not None
        and found.end is not None
        and found.label is not None
        and (
            _OTHER_LABEL_BRACKET.search(text, found.end, value_start)
            or re.fullmatch(r"\s*\([^()]*", text[found.end : value_start])
        )
    ):
        # "Compound 12 (clogP 3.4) showed … compared with 11 (clogP 1.9)": the label's own
        # bracket is the bracket form's to read, and another label's owns what it holds
        return None
    return found


_OTHER_LABEL_BRACKET = re.compile(rf"(?<![\w.,-])(?:compound\s+)?{LABEL}\s*\((?![^()]*\))", re.I)


# --- the product a verb of the value's sentence introduces -----------------------------

_PRODUCT_VERB = re.compile(
    # "gave rise to the products 8a and 8b", "resulted in the formation of 1",
    # "to generate the products 5b-5d"
    r"\b(?:(?:gave|give[sn]?|giving)\s+rise\s+to|result(?:ed|s|ing)?\s+in(?:\s+the\s+(?:formation|generation)\s+of)?"
    r"|generat(?:e|ed|es|ing)|gave|give|gives|giving|a(?:ff|\ufb00)ord(?:ed|s|ing)?|furnish(?:ed|es|ing)?"
    r"|provid(?:e|ed|es|ing)|deliver(?:ed|s|ing)?|yielded|yielding|produc(?:e|ed|es|ing)"
    # "underwent monomethylthiolation to yield the desired products (2d-k) in 42-87%"
    r"|(?<=to\s)(?:yield|obtain)(?=\s+(?:the\s+)?\D)"
    r"|(?:led|leads?|leading)\s+to|(?:converted|transformed)(?:\s+\w+ly)?\s+(?:in)?to"
    r"|isolated\s+as|(?:protected|trapped|derivati[sz]ed|silylated|acetylated)\s+as"
    # "the analogous step in the preparation of compound 4 proceeded in 54 % yield"
    r"|(?:preparation|synthesis|formation)\s+of"
    # "the yield of 2l dropped to 40 %"
    # ("the yield of 9j , we": tokenised PDF text spaces the comma off)
    r"|(?<![\d%]\s)(?<![\d%])yield\s+of(?=\s+(?:the\s+)?\S+(?:\s+[,;:])?\s+(?!and\b|or\b)\w)"
    # "Oxidation of the acetal to lactone 25 was accomplished in 95% yield"
    r"|(?i:conversion|transformation|oxidation|reduction|hydrogenation|hydrolysis"
    r"|cycli[sz]ation|isomeri[sz]ation|rearrangement|elaboration)\s+of\s+[^.;()]{1,60}?\s+(?:in)?to)\b"
    r"(?:\s*,[^,;()]{1,40},)?\s+(?:pure\s+)?"
    r"(?:the\s+(?=(?:[a-z]+\s+){0,2}\S*\d))?"
)


#: The last number of a run of numbered compounds, before the verb or the yield:
#: ``salts 5-10 in 73-88% yields``, ``the oxindoles 28−33 were``.
_NUMBER_RUN_END = r"\d{1,3}(?![\w\-.,])(?=\s+(?:in|were)\b)"
#: A label a verb of making introduces, maybe after the kind of compound it is: ``afforded
#: 2 in 74 % yield``, ``gives dienone 7 in over 90 % yield``, ``to give adduct 12 (``.
_KIND_LABEL = re.compile(
    rf"(?:(?:the|its)\s+)?(?:a\s+(?:mixture|variety|range|series)\s+of\s+)?(?:desired\s+)?"
    # "the ( Z ) -vinyl iodide 10": a stereodescriptor before the kind; "furnished (+)-1",
    # "( - ) - 12": the sign of rotation before the label of one enantiomer
    rf"(?:\(\s*(?:[EZRS]|[+±−–-])\s*\)\s*-\s*)?"
    # "its C - 5 epimer 61": the atom that tells which epimer
    rf"(?:(?<=its\s)C\s?-?\s?\d{{1,2}}(?:\s?-\s?|\s+)(?=epimer))?"
    # ("the corresponding chiral 2-functionalized tetrahydroquinolines 28": up to four
    # words of kind, one opening on a locant if a word of kind follows it; a name
    # right before its label, "4-phenylmorpholine 36", is read by _name_at)
    # ("the 1,6- and 1,4-adducts 10 and 11": locants whose hyphen is held over)
    rf"(?:(?:\d{{1,2}}(?:,\d{{1,2}})*-\s+(?:and|or)\s+\d{{1,2}}(?:,\d{{1,2}})*-[a-z][a-z\-]+s\s+"
    rf"|\d{{1,2}}(?:,\d{{1,2}})*-[a-z][a-z\-]+\s+(?=[a-z])"
    rf"|[a-z][a-z\-]+(?:\s-\s[a-z]+)?\s+)){{0,4}}?"
    # "gave the desired product (3bn) in a 56% yield": the label in its own bracket
    rf"(?P<open>\(\s*)?(?P<label>{LABEL})"
    # "(3d-3i)", "(3q and 3t)": a run or a list in the bracket, the first named
    rf"(?(open)(?:\s*(?:[−–-]|,|and|&)\s*{RUN_LAST})*\s*\)"
    rf"|(?![,.]\d|\w|(?<=[\d′'])-(?!{_NUMBER_RUN_END})|-(?!{RUN_LAST}|{_NUMBER_RUN_END}))"
    # "the desired products 7d − f", "the products 5b-5d", "heterocycles 7p,q": a run of
    # labels, the first named; "the oxindoles 28−33" (a plural kind: see _kind_label_at)
    rf"(?:\s*[−–-]\s*{RUN_LAST}|(?<=[a-z]),[a-z]{{1,2}}(?![\w\-])"
    rf"|(?P<numbers>\s*[−–-]\s*{_NUMBER_RUN_END}))?)"
    # ("of pure 13: mp 174 °C", not a ratio's "2:1"; "30% of 2 after 16 h")
    # ("The best result ( 85 % yield of 26 ) was obtained": the bracket closes it)
    r"(?=\s*(?:\(|\)|,|;|$|\.(?!\d)|:(?!\s*\d))"
    r"|\s+(?:in|as|with|was|were|and|from|by|occurred|proceeded|after|upon|under|when|using"
    # "the yield of alcohol 11 thus obtained was around 50 %"
    r"|is|thus\s+(?:obtained|formed|isolated|prepared))\b"
    # "raised the yield of 11 to 78 %" (read up to the value, or past it)
    r"|\s+to\s+(?:\d+(?:\.\d+)?\s*%|$)"
    # "the yield of 20 increased to 88 %": how the yield moved
    r"|\s+(?:(?:could|can|was|might)\s+(?:be\s+)?)?"
    r"(?:increased|improved|rose|dropped|decreased|fell|reached|raised|enhanced)\b)"
)


def _kind_label_at(text: str, start: int, limit: int, table: LabelTable) -> Mention | None:
    found = _KIND_LABEL.match(text, start, limit)
    if found is None:
        return None
    # (a hyphen PDF text spaces joins its word: "the over - reduced alcohol 17")
    kind = re.sub(r"\s-\s", "-", text[found.start() : found.start("label")]).split()
    if any(word in _NOT_A_KIND for word in kind):
        return None
    if found["numbers"] is not None and not (kind and re.fullmatch(r"[a-z-]+s", kind[-1])):
        return None  # "gave 5-10 in": a range; only a plural kind makes it compounds
    defined = table.definition(found["label"])
    label = defined.label if defined is not None and defined.label else found["label"]
    if defined is not None:
        return Mention(defined.name, label, found.start("label"), found.end("label"), True)
    words = " ".join(w for w in kind if w not in ("the", "its", "desired"))
    if words and not is_generic_name(words) and looks_like_name(words):
        # "gave benzoic acid 12 in 80% yield": the name, then its label
        start = text.index(words.split()[0], found.start())
        return Mention(words, label, start, found.end("label"), True)
    return Mention(None, label, found.start("label"), found.end("label"), True)


#: Words before a number that make it no label: ``gave 2 equiv``, ``in 3 steps``.
_NOT_A_KIND = frozenset({"over", "about", "only", "ca", "approximately", "total", "steps"})


_NUMBER_FIRST_LABEL = re.compile(rf"(?=\d){LABEL}")


def product_of_sentence(text: str, value_start: int, table: LabelTable) -> Mention | None:
    """``… gave, after cooling, cis-5-norbornene-endo-2,3-dicarboxylic acid (28) in 93%
    yield (3.39 g); mp 179–180 °C``: the value's sentence reports the product its verb
    introduces. Nothing when the verb is followed by an amount (``gave 1.71 g (90%) of
    the methyl ether``) or a kind of compound: then the entry says whose."""
    start = sentence_start(text, value_start)
    for verb in reversed(list(_PRODUCT_VERB.finditer(text, start, value_start))):
        found = _kind_label_at(text, verb.end(), value_start, table) or _name_at(
            text, verb.end(), value_start, table
        )
        if (
            found is not None
            and found.label is None
            and _NUMBER_FIRST_LABEL.fullmatch(found.name or "")
        ):
            # "the yield of 2l dropped to 40 %": a label the document never defined
            return Mention(None, found.name, found.start, found.end, True)
        if found is not None:
            return found
        amount = _AMOUNT_OF.match(text, verb.end(), value_start)
        if amount is not None:
            # "gave 3.2 g (90% yield) of 13: mp 174-176 °C": past the amount, a label
            # says which product surely (a bare kind, "of the methyl ether", does not)
            found = _kind_label_at(text, amount.end(), value_start, table)
            if found is not None:
                return found
        at = amount.end() if amount is not None else verb.end()
        at += len(text[at:value_start]) - len(text[at:value_start].lstrip())
        heading = title_compound(table, value_start)
        if heading is not None and LOOKS_ONLY.match(text, at, value_start):
            # "to give a white solid (1.9 g, 89%), m.p. 86-88° C." under a heading that
            # names the section's product: that product, by how it looks
            return heading
    if _THE_TITLE.search(text, start, value_start):
        # "51.6 g (96%) of the title compound in the form of white crystals of melting
        # point 283-285 °C"
        return title_compound(table, value_start)
    return None


def product_after_conditions(text: str, value_start: int, table: LabelTable) -> Mention | None:
    """``Oxidation of 18 (Dess–Martin periodinane, 87%) gave aldehyde 19``, ``(TBSCl,
    imidazole, DMF, 95%) gave 20``: a yield closing a bracket of the step's reagents is
    the yield of the product the verb after the bracket gives; a name inside the bracket
    is a reagent."""
    head = text[max(0, value_start - 160) : value_start]
    inner = open_bracket(head)
    if inner is None:
        return None
    went = not inner.strip() and (
        # "… proceeded smoothly ( 85 % ) to give", "Oxidation of 5 with DDQ ( 85 % ) gave"
        STEP_WENT_BRACKET.search(head) is not None
        or STEP_WITH_REAGENT_BRACKET.search(head) is not None
    )
    if ("," not in inner and not went) or _AMOUNT_IN_BRACKET.search(inner):
        return None  # "(1.2 g, 85%)": the product's own bracket
    verb = _CONDITIONS_THEN_VERB.match(text, value_start)
    if verb is None:
        return None
    limit = min(len(text), verb.end() + 250)
    return _kind_label_at(text, verb.end(), limit, table) or _name_at(
        text, verb.end(), limit, table
    )


def identified_product(text: str, value_start: int, table: LabelTable) -> Mention | None:
    """``The major product ( 62 % ) was identified as the cis-fused lactam 25``: a
    product called by its role, its yield bracketed, is the compound the sentence then
    says it is."""
    said = _IDENTIFIED_AS.match(text, value_start)
    if said is None or not _ROLE_BRACKET.search(text, max(0, value_start - 60), value_start):
        said = _WHICH_IDENTIFIED_AS.match(text, value_start)
        if said is None or not _ROLE_LOOKS_BRACKET.search(
            text, max(0, value_start - 100), value_start
        ):
            return None
    limit = min(len(text), said.end() + 200)
    return _kind_label_at(text, said.end(), limit, table) or _name_at(
        text, said.end(), limit, table
    )


#: The yield, its bracket closing, and the verb that says what the product is.
_IDENTIFIED_AS = re.compile(
    r"\d+(?:\.\d+)?\s*%\s*(?:yield\s*)?\)\s*(?:was|were)\s+(?:\w+ly\s+)?(?:identified|characteri[sz]ed"
    r"|assigned|shown\s+to\s+be|found\s+to\s+be|determined\s+to\s+be)\s+(?:as\s+)?(?:the\s+|an?\s+)?",
    re.IGNORECASE,
)
#: The yield's bracket closing, then a relative clause saying what the product is:
#: ``(0.52 g, 64%), which was identified as NAME by 1H NMR``.
_WHICH_IDENTIFIED_AS = re.compile(
    r"\d+(?:\.\d+)?\s*%\s*(?:yield\s*)?\)\s*,\s*which\s+(?:was|were)\s+(?:\w+ly\s+)?"
    r"(?:identified|characteri[sz]ed|confirmed|assigned|shown\s+to\s+be|found\s+to\s+be)"
    r"\s+(?:as\s+)?(?:the\s+|an?\s+)?",
    re.IGNORECASE,
)
#: A product called by its role, maybe with how it looks, before its yield's bracket:
#: ``the desired product as a white solid (0.52 g, ``.
_ROLE_LOOKS_BRACKET = re.compile(
    r"\b(?:(?:desired|expected|major|minor|main|sole|crude|pure|new)\s+)?"
    r"(?:products?|compounds?|isomers?|materials?|adducts?)"
    r"(?:\s+as\s+(?:an?\s+)?(?:[\w-]+\s+){0,3}?(?:solid|oil|powder|crystals|foam|gum|liquid))?"
    r"\s*\(\s*(?:\d+(?:\.\d+)?\s*(?:mg|g|kg|mmol)\s*[,;]\s*)*$",
    re.IGNORECASE,
)
#: A product called by its role, right before its yield's bracket.
_ROLE_BRACKET = re.compile(
    r"\b(?:(?:major|minor|main|sole|only|new|unexpected|single)\s+)?"
    r"(?:products?|compounds?|isomers?|by-?\s?products?|adducts?)\s*\(\s*"
    # ("The product (2.95 g; 90% yield) was identified as …": its mass first)
    r"(?:\d+(?:\.\d+)?\s*(?:mg|g|kg|mmol)\s*[,;]\s*)*$",
    re.IGNORECASE,
)


#: A reagent's or product's amount in a bracket.
_AMOUNT_IN_BRACKET = re.compile(r"\d\s*(?:mg|g|kg|mmol|mol|mL|ml|L|µL|μL|equiv|eq)\b")
#: The yield, its bracket closing, and a verb that gives the step's product.
_CONDITIONS_THEN_VERB = re.compile(
    rf"\d+(?:\.\d+)?\s*%(?:{STEP_ASIDE.pattern})\s*\)\s*,?\s*(?:then\s+|finally\s+)?(?:gave|afforded|furnished"
    r"|provided|delivered|yielded|produced|generated"
    r"|to\s+(?:give|afford|furnish|provide|deliver|yield|produce|generate))\s+(?:the\s+)?",
    re.IGNORECASE,
)


#: A sentence that is only the yield: ``Yield 98%.``, ``Yield: 85%``, with the amount it
#: weighed: ``Yield: 2.1 g (92%)``, ``Yield 1.7 g, 83%``, ``Yield 7.1 g (8.3 mmol, 94%)``.
_YIELD_SENTENCE = re.compile(
    r"\(?\s*(?:the\s+)?(?:isolated\s+|overall\s+)?yield(?:\s+(?:was|is))?\s*[:=]?\s*"
    r"(?:(?:approximately|about|ca\.|nearly|around|only)\s*)?(?:\d[\d.,]*\s*(?:mg|g|kg)\.?\s*(?:[,;(]\s*)?(?:\d[\d.,]*\s*mmol\s*[,;]\s*)?)?",
    re.IGNORECASE,
)
#: What a verb of making may name before its product: ``gave 56.2 g of``.
_AMOUNT_OF = re.compile(r"\s*\d[\d.,]*\s*(?:mg|g|kg)\.?\s*(?:\([^()]{0,40}\)\s*)?of\s+(?:the\s+)?")


#: A sentence of the product's analysis: ``MS (ESI) m/z 254 (M+H)+.``, ``1H NMR (CDCl3)
#: δ …``; the product named before it is still the one a yield after it is of.
_ANALYSIS_SENTENCE = re.compile(
    r"\s*(?:(?:LC-?|ESI-?|HR|EI-?|APCI-?)?MS\b|m/z\b|1H[\s-]?NMR\b|13C[\s-]?NMR\b|19F[\s-]?NMR\b"
    r"|IR\b|Rf\b|R\s?f\s*[=:]|HPLC\b|Anal\.|Elemental\s+analysis\b)"
)
#: A sentence that is only a conversion, a selectivity or a purity: ``Conversion 73%.``
_MEASURE_SENTENCE = re.compile(
    r"(?:(?:the\s+)?(?:conversion|(?:\w+\s+)?selectivity|purity)(?:\s+(?:was|is))?\s*[:=]?\s*"
    r"\d[\d.,]*\s*%\s*[.;]\s*)",
    re.IGNORECASE,
)


def product_before_yield(text: str, value_start: int, table: LabelTable) -> Mention | None:
    """``… chromatography gave 56.2 g of NAME (Quencher 7). Yield 98%.``: a sentence that is
    only the yield states the yield of the product the sentence before it made."""
    start = sentence_start(text, value_start)
    if start == 0 or not _YIELD_SENTENCE.fullmatch(text, start, value_start):
        return None
    before = sentence_start(text, start - 1)
    while before > 0 and (
        _MEASURE_SENTENCE.fullmatch(text, before, start)
        or _ANALYSIS_SENTENCE.match(text, before, start)
    ):
        # "… affording 70 g of anisaldehyde, … . Conversion 73%. Yield 86%.": a
        # conversion or purity stated between them leaves the product where it was
        start, before = before, sentence_start(text, before - 1)
    for verb in reversed(list(_PRODUCT_VERB.finditer(text, before, start))):
        amount = _AMOUNT_OF.match(text, verb.end(), start)
        at = amount.end() if amount is not None else verb.end()
        found = _kind_label_at(text, at, start, table) or _name_at(text, at, start, table)
        if found is not None:
            return found
        gap = text[at:start]
        title = _THE_TITLE.match(text, at + len(gap) - len(gap.lstrip()))
        if title is not None:
            # "… gave the title compound. Yield 4.2 g (72%)": the heading's product, or,
            # where no heading names it, all the text says of it
            return title_compound(table, value_start) or Mention(
                title.group(0).strip(), None, title.start(), title.end(), True
            )
    # "… 511.1 g of p-hydroxybenzonitrile was obtained from …. The yield was 95.0%."
    return _passive_subject(text, before, start, table)


#: A product made the subject of a passive verb: ``511.1 g of NAME was obtained``.
_PASSIVE_MADE = re.compile(
    r"(?:\s*\([^()]{0,40}\))?\s+(?:was|were)\s+(?:then\s+|thus\s+)?"
    r"(?:obtained|isolated|collected|formed|produced|prepared)\b",
    re.IGNORECASE,
)


def _passive_subject(text: str, start: int, end: int, table: LabelTable) -> Mention | None:
    """The name the last passive product verb in ``text[start:end]`` has for its
    subject, weighed or not: ``511.1 g of NAME was obtained``, ``NAME (5.0 g) was
    isolated``."""
    made = list(_PASSIVE_MADE.finditer(text, start, end))
    if not made:
        return None
    at = made[-1].start()
    spans = [span for span in names_in(text, start, at) if span[1] == at]
    if not spans:
        return None
    return _name_at(text, spans[-1][0], at, table)


def identified_after(text: str, value_end: int, table: LabelTable) -> Mention | None:
    """``… to obtain 8.5 g of a white powder (yield: 73%). The obtained compound was
    identified as Compound 1 by FD-MS.``: patents that make a product without naming it
    say what it was in the next sentence (or a ``which`` clause), after its analysis."""
    limit = min(len(text), value_end + 260)
    at = value_end
    identified = None
    for _ in range(3):
        # the sentence after, or one after the product's analysis ("MS: 214 (M+H).")
        turn = _NEXT_SENTENCE.search(text, at, limit)
        if turn is None or _ANOTHER_STEP.search(text, at, turn.start() + len(turn.group(0))):
            return None
        identified = _IDENTIFIED.match(text, turn.end(), limit)
        if identified is not None or "\n\n" in turn.group(0):
            break
        at = turn.end()
    if identified is None:
        return None
    at = identified.end()
    called = _CALLED_AT.match(text, at, limit)
    if called is not None:
        return from_label(called["label"], text, at, table)
    return _kind_label_at(text, at, limit, table) or _name_at(text, at, limit, table)


#: What a sentence between a value and its identification may not say: another yield or
#: another step's product.
_ANOTHER_STEP = re.compile(
    r"%|\b(?:gave|give[sn]?|afford(?:s|ed)?|yield(?:s|ed)|obtained|furnish(?:es|ed)"
    r"|provid(?:es|ed)|added|treated)\b",
    re.IGNORECASE,
)
#: Where the sentence after a value's starts (or its ``which`` clause).
_NEXT_SENTENCE = re.compile(r"[^.;]*?(?:[.;]\s+|,\s*(?=which\s))")
#: ``The obtained compound was identified as``, ``This white solid was confirmed to be``.
_IDENTIFIED = re.compile(
    r"(?:(?:the|this)\s+(?:(?:obtained|resulting|white|yellow|pale|solid|crystalline)\s+)*"
    r"(?:compound|solid|powder|product|crystals?|material|substance)\s+(?:thus\s+obtained\s+)?"
    r"|which\s+)(?:was|were)\s+(?:identified|confirmed)\s+(?:as|to\s+be)\s+(?:the\s+)?",
    re.IGNORECASE,
)


# --- the entry a value stands in -------------------------------------------------------

#: How an entry's product is introduced at the start of a line or sentence.
_OPENING = re.compile(
    r"\s*(?:\(\s*(?P<paren>[^()\n]{1,40})\s*\))?\s*"
    # "Hydroquinine-6′-Boric Acid 3. Grayish white solid": a heading may print its
    # label bare, between the name and the full stop that closes it
    rf"(?:(?<=\s)(?P<bare>{LABEL})(?=\s*[.:](?:\s|$))\s*)?"
    # "NAME (29) as a Mixture of Isomers (1:3, o/p).": what the entry made it as
    r"(?:(?<=\))\s*as\s+an?\s+(?i:mixture)\s+of\s+[\w-]+(?:\s*\([^()\n]{0,30}\))?\s*)?"
    # "NAME (4a).22 Pale-yellow solid (74 mg, 81%)": the known compound's reference
    r"(?:(?P<stop>[.:])(?:(?<=\.)\d{1,3}(?:[,−–-]\d{1,3})*)?(?=\s|$)"
    r"|,\s*(?:from|prepared|obtained)\b"
    # "NAME (5b) Yield: 88% (212 mg); white solid": the heading's line end lost, its
    # data run on after the label's bracket
    rf"|(?<=\))(?=\s+(?:(?:Isolated\s+)?Yield\s*[:=(]?\s*\d|(?-i:[A-Z])[a-z\-]*\s+(?:[a-z\-]+\s+){{0,2}}"
    rf"{FORM_OF_MATTER}\s*[,;:(]))"
    r"|\s*,?\s*(?:(?:was|were)\s+)?(?i:prepared|obtained|synthesi[sz]ed|made|isolated|formed"
    r"|precipitated|(?:re)?crystalli[sz]ed|separated|distilled)\b)"
)
#: ``Compound 16, 1-benzyl-4-(4-methoxyphenyl)-1H-1,2,3-triazole, was prepared …``.
_LABEL_FIRST = re.compile(rf"(?:compound|product)\s+(?P<label>{LABEL})\s*,\s*", re.IGNORECASE)
#: ``Compound 9 :`` opening an entry that gives no name, only its data.
#: ``Compound 5b. Purified by column chromatography …; colorless oil; 37.1 mg, 64%
#: yield``: or a sentence of its own.
_LABEL_ALONE = re.compile(
    rf"(?:compound|cpd\.?)\s+(?P<label>{LABEL})\s*(?::\s+(?=[a-z])|\.\s+(?=[A-Z]))",
    re.IGNORECASE,
)
#: An entry opened by a lettered label and a colon, then the entry's data: ``3a: yield
#: 78%; white solid; m.p. 156–158 °C`` (a bare number stays a scheme's step: ``2: 85%``).
_BARE_LABEL_ALONE = re.compile(
    r"(?P<label>\d{1,3}[a-z]{1,2}['′]?)\s*:\s+(?=(?:yield|white|pale|light|yellow|colou?rless"
    r"|brown|red|orange|off-white|beige|tan|m\.?\s?p\b|solid|oil|obtained|prepared|purified"
    r"|isolated|synthesi[sz]ed|following|according)\b)",
    re.IGNORECASE,
)
#: A heading that names what its entry makes: ``Synthesis of``, ``Preparation of the``.
_MAKING_FIRST = re.compile(
    r"(?:(?:general\s+)?(?:synthesis|preparation)\s+of\s+(?:the\s+)?)(?=\S)", re.IGNORECASE
)
_TRAILING_PAREN_LABEL = re.compile(rf"(?P<name>.+?)\s*\(\s*(?P<label>{LABEL})\s*\)")
#: A lettered step of an example before its product's name: ``(b) ``.
_STEP_LETTER = re.compile(r"\([a-h]\)\s+(?=[A-Z0-9(\[])")


def _entry_at(text: str, start: int, table: LabelTable, line_start: bool) -> Entry | None:
    """The entry opening at ``start``: a product's name, optionally its label or another
    name in brackets, then a full stop or colon, ``, from``, or a verb of making. Without
    a label only a heading (a line's start, closed by ``.`` or ``:``) opens an entry, so
    that ``Benzoic acid was dissolved …`` does not."""
    limit = min(len(text), start + 220)
    lettered = _STEP_LETTER.match(text, start, limit)
    if lettered is not None:
        start = lettered.end()  # "(b) NAME. PBr3 was added …": a patent's lettered step
    alone = _LABEL_ALONE.match(text, start, limit)
    if alone is None:
        # (at a line's start, or after a sentence: "… for 3 h. 7a: yield 65%, mp 210 °C.")
        alone = _BARE_LABEL_ALONE.match(text, start, limit)
    if alone is not None:
        # "Compound 9 : white solid ; mp 101 − 103 °C ; yield 72 %": an entry by number
        defined = table.definition(alone["label"])
        name = defined.name if defined is not None else None
        return Entry(start, Mention(name, alone["label"], *alone.span("label"), True))
    first = _LABEL_FIRST.match(text, start, limit)
    name_start = first.end() if first is not None else start
    making = _MAKING_FIRST.match(text, name_start, limit) if first is None else None
    if making is not None:
        name_start = making.end()  # "Synthesis of NAME (8). Methylamine …"
    names = names_in(text, name_start, limit)
    if not names or names[0][0] != name_start:
        return None
    end = names[0][1]
    written = tidy_name(text[name_start:end])
    label: str | None = first["label"] if first is not None else None
    split = _TRAILING_PAREN_LABEL.fullmatch(written)
    if split is not None:  # the name reader keeps a bracketed label: "X (7a)"
        written, label = split["name"], split["label"]
        end = name_start + len(written)
    if is_not_a_compound(written) or is_generic_name(written) or not looks_like_name(written):
        return None
    if _is_class(written) or sum(c.isalpha() for c in written) < 4:
        return None  # a class ("1,2,3-triazoles"), or an abbreviation ("M.p.")
    opening = _OPENING.match(text, name_start + len(text[name_start:end]), limit)
    if split is not None and opening is None:
        opening = _OPENING.match(text, names[0][1], limit)
    if opening is None:
        return None
    paren = opening["paren"]
    if label is None and opening["bare"] and opening["stop"] is not None:
        label = opening["bare"]
    if label is None and paren:
        last = paren.split(",")[-1].strip()  # "(Hantzsch ester, 32)"
        if re.fullmatch(LABEL, last):
            label = last
    heading = opening["stop"] is not None
    if (
        label is None
        and not line_start
        and not (heading and opening["stop"] == ".")
        and (lettered is None or not heading)
    ):
        return None
    label = label or table.label_of(written)
    return Entry(start, Mention(written, label, name_start, end, True))


#: Where an entry may open inside a line: after a sentence, or after the colon that
#: closes a list's lead-in (``… prepared in like manner to Example 75: NAME (C217)
#: Isolated as …``; without a label nothing opens there).
#: (a list of entries in one sentence: ``NAME (4b): yield 88%, mp 116 °C; NAME (4c): …``)
_ENTRY_AFTER = re.compile(
    rf"{_SENTENCE_END.pattern}|(?<=[\w)])\:(?=\s+[A-Z(\[\d])|;(?=\s+\S)"
    # (a full stop before a lettered label's entry: "… for 3 h. 7a: yield 65%")
    r"|(?<=[\w)%])\.(?=\s+\d{1,3}[a-z]{1,2}['′]?\s*:\s)"
)


def _entries(text: str, table: LabelTable) -> list[Entry]:
    found: dict[int, Entry] = {}
    for line in re.finditer(r"(?m)^[ \t*#]*(?=\S)", text):
        entry = _entry_at(text, line.end(), table, line_start=True)
        if entry is not None:
            found[entry.start] = entry
    for end in _ENTRY_AFTER.finditer(text):
        at = end.end()
        while at < len(text) and text[at] in " \t":
            at += 1
        if at not in found and at < len(text) and not text[at].isspace():
            entry = _entry_at(text, at, table, line_start=False)
            if entry is not None:
                found[at] = entry
    return sorted(found.values(), key=lambda e: e.start)


def entry_compound(
    text: str, value_start: int, table: LabelTable, entries: list[Entry] | None = None
) -> Mention | None:
    """The product of the entry a value stands in: the last entry opened before it,
    unless a blank line (a new paragraph of another kind) comes between."""
    entries = _entries(text, table) if entries is None else entries
    before = [e for e in entries if e.start < value_start]
    if not before:
        return None
    entry = before[-1]
    if "\n\n" in text[entry.start : value_start]:
        return None
    return entry.mention


def read_entries(text: str, table: LabelTable) -> list[Entry]:
    """Every entry of a document, read once and handed to ``entry_compound``."""
    return _entries(text, table)


#: A purified sample named after its yield: ``the analytical sample of NAME``,
#: ``analytically pure NAME``.
_ANALYTICAL_SAMPLE = re.compile(
    r"\b(?:analytical(?:ly\s+pure)?\s+samples?\s+of\s+|analytically\s+pure\s+)", re.IGNORECASE
)


def analytical_sample(text: str, value_end: int, table: LabelTable) -> Mention | None:
    """``… to give a solid; yield, 1.31 g (84%), m.p. 174°. Recrystallization from
    ethanol gave the analytical sample of NAME``: older patents state the yield of the
    crude solid and name it only with its purified sample, a sentence or two later.
    Another yield between them is another product's."""
    limit = min(len(text), value_end + 300)
    paragraph_end = text.find("\n\n", value_end, limit)
    if paragraph_end >= 0:
        limit = paragraph_end
    found = _ANALYTICAL_SAMPLE.search(text, value_end, limit)
    if found is None or re.search(r"\d\s*%", text[value_end : found.start()]):
        return None
    return _name_at(text, found.end(), min(len(text), found.end() + 200), table)


#: A distillation's or a melting point's bracket, its value, then what it gave:
#: ``distilled (b.p. 95 °C/12 mm) to give NAME``, ``(bp 110 °C at 0.5 mmHg) gave NAME``.
_CUE_BRACKET_OPEN = re.compile(
    r"\(\s*(?:b\.?\s?p\.?|m\.?\s?p\.?|boiling\s+point|melting\s+point)\s*[:=]?[^()]{0,12}$",
    re.IGNORECASE,
)
#: A distillation and the temperature it ran at: ``distilled at``, ``distillation at``.
_DISTILLED_AT = re.compile(r"\bdistil(?:l?ed|ling|lation)\s+at\s*$", re.IGNORECASE)
#: After that temperature, its pressure maybe, then the verb that gave the distillate.
#: The verb that gave a distillate, and the article: ``to give the pure``, ``gave``.
_GAVE_DISTILLATE = (
    r"(?:to\s+(?:give|afford|yield|provide|furnish)|gave|afforded|yielded|provided|furnished"
    r"|giving|affording|yielding)\s+(?:the\s+)?(?:pure\s+)?"
)
_AT_PRESSURE_THEN_GAVE = re.compile(
    r"\s*(?:(?:/|at|under)\s*[\d.,]+\s*(?:mm\s?Hg|mm|[Tt]orr|mbar|kPa|hPa|Pa)\.?"
    r"|\(\s*[\d.,]+\s*(?:mm\s?Hg|mm|[Tt]orr|mbar|kPa|hPa|Pa)\.?\s*\))?\s*,?\s*" + _GAVE_DISTILLATE,
    re.IGNORECASE,
)
_BRACKET_THEN_GAVE = re.compile(r"[^()]{0,40}\)\s*,?\s*" + _GAVE_DISTILLATE, re.IGNORECASE)


def bracket_then_product(
    text: str, value_start: int, value_end: int, table: LabelTable
) -> Mention | None:
    """``the residue was distilled (b.p. 95 °C/12 mm) to give 2-octanone``: the point
    printed in the distillation's bracket is that of what the distillation gave."""
    if _DISTILLED_AT.search(text, max(0, value_start - 40), value_start) is not None:
        # "The residue was distilled at 60 °C/20 mmHg to give 3-methylbutanal"
        gave = _AT_PRESSURE_THEN_GAVE.match(text, value_end)
        if gave is None:
            return None
        return _name_at(text, gave.end(), min(len(text), gave.end() + 200), table)
    if _CUE_BRACKET_OPEN.search(text, max(0, value_start - 30), value_start) is None:
        return None
    gave = _BRACKET_THEN_GAVE.match(text, value_end)
    if gave is None:
        return None
    return _name_at(text, gave.end(), min(len(text), gave.end() + 200), table)


#: The forms that say whose a value is, the most specific first, each with the name a
#: record's ``compound.source`` carries when it decides.
FORM_RULES: tuple[tuple[str, Callable[[str, int, int, LabelTable, list[Entry]], Mention | None]], ...] = (
    ("bracketed_after_name", lambda text, start, end, table, _: bracketed_after_name(text, start, table)),
    ("label_listed", lambda text, start, end, table, _: label_listed(text, start, table)),
    ("step_product", lambda text, start, end, table, _: step_product(text, start, end, table)),
    ("named_after_value", lambda text, start, end, table, _: named_after_value(text, end, table)),
    ("subject_of_verb", lambda text, start, end, table, _: subject_of_verb(text, start, table)),
    ("name_right_before", lambda text, start, end, table, _: name_right_before(text, start, table)),
    ("name_before_cue", lambda text, start, end, table, _: name_before_cue(text, start, table)),
    ("product_of_sentence", lambda text, start, end, table, _: product_of_sentence(text, start, table)),
    ("product_before_yield", lambda text, start, end, table, _: product_before_yield(text, start, table)),
    ("sentence_subject", lambda text, start, end, table, _: sentence_subject(text, start, table)),
    ("entry_compound", lambda text, start, end, table, entries: entry_compound(text, start, table, entries)),
    ("sheet_field", lambda text, start, end, table, _: sheet_field(text, start, table)),
    ("analytical_sample", lambda text, start, end, table, _: analytical_sample(text, end, table)),
    ("identified_after", lambda text, start, end, table, _: identified_after(text, end, table)),
    ("bracket_then_product", lambda text, start, end, table, _: bracket_then_product(text, start, end, table)),
)  # fmt: skip


def compound_by_form(
    text: str,
    value_start: int,
    value_end: int,
    table: LabelTable,
    entries: list[Entry],
) -> Mention | None:
    """The compound the sentence's form gives a value, the most specific form first."""
    for _, rule in FORM_RULES:
        mention = rule(text, value_start, value_end, table, entries)
        if mention is not None:
            return mention
    return None
