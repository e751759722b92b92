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
        # "Tm", "T_m", "Tₘ": the melting temperature of thermal analysis; not thulium
        # ("TmCl3", "Tm(OTf)3"), which a letter or a bracket follows
        r"|(?<![A-Za-z])T_?[mₘ](?![A-Za-z0-9(])"
        r"|(?i:melting(?:\s+(?:point|range|temperature)s?)?|\bmelts?\b|\bmelted\b"
        r"|\bm\.\s?pt\b\.?|\bfreez(?:es|ing\s+point)\b|\bendotherm\b|\bfusion\b)",
    ),
    "boiling_point": re.compile(
        r"(?<![A-Za-z])[Bb]\.?\s?[Pp]\.?(?![A-Za-z])|(?<![A-Za-z])BP(?![A-Za-z])"
        r"|boiling(?:\s+(?:point|range|temperature)s?)?|\bboils?\b|\bboiled\b"
        # not the distillation that removes a solvent ("distilled off") or makes a
        # reagent ("freshly distilled THF"), nor distilled water
        r"|(?<!freshly\s)(?<!steam-)\bdistil+(?:s|ed|led|ling|lation)?\b"
        r"(?!\s+(?:water|off|out|away)\b)",
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
        # not a work-up reagent: "saturated NaHCO3", "saturated aqueous sodium chloride"
        r"|\bsaturat(?:ed|ion)\b(?!\s+(?:aq(?:ueous)?\.?\s+)?(?:(?-i:[A-Z][a-z]?[A-Z0-9])|brine"
        r"|sodium|potassium|ammonium|lithium|calcium|magnesium|Rochelle))|\bsolubili[sz]\w*"
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
        r"^\)?\s*(?:\(\w+\)\s*)?(?:(?:isolated|overall|combined|crude|total|NMR|chemical)\s+)?"
        r"(?:yields?|yld)\b|^\s*of\s+(?:the\s+)?th(?:eor\w*|\.)|^\s*d\.\s?Th\b"
        # "(77% overall)", "(62% over two steps)"
        r"|^\s*overall(?=\s*(?:[),;.]|from\b|over\b|in\b))",
        _I,
    ),
    "melting_point": re.compile(r"^\s*\((?:dec|decomp|decomposition)\.?\)", _I),
}

#: The solvents reagents are sold in (``n-BuLi, 2.5 M in hexanes``); not water, DMSO or a
#: buffer, which solubilities are measured in.
_SOLVENT_WORDS = (
    r"(?:THF|tetrahydrofuran|2-MeTHF|hexanes?|heptanes?|pentane|cyclohexane|toluene|Et2O"
    r"|diethyl\s+ether|ether|dioxane|1,4-dioxane|DCM|CH2Cl2|dichloromethane|MeOH|methanol"
    r"|EtOH|ethanol|i-?PrOH|isopropanol|MeCN|acetonitrile|benzene|xylenes?|DME)"
)

#: Verbs after which a bare ``(70%)`` or ``in 70%`` is a product's yield.
YIELD_VERBS = re.compile(
    r"\b(?:gave|give[ns]?|giving|afford(?:ed|s|ing)?|furnish(?:ed|es|ing)?|provid(?:ed|es|ing|e)"
    r"|obtain(?:ed|s|ing)?|isolated|produc(?:ed|es|ing|e)|yielded|deliver(?:ed|s)?|formed"
    r"|formation\s+of|generat(?:ed|es|ing|e)|prepared|synthesi[sz]ed|led\s+to|leading\s+to)\b",
    _I,
)
#: ``in 94% and 93% yields, respectively``, ``in 56 and 31% yield``: the first values of a
#: list whose last one the yield word follows.
YIELD_LIST_AFTER = re.compile(
    r"^\s*%?(?:\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)\d+(?:\.\d+)?\s*%?)+"
    r"\s*(?:(?:isolated|overall|combined|total)\s+)?yields?\b",
    _I,
)

