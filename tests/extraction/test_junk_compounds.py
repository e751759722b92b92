"""``junk_reason``: what can never be a compound's name is refused with a reason, and no
real name, label or placeholder that points at a compound is."""

from __future__ import annotations

import pytest

from molextract.extraction.junk_compounds import is_appearance, junk_reason, names_a_medium


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("0.35g", "a mass"),
        ("12.0 g", "a mass"),
        ("250 mg", "a mass"),
        ("1.2 kg", "a mass"),
        ("1.2 mmol", "an amount of substance"),
        ("10 µmol", "an amount of substance"),
        ("1.5 equiv", "an amount of substance"),
        ("5 mL", "a volume"),
        ("250 µL", "a volume"),
        ("23%", "a percentage"),
        ("61 % yield", "a percentage"),
        ("2.0 M", "a concentration"),
        ("25 °C", "a temperature"),
        ("3 h", "a time"),
        ("ca. 40 mg", "a mass"),
    ],
)
def test_a_quantity_is_refused_and_named(text: str, kind: str) -> None:
    reason = junk_reason(text)
    assert reason is not None
    assert reason.startswith(kind)


@pytest.mark.parametrize(
    "text", ["(2.10 g, 64%)", "0.815 g (61% yield)", "12.4 mg, 23%", "0.35 g; 1.2 mmol"]
)
def test_a_list_of_quantities_is_refused(text: str) -> None:
    reason = junk_reason(text)
    assert reason is not None
    assert reason.startswith("quantities")


@pytest.mark.parametrize("text", ["mmole", "mg", "mL", "equiv"])
def test_a_unit_alone_is_refused_but_an_element_is_not(text: str) -> None:
    assert junk_reason(text) == "a unit alone, not a name"
    assert junk_reason("Mg") is None


@pytest.mark.parametrize(
    "text", ["N-protection", "O-alkylation", "C-H activation", "Hydrolysis", "oxidation"]
)
def test_a_step_of_a_synthesis_is_refused_but_a_cation_is_not(text: str) -> None:
    # "The yield of this hydrolysis / N-protection procedure typically exceeds 90 %"
    assert junk_reason(text) == "a step of a synthesis, not a name"
    for species in ("tropylium cation", "dication", "anion", "N-oxide"):
        assert junk_reason(species) is None
    # "for arene o-C − H silylation": a bond, which a model once took for the product
    for bond in ("o-C", "C-H", "C − H", "N-H"):
        assert junk_reason(bond) == "a bond, not a name"
    for name in ("CO", "HCN", "p-TsOH", "N2"):
        assert junk_reason(name) is None


@pytest.mark.parametrize("text", ["bp1", "b.p.", "mp", "cm-1", "cm−1", "m/e", "m/z", "ppm"])
def test_a_measurement_s_abbreviation_is_refused_but_a_capitalised_one_is_not(text: str) -> None:
    # "(bp1 mm : 210° to 220° C.)", "absorption peaks … at 1750 and 1580 cm-1"
    assert junk_reason(text) == "a property's or a spectrum's abbreviation, not a name"
    assert junk_reason("BP") is None


@pytest.mark.parametrize("text", ["12", "0.35", "(12)", "1,2", "3-4"])
def test_a_bare_number_is_refused(text: str) -> None:
    reason = junk_reason(text)
    assert reason is not None
    assert "bare number" in reason


@pytest.mark.parametrize(
    "text",
    [
        "white solid",
        "colourless oil",
        "colorless oil",
        "crude residue",
        "off-white solid",
        "pale yellow oil",
        "yellow crystals",
        "light brown powder",
        "white to off-white crystalline solid",
        "a white foam",
        "Solid",
        "white solid (0.35 g)",
        "Colorless oil (0.35 g, 23%)",
        # colours said with -ish, and an oil that flows freely
        "pinkish solids",
        "greyish-white powder",
        "mobile oil",
        # how a substance looked, then a word for any substance
        "white crystalline compound",
        "crystalline product",
        "yellow product",
    ],
)
def test_an_appearance_is_refused(text: str) -> None:
    reason = junk_reason(text)
    assert reason is not None
    assert "appearance" in reason


@pytest.mark.parametrize(
    "text",
    [
        "hexanes/EtOAc",
        "EtOAc-hexane 1:4",
        "ethyl acetate/hexane (1:3)",
        "hexane–ethyl acetate",
        "CH2Cl2/MeOH 95:5",
        "5% MeOH in DCM",
        "0-10% MeOH/DCM",
        "n-hexane/EtOAc",
        "heptane:EtOAc",
        "dichloromethane-methanol",
        "1,4-dioxane/water",
        "petroleum ether–ethyl acetate (4:1, v/v)",
        "hexanes",
        "petroleum ether",
        "light petroleum",
    ],
)
def test_a_solvent_mixture_or_eluent_is_refused(text: str) -> None:
    reason = junk_reason(text)
    assert reason is not None
    assert "mixture" in reason


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("brine", "mixture"),
        ("silica gel", "mixture"),
        ("Celite", "mixture"),
        ("1 N HCl", "solution"),
        ("2M NaOH", "solution"),
        ("sat. NaHCO3", "solution"),
        ("aqueous sodium hydroxide solution", "solution"),
        ("filtrate", "work-up"),
        ("the reaction mixture", "work-up"),
        ("organic layer", "work-up"),
        ("quantitative", "yield"),
        ("", "empty"),
        ("  ", "empty"),
        ("—", "letter"),
    ],
)
def test_materials_and_work_up_are_refused(text: str, word: str) -> None:
    reason = junk_reason(text)
    assert reason is not None
    assert word in reason


