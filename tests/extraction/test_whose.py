"""The one policy that decides whose a value is, and how each decision is recorded."""

import re
from dataclasses import replace

import pytest

from molextract.extraction.candidates import Candidate, find_candidates
from molextract.extraction.chemical_names import stand_in_label
from molextract.extraction.cues import FOREIGN_CUES
from molextract.extraction.entries import read_entries
from molextract.extraction.junk_compounds import junk_reason
from molextract.extraction.label_table import build_label_table
from molextract.extraction.mentions import made_aside
from molextract.extraction.prepared import prepared_subject
from molextract.extraction.whose import Decision, Site, by_form, decide, decided_without_model
from molextract.schemas import get_schema


def _site(text: str, value: str) -> Site:
    table = build_label_table(text)
    start = text.index(value)
    return Site(text, start, start + len(value), table, read_entries(text, table))


def _yield_candidate(text: str, value: str) -> Candidate:
    """The one yield candidate of ``text`` printed as ``value``."""
    (candidate,) = [
        c
        for c in find_candidates(text, get_schema("reaction_yield"))
        if text[c.quantity.start : c.quantity.end] == value
    ]
    return candidate


def test_a_form_of_the_writing_decides_first_and_names_itself() -> None:
    text = "The residue was purified to give 2-phenylindole (7.25 g, 37.5 mmol, 75%) as plates."
    decision = decide(_site(text, "75%"), "plates")
    assert decision.mention is not None and decision.mention.name == "2-phenylindole"
    assert decision.source is not None and decision.source != "model"


def test_where_no_form_applies_the_model_s_choice_is_used() -> None:
    text = "Both toluene and benzoic acid were weighed; one of them melted at 122 °C."
    site = _site(text, "122 °C")
    assert by_form(site) is None
    decision = decide(site, "benzoic acid")
    assert decision.mention is not None and decision.mention.name == "benzoic acid"
    assert decision.source == "model"


def test_where_the_model_chose_none_the_passage_s_subject_is_used() -> None:
    text = (
        "Example 7\nMethyl cinnamate\n\nThe crude material was washed with brine, dried "
        "and distilled; the fraction collected was 98% pure by GC and melted at 36 °C."
    )
    site = _site(text, "36 °C")
    assert by_form(site) is None
    decision = decide(site, None)
    assert decision.mention is not None and decision.mention.name == "Methyl cinnamate"
    assert decision.source == "passage_subject"
    nameless = _site("The solid that was collected melted at 36 °C.", "36 °C")
    assert decide(nameless, None) == decision.__class__(None, None)


@pytest.mark.parametrize(
    ("text", "chosen"),
    [
        ("Swern oxidation of 12 gave a complex mixture ( 35 % ) .", "12"),
        ("Treatment of 7 with aqueous HCl in MeOH gave a mixture of lactams ( 78 % ) .", "7"),
        ("Reduction of the ketone 9 led to a 1 : 1 mixture of epimers ( 81 % ) .", "9"),
        (
            "Deprotection of 14 ( TBAF , THF ) was followed by oxidation to the ketone , which "
            "was obtained in 76 % yield over the two steps .",
            "14",
        ),
        (
            "Cyclization of 5 under Mitsunobu conditions worked well ( 81 % ) , but the "
            "subsequent removal of the Boc group from 6 was problematic .",
            "6",
        ),
        ("Conversion of 6 to a mixture of iodides proceeded in 90 % yield .", "6"),
    ],
)
def test_the_model_s_choice_of_what_the_step_was_applied_to_is_dropped(
    text: str, chosen: str
) -> None:
    value = re.search(r"\d+ %", text)
    assert value is not None
    site = replace(_site(text, value.group(0)), property="reaction_yield")
    assert by_form(site) is None
    assert decide(site, chosen) == Decision(None, None)


def test_a_product_the_model_chose_after_a_preparation_of_is_kept() -> None:
    text = (
        "We turned to the selectively protected aglycons 3b-e. Preparation of the "
        "corresponding diazolactams 4b-e followed by reaction with 5 established that the "
        "best yields ( 50-62 % ) are obtained with benzyl groups ."
    )
    site = replace(_site(text, "50-62 %"), property="reaction_yield")
    decision = decide(site, "4b-e")
    assert decision.source == "model"


def test_a_product_the_model_chose_after_its_purification_of_is_kept() -> None:
    # purifying names what was made, not what a step started from
    text = "Recrystallization of the crude 21 from ethanol then gave needles ( 64 % ) ."
    site = replace(_site(text, "64 %"), property="reaction_yield")
    decision = decide(site, "21")
    assert decision.source == "model"


def test_a_product_the_model_chose_before_its_yield_is_kept() -> None:
    text = "Compound 14 was then heated with 3 to give after workup an oil ( 81 % ) ."
    site = replace(_site(text, "81 %"), property="reaction_yield")
    decision = decide(site, "14")
    assert decision.mention is not None and decision.mention.label == "14"


def test_a_subject_in_the_value_s_own_sentence_is_not_the_fallback() -> None:
    text = "Enone 5 is also readily converted to a mixture of the dienones in 77% yield."
    site = _site(text, "77%")
    assert decide(site, None).mention is None


def test_a_span_of_several_products_yields_is_not_the_passage_s_subject_s() -> None:
    """``were produced in 68 − 72 % yields``: several products' yields, none of them the
    compound the paragraph opened with; the series, named by its first member."""
    text = (
        "Benzaldehyde ( 8e ) reacted well. Moreover , when branched aldehydes 8g−8j were "
        "reacted with malonate 2a , the expected alkenes 9ga−9ja were produced in 68 − 72 "
        "% yields ( entries 7 − 10 ) ."
    )
    mention = decide(_site(text, "68 − 72 %"), None).mention
    assert mention is not None and mention.label == "9ga"  # the series, not 8e
    single = "Benzaldehyde ( 8e ) reacted well. The reaction then proceeded in 72 % yield ."
    assert decide(_site(single, "72 %"), None).mention is not None


def test_the_title_compound_is_resolved_by_the_label_table() -> None:
    text = (
        "Example 7\n4-Methoxybiphenyl\n\nA mixture of the two reagents was stirred for 2 h; "
        "both then gave, after work-up, the title compound, which was dried, mp 88 °C."
    )
    site = _site(text, "88 °C")
    decision = decide(site, "the title compound", title=True)
    assert decision.mention is not None and decision.mention.name == "4-Methoxybiphenyl"
    assert decision.source in {"label_table", "entry_compound", "product_of_sentence"}


def test_a_named_yield_of_a_named_product_needs_no_model_call() -> None:
    text = "Chromatography gave 4-bromobenzamide (0.82 g, 4.1 mmol, 87%) as a white solid."
    assert decided_without_model(_site(text, "87%"), "reaction_yield")
    assert not decided_without_model(_site(text, "87%"), None)  # the property is not named
    assert not decided_without_model(_site(text, "87%"), "solubility")  # conditions needed


RUN_IN = (
    "Example 15A 1-(2-Methoxyethyl)-5-methyl-2,4-dioxothieno[2,3-d]pyrimidine-6-carboxylic "
    "acid 75 ml of trifluoroacetic acid were added to 5.0 g of the compound from Example 14A, "
    "and the mixture was stirred at room temperature for two hours and concentrated, and the "
    "residue was crystallised from water to afford the title compound (4.1 g, yield 88%)."
)


def test_a_heading_run_into_its_paragraph_still_names_the_title_compound() -> None:
    decision = by_form(_site(RUN_IN, "88%"))
    assert decision is not None and decision.source == "described_compound"
    assert decision.mention is not None
    assert decision.mention.name == (
        "1-(2-Methoxyethyl)-5-methyl-2,4-dioxothieno[2,3-d]pyrimidine-6-carboxylic acid"
    )
    assert decision.mention.label == "Example 15A"


@pytest.mark.parametrize(
    ("text", "value", "whose"),
    [
        ("Purification gave compound 22 (269 mg, Yield 100%).", "100%", "22"),
        ("Chromatography afforded the desired product (18 mg, 27%).", "27%", "the desired product"),
        ("This gave 89 mg (43% of theory) of the title compound.", "43%", "the title compound"),
        (
            "Drying gave the title compound (26 g, yield was 54.4 %).",
            "54.4 %",
            "the title compound",
        ),
        # journal forms: the yield, its bracket, then what the reaction gave; how cleanly
        # it formed, between the product and its bracket; how the yield moved
        ("Coupling of 7 with 8 proceeded in 68 % yield ( 85 % brsm ) to give 9 .", "68 %", "9"),
        ("The ylide furnished the ( Z ) -alkene 18 exclusively ( 82 % ) .", "82 %", "18"),
        ("With 2 equiv of base , the yield of 20 increased to 88 % ( entry 4 ) .", "88 %", "20"),
        (
            "Drying gave the title compound, 2-phenylphenolate (amount 5.5 g, yield 41%).",
            "41%",
            "2-phenylphenolate",
        ),
        # what it was made from, between the product and its yield
        ("A one-pot procedure gave 12 directly from 10 in 71 % overall yield .", "71 %", "12"),
        # the yield bracketed inside the mass's bracket
        (
            "Trituration gave 4-bromobenzamide (9) (28 g (52.8% yield)) as a solid.",
            "52.8%",
            "4-bromobenzamide",
        ),
    ],
)
def test_the_product_s_mass_and_yield_parenthesis_names_it(
    text: str, value: str, whose: str
) -> None:
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    mention = decision.mention
    assert whose in (mention.name, mention.label)
    assert mention.start is not None and text[mention.start : mention.end] in (
        whose,
        f"compound {whose}",
    )


@pytest.mark.parametrize(
    ("text", "value", "whose"),
    [
        ("Column chromatography gave product 3 as a brown solid (1.04 g, 87%).", "87%", "3"),
        ("Separation afforded Intermediate 9-b (35 g): yield 70%", "70%", "9-b"),
        ("Chromatography gave the title compound 100 mg (yield 18%).", "18%", "the title compound"),
        # a product verb's percentage of its product
        ("Hydrolysis of ester 4 gave 78 % of acid 5 .", "78 %", "5"),
        ("Following procedure A, 4-chloro-2-methylpyrimidine was coupled with phenylboronic "
         "acid. Chromatography gave 57% of the title compound as a colorless solid.", "57%",
         "the title compound"),
        # the product by one word of its kind, its label in brackets
        ("Finally , deprotection furnished the natural product ( 16 ) in 92 % yield .",
         "92 %", "16"),
        # how good the yield was, between the product and its bracket
        ("Acylation of 4 then gave ketone 5 in a low yield ( 56 % ) .", "56 %", "5"),
        ("The reaction afforded 3a in moderate yield (45%).", "45%", "3a"),
        # a label glued like a mass: "the product 5g" is product 5g, not 5 g of it
        ("Dihydronaphthalene reacted to give the product 5g in 35 % yield.", "35 %", "5g"),
        # the bracket names this product, though the same name had another label before
        ("Thiophene 2g gave the corresponding furan ( 3gc ). 4-Phenyl-2-butanone produced "
         "the corresponding furan ( 3jb ) in 52 % yield.", "52 %", "3jb"),
        ("Compound 13 was provided as a greyish solid (19.8 mg, 22.8%);", "22.8%", "13"),
        ("The ester was separated and obtained as a colorless liquid (2.78 g) in 99% yield.",
         "99%", None),
        ("Work-up gave methyl 4-iodobenzoate (4.66 g). Yield: 31%.", "31%",
         "methyl 4-iodobenzoate"),
        ("Chromatography gave compound 2-4 as a light yellow oil product (8 mg, 14.87%).",
         "14.87%", "2-4"),
        ("Purification (ethyl acetate/heptane gradient), 4-methylquinolin-2(1H)-one "
         "(1630 mg, 94% of theory).", "94%", "4-methylquinolin-2(1H)-one"),
        # how it formed, how many steps it took
        ("The one - pot procedure gave the tetracycle 27 directly in 48 % yield .", "48 %",
         "27"),
        ("Acid 20 was converted into the Weinreb amide 21 in two steps ( 61 % ) .", "61 %",
         "21"),
    ],
)  # fmt: skip
def test_what_stands_between_a_product_and_its_yield_is_read_over(
    text: str, value: str, whose: str | None
) -> None:
    decision = by_form(_site(text, value))
    if whose is None:  # "The ester": a placeholder, left to the model
        assert decision is None
        return
    assert decision is not None and decision.mention is not None
    assert whose in (decision.mention.name, decision.mention.label)


