"""Strings that cannot be a compound's name, and why.

Asked whose a value is, a model answers with whatever stood near it: the product's
mass (``0.35g``, ``12.0 g``), the yield itself (``23%``), how the sample looked
(``white solid``), the column's eluent (``hexanes/EtOAc``). Kept as the compound, those
make a record that names nothing, and a table of them is worse than no table. This
module says, from the string alone, when it cannot be a name, so the extraction path
can refuse it and the corpus benchmarks can count it.

Judged without context, it rejects only what is never a compound's name anywhere:

- a quantity or a list of them (mass, moles, volume, percentage, concentration,
  temperature, time): ``250 mg``, ``1.2 mmol``, ``5 mL``, ``(2.10 g, 64%)``, and a
  bare number (``12``, ``0.35``; a label belongs in ``compound.label``);
- a description of appearance or form, alone or with an amount: ``white solid``,
  ``colourless oil``, ``crude residue``, ``pale yellow crystals (0.4 g)``;
- a solvent mixture or eluent (``EtOAc-hexane 1:4``, ``5% MeOH in DCM``), a mixture
  sold as one (``hexanes``, ``petroleum ether``, ``brine``), a medium (``silica gel``),
  a solution of stated strength (``1 N HCl``, ``sat. NaHCO3``);
- a stage of the work-up (``filtrate``, ``organic layer``, ``reaction mixture``), or a
  yield in words (``quantitative``).

Everything that may be a name somewhere passes: one solvent (ethanol is the compound
when its boiling point is given), labels (``4b``, ``12g``: a number glued to a one-letter
unit is a label unless it has decimals, ``0.35g``), ``Example 12``, ``title compound``.
"""

from __future__ import annotations

import re
import unicodedata


def _listed(text: str) -> frozenset[str]:
    """A ``|``-separated list written over several lines, folded to lower case."""
    items = text.replace("\n", "").split("|")
    return frozenset(item.strip().casefold() for item in items if item.strip())


_NUMBER = r"\d+(?:[.,]\d+)?"
_APPROX = r"(?:(?:ca\.?|approx\.?|about|~|≈|∼|>|<|≥|≤)\s*)?"
#: Units, by the kind the reason names. One-letter units (and ``M``) are told from a
#: label's letter in ``quantity_kind``.
_UNITS: dict[str, tuple[str, ...]] = {
    "a mass": ("kg", "mg", "µg", "μg", "ug", "ng", "gm", "grams", "gram", "g"),
    "an amount of substance": (
        "mmoles",
        "mmole",
        "mmols",
        "mmol",
        "µmol",
        "μmol",
        "umol",
        "nmol",
        "moles",
        "mole",
        "mol",
        "equivalents",
        "equivalent",
        "equiv",
        "eq",
    ),
    "a volume": ("ml", "µl", "μl", "ul", "dl", "l", "cc"),
    "a percentage": ("wt%", "wt.%", "mol%", "%", "percent"),
    "a concentration": ("mm", "m", "n"),
    "a temperature": ("°c", "° c", "oc", "°f", "k"),
    "a time": ("hours", "hour", "hrs", "hr", "h", "minutes", "min", "days", "day", "d"),
}
_UNIT_KIND = {unit: kind for kind, units in _UNITS.items() for unit in units}
_UNIT = "|".join(re.escape(u) for u in sorted(_UNIT_KIND, key=len, reverse=True))
_QUANTITY = re.compile(
    rf"{_APPROX}(?P<number>{_NUMBER})(?:\s*[-–—~]\s*{_NUMBER})?"
    rf"(?P<space>\s*)(?P<unit>{_UNIT})?\.?"
    r"(?:\s+(?:yield|yld|isolated|overall|theoretical|of\s+theory))?",
    re.IGNORECASE,
)
_PARTS = re.compile(r"[,;()\[\]{}]|\s+(?:and|or)\s+")

