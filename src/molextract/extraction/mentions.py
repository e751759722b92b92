"""From the model's answer about whose value it is to a compound found in the text.

The model answers "as written": a name, a label (``12b``, ``compound 12b``), both
(``amide 4b``), "the title compound", or whatever stood nearby ("white solid",
"hexanes"). It sees one chunk, so a label or a placeholder is often all it can give;
the document's ``LabelTable`` supplies the name behind it. Everything is then looked up
in the text, so a record says where its compound is named and an invented name shows
as ungrounded rather than passing for one the paper gave.

A solvent can be the compound a value belongs to ("ethanol boils at 78 °C"), so a
single solvent is kept as a compound. What is never one compound is: a mixture of
solvents (``hexanes``, ``petroleum ether``, ``EtOAc/hexane``), brine and other
aqueous solutions, chromatography media, and descriptions of appearance ("white
solid", "colourless oil"); those answers become None. Water is kept: it is one
compound, and its own values (bp 100 °C) are values like any other.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from molextract.extraction.abbreviations import Abbreviation
from molextract.extraction.appearance import FORM_OF_MATTER, LOOKS
from molextract.extraction.chemical_names import (
    is_generic_name,
    looks_like_name,
    name_before,
    names_in,
    tidy_name,
)
from molextract.extraction.cues import STEP_NOUN, SUBSTITUENT, YIELD_VERBS
from molextract.extraction.junk_compounds import junk_reason
from molextract.extraction.label_table import LabelTable
from molextract.extraction.labels import (
    HYPHENED_NUMBER,
    LABEL,
    LABEL_OR_ROMAN,
    ROMAN,
    RUN_LAST,
    STRENGTH,
    TITLE_WORDS,
    LabelDefinition,
    bare_label,
)


@dataclass(frozen=True, slots=True)
class Mention:
    """A compound a value belongs to: its name and label when known, and where the text
    mentions it (``text[start:end]``: the occurrence nearest before the value, else the
    nearest after). ``grounded`` is False for a name the text does not contain."""

    name: str | None
    label: str | None
    start: int | None
    end: int | None
    grounded: bool


# --- what an answer is -----------------------------------------------------------------


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: Answers that mean the compound a section is about: its heading's compound.
_TITLE = re.compile(
    r"(?:the\s+)?(?:(?:title[d]?|target|desired|expected|object(?:ive)?)\s+(?:compound|product|material)"
    r"|product)"
)
#: Answers that name nothing (the model's "no compound").
_NOTHING = frozenset(
    _words(
        """
    unknown none null n/a na nil not-stated not-specified not-given not-applicable
    compound this-compound it this that crude crude-product crude-material crude-compound
    crude-title-compound crude-solid crude-oil residue solid mixture reaction-mixture
    product-mixture sample material solution reaction-solution filtrate precipitate
    organic-layer organic-phase aqueous-layer aqueous-phase extract extracts
    combined-extracts mother-liquor mother-liquors eluent eluant solvent oil reaction
    """
    )
)
_ARTICLES = frozenset({"the", "a", "an", "this", "that", "as"})
#: Words that describe how a sample looks: an answer of only these is no compound.
_APPEARANCE = frozenset(
    _words(
        """
    white colourless colorless yellow yellowish pale off brown brownish red reddish orange
    green greenish blue bluish purple violet pink black grey gray beige tan cream amber
    golden dark light bright deep clear transparent opaque solid solids oil oils oily
    crystals crystal crystalline needles needle plates plate prisms prism powder powders
    foam gum glass glassy syrup syrupy liquid wax waxy amorphous microcrystalline
    precipitate residue residual fine sticky viscous semisolid semi flakes film resin
    mass lumps granules cubes blocks rods leaflets colour color slightly very
    racemic metastable anhydrous hydrated commercial neat molten gaseous gas purified
    """
    )
)
#: Compounds named with words of appearance.
_DYES = frozenset({"crystal-violet", "gentian-violet"})
#: Materials that are mixtures or media, never one compound.
_MIXTURES = frozenset(
    _words(
        """
    hexanes petroleum-ether pet.-ether pet-ether petrol light-petroleum ligroin ligroine
    brine mineral-oil paraffin-oil silica silica-gel celite alumina charcoal
    activated-carbon activated-charcoal molecular-sieves buffer phosphate-buffer pbs
    culture-medium medium ether/hexanes ether/hexane
    """
    )
)
#: Solvents, for telling a solvent mixture (``EtOAc/hexane``) from a name.
_SOLVENTS = frozenset(
    _words(
        """
    hexane hexanes heptane pentane cyclohexane petroleum-ether pe pet.-ether ether
    diethyl-ether et2o ethyl-acetate etoac ea methanol meoh ethanol etoh isopropanol
    2-propanol ipa acetone acetonitrile mecn dichloromethane dcm ch2cl2 chloroform chcl3
    toluene benzene thf tetrahydrofuran water h2o dmf dmso dioxane 1,4-dioxane
    acetic-acid acoh triethylamine et3n ammonia nh3 nh4oh aqueous-ammonia
    """
    )
)
_SOLUTION = re.compile(
    r"(?:aq(?:ueous)?\.?|sat(?:urated)?\.?|dil(?:ute)?\.?|conc(?:entrated)?\.?"
    r"|\d+(?:\.\d+)?\s*(?:M|N|mol/L|%|wt\s*%))\s+\S.*|.+\s(?:solution|soln\.?)",
    re.IGNORECASE,
)
_RATIO = re.compile(r"\(?\s*\d+(?:\.\d+)?\s*:\s*\d+(?:\.\d+)?\s*\)?|\(?\s*v/v\s*\)?")
_EXAMPLE_LABEL = re.compile(
    r"(?:(?:the\s+)?(?:title\s+)?(?:compound|product)s?\s+(?:of|from)\s+)?"
    r"(?P<label>(?:(?:reference|comparative|synthesis|preparation|production)\s+)?"
    r"(?:example|preparation|intermediate|description)\s+\d{1,4}(?:[.\-]\d{1,3})?[A-Za-z]?"
    r"(?:\([a-z0-9]{1,3}\))?(?:\s+step\s+\w{1,3})?)",
    re.IGNORECASE,
)
_LABEL_RANGE = re.compile(r"[1-9]\d{0,2}[a-z]\s*[‐‑‒–—−-]\s*(?:[1-9]\d{0,2})?[a-z]")
_NAME_AND_PAREN_LABEL = re.compile(
    rf"(?P<name>.+?)\s*\(\s*(?:compound\s+|cpd\.?\s+)?(?P<label>{LABEL_OR_ROMAN})\s*\)"
)
_NAME_THEN_SHORT = re.compile(r"(?P<name>.+?\S)\s*\(\s*(?P<short>[^()\s]+)\s*\)")
_NAME_AND_LABEL = re.compile(rf"(?P<name>.+?)\s+(?P<label>{LABEL})")


def _clean(answer: str) -> str:
    stripped = re.sub(r"\s+", " ", answer).strip().strip("\"'“”‘’`").strip()
    return stripped.rstrip(".,;:").strip()


def _words_key(text: str) -> str:
    """``the  Crude product`` → ``crude-product``: a key for the word lists above."""
    words = [w for w in text.lower().split() if w not in _ARTICLES]
    return "-".join(words)


def is_not_a_compound(answer: str) -> bool:
    """An answer that names no single compound: a placeholder, an appearance, a mixture,
    a solvent system or a solution."""
    key = _words_key(answer)
    if not key or key in _NOTHING or key in _MIXTURES:
        return True
    words = re.split(r"[\s\-]+", answer.lower())
    described = [w for w in words if w and w not in _ARTICLES]
    if key not in _DYES and described and all(w in _APPEARANCE for w in described):
        return True
    if _SOLUTION.fullmatch(answer):
        return True
    return _is_solvent_system(answer)


def _is_solvent_system(answer: str) -> bool:
    """``EtOAc/hexane (1:4)``, ``hexane–ethyl acetate``: two solvents or more."""
    without_ratio = _RATIO.sub(" ", answer).strip()
    parts = [p for p in re.split(r"\s*(?:/|–|—|\band\b|\+)\s*", without_ratio) if p.strip()]
    return len(parts) >= 2 and all(_words_key(p) in _SOLVENTS for p in parts)


# --- finding it in the text ------------------------------------------------------------

_FOLDS = {
    **dict.fromkeys("‐‑‒–—−", "-"),
    **dict.fromkeys("′’‘`´", "'"),
    **dict.fromkeys("″“”", '"'),
}
_INVISIBLE = frozenset("\u00ad\u200b\u200c\u200d\u2060\ufeff")


@dataclass(frozen=True, slots=True)
class _Folded:
    """A text folded for matching, with the original offset of each folded character."""

    text: str
    origin: tuple[int, ...]


def _fold(text: str) -> _Folded:
    """Case, dashes, primes and runs of spaces do not matter; neither does a line wrapped
    after a hyphen (``thiophen- 3-yl``)."""
    chars: list[str] = []
    origin: list[int] = []
    for index, char in enumerate(text):
        if char in _INVISIBLE:
            continue
        if char.isspace():
            if chars and chars[-1] in " -":
                continue
            chars.append(" ")
            origin.append(index)
            continue
        folded = _FOLDS.get(char) or unicodedata.normalize("NFKC", char).casefold()
        for piece in folded:
            chars.append(piece)
            origin.append(index)
    return _Folded("".join(chars), tuple(origin))


_fold_document = lru_cache(maxsize=4)(_fold)


def _bounded(text: str, start: int, end: int) -> bool:
    """A name matches whole: not the ``ethanol`` in ``methanol`` nor the ``4-aminophenol``
    of ``N-acetyl-4-aminophenol``."""
    if start > 0 and (text[start - 1].isalnum() or text[start - 1] in "-'′″"):
        return False
    return end >= len(text) or not (text[end].isalnum() or text[end] == "-")


def _nearest(spans: list[tuple[int, int]], offset: int) -> tuple[int, int] | None:
    """The span nearest before ``offset``, else the nearest after."""
    if not spans:
        return None
    spans = sorted(spans)
    index = bisect_left(spans, (offset, -1))
    return spans[index - 1] if index > 0 else spans[0]


def _case_matters(name: str) -> bool:
    """``CO`` is not ``Co`` nor ``DMF`` ``dmf``: a capital after a letter makes case part
    of a formula or an abbreviation. Names only capitalise their first letters."""
    return re.search(r"[A-Za-z][A-Z]", name) is not None


def _letters(text: str) -> list[str]:
    return [c for c in text if c.isalpha()]


#: How far before a value to look first: the nearest occurrence before it is there if
#: any is, and a long document is then not scanned whole for every value.
_WINDOW = 5000

_Span = tuple[int, int]


def _nearest_first(
    search: Callable[[int, int], list[_Span]], offset: int, size: int
) -> _Span | None:
    """The nearest span before ``offset``, else the nearest after, searching a window
    before ``offset`` first and the whole text only when the window has none."""
    near = [s for s in search(max(0, offset - _WINDOW), min(size, offset)) if s[0] < offset]
    return max(near) if near else _nearest(search(0, size), offset)


def find_name(text: str, name: str, offset: int) -> tuple[int, int] | None:
    """Where ``text`` names ``name``, nearest before ``offset`` first: an exact
    occurrence, or one that differs in case, dashes, primes or spacing (a sentence's
    capital, a line wrapped in a PDF). Where the name is written matters more than how:
    the compound of a value is named nearest before it."""
    needle = _fold(name).text.strip()
    folded = _fold_document(text) if needle else None

    def search(lo: int, hi: int) -> list[_Span]:
        found: list[_Span] = []
        at = text.find(name, lo, hi + len(name))
        while at >= 0:
            if _bounded(text, at, at + len(name)):
                found.append((at, at + len(name)))
            at = text.find(name, at + 1, hi + len(name))
        if folded is None:
            return found
        first = bisect_left(folded.origin, lo)
        last = bisect_left(folded.origin, hi) + len(needle)
        at = folded.text.find(needle, first, last)
        while at >= 0:
            start, end = folded.origin[at], folded.origin[at + len(needle) - 1] + 1
            cased = not _case_matters(name) or _letters(text[start:end]) == _letters(name)
            if cased and _bounded(text, start, end):
                found.append((start, end))
            at = folded.text.find(needle, at + 1, last)
        return found

    return _nearest_first(search, offset, len(text))


_PRIMES = "'′’‘″"
#: Before a number that is a figure, table or step, not a compound.
_NOT_A_LABEL_BEFORE = re.compile(
    r"(?:fig(?:ure)?s?\.?|tables?|schemes?|panels?|entr(?:y|ies)|refs?\.?|eqs?\.?|equations?"
    r"|steps?|examples?|claims?|supplementary|section|chart|page|pp?\.|formulae?|formulas"
    # "according to procedure 3", "Method B": how it was made, not what
    r"|procedures?|methods?|protocols?)"
    r"\s*\(?\s*$",
    re.IGNORECASE,
)
#: The words a chemist calls a compound by before its number (``the amide 5``).
#: Words ending as a class of compounds does that are none: ``moderate``, ``beside``.
_NOT_KINDS = (
    r"(?:moder|separ|accur|appropri|approxim|immedi|ultim|adequ|elabor|deliber|consider"
    r"|temper|intermedi|cre|gener|indic|oper|evalu|investig|calcul|estim|illustr|demonstr"
    r"|bes|ins|outs|provide|decide|divide|subs|res|pres|coinc|overr)(?:ate|ide)\b"
)
KIND_WORDS = (
    r"(?:compounds?|cpds?\.?|products?|intermediates?|derivatives?|esters?|amides?"
    r"|acids?|alcohols?|aldehydes?|ketones?|amines?|alkenes?|salts?|adducts?|lactones?"
    r"|lactams?|nitriles?|diols?|ethers?|complex(?:es)?|ligands?|analogues?|analogs?"
    r"|donors?|acceptors?|monomers?|dimers?|isomers?|species|substrates?|precursors?"
    r"|olefins?|dienes?|enones?|sulfones?|epoxides?|imines?|azides?|alkynes?"
    # a class by its suffix: "dienones 7", "naphthalenes 7g and 7h", "the triazole 6"
    r"|[a-z]{3,}(?:ones?|enes?|anes?|ynes?|ides|ates|ines?|oles?|ols)"
    # and in the singular: "the bisboronate 19", "sulfide 5" (not "moderate", "beside")
    rf"|(?!{_NOT_KINDS})[a-z]{{3,}}(?:ate|ide))"
)
#: Where a bare number is a compound label: ``compounds 3, 4 and 5``, ``the amide 5``.
_CALLED_BEFORE = re.compile(
    rf"(?:\b{KIND_WORDS}\s+"
    r"(?:[\w'′]+\s*(?:,|\band\b|\bor\b)\s*)*"
    r"|\b(?:give|gave|giving|a(?:ff|ﬀ)ord(?:ed|ing|s)?|yield(?:ed|ing)?|provid(?:e|ed|ing)"
    r"|furnish(?:ed|ing)?|obtain(?:ed)?|produc(?:e|es|ed|ing)|generat(?:e|es|ed|ing)"
    r"|deliver(?:s|ed|ing)?|(?:lead(?:s|ing)?|led|convert(?:s|ed)?)\s+to|into|of|from"
    # a by-product beside the product: "gave 6 along with 7 in 15 % yield"
    r"|along\s+with|together\s+with|accompanied\s+by|as\s+well\s+as|in\s+addition\s+to)\s+)$",
    re.IGNORECASE,
)
_AMOUNT_AFTER = re.compile(r"\s*\([^()]*\d\s*(?:mg|g|kg|mmol|mol|mL|%)(?![A-Za-z])")
#: A yield straight after a number: ``… and 7 in 30 % yield``, the number a product's.
_IN_YIELD_AFTER = re.compile(
    # ("tetracycle 27 directly in 48 % yield": how it formed may come first)
    r"\s+(?:[a-z]+ly\s+)?in\s+(?:an?\s+)?(?:[a-z]+\s+)?\d+(?:\.\d+)?\s*%\s*(?:[a-z]+\s+)?yields?\b"
)
#: A unit after a number: the number is an amount or a measurement, not a label
#: (``3 g``, ``ethanol 95 %``, ``HCl 2 M``, ``2 × 10 mL``).
UNIT_AFTER = re.compile(
    r"\s*(?:%|°|[×x]\s*\d|(?:mg|g|kg|mmol|mol|mL|ml|L|µL|μL|equiv|eq|h|min|d|K|M|N|MHz|Hz"
    r"|nm|ppm|cm|mm|bar|atm|psi|wt|vol"
    # older patents spell their units out: "20 grams of the subject compound"
    r"|gm|grams?|kilograms?|milligrams?|moles?|mmoles?|millimoles?|parts|liters?|litres?"
    r"|milliliters?|millilitres?|hours?|hrs?|minutes?|days?|percent|equivalents?)\b)"
)


_DASHES = "‐‑‒–—−-"
#: A number bracketed at a sentence's start and followed by a capitalised word: the
#: number of a note or reference that text copied from a PDF runs in (``( 9 ) Prepared
#: by the method of …``), not a compound.
_NOTE_NUMBER_BEFORE = re.compile(r"(?:^|[.:;]\s*|\n\s*)\(\s*$")
_NOTE_TEXT_AFTER = re.compile(r"\s*\)\s+[A-Z][a-z]{2,}\b(?![-,])")
_OPEN_BEFORE = re.compile(r"\(\s*$")
_CLOSE_AFTER = re.compile(r"\s*[),;]")


def _label_pattern(label: str, flags: int) -> re.Pattern[str]:
    """The label's characters, any prime for a prime and any dash for a dash. It starts
    with a literal, so that a long document is scanned fast; the character before is
    checked apart."""
    body = "".join(
        f"[{_PRIMES}]"
        if c in _PRIMES
        else f"[{_DASHES}]"
        if c in _DASHES
        else r"\s*"
        if c.isspace()
        else re.escape(c)
        for c in label
    )
    return re.compile(rf"{body}(?![\w{_PRIMES}\-])", flags)


def _is_label_use(text: str, start: int, end: int, strict: bool) -> bool:
    """Whether this occurrence of a label's characters is the label. A bare number or
    numeral is one only where the text calls it a compound, brackets it, or gives its
    amount: ``3`` is everywhere, ``3 g`` and ``formula (I)`` are no labels."""
    if start > 0 and (text[start - 1].isalnum() or text[start - 1] in f"-./_{_PRIMES}"):
        # "(+)-28", "( − ) -12": the label of one enantiomer
        return _SIGN_BEFORE.search(text, max(0, start - 12), start) is not None
    before = text[max(0, start - 60) : start]
    if _NOT_A_LABEL_BEFORE.search(before):
        return False
    if text[start:end].isdigit() and _RATIO_BEFORE.search(before):
        return False  # "in a ratio of 4 : 1 ( 72 % )": a ratio's second term
    if is_spectrum_word(text, start, end):
        return False
    if _STEREO.fullmatch(text, start, end) and (
        _STEREO_AFTER.match(text, end) or _STEREO_BEFORE.search(before)
    ):
        return False  # "(2S, 3S)-…", "(1R,2S)": a configuration, not a label
    if STRENGTH.fullmatch(text, start, end) and _STRENGTH_OF.match(text, end):
        return False  # "1N hydrochloric acid", "6M HCl": a reagent's strength
    if not strict:
        return True
    if _NOTE_NUMBER_BEFORE.search(before) and _NOTE_TEXT_AFTER.match(text, end):
        return False  # "… overall yield . ( 9 ) Prepared by …": a note's number
    if _OPEN_BEFORE.search(before) and _CLOSE_AFTER.match(text, end):
        return True
    if UNIT_AFTER.match(text, end) or _RATIO_AFTER.match(text, end):
        return False  # "3 g", "hexane 3:1"
    if _CLAUSE_START.search(before) and _SUBJECT_OF_STEP_AFTER.match(text, end):
        return True  # "…, 31 was obtained as a colorless oil"
    return bool(
        _CALLED_BEFORE.search(before)
        or _AMOUNT_AFTER.match(text, end)
        or _IN_YIELD_AFTER.match(text, end)
    )


_RATIO_AFTER = re.compile(r"\s*:\s*\d")
_RATIO_BEFORE = re.compile(r"(?<![\w.])\d{1,3}(?:\.\d)?\s*:\s*$")
#: What a normality or molarity printed like a label (``1N``, ``6M``) is the strength of.
_STRENGTH_OF = re.compile(
    r"\s*(?:aq\.?\s+|aqueous\s+|methanolic\s+|ethanolic\s+)?(?:hydrochloric|sulfuric|sulphuric"
    r"|nitric|acetic|phosphoric|hydrobromic|HCl|HBr|H2SO4|HNO3|H3PO4|AcOH|NaOH|KOH|LiOH|NH3"
    r"|NH4OH|NaHCO3|Na2CO3|K2CO3|sodium|potassium|lithium|ammonium|ammonia|solution|in\b)",
    re.IGNORECASE,
)
#: A bare number that opens a clause and is what a step makes or takes is a compound:
#: ``Following the general procedure, 31 was obtained``, ``… and 7 was converted``.
#: (after "Pure" or "Crude" too: ``Pure 19 was obtained in a yield of 47 %``)
_CLAUSE_START = re.compile(
    r"(?:^|[.;:,]\s*|\n\s*|\b(?:and|then|while|whereas)\s+)(?:[Pp]ure\s+|[Cc]rude\s+)?$"
    # "The cyclometalated complex [Np(Ph2P,C)IrCl(Cp*)] 30 was obtained": the number
    # after a formula the subject printed
    r"|[\])]\s$"
)
_SUBJECT_OF_STEP_AFTER = re.compile(
    r"\s+(?:was|were|is|are)\s+(?:\w+ly\s+|then\s+|also\s+|thus\s+|thereby\s+)?(?:obtained|isolated|formed"
    r"|prepared|produced|synthesi[sz]ed|generated|converted|transformed|reduced|oxidi[sz]ed"
    r"|treated|subjected|hydrogenated|hydrolyzed|deprotected|cycli[sz]ed|protected|coupled"
    r"|alkylated|acylated|purified|recrystalli[sz]ed|collected)\b",
    re.IGNORECASE,
)


#: A nucleus (``1H``, ``13C``, ``19F``, ``31P``) or a count of protons (``2H``): the
#: words of a spectrum, which look like a compound's label.
_NUCLEUS = re.compile(r"\d{1,3}(?:H|B|C|N|F|P|Si|Sn|Se|Pt)")
#: The spectrum the nucleus names: ``1H NMR``, ``13C{1H} NMR``, ``19F-NMR``.
_NMR_AFTER = re.compile(r"\s*(?:\{\s*\d{1,3}[A-Z][a-z]?\s*\}\s*)?-?\s*NMR\b", re.IGNORECASE)
#: A count of protons in a peak's bracket: ``(d, J = 8.0 Hz, 2H)``, ``(s, 3H;``.
_PROTONS_BEFORE = re.compile(r"[(,;]\s*$")
_PROTONS_AFTER = re.compile(r"\s*[),;]")


def is_spectrum_word(text: str, start: int, end: int) -> bool:
    """``1H`` of ``1H NMR``, ``13C{1H} NMR``, ``(d, J = 8.0 Hz, 2H)``: the words of a
    spectrum look like a compound's label or formula, and are neither."""
    nucleus = _NUCLEUS.match(text, start, end)
    if nucleus is None:
        return False
    if _NMR_AFTER.match(text, nucleus.end()):
        return True  # a name reader's "13C{1H}" or "19F-NMR δ" starts with one too
    before = text[max(0, start - 3) : start]
    if before.endswith("{") and text.startswith("}", end):
        return True  # the decoupled nucleus of "13C{1H}"
    return (
        nucleus.end() == end
        and _PROTONS_BEFORE.search(before) is not None
        and _PROTONS_AFTER.match(text, end) is not None
    )


