"""Which stated quantities become candidates, what cues name them, and what blocks them.

A candidate that is missed never reaches the model (lost recall); a number that is
not blocked is sent as if it were a value (a reaction temperature read as a melting
point). Both directions are tested on the conventions of experimental sections.
"""

from __future__ import annotations

import pytest

from molextract.extraction.candidates import Candidate, find_candidates
from molextract.schemas import get_schema

MP = "molecular_properties"
THIN = "\u2009"
NNBSP = "\u202f"
NBSP = "\u00a0"
MINUS = "\u2212"
SOFT_HYPHEN = "\u00ad"


def at(text: str, shown: str, schema: str = MP) -> list[Candidate]:
    """The candidates whose quantity is printed as ``shown``."""
    found = find_candidates(text, get_schema(schema))
    return [c for c in found if text[c.quantity.start : c.quantity.end] == shown]


def one(text: str, shown: str, schema: str = MP) -> Candidate:
    found = at(text, shown, schema)
    everything = [
        (text[c.quantity.start : c.quantity.end], c.blocked)
        for c in find_candidates(text, get_schema(schema))
    ]
    assert len(found) == 1, everything
    return found[0]


# --- property cues --------------------------------------------------------------------

# (schema, text, quantity as printed, property its cue names)
CUED = [
    # melting points
    pytest.param(MP, "mp 121 °C", "121 °C", "melting_point", id="mp"),
    pytest.param(MP, "m.p. 121 °C", "121 °C", "melting_point", id="m.p."),
    pytest.param(MP, "M.p. 121 °C.", "121 °C", "melting_point", id="M.p."),
    pytest.param(MP, "M.p.: 121 °C", "121 °C", "melting_point", id="M.p.-colon"),
    pytest.param(MP, "m.p. = 121 °C", "121 °C", "melting_point", id="m.p.-equals"),
    pytest.param(MP, "m. p. 121 °C", "121 °C", "melting_point", id="m.-p."),
    pytest.param(MP, "MP 121 °C", "121 °C", "melting_point", id="MP"),
    pytest.param(MP, "Mp 121 °C", "121 °C", "melting_point", id="Mp"),
    pytest.param(MP, "melting point 121 °C", "121 °C", "melting_point", id="melting-point"),
    pytest.param(MP, "melting point of 121 °C", "121 °C", "melting_point", id="melting-point-of"),
    pytest.param(MP, "m.p. of 121 °C", "121 °C", "melting_point", id="m.p.-of"),
    pytest.param(MP, "mp of 121 °C", "121 °C", "melting_point", id="mp-of"),
    pytest.param(MP, "The melting point was 121 °C.", "121 °C", "melting_point", id="mp-was"),
    pytest.param(MP, "melting point: 121–123 °C", "121–123 °C", "melting_point", id="mp-colon"),
    pytest.param(MP, "melting range 121–123 °C", "121–123 °C", "melting_point", id="mp-range"),
    pytest.param(MP, "melting temperature 121 °C", "121 °C", "melting_point", id="melting-temp"),
    pytest.param(MP, "It melts at 121 °C.", "121 °C", "melting_point", id="melts-at"),
    pytest.param(MP, "The solid melted at 121 °C.", "121 °C", "melting_point", id="melted-at"),
    pytest.param(MP, "melting at 121 °C", "121 °C", "melting_point", id="melting-at"),
    pytest.param(
        MP,
        "the compound melts between 121 and 123 °C",
        "121 and 123 °C",
        "melting_point",
        id="melts-between",
    ),
    pytest.param(
        MP,
        "Recrystallisation from ethanol gave benzoic acid as white needles, mp 121–123 °C.",
        "121–123 °C",
        "melting_point",
        id="mp-after-description",
    ),
    pytest.param(MP, "Compound 3b: mp 121 °C.", "121 °C", "melting_point", id="label-colon-mp"),
    pytest.param(MP, "white solid; mp 121–122 °C", "121–122 °C", "melting_point", id="semicolon"),
    pytest.param(
        MP, "white solid, m.p. 121-122 oC", "121-122 oC", "melting_point", id="letter-o-degree"
    ),
    pytest.param(MP, "m.p.: 121-123 ºC", "121-123 ºC", "melting_point", id="ordinal-degree"),
    pytest.param(MP, "mp 121 ℃", "121 ℃", "melting_point", id="celsius-sign"),
    pytest.param(MP, f"mp 121{THIN}°C", f"121{THIN}°C", "melting_point", id="thin-space"),
    pytest.param(MP, f"mp 121{NNBSP}°C", f"121{NNBSP}°C", "melting_point", id="narrow-nbsp"),
    pytest.param(MP, f"mp{NBSP}121{NBSP}°C", f"121{NBSP}°C", "melting_point", id="nbsp"),
    pytest.param(MP, "mp 250 °C (dec.)", "250 °C", "melting_point", id="decomposition"),
    pytest.param(MP, "mp >300 °C", ">300 °C", "melting_point", id="above-300"),
    pytest.param(MP, "mp > 300 °C (dec.)", "> 300 °C", "melting_point", id="above-300-dec"),
    pytest.param(MP, "mp above 300 °C", "above 300 °C", "melting_point", id="mp-above-word"),
    pytest.param(MP, "mp 394 K", "394 K", "melting_point", id="kelvin"),
    pytest.param(MP, "mp 250 °F", "250 °F", "melting_point", id="fahrenheit"),
    pytest.param(MP, "mp (EtOH) 121 °C", "121 °C", "melting_point", id="mp-solvent-first"),
    pytest.param(MP, "mp: 121 °C (from EtOH)", "121 °C", "melting_point", id="mp-solvent-after"),
    pytest.param(
        MP, f"mp {MINUS}12 °C", f"{MINUS}12 °C", "melting_point", id="negative-melting-point"
    ),
    pytest.param(
        MP,
        "Compound 5 (mp 121 °C) was then heated in toluene to 180 °C.",
        "121 °C",
        "melting_point",
        id="mp-in-brackets-before-condition",
    ),
    # boiling points
    pytest.param(MP, "bp 80 °C", "80 °C", "boiling_point", id="bp"),
    pytest.param(MP, "b.p. 80 °C", "80 °C", "boiling_point", id="b.p."),
    pytest.param(MP, "B.p. 80 °C", "80 °C", "boiling_point", id="B.p."),
    pytest.param(MP, "BP 80 °C", "80 °C", "boiling_point", id="BP"),
    pytest.param(MP, "bp 383 K", "383 K", "boiling_point", id="bp-kelvin"),
    pytest.param(MP, "boiling point 110.6 °C", "110.6 °C", "boiling_point", id="boiling-point"),
    pytest.param(MP, "boiling point of 110.6 °C", "110.6 °C", "boiling_point", id="bp-of"),
    pytest.param(MP, "boils at 110 °C", "110 °C", "boiling_point", id="boils-at"),
    pytest.param(MP, "boiling range 80–85 °C", "80–85 °C", "boiling_point", id="boiling-range"),
    pytest.param(MP, "distilled at 80 °C", "80 °C", "boiling_point", id="distilled-at"),
    pytest.param(
        MP,
        "Toluene (bp 110.6 °C) was distilled before use.",
        "110.6 °C",
        "boiling_point",
        id="bp-in-brackets",
    ),
    pytest.param(MP, "bp 80 °C/15 mmHg", "80 °C", "boiling_point", id="bp-with-pressure"),
    # yields
    pytest.param(MP, "yield 87%", "87%", "reaction_yield", id="yield-before"),
    pytest.param(MP, "Yield: 87%", "87%", "reaction_yield", id="Yield-colon"),
    pytest.param(MP, "yield: 87 %", "87 %", "reaction_yield", id="yield-spaced-percent"),
    pytest.param(MP, "Yield 87%.", "87%", "reaction_yield", id="Yield-sentence"),
    pytest.param(MP, "yld 87%", "87%", "reaction_yield", id="yld"),
    pytest.param(MP, "The yield was 92%.", "92%", "reaction_yield", id="yield-was"),
    pytest.param(MP, "in a yield of 87%", "87%", "reaction_yield", id="a-yield-of"),
    pytest.param(MP, "87% yield", "87%", "reaction_yield", id="yield-after"),
    pytest.param(MP, "87% isolated yield", "87%", "reaction_yield", id="isolated-yield"),
    pytest.param(MP, "87% overall yield", "87%", "reaction_yield", id="overall-yield"),
    pytest.param(MP, "87% combined yield", "87%", "reaction_yield", id="combined-yield"),
    pytest.param(MP, "87% crude yield", "87%", "reaction_yield", id="crude-yield"),
    pytest.param(
        MP,
        "Amide 4b was obtained in 87% yield.",
        "87%",
        "reaction_yield",
        id="in-87-percent-yield",
    ),
    pytest.param(
        MP, "4b was isolated in 87% yield", "87%", "reaction_yield", id="isolated-in-yield"
    ),
    pytest.param(
        MP,
        "The title compound was prepared in 65% yield.",
        "65%",
        "reaction_yield",
        id="prepared-in-yield",
    ),
    pytest.param(MP, "in 75% yield over two steps", "75%", "reaction_yield", id="yield-over-steps"),
    pytest.param(MP, "83% of the theoretical", "83%", "reaction_yield", id="of-the-theoretical"),
    pytest.param(MP, "83% of theoretical", "83%", "reaction_yield", id="of-theoretical"),
    pytest.param(MP, "83% of theory", "83%", "reaction_yield", id="of-theory"),
    pytest.param(MP, "83% of th. yield", "83%", "reaction_yield", id="of-th."),
    pytest.param(
        MP,
        "Amide 4b (1.65 g, 6.65 mmol, 70%) was obtained.",
        "70%",
        "reaction_yield",
        id="mass-amount-percent",
    ),
    pytest.param(MP, "4b (1.65 g, 70%)", "70%", "reaction_yield", id="mass-percent"),
    pytest.param(MP, "4b (70%, 1.65 g)", "70%", "reaction_yield", id="percent-mass"),
    pytest.param(MP, "4b (1.65 g, 6.65 mmoles, 70%)", "70%", "reaction_yield", id="mmoles-sibling"),
    pytest.param(
        MP, "4b (1.65 g; 6.65 mmol; 70%)", "70%", "reaction_yield", id="semicolon-siblings"
    ),
    pytest.param(MP, "(250 mg, 0.8 mmol, 80%)", "80%", "reaction_yield", id="mg-sibling"),
    pytest.param(MP, "(1.2 mL, 10 mmol, 90%)", "90%", "reaction_yield", id="ml-sibling"),
    pytest.param(
        MP, "(0.5 g, 2.1 mmol, 85% yield)", "85%", "reaction_yield", id="siblings-and-word"
    ),
    pytest.param(
        MP,
        "gave 4b (0.50 g, 85%) as a white solid",
        "85%",
        "reaction_yield",
        id="gave-mass-percent",
    ),
    pytest.param(MP, "gave 4b (70%).", "70%", "reaction_yield", id="gave-bare-percent"),
    pytest.param(MP, "provided 4b (85%)", "85%", "reaction_yield", id="provided"),
    pytest.param(MP, "furnished 4b (92%)", "92%", "reaction_yield", id="furnished"),
    pytest.param(MP, "afforded the amide in 87%.", "87%", "reaction_yield", id="afforded-in"),
    pytest.param(MP, "yielded 4b in 87%.", "87%", "reaction_yield", id="yielded-in"),
    pytest.param(
        MP,
        "was obtained in quantitative yield (99%)",
        "99%",
        "reaction_yield",
        id="quantitative-yield",
    ),
    pytest.param(MP, "yield 70–75%", "70–75%", "reaction_yield", id="yield-range"),
    pytest.param(MP, "yields of 60-85%", "60-85%", "reaction_yield", id="yields-of-range"),
    pytest.param(MP, "yield ca. 80%", "ca. 80%", "reaction_yield", id="yield-ca"),
    pytest.param(
        MP, "gave 4b (85%) and 4c (10%)", "10%", "reaction_yield", id="second-bare-percent"
    ),
    pytest.param(MP, "gave 4b (85%, 98% ee)", "85%", "reaction_yield", id="yield-next-to-ee"),
    pytest.param(
        MP,
        "gave 4b (85%, >95% purity)",
        "85%",
        "reaction_yield",
        id="yield-next-to-purity",
    ),
    pytest.param(
        MP,
        "The mixture was heated at 80 °C for 2 h to give 4b (85%).",
        "85%",
        "reaction_yield",
        id="yield-after-condition",
    ),
    pytest.param(
        MP,
        "10 mol% Pd(OAc)2 gave 4b (85%)",
        "85%",
        "reaction_yield",
        id="yield-after-mol-percent",
    ),
    pytest.param(
        MP, "5 wt% Pd/C gave 4b (85%)", "85%", "reaction_yield", id="yield-after-wt-percent"
    ),
    pytest.param(
        MP, f"gave 4b in 87{NNBSP}% yield", f"87{NNBSP}%", "reaction_yield", id="narrow-nbsp"
    ),
    # densities
    pytest.param(MP, "The density is 1.05 g/mL.", "1.05 g/mL", "density", id="density-is"),
    pytest.param(MP, "density 1.05 g/mL", "1.05 g/mL", "density", id="density"),
    pytest.param(MP, "density of 1.05 g/mL", "1.05 g/mL", "density", id="density-of"),
    pytest.param(MP, "d 1.05 g/mL", "1.05 g/mL", "density", id="d"),
    pytest.param(MP, "d = 1.05 g/mL", "1.05 g/mL", "density", id="d-equals"),
    pytest.param(MP, "d20 1.05 g/mL", "1.05 g/mL", "density", id="d20"),
    pytest.param(MP, "d 1.05 g mL−1", "1.05 g mL−1", "density", id="d-g-ml-inverse"),
    pytest.param(MP, "density: 0.789 g mL-1", "0.789 g mL-1", "density", id="density-colon"),
    pytest.param(MP, "ρ = 1.05 g/cm3", "1.05 g/cm3", "density", id="rho"),
    pytest.param(
        MP, "The liquid (d 0.789 g/mL) was added.", "0.789 g/mL", "density", id="d-in-brackets"
    ),
    pytest.param(MP, "It has 1.49 g/cm3 at 20 °C.", "1.49 g/cm3", "density", id="g-cm3-alone"),
    pytest.param(MP, "1.49 g/cm³", "1.49 g/cm³", "density", id="g-cm-superscript-alone"),
    pytest.param(MP, "1.2 g cm−3", "1.2 g cm−3", "density", id="g-cm-inverse-alone"),
    pytest.param(MP, "d = 0.87 g cm⁻³", "0.87 g cm⁻³", "density", id="g-cm-superscript-minus"),
    pytest.param(MP, "1490 kg/m3", "1490 kg/m3", "density", id="kg-m3-alone"),
    pytest.param(
        MP,
        "Chloroform has a density of 1.49 g/cm³ at 20 °C.",
        "1.49 g/cm³",
        "density",
        id="schema-example",
    ),
    pytest.param(
        MP, "Density (25 °C): 1.05 g/mL", "1.05 g/mL", "density", id="density-temperature-first"
    ),
    # solubilities
    pytest.param(
        MP, "The solubility in water is 21.6 g/L.", "21.6 g/L", "solubility", id="solubility-is"
    ),
    pytest.param(MP, "solubility 21.6 g/L", "21.6 g/L", "solubility", id="solubility"),
    pytest.param(MP, "solubility of 3 mg/mL", "3 mg/mL", "solubility", id="solubility-of"),
    pytest.param(MP, "Hydrolysis gave 78 % of 5 .", "78 %", "reaction_yield", id="gave-share-of"),
    pytest.param(
        MP,
        "The tosylate 25 ( 93 % ) was then displaced with sodium azide .",
        "93 %",
        "reaction_yield",
        id="bracket-after-the-subject-it-goes-on-to-use",
    ),
    pytest.param(
        MP,
        "Cyclization of ketone 4e provides 62% of silylalkenes 26 and 27.",
        "62%",
        "reaction_yield",
        id="provides-share-of",
    ),
    pytest.param(
        MP,
        "Reduction of 16 gave the alcohol 18 ( 85 % ) along with 8 % of the over - reduced "
        "alcohol 17 .",
        "8 %",
        "reaction_yield",
        id="by-product-share-beside-the-product",
    ),
    pytest.param(
        MP,
        "The coupling gave biaryl 5 in 78% yield, accompanied by 9% of the dimer 6.",
        "9%",
        "reaction_yield",
        id="by-product-share-accompanied-by",
    ),
    pytest.param(
        MP,
        "Unfortunately , aldehyde 12 gave only 20 % of the desired product 13 .",
        "20 %",
        "reaction_yield",
        id="gave-only-share-of",
    ),
    pytest.param(
        MP,
        "Distillation afforded 62% of pure 2-methylpentane.",
        "62%",
        "reaction_yield",
        id="afforded-share-of",
    ),
    pytest.param(MP, "soluble to 5 mg/mL", "5 mg/mL", "solubility", id="soluble-to"),
    pytest.param(MP, "soluble up to 5 mg/mL", "up to 5 mg/mL", "solubility", id="soluble-up-to"),
    pytest.param(MP, "soluble in water to 50 mM", "50 mM", "solubility", id="soluble-in-to"),
    pytest.param(
        MP, "dissolves in water at 21.6 g/L.", "21.6 g/L", "solubility", id="dissolves-at"
    ),
    pytest.param(
        MP,
        "Caffeine dissolves in water at 21.6 g/L at 25 °C.",
        "21.6 g/L",
        "solubility",
        id="schema-example-solubility",
    ),
    pytest.param(
        MP,
        "The compound dissolved at 2.5 mg/mL in PBS.",
        "2.5 mg/mL",
        "solubility",
        id="dissolved-at",
    ),
    pytest.param(MP, "water solubility: 0.5 mM", "0.5 mM", "solubility", id="millimolar"),
    pytest.param(MP, "aqueous solubility of 25 µM", "25 µM", "solubility", id="micromolar"),
    pytest.param(MP, "solubility 0.1 mol L−1", "0.1 mol L−1", "solubility", id="mol-l-inverse"),
    pytest.param(MP, "solubility 3 µg/mL", "3 µg/mL", "solubility", id="micrograms-per-ml"),
    pytest.param(MP, "solubility 3 g/100 mL", "3 g/100 mL", "solubility", id="g-per-100-ml"),
    pytest.param(
        MP, "solubility 21.6 g L⁻¹", "21.6 g L⁻¹", "solubility", id="g-l-superscript-inverse"
    ),
    pytest.param(
        MP, "solubility 1.2 × 10−3 M", "1.2 × 10−3 M", "solubility", id="scientific-notation"
    ),
    pytest.param(
        MP, "Its solubility is 4.0 g per 100 mL.", "4.0 g per 100 mL", "solubility", id="per"
    ),
    pytest.param(
        MP, "a saturated solution contains 21 g/L", "21 g/L", "solubility", id="saturated"
    ),
    pytest.param(
        MP, "solubility in DMSO >10 mg/mL", ">10 mg/mL", "solubility", id="solubility-above"
    ),
    pytest.param(MP, "insoluble (<0.1 mg/mL)", "<0.1 mg/mL", "solubility", id="insoluble-below"),
    pytest.param(
        MP,
        "It is soluble in water (33 g/L at 20 °C).",
        "33 g/L",
        "solubility",
        id="soluble-in-brackets",
    ),
    pytest.param(
        MP,
        "solubility in 0.1 M HCl was 5 mg/mL",
        "5 mg/mL",
        "solubility",
        id="solubility-in-reagent",
    ),
    # single-property schemas
    pytest.param("melting_point", "mp 121 °C", "121 °C", "melting_point", id="mp-schema"),
    pytest.param("boiling_point", "bp 80 °C/15 mmHg", "80 °C", "boiling_point", id="bp-schema"),
    pytest.param("reaction_yield", "in 87% yield", "87%", "reaction_yield", id="yield-schema"),
    pytest.param(
        "reaction_yield",
        "Amide 4b (1.65 g, 6.65 mmol, 70%) was obtained.",
        "70%",
        "reaction_yield",
        id="yield-schema-siblings",
    ),
    pytest.param("solubility", "solubility 5 mM", "5 mM", "solubility", id="solubility-schema"),
    pytest.param(
        "solubility",
        "dissolves in water at 21.6 g/L.",
        "21.6 g/L",
        "solubility",
        id="solubility-schema-dissolves",
    ),
    pytest.param(
        MP,
        "2-Amino-4-phenyl-4H-chromene-3-carbonitrile (8e): Yellow solid, 90 %, m. p. 232 °C.",
        "90 %",
        "reaction_yield",
        id="yield-after-the-form",
    ),
    pytest.param("density", "d 1.05 g/mL", "1.05 g/mL", "density", id="density-schema"),
    pytest.param("density", "1.49 g/cm3", "1.49 g/cm3", "density", id="density-schema-unit"),
]


