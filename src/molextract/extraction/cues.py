"""The words chemists print next to a value to say what it is, and what it is not.

``mp 121 °C``, ``bp 80 °C/15 mmHg``, ``(1.2 g, 6.6 mmol, 70%)``, ``logD7.4 = 1.2``:
property cues are regular, so code finds them. So are the signs that a number is no
value at all (``heated to 80 °C``, ``55% in oil``, ``98% ee``, ``(lit. 122 °C)``).
Cues only decide which candidates reach the model and what it is told about them;
the model decides what each candidate is.

What belongs to one property (its cues before and after a value, the nouns that open
a list of its values, the words that make a number never a value of it) is declared
with that property in ``schemas/properties.py``; the per-property tables here
(``BEFORE_CUES``, ``LOG_CUES``, ``AFTER_CUES``, ``LIST_CUES``, ``PERCENT_NOT_YIELD_*``)
are views of those declarations, and ``custom_cue`` is a user's property's declared
cue. What holds across properties stays here: the verbs that make a product or add a
reagent, literature values, conditions, rates, differences, solvents.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from molextract.extraction.appearance import FORM_OF_MATTER
from molextract.extraction.labels import LABEL
from molextract.schemas.properties import BUILTIN, REACTION_YIELD, custom_declaration

_I = re.IGNORECASE


def _declared(pattern: re.Pattern[str] | None) -> re.Pattern[str]:
    if pattern is None:
        raise AssertionError("the declaration lacks the pattern this module reads")
    return pattern


#: Cues that name a property when printed before its value in the same sentence.
BEFORE_CUES: dict[str, re.Pattern[str]] = {
    d.name: d.cue_before for d in BUILTIN if d.cue_before is not None and d.units != (None,)
}
#: ``logP = 2.3``, ``log Kow``, ``clogP``: the cue leads, the number has no unit.
LOG_CUES: dict[str, re.Pattern[str]] = {
    d.name: d.cue_before for d in BUILTIN if d.cue_before is not None and d.units == (None,)
}
#: Cues that open a list of values a sentence earlier (``Solubilities were measured by
#: …. Carbamazepine reached 0.17 mg/mL``).
LIST_CUES: dict[str, re.Pattern[str]] = {
    d.name: d.list_cue for d in BUILTIN if d.list_cue is not None
}
#: Cues printed right after a value: ``70% yield``, ``83% of the theoretical``.
AFTER_CUES: dict[str, re.Pattern[str]] = {
    d.name: d.cue_after for d in BUILTIN if d.cue_after is not None
}
#: A percentage followed or preceded by these is a reagent's strength, a purity, an ee.
PERCENT_NOT_YIELD_AFTER = _declared(REACTION_YIELD.trap_after)
PERCENT_NOT_YIELD_BEFORE = _declared(REACTION_YIELD.trap_before)

#: The solvents reagents are sold in (``n-BuLi, 2.5 M in hexanes``); not water, DMSO or a
#: buffer, which solubilities are measured in.
_SOLVENT_WORDS = (
    r"(?:THF|tetrahydrofuran|2-MeTHF|hexanes?|heptanes?|pentane|cyclohexane|toluene|Et2O"
    r"|diethyl\s+ether|ether|dioxane|1,4-dioxane|DCM|CH2Cl2|dichloromethane|MeOH|methanol"
    r"|EtOH|ethanol|i-?PrOH|isopropanol|MeCN|acetonitrile|benzene|xylenes?|DME)"
)

#: A step that turns one compound into the next: what follows "to"/"into" is its
#: product (``was converted to alcohol 7 (85%)``, ``reduction of 9 to 10 (93%)``).
_TURNED_INTO = (
    r"(?:convert(?:ed|ing)|conversion|transform(?:ed|ing|ation)|reduc(?:ed|ing|tion)"
    r"|oxidi[sz](?:ed|ing)|oxidation|cycli[sz](?:ed|ing|ation)|hydroly(?:[sz]ed|sis)"
    r"|isomeri[sz](?:ed|ation)|hydrogenat(?:ed|ion)|deprotect(?:ed|ion)|elaborated|advanced)"
    # ("was oxidized ( Dess - Martin periodinane ) to aldehyde 29": its reagent bracketed)
    r"\s+(?:(?:[^()%.;]|\([^()%]{1,60}\)){1,80}?\s+)??(?:in)?to"
)
#: A substituent that tells one product of a series from the next in a bracket that
#: lists them with their yields: ``( 3a , R = Me , 65 % ; …)``, ``5 ( X = Cl , 45 % )``.
SUBSTITUENT = r"(?:[A-Z][A-Za-z0-9'′]{0,3}\s*=\s*(?:[^,;()%=]|,(?=\S)){1,30}?\s*,\s*)"
#: A step that makes its product as a derivative of what it started from: ``protected as
#: its TBS ether 8``.
_MADE_AS = (
    r"(?:protected|trapped|masked|derivati[sz]ed|acetylated|silylated|benzylated"
    r"|methylated|esterified)\s+as"
)
#: The passive verbs of a step that turns its subject into something else (``X was
#: converted to …``): the subject is what the step started from.
STEP_PASSIVES = (
    r"(?:converted|transformed|reduced|oxidi[sz]ed|hydroly[sz]ed|hydrogenated|cycli[sz]ed)"
)
#: ``completed the synthesis of 28 (83%)``: the last step's product is the target's.
_SYNTHESIS_COMPLETED = (
    r"complet(?:ed|es|ing|e)\s+(?:the\s+|its\s+|our\s+)?(?:(?:total|formal|asymmetric"
    r"|enantioselective|first)\s+)?synthesis\s+of"
)
#: Verbs after which a bare ``(70%)`` or ``in 70%`` is a product's yield.
YIELD_VERBS = re.compile(
    r"\b(?:gave|give[ns]?|giving|afford(?:ed|s|ing)?|furnish(?:ed|es|ing)?|provid(?:ed|es|ing|e)"
    r"|obtain(?:ed|s|ing)?|isolated|produc(?:ed|es|ing|e)|yielded|deliver(?:ed|s|ing)?|form(?:ed|ing)"
    r"|formation\s+of|generat(?:ed|es|ing|e)|prepared|synthesi[sz]ed"
    # "led cleanly to 6 ( 91 % )", "resulted in 15 ( 55 % )", "rearrangement to 63 ( 88 % )"
    r"|le(?:d|ading)\s+(?:\w+ly\s+)?to|result(?:ed|s|ing)\s+in|rearrange(?:d|ment)\s+(?:in)?to"
    # "the isomers 33a and 33b were separated by chromatography ( 41 % and 37 % )"
    r"|(?:was|were)\s+(?:\w+ly\s+)?separated"
    # "while the major product was 31 (65%)": what a reaction gave, named by its share
    r"|(?:major|minor|main|sole|only)\s+products?\s+(?:was|were)"
    # "The anti - isomer 31 was the major product ( 62 % ) , accompanied by 32 ( 21 % )"
    r"|(?:was|were)\s+(?:the|a)\s+(?:major|minor|main|sole|only)\s+products?"
    rf"|{_SYNTHESIS_COMPLETED}|{_TURNED_INTO}|{_MADE_AS})\b",
    _I,
)
#: A verb that makes a product, printed right before a percentage of it: ``gave 78 %
#: of 5``, ``afforded 62% of 2-methylpentane``.
#: The verbs after which a step names its product: ``gave``, ``afforded``, ``led to``
#: (not ``yields`` nor ``produces``, which are as often nouns: ``the best yields``).
MAKES_PRODUCT = (
    r"(?:gave|give[sn]?|giving|a(?:ff|\ufb00)ord(?:s|ed|ing)?|furnish(?:es|ed|ing)?"
    r"|provid(?:es|ed|ing)|deliver(?:s|ed|ing)?|yielded|produced|led\s+to)"
)
#: A step named by its noun, before ``of`` and what it was applied to (``Deprotection
#: of``, ``Swern oxidation of``, ``Treatment of``, ``Conversion of``): what follows is
#: the step's starting material. Not a noun that names the product (``synthesis of``,
#: ``purification of``) or an amount (``a portion of``, ``a fraction of``).
STEP_NOUN = (
    r"\b(?!(?:synthesis|preparation|formation|generation|isolation|production|construction"
    r"|purification|(?:re)?crystalli[sz]ation|distillation|characteri[sz]ation"
    r"|identification|determination|separation|yield|mixture|solution|amount|portion"
    r"|fraction|position|sample|structure)\b)"
    r"(?:[a-z]+(?:tion|sis|ment)|conversion|reaction|coupling|treatment|exposure|heating)"
)
#: The words that call a step's product by its role rather than its name: ``the title
#: compound``, ``the desired product``, ``the corresponding aldehyde``, ``the crude
#: material``.
PRODUCT_ROLE = (
    r"(?:title|titled|desired|target|expected|corresponding|required|resulting|obtained"
    r"|crude|pure)"
)
SHARE_VERB = (
    r"\b(?:gave|giv(?:es?|en|ing)|afford(?:ed|s|ing)?|furnish(?:ed|es|ing)?"
    r"|provid(?:ed|es?|ing)|yield(?:ed|s|ing)|produc(?:ed|es?|ing)"
    r"|(?:was|were|is|are)\s+obtained)"
)
#: ``in 94% and 93% yields, respectively``, ``in 56 and 31% yield``: the first values of a
#: list whose last one the yield word follows.
#: (each value may carry its product's label or another short bracket: ``75 % ( 3a ) ,
#: 80 % ( 3b ) and 82 % ( 3c ) yields``, ``in 68% (357 mg) and 42% (230 mg) yields``,
#: ``in 61% (12A:13A = 85:15) and 45% (only 12B) yields``)
_LABEL_AFTER_VALUE = rf"(?:\s*\(\s*{LABEL}\s*\)|\s*\([^()%]{{1,40}}\))?"
YIELD_LIST_AFTER = re.compile(
    rf"^\s*%?{_LABEL_AFTER_VALUE}(?:\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)\d+(?:\.\d+)?\s*%?"
    rf"{_LABEL_AFTER_VALUE})+"
    r"\s*(?:(?:isolated|overall|combined|total)\s+)?yields?\b",
    _I,
)

#: ``tolerated: 3a (84 %), 3b (76 %), and 3c (65 %)``: a label's bracketed percentage
#: that opens a list of the same, each a product's label and its yield; what is before
#: the ``(`` is the first label (checked with :data:`LABELLED_BRACKET_BEFORE`).
LABELLED_BRACKET_BEFORE = re.compile(rf"(?:^|[\s:;,(])(?:compounds?\s+)?{LABEL}\s*\(\s*$", _I)
LABELLED_BRACKET_LIST_AFTER = re.compile(
    rf"^\s*%?\s*\)(?:\s*(?:,|;)?\s*(?:and\s+)?{LABEL}\s*\(\s*\d+(?:\.\d+)?\s*%\s*\))++"
    r"(?!\s*(?:conversions?|ee|e\.e\.|purity|selectivity|recovery)\b)",
    _I,
)

#: ``6c (58%) and 6e (55%) gave 8c and 8e``: the brackets after the labels of what a
#: step converts, right before its making verb, hold the step's yields (what is before
#: the ``(`` is checked with :data:`LABELLED_BRACKET_BEFORE`).
LABELLED_BRACKET_THEN_VERB = re.compile(
    rf"^\s*%?\s*\)(?:\s*(?:,\s*)?(?:and\s+)?{LABEL}\s*\(\s*\d+(?:\.\d+)?\s*%\s*\))*\s+"
    r"(?:(?:also|similarly|smoothly|cleanly|likewise)\s+)?"
    r"(?:gave|afforded|furnished|provided|delivered|yielded|produced)\s",
    _I,
)

#: What may follow a step's yield before its conditions bracket closes: nothing, or what
#: the bracket says of the step's product besides, its isomers' ratio or its ee (``(NaH,
#: THF, 85%, 10:1 E/Z)``, ``(… , 85 % , 10.5 : 1 E : Z ratio of olefin isomers )``,
#: ``(L-Selectride, 78%, 92% ee)``), as total syntheses print a step's outcome.
_RATIO_WORD = r"(?:d\.?r\.?|e\.?r\.?|[EZ]\s*[/:]\s*[EZ]|rr|α\s*[/:]\s*β|cis\s*[/:]\s*trans)"
STEP_ASIDE = re.compile(
    rf"\s*(?:[,;]\s*(?:(?:{_RATIO_WORD}\s*[=:]?\s*)?[<>]?\s*\d+(?:\.\d+)?\s*:\s*\d+(?:\.\d+)?"
    rf"(?:\s*{_RATIO_WORD})?(?:\s+(?:ratio|mixture)\b[^()%;]{{0,40}})?"
    r"|[<>]?\s*\d+(?:\.\d+)?\s*%\s*ee)\s*)?",
    re.IGNORECASE,
)

#: Before a percentage: a verb of making and the shares it gave before this one, each
#: ``of`` its product's label (``Irradiation gave 45 % of 3a and ``): the percentage is a
#: yield when ``of`` and a product follow it (checked where it is used).
SHARE_MADE_BEFORE = re.compile(
    r"\b(?:gave|give[sn]?|giving|afford(?:s|ed|ing)?|furnish(?:es|ed|ing)?|provid(?:es|ed|ing)"
    r"|yielded|produced)\s+(?:(?:about|ca\.|only|approximately)\s*)?"
    r"(?:\d+(?:\.\d+)?\s*%\s*of\s+(?:the\s+)?(?:[a-z][\w-]*\s+){0,2}?"
    r"[1-9]\d{0,2}[a-z]{0,2}\s*,?\s*(?:and\s+)?(?:(?:about|ca\.|only|approximately)\s*)?){0,3}$",
    _I,
)
#: After such a percentage: ``of`` and the product's label (``% of 3a``, ``% of the
#: cyclized product 12``).
SHARE_OF_PRODUCT_AFTER = re.compile(
    r"\s*%?\s*of\s+(?:the\s+)?(?:[a-z][\w-]*\s+){0,3}?[1-9]\d{0,2}[a-z]{0,2}(?![\w\-.,]\d|[\w-])",
    _I,
)
#: Verbs after which a product's bracket ``(12.4 mg, 23%)`` holds its yield: the verbs
#: that make a product, and the steps that end with it in hand.
PRODUCT_VERBS = re.compile(
    r"\b(?:gave|give[ns]?|giving|afford(?:ed|s|ing)?|furnish(?:ed|es|ing)?|provid(?:ed|es|ing)"
    r"|obtain(?:ed|s|ing)?|isolat(?:ed|ing)|produc(?:ed|es|ing)|yield(?:ed|s|ing)?"
    r"|deliver(?:ed|s|ing)?|formed|prepar(?:ed|es|ing|e)|synthesi[sz]ed|collected"
    r"|purifi(?:ed|cation)|recrystalli[sz](?:ed|ation)|chromatograph(?:ed|y)|dried"
    r"|distil(?:led|lation)"
    r"|filtered|lyophili[sz]ed|freeze-dried|concentrated|evaporated"
    rf"|{_TURNED_INTO}|{_MADE_AS})\b",
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
    # "Acetophenone ( 65 % ) was the major product"
    r"|(?:was|were|is|are)\s+(?:the|a)\s+(?:only|major|main|sole|predominant|minor)\s+"
    r"(?:\w+\s+)?products?\b"
    # a product taken on as it came: "(1.2 g, 95%) was used without further purification"
    r"|(?:was|were)\s+(?:then\s+)?used\s+(?:directly|without\s+(?:further\s+)?purification"
    r"|as\s+such|crude)"
    rf"|as\s+(?:an?\s+)?(?:[\w-]+\s+){{0,4}}?(?:{FORM_OF_MATTER}|salt|residue)\b"
    # "Both 23 ( 71 % ) and its epimer 24 ( 18 % ) were obtained": the next product of
    # the list, with its own bracket, then the verb they share ("Compounds 22 ( 45 % ) ,
    # 23 ( 18 % ) and 24 ( 9 % ) were isolated": the list's later members first)
    r"|(?:,\s*[^.;()%]{1,60}?\(\s*\d+(?:\.\d+)?\s*%\s*\)\s*)*,?\s*"
    r"and\s+[^.;()%]{1,60}?\(\s*\d+(?:\.\d+)?\s*%\s*\)\s*(?:were|are)\s+(?:\w+ly\s+)?"
    r"(?:obtained|isolated|formed|produced|prepared"
    r"|the\s+(?:only|major|main|sole|predominant)\s+(?:\w+\s+)?products)\b)",
    _I,
)
#: Before a product's bracket: ``as a white solid (340 mg, 96%)``, ``the title compound
#: (12.4 mg, 23%)``.
PRODUCT_BEFORE = re.compile(
    rf"\b(?:{FORM_OF_MATTER}|salt|(?:title|desired|target|pure|crude)\s+(?:compound|product)"
    rf"|(?:by-?)?products?(?:\s+{LABEL})?)"
    r"\s*$",
    _I,
)
#: A synthetic step named by its noun, its conditions bracketed after it, up to the yield
#: that closes them: ``reduction (H2, Pd/C, EtOH, `` of ``… 61%)``, ``protection (TBSCl,
#: imidazole, DMF, `` (two reagents or conditions at least).
#: A step's temperature or time among its conditions: ``110 °C``, ``-78 “ C`` (a degree
#: sign as PDF text garbles it), ``rt``, ``reflux``, ``12 h``, ``30 min``.
STEP_TEMPERATURE_OR_TIME = re.compile(
    r"[-−]?\d+\s*(?:°|º|˚|“|”)\s*C\b|\b(?:rt|r\.t\.|room\s+temperature|reflux)\b"
    r"|\b\d+(?:\.\d+)?\s*(?:h|hr|hrs|min|d)\b",
    re.IGNORECASE,
)
#: A step that went well, its yield in the bracket that opens after it: ``Cyclopropanation
#: of 62 proceeded smoothly ( 89 % ) to give 63``.
STEP_WENT_BRACKET = re.compile(
    r"\b(?:proceed(?:ed|s)|went|occurred|worked)\s+(?:(?:\w+ly|well|cleanly)\s+){0,2}"
    # ("occurred with complete regioselectivity ( 92 % ) to give alcohol 21")
    r"(?:with\s+(?:complete|total|perfect|exclusive|full)\s+[\w-]*selectivity\s*)?\(\s*$",
    _I,
)
#: A step named by its noun, then the reagent it was done with, and the bracket that
#: will hold only its yield: ``Oxidation of 5 with DDQ ( ``, ``Reduction of 18 with
#: LiAlH4 (``, ``Cyclization of 20 using PPA (``. A verb that makes the product must
#: follow the bracket for the percentage to be a yield (checked where it is used).
STEP_WITH_REAGENT_BRACKET = re.compile(
    r"\b(?!(?:solution|suspension|dispersion|concentration|fraction|composition|portion"
    r"|addition|condition|preparation)\b)[A-Za-z-]{3,}(?:tion|ysis|ment|ing)\s+of\s+"
    r"[^()%,;]{1,60}?\s+(?:with|using|by|over)\s+[^()%,;\s]+(?:\s+[^()%,;\s]+)?\s*\(\s*$",
    _I,
)
STEP_CONDITIONS_BEFORE = re.compile(
    r"\b(?!(?:solution|suspension|dispersion|concentration|fraction|composition|portion"
    r"|addition|condition|preparation)\b)[A-Za-z-]{3,}(?:tion|ysis|ment)"
    r"\s*\([^()%]*,[^()%]*,\s*$",
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

#: A molarity printed with a charge's amount: ``ketone dissolved in tetrahydrofuran (5
#: mL, 0.24 M)``, ``(1 mmol, 0.067 M)``, ``dissolved in 5 mL (0.1 M) of chloroform``: how
#: concentrated a reaction was run, never a solubility.
REACTION_CONCENTRATION_BEFORE = re.compile(
    r"\(\s*[\d.,]+\s*(?:mL|ml|L|µL|μL|mmol|mol|equiv|eq)\.?\s*[,;]\s*$"
    r"|\d\s*(?:mL|ml|L|µL|μL)\s*\(\s*$"
)

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
#: A polymer processed "at a melt temperature of 375 °F": the temperature of the melt in
#: the extruder, set by whoever ran it, not the polymer's melting point.
MELT_PROCESS_BEFORE = re.compile(
    r"\bat\s+(?:a|the)\s+melt\s+temperatures?\s+(?:of\s+)?(?:about\s+|approximately\s+)?$",
    _I,
)
#: A nucleic acid's ``Tm`` (``5′-ACGCGCAG…-3′ (SEQ ID NO. 2) Tm=70.3° C.``): where a
#: primer's duplex comes apart, no compound's melting point.
NUCLEIC_ACID_BEFORE = re.compile(
    r"\bSEQ\.?\s*ID\b|[ACGTU]{10,}|\bprimers?\b|\boligo(?:nucleotide)?s?\b|\bprobes?\b"
    r"|\bduplex(?:es)?\b|\bamplicons?\b|\bannealing\b|\b(?:si|m|t)?RNA\b|\b(?:c|ds|ss)?DNA\b",
)
#: ``m.p. 203°-207° C. (sinter 190° C.)``: what the sample did before it melted.
CHANGE_BEFORE_MELTING = re.compile(
    r"\b(?:sinter(?:s|ed|ing)?|soften(?:s|ed|ing)?|darken(?:s|ed|ing)?|shrink(?:s|ing)?"
    r"|shrank|(?:turns?|turned|becomes?|became)\s+(?:brown|black|yellow|red|opaque|turbid))"
    r"(?:\s+(?:at|from|above))?\s*[:=]?\s*$",
    _I,
)
#: A property cue within this many characters before a condition word overrides it
#: (``melts at``, ``distilled at``, ``mp of``).
CUE_OVERRIDES_CONDITION = 24

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
    r"|\bsmoke\s+points?\b|\bKoc\b|\bpKa\b|\bIC50\b|\bEC50\b"
    # (an inhibition or dissociation constant, never potassium iodide: "I2 , KI")
    r"|(?-i:\bK[idD]\b)"
    # a polymer's other temperatures: "The crystallization temperature … is at least 150 °C"
    r"|\bcrystalli[sz]ation\s+temperatures?\b|(?<![A-Za-z])T_?c\b"
    r"|\bheat\s+deflection\s+temperatures?\b|\bHDT\b|\bVicat\b",
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
    """The cue of a user's property, as its declaration (``custom_declaration``) has it:
    its name as words (``flash_point`` → flash point), or its first word as a stem
    (``flashes at``), since writers inflect it. The description gives no cue."""
    return _declared(custom_declaration(name, description).cue_before)