def test_a_step_heading_after_its_example_s_heading_is_the_procedure_s_own() -> None:
    text = (
        "Intermediate 7: 7-Chloro-5-methylindolin-2-one Step A: 5-bromo-7-chloroindolin-2-one "
        "To a cooled solution of 7-chloroindolin-2-one (1.0 g, 6.0 mmol) in TFA (11 mL) was "
        "added N-bromosuccinimide (1.0 g, 6.0 mmol), and the mixture was stirred at 0 °C for "
        "6 h. The crude product was triturated with EtOH to provide the title compound as a "
        "white solid (861 mg, 58% yield)."
    )
    decision = by_form(_site(text, "58%"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == "5-bromo-7-chloroindolin-2-one"


@pytest.mark.parametrize(
    "text",
    [
        "The product was recrystallised. Mass: 0.55g (41%).",
        "Lyophilization yielded 38mg (57% yield) of a white powder.",
    ],
)
def test_no_form_ever_gives_a_mass_for_a_compound(text: str) -> None:
    site = _site(text, text[text.index("(") + 1 :].split(")")[0].split()[0])
    decision = decide(site, None)
    assert decision.mention is None or junk_reason(decision.mention.name or "x") is None


def test_a_mass_of_a_named_product_obtained_with_a_yield_of_about() -> None:
    text = (
        "As a result, 1.85 g of (R)-1-benzyl-N-ethylpyrrolidine-3-amine was obtained with a "
        "yield of about 94.0%."
    )
    decision = by_form(_site(text, "about 94.0%"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == "(R)-1-benzyl-N-ethylpyrrolidine-3-amine"


def test_the_product_is_the_heading_s_compound_and_otherwise_the_phrase() -> None:
    body = (
        " A solution of 4-iodobenzoic acid (3.0 g, 12 mmol) in methanol (30 mL) was heated at "
        "reflux for 6 h, cooled, filtered through a pad of silica and concentrated under reduced "
        "pressure to obtain the product (3.38 g, yield 96%)."
    )
    headed = "Example 4 Methyl 4-iodobenzoate" + body
    decision = by_form(_site(headed, "96%"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == "Methyl 4-iodobenzoate"
    bare = by_form(_site(body.strip(), "96%"))
    assert bare is not None and bare.mention is not None
    assert bare.mention.name == "the product" and bare.mention.label is None


def test_a_quantity_the_model_took_for_a_label_is_no_compound() -> None:
    text = "Filtration and concentration gave the residue (800mg, yield: 76%) as a gum."
    site = _site(text, "76%")
    decision = decide(site, "800mg")
    assert decision.mention is None or decision.mention.label != "800mg"


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("Treatment of the ester with LDA afforded 2 in 74 % yield .", "74 %", "2"),
        ("Hydrolysis gave 12 as the major product isolated in 54 % yield.", "54 %", "12"),
        ("The trans-isomer of 2c was formed as the major product ( 83 % yield ).", "83 %", "2c"),
        (
            "Addition of 48 to cinnamaldehyde produced in 86 % yield the adduct 49 as a mixture.",
            "86 %",
            "49",
        ),
        # a yield closing a step's reagents is the product's the verb after gives
        ("Oxidation of 18 ( Dess − Martin periodinane , 87 % ) gave aldehyde 19 .", "87 %", "19"),
        ("Protection of the diol ( TBSCl , imidazole , DMF , 95 % ) gave 20 .", "95 %", "20"),
        # a label after an optical rotation's sign
        ("Removal of the acetonide completed the synthesis of ( + ) -28 ( 83 % ) .", "83 %", "28"),
        ("Deprotection gave (−)-12 in 91% yield.", "91%", "12"),
    ],
)
def test_a_journal_s_label_then_its_yield(text: str, value: str, label: str) -> None:
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == label


@pytest.mark.parametrize(
    ("text", "value", "name", "label"),
    [
        ("Compound 17 was prepared in the same manner as in Preparation Example 13, except "
         "that 4-bromoaniline and phenylboronic acid were used. (92%)", "92%", None, "17"),
        ("2-(4-Bromophenyl)pyridine was prepared as a beige solid by using 2-bromopyridine "
         "and 4-bromophenylboronic acid (4.2 g, 12.94 mmol, yield: 74%).", "74%",
         "2-(4-Bromophenyl)pyridine", None),
        ("Preparation of Compound 5 15.15 g of Compound 5 was prepared in the same manner as "
         "in Preparation Example 1, except that 9-bromophenanthrene (5.88 g) was used. (97%)",
         "97%", None, "5"),
        ("Compound 41 was synthesized in the same manner as in Synthesis Example 1, except that "
         "phenylmagnesium bromide was used. Yield: 0.93 g (0.84 mmol, 68%).", "68%", None, "41"),
        ("A final product, 4-benzoylmorpholine, was obtained (197 mg, 73% yield) by the same "
         "method as described in Step 5 of Example 1.", "73%", "4-benzoylmorpholine", None),
        ("The product, 2-amino-5-bromopyrimidine, was collected by filtration (4.1 g, 78%).",
         "78%", "2-amino-5-bromopyrimidine", None),
        ("Acceptor 5 was prepared smoothly ( 77 % overall ) in two steps from the known "
         "monosaccharide 10.", "77 %", None, "5"),
        ("2-Bromo-3-methoxycyclohex-2-en-1-one ( 1 ) is easily prepared by bromination ( NBS , "
         "91 % yield ) of 3-methoxycyclohex-2-en-1-one.", "91 %",
         "2-Bromo-3-methoxycyclohex-2-en-1-one", "1"),
        ("Alcohol 7 , obtained in 85 % yield from 6 , was protected as its silyl ether .",
         "85 %", None, "7"),
        ("Lactone 13, formed in 85% yield, was then reduced with DIBAL.", "85%", None, "13"),
        ("Following general procedure B, 7e was obtained from 6e and benzylamine (white "
         "solid, 45 mg, 63%).", "63%", None, "7e"),
        # a run of labels in its own bracket, or opening its clause: the first named
        ("The corresponding products (5ab-5ad) were obtained in excellent yields (74-81%).",
         "74-81%", None, "5ab"),
        ("After heating to 100 °C for 2 h, 5e−g could be isolated in 39−88% yield.", "39−88%",
         None, "5e"),
        # the kind, what it was made from or bears, then its label: never the reagent's
        ("The carboxymethyl analogue derived from carbon tetrachloride (4m) was obtained in "
         "55% yield.", "55%", None, "4m"),
        ("The ester bearing a free hydroxy group (7c) was isolated in 61% yield.", "61%", None,
         "7c"),
        # only the form it came in as the subject, under a heading that names the product
        ("B. 2-Phenylpyrimidine-5-carboxamide\n\nThe ester (from Example 1(e) above, 100 "
         "mg) was stirred in ammonia. A yellow solid was obtained (67 mg, 52%) after HPLC.",
         "52%", "2-Phenylpyrimidine-5-carboxamide", "B"),
        # a verb of getting in the passive
        ("The desired lactone 12 was thus secured in 3 steps and 45% overall yield from 9.",
         "45%", None, "12"),
        # a product that came out of the mixture by itself
        ("Product 33 precipitated from the reaction mixture in 89 % yield and was collected .",
         "89 %", None, "33"),
        # the next sentence has no subject: it only says how the product came, and how much
        ("2-Bromo-5-methylpyridine was prepared from 2-amino-5-methylpyridine (1.0 g, 9.2 "
         "mmol) according to general procedure I. Obtained as a colourless oil (1.3 g, 81%).",
         "81%", "2-Bromo-5-methylpyridine", None),
    ],
)  # fmt: skip
def test_the_subject_a_sentence_says_it_prepared_is_the_product(
    text: str, value: str, name: str | None, label: str | None
) -> None:
    table = build_label_table(text)
    at = text.index(value)
    decision = by_form(Site(text, at, at + len(value), table, read_entries(text, table)))
    assert decision is not None and decision.source == "prepared_subject"
    assert decision.mention is not None
    assert (decision.mention.name, decision.mention.label) == (name, label)


@pytest.mark.parametrize(
    "text",
    [
        "Benzoic acid was prepared from toluene and then converted into ester 5 (1.0 g, 50%).",
        "A solution of sodium hydroxide was prepared and 2-naphthol (1.0 g, 50%) was added.",
        # no heading names the product
        "The ester 3 was stirred in ammonia. A yellow solid was obtained (1.0 g, 50%).",
        # a subjectless sentence after one that prepared nothing
        "The mixture was stirred at 80 °C for 2 h. Obtained as a colourless oil (1.0 g, 50%).",
    ],
)
def test_a_sentence_that_prepares_a_reagent_or_makes_another_compound_is_not_that_form(
    text: str,
) -> None:
    at = text.index("50%")
    assert prepared_subject(text, at, build_label_table(text)) is None


def test_a_product_used_without_purification_is_the_subject_of_its_bracket() -> None:
    text = "The amine 5 was used without purification in the next step (1.2 g, 95%)."
    mention = prepared_subject(text, text.index("95%"), build_label_table(text))
    assert mention is not None and mention.label == "5"


def test_a_natural_product_named_with_its_family_letter_is_the_subject() -> None:
    text = (
        "Finally, upon treatment of labradorin 5 (22) with 50% aqueous H2SO4 for 4 days, "
        "pimprinol B (2) was produced with 15% conversion and in 11% isolated yield."
    )
    mention = prepared_subject(text, text.index("11%"), build_label_table(text))
    assert mention is not None and (mention.name, mention.label) == ("pimprinol B", "2")


@pytest.mark.parametrize("bracket", ["", "(90 %) ", "(90 % of th.) ", "(90% of theory) "])
def test_a_weighed_subject_with_its_yield_bracket_is_still_the_subject(bracket: str) -> None:
    # "2.9 g (90% of theory) of NAME are obtained": the amount and its yield, not an object
    text = (
        f"After working up, 2.9 g {bracket}of 1-phenylethanol are obtained as a colourless "
        "oil of boiling point 98 °C (20 mbar)."
    )
    mention = prepared_subject(text, text.index("98 °C"), build_label_table(text))
    assert mention is not None and mention.name == "1-phenylethanol"


def test_a_purification_s_own_bracket_is_the_purified_product_s() -> None:
    text = (
        "Step 2: 4-Bromo-3-fluoro-5-methylbenzaldehyde\nThe organic phases were dried and "
        "concentrated. The crude product was purified by Biotage Isolera (3.22 g, 58%)."
    )
    decision = by_form(_site(text, "58%"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == "4-Bromo-3-fluoro-5-methylbenzaldehyde"
    # without a heading, "the crude product" is all the text says: no form
    bare = "The crude product was purified by flash chromatography (3.22 g, 58%)."
    assert prepared_subject(bare, bare.index("58%"), build_label_table(bare)) is None


def test_a_later_verb_of_the_same_product_by_its_role_keeps_the_first_subject() -> None:
    text = (
        "Compound 12 was prepared from compound 11 according to the procedure for compound "
        "5, except that the crude product was recrystallized from ethanol. Yield: 78%."
    )
    mention = prepared_subject(text, text.index("78%"), build_label_table(text))
    assert mention is not None and mention.label == "12"


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("Under these conditions 5 was produced in only 12 % yield , the major product "
         "being 6 ( 60 % ) .", "60 %", "6"),
        ("The desired ester 8 was obtained in 30% yield, the main product being the diol 9 "
         "(55%).", "55%", "9"),
        ("Compound 7 was obtained as a white solid, m.p. 145-147 °C; compound 8 as a "
         "yellow oil, b.p. 85 °C/0.5 mmHg.", "85 °C", "8"),
        ("The ester 5 was obtained in 85% yield; the acid 6 in 90% yield.", "90%", "6"),
    ],
)  # fmt: skip
def test_another_compound_later_in_the_sentence_takes_its_own_value(
    text: str, value: str, label: str
) -> None:
    at = text.index(value)
    assert prepared_subject(text, at, build_label_table(text)) is None
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == label


def test_a_line_opened_by_a_lettered_label_and_a_colon_is_that_compound_s_entry() -> None:
    text = "3a: yield 78%; white solid; m.p. 156–158 °C; IR (KBr) 3320 cm-1."
    table = build_label_table(text)
    at = text.index("156")
    site = Site(text, at, at + len("156–158 °C"), table, read_entries(text, table),
                "melting_point")  # fmt: skip
    decision = by_form(site)
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == "3a"
    # a scheme's numbered step is no entry
    step = "2: 85%; then NaBH4."
    assert read_entries(step, build_label_table(step)) == []


def test_an_entry_opens_after_a_list_s_lead_in_colon_and_its_verb_may_be_capitalised() -> None:
    text = (
        "The following compounds were prepared in like manner to the procedure outlined in "
        "Example 5: 4-Bromo-2-naphthol (S12) Isolated as a white foam (0.052 g, 71%)."
    )
    table = build_label_table(text)
    at = text.index("71%")
    entries = read_entries(text, table)
    assert [(e.mention.name, e.mention.label) for e in entries] == [("4-Bromo-2-naphthol", "S12")]
    decision = by_form(Site(text, at, at + 3, table, entries))
    assert decision is not None and decision.mention is not None
    assert (decision.mention.name, decision.mention.label) == ("4-Bromo-2-naphthol", "S12")


def test_the_bare_word_product_after_a_verb_is_the_product_not_the_verb() -> None:
    text = "The residue was purified by chromatography to obtain product (561 mg, yield 78.1 %)."
    table = build_label_table(text)
    at = text.index("78.1")
    decision = by_form(Site(text, at, at + 4, table, read_entries(text, table)))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == "product"
    assert decision.mention.start == text.index("product (")


def _yield_site(text: str, value: str) -> Site:
    table = build_label_table(text)
    start = text.index(value)
    entries = read_entries(text, table)
    return Site(text, start, start + len(value), table, entries, "reaction_yield")


@pytest.mark.parametrize(
    "answer", ["magnesium sulfate", "Na2SO4", "Cs2CO3", "sodium bicarbonate", "pyridine", "DMF"]
)
def test_a_yield_is_never_a_solvent_s_or_a_work_up_reagent_s(answer: str) -> None:
    text = (
        "The mixture was diluted with pyridine, washed with sodium bicarbonate and DMF, "
        "dried over magnesium sulfate (Na2SO4 also works) with Cs2CO3 present, and "
        "concentrated. Recrystallisation gave the product in 94% yield."
    )
    decision = decide(_yield_site(text, "94%"), answer)
    assert decision.mention is None or decision.mention.name != answer


def test_an_ordinal_is_no_compound_s_number() -> None:
    text = (
        "Received 24th April 2023. A dimer was formed as the main byproduct (isolated in up "
        "to 22% yield when 2e was made)."
    )
    decision = decide(_yield_site(text, "22%"), "24th")
    assert decision.mention is None or "24th" not in (decision.mention.name, decision.mention.label)


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("Irradiation gave 45 % of 3a and 20 % of 4a .", "45 %", "3a"),
        ("Irradiation gave 45 % of 3a and 20 % of 4a .", "20 %", "4a"),
        ("Under these conditions , 62 % of the cyclized product 12 was isolated .", "62 %", "12"),
        ("After 12 h , 85 % of lactone 7 was obtained after chromatography .", "85 %", "7"),
    ],
)
def test_a_share_of_a_product_named_after_it_is_that_product_s(
    text: str, value: str, label: str
) -> None:
    decision = by_form(_yield_site(text, value))
    assert decision is not None and decision.source == "named_after_value"
    assert decision.mention is not None and decision.mention.label == label


def test_a_melting_point_may_still_be_a_solvent_s() -> None:
    text = "Of the solvents tried, pyridine boils at 115 °C."
    site = _site(text, "115 °C")
    decision = decide(
        Site(
            site.text, site.value_start, site.value_end, site.table, site.entries, "boiling_point"
        ),
        "pyridine",
    )
    assert decision.mention is not None and decision.mention.name == "pyridine"


def _point_site(text: str, value: str, prop: str) -> Site:
    site = _site(text, value)
    return Site(site.text, site.value_start, site.value_end, site.table, site.entries, prop)


@pytest.mark.parametrize(
    ("text", "value", "prop", "answer"),
    [
        (
            "The hexane layer is washed with brine, dried over magnesium sulfate, and "
            "concentrated. Distillation of the residue gives a colorless liquid, b.p. 38° (0.2 mm).",
            "38°",
            "boiling_point",
            "hexane",
        ),
        (
            "The ether solution is dried over MgSO4 and evaporated. The oil is crystallized "
            "from 95% ethanol to give 25.4 g of product, mp about 50 °C.",
            "about 50 °C",
            "melting_point",
            "MgSO4",
        ),
        (
            "The residue was triturated with n-hexane and crystallized from n-hexane and "
            "benzene to give 4.5 g (92%) of colorless needles, melting at 62-63 °C.",
            "62-63 °C",
            "melting_point",
            "benzene",
        ),
        (
            "Isopropyl ether is added to the residue and allowed to sit for 16 hours. The "
            "crystalline solid is filtered to yield 0.4 g of product, melting point 95°-100° C.",
            "95°-100° C",
            "melting_point",
            "Isopropyl ether",
        ),
    ],
)
def test_an_unnamed_product_s_point_is_not_the_solvent_s_the_model_read(
    text: str, value: str, prop: str, answer: str
) -> None:
    """In a procedure the product may go unnamed; the model then picks a solvent or a
    work-up reagent named earlier. Its point is the product's: no compound."""
    decision = decide(_point_site(text, value, prop), answer)
    assert decision.mention is None or decision.mention.name != answer


@pytest.mark.parametrize("base", ["Ag2CO3", "KOtBu", "DBU", "NaIO4", "RuCl3", "DPPA", "TEMPO"])
def test_a_yield_is_never_the_base_s_or_the_reagent_s_the_model_read(base: str) -> None:
    """``only Ag2CO3 , Cs2CO3 and KOH yielded a > 60 % yield of product``: the yield is of
    the product the text leaves unnamed, never of the base that was screened."""
    text = f"Of the screened bases , only {base} and KOH yielded a > 60 % yield of product ."
    decision = decide(_point_site(text, "> 60 %", "reaction_yield"), base)
    assert decision.mention is None or decision.mention.name != base


def test_a_yield_after_a_reagent_charged_last_is_not_the_reagent_s() -> None:
    """``120 g of phosgene were introduced … The yield obtained after distillation is
    98.5%``: the product goes unnamed; phosgene, an azide, a coupling agent are reagents."""
    for reagent in ("phosgene", "HATU", "sodium azide", "Boc2O"):
        text = (
            f"1 mol of benzoic acid was dissolved in xylene. 120 g of {reagent} were "
            "introduced in the course of 2 hours. The yield obtained after distillation is 98.5%."
        )
        decision = decide(_point_site(text, "98.5%", "reaction_yield"), reagent)
        assert decision.mention is None or decision.mention.name != reagent


def test_a_reagent_charged_by_its_grade_is_no_passage_subject() -> None:
    """``To 120 ml of concentrated sulfuric acid is added …``: what the procedure starts
    in, charged with its volume and grade; the product it gives goes unnamed."""
    text = (
        "To 120 ml of concentrated sulfuric acid is added 53.6 g of o-methylacetophenone. "
        "The oil is crystallized from 95% ethanol to give 25.4 g of product, mp about 50° C."
    )
    assert decide(_point_site(text, "about 50° C", "melting_point"), None).mention is None


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Following the procedure of Example 1, 4-chlorobenzaldehyde was reacted with "
         "hydroxylamine in ethanol. The oxime was obtained as a white solid (1.2 g, 80%).", "80%"),
        ("4-Chlorobenzaldehyde and malononitrile were stirred in ethanol for 2 h. The "
         "precipitate was collected to give a yellow solid (2.1 g, 88%).", "88%"),
        ("Hydrogenation of 4-nitrotoluene over Pd/C in ethanol was complete after 3 h. "
         "Filtration and evaporation gave a brown oil (0.9 g, 95%).", "95%"),
        ("Methyl 4-hydroxybenzoate was alkylated with benzyl bromide as described above. "
         "Yield: 2.3 g (91%).", "91%"),
        ("Into a flask were charged 4-nitrophenol and ethanol. The residue was purified to "
         "give an oil (1.1 g, 95%).", "95%"),
    ],
)  # fmt: skip
def test_what_a_procedure_s_first_sentence_reacts_is_no_passage_subject(
    text: str, value: str
) -> None:
    """A procedure without a heading opens on what it starts from: treated, stirred,
    hydrogenated. Its product goes unnamed; the starting material is not the fallback."""
    assert decide(_site(text, value), None).mention is None
    made = "4-Chlorobenzyl alcohol was prepared as follows. The residue gave an oil (1.1 g, 95%)."
    decision = decide(_site(made, "95%"), None)
    assert decision.mention is not None and decision.mention.name == "4-Chlorobenzyl alcohol"


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("Attempted hydrolysis of 21 led only to decomposition , but 22 could be obtained "
         "in 40 % yield using LiOH .", "40 %", "22"),
        ("Reduction of 48 gave a mixture of alcohols from which 49 was isolated in 35 % "
         "yield .", "35 %", "49"),
        ("The yield of 18 could be improved to 65 % by using DMF as the solvent .", "65 %", "18"),
        ("Isomerization of 30 to 31 proceeded quantitatively ( 98 % ) .", "98 %", "31"),
        ("The transformation of 30 into the diol 31 occurred in 80 % yield .", "80 %", "31"),
        ("After 24 h , the bicyclic lactam ( 7 ) was isolated in 70 % yield .", "70 %", "7"),
        ("Treatment of 14 with NaH followed by MeI led to the N-methyl derivative 15 , which "
         "was obtained in 90 % yield .", "90 %", "15"),
        ("Remarkably , the use of 2 equiv of LiHMDS raised the yield of 11 to 78 % .", "78 %",
         "11"),
    ],
)  # fmt: skip
def test_a_journal_s_product_in_a_clause_of_its_own_takes_the_yield(
    text: str, value: str, label: str
) -> None:
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == label