@pytest.mark.parametrize(("schema", "text", "shown", "prop"), CUED)
def test_property_cues(schema: str, text: str, shown: str, prop: str) -> None:
    c = one(text, shown, schema)
    assert c.blocked is None
    assert prop in c.cues
    assert prop in c.properties
    start, end = c.sentence
    assert start <= c.quantity.start and c.quantity.end <= end


# --- pressures of boiling points ------------------------------------------------------

# (text, boiling point as printed, pressure as printed)
PRESSURES = [
    pytest.param("bp 80 °C/15 mmHg", "80 °C", "15 mmHg", id="slash-mmHg"),
    pytest.param("bp 80–82 °C/15 mmHg", "80–82 °C", "15 mmHg", id="range-slash-mmHg"),
    pytest.param("bp 80 °C/15 mm Hg", "80 °C", "15 mm Hg", id="slash-mm-Hg"),
    pytest.param("b.p. 80 °C/760 mmHg", "80 °C", "760 mmHg", id="atmospheric"),
    pytest.param("bp 80 °C/0.5 mmHg", "80 °C", "0.5 mmHg", id="decimal-mmHg"),
    pytest.param("bp 45 °C/0.1 mbar", "45 °C", "0.1 mbar", id="slash-mbar"),
    pytest.param("bp 80 °C/15 Torr", "80 °C", "15 Torr", id="slash-Torr"),
    pytest.param("bp 80 °C/2 kPa", "80 °C", "2 kPa", id="slash-kPa"),
    pytest.param("b.p. 80 °C (15 mmHg)", "80 °C", "15 mmHg", id="bracket-mmHg"),
    pytest.param("b.p. 80-82 °C (15 mmHg)", "80-82 °C", "15 mmHg", id="range-bracket-mmHg"),
    pytest.param("bp 80 °C (0.5 Torr)", "80 °C", "0.5 Torr", id="bracket-Torr"),
    pytest.param("bp 80 °C (15 mm)", "80 °C", "15 mm", id="bracket-mm"),
    pytest.param("bp 80 °C at 15 Torr", "80 °C", "15 Torr", id="at-Torr"),
    pytest.param("bp 80 °C under 15 mmHg", "80 °C", "15 mmHg", id="under-mmHg"),
    pytest.param("bp 80 °C, 15 mmHg", "80 °C", "15 mmHg", id="comma-mmHg"),
    pytest.param("distilled at 80 °C/15 mmHg", "80 °C", "15 mmHg", id="distilled-at"),
    pytest.param("distillation at 80 °C/15 mmHg", "80 °C", "15 mmHg", id="distillation-at"),
    pytest.param(
        "The product was distilled (bp 80 °C/15 mmHg).", "80 °C", "15 mmHg", id="in-sentence"
    ),
    pytest.param("bp 80 °C", "80 °C", None, id="no-pressure"),
    pytest.param("bp 110.6 °C (lit. 110 °C)", "110.6 °C", None, id="literature-is-no-pressure"),
]


@pytest.mark.parametrize(("text", "shown", "pressure"), PRESSURES)
def test_boiling_point_pressure(text: str, shown: str, pressure: str | None) -> None:
    c = one(text, shown)
    assert c.blocked is None
    assert "boiling_point" in c.cues
    assert c.pressure == pressure


def test_pressure_is_never_a_candidate() -> None:
    text = "bp 80 °C/15 mmHg"
    assert [
        text[c.quantity.start : c.quantity.end] for c in find_candidates(text, get_schema(MP))
    ] == ["80 °C"]


# --- numbers that must not be sent --------------------------------------------------

