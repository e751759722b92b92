"""Which compound mentions code marks for the model to choose among."""

import re

import pytest

from molextract.extraction.compound_markers import LETTERS, find_mentions
from molextract.extraction.label_table import build_label_table


def _marked(text: str, values: list[str] = ()) -> list[tuple[str, str, str]]:  # type: ignore[assignment]
    spans = [(text.index(v), text.index(v) + len(v)) for v in values]
    found = find_mentions(text, [(0, len(text))], build_label_table(text), spans)
    return [(m.letter, m.kind, text[m.start : m.end]) for m in found]


def test_names_labels_and_the_title_compound_are_marked_in_text_order() -> None:
    text = (
        "Methyl 4-bromobenzoate (2a). A solution of 4-bromobenzoic acid (1.0 g) and "
        "thionyl chloride was heated to give 2a (0.9 g, 80%). The title compound melts "
        "at 80 °C."
    )
    marked = _marked(text, ["80%"])
    assert marked[0] == ("A", "name", "Methyl 4-bromobenzoate (2a)")
    kinds = {(kind, written) for _, kind, written in marked}
    assert ("name", "4-bromobenzoic acid") in kinds
    assert ("name", "thionyl chloride") in kinds
    assert ("label", "2a") in kinds
    assert ("title", "The title compound") in kinds
    assert [letter for letter, _, _ in marked] == list(LETTERS[: len(marked)])


def test_a_medium_and_a_value_s_bracketed_solvent_are_never_marked() -> None:
    text = "Recrystallisation from ethanol gave benzoic acid, m.p. 112–114 °C (methanol)."
    written = [w for _, _, w in _marked(text, ["112–114 °C"])]
    assert written == ["benzoic acid"]


def test_a_share_of_a_mixed_solvent_is_a_medium_never_marked() -> None:
    text = (
        "Viscosities were measured in a solution of 60 wt. % phenol and 40 wt. % "
        "1,1,2,2-tetrachloroethane. The melting point of the PBT is 220 °C."
    )
    written = [w for _, _, w in _marked(text, ["220 °C"])]
    assert "phenol" not in written and "1,1,2,2-tetrachloroethane" not in written


def test_amounts_and_descriptions_are_never_marked() -> None:
    text = "The residue gave 0.35 g of a white solid (23%)."
    assert _marked(text, ["23%"]) == []


def test_more_mentions_than_letters_keep_those_nearest_the_value() -> None:
    names = [f"{i}-methylheptan-1-ol" for i in range(2, 8)] * 4
    text = ", ".join(names) + " and 2-methylpropan-1-ol (bp 108 °C)."
    marked = _marked(text, ["108 °C"])
    assert len(marked) == len(LETTERS)
    assert marked[-1][2] == "2-methylpropan-1-ol"


def test_a_number_the_text_calls_a_compound_is_marked_and_an_amount_is_not() -> None:
    text = "Work-up gave 4.0 g of amide 7 (1.31 g, 5.2 mmol, 64%) as needles, mp 141 °C."
    assert _marked(text, ["64%", "141 °C"]) == [("A", "label", "7")]


def test_a_configuration_is_no_label_but_a_label_called_a_compound_is() -> None:
    text = (
        "Chromatography gave 19.6 g (83%) of (2S, 3S)-3-amino-2-acetyloxybutyronitrile "
        "and (1R,2S)-ephedrine; compound 2S melts at 90 °C."
    )
    value = (text.index("83%"), text.index("83%") + 3)
    found = find_mentions(text, [(0, len(text))], build_label_table(text), [value])
    labels = [m.start for m in found if m.kind == "label"]
    assert labels == [text.index("compound 2S") + len("compound ")]


def test_a_class_said_of_a_compound_and_a_method_of_calculation_are_not_marked() -> None:
    text = (
        "Meloxicam, an enolic acid with log P 3.43, and the organophosphate chlorpyrifos "
        "(log P (calculated, XLogP3): 4.96, i.e. far more) were compared."
    )
    written = [w for _, _, w in _marked(text, ["3.43", "4.96"])]
    assert written == ["Meloxicam", "chlorpyrifos"]


