"""What a chemical name looks like, so a name can be found in running text without a parser.

Labels, headings and the model's answers all need the name beside them, and the only
clue is the shape of the words. That is decided token by token (``_category``): names
are made of tokens with locants, brackets, primes or Greek letters, of words with a
chemical ending (``-ol``, ``-one``, ``-ate``…) that are not English words with the
same ending, of substituent words (``methyl``, ``sodium``) and of class words
(``acid``, ``hydrochloride``). A name never contains a verb or a preposition, so the
run of such tokens before a label ends where the sentence words start.
"""

from __future__ import annotations

import re
from typing import Literal

from molextract.extraction.junk_compounds import is_solvent

_Category = Literal["strong", "core", "prefix", "adjective", "class"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_GREEK = "αβγδεζηθικλμνξπρστυφχψωΔ"
#: Characters that English words do not have and names often do.
_STRONG_CHARS = frozenset("0123456789()[]{}′″'‘’±·\"" + _GREEK)
#: What may stand before a hyphen in a name: ``N-benzyl``, ``tert-butyl``, ``L-alanine``.
_LOCANTS = frozenset(
    {
        "N", "O", "S", "C", "P", "B", "Si", "H", "n", "o", "m", "p", "s", "t", "i", "d", "l",
        "D", "L", "E", "Z", "R", "cis", "trans", "tert", "sec", "iso", "neo", "rac", "meso",
        "endo", "exo", "syn", "anti", "alpha", "beta", "gamma", "sn", "dl", "DL",
    }
)  # fmt: skip
#: A token may hold only characters that names use; ``%``, ``°``, ``=`` or ``|`` end a name.
#: Typewritten patents print a double prime as a quotation mark (``N,N',N"-``): one is
#: part of a name where it follows a locant and a hyphen, comma or bracket follows it.
#: A fused ring's locant sets are parted by a colon too (``benzo[1,2-b:5,4-b']dipyran``,
#: ``oxazino[4′,3′:1,2]imidazo``). A relative configuration is starred: ``(1R*,2S*)-``;
#: a mixture of configurations is slashed: ``(E/Z)-``, ``(1R,3R/1S,3S)-``, ``cis/trans-``.
_TOKEN = re.compile(
    r"(?:[\w\-'′″‘’()\[\]{}.,±·•∙+]|(?<=[\w'])\"(?=[-,)\]])|(?<=[RS])\*|(?<=Cp)\*"
    r"|(?<=[RSEZ*])/(?=\d*[RSEZ][*,)\]])|(?<=\bcis)/(?=trans)|(?<=\btrans)/(?=cis)"
    r"|(?<=\d-[a-zA-Z]):(?=\d)|(?<=\d-[a-zA-Z]['′]):(?=\d)|(?<=\d['′]):(?=\d))+"
)
_CORE_ENDINGS = (
    "ane", "ene", "yne", "ol", "one", "ine", "ide", "ate", "ite", "ole", "ile", "ose", "uran",
    "yran", "oxime", "aldehyde", "urea", "arin", "mycin", "cillin", "oxacin", "statin", "profen",
    "azepam",
    # drug and pesticide stems (USAN/ISO): meloxicam, losartan, enalapril, propranolol,
    # nifedipine, acyclovir, imatinib, sumatriptan, ondansetron, montelukast, furosemide,
    # chlorpyrifos, permethrin
    "icam", "sartan", "pril", "olol", "dipine", "vir", "tinib", "triptan", "setron", "lukast",
    "semide", "pyrifos", "thrin",
    # haloforms: chloroform, bromoform, iodoform
    "oform",
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
    admin login latin penguin thereof april
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
    carbon sulfur sulphur phosphorus selenium
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
    heterocycle heterocycles ylide alkane alkanes nucleoside nucleosides nucleotide
    nucleotides peptide peptides glycoside glycosides alkaloid alkaloids steroid steroids
    arene arenes triflate tosylate mesylate boronate organophosphate organophosphates
    pyrethroid pyrethroids nsaid nsaids
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
    citral tryptophan indigo glycol thf dmso dmf
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


#: ``(R)-``, ``(2S,3R)-``, ``(±)-``, ``(E)-``: a stereodescriptor makes any word after it a
#: compound's name (``(R)-traumatic lactone``).
_STEREO_OPENED = re.compile(r"\((?:\d*[RSEZ](?:,\s?\d*[RSEZ])*|[±+−-]|rac)\)-[A-Za-z]")


def _is_strong(token: str) -> bool:
    if any(c in _STRONG_CHARS and c not in "()[]{}" for c in token):
        return True
    bare = token.strip("()[]{}")
    if (
        _CONDENSED_FORMULA.fullmatch(bare)
        and _ORGANIC_OR_ELEMENT.search(bare)
        and not bare.isupper()
    ):
        return True  # "PhCHO", "PhSSPh", "MeCN": a formula written without a digit
    if _STEREO_OPENED.match(token):
        return True
    # Brackets count inside a token ("bis(trimethylsilyl)amide"), not around English
    # words ("(General").
    if re.search(r"\w[()\[\]{}]+\w", token):
        return True
    if re.search(r"[A-Za-z]{2}\.[A-Za-z]{2}", bare):  # tert.Butyl, but not "i.e" or "e.g"
        return True
    if "-" in bare.strip("-"):
        parts = [p for p in bare.split("-") if p]
        return any(p in _LOCANTS or _word_category(p, None) is not None for p in parts)
    return False


#: A condensed formula of groups' and elements' symbols with no digit (``PhCHO``,
#: ``PhCOMe``, ``tBuOK``): two symbols at least, each capitalised.
_GROUPS = r"(?:Ph|Me|Et|Fc|Cp|[insct]?Pr|[inst]?Bu|Ac|Bn|Bz|Ts|Ms|Tf|Cy|Tol|Mes|Py|Boc|Cbz|Fmoc)"
_ELEMENTS = r"(?:Cl|Br|Si|Li|Na|Mg|Zn|Sn|Cu|Pd|Al|Ti|Se|[CHONSPFIBK])"
_CONDENSED_FORMULA = re.compile(rf"(?:{_GROUPS}|{_ELEMENTS}){{2,}}")
#: An organic group's symbol or carbon's, in a token not all capitals: an organic
#: compound, not an acronym (``NO``, ``ICP``, ``CHN``) nor a salt or base a step is run with (``NaH``,
#: ``HCl``, ``KOH``), which stay the reagents they were.
_ORGANIC_OR_ELEMENT = re.compile(rf"{_GROUPS}|C(?![lu])")


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


#: ``1.48g``, ``633mg``, ``2.5mmol``: an amount printed without its space, never part of
#: a name (``12g`` without decimals is a label).
_GLUED_AMOUNT = re.compile(
    r"(?:\d+\.\d+(?:g|L)|\d+(?:\.\d+)?(?:mg|kg|µg|μg|mmol|µmol|μmol|mol|mL|ml|µL|μL))[,;]?"
)


#: ``2j-o``, ``7a–7d``: a series of labels printed by its ends, not a name.
_LABEL_SERIES = re.compile(r"[1-9]\d{0,2}[a-z]{1,2}[-–−‒](?:[1-9]\d{0,2})?[a-z]{1,2}[,;]?")


def _category(token: str, following: str | None) -> _Category | None:
    """What part of a name a whitespace-free token can be, or None if it is no part."""
    if _CLOSING.search(token) or not _TOKEN.fullmatch(token):
        return None
    if _BROKEN_AFTER_LOCANTS.fullmatch(token) and following and following[0] not in ",;:.)]":
        return "prefix"  # "3- methoxy-5-methyl…", "2-(4- chlorophenyl)-…": a line end broke it
    if (
        not any(c.isalpha() for c in token)
        or _GLUED_AMOUNT.fullmatch(token)
        or _LABEL_SERIES.fullmatch(token)
    ):
        return None
    word = _word_category(token, following)
    if word is not None:
        return word
    if token.lower() in _ENGLISH:
        return None
    glued = _FOOTNOTE_GLUED.fullmatch(token)
    if glued is not None and _word_category(glued["word"], following) is None:
        return None  # "our usual strategy3": a word and the number of its footnote
    return "strong" if _is_strong(token) else None


#: Locants and their hyphen alone, where PDF text broke a name at the line's end and a
#: space stands for the break (``2,2- dimethoxypropane``, as ChemRxnExtractor's text has it).
_BROKEN_AFTER_LOCANTS = re.compile(
    r"(?:[(\[]?(?:\d{1,3}[a-z]?['′]?|[NOSP]|\((?:[RSEZ]|\d{1,2}[RSEZ])(?:,\s?\d{0,2}[RSEZ])*\))"
    r"(?:,(?:\d{1,3}[a-z]?['′]?|[NOSP]))*-)+"
    # "tert- butyl", "N- benzyl", "cis- 4-…": a descriptor the break left alone
    r"|(?:tert|sec|iso|neo|cis|trans|endo|exo|ortho|meta|para|[opmn]|[α-ω])-"
)


#: A plain word with a footnote's number printed onto it, as extracted PDF text has them:
#: ``strategy3``, ``catalysts2``, ``reported10``, ``systems.19``, ``derivative,6``,
#: ``results.7b``. Its digits make it look like a formula.
_FOOTNOTE_GLUED = re.compile(r"(?P<word>[a-z]{4,})[.,]?\d{1,2}[a-z]?(?:,\d{1,2}[a-z]?)*[,;.]?")


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
        if _opens_mention(token) and depth == 0:
            break  # "NAME (IA18) Compound IA18 was …": a role word starts a new mention
        if _CLOSING.search(token) and not _separator_inside(token, depth):
            break  # the end of a clause or sentence: "(d, J = 6.8 Hz, 1H)."
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        before = depth
        depth += _balance(token)
        if depth > 0 and before == 0 and _open_by_typo(token, following):
            depth = 0
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
        category = _category(token.rstrip(";") if before < 0 else token, following)
        if category is None:
            category = _rest_of_broken_word(tokens, index, following)
        if before < 0 and depth >= 0 and (category is None or _bare_words(token)):
            # The bracket closed by this token held words, not part of a name:
            # "(General Method of Synthesis)". The name, if any, ends before it.
            return None if closed_at is None else _after(tokens, closed_at)
        if category is None:
            if depth < 0 and _TOKEN.fullmatch(token.rstrip(";")):
                category = "strong"  # inside the name's own brackets: "2-(dimethyl amino)"
            else:
                # the name starts after this token, whose brackets are not the name's:
                # "(0.12 g, 45%) NAME" ends an aside of the sentence
                depth = before
                break
        cats.insert(0, category)
        first = index
    if depth < 0:
        # the run ended inside a bracket it did not open, an aside of the sentence
        # ("(45%, 2 steps) NAME"): the name, if any, follows the aside
        return None if closed_at is None else _after(tokens, closed_at)
    if not cats:
        return None
    start = _valid_start(tokens[first:], cats)
    if start is None:
        return None
    return first + start, skip if start == 0 else 0


def _rest_of_broken_word(tokens: list[str], index: int, following: str | None) -> _Category | None:
    """``…quinoxa- line (5a)``: a token that is the rest of a word a line end broke (PDF
    text keeps the hyphen and a space) is what the word whole is."""
    if index == 0 or _BROKEN_WORD_TAIL.match(tokens[index]) is None:
        return None
    before = tokens[index - 1]
    if _LOCANT_HYPHEN_END.search(before):
        # "…fluoren-11- one": broken after a locant's hyphen, the suffix whole with it
        return _category(before + tokens[index], following)
    head = _BROKEN_WORD_HEAD.search(before)
    return None if head is None else _category(head[1] + tokens[index], following)


#: The first part of a word a line end broke, and the start of its rest.
_BROKEN_WORD_HEAD = re.compile(r"([a-z]{2,})-$")
_LOCANT_HYPHEN_END = re.compile(r"[a-z\])][\-,]?\d{1,3}['′]?-$")
_BROKEN_WORD_TAIL = re.compile(r"[a-z]{2,}")


def _separator_inside(token: str, depth: int) -> bool:
    """``cyclohepta[2,1-a;`` ``3,4-a′]diphenyl``: a semicolon between a fused ring's
    locant sets, inside a bracket the name closes later, is no end of a clause."""
    return depth < 0 and token.endswith(";") and _balance(token) > 0


def _open_by_typo(token: str, following: str | None) -> bool:
    """``2-(4-methoxyphenylbenzo[d]oxazole-4-carboxamide``: a name that leaves a bracket
    of its own open, as patents misprint them, not a bracket of the sentence before it.

    The bracket must open inside the token, after a locant (``2-(``, ``3-[``), and the
    token must read as a name: an aside opened by the sentence starts with its bracket.
    """
    if token[0] in _OPENERS or not re.search(r"\d[\-,]?[(\[]", token):
        return False
    # it ends as a compound does, not cut off after a substituent: "1-(3-chloro"
    tail = token.lower().rstrip(".,;:")
    ends = tail.endswith(_CORE_ENDINGS) or (tail.endswith("ic") and following == "acid")
    return ends and _category(token, following) == "strong"


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
    for i in range(start + 1, len(cats)):
        if _names_meet(tokens[i - 1], tokens[i:]):
            start = i
    if start + 1 < len(cats) and _HEADING_LABEL.fullmatch(tokens[start]):
        start += 1  # "Intermediate 6B 5-bromo-…": the heading's label, then the name
    while start < len(cats) and cats[start] == "class":
        start += 1
    kept = cats[start:]
    if not kept or kept[-1] == "prefix" or _is_radical(tokens[-1]):
        return None
    has_head = any(c in ("strong", "core", "adjective") for c in kept) or (
        "prefix" in kept and "class" in kept
    )
    return start if has_head else None


#: The last word of a token, after its locants and brackets: ``propan-1-ol`` → ``ol``,
#: ``…isoquinoline`` → ``isoquinoline``.
_LAST_WORD = re.compile(r"([A-Za-z]+)[^A-Za-z]*$")
#: A token opening with a capitalised word after its locants and brackets:
#: ``2,2-Difluoropropane-1,3-diol``, ``(5-Bromo-2-…``, ``3-(1-Aminoethyl)-…``, ``Toluene``.
_CAPITALISED_OPENING = re.compile(r"[\d,'′()\[\]{}-]*[A-Z][a-z]{2,}")
#: Words that go on a name even when a heading capitalises them: ``… acid Sodium salt``,
#: ``… piperidine Hydrochloride``.
_SALT_TAIL = frozenset(
    _words(
        """
    sodium potassium lithium calcium magnesium ammonium cesium caesium zinc salt salts
    hydrochloride dihydrochloride trihydrochloride hydrobromide hydroiodide sulfate
    bisulfate mesylate tosylate besylate maleate fumarate citrate tartrate oxalate
    succinate acetate trifluoroacetate formate phosphate hydrate monohydrate dihydrate
    hemihydrate solvate
    """
    )
)


#: A label such as headings print before their name: ``6B``, ``130A``, ``297A``.
_HEADING_LABEL = re.compile(r"\d{1,4}[A-Z]{1,2}")
#: A token that opens a systematic name with a locant or a stereo descriptor:
#: ``2-(3-…``, ``2,4-dichloro-…``, ``(R)-2-methyl-…``, ``(E)-methyl``.
_LOCANT_OPENING = re.compile(
    r"(?:\((?:[RSEZ]|\d[RS])[,)]|\d{1,3}[a-z]?['′]?(?:,\d{1,3}[a-z]?['′]?)*-\(?[a-z(\[])"
)
#: A second token that ends a salt's or an oxide's name: ``… 2,2,2-trifluoroacetate``,
#: ``… 1-oxide``.
_ESTER_WORDS = frozenset({"ester", "esters", "amide", "amides", "salt", "salts", "anhydride"})
_COUNTER_ION = re.compile(r".*(?:ate|ide)[)\]]*")


def _names_meet(before: str, tokens: list[str]) -> bool:
    """Whether a new name starts at ``tokens[0]`` right after a whole name ending in
    ``before``: ``…propan-1-ol 2,2-Difluoropropane-1,3-diol``, ``…isoquinoline Acetic
    acid``, ``…diacetate Toluene``.

    Text whose line ends were lost runs a heading's name into the first reagent of the
    paragraph under it. Within a name, a word after a space does not start with a
    capital unless the whole name is capitalised (a title's ``…Piperidine
    Hydrochloride``), so a capitalised opening after a name ending in lower case is a
    new name: unless all that follows is a salt's words (``… acid Sodium salt``). So is a
    systematic name's locant opening after a systematic name."""
    last = _LAST_WORD.search(before)
    if last is None or not last[1][0].islower() or before.endswith("-"):
        return False  # "3-methylidene- 4,5,5-trimethyl…": a name a line end broke
    word = last[1].lower()
    if not (word.endswith(_CORE_ENDINGS) or word in _CLASS_WORDS or word in _TRIVIAL):
        return False
    if _CAPITALISED_OPENING.match(tokens[0]) is not None:
        return not all(t.lower().strip("()[]{}.,;:") in _SALT_TAIL for t in tokens)
    # "…carbamate 2,4-dichloro-5-nitropyrimidine", "…amine (R)-2-methyl-…aniline": a
    # systematic name opening after a whole one, unless it is the salt's or the oxide's
    # other part ("… 2,2,2-trifluoroacetate"); "… acid 2-(dimethylamino)ethyl ester" is
    # one name, its last word a class word
    if before.lower() in _CLASS_WORDS or not _is_strong(before):
        return False
    if not _LOCANT_OPENING.match(tokens[0]):
        return False
    if len(tokens) == 1 and _COUNTER_ION.fullmatch(tokens[0].lower()):
        return False
    # "L-phenylalanyl-L-arginine 1-naphthyl ester": the ester of the name before;
    # "…pyrrolidine (R,R)-di-p-anisoyltartaric acid": a base's salt with an acid
    if any(t.lower() in _ESTER_WORDS for t in tokens[1:]):
        return False
    return not (word.endswith("ine") and tokens[-1].lower().rstrip(".,;:") == "acid")


def _is_radical(token: str) -> bool:
    """``4-methylphenyl`` names a substituent, not a compound."""
    lower = token.lower().rstrip(")]}")
    return lower.endswith("yl") and not lower.endswith(_YL_COMPOUNDS)


def looks_like_name(text: str) -> bool:
    """Whether the whole of ``text`` reads as a chemical name."""
    tokens = _without_family_letter(name_view(text).split())
    if bool(tokens) and _name_start(tokens) == (0, 0):
        return True
    last = text.rfind(", ") + 2
    if last < 2:
        return False
    # "Benzoic acid, 4-chloro-, methyl ester": a name as Chemical Abstracts indexes it
    tail = name_view(text[last:]).split()
    return (
        bool(tail) and _name_start(tail) == (0, 0) and _index_name_start(text, last, len(text)) == 0
    )


_GENERIC_EXTRA = frozenset(
    {"starting", "material", "materials", "corresponding", "desired", "crude", "pure", "title"}
    # a salt form or the free base standing alone (``the hydrochloride melts at …``): which
    # compound's it is, the text says elsewhere
    | {"salt", "salts", "free", "base"}
    | {
        f"{times}{anion}"
        for times in ("", "mono", "di", "bis", "tri")
        for anion in (
            "hydrochloride",
            "picrate",
            "methiodide",
            "hydrobromide",
            "hydroiodide",
            "oxalate",
            "maleate",
            "fumarate",
            "tartrate",
            "citrate",
            "succinate",
            "mesylate",
            "tosylate",
            "besylate",
            "trifluoroacetate",
        )
    }
)


def is_generic_name(text: str) -> bool:
    """Whether ``text`` is only words for a kind of compound (``the amide``, ``ester``)."""
    words = [w for w in text.lower().split() if w not in {"the", "a", "an", "this", "that"}]
    if words and words[-1] in ("salt", "salts") and all(w in _METALS for w in words[:-1]):
        return True  # "disodium salt": a salt form, of a compound named elsewhere
    return bool(words) and all(w in _CLASS_WORDS or w in _GENERIC_EXTRA for w in words)


#: A plural kind at the end of a phrase names a class: ``naphthalene compounds``,
#: ``coumarin derivatives``, ``pyran analogues``.
_PLURAL_KINDS = frozenset(
    {"compounds", "derivatives", "products", "analogues", "analogs", "isomers", "adducts"}
    | {"intermediates", "congeners", "homologues", "homologs", "heterocycles"}
)


def is_class_phrase(text: str) -> bool:
    """Whether ``text`` names a class of compounds by a plural kind rather than one
    compound: ``coumarin derivatives 7h−j`` (the labels say which)."""
    words = text.lower().split()
    return len(words) > 1 and words[-1] in _PLURAL_KINDS


_METALS = frozenset(
    f"{times}{metal}"
    for times in ("", "mono", "di", "tri")
    for metal in ("sodium", "potassium", "lithium", "calcium", "magnesium", "ammonium")
)


#: What a sentence calls a product instead of naming it: ``the corresponding product
#: (11)``, ``the trans diastereomer (4b)``, ``6-membered 2b``.
_STAND_IN_WORDS = frozenset(
    {"product", "products", "compound", "compounds", "adduct", "adducts"}
    | {"isomer", "isomers", "diastereomer", "diastereomers", "enantiomer", "enantiomers"}
    | {"epimer", "epimers", "regioisomer", "regioisomers", "anomer", "anomers"}
)
_DESCRIBING_WORDS = frozenset(
    {"the", "a", "an", "corresponding", "desired", "expected", "target", "same", "new"}
    | {"cis", "trans", "syn", "anti", "endo", "exo", "major", "minor", "single", "sole"}
    | {"main", "only", "other", "pure", "crude", "racemic", "chiral", "optically", "active"}
    | {"(e)", "(z)", "e", "z", "(r)", "(s)", "α", "β", "alpha", "beta"}
)
_MEMBERED = re.compile(r"\d+-membered", re.IGNORECASE)


def without_stand_in(name: str, labelled: bool) -> str | None:
    """A name less the role word a sentence printed after it, or None when nothing but
    a description is left beside a label.

    ``7-(tert-butyl)-3H-phenoxazin-3-one product`` is the phenoxazinone; ``the
    corresponding product (11)``, ``the trans diastereomer (4b)`` and ``6-membered 2b``
    describe the compound the label names, and are no names of it. Without a label the
    description is all the text says, and stays."""
    words = name.split()
    if words and words[-1].lower() in _STAND_IN_WORDS:
        head = " ".join(words[:-1])
        if head and looks_like_name(head) and re.search(r"[\d(\[,]", head):
            return head
        words = words[:-1]
    if not labelled:
        return name
    if all(w.lower() in _DESCRIBING_WORDS or _MEMBERED.fullmatch(w) for w in words):
        return None
    return name


_STAND_IN_THEN_LABEL = re.compile(
    r"(?P<head>.*?)\s*\b(?:product|compound|adduct|isomer|diastereomer|enantiomer|epimer"
    r"|regioisomer)\s+(?P<label>[1-9]\d{0,2}[a-z]{0,2}['′]?)",
    re.IGNORECASE,
)


def stand_in_label(name: str) -> tuple[str | None, str] | None:
    """``mono-N-alkylated product 3c`` read as one name: what is left of the name (None
    when only a description is) and the label, or None when the name ends otherwise."""
    found = _STAND_IN_THEN_LABEL.fullmatch(name.strip())
    if found is None:
        return None
    head = found["head"].strip()
    if (
        head
        and looks_like_name(head)
        and re.search(r"[\d(\[,]", head)
        and not _MEMBERED.search(head)
        and not head.lower().endswith("ed")  # "3-arylated product 3a": how it was made
    ):
        return head, found["label"]
    return None, found["label"]


#: Words that call a compound by its role, which no name ends with.
_ROLE_WORDS = frozenset({"compound", "compounds", "product", "products"})


def _opens_mention(token: str) -> bool:
    """``Compound`` capitalised inside a run of name tokens starts the next sentence's
    mention (a heading run into its paragraph); ``3-arylated product 3a`` stays whole."""
    return token[:1].isupper() and token.lower() in _ROLE_WORDS


#: A dash printed for a name's hyphen. US patents' full text prints the hyphen after a
#: one-letter locant or a stereo descriptor as an em dash (``N—(4-chlorophenyl)``,
#: ``(S)—N—((S)-1-phenylethyl)``, ``N,N—dimethyl``), an optical rotation's sign is a
#: minus (``(−)-(4R)-``), and true hyphens (U+2010, U+2011) look like any other. Read as
#: a dash of prose they cut the name in two or lost it; elsewhere (``ethanone—through``,
#: ``N—H`` stretches, ``(1)—Sodium``) a dash is prose and stays one.
_NAME_DASH = re.compile(
    r"[\u2010\u2011]"
    r"|(?<![A-Za-z])(?:[NOSCPB]|[NOS],[NOS])[—–−](?=[a-z\d(\[])"
    r"|(?<=[A-Za-z'′*+±]\))[—–−](?=[A-Za-z\d(\[])"
    r"|(?<=\()[−–—](?=\))"
)


def name_view(text: str) -> str:
    """``text`` with the dashes that stand for a name's hyphen printed as ``-``: one
    character for one, so every offset into the view is one into the text."""
    if not any(ch in text for ch in "\u2010\u2011—–−"):
        return text
    return _NAME_DASH.sub(lambda m: m[0][:-1] + "-", text)


#: The letter or numeral that tells apart the members of a natural product's family.
_LETTER_AFTER_NAME = re.compile(r"[A-Z][1-9]?|I{1,3}|IV|VI{0,3}|IX")


def _without_family_letter(tokens: list[str]) -> list[str]:
    """The tokens without a last one that tells a natural product's family members
    apart (``gracilin C``, ``pimprinol B``, ``spiramycin I``): it is part of the name
    the token before ends, and the name is read from that token."""
    if (
        len(tokens) >= 2
        and _LETTER_AFTER_NAME.fullmatch(tokens[-1])
        and tokens[-2].isalpha()
        and not tokens[-2].isupper()
        and not is_solvent(tokens[-2])
        and _category(tokens[-2], tokens[-1]) == "core"
        # (one word: "trifluoromethanesulfonate A" ends a systematic name, and the
        # letter is a label)
        and _name_start(tokens[:-1]) == (len(tokens) - 2, 0)
    ):
        return tokens[:-1]
    return tokens


def name_before(text: str, end: int) -> tuple[int, int] | None:
    """Span of the chemical name that ends at ``end`` (spaces before it skipped), or None.

    The name stays within its paragraph and its table cell.
    """
    while end > 0 and text[end - 1] in " \t\n":
        end -= 1
    lo = max(0, end - 500)
    window = name_view(text[lo:end])
    cut = max(window.rfind("\n\n"), window.rfind("|"))
    line = list(_NEW_LINE_OPENS.finditer(window))
    if line:
        # "Preparation of NAME⏎4-Chlorocinnamic acid (9.1 g) …": a heading's name ends at
        # its line; a name a line wraps goes on in lower case or after a hyphen
        cut = max(cut, line[-1].start())
    if cut >= 0:
        lo, window = lo + cut + 1, window[cut + 1 :]
    # Markdown emphasis ("**3-Bromo…") is decoration, not part of a token.
    matches = list(re.finditer(r"[*_]*(\S+)", window))
    if matches and lo > 0 and matches[0].start() == 0 and not text[lo - 1].isspace():
        matches = matches[1:]  # a token the window cut in two
    if not matches:
        return None
    tokens = _stereo_joined([(m.start(1), m[1]) for m in matches])
    if _opens_mention(tokens[-1][1]):
        return None  # "NAME (IA18) Compound": the next sentence's "Compound IA18 was …"
    found = _name_start(_without_family_letter([token for _, token in tokens]))
    if found is None:
        return None
    index, skip = found
    start = lo + tokens[index][0] + skip
    inverted = _INVERTED_TAIL.fullmatch(text, start, end)
    if inverted is not None and start >= 2 and text[start - 2 : start] == ", ":
        # "2-chloro-…-3-pyridinecarboxylic acid, ethyl ester": a name printed the way
        # Chemical Abstracts indexes it, the parent first and the ester or salt after
        parent = name_before(text, start - 2)
        if parent is not None and _PARENT_OF_INVERTED.search(text, parent[0], parent[1]):
            return parent[0], end
    return _index_name_start(text, start, end), end


def _index_name_start(text: str, start: int, end: int) -> int:
    """Where a name printed as Chemical Abstracts indexes it starts: the parent, then
    its substituents ending in a hyphen, then the ester or salt (``Benzenamine,
    4-chloro-N-methyl-``, ``Benzoic acid, 4-chloro-, methyl ester``). Read from its
    end, such a name would be only its last piece. ``start`` when the name before
    ``end`` is not one."""
    hyphened = text[start:end].endswith("-")
    at = start
    for _ in range(4):
        if at < 2 or text[at - 2 : at] != ", ":
            break
        before = name_before(text, at - 2)
        if before is None or before[0] >= at - 2:
            break
        piece = text[before[0] : before[1]]
        if piece.endswith("-") and ", " in piece:
            return before[0]  # "Benzoic acid, 4-chloro-" already read as one
        if piece.endswith("-") and re.fullmatch(r"[\w,'′()\[\]-]+", piece):
            hyphened, at = True, before[0]  # "4-chloro-": the substituents
            continue
        if hyphened and _INDEX_PARENT.fullmatch(piece):
            return before[0]  # "Benzenamine", "1-Piperazinecarboxylic acid"
        break
    return start


#: The parent an index name opens with: one word, maybe with its locants, or an acid.
_INDEX_PARENT = re.compile(r"(?:(?:[\d,]+-[a-z]|[A-Z])[a-z]{3,}|[a-z]{4,}(?=\s+acid))(?:\s+acid)?")


#: A line end after a whole word, before a capitalised word (after its locants, as in
#: ``4-Chlorocinnamic``): a new line of text. ``methyl⏎4-bromobenzoate`` and ``methyl⏎N-
#: phenylcarbamate`` are one name a line wrapped.
_NEW_LINE_OPENS = re.compile(r"(?<=[\w)\].])[ \t]*\n(?=[ \t]*(?:[\d,'′]+[a-z]?-)?[A-Z][a-z])")
#: The part after the comma of an inverted name: ``ethyl ester``, ``sodium salt``.
_INVERTED_TAIL = re.compile(
    r"(?:(?:mono|di|tri)?(?:methyl|ethyl|propyl|isopropyl|butyl|tert-butyl|t-butyl|benzyl"
    r"|phenyl|allyl|vinyl|octyl|hexyl|pentyl)\s+esters?"
    r"|(?:mono|di|tri)?(?:sodium|potassium|lithium|calcium|magnesium|ammonium)\s+salts?"
    r"|(?:mono|di)?hydrochloride|(?:mono|di)?hydrobromide)"
)
#: What such a tail is appended to: an acid, or a compound's full name with locants.
_PARENT_OF_INVERTED = re.compile(r"(?:acid|[\d\])]-?[a-z]+)$")


#: Pieces of a stereo descriptor list printed with spaces, ``(2S, 3S)-`` or ``(R, R)-``.
_DESCRIPTOR = r"(?:\d+[a-z]?|[A-Za-z]?)(?:[RSEZ]\*?|rel)"
_STEREO_OPEN = re.compile(rf"[(\[]{_DESCRIPTOR},")
_STEREO_MIDDLE = re.compile(rf"{_DESCRIPTOR},")
_STEREO_CLOSE = re.compile(rf"{_DESCRIPTOR}[)\]]\S*")


#: A locant list spaced after its comma inside a name's bracket: ``8-(2',`` ``3'-dibromo…``.
_LOCANT_OPEN = re.compile(r".*[(\[]\d+[A-Za-z]?['′″]*,")
_LOCANT_GOES_ON = re.compile(r"\d+[A-Za-z]?['′″]*(?:-[A-Za-z]|\)-?[A-Za-z])")
#: A name's locant list broken by a space after a comma: ``-methyl-1,2,`` ``3,4-tetrahydro``.
_LOCANT_BROKEN = re.compile(r".*[A-Za-z)\]]-\d{1,2}(?:,\d{1,2})*,")
_LOCANT_RESUMED = re.compile(r"\d{1,2}(?:,\d{1,2})*-[a-z]")


#: A locant list spaced at a name's top level: ``3,`` ``6,`` ``8-trisulfo…``.
_SPACED_LOCANT = re.compile(r"\d{1,2}['′]?,")
#: Its last locant, and the multiplier that says how many there are (``8-tri``), so a
#: list of example numbers before a name (``Example 3, 3-octyloxy…``) is not joined.
_SPACED_LOCANT_END = re.compile(r"\d{1,2}['′]?-\(?(tetrakis|tetra|tris|tri|bis|di|penta|hexa)")
_MULTIPLIERS = {"di": 2, "bis": 2, "tri": 3, "tris": 3, "tetra": 4, "tetrakis": 4}
_MULTIPLIERS |= {"penta": 5, "hexa": 6}


#: A token that ends a name's piece with its hyphen, and an italic locant alone.
_HYPHEN_END = re.compile(r"[\w)\]]-$")
_ITALIC_LOCANT = re.compile(r"[NOSP](?:,[NOSP]['′]*)*['′]*")


def _stereo_joined(tokens: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Tokens with a spaced descriptor list run into one: ``(2S,`` ``3S)-3-amino…``,
    and so a spaced locant list in a bracket: ``8-(2',`` ``3'-dibromopropyl)coumarin``.

    Typesetting often puts a space after each comma of the list; split there, its
    first piece ends in a comma, which reads as the end of a clause, and the name
    behind it was lost (its start then looked like the label ``2S``).
    """
    joined: list[tuple[int, str]] = []
    i = 0
    while i < len(tokens):
        start, token = tokens[i]
        if i + 1 < len(tokens) and (
            (
                _LOCANT_OPEN.fullmatch(token)
                and _balance(token) > 0
                and _LOCANT_GOES_ON.match(tokens[i + 1][1])
            )
            or (_LOCANT_BROKEN.fullmatch(token) and _LOCANT_RESUMED.match(tokens[i + 1][1]))
        ):
            joined.append((start, token + tokens[i + 1][1]))
            i += 2
            continue
        if (
            i + 2 < len(tokens)
            and _HYPHEN_END.search(token)
            and _ITALIC_LOCANT.fullmatch(tokens[i + 1][1])
            and tokens[i + 2][1].startswith("-")
        ):
            # "2-nitro- N -(2-nitrophenyl)aniline": an italic locant PDF text spaced out
            joined.append((start, token + tokens[i + 1][1] + tokens[i + 2][1]))
            i += 3
            continue
        if _SPACED_LOCANT.fullmatch(token) and (i == 0 or not tokens[i - 1][1][-1:].isdigit()):
            # "sodium 3, 6, 8-trisulfonaphthylthiourea": a name's locant list spaced
            j = i + 1
            while j < len(tokens) and _SPACED_LOCANT.fullmatch(tokens[j][1]):
                j += 1
            end = _SPACED_LOCANT_END.match(tokens[j][1]) if j < len(tokens) else None
            if end is not None and _MULTIPLIERS[end[1].lower()] == j - i + 1:
                joined.append((start, "".join(t for _, t in tokens[i : j + 1])))
                i = j + 1
                continue
        if _STEREO_OPEN.fullmatch(token):
            j = i + 1
            while j < len(tokens) and _STEREO_MIDDLE.fullmatch(tokens[j][1]):
                j += 1
            if j < len(tokens) and _STEREO_CLOSE.fullmatch(tokens[j][1]):
                joined.append((start, "".join(t for _, t in tokens[i : j + 1])))
                i = j + 1
                continue
        joined.append((start, token))
        i += 1
    return joined


# --- one spelling per name ------------------------------------------------------------

#: The primes (``3b′``) and dashes (``3a–c``) that print the same thing several ways.
PRIMES = "'′″‘’"
DASHES = "‐‑‒–—−-"


def name_key(name: str) -> str:
    """One spelling per name: case, dashes, primes and wrapped lines do not matter."""
    key = re.sub(rf"[{DASHES}]", "-", name.casefold())
    key = re.sub(rf"[{PRIMES}]", "'", key)
    key = re.sub(r"-\s+", "-", key)
    return re.sub(r"\s+", " ", key).strip().rstrip(".")


def tidy_name(name: str) -> str:
    """A name as printed, on one line: a line wrapped after a hyphen is joined."""
    return re.sub(r"\s+", " ", re.sub(r"(?<=\w-)[ \t]*\n\s*", "", name)).strip()


# --- every name of a passage ----------------------------------------------------------

#: Punctuation a token carries after the name it ends: ``toluene,``, ``(3b).``.
_TRAILING = ",;:.)]}"


def _token_end(text: str, start: int, end: int) -> int:
    """Where the name a token may end stops: before its trailing punctuation, except a
    closing bracket the token opened itself (``bis(trimethylsilyl)``)."""
    while end > start and text[end - 1] in _TRAILING:
        token = text[start:end]
        if text[end - 1] in ")]}" and _balance(token) >= 0:
            break
        end -= 1
    return end


def _unwrapped(text: str, span: tuple[int, int]) -> tuple[int, int]:
    """A name written in brackets as an aside, ``(propane-1,2-diol)``, ``([BMIM][BF4])``,
    is the name inside them: the brackets are the sentence's."""
    first, last = span
    while last - first > 2 and text[first] == "(" and text[last - 1] == ")":
        depth = 0
        for i in range(first, last):
            depth += 1 if text[i] in _OPENERS else -1 if text[i] in ")]}" else 0
            if depth == 0 and i < last - 1:
                return first, last  # "(S)-…(…)": the first bracket closes early
        first, last = first + 1, last - 1
    return first, last


#: A footnote's number printed onto the end of a name, as extracted PDF text has it:
#: ``2-methyl-1-(pyridin-2-yl)propan-2-ol12``, ``2-methoxynaphthaquinone17``,
#: ``NaCN.83``. Only after a name's usual ending, so that ``B2pin2`` or ``Pd2dba3``
#: keep their counts.
_FOOTNOTE_AFTER_NAME = re.compile(
    r"(?:(?<=ane|ene|yne|one|ine|ide|ate|ite|ium|ole|ose|ile)|(?<=ol|al|yl|ic))\d{1,2}$"
    # "NaCN.83", "(4b).22,64": after a full stop, one note or several
    r"|(?<=[A-Za-z)\]])\.\d{1,2}(?:[,−–-]\d{1,2})*$"
    # "the alkyl radical,9d,h,16": the numbers of several notes, after a comma
    r"|(?<=[a-z]{3}),\d{1,2}[a-z]?(?:,(?:\d{1,2}[a-z]?|[a-z]))*$"
)


#: A compound's label with the verb after it run on, as a PDF's text prints it.
_GLUED_VERB = re.compile(r"\d{1,3}[a-z]{0,3}(?:was|were|gave)")


#: The next word joined to a solvent by a mixture's dash or slash (``ethylene
#: glycol–water``): the name before it is cut short, and the whole is a medium.
_MIXED_WITH_AFTER = re.compile(r"[ \t]+[A-Za-z]+\s?[/–—-]\s?(?P<solvent>[A-Za-z][\w-]*)")


def names_in(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Spans of the chemical names in ``text[start:end]``, longest first where two
    overlap, in the order of the text.

    A passage that never labels a compound still names it ("Coumarin is a colourless
    lactone"); this is how code finds those names without the model.
    """
    spans: list[tuple[int, int]] = []
    for token in re.finditer(r"\S+", text[start:end]):
        stop = _token_end(text, start + token.start(), start + token.end())
        footnote = _FOOTNOTE_AFTER_NAME.search(text, start + token.start(), stop)
        if footnote is not None:
            stop = footnote.start()  # "propan-2-ol12", "NaCN.83": the footnote's number
        span = name_before(text, stop)
        if span is not None:
            span = _unwrapped(text, span)
        if span is not None and span[0] >= start and span[1] > span[0]:
            if _GLUED_VERB.fullmatch(text, *span):
                continue  # "8aawas": a label run into its verb, no name
            mixed = _MIXED_WITH_AFTER.match(text, span[1])
            if mixed is not None and is_solvent(mixed["solvent"]):
                continue  # "ethylene glycol–water": the name went on into a mixture
            spans.append(span)
    kept: list[tuple[int, int]] = []
    for span in sorted(spans, key=lambda s: (s[0], -s[1])):
        if kept and span[0] < kept[-1][1]:
            continue
        kept.append(span)
    return kept