def test_a_solvent_s_own_data_sheet_is_about_the_solvent() -> None:
    text = (
        "Section 9: Physical and chemical properties (toluene, CAS 108-88-3).\n"
        "Appearance: clear, colourless liquid. Initial boiling point and boiling range: "
        "231 °F (110.6 °C) at 760 mmHg."
    )
    decision = decide(_point_site(text, "231 °F", "boiling_point"), None)
    assert decision.mention is not None and decision.mention.name == "toluene"
    assert decision.source == "passage_subject"


def test_two_products_in_one_sentence_each_take_the_point_after_their_name() -> None:
    text = (
        "The residue is recrystallized from isopropyl ether to give "
        "3α-hydroxy-17β-methoxy-5α-androstane, m.p. 164°-167°; IR (mull) 3290 cm-1; "
        "NMR (CDCl3) 0.72, 3.21 δ and 3β-hydroxy-17β-methoxy-5α-androstane, m.p. 150°-152°."
    )
    first = decide(_point_site(text, "164°-167°", "melting_point"), None)
    second = decide(_point_site(text, "150°-152°", "melting_point"), None)
    assert first.mention is not None and first.mention.name.startswith("3α-hydroxy")
    assert second.mention is not None and second.mention.name.startswith("3β-hydroxy")
    assert second.source == "name_before_cue"
    medium = "The solid was recrystallised from ethanol, m.p. 120-122 °C."
    assert decide(_point_site(medium, "120-122 °C", "melting_point"), None).mention is None


@pytest.mark.parametrize(
    ("text", "value", "prop", "name"),
    [
        ("The product, 4-bromobenzamide, M. pt. 140-142 °C, was dried.", "140-142 °C",
         "melting_point", "4-bromobenzamide"),
        # a boiling point's pressure printed as the cue's subscript
        ("Ethyl 2-methylbutanoate, b.p.15 68-70 °C.", "68-70 °C", "boiling_point",
         "Ethyl 2-methylbutanoate"),
    ],
)  # fmt: skip
def test_a_point_s_cue_spelled_out_or_with_its_pressure_follows_its_compound(
    text: str, value: str, prop: str, name: str
) -> None:
    decision = decide(_point_site(text, value, prop), None)
    assert decision.mention is not None and decision.mention.name == name
    assert decision.source == "name_before_cue"
    (candidate,) = find_candidates(text, get_schema("molecular_properties"))
    assert candidate.decisive_property == prop


def test_a_description_s_first_compound_is_still_the_passage_s_subject() -> None:
    text = (
        "Coumarin (2H-chromen-2-one) is a colourless lactone found in tonka beans. "
        "Crystallised from water it melts at 71 °C."
    )
    decision = decide(_site(text, "71 °C"), None)
    assert decision.mention is not None and decision.mention.name == "Coumarin"
    assert decision.source == "passage_subject"


def test_a_subject_formed_or_isolated_in_a_yield_is_the_product() -> None:
    text = "Product 3f was formed in only 35 % yield , presumably for steric reasons ."
    found = prepared_subject(text, text.index("35 %"), build_label_table(text))
    assert found is not None and found.label == "3f"


def test_a_subject_that_could_also_be_made_is_the_product() -> None:
    """An adverb after the modal: ``could also be prepared``."""
    text = "Lactone 21 could also be prepared directly from 19 in 62 % yield ."
    found = prepared_subject(text, text.index("62 %"), build_label_table(text))
    assert found is not None and found.label == "21"


def test_a_participle_s_subject_owns_the_yield_its_clause_states() -> None:
    """``alcohol 21 , prepared from 23 in 3 steps ( 65 % )`` is 21's yield; once the
    participle's clause has closed, a later yield is the next step's."""
    text = "The synthesis began with the known alcohol 21 , prepared from 23 in 3 steps ( 65 % ) ."
    found = prepared_subject(text, text.index("65 %"), build_label_table(text))
    assert found is not None and found.label == "21"
    later = "The alcohol 21 , prepared from 23 , was oxidized with DMP ( 85 % ) ."
    assert prepared_subject(later, later.index("85 %"), build_label_table(later)) is None


