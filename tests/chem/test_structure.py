import pytest

from molextract.chem import StructureInfo, analyze_smiles, formula_consistent, smiles_in_text
from molextract.chem.structure import MAX_SMILES_LENGTH

ASPIRIN = "CC(=O)Oc1ccccc1C(=O)O"


@pytest.fixture(scope="module")
def aspirin() -> StructureInfo:
    info = analyze_smiles(ASPIRIN)
    assert info is not None
    return info


def test_aspirin(aspirin: StructureInfo) -> None:
    assert aspirin == StructureInfo(ASPIRIN, "BSYNRYMUTXBXSQ-UHFFFAOYSA-N", "C9H8O4", 180.16)


def test_smiles_is_canonicalised() -> None:
    info = analyze_smiles(" OC(=O)c1ccccc1OC(C)=O ")
    assert info is not None
    assert info.canonical_smiles == ASPIRIN


def test_charged_structure_keeps_charge_in_formula() -> None:
    info = analyze_smiles("CC(=O)[O-]")
    assert info is not None
    assert (info.formula, info.mol_weight) == ("C2H3O2-", 59.04)


def test_failed_inchi_gives_no_inchikey() -> None:
    info = analyze_smiles("*C")  # a dummy atom has no InChI
    assert info is not None
    assert info.inchikey is None
    assert info.canonical_smiles == "*C"


@pytest.mark.parametrize(
    "junk",
    [
        "",
        "   ",
        "N/A",
        "C1CC",
        "c1ccccc",
        "C(C",
        "CC)C",
        "C[Xx]",
        "Chloroform",
        "CCO ethanol",
        "C=C=C=C(C)(C)(C)(C)C",
        "C1" * 3000,
        "C" * (MAX_SMILES_LENGTH + 1),
        "(((((((((((((((((((",
    ],
)
def test_junk_is_rejected(junk: str) -> None:
    assert analyze_smiles(junk) is None


@pytest.mark.parametrize(
    "text",
    [
        f"aspirin ({ASPIRIN})",
        f"aspirin ({ASPIRIN}).",
        f"SMILES: {ASPIRIN}",
        f"{ASPIRIN}",
        f"the compound “{ASPIRIN}”, was",
        f"line one\n{ASPIRIN}\nline two",
    ],
)
def test_smiles_as_token(text: str) -> None:
    assert smiles_in_text(ASPIRIN, text) is True


@pytest.mark.parametrize(
    ("smiles", "text"),
    [
        ("C", "Chloroform was used."),
        ("CC", "isopropanol CC(C)O was used"),
        ("CCO", "C=CCO is allyl alcohol"),
        (ASPIRIN, "aspirin OC(=O)c1ccccc1OC(C)=O"),  # same molecule, different string
        ("", "anything"),
        ("CC O", "CC O"),
    ],
)
def test_smiles_not_as_token(smiles: str, text: str) -> None:
    assert smiles_in_text(smiles, text) is False


@pytest.mark.parametrize(
    "window",
    [
        "HRMS (ESI) m/z calcd for C9H9O4 [M+H]+ 181.0495, found 181.0491.",
        "HRMS calcd for C9H7O4 [M−H]− 179.0350.",
        "HRMS calcd for C9H8NaO4 [M+Na]+ 203.0315.",
        "Anal. calcd for C9H8O4: C, 60.00; H, 4.48.",
        "molecular formula C₉H₈O₄",
        "aspirin (MW 180.16)",
        "M.W. = 180.2",
        "a molecular weight of 180.16 g/mol",
        "mol. wt. 180",
        "calcd for C10H12O4; MW 180.16",  # one agreeing statement is enough
    ],
)
def test_formula_or_weight_agrees(aspirin: StructureInfo, window: str) -> None:
    assert formula_consistent(aspirin, window) is True


@pytest.mark.parametrize(
    "window",
    [
        "HRMS calcd for C12H17NO2 [M+H]+ 208.1332.",
        "Anal. calcd for C10H10O4: C, 61.86.",
        "MW 250.3",
        "molecular weight of 194.19 g/mol",
    ],
)
def test_formula_or_weight_disagrees(aspirin: StructureInfo, window: str) -> None:
    assert formula_consistent(aspirin, window) is False


@pytest.mark.parametrize(
    "window",
    [
        "",
        "Aspirin was recrystallised from CH2Cl2 and CHCl3, mp 135 °C.",
        "Water (H2O) and CO2 were removed; the CH protons appear in CDCl3 by NMR and HPLC.",
        "The ethanol (CH3CH2OH) was dried.",
        "Compound 4b was obtained in 87% yield.",
    ],
)
def test_nothing_stated_gives_none(aspirin: StructureInfo, window: str) -> None:
    assert formula_consistent(aspirin, window) is None


def test_short_formula_counts_when_it_is_the_structure() -> None:
    water = analyze_smiles("O")
    assert water is not None
    assert formula_consistent(water, "dried over H2O-free conditions, H2O") is True
    assert formula_consistent(water, "CO2 was bubbled through") is None