_APPEARANCE = _listed(
    """
    white colourless colorless yellow yellowish pale off brown brownish red reddish orange
    green greenish blue bluish purple purplish violet pink pinkish black grey gray greyish
    grayish whitish beige tan cream amber
    golden dark light bright deep clear transparent opaque solid solids oil oils oily
    crystals crystal crystalline needles needle plates plate prisms prism powder powders stellate
    foam foamy gum gummy glass glassy syrup syrupy liquid wax waxy amorphous
    microcrystalline precipitate residue residual fine sticky viscous semisolid semi
    flakes film resin lumps granules cubes blocks rods leaflets colour color slightly
    very crude tacky thick thin mobile to a an the as of in
    """.replace(" ", "|")
)
#: Compounds named with words of appearance.
_DYES = frozenset({"crystal violet", "gentian violet"})

_SOLVENTS = _listed(
    """
    hexane|n-hexane|hexanes|heptane|n-heptane|heptanes|pentane|n-pentane|pentanes|
    cyclohexane|petroleum ether|pet. ether|pet ether|light petroleum|petrol|pe|ligroin|
    ether|diethyl ether|et2o|ethyl acetate|etoac|ea|acoet|methanol|meoh|ethanol|etoh|
    isopropanol|2-propanol|iproh|i-proh|ipa|isopropyl alcohol|n-butanol|1-butanol|butanol|
    acetone|acetonitrile|mecn|ch3cn|dichloromethane|dcm|ch2cl2|methylene chloride|
    chloroform|chcl3|toluene|benzene|xylene|xylenes|thf|tetrahydrofuran|water|h2o|dmf|
    dmso|dioxane|1,4-dioxane|dme|nmp|acetic acid|acoh|formic acid|tfa|triethylamine|et3n|
    tea|ammonia|nh3|nh4oh|ammonium hydroxide|aqueous ammonia|aq. ammonia|mtbe|tbme|
    methyl tert-butyl ether|tert-butyl methyl ether|diisopropyl ether|ipr2o|2-butanone|mek|
    isopropyl ether|ethyl ether|
    carbon tetrachloride|ccl4|1,2-dichloroethane|dichloroethane|dce|chlorobenzene|
    1,2-dimethoxyethane|dimethoxyethane|diglyme|tert-butanol|t-butanol|t-buoh|tbuoh|
    tert-butyl alcohol|n-propanol|1-propanol|2-methyltetrahydrofuran|2-methf|me-thf|
    isopropyl acetate|nitromethane|
    cdcl3|chloroform-d|dmso-d6|dmso-d₆|cd3od|methanol-d4|d2o|acetone-d6|c6d6|cd2cl2|cd3cn
    """
)
#: Sold and used as one material, but never one compound.
_MIXTURES = _listed(
    """
    hexanes|heptanes|pentanes|xylenes|petroleum ether|pet. ether|pet ether|
    light petroleum|petrol|ligroin|ligroine|brine|mineral oil|paraffin oil|silica|
    silica gel|celite|alumina|charcoal|activated carbon|activated charcoal|
    molecular sieves|buffer|phosphate buffer|pbs|sea sand|diatomaceous earth
    """
)
#: What a procedure adds to make, dry, neutralise or wash a product, and never the product
#: whose yield it states: drying agents, work-up salts, the usual acids, bases and gases.
#: A yield given to one of these (``… dried over magnesium sulfate … (94%)``) is misread.
_AUXILIARIES = _listed(
    """
    magnesium sulfate|magnesium sulphate|mgso4|sodium sulfate|sodium sulphate|na2so4|
    calcium chloride|cacl2|calcium sulfate|drierite|
    sodium bicarbonate|sodium hydrogen carbonate|sodium hydrogencarbonate|nahco3|
    sodium carbonate|na2co3|potassium carbonate|k2co3|cesium carbonate|caesium carbonate|
    cs2co3|potassium bicarbonate|khco3|sodium hydroxide|naoh|potassium hydroxide|koh|
    lithium hydroxide|lioh|hydrochloric acid|hcl|hydrogen chloride|sulfuric acid|
    sulphuric acid|h2so4|ammonium chloride|nh4cl|sodium chloride|nacl|sodium thiosulfate|
    sodium thiosulphate|na2s2o3|sodium sulfite|sodium bisulfite|potassium phosphate|k3po4|
    sodium acetate|naoac|pyridine|diisopropylethylamine|n,n-diisopropylethylamine|dipea|
    diea|n,n-dimethylformamide|n,n-dimethylacetamide|dimethylacetamide|dma|
    dimethyl sulfoxide|dimethylsulfoxide|sodium hydride|nah|hydrogen|h2|nitrogen|n2|argon|
    carbon dioxide|co2|oxygen|o2|
    palladium on carbon|pd/c|
    silica|silica gel|sio2|celite|alumina|al2o3|molecular sieves|
    triethylamine|et3n|tea|4-dimethylaminopyridine|dmap|
    palladium acetate|palladium(ii) acetate|palladium (ii) acetate|pd(oac)2|
    tetrakis(triphenylphosphine)palladium|tetrakis(triphenylphosphine)palladium(0)|
    pd(pph3)4|pd2(dba)3|pd(dppf)cl2|pdcl2(dppf)|pd(pph3)2cl2|copper(i) iodide|cui|
    acetate|chloride|bromide|iodide|triflate|tosylate|mesylate|sulfate|nitrate|
    hydrochloride|trifluoroacetate|hydroxide|ammonium hydroxide|ammonia|
    lithium aluminum hydride|lithium aluminium hydride|lialh4|lah|sodium borohydride|nabh4|
    sodium cyanoborohydride|nabh3cn|sodium triacetoxyborohydride|nabh(oac)3|
    lithium borohydride|libh4|diisobutylaluminum hydride|dibal|dibal-h|borane|
    triethyl phosphite|triphenylphosphine|pph3|phosphorus oxychloride|phosphorous oxychloride|
    pocl3|thionyl chloride|socl2|oxalyl chloride|acetic anhydride|trifluoroacetic acid|tfa|
    hydrogen peroxide|h2o2|raney nickel|pd(oh)2|palladium hydroxide|platinum oxide|pto2|
    silver carbonate|ag2co3|silver oxide|ag2o|potassium tert-butoxide|potassium t-butoxide|
    kotbu|t-buok|tbuok|sodium tert-butoxide|naotbu|t-buona|sodium methoxide|naome|
    sodium ethoxide|naoet|potassium acetate|koac|cesium fluoride|csf|
    tetrabutylammonium fluoride|tbaf|lithium diisopropylamide|lda|n-butyllithium|n-buli|
    buli|sec-butyllithium|s-buli|tert-butyllithium|t-buli|
    1,8-diazabicyclo[5.4.0]undec-7-ene|dbu|ddq|m-cpba|mcpba|
    n-bromosuccinimide|nbs|n-iodosuccinimide|nis|n-chlorosuccinimide|ncs|
    iodine|i2|bromine|br2|chlorine|cl2|jones reagent|dess-martin periodinane|
    iron(iii) chloride|fecl3|aluminum chloride|aluminium chloride|alcl3|
    boron trifluoride etherate|bf3·oet2|bf3.oet2|bf3-oet2|titanium tetrachloride|ticl4|
    phosgene|triphosgene|hydrazine hydrate|hydroxylamine hydrochloride|sodium azide|
    sodium nitrite|isoamyl nitrite|nitrosonium tetrafluoroborate|boron tribromide|bbr3|
    di-tert-butyl dicarbonate|boc2o|(boc)2o|methyl iodide|iodomethane|mei|dimethyl sulfate|
    edc|edci|edc·hcl|edc.hcl|hatu|hbtu|pybop|dcc|n,n'-dicyclohexylcarbodiimide|cdi|
    1,1'-carbonyldiimidazole|hobt|1-hydroxybenzotriazole|
    sodium periodate|naio4|ruthenium(iii) chloride|rucl3|osmium tetroxide|oso4|
    n-methylmorpholine n-oxide|nmo|tpap|pyridinium chlorochromate|pcc|pyridinium dichromate|
    pdc|manganese dioxide|mno2|tempo|diphenylphosphoryl azide|dppa|sodium tetrahydroborate
    """
)
_WORK_UP = _listed(
    """
    mixture|reaction mixture|crude mixture|product mixture|filtrate|filtrates|
    organic layer|organic layers|organic phase|organic phases|aqueous layer|aqueous phase|
    extract|extracts|combined extracts|organic extracts|mother liquor|mother liquors|
    supernatant|solvent|solvents|eluent|eluant|eluate|solution|reaction solution|
    suspension|slurry
    """
)

