import pytest
from rdkit import Chem

from molextract.chem.crosschecks import CrossCheck, consistent, cross_checks, mismatch_flags

# 4-Aminonaphthalene-1-sulfonic acid (naphthionic acid), C10H9NO3S, MW 223.25.
NAPHTHIONIC = "Nc1ccc(S(=O)(=O)O)c2ccccc12"
# Fluoxetine, C17H18F3NO; its hydrochloride C17H18F3NO·HCl, MW 345.79.
FLUOXETINE = "CNCCC(Oc1ccc(cc1)C(F)(F)F)c1ccccc1"
FLUOXETINE_HCL = FLUOXETINE + ".Cl"
IBUPROFEN = "CC(C)Cc1ccc(cc1)C(C)C(=O)O"  # C13H18O2
BENZYLTRIMETHYLAMMONIUM_BROMIDE = "C[N+](C)(C)Cc1ccccc1.[Br-]"  # C10H16N+ Br-
BROMOANILINE = "Nc1ccc(Br)cc1"  # C6H6BrN
ANISOLE_D3 = "[2H]C([2H])([2H])Oc1ccccc1"  # C7H5D3O

# Monoisotopic masses by hand, independent of RDKit's table.
MASS = {
    "C": 12.000000,
    "H": 1.007825,
    "D": 2.014102,
    "N": 14.003074,
    "O": 15.994915,
    "F": 18.998403,
    "S": 31.972071,
    "Cl": 34.968853,
    "Br": 78.918338,
    "Na": 22.989770,
    "K": 38.963707,
}
ELECTRON = 0.000549


def hand_mz(composition: dict[str, int], charge: int) -> float:
    return (sum(MASS[el] * n for el, n in composition.items()) - charge * ELECTRON) / abs(charge)


def only(checks: list[CrossCheck], kind: str) -> CrossCheck:
    found = [c for c in checks if c.kind == kind]
    assert len(found) == 1, checks
    return found[0]


def kinds(checks: list[CrossCheck]) -> list[tuple[str, bool]]:
    return [(c.kind, c.ok) for c in checks]


# --- exact masses ------------------------------------------------------------------------

NAPHTHIONIC_ATOMS = {"C": 10, "H": 9, "N": 1, "O": 3, "S": 1}


@pytest.mark.parametrize(
    ("smiles", "text", "ion", "charge"),
    [
        (NAPHTHIONIC, "HRMS (ESI) m/z [M+H]+ found 224.0380", {"H": 10}, 1),
        (NAPHTHIONIC, "HRMS (ESI) m/z [M+Na]+ found 246.0199", {"H": 9, "Na": 1}, 1),
        (NAPHTHIONIC, "HRMS (ESI) m/z [M−H]− found 222.0227", {"H": 8}, -1),
        (NAPHTHIONIC, "HRMS (EI) m/z M+ found 223.0301", {"H": 9}, 1),
        (NAPHTHIONIC, "HRMS (ESI) m/z [M+NH4]+ found 241.0644", {"H": 13, "N": 2}, 1),
        (NAPHTHIONIC, "HRMS (ESI) m/z [M+K]+ found 261.9931", {"H": 9, "K": 1}, 1),
    ],
)
def test_ion_masses_agree_with_hand_computation(
    smiles: str, text: str, ion: dict[str, int], charge: int
) -> None:
    composition = {**NAPHTHIONIC_ATOMS, **ion}
    if "N" in ion:
        composition["N"] = ion["N"]
    check = only(cross_checks(smiles, text), "hrms")
    assert abs(float(check.expected) - hand_mz(composition, charge)) < 6e-5
    assert check.ok, check.detail