def test_a_solvent_before_solubility_is_the_medium_and_a_haloform_is_a_name() -> None:
    text = "Chlorpyrifos: water solubility 1.4 mg/L; bromoform, 2.889 g/mL."
    written = [w for _, _, w in _marked(text, ["1.4 mg/L", "2.889 g/mL"])]
    assert written == ["Chlorpyrifos", "bromoform"]


def test_for_yields_alone_solvents_and_work_up_reagents_are_not_marked() -> None:
    text = (
        "Benzoyl chloride, aniline, pyridine and sodium bicarbonate were stirred; MgSO4 was "
        "added and the filtrate gave benzanilide (92%)."
    )
    spans = [(text.index("92%"), text.index("92%") + 3)]
    table = build_label_table(text)
    every = {text[m.start : m.end] for m in find_mentions(text, [(0, len(text))], table, spans)}
    assert {"pyridine", "sodium bicarbonate", "MgSO4", "benzanilide"} <= every
    products = find_mentions(text, [(0, len(text))], table, spans, products_only=True)
    assert {text[m.start : m.end] for m in products} == {
        "Benzoyl chloride",
        "aniline",
        "benzanilide",
    }


def _products(text: str, value: str) -> list[str]:
    spans = [(text.index(value), text.index(value) + len(value))]
    found = find_mentions(
        text, [(0, len(text))], build_label_table(text), spans, products_only=True
    )
    return [text[m.start : m.end] for m in found]


def test_for_yields_alone_supports_catalysts_and_bare_counter_ions_are_not_marked() -> None:
    text = (
        "A mixture of 2-bromo-5-fluoroaniline, palladium (II) acetate and Pd(PPh3)4 in DMF "
        "was heated, filtered through Celite and purified on SiO2 (hexane/ethyl acetate "
        "4:1) to give 4-fluoro-2-vinylaniline (64%)."
    )
    assert _products(text, "64%") == ["2-bromo-5-fluoroaniline", "4-fluoro-2-vinylaniline"]


def test_for_yields_alone_the_gases_of_a_reaction_are_not_marked() -> None:
    text = (
        "A reaction among ethanolamine and CO2 and H2 was performed in an autoclave. "
        "N-(2-hydroxyethyl)formamide was obtained as a liquid (2.78 g) in 99% yield."
    )
    assert "CO2" not in _products(text, "99%")


def test_a_name_with_the_amounts_it_was_charged_in_is_a_reagent_not_a_product() -> None:
    text = (
        "The title compound was prepared from 4,5-difluoro-1,2-phenylenediamine (144 mg, "
        "1.0 mmol) and ethyl benzoylacetate (200 mg, 1.0 mmol) to give a solid (150 mg, 64%)."
    )
    assert _products(text, "64%") == ["The title compound"]


@pytest.mark.parametrize(
    "text",
    [
        "Reduction of the ketone gave 4-methylbenzyl alcohol (0.45 g). Yield 84%.",
        "Pure 4-methylbenzyl alcohol (0.45 g, 3.7 mmol) was obtained. Yield 84%.",
    ],
)
def test_a_product_with_its_amounts_stays_marked(text: str) -> None:
    assert "4-methylbenzyl alcohol" in _products(text, "84%")


def test_a_compound_called_by_its_kind_and_number_is_one_mention_with_its_number() -> None:
    text = "Enone 6 also gives dienone 7 in 90% yield; the acetate 12 was isolated."
    written = [w for _, _, w in _marked(text, ["90%"])]
    assert written == ["Enone 6", "dienone 7", "acetate 12"]


def test_a_greek_locant_standing_alone_is_no_compound() -> None:
    text = "The ester gave α , β , γ , δ-unsaturated compound 9d in 79 % yield."
    written = [w for _, _, w in _marked(text, ["79 %"])]
    assert not {"α", "β", "γ"} & set(written)
    assert written[-1].endswith("9d")