_SOLUTION = re.compile(
    r"(?:aq(?:ueous)?\.?|sat(?:d|urated)?\.?|conc(?:entrated)?\.?|dil(?:ute)?\.?"
    rf"|{_NUMBER}\s*(?:M|N|mM|mol/L|%|wt\s*%|w/v|v/v))\s+\S.*|.+\s(?:solution|soln\.?)",
    re.IGNORECASE,
)
_RATIO = re.compile(
    rf"\(?\s*{_NUMBER}\s*(?::\s*{_NUMBER}\s*)+\)?|\(?\s*v\s*/\s*v\s*\)?|\(?\s*v\s*:\s*v\s*\)?",
    re.IGNORECASE,
)
_PERCENT_OF = re.compile(rf"{_NUMBER}(?:\s*[-–]\s*{_NUMBER})?\s*%")
_MIXING = re.compile(r"\s*(?:/|:|–|—|\+|,(?!\d)|;|\bin\b|\band\b|\bwith\b|\bto\b|\bfrom\b)\s*")
_DASHES = str.maketrans(dict.fromkeys("‐‑‒−", "-"))


def junk_reason(name: str) -> str | None:
    """Why ``name`` cannot be a compound's name, or None when it may be one."""
    text = _tidy(name)
    if not text:
        return "empty"
    lowered = text.casefold()
    if lowered in _DYES:
        return None
    if len(text) > 1 and lowered in _UNIT_KIND and (text == lowered or text[1:] == "L"):
        return "a unit alone, not a name"  # "7 g (50 mmole) of …" read from the wrong end
    for pattern, why in _NOT_A_NAME:
        if pattern.fullmatch(text):
            return why
    for check in (_as_quantities_and_looks, _as_solvents, _as_material):
        reason = check(text)
        if reason is not None:
            return reason
    if _LABEL_LIST.fullmatch(text):
        return "a list of labels, not a name"
    if _AMOUNT_THEN_MORE.match(text):
        return "an amount printed before a name or label, not part of it"
    if not any(char.isalpha() for char in text):
        return "no letter, not a name"
    return None