def test_a_clause_that_leaves_out_its_verb_has_its_own_subject() -> None:
    """``5a was obtained in 91 % yield , and 5b in 87 % yield``: the second yield is 5b's;
    ``obtained from 4a and 2 in 91 % yield`` is still the subject's."""
    text = "Thus , 5a was obtained in 91 % yield , and 5b in 87 % yield ."
    assert prepared_subject(text, text.index("87 %"), build_label_table(text)) is None
    decision = by_form(_yield_site(text, "87 %"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == "5b"
    made = "Compound 5a was obtained from 4a and 2 in 91 % yield ."
    found = prepared_subject(made, made.index("91 %"), build_label_table(made))
    assert found is not None and found.label == "5a"


def test_a_contrasting_clause_with_its_own_subject_and_verb_owns_its_yield() -> None:
    """``6c was isolated in 91 % yield , whereas the ortho-substituted 6d formed in only
    40 % yield``: the second yield is 6d's, not the first clause's subject's."""
    text = (
        "The biaryl 6c was isolated in 91 % yield , whereas the ortho-substituted 6d formed "
        "in only 40 % yield ."
    )
    assert prepared_subject(text, text.index("40 %"), build_label_table(text)) is None
    decision = by_form(_yield_site(text, "40 %"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == "6d"
    first = by_form(_yield_site(text, "91 %"))
    assert first is not None and first.mention is not None and first.mention.label == "6c"


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        (
            "The acid was unstable and was therefore isolated in 80 % yield as its methyl "
            "ester 12 .",
            "80 %",
            "12",
        ),
        (
            "The amine was obtained in 91 % yield as the hydrochloride salt 22 , mp 201 °C .",
            "91 %",
            "22",
        ),
    ],
)
def test_the_form_a_product_was_isolated_as_after_its_yield_owns_it(
    text: str, value: str, label: str
) -> None:
    decision = by_form(_yield_site(text, value))
    assert decision is not None and decision.source == "label_after_yield"
    assert decision.mention is not None and decision.mention.label == label


def test_a_ratio_after_the_yield_is_no_label() -> None:
    text = "Lactone 16 was formed in 70 % yield as a 2 : 1 mixture of epimers ."
    decision = by_form(_yield_site(text, "70 %"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == "16"


def test_a_section_s_product_called_by_its_class_is_the_heading_s_compound() -> None:
    """``to give the aniline`` under a heading that names an aniline is the heading's
    compound, not aniline itself."""
    text = (
        "Example 5: 4-(4-Methylpiperazin-1-yl)aniline. 1-Methyl-4-(4-nitrophenyl)piperazine "
        "(2.0 g) was hydrogenated over palladium on carbon to give the aniline (1.6 g, 92%)."
    )
    decision = by_form(_yield_site(text, "92%"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == "4-(4-Methylpiperazin-1-yl)aniline"
    # with no heading that holds the word, the word stays what the text says
    plain = "Nitrobenzene (2.0 g) was hydrogenated over palladium to give the aniline (1.6 g, 92%)."
    decision = by_form(_yield_site(plain, "92%"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == "aniline"


def test_the_product_named_by_its_role_is_the_compound_its_entry_names() -> None:
    """``Preparation of NAME: … to give the title compound (1.2 g, 85%)``: the role phrase
    stands for the compound the paragraph opens on."""
    text = (
        "Preparation of 4-chloro-N-methylaniline: To a solution of 4-chloroaniline (1.0 g) "
        "in THF was added methyl iodide (0.5 mL). The mixture was concentrated to give the "
        "title compound as a white solid (1.2 g, 85%)."
    )
    decision = by_form(_yield_site(text, "85%"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == "4-chloro-N-methylaniline"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Scheme 2. Reagents and conditions: (a) NaH, THF, 0 °C, 85%; (b) TBAF, THF, rt, "
         "92%; (c) DMP, CH2Cl2, 88%.", "88%"),
        ("a Key : ( i ) LiAlH4 , Et2O ( 72 % ) ; ( ii ) OsO4 , NMO ( 65 % ) .", "72 %"),
    ],
)  # fmt: skip
def test_a_step_of_a_scheme_s_conditions_is_a_yield_of_no_compound_the_text_names(
    text: str, value: str
) -> None:
    """A scheme's list of steps: each step's reagents, then its yield. The product is
    in the drawing; the reagents are never it, and the model is not asked."""
    found = [c for c in find_candidates(text, get_schema("reaction_yield")) if not c.blocked]
    assert value in [text[c.quantity.start : c.quantity.end] for c in found]
    decision = by_form(_yield_site(text, value))
    assert decision == Decision(None, "scheme_step")
    assert decided_without_model(_yield_site(text, value), "reaction_yield")


def test_a_list_of_steps_that_opens_with_what_it_makes_gives_that_compound() -> None:
    """``1 : ( i ) … ( 72 % ) ; ( ii ) …``: a footnote's synthesis of compound 1."""
    text = (
        "The routes are given below. 1 : ( i ) n-BuLi , Et2O , then DMF ( 72 % ) ; ( ii ) "
        "OsO4 , NMO ( 65 % ) ; ( iii ) NaH ( 85 % , 10 : 1 E : Z ratio ) ."
    )
    for value in ("72 %", "65 %", "85 %"):
        decision = by_form(_yield_site(text, value))
        assert decision is not None and decision.source == "scheme_step"
        assert decision.mention is not None and decision.mention.label == "1"
        assert decision.mention.start == text.index("1 :")


def test_a_label_a_colon_introduces_owns_its_bracket_over_the_subject() -> None:
    """``Compound 5aa was synthesized by … chromatography (…): 5ai (83 mg, 68%)``: the
    label before the value's own bracket is the product, not the sentence's subject."""
    text = (
        "Compound 5aa was synthesized by following general procedure D using 4a (64 mg, "
        "0.4 mmol) at 110 °C and purified by chromatography (90:10 hexane/ethyl acetate): "
        "5ai (83 mg, 68%, a white solid)."
    )
    assert prepared_subject(text, text.index("68%"), build_label_table(text)) is None
    decision = by_form(_yield_site(text, "68%"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == "5ai"


def test_a_second_product_along_with_the_subject_takes_its_own_yield() -> None:
    text = "Compound 15 was isolated in 45 % yield along with 16 ( 30 % ) ."
    table = build_label_table(text)
    assert prepared_subject(text, text.index("30 %"), table) is None
    decision = by_form(_yield_site(text, "30 %"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == "16"


def test_a_labelled_compound_named_like_a_reagent_keeps_its_yield() -> None:
    text = "The coupled product was isolated as its acetate 12 in 78 % overall yield."
    decision = decide(_yield_site(text, "78 %"), None)
    assert decision.mention is not None and decision.mention.label == "12"


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        (
            "A solution of oxalyl chloride (28.8 ml) in dry dichloromethane (100 ml) was "
            "cooled to -60 °C. The mixture was stirred for 1 h, quenched and worked up. "
            "The product was obtained after chromatography, 78% yield.",
            "The product",  # no heading names it: the text says no more (not the reagent)
        ),
        (
            "To a suspension of 148 mg (0.20 mmol) of the above 5-chloro-3-methyl-1H-indazole "
            "in 6 mL of acetonitrile is added LiOH. The mixture is stirred and worked up. The "
            "purification of the residue affords 30 mg (78%) of a white solid.",
            None,
        ),
        (
            "Step 1: Synthesis of 4-(4-biphenylyl)triphenylamine Into a 1000-mL three-neck "
            "flask were put 4-bromobiphenyl (25 g) and triphenylamine (26 g). The mixture "
            "was heated for 6 h and worked up. The solid was collected, 31 g, 78% yield.",
            "4-(4-biphenylyl)triphenylamine",
        ),
    ],
)
def test_a_procedure_s_first_reagent_is_no_subject_but_a_heading_s_product_is(
    text: str, subject: str | None
) -> None:
    decision = decide(_yield_site(text, "78%"), None)
    assert (decision.mention.name if decision.mention else None) == subject


@pytest.mark.parametrize(
    "sentence",
    [
        "The residue was recrystallized to give 1.2 g (61%) of the captioned compound.",
        "The residue was triturated with ether to obtain 1.2 g (61%) of the named compound.",
        "After work-up the above-named compound was obtained as a white powder (1.2 g, 61%).",
        "After work-up the titled compound was obtained as a white powder (1.2 g, 61%).",
    ],
)
def test_patents_other_words_for_the_title_compound_give_the_heading(sentence: str) -> None:
    text = f"Example 3\n\n4-Chlorobenzamide\n\n{sentence}\n"
    decision = by_form(_site(text, "61%"))
    assert decision is not None and decision.mention is not None
    assert (decision.mention.name, decision.mention.label) == ("4-Chlorobenzamide", "Example 3")


def test_the_title_compound_prepared_from_others_is_never_one_of_them() -> None:
    sentence = (
        "The title compound was prepared from 2-bromo-4-fluoroaniline and phenylboronic "
        "acid in 67% yield using the procedure of Example 3."
    )
    alone = by_form(_site(sentence, "67%"))
    assert alone is not None and alone.mention is not None
    assert alone.mention.name == "The title compound"
    headed = by_form(_site(f"Example 4\n\n2-Phenyl-4-fluoroaniline\n\n{sentence}\n", "67%"))
    assert headed is not None and headed.mention is not None
    assert (headed.mention.name, headed.mention.label) == ("2-Phenyl-4-fluoroaniline", "Example 4")


def test_the_subject_a_step_converted_is_not_the_sentence_s_compound() -> None:
    site = _site("4-Amino-2-chlorobenzoic acid was converted to product in 79% yield.", "79%")
    assert decide(site, None).mention is None


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("Aryl bromides bearing an ester ( 3f , 79 % ) , a nitrile ( 3g , 83 % ) or a ketone "
         "( 3h , 75 % ) were well tolerated .", "75 %", "3h"),
        ("Aryl bromides bearing an ester (3f, 79%) or a ketone (3h, 75%) were tolerated.",
         "75%", "3h"),
        # each product of a series by its label and substituent, then its yield
        ("Hydrosilylation gave the silanes ( 3a , R = Me , 3.9 % ; 3b , R = Ph , 5.2 % ) .",
         "3.9 %", "3a"),
        ("Hydrosilylation gave the silanes ( 3a , R = Me , 3.9 % ; 3b , R = Ph , 5.2 % ) .",
         "5.2 %", "3b"),
        ("Products 5 ( X = Cl , 45 % ) and 6 ( X = Br , 52 % ) were isolated .", "52 %", "6"),
        # a substituent whose formula has locants
        ("It gave the silanes ( 3a , R = 2,4,6-C6H2iPr3 , 3.9 % ; 3b , R = 2,6-C6H3Et2 , "
         "12 % ) .", "3.9 %", "3a"),
        ("It gave the silanes ( 3a , R = 2,4,6-C6H2iPr3 , 3.9 % ; 3b , R = 2,6-C6H3Et2 , "
         "12 % ) .", "12 %", "3b"),
    ],
)  # fmt: skip
def test_a_label_and_its_value_in_one_bracket_are_one_product_s(
    text: str, value: str, label: str
) -> None:
    decision = by_form(_site(text, value))
    assert decision is not None and decision.source == "label_in_bracket"
    assert decision.mention is not None and decision.mention.label == label


def test_a_bracket_that_says_more_than_the_value_names_no_product() -> None:
    decision = by_form(_site("The best result was 3f (3f, 79% ee) under these conditions.", "79%"))
    assert decision is None or decision.source != "label_in_bracket"


def test_a_step_s_reagent_listed_before_its_yield_is_not_the_product() -> None:
    text = "Silylation ( TBSCl , imidazole , 98 % ) and ozonolysis gave aldehyde 30 ."
    decision = by_form(_site(text, "98 %"))
    assert decision is None or decision.mention is None or decision.mention.name != "imidazole"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Lithium aluminum hydride (9.95 grams, 0.26 mole) was added to a solution of the "
            "sulfonyl chloride in THF. Work-up gave the title compound as a white solid (23 "
            "grams, 100%).",
            "100%",
        ),
        (
            "The filtrate from the displacement with disodium salt of 1-carboxymethyl-5-"
            "mercaptotetrazole was hydrogenated. The yield was 3.3 g or 63.6% of theoretical.",
            "63.6%",
        ),
        (
            "To a suspension of 2.9 g (0.01 mol) methyl 4-oxo-6-methylpyridazine-3-carboxylate "
            "in acetic acid was added hydrogen peroxide. Filtration afforded 1.15 g (36% yield) "
            "of product.",
            "36%",
        ),
    ],
)
def test_what_a_procedure_is_charged_with_is_not_its_yield_s_compound(
    text: str, value: str
) -> None:
    decision = decide(_site(text, value), None)
    assert decision.mention is None or decision.source not in ("passage_subject", "model")


def test_a_mass_printed_like_a_label_in_a_yield_bracket_is_no_label() -> None:
    decision = by_form(_site("Filtration gave the product (3g, 83%) as a solid.", "83%"))
    assert decision is None or decision.source != "label_in_bracket"


@pytest.mark.parametrize(
    ("text", "value", "name"),
    [
        ("The concentrate was mixed at 90° C. with poly(ethylene-co-1-butene) having a "
         "melting point of 60° C. at a concentration of 30 wt %.", "60° C",
         "poly(ethylene-co-1-butene)"),
        ("The mixture was stirred with 4-nitrophenol having a melting point of 114 °C and "
         "water.", "114 °C", "4-nitrophenol"),
    ],
)  # fmt: skip
def test_a_name_having_a_melting_point_owns_it_whatever_the_sentence_does_with_it(
    text: str, value: str, name: str
) -> None:
    decision = by_form(_site(text, value))
    assert decision is not None and decision.source == "subject_of_verb"
    assert decision.mention is not None and decision.mention.name == name


@pytest.mark.parametrize(
    ("text", "value", "name"),
    [
        ("The melting point of 4-nitroacetanilide was found to be 215 °C.", "215 °C",
         "4-nitroacetanilide"),
        ("The boiling point of pure cyclohexanone is 155 °C.", "155 °C", "cyclohexanone"),
        ("4-Nitroacetanilide (2.1 g) had m.p. 214-216 °C after recrystallization.",
         "214-216 °C", "4-Nitroacetanilide"),
        ("On cooling, 2-naphthol showed a melting point of 121 °C.", "121 °C", "2-naphthol"),
        ("The resulting benzoic acid, after sublimation, melted at 122 °C.", "122 °C",
         "benzoic acid"),
        ("The 4-chlorobenzoic acid thus obtained melts at 238-240° C.", "238-240° C",
         "4-chlorobenzoic acid"),
        ("The product, 2-naphthol, melted at 121 °C.", "121 °C", "2-naphthol"),
        ("Crystallisation from ethyl acetate gave 2-methyl-7-nitroindazole which melts at "
         "178°-180° C.", "178°-180° C", "2-methyl-7-nitroindazole"),
    ],
)  # fmt: skip
def test_the_point_of_a_name_and_a_name_that_showed_it_or_melted_after_an_aside(
    text: str, value: str, name: str
) -> None:
    """``The melting point of NAME was found to be``, ``NAME (2.1 g) had m.p.``, ``NAME,
    after sublimation, melted at``: the subject whose property the value completes."""
    decision = by_form(_point_site(text, value, "melting_point"))
    assert decision is not None and decision.source == "subject_of_verb"
    assert decision.mention is not None and decision.mention.name == name


def test_a_point_in_the_product_s_bracket_after_its_amount_or_after_what_it_is_called() -> None:
    """``NAME (0.58 g, m.p. 199°-202° C.)``, ``NAME (Compound IV where R2 =C2H5), m.p.``:
    the product's bracket holds its amount, or what the patent calls it, then its
    point."""
    text = "9-(2-Benzoyloxyethoxymethyl)thioguanine (0.58 g, m.p. 199°-202° C.) was removed."
    decision = by_form(_point_site(text, "199°-202° C", "melting_point"))
    assert decision is not None and decision.source == "bracketed_after_name"
    assert decision.mention is not None
    assert decision.mention.name == "9-(2-Benzoyloxyethoxymethyl)thioguanine"
    text = (
        "The residue was crystallized from benzene to obtain 13.8 g of "
        "3-ethoxy-2-methyl-6-aminopyridine (Compound IV where R2 =C2H5), m.p. 98°-99° C."
    )
    decision = by_form(_point_site(text, "98°-99° C", "melting_point"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == "3-ethoxy-2-methyl-6-aminopyridine"
    # a label before the amounts is the product's label, never a name "2a"
    text = "Benzoyl chloride and benzylamine gave 2a (1.2 g, 84%), m.p. 131-133 °C."
    decision = by_form(_point_site(text, "131-133 °C", "melting_point"))
    assert decision is not None and decision.mention is not None
    assert (decision.mention.name, decision.mention.label) == (None, "2a")
    # a yield in the product's bracket stays the form that reads yields there
    text = "Filtration gave 4-bromoacetanilide (1.2 g, 85%), m.p. 167 °C."
    decision = by_form(_site(text, "85%"))
    assert decision is not None and decision.source == "described_compound"


@pytest.mark.parametrize(
    ("text", "value", "name", "rule"),
    [
        ("Distillation afforded 12.3 g of 3-methylbutyl acetate boiling at 140-142 °C.",
         "140-142 °C", "3-methylbutyl acetate", "subject_of_verb"),
        ("3-Methylbutyl acetate (12.3 g), b.p. 140-142 °C, was obtained.", "140-142 °C",
         "3-Methylbutyl acetate", "name_before_cue"),
        ("After removal of the solvent, the residue was distilled (b.p. 95 °C/12 mm) to give "
         "2-octanone.", "95 °C", "2-octanone", "bracket_then_product"),
        ("Vacuum distillation (bp 110-112 °C at 0.5 mmHg) gave 4-phenylbutan-2-one as an oil.",
         "110-112 °C", "4-phenylbutan-2-one", "bracket_then_product"),
    ],
)  # fmt: skip
def test_a_distillate_s_boiling_point_by_participle_amount_or_the_bracket_before_it(
    text: str, value: str, name: str, rule: str
) -> None:
    """``NAME boiling at``, ``NAME (12.3 g), b.p.``, ``distilled (b.p. 95 °C/12 mm) to
    give NAME``: the distillate whose boiling point the value is."""
    decision = by_form(_point_site(text, value, "boiling_point"))
    assert decision is not None and decision.source == rule
    assert decision.mention is not None and decision.mention.name == name


@pytest.mark.parametrize("bracket", ["(5.9 g, 89%)", "(5.9 g, 68% recovery, 89% yield)"])
def test_the_pure_product_of_a_recrystallisation_is_the_crude_one_named_before(
    bracket: str,
) -> None:
    text = (
        "The residue was triturated with water to give crude 4-(5-nitropyridin-2-yl)morpholine."
        f" Recrystallization from ethanol gave the pure product {bracket}."
    )
    decision = by_form(_site(text, "89%"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == "4-(5-nitropyridin-2-yl)morpholine"
    # under a heading, the crude product its own paragraph named comes first
    headed = "EXAMPLE 12\n1-(4-Fluorobenzyl)-2-methyl-1H-imidazole\n\n" + text
    decision = by_form(_site(headed, "89%"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == "4-(5-nitropyridin-2-yl)morpholine"
    # without a crude product named before, the phrase is all the text says
    alone = "Recrystallization from ethanol gave the pure product (5.9 g, 89%)."
    decision = by_form(_site(alone, "89%"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == "the pure product"


@pytest.mark.parametrize(
    ("text", "value", "label", "source"),
    [
        ("Alkyne 9 was converted to the ( Z ) -vinyl iodide 10 by hydrozirconation–iodination "
         "( 76 % ) .", "76 %", "10", "product_of_sentence"),
        ("Finally , global deprotection with TBAF delivered ( − ) -callystatin A ( 1 ) in 88 % "
         "yield .", "88 %", "1", "described_compound"),
        ("This compound ( 14 ) was obtained in 62 % yield as a 3 : 1 mixture of diastereomers .",
         "62 %", "14", "prepared_subject"),
        ("The known diene 2 ( prepared in three steps from 1 , 65 % overall ) underwent a "
         "Diels–Alder reaction with 3 to give cycloadduct 4 ( 70 % ) .", "65 %", "2",
         "made_aside"),
        ("The required aldehyde 5 ( prepared from 4 by Swern oxidation ; 92 % yield ) was used "
         "immediately .", "92 %", "5", "made_aside"),
        ("Treatment of vinyl ether 6 ( obtained in 83 % yield by reaction of the acetate with "
         "Tebbe reagent ) with acid gave 7 .", "83 %", "6", "made_aside"),
        ("Saponification ( 1 M NaOH , CH30H , 95 % ) gave the scorpion - shaped subunit 3 .",
         "95 %", "3", "product_after_conditions"),
        ("The tetramer 4 was readily separated from the mixture ( in 40 % yield ) by extraction "
         "with hexane .", "40 %", "4", "prepared_subject"),
        # a bracket of conditions that brackets a catalyst of its own
        ("Coupling of 7 with 8 ( Pd ( PPh3 ) 4 , toluene , 110 ° C , 12 h , 82 % ) gave the "
         "biaryl 9 .", "82 %", "9", "product_after_conditions"),
    ],
)  # fmt: skip
def test_a_journal_s_product_by_its_label_where_the_name_or_the_verb_is_unusual(
    text: str, value: str, label: str, source: str
) -> None:
    """A stereodescriptor before the kind, a natural product's trivial name, ``This
    compound ( 14 )``, and a bracket saying how a known compound was made."""
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert (decision.mention.label, decision.source) == (label, source)


def test_a_bracket_saying_how_a_compound_was_made_gives_the_name_before_it() -> None:
    text = "4-Iodoanisole ( prepared from anisole , 85 % ) was coupled with phenylboronic acid ."
    decision = by_form(_site(text, "85 %"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == "4-Iodoanisole"
    assert decision.source == "made_aside"
    more = "Bromide 7 ( prepared from 6 , 85 % ee ) was coupled with 8 ."
    assert (
        made_aside(more, more.index("85 %"), more.index("85 %") + 4, _site(more, "85 %").table)
        is None
    )


def test_a_heading_that_only_labels_the_product_is_the_passage_s_subject() -> None:
    text = (
        "Synthesis of Compound 1-4\nCompound 1-3 (2.0 g) and 4-bromoaniline (1.2 g) were "
        "dissolved in toluene. The mixture was refluxed for 12 h, filtered through Celite and "
        "purified by column chromatography to obtain 2.1 g (yield 78%)."
    )
    decision = decide(_site(text, "78%"), None)
    assert decision.mention is not None and decision.mention.label == "1-4"
    assert decision.source == "passage_subject"
    example = text.replace("Synthesis of Compound 1-4", "Example 7")
    assert decide(_site(example, "78%"), None).mention is None


@pytest.mark.parametrize(
    ("text", "value", "label", "source"),
    [
        ("The precipitate was recrystallized from toluene to obtain 8.5 g of a white powder "
         "(yield: 73%). The obtained compound was identified as Compound 1 by FD-MS.", "73%",
         "1", "identified_after"),
        ("The residue was recrystallized to give a yellow solid (4.4 g, 81%), which was "
         "identified as Compound A-7 by FD-MS analysis.", "81%", "A-7", "identified_after"),
        ("The residue was recrystallized to give a white solid (8.2 g, yield 76%). The white "
         "solid was identified as Intermediate 1-1 by LC-MS.", "76%", "1-1", "identified_after"),
        ("After the reaction, the solid was filtered and washed with methanol, whereby 5.3 g "
         "(yield 65%) of the target compound, Compound 12, was obtained.", "65%", "12",
         "named_after_value"),
        ("4.1 g of compound (1-7) was obtained (yield: 62%).", "62%", "1-7",
         "described_compound"),
        ("The crude product was purified by sublimation to afford 2.2 g of the objective "
         "compound (A-15) (yield 44%).", "44%", "A-15", "described_compound"),
    ],
)  # fmt: skip
def test_electronic_material_patents_name_their_product_by_number(
    text: str, value: str, label: str, source: str
) -> None:
    """Display-material patents make compounds called ``Compound 1-7`` or ``A-15``, name
    them after the amount, in apposition to their role, or in the sentence after the
    yield that says how the product was identified."""
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert (decision.mention.label, decision.source) == (label, source)


def test_a_product_identified_after_its_analysis_is_the_yield_s() -> None:
    text = (
        "The mixture was diluted with water and the precipitate collected to afford 1.2 g of "
        "white solid (85%). MS: 214 (M+H). The solid was identified as "
        "4-bromo-N-methylbenzamide."
    )
    decision = by_form(_site(text, "85%"))
    assert decision is not None and decision.mention is not None
    assert (decision.mention.name, decision.source) == ("4-bromo-N-methylbenzamide",
                                                        "identified_after")  # fmt: skip


@pytest.mark.parametrize(
    ("text", "value", "source"),
    [
        # a later sentence that identifies another compound names no product
        ("The mixture was concentrated to give 3.1 g (64%) of an oil. The oil was dissolved "
         "in ether and treated with HCl to give 2-phenylethylamine hydrochloride.", "64%",
         "identified_after"),
        # after the analysis, a sentence that makes something else first
        ("The precipitate was collected to afford 1.2 g of white solid (85%). It was added "
         "to acetone. The solid was identified as 4-bromo-N-methylbenzamide.", "85%",
         "identified_after"),
        # a label opening a step's reagents, temperature and time is what the step used
        ("Alkylation of the lithio-2-picoline ( 3 , KOtBu , 0 “ C , 2 h , 67 % ) and "
         "subsequent hydrolysis provided 5 in good yield .", "67 %", "bracketed_after_name"),
    ],
)  # fmt: skip
def test_a_form_that_does_not_hold_here_does_not_decide(text: str, value: str, source: str) -> None:
    decision = by_form(_site(text, value))
    assert decision is None or decision.source != source


def test_an_entry_opened_by_its_number_alone_owns_its_data() -> None:
    """Supporting information lists ``Compound 9 : white solid ; mp … ; yield 72 %``."""
    text = "Compound 9 : white solid ; mp 101 − 103 °C ; yield 72 % ."
    table = build_label_table(text)
    for value, kind in (("101 − 103 °C", "melting_point"), ("72 %", "reaction_yield")):
        at = text.index(value)
        site = Site(text, at, at + len(value), table, read_entries(text, table), kind)
        decision = decide(site, None)
        assert decision.mention is not None and decision.mention.label == "9"
        assert decision.source == "entry_compound"


def test_a_salt_word_after_its_is_no_compound() -> None:
    text = "2-Methylpyridine was converted into its picrate, m.p. 164-165° C."
    decision = decide(_site(text, "164-165° C"), None)
    assert decision.mention is None or decision.mention.name != "picrate"


def test_a_subject_collected_before_the_product_is_yielded_is_not_the_product() -> None:
    """``the crystalline product is collected … to yield NAME, m.p. …``: the sentence
    names its product after the verb that collected the solid."""
    text = (
        "After cooling, the crystalline product is collected by filtering and washing with "
        "ether to yield 5-cyano-1-(2,6-dimethylphenyl)uracil, m.p. 267°-269°."
    )
    at = text.index("267°")
    table = build_label_table(text)
    site = Site(text, at, at + len("267°-269°"), table, read_entries(text, table), "melting_point")
    decision = decide(site, None)
    assert decision.mention is not None
    assert decision.mention.name == "5-cyano-1-(2,6-dimethylphenyl)uracil"


@pytest.mark.parametrize(
    ("text", "value", "name", "label"),
    [
        # patents' other words for the title compound, where no heading names it
        ("Washing with ether gave 108 mg (43%) of the entitled compound.", "43%",
         "the entitled compound", None),
        ("Washing with ether gave the subject compound (108 mg, 43%).", "43%",
         "the subject compound", None),
        ("Chromatography gave 108 mg (43% yield) of the expected product.", "43%",
         "the expected product", None),
        ("Evaporation left 2.1 g (88%) of the title material.", "88%", "the title material", None),
        ("Purification gave the desired material as a white solid (108 mg, 43%).", "43%",
         "the desired material", None),
        # a roman formula number after the word that calls it a compound
        ("Recrystallisation gave compound III (108 mg, 43%).", "43%", None, "III"),
        ("Recrystallisation gave 108 mg (43%) of product IVa.", "43%", None, "IVa"),
    ],
)  # fmt: skip
def test_the_title_compound_by_other_words_and_a_compound_by_roman_number(
    text: str, value: str, name: str | None, label: str | None
) -> None:
    decision = decide(_site(text, value), None)
    assert decision.mention is not None
    assert (decision.mention.name, decision.mention.label) == (name, label)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The residue was purified to give N—(4-chlorophenyl)-2-methylbenzamide (1.2 g, 45%).",
         "N—(4-chlorophenyl)-2-methylbenzamide"),
        ("Chromatography gave 1.2 g (45%) of (S)—N—((S)-1-cyclohexylethyl)-2-methylpropanamide.",
         "(S)—N—((S)-1-cyclohexylethyl)-2-methylpropanamide"),
        ("Concentration gave (1R*,2S*)-2-phenylcyclohexan-1-ol (1.2 g, 45%).",
         "(1R*,2S*)-2-phenylcyclohexan-1-ol"),
    ],
)  # fmt: skip
def test_a_product_whose_name_prints_em_dashes_or_starred_descriptors(text: str, name: str) -> None:
    decision = decide(_site(text, "45%"), None)
    assert decision.mention is not None and decision.mention.name == name


def test_the_product_printed_after_its_yield_s_bracket() -> None:
    """``to give (0.12 g, 45%) NAME``: the verb's product after its bracket, no comma."""
    text = "The residue was purified to give (0.12 g, 45%) 4-chloro-N-methylbenzamide. MS: 170."
    decision = decide(_site(text, "45%"), None)
    assert decision.mention is not None
    assert (decision.mention.name, decision.source) == (
        "4-chloro-N-methylbenzamide",
        "named_after_value",
    )


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Recrystallisation from ethyl acetate gave the title compound. Yield 4.2 g (72%), "
         "m.p. 107° C.", "the title compound"),
        ("EXAMPLE 3\n4-Chlorobenzamide\nThe acid chloride was stirred with ammonia. "
         "Recrystallisation gave the title compound. Yield 4.2 g (72%), m.p. 107° C.",
         "4-Chlorobenzamide"),
    ],
)  # fmt: skip
def test_a_yield_sentence_after_the_title_compound_was_made_is_its_yield(
    text: str, name: str
) -> None:
    decision = decide(_site(text, "72%"), None)
    assert decision.mention is not None
    assert (decision.mention.name, decision.source) == (name, "product_before_yield")


def test_an_older_patent_s_abbreviated_unit_keeps_the_product_s_bracket() -> None:
    """``to give the title compound (0.114 g., 36%)``: the full stop after ``g`` had
    hidden the bracket, and the yield went to the reagent the paragraph opened with."""
    text = (
        "Lithium thioethoxide was prepared by the dropwise addition of n-butyllithium (4 ml. "
        "of 1.53 molar solution in hexane) to a stirred solution of ethyl mercaptan in THF. "
        "The residue was purified, giving a white solid which was washed with hexane and "
        "dried, to give the title compound (0.114 g., 36%) as a white solid."
    )
    decision = decide(_site(text, "36%"), None)
    assert decision.mention is not None
    assert (decision.mention.name, decision.source) == ("the title compound", "described_compound")


@pytest.mark.parametrize(
    "text",
    [
        "The oil was distilled to give 4-chlorobenzamide, b.p. 120° C./0.5 mm., 12.5 g. (78%).",
        "The oil was distilled to give 4-chlorobenzamide, 12.5 g. (78%), b.p. 120° C./0.5 mm.",
        "Evaporation left 4-chlorobenzamide as a white solid; yield 12.5 g. (78%).",
        "The precipitate is 4-chlorobenzamide; yield: 12.5 g. (78%).",
        # the yield's own sentence, the product's mass first
        "The crystals were washed with ethanol to give 4-chlorobenzamide. Yield, 12.5 g (78%).",
        "Evaporation afforded 4-chlorobenzamide as a colorless oil. Yield, 12.5 g. (78%).",
        "Then 12.5 g of 4-chlorobenzamide are thereby obtained as a solid. Yield: 78%.",
    ],
)
def test_older_patents_product_then_its_point_mass_or_yield_clause(text: str) -> None:
    decision = decide(_site(text, "78%"), None)
    assert decision.mention is not None
    assert (decision.mention.name, decision.source) == ("4-chlorobenzamide", "described_compound")


@pytest.mark.parametrize(
    ("text", "value", "label", "source"),
    [
        # a label read back from a bracket is a label, never a name "13b"
        ("Reduction of ketone 12 with L-Selectride afforded alcohols 13a and 13b ( 4 : 1 , "
         "85 % combined yield ) .", "85 %", "13b", "bracketed_after_name"),
        # the step's conditions, then "to give" its product
        ("Acid 35 was coupled with amine 36 ( EDC , HOBt , 83 % ) to give amide 37 .", "83 %",
         "37", "product_after_conditions"),
        # what the compound was: "the only product", and how it formed: "quantitatively"
        ("The cyclopropane 18 was the only product ( 73 % , entry 4 ) .", "73 %", "18",
         "described_compound"),
        ("Catalytic hydrogenation ( H2 , Pd / C ) of 12 afforded 13 quantitatively ( 98 % ) .",
         "98 %", "13", "described_compound"),
        # a series and the range of its yields: the series, by its first member
        ("Aldehydes 1b − d gave the coumarin derivatives 7b − d in 60 − 83 % yields .",
         "60 − 83 %", "7b", "described_compound"),
        # the run as the subject the sentence prepared
        ("The corresponding products 2j-o were obtained in 89-96% yields (Table 2).", "89-96%",
         "2j", "prepared_subject"),
        # how good the yield was, printed before its number
        ("Alkynes 6a − c yielded the naphthalenes 7a − c in good 66 − 70 % yield .",
         "66 − 70 %", "7a", "described_compound"),
        ("Ynone 6i afforded the naphthalene 7i in moderate 46 % isolated yield .", "46 %", "7i",
         "described_compound"),
        # "a yield of N % of X": the product after the value, as after "(N %) of"
        ("Amines gave 1b and 1d . A reduced yield of 39 % of compound 1c was obtained .",
         "39 %", "1c", "named_after_value"),
    ],
)  # fmt: skip
def test_journal_products_by_label_after_a_bracket(
    text: str, value: str, label: str, source: str
) -> None:
    decision = decide(_site(text, value), None)
    assert decision.mention is not None
    assert (decision.mention.name, decision.mention.label, decision.source) == (None, label, source)


def test_a_result_with_its_product_being_obtained_is_no_reagent() -> None:
    """``results with NAME ( 6g ) being obtained in 74 % yield``: "with" starts what the
    results were, not a reagent."""
    text = (
        "This reaction gave satisfactory results with 4-amino-1-hydroxy-1H-xanthen-9(2H)-one "
        "( 6g ) being obtained in 74 % yield using just 1.2 equiv ."
    )
    decision = decide(_site(text, "74 %"), None)
    assert decision.mention is not None
    assert decision.mention.label == "6g"
    assert decision.mention.name == "4-amino-1-hydroxy-1H-xanthen-9(2H)-one"


def test_a_yield_of_the_desired_product_names_it_after_the_value() -> None:
    """``27–34% yield of the desired mono-N-alkylated product 3c``: the product follows;
    the identity step then splits the description from the label (``stand_in_label``)."""
    text = "Methanol gave 27–34% yield of the desired mono-N-alkylated product 3c ."
    decision = decide(_site(text, "27–34%"), None)
    assert decision.source == "named_after_value"
    assert decision.mention is not None and decision.mention.name is not None
    assert stand_in_label(decision.mention.name) == (None, "3c")


def test_a_name_and_its_compound_number_before_the_yield_sentence() -> None:
    text = (
        "The crystals are washed with ethanol to give 4-chlorobenzamide (Compound No. 74). "
        "Yield, 0.84 g (77.8%). M.P., 230° C."
    )
    decision = decide(_site(text, "77.8%"), None)
    assert decision.mention is not None
    assert (decision.mention.name, decision.mention.label) == ("4-chlorobenzamide", "74")


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("The ketone 7 (bp 85 °C at 15 mmHg) was distilled prior to use.", "85 °C", "7"),
        ("The ester 3b (mp 120 °C) was used as received.", "120 °C", "3b"),
    ],
)
def test_a_kind_and_its_label_before_the_value_s_bracket(text: str, value: str, label: str) -> None:
    decision = decide(_site(text, value), None)
    assert decision.mention is not None
    assert (decision.mention.label, decision.source) == (label, "bracketed_after_name")


@pytest.mark.parametrize(
    "text", ["In step 7 (bp 85 °C) the solvent was removed.", "Table 2 (bp 85 °C) lists them."]
)
def test_a_step_or_a_table_before_the_bracket_is_no_compound(text: str) -> None:
    assert decide(_site(text, "85 °C"), None).mention is None


def test_a_run_of_labels_as_the_subject_a_sentence_prepared() -> None:
    text = "The desired biaryl compounds 3ba-3ea were obtained in a range of 70%-92% yields."
    found = prepared_subject(text, text.index("70%"), build_label_table(text))
    assert found is not None and found.label == "3ba"


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("The p-cyanophenyl substrate provided the oxazolidine product in 92% yield (5j).",
         "92%", "5j"),
        ("The reaction gave the corresponding product in 88 % yield ( 6j ) .", "88 %", "6j"),
        ("Alkyl substrates provided dihydroxazine derivatives in 82-95% yields (6r-6v).",
         "82-95%", "6r"),
    ],
)  # fmt: skip
def test_a_label_printed_after_the_yield_says_whose_it_is(
    text: str, value: str, label: str
) -> None:
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert (decision.source, decision.mention.label) == ("label_after_yield", label)


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("The best isolated yields to date ( 60-85 % ) of adducts like 1 result from "
         "Steliou 's elegant procedure.", "60-85 %", "1"),
        ("Yields (ca. 40%) of the ketone 5b were low.", "40%", "5b"),
    ],
)  # fmt: skip
def test_a_yield_in_its_bracket_then_what_it_is_of(text: str, value: str, label: str) -> None:
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert (decision.source, decision.mention.label) == ("label_after_bracketed_yield", label)


def test_a_bracketed_yield_of_an_amount_is_no_label() -> None:
    text = "Yields (85%) of 3g batches were reproducible."
    decision = by_form(_site(text, "85%"))
    assert decision is None or decision.source != "label_after_bracketed_yield"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The ketone was obtained in 70% yield (2 steps).", "70%"),
        ("It formed in 45% yield (3g).", "45%"),
    ],
)
def test_steps_or_a_mass_after_a_yield_are_no_label(text: str, value: str) -> None:
    decision = by_form(_site(text, value))
    assert decision is None or decision.source != "label_after_yield"


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        # the subject, then a phrase in apposition that names another compound
        ("Compound 29 , the precursor of 30 , was obtained in 74 % yield .", "74 %", "29"),
        (
            "The known aldehyde 6 , a precursor of 7 , was prepared in four steps ( 52 % ) .",
            "52 %",
            "6",
        ),
        # no comma before the verb: the phrase is the subject itself
        (
            "Starting from 2 - bromopyridine , the corresponding product 4f was obtained in 67 % yield .",
            "67 %",
            "4f",
        ),
        # how little, before the number
        ("When the run was made in toluene , 25 was formed in only 40 % yield .", "40 %", "25"),
        (
            "Under these conditions 5a was formed in 91 % yield , while 5b in just 47 % .",
            "47 %",
            "5b",
        ),
        # how it was formed, between the product and its yield
        ("Gratifyingly , 40 was formed as a single regioisomer in 77 % yield .", "77 %", "40"),
        # a second product's share named by what it is to the first
        (
            "The spiroketal 60 was isolated in 56 % yield , together with 12 % of its C - 5 epimer 61 .",
            "12 %",
            "61",
        ),
    ],
)
def test_journal_forms_of_whose_a_yield_is(text: str, value: str, label: str) -> None:
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == label


