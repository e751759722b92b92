"""The words chemists print next to a value to say what it is, and what it is not.

``mp 121 °C``, ``bp 80 °C/15 mmHg``, ``(1.2 g, 6.6 mmol, 70%)``, ``logD7.4 = 1.2``:
property cues are regular, so code finds them. So are the signs that a number is no
value at all (``heated to 80 °C``, ``55% in oil``, ``98% ee``, ``(lit. 122 °C)``).
Cues only decide which candidates reach the model and what it is told about them;
the model decides what each candidate is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_I = re.IGNORECASE

#: Cues that name a property when printed before its value in the same sentence.
BEFORE_CUES: dict[str, re.Pattern[str]] = {
    "melting_point": re.compile(
        r"(?<![A-Za-z])[Mm]\.?\s?[Pp]\.?(?![A-Za-z])|(?<![A-Za-z])MP(?![A-Za-z])"
        r"|(?i:melting(?:\s+(?:point|range|temperature)s?)?|\bmelts?\b|\bmelted\b|\bm\.\s?pt\b"
        r"|\bfreez(?:es|ing\s+point)\b|\bendotherm\b|\bfusion\b)",
    ),
    "boiling_point": re.compile(
        r"(?<![A-Za-z])[Bb]\.?\s?[Pp]\.?(?![A-Za-z])|(?<![A-Za-z])BP(?![A-Za-z])"
        r"|boiling(?:\s+(?:point|range|temperature)s?)?|\bboils?\b|\bboiled\b"
        r"|\bdistil+(?:s|ed|led|ling|lation)?\b(?!\s+water)",
        _I,
    ),
    "reaction_yield": re.compile(r"\byield(?:s|ed|ing)?\b|\byld\b", _I),
    "density": re.compile(
        r"\bdensit(?:y|ies)\b|(?<![A-Za-z])d\s?(?:\d{1,2}|[²⁰₄¹⁵]{1,3})?\s*[=:]?\s*$|ρ"
        r"|\bspecific\s+gravity\b",
        _I,
    ),
    "solubility": re.compile(
        r"\bsolubilit(?:y|ies)\b|\b(?:in)?soluble\b|\bdissol(?:ve|ves|ved|ving|ution)\b"
        r"|\bsaturat(?:ed|ion)\b|\bsolubili[sz]\w*"
        r"|(?<![A-Za-z])S\s?\((?:water|H2O|aq\.?|buffer|PBS)\)|(?<![A-Za-z])S_?w(?![A-Za-z])",
        _I,
    ),
}

#: Cues that open a list of values a sentence earlier ("Solubilities were measured by
#: …. Carbamazepine reached 0.17 mg/mL"): nouns only, a verb ("dissolved in DMSO")
#: does not announce a list.
LIST_CUES: dict[str, re.Pattern[str]] = {
    "solubility": re.compile(r"\bsolubilit(?:y|ies)\b", _I),
    "density": re.compile(r"\bdensit(?:y|ies)\b", _I),
    "melting_point": re.compile(r"\bmelting\s+points?\b|\bDSC\b", _I),
    "boiling_point": re.compile(r"\bboiling\s+points?\b", _I),
}

#: Cues printed right after a value: ``70% yield``, ``83% of the theoretical``.
AFTER_CUES: dict[str, re.Pattern[str]] = {
    "solubility": re.compile(
        r"^[^.;]{0,30}?\b(?:dissol(?:ve|ves|ved)|(?:is|was|are|were)\s+(?:\w+ly\s+)?soluble"
        r"|solubility)\b",
        _I,
    ),
    "reaction_yield": re.compile(
        r"^\)?\s*(?:\(\w+\)\s*)?(?:isolated\s+|overall\s+|combined\s+|crude\s+)?"
        r"(?:yield|yld)\b|^\s*of\s+(?:the\s+)?th(?:eor\w*|\.)",
        _I,
    ),
    "melting_point": re.compile(r"^\s*\((?:dec|decomp|decomposition)\.?\)", _I),
}

#: Verbs after which a bare ``(70%)`` or ``in 70%`` is a product's yield.
YIELD_VERBS = re.compile(
    r"\b(?:gave|give|giving|afford(?:ed|s|ing)?|furnish(?:ed|es|ing)?|provid(?:ed|es|ing)"
    r"|obtain(?:ed|ing)?|isolated|produc(?:ed|es|ing)|yielded|deliver(?:ed|s)?|formed)\b",
    _I,
)

#: ``logP = 2.3``, ``log Kow``, ``clogP``: the cue leads, the number has no unit.
LOG_CUES: dict[str, re.Pattern[str]] = {
    "logD": re.compile(r"(?<![A-Za-z])(?:log\s?D_?\d+(?:\.\d+)?|log\s?D)(?![A-Za-z])", _I),
    "logP": re.compile(
        r"(?<![A-Za-z])(?:[cCxXaAmM]|AC|XLOG)?(?:log\s?P(?:ow|o/w|\s?\(o/w\))?|log\s?K_?ow)"
        r"(?![A-Za-z])",
        _I,
    ),
}
#: What may stand between a log cue and its number: ``values of``, ``(pH 7.4) =``.
LOG_LINK = re.compile(
    r"(?:(?:of|for)\s+[^;=.()]{1,40}?\s(?:is|was|were|are)\b|\s|[:=,|]|≈|values?\b|of\b"
    r"|is\b|was\b|were\b|are\b|be\b|found\b|determined\b"
    r"|measured\b|calculated\b|estimated\b|to\b|as\b|at\b|about\b|ca\.|around\b"
    r"|ranged?\b|ranging\b|from\b|between\b|dropped\b|decreased\b|increased\b|rose\b"
    r"|fell\b|reached\b|amounts?\b|equals?\b|being\b|intrinsic\b|experimental\b"
    r"|\(\s*(?:at\s+)?pH\s*\d+(?:\.\d+)?\s*\)|\(\s*\d+(?:\.\d+)?\s*\)(?=\s*[=:]|\s+(?:of|is|was))"
    r"|(?:at\s+)?pH\s*\d+(?:\.\d+)?|\)|\((?!\s*[-−]?\d)[^()]{1,30}\)|\d{1,2}\.\d(?=\s*[=:]))*",
    _I,
)
#: Between two values of one list: ``0.16 for atenolol, 1.88``, ``3.12 (ketoprofen) and``.
LIST_LINK = re.compile(
    r"\s*(?:\([^()]{1,40}\)\s*)?(?:for\s+(?:[^,;.()]|[,.](?=\d)){1,40}?\s*)?"
    r"(?:,\s*and\b|,\s*or\b|,(?!\d)|;|\band\b|\bor\b|\bto\b)\s*(?=[-−]?\d)"
)
LOG_WINDOW = 48

#: A measurement's own precision, not a value: ``(repeatability 0.00001 g/cm3)``.
MEASUREMENT_QUALITY = re.compile(
    r"\b(?:repeatability|reproducibility|uncertainty|precision|accuracy|resolution"
    r"|readability|standard\s+deviation|detection\s+limit|limit\s+of\s+(?:detection"
    r"|quantification)|LOD|LOQ)\b[^.;()]{0,16}$",
    _I,
)

#: What may stand between a property's word and its value when the word names it
#: outright: ``mp 121 °C``, ``bp: 80 °C``, ``density of 1.05 g/mL``, ``melts at 88 °C``.
DIRECT_LINK = re.compile(
    r"\s*(?:[:=≈~]|of|at|is|was|were|are|ca\.|about|approx\.|around|\(|,|\s)*\s*", _I
)

#: The word right before a molarity that makes it an assay condition (``at 10 µM``).
MOLAR_CONDITION_WORDS = re.compile(r"\b(?:at|with|containing)\s*$", _I)

#: The word right before a temperature that makes it a condition, not a property.
CONDITION_WORDS = re.compile(
    r"(?:\bat|\bto|\bfrom|\bheated|\bcooled|\bwarmed|\bstirred|\brefluxed|\breflux|\bkept"
    r"|\bmaintained|\bheld|\bdried|\bbelow|\babove|\bunder|\bthan|\btemperature(?:\s+of)?"
    r"|\bbath|\bT\s*=)\s*(?:approx\.|ca\.|about|~)?\s*$",
    _I,
)
#: A property cue within this many characters before a condition word overrides it
#: (``melts at``, ``distilled at``, ``mp of``).
CUE_OVERRIDES_CONDITION = 24

#: A percentage followed by these is a reagent's strength, a purity, an ee.
PERCENT_NOT_YIELD_AFTER = re.compile(
    r"^\)?\s*(?:e\.?e\.?|d\.?e\.?|ee|de|in\s+(?:mineral\s+)?oil|dispersion|suspension"
    r"|solution|aq\.?|aqueous|w/w|v/v|w/v|purity|pure|conversion|inhibition|selectivity"
    r"|by\s+(?:HPLC|GC|NMR|LC)|HPLC|GC\b"
    r"|[A-Z][a-z]?\d|[A-Z][a-z]?/|HCl|HBr|HI|HF|HNO|H2|NaO|KOH|NH|Pd|Pt|Rh|Ni|EtOAc"
    r"|MeOH|EtOH|acetone|ethanol|methanol|ethyl\s+acetate|hexanes?|heptane|ether|DCM"
    r"|CH2Cl2|acetonitrile|MeCN|water|of\s+(?:the\s+)?(?:patients|subjects|participants"
    r"|cases|cells|mice|rats|animals|children|women|men|samples|population))",
    re.IGNORECASE,
)
PERCENT_NOT_YIELD_BEFORE = re.compile(
    r"(?:purity|ee|e\.e\.|conversion|selectivity|HPLC|humidity|RH|Pd/C|Pt/C|catalyst"
    r"|gradient|eluting\s+with|eluent|inhibition|reduced\s+by|increased\s+by|decreased\s+by"
    r"|by\s+weight|w/w|v/v|strength|concentration|content|ratio|recovery|efficiency)"
    r"[\s:(,=]*(?:of\s+|was\s+|is\s+)?(?:approx\.|ca\.|about|~|>|<|≥|≤)?\s*$",
    re.IGNORECASE,
)

#: ``(lit. 122 °C)``, ``lit.12 mp 121 °C``, ``[ref. 5: 122 °C]``: someone else's value.
LITERATURE = re.compile(
    r"(?:\blit(?:erature)?\b\.?|\bref(?:erence)?s?\b\.?|\breported\b|\bliterature\s+value)"
    r"(?:\[[\d,\s–-]+\]|[^()\[\].;]){0,40}$",
    re.IGNORECASE,
)

#: A difference, not a value: ``0.0013 g/cm3 lighter``, ``0.2 K below pure ethanol``.
DIFFERENCE_AFTER = re.compile(
    r"^\s*(?:lighter|heavier|higher|lower|less|more|greater|smaller|above|below|warmer"
    r"|colder)\b",
    re.IGNORECASE,
)
#: A concentration someone prepared, not one that was measured.
PREPARED_BEFORE = re.compile(r"\bstock\b|\bprepared\b|\bdiluted\b", re.IGNORECASE)
PREPARED_AFTER = re.compile(r"^\s*(?:stock\b|(?:[A-Za-z-]+\s+)?buffer\b)", re.IGNORECASE)

#: Properties that are not the schema's but are printed like them: the value after
#: ``Flash point:`` is no boiling point, whatever cue came earlier in the sentence.
FOREIGN_CUES = re.compile(
    r"\bflash\s*points?\b|\bpour\s+points?\b|\bcloud\s+points?\b|\bglass\s+transition\b"
    r"|(?<![A-Za-z])T_?g\b|\bsoftening\s+points?\b|\btriple\s+points?\b|\bcritical\s+temperature\b"
    r"|\bauto-?ignition\b|\bdecomposition\s+temperature\b|\bdropping\s+points?\b"
    r"|\bsmoke\s+points?\b|\bKoc\b|\bpKa\b|\bIC50\b|\bEC50\b|\bK[id]\b",
    re.IGNORECASE,
)

#: A molarity followed by a formula is a reagent's (``2 M HCl``, ``1 M NaOH``).
REAGENT_AFTER = re.compile(r"^\s*(?:aq\.?\s+)?[A-Z][a-z]?(?:[A-Z0-9(]|\b)")

#: A rate, not a temperature: ``10 °C/min``.
RATE_AFTER = re.compile(
    r"^\s*(?:/\s*|per\s+)(?:min(?:ute)?|h(?:our)?|s)\b|^\s*[·⋅]?\s*(?:min|h|s)\s*(?:[-−‑]1|⁻¹)",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class CueHit:
    """A property cue and where it is printed."""

    prop: str
    start: int
    end: int


def cues_before(prop: str, sentence: str, limit: int) -> list[CueHit]:
    """Cues of ``prop`` in ``sentence[:limit]`` (positions relative to the sentence)."""
    pattern = BEFORE_CUES.get(prop)
    if pattern is None:
        return []
    return [CueHit(prop, m.start(), m.end()) for m in pattern.finditer(sentence, 0, limit)]


def custom_cue(name: str, description: str = "") -> re.Pattern[str]:
    """A cue for a user's property: its name as words (``flash_point`` → flash point), or
    its first word as a stem (``flashes at``), since writers inflect it."""
    words = [w for w in re.split(r"[_\-\s]+", name) if w]
    phrase = r"\s*[-_]?\s*".join(re.escape(w) for w in words)
    alternatives = [rf"\b{phrase}\b"]
    if words and len(words[0]) >= 4:
        alternatives.append(rf"\b{re.escape(words[0])}\w*")
    return re.compile("|".join(alternatives), re.IGNORECASE)