def test_a_note_number_run_into_text_copied_from_a_pdf_is_no_label() -> None:
    text = (
        "Lactone 17 was converted to gracilin C ( 2 ) in 78 % overall yield by the "
        "following sequence : ( 9 ) Prepared by the method of Smith ."
    )
    written = [w for _, _, w in _marked(text, ["78 %"])]
    assert "9" not in written and "2" in written


def test_a_number_with_a_unit_after_a_name_is_an_amount_not_its_label() -> None:
    text = "Benzaldehyde 2 g, aniline 95 % and phenol 10 mL were mixed at 300 MHz."
    written = [w for _, _, w in _marked(text, [])]
    assert written == ["Benzaldehyde", "aniline", "phenol"]


def test_a_bare_number_after_a_product_verb_spelt_with_a_ligature_is_a_label() -> None:
    text = "Reaction of the thiazole with the lithium species aﬀorded 2 in 74 % yield."
    assert ("label", "2") in {(kind, w) for _, kind, w in _marked(text, ["74 %"])}


def test_a_number_after_a_plural_class_or_a_verb_of_making_is_a_label() -> None:
    text = (
        "Enone 5 gave a mixture of dienones 7 in 77% yield; coupling, leading to 25, "
        "then produced 9 in 86% yield."
    )
    labels = {w for _, kind, w in _marked(text, ["77%", "86%"]) if kind == "label"}
    assert labels == {"7", "25", "9"}


def test_what_a_yield_was_counted_from_is_never_marked() -> None:
    text = "Hydrogenolysis furnished acid 18 ( 62 % from 7 ) and ester 19 (26% overall from 13)."
    labels = {w for _, kind, w in _marked(text, ["62 %", "26%"]) if kind == "label"}
    assert labels == {"18", "19"}


def test_for_yields_alone_what_a_step_converted_is_not_marked() -> None:
    text = "4-Amino-2-chlorobenzoic acid was converted to product in 79% yield."
    assert _products(text, "79%") == []
    text = "Methyl 4-nitrobenzoate was then reduced with iron to methyl 4-aminobenzoate (85%)."
    assert _products(text, "85%") == ["methyl 4-aminobenzoate"]


@pytest.mark.parametrize(
    "text",
    [
        "The residue gave a yellow solid (89 mg, 58% yield), m.p. 105 °C; 1H NMR (DMSO-d6) "
        "δ 8.1 (s, 1H); 13C NMR (CDCl3) δ 170.2.",
        "Evaporation afforded a pale oil (6.50 g, 58% yield); 1H NMR (400.132 MHz, "
        "CDCl3) δ 7.2 (d, J = 8.0 Hz, 2H).",
        "Chromatography gave an oil (1.2 g, 58%). 13C{1H} NMR (CD3OD) δ 55.1; 19F-NMR δ -63.",
    ],
)
def test_a_spectrum_s_nucleus_proton_count_and_solvent_are_never_marked(text: str) -> None:
    # "1H", "13C", "2H" look like labels and "(CDCl3)" like a name; a model offered them
    # for a yield with no product named chose them
    assert _marked(text, ["58%"]) == []


def test_a_label_or_name_beside_a_spectrum_stays_marked() -> None:
    text = (
        "Compound 1H was obtained (0.2 g, 58%); the NMR of 4-methylanisole and of "
        "13C-labelled 1H-indole was compared."
    )
    written = {w for _, _, w in _marked(text, ["58%"])}
    assert {"1H", "4-methylanisole"} <= written
    assert any(w.endswith("1H-indole") for w in written)