# (schema, text, quantity as printed, the reason it is blocked)
BLOCKED = [
    # reaction conditions
    pytest.param(
        MP, "The mixture was heated to 80 °C.", "80 °C", "no property cue", id="heated-to"
    ),
    pytest.param(
        MP, "The mixture of 5 (60%) was heated.", "60%", "no property cue", id="mixture-of-bracket"
    ),
    pytest.param(
        MP, "The mixture contained 78% of 5.", "78%", "no property cue", id="share-of-mixture"
    ),
    pytest.param(MP, "This gave 78% of the mixture.", "78%", "no property cue", id="gave-mixture"),
    pytest.param(
        MP,
        "water quality parameters of 24–26°C, 6.6–7.4 mg/L dissolved oxygen, and 8.1 pH",
        "6.6–7.4 mg/L",
        "no property cue",
        id="dissolved-oxygen",
    ),
    pytest.param(
        MP, "The mixture was stirred at 0 °C for 2 h.", "0 °C", "no property cue", id="at-0"
    ),
    pytest.param(MP, "cooled to −78 °C", "−78 °C", "no property cue", id="cooled-to"),
    pytest.param(MP, "stored at −20 °C", "−20 °C", "no property cue", id="stored-at"),
    pytest.param(MP, "heated to reflux (80 °C)", "80 °C", "no property cue", id="reflux"),
    pytest.param(
        MP, "stirred at room temperature (25 °C)", "25 °C", "no property cue", id="room-temp"
    ),
    pytest.param(
        MP,
        "The mixture was heated at 80 °C for 2 h to give 4b (85%).",
        "80 °C",
        "no property cue",
        id="heated-at-before-yield",
    ),
    pytest.param(
        MP,
        "Compound 5 (mp 121 °C) was then heated in toluene to 180 °C.",
        "180 °C",
        "a condition",
        id="heated-to-after-mp",
    ),
    pytest.param(
        MP,
        "mp 121 °C; the filtrate was stirred at 0 °C",
        "0 °C",
        "a condition",
        id="stirred-at-after-mp",
    ),
    pytest.param(MP, "mp 121 °C; stirred at 0 °C", "0 °C", "a condition", id="stirred-at-near-mp"),
    pytest.param(
        MP, "The mp sample was cooled to 0 °C.", "0 °C", "a condition", id="cooled-to-near-mp"
    ),
    pytest.param(
        MP, "The mp sample was heated to 300 °C.", "300 °C", "a condition", id="heated-to-near-mp"
    ),
    pytest.param(
        MP,
        "After the melting point was measured, the sample was heated to 250 °C.",
        "250 °C",
        "a condition",
        id="heated-to-after-melting-point",
    ),
    pytest.param(
        MP,
        "mp 121 °C, recrystallised at 4 °C",
        "4 °C",
        "a condition",
        id="recrystallised-at",
    ),
    pytest.param(
        MP,
        "bp 80 °C; the residue was dried at 50 °C",
        "50 °C",
        "a condition",
        id="dried-at-after-bp",
    ),
    pytest.param(
        MP,
        "The bp of the mixture is reached when heated to 80 °C.",
        "80 °C",
        "a condition",
        id="heated-to-after-bp",
    ),
    # rates
    pytest.param(MP, "heated at a rate of 10 °C/min", "10 °C", "a rate", id="rate-slash-min"),
    pytest.param(MP, "heated at 10 °C min-1", "10 °C", "a rate", id="rate-min-inverse"),
    pytest.param(MP, "mp 121 °C (heating rate 10 °C/min)", "10 °C", "a rate", id="rate-beside-mp"),
    pytest.param(
        MP, "mp 121 °C (heating rate 10 °C min−1)", "10 °C", "a rate", id="rate-unicode-minus"
    ),
    pytest.param(MP, "mp 121 °C, heating rate 10 °C/min", "10 °C", "a rate", id="rate-after-mp"),
    pytest.param(MP, "mp (DSC, 10 °C/min) 121 °C", "10 °C", "a rate", id="rate-before-mp"),
    pytest.param(MP, "mp determined at 10 °C min−1", "10 °C", "a rate", id="rate-determined-at"),
    pytest.param(MP, "melting point measured at 5 °C per min", "5 °C", "a rate", id="rate-per-min"),
    pytest.param(MP, "mp 121 °C (DSC, 10 K/min)", "10 K", "a rate", id="rate-kelvin"),
    # percentages that are no yields
    pytest.param(
        MP,
        "NaH (55% in oil) was added.",
        "55%",
        "a reagent's strength, a purity or an excess",
        id="in-oil",
    ),
    pytest.param(
        MP, "55% in oil", "55%", "a reagent's strength, a purity or an excess", id="in-oil-alone"
    ),
    pytest.param(
        MP,
        "NaH (0.5 g, 55% in oil)",
        "55%",
        "a reagent's strength, a purity or an excess",
        id="in-oil-beside-mass",
    ),
    pytest.param(
        MP,
        "NaH (55% in oil, 0.5 g)",
        "55%",
        "a reagent's strength, a purity or an excess",
        id="in-oil-before-mass",
    ),
    pytest.param(
        MP,
        "NaH (0.48 g, 60% in mineral oil, 12 mmol)",
        "60%",
        "a reagent's strength, a purity or an excess",
        id="in-mineral-oil",
    ),
    pytest.param(
        MP,
        "NaH (60% dispersion in mineral oil)",
        "60%",
        "a reagent's strength, a purity or an excess",
        id="dispersion",
    ),
    pytest.param(
        MP,
        "Pd/C (10%) was added.",
        "10%",
        "a reagent's strength, a purity or an excess",
        id="pd-c",
    ),
    pytest.param(
        MP,
        "Pd/C (10%, 50 mg)",
        "10%",
        "a reagent's strength, a purity or an excess",
        id="pd-c-with-mass",
    ),
    pytest.param(
        MP,
        "10% Pd/C (50 mg)",
        "10%",
        "a reagent's strength, a purity or an excess",
        id="percent-pd-c",
    ),
    pytest.param(
        MP,
        "37% HCl (5 mL) was added.",
        "37%",
        "a reagent's strength, a purity or an excess",
        id="hcl",
    ),
    pytest.param(
        MP,
        "gave the salt with 37% aq. HCl",
        "37%",
        "a reagent's strength, a purity or an excess",
        id="aq-hcl",
    ),
    pytest.param(
        MP, "30% H2O2 (2 mL)", "30%", "a reagent's strength, a purity or an excess", id="h2o2"
    ),
    pytest.param(
        MP,
        "10% aqueous NaOH",
        "10%",
        "a reagent's strength, a purity or an excess",
        id="aqueous",
    ),
    pytest.param(
        MP,
        "the product was obtained in 98% ee",
        "98%",
        "a reagent's strength, a purity or an excess",
        id="ee",
    ),
    pytest.param(
        MP,
        "gave 4b in 99% ee",
        "99%",
        "a reagent's strength, a purity or an excess",
        id="in-ee",
    ),
    pytest.param(
        MP,
        "gave 4b (85%, 98% ee)",
        "98%",
        "a reagent's strength, a purity or an excess",
        id="ee-beside-yield",
    ),
    pytest.param(
        MP,
        "gave 4b in 92% yield and 98% e.e.",
        "98%",
        "a reagent's strength, a purity or an excess",
        id="e.e.",
    ),
    pytest.param(
        MP,
        "gave 4b in 85% yield (98% ee)",
        "98%",
        "a reagent's strength, a purity or an excess",
        id="ee-in-brackets",
    ),
    pytest.param(
        MP,
        "gave 4b (85%; ee 98%)",
        "98%",
        "a reagent's strength, a purity or an excess",
        id="ee-before",
    ),
    pytest.param(
        MP,
        "(85% yield, 98% ee)",
        "98%",
        "a reagent's strength, a purity or an excess",
        id="ee-after-yield-word",
    ),
    pytest.param(
        MP,
        "purity >99% (HPLC)",
        ">99%",
        "a reagent's strength, a purity or an excess",
        id="purity-hplc",
    ),
    pytest.param(
        MP,
        "gave 4b (>99% purity)",
        ">99%",
        "a reagent's strength, a purity or an excess",
        id="purity-after",
    ),
    pytest.param(
        MP,
        "gave 4b, HPLC purity 99%",
        "99%",
        "a reagent's strength, a purity or an excess",
        id="hplc-purity",
    ),
    pytest.param(
        MP,
        "gave 4b (85%, >95% purity)",
        ">95%",
        "a reagent's strength, a purity or an excess",
        id="purity-beside-yield",
    ),
    pytest.param(
        MP,
        "gave 4b (95% conversion)",
        "95%",
        "a reagent's strength, a purity or an excess",
        id="conversion-after",
    ),
    pytest.param(
        MP,
        "conversion 95%",
        "95%",
        "a reagent's strength, a purity or an excess",
        id="conversion-before",
    ),
    pytest.param(
        MP,
        "eluting with 10% EtOAc in hexanes gave 4b (85%)",
        "10%",
        "a reagent's strength, a purity or an excess",
        id="eluent",
    ),
    pytest.param(
        MP,
        "gave 4b (85%) after chromatography (20% EtOAc/hexane)",
        "20%",
        "a reagent's strength, a purity or an excess",
        id="eluent-in-brackets",
    ),
    pytest.param(
        MP,
        "The product (>99% by HPLC)",
        ">99%",
        "a reagent's strength, a purity or an excess",
        id="by-hplc-without-verb",
    ),
    pytest.param(
        "reaction_yield",
        "NaH (55% in oil)",
        "55%",
        "a reagent's strength, a purity or an excess",
        id="yield-schema-in-oil",
    ),
    pytest.param(
        "reaction_yield",
        "Pd/C (10%)",
        "10%",
        "a reagent's strength, a purity or an excess",
        id="yield-schema-pd-c",
    ),
    pytest.param(
        "reaction_yield",
        "37% HCl",
        "37%",
        "a reagent's strength, a purity or an excess",
        id="yield-schema-hcl",
    ),
    pytest.param(
        "reaction_yield",
        "98% ee",
        "98%",
        "a reagent's strength, a purity or an excess",
        id="yield-schema-ee",
    ),
    # literature values
    pytest.param(MP, "mp 121 °C (lit. 122 °C)", "122 °C", "literature value", id="lit."),
    pytest.param(MP, "mp 121 °C (Lit. 122 °C)", "122 °C", "literature value", id="Lit."),
    pytest.param(MP, "mp 121 °C (lit.12 122 °C)", "122 °C", "literature value", id="lit.-ref"),
    pytest.param(
        MP, "mp 121 °C (lit.¹² 122 °C)", "122 °C", "literature value", id="lit.-superscript-ref"
    ),
    pytest.param(MP, "mp 121–123 °C (lit. mp 122 °C)", "122 °C", "literature value", id="lit.-mp"),
    pytest.param(
        MP,
        "mp 121–123 °C [lit. 122–124 °C]",
        "122–124 °C",
        "literature value",
        id="lit.-square-brackets",
    ),
    pytest.param(MP, "mp 121 °C (ref. 122 °C)", "122 °C", "literature value", id="ref."),
    pytest.param(MP, "mp 121 °C (ref 12: 122 °C)", "122 °C", "literature value", id="ref-number"),
    pytest.param(MP, "mp 121 °C (reported 122 °C)", "122 °C", "literature value", id="reported"),
    pytest.param(
        MP, "mp 121 °C (literature: 122 °C)", "122 °C", "literature value", id="literature"
    ),
    pytest.param(
        MP, "mp 121 °C, lit. mp 122 °C", "122 °C", "literature value", id="lit.-no-brackets"
    ),
    pytest.param(
        MP,
        "mp: 121 °C (lit. 122 °C), yield 85%",
        "122 °C",
        "literature value",
        id="lit.-then-yield",
    ),
    pytest.param(MP, "yield 85% (lit. 80%)", "80%", "literature value", id="literature-yield"),
    pytest.param(MP, "gave 4b (85%) (lit. 80%)", "80%", "literature value", id="lit.-bare-yield"),
    pytest.param(
        MP,
        "solubility 5 mg/mL (lit. 4 mg/mL)",
        "4 mg/mL",
        "literature value",
        id="literature-solubility",
    ),
    # restatements in another unit
    pytest.param(
        MP,
        "mp 130 °C (266 °F)",
        "266 °F",
        "the same value restated in another unit",
        id="fahrenheit-restated",
    ),
    pytest.param(
        MP,
        "mp 130 °C [266 °F]",
        "266 °F",
        "the same value restated in another unit",
        id="fahrenheit-square",
    ),
    pytest.param(
        MP,
        "mp 266 °F (130 °C)",
        "130 °C",
        "the same value restated in another unit",
        id="celsius-restated",
    ),
    pytest.param(
        MP,
        "mp 403 K (130 °C)",
        "130 °C",
        "the same value restated in another unit",
        id="kelvin-first",
    ),
    pytest.param(
        MP,
        "mp 130 °C (403 K)",
        "403 K",
        "the same value restated in another unit",
        id="kelvin-restated",
    ),
    pytest.param(
        MP,
        "bp 176 °F (80 °C)",
        "80 °C",
        "the same value restated in another unit",
        id="bp-celsius-restated",
    ),
    pytest.param(
        MP,
        "bp 80 °C/15 mmHg (176 °F)",
        "176 °F",
        "the same value restated in another unit",
        id="restated-after-pressure",
    ),
    # reagents' molarities
    pytest.param(MP, "2 M HCl (10 mL) was added.", "2 M", "a reagent's concentration", id="2M-HCl"),
    pytest.param(MP, "washed with 1 M NaOH", "1 M", "a reagent's concentration", id="1M-NaOH"),
    pytest.param(
        MP, "0.5 M aq. NaHCO3 was added", "0.5 M", "a reagent's concentration", id="aq-NaHCO3"
    ),
    pytest.param(
        MP,
        "The solubility was measured in 2 M HCl.",
        "2 M",
        "a reagent's concentration",
        id="solubility-in-2M-HCl",
    ),
    pytest.param(
        MP,
        "solubility in 0.1 M HCl was 5 mg/mL",
        "0.1 M",
        "a reagent's concentration",
        id="solvent-molarity",
    ),
    pytest.param(
        MP, "solubility in 1 M NaOH", "1 M", "a reagent's concentration", id="solubility-NaOH"
    ),
    pytest.param(
        MP, "soluble in 6 M HCl", "6 M", "a reagent's concentration", id="soluble-in-6M-HCl"
    ),
    pytest.param(MP, "solubility in 2.0 M LDA", "2.0 M", "a reagent's concentration", id="LDA"),
    pytest.param(
        "solubility", "2 M HCl", "2 M", "a reagent's concentration", id="solubility-schema-HCl"
    ),
    pytest.param(
        MP,
        "a 1.0 M solution of TBAF in THF",
        "1.0 M",
        "a reagent's concentration",
        id="molar-solution",
    ),
    # a cue of another property does not make a value of this one
    pytest.param("melting_point", "bp 80 °C", "80 °C", "no property cue", id="bp-in-mp-schema"),
    pytest.param("boiling_point", "mp 121 °C", "121 °C", "no property cue", id="mp-in-bp-schema"),
    pytest.param(
        "density",
        "solubility 21.6 g/L",
        "21.6 g/L",
        "no property cue",
        id="solubility-in-density-schema",
    ),
    pytest.param(
        "solubility", "d 1.05 g/mL", "1.05 g/mL", "no property cue", id="density-in-sol-schema"
    ),
    pytest.param(MP, "T = 121 °C", "121 °C", "no property cue", id="uncued-temperature"),
    pytest.param(MP, "1.05 g/mL (25 °C)", "1.05 g/mL", "no property cue", id="uncued-g-per-ml"),
    pytest.param(
        MP,
        "Density (25 °C): 1.05 g/mL",
        "25 °C",
        "no property cue",
        id="temperature-of-a-density",
    ),
    pytest.param(
        MP,
        "It has 1.49 g/cm3 at 20 °C.",
        "20 °C",
        "no property cue",
        id="temperature-of-g-cm3",
    ),
]


@pytest.mark.parametrize(("schema", "text", "shown", "reason"), BLOCKED)
def test_blocked(schema: str, text: str, shown: str, reason: str) -> None:
    c = one(text, shown, schema)
    assert c.blocked == reason


# (schema, text, a quantity that must not be a candidate at all)
NOT_CANDIDATES = [
    pytest.param(
        MP, "4.0 g of the salt dissolved in 100 mL of water.", "4.0 g", id="mass-dissolved"
    ),
    pytest.param(
        MP,
        "The solubility was determined by dissolving 9.7 g in water.",
        "9.7 g",
        id="mass-in-solubility-sentence",
    ),
    pytest.param(MP, "9.7 g dissolved completely in 100 mL water", "9.7 g", id="mass-first"),
    pytest.param(MP, "9.7 g dissolved completely in 100 mL water", "100 mL", id="volume"),
    pytest.param(MP, "soluble: 4.0 g in 10 mL water", "4.0 g", id="soluble-colon-mass"),
    pytest.param(MP, "soluble: 4.0 g in 10 mL water", "10 mL", id="soluble-colon-volume"),
    pytest.param(MP, "The solubility is 4.0 g.", "4.0 g", id="solubility-is-mass"),
    pytest.param("solubility", "4.0 g dissolved", "4.0 g", id="solubility-schema-mass"),
    pytest.param(
        "solubility", "The solubility was 9.7 g in 100 mL", "9.7 g", id="solubility-schema-9.7g"
    ),
    pytest.param("density", "4.0 g", "4.0 g", id="density-schema-mass"),
    pytest.param(MP, "Pd(OAc)2 (10 mol%) was added.", "10 mol%", id="mol-percent"),
    pytest.param(MP, "yield 85%; 10 mol% Pd(OAc)2", "10 mol%", id="mol-percent-near-yield"),
    pytest.param(
        MP, "the catalyst loading (5 mol%) gave 4b (85%)", "5 mol%", id="mol-percent-in-brackets"
    ),
    pytest.param(MP, "5 wt% Pd/C gave 4b (85%)", "5 wt%", id="wt-percent"),
    pytest.param("reaction_yield", "10 mol% catalyst", "10 mol%", id="yield-schema-mol-percent"),
    pytest.param(MP, "bp 80 °C/15 mmHg", "15 mmHg", id="pressure"),
    pytest.param(MP, "yield 87% after 2 h", "2 h", id="time"),
    pytest.param("reaction_yield", "mp 121 °C", "121 °C", id="temperature-in-yield-schema"),
    pytest.param("partition_coefficient", "mp 121 °C", "121 °C", id="temperature-in-logp-schema"),
    pytest.param("melting_point", "yield 87%", "87%", id="percent-in-mp-schema"),
    pytest.param(MP, "Amide 4b (1.65 g, 6.65 mmol, 70%) was obtained.", "1.65 g", id="yield-mass"),
    pytest.param(
        MP, "Amide 4b (1.65 g, 6.65 mmol, 70%) was obtained.", "6.65 mmol", id="yield-amount"
    ),
]


@pytest.mark.parametrize(("schema", "text", "shown"), NOT_CANDIDATES)
def test_not_candidates(schema: str, text: str, shown: str) -> None:
    assert text.count(shown) == 1
    assert at(text, shown, schema) == []


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("The reaction was stirred at rt for 2 h.", id="rt"),
        pytest.param("stirred at rt", id="rt-short"),
        pytest.param("The solution was stirred overnight and filtered.", id="schema-empty-example"),
        pytest.param("dissolved in 50 mL of water", id="volume-only"),
        pytest.param("4.0 g of the salt dissolved in 100 mL of water.", id="mass-and-volume"),
        pytest.param("C10H9NO3S", id="formula"),
        pytest.param("1H NMR (400 MHz, CDCl3)", id="nmr-header"),
    ],
)
def test_nothing_to_send(text: str) -> None:
    found = find_candidates(text, get_schema(MP))
    assert [c for c in found if c.blocked is None] == []


# --- lists sharing one unit ----------------------------------------------------------

# (text, numbers as printed, unit they share, property)
LISTS = [
    pytest.param(
        "mp: 121, 125 and 130 °C", ["121", "125", "130 °C"], "°C", "melting_point", id="mp-list"
    ),
    pytest.param(
        "mp = 121, 125, and 130 °C",
        ["121", "125", "130 °C"],
        "°C",
        "melting_point",
        id="mp-oxford-comma",
    ),
    pytest.param(
        "densities: 1.05 and 1.10 g/mL",
        ["1.05", "1.10 g/mL"],
        "g/mL",
        "density",
        id="density-list",
    ),
    pytest.param(
        "yields: 70, 75 and 80%", ["70", "75", "80%"], "%", "reaction_yield", id="yield-list"
    ),
    pytest.param(
        "solubility: 1.2, 3.4 and 5.6 mg/mL",
        ["1.2", "3.4", "5.6 mg/mL"],
        "mg/mL",
        "solubility",
        id="solubility-list",
    ),
]


def test_a_label_after_from_takes_no_unit_from_the_list() -> None:
    text = "Alcohol 15 was converted to donor 6 in moderate yield (26 % from 15 or 24 % from 13)."
    found = [c for c in find_candidates(text, get_schema(MP)) if c.blocked is None]
    assert [text[c.quantity.start : c.quantity.end] for c in found] == ["26 %", "24 %"]


@pytest.mark.parametrize(("text", "shown", "unit", "prop"), LISTS)
def test_lists_share_one_unit(text: str, shown: list[str], unit: str, prop: str) -> None:
    found = [c for c in find_candidates(text, get_schema(MP)) if c.blocked is None]
    assert [text[c.quantity.start : c.quantity.end] for c in found] == shown
    assert all(c.quantity.unit == unit for c in found)
    assert all(prop in c.cues for c in found)