def test_potassium_iodide_among_the_reagents_is_no_other_property_s_label() -> None:
    text = "Iodolactonization of acid 18 ( I2 , KI , NaHCO3 ) proceeded in 86 % yield to furnish iodolactone 19 ."
    [candidate] = [
        c
        for c in find_candidates(text, get_schema("reaction_yield"))
        if "86" in text[c.quantity.start : c.quantity.end]
    ]
    assert candidate.blocked is None and candidate.decisive
    # while a dissociation or inhibition constant stays another property's label
    assert FOREIGN_CUES.search("binds the dye ( KD = 73 nM )")
    assert FOREIGN_CUES.search("with a Ki of 12 nM")


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        (
            "The isomers 33a and 33b were separated by chromatography ( 41 % and 37 % ) .",
            "41 %",
            "33a",
        ),
        (
            "The isomers 33a and 33b were separated by chromatography ( 41 % and 37 % ) .",
            "37 %",
            "33b",
        ),
        # a clause that left its verb out, its product named by words around a hyphen
        (
            "The tri - substituted alkene 12 was obtained in 78 % yield after 2 h , and the "
            "tetra - substituted alkene 13 in 65 % yield after 6 h .",
            "65 %",
            "13",
        ),
        # a labelled product after its share is a label, not a name
        ("Without the ligand , only 12 % of 3a was formed .", "12 %", "3a"),
    ],
)
def test_lists_and_shares_of_labelled_products(text: str, value: str, label: str) -> None:
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert (decision.mention.name, decision.mention.label) == (None, label)


