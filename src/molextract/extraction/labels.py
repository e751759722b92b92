"""Which compound each label of a document stands for, and whose section a value is in.

Chunks of a long document reach the model apart, so beside a value it often sees only
``12b`` or "the title compound". The names behind them are defined once, far away: in
an entry heading (``3-Bromo-4-methoxybenzaldehyde (12b).``), beside a first mention
(``to give methyl 4-bromobenzoate (2a)``), in a patent's example headings (``EXAMPLE
2`` … ``B. Synthesis of X``) or in a table of labelled compounds (``E1 | name``).
These conventions are regular enough for code, so the table is read from the whole
text once, deterministically and in milliseconds, and the model never has to see the
whole document.

What a chemical name looks like is decided token by token (``_category``): names are
made of tokens with locants, brackets, primes or Greek letters, of words with a
chemical ending (``-ol``, ``-one``, ``-ate``…) that are not English words with the
same ending, of substituent words (``methyl``, ``sodium``) and of class words
(``acid``, ``hydrochloride``). A name never contains a verb or a preposition, so the
run of such tokens before a label ends where the sentence words start.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

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


# --- what a chemical name looks like -------------------------------------------------

_Category = Literal["strong", "core", "prefix", "adjective", "class"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_GREEK = "αβγδεζηθικλμνξπρστυφχψωΔ"
#: Characters that English words do not have and names often do.
_STRONG_CHARS = frozenset("0123456789()[]{}′″'‘’±·" + _GREEK)
#: What may stand before a hyphen in a name: ``N-benzyl``, ``tert-butyl``, ``L-alanine``.
_LOCANTS = frozenset(
    {
        "N", "O", "S", "C", "P", "B", "Si", "H", "n", "o", "m", "p", "s", "t", "i", "d", "l",
        "D", "L", "E", "Z", "R", "cis", "trans", "tert", "sec", "iso", "neo", "rac", "meso",
        "endo", "exo", "syn", "anti", "alpha", "beta", "gamma", "sn", "dl", "DL",
    }
)  # fmt: skip
#: A token may hold only characters that names use; ``%``, ``°``, ``=`` or ``|`` end a name.
_TOKEN = re.compile(r"[\w\-'′″‘’()\[\]{}.,±·+]+")
_CORE_ENDINGS = (
    "ane", "ene", "yne", "ol", "one", "ine", "ide", "ate", "ite", "ole", "ile", "ose", "uran",
    "yran", "oxime", "aldehyde", "urea", "arin", "mycin", "cillin", "oxacin", "statin", "profen",
    "azepam",
)  # fmt: skip
#: English words with a chemical ending. A word missing here can lengthen a name by one
#: word; the price of an entry is nil, so the list is generous.
_ENGLISH = frozenset(
    _words(
        """
    plane membrane lane crane mundane insane humane arcane scene gene serene obscene
    intervene convene hygiene control protocol school symbol patrol pistol carol idol
    extol enrol alone tone bone zone phone stone throne clone someone anyone everyone
    cyclone prone drone postpone milestone backbone undergone done none gone line fine
    mine nine wine shine define combine machine routine determine examine online baseline
    saline medicine engine doctrine vaccine alpine marine genuine urine turbine pipeline
    decline incline outline spine twine divine feline canine discipline guideline
    timeline deadline headline underline refine confine opine imagine magazine famine
    masculine feminine trampoline quarantine intestine cuisine sardine routine side wide
    ride guide provide decide aside inside outside beside divide override tide bride
    slide pride glide hide reside coincide collide subside stride abide confide suicide
    homicide pesticide herbicide fungicide insecticide bactericide biocide worldwide
    nationwide late rate date state plate separate appropriate approximate immediate
    adequate moderate accurate elevate alternate ultimate intermediate duplicate
    triplicate quadruplicate filtrate substrate concentrate precipitate evaporate
    indicate create update private climate estimate aggregate candidate template gate
    mate fate hate crate translate correlate illustrate generate operate saturate
    initiate terminate accelerate facilitate isolate incubate agitate delicate
    demonstrate calculate regulate activate deactivate eliminate accumulate anticipate
    participate investigate integrate migrate tolerate dominate evaluate equate relate
    dictate rotate donate cultivate mitigate navigate negotiate circulate stimulate
    simulate formulate manipulate populate emulate articulate postulate speculate
    corporate desperate considerate elaborate collaborate celebrate vibrate calibrate
    titrate decantate replicate complicate fabricate lubricate truncate allocate locate
    dislocate advocate certificate affiliate associate differentiate mediate radiate
    deteriorate compensate consolidate validate invalidate accommodate designate
    originate alleviate debate inflate deflate irrigate hesitate imitate necessitate
    rehabilitate interrogate propagate segregate delegate obligate conjugate
    substantiate ultimate penultimate proximate disseminate contaminate decontaminate
    discriminate illuminate nominate inoculate coagulate granulate modulate encapsulate
    emanate innate ornate senate debate sedate site white write quite despite bite kite
    elite invite polite suite favorite favourite opposite composite definite indefinite
    infinite requisite prerequisite exquisite satellite appetite ignite unite recite
    excite granite dynamite whole sole role hole pole mole console parole stole while
    mile file pile tile smile profile volatile fertile hostile fragile mobile agile
    juvenile versatile sterile textile missile reptile exile compile senile domicile
    percentile quartile projectile tensile ductile facile futile those whose close dose
    purpose propose suppose expose choose lose loose nose pose rose hose chose compose
    dispose impose oppose verbose morose diagnose enclose disclose otherwise routine
    same volume income outcome become welcome overcome medium equilibrium premium
    stadium podium millennium condominium delirium symposium consortium auditorium
    moratorium aquarium criterium tedium petrol obtained within origin margin begin
    herein therein wherein protein proteins cabin raisin muslin violin plugin toxin
    vitamin dolphin pumpkin napkin goblin puffin coffin robin basin cousin resin satin
    admin login latin penguin thereof
    """
    )
)
#: Words a name may start with but never end with: a substituent or a cation.
_PREFIX_WORDS = frozenset(
    _words(
        """
    sodium potassium lithium caesium cesium rubidium calcium magnesium barium strontium
    ammonium zinc copper silver gold iron nickel cobalt palladium platinum rhodium
    ruthenium iridium osmium manganese chromium titanium zirconium aluminium aluminum
    tin lead mercury cadmium boron bismuth antimony cerium lanthanum samarium scandium
    ytterbium indium gallium thallium vanadium molybdenum tungsten silicon germanium
    cis trans meso rac racemic di tri tetra bis tris
    """
    )
)
#: Words for a kind of compound, or for the salt or solvate of one: they end a name
#: (``benzoic acid``, ``... hydrochloride``) but are not a name on their own.
_CLASS_WORDS = frozenset(
    _words(
        """
    acid acids ester esters ether ethers alcohol alcohols aldehyde aldehydes ketone
    ketones anhydride anhydrides salt salts hydrate monohydrate dihydrate trihydrate
    hemihydrate sesquihydrate solvate complex complexes adduct adducts dimer dimers
    trimer amide amides amine amines imine imines imide lactone lactones lactam lactams
    diol diols diene dienes alkene alkenes alkyne alkynes olefin olefins nitrile
    nitriles halide halides azide azides epoxide epoxides acetal acetals ketal ketals
    alkoxide sulfone sulfones sulfoxide sulfoxides oxime oximes hydrazone hydrazones
    hydrazide hydrazides carbamate carbamates carbonate carbonates ureas
    isomer isomers enantiomer enantiomers diastereomer diastereomers racemate
    tautomer ligand ligands catalyst analogue analog analogues analogs derivative
    derivatives product products intermediate intermediates compound compounds
    heterocycle heterocycles ylide alkane alkanes
    arene arenes triflate tosylate mesylate boronate
    """
    )
)
#: Adjectives that make a name only before one of these: ``acetic acid``.
_ACID_WORDS = frozenset({"acid", "anhydride", "anhydrides", "ester", "acids"})
#: Names without a chemical ending that still turn up beside labels and in answers.
_TRIVIAL = frozenset(
    _words(
        """
    water ammonia urea aspirin ibuprofen naproxen camphor vanillin caffeine menthol
    cholesterol glycerol coumarin warfarin biotin heparin insulin taxol hydrogen
    oxygen nitrogen helium argon chlorine bromine iodine fluorine uracil benzil furfural
    citral tryptophan indigo
    """
    )
)
#: Compounds whose names end like a substituent's.
_YL_COMPOUNDS = ("biphenyl", "terphenyl", "bibenzyl", "diphenyl", "binaphthyl")
#: Tokens ending a name that follow a core word directly: ``pyridine N-oxide``.
_TAIL_STRONG = re.compile(r"^(?:[NOS](?:,[NOS])*-|\d+-)?(?:di)?oxides?$")


#: A token that ends a clause or a sentence is not inside a name.
_CLOSING = re.compile(r"[,;:.]$")
_OPENERS = "([{"


def _is_strong(token: str) -> bool:
    if any(c in _STRONG_CHARS and c not in "()[]{}" for c in token):
        return True
    # Brackets count inside a token ("bis(trimethylsilyl)amide"), not around English
    # words ("(General").
    if re.search(r"\w[()\[\]{}]+\w", token):
        return True
    bare = token.strip("()[]{}")
    if re.search(r"[A-Za-z]\.[A-Za-z]", bare):  # tert.Butyl
        return True
    if "-" in bare.strip("-"):
        parts = [p for p in bare.split("-") if p]
        return any(p in _LOCANTS or _word_category(p, None) is not None for p in parts)
    return False


def _word_category(word: str, following: str | None) -> _Category | None:
    """The category of a word without locants or brackets, or None for an English word."""
    lower = word.lower()
    if not lower.isalpha() or lower in _ENGLISH:
        return None
    if lower in _CLASS_WORDS:
        return "class"
    if lower.endswith(_YL_COMPOUNDS):
        return "core"
    if lower in _PREFIX_WORDS or (len(lower) >= 4 and lower.endswith(("yl", "ium"))):
        return "prefix"
    if lower.endswith(("ic", "ous")) and following is not None:
        return "adjective" if following.lower() in _ACID_WORDS else None
    if lower in _TRIVIAL or (len(lower) >= 5 and lower.endswith(_CORE_ENDINGS)):
        return "core"
    if len(lower) >= 6 and lower.endswith("in") and not lower.endswith("ain"):
        return "core"  # natural products and drugs: isatin, curcumin, penicillin
    return None


def _category(token: str, following: str | None) -> _Category | None:
    """What part of a name a whitespace-free token can be, or None if it is no part."""
    if _CLOSING.search(token) or not _TOKEN.fullmatch(token):
        return None
    if not any(c.isalpha() for c in token):
        return None
    word = _word_category(token, following)
    if word is not None:
        return word
    if token.lower() in _ENGLISH:
        return None
    return "strong" if _is_strong(token) else None


def _balance(token: str) -> int:
    return sum(token.count(c) for c in _OPENERS) - sum(token.count(c) for c in ")]}")


def _name_start(tokens: list[str]) -> tuple[int, int] | None:
    """Where the name that ends with ``tokens[-1]`` starts: a token index and how many
    opening brackets of the sentence to skip in that token; None if no name ends there.

    The tokens are read from the right; the name is the longest run of name tokens
    whose brackets balance, less the words a name cannot start with.
    """
    cats: list[_Category] = []
    depth = 0
    first, skip = len(tokens), 0
    closed_at: int | None = None  # where the run entered a bracket of its own
    for index in range(len(tokens) - 1, -1, -1):
        token = tokens[index]
        if _CLOSING.search(token):
            break  # the end of a clause or sentence: "(d, J = 6.8 Hz, 1H)."
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        before = depth
        depth += _balance(token)
        if depth > 0:
            # An opening bracket of the sentence, not of the name: "(see 4-aminophenol (3))".
            stripped = token.lstrip(_OPENERS)
            category = _category(stripped, following)
            if before == 0 and len(token) - len(stripped) >= depth and category is not None:
                cats.insert(0, category)
                first, skip = index, len(token) - len(stripped)
            break
        if before == 0 and depth < 0:
            closed_at = index
        category = _category(token, following)
        if before < 0 and depth >= 0 and (category is None or _bare_words(token)):
            # The bracket closed by this token held words, not part of a name:
            # "(General Method of Synthesis)". The name, if any, ends before it.
            return None if closed_at is None else _after(tokens, closed_at)
        if category is None:
            if depth < 0 and _TOKEN.fullmatch(token):
                category = "strong"  # inside the name's own brackets: "2-(dimethyl amino)"
            else:
                break
        cats.insert(0, category)
        first = index
    if depth < 0 or not cats:
        return None
    start = _valid_start(tokens[first:], cats)
    if start is None:
        return None
    return first + start, skip if start == 0 else 0


def _bare_words(token: str) -> bool:
    """``(General``: an English word with a bracket, nothing of a name."""
    bare = token.strip("()[]{}")
    return bare.isalpha() and _word_category(bare, None) is None


def _after(tokens: list[str], index: int) -> tuple[int, int] | None:
    """The name after a bracketed aside that ends at ``tokens[index]``, if one follows."""
    found = _name_start(tokens[index + 1 :]) if index + 1 < len(tokens) else None
    return None if found is None else (index + 1 + found[0], found[1])


def _valid_start(tokens: list[str], cats: list[_Category]) -> int | None:
    start = 0
    # A word with a chemical ending straight before a token with locants is a verb or a
    # noun of the sentence ("generate 4-aminophenol"), unless the token is an N-oxide.
    for i in range(len(cats) - 1):
        if cats[i] == "core" and cats[i + 1] == "strong" and not _TAIL_STRONG.match(tokens[i + 1]):
            start = i + 1
    while start < len(cats) and cats[start] == "class":
        start += 1
    kept = cats[start:]
    if not kept or kept[-1] == "prefix" or _is_radical(tokens[-1]):
        return None
    has_head = any(c in ("strong", "core", "adjective") for c in kept) or (
        "prefix" in kept and "class" in kept
    )
    return start if has_head else None


def _is_radical(token: str) -> bool:
    """``4-methylphenyl`` names a substituent, not a compound."""
    lower = token.lower().rstrip(")]}")
    return lower.endswith("yl") and not lower.endswith(_YL_COMPOUNDS)


def looks_like_name(text: str) -> bool:
    """Whether the whole of ``text`` reads as a chemical name."""
    tokens = text.split()
    return bool(tokens) and _name_start(tokens) == (0, 0)


_GENERIC_EXTRA = frozenset(
    {"starting", "material", "materials", "corresponding", "desired", "crude", "pure", "title"}
)


def is_generic_name(text: str) -> bool:
    """Whether ``text`` is only words for a kind of compound (``the amide``, ``ester``)."""
    words = [w for w in text.lower().split() if w not in {"the", "a", "an", "this", "that"}]
    return bool(words) and all(w in _CLASS_WORDS or w in _GENERIC_EXTRA for w in words)


def name_before(text: str, end: int) -> tuple[int, int] | None:
    """Span of the chemical name that ends at ``end`` (spaces before it skipped), or None.

    The name stays within its paragraph and its table cell.
    """
    while end > 0 and text[end - 1] in " \t\n":
        end -= 1
    lo = max(0, end - 500)
    window = text[lo:end]
    cut = max(window.rfind("\n\n"), window.rfind("|"))
    if cut >= 0:
        lo, window = lo + cut + 1, window[cut + 1 :]
    # Markdown emphasis ("**3-Bromo…") is decoration, not part of a token.
    matches = list(re.finditer(r"[*_]*(\S+)", window))
    if matches and lo > 0 and matches[0].start() == 0 and not text[lo - 1].isspace():
        matches = matches[1:]  # a token the window cut in two
    if not matches:
        return None
    found = _name_start([m[1] for m in matches])
    if found is None:
        return None
    index, skip = found
    return lo + matches[index].start(1) + skip, end


# --- labels --------------------------------------------------------------------------

_PRIME = "'′″‘’"
_DASH = "‐‑‒–—−-"
_NUMBER_LABEL = (
    rf"[1-9]\d{{0,2}}(?!st\b|nd\b|rd\b|th\b)(?:[a-z]{{1,2}}|[A-Z](?![A-Za-z]))?[{_PRIME}]{{0,2}}"
)
#: ``S1``, ``E1``, ``INT-3``; not ``CH2``, ``NO2`` or ``R1``: a formula or a group.
_LETTER_LABEL = rf"(?!(?:[CHNOPRX]|[CHNOS]{{2,3}})\d)[A-Z]{{1,3}}-?[1-9]\d{{0,2}}[a-z]?[{_PRIME}]?"
_ROMAN = r"(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3})[a-h]?(?![\w])"
_SALT = r"(?:\s?[·•.]\s?\d?\s?(?:HCl|HBr|HI|TFA|H2O|H2SO4|MsOH|TsOH))?"
#: A compound label as papers and patents print them: ``3``, ``12b``, ``3b′``, ``S1``.
LABEL = rf"(?:{_NUMBER_LABEL}|{_LETTER_LABEL}){_SALT}"
#: A label, or a roman numeral, which is a label only right after a name.
LABEL_OR_ROMAN = rf"(?:{LABEL}|{_ROMAN})"
_AMOUNT = re.compile(r"\d\s*(?:mg|g|kg|mmol|mol|mL|ml|µL|μL|L|equiv|eq|%)(?![A-Za-z])")
#: ``name (12b)``, ``name (compound 12b)``, ``name (2a, 1.08 g, 5.0 mmol)``.
_PAREN_LABEL = re.compile(
    rf"(?<=\s)\(\s*(?:compound\s+|cpd\.?\s+)?(?P<label>{LABEL_OR_ROMAN})\s*(?P<rest>[,;][^()]*)?\)"
)
#: What may stand before an entry heading's name on its line.
_LINE_PREFIX = re.compile(
    r"[ \t#*>•\-]*(?:(?:synthesis|preparation)\s+of\s+(?:the\s+)?)?", re.IGNORECASE
)
#: After an entry heading's label: a full stop or colon, then the paragraph or a new line.
_HEADING_AFTER = re.compile(r"[ \t*]*(?:[.:][ \t*]*(?:\n|$|[ \t]+(?=\S))|[ \t*]*(?:\n|$))")


def label_key(label: str) -> str:
    """One spelling per label: case, spaces, primes and salt dots do not matter."""
    key = re.sub(r"\s+", "", label).casefold()
    key = re.sub(rf"[{_PRIME}]", "'", key)
    return re.sub(r"[•.](?=\d?(?:hcl|hbr|hi|tfa|h2o|h2so4|msoh|tsoh)$)", "·", key)


def name_key(name: str) -> str:
    """One spelling per name: case, dashes, primes and wrapped lines do not matter."""
    key = re.sub(rf"[{_DASH}]", "-", name.casefold())
    key = re.sub(rf"[{_PRIME}]", "'", key)
    key = re.sub(r"-\s+", "-", key)
    return re.sub(r"\s+", " ", key).strip().rstrip(".")


def tidy_name(name: str) -> str:
    """A name as printed, on one line: a line wrapped after a hyphen is joined."""
    return re.sub(r"\s+", " ", re.sub(r"(?<=\w-)[ \t]*\n\s*", "", name)).strip()


def _parenthesised(text: str) -> Iterator[LabelDefinition]:
    for match in _PAREN_LABEL.finditer(text):
        if match["rest"] is not None and not _AMOUNT.search(match["rest"]):
            continue  # "(3, 4)" or "(2, Scheme 1)": not a label with its amount
        span = name_before(text, match.start())
        if span is None:
            continue
        start, end = span
        line_start = text.rfind("\n", 0, start) + 1
        heading = (
            match["rest"] is None
            and _LINE_PREFIX.fullmatch(text, line_start, start) is not None
            and _HEADING_AFTER.match(text, match.end()) is not None
        )
        kind: Kind = "heading" if heading else "parenthesised"
        label = re.sub(r"\s+", "", match["label"])
        yield LabelDefinition(label, tidy_name(text[start:end]), start, end, kind)


# --- references ----------------------------------------------------------------------

_RANGE = re.compile(
    rf"(?<![\w\-.,/])(?P<n>[1-9]\d{{0,2}})(?P<a>[a-z])\s*[{_DASH}]\s*(?:(?P=n))?(?P<b>[a-z])"
    rf"(?![\w\-{_PRIME}])"
)
_LETTER_LIST = re.compile(
    rf"(?<![\w\-.,/])(?P<n>[1-9]\d{{0,2}})(?P<a>[a-z])"
    rf"(?P<more>(?:\s*,\s*(?:(?P=n))?[a-z](?![\w\-{_PRIME}]))+)"
)
#: Before a number that is a figure panel, a table or a step, not a compound.
_NOT_LABEL_BEFORE = re.compile(
    r"(?:fig(?:ure)?s?\.?|tables?|schemes?|panels?|entr(?:y|ies)|refs?\.?|eqs?\.?|equations?"
    r"|steps?|examples?|claims?|supplementary|section|chart)\s*$",
    re.IGNORECASE,
)
_ITEM = rf"{LABEL}(?:\s*[{_DASH}]\s*(?:{LABEL}|[a-z](?!\w)))?"
_COMPOUND_LIST = re.compile(
    rf"\b(?i:compounds?|cpds?\.?)\s+(?P<list>{_ITEM}(?:\s*(?:,|\band\b|\bor\b|&)\s*{_ITEM}"
    rf"|\s*,\s*[a-z](?![\w{_PRIME}]))*)(?![\w{_PRIME}])"
)
_LIST_ITEM = re.compile(
    rf"(?P<a>{LABEL})(?:\s*[{_DASH}]\s*(?P<b>{LABEL}|[a-z](?!\w)))?|(?<=,)\s*(?P<letter>[a-z])"
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


def _references(text: str) -> Iterator[LabelReference]:
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


# --- sections: patents' examples and papers' entry headings ---------------------------

_EXAMPLE_WORDS = (
    r"(?:(?:reference|comparative|synthesis|synthetic|production|preparation|preparative"
    r"|working)\s+)?(?:example|preparation|intermediate|description)"
)
_EXAMPLE_ID = r"\d{1,4}(?:[.\-]\d{1,3})?[A-Za-z]?(?:\([a-z0-9]{1,3}\))?"
_EXAMPLE = re.compile(
    rf"(?P<word>{_EXAMPLE_WORDS})\s+(?P<id>{_EXAMPLE_ID})(?:\s*[:.–—\-]\s*(?P<title>.*?))?\s*",
    re.IGNORECASE,
)
_EXAMPLES = re.compile(
    rf"{_EXAMPLE_WORDS}s\s+\d{{1,4}}[A-Za-z]?\s*(?:to|through|and|[–—\-])\s*\d{{1,4}}[A-Za-z]?"
    r"(?:\s*[:.–—\-].*)?",
    re.IGNORECASE,
)
_STEP = re.compile(
    r"(?:step|stage)\s+(?P<id>\d{1,2}[a-z]?|[A-Z])(?:\s*[:.)–—\-]\s*(?P<title>.*?))?\s*",
    re.IGNORECASE,
)
_LETTERED = re.compile(r"\(?(?P<id>[A-Z])[.)]\s+(?P<title>.+?)\s*")
_SUB_ITEM = re.compile(r"\(?(?P<id>[a-z])[.)]\s+(?P<title>.+?)\s*")
_SYNTHESIS_OF = re.compile(
    r"(?:synthesis|preparation|production|manufacture)\s+of\s+(?:the\s+)?(?P<name>.*)",
    re.IGNORECASE,
)
#: The heading of a general procedure: it ends the entry before it.
_BREAK = re.compile(
    r"(?:general|typical|representative)\s+(?:experimental\s+)?(?:procedure|method)s?\b",
    re.IGNORECASE,
)
_TABLE_ROW = re.compile(
    r"(?P<label>[A-Z]{1,3}\d{1,3}[a-z]?|[1-9]\d{0,2}[a-z]{1,2})\s*\|\s*(?P<name>[^|]+?)\s*"
)
_DECORATION = re.compile(r"[ \t#*>]*(.*?)[ \t*]*")
_TRAILING_LABEL = re.compile(rf"\s+\(\s*{LABEL_OR_ROMAN}\s*\)\s*[.:]?$")
#: Where the name of an entry heading ends: at its full stop or colon, or the line's end.
_ENTRY_END = re.compile(r"[.:](?=\s+[A-Z(])|[.:]?$")


@dataclass(frozen=True, slots=True)
class _Section:
    start: int
    level: int  # 1 an example, 2 a step or an entry, 3 a lettered item of a step
    definition: LabelDefinition | None


def _lines(text: str) -> list[tuple[int, str]]:
    """Each line without its decoration (``#``, ``**``), and where that text starts."""
    lines = []
    pos = 0
    for raw in text.split("\n"):
        match = _DECORATION.fullmatch(raw)
        assert match is not None
        lines.append((pos + match.start(1), match[1]))
        pos += len(raw) + 1
    return lines


def _strip_trailing_label(title: str) -> str:
    match = _TRAILING_LABEL.search(title)
    return title[: match.start()] if match else title


def _title_span(start: int, title: str) -> tuple[int, int] | None:
    """Span of the compound a heading's title names (``Synthesis of X``, ``X (3).``)."""
    synthesis = _SYNTHESIS_OF.fullmatch(title)
    if synthesis is not None:
        start, title = start + synthesis.start("name"), synthesis["name"]
    title = _strip_trailing_label(title.rstrip()).rstrip(".:").rstrip()
    if not title or not looks_like_name(title):
        return None
    return start, start + len(title)


def _is_title(line: str) -> bool:
    return bool(_SYNTHESIS_OF.fullmatch(line)) or looks_like_name(
        _strip_trailing_label(line).rstrip(".:")
    )


class _SectionReader:
    """One pass over the lines that keeps track of the example and step each is in."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = _lines(text)
        self.sections: list[_Section] = []
        self.definitions: list[LabelDefinition] = []
        self.example: str | None = None
        self.step: str | None = None
        self.pending: list[LabelDefinition] = []  # steps read before any example heading

    def read(self) -> None:
        titles: set[int] = set()
        for index, (start, line) in enumerate(self.lines):
            if index in titles or not line:
                continue
            if (title := self._example(index, start, line)) is not None:
                titles.add(title)
            elif not (self._step(start, line) or self._table_row(start, line)):
                self._entry(index, start, line)
        self._settle_pending(None)

    def _add(self, level: int, start: int, definition: LabelDefinition | None) -> None:
        self.sections.append(_Section(start, level, definition))
        if definition is not None:
            self.definitions.append(definition)
            if self.example is None and level > 1 and definition.label is not None:
                self.pending.append(definition)

    def _next_line(self, index: int) -> tuple[int, int, str] | None:
        for i in range(index + 1, min(len(self.lines), index + 4)):
            if self.lines[i][1]:
                return i, *self.lines[i]
        return None

    def _example(self, index: int, start: int, line: str) -> int | None:
        """An example heading; returns the index of its title line (-1 for none), or
        None when the line is no example heading."""
        if _EXAMPLES.fullmatch(line):
            self._settle_pending(None)
            self.example = self.step = None
            self._add(1, start, None)
            return -1
        match = _EXAMPLE.fullmatch(line)
        if match is None:
            return None
        word = " ".join(w.capitalize() for w in match["word"].split())
        label = f"{word} {match['id']}"
        self._settle_pending(label)
        self.example, self.step = label, None
        title_index, span = -1, None
        if match["title"]:
            span = _title_span(start + match.start("title"), match["title"])
        elif (following := self._next_line(index)) is not None and len(following[2]) <= 300:
            i, title_start, title = following
            if _is_title(title):
                span, title_index = _title_span(title_start, title), i
        self._add(1, start, self._definition(label, span, start, start + len(line)))
        return title_index

    def _definition(
        self, label: str | None, span: tuple[int, int] | None, start: int, end: int
    ) -> LabelDefinition | None:
        if span is not None:
            return LabelDefinition(label, self.text[span[0] : span[1]], *span, "example")
        return None if label is None else LabelDefinition(label, None, start, end, "example")

    def _step(self, start: int, line: str) -> bool:
        end = start + len(line)
        if (step := _STEP.fullmatch(line)) is not None:
            self.step = (
                f"{self.example} Step {step['id']}" if self.example else f"Step {step['id']}"
            )
            title = step["title"] or ""
            span = _title_span(start + step.start("title"), title) if title else None
            self._add(2, start, self._definition(self.step, span, start, end))
            return True
        lettered = _LETTERED.fullmatch(line)
        if lettered is not None and _is_title(lettered["title"]):
            self.step = f"{self.example}{lettered['id']}" if self.example else lettered["id"]
            span = _title_span(start + lettered.start("title"), lettered["title"])
            self._add(2, start, self._definition(self.step, span, start, end))
            return True
        sub = _SUB_ITEM.fullmatch(line)
        if sub is not None and looks_like_name(_strip_trailing_label(sub["title"]).rstrip(".:")):
            parent = self.step or self.example
            label = f"{parent}({sub['id']})" if parent else None
            span = _title_span(start + sub.start("title"), sub["title"])
            self._add(3, start, self._definition(label, span, start, end))
            return True
        if _BREAK.match(line):
            self._add(2, start, None)
            return True
        return False

    def _settle_pending(self, first_example: str | None) -> None:
        """Steps read before any example heading. When the first heading is ``Example
        n`` and the text refers to ``Example n-1``, the text lost that heading (the
        sample patent's ``EXAMPLE 1`` went missing in conversion) and the steps are
        its steps; otherwise they keep their bare letters."""
        pending, self.pending = self.pending, []
        number = re.fullmatch(r"Example (\d+)", first_example or "")
        if not pending or number is None or int(number[1]) < 2:
            return
        previous = f"Example {int(number[1]) - 1}"
        if not re.search(rf"\b{previous}(?!\d)", self.text, re.IGNORECASE):
            return
        renamed = {id(d): _relabel(d, previous + (d.label or "")) for d in pending}
        self.definitions = [renamed.get(id(d), d) for d in self.definitions]
        self.sections = [
            _Section(s.start, s.level, renamed.get(id(s.definition), s.definition))
            for s in self.sections
        ]

    def _table_row(self, start: int, line: str) -> bool:
        row = _TABLE_ROW.fullmatch(line)
        if row is None or not looks_like_name(row["name"]):
            return False
        name_start = start + row.start("name")
        self.definitions.append(
            LabelDefinition(
                row["label"], row["name"], name_start, name_start + len(row["name"]), "table"
            )
        )
        return True

    def _entry(self, index: int, start: int, line: str) -> None:
        """A paper's entry heading without a label: a name alone on its line, or before
        the first sentence of its paragraph. A line of names in a scheme is no heading,
        so prose must follow."""
        if "|" in line:
            return
        if _PAREN_LABEL.search(line) and _TRAILING_LABEL.search(line.rstrip("*")):
            return  # a labelled heading: the scan for "name (label)" reads it
        if _SYNTHESIS_OF.match(line) and len(line) <= 200:
            span = _title_span(start, line)
            if span is not None:
                name = self.text[span[0] : span[1]]
                self._add(2, start, LabelDefinition(None, name, *span, "heading"))
            elif not _PAREN_LABEL.search(line) and not re.search(r"\.\s", line):
                self._add(2, start, None)  # "Synthesis of the Ligands": a heading all the same
            return
        end = _ENTRY_END.search(line)
        assert end is not None
        name, rest = line[: end.start()], line[end.end() :].strip()
        if len(name) > 300 or not any(c.isdigit() or c in "()[]" for c in name):
            return
        if not looks_like_name(name) or _PAREN_LABEL.search(name):
            return
        following = self._next_line(index)
        if len(rest) < 40 and (rest or following is None or len(following[2]) < 60):
            return
        self._add(2, start, LabelDefinition(None, name, start, start + len(name), "heading"))


def _relabel(definition: LabelDefinition, label: str) -> LabelDefinition:
    return LabelDefinition(
        label, definition.name, definition.start, definition.end, definition.kind
    )


# --- the table -----------------------------------------------------------------------


class LabelTable:
    """Labels, names and sections of one document; ``build_label_table`` makes one."""

    def __init__(
        self,
        definitions: list[LabelDefinition],
        references: list[LabelReference],
        sections: list[_Section],
    ) -> None:
        self.definitions = tuple(sorted(definitions, key=lambda d: d.start))
        self.references = tuple(dict.fromkeys(references))
        self._by_label: dict[str, LabelDefinition] = {}
        self._by_name: dict[str, LabelDefinition] = {}
        conflicts: list[LabelConflict] = []
        for definition in self.definitions:
            if definition.label is None:
                continue
            if definition.name is not None:
                self._by_name.setdefault(name_key(definition.name), definition)
            kept = self._by_label.setdefault(label_key(definition.label), definition)
            if (
                kept is not definition
                and kept.name is not None
                and definition.name is not None
                and name_key(kept.name) != name_key(definition.name)
            ):
                conflicts.append(LabelConflict(definition.label, kept, definition))
        self.conflicts = tuple(conflicts)
        self._stacks = _stacks(sections)
        self._stack_starts = [start for start, _ in self._stacks]

    def definition(self, label: str) -> LabelDefinition | None:
        """The first definition of a label (``12b``, ``compound 12b``, ``Example 2B``)."""
        return self._by_label.get(label_key(bare_label(label)))

    def name_of(self, label: str) -> str | None:
        """The name the text gives a label, or None when it never names it."""
        definition = self.definition(label)
        return None if definition is None else definition.name

    def label_of(self, name: str) -> str | None:
        """The label the text first gives a name, or None when it never labels it."""
        definition = self._by_name.get(name_key(name))
        return None if definition is None else definition.label

    def references_to(self, label: str) -> list[LabelReference]:
        """Where the text uses a label without defining it, ranges included."""
        key = label_key(bare_label(label))
        return [r for r in self.references if label_key(r.label) == key]

    def title_compound_at(self, offset: int) -> LabelDefinition | None:
        """The heading whose section holds ``offset``: the innermost that names a compound,
        else the innermost that at least labels one (``Example 7`` without a title)."""
        index = bisect_right(self._stack_starts, offset) - 1
        if index < 0:
            return None
        stack = self._stacks[index][1]
        named = [d for d in stack if d.name is not None]
        if named:
            return named[-1]
        return stack[-1] if stack else None

    def labels(self) -> list[str]:
        """Every label the text defines or refers to, in order of first appearance."""
        items = [(d.start, d.label) for d in self.definitions if d.label is not None]
        items += [(r.start, r.label) for r in self.references]
        seen: dict[str, str] = {}
        for _, label in sorted(items, key=lambda item: item[0]):
            seen.setdefault(label_key(label), label)
        return list(seen.values())


def bare_label(label: str) -> str:
    """``12b`` from ``(12b)``, ``compound 12b`` or ``Compound 12b``; ``3a–c`` from
    ``compounds 3a–c``."""
    stripped = label.strip().strip(".,;:")
    stripped = re.sub(r"^\(\s*(.*?)\s*\)$", r"\1", stripped)
    return re.sub(r"^(?:compounds?|cpds?\.?)\s+", "", stripped, flags=re.IGNORECASE)


def _stacks(sections: list[_Section]) -> list[tuple[int, tuple[LabelDefinition, ...]]]:
    """For each section start, the headings open there, outermost first."""
    stacks: list[tuple[int, tuple[LabelDefinition, ...]]] = []
    open_sections: list[_Section] = []
    starts: set[int] = set()
    for section in sorted(sections, key=lambda s: s.start):
        if section.start in starts:
            continue  # an example's step and an entry heading on one line: the step
        starts.add(section.start)
        while open_sections and open_sections[-1].level >= section.level:
            open_sections.pop()
        open_sections.append(section)
        definitions = tuple(s.definition for s in open_sections if s.definition is not None)
        stacks.append((section.start, definitions))
    return stacks


def build_label_table(text: str) -> LabelTable:
    """Every label definition, label reference and section of a document, read once."""
    reader = _SectionReader(text)
    reader.read()
    definitions = list(reader.definitions)
    sections = list(reader.sections)
    for definition in _parenthesised(text):
        definitions.append(definition)
        if definition.kind == "heading":
            sections.append(_Section(_line_start(text, definition.start), 2, definition))
    return LabelTable(definitions, list(_references(text)), sections)


def _line_start(text: str, offset: int) -> int:
    """Where the text of the line holding ``offset`` starts, after its decoration."""
    start = text.rfind("\n", 0, offset) + 1
    while start < offset and text[start] in " \t#*>":
        start += 1
    return start