# (text, the list's numbers as printed)
SHARED_CUES = [
    pytest.param(
        "Alkylation gave 21 and 22 in yields of 40 and 35 %, respectively.",
        ["40", "35 %"],
        id="yields-of-pair",
    ),
    pytest.param(
        "The amides 4a-4c were obtained in 71, 65 and 80% yield.",
        ["71", "65", "80%"],
        id="three-in-yield",
    ),
]


@pytest.mark.parametrize(("text", "shown"), SHARED_CUES)
def test_a_list_shares_its_cue(text: str, shown: list[str]) -> None:
    """The second yield of a pair is not lost for want of a cue of its own."""
    found = [c for c in find_candidates(text, get_schema("reaction_yield"))]
    assert [text[c.quantity.start : c.quantity.end] for c in found] == shown
    assert all(c.blocked is None and c.cues == ("reaction_yield",) for c in found)
    assert len({c.decisive for c in found}) == 1


# (text, the yields as printed): a bracket listing one yield per product the verb made
YIELD_LIST_BRACKETS = [
    pytest.param(
        "Reduction gave alcohols 6 and 7 ( 85 and 55 % , respectively ) .",
        ["85", "55 %"],
        id="pair-one-unit",
    ),
    pytest.param(
        "The esters 3a, 3b and 3c were obtained (78%, 65% and 80%).",
        ["78%", "65%", "80%"],
        id="three-each-with-unit",
    ),
    pytest.param(
        "Coupling afforded 9a and 9b (72%, 68%, respectively).",
        ["72%", "68%"],
        id="pair-respectively",
    ),
    # "Yields:" and each yield after its product's label
    pytest.param(
        "Yields : 21a , 85 % ; 21b , 72 % ; 21c , 64 % .",
        ["85 %", "72 %", "64 %"],
        id="yields-by-label",
    ),
    pytest.param(
        "Isolated yields: 3a, 85%; 3b, 72%; and 3c, 64%.",
        ["85%", "72%", "64%"],
        id="isolated-yields-by-label",
    ),
]


@pytest.mark.parametrize(("text", "shown"), YIELD_LIST_BRACKETS)
def test_a_bracket_of_listed_yields_after_a_product_verb_settles_them(
    text: str, shown: list[str]
) -> None:
    """Like a lone ``(85 %)``, each listed yield is a yield by rule: only whose is asked."""
    found = find_candidates(text, get_schema("reaction_yield"))
    assert [text[c.quantity.start : c.quantity.end] for c in found] == shown
    assert all(c.blocked is None and c.decisive for c in found)


# A yield the text settles in one of journal writing's forms: only whose it is is asked.
SETTLED_ONE_YIELD = [
    pytest.param("Methylation afforded 49 ( MeI , K2CO3 , acetone , reflux , 90 % ) .",
                 id="closing-conditions-after-verb"),
    pytest.param("Protection of the alcohol as its TBS ether ( TBSCl , imidazole , DMF , 96 % ) "
                 "gave 41 .", id="closing-conditions-before-verb"),
    # the label after the verb is no member of a list with the yield
    pytest.param("The reaction of 26 with 27 gave 28 , 85 % , as a white solid .",
                 id="run-on-after-label"),
    pytest.param("Hydrolysis afforded 12a, 91%.", id="run-on-closing"),
    pytest.param("Ester 5 was converted to alcohol 7 ( 85 % ) .", id="converted-to"),
    pytest.param("Alcohol 7 was transformed into the iodide 8 ( 90 % ) .", id="transformed-into"),
    pytest.param("Reduction of ketone 9 to alcohol 10 (93%) was achieved with NaBH4.",
                 id="reduction-of-to"),
    pytest.param("Hydrogenation gave 14 ( 85 % brsm ) .", id="brsm"),
    # a step's noun and its one reagent, the yield's bracket, then the product's verb
    pytest.param("Oxidation of 5 with DDQ ( 85 % ) gave quinone 6 .", id="step-with-reagent"),
    pytest.param("Reduction of 18 with LiAlH4 ( 92 % ) gave alcohol 19 .",
                 id="step-with-reagent-formula"),
    pytest.param("Lactam 15 ( 82 % from 14 ) was then reduced .", id="from-its-precursor"),
    pytest.param("Hydrolysis gave acid 18 ( 85 % isolated ) .", id="isolated"),
    pytest.param("The dimer 10 was formed ( 41 % by NMR ) .", id="by-nmr"),
    pytest.param("The resulting alcohol was protected to give 26 ( 82 % for two steps ) .",
                 id="for-two-steps"),
    pytest.param("The iodide 7 ( 85 % ) was used directly in the next step .", id="used-directly"),
    pytest.param("The crude amine (1.2 g, 95%) was used without further purification.",
                 id="used-without-purification"),
    pytest.param("Acid 24 was esterified to give methyl ester 25 , 91 % .",
                 id="run-on-after-kind-and-label"),
    pytest.param("The yield of 7 was 66 % after chromatography .", id="the-yield-of-was"),
    pytest.param("Aryl bromides bearing an ester ( 3f , 79 % ) were well tolerated .",
                 id="label-and-yield-bracket"),
    pytest.param("Ozonolysis ( O3 ; PPh3 , 85 % ) gave aldehyde 30 .",
                 id="conditions-with-semicolon"),
    pytest.param("Compounds 5a–5c were prepared similarly. 5b: 75%, mp 130–131 °C.",
                 id="label-colon-yield"),
    pytest.param("Lowering the loading to 1 mol % decreased the yield of 3a to 64 % ( entry 9 ) .",
                 id="decreased-the-yield-of-to"),
    pytest.param("The yield of the cycloadduct 29 was improved to 88 % at low temperature .",
                 id="the-yield-of-was-improved-to"),
]  # fmt: skip


@pytest.mark.parametrize("text", SETTLED_ONE_YIELD)
def test_one_yield_settled_by_a_form_of_journal_writing(text: str) -> None:
    (found,) = find_candidates(text, get_schema("reaction_yield"))
    assert found.quantity.unit == "%"
    assert found.blocked is None and found.decisive


@pytest.mark.parametrize(
    "text",
    [
        "Treatment of 4 with NaH provided 7 and 8 ( 3 : 1 , 85 % ) .",
        "Cyclization gave lactone 9 ( dr 10:1 , 85 % ) .",
        "Hydrogenation of 12 afforded amine 13 ( eq 1 , 85 % ) .",
        "Deprotection ( TBAF , THF ) gave 30 ( 2 steps , 85 % ) .",
        "Coupling gave 31 ( Table 2 , entry 3 , 85 % ) .",
    ],
)
def test_a_product_s_bracket_may_say_more_of_the_step_before_its_yield(text: str) -> None:
    found = find_candidates(text, get_schema("reaction_yield"))
    settled = [text[c.quantity.start : c.quantity.end] for c in found if c.decisive]
    assert settled == ["85 %"]
    assert all(c.blocked is not None for c in found if not c.decisive)


def test_a_percentage_closing_an_eluent_bracket_is_no_yield() -> None:
    text = "The residue was purified by chromatography ( silica gel , hexane / EtOAc , 10 % ) to give 7 ."
    (found,) = find_candidates(text, get_schema("reaction_yield"))
    assert found.blocked is not None


def test_a_later_bracket_of_the_verbs_sentence_needs_its_own_product() -> None:
    """Once the verb's product took its yield, a later bracket is another step's."""
    text = (
        "Alcohol 15 was converted to donor 6 ( 26 % from 15 ) over the trichloroethyl "
        "group ( 65 % ) , and oxidation gave 6 ( 85 % ) and 7 ( 55 % ) ."
    )
    decisive = {
        text[c.quantity.start : c.quantity.end]: c.decisive
        for c in find_candidates(text, get_schema("reaction_yield"))
    }
    assert decisive == {"26 %": True, "65 %": False, "85 %": True, "55 %": True}


def test_a_yields_list_of_other_things_is_not_settled() -> None:
    text = "Yields: 2 h, 85%."
    (found,) = find_candidates(text, get_schema("reaction_yield"))
    assert not found.decisive


@pytest.mark.parametrize(
    "text",
    [
        "Hydrogenation afforded 5 and 6 (85 and 55% ee, respectively).",
        "The products had ee values ( 87 and 23 % ee , respectively ) .",
        # each percentage prints its sign, joined by "and": an excess throughout
        "The prodrugs talosalate and talmetacin were obtained in 85% and 92% ee, respectively.",
        "3mc and 3nc were formed, with corresponding ee values of 93% and 95%.",
    ],
)
def test_a_list_whose_unit_owner_is_an_excess_is_no_yield(text: str) -> None:
    found = find_candidates(text, get_schema("reaction_yield"))
    assert len(found) == 2
    assert all(c.blocked is not None and not c.decisive for c in found)


def test_a_listed_eluent_is_no_yield() -> None:
    text = "The crude was purified by chromatography (5%, 10% and 20% EtOAc in hexanes) to give 7."
    found = find_candidates(text, get_schema("reaction_yield"))
    assert found and all(c.blocked is not None for c in found)


def test_a_list_member_blocked_for_a_reason_stays_blocked() -> None:
    text = "Coupling gave 14 ( 72 % , 95 % ee ) ."
    found = {
        text[c.quantity.start : c.quantity.end]: c.blocked
        for c in find_candidates(text, get_schema("reaction_yield"))
    }
    assert found["72 %"] is None
    assert found["95 %"] is not None


# --- cue-led values: logP and logD -----------------------------------------------------

# (text, number as printed, property, value)
LOG_VALUES = [
    pytest.param("logP = 2.3", "2.3", "logP", 2.3, id="logP-equals"),
    pytest.param("log P = 2.3", "2.3", "logP", 2.3, id="log-P-equals"),
    pytest.param("logP 2.3", "2.3", "logP", 2.3, id="logP-space"),
    pytest.param("logP: 2.3", "2.3", "logP", 2.3, id="logP-colon"),
    pytest.param("LogP = 2.3", "2.3", "logP", 2.3, id="LogP"),
    pytest.param("log P of 1.87", "1.87", "logP", 1.87, id="log-P-of"),
    pytest.param("logP was 2.3", "2.3", "logP", 2.3, id="logP-was"),
    pytest.param("logP was determined to be 2.3", "2.3", "logP", 2.3, id="determined-to-be"),
    pytest.param("logP of −0.5", "−0.5", "logP", -0.5, id="negative-unicode"),
    pytest.param("logP = -0.5", "-0.5", "logP", -0.5, id="negative-ascii"),
    pytest.param("logP > 5", "> 5", "logP", 5.0, id="qualified"),
    pytest.param("logP ≈ 2", "≈ 2", "logP", 2.0, id="approximately"),
    pytest.param("logP ca. 2.3", "ca. 2.3", "logP", 2.3, id="ca"),
    pytest.param("clogP 3.1", "3.1", "logP", 3.1, id="clogP"),
    pytest.param("cLogP = 3.1", "3.1", "logP", 3.1, id="cLogP"),
    pytest.param("ClogP 3.1", "3.1", "logP", 3.1, id="ClogP"),
    pytest.param("clogP of 3.1", "3.1", "logP", 3.1, id="clogP-of"),
    pytest.param("XlogP 2.3", "2.3", "logP", 2.3, id="XlogP"),
    pytest.param("ALogP 2.3", "2.3", "logP", 2.3, id="ALogP"),
    pytest.param("log Kow 2.5", "2.5", "logP", 2.5, id="log-Kow"),
    pytest.param("log Kow = 2.5", "2.5", "logP", 2.5, id="log-Kow-equals"),
    pytest.param("log K_ow 2.5", "2.5", "logP", 2.5, id="log-K_ow"),
    pytest.param("logKow 2.5", "2.5", "logP", 2.5, id="logKow"),
    pytest.param("logPow 2.5", "2.5", "logP", 2.5, id="logPow"),
    pytest.param("log Po/w 2.5", "2.5", "logP", 2.5, id="log-Po/w"),
    pytest.param("log P(o/w) 2.5", "2.5", "logP", 2.5, id="log-P(o/w)"),
    pytest.param("logP = 2.3 (lit. 2.4)", "2.3", "logP", 2.3, id="logP-with-literature"),
    pytest.param("logD7.4 = 1.2", "1.2", "logD", 1.2, id="logD7.4"),
    pytest.param("logD7.4 of 1.2", "1.2", "logD", 1.2, id="logD7.4-of"),
    pytest.param("log D7.4 = 1.2", "1.2", "logD", 1.2, id="log-D7.4"),
    pytest.param("logD_7.4 = 1.2", "1.2", "logD", 1.2, id="logD_7.4"),
    pytest.param("logD(7.4) = 1.2", "1.2", "logD", 1.2, id="logD(7.4)"),
    pytest.param("logD7.4 −0.3", "−0.3", "logD", -0.3, id="logD7.4-negative"),
    pytest.param("logD7.4 = −0.3", "−0.3", "logD", -0.3, id="logD7.4-equals-negative"),
    pytest.param("logD7.4 = 1.2 ± 0.1", "1.2 ± 0.1", "logD", 1.2, id="logD-with-error"),
    pytest.param("log D (pH 7.4) of 0.8", "0.8", "logD", 0.8, id="log-D-pH-in-brackets"),
    pytest.param("logD (pH 7.4) = 0.8", "0.8", "logD", 0.8, id="logD-pH-equals"),
    pytest.param("logD at pH 7.4 is 1.2", "1.2", "logD", 1.2, id="logD-at-pH"),
    pytest.param("log D at pH 7.4 = 1.2", "1.2", "logD", 1.2, id="log-D-at-pH-equals"),
    pytest.param("logD = 1.2 at pH 7.4", "1.2", "logD", 1.2, id="logD-pH-after"),
]


@pytest.mark.parametrize(("text", "shown", "prop", "value"), LOG_VALUES)
@pytest.mark.parametrize("schema", [MP, "partition_coefficient"])
def test_cue_led_log_values(schema: str, text: str, shown: str, prop: str, value: float) -> None:
    found = find_candidates(text, get_schema(schema))
    assert [text[c.quantity.start : c.quantity.end] for c in found] == [shown]
    (c,) = found
    assert c.blocked is None
    assert c.properties == (prop,)
    assert c.cues == (prop,)
    assert c.quantity.kind == "dimensionless"
    assert c.quantity.cue == prop
    assert c.quantity.value == pytest.approx(value)


@pytest.mark.parametrize(
    ("text", "shown", "prop"),
    [
        pytest.param("logP values of 2.3 and 2.5", ["2.3", "2.5"], "logP", id="logP-list"),
        pytest.param("logD7.4 values of 1.2 and 1.5", ["1.2", "1.5"], "logD", id="logD-list"),
    ],
)
def test_cue_led_lists(text: str, shown: list[str], prop: str) -> None:
    found = find_candidates(text, get_schema(MP))
    assert [text[c.quantity.start : c.quantity.end] for c in found] == shown
    assert all(c.cues == (prop,) and c.blocked is None for c in found)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("logP = 2.3", id="logP"),
        pytest.param("logD7.4 = 1.2", id="logD"),
    ],
)
@pytest.mark.parametrize("schema", ["melting_point", "reaction_yield", "solubility", "density"])
def test_log_values_need_a_log_schema(schema: str, text: str) -> None:
    assert find_candidates(text, get_schema(schema)) == []


def test_ph_is_never_a_logd_value() -> None:
    text = "logD7.4 = 1.2; log D (pH 7.4) of 0.8"
    found = find_candidates(text, get_schema(MP))
    assert [text[c.quantity.start : c.quantity.end] for c in found] == ["1.2", "0.8"]