@pytest.mark.parametrize(
    ("text", "value", "name", "label"),
    [
        # the yield in a sentence of its own, its mass after "="
        (
            "The solid was dried to provide Compound 29 as a yellow solid. Yield=15 g (72.1%).",
            "72.1%",
            None,
            "29",
        ),
        (
            "The residue gave 8.6 g of 2-phenylpyridine-3-methanol. Its yield was 98%.",
            "98%",
            "2-phenylpyridine-3-methanol",
            None,
        ),
        # "at a yield of", and a yield worked out from the amount obtained
        (
            "Drying gave 1.7 g of 2-hydroxybenzoic acid (2a) at a yield of 91%.",
            "91%",
            "2-hydroxybenzoic acid",
            "2a",
        ),
        (
            "After 2 hours at 120° C., 9.9 g (0.044 mol) of ethyl cinnamate are obtained, "
            "corresponding to a yield of 88% of theory.",
            "88%",
            "ethyl cinnamate",
            None,
        ),
        # a label no sentence defined, after its share and before a clause about it
        (
            "Concentration afforded 1.78 g (93%) of 66 that was used without further purification.",
            "93%",
            None,
            "66",
        ),
        ("Concentration afforded 1.78 g (93%) of 66 as a pale yellow oil.", "93%", None, "66"),
    ],
)
def test_patent_forms_of_whose_a_yield_is(
    text: str, value: str, name: str | None, label: str | None
) -> None:
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert (decision.mention.name, decision.mention.label) == (name, label)


def test_a_yield_sentence_after_a_made_from_sentence_is_not_the_starting_material_s() -> None:
    text = "After 19 hours, 511 g of 4-cyanophenol was obtained from 750 g of ethyl 4-hydroxybenzoate. The yield was 95.0%."
    decision = by_form(_site(text, "95.0%"))
    assert (
        decision is None
        or decision.mention is None
        or decision.mention.name != "ethyl 4-hydroxybenzoate"
    )


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (
            "The organic layer was concentrated, obtaining triphenylsulfonium "
            "2-acetoxypropane-1-sulfonate. Colorless oily matter, 2.2 g (yield 70%).",
            "triphenylsulfonium 2-acetoxypropane-1-sulfonate",
        ),
        (
            "Chromatography gave 4-benzyloxyphenol. White crystals (1.2 g, 85%).",
            "4-benzyloxyphenol",
        ),
        # the form, then a sentence or clause of the yield alone
        (
            "Chromatography gave 4-(4-fluorophenyl)-2-methylpyridine. Pale yellow oil; yield 85%.",
            "4-(4-fluorophenyl)-2-methylpyridine",
        ),
        (
            "Chromatography gave 4-(4-fluorophenyl)-2-methylpyridine. Pale yellow oil. Yield 85%.",
            "4-(4-fluorophenyl)-2-methylpyridine",
        ),
        (
            "Chromatography gave 2-naphthyl acetate. White solid, mp 70-71 °C; yield 85%.",
            "2-naphthyl acetate",
        ),
    ],
)
def test_a_sentence_of_the_product_s_form_and_yield_follows_the_one_that_made_it(
    text: str, name: str
) -> None:
    value = text[text.rindex(" ", 0, text.rindex("%")) + 1 : text.rindex("%") + 1]
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None and decision.mention.name == name


def test_a_form_sentence_after_a_reagent_is_not_the_reagent_s() -> None:
    text = "The mixture was filtered and washed with 4-bromotoluene. White solid (1.2 g, 85%)."
    decision = by_form(_site(text, "85%"))
    assert decision is None or decision.mention is None or decision.mention.name != "4-bromotoluene"


@pytest.mark.parametrize(
    ("text", "label"),
    [
        # the yield's verb shares its subject with the purification before it
        (
            "The product 3a was purified by column chromatography and isolated in 90% (1.23 g) yield.",
            "3a",
        ),
        # a PDF's text runs the label into the verb
        ("In contrast, the desired product 8aawas obtained in 78% yield with only 23% ee.", "8aa"),
    ],
)
def test_the_subject_of_a_coordinated_or_glued_verb(text: str, label: str) -> None:
    decision = by_form(_site(text, text[text.index("% ") - 2 : text.index("% ") + 1]))
    assert decision is not None and decision.mention is not None and decision.mention.label == label


@pytest.mark.parametrize(
    ("text", "value", "name", "label"),
    [
        # a purification that gives only an amount gives back its subject
        (
            "The product, ethyl 3-oxobutanoate, was distilled (bp 180 °C) to give 8.8 g (68% of theory).",
            "68%", "ethyl 3-oxobutanoate", None,
        ),
        (
            "The crude product, 2-methylbenzoxazole, was purified by distillation to give 5.1 g (74%).",
            "74%", "2-methylbenzoxazole", None,
        ),
        (
            "The crude ester 7 was purified by flash chromatography, giving 0.95 g (78%) of a colourless oil.",
            "78%", None, "7",
        ),
        # a subject that crystallized, with no auxiliary verb
        (
            "The acid 12 crystallized from water as colourless plates, m.p. 188-190 °C.",
            "188-190 °C", None, "12",
        ),
    ],
)  # fmt: skip
def test_the_subject_of_a_purification_or_crystallization(
    text: str, value: str, name: str | None, label: str | None
) -> None:
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert (decision.mention.name, decision.mention.label) == (name, label)


def test_a_reaction_that_gives_only_an_amount_does_not_give_its_subject() -> None:
    text = "Compound 5 was treated with LiAlH4 in THF to give 1.2 g (85%)."
    decision = by_form(_site(text, "85%"))
    assert decision is None or decision.mention is None or decision.mention.label != "5"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a ratio's second term is no label
        (
            "Pyrazole 9 and its regioisomer 10 were formed in a ratio of 4 : 1 ( 72 % total yield ) .",
            "72 %",
        ),
        # a reagent in a bracket that nests another is not the yield's compound
        (
            "Lactone 50 was converted to the Weinreb amide 51 ( Me ( OMe ) NH·HCl , AlMe3 , 89 % ) .",
            "89 %",
        ),
    ],
)
def test_a_ratio_or_a_nested_reagent_bracket_names_no_compound(text: str, value: str) -> None:
    decision = by_form(_site(text, value))
    mention = None if decision is None else decision.mention
    assert mention is None or (mention.label != "1" and mention.name != "AlMe3")


def test_a_coordinated_verb_after_another_product_s_verb_is_not_the_subject_s() -> None:
    text = "The ester 3a was washed with water to give acid 4a and isolated in 90% yield."
    decision = by_form(_site(text, "90%"))
    assert decision is None or decision.mention is None or decision.mention.label != "3a"


@pytest.mark.parametrize(("value", "label"), [("86%", "9a"), ("90%", "9m")])
def test_bracketed_items_joined_by_and_each_give_their_label(value: str, label: str) -> None:
    text = "The yield is higher for the neutral groups (9a, R4 = H, 86% and 9m, R4 = Me, 90%) (Table 4)."
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None and decision.mention.label == label
    [candidate] = [
        c
        for c in find_candidates(text, get_schema("reaction_yield"))
        if text[c.quantity.start : c.quantity.end] == value
    ]
    assert candidate.blocked is None and candidate.decisive