#: Verbs after which a product's bracket ``(12.4 mg, 23%)`` holds its yield: the verbs
#: that make a product, and the steps that end with it in hand.
PRODUCT_VERBS = re.compile(
    r"\b(?:gave|give[ns]?|giving|afford(?:ed|s|ing)?|furnish(?:ed|es|ing)?|provid(?:ed|es|ing)"
    r"|obtain(?:ed|s|ing)?|isolat(?:ed|ing)|produc(?:ed|es|ing)|yield(?:ed|s|ing)?"
    r"|deliver(?:ed|s)?|formed|prepar(?:ed|es|ing|e)|synthesi[sz]ed|collected"
    r"|purifi(?:ed|cation)|recrystalli[sz](?:ed|ation)|chromatograph(?:ed|y)|dried"
    r"|distil(?:led|lation)"
    r"|filtered|lyophili[sz]ed|freeze-dried|concentrated|evaporated)\b",
    _I,
)
#: Steps that put a compound into a reaction: after them a bracket with a mass and a
#: percentage is a reagent's amount and strength or purity, not a product's yield. A
#: starting material taken back (``and recovered the starting material (265 mg, 38%)``)
#: is no product either.
REAGENT_STEP = re.compile(
    r"\b(?:(?:to|into|in)\s+an?\s+(?:[\w-]+\s+){0,3}?(?:solution|suspension|mixture|slurry)"
    r"|(?:solution|suspension|slurry)\s+of|add(?:ed|ing|ition)?|charged|treated"
    r"|dissolved|suspended|combined|mixed|introduced|placed|loaded|reacted"
    r"|starting\s+materials?|recovered|unreacted)\b",
    _I,
)
#: After a product's bracket: ``(901 mg, 78%) was obtained``, ``(340 mg, 96%) as a white
#: solid``.
PRODUCT_AFTER = re.compile(
    r"^\s*(?:(?:was|were|is|are)\s+(?:\w+ly\s+)?(?:obtained|isolated|collected|afforded"
    r"|given|produced|prepared|formed)\b"
    r"|as\s+(?:an?\s+)?(?:[\w-]+\s+){0,4}?(?:solids?|oils?|foam|gum|powder|crystals"
    r"|needles|prisms|plates|liquid|syrup|glass|wax|salt|residue|film)\b)",
    _I,
)
#: Before a product's bracket: ``as a white solid (340 mg, 96%)``, ``the title compound
#: (12.4 mg, 23%)``.
PRODUCT_BEFORE = re.compile(
    r"\b(?:solids?|oils?|foam|gum|powder|crystals|needles|prisms|plates|liquid|syrup|glass"
    r"|wax|salt|film|(?:title|desired|target|pure|crude)\s+(?:compound|product)|product)"
    r"\s*$",
    _I,
)
#: After a reagent's bracket: ``hydrazine hydrate (1.88 g, 30 mmol, 80%) was added``.
REAGENT_USE_AFTER = re.compile(
    r"^\s*,?\s*(?:(?:was|were|is|are)\s+(?:\w+ly\s+|then\s+|also\s+)?(?:added|dissolved"
    r"|suspended|charged|introduced|placed|mixed|combined|treated|loaded|weighed|reacted"
    r"|heated|stirred|cooled)\b|in\s+(?:[\w-]+\s+){0,2}?\(?\d|in\s+(?!\d)[\w-]+\s*\()",
    _I,
)
#: After a reagent's bracket, the step that adds it: ``(1.88 g, 30 mmol, 80%) was added``.
REAGENT_ADDED_AFTER = re.compile(
    r"^\s*,?\s*(?:was|were)\s+(?:\w+ly\s+|then\s+|also\s+)?(?:added|introduced|charged"
    r"|loaded)\b",
    _I,
)
#: Later in a sentence that lists reagents: ``X (80 mg, 0.19 mmol, 98%), potassium
#: carbonate (52.4 mg, …) and DMF (5 ml) were initially introduced``.
REAGENTS_ADDED_LATER = re.compile(
    r"\b(?:was|were)\s+(?:[\w-]+\s+){0,2}?(?:added|introduced|charged|loaded|dissolved"
    r"|suspended|mixed|combined)\b",
    _I,
)
#: A molarity that makes a reagent's solution: ``a 1.0 M solution in tetrahydrofuran``,
#: ``1 M in THF``, ``2.5 M in hexanes``; never a solubility.
REAGENT_SOLUTION_AFTER = re.compile(
    rf"^\s*(?:aq(?:ueous)?\.?\s+)?(?:solution|soln\b|in\s+{_SOLVENT_WORDS}\b)",
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
    r"|\bmaintained|\bheld|\bdried|\bbelow|\babove|\bunder|\bthan"
    r"|\btemperatures?(?:\s+(?:of|range))?|\bbath|\bT\s*=)"
    # "heated to between 120 and 200 °C", "at reflux (110 °C)"
    r"\s*(?:approx\.|ca\.|about|~|between|from|in\s+the\s+range\s+(?:of|from))?\s*\(?\s*$",
    _I,
)
#: A process, not a property: after these a temperature is one the chemist set, even
#: when a boiling word came earlier in the sentence (``the solvent was distilled and the
#: mixture is preferably heated to 150 °C``, ``distillation from an oil bath at 170 °C``).
PROCESS_BETWEEN = re.compile(
    r"\b(?:heat(?:ed|ing)?|warm(?:ed|ing)?|cool(?:ed|ing)?|stirr(?:ed|ing)|reflux(?:ed|ing)?"
    r"|reacted|maintain(?:ed|ing)?|kept|held|preferably|bath|oven|jacket|internal"
    r"|dried|evaporat(?:ed|ion)|concentrat(?:ed|ion)|exotherm\w*)\b",
    _I,
)
#: A property cue within this many characters before a condition word overrides it
#: (``melts at``, ``distilled at``, ``mp of``).
CUE_OVERRIDES_CONDITION = 24