# --- evidence -----------------------------------------------------------------------


def test_each_candidate_carries_its_own_sentence() -> None:
    text = (
        "Amide 4b was obtained in 87% yield. It melts at 121 °C. "
        "The density is 1.05 g/mL. The logP of 4b is high: logP = 2.3."
    )
    found = find_candidates(text, get_schema(MP))
    sentences = {
        text[c.quantity.start : c.quantity.end]: text[c.sentence[0] : c.sentence[1]]
        for c in found
        if c.blocked is None
    }
    assert sentences == {
        "87%": "Amide 4b was obtained in 87% yield.",
        "121 °C": "It melts at 121 °C.",
        "1.05 g/mL": "The density is 1.05 g/mL.",
        "2.3": "The logP of 4b is high: logP = 2.3.",
    }


def test_a_whole_experimental_paragraph() -> None:
    text = (
        "To a solution of 3b (2.0 g, 9.5 mmol) in THF (20 mL) at 0 °C was added NaH "
        "(60% in oil, 0.46 g, 11.4 mmol). The mixture was heated to 65 °C for 3 h, cooled, "
        "and quenched with 1 M HCl. Chromatography (20% EtOAc/hexane) gave 4b "
        "(1.65 g, 6.65 mmol, 70%) as white needles, mp 121–123 °C (lit. 122 °C)."
    )
    found = find_candidates(text, get_schema(MP))
    sent = [text[c.quantity.start : c.quantity.end] for c in found if c.blocked is None]
    assert sent == ["70%", "121–123 °C"]
    blocked = {text[c.quantity.start : c.quantity.end] for c in found if c.blocked}
    assert {"0 °C", "60%", "65 °C", "1 M", "20%", "122 °C"} <= blocked


# Conventions found while measuring: each a way chemists write, not a gold sentence.
MORE_CUED = [
    pytest.param("Colourless needles, m.pt. 121 °C.", "121 °C", "melting_point", id="m-pt"),
    pytest.param("The measured logP of ibuprofen was 3.97.", "3.97", "logP", id="logp-of-x-was"),
    pytest.param("logP (octanol/water) 2.3", "2.3", "logP", id="logp-parenthetical"),
    pytest.param("logD 7.4 = 1.2", "1.2", "logD", id="logd-spaced-ph"),
    pytest.param(
        "washed and dried: 18.9 g (90%), m.p. 105 °C.",
        "90%",
        "reaction_yield",
        id="mass-then-percent",
    ),
    pytest.param(
        "Pale yellow solid, 169 mg (86%); mp 119 °C.",
        "86%",
        "reaction_yield",
        id="milligrams-then-percent",
    ),
    pytest.param(
        "This gave 4b (98% purity, 85% yield).", "85%", "reaction_yield", id="yield-after-purity"
    ),
    pytest.param("Pure water freezes at 0 °C.", "0 °C", "melting_point", id="freezes-at"),
    pytest.param(
        "8.3 g/100 mL dissolves in water at 20 °C.",
        "8.3 g/100 mL",
        "solubility",
        id="solubility-cue-after",
    ),
    pytest.param(
        "Solubilities were measured by shaking. Caffeine reached 21.6 g/L.",
        "21.6 g/L",
        "solubility",
        id="solubility-cue-a-sentence-earlier",
    ),
    pytest.param(
        "Distillation gave the ester, boiling point 85°-87° C./12 mm Hg.",
        "85°-87° C",
        "boiling_point",
        id="degree-after-each-end",
    ),
    pytest.param("The product had m.p. 112-114°.", "112-114°", "melting_point", id="bare-degree"),
    pytest.param("The salt had mp 212-4°.", "212-4°", "melting_point", id="bare-degree-abbr"),
]


@pytest.mark.parametrize(("text", "shown", "prop"), MORE_CUED)
def test_more_cues(text: str, shown: str, prop: str) -> None:
    c = one(text, shown, MP)
    assert c.blocked is None and prop in c.cues


@pytest.mark.parametrize(
    ("text", "shown", "low", "high"),
    [
        ("boiling point 85°-87° C./12 mm Hg", "85°-87° C", 85.0, 87.0),
        ("a melting point of 112° to 114° C.", "112° to 114° C", 112.0, 114.0),
        ("The salt had mp 212-4°.", "212-4°", 212.0, 214.0),
    ],
)
def test_a_degree_printed_after_each_end_or_bare_is_one_range(
    text: str, shown: str, low: float, high: float
) -> None:
    q = one(text, shown, MP).quantity
    assert (q.low, q.high, q.unit) == (low, high, "°C")


MORE_BLOCKED = [
    pytest.param("Pd(OH)2/C (20%, 50 mg) was added.", "20%", id="pearlman-strength"),
    pytest.param("H2O2 (30%, 2 mL) was added; yield 70%.", "30%", id="peroxide-strength"),
    pytest.param("conc. HCl (37%, 5 mL) gave the salt in 70% yield.", "37%", id="conc-hcl"),
    pytest.param("NaH (60%, 0.48 g, 12 mmol) gave 4b in 70% yield.", "60%", id="nah-strength"),
    pytest.param(
        "It was synthesized from 5 (0.5 g), PdC (10%, 0.02 g) and TEA (1 mL).",
        "10%",
        id="catalyst-loading-unslashed",
    ),
    pytest.param(
        "Then Pd-C (5%, 0.3 g) was added and the mixture gave 7 (90%).",
        "5%",
        id="catalyst-loading-hyphened",
    ),
    pytest.param(
        "It was reduced over palladium on carbon (10%, 50 mg) to give 8 (77%).",
        "10%",
        id="catalyst-loading-in-words",
    ),
    pytest.param("It gave 4b (>99% by HPLC).", ">99%", id="purity-by-hplc"),
    pytest.param(
        "In a sealed tube were introduced 7-bromoquinoline (500 mg, 2.25 mmol) and "
        "PdCl2(PPh3)3 (79 mg, 0.11 mmol, 5% mol).",
        "5%",
        id="loading-written-percent-mol",
    ),
    pytest.param("mp 121 °C (lit.[12] 122 °C)", "122 °C", id="lit-with-reference"),
    pytest.param("mp 121 °C (heating rate 10 °C·min−1)", "10 °C", id="rate-per-min-dot"),
    pytest.param("mp 121 °C (2 °C per minute)", "2 °C", id="rate-per-minute"),
    pytest.param(
        "The density is 1.20 g/cm3; it is 0.0013 g/cm3 lighter than water.",
        "0.0013 g/cm3",
        id="a-difference",
    ),
    pytest.param(
        "The solubility was measured in 50 mM phosphate buffer.", "50 mM", id="buffer-concentration"
    ),
    pytest.param(
        "Solubility: compounds were dissolved in DMSO to give 10 mM stock solutions.",
        "10 mM",
        id="stock-solution",
    ),
    pytest.param("Its density was 0.876 g/mL (20 °C).", "20 °C", id="condition-in-brackets"),
    pytest.param("Its boiling range is 231 °F. Flash point: 40 °F.", "40 °F", id="flash-point"),
    pytest.param("Its solubility is 1.7 g/L, i.e. 11.6 mM.", "11.6 mM", id="restated-i-e"),
    # a polymer's other temperatures, after a melting point the sentence before stated
    pytest.param(
        "Its melting point ranges from 211° C. to 223° C. The crystallization "
        "temperature of the PBT is at least 150° C.",
        "at least 150° C",
        id="crystallization-temperature",
    ),
    pytest.param("The melting point is 220 °C and Tc is 180 °C.", "180 °C", id="tc"),
    # a material's mechanics, not a reaction's yield
    pytest.param(
        "The tensile elongation (@yield) of the PBT is at least 2%.",
        "at least 2%",
        id="elongation-at-yield-sign",
    ),
    pytest.param(
        "The tensile elongation (yield, break) ranges from 2% to 10%.",
        "2% to 10%",
        id="elongation-yield-break",
    ),
]


@pytest.mark.parametrize(("text", "shown"), MORE_BLOCKED)
def test_more_blocked(text: str, shown: str) -> None:
    assert one(text, shown, MP).blocked is not None


# --- which cue wins, and when the text settles the property -----------------------------

# (text, quantity as printed, the property of the first cue, decisive)
NEAREST = [
    pytest.param("DMSO (mp 19 °C, bp 189 °C) is hygroscopic.", "189 °C", "boiling_point", True,
                 id="bp-after-mp"),
    pytest.param("DMSO (mp 19 °C, bp 189 °C) is hygroscopic.", "19 °C", "melting_point", True,
                 id="mp-before-bp"),
    pytest.param("It melts at 71 °C and boils at 301 °C.", "301 °C", "boiling_point", True,
                 id="boils-after-melts"),
    pytest.param("It has a much lower melting point (−59 °C), a boiling point of 188.2 °C.",
                 "188.2 °C", "boiling_point", True, id="boiling-point-of"),
    pytest.param("Sucrose has a density of 1.587 g/cm3.", "1.587 g/cm3", "density", True,
                 id="density-of"),
    pytest.param("The crystals had mp 128–129 °C.", "128–129 °C", "melting_point", True,
                 id="mp-direct"),
    pytest.param("In another embodiment, the melting point ranges from 211° C. to 223° C.",
                 "211° C. to 223° C", "melting_point", False, id="melting-point-ranges-from"),
    pytest.param("Freezing point: −139 °F.", "−139 °F", "melting_point", True,
                 id="freezing-point-colon"),
    pytest.param("Ethyl acetate (b.p. 77 °C; 902 kg/m3) dissolves in water to 83 g/L.",
                 "902 kg/m3", "density", False, id="density-unit-beats-verb-after"),
    pytest.param("Ethyl acetate (b.p. 77 °C; 902 kg/m3) dissolves in water to 83 g/L.",
                 "83 g/L", "solubility", False, id="dissolves-to"),
    pytest.param("Data: mp 71 °C; bp 301 °C; ρ 0.935 g/cm3; S(water) 1.7 g/L; log P 1.39.",
                 "1.7 g/L", "solubility", True, id="S-water"),
    pytest.param("The melting point of the salt, 250 °C after drying, was reproducible.",
                 "250 °C", "melting_point", False, id="not-direct-across-a-clause"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "shown", "prop", "decisive"), NEAREST)
def test_the_nearest_cue_comes_first(text: str, shown: str, prop: str, decisive: bool) -> None:
    c = one(text, shown)
    assert c.blocked is None
    assert c.cues[0] == prop
    assert c.decisive is decisive


def test_a_cue_used_by_a_value_between_is_not_direct() -> None:
    c = one("Densities: ρ 0.935 g/cm3 and then 1.2 g/mL.", "1.2 g/mL")
    assert not c.decisive


# (text, quantity as printed, property) — the paragraph's heading names the property
TOPICS = [
    pytest.param("Aqueous solubility of amino acids at 25 °C. Samples were kept for two days. "
                 "They were filtered. L-Alanine reached 166 g/L, L-serine 250 g/L.", "166 g/L",
                 "solubility", id="solubility-heading"),
    pytest.param("Densities of halogenated solvents. Samples were distilled. The two haloforms "
                 "were weighed instead: bromoform, 2.889 g/mL.", "2.889 g/mL", "density",
                 id="density-heading"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "shown", "prop"), TOPICS)
def test_a_paragraph_heading_is_a_cue(text: str, shown: str, prop: str) -> None:
    c = one(text, shown)
    assert c.blocked is None and c.cues == (prop,)
    assert c.cue_text is not None and "heading" in c.cue_text


def test_a_long_first_sentence_is_no_heading() -> None:
    text = (
        "The solubility of many amino acids in water was studied by several groups over "
        "the past decades. Samples were kept for two days. Then 166 g/L was reached."
    )
    assert one(text, "166 g/L").blocked == "no property cue"


def test_a_heading_does_not_reach_the_next_paragraph() -> None:
    text = "Aqueous solubility.\n\nSamples were kept. Then 166 g/L was reached."
    assert one(text, "166 g/L").blocked == "no property cue"


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        pytest.param("Densities were measured (repeatability 0.00001 g/cm3).", "0.00001 g/cm3",
                     id="repeatability"),
        pytest.param("The density was 1.05 g/mL (uncertainty 0.002 g/mL).", "0.002 g/mL",
                     id="uncertainty"),
        pytest.param("Solubility was measured by HPLC (limit of detection 0.5 mg/L).", "0.5 mg/L",
                     id="lod"),
        pytest.param("Its aqueous solubility is low (1.7 g/L at 20 °C, i.e. 11.6 mM).", "11.6 mM",
                     id="restated-after-a-condition"),
    ],
)  # fmt: skip
def test_precision_and_restatements_are_blocked(text: str, shown: str) -> None:
    assert one(text, shown).blocked is not None


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        pytest.param("Measured logP values increased in the order 1 (2.14) < 2 (2.67) < 3 (3.12).",
                     ["2.14", "2.67", "3.12"], id="bracketed-order"),
        pytest.param("log P = 3.06 for 2,4-dichlorophenol and 1.91 for 4-nitrophenol.",
                     ["3.06", "1.91"], id="list-through-a-locant-comma"),
        pytest.param("The logP of indole (1) and of carbazole (4) was high.", [],
                     id="labels-are-not-values"),
        pytest.param("The logP of 3 (2.95) was higher than that of 4 (2.10).", ["2.95", "2.10"],
                     id="label-after-of-then-its-bracket"),
        pytest.param("logP of 3 = 2.95", ["2.95"], id="label-after-of-then-equals"),
        pytest.param("a logP of 3.", ["3"], id="a-whole-value-after-of"),
    ],
)  # fmt: skip
def test_log_values_in_brackets_and_lists(text: str, shown: list[str]) -> None:
    found = [c for c in find_candidates(text, get_schema(MP)) if c.blocked is None]
    assert [text[c.quantity.start : c.quantity.end] for c in found] == shown
    assert all(c.cues == ("logP",) for c in found)


# --- text as it comes: the finder reads a normalised view, offsets stay original ------

# (text, quantity as printed in the original, property, low, high)
AS_IT_COMES = [
    pytest.param("M. pt. 140-142 °C", "140-142 °C", "melting_point", 140, 142, id="M.-pt."),
    pytest.param("M.pt. 140-142 °C", "140-142 °C", "melting_point", 140, 142, id="M.pt."),
    pytest.param("m.pt.140 °C", "140 °C", "melting_point", None, None, id="m.pt.-glued"),
    pytest.param("Tm of 88 °C", "88 °C", "melting_point", None, None, id="Tm-of"),
    pytest.param("Tm = 88 °C", "88 °C", "melting_point", None, None, id="Tm-equals"),
    pytest.param("T_m = 88 °C", "88 °C", "melting_point", None, None, id="T_m"),
    pytest.param("DSC: Tm 88.5 °C", "88.5 °C", "melting_point", None, None, id="Tm-DSC"),
    pytest.param("mp = 212-4°C", "212-4°C", "melting_point", 212, 214, id="abbreviated-range"),
    pytest.param("mp 235-6 °C", "235-6 °C", "melting_point", 235, 236, id="abbreviated-235-6"),
    pytest.param("m.p.180-182 ºC", "180-182 ºC", "melting_point", 180, 182, id="glued-ordinal"),
    pytest.param("m.p.260 °C", "260 °C", "melting_point", None, None, id="glued-m.p."),
    pytest.param("mp180-182 °C", "180-182 °C", "melting_point", 180, 182, id="glued-mp"),
    pytest.param(
        "white solid, m.p.61-\n63 ºC.", "61-\n63 ºC", "melting_point", 61, 63, id="broken-range"
    ),
    pytest.param("mp 61–\n63 °C", "61–\n63 °C", "melting_point", 61, 63, id="broken-en-dash"),
    pytest.param("mp 90.5 ˜ 95.5 °C", "90.5 ˜ 95.5 °C", "melting_point", 90.5, 95.5, id="tilde"),
    pytest.param("mp 90∼95 ℃", "90∼95 ℃", "melting_point", 90, 95, id="tilde-operator"),
    pytest.param("b.p.80 °C/15 mmHg", "80 °C", "boiling_point", None, None, id="glued-b.p."),
    pytest.param(
        f"mp{NBSP}121{NNBSP}˚C", f"121{NNBSP}˚C", "melting_point", None, None, id="spaces-ring"
    ),
    pytest.param(
        "It was puriﬁed by ﬂash chromatography (1.2 g, 85%).",
        "85%",
        "reaction_yield",
        None,
        None,
        id="ligatures",
    ),
    pytest.param(
        "to afford the title compound (12.4 mg, 23\n%).",
        "23\n%",
        "reaction_yield",
        None,
        None,
        id="line-end-before-percent",
    ),
]