@pytest.mark.parametrize(
    ("text", "value", "name"),
    [
        (
            "The fraction distilling at 110-115° C. (0.5 mm) was 4-ethylbenzaldehyde (8.1 g).",
            "110-115° C",
            "4-ethylbenzaldehyde",
        ),
        (
            "The fraction boiling at 92-94 °C (15 mmHg) was collected and identified as 4-methylanisole.",
            "92-94 °C",
            "4-methylanisole",
        ),
        (
            "The fraction boiling at 95° C./15 mm Hg consisted of 3-methylcyclohexanone.",
            "95° C",
            "3-methylcyclohexanone",
        ),
    ],
)
def test_a_fraction_s_boiling_range_is_the_compound_the_sentence_says_it_was(
    text: str, value: str, name: str
) -> None:
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None and decision.mention.name == name


@pytest.mark.parametrize(
    ("text", "label"),
    [
        # a yield measured without isolating the product
        (
            "Under the initial conditions, the corresponding product 2a was observed in 83% NMR yield.",
            "2a",
        ),
        ("The desired product 3a was detected in 45% yield by GC.", "3a"),
        # the kind and its bracketed label before a relative clause
        (
            "Treatment of 1 with methyl propiolate led to the formation of a complex (2a), "
            "which could be isolated as a blue solid in 70% yield.",
            "2a",
        ),
    ],
)
def test_the_subject_of_an_observed_yield_or_of_a_relative_clause(text: str, label: str) -> None:
    value = text[text.index("% ") - 2 : text.index("% ") + 1]
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None and decision.mention.label == label


@pytest.mark.parametrize(("value", "label"), [("75 %", "30a"), ("68 %", "30b"), ("52 %", "30c")])
def test_each_value_says_which_product_it_is_for(value: str, label: str) -> None:
    text = "The yields of the isolated products were 75 % for 30a , 68 % for 30b and 52 % for 30c ."
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == label


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Log P was 1.88 for metoprolol and 3.10 for alprenolol.", "1.88"),
        ("We obtained log P = 3.06 for 2,4-dichlorophenol.", "3.06"),
        ("The yield was 25 % for 2 h and 40 % for 6 h.", "25 %"),
    ],
)
def test_a_name_a_locant_or_a_time_after_for_is_no_label(text: str, value: str) -> None:
    decision = by_form(_site(text, value))
    assert decision is None or decision.source != "label_for_after_value"


@pytest.mark.parametrize(
    "text",
    [
        "The amide was prepared from aniline and chloroacetyl chloride (85% yield).",
        "Prepared from aniline and chloroacetyl chloride according to GP1 (85% yield).",
        "The ester was made with benzyl bromide (85% yield).",
    ],
)
def test_a_yield_is_never_what_the_product_was_made_from_or_a_procedure_s_code(
    text: str,
) -> None:
    decision = by_form(_site(text, "85%"))
    mention = None if decision is None else decision.mention
    assert mention is None or (
        mention.name not in ("chloroacetyl chloride", "benzyl bromide") and mention.label != "GP1"
    )


def test_an_entry_s_yield_after_its_starting_materials_is_the_entry_s() -> None:
    text = (
        "2-Chloro-N-phenylacetamide (3a). Prepared from aniline and chloroacetyl chloride "
        "(85% yield)."
    )
    decision = by_form(_site(text, "85%"))
    assert decision is not None and decision.mention is not None
    assert (decision.mention.name, decision.mention.label) == ("2-Chloro-N-phenylacetamide", "3a")


def test_a_later_step_that_turns_the_subject_into_another_product_owns_its_yield() -> None:
    text = (
        "The N - Boc derivative 30 was prepared from 29 ( Boc2O , 94 % ) and then oxidized "
        "to the aldehyde 31 ( 88 % ) ."
    )
    first, second = by_form(_site(text, "94 %")), by_form(_site(text, "88 %"))
    assert first is not None and first.mention is not None and first.mention.label == "30"
    assert second is not None and second.mention is not None and second.mention.label == "31"


def test_a_temperature_the_mixture_was_taken_to_is_no_other_product() -> None:
    text = "Ketone 5 was obtained after the mixture was heated to 100 ° C ( 80 % ) ."
    decision = by_form(_site(text, "80 %"))
    assert decision is not None and decision.mention is not None
    assert (decision.mention.label, decision.source) == ("5", "prepared_subject")


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        # a by-product's share beside the product the sentence made
        (
            "Reduction of 16 with NaBH4 gave the alcohol 18 ( 85 % ) along with 8 % of the "
            "over - reduced alcohol 17 .",
            "8 %",
            "17",
        ),
        ("Reduction of 16 gave 18 (85%) together with 8% of the regioisomer 19.", "8%", "19"),
        # the yield bracketed after the subject the narrative goes on to use
        ("The tosylate 25 ( 93 % ) was then displaced with sodium azide .", "93 %", "25"),
        # a share of a labelled product, then what the run took
        ("In acetonitrile the reaction was slow, yielding 30% of 2 after 16 h.", "30%", "2"),
        # the label closed by a colon before the product's data
        (
            "Recrystallization from ethanol gave 3.2 g (90% yield) of 13: mp 174-176 °C.",
            "90%",
            "13",
        ),
    ],
)
def test_shares_of_by_products_and_labels_before_their_data(
    text: str, value: str, label: str
) -> None:
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == label


def test_a_point_after_an_amount_of_a_labelled_product_is_that_product_s() -> None:
    text = "Recrystallization from ethanol gave 3.2 g (90% yield) of 13: mp 174-176 °C."
    decision = by_form(_site(text, "174-176 °C"))
    assert decision is not None and decision.mention is not None
    assert (decision.mention.label, decision.source) == ("13", "product_of_sentence")


_HEADED = (
    "EXAMPLE 14\n2-(4-Chlorophenyl)-1H-benzimidazole\nA mixture of o-phenylenediamine "
    "(1.08 g, 10 mmol) and 4-chlorobenzaldehyde (1.40 g, 10 mmol) in DMF (10 ml) was heated "
    "at 80° C. for 2 h. After cooling, water was added and the precipitate was collected, "
)


@pytest.mark.parametrize(
    "tail",
    [
        "washed and dried to give 2.05 g of product (90%).",
        "washed and dried to give 2.05 g (90%) of the product as a white solid.",
        "washed and dried to give 2.05 g (90%) of product, mp 150 °C.",
        "washed and dried. Chromatography furnished the desired nitro compound (2.05 g, 90%).",
        "washed and dried. Chromatography afforded the intermediate (2.05 g, 90%).",
    ],
)
def test_a_product_called_by_its_role_after_its_amount_is_the_heading_s(tail: str) -> None:
    decision = by_form(_site(_HEADED + tail, "90%"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == "2-(4-Chlorophenyl)-1H-benzimidazole"


def test_a_product_called_by_its_role_with_no_heading_stays_what_the_text_says() -> None:
    text = "The residue was separated by column to give 2.0 g (30%) of product."
    decision = by_form(_site(text, "30%"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == "product" and decision.mention.label is None


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        # a sentence that is only the yield, after the one that made the product
        (
            "Alkylation of the enolate of 33 with allyl bromide occurred from the convex face "
            "to provide 34 . The yield was 85 % .",
            "85 %",
            "34",
        ),
        # the yield bracketed after its word, then the verb that gave the product
        (
            "Deprotection of 75 proceeded in nearly quantitative yield ( 98 % ) to give triol 76 .",
            "98 %",
            "76",
        ),
    ],
)
def test_a_yield_stated_apart_from_its_product_s_verb(text: str, value: str, label: str) -> None:
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == label


@pytest.mark.parametrize(
    "text",
    [
        "2-(4-Methoxyphenyl)benzothiazole (5b) Yield: 88% (212 mg); white solid; mp 120-121 °C.",
        "2-(4-Methoxyphenyl)benzothiazole (5b) White solid; yield 88%; mp 120-121 °C.",
    ],
)
def test_an_entry_whose_data_run_on_after_its_label_is_its_heading_s(text: str) -> None:
    for value in ("88%", "120-121 °C"):
        decision = by_form(_site(text, value))
        assert decision is not None and decision.mention is not None
        assert (decision.mention.name, decision.mention.label) == (
            "2-(4-Methoxyphenyl)benzothiazole",
            "5b",
        )


def test_data_run_on_after_a_bracket_inside_a_sentence_open_no_entry() -> None:
    text = (
        "The solid was stirred with 2-(4-methoxyphenyl)benzothiazole (5b) White solid; yield 88%."
    )
    decision = by_form(_site(text, "88%"))
    assert decision is None or decision.mention is None or decision.mention.label != "5b"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The residue was distilled at 60 °C/20 mmHg to give 3-methylbutanal.", "60 °C"),
        ("The residue was distilled at 60-62 °C (20 mmHg) to give 3-methylbutanal.", "60-62 °C"),
    ],
)
def test_the_temperature_a_distillation_ran_at_is_its_distillate_s_point(
    text: str, value: str
) -> None:
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert (decision.mention.name, decision.source) == ("3-methylbutanal", "bracket_then_product")


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("Desilylation and oxidation then gave enone 19 , 65 % for the two steps .", "65 %", "19"),
        (
            "The anti - isomer 31 was the major product ( 62 % ) , accompanied by syn - 32 ( 21 % ) .",
            "21 %",
            "32",
        ),
    ],
)
def test_yields_over_steps_and_beside_the_major_product(text: str, value: str, label: str) -> None:
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == label


@pytest.mark.parametrize(
    "text",
    [
        "Obtained from 4-(trifluoromethyl)aniline and acetic anhydride as described in "
        "Example 1. Yield 92%.",
        "Using 3-aminobenzylamine and benzoyl chloride, the title compound was synthesized in "
        "otherwise the same manner as Example 20. Yield 56%.",
    ],
)
def test_an_example_whose_procedure_was_followed_is_not_the_product(text: str) -> None:
    decision = by_form(_site(text, text[text.rindex(" ") + 1 : -1]))
    mention = None if decision is None else decision.mention
    assert mention is None or mention.label not in ("1", "20", "Example 1", "Example 20")


@pytest.mark.parametrize(
    ("tail", "name"),
    [
        ("Extraction gave the ester as an oil (10.2 g, 95%).", "Methyl 4-bromo-2-methylbenzoate"),
        ("Workup gave the crude alcohol (8.5 g, 95%).", "(4-Bromo-2-methylphenyl)methanol"),
    ],
)
def test_a_step_s_product_called_by_its_class_is_the_step_heading_s(tail: str, name: str) -> None:
    text = f"Step A: {name}\nThe starting material (10.0 g) in THF was stirred for 2 h. {tail}"
    decision = by_form(_site(text, "95%"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == name


def test_a_class_the_heading_s_compound_is_not_of_leaves_the_heading_alone() -> None:
    text = (
        "Step A: (4-Bromo-2-methylphenyl)methanol\nThe starting material (10.0 g) in THF was "
        "stirred for 2 h. Extraction gave the nitrile (8.5 g, 95%)."
    )
    decision = by_form(_site(text, "95%"))
    assert (
        decision is None
        or decision.mention is None
        or decision.mention.name != ("(4-Bromo-2-methylphenyl)methanol")
    )


@pytest.mark.parametrize(
    ("heading", "tail"),
    [
        ("Intermediate 22\n5-Amino-2-fluorobenzonitrile", "Evaporation gave the aniline (1.3 g, 95%)."),
        ("Step 2: 2-(4-Bromophenyl)propan-2-ol", "Chromatography furnished the tertiary alcohol (1.9 g, 95%)."),
        ("Example 9\nEthyl 3-oxo-3-(pyridin-3-yl)propanoate", "The keto ester was isolated as an orange oil (13.5 g, 95%)."),
    ],
)  # fmt: skip
def test_a_class_word_with_its_kind_stands_for_the_heading_s_compound(
    heading: str, tail: str
) -> None:
    text = f"{heading}\nThe starting material (2.0 g) in THF was stirred for 2 h. {tail}"
    decision = by_form(_site(text, "95%"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == heading.split("\n")[-1].split(": ")[-1]


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("Compounds 5a and 5b were prepared similarly ( 88 % and 79 % , respectively ) .", "79 %", "5b"),
        ("The desired spirocycle 17 was formed as a single diastereomer , and isolated in 66 % yield .", "66 %", "17"),
        ("Yield : 78 % ( 0.41 g ) of 9b as a yellow powder .", "78 %", "9b"),
    ],
)  # fmt: skip
def test_adverbs_second_verbs_and_masses_between_a_product_and_its_yield(
    text: str, value: str, label: str
) -> None:
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == label


def test_a_share_with_its_mass_between_names_its_product() -> None:
    text = "This gave 78% (0.41 g) of 4-nitrophenol as yellow needles."
    candidate = find_candidates(text, get_schema("reaction_yield"))[0]
    assert candidate.blocked is None and candidate.properties == ("reaction_yield",)
    decision = by_form(_site(text, "78%"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == "4-nitrophenol"


def test_a_bracket_that_names_its_property_after_a_label_is_that_label_s() -> None:
    text = "Compound 12 (clogP 3.4) showed improved permeability compared with 11 (clogP 1.9)."
    for value, label in (("3.4", "12"), ("1.9", "11")):
        decision = by_form(_site(text, value))
        assert decision is not None and decision.mention is not None
        assert (decision.mention.label, decision.source) == (label, "label_before_cued_bracket")


def test_a_table_s_number_before_a_cued_bracket_is_no_compound() -> None:
    text = "As shown in Table 2 (mp 120 °C), the salts melt higher."
    decision = by_form(_site(text, "120 °C"))
    assert decision is None or decision.mention is None or decision.mention.label != "2"


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        # a step's outcome told in its conditions bracket: the yield, then its isomers'
        # ratio or ee, before the bracket closes and the verb names the product
        ("Olefination ( ( i-PrO)2POCH2CN , NaH , -78 to 0 ° C , 85 % , 10.5 : 1 E : Z ratio"
         " of olefin isomers ) gave nitrile 12 .", "85 %", "12"),
        ("Olefination of 11 ( NaH , THF ; 85 % , 10 : 1 E / Z ) gave nitrile 12 .", "85 %", "12"),
        ("Reduction of 11 ( L-Selectride , THF , -78 ° C , 78 % , 92 % ee ) gave alcohol 12 .",
         "78 %", "12"),
        ("The anion of 3 was treated with 4 ( LDA , THF ; 81 % , 3:1 dr ) to give adduct 5 .",
         "81 %", "5"),
        # the sign of rotation before the label of one enantiomer
        ("Finally, hydrogenolysis of the benzyl ether furnished (+)-1 in quantitative yield"
         " (99%).", "99%", "1"),
        # a conversion's yield between its verb and its product
        ("The known aldehyde 9 was converted in three steps and 61 % overall yield into the"
         " vinyl iodide 10 .", "61 %", "10"),
        ("Lactone 4 was elaborated in 70% yield to diol 12.", "70%", "12"),
        # a kind whose locants hold their hyphen over ("the 1,6- and 1,4-adducts")
        ("Treatment of 9 with BuLi gave a mixture of the 1,6- and 1,4-adducts 10 and 11"
         " ( 55 : 45 ) in a yield of 86 % .", "86 %", "10"),
        # two products' yield together after their ratio
        ("The aldehyde was treated with the ylide to give 7 and 8 in a 2 : 1 ratio ( 90 %"
         " combined ) .", "90 %", "7"),
    ],
)  # fmt: skip
def test_a_step_s_yield_with_its_ratio_an_enantiomer_s_sign_and_a_conversion_s_product(
    text: str, value: str, label: str
) -> None:
    candidate = _yield_candidate(text, value)
    assert candidate.blocked is None
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == label


@pytest.mark.parametrize(
    "text",
    [
        "Treatment of 3 with NaH ( 60 % , 2 equiv ) gave 5 .",
        "Treatment of 3 with aqueous HF ( 48 % , 10 mL ) gave 5 .",
        "The aldehyde gave 7 and 8 in a 2 : 1 ratio ( 90 % ) .",
    ],
)
def test_a_reagent_s_strength_or_a_ratio_s_share_in_a_bracket_stays_no_yield(text: str) -> None:
    assert all(c.blocked is not None for c in find_candidates(text, get_schema("reaction_yield")))


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("Isolating the material from the main zone affords the colorless, amorphous title"
         " compound (61). (600 mg, 91%). 1H-NMR (CDCl3): 1.13.", "61"),
        ("Chromatography affords compound 61. (600 mg, 91%).", "61"),
    ],
)  # fmt: skip
def test_a_product_s_bracket_a_stray_stop_cut_off_is_still_its_product_s(
    text: str, label: str
) -> None:
    decision = by_form(_site(text, "91%"))
    assert decision is not None and decision.mention is not None
    assert (decision.mention.label, decision.source) == (label, "described_compound")