@pytest.mark.parametrize(
    ("smiles", "text", "composition", "charge"),
    [
        (
            FLUOXETINE_HCL,
            "HRMS (ESI) m/z [M+H]+ found 310.1416",
            {"C": 17, "H": 19, "F": 3, "N": 1, "O": 1},
            1,
        ),
        (IBUPROFEN, "HRMS (ESI) m/z [M-H]- found 205.1231", {"C": 13, "H": 17, "O": 2}, -1),
        (
            BENZYLTRIMETHYLAMMONIUM_BROMIDE,
            "HRMS (ESI) m/z [M]+ found 150.1279",
            {"C": 10, "H": 16, "N": 1},
            1,
        ),
        (ANISOLE_D3, "HRMS (EI) m/z M+ found 111.0766", {"C": 7, "H": 5, "D": 3, "O": 1}, 1),
        (
            NAPHTHIONIC,
            "HRMS (ESI) m/z [2M+Na]+ found 469.0507",
            {"C": 20, "H": 18, "N": 2, "O": 6, "S": 2, "Na": 1},
            1,
        ),
    ],
)
def test_more_ion_masses_by_hand(
    smiles: str, text: str, composition: dict[str, int], charge: int
) -> None:
    check = only(cross_checks(smiles, text), "hrms")
    assert abs(float(check.expected) - hand_mz(composition, charge)) < 6e-5
    assert check.ok, check.detail


def test_formate_adduct_and_double_charge() -> None:
    formate = "HRMS (ESI−) m/z [M+HCOO]− calcd for C11H10NO5S 268.0285, found 268.0281"
    checks = cross_checks(NAPHTHIONIC, formate)
    assert kinds(checks) == [("hrms", True), ("formula", True)]
    hand = hand_mz({"C": 11, "H": 10, "N": 1, "O": 5, "S": 1}, -1)
    assert abs(float(checks[0].expected) - hand) < 6e-5
    doubly = only(cross_checks(NAPHTHIONIC, "HRMS (ESI) m/z [M+2H]2+ found 112.5224"), "hrms")
    assert abs(float(doubly.expected) - hand_mz({**NAPHTHIONIC_ATOMS, "H": 11}, 2)) < 6e-5


def test_electron_mass_is_subtracted() -> None:
    check = only(cross_checks(NAPHTHIONIC, "HRMS (ESI) m/z [M+H]+ found 224.0380"), "hrms")
    with_electron = hand_mz({**NAPHTHIONIC_ATOMS, "H": 10}, 1)
    assert check.expected == "224.0376" == f"{with_electron:.4f}"
    assert f"{with_electron + ELECTRON:.4f}" == "224.0381"  # what forgetting it gives


def test_calcd_without_electron_passes_and_says_so() -> None:
    text = "HRMS (ESI) calcd for C10H10NO3S (M+H)+: 224.0381. Found: 224.0380."
    check = only(cross_checks(NAPHTHIONIC, text), "hrms")
    assert check.ok
    assert "without the electron mass" in check.detail


# --- HRMS --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "HRMS (ESI) m/z [M+H]+ calcd for C10H10NO3S 224.0376, found 224.0380.",
        "HRMS (ESI-TOF) m/z: [M + H]+ Calcd for C10H10NO3S 224.0376; Found 224.0378.",
        "HRMS (ESI) m/z calcd for C10H10NO3S [M+H]+ 224.0376, found 224.0372.",
        "HRMS (ESI) m/z calcd for C10H9NO3S [M+H]+ 224.0376, found 224.0380.",
        "HRMS (ESI) calcd for C10H10NO3S (M+H)+: 224.0376. Found: 224.0380.",
        "HR-ESI-MS m/z 224.0380 [M+H]+ (calcd for C10H10NO3S, 224.0376).",
        "HRMS (ESI) found 224.0380 [M+H]+, C10H10NO3S requires 224.0376",
        "HRMS m/z 224.0380 (calcd 224.0376)",
        "HRMS (ESI) m/z: 224.0380 (M + H)+",
        "HRMS (ESI) m/z [M+H]⁺ calcd for C₁₀H₁₀NO₃S 224.0376, found 224.0380.",
        "HRMS (ESI) m/z MH+ calcd 224.0376, found 224.0379.",
        "HRMS (EI) m/z M+ calcd 223.0298, found 223.0301.",
        "HREIMS m/z 223.0301 (M+•, 100), 143.0730 (45)",
        "(Found: M+, 223.0301. C10H9NO3S requires M, 223.0298).",
        "HRMS (ESI-TOF) m/z: [M + Na]+ Calcd for C10H9NO3SNa 246.0195; Found 246.0199.",
        "HRMS (ESI) m/z [M−H]− calcd for C10H8NO3S 222.0230, found 222.0227.",
        "HRMS (ESI) m/z [M-H]- calcd for C10H8NO3S- 222.0230, found 222.0233.",
        "HRMS (ESI) m/z [M+NH4]+ calcd for C10H13N2O3S 241.0641, found 241.0645.",
        "HRMS (ESI) m/z [M+K]+ calcd for C10H9KNO3S 261.9935, found 261.9930.",
        "HRMS (ESI) m/z [C10H10NO3S]+ calcd 224.0376, found 224.0380.",
        "HRMS calcd for C10H10NO3S 224.0376, found 224.0380.",
    ],
)
def test_hrms_statements_agree(text: str) -> None:
    checks = cross_checks(NAPHTHIONIC, text)
    assert any(c.kind == "hrms" for c in checks)
    assert consistent(checks) is True, [c.detail for c in checks]