@pytest.mark.parametrize(
    "text",
    [
        "The hydrochloride salt of amine 7 melted at 212-214 °C.",
        "The free base of 7 is an oil, whereas its oxalate salt crystallizes (mp 212-214 °C).",
    ],
)
def test_a_salt_form_is_not_marked_but_the_compound_it_is_of_is(text: str) -> None:
    written = [w for _, _, w in _marked(text, ["212-214 °C"])]
    assert not any("salt" in w for w in written)
    assert any(w.endswith("7") for w in written)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a recrystallisation solvent
        ("Purification was effected from 300 ml of carbon tetrachloride resulting in "
         "41.35 g (84% yield) of yellow flakes.", "84%"),
        # a reagent charged after its short name
        ("(2-(Chloromethoxy)ethyl)trimethylsilane [SEM-Cl] (2.12 mL, 12.0 mmol) was added. "
         "Evaporation gave a yellow oil (2.50 g, 100%).", "100%"),
    ],
)  # fmt: skip
def test_for_yields_alone_a_solvent_or_a_charged_reagent_is_not_marked(
    text: str, value: str
) -> None:
    assert _products(text, value) == []


def test_the_formula_an_analysis_was_calculated_for_is_never_marked() -> None:
    text = "This gave the product (104 mg, 88%). Anal. Calcd for C12H13N4O5S2: C, 40.3."
    assert _marked(text, ["88%"]) == []


def test_for_yields_alone_a_reagent_used_in_excess_is_not_marked() -> None:
    text = (
        "Triethyl phosphite and 4-acetoxybutyl iodide were stirred at 130 °C. The excess of "
        "triethyl phosphite was evaporated and the product distilled, yield 4.6 g, 75%."
    )
    assert "triethyl phosphite" not in _products(text, "75%")


@pytest.mark.parametrize(
    ("text", "helper"),
    [
        (
            "As seen in Table 1 , the monodentate phosphine P(4-MeOPh)3 serves as the most "
            "effective ligand ( 99 % yield , entry 4 ).",
            "P(4-MeOPh)3",
        ),
        ("Pd(OAc)2 was used as the catalyst and gave 3a in 90% yield.", "Pd(OAc)2"),
        ("With the base Cs2CO3, 4-phenylbutan-2-one was formed in 71% yield.", "Cs2CO3"),
        (
            "By using ArPNO C2d as the catalyst, various chiral phthalates were synthesized "
            "in 84% yield.",
            "C2d",
        ),
    ],
)
def test_for_yields_alone_what_the_sentence_calls_a_ligand_catalyst_or_base_is_not_marked(
    text: str, helper: str
) -> None:
    value = re.search(r"\d+ ?%", text)
    assert value is not None
    assert helper not in _products(text, value.group(0))


def test_a_free_base_or_schiff_base_made_stays_marked() -> None:
    text = "Neutralisation gave the free base 2-aminopyridine in 80% yield."
    assert _products(text, "80%") == ["2-aminopyridine"]
    text = "Benzoic acid was obtained as the sole product in 84% yield."
    assert _products(text, "84%") == ["Benzoic acid"]


def test_for_yields_alone_a_scaled_run_s_starting_material_is_not_marked() -> None:
    text = "using 1a and ethylene gave 633 mg of 1c on 4 mmol scale (1.48g 1a, 67%, 90% ee)."
    bracket = text.index("1a,")
    value = (text.index("67%"), text.index("67%") + 3)
    table = build_label_table(text)
    found = find_mentions(text, [(0, len(text))], table, [value], products_only=True)
    starts = {m.start for m in found}
    assert text.index("1c") in starts and text.index("1a") in starts
    assert bracket not in starts


@pytest.mark.parametrize(
    "text",
    [
        "4-Amino-2-chlorobenzoic acid was converted to product in 79% yield, using the "
        "procedure described for the synthesis of 4-methoxybenzoic acid.",
        "It was prepared analogously to methyl 3-phenylacrylate in 73% yield.",
    ],
)
def test_for_yields_alone_another_procedure_s_product_is_not_marked(text: str) -> None:
    assert not any("benzoic" in w or "acrylate" in w for w in _products(text, "%"))