#: A percentage followed by these is a reagent's strength, a purity, an ee.
PERCENT_NOT_YIELD_AFTER = re.compile(
    r"^\)?\s*(?:e\.?e\.?|d\.?e\.?|ee|de|in\s+(?:mineral\s+)?oil|dispersion|suspension"
    r"|solution|aq\.?|aqueous|w/w|v/v|w/v|purity|pure|conversion|inhibition|selectivity"
    r"|enantiomeric|diastereomeric|w\.?t\.?(?![a-z])|tech(?:\.|nical)|oil\b|assay|area"
    r"|a/a|MTBE|PE\b|Et2O|in\s+(?:water|H2O|toluene|THF|tetrahydrofuran|hexanes?|heptane"
    r"|dioxane|ether|Et2O|methanol|MeOH|ethanol|EtOH|DCM|dichloromethane|xylenes?|benzene"
    r"|acetic\s+acid|AcOH)\b"
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
    r"|by\s+weight|w/w|v/v|strength|concentration|content|ratio|recovery|efficiency"
    r"|assay|\barea|\ba/a|\bde|d\.e\.)"
    # "ee of 98%", "ee's from 88 to 96%", "conversion was 80%"
    r"(?:\s?['’]?s)?[\s:(,=]*(?:(?:values?\s+)?(?:of|was|were|is|are|from|between"
    r"|ranging\s+from|up\s+to)\s+)?(?:approx\.|ca\.|about|~|>|<|≥|≤)?\s*$"
    # an instrument's purity: "(1.1 g, yield: 83%, LC-MS 60%)", "LC/MS; 74%"
    r"|(?:LC[-/]?MS|UPLC|GC[-/]?MS|\bGC|\bLC|\bUV|ELSD)\s*(?:purity)?\s*[:;=]?\s*$",
    re.IGNORECASE,
)

#: Solvents of eluents and reagent solutions.
_SOLVENT = (
    r"(?:hexanes?|heptanes?|pentane|cyclohexane|petroleum\s+ether|PE|diethyl\s+ether|Et2O"
    r"|EtOAc|ethyl\s+acetate|MeOH|methanol|EtOH|ethanol|DCM|dichloromethane|CH2Cl2"
    r"|methylene\s+chloride|chloroform|CHCl3|acetone|MeCN|acetonitrile|water|H2O|THF"
    r"|tetrahydrofuran|toluene|dioxane|MTBE|i-?PrOH|IPA|isopropanol|NH3|NH4OH|ammonia|TFA"
    r"|formic\s+acid|AcOH|acetic\s+acid)"
)
#: An eluent's or a gradient's share, not a yield: ``ethyl acetate/hexane = from 0% to
#: 50%``, ``methanol in dichloromethane (0%-5%)``, ``MeOH (3 to 5%)``, ``aqueous ethanol
#: (70%)``.
ELUENT_BEFORE = re.compile(
    rf"(?:\b{_SOLVENT}\s*(?:[-/:]|\s+in\s+|\s+and\s+)\s*{_SOLVENT}\b[^()%]{{0,12}}?"
    rf"|\b(?:MeOH|EtOAc|DCM|CH2Cl2|Et2O|MTBE|EtOH|MeCN|aqueous\s+{_SOLVENT}))"
    r"\s*(?:\(\s*|[=:]\s*(?:from\s+)?|,\s*)?$|=\s*from\s*$",
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