def test_hrms_check_reports_the_numbers() -> None:
    text = "HRMS (ESI) m/z [M+H]+ calcd for C10H10NO3S 224.0376, found 224.0380."
    checks = cross_checks(NAPHTHIONIC, text)
    hrms = only(checks, "hrms")
    assert hrms.stated == text.rstrip(".")
    assert "[M+H]+" in hrms.detail and "found 224.0380 (+1.8 ppm)" in hrms.detail
    formula = only(checks, "formula")
    assert (formula.stated, formula.expected, formula.ok) == ("C10H10NO3S", "C10H10NO3S", True)
    assert "ion" in formula.detail


def test_unstated_adduct_is_inferred_from_the_ion_formula() -> None:
    text = "HRMS calcd for C10H9NO3SNa 246.0195, found 246.0197."
    hrms = only(cross_checks(NAPHTHIONIC, text), "hrms")
    assert hrms.ok and hrms.detail.startswith("[M+Na]+")
    assert "assumed" in hrms.detail


def test_found_far_from_structure_is_an_hrms_mismatch() -> None:
    text = "HRMS (ESI) m/z [M+H]+ calcd for C10H10NO3S 224.0376, found 224.0432."
    checks = cross_checks(NAPHTHIONIC, text)
    hrms = only(checks, "hrms")
    assert not hrms.ok and "+25.0 ppm" in hrms.detail
    assert mismatch_flags(checks) == ["hrms_mismatch"]


def test_found_within_ten_ppm_is_accepted() -> None:
    text = "HRMS (ESI) m/z [M+H]+ calcd for C10H10NO3S 224.0376, found 224.0395."
    assert only(cross_checks(NAPHTHIONIC, text), "hrms").ok  # 8.5 ppm


def test_homologue_is_both_formula_and_hrms_mismatch() -> None:
    text = "HRMS (ESI) m/z [M+H]+ calcd for C11H12NO3S 238.0532, found 238.0535."
    checks = cross_checks(NAPHTHIONIC, text)
    assert consistent(checks) is False
    assert mismatch_flags(checks) == ["formula_mismatch", "hrms_mismatch"]
    formula = only(checks, "formula")
    assert formula.expected == "C10H10NO3S" and "(+CH2)" in formula.detail
    assert "calcd 238.0532 (off by +14.0156)" in only(checks, "hrms").detail


def test_calcd_one_hydrogen_off_is_caught() -> None:
    text = "HRMS (ESI) m/z [M+H]+ calcd 225.0454, found 225.0450."
    assert not only(cross_checks(NAPHTHIONIC, text), "hrms").ok


def test_wrong_adduct_label_is_a_mismatch() -> None:
    text = "HRMS (ESI) m/z [M+Na]+ calcd 224.0376, found 224.0380."
    assert not only(cross_checks(NAPHTHIONIC, text), "hrms").ok


def test_several_ions_in_one_statement_each_checked() -> None:
    text = (
        "HRMS (ESI) m/z [M+H]+ calcd for C10H10NO3S 224.0376, found 224.0380; "
        "[M+Na]+ calcd for C10H9NO3SNa 246.0195, found 246.0201."
    )
    checks = cross_checks(NAPHTHIONIC, text)
    hrms = [c for c in checks if c.kind == "hrms"]
    assert [c.expected for c in hrms] == ["224.0376", "246.0195"]
    assert [c.stated for c in hrms] == [
        "[M+H]+ calcd for C10H10NO3S 224.0376, found 224.0380",
        "[M+Na]+ calcd for C10H9NO3SNa 246.0195, found 246.0201",
    ]
    assert consistent(checks) is True