@pytest.mark.parametrize(
    "text",
    [
        "2-methyl-1-propanol",
        "(S)-2-amino-3-phenylpropanoic acid",
        "N,N-dimethylformamide",
        "4-(N,N-dimethylamino)pyridine",
        "2,4-dinitrophenol",
        "1,2-dichloroethane",
        "methyl 4-aminobicyclo[2.2.2]octane-1-carboxylate hydrochloride",
        "3-isobutyl-5-methylthieno[2,3-d]pyrimidine-2,4(1H,3H)-dione (racemate)",
        "tert-butyl 4-oxopiperidine-1-carboxylate",
        "tert-butyl methyl ether",
        "α-pinene",
        "D-glucose",
        "L-alanine",
        "Cu(OAc)2",
        "Pd/C",
        "sodium hydride",
        "methanol-d4",
        "white phosphorus",
        "crystal violet",
        "methyl cinnamate",
        "benzyl alcohol",
        "1H-indole",
    ],
)
def test_a_real_name_passes(text: str) -> None:
    assert junk_reason(text) is None


@pytest.mark.parametrize(
    "text",
    ["ethanol", "water", "EtOAc", "ethyl acetate", "acetic acid", "hexane", "1,4-dioxane"],
)
def test_one_solvent_passes(text: str) -> None:
    """A solvent can be the compound a value belongs to (ethanol boils at 78 °C)."""
    assert junk_reason(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "4b",
        "12g",
        "3h",
        "2l",
        "5d",
        "IV",
        "compound 12b",
        "Example 12",
        "Example 2B",
        "Intermediate 10A",
        "Step 22-F",
        "title compound",
        "the title compound",
        "product",
        "crude product",
        "the crystalline compound",
        "the target product",
    ],
)
def test_labels_and_placeholders_pass(text: str) -> None:
    """A label glued to a one-letter unit's letter (``12g``, ``3h``) is a label; the
    placeholders point at a compound another step resolves."""
    assert junk_reason(text) is None


@pytest.mark.parametrize("text", ["1.48g 1a", "250 mg 3b", "2.0 mmol benzaldehyde", "5 mL THF"])
def test_an_amount_before_a_name_or_label_is_refused(text: str) -> None:
    assert junk_reason(text) == "an amount printed before a name or label, not part of it"


@pytest.mark.parametrize("text", ["12g", "4-nitrophenol", "1,2-dichloroethane", "2 M HCl"])
def test_a_label_or_a_name_with_numbers_is_no_amount_before_a_name(text: str) -> None:
    assert junk_reason(text) != "an amount printed before a name or label, not part of it"


@pytest.mark.parametrize(
    ("text", "looks"),
    [("White solid", True), ("pale yellow oil", True), ("hygroscopic", False),
     ("4-propylphenol", False), ("the product", False)],
)  # fmt: skip
def test_a_cell_that_only_says_how_a_substance_looked(text: str, looks: bool) -> None:
    assert is_appearance(text) is looks


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("(3b and 3c)", "a list of labels"),
        ("(3d-3i)", "a list of labels"),
        ("8ka,la", "a list of labels"),
        ("3a-", "a list of labels"),
        ("enantiocontrol", "how selective"),
        ("excellent diastereoselectivity", "how selective"),
        ("Biomol", "journal"),
        ("Palladium-Catalyzed", "a modifier"),
        ("Hexamethyl-1,1′-spirobiindane-Based", "a modifier"),
        ("haloalkyl-radical-initiated", "a modifier"),
        ("2023Chem", "citation"),
        ("2023isocyanides 110", "citation"),
        ("C1-C13", "a range of atoms"),
        ("C1", "an atom's number"),
        ("Pd(II)-C4-arylation", "a step of a synthesis"),
        ("[α]D 21", "optical rotation"),
    ],
)
def test_what_papers_print_where_a_name_could_stand(text: str, reason: str) -> None:
    """Labels run together, a reaction's selectivity, a running header's journal, a title's
    modifiers and a reference's year: none names a compound."""
    found = junk_reason(text)
    assert found is not None and reason in found


@pytest.mark.parametrize(
    "text",
    ["36-d", "11-c", "4a-d1", "N-substituted pyrrole", "2-methylpropan-2-ol", "Chemdata", "C60"],
)
def test_one_label_or_a_name_stays(text: str) -> None:
    assert junk_reason(text) is None


@pytest.mark.parametrize(
    "name", ["EtOH", "ethanol", "EtOH/H2O", "EtOAc-hexane", "octanol", "buffer"]
)
def test_a_solvent_a_mixture_or_a_medium_is_a_medium(name: str) -> None:
    assert names_a_medium(name)


@pytest.mark.parametrize("name", ["4-bromobenzamide", "caffeine", "octanal"])
def test_a_compound_is_no_medium(name: str) -> None:
    assert not names_a_medium(name)