#: ``1.48g 1a``, ``250 mg 3b``, ``2.0 mmol benzaldehyde``: a sample's amount and what it
#: is of, read as one string (``12g`` without decimals is a label, and stays).
_AMOUNT_THEN_MORE = re.compile(
    r"(?:\d+[.,]\d+\s*(?:g|L)|\d+(?:[.,]\d+)?\s*(?:mg|kg|µg|μg|mmol|µmol|μmol|mol|mL|ml|µL|μL)"
    r"|\d+(?:[.,]\d+)?\s+(?:g|L))\.?\s+\S"
)


#: What a procedure prints beside its measurements, never a compound: ``bp1 mm`` (a
#: boiling point at 1 mm), ``cm-1`` (a wavenumber's unit), ``m/e`` (a mass spectrum's).
_MEASURE_WORD = re.compile(r"[bm]\.?p\.?\s?\d*(?:\.\d+)?|cm-1|cm\^?-1|m/[ez]|ppm|[kM]?Hz")


#: A step named after the atom it works on: ``N-protection``, ``O-alkylation``,
#: ``C-H activation`` (a cation, a dication, an anion are species, and stay).
_PROCESS = re.compile(
    # "Pd(II)-C4-arylation": the metal that does it, then where
    r"(?:[A-Z][a-z]?(?:\((?:0|I{1,3}|IV)\))?[-‐](?=[A-Za-z]{1,2}\d?[-‐]))?"
    r"(?:[A-Za-z]{1,2}\d?[-‐](?:[A-Z][-‐])?|[A-Z][-‐]H\s+)?[a-z]*"
    r"(?:(?<![cC])(?<!\bdic)ation|ction|tection|lysis|sis)",
    re.IGNORECASE,
)