def test_quaternary_ammonium_as_salt_and_as_cation() -> None:
    text = (
        "HRMS (ESI) m/z [M−Br]+ calcd for C10H16N 150.1277, found 150.1280. "
        "LRMS (ESI) m/z 150.1 [M]+."
    )
    checks = cross_checks(BENZYLTRIMETHYLAMMONIUM_BROMIDE, text)
    assert kinds(checks) == [("hrms", True), ("formula", True), ("hrms", True)]


# --- low-resolution MS -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "ESI-MS m/z 224 [M+H]+.",
        "MS (ESI) m/z: 224.1 (M+H)+.",
        "LC-MS (ESI): m/z = 224.0 [M + H]+, tR = 1.23 min.",
        "LCMS m/z 246 [M+Na]+.",
        "MS (ESI−) m/z 222 [M−H]−.",
        "MS m/z 224 (MH+).",
        "MS (ESI) m/z 224 (M+1).",
        "MS (ESI+) m/z [M+H]+ 224.",
        "MS (ESI) m/z 224 (100%) [M+H]+.",
        "EI-MS m/z 223 (M+, 100), 143 (45), 115 (30).",
    ],
)
def test_nominal_masses_agree(text: str) -> None:
    checks = cross_checks(NAPHTHIONIC, text)
    assert kinds(checks) == [("hrms", True)], [c.detail for c in checks]


def test_nominal_mass_of_another_compound_is_a_mismatch() -> None:
    check = only(cross_checks(NAPHTHIONIC, "ESI-MS m/z 238 [M+H]+"), "hrms")
    assert not check.ok and "off by +13.96" in check.detail


def test_fragment_lists_are_not_claims() -> None:
    check = only(cross_checks(NAPHTHIONIC, "MS (EI) m/z 223 (M+, 100), 195 (12), 77 (40)"), "hrms")
    assert check.ok and "found 223" in check.detail and "195" not in check.detail


def test_bromine_isotope_peaks() -> None:
    check = only(cross_checks(BROMOANILINE, "MS (ESI) m/z 172, 174 [M+H]+."), "hrms")
    assert check.ok and "found 172" in check.detail and "M+2 isotope" in check.detail


def test_isotope_peak_needs_a_halogen() -> None:
    assert not only(cross_checks(NAPHTHIONIC, "MS (ESI) m/z 226 [M+H]+."), "hrms").ok


# --- formulas ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "molecular formula C10H9NO3S",
        "Molecular formula: C₁₀H₉NO₃S",
        "Chemical Formula: C10H9NO3S",
        "grey solid (C10H9NO3S, 223.25)",
        "Anal. (C10H9NO3S) C, H, N.",
        "Anal. (C10H9NO3S·0.5H2O) C, H, N.",
        "Anal. (C10H9NO3S·½H2O) C, H, N.",
        "calcd for C10H9NO3S.0.25 EtOAc",
        "grey solid (C10H9NO3S).",
    ],
)
def test_formula_claims_agree(text: str) -> None:
    check = only(cross_checks(NAPHTHIONIC, text), "formula")
    assert check.ok and check.expected == "C10H9NO3S", check.detail
    assert text[check.start : check.end] == check.stated
    assert check.stated.startswith("C")


def test_solvate_is_read_as_part_of_the_formula() -> None:
    check = only(cross_checks(NAPHTHIONIC, "Anal. (C10H9NO3S·0.5H2O) C, H, N."), "formula")
    assert check.stated == "C10H9NO3S·0.5H2O"
    assert "solvate" in check.detail


@pytest.mark.parametrize(
    ("text", "difference"),
    [
        ("molecular formula C10H11NO3S", "+H2"),
        ("Anal. (C11H11NO3S) C, H, N.", "+CH2"),
        ("(C10H9NO2S, 207.25)", "-O"),
        ("calcd for C10H8ClNO3S", "+Cl -H"),
    ],
)
def test_formula_mismatch_is_named(text: str, difference: str) -> None:
    checks = cross_checks(NAPHTHIONIC, text)
    check = only(checks, "formula")
    assert not check.ok
    assert f"({difference})" in check.detail and check.expected == "C10H9NO3S"
    assert "formula_mismatch" in mismatch_flags(checks)