@pytest.mark.parametrize(("text", "shown", "prop", "low", "high"), AS_IT_COMES)
def test_text_as_it_comes(
    text: str, shown: str, prop: str, low: float | None, high: float | None
) -> None:
    c = one(text, shown)
    assert c.blocked is None
    assert c.cues[0] == prop
    assert c.decisive
    assert c.quantity.low == low and c.quantity.high == high


LOOK_ALIKES = (
    "3-(4-Chlorophenyl)propanoic acid (5a). To a stirred solution of the ester (2.0 g, "
    f"9.5{NBSP}mmol) in THF (20 mL) was added NaOH (1 M, 10 mL) at 0{THIN}ºC. The mixture "
    "was heated to reflux (66 ˚C) for 2 h, cooled and puriﬁed by ﬂash chromatography "
    "(EtOAc/hexane = from 0% to 50%) to afford 5a (1.65 g, 6.65 mmol, 70\u00a0%) as a "
    "white solid, m.p.180-182 ºC (lit. 181 ℃); M. pt. 181–\n183 °C after sublimation.\n"
    f"Tetra{SOFT_HYPHEN}hydro-\nfuran (bp 66 ℃, d 0.889 g{NNBSP}mL⁻¹) was distilled oﬀ; the amide "
    "5b was obtained, 0.815 g (61% yield), mp 90.5 ˜ 95.5 °C, Tm of 93 °C by DSC."
)


def test_offsets_are_the_originals_on_a_text_full_of_look_alikes() -> None:
    """Callers print ``text[q.start:q.end]`` and quote ``text[sentence]``: both must be
    cut from the text as it is, whatever the finder read."""
    found = find_candidates(LOOK_ALIKES, get_schema(MP))
    for c in found:
        q = c.quantity
        printed = LOOK_ALIKES[q.start : q.end]
        start, end = c.sentence
        assert start <= q.start < q.end <= end
        assert printed.strip() == printed
        assert LOOK_ALIKES[q.number_start].isdigit() or LOOK_ALIKES[q.number_start] in "-−.+"
        if q.unit_start is not None:
            assert q.start <= q.unit_start < q.end
    sent = {LOOK_ALIKES[c.quantity.start : c.quantity.end]: c for c in found if not c.blocked}
    assert set(sent) == {
        "70\u00a0%", "180-182 ºC", "181–\n183 °C", "66 ℃", f"0.889 g{NNBSP}mL⁻¹",
        "61%", "90.5 ˜ 95.5 °C", "93 °C",
    }  # fmt: skip
    assert sent["181–\n183 °C"].quantity.low == 181 and sent["181–\n183 °C"].quantity.high == 183
    assert sent["90.5 ˜ 95.5 °C"].quantity.value == pytest.approx(93.0)
    assert sent["66 ℃"].cues[0] == "boiling_point"
    evidence = sent["70\u00a0%"].sentence
    assert LOOK_ALIKES[evidence[0] : evidence[1]].startswith("The mixture was heated")
    assert "puriﬁed by ﬂash" in LOOK_ALIKES[evidence[0] : evidence[1]]
    blocked = {LOOK_ALIKES[c.quantity.start : c.quantity.end] for c in found if c.blocked}
    assert {"1 M", f"0{THIN}ºC", "66 ˚C", "0% to 50%", "181 ℃"} <= blocked


def test_a_pressure_is_quoted_as_printed() -> None:
    text = f"b.p.80 °C/15{NBSP}mm Hg"
    c = one(text, "80 °C")
    assert c.pressure == f"15{NBSP}mm Hg"


# --- yields by rule: the forms that settle a percentage as a yield ---------------------

# (text, the yield as printed)
YIELDS_BY_RULE = [
    # a step's reagents, temperature and time in a bracket, its yield closing it
    pytest.param("Coupling of 7 with 8 (Pd(PPh3)4, toluene, 110 °C, 12 h, 82%) gave 9.", "82%",
                 id="conditions-with-a-bracketed-catalyst"),
    pytest.param("Alkylation of the picoline ( 3 , KOtBu , 0 “ C , 2 h , 67 % ) and hydrolysis "
                 "provided 5 .", "67 %", id="conditions-then-another-step"),
    pytest.param("The residue was purified to afford the title compound (12.4 mg, 23%).",
                 "23%", id="afford-title-compound"),
    pytest.param("The product was obtained, 0.815 g (61% yield).", "61%", id="obtained-yield"),
    pytest.param("The crude was purified by chromatography (2.10 g, 64%).", "64%",
                 id="purified-by-chromatography"),
    pytest.param("Amide 4b (1.65 g, 6.65 mmol, 70%) was obtained.", "70%",
                 id="mass-moles-percent-was-obtained"),
    pytest.param("Filtration gave 18.9 g (90%) of the salt.", "90%", id="mass-then-percent"),
    pytest.param("washed and dried: 18.9 g (90%), m.p. 105 °C.", "90%", id="dried-mass-percent"),
    pytest.param("yield: 45%", "45%", id="yield-colon"),
    pytest.param("Yield 72%", "72%", id="Yield"),
    pytest.param("The ester was obtained in 85% yield.", "85%", id="in-yield"),
    pytest.param("gave 4b (85% yield)", "85%", id="bracketed-yield"),
    pytest.param("This gave 4.0 g (85% of theory) of the amide.", "85%", id="of-theory"),
    pytest.param("This gave 4.0 g (85% of the theoretical) of it.", "85%", id="of-theoretical"),
    pytest.param("Yield: 9 mg (21% of theory)", "21%", id="yield-mass-of-theory"),
    pytest.param("Yield: 1.2 g (85%)", "85%", id="yield-mass-percent"),
    pytest.param("Yield was 623 grams (66%).", "66%", id="yield-was-grams"),
    pytest.param("to yield 124 mg (75%) of the title compound", "75%", id="to-yield-mass"),
    pytest.param("The title compound was obtained as a white solid (340 mg, 96%).", "96%",
                 id="as-a-white-solid"),
    pytest.param("Pale yellow solid (14 mg, 36%); mp 158-160 °C.", "36%", id="solid-bracket"),
    pytest.param("Compound 2 (901 mg, 78%) was obtained from 1.", "78%", id="bracket-obtained"),
    pytest.param("Chromatography afforded Intermediate 1-a. (35.0 g, 79.7%)", "79.7%",
                 id="bracket-after-the-sentence"),
    pytest.param("To obtain 3.51 g of methyl 6-phenoxynicotinate as a solid, 81.25%.",
                 "81.25%", id="comma-after-mass"),
    pytest.param("gave 4b (70%).", "70%", id="gave-bare"),
    pytest.param("gave 4b (55%, mp 118-119 °C).", "55%", id="bare-then-mp"),
    pytest.param("hydrogenolysis furnished acid 8 (62% from 7)", "62%", id="bare-from"),
    pytest.param("to generate compounds 5 (75%) and 6 (92%)", "92%", id="generate"),
    pytest.param("afforded the amide in 87%.", "87%", id="afforded-in"),
    pytest.param("Reduction gave alcohol 16 (64% overall from 12).", "64%", id="overall"),
    pytest.param("2p and 2q were obtained in 94% and 93% yields, respectively.", "94%",
                 id="list-first-of-yields"),
    pytest.param("It gave 2a and 2b in 56 and 31% yield.", "56", id="list-shared-unit"),
    pytest.param("in 60-90% yields", "60-90%", id="yields-plural-after"),
    pytest.param("with an 85% total yield", "85%", id="total-yield"),
    pytest.param("4b (1.0 g, 85% d. Th.)", "85%", id="d.-Th."),
    pytest.param("It distilled at 86–88 °C at 14 Torr (9.95 g, 72%).", "72%",
                 id="distilled-mass-percent"),
    # text taken from a PDF, its tokens spaced
    pytest.param("donor 6 was formed in moderate yield ( 26 % from 15 or 24 % from 13 ).",
                 "26 %", id="spaced-bracket-after-yield"),
    pytest.param("donor 6 was formed in moderate yield ( 26 % from 15 or 24 % from 13 ).",
                 "24 %", id="second-yield-of-the-bracket"),
    pytest.param("Reduction of 13 fumished 14 in 80 % yield , together with the over-reduced "
                 "product 15 ( 18 % ) ( Scheme 3 ).", "18 %", id="product-label-bracket"),
    # a synthetic step's conditions, its yield closing them
    pytest.param("Protection (TBSCl, imidazole, DMF, 95%) gave the silyl ether 12.", "95%",
                 id="step-conditions-yield"),
    pytest.param("then reduction ( H2 , Pd / C , EtOH , HOAc , 61 % ) of 3 afforded 7.",
                 "61 %", id="step-conditions-yield-spaced"),
    # one reagent before the yield
    pytest.param("The bromide 19 was prepared from alcohol 18 ( PBr3 , 87 % ) .", "87 %",
                 id="one-reagent-after-prepared"),
    pytest.param("Oxidation of 18 (Dess–Martin periodinane, 87%) gave aldehyde 19.", "87%",
                 id="one-reagent-before-gave"),
    pytest.param("Alcohol 28 was oxidized ( Dess - Martin periodinane ) to aldehyde 29 ( 94 % ) .",
                 "94 %", id="turned-into-with-its-reagent-bracketed"),
    pytest.param("The reaction tolerated various substituents (5a: 85%; 5b: 80%; 5c: 72%).",
                 "72%", id="labels-and-yields-after-colons"),
    pytest.param("Amide 10 was then cyclized ( POCl3 , 80 % ) to give dihydroisoquinoline 11 .",
                 "80 %", id="one-reagent-before-to-give"),
    pytest.param("Removal of the Boc group gave amine 19 ( TFA , CH2Cl2 ; 94 % ) .", "94 %",
                 id="step-conditions-semicolon"),
    pytest.param("Hydrogenation then afforded 20 ( H2 ; 88 % ) .", "88 %",
                 id="one-reagent-semicolon"),
    pytest.param("It gave the silanes ( 3a , R = Me , 3.9 % ; 3b , R = Ph , 5.2 % ) .", "3.9 %",
                 id="label-substituent-list-first"),
    pytest.param("It gave the silanes ( 3a , R = Me , 3.9 % ; 3b , R = Ph , 5.2 % ) .", "5.2 %",
                 id="label-substituent-list-second"),
    pytest.param("Products 5 ( X = Cl , 45 % ) and 6 ( X = Br , 52 % ) were isolated .", "45 %",
                 id="substituent-bracket"),
    pytest.param("Acetophenone ( 65 % ) and 1-phenylethanol ( 20 % ) were the only products "
                 "detected .", "65 %", id="list-then-the-only-products"),
    pytest.param("Under these conditions, ketone 5 (72%) was the major product.", "72%",
                 id="then-the-major-product"),
    pytest.param("It gave the silanes ( 3a , R = 2,4,6-C6H2iPr3 , 3.9 % ; 3b , R = Ph , 5 % ) .",
                 "3.9 %", id="label-substituent-with-locants"),
    pytest.param("The alcohol was protected as its TBS ether 8 ( 97 % ) .", "97 %",
                 id="protected-as"),
    # the last step of a synthesis
    pytest.param("Removal of the acetonide completed the synthesis of (+)-28 (83%).", "83%",
                 id="synthesis-completed"),
    # the sentence says what the numbers are
    pytest.param("The yield of 7a was found to be 65 % .", "65 %", id="yield-found-to-be"),
    pytest.param("The yield of complex 2 was found to be 98% by 1H NMR.", "98%",
                 id="yield-found-to-be-by-nmr"),
    pytest.param("The isolated yields of 7a , 7b and 7c were found to be 65 % , 70 % and 58 % .",
                 "58 %", id="yields-of-a-list-were"),
    # a list of percentages each printed with its sign shares the first one's cue
    pytest.param("Compounds 2a and 3 were obtained in yields of 38% and 23%, respectively.",
                 "23%", id="second-of-yields-of-a-and-b"),
    pytest.param("It gave 3b, 3h, and 3i in good yield (93%, 94%, and 70%, respectively).",
                 "70%", id="third-of-a-bracketed-list"),
    # labels and yields in turn in one bracket
    pytest.param("Both aldehydes reacted well (4b, 82%; 4c, 79%).", "82%", id="label-yield-list-first"),
    pytest.param("Both aldehydes reacted well (4b, 82%; 4c, 79%).", "79%", id="label-yield-list-last"),
    # the product's bracket, whatever the product was then used for
    pytest.param("The product (yellow solid, 3.23 g, 56%) was combined and dried in vacuo.", "56%",
                 id="product-bracket-then-combined"),
    pytest.param("The crude product (1.2 g, 85%) was dissolved in THF.", "85%",
                 id="product-bracket-then-dissolved"),
    pytest.param("Concentration gave 23 mg (89%) pure desired product. MS APCI m/z 455.", "89%",
                 id="mass-bracket-then-pure-product"),
    pytest.param("It was dried to yield 3.63 gm (69%) of the title compound.", "69%",
                 id="grams-as-gm"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "shown"), YIELDS_BY_RULE)
def test_yields_by_rule_are_decisive(text: str, shown: str) -> None:
    c = one(text, shown)
    assert c.blocked is None
    assert c.cues[0] == "reaction_yield"
    assert c.decisive, c.cue_text


def test_an_optical_rotation_s_concentration_is_no_yield() -> None:
    """``[α]25D =+563.1° (n methylene chloride; 1%)``: the solution the rotation was
    measured in, after a product's name; no rule makes the 1% a yield."""
    text = (
        "There is obtained (S)-5-(o-fluorophenyl)-1,3-dihydro-1,3-dimethyl-7-nitro-2H-1,4-"
        "benzodiazepin-2-one which melts at 118°-126° C.; [α]25D =+563.1° (n methylene "
        "chloride; 1%)."
    )
    c = one(text, "1%")
    assert not c.decisive


# (text, a percentage that may be a yield but no rule settles it)
YIELDS_FOR_THE_MODEL = [
    pytest.param("The amide 5 (1.2 g, 85%) was then stored under argon.", "85%",
                 id="bracket-without-a-verb"),
    pytest.param("Isomers 4b (1.2 g, 85%) and 4c (0.1 g, 5%) were separated.", "85%",
                 id="brackets-without-a-product-verb"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "shown"), YIELDS_FOR_THE_MODEL)