#: A word that qualifies the noun after it, as titles and abstracts print them
#: (``Palladium-Catalyzed``, ``Copper-Based``, ``haloalkyl-radical-initiated``,
#: ``trifluoromethyl-substituted``): read alone, it names no compound.
_MODIFIER = re.compile(
    r".*[-‐](?:cataly[sz]ed|based|mediated|promoted|initiated|induced|assisted|enabled"
    r"|derived|free|supported|containing|substituted|functionali[sz]ed|bearing|fused"
    r"|linked|bridged|doped|modified|protected|capped|terminated|directed|driven|controlled"
    r"|triggered|activated|stabili[sz]ed|templated)",
    re.IGNORECASE,
)
#: ``(3b and 3c)``, ``(3d-3i)``, ``8ka,la``, ``3a-``: a run of labels (or a series cut at
#: its dash) read as one name.
_LABEL_ITEM = r"[1-9]\d{0,2}[a-z]{0,3}[′']?"
#: A label with its letter: only such a label opens a series (``3d-3i``; ``36-d`` is one
#: label, as patents number a route's steps).
_LETTERED = r"[1-9]\d{0,2}[a-z]{1,3}[′']?"
_LIST_ITEMS = (
    rf"{_LETTERED}\s*[-–−]\s*(?:{_LETTERED}|[a-z]{{1,3}})"
    rf"|{_LABEL_ITEM}(?:\s*(?:,|and|&)\s*(?:{_LABEL_ITEM}|[a-z]{{1,3}}))+"
)
_LABEL_LIST = re.compile(
    rf"\(\s*(?:{_LIST_ITEMS}|{_LABEL_ITEM})\s*\)|{_LIST_ITEMS}|{_LETTERED}[-–−]"
)
#: ``excellent enantiocontrol``, ``regioselectivity``: a quality of the reaction.
_REACTION_QUALITY = re.compile(
    r"(?:(?:excellent|high|good|complete|full|perfect|moderate|low|poor)\s+)?"
    r"(?:enantio|diastereo|regio|chemo|stereo|site)[\s-]?(?:control|selectivit(?:y|ies)|specificity)",
    re.IGNORECASE,
)
#: Words of journals' abbreviated names that a running header leaves at a line's start
#: (``Org. Biomol. Chem., 2023``, ``Chem. Commun.``).
_JOURNAL_WORDS = re.compile(r"Biomol|Commun|Lett|Chem|Soc|Rev|Synth|Catal|Angew|Tetrahedron Lett")
#: ``2023Chem`` of ``… 2023Chem. Soc. Rev.``: a reference's year glued to its journal.
#: ``2023isocyanides 110``: a page's footer ran into the text after it.
_CITATION_YEAR = re.compile(r"(?:1[89]|20)\d\d(?:[A-Z][a-z]+|[a-z]{3,}\b.*)")