@pytest.mark.parametrize(
    "text",
    [
        "Purified by HPLC on a C18 column (H2O/MeCN, 0.1% HCOOH).",
        "The signal of C3 correlates with H-4 and C-4a in the HMBC spectrum.",
        "The NH2 protons appear at δ 5.85; C3, C4 and C8a were assigned by HSQC.",
        "Extracted with CH2Cl2 (3 × 20 mL), dried over Na2SO4 and MgSO4, then CHCl3.",
        "1H NMR (400 MHz, CDCl3); 13C NMR (101 MHz, CD3OD); DMSO-d6 was used.",
        "Water (H2O, 10 mL) and K2CO3 (2.0 equiv) in CH3CN.",
        "the 4-C6H4 ring and the C6H5 group; prepared from 4-bromoaniline (C6H6BrN).",
        "Activated 4 Å MS (200 mg) were added, then Et3N and Pd(PPh3)4.",
        "a C12H25 chain; irradiated with MW (150 W) at 120 °C for 10 min.",
    ],
)
def test_formula_like_tokens_that_are_not_claims(text: str) -> None:
    assert cross_checks(NAPHTHIONIC, text) == []


def test_formula_of_a_weighed_out_reagent_is_not_a_claim() -> None:
    text = "To a solution of 6 (C10H11NO3S, 1.00 g, 4.44 mmol) in THF (20 mL) was added"
    assert cross_checks(NAPHTHIONIC, text) == []


def test_free_standing_formula_of_a_close_compound_is_checked() -> None:
    checks = cross_checks(NAPHTHIONIC, "obtained as a grey solid (C10H11NO3S).")
    assert kinds(checks) == [("formula", False)]


# --- molecular weight --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "MW 223.25",
        "M.W. 223.3",
        "(223.25 g/mol)",
        "Mr = 223.25",
        "Molecular weight: 223.25",
        "mol. wt. 223",
        "MW: 223.25 g·mol−1",
        "(C10H9NO3S, 223.25)",
    ],
)
def test_molecular_weight_agrees(text: str) -> None:
    check = only(cross_checks(NAPHTHIONIC, text), "mol_weight")
    assert check.ok and check.expected == "223.25", check.detail


def test_molecular_weight_mismatch() -> None:
    checks = cross_checks(NAPHTHIONIC, "MW 237.28")
    assert kinds(checks) == [("mol_weight", False)]
    assert mismatch_flags(checks) == ["mol_weight_mismatch"]
    assert "off by +14.03" in checks[0].detail


def test_molecular_weight_rounding_follows_printed_precision() -> None:
    assert only(cross_checks(NAPHTHIONIC, "MW 223"), "mol_weight").ok
    assert not only(cross_checks(NAPHTHIONIC, "MW 223.45"), "mol_weight").ok


def test_reagent_weights_and_microwaves_are_not_claims() -> None:
    text = "4-Bromoaniline (MW 172.02, 1.00 g, 5.81 mmol) was heated under MW 150 W irradiation."
    assert cross_checks(NAPHTHIONIC, text) == []


def test_exact_mass_is_monoisotopic() -> None:
    text = "Chemical Formula: C10H9NO3S; Exact Mass: 223.03; Molecular Weight: 223.25"
    checks = cross_checks(NAPHTHIONIC, text)
    assert kinds(checks) == [("formula", True), ("mol_weight", True), ("mol_weight", True)]
    assert checks[1].expected == "223.0303" and "monoisotopic" in checks[1].detail