def test_other_yields_go_to_the_model(text: str, shown: str) -> None:
    c = one(text, shown)
    assert c.blocked is None
    assert "reaction_yield" in c.cues
    assert not c.decisive


# --- property traps: never sent -----------------------------------------------------------

# (text, quantity as printed)
TRAPS = [
    # a boiling point needs a boiling or distillation statement
    pytest.param("The solvent was distilled off and the mixture is preferably heated to between "
                 "120 and 200 °C.", "120 and 200 °C", id="distilled-off-then-heated"),
    pytest.param("The product was distilled and the mixture is preferably heated to between "
                 "120 and 200 °C.", "120 and 200 °C", id="heated-to-between"),
    pytest.param("After distillation the residue was stirred at 80 °C.", "80 °C",
                 id="stirred-at-after-distillation"),
    pytest.param("The residue was distilled and then heated at reflux (110 °C) for 2 h.", "110 °C",
                 id="at-reflux-in-brackets"),
    pytest.param("Distillation from an oil bath at 170 °C gave the diene.", "170 °C",
                 id="bath-temperature"),
    pytest.param("Kugelrohr distillation (oven temperature 130 °C, 2 mmHg).", "130 °C",
                 id="oven-temperature"),
    pytest.param("Freshly distilled THF was added and the mixture was kept at 66 °C.", "66 °C",
                 id="freshly-distilled-reagent"),
    pytest.param("The distillate was concentrated and the residue warmed to 45 °C.", "45 °C",
                 id="process-after-distillate"),
    # a reagent's concentration is never a solubility
    pytest.param("X dissolved in THF, and a 1.0 M solution of LDA in tetrahydrofuran was added.",
                 "1.0 M", id="molar-solution-after-dissolved"),
    pytest.param("The solubility was low; n-BuLi (2.5 M in hexanes) was added.", "2.5 M",
                 id="molar-in-hexanes"),
    pytest.param("The salt dissolved and the layer was washed with 1 M NaOH.", "1 M",
                 id="molar-reagent-after-dissolved"),
    pytest.param("It dissolved; LiAlH4 (1 M in THF, 5 mL) was added.", "1 M", id="molar-in-THF"),
    # a purity, an ee, a de, a conversion, a selectivity is never a yield
    pytest.param("gave 4b (95% purity)", "95%", id="purity-after"),
    pytest.param("gave 4b in 98% ee", "98%", id="ee"),
    pytest.param("gave 4b (85%, 98% ee)", "98%", id="ee-beside-yield"),
    pytest.param("gave 4b, conversion 80%", "80%", id="conversion-before"),
    pytest.param("The reaction was run at 80% conversion.", "80%", id="conversion-after"),
    pytest.param("gave 4b with 90% selectivity", "90%", id="selectivity"),
    pytest.param("gave 4b (99:1 dr, 95% de)", "95%", id="de"),
    pytest.param("gave 4b with 99% enantiomeric excess", "99%", id="enantiomeric-excess"),
    pytest.param("4b (1.1 g, yield: 83%, LC-MS 60%)", "60%", id="lc-ms-purity"),
    pytest.param("4b (700 mg, yield: 82%, LC/MS; 74%)", "74%", id="lc-ms-semicolon"),
    pytest.param("The yields range from 55 to 76% with ee's from 88 to 96%.", "88 to 96%",
                 id="ees-from-range"),
    pytest.param("with ee values between 88 and 96%", "88 and 96%", id="ee-values-between"),
    # a true minus (an ASCII hyphen there is a scanned "~": normalise.py)
    pytest.param("gave 4b and 4c in equal amounts (−32%).", "−32%", id="negative-percentage"),
    # reagents' strengths and amounts
    pytest.param("Hydrazine hydrate (1.88 g, 30 mmol, 80%) was added.", "80%",
                 id="reagent-bracket-was-added"),
    pytest.param("To a solution of 4b (1.2 g, 5 mmol, 98%) in THF was added NaH.", "98%",
                 id="reagent-in-a-solution"),
    pytest.param("X (80 mg, 0.19 mmol, 98%), K2CO3 (52 mg) and DMF were introduced.", "98%",
                 id="reagent-list-introduced"),
    pytest.param("Aqueous sodium hydroxide (50%, 6.8 mL, 130 mmol) was added.", "50%",
                 id="hydroxide-strength"),
    pytest.param("It was washed with sodium hydroxide (5%, 30 mL).", "5%", id="washed-with"),
    pytest.param("The filtrate ran into a flask holding hydrochloric acid (36%, ∼10 mL).", "36%",
                 id="mineral-acid-as-sold"),
    pytest.param("This afforded 37 as a solution in toluene (1.602 kg, 11.2% by weight).",
                 "11.2%", id="assay-by-weight"),
    pytest.param("They were made in yields of 11% to 82% and purities of >95% by UHPLC.", ">95%",
                 id="purities-of"),
    pytest.param("A 1 : 1 mixture of 11a and 12a was obtained, and remaining 3a was recovered "
                 "in 50% yield.", "50%", id="recovered-in"),
    pytest.param("Diols 6a and 7a were obtained in 41% yield, and 52% of alcohol 1a was "
                 "recovered.", "52%", id="share-recovered"),
    pytest.param("Formaldehyde (37% in water, 0.5 mL) was added.", "37%", id="in-water"),
    pytest.param("Red-Al (65% in toluene; 1.1 mL) was added.", "65%", id="in-toluene"),
    pytest.param("2-chlorobutyryl chloride (85% tech., 1.5 g)", "85%", id="technical-grade"),
    pytest.param("10% Pd/C (dry, 150 g, 25% w.t.) was added.", "25%", id="weight-percent"),
    pytest.param("sodium hydride (60% oil dispersion, 506 mg)", "60%", id="oil-dispersion"),
    # eluents and gradients
    pytest.param("Chromatography (SiO2, 4 g cartridge; ethyl acetate/hexane = from 0% to 50%) "
                 "gave the title compound.", "0% to 50%", id="gradient-from-to"),
    pytest.param("Flash chromatography using methanol in dichloromethane (0%-5%) gave 4b.",
                 "0%-5%", id="gradient-in-brackets"),
    pytest.param("eluting with ethyl acetate-hexanes (0-15%). The title compound (2.8 g).",
                 "0-15%", id="eluting-range"),
    pytest.param("using a step gradient of MeOH (3 to 5%) in DCM", "3 to 5%", id="MeOH-range"),
    pytest.param("Recrystallisation from aqueous ethanol (70%) furnished the coumarin.", "70%",
                 id="aqueous-ethanol"),
    pytest.param("gave 4b (40% MTBE in PE)", "40%", id="eluent-after"),
    # one item that says how a percentage was measured, or where it is from
    pytest.param("The product was analysed ( HPLC , 98 % ) and used directly .", "98 %",
                 id="one-item-hplc"),
    pytest.param("Reduction gave alcohol 5 ( ee , 95 % ) .", "95 %", id="one-item-ee"),
    pytest.param("Known ester 3 was prepared ( lit. , 85 % ) as described .", "85 %",
                 id="one-item-literature"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "shown"), TRAPS)
def test_property_traps_are_never_sent(text: str, shown: str) -> None:
    assert one(text, shown).blocked is not None


# (text, quantity as printed, property) — values beside the traps' words stay values
NOT_TRAPS = [
    pytest.param("It distilled at 80 °C/15 mmHg.", "80 °C", "boiling_point", id="distilled-at"),
    pytest.param("The fraction boiling at 135-138 °C was collected.", "135-138 °C",
                 "boiling_point", id="fraction-boiling-at"),
    pytest.param("The product was distilled, bp 80 °C.", "80 °C", "boiling_point",
                 id="distilled-bp"),
    pytest.param("A saturated solution contains 21 g/L.", "21 g/L", "solubility",
                 id="saturated-solution"),
    pytest.param("The solubility in water is 0.5 M.", "0.5 M", "solubility",
                 id="molar-solubility"),
    pytest.param("TmCl3 melts at 824 °C.", "824 °C", "melting_point", id="thulium-melts"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "shown", "prop"), NOT_TRAPS)
def test_values_beside_trap_words(text: str, shown: str, prop: str) -> None:
    c = one(text, shown)
    assert c.blocked is None
    assert c.cues[0] == prop


def test_thulium_is_no_melting_cue() -> None:
    text = "Tm(OTf)3 (10 mol%) was heated to 80 °C; TmCl3 gave 4b."
    assert one(text, "80 °C").cues == ()


@pytest.mark.parametrize(
    "text",
    [
        "Irradiation of 20 afforded cyclobutane 21 ( 52 % ) together with a small amount of "
        "the dimer 22 ( 8 % ) .",
        "The ( Z ) -isomer 17 was obtained as the major product ( 70 % ) , accompanied by the "
        "( E ) -isomer 18 ( 12 % ) .",
        "Hydrogenation gave alcohol 9 ( 62 % ) along with ketone 10 ( 25 % ) .",
    ],
)
def test_a_second_product_of_the_verb_takes_its_own_bracketed_yield(text: str) -> None:
    found = find_candidates(text, get_schema("reaction_yield"))
    assert len(found) == 2
    assert all(c.blocked is None and c.decisive for c in found)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Hydrogenation of 7 proceeded smoothly, delivering amine 8 (98%).", "98%"),
        ("Only trace amounts of 30 were detected, while the major product was 31 (65%).",
         "65%"),
        ("Treatment of 5 with LiAlH4 at reflux led cleanly to amino alcohol 6 ( 91 % ) .",
         "91 %"),
        ("Subjecting 14 to the standard conditions resulted in 15 ( 55 % ) .", "55 %"),
        ("Heating 62 in xylene caused a clean rearrangement to 63 ( 88 % ) .", "88 %"),
        ("Both 23 ( 71 % ) and its C - 5 epimer 24 ( 18 % ) were obtained .", "71 %"),
    ],
)  # fmt: skip
def test_a_bare_bracket_after_a_participle_or_the_major_product_is_its_yield(
    text: str, value: str
) -> None:
    candidate = one(text, value, "reaction_yield")
    assert candidate.blocked is None and candidate.decisive


@pytest.mark.parametrize(
    "text",
    [
        "The solution was evaporated to generate Compound 3 as a brown solid (0.36 g, 100%) "
        "m/z: 340 (M+H, 100%).",
        "Trituration gave the title compound (30 g, 87 mmol, 88%) LC/MS (M++1): 347.",
    ],
)
def test_a_product_s_bracket_followed_by_its_analysis_keeps_its_yield(text: str) -> None:
    first = find_candidates(text, get_schema("reaction_yield"))[0]
    assert first.blocked is None and first.decisive


@pytest.mark.parametrize(
    "text", ["Hydrogenation over 10% Pd/C gave the amine.", "NaH (60%) in mineral oil was added."]
)
def test_a_reagent_s_strength_stays_no_yield(text: str) -> None:
    assert all(c.blocked for c in find_candidates(text, get_schema("reaction_yield")))


@pytest.mark.parametrize(
    "text",
    [
        # the words of another measure before the percentage
        "This gives rise to very high ﬂuorescence eﬃciencies ( up to 87.8 % , Table 4 ) .",
        "Photolysis afforded (-)-2b in high enantiomeric excess ( 85-100 % ) after 1 h .",
        "The major product 7 was isolated by chromatography as the pure ( > 97 % ) diastereomer .",
        # a reagent's strength, then its volume
        "The iodide 2a was heated with aqueous ammonia ( 3 ) ( 26 % , 1.5 mL ) and CuI .",
        # an impurity's share, a solvent's strength, a material's mechanics
        "Chromatography gave the azide contaminated with 33% methyl 3-phenylbutanoate.",
        "It is given by stirring the amide in 10% by volume propylene glycol in water.",
        "The film showed an elongation at yield of 12% and a yield strength of 30%.",
        # what a recrystallisation gave back
        "Recrystallization gave the pure acid (53.5 g, 74% recovery) as needles.",
        # starting material given back
        "The reaction stopped early , and the ketone was accompanied by 15 % of recovered 35 .",
        "Chromatography separated the dimer from recovered 15 ( 60 % ) .",
        "It gave only the stibine 13b and unchanged iodide 14a ( 98 % ) .",
    ],
)
def test_a_percentage_of_another_measure_is_no_yield(text: str) -> None:
    assert all(c.blocked for c in find_candidates(text, get_schema("reaction_yield")))


def test_a_number_with_a_leading_zero_joins_no_list_of_yields() -> None:
    # tokenised PDF text: "0.274 mmol" came out as '0.274 " 01'
    text = 'Recrystallization gave pure 2a6a ( 0.274 " 01 , 84 % yield ) as colorless prisms .'
    found = find_candidates(text, get_schema("reaction_yield"))
    assert [text[c.quantity.start : c.quantity.end] for c in found if not c.blocked] == ["84 %"]


@pytest.mark.parametrize(
    "text",
    [
        "The reaction of 14 with 15 gave a mixture of 16 and 17 ( 3 : 1 , 82 % combined yield ) .",
        "The reaction of 14 with 15 gave 16 (3:1, 82% yield).",
    ],
)
def test_a_ratio_s_second_term_joins_no_list_of_yields(text: str) -> None:
    """``( 3 : 1 , 82 % )``: the ``1`` is the ratio's, not a yield of 1 %."""
    found = find_candidates(text, get_schema("reaction_yield"))
    assert [text[c.quantity.start : c.quantity.end].rstrip("%").strip() for c in found] == ["82"]


def test_a_bare_number_after_the_product_s_mass_is_its_moles_not_a_yield() -> None:
    # the patent left out "mmol"
    text = "Reaction with cyclohexyl isocyanate provided compound 31 (2.25 g, 2.37, 95%)."
    found = find_candidates(text, get_schema("reaction_yield"))
    assert [text[c.quantity.start : c.quantity.end] for c in found if not c.blocked] == ["95%"]


def test_a_yield_after_the_product_s_melting_point_in_its_bracket() -> None:
    text = (
        "Baeyer - Villiger oxidation yielded lactone 68 ( mp 141-143 °C , 86 % from 5 ) . "
        "Oxidation gave ketone 12 (mp 88-90 °C, 75%) as needles."
    )
    found = find_candidates(text, get_schema("reaction_yield"))
    assert [text[c.quantity.start : c.quantity.end] for c in found] == ["86 %", "75%"]
    assert all(c.blocked is None and c.decisive for c in found)


@pytest.mark.parametrize(
    "text",
    [
        "In this regard, preferred immobilizing agents will have a melting point of at least "
        "about 35° C.",
        "The compositions preferably have a final melting point above storage conditions that "
        "can be greater than 45° C.",
        "Preferred polymers have a density between 0.91 and 0.94 g/cm3.",
    ],
)
def test_a_limit_a_patent_prefers_is_no_measured_value(text: str) -> None:
    found = find_candidates(text, get_schema("molecular_properties"))
    assert found and all(c.blocked == "a requirement, not a measurement" for c in found)


@pytest.mark.parametrize(
    "text",
    [
        "The product, which is preferably recrystallised, has mp 120-122 °C.",
        # substrates found suitable, and the yields they gave
        "Propargyl acetate (1x) proved a suitable substrate and gave 2x in > 99 % NMR yield.",
    ],
)
def test_a_preference_word_alone_does_not_block_a_measured_value(text: str) -> None:
    (found,) = find_candidates(text, get_schema("molecular_properties"))
    assert found.blocked is None and found.decisive


