"""What each property is, declared once: every reader of property knowledge reads it here.

A property is more than a name. Chemists print it under column headers (``M.p./°C``,
``Isolated yield [%]``, ``logD7.4``), in units with many spellings, in running text
after a cue (``mp 121 °C``, ``logD7.4 = 1.2``) or before one (``70% yield``), and
next to look-alikes that are not it (``conv. (%)``, ``ee (%)``, ``cLogP``, ``55% in
oil``). One ``PropertyDeclaration`` holds all of that for one property, as
ChemDataExtractor's property models do, and every reader takes it from there:

- the built-in schemas (``schemas/builtin.py``) build their ``PropertySpec`` from it
  (``declaration.spec``): name, description and units, so the prompts say what it says;
- the finder's cues (``extraction/cues.py``) are views of its ``cue_before``,
  ``cue_after``, ``list_cue`` and traps;
- the table reader matches headers against ``header`` and ``header_traps``;
- the plausibility check (``chem.is_plausible``) reads its range in SI (``plausible``),
  handed down to it when this module is loaded, since checks sit a layer below.

A property is added or corrected in one place.

A user's own property (a schema's ``refractive_index``, ``flash_point``) has no
built-in declaration; ``custom_declaration`` makes one from what the schema says of
it, and ``declarations`` does so for every name it does not know. Its name, as words,
is its header (``Refractive index``) and its cue before a value (``flash point``,
``flash-point``), together with its first word as a stem when that word is long
enough to be one (``flashes at``); its description and units are the schema's. The
description goes to the prompt like a built-in's but gives no cue: a description's
words (``temperature at which…``) are not what writers print beside a value. It has
no traps, no list cue and no range, so code blocks nothing on its account and the
plausibility check has no opinion of it. ``extraction.cues.custom_cue`` is this cue.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from molextract.chem.plausibility import SIRange, declare_ranges, is_within
from molextract.schemas.spec import PropertySpec

_I = re.IGNORECASE


@dataclass(frozen=True, slots=True)
class PropertyDeclaration:
    """One property: its name and description as schemas use them, its units, how a
    table header names it (``header``) or names a look-alike (``header_traps``), how
    running text names it, what is never a value of it, and what it can be in SI."""

    name: str
    description: str
    units: tuple[str | None, ...]
    header: re.Pattern[str]
    header_traps: re.Pattern[str] | None = None
    #: The unit a header without one implies (a yield column is in %).
    default_unit: str | None = None
    #: Words that name the property when printed before its value in the same sentence
    #: (``mp``, ``density of``); for a unitless property they lead its number
    #: (``logP =``), since only such a cue makes a bare number a candidate.
    cue_before: re.Pattern[str] | None = None
    #: Words printed right after a value: ``70% yield``, ``(dec.)``.
    cue_after: re.Pattern[str] | None = None
    #: Nouns that open a list of values a sentence earlier or in a paragraph's heading
    #: ("Solubilities were measured by …. Carbamazepine reached 0.17 mg/mL"); a verb
    #: ("dissolved in DMSO") does not announce a list.
    list_cue: re.Pattern[str] | None = None
    #: Words right before / after a value in the property's unit that make it no value
    #: of it (``ee of 98%``, ``55% in oil``: never a yield).
    trap_before: re.Pattern[str] | None = None
    trap_after: re.Pattern[str] | None = None
    #: What a value can be, in each SI unit it is converted to; wide on purpose.
    plausible: tuple[SIRange, ...] = ()

    @property
    def spec(self) -> PropertySpec:
        """The property as a schema lists it (and a prompt states it)."""
        return PropertySpec(self.name, self.description, self.units)

    def is_plausible(self, value_si: float, unit_si: str) -> bool | None:
        """Whether ``value_si`` is within the declared range; ``None``: no range in that unit."""
        return is_within(self.plausible, value_si, unit_si)


_NO_LETTER_BEFORE = r"(?<![A-Za-z])"
_NO_LETTER_AFTER = r"(?![A-Za-z])"

TEMPERATURE_UNITS = ("°C", "K", "°F")
SOLUBILITY_UNITS = (
    "g/L", "mg/mL", "mg/L", "µg/mL", "g/100 mL", "mol/L", "mmol/L", "µmol/L", "M", "mM", "µM",
)  # fmt: skip

#: Someone else's value or a computed one: not a measurement of the paper's own.
#: Columns of values from elsewhere or from a calculation: "Mp (°C) References", "lit. mp".
_NOT_MEASURED_HEADER = re.compile(
    r"\blit(?:erature)?\.?\b|\breported\b|\brep\.|\bcalc|\breferences?\b|\bref\.", _I
)
_LOG_RANGE = (SIRange("1", -15.0, 20.0),)

MELTING_POINT = PropertyDeclaration(
    "melting_point",
    "temperature at which the solid melts",
    TEMPERATURE_UNITS,
    header=re.compile(
        # "T m": the subscript of Tₘ as text copies of tables print it
        rf"{_NO_LETTER_BEFORE}(?:m\.?\s?p(?:t)?\.?|T[_ ]?m|Tₘ|T\s?fus){_NO_LETTER_AFTER}(?!\d)"
        r"|melting(?:\s+(?:point|range|temperature)s?)?|\bfusion\s+temperature"
        # the same header in the other languages of chemical journals and patents
        r"|\bponto\s+de\s+fus[ãa]o|\bpunto\s+de\s+fusi[óo]n|\bpoint\s+de\s+fusion"
        r"|\bschmelzpunkt|\bschmp\.|\bp\.\s?f\.",
        _I,
    ),
    # "% MP A", "MP B": a chromatographic gradient's mobile phases; a primer's or a
    # probe's Tm is where a DNA duplex comes apart, no compound's melting point
    header_traps=re.compile(
        _NOT_MEASURED_HEADER.pattern + r"|%\s*MP\b|\bMP\s*[AB12]\b|\bmobile\s+phase"
        r"|\bprimers?\b|\boligo(?:nucleotide)?s?\b|\bprobes?\b|\bduplex|\b(?:si|m)?RNA\b|\bDNA\b",
        _I,
    ),
    cue_before=re.compile(
        r"(?<![A-Za-z])[Mm]\.?\s?[Pp]\.?(?![A-Za-z])|(?<![A-Za-z])MP(?![A-Za-z])"
        # "Tm", "T_m", "Tₘ": the melting temperature of thermal analysis; not thulium
        # ("TmCl3", "Tm(OTf)3"), which a letter or a bracket follows
        r"|(?<![A-Za-z])T_?[mₘ](?![A-Za-z0-9(])"
        r"|(?i:melting(?:\s+(?:point|range|temperature)s?)?|\bmelts?\b|\bmelted\b"
        r"|\bm\.\s?pt\b\.?|\bfreez(?:es|ing\s+point)\b|\bendotherm\b|\bfusion\b)",
    ),
    cue_after=re.compile(r"^\s*\((?:dec|decomp|decomposition)\.?\)", _I),
    list_cue=re.compile(r"\bmelting\s+points?\b|\bDSC\b", _I),
    # The most refractory carbides melt around 4200 K.
    plausible=(SIRange("K", 0.0, 4300.0, low_inclusive=False),),
)
BOILING_POINT = PropertyDeclaration(
    "boiling_point",
    "temperature at which the liquid boils",
    TEMPERATURE_UNITS,
    header=re.compile(
        rf"{_NO_LETTER_BEFORE}(?:b\.?\s?p(?:t)?\.?|T_?b|T\s?boil){_NO_LETTER_AFTER}(?!\d)"
        r"|boiling(?:\s+(?:point|range|temperature)s?)?"
        r"|\bponto\s+de\s+ebuli[çc][ãa]o|\bpunto\s+de\s+ebullici[óo]n"
        r"|\bpoint\s+d['’]?\s?[ée]bullition|\bsiedepunkt|\bsdp\.|\bp\.\s?e\.",
        _I,
    ),
    header_traps=_NOT_MEASURED_HEADER,
    cue_before=re.compile(
        r"(?<![A-Za-z])[Bb]\.?\s?[Pp]\.?(?![A-Za-z])|(?<![A-Za-z])BP(?![A-Za-z])"
        r"|boiling(?:\s+(?:point|range|temperature)s?)?|\bboils?\b|\bboiled\b"
        # not the distillation that removes a solvent ("distilled off") or makes a
        # reagent ("freshly distilled THF"), nor distilled water
        r"|(?<!freshly\s)(?<!steam-)\bdistil+(?:s|ed|led|ling|lation)?\b"
        r"(?!\s+(?:water|off|out|away)\b)",
        _I,
    ),
    list_cue=re.compile(r"\bboiling\s+points?\b", _I),
    plausible=(SIRange("K", 0.0, 6000.0, low_inclusive=False),),
)
SOLUBILITY = PropertyDeclaration(
    "solubility",
    "amount that dissolves in a solvent",
    SOLUBILITY_UNITS,
    header=re.compile(
        r"\bsolubilit(?:y|ies)\b|(?<![A-Za-z])S_?(?:w|aq|H2O)(?![A-Za-z])"
        # a bare "S" with a concentration's unit: "S (mM)", "S [µg/mL]" (not an entropy)
        r"|(?<![A-Za-z])S\s*[(\[]\s*(?:[mµμn]?M|m?mol\s*/?\s*L|[mµμ]?g\s*/?\s*m?L)"
        r"(?:[-−]1)?(?:\s*[,;][^()\[\]]{0,20})?\s*[)\]]"
        r"|\bsolubilidade|\bsolubilidad|\bsolubilit[ée]|\bl[öo]slichkeit",
        _I,
    ),
    header_traps=re.compile(r"\blog\s?S\b|\bcalc|\bpredicted\b", _I),
    cue_before=re.compile(
        r"\bsolubilit(?:y|ies)\b|\b(?:in)?soluble\b|\bdissol(?:ve|ves|ved|ving|ution)\b"
        # not a work-up reagent: "saturated NaHCO3", "saturated aqueous sodium chloride"
        r"|\bsaturat(?:ed|ion)\b(?!\s+(?:aq(?:ueous)?\.?\s+)?(?:(?-i:[A-Z][a-z]?[A-Z0-9])|brine"
        r"|sodium|potassium|ammonium|lithium|calcium|magnesium|Rochelle))|\bsolubili[sz]\w*"
        r"|(?<![A-Za-z])S\s?\((?:water|H2O|aq\.?|buffer|PBS)\)|(?<![A-Za-z])S_?w(?![A-Za-z])",
        _I,
    ),
    # not water's quality: "6.6–7.4 mg/L dissolved oxygen", "dissolved organic carbon"
    cue_after=re.compile(
        r"^[^.;]{0,30}?\b(?:dissol(?:ve|ves|ved)|(?:is|was|are|were)\s+(?:\w+ly\s+)?soluble"
        r"|solubility)\b(?!\s+(?:oxygen|O2|O₂|CO2|carbon|organic|inorganic|solids|nitrogen))",
        _I,
    ),
    list_cue=re.compile(r"\bsolubilit(?:y|ies)\b", _I),
    plausible=(SIRange("kg/m³", 0.0, 5000.0), SIRange("mol/m³", 0.0, 50000.0)),
)
LOGP = PropertyDeclaration(
    "logP",
    "octanol/water partition coefficient (log10)",
    (None,),
    header=re.compile(r"(?<![A-Za-z])log\s?(?:P|K_?o/?w|Kow)(?![A-Za-z])", _I),
    # calculated values are not measurements: cLogP, ClogP, XLogP, "calcd"
    header_traps=re.compile(
        r"(?<![A-Za-z])(?:c|x|a|m|ml|alog)log\s?P|\bcalc|\bpredicted\b|\bclog", _I
    ),
    # ``logP = 2.3``, ``log Kow``, ``clogP``: the cue leads, the number has no unit
    cue_before=re.compile(
        r"(?<![A-Za-z])(?:[cCxXaAmM]|AC|XLOG)?(?:log\s?P(?:ow|o/w|\s?\(o/w\))?|log\s?K_?ow)"
        r"(?![A-Za-z])",
        _I,
    ),
    plausible=_LOG_RANGE,
)
LOGD = PropertyDeclaration(
    "logD",
    "distribution coefficient at a stated pH (log10)",
    (None,),
    header=re.compile(r"(?<![A-Za-z])log\s?D(?![A-Za-z])", _I),
    header_traps=re.compile(r"(?<![A-Za-z])c\s?log\s?D|\bcalc|\bpredicted\b", _I),
    cue_before=re.compile(r"(?<![A-Za-z])(?:log\s?D_?\d+(?:\.\d+)?|log\s?D)(?![A-Za-z])", _I),
    plausible=_LOG_RANGE,
)
REACTION_YIELD = PropertyDeclaration(
    "reaction_yield",
    "isolated or measured yield of a product",
    ("%",),
    header=re.compile(
        r"\byields?\b|\byld\.?(?![A-Za-z])|\brendimento|\brendimiento|\brendement"
        r"|\bausbeute",
        _I,
    ),
    # a conversion, an ee, a selectivity or a ratio is never a yield
    header_traps=re.compile(
        r"\bconv(?:ersion|\.)?(?![A-Za-z])|\bee\b|\bselectivit|\bd\.?r\.?\b|\bratio\b|\bTON\b"
        r"|\bTOF\b|\bpurity\b|\bquantum\b"  # a quantum yield is photophysics
        # a material's mechanics: "Tensile at Yield", "Yield strength", "Elongation at yield"
        r"|\btensile\b|\bat\s+yield\b|\byield\s+(?:strength|stress|point)|\belongation\b"
        # a yield worked out, not isolated: "Theoretical cumulative yield of RSnCl3"
        r"|\btheoretical\s+(?:\w+\s+){0,2}yields?\b|\bcalc(?:ulated|\.)\s+yields?\b"
        # a crop's yield per field: "Yield/BU", "Yield (bu/acre)", "Grain yield, kg/ha"
        r"|\bbu(?:shels?)?\b|\b(?:kg|t|Mg)\s*/\s*ha\b|\bper\s+(?:acre|hectare)\b|/\s*acre\b"
        r"|\b(?:grain|crop|harvest|fruit|seed|biomass)\s+yields?\b",
        _I,
    ),
    default_unit="%",
    # not a material's mechanics: "tensile elongation (@yield)", "elongation at yield",
    # "(yield, break)", "yield strength"; nor photophysics: "quantum yields from 1.6 to
    # 100%"
    cue_before=re.compile(
        # (nor a field's: "Grain yield effects on winter wheat")
        r"(?<!@)(?<!@\s)(?<!\bat\s)(?<!quantum\s)(?<!grain\s)(?<!crop\s)(?<!harvest\s)"
        r"\byield(?:s|ed|ing)?\b"
        r"(?!\s*(?:strength|stress|point|,\s*break))|\byld\b",
        _I,
    ),
    cue_after=re.compile(
        # (a bracket may come between: "42% (230 mg) yield", "45% (only 12B) yields")
        r"^\)?\s*(?:\([^()%]{1,40}\)\s*)?(?:(?:isolated|overall|combined|crude|total|NMR|GC|HPLC|chemical)\s+)?"
        r"(?:yields?|yld)\b|^\s*of\s+(?:the\s+)?th(?:eor\w*|\.)|^\s*d\.\s?Th\b"
        # "(77% overall)", "(62% over two steps)", "( 17 % two - step )", and two products'
        # yield together after their ratio: "in a 2 : 1 ratio ( 90 % combined )"
        r"|^\s*(?:overall|combined)(?=\s*(?:[),;.]|from\b|over\b|in\b))"
        r"|^\s*(?:(?:over|for|in)\s+)?(?:the\s+)?(?:two|three|four|five|[2-9])\s*-?\s*steps?\b"
        # "lactam 15 ( 82 % from 14 )": a yield counted from the compound it was made of
        r"|^\s*from\s+(?:compound\s+)?(?:\d{1,3}[a-z]{0,2}['′]?|[A-Z]\d{0,2}[a-z]?)\s*[),;]"
        # "68 % of the cycloadduct was obtained": a share of the product, made
        r"|^\s*of\s+(?:the\s+)?(?:[\w-]+\s+){1,3}?(?:was|were)\s+(?:\w+ly\s+)?"
        r"(?:obtained|isolated|formed|produced)\b",
        _I,
    ),
    # a purity, an ee, a conversion, a share: "ee of 98%", "conversion was 80%"
    trap_before=re.compile(
        r"(?:purity|purities\s+of|ee|e\.e\.|conversion|selectivity|HPLC|humidity|RH|Pd/C|Pt/C|catalyst"
        r"|gradient|eluting\s+with|eluent|inhibition|reduced\s+by|increased\s+by|decreased\s+by"
        r"|by\s+weight|w/w|v/v|strength|concentration|content|ratio|recovery"
        r"|efficienc(?:y|ies)|(?:enantio-?\s?meric|diastereo-?\s?meric)\s+excess(?:es)?|\bpure"
        r"|assay|\barea|\ba/a|\bde|d\.e\.|contaminated\s+with|containing|\bat\s+yield"
        r"|yield\s+(?:strength|stress|point))"
        # "ee of 98%", "ee's from 88 to 96%", "conversion was 80%"
        r"(?:\s?['’]?s)?[\s:(,=]*(?:(?:values?\s+)?(?:of|was|were|is|are|from|between"
        r"|ranging\s+from|up\s+to)\s+)?(?:approx\.|ca\.|about|~|>|<|≥|≤)?\s*$"
        # an instrument's purity: "(1.1 g, yield: 83%, LC-MS 60%)", "LC/MS; 74%"
        r"|(?:LC[-/]?MS|UPLC|GC[-/]?MS|\bGC|\bLC|\bUV|ELSD)\s*(?:purity)?\s*[:;=]?\s*$"
        # starting material given back: "together with recovered 15 ( 60 % )"
        r"|\b(?:recovered|unreacted|unchanged)\s+(?:[a-z][\w-]*\s+)?(?:starting\s+material|SM"
        r"|\S*\d\S*)\s*"
        r"\(\s*$",
        _I,
    ),
    # a reagent's strength, a purity, an ee, a recovery: "55% in oil", "98% ee",
    # "37% aq.", "(53.5 g, 74% recovery, 65% yield)"
    trap_after=re.compile(
        r"^\)?\s*(?:e\.?e\.?|d\.?e\.?|ee|de|in\s+(?:mineral\s+)?oil|dispersion|suspension"
        r"|solution|aq\.?|aqueous|w/w|v/v|w/v|purity|conversion|inhibition|selectivity"
        # "(98% pure)", not "23 mg (89%) pure desired product"
        r"|pure(?!\s+(?:(?:desired|title|target|final|expected)\s+)?(?:product|compound)s?\b)"
        # ("96 % enantio- meric excess": a line end broke the word)
        r"|enantio-?\s?meric|diastereo-?\s?meric|w\.?t\.?(?![a-z])|tech(?:\.|nical)|oil\b|assay|area"
        # what a recrystallisation gave back, or starting material recovered
        r"|recover(?:y|ed)\b|of\s+(?:the\s+)?(?:recovered|unreacted|unchanged)\b"
        # a catalyst's loading written "(0.11 mmol, 5% mol)"
        r"|mol\s*[),;]"
        # "52% of alcohol 1a was recovered" (not "of the title compound were recovered")
        r"|of\s+(?!the\s)(?:[a-z][\w-]*\s+){1,2}(?=\d)\S+\s+(?:was|were)\s+recovered\b"
        r"|a/a|MTBE|PE\b|Et2O|in\s+(?:water|H2O|toluene|THF|tetrahydrofuran|hexanes?|heptane"
        r"|dioxane|ether|Et2O|methanol|MeOH|ethanol|EtOH|DCM|dichloromethane|xylenes?|benzene"
        r"|acetic\s+acid|AcOH)\b"
        # "98% by HPLC" is a purity; "41% by NMR" an NMR yield, which stays a yield
        # "(1.602 kg, 11.2% by weight)": a solution's assay
        # (but "93% GC yield" is a yield the chromatogram measured)
        r"|by\s+(?:HPLC|GC|LC)|(?:HPLC|GC\b)(?!\s+yields?\b)|by\s+(?:vol(?:ume|\.)|weight|wt\b\.?|mass))"
        # a reagent's formula or solvent right after its strength ("10% Pd/C", "5% HCl",
        # a buffer's "50% formamide", "10% FBS");
        # not after the bracket closes: "(0.36 g, 100%) m/z: 340", "(88%) LC/MS" are a
        # product's yield and then its analysis
        # a reagent's strength then its volume: "aqueous ammonia ( 26 % , 1.5 mL )"
        r"|^\s*,\s*\d+(?:\.\d+)?\s*(?:mL|ml|µL|μL|L)\b"
        r"|^\s*(?:[A-Z][a-z]?\d|[A-Z][a-z]?/|HCl|HBr|HI|HF|HNO|H2|NaO|KOH|NH|Pd|Pt|Rh|Ni|EtOAc"
        r"|MeOH|EtOH|acetone|ethanol|methanol|ethyl\s+acetate|hexanes?|heptane|ether|DCM"
        r"|CH2Cl2|acetonitrile|MeCN|water|formamide|DMSO|DMF|glycerol|SDS|sucrose|glucose"
        r"|BSA|FBS|serum|agarose|TFA|formic\s+acid|acetic\s+acid|trifluoroacetic"
        r"|of\s+(?:the\s+)?(?:patients|subjects|participants"
        r"|cases|cells|mice|rats|animals|children|women|men|samples|population))",
        _I,
    ),
    plausible=(SIRange("1", 0.0, 1.0),),
)
DENSITY = PropertyDeclaration(
    "density",
    "mass per volume",
    ("g/cm³", "g/mL", "kg/m³", "g/L"),
    header=re.compile(
        # "d20", "d25", "d420" (d with 4 below and 20 above: the temperatures of water
        # and of the sample), "d²⁰₄"; not a deuterated name ("D4-Histamine")
        r"\bdensit(?:y|ies)\b|ρ|(?<![A-Za-z])d_?\s?(?:4\^?\s?(?:20|25|15)?|(?:20|25|15)\^?\s?4?"
        r"|[²¹][⁰⁵]₄?|₄[²¹][⁰⁵])(?!\d|[-‐]?[A-Za-z])"
        r"|\bdensidade|\bdensidad|\bdensit[ée]|\bdichte\b|\bmassa\s+espec[íi]fica"
        r"|\bmasa\s+espec[íi]fica",
        _I,
    ),
    # other densities than mass per volume, and a density as a share of another
    header_traps=re.compile(
        r"\bcalc|\bpredicted\b|\b(?:charge|current|optical|energy|power|flux|number|defect"
        r"|dislocation|crosslink|cross-link|packing|population|probability|spectral|electron"
        r"|site|grafting)\s+densit|\brelative\s+densit|\bdensity\s+ratio|\btheoretical\b"
        r"|\bOD\b",
        _I,
    ),
    cue_before=re.compile(
        r"\bdensit(?:y|ies)\b|(?<![A-Za-z])d\s?(?:\d{1,2}|[²⁰₄¹⁵]{1,3})?\s*[=:]?\s*$|ρ"
        r"|\bspecific\s+gravity\b",
        _I,
    ),
    list_cue=re.compile(r"\bdensit(?:y|ies)\b", _I),
    # From aerogels to osmium with room to spare.
    plausible=(SIRange("kg/m³", 0.05, 25000.0),),
)

BUILTIN: tuple[PropertyDeclaration, ...] = (
    MELTING_POINT,
    BOILING_POINT,
    SOLUBILITY,
    LOGP,
    LOGD,
    REACTION_YIELD,
    DENSITY,
)
_BY_NAME = {declaration.name: declaration for declaration in BUILTIN}
# The plausibility check sits a layer below and cannot read this module: hand it the ranges.
for _builtin in BUILTIN:
    declare_ranges(_builtin.name, _builtin.plausible)


def declaration(name: str) -> PropertyDeclaration | None:
    """The built-in declaration of ``name``, or None for a property only a user's
    schema knows."""
    return _BY_NAME.get(name)


def declarations(properties: Iterable[str | PropertySpec]) -> list[PropertyDeclaration]:
    """The declarations of a schema's properties (names or ``PropertySpec``), in its
    order; a property without a built-in declaration gets one made from its own words
    (``custom_declaration``: ``Refractive index`` in a header names a
    ``refractive_index`` property)."""
    found = []
    for prop in properties:
        if isinstance(prop, PropertySpec):
            name, description, units = prop.name, prop.description, prop.units
        else:
            name, description, units = prop, "", (None,)
        found.append(declaration(name) or custom_declaration(name, description, units))
    return found


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[_\-\s]+", name) if w]


@cache
def custom_declaration(
    name: str, description: str = "", units: tuple[str | None, ...] = (None,)
) -> PropertyDeclaration:
    """The declaration of a user's property: its name as words is its header and its
    cue (``flash_point`` → ``flash point``, ``flash-point``), its first word also as a
    stem (``flashes at``), since writers inflect it; see the module docstring."""
    words = _words(name)
    header = r"\s*[_ -]?\s*".join(map(re.escape, words))
    phrase = r"\s*[-_]?\s*".join(re.escape(w) for w in words)
    alternatives = [rf"\b{phrase}\b"]
    if words and len(words[0]) >= 4:
        alternatives.append(rf"\b{re.escape(words[0])}\w*")
    return PropertyDeclaration(
        name,
        description,
        units,
        header=re.compile(header, _I),
        cue_before=re.compile("|".join(alternatives), _I),
    )