# --- elemental analysis ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Anal. Calcd for C10H9NO3S: C, 53.80; H, 4.06; N, 6.27. Found: C, 53.71; H, 4.10; N, 6.22.",
        "Anal. calcd. (%) for C10H9NO3S: C 53.80, H 4.06, N 6.27; found: C 53.71, H 4.10, N 6.22.",
        "Anal. Calcd for C10H9NO3S: C, 53.80; H, 4.06; N, 6.27; S, 14.36. "
        "Found: C, 53.92; H, 4.01; N, 6.19; S, 14.25.",
        "Found: C, 53.7; H, 4.1; N, 6.2. C10H9NO3S requires C, 53.80; H, 4.06; N, 6.27%.",
        "Elemental analysis: C 53.71, H 4.10, N 6.22 (calculated: C 53.80, H 4.06, N 6.27).",
        "Elemental analysis calcd (%) for C10H9NO3S (223.25): C 53.80, H 4.06, N 6.27; "
        "found: C 53.59, H 4.23, N 6.12.",
        "calcd for C10H9NO3S: C, 53.80%; H, 4.06%; N, 6.27%. Found: C, 53.66%; H, 4.12%; N, 6.31%.",
    ],
)
def test_elemental_analysis_agrees(text: str) -> None:
    checks = cross_checks(NAPHTHIONIC, text)
    ea = only(checks, "elemental_analysis")
    assert ea.ok, ea.detail
    assert ea.expected.startswith("C 53.80, H 4.06, N 6.27")
    assert consistent(checks) is True


def test_elemental_analysis_with_hydrate() -> None:
    text = (
        "Anal. Calcd for C10H9NO3S·0.5H2O: C, 51.71; H, 4.34; N, 6.03. "
        "Found: C, 51.65; H, 4.39; N, 5.97."
    )
    checks = cross_checks(NAPHTHIONIC, text)
    ea = only(checks, "elemental_analysis")
    assert ea.ok and ea.expected == "C 51.71, H 4.34, N 6.03"
    assert "0.5H2O" in ea.detail
    assert only(checks, "formula").ok


def test_anhydrous_numbers_under_a_hydrate_formula_still_fit_the_structure() -> None:
    text = "Anal. Calcd for C10H9NO3S·H2O: C, 53.80; H, 4.06; N, 6.27."
    assert only(cross_checks(NAPHTHIONIC, text), "elemental_analysis").ok


def test_found_outside_point_four_is_a_mismatch() -> None:
    text = (
        "Anal. Calcd for C10H9NO3S: C, 53.80; H, 4.06; N, 6.27. Found: C, 53.21; H, 4.10; N, 6.22."
    )
    checks = cross_checks(NAPHTHIONIC, text)
    ea = only(checks, "elemental_analysis")
    assert not ea.ok and ea.detail.endswith("found C 53.21 vs 53.80")
    assert mismatch_flags(checks) == ["elemental_analysis_mismatch"]


def test_calcd_for_another_formula_is_a_mismatch() -> None:
    text = (
        "Anal. Calcd for C11H11NO3S: C, 55.68; H, 4.67; N, 5.90. Found: C, 55.60; H, 4.70; N, 5.85."
    )
    checks = cross_checks(NAPHTHIONIC, text)
    assert mismatch_flags(checks) == ["elemental_analysis_mismatch", "formula_mismatch"]
    assert "calcd C 55.68 vs 53.80" in only(checks, "elemental_analysis").detail


def test_analysis_without_numbers_checks_only_the_formula() -> None:
    assert kinds(cross_checks(NAPHTHIONIC, "Anal. (C10H9NO3S) C, H, N.")) == [("formula", True)]


# --- salts -------------------------------------------------------------------------------

SALT_PARAGRAPH = (
    "Example 12. N-Methyl-3-phenyl-3-[4-(trifluoromethyl)phenoxy]propan-1-amine "
    "hydrochloride. The free base in Et2O was treated with 2 M HCl in Et2O to give the "
    "title compound as a white solid (2.10 g, 87%): mp 158–159 °C. LCMS (ESI) m/z 310.1 "
    "[M+H]+. HRMS (ESI) m/z [M+H]+ calcd for C17H19F3NO 310.1413, found 310.1416. "
    "Anal. Calcd for C17H18F3NO·HCl: C, 59.05; H, 5.54; N, 4.05. "
    "Found: C, 58.87; H, 5.61; N, 4.00."
)


@pytest.mark.parametrize("smiles", [FLUOXETINE_HCL, FLUOXETINE])
def test_hydrochloride_paragraph_fits_salt_and_free_base_smiles(smiles: str) -> None:
    checks = cross_checks(smiles, SALT_PARAGRAPH)
    assert kinds(checks) == [
        ("hrms", True),
        ("hrms", True),
        ("formula", True),
        ("elemental_analysis", True),
        ("formula", True),
    ], [c.detail for c in checks]