def test_the_melt_temperature_a_film_is_blown_at_is_a_condition() -> None:
    text = "Each of the three formulations were blown into films at a melt temperature of 375° F."
    (found,) = find_candidates(text, get_schema("molecular_properties"))
    assert found.blocked == "a condition"


CHANGE_BEFORE_MELTING = "a change before melting (sintering, softening, darkening)"


@pytest.mark.parametrize(
    ("text", "change"),
    [
        ("The guanine ester had m.p. 203°-207° C. (sinter 190° C.), in 44% yield.", "190° C"),
        ("The salt had m.p. 210 °C (softens at 195 °C).", "195 °C"),
        ("The amide has m.p. 250 °C (darkens from 230 °C, dec.).", "230 °C"),
        ("The amide has m.p. 250 °C (turns brown above 230 °C).", "230 °C"),
    ],
)
def test_what_a_sample_did_before_it_melted_is_no_melting_point(text: str, change: str) -> None:
    """``m.p. 203°-207° C. (sinter 190° C.)``: the sintering, softening or darkening
    printed beside a melting point is another observation, not a second melting point."""
    found = find_candidates(text, get_schema("molecular_properties"))
    [changed] = [c for c in found if change in text[c.quantity.start : c.quantity.end]]
    # "at" and "from" make it a condition already; the word alone says what it is
    assert changed.blocked in ("a condition", CHANGE_BEFORE_MELTING)
    assert [c for c in found if c.decisive and "melting_point" in c.properties]


@pytest.mark.parametrize(
    "text",
    [
        "The primers M13_F 5′-ACGCGCAGCGTGACCGCTACACTTGCCA-3′ (SEQ. ID NO. 2) Tm=70.3° C. "
        "were designed.",
        "The primer had a melting temperature of 62 °C.",
    ],
)
def test_a_nucleic_acid_s_tm_is_no_melting_point(text: str) -> None:
    """A primer's ``Tm`` (patents print it after the sequence and its ``SEQ ID NO``) is
    where the duplex comes apart; a compound named beside DNA keeps its melting point."""
    (found,) = find_candidates(text, get_schema("molecular_properties"))
    assert found.blocked == "a nucleic acid's melting temperature"
    kept = "The DNA intercalator 7 was obtained as needles, mp 210 °C."
    (point,) = find_candidates(kept, get_schema("molecular_properties"))
    assert point.blocked is None and point.decisive


@pytest.mark.parametrize("buffer", ["50% formamide", "10% FBS", "5% DMSO", "0.1% TFA"])
def test_a_buffer_s_share_is_no_yield(buffer: str) -> None:
    """``Hybridization … was provided in 50% formamide``: a solution's make-up, which a
    product verb earlier in the sentence does not make a yield."""
    text = f"High stringency conditions are provided by hybridization in {buffer} at 42 °C."
    [share] = [c for c in find_candidates(text, get_schema("reaction_yield"))]
    assert share.blocked == "a reagent's strength, a purity or an excess"


@pytest.mark.parametrize(
    "text",
    [
        "After the solution had cooled, petroleum ether (b.p. 30°-60° C., 760 ml) was added.",
        "The solid was washed with light petroleum (bp 40–60 °C) and dried.",
    ],
)
def test_a_petroleum_fraction_s_boiling_range_is_its_grade(text: str) -> None:
    (found,) = find_candidates(text, get_schema("molecular_properties"))
    assert found.blocked == "a solvent grade's boiling range"
    kept = "The ester (b.p. 120 °C/15 mm) was distilled."
    assert find_candidates(kept, get_schema("molecular_properties"))[0].blocked is None


@pytest.mark.parametrize(
    ("text", "values"),
    [
        # a formula a step makes is the product, not a reagent whose strength is bracketed;
        # and a lone "?" of tokenised PDF text is a lost glyph, not a question's end
        (
            "Both catalysts converted CH ? C02Et over 4 h to Et20 ( 85 and 55 % ) .",
            ["85", "55 %"],
        ),
        ("The reduction afforded sulfone 30 ( 17 % two - step ) as a foam .", ["17 %"]),
    ],
)
def test_yields_of_a_formula_made_and_over_two_steps(text: str, values: list[str]) -> None:
    found = find_candidates(text, get_schema("reaction_yield"))
    decided = [text[c.quantity.start : c.quantity.end] for c in found if c.decisive]
    assert decided == values
    reagent = "NaH (60%, 2 g) was added to the solution."
    assert all(c.blocked for c in find_candidates(reagent, get_schema("reaction_yield")))


@pytest.mark.parametrize(
    "text",
    [
        "After repeated recrystallization from ethyl acetate the m.p. lay at 199-201° C.",
        "On drying, the melting point was found at 121 °C.",
    ],
)
def test_a_point_stated_with_a_verb_before_at_is_no_condition(text: str) -> None:
    (found,) = find_candidates(text, get_schema("molecular_properties"))
    assert found.blocked is None and found.cues == ("melting_point",)


def test_a_conversion_closing_a_step_s_conditions_is_no_yield() -> None:
    text = "The coupling ( toluene , reflux , 24 h , 50 % conversion ) was slow ."
    c = one(text, "50 %")
    assert c.blocked is not None or not c.decisive


def test_an_excess_after_a_yield_s_own_percentage_stays_an_excess() -> None:
    """``(67%, 90% ee)``: both print their sign, so the excess is the last one's alone."""
    text = "Ethylene gave 633 mg of 1c (1.48 g of 1a, 67%, 90% ee)."
    assert one(text, "67%").decisive
    assert one(text, "90%").blocked is not None


@pytest.mark.parametrize(
    ("text", "shown", "prop"),
    [
        ("The melting point of 5 was 120 °C.", "120 °C", "melting_point"),
        ("The solubility of caffeine in water is 21.6 mg/mL.", "21.6 mg/mL", "solubility"),
        ("The boiling point of the ester 3b was found to be 142 °C.", "142 °C", "boiling_point"),
    ],
)
def test_a_property_of_its_owner_was_a_value_is_said_outright(
    text: str, shown: str, prop: str
) -> None:
    c = one(text, shown)
    assert c.decisive and c.cues[0] == prop


def test_a_percentage_after_forming_a_product_is_its_yield() -> None:
    text = "The styrenes reacted well , forming the ketones 5c and 5d in 53 % and 36 % ."
    found = find_candidates(text, get_schema("reaction_yield"))
    assert [c.blocked for c in found] == [None, None]


@pytest.mark.parametrize(
    "text",
    [
        "Good yield was kept at 0.4 equiv of additive (entry 9, 81% yield, 93% ee).",
        "The best result (Table 2, 81% yield) came with Cs2CO3.",
        "It was optimal (Scheme 3, 81% yield).",
    ],
)
def test_a_number_that_says_which_entry_is_no_value_of_the_list(text: str) -> None:
    """``(entry 9, 81% yield)``: the percent sign after 81 is not 9's too."""
    found = find_candidates(text, get_schema("reaction_yield"))
    shown = [text[c.quantity.start : c.quantity.end] for c in found if c.blocked is None]
    assert shown == ["81%"]


@pytest.mark.parametrize(
    ("text", "shown", "kept"),
    [
        ("The complexes were phosphorescent, with quantum yields from 1.6 to 100%.",
         "1.6 to 100%", False),
        ("The emission quantum yield was 45%.", "45%", False),
        ("The quantum yield of a run stopped at 30 min (in 24% yield) was 22.", "24%", True),
    ],
)  # fmt: skip
def test_a_quantum_yield_is_photophysics_not_a_reaction_s(
    text: str, shown: str, kept: bool
) -> None:
    found = at(text, shown, "reaction_yield")
    assert len(found) == 1
    assert (found[0].blocked is None) is kept


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Ketone (1.2 mmol) dissolved in tetrahydrofuran (5 mL, 0.24 M) was added slowly.",
         "0.24 M"),
        ("The carbonyl compound (1 mmol, 0.067 M) was dissolved in tetrahydrofuran.", "0.067 M"),
        ("The alcohol (0.5 mmol) was dissolved in 5 mL (0.1 M) of chloroform.", "0.1 M"),
    ],
)  # fmt: skip
def test_how_concentrated_a_reaction_was_run_is_no_solubility(text: str, shown: str) -> None:
    assert one(text, shown).blocked == "a reaction's concentration"
    measured = "The solubility of caffeine in water is 0.11 M at 25 °C."
    assert one(measured, "0.11 M").blocked is None


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        # a yield the chromatogram measured, not a purity
        ("Under these conditions the coupling product 3a was formed in 93 % GC yield .", "93 %"),
        ("The amide was obtained in 81% HPLC yield.", "81%"),
        # isomers separated, each with its share
        ("The isomers 33a and 33b were separated by chromatography ( 41 % and 37 % ) .", "37 %"),
        # the product called so, after starting material was recovered
        ("Compound 48 was recovered along with the desired product 49 ( 70 % ) .", "70 %"),
        # a share of a labelled product, then the verb that made it
        ("In the absence of the ligand , only 12 % of 3a was formed .", "12 %"),
    ],
)
def test_more_ways_a_yield_is_said(text: str, shown: str) -> None:
    found = one(text, shown, "reaction_yield")
    assert found.blocked is None and "reaction_yield" in found.cues


def test_a_purity_by_chromatography_stays_no_yield() -> None:
    assert one("The ester (1.2 g, 98% GC) was used directly.", "98%", "reaction_yield").blocked


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        # each product's yield in its own bracket after its label, in a list
        (
            "The products 3a ( 75 % ) , 3b ( 80 % ) , and 3c ( 82 % ) were obtained after chromatography .",
            "80 %",
        ),
        # each value with its product's label after it, the list closed by "yields"
        ("The amides were obtained in 75 % ( 3a ) , 80 % ( 3b ) and 82 % ( 3c ) yields .", "80 %"),
        ("The amides were obtained in 75 % ( 3a ) , 80 % ( 3b ) and 82 % ( 3c ) yields .", "82 %"),
    ],
)
def test_every_yield_of_a_labelled_list_is_one(text: str, shown: str) -> None:
    found = one(text, shown, "reaction_yield")
    assert found.blocked is None and "reaction_yield" in found.cues


def test_a_bracket_after_a_label_that_follows_no_yield_is_not_a_list_s() -> None:
    text = "The salts 3a ( 5 mL ) , 3b ( 10 % ) were dissolved in water ."
    assert one(text, "10 %", "reaction_yield").blocked is not None


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        # an aside between the percentage and the yield word
        ("Amides 7a and 7b were isolated in 71% (1.02 g) and 64% (0.95 g) yields, "
         "respectively.", ["71%", "64%"]),
        ("Heating gave the dienes in 58% (E:Z = 4:1) and 41% (only E) yields.", ["58%", "41%"]),
        # a share of the product, then the verb that made it
        ("With CuCl, only 10% of the desired product was isolated.", ["10%"]),
        ("When 2 equiv of oxidant were used, 40% product 6d was obtained.", ["40%"]),
    ],
)  # fmt: skip
def test_a_yield_stated_with_an_aside_or_as_a_share_of_the_product(
    text: str, shown: list[str]
) -> None:
    found = [c for c in find_candidates(text, get_schema("reaction_yield")) if c.blocked is None]
    assert [text[c.quantity.start : c.quantity.end] for c in found] == shown
    assert all(c.properties == ("reaction_yield",) for c in found)


def test_a_share_of_a_solution_or_of_what_was_recovered_is_still_no_yield() -> None:
    schema = get_schema("reaction_yield")
    for text in (
        "The residue was dissolved in 10% (w/v) aqueous sodium hydroxide.",
        "About 5% of the starting material was recovered.",
    ):
        assert all(c.blocked is not None for c in find_candidates(text, schema)), text


def test_an_excess_whose_word_a_line_end_broke_is_still_no_yield() -> None:
    text = "The amine was isolated in quantitative yield and 97.5 % enantio- meric excess ."
    (found,) = find_candidates(text, get_schema("reaction_yield"))
    assert found.blocked is not None


def test_each_yield_of_a_list_that_says_which_product_it_is_for_is_a_yield() -> None:
    text = "The yields of the isolated products were 75 % for 30a , 68 % for 30b and 52 % for 30c ."
    for value in ("75 %", "68 %", "52 %"):
        candidate = one(text, value, "reaction_yield")
        assert candidate.blocked is None and candidate.decisive, value


def test_the_first_of_a_list_of_labels_with_their_yields_is_a_yield_too() -> None:
    """``tolerated: 3a (84 %), 3b (76 %)``: the list says what its first bracket is,
    though no word before it does."""
    text = "Various aryl bromides were tolerated : 3a ( 84 % ) , 3b ( 76 % ) , and 3c ( 65 % ) ."
    for value in ("84 %", "76 %", "65 %"):
        candidate = one(text, value, "reaction_yield")
        assert candidate.blocked is None and candidate.decisive, value


def test_a_list_of_labelled_percentages_that_are_conversions_is_no_yield_list() -> None:
    text = "Reactions of 1 ( 10 % ) and 2 ( 20 % ) conversion were slow ."
    assert one(text, "10 %", "reaction_yield").blocked is not None


def test_a_reagent_s_bracket_before_a_step_that_goes_on_is_no_yield_of_its_product() -> None:
    """``Reduction of 18 with LiAlH4 ( 92 % ) followed by oxidation gave 19``: the
    bracket is no yield of 19's; it is not settled as one."""
    text = "Reduction of 18 with LiAlH4 ( 92 % ) followed by oxidation gave aldehyde 19 ."
    assert not one(text, "92 %", "reaction_yield").decisive


def test_a_product_s_yield_then_its_excess_joined_by_and_are_a_yield_and_an_excess() -> None:
    """``gave 3a in 85 % and 92 % ee``: the first is the yield; with "respectively"
    both are excesses of two products."""
    text = "The reaction gave 3a in 85 % and 92 % ee ."
    assert one(text, "85 %", "reaction_yield").blocked is None
    assert one(text, "92 %", "reaction_yield").blocked is not None
    both = "The esters 5 and 6 were obtained in 85 % and 92 % ee , respectively ."
    assert one(both, "85 %", "reaction_yield").blocked is not None


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("The reaction afforded amide 19 at 70% (99% ee).", "70%"),
        ("Hydrogenation of 5 gave 6 at 95 % yield .", "95 %"),
    ],
)
def test_at_after_a_verb_s_product_is_a_yield_as_in_is(text: str, shown: str) -> None:
    found = one(text, shown)
    assert found.blocked is None and found.decisive
    assert found.properties == ("reaction_yield",)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Under these conditions the product 3a was obtained at 60 % conversion .", "60 %"),
        ("The alkene was hydrogenated at 10% Pd/C loading to give 7 .", "10%"),
    ],
)
def test_at_a_conversion_or_a_catalyst_s_strength_is_no_yield(text: str, shown: str) -> None:
    assert one(text, shown).blocked is not None


def test_shares_a_verb_made_each_of_its_product_are_yields() -> None:
    text = "Irradiation gave 45 % of 3a and 20 % of 4a ."
    for shown in ("45 %", "20 %"):
        found = one(text, shown)
        assert found.blocked is None and found.decisive


def test_a_mixture_s_composition_is_no_share_a_verb_made() -> None:
    text = "The crude mixture contained 70 % of 5 and 30 % of 6 by 1H NMR ."
    assert one(text, "30 %").blocked is not None


def test_a_field_s_yield_cues_no_reaction_yield() -> None:
    text = "In the field trial the grain yield of the treated plots was 108% ."
    assert one(text, "108%").blocked is not None