#: A locant with its configuration, and what stands around one in a descriptor list.
_STEREO = re.compile(r"\d{0,3}[RSEZ]\*?")
_STEREO_AFTER = re.compile(r"\s*(?:,\s*\d{0,3}[RSEZ]\*?\b|\)\s*-)")
_STEREO_BEFORE = re.compile(r"[(,]\s*\d{0,3}[RSEZ]\*?\s*,\s*$")


def bare_label_uses(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Labels used in ``text[start:end]`` that no table lists: a number only where the
    text calls it a compound (``amide 7``, ``compound 12``) or brackets it."""
    found = []
    for match in _BARE_LABEL.finditer(text, start, end):
        label = match.group(0)
        strict = label.isdigit()
        if _is_label_use(text, *match.span(), strict):
            found.append(match.span())
    return found


_BARE_LABEL = re.compile(
    rf"(?:(?<![\w\-.,/])|(?<=\)-)|(?<=\) -)){LABEL}"
    # ("product 8aawas obtained": a PDF's text runs the label into its verb)
    r"(?:(?=(?:was|were|gave)\b)|(?![\w\-]|[.,]\d))"
)
#: An optical rotation's sign before a label: ``(+)-``, ``( − ) -``, ``(±)-``.
_SIGN_BEFORE = re.compile(r"\(\s*[+\-−–±]\s*\)\s*-\s*$")


def label_uses(text: str, label: str, start: int, end: int) -> list[tuple[int, int]]:
    """Every use of ``label`` in ``text[start:end]``, by the rules ``find_label`` uses."""
    roman = re.fullmatch(r"[IVX]+[a-h]?", label) is not None
    strict = label.isdigit() or roman
    pattern = _label_pattern(label, 0)
    return [
        m.span()
        for m in pattern.finditer(text, start, end)
        if _is_label_use(text, *m.span(), strict)
    ]


def find_label(
    text: str, label: str, offset: int, table: LabelTable | None = None
) -> tuple[int, int] | None:
    """Where the text uses ``label``, nearest before ``offset`` first; for a member of a
    range that is not written out (``12c`` of ``12a–c``) the whole range."""
    roman = re.fullmatch(r"[IVX]+[a-h]?", label) is not None
    strict = label.isdigit() or roman
    # "(i)" is a list marker, not compound I: a numeral keeps its case.
    for flags in (0,) if roman else (0, re.IGNORECASE):
        pattern = _label_pattern(label, flags)

        def search(lo: int, hi: int, pattern: re.Pattern[str] = pattern) -> list[_Span]:
            return [
                m.span()
                for m in pattern.finditer(text, lo, min(len(text), hi + len(label) + 2))
                if _is_label_use(text, *m.span(), strict)
            ]

        span = _nearest_first(search, offset, len(text))
        if span is not None:
            return span
    if table is not None:
        return _nearest([(r.start, r.end) for r in table.references_to(label)], offset)
    return None


# --- resolving an answer ---------------------------------------------------------------


def resolve_mention(
    answer: str | None, text: str, value_offset: int, table: LabelTable
) -> Mention | None:
    """The compound the model's answer stands for, or None when it names none.

    ``value_offset`` is where the value stands in ``text``: a label or name is looked up
    nearest before it, and "the title compound" is the compound of its section.
    """
    if answer is None:
        return None
    cleaned = _clean(answer)
    if not cleaned:
        return None
    lowered = cleaned.lower()
    if _TITLE.fullmatch(lowered):
        return _title_compound(table.title_compound_at(value_offset))
    if is_not_a_compound(cleaned) or is_generic_name(cleaned):
        return None  # "white solid", "brine", "the amide": no one compound named
    label = _as_label(cleaned)
    if label is not None:
        return from_label(label, text, value_offset, table)
    abbreviation = table.abbreviation(cleaned)
    if abbreviation is not None:
        return _from_abbreviation(abbreviation, text, value_offset)
    defined = _NAME_THEN_SHORT.fullmatch(cleaned)
    if defined is not None and (short := table.abbreviation(defined["short"])) is not None:
        # "2-Methyltetrahydrofuran (2-MeTHF)": the name with the short form it defines
        return _from_abbreviation(short, text, value_offset)
    split = _split(cleaned, table)
    if split is not None:
        name, label = split
        if _vague(name):
            return from_label(label, text, value_offset, table)
        return _from_name(name, text, value_offset, table, label)
    if _field_words(cleaned):
        # "Odour threshold": the label of a data sheet's field, not a compound; the
        # value is the sheet's compound's.
        return passage_subject(text, value_offset, table)
    mention = _from_name(without_appearance(cleaned), text, value_offset, table)
    if (
        mention.start is not None
        and abs(value_offset - mention.start) < 80
        and _MEDIUM_BEFORE.search(text, max(0, mention.start - 12), mention.start)
    ):
        # "Solubility in water: 0.52 g/L" answered "water": the medium it was measured in
        return passage_subject(text, value_offset, table)
    if mention.start is not None and mention.start > value_offset:
        stop = _LATER_SENTENCE.search(text, value_offset)
        if stop is not None and stop.start() < mention.start:
            # Named only in a later sentence: a small model reaching for the next name
            # it sees ("… dissolving to 140 g/L. Ethyl acetate (b.p. 77 °C) …").
            return None
    if not mention.grounded and mention.label is None:
        # A name the document never prints: small models copy one from the worked
        # examples ("Propranolol") when the chunk gives them none they recognise.
        return passage_subject(text, value_offset, table) or mention
    return mention


def without_appearance(name: str) -> str:
    """``Crystalline sucrose`` is sucrose: how a sample looked is no part of its name."""
    words = name.split()
    first = next((i for i, w in enumerate(words) if w.lower() not in _APPEARANCE), len(words))
    rest = " ".join(words[first:])
    return rest if 0 < first < len(words) and looks_like_name(rest) else name


def _field_words(answer: str) -> bool:
    """``Odour threshold``, ``Relative density``: two or more plain words that make no
    chemical name. One word is let through: ``tamoxifen`` has no chemical ending."""
    words = answer.split()
    plain = all(re.fullmatch(r"[A-Za-z][a-z]+", w) for w in words)
    return len(words) >= 2 and plain and not looks_like_name(answer)


def _from_abbreviation(abbreviation: Abbreviation, text: str, offset: int) -> Mention:
    """``2-MeTHF`` is the compound its definition names in full; the mention is the short
    form nearest the value, which is where the text names it for this value."""
    span = find_name(text, abbreviation.short, offset) or (abbreviation.start, abbreviation.end)
    return Mention(abbreviation.name, None, span[0], span[1], True)


def passage_subject(text: str, offset: int, table: LabelTable) -> Mention | None:
    """The compound the value's section or paragraph is about: its heading's compound,
    else the first compound its first sentence names (``Coumarin (2H-chromen-2-one) is
    a colourless lactone``, ``Section 9: Physical and chemical properties (toluene, CAS
    108-88-3).``), or None when neither names one. A first compound the sentence charges
    with an amount (``A solution of X (3.78 g) in …``) is what a procedure starts from:
    then the paragraph's subject is not named, and None is returned."""
    title = _title_compound(table.title_compound_at(offset))
    if title is not None and (title.name is not None or _labels_a_compound(title.label)):
        return title
    start = text.rfind("\n\n", 0, offset)
    start = 0 if start < 0 else start + 2
    end = _first_sentence_end(text, start, offset)
    for name_start, name_end in names_in(text, start, end):
        written = tidy_name(text[name_start:name_end])
        if is_not_a_compound(written) or is_generic_name(written):
            continue
        if (
            _charged(text, name_start, name_end)
            or _OBJECT_OF_STEP.search(text, max(start, name_start - 40), name_start)
            or _WORK_UP_AFTER.match(text, name_end)
            or _REACTED_AFTER.match(text, name_end)
            or _STEP_OF.search(text, max(start, name_start - 40), name_start)
        ):
            # "A solution of X (3.78 g) in methanol …", "the displacement with disodium
            # salt of X on …", "The hexane layer is washed …": a procedure's first
            # sentence charges its starting materials and reagents, or works up; the
            # paragraph is not about them.
            return None
        name = without_appearance(written)
        if name != written and text[name_end - len(name) : name_end] == name:
            name_start = name_end - len(name)
        else:
            name = written
        if re.fullmatch(LABEL, name):
            # "Compound 3c was prepared …": the paragraph is about a compound by its label
            return Mention(table.name_of(name), name, name_start, name_end, True)
        return Mention(name, table.label_of(name), name_start, name_end, True)
    return None


def _labels_a_compound(label: str | None) -> bool:
    """A heading's label that is a compound's own (``1-4`` of "Synthesis of Compound
    1-4", ``Intermediate 3``), not an example's number (``Example 7``)."""
    if label is None:
        return False
    own = re.fullmatch(rf"{LABEL}|{HYPHENED_NUMBER}", label) is not None
    return own or label.lower().startswith("intermediate")


_UNITS = r"(?:[mkµμ]?g|grams?|[mµμ]?[lL]|m?mol(?:es?)?|gm|equiv|eq)\.?"
#: An amount charged after a name: ``X (3.78 g, …``, ``X (75) (8.84 g``, ``X solution``.
_CHARGED_AFTER = re.compile(
    rf"\s*(?:\([^()]{{0,30}}\)\s*)?\(\s*[~˜≈]?\s*\d[\d.,]*\s*{_UNITS}(?![A-Za-z])"
    r"|\s+(?:solution|suspension)\b"
)
#: An amount charged before a name: ``5.6 g of X``, ``148 mg (0.20 mmol) of the above X``,
#: ``a solution of X``, ``To a X``.
_CHARGED_BEFORE = re.compile(
    rf"(?:\d[\d.,]*\s*{_UNITS}\s*(?:\([^()]{{0,30}}\)\s*)?(?:of\s+)?(?:an?\s+|the\s+)?"
    r"(?:(?:above|said|crude|same|resulting|foregoing|aforementioned)\s+)?"
    # a reagent's grade: "120 ml of concentrated sulfuric acid", "50 g of anhydrous AlCl3"
    r"(?:(?:concentrated|conc\.|anhydrous|dry|glacial|fuming|aqueous|absolute|dilute)\s+)?"
    r"|\b(?:solution|mixture|suspension|slurry)\s+of\s+(?:the\s+)?"
    r"|\b(?:amount|portion)\s+of\s+(?:the\s+)?|\bcharged\s+with\s+|\b[Tt]o\s+an?\s+"
    # "Into a flask were charged X and Y": the verb before what it charges
    r"|\b(?:was|were)\s+(?:then\s+|successively\s+)?(?:charged|placed|introduced|loaded"
    r"|added|put|weighed|mixed)\s+)$"
)


def _charged(text: str, start: int, end: int) -> bool:
    """Whether the name at ``text[start:end]`` is charged with an amount, as a procedure
    names what it starts from."""
    return bool(
        _CHARGED_AFTER.match(text, end) or _CHARGED_BEFORE.search(text, max(0, start - 40), start)
    )


#: After a name: the stage of a work-up it names (``the hexane layer``, ``the ether
#: extracts``), not a compound the paragraph is about.
_WORK_UP_AFTER = re.compile(
    r"\s+(?:layers?|phases?|extracts?|washings?|filtrates?|solutions?|mother\s+liquors?)\b",
    re.IGNORECASE,
)
#: After a name: the verb of a step done to it (``4-Chlorobenzaldehyde was treated with
#: …``, ``X and Y were stirred …``): what the procedure starts from, not its subject.
_REACTED_AFTER = re.compile(
    r"(?:\s+and\s+[^.;]{1,80}?)?\s+(?:was|were|is|are)\s+(?:then\s+|first\s+|next\s+)?"
    r"(?:treated|reacted|stirred|heated|refluxed|dissolved|suspended|mixed|combined|added"
    r"|washed|hydrogenated|reduced|oxidi[sz]ed|alkylated|acylated|coupled|condensed"
    r"|converted|saponified|hydroly[sz]ed|esterified|brominated|chlorinated|nitrated"
    r"|methylated|protected|deprotected|cycli[sz]ed|subjected|placed|charged|introduced"
    r"|cooled|warmed|irradiated|exposed)\b",
    re.IGNORECASE,
)
#: Before a name: the step done to it (``Hydrogenation of X over Pd/C …``).
_STEP_OF = re.compile(rf"{STEP_NOUN}\s+of\s+(?:the\s+)?$", re.IGNORECASE)
#: Before a name: the preposition that makes it what a step works with or on.
_OBJECT_OF_STEP = re.compile(
    r"\b(?:with|using|from|by|over|on|salts?\s+of)\s+(?:(?:the|an?)\s+)?(?:[\w-]+\s+){0,3}$",
    re.IGNORECASE,
)
#: (a stop may stand apart, as tokenised PDF text prints it: "gave 3a ( 85 % ) . The")
_LATER_SENTENCE = re.compile(r"(?:(?<=[\w)\]])|(?<=[\w)\]%] ))[.!?](?=\s+[A-Z0-9(\[])|\n")
_SENTENCE_END = re.compile(r"(?:(?<=[\w)\]])|(?<=[\w)\]%] ))[.!?](?=\s+[A-Z(])|\n")


def _first_sentence_end(text: str, start: int, limit: int) -> int:
    found = _SENTENCE_END.search(text, start, max(start, limit))
    return limit if found is None else found.start()


#: ``… 3 (3.12) < 4 (3.72)``, ``3a (85%), 3b (72%)``: a value alone in brackets straight
#: after a label.
_LABEL_THEN_BRACKET = re.compile(rf"(?<![\w\-.,/])(?P<label>{LABEL})\s*\(\s*$")
#: The same bracket opening on the property's own word: ``12 (clogP``, ``3a (mp``.
_LABEL_THEN_CUED_BRACKET = re.compile(
    rf"(?<![\w\-.,/])(?P<label>{LABEL})\s*\(\s*(?:c?log\s?[PD](?:7\.4|\s?oct|ow)?|m\.\s?p\.|mp"
    r"|b\.\s?p\.|bp)\s*[:=]?\s*$",
    re.IGNORECASE,
)


def bracketed_after_label(text: str, value_offset: int, table: LabelTable) -> Mention | None:
    """The compound whose label stands right before the bracket a value is printed in,
    when the document defines that label: in a list such as ``in the order 1 (2.14) <
    2 (2.67)`` the bracket says whose each value is, which a model reading the whole
    list often gets one place wrong. Nothing when the label is not a defined compound's
    (``Table 1 (2.1)``, ``step 3 (85%)``)."""
    found = _LABEL_THEN_BRACKET.search(text, max(0, value_offset - 24), value_offset)
    if found is None or _NOT_A_LABEL_BEFORE.search(text, max(0, found.start() - 30), found.start()):
        return None
    definition = table.definition(found["label"])
    if definition is None or definition.name is None:
        return None
    label = definition.label or found["label"]
    return Mention(definition.name, label, found.start("label"), found.end("label"), True)


def label_before_cued_bracket(text: str, value_offset: int, table: LabelTable) -> Mention | None:
    """``Compound 12 (clogP 3.4) … compared with 11 (clogP 1.9)``: a bracket that opens
    on the property's word is the property of the label before it, defined or not."""
    cued = _LABEL_THEN_CUED_BRACKET.search(text, max(0, value_offset - 40), value_offset)
    if cued is None or _NOT_A_LABEL_BEFORE.search(text, max(0, cued.start() - 30), cued.start()):
        return None
    return from_label(cued["label"], text, cued.end("label"), table)


def made_aside(text: str, value_start: int, value_end: int, table: LabelTable) -> Mention | None:
    """``The known diene 2 ( prepared in three steps from 1 , 65 % overall )``: a bracket
    that says how the compound before it was made, closing on its yield, gives that
    compound the yield (the compounds inside are what it was made from)."""
    opened = _MADE_IN.search(text, max(0, value_start - 40), value_start)
    if opened is not None:
        # "vinyl ether 6 ( obtained in 83 % yield by reaction of …)"
        return _mention_ending_at(text, len(text[: opened.start()].rstrip()), table)
    aside = _MADE_ASIDE.search(text, max(0, value_start - 120), value_start)
    if aside is None or not _ASIDE_CLOSES.match(text, value_end):
        return None
    return _mention_ending_at(text, len(text[: aside.start()].rstrip()), table)


#: A bracket opening on how its compound was made, up to the value.
_MADE_ASIDE = re.compile(
    r"\(\s*(?:(?:conveniently|easily|readily)\s+)?(?:prepared|obtained|synthesi[sz]ed|made)"
    # ("( prepared from 6 in 85 % yield )": the yield after where it was made from)
    r"\b[^()]{0,90}?(?:[,;]\s*|\s+in\s+(?:(?:an?|the)\s+)?(?:(?:overall|yields?)\s+of\s+)?)$",
    re.IGNORECASE,
)
#: A bracket opening on the yield it was made in: ``( obtained in 83 % yield by …``.
_MADE_IN = re.compile(
    r"\(\s*(?:prepared|obtained|synthesi[sz]ed|made)\s+in\s+(?:(?:an?|the)\s+)?(?:yields?\s+of\s+)?$",
    re.IGNORECASE,
)
#: The value closes that bracket: ``65 % overall )``, ``65 % yield )``.
_ASIDE_CLOSES = re.compile(r"\s*(?:overall\s+)?(?:yield\s*)?\)", re.IGNORECASE)


#: A bracket that opens with a product's label and then its value: ``( 3f , 79 % )``.
_LABEL_IN_BRACKET = re.compile(rf"\(\s*(?P<label>{LABEL})\s*,\s*{SUBSTITUENT}*$")
#: A later item of such a bracket: ``… 3.9 % ; 3b , R = Ph , ``.
_LABEL_LISTED_IN_BRACKET = re.compile(
    rf"\(\s*{LABEL}\s*,[^()]*%\s*;\s*(?P<label>{LABEL})\s*,\s*{SUBSTITUENT}*$"
)
#: A label before a bracket of its substituents: ``5 ( X = Cl , ``.
_LABEL_BEFORE_SUBSTITUENTS = re.compile(rf"(?<![\w\-.,])(?P<label>{LABEL})\s*\(\s*{SUBSTITUENT}+$")
_BRACKET_CLOSES = re.compile(r"\s*[);]")
#: Items joined by "and" in one bracket, each a label, its substituents and its yield:
#: ``(9a, R = H, 86% and 9m, R = Me, 90%)``; before and after one item's value.
_LABEL_ITEM_AFTER_AND = re.compile(
    rf"(?:\(|%\s*,?\s*and)\s*(?P<label>{LABEL})\s*,\s*{SUBSTITUENT}+$"
)
_NEXT_ITEM = re.compile(rf"\s*,?\s*and\s+{LABEL}\s*,\s*{SUBSTITUENT}+\d")


def label_in_bracket(
    text: str, value_start: int, value_end: int, table: LabelTable
) -> Mention | None:
    """``an ester ( 3f , 79 % ) , a nitrile ( 3g , 83 % )``: scope discussions give each
    product's label and yield in one bracket, and the bracket says whose the value is.
    Only when the value closes the bracket (``(3f, 79% ee)`` says more than a yield)."""
    lo = max(0, value_start - 80)
    found = (
        _LABEL_IN_BRACKET.search(text, lo, value_start)
        or _LABEL_LISTED_IN_BRACKET.search(text, lo, value_start)
        or _LABEL_BEFORE_SUBSTITUENTS.search(text, lo, value_start)
    )
    # "(9a, R = H, 86% and 9m, R = Me, 90%)": items joined by "and", each closed by the
    # next one's label
    closes = _BRACKET_CLOSES.match(text, value_end) or _NEXT_ITEM.match(text, value_end)
    if found is None:
        found = _LABEL_ITEM_AFTER_AND.search(text, lo, value_start)
    if found is None or not closes:
        return None
    if _NOT_A_LABEL_BEFORE.search(text, max(0, found.start() - 30), found.start() + 1):
        return None
    if _MASS_LIKE.fullmatch(found["label"]) and table.definition(found["label"]) is None:
        return None  # "the product (3g, 83%)": three grams, unless the text defines 3g
    return from_label(found["label"], text, found.end("label"), table)


_MASS_LIKE = re.compile(r"\d+g")
#: A general procedure's code, as papers' experimental sections cite it: ``GP1``,
#: ``GP-A``, ``GPB``.
PROCEDURE_CODE = re.compile(r"GP-?(?:\d{1,2}|[A-H]\d?)")


#: After a yield, the label of what it is the yield of, in its own bracket: ``provided
#: the oxazolidine product in 92% yield (5j)``, ``in 82-95% yields (6r-6v)``.
_YIELD_THEN_LABEL = re.compile(
    r"\s*%?\s*(?:(?:isolated|overall|combined|total)\s+)?yields?\s*(?:\(\s*"
    rf"(?P<label>{LABEL})(?:\s*[−–-]\s*{RUN_LAST})?\s*\)"
    # "was isolated in 80 % yield as its methyl ester 12": the form it was isolated as
    r"|\s+as\s+(?:its|the|an?)\s+(?:[a-z][\w-]*\s+){0,3}?"
    rf"(?P<as_label>{LABEL})(?=\s*(?:[,.;)](?!\d)|$|and\b|which\b)))",
    re.IGNORECASE,
)


def label_after_yield(text: str, value_end: int, table: LabelTable) -> Mention | None:
    """``… gave the corresponding product in 88% yield (6j)``: scope narratives name a
    product by its kind and print its label after the yield; the label says whose the
    yield is, whatever the kind before it (``the desired product``, ``dihydroxazines``)."""
    found = _YIELD_THEN_LABEL.match(text, value_end)
    if found is None:
        return None
    group = "label" if found["label"] is not None else "as_label"
    if _MASS_LIKE.fullmatch(found[group]):
        return None
    return from_label(found[group], text, found.end(group), table)


#: After a value, the product it is for: ``75 % for 30a , 68 % for 30b and 52 % for
#: 30c`` (the label closes its item: ``for 2 h`` is a time, ``for 2,4-dichlorophenol`` a
#: name's locant).
_FOR_LABEL_AFTER = re.compile(
    r"\s*%?\s*(?:(?:isolated\s+)?yields?\s+)?for\s+(?:the\s+)?"
    r"(?:(?!and\b|or\b)[a-z][\w-]*\s+){0,2}?"
    rf"(?P<label>{LABEL})(?=\s*(?:,(?!\d)|[;)]|\.(?!\d)|and\b|or\b|respectively\b|$))"
)


def label_for_after_value(text: str, value_end: int, table: LabelTable) -> Mention | None:
    """``The yields were 75 % for 30a , 68 % for 30b``: each value says which product it
    is for, whatever product a form reads before it."""
    found = _FOR_LABEL_AFTER.match(text, value_end)
    if found is None or _MASS_LIKE.fullmatch(found["label"]):
        return None
    return from_label(found["label"], text, found.end("label"), table)


#: A yield word, then the value in its own bracket: ``The best isolated yields to date (
#: 60-85 % )``.
_YIELD_WORD_THEN_BRACKET = re.compile(
    r"\byields?(?:\s+[a-z]+){0,3}\s*\(\s*(?:ca\.\s*|about\s+|up\s+to\s+|[<>~≈≥≤]\s*)?$",
    re.IGNORECASE,
)
#: After that bracket, what the yield is of: ``) of adducts like 1``, ``) of the ketone 5b``.
_BRACKET_THEN_OF_LABEL = re.compile(
    r"\s*%?\s*\)\s*of\s+(?:the\s+)?(?:[a-z][\w-]*\s+){0,3}?(?:like\s+|such\s+as\s+)?"
    rf"(?P<label>{LABEL})(?![\w\-])"
)


def label_after_bracketed_yield(
    text: str, value_start: int, value_end: int, table: LabelTable
) -> Mention | None:
    """``The best isolated yields ( 60-85 % ) of adducts like 1``: the yield word, the
    value in its bracket, then the product it is the yield of."""
    if not _YIELD_WORD_THEN_BRACKET.search(text, max(0, value_start - 30), value_start):
        return None
    found = _BRACKET_THEN_OF_LABEL.match(text, value_end)
    if found is None or _MASS_LIKE.fullmatch(found["label"]):
        return None
    return from_label(found["label"], text, found.end("label"), table)


#: What the sample was obtained as: ``as a white solid``, ``as shiny plates``.
_FORM = (
    # ("in the form of colourless crystals": translated patents' way of saying it)
    r"(?:as|in\s+the\s+form\s+of)\s+(?:an?\s+)?(?:[\w\-]+\s+){0,4}?"
    rf"{FORM_OF_MATTER}\b"
    r"(?:\s*\([^()]{0,60}\))?"
)
#: The same set off by a comma after the compound, with no verb: ``The title compound,
#: white solid (17 mg, 54.7%), MS …, was prepared …``.
#: (words only, no "as": ``…butane-1,4-dione as a white solid`` is the name's own comma)
_APPOSED_LOOKS = re.compile(
    r"\s*,\s*(?:an?\s+)?(?:(?!as\s)[a-z][a-z\-]*\s+){0,3}"
    rf"{FORM_OF_MATTER}\s*$",
    re.IGNORECASE,
)
#: Between a product and its mass-and-yield parenthesis: how it was isolated.
_ISOLATED_AS = re.compile(
    rf"\s*,?\s+(?:(?:was|were)\s+)?(?:[Ii]solated|[Oo]btained|[Cc]ollected)\s+{_FORM}\s*$"
)
#: Between a compound and its value: the form it was obtained as, then the cue.
_AS_FORM_THEN_CUE = re.compile(
    # ("as crystals of melting point 48 °C", "as an oil having a boiling point of")
    rf"\s+{_FORM}\s*[,;:]?\s*(?:(?:which\s+)?(?:had\s+|having\s+|with\s+|of\s+)?(?:an?\s+)?"
    r"(?:m\.?\s?p\.?|b\.?\s?p\.?|melting\s+point|boiling\s+point|d(?:ensity)?)"
    r"\s*(?:of\s+|[:=]\s*)?)$",
    re.IGNORECASE,
)
#: Between a compound and its yield: the mass-and-moles parenthesis it is printed in,
#: ``12b (1.20 g, 4.1 mmol, ``.
_AMOUNT_PARENTHESIS = re.compile(
    # "The product (yellow solid, 3.23 g, 56%)": what it looks like may come first
    rf"\s*\(\s*(?:(?:[a-z][a-z\-]*\s+){{0,3}}{FORM_OF_MATTER}\s*[,;]\s*)?"
    # "(amount 5.5 g, yield 41%)": the amount may be called so
    r"(?:(?:(?:(?:amount|quantity|mass)\s*[:=]?\s*)?\d+(?:\.\d+)?\s*"
    # older patents' "0.114 g., 36%", "2.25 grams, 82%", "3.1 gm, 75%"
    r"(?:mg|g|kg|mL|ml|µL|μL|mmol|mol|gms?|grams?|milligrams?|moles?)\.?"
    r"|(?:HPLC\s+)?purity\s*[:=]?\s*\d+(?:\.\d+)?\s*%"
    # a recrystallisation's recovery before the yield: "(33.7 g, 68% recovery, 61% yield)"
    # ("(28 g (52.8% yield))": the yield in a bracket of its own inside the amount's)
    r"|\d+(?:\.\d+)?\s*%\s*recovery)\s*[,;(]\s*){1,3}"
    r"(?:(?:the\s+)?(?:yield|Y)(?:\s+(?:was|of))?\s*[:=]?\s*)?$",
    re.IGNORECASE,
)
#: Before a product's mass-and-moles parenthesis: the section's product named by its
#: role, ``the title compound``, ``the desired product``.
_TITLE_BEFORE = re.compile(
    rf"\b(?:the\s+)?(?:{TITLE_WORDS}|final\s+(?:compound|product))$", re.IGNORECASE
)
#: What a compound was before its role: ``18 was the only product``.
_SUBJECT_WAS = re.compile(r"\s+(?:was|were|is|are)\s+$")
#: The product named by its role alone: ``the product``, ``the pure product``.
_PRODUCT_BEFORE = re.compile(
    # "the natural product", "the coupling product": one word of what kind it is
    r"\b(?:the|a)\s+(?:(?:pure|crude|final|obtained|resulting|[a-z][a-z-]{2,20})\s+)?product$"
    # "the desired nitro compound", "the required intermediate": the section's product by
    # its role, one word of its kind maybe between
    r"|\bthe\s+(?:desired|target|expected|required)\s+(?:[a-z][a-z-]{2,20}\s+)?"
    r"(?:compound|intermediate)$|\bthe\s+intermediate$"
    # ("to give 2.05 g of product (90%)": the amount it weighed between)
    r"|(?:\b(?:obtain|gave|give|afford(?:ed)?)|\d\s*(?:mg|g|kg)\s+of|\)\s*of)"
    r"\s+(?P<bare>(?:(?:pure|crude|final)\s+)?product)$",
    re.IGNORECASE,
)


def role_product_ending_at(text: str, end: int, table: LabelTable) -> Mention | None:
    """``2.05 g (90%) of the product``: a product the text calls only by its role, ending
    at ``end``, resolved as it is before its own bracket (the crude product named before,
    else the section heading's compound)."""
    if _PRODUCT_BEFORE.search(text, max(0, end - 30), end) is None:
        return None
    return _mention_ending_at(text, end, table)


def _crude_before(text: str, start: int, phrase: str) -> Mention | None:
    """``… to give crude NAME. Recrystallization from ethanol gave the pure product``:
    the pure product is the crude one the sentences before named, purified."""
    if not re.search(r"\bpure\b", phrase, re.IGNORECASE):
        return None
    lo = max(0, start - 400, text.rfind("\n\n", 0, start) + 1)
    crude = list(_CRUDE_NAME.finditer(text, lo, start))
    if not crude:
        return None
    at = crude[-1].end()
    spans = names_in(text, at, min(start, at + 250))
    if not spans or spans[0][0] != at:
        return None
    written = tidy_name(text[spans[0][0] : spans[0][1]])
    if is_generic_name(written) or junk_reason(written) is not None:
        return None
    return Mention(written, None, spans[0][0], spans[0][1], True)


_CRUDE_NAME = re.compile(r"\bcrude\s+(?:product\s*,?\s*)?", re.IGNORECASE)


def _made_just_before(text: str, start: int) -> Mention | None:
    """``… to give NAME. The product was isolated as a white solid (1.3 g, 91%)``: a
    sentence that opens on "The product" is about the one the sentence before it made
    and named last."""
    opening = _THE_PRODUCT_OPENS.match(text, start)
    if opening is None or start < 2 or text[start - 2 : start] not in (". ", ".\n"):
        return None
    made = _MADE_NAME_LAST.search(text, max(0, start - 300), start - 1)
    if made is None:
        return None
    spans = names_in(text, made.end(), start - 1)
    if len(spans) != 1 or spans[0][0] != made.end() or spans[0][1] != start - 2:
        return None
    written = tidy_name(text[spans[0][0] : spans[0][1]])
    if is_generic_name(written) or junk_reason(written) is not None:
        return None
    return Mention(written, None, spans[0][0], spans[0][1], True)


_THE_PRODUCT_OPENS = re.compile(r"The\s+(?:obtained\s+|resulting\s+)?product\b")
#: A verb that makes a product, then only its name to the sentence's end.
_MADE_NAME_LAST = re.compile(
    r"\b(?:to\s+give|gave|giving|to\s+afford|afforded|affording|to\s+provide|provided"
    r"|to\s+yield|yielded|yielding|furnished|to\s+furnish)\s+(?:the\s+)?(?=[^.;]*\.$)"
)
#: A label the text calls a compound: ``compound 22``, ``Intermediate 10A``, ``product 3-b``.
_CALLED_LABEL_AT_END = re.compile(
    r"\b(?:compound|cpd\.?|product|intermediate|example|amide|ester|acid|alcohol|aldehyde"
    r"|ketone|amine|alkene|salt|adduct|lactone|lactam|nitrile|diol|ether|complex|ligand)"
    r"\s+(?P<label>[A-Z]{0,3}-?\d{1,4}(?:-?[A-Za-z]{1,2}\d?)?(?:-\d{1,3})?"
    # or a roman formula number, as patents label compounds: "compound IV", "product IIa"
    rf"|(?-i:{ROMAN}))$",
    re.IGNORECASE,
)
#: What cites another preparation before its number: ``as described in``, ``according
#: to``, ``analogously to``, ``in the same manner as in``, ``the method of``.
_REFERENCE_BEFORE = re.compile(
    r"\b(?:described\s+(?:in|under)|according\s+to|analog(?:ous(?:ly)?|ue)\s+to|similar(?:ly)?\s+to"
    r"|as\s+(?:in|for)|manner\s+(?:as|to)(?:\s+(?:in|for))?|(?:method|procedure)\s+of"
    r"|following|(?:product|compound|material)\s+(?:of|from)|from)\s+$",
    re.IGNORECASE,
)
_LABEL_AT_END = re.compile(
    rf"(?:(?<![\w\-.,/)\]])|(?<=\([+\-−–±]\)-)|(?<=\( [+\-−–±] \) -)){LABEL}$"
)
#: A compound called by one capital letter, as older papers name valence isomers and
#: intermediates: ``affords N (18%) and Q (82%)``, ``compound B (1.2 g, 70%)``. Only
#: after its kind, a verb that made it, or the bracket of the product before it.
_LETTER_AT_END = re.compile(
    r"(?:\b(?:compound|product|adduct|isomer|intermediate|complex|ester|amide|acid|alcohol"
    r"|ketone|aldehyde|salt)s?|\b(?:affords?|afforded|gave|give[sn]?|giving|yielded"
    r"|furnish(?:ed|es)?|provided|produced)|\)\s*(?:,|and))\s+(?P<label>[A-Z])$"
    # a small letter only after its kind: "adduct f" (after a verb it is an article)
    r"|\b(?:compound|product|adduct|isomer|intermediate|complex|lactone|lactam|ester|amide"
    r"|ketone|aldehyde|alcohol|salt)s?\s+(?P<small>[a-h])$"
)
#: The last of a list: ``(E)- and (Z)-stilbene``, ``A, B``; a comma after a bracket
#: closes an aside (``… (ethyl acetate/heptane gradient), NAME (1630 mg, 94%)``).
_LIST_BEFORE = re.compile(r"(?:\band|\bor|(?<!\)),|/)\s*$")
_MEDIUM_BEFORE = re.compile(r"\b(?:in|from|into)\s+$", re.IGNORECASE)


#: Between a bracketed label and its yield: ``the corresponding furan ( 3jb ) in 52 %``.
_IN_BEFORE_VALUE = re.compile(
    # ("gave a cluster, NAME (2), in 15% yield": the label may close an apposition)
    r"\s*,?\s*(?:\(\s*[\w\'′-]{1,8}\s*\)\s*,?\s*)?"
    r"(?:(?:was|were|being)\s+(?:\w+ly\s+)?(?:obtained|isolated|formed|produced)\s+)?"
    r"(?:in|at)\s+(?:(?:a|an|the)\s+)?(?:\w+\s+)?(?:yields?\s+of\s+)?"
    # "2.2 g of the objective compound (A-15) (yield 44%)", "4.1 g of compound (1-7) was
    # obtained (yield: 62%)": a bracket of the yield alone after the labelled product
    r"|\s*(?:(?:was|were)\s+(?:\w+\s+)?(?:obtained|isolated|prepared|synthesi[sz]ed)\s*)?"
    r"\(\s*(?:yield|Y)\s*[:=]?\s*",
    re.IGNORECASE,
)


def described_compound(text: str, value_offset: int, table: LabelTable) -> Mention | None:
    """The compound an experimental sentence ties the value to by its form alone: ``12b
    (1.20 g, 4.1 mmol, 70%)`` (the yield in the product's mass-and-moles parenthesis)
    and ``gave (Z)-stilbene as a colourless oil, bp 133 °C`` (the product, the form it
    was obtained as, the cue). These conventions are regular enough that code reads
    them more surely than a small model choosing among the names of a paragraph."""
    lo = max(0, value_offset - 200)
    gap = _AMOUNT_PARENTHESIS.search(text, lo, value_offset) or _AS_FORM_THEN_CUE.search(
        text, lo, value_offset
    )
    if gap is not None:
        found = _mention_ending_at(text, gap.start(), table)
        if found is not None:
            return found
        isolated = _ISOLATED_AS.search(text, max(0, gap.start() - 80), gap.start())
        if isolated is not None:
            # "NAME (C217) Isolated as an off-white solid (0.800 g, 86%)"
            found = _mention_ending_at(text, isolated.start(), table)
            if found is not None:
                return _code_split(found)
        looks = _APPOSED_LOOKS.search(text, max(0, gap.start() - 60), gap.start())
        if looks is not None:
            # "The title compound, white solid (17 mg, 54.7%)": what it looks like, set
            # off by a comma between the compound and its bracket
            found = _mention_ending_at(text, looks.start(), table)
            if found is not None:
                return found
    if not _PERCENT_AT.match(text, value_offset):
        return None
    weighed = _weighed_before_scale(text, value_offset, table)
    if weighed is not None:
        return weighed
    end = product_end(text, value_offset)
    if end is None:
        return None
    if (
        text[:end].rstrip().endswith(")")
        and not _IN_BEFORE_VALUE.fullmatch(text, end, value_offset)
        and not _YIELD_SENTENCE.search(text, max(0, value_offset - 40), value_offset)
    ):
        return None  # "NAME (7b): 2.07 g (85%)": the entry's forms read that (entries.py)
    found = _mention_ending_at(text, end, table)
    apposed = None if found is not None else _APPOSED_LABEL.search(text, max(0, end - 80), end)
    if apposed is not None and text.startswith(",", end):
        # "Reduction of 5 gave the alcohol, 6, in 85% yield": the product's kind, then
        # its number set off by commas
        found = from_label(apposed["label"], text, end, table)
    if found is not None and found.start is not None and after_scale_amount(text, found.start):
        # "gave 1.02 g of 3a (2.0 g 1a, 81%)": the bracket says what the run started from;
        # its product is the name before the bracket, if one ends there
        opening = text.rfind("(", 0, found.start)
        return _mention_ending_at(text, opening, table)
    if (
        found is not None
        and found.start is not None
        and _REAGENT_BEFORE.search(text, max(0, found.start - 40), found.start)
        # "results with NAME ( 6g ) being obtained in 74 %": what the results were
        and not re.search(
            r"\bbeing\s+(?:\w+ly\s+)?(?:obtained|formed|isolated)\b", text[end:value_offset]
        )
    ):
        return None  # "… described for NAME using 4-fluoroaniline; yield 65%": a reagent
    if found is not None and found.start is not None and found.label is None:
        article = re.search(r"\bthe\s+$", text[max(0, found.start - 5) : found.start], re.I)
        name = found.name or ""
        if article is not None and " " not in name and name == name.lower():
            return None  # "the coumarin": a kind named by a placeholder, not the compound
    return found


#: A kind of compound made by a verb, then its label between commas: ``gave the alcohol,
#: 6`` (the comma after the label is the caller's to check).
_APPOSED_LABEL = re.compile(
    r"\b(?:gave|give[sn]?|giving|afford(?:s|ed|ing)?|yield(?:s|ed|ing)|furnish(?:es|ed|ing)?"
    r"|provid(?:es|ed|ing)|produc(?:es|ed|ing))\s+(?:the|an?)\s+(?:[a-z][\w-]*\s+){0,3}"
    rf"[a-z][\w-]*\s*,\s*(?P<label>{LABEL})$",
    re.IGNORECASE,
)
#: An amount opening the value's own bracket: ``(1.48g 1a, 67%)`` says how much of the
#: starting material a scaled-up run took; the product was named before the bracket.
_SCALE_AMOUNT_BEFORE = re.compile(
    r"\(\s*\d+(?:\.\d+)?\s*(?:mg|g|kg|mmol|mol)\s*(?:of\s+)?$", re.IGNORECASE
)


#: A bracket opening on the starting material a scaled-up run took, then the yield:
#: ``(1.48g 1a, 67%``.
_SCALE_BRACKET = re.compile(
    rf"\(\s*\d+(?:\.\d+)?\s*(?:mg|g|kg|mmol|mol)\s*(?:of\s+)?{LABEL}\s*,\s*$", re.IGNORECASE
)
#: The product weighed out after its verb: ``to give 633 mg of 1c``.
_WEIGHED_LABEL = re.compile(
    rf"\b\d+(?:\.\d+)?\s*(?:mg|g|kg)\s+of\s+(?P<label>{LABEL})(?![\w\-])", re.IGNORECASE
)


def _weighed_before_scale(text: str, value_offset: int, table: LabelTable) -> Mention | None:
    """``… to give 633 mg of 1c on 4 mmol scale (1.48g 1a, 67%, 90% ee)``: the bracket
    names what the run started from; the product is the one weighed out before it,
    whatever (a scale, a time) stands between."""
    opening = text.rfind("(", max(0, value_offset - 40), value_offset)
    if opening < 0 or not _SCALE_BRACKET.match(text, opening, value_offset):
        return None
    head = text[max(0, opening - 120) : opening]
    weighed = [
        m for m in _WEIGHED_LABEL.finditer(head) if not re.search(r"[.;]\s", head[m.end() :])
    ]
    if not weighed:
        return None
    found = weighed[-1]
    return from_label(found["label"], text, opening - len(head) + found.end("label"), table)


def after_scale_amount(text: str, start: int) -> bool:
    """Whether the compound at ``start`` is weighed out at the opening of a bracket, as in
    ``… gave 633 mg of 1c (1.48 g 1a, 67%)``: the starting material of a scaled-up run,
    never the compound the bracket's yield is for."""
    return _SCALE_AMOUNT_BEFORE.search(text, max(0, start - 24), start) is not None


#: What a reagent follows: the compound named after it went into the reaction.
_REAGENT_BEFORE = re.compile(
    r"\b(?:(?:using|employing|(?<!along\s)(?<!together\s)with)\s+|from\s+"
    # ("from amino acid 8": the compound's kind between; "using the crude ester 9m
    # obtained in 90% yield" is the ester's own yield)
    r"(?:(?:the\s+)?(?:(?!(?:corresponding|desired|expected|target|title|products?|adducts?)\b)"
    r"[a-z][a-z-]{2,}\s+){1,2})?)$",
    re.I,
)
#: A name's number in brackets after it: ``(Compound No. 74)``, ``(Example No. 3)``.
_NUMBERED_ASIDE = re.compile(
    r"\s*\(\s*(?:compound|cpd\.?|product|example)\s+No\.?\s*(?P<label>[1-9]\d{0,3}[A-Za-z]?)\s*\)\s*$",
    re.IGNORECASE,
)
#: A series printed as its first and last member: ``7b − d``, ``2j-o``, ``5a–5f``.
_SERIES_AT_END = re.compile(
    r"(?<![\w\-.,/])(?P<number>[1-9]\d{0,2})(?P<first>[a-z]{1,2})\s?[-–−‒]\s?(?P=number)?"
    r"(?P<last>[a-z]{1,2})\s*$"
)
#: ``7h − j and 7l − n``: the series is the last of a list, which other forms read whole.
_AFTER_ANOTHER = re.compile(r"(?:\b\d{1,3}[a-z]?|\b[a-z])\s*(?:,|\band\b|,\s*and\b)\s*$")
_ROMAN_AFTER_NAME = re.compile(r" ((?=[IVXL]{2})(?:XL|L?X{0,3})(?:IX|IV|V?I{0,3})[a-h]?)\s*$")


def _named_label(text: str, label_start: int, mention: Mention) -> Mention:
    """``The crude desired NAME 51 (12.50 g, 94% yield)``: a label printed right after a
    compound's full name is that name's; the label table knows it only when bracketed."""
    if mention.name is not None or label_start < 2 or text[label_start - 1] != " ":
        return mention
    span = name_before(text, label_start - 1)
    if span is None or span[1] != label_start - 1:
        return mention
    written = tidy_name(text[span[0] : span[1]])
    if (
        is_not_a_compound(written)
        or is_generic_name(written)
        or not looks_like_name(written)
        or _vague(written)
        or not re.search(r"[\d(\[,-]", written)  # a systematic name, not "ketone"
    ):
        return mention
    return Mention(written, mention.label, span[0], mention.end, mention.grounded)


#: A catalogue code in brackets closing a name: ``… benzoic acid (C217)``.
_TRAILING_CODE = re.compile(r"\s*\(\s*(?P<code>[A-Z]{1,3}-?\d{1,5}[A-Za-z]?)\s*\)$")


def _code_split(mention: Mention) -> Mention:
    """``NAME (C217)`` is NAME with the label C217."""
    code = _TRAILING_CODE.search(mention.name or "")
    if code is None or mention.label is not None or mention.name is None:
        return mention
    name = mention.name[: code.start()]
    end = None if mention.start is None else mention.start + len(name)
    return Mention(name, code["code"], mention.start, end, mention.grounded)


#: A product that the sentence makes or opens with, called only by how it looks.
_MADE_AS_LOOKS = re.compile(
    r"(?:\b(?:give|gave|giving|gives|afford(?:s|ed|ing)?|yield(?:s|ed|ing)?|provid(?:e|es|ed|ing)"
    r"|furnish(?:es|ed|ing)?|obtain(?:ed|ing)?|leav(?:e|es|ing)|left|produc(?:e|es|ed|ing)"
    rf"|deliver(?:s|ed|ing)?)\s+|(?:^|(?<=[.;:]\s)|(?<=\n))){LOOKS}\s*$",
    re.IGNORECASE,
)


def _mention_ending_at(text: str, end: int, table: LabelTable) -> Mention | None:
    """The product whose mention ends at ``end`` (a label, a name, or "the title
    compound"), or None when what ends there is no one compound."""
    product = _PRODUCT_BEFORE.search(text, max(0, end - 30), end)
    if product is not None and product["bare"] is None:
        subject = _SUBJECT_WAS.search(text, max(0, product.start() - 20), product.start())
        if subject is not None and subject.start() < product.start():
            # "The cyclopropane 18 was the only product ( 73 % )": the subject it was
            found = _mention_ending_at(text, subject.start(), table)
            if found is not None and found.name != "product":
                return found
    if product is not None:
        # "to obtain the product (3.38 g, yield 100%)": in a section whose heading names
        # its product, that product; elsewhere the text says no more than "the product"
        # (the compounds named before it are what it was made from and with)
        phrase = "bare" if product["bare"] else 0
        # (the crude product its own paragraph named, purified, before the section's)
        return (
            _crude_before(text, product.start(), product.group(phrase))
            or _made_just_before(text, product.start(phrase))
            or _title_compound(table.title_compound_at(end))
            or Mention(
                _clean(product.group(phrase)), None, product.start(phrase), product.end(), True
            )
        )
    kind = _CLASS_BEFORE.search(text, max(0, end - 40), end)
    if kind is not None:
        # "Step A: NAME … Extraction gave the ester (10.2 g, 95%)": the section's product
        # called by its class, when the heading's name is of that class
        heading = table.title_compound_at(end)
        if heading is not None and heading.name and of_class(heading.name, kind["kind"]):
            return _title_compound(heading)
    title = _TITLE_BEFORE.search(text, max(0, end - 30), end)
    if title is not None:
        # The section's product; where no heading names it, the text says no more than
        # "the title compound", and that phrase is the mention.
        return _title_compound(table.title_compound_at(end)) or Mention(
            _clean(title.group(0)), None, title.start(), title.end(), True
        )
    looks = _MADE_AS_LOOKS.search(text, max(0, end - 90), end)
    if looks is not None:
        # "… concentrated to give a white solid (1.9 g, 89%)", "A white solid (1.9 g, 89%)
        # was obtained" under "Example 14 / NAME": the section's product, by how it
        # looks; where no heading names one, nothing
        return _title_compound(table.title_compound_at(end))
    called = _CALLED_LABEL_AT_END.search(text, max(0, end - 30), end)
    if called is not None and _REFERENCE_BEFORE.search(
        text, max(0, called.start() - 60), called.start()
    ):
        # "Obtained from A and B as described in Example 1. Yield 92%.": the example
        # whose procedure was followed, not the product
        return None
    if called is not None:
        if table.definition(called.group(0)) is not None:
            # "to yield Intermediate 7 (4.2 g, 91%)" under "Intermediate 7: NAME"
            return from_label(called.group(0), text, end, table)
        return from_label(called["label"], text, end, table)
    aside = _NUMBERED_ASIDE.search(text, max(0, end - 30), end)
    if aside is not None:
        # "to give NAME (Compound No. 74). Yield, 0.84 g (77.8%)": a name and its number
        span = name_before(text, aside.start())
        if span is not None:
            written = tidy_name(text[span[0] : span[1]])
            if looks_like_name(written) and not is_not_a_compound(written):
                return Mention(written, aside["label"], span[0], span[1], True)
    series = _SERIES_AT_END.search(text, max(0, end - 16), end)
    if (
        series is not None
        and series["first"] < series["last"]
        and not _AFTER_ANOTHER.search(text, max(0, series.start() - 16), series.start())
    ):
        # "the coumarins 7b − d in 60 − 83 % yields": the series, named by its first
        # member as the corpora annotate it (its span covers the whole series)
        first = from_label(series["number"] + series["first"], text, end, table)
        return Mention(first.name, first.label, series.start(), series.end("last"), True)
    label = _LABEL_AT_END.search(text, max(0, end - 12), end)
    if label is not None and PROCEDURE_CODE.fullmatch(label.group(0)):
        return None  # "according to GP1 (85% yield)": a general procedure's code
    if label is not None and (
        not label.group(0).isdigit()
        or table.definition(label.group(0)) is not None
        or _is_label_use(text, label.start(), label.end(), True)
    ):
        return _named_label(text, label.start(), from_label(label.group(0), text, end, table))
    numeral = _ROMAN_AFTER_NAME.search(text, max(0, end - 8), end)
    if numeral is not None:
        # "NAME XLI (340 mg, 89% yield)": a patent's roman number right after the name
        numbered = _named_label(
            text, numeral.start(1), Mention(None, numeral[1], *numeral.span(1), True)
        )
        if numbered.name is not None:
            return numbered
    letter = _LETTER_AT_END.search(text, max(0, end - 40), end)
    if letter is not None:
        group = "label" if letter["label"] else "small"
        return Mention(None, letter[group], letter.start(group), end, True)
    aside = _ASIDE_AT_END.search(text, max(0, end - 70), end)
    if aside is not None and _is_aside(aside):
        # "NAME (356) (106 mg, 92%)", "NAME (light brown oil) (58 mg, 65%)": the product's
        # label, or the form it was obtained in, between it and its amounts
        found = _mention_ending_at(text, aside.start(), table)
        roman = (
            aside["aside"].strip()
            if aside["aside"]
            and (
                _ROMAN_OR_HYPHENED.fullmatch(aside["aside"])
                or _CODE_ASIDE.fullmatch(aside["aside"].strip())
            )
            else None
        )
        own = aside["label"] or roman
        called_by = _ROMAN_CALLED.search(text, max(0, aside.start() - 40), aside.start())
        if found is None and roman is not None and called_by is not None:
            # "yielded (V) (8.30 g, 81%)", "compound (IV) (2.1 g, 64%)": a patent's roman
            # formula number after the verb that made it or its kind
            start = aside.start("aside")
            return Mention(None, roman, start, start + len(roman), True)
        if (
            found is None
            and aside["label"]
            and _MADE_THEN_WORDS.search(text, max(0, aside.start() - 60), aside.start())
        ):
            # "delivered ( − ) -callystatin A ( 1 ) in 88 % yield": a natural product's
            # trivial name the name reader does not know, then its label
            return Mention(None, aside["label"], aside.start("label"), aside.end("label"), True)
        if found is None or own is None:
            return found
        # the bracket names this product, whatever label another mention of its name
        # had: "the corresponding furan ( 3jb )" after "the corresponding furan ( 3gc )"
        return Mention(found.name, own, found.start, found.end, found.grounded)
    span = name_before(text, end)
    if span is None:
        return None
    called = CALLED_LABEL_THEN_COMMA.search(text, max(0, span[0] - 40), span[0])
    if called is not None:
        # "to give Compound 179, NAME (97 mg, 0.19 mmol, 24%)": the label and the name in
        # apposition are one product
        written = tidy_name(text[span[0] : span[1]])
        if looks_like_name(written) and not is_generic_name(written):
            return Mention(written, called["label"], span[0], span[1], True)
    listed = _LIST_BEFORE.search(text, max(0, span[0] - 6), span[0])
    if listed is not None and not _next_clause(text, span[0]) and not _no_item_before(text, listed):
        return None  # no name, or the last of a list: "(E)- and (Z)-stilbene (1.6 g, 90%)"
    if _MEDIUM_BEFORE.search(text, max(0, span[0] - 12), span[0]):
        return None  # "crystallises from water as a white powder, mp": the medium
    written = tidy_name(text[span[0] : span[1]])
    if is_not_a_compound(written) or is_generic_name(written) or not looks_like_name(written):
        return None
    return Mention(written, table.label_of(written), span[0], span[1], True)


#: A verb of making, then a few words of one name (no clause between).
_MADE_THEN_WORDS = re.compile(
    r"\b(?:gave|give[sn]?|giving|afford(?:s|ed|ing)?|yielded|yielding|furnish(?:es|ed|ing)?"
    r"|provid(?:es|ed|ing)|deliver(?:s|ed|ing)?|produc(?:es|ed|ing))\s+(?:the\s+)?"
    r"[^\s,;.]+(?:\s+[^\s,;.]+){0,5}?\s*$"
)
#: A roman formula number, the way patents label compounds: ``V``, ``IIa``, ``IV``.
_ROMAN_ONLY = re.compile(ROMAN)
#: The same, or a hyphened compound number: ``compound (1-7)``.
_ROMAN_OR_HYPHENED = re.compile(rf"{_ROMAN_ONLY.pattern}|{HYPHENED_NUMBER}")
#: What stands before a roman number that labels a compound: the verb that made it or
#: its kind (not a metal's oxidation state, ``palladium (II)``).
_ROMAN_CALLED = re.compile(
    rf"(?:\b{KIND_WORDS}|\b(?:gave|give[sn]?|giving|afford(?:s|ed|ing)?|yield(?:s|ed|ing)?"
    r"|furnish(?:es|ed|ing)?|provid(?:es|ed|ing)|obtain(?:s|ed|ing)?|produc(?:es|ed|ing)))\s*$",
    re.IGNORECASE,
)
#: A bracket closing just before a product's amounts: its label or the form it came as.
_ASIDE_AT_END = re.compile(rf"\s*\(\s*(?:(?P<label>{LABEL})|(?P<aside>[^()]{{1,50}}))\s*\)\s*$")
#: ``Compound 179, `` before a name: a label in apposition (the corpus scorer reads it too).
CALLED_LABEL_THEN_COMMA = re.compile(
    rf"\b(?:compound|example|intermediate|product)\s+(?P<label>{LABEL})\s*,\s*$", re.IGNORECASE
)
#: A product's amounts with its yield: ``(597 mg, 46%)``, ``(1.2 g, 3 mmol, 58%, …)``;
#: its analysis may follow in the same bracket: ``(0.25 g, yield 20%; LC-MS (ESI) …)``.
_AMOUNTS_WITH_YIELD = re.compile(
    r"\(\s*\d[\d.,]*\s*(?:mg|g|kg|mL|ml)\b[^()]{0,60}?\d\s*%(?:[^()]{0,60}\)|\s*[;,])",
    re.IGNORECASE,
)


_POINT_ASIDE = re.compile(r"\s*(?:m\.?\s?p|b\.?\s?p)\.?\s*[:=]?\s*\d", re.IGNORECASE)
#: A catalogue or lab-notebook code a patent brackets after its product: ``(C217)``,
#: ``(108LM53-50)``, ``(AB-1234)``.
_CODE_ASIDE = re.compile(r"[A-Z]{1,3}-?\d{1,5}[A-Za-z]?|\d{1,4}[A-Z]{1,4}\d{1,4}(?:-\d{1,4})?")


def _is_aside(found: re.Match[str]) -> bool:
    """A bracket that is the product's label (a roman formula number too), or a
    description of how it looked."""
    if found["label"] is not None or _ROMAN_OR_HYPHENED.fullmatch(found["aside"]):
        return True
    if _CODE_ASIDE.fullmatch(found["aside"].strip()):
        return True  # "the title compound (108LM53-50)": a catalogue or notebook code
    if _POINT_ASIDE.match(found["aside"]):
        return True  # "adduct f ( mp 186-188 °C ) in 51 % yield": its melting point
    return (junk_reason(found["aside"]) or "").startswith("a description")


def _no_item_before(text: str, listed: re.Match[str]) -> bool:
    """The comma before a name closes an opening phrase or a role, not an earlier item of
    a list: ``After work-up, NAME (1.3 g, 91%)``, ``the title compound, NAME (…)``."""
    if listed.group(0).strip() != ",":
        return False
    comma = listed.start() + listed.group(0).index(",")
    before = text[max(0, comma - 200) : comma]
    if before.count("(") > before.count(")"):
        return False  # "( TBSCl , imidazole , 98 % )": items of a step's bracket
    span = name_before(text, comma)
    if span is None:
        return True
    written = tidy_name(text[span[0] : span[1]])
    return is_generic_name(written) or not looks_like_name(written)


def _next_clause(text: str, start: int) -> bool:
    """``to give A (597 mg, 46%) … and B (624 mg, 48%)``: the "and" before B opens the
    next product's clause, not a list of names sharing one amount, when a product's
    amounts with a yield stand earlier in the sentence."""
    lo = max(0, start - 400)
    before = text[lo:start]
    if _YIELD_THEN_AND.search(before):
        # "gave A ( 4a ) in 15 % yield and B ( 5a ) in 21 % yield": the first product's
        # yield closes its clause
        return True
    cut = max(before.rfind(". "), before.rfind("\n"))
    return _AMOUNTS_WITH_YIELD.search(before, cut + 1) is not None


#: A product's yield, then the "and" of the next product's clause.
_YIELD_THEN_AND = re.compile(
    r"\d\s*%\s*(?:\w+\s+)?yields?\s*,?\s*(?:and|as\s+well\s+as)\s+(?:the\s+)?$", re.IGNORECASE
)


_PERCENT_AT = re.compile(
    r"(?:about|approx\.?|approximately|ca\.|~|≈|>|≥)?\s*[\d.,\s]{1,12}"
    # "60 − 83 % yields": a range of a series' yields
    r"(?:[-–−‒~]\s*[\d.,\s]{1,8})?%",
    re.IGNORECASE,
)
#: What stands between a product and its yield in patents' and papers' many spellings,
#: read backwards from the yield: ``NAME (35 g): yield ``, ``NAME as a brown solid (1.04
#: g, ``, ``the title compound 100 mg (yield ``, ``192 mg of pure title compound (``.
_BETWEEN_PRODUCT_AND_YIELD = re.compile(
    # "… left NAME as a white solid; yield 12.5 g. (78%)": the clause before
    r"(?:[ \t]+|[,:;=(\[]|\([^()]{0,40}\d\s*(?:mg|g|kg|mL|ml|mmol|mol)\b[^()]{0,40}\)"
    # "the product 5g": a label, no mass of 5 g
    r"|(?<![\w.])(?!(?<=product )\d{1,3}g\b)(?!(?<=compound )\d{1,3}g\b)"
    # (a litre in capitals only: "5l" of "products 5k and 5l in 62% and 63%" is a label)
    r"\d+(?:\.\d+)?\s*(?:mg|g|kg|mL|ml|(?-i:L)|µL|μL|mmol|mol"
    r"|µmol|μmol)(?![\w])\.?(?:\s*;)?"
    # "… are obtained, corresponding to a yield of 88%", "equivalent to a yield of 39%"
    r"|,?\s*\b(?:(?:which\s+)?correspond(?:s|ing)?|equivalent)\s+to"
    # "at a yield of 91%"
    r"|\b(?:(?:with|in|at)\s+)?(?:(?:the|a|an)\s+)?"
    # "in a low yield ( 56 % )", "in moderate yield": how good the yield was
    r"(?:(?:very\s+)?(?:low|poor|modest|moderate|fair|good|high|excellent|reduced|lower"
    r"|higher|improved|comparable|similar|acceptable)\s+"
    # "in good to excellent yield": a range of how good
    r"(?:(?:to|and)\s+(?:very\s+)?(?:moderate|fair|good|high|excellent)\s+)?)?(?:yields?|Y|yld)(?:\s+(?:was|were|of|is))?"
    r"|\((?:FIG|Fig|Figure|Scheme|Table)s?\.?\s*[\w.]+\)"
    # "7a − c in good 66 − 70 % yield": how good, printed before the number
    r"|\b(?:very\s+)?(?:low|poor|modest|moderate|fair|good|high|excellent)"
    r"(?:\s+(?:to|and)\s+(?:very\s+)?(?:moderate|fair|good|high|excellent))?"
    # "in a modest 38 % yield", "in an improved 72 % yield": an article, how good, the number
    r"|\b(?:in|with)\s+an?(?:\s+(?:(?:very|slightly|much)\s+)?(?:low|poor|modest|moderate|fair|good|high"
    r"|excellent|improved|reduced|lower|higher|acceptable|reasonable|satisfactory))?(?=\s*\Z)"
    # "25 was formed in only 40 % yield", "5b in just 47 %": a word that says how little
    r"|\b(?:in|with)\s+(?:only|just|merely|nearly|almost|roughly|approximately)(?=\s*\Z)"
    # "( 6g ) being obtained in 74 % yield", "7e and 7f readily obtained in 77 % and 86 %"
    # "5r and 5s could be obtained in 46% and 66% yield", "were all isolated in 40-80%"
    r"|\b(?:(?:is|are|was|were|being|(?:can|could|may|might)\s+(?:\w+ly\s+)?be)\s+"
    r"(?:\w+\s+and\s+|again\s+|also\s+|all\s+|then\s+|thereby\s+|thus\s+|\w+ly\s+)?"
    r"|(?:readily|cleanly|smoothly|efficiently|successfully)\s+)"
    r"(?:obtained|provided|isolated|collected|afforded"
    r"|given|prepared|produced|recovered|formed"
    # "33a and 33b were separated by chromatography ( 41 % and 37 % )"
    r"|separated(?:\s+by\s+(?:(?:flash|column|preparative|silica|gel)\s+){0,2}"
    r"(?:chromatography|HPLC|TLC|crystalli[sz]ation))?)"
    # "5a and 5b were prepared similarly ( 88 % and 79 % , respectively )"
    r"(?:\s+(?:similarly|analogously|likewise|accordingly"
    r"|in\s+(?:a|the)\s+(?:similar|same|analogous|like)\s+(?:way|manner|fashion)))?"
    # "40 was formed as a single regioisomer in 77 % yield"
    r"|\bas\s+(?:the|a)\s+(?:major|minor|sole|main|only|single)\s+(?:product|(?:regio|stereo"
    r"|diastereo)?isomer|diastereomer|enantiomer)s?"
    # "products 2o and 2p containing a quaternary carbon in good yields", "product 3k,
    # bearing the same two substituents, was obtained": what the product carries, after
    # its label
    r"|(?:(?<=\d\s)|(?<=\d[a-z]\s)|(?<=\d[a-z]{2}\s)|(?<=\d,\s)|(?<=\d[a-z],\s)|(?<=\d[a-z]{2},\s)"
    # (as PDF text is tokenised: "product 3k , bearing")
    r"|(?<=\d\s,\s)|(?<=\d[a-z]\s,\s)|(?<=\d[a-z]{2}\s,\s))"
    r"(?:bearing|containing|carrying|featuring|possessing)"
    r"(?:\s+(?!(?:gave|give|furnish|afford|provid|yield|deliver|produc|generat|obtain|isolat"
    r"|form|prepar|led)\w*\b)[^,;:.()%\s]+){1,15}\s*"
    # "with the corresponding product 9m obtained in excellent yield (90%)": a participle
    # straight after a label, its relative clause reduced
    r"|(?:(?<=\d\s)|(?<=\d[a-z]\s)|(?<=\d[a-z]{2}\s))(?:obtained|isolated|formed|produced)"
    # "NAME crystallized out (1.2 g; 85%)": it came out of the solution by itself
    r"|\b(?:crystalli[sz]ed|precipitated|separated|solidified)(?:\s+out)?"
    # "4-fluorocinnamic acid separated and was collected (1.4 g, 84%)"
    r"(?:\s+(?:from\s+(?:the\s+)?[\w-]+\s+)?and)?"
    # "NAME, b.p. 120° C./0.5 mm., 12.5 g. (78%)": its point, printed before its mass
    # ("NAME, boiling point 172-175 °C/13 mbar, yield 82%": the cue written out)
    r"|\b(?:m\.?\s?p|b\.?\s?p|melting\s+point|boiling\s+point)\.?\s*(?:of\s+)?[:=]?\s*"
    r"\d[^,;()]{0,30}"
    # "31 and 32 , which were separated by HPLC ( 45 % and 28 % )": a relative clause's
    # pronoun after the products, its verb read over before it
    r"|\bwhich\b"
    # ("gave 6 at 95 % yield": "at" as "in", only straight before the yield)
    r"|\bat\b(?=\s*\Z)"
    r"|\bm\b|\bin\b|\bboth\b|\beach\b|\bpure\b|\babout\b|\bca\.|\bisolated\b|\bcrude\b"
    # "the Weinreb amide 21 in two steps ( 61 % )": how many steps it took
    r"|\b(?:(?:in|over|for)\s+)?(?:two|three|four|five|six|seven|[2-9])\s*-?\s*steps?\b"
    # "the expected alkenes 9ga−9ja , respectively , were produced in 68 − 72 %"
    r"|\brespectively\b"
    # "products 8a and 8b with excellent diastereoselectivity in 54 and 80% yield"
    r"|\bwith\s+(?:(?:very\s+)?(?:excellent|high|good|moderate|complete|exclusive|perfect"
    r"|full|low|poor|modest)\s+)?(?:(?:diastereo|enantio|regio|chemo|stereo)[\s-]?)?selectivit(?:y|ies)"
    # "furnished the alkene 18 exclusively ( 82 % )": how cleanly it formed
    r"|\b(?:(?:almost|nearly)\s+)?(?:exclusively|cleanly|smoothly|selectively|efficiently"
    r"|predominantly|solely|directly|quantitatively|rapidly|readily)\b"
    # "was converted to 21 via the mesylate in 77 % overall yield", "through a three-step
    # sequence": the way it was made
    r"|\b(?:via|through|by\s+way\s+of)\s+(?:(?:the|a|an|its)\s+)?(?:[\w′'-]+\s+){0,3}?[\w′'-]+"
    # "gave 12 directly from 10 in 71 % overall yield": what it was made from
    rf"|\bfrom\s+(?:the\s+)?(?:[a-z][a-z\-]+\s+)?(?<![\w\-.,/]){LABEL}"
    # "NAME as a white solid after purification by flash chromatography (1.2 g, 85%)":
    # how it was purified, with the eluent in brackets
    r"|\b(?:after|following|upon|on)\s+(?:(?:flash|column|silica(?:\s+gel)?|preparative"
    r"|prep\.?|reverse[d]?[\s-]phase|automated|further)\s+)*(?:purification|chromatography"
    r"|recrystalli[sz]ation|crystalli[sz]ation|trituration|distillation|HPLC|filtration)"
    r"(?:\s+(?:by|on|over|from|with|using|in)\s+[^()\n.;]{0,40}?)?(?:\s*\([^()]{0,60}\))?"
    # "Intermediate 8 as its TFA salt (480 mg, 92%)": the salt it was isolated as
    r"|\bas\s+(?:its|the|an?)\s+(?:[\w\-]+\s+){0,2}?(?:salts?|(?:mono|di|bis)?(?:hydrochlorides?"
    r"|hydrobromides?|trifluoroacetates?|mesylates?|tosylates?|maleates?|fumarates?|oxalates?"
    r"|formates?|citrates?|tartrates?|sodium\s+salts?|potassium\s+salts?))(?![\w\-])"
    r"|\b" + _FORM.replace("(?:\\s*\\([^()]{0,60}\\))?", "") + r"(?:\s+product)?)\Z",
    re.IGNORECASE,
)
#: A sentence that is only the yield (``NAME (4.66 g). Yield: 31%.``): its product ends
#: the sentence before.
_YIELD_SENTENCE = re.compile(
    # (a heading's label may carry its citation, run on as PDF text prints it: "NAME
    # (9e).32 Yield = 61%")
    r"(?:^|[.;]\s+|(?<=\))\.\d{1,3}(?:,\d{1,3})*\s+)(?:Its\s+(?:isolated\s+)?yield\s+(?:was|is)\s+|(?:Yield|Yld)\s*"
    # "NAME. Yield, 0.84 g (77.8%)", "Yield=15 g (72.1%)": the product's mass first
    r"(?:[:=]?\s*|[,=]\s*(?:\d+(?:\.\d+)?\s*(?:g|mg|kg)\.?\s*\(\s*)?))$",
    re.IGNORECASE,
)


#: A sentence that is only the form the product came as, its amount and its yield: ``…
#: obtaining NAME. Colorless oily matter, 2.2 g (yield 70%)``, ``White crystals (1.2 g,
#: 85%)``.
_FORM_SENTENCE = re.compile(
    r"[.;]\s+(?-i:[A-Z][a-z]+)(?:[\s-]+[a-z]+){0,3}?\s+"
    rf"(?:oily\s+matter|{FORM_OF_MATTER})"
    # its melting point may come first: "White solid, mp 101-103 °C; yield 85%"
    r"(?:\s*,\s*m\.?\s*p\.?\s*[:=]?\s*\d[\d\s.,–-]*°\s*C)?"
    r"(?:\s*\.|\s*[,;:]\s*(?:yield\s*[:=]?\s*)?(?:\d+(?:\.\d+)?\s*(?:g|mg|kg)\.?\s*)?\(?\s*"
    r"(?:yield\s*[:=]?\s*)?|\s*\(\s*(?:\d+(?:\.\d+)?\s*(?:g|mg|kg)\s*,\s*)?)$",
    re.IGNORECASE,
)


def _made_before(before: str) -> bool:
    """The sentence ending ``before`` made what it ends with (``… to give NAME``): a
    product verb in its last sentence."""
    verbs = list(YIELD_VERBS.finditer(before))
    return bool(verbs) and not re.search(r"[.;]\s", before[verbs[-1].end() :])


def product_end(text: str, value_offset: int) -> int | None:
    """Where the product a yield belongs to ends, read back over what conventionally
    stands between them (amounts, the form, "yield"), or None when something else
    (a verb, a reagent's bracket) stands there."""
    lo = max(0, value_offset - 250)
    window = text[lo:value_offset]
    sentence = _YIELD_SENTENCE.search(window)
    # The form may stand before the yield sentence too: "NAME. Pale yellow oil; yield 85%".
    head = window if sentence is None else window[: sentence.start() + 1]
    form = _FORM_SENTENCE.search(head)
    if form is not None and _made_before(window[: form.start()]):
        sentence = form
    if sentence is not None:
        window = window[: sentence.start() + 1].rstrip(".;")
    # Twelve pieces at most, so that a run of stated conditions is not read back over;
    # the spaces between pieces are not counted, or tokenised PDF text (``oil ( 4.26 g ,
    # 19.8 mmol , 99 % yield )``) would run out of pieces before plain text does.
    for _ in range(12):
        stripped = _BETWEEN_PRODUCT_AND_YIELD.search(window)
        if stripped is None or stripped.start() == len(window):
            break
        window = window[: stripped.start()].rstrip(" \t")
    end = lo + len(window)
    return end if end < value_offset - 1 else None


#: A product called by its class of compound, with the article: ``the ester``, ``the
#: crude alcohol``, ``the corresponding nitrile``.
_CLASS_BEFORE = re.compile(
    r"\bthe\s+(?:(?:crude|pure|desired|corresponding|resulting|expected)\s+)?"
    # one word of which kind: "the tertiary alcohol", "the keto ester", "the free amine"
    r"(?:(?!(?:same|other|starting|first|second|above)\b)[a-z]+\s+)?(?P<kind>"
    r"esters?|acids?|alcohols?|amines?|anilines?|amides?|aldehydes?|ketones?|nitriles?|chlorides?"
    r"|bromides?|iodides?|ethers?|oximes?|carbamates?|sulfonamides?|lactones?|lactams?|diols?"
    r"|hydrochlorides?|boronates?|boronic\s+acids?|azides?|epoxides?|phenols?|thioethers?)"
    r"(?:\s+as\s+(?:an?\s+)?(?:[\w\-]+\s+){0,3}?" + FORM_OF_MATTER + r")?\s*$",
    re.IGNORECASE,
)
#: What a systematic name holds when its compound is of a class.
_CLASS_IN_NAME: dict[str, str] = {
    "ester": r"ester|ate\b|oate|carboxylate",
    "acid": r"acid",
    "alcohol": r"ol\b|anol|alcohol|hydroxy",
    "amine": r"amine|amino|anilin",
    "aniline": r"anilin|amino|amine",
    "amide": r"amide",
    "aldehyde": r"al\b|aldehyde|carbaldehyde|formyl",
    "ketone": r"one\b|ketone|oxo",
    "nitrile": r"nitrile|cyano",
    "chloride": r"chlor",
    "bromide": r"brom",
    "iodide": r"iod",
    "ether": r"ether|oxy",
    "oxime": r"oxime",
    "carbamate": r"carbamate|carboxylate",
    "sulfonamide": r"sulfonamide",
    "lactone": r"lactone|olide|oxolan-2-one|furan-2\(?\d?H?\)?-one|pyran-2-one",
    "lactam": r"lactam|pyrrolidin-2-one|piperidin-2-one|azetidin-2-one",
    "diol": r"diol",
    "hydrochloride": r"hydrochloride|HCl",
    "boronate": r"boronate|dioxaborolan",
    "boronic acid": r"boronic",
    "azide": r"azid",
    "epoxide": r"epoxide|oxiran",
    "phenol": r"phenol|hydroxyphenyl",
    "thioether": r"sulfanyl|thio",
}


def of_class(name: str, kind: str) -> bool:
    """Whether a systematic name is of the class a word calls it (``the ester`` of
    ``methyl 4-bromobenzoate``)."""
    word = re.sub(r"\s+", " ", kind.lower())
    word = word[:-1] if word.endswith("s") and word[:-1] in _CLASS_IN_NAME else word
    pattern = _CLASS_IN_NAME.get(word)
    return pattern is not None and re.search(pattern, name, re.IGNORECASE) is not None


def _title_compound(definition: LabelDefinition | None) -> Mention | None:
    if definition is None:
        return None
    return Mention(definition.name, definition.label, definition.start, definition.end, True)


def _as_label(answer: str) -> str | None:
    """The label an answer consists of: ``12b``, ``(12b)``, ``compound 12b``,
    ``Example 2B``, ``the title compound of Example 3``, ``3a–c``."""
    bare = bare_label(answer)
    if re.fullmatch(LABEL_OR_ROMAN, bare) or _LABEL_RANGE.fullmatch(bare):
        return bare
    example = _EXAMPLE_LABEL.fullmatch(answer)
    return None if example is None else example["label"]


def _split(answer: str, table: LabelTable) -> tuple[str, str] | None:
    """``benzoic acid (3)`` or ``amide 4b``: a name and a label. A bare trailing label
    counts only when the document defines it or the name is only a kind of compound,
    so that ``vitamin B12`` stays a name."""
    paren = _NAME_AND_PAREN_LABEL.fullmatch(answer)
    if paren is not None:
        return paren["name"].strip(), paren["label"]
    bare = _NAME_AND_LABEL.fullmatch(answer)
    if bare is None:
        return None
    name, label = bare["name"].strip(), bare["label"]
    if table.definition(label) is not None or is_generic_name(name):
        return name, label
    if label[0].isdigit() and (_KIND_WORD.fullmatch(name) or _ENDS_IN_KIND.search(name)):
        # "dienone 7", "unsaturated carbonyl compound 9da": the kind, then which one
        return name, label
    return None


#: One word of a compound's kind before its number: lower case after a capital at
#: most (``PEG 400`` is a name with a number, not a labelled kind).
_KIND_WORD = re.compile(r"[A-Za-z]?[a-z]{3,}(?:-[a-z]+)?")
#: A description that ends in a compound's kind (``fused dioxane``, ``carbonyl compound``).
_ENDS_IN_KIND = re.compile(
    rf"(?:^|[\s\-,)\]])(?:{KIND_WORDS}|[a-z]{{3,}}(?:one|ene|ane|yne|ide|ate|ine|ole|ol|al|yde|ile))$"
)


def _vague(name: str) -> bool:
    """A name part that says which kind of compound, not which one: ``amide``, ``the
    title compound``, ``developer`` (of ``developer E1``)."""
    return (
        is_generic_name(name) or bool(_TITLE.fullmatch(name.lower())) or not looks_like_name(name)
    )


def from_label(label: str, text: str, offset: int, table: LabelTable) -> Mention:
    definition = table.definition(label)
    if definition is not None and definition.label is not None:
        label = definition.label
    span = find_label(text, label, offset, table)
    if span is None and definition is not None:
        span = (definition.start, definition.end)
    name = None if definition is None else definition.name
    if span is None:
        return Mention(name, label, None, None, False)
    return Mention(name, label, span[0], span[1], True)


def _from_name(
    name: str, text: str, offset: int, table: LabelTable, label: str | None = None
) -> Mention:
    """A name, grounded where the text writes it; the label is the one the answer gave,
    else the one the document gives the name."""
    if label is not None and (definition := table.definition(label)) is not None:
        label = definition.label or label
    span = find_name(text, name, offset)
    if span is None:
        label_span = find_label(text, label, offset, table) if label else None
        if label_span is not None:
            return Mention(name, label, *label_span, True)
        return Mention(name, label or table.label_of(name), None, None, False)
    written = tidy_name(text[span[0] : span[1]])
    return Mention(written, label or table.label_of(written), span[0], span[1], True)