def test_salt_drawn_with_ions_gives_the_same_parent() -> None:
    ionic = "C[NH2+]CCC(Oc1ccc(cc1)C(F)(F)F)c1ccccc1.[Cl-]"
    assert consistent(cross_checks(ionic, SALT_PARAGRAPH)) is True


@pytest.mark.parametrize(
    "text",
    [
        "molecular formula C17H18F3NO",
        "molecular formula C17H18F3NO·HCl",
        "molecular formula C17H19ClF3NO",
        "(C17H18F3NO·HCl, 345.79)",
        "(C17H18F3NO, 309.33)",
        "MW 345.79",
        "MW 309.33",
    ],
)
@pytest.mark.parametrize("smiles", [FLUOXETINE_HCL, FLUOXETINE])
def test_salt_or_parent_formula_and_weight_both_count(smiles: str, text: str) -> None:
    checks = cross_checks(smiles, text)
    assert checks and consistent(checks) is True, [c.detail for c in checks]


def test_hydrate_drawn_in_the_smiles() -> None:
    text = "molecular formula C10H9NO3S; C10H9NO3S·H2O; MW 241.26; MW 223.25"
    checks = cross_checks("O." + NAPHTHIONIC, text)
    assert len(checks) == 4 and consistent(checks) is True


def test_salt_with_wrong_parent_is_a_mismatch() -> None:
    checks = cross_checks(FLUOXETINE_HCL, "molecular formula C18H20F3NO·HCl")
    check = only(checks, "formula")
    assert not check.ok and "(+CH2)" in check.detail


# --- windows and offsets -----------------------------------------------------------------

SI_TEXT = (
    "Methyl 4-aminobenzoate (3a). White solid; HRMS (ESI) m/z [M+H]+ calcd for C8H10NO2 "
    "152.0706, found 152.0709.\n\n"
    "4-Aminonaphthalene-1-sulfonic acid (3b). Grey solid; HRMS (ESI) m/z [M+H]+ calcd for "
    "C10H10NO3S 224.0376, found 224.0378. Anal. Calcd for C10H9NO3S: C, 53.80; H, 4.06; "
    "N, 6.27. Found: C, 53.62; H, 4.11; N, 6.30.\n\n"
    "4-Bromoaniline (3c). MS (ESI) m/z 172 [M+H]+; MW 172.02."
)


def test_only_the_window_counts() -> None:
    start = SI_TEXT.index("4-Aminonaphthalene")
    end = SI_TEXT.index("4-Bromoaniline (3c)")
    checks = cross_checks(NAPHTHIONIC, SI_TEXT, start, end)
    assert kinds(checks) == [
        ("hrms", True),
        ("formula", True),
        ("elemental_analysis", True),
        ("formula", True),
    ]
    for check in checks:
        assert start <= check.start < check.end <= end
        assert SI_TEXT[check.start : check.end] == check.stated


def test_whole_text_shows_the_other_compounds_as_mismatches() -> None:
    checks = cross_checks(NAPHTHIONIC, SI_TEXT)
    assert [c.ok for c in checks if c.kind == "hrms"] == [False, True, False]
    assert consistent(checks) is False


def test_window_end_past_text_and_empty_window() -> None:
    assert cross_checks(NAPHTHIONIC, "MW 223.25", 0, 10_000)[0].ok
    assert cross_checks(NAPHTHIONIC, "MW 223.25", 5, 5) == []


JMC_PARAGRAPH = (
    "4-Aminonaphthalene-1-sulfonic Acid (7). Compound 7 was obtained as a grey solid "
    "(1.21 g, 81%): mp > 300 °C; 1H NMR (400 MHz, DMSO-d6) δ 8.45 (d, J = 8.4 Hz, 1H), "
    "8.12 (d, J = 8.2 Hz, 1H), 7.78 (d, J = 7.9 Hz, 1H), 7.55–7.42 (m, 2H), 6.68 (d, "
    "J = 7.9 Hz, 1H, H-3), 5.85 (br s, 2H, NH2); 13C NMR (101 MHz, DMSO-d6) δ 147.2 (C-4), "
    "132.1, 128.4, 126.0, 124.3, 123.5, 122.8, 105.6 (C3); HRMS (ESI) m/z [M+H]+ calcd for "
    "C10H10NO3S 224.0376, found 224.0380; HPLC purity 98.6% (C18 column, H2O/MeCN 90:10 to "
    "10:90, tR = 6.42 min). Anal. Calcd for C10H9NO3S·0.5H2O: C, 51.71; H, 4.34; N, 6.03. "
    "Found: C, 51.65; H, 4.39; N, 5.97."
)