#: ``[α]D 21``, ``[α]D20``: a specific rotation and its temperature.
_ROTATION = re.compile(r"\[\s?[αa]\s?\]\s?[D\d].*")
#: ``C1-C13`` of ``the C1-C13 fragment``: the atoms a fragment spans.
_ATOM_RANGE = re.compile(r"[CNOS]\d{1,3}\s?[-‐–−]\s?[CNOS]?\d{1,3}")
#: One carbon by its number, ``C1`` of ``attached to C1`` (not C60 or C70, fullerenes).
_ATOM = re.compile(r"C(?:[1-9]|[1-5]\d)['′]?")


#: A bond the text works on, ``C-H`` of ``arene o-C − H silylation``, ``N-H``, ``o-C``.
_BOND = re.compile(r"(?:[opm]-)?[CNOSHPB][-‐−–]?(?:\s?[-‐−–]\s?)[CNOSHPB]|[opm]-[CNOS]")


def _tidy(name: str) -> str:
    text = unicodedata.normalize("NFKC", name).translate(_DASHES)
    text = re.sub(r"\s+", " ", text).strip()
    return text.strip("\"'“”‘’` .;:,")


def quantity_kind(part: str) -> str | None:
    """The kind of quantity ``part`` is in full (``12.0 g`` → a mass), ``a bare number``,
    or None. ``12g``/``3h`` are labels: a one-letter unit glued to a whole number."""
    match = _QUANTITY.fullmatch(part.strip())
    if match is None:
        return None
    unit = match["unit"]
    if unit is None:
        return "a bare number"
    if (
        len(unit) == 1
        and unit not in "%℃"
        and not match["space"]
        and "." not in match["number"]
        and "," not in match["number"]
    ):
        return None
    return _UNIT_KIND[unit.casefold()]


def _looks(part: str) -> bool:
    """Only words of appearance or form (``off-white solid``, ``crude residue``), or
    such words before a word for any substance (``white crystalline compound``,
    ``yellow product``: how it looked, not which compound it was)."""
    words = [w for w in re.split(r"[\s\-]+", part.casefold()) if w]
    if len(words) >= 2 and words[-1] in _ANY_SUBSTANCE:
        words = words[:-1]
        if words[0] in ("the", "a", "an") or all(w in _NOT_SEEN for w in words):
            return False  # "the product", "crude product": what the text calls it
    return bool(words) and all(w in _APPEARANCE for w in words) and part.casefold() not in _DYES


#: A word for any substance, after words of appearance: no compound's name.
_ANY_SUBSTANCE = frozenset(
    {"compound", "compounds", "product", "products", "material", "substance", "mass"}
)
#: Words of the appearance list that say nothing of how a substance looked.
_NOT_SEEN = frozenset({"the", "a", "an", "as", "of", "in", "to", "crude", "very", "slightly"})


def _as_quantities_and_looks(text: str) -> str | None:
    """A quantity, a list of them, an appearance, or an appearance with amounts:
    ``(2.10 g, 64%)``, ``0.815 g (61% yield)``, ``white solid (0.35 g)``."""
    parts = [p.strip() for p in _PARTS.split(text) if p and p.strip()]
    if not parts:
        return None
    kinds: list[str] = []
    looks = False
    for part in parts:
        kind = quantity_kind(part)
        if kind is not None:
            kinds.append(kind)
        elif _looks(part):
            looks = True
        else:
            return None
    if looks:
        return "a description of appearance or form, not a name"
    named = [k for k in kinds if k != "a bare number"]
    if not named:
        return "a bare number (a label belongs in compound.label)"
    return f"{named[0]}, not a name" if len(kinds) == 1 else f"quantities ({named[0]}), not a name"


def _solvent(part: str) -> bool:
    key = re.sub(r"\s+", " ", part.strip(" ()[]").casefold())
    return key in _SOLVENTS


def is_solvent(name: str) -> bool:
    """One of the common solvents (``water``, ``EtOH``, ``THF``)."""
    return _solvent(name)


#: What a value is measured in besides the solvents: a logP's octanol, a buffer.
_MEDIA = frozenset({"octanol", "1-octanol", "n-octanol", "buffer"})