def test_a_bracket_after_a_paragraph_s_end_is_not_rejoined() -> None:
    text = "Chromatography affords compound 61.\n\n(600 mg, 91%)."
    decision = by_form(_site(text, "91%"))
    assert decision is None or decision.mention is None or decision.mention.label != "61"


@pytest.mark.parametrize(
    ("text", "value", "name"),
    [
        # a share the verb gave, the product named straight after it
        ("The nonene was converted to a reactive alkene which yielded 71% dinonyl"
         " diphenylamine under the conditions of Example 1.", "71%", "dinonyl diphenylamine"),
        # a share of the theoretical yield, as older patents print it
        ("The mixture is cooled and distilled. There is obtained 65% of the theoretical yield"
         " of 1-isopropyl-10,10-dimethylundecane.", "65%", "1-isopropyl-10,10-dimethylundecane"),
        # a yield sentence after the sentence that made its product the passive subject
        ("When the reaction was continued for 19 hours, 511.1 g of p-hydroxybenzonitrile was"
         " obtained from 750.5 g of ethyl p-hydroxybenzoate. The yield was 95.0%.", "95.0%",
         "p-hydroxybenzonitrile"),
    ],
)  # fmt: skip
def test_older_patents_shares_and_passive_products(text: str, value: str, name: str) -> None:
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == name


def test_a_range_of_yields_is_never_the_passage_subject_s() -> None:
    text = (
        "Pyrene derivatives are widely used as emitters. The coupling of 1a-1t with the "
        "amines formed the corresponding coupling products in {value}."
    )
    ranged = text.format(value="71–99%")
    decision = decide(_yield_site(ranged, "71–99%"), None)
    assert decision.mention is None
    single = text.format(value="85%")
    decision = decide(_yield_site(single, "85%"), None)
    assert decision.source == "passage_subject"
    # the products called by their class are the range's compound
    classed = ranged.replace("coupling products", "triarylamines")
    decision = decide(_yield_site(classed, "71–99%"), None)
    assert decision.source == "class_product"


def test_a_product_by_its_role_then_which_was_identified_as_its_name() -> None:
    text = (
        "The crude material was purified by chromatography to give the desired product as a "
        "white solid (0.52 g, 64%), which was identified as N-benzyl-4-methoxybenzamide by "
        "1H NMR."
    )
    decision = by_form(_site(text, "64%"))
    assert decision is not None and decision.source == "identified_product"
    assert decision.mention is not None
    assert decision.mention.name == "N-benzyl-4-methoxybenzamide"
    # a named product's bracket keeps its name: the clause only confirms it
    named = (
        "Chromatography gave 4-methoxybenzamide (0.52 g, 64%), which was identified by "
        "comparison with an authentic sample."
    )
    kept = by_form(_site(named, "64%"))
    assert kept is not None and kept.mention is not None
    assert kept.mention.name == "4-methoxybenzamide"


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        # a list's first product, its yield bracketed, before the verb the list shares
        ("Compounds 22 ( 45 % ) , 23 ( 18 % ) and 24 ( 9 % ) were isolated after"
         " chromatography .", "45 %", "22"),
        # a compound's bracket that says where it was made from, then its yield
        ("The known bromide 7 ( prepared from 6 in 85 % yield ) was coupled with 8 .",
         "85 %", "7"),
        # the product called by its role, then what the sentence says it is
        ("The major product ( 62 % ) was identified as the cis-fused lactam 25 .", "62 %",
         "25"),
        # a step that went well, its yield bracketed, then the verb that names its product
        ("Cyclopropanation of 62 proceeded smoothly ( 89 % ) to give 63 as a single"
         " diastereomer .", "89 %", "63"),
        ("The hydrogenation proceeded cleanly ( 95 % , 10 : 1 dr ) to afford the cis isomer"
         " 70 .", "95 %", "70"),
    ],
)  # fmt: skip
def test_a_list_s_first_yield_an_aside_of_where_made_a_role_identified_a_step_that_went(
    text: str, value: str, label: str
) -> None:
    candidate = _yield_candidate(text, value)
    assert candidate.blocked is None and candidate.decisive
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == label


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a compound the paper numbers, its bracket its yield (with the step's ratio), at
        # the head of a sentence that goes on to use it: the model is asked, not blocked
        ("The resulting epoxide 15 ( 73 % , > 20 : 1 dr ) was opened with sodium azide .",
         "73 %"),
        ("Methyl ketone 33 ( 88 % ) was added to a solution of LDA at -78 ° C .", "88 %"),
        # a reaction's efficiency as a percentage
        ("These biradicals undergo cyclization in very high efficiency ( 80-100 % ) .",
         "80-100 %"),
    ],
)  # fmt: skip
def test_a_numbered_compound_s_bare_bracket_and_a_reaction_s_efficiency_are_yields(
    text: str, value: str
) -> None:
    candidate = _yield_candidate(text, value)
    assert candidate.blocked is None
    assert candidate.cues == ("reaction_yield",)  # a yield's cue found, not guessed


@pytest.mark.parametrize(
    "text",
    [
        "A solution of hydrazine hydrate (80%) was added dropwise.",
        "The trapping efficiency ( 85 % ) was determined by GC .",
        "The photoreaction occurs with a quantum efficiency ( 45 % ) .",
    ],
)
def test_a_reagent_s_strength_and_other_efficiencies_stay_no_yield(text: str) -> None:
    found = find_candidates(text, get_schema("reaction_yield"))
    assert all(c.blocked is not None for c in found)


@pytest.mark.parametrize(
    "text",
    [
        "The mixture was concentrated to give Intermediate 8 as its TFA salt (480 mg, 92%).",
        "The mixture was concentrated to give Intermediate 8 as the hydrochloride salt"
        " (480 mg, 92%).",
    ],
)
def test_the_salt_a_product_was_isolated_as_stands_between_it_and_its_yield(text: str) -> None:
    decision = by_form(_site(text, "92%"))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == "8"


@pytest.mark.parametrize("how", ["HPLC", "preparative HPLC", "chromatography"])
def test_yields_of_products_separated_by_an_instrument_follow_their_relative_clause(
    how: str,
) -> None:
    text = (
        "The cyclization afforded a 3 : 2 mixture of 31 and 32 , which were separated by"
        f" {how} ( 45 % and 28 % , respectively ) ."
    )
    for value, label in (("45 %", "31"), ("28 %", "32")):
        candidate = _yield_candidate(text, value)
        assert candidate.blocked is None  # an instrument's name here states no purity
        decision = by_form(_site(text, value))
        assert decision is not None and decision.mention is not None
        assert decision.mention.label == label


def test_an_instrument_s_purity_stays_no_yield() -> None:
    for text in ("The product was analysed by HPLC ( 98 % ) .", "Purity by HPLC ( 99.2 % ) ."):
        (candidate,) = find_candidates(text, get_schema("reaction_yield"))
        assert candidate.blocked is not None


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("Alkylation of 10 afforded 11 with complete diastereoselectivity ( 85 % ) .", "11"),
        ("Hydroboration of 20 occurred with complete regioselectivity ( 92 % ) to give"
         " alcohol 21 .", "21"),
    ],
)  # fmt: skip
def test_a_bracket_after_a_selectivity_said_to_be_complete_is_the_yield(
    text: str, label: str
) -> None:
    (candidate,) = find_candidates(text, get_schema("reaction_yield"))
    assert candidate.blocked is None
    value = text[candidate.quantity.start : candidate.quantity.end]
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == label
    # a selectivity not said to be whole may be the percentage itself
    (other,) = find_candidates(
        "The catalyst showed high selectivity ( 85 % ) for the linear product .",
        get_schema("reaction_yield"),
    )
    assert other.blocked is not None


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("Reduction of S2 gave alcohol S3 ( 85 % ) .", "S3"),
        ("Protection of the diol furnished acetonide A2 ( 90 % ) .", "A2"),
        ("The alkylated product P4 ( 72 % ) was obtained as a single isomer .", "P4"),
    ],
)
def test_a_compound_s_code_after_its_kind_is_no_reagent_s_formula(text: str, label: str) -> None:
    (candidate,) = find_candidates(text, get_schema("reaction_yield"))
    assert candidate.blocked is None
    value = text[candidate.quantity.start : candidate.quantity.end]
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == label


@pytest.mark.parametrize(
    ("text", "value", "name"),
    [
        ("The dimer was cleaved with PPh3 to give the monomeric complex Rh(PPh3)Cl ( 70 % ) .",
         "70 %", "Rh(PPh3)Cl"),
        ("Benzaldehyde was converted into PhCH2OH ( 98 % ) and PhCO2H ( 2 % ) .", "2 %",
         "PhCO2H"),
    ],
)  # fmt: skip
def test_a_formula_a_step_made_or_lists_among_products_is_no_reagent(
    text: str, value: str, name: str
) -> None:
    (candidate,) = [
        c
        for c in find_candidates(text, get_schema("reaction_yield"))
        if text[c.quantity.start : c.quantity.end] == value
    ]
    assert candidate.blocked is None
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == name


def test_a_formula_the_paper_calls_a_compound_of_a_kind_is_no_reagent() -> None:
    text = "The known iodide CH3(CH2)5I ( 80 % ) was prepared from the alcohol ."
    (candidate,) = find_candidates(text, get_schema("reaction_yield"))
    assert candidate.blocked is None
    # the formula's last subscript and atom is no label "5I"
    decision = by_form(_site(text, "80 %"))
    assert decision is not None and decision.mention is not None
    assert (decision.mention.name, decision.mention.label) == ("CH3(CH2)5I", None)


@pytest.mark.parametrize(
    "text",
    [
        "Treatment with NaH ( 60 % ) gave 9 .",
        "With catalyst C1 ( 5 % ) it was slow .",
        "To the solution was added the base NaH (60%, 1.2 g).",
        "The residue was dissolved in the acid HCl (37%).",
        "The mixture was treated with NaH (60% in oil) and then with H2O2 (30%).",
    ],
)
def test_a_reagent_s_or_catalyst_s_bracket_stays_blocked(text: str) -> None:
    assert all(c.blocked is not None for c in find_candidates(text, get_schema("reaction_yield")))


@pytest.mark.parametrize(
    "text",
    [
        "Compound 20 was converted to 21 via the mesylate in 77 % overall yield .",
        "Compound 20 was converted to 21 through a three-step sequence in 77 % overall yield .",
        "Alcohol 20 was transformed into the iodide 21 by way of the mesylate ( 77 % ) .",
    ],
)
def test_the_way_a_product_was_made_stands_between_it_and_its_yield(text: str) -> None:
    (candidate,) = find_candidates(text, get_schema("reaction_yield"))
    value = text[candidate.quantity.start : candidate.quantity.end]
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert decision.mention.label == "21"


@pytest.mark.parametrize(
    ("text", "value", "name"),
    [
        ("After recrystallization from isopropanol, 6.3 g (71% of theory) of colorless"
         " crystals of 1-phenyl-3-methylpyrazol-5-one, m.p. 127° C., are obtained.", "71%",
         "1-phenyl-3-methylpyrazol-5-one"),
        ("The product (2.95 g; 90% yield) was identified as 4-methoxybenzyl alcohol by NMR.",
         "90%", "4-methoxybenzyl alcohol"),
        ("A mixture of 4-fluorobenzaldehyde (1.24 g) and malonic acid (1.04 g) in pyridine was"
         " heated; after acidification, 4-fluorocinnamic acid separated and was collected"
         " (1.4 g, 84%).", "84%", "4-fluorocinnamic acid"),
        ("The filtrate was concentrated to afford 0.45 g (yield 45%) of the above-identified"
         " compound.", "45%", "the above-identified compound"),
    ],
)  # fmt: skip
def test_older_patents_forms_of_crystals_of_identified_as_and_separated_and(
    text: str, value: str, name: str
) -> None:
    decision = by_form(_site(text, value))
    assert decision is not None and decision.mention is not None
    assert decision.mention.name == name


def test_the_desired_product_is_the_one_the_sentence_before_said_the_step_makes() -> None:
    text = (
        "We next examined the coupling of 1a with 2b to form 3ab . "
        "The desired product was obtained in 85 % yield ."
    )
    found = prepared_subject(text, text.index("85"), build_label_table(text))
    assert found is not None and found.label == "3ab"
    unsaid = "We next examined the coupling of 1a with 2b . The desired product was obtained in 85 % yield ."
    found = prepared_subject(unsaid, unsaid.index("85"), build_label_table(unsaid))
    assert found is not None and found.label is None and found.name == "The desired product"