def test_full_experimental_paragraph() -> None:
    checks = cross_checks(NAPHTHIONIC, JMC_PARAGRAPH)
    assert kinds(checks) == [
        ("hrms", True),
        ("formula", True),
        ("elemental_analysis", True),
        ("formula", True),
    ]
    assert checks[0].stated.startswith("HRMS (ESI)") and checks[0].stated.endswith("224.0380")
    for check in checks:
        assert JMC_PARAGRAPH[check.start : check.end] == check.stated


def test_paragraph_against_the_wrong_structure() -> None:
    methyl = "Cc1cc(N)c2ccccc2c1S(=O)(=O)O"  # a methyl too many: C11H11NO3S
    checks = cross_checks(methyl, JMC_PARAGRAPH)
    assert mismatch_flags(checks) == [
        "elemental_analysis_mismatch",
        "formula_mismatch",
        "hrms_mismatch",
    ]


# --- API edges ---------------------------------------------------------------------------


def test_consistent_is_none_without_checks() -> None:
    assert consistent([]) is None
    assert consistent(cross_checks(NAPHTHIONIC, "A grey solid, mp > 300 °C.")) is None


@pytest.mark.parametrize("smiles", ["", "not a smiles", "C1CC", "*c1ccccc1", "CCO ethanol"])
def test_unusable_structure_gives_no_checks(smiles: str) -> None:
    assert cross_checks(smiles, "MW 46.07; molecular formula C2H6O") == []


def test_accepts_an_rdkit_molecule() -> None:
    mol = Chem.MolFromSmiles(NAPHTHIONIC)
    assert consistent(cross_checks(mol, "molecular formula C10H9NO3S; MW 223.25")) is True


def test_deuterated_formula() -> None:
    checks = cross_checks(ANISOLE_D3, "molecular formula C7H5D3O; MW 111.16")
    assert kinds(checks) == [("formula", True), ("mol_weight", True)]
    assert not only(cross_checks(ANISOLE_D3, "molecular formula C7H8O"), "formula").ok


THIENYL_HCL = "Cl.Nc1ccc(O)c(-c2ccsc2)c1"
CHN_TABLE = (
    "This gave 1.95 g (75% of the theoretical) of the hydrochloride.\n\n"
    "CHN Analysis\n"
    "(C10H10NOSCl) | % C | % H | % N | % Cl\n"
    "Calculated | 52.75 | 4.43 | 6.15 | 15.57\n"
    "Found: | {found}\n\n"
    "EXAMPLE 2\n"
)


def test_an_analysis_printed_as_a_table_is_checked() -> None:
    # the patent's own table (US 6,840,965 B2, Example 1C): found Cl is 0.47 off
    text = CHN_TABLE.format(found="52.87 | 4.75 | 5.77 | 15.10")
    ea = only(cross_checks(THIENYL_HCL, text), "elemental_analysis")
    assert ea.stated.startswith("CHN Analysis") and ea.stated.endswith("15.10")
    assert ea.expected == "C 52.75, H 4.43, N 6.15, Cl 15.57"
    assert not ea.ok and "found Cl 15.10 vs 15.57" in ea.detail
    assert "calcd" not in ea.detail.replace("C10H10ClNOS: ", "")


def test_a_table_analysis_within_point_four_agrees() -> None:
    text = CHN_TABLE.format(found="52.87 | 4.55 | 6.01 | 15.40")
    assert only(cross_checks(THIENYL_HCL, text), "elemental_analysis").ok


def test_a_table_analysis_of_another_compound_is_a_mismatch() -> None:
    text = CHN_TABLE.format(found="52.87 | 4.55 | 6.01 | 15.40")
    ea = only(cross_checks("Nc1ccc(O)cc1", text), "elemental_analysis")
    assert not ea.ok and "calcd C 52.75" in ea.detail