def names_a_medium(name: str) -> bool:
    """A solvent, a solvent mixture or another medium a value is measured or
    crystallised in (``EtOH``, ``EtOH/H2O``, ``octanol``, ``buffer``): the bracket after a
    value that names one says where the value was taken, not whose it is."""
    key = re.sub(r"\s+", " ", name.strip(" ()[]").casefold())
    return key in _MEDIA or _solvent(name) or _as_solvents(name) is not None


def is_solvent_mixture(name: str) -> bool:
    """Two solvents or more mixed (``EtOH/H2O``, ``EtOAc-hexane``), or a mixture sold
    as one (``hexanes``)."""
    return _as_solvents(name) is not None


def is_appearance(text: str) -> bool:
    """Only how a substance looked (``White solid``, ``pale yellow oil``): a table cell
    of this names no row's compound."""
    return _looks(text.strip())


def is_auxiliary(name: str) -> bool:
    """A solvent or one of the reagents a procedure only works with (``MgSO4``,
    ``sodium bicarbonate``, ``Cs2CO3``, ``pyridine``): never the compound a yield is of."""
    return _solvent(name) or re.sub(r"\s+", " ", name.strip(" ()[]").casefold()) in _AUXILIARIES


def _as_solvents(text: str) -> str | None:
    """Two solvents or more mixed (``EtOAc/hexane (1:4)``, ``EtOAc-hexane``,
    ``5% MeOH in DCM``), or a mixture sold as one (``hexanes``)."""
    stripped = _PERCENT_OF.sub(" ", _RATIO.sub(" ", text)).strip(" ()[]")
    if stripped.casefold() in _MIXTURES:
        return "a mixture (solvent or medium), not one compound"
    count = 0
    for part in (p for p in _MIXING.split(stripped) if p and p.strip(" ()[]")):
        if _solvent(part):
            count += 1
            continue
        pieces = [p for p in part.split("-") if p.strip()]
        if len(pieces) >= 2 and all(_solvent(p) for p in pieces):
            count += len(pieces)
            continue
        return None
    return "a solvent mixture or eluent, not one compound" if count >= 2 else None


def _as_material(text: str) -> str | None:
    """A stage of the work-up or a solution of stated strength."""
    key = " ".join(w for w in text.casefold().split() if w not in ("the", "a", "an"))
    if key in _WORK_UP:
        return "a stage of the work-up, not a compound"
    if key in ("quantitative", "quant.", "quantitative yield", "quantitatively"):
        return "a yield, not a name"
    if key in _MIXTURES:
        return "a mixture (solvent or medium), not one compound"
    if _SOLUTION.fullmatch(text):
        return "a solution, not one compound"
    return None


#: Whole strings that print where a name could stand and are none, in the order they
#: are tried, each with why (``junk_reason``).
#: ``24th``, ``1st``, ``3rd``: a count or a date's day.
ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)", re.IGNORECASE)
_NOT_A_NAME: tuple[tuple[re.Pattern[str], str], ...] = (
    (_MEASURE_WORD, "a property's or a spectrum's abbreviation, not a name"),
    (_PROCESS, "a step of a synthesis, not a name"),
    (_BOND, "a bond, not a name"),
    (_ROTATION, "an optical rotation's symbol, not a name"),
    (_ATOM_RANGE, "a range of atoms (a fragment's span), not a name"),
    (_ATOM, "an atom's number, not a name"),
    (_REACTION_QUALITY, "how selective a reaction was, not a name"),
    (_JOURNAL_WORDS, "a word of a journal's abbreviated name, not a name"),
    (_MODIFIER, "a modifier of what follows it (a title's Palladium-Catalyzed), not a name"),
    (_CITATION_YEAR, "a citation's year run into its journal, not a name"),
    (ORDINAL, "an ordinal (Received 24th April), not a name or a label"),
)
