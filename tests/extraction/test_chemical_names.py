"""What reads as a chemical name: every label definition and heading depends on it.

A name read too short loses its substituents; one read too long swallows the words of
the sentence, so both directions are tested.
"""

from __future__ import annotations

import pytest

from molextract.extraction.chemical_names import (
    is_generic_name,
    looks_like_name,
    name_before,
    names_in,
    stand_in_label,
    without_stand_in,
)

NAMES = [
    "methyl 4-bromobenzoate", "4-amino-2-(3-thienyl)phenol hydrochloride", "ethyl 3-oxobutanoate",
    "(S)-2-amino-3-phenylpropan-1-ol", "benzoic acid", "acetic anhydride", "benzyl alcohol",
    "pyridine N-oxide", "tert.Butyl N-(3-bromo-4-hydroxyphenyl)carbamate", "sodium chloride",
    "palladium(II) acetate", "lithium aluminium hydride", "N,N-dimethylformamide", "biphenyl",
    "caffeine", "α-D-glucose", "bis(trimethylsilyl)amine", "N-[2-(dimethyl amino)ethyl]benzamide",
]  # fmt: skip
NOT_NAMES = [
    "the amide", "4-methylphenyl", "generate 4-aminophenol", "white solid", "off-white solid",
    "Hair Colorants", "(General Method of Synthesis)", "Derivatives of Formula (I)", "sodium", "the nucleoside",
    "the residue was purified", "",
]  # fmt: skip


@pytest.mark.parametrize("name", NAMES)
def test_chemical_names_look_like_names(name: str) -> None:
    assert looks_like_name(name)


@pytest.mark.parametrize("text", NOT_NAMES)
def test_words_substituents_and_descriptions_do_not(text: str) -> None:
    assert not looks_like_name(text)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Section 9: Physical and chemical properties (toluene, CAS 108-88-3).", ["toluene"]),
        (
            "Coumarin (2H-chromen-2-one) is a colourless lactone with the odour of hay.",
            ["Coumarin", "2H-chromen-2-one"],
        ),
        (
            "1-Butyl-3-methylimidazolium tetrafluoroborate ([BMIM][BF4]) melts at 202 K.",
            ["1-Butyl-3-methylimidazolium tetrafluoroborate", "[BMIM][BF4]"],
        ),
        (
            "Carbon dioxide and carbon tetrachloride, i.e. two gases.",
            ["Carbon dioxide", "carbon tetrachloride"],
        ),
        (
            "The organophosphate chlorpyrifos and meloxicam, e.g. in April.",
            ["chlorpyrifos", "meloxicam"],
        ),
        ("Propylene glycol boils at 188 °C.", ["Propylene glycol"]),
        (
            "1-Benzyl-4-phenyl-1H-1,2,3-triazole (15) was obtained from phenylacetylene "
            "(110 µL) in 95% yield.",
            ["1-Benzyl-4-phenyl-1H-1,2,3-triazole", "phenylacetylene"],
        ),
        (
            "Compound 16, 1-benzyl-4-(4-methoxyphenyl)-1H-1,2,3-triazole, was prepared.",
            ["1-benzyl-4-(4-methoxyphenyl)-1H-1,2,3-triazole"],
        ),
        ("The samples were stirred overnight and then filtered.", []),
        (
            "The amine (2S, 3S)-3-[N-(benzyl)amino]-2-hydroxybutanoic acid and "
            "(1R, 2S, 5R)-menthol were mixed.",
            ["(2S, 3S)-3-[N-(benzyl)amino]-2-hydroxybutanoic acid", "(1R, 2S, 5R)-menthol"],
        ),
        # a fused ring's locant sets, a semicolon between them
        (
            "Synthesis of (3,5-dioxa-4-phospha-cyclohepta[2,1-a; 3,4-a′]diphenyl-4-en)-dibenzo"
            "[b,f]azepine; then (d, J = 6.8 Hz; 1H) in water",
            [
                "(3,5-dioxa-4-phospha-cyclohepta[2,1-a; 3,4-a′]diphenyl-4-en)-dibenzo[b,f]azepine",
                "1H",
                "water",
            ],
        ),
        # a role word opens the next mention: "… (IA18) Compound IA18 was prepared"
        (
            "Synthesis of 4-benzyloxy-N-phenylbenzamide (IA18) Compound IA18 was prepared",
            ["4-benzyloxy-N-phenylbenzamide (IA18)", "IA18"],
        ),
        # in lower case it is part of the mention: a kind and its label
        (
            "the reaction provided a 30 % yield of 3-arylated product 3a ( Table 1 )",
            ["3-arylated product 3a"],
        ),
        # a misprint that leaves a bracket open, but not a name cut off after a substituent
        (
            "to obtain 2-(4-methoxyphenylbenzo[d]oxazole-4-carboxamide (29 mg) and 1-(3-chloro",
            ["2-(4-methoxyphenylbenzo[d]oxazole-4-carboxamide"],
        ),
        # a fused ring's locant sets parted by a colon; a ratio is no name
        (
            "4,6-Dioxo-10-propyl-4H,6H-benzo[1,2-b:5,4-b']dipyran-2,8-dicarboxylic acid "
            "(1.0 g) in a ratio of 1:2 and the mixture:1 part",
            ["4,6-Dioxo-10-propyl-4H,6H-benzo[1,2-b:5,4-b']dipyran-2,8-dicarboxylic acid"],
        ),
        (
            "to give 10,11-dihydro-8H-[1,4]oxazino[4′,3′:1,2]imidazo[4,5-c]quinolin-6-amine (469 mg)",
            ["10,11-dihydro-8H-[1,4]oxazino[4′,3′:1,2]imidazo[4,5-c]quinolin-6-amine"],
        ),
        # a locant list spaced after its comma inside the name's bracket
        (
            "was added to 7-acetoxy-4-methyl-8-(2', 3'-dibromopropyl)coumarin (108.1 g) "
            "(entries 2, 3-5)",
            ["7-acetoxy-4-methyl-8-(2', 3'-dibromopropyl)coumarin"],
        ),
        # a typewritten double prime, and a quotation that is no part of a name
        (
            "to yield N-cyano-N'-methyl-N\"-[2-(methylthio)ethyl]guanidine, m.p. 141°; the "
            '"title compound" of benzene',
            ["N-cyano-N'-methyl-N\"-[2-(methylthio)ethyl]guanidine", "benzene"],
        ),
    ],
)
def test_names_in_a_passage_are_found_in_order(text: str, names: list[str]) -> None:
    assert [text[s:e] for s, e in names_in(text, 0, len(text))] == names


def test_names_in_stay_within_the_span_asked_about() -> None:
    text = "Phenol was added. Then toluene was distilled."
    start = text.index("Then")
    assert [text[s:e] for s, e in names_in(text, start, len(text))] == ["toluene"]


@pytest.mark.parametrize(
    ("text", "generic"),
    [
        ("the amide", True),
        ("hydrochloride", True),
        ("the dihydrochloride salt", True),
        ("the free base", True),
        ("amine hydrochloride", True),
        ("4-aminopyridine hydrochloride", False),
        ("sodium benzoate", False),
    ],
)
def test_a_salt_form_or_free_base_alone_names_no_compound(text: str, generic: bool) -> None:
    assert is_generic_name(text) is generic


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (
            "Then 2-chloro-5-cyano-6-methyl-3-pyridinecarboxylic acid, ethyl ester crystallizes.",
            "2-chloro-5-cyano-6-methyl-3-pyridinecarboxylic acid, ethyl ester",
        ),
        ("It gave 4-nitrophenol, sodium salt as a solid.", "4-nitrophenol, sodium salt"),
    ],
)
def test_a_name_inverted_as_chemical_abstracts_indexes_it_is_one_name(text: str, name: str) -> None:
    assert name in [text[a:b] for a, b in names_in(text, 0, len(text))]


def test_a_metal_salt_alone_is_generic_but_a_named_salt_is_not() -> None:
    assert is_generic_name("disodium salt")
    assert not is_generic_name("sodium chloride")


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # a heading's name ends at its line; the next line opens with a capital
        (
            "Preparation of 3-(4-chlorophenyl)propanoic acid\n4-Chlorocinnamic acid (9.1 g) was used.",
            ["3-(4-chlorophenyl)propanoic acid", "4-Chlorocinnamic acid"],
        ),
        (
            "EXAMPLE 12\n1-(4-Fluorobenzyl)-2-methyl-1H-imidazole\n2-Methylimidazole (0.8 g) was used.",
            ["1-(4-Fluorobenzyl)-2-methyl-1H-imidazole", "2-Methylimidazole"],
        ),
        # a name a line wrapped goes on in lower case, or after a locant in lower case
        ("We made N-(4-chlorophenyl)\nacetamide here.", ["N-(4-chlorophenyl)\nacetamide"]),
        ("to give methyl\n4-bromobenzoate as a solid.", ["methyl\n4-bromobenzoate"]),
    ],
)  # fmt: skip
def test_a_name_ends_at_its_line_unless_the_line_wraps_it(text: str, names: list[str]) -> None:
    assert [text[a:b] for a, b in names_in(text, 0, len(text))] == names


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # US patents' full text prints a hyphen after a one-letter locant or a stereo
        # descriptor as an em dash; an optical rotation's sign is a minus
        ("to give N—(4-chlorophenyl)-2-methylbenzamide (1.2 g, 45%).",
         ["N—(4-chlorophenyl)-2-methylbenzamide"]),
        ("to give (S)—N—((S)-1-cyclohexylethyl)-2-methylpropanamide (1.2 g).",
         ["(S)—N—((S)-1-cyclohexylethyl)-2-methylpropanamide"]),
        ("afforded 2-[4-(N,N—dimethylamino)phenyl]ethanol (3.1 g, 80%).",
         ["2-[4-(N,N—dimethylamino)phenyl]ethanol"]),
        ("gave (Z)—(R)-4-amino-2-methyl-pent-2-enoic acid hydrochloride (1.2 g).",
         ["(Z)—(R)-4-amino-2-methyl-pent-2-enoic acid hydrochloride"]),
        ("gave (−)-(4R)-4-(3-thienylmethyl)-4,5-dihydro-1,3-thiazol-2-ylamine (1.2 g).",
         ["(−)-(4R)-4-(3-thienylmethyl)-4,5-dihydro-1,3-thiazol-2-ylamine"]),
        ("gave 4-{[(1S)‐1‐phenylethyl]amino}benzonitrile (1.2 g).",
         ["4-{[(1S)‐1‐phenylethyl]amino}benzonitrile"]),
        # a dash of prose stays one: a bond's stretch
        ("showed a broad N—H stretch.", []),
        # a relative configuration is starred
        ("to give (1R*,2S*)-2-phenylcyclohexan-1-ol (3 g).", ["(1R*,2S*)-2-phenylcyclohexan-1-ol"]),
        ("footnote* and 2-aminophenol*", []),
        # a mixture of configurations is slashed; a salt's bullet is its dot
        ("to give (E/Z)-3-phenylprop-2-enal (3 g).", ["(E/Z)-3-phenylprop-2-enal"]),
        ("to give (1R,3R/1S,3S)-6-bromo-1-phenyl-1,2,3,4-tetrahydroisoquinoline (3 g).",
         ["(1R,3R/1S,3S)-6-bromo-1-phenyl-1,2,3,4-tetrahydroisoquinoline"]),
        ("to give cis/trans-4-methylcyclohexanol (3 g).", ["cis/trans-4-methylcyclohexanol"]),
        ("to give 4-phenyl-1,2,3,6-tetrahydropyridine•HCl (2 g).",
         ["4-phenyl-1,2,3,6-tetrahydropyridine•HCl"]),
        ("an E/Z ratio of 3:1 in hexane/EtOAc 3/1", []),
        # a fused ring's colon in capitals; locant lists broken by a space after a comma
        ("PREPARATION OF 1H-PYRIDO[2,1-I]DIPYRROLO[2,1-C:2',1'-L]OXAZINE was done",
         ["1H-PYRIDO[2,1-I]DIPYRROLO[2,1-C:2',1'-L]OXAZINE"]),
        ("Step 1 3,7-dimethyl-1H-purine-2,6(3H, 7H)-dione was made",
         ["3,7-dimethyl-1H-purine-2,6(3H, 7H)-dione"]),
        ("to obtain 2-methyl-1,2, 3,4-tetrahydroisoquinoline (2 g)",
         ["2-methyl-1,2, 3,4-tetrahydroisoquinoline"]),
        ("in compounds 1,2, 3 and 4 the", []),
        # a name right after an aside of the sentence, the yield's bracket
        ("The product was isolated (0.12 g, 45%) 4-chloro-N-methylbenzamide. MS: m/z 170",
         ["4-chloro-N-methylbenzamide"]),
        ("obtained (45%, 2 steps) trans-N-(4-aminocyclohexyl)-N-methylbenzamide as a solid",
         ["trans-N-(4-aminocyclohexyl)-N-methylbenzamide"]),
        # a locant list spaced at the name's top level, as many as its multiplier says
        ("gave sodium 3, 6, 8-trisulfonaphthylthiourea (42.9 g).",
         ["sodium 3, 6, 8-trisulfonaphthylthiourea"]),
        ("to give 5, 6-dimethylbenzimidazole (3 g).", ["5, 6-dimethylbenzimidazole"]),
        ("as in Example 3, 3-octyloxy-2H-1-benzopyran-2-one was made.",
         ["3-octyloxy-2H-1-benzopyran-2-one"]),
    ],
)  # fmt: skip
def test_names_as_patents_print_them(text: str, names: list[str]) -> None:
    assert [text[a:b] for a, b in names_in(text, 0, len(text))] == names


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # a heading's name run into the paragraph's first reagent (line ends lost)
        (
            "Preparation of 2,2-difluoro-3-(trityloxy)propan-1-ol 2,2-Difluoropropane-1,3-diol "
            "(2.50 g) was",
            ["2,2-difluoro-3-(trityloxy)propan-1-ol", "2,2-Difluoropropane-1,3-diol"],
        ),
        (
            "Step 1: ethyl 2-(5-chloro-1H-indol-1-yl)acetate Sodium hydride (73 mg) was",
            ["ethyl 2-(5-chloro-1H-indol-1-yl)acetate", "Sodium hydride"],
        ),
        (
            "Step 2 6-bromo-2-methylquinoline 2,4-dichloro-5-nitropyrimidine (3.8 g) in",
            ["6-bromo-2-methylquinoline", "2,4-dichloro-5-nitropyrimidine"],
        ),
        (
            "Step 3 5-fluoro-1,2,3,4-tetrahydroisoquinolin-6-amine (R)-2-methyl-3-aminopropanol",
            ["5-fluoro-1,2,3,4-tetrahydroisoquinolin-6-amine", "(R)-2-methyl-3-aminopropanol"],
        ),
        # a heading's label before its name is not part of it
        (
            "Intermediate 7C 3-bromo-5-(methoxymethyl)pyridine (1.2 g)",
            ["7C", "3-bromo-5-(methoxymethyl)pyridine"],
        ),
        # but a salt's, an ester's or an oxide's other words stay on the name
        ("Preparation of 4-oxo-4-phenylbutanoic acid Sodium salt:", ["4-oxo-4-phenylbutanoic acid Sodium salt"]),
        ("Preparation of 4-(3-Chloro-Phenyl)-Piperidine Hydrochloride", ["4-(3-Chloro-Phenyl)-Piperidine Hydrochloride"]),
        ("gave (S)-3-aminopyrrolidine 2,2,2-trifluoroacetate (1 g)", ["(S)-3-aminopyrrolidine 2,2,2-trifluoroacetate"]),
        ("of L-alanyl-L-leucine 2-naphthyl ester hydrochloride.", ["L-alanyl-L-leucine 2-naphthyl ester hydrochloride"]),
        ("of 4-methylbenzoic acid 2-(dimethylamino)ethyl ester.", ["4-methylbenzoic acid 2-(dimethylamino)ethyl ester"]),
        ("to 3-phenylquinoline 1-oxide.", ["3-phenylquinoline 1-oxide"]),
        ("of (S)-3-phenylpyrrolidine (R,R)-di-p-toluoyltartaric acid.", ["(S)-3-phenylpyrrolidine (R,R)-di-p-toluoyltartaric acid"]),
        ("gave 3-methylidene- 4,5-dimethyl-2-oxomorpholine ( 7 )", ["3-methylidene- 4,5-dimethyl-2-oxomorpholine"]),
    ],
)  # fmt: skip
def test_two_names_printed_one_after_the_other_are_two(text: str, names: list[str]) -> None:
    assert [text[a:b] for a, b in names_in(text, 0, len(text))] == names


def test_an_amount_printed_without_its_space_is_no_part_of_a_name() -> None:
    text = "to give 633 mg of 1c on 4 mmol scale (1.48g 1a, 67%, 90% ee)"
    assert [text[a:b] for a, b in names_in(text, 0, len(text))] == ["1c", "1a"]


@pytest.mark.parametrize("name", ["(R)-traumatic lactone", "(2S,3R)-threonine", "(±)-ibuprofen"])
def test_a_stereodescriptor_makes_the_word_after_it_a_name(name: str) -> None:
    text = f"After hydrolysis, {name} was afforded in 67% yield."
    assert [text[a:b] for a, b in names_in(text, 0, len(text))] == [name]


@pytest.mark.parametrize("series", ["2j-o", "7a–7d", "9ga−9ja"])
def test_a_series_of_labels_is_no_name(series: str) -> None:
    text = f"The corresponding products {series} were obtained in 89-96% yields."
    assert names_in(text, 0, len(text)) == []


@pytest.mark.parametrize(
    ("name", "labelled", "expected"),
    [
        ("the corresponding product", True, None),
        ("trans diastereomer", True, None),
        ("6-membered", True, None),
        ("7-(tert-butyl)-3H-phenoxazin-3-one product", False, "7-(tert-butyl)-3H-phenoxazin-3-one"),
        ("the corresponding product", False, "the corresponding product"),  # all there is
        ("benzamide", True, "benzamide"),
        ("1,3-disubstituted allene", True, "1,3-disubstituted allene"),
    ],
)
def test_a_description_beside_a_label_is_no_name(
    name: str, labelled: bool, expected: str | None
) -> None:
    assert without_stand_in(name, labelled) == expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("mono-N-alkylated product 3c", (None, "3c")),
        ("3-arylated product 3a", (None, "3a")),
        ("2-(4-chlorophenyl)pyridine product 5b", ("2-(4-chlorophenyl)pyridine", "5b")),
        ("benzamide", None),
        ("Example 3", None),
    ],
)
def test_a_name_run_into_its_role_word_and_label_is_split(
    name: str, expected: tuple[str | None, str] | None
) -> None:
    assert stand_in_label(name) == expected


@pytest.mark.parametrize(
    "word", ["strategy3", "catalysts2", "reported10,", "systems.19", "chemistry,7b,16"]
)
def test_a_word_with_its_footnote_number_printed_on_is_no_name(word: str) -> None:
    assert not looks_like_name(word)
    text = f"The peptide was cyclized according to our usual {word} in CH2Cl2."
    assert [text[a:b] for a, b in names_in(text, 0, len(text))] == ["CH2Cl2"]


@pytest.mark.parametrize("name", ["ethanol2", "Fe3O4", "C60"])
def test_a_chemical_word_or_formula_with_digits_stays_a_name(name: str) -> None:
    assert looks_like_name(name)


@pytest.mark.parametrize(
    "name", ["PhCHO", "PhSSPh", "PhCOMe", "MeCN", "tBuOK", "BnBr", "CHCl", "FcNCl", "CpTiCl"]
)
def test_a_condensed_formula_without_digits_is_a_name(name: str) -> None:
    assert looks_like_name(name)
    text = f"The reaction afforded {name} ( 85 % ) ."
    assert [text[a:b] for a, b in names_in(text, 0, len(text))] == [name]


@pytest.mark.parametrize(
    "word", ["NO", "ICP", "IS", "Bob", "Chemistry", "Pb", "Ph", "NaH", "KOH", "NaCl"]
)
def test_capitals_and_words_are_no_condensed_formula(word: str) -> None:
    assert not looks_like_name(word)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("It provided 2-methyl-1-(pyridin-2-yl)propan-2-ol12 (119 mg, 79%).",
         "2-methyl-1-(pyridin-2-yl)propan-2-ol"),
        ("A dimer of 2-methoxynaphthaquinone17 was formed.", "2-methoxynaphthaquinone"),
        ("It was coupled with B2pin2 in dioxane.", "B2pin2"),
        ("Pd2dba3 was added.", "Pd2dba3"),
        ("It gave the aryl ketone,9d,h,16 which was reduced.", "aryl ketone"),
    ],
)  # fmt: skip
def test_a_footnote_number_printed_onto_a_name_is_not_part_of_it(text: str, name: str) -> None:
    found = [text[a:b] for a, b in names_in(text, 0, len(text))]
    assert name in found


@pytest.mark.parametrize(
    "name",
    [
        "Benzenamine, 4-chloro-N-methyl-",
        "Benzoic acid, 4-chloro-, methyl ester",
        "1-piperazinecarboxylic acid, 4-phenyl-, 1,1-dimethylethyl ester",
    ],
)
def test_a_name_as_chemical_abstracts_indexes_it_is_read_whole(name: str) -> None:
    text = f"Evaporation gave {name} (1.1 g, 70%) as an oil."
    span = name_before(text, text.index(" (1.1"))
    assert span is not None and text[span[0] : span[1]] == name
    assert looks_like_name(name)


@pytest.mark.parametrize("text", ["gave benzene, toluene, 4-chloro-", "the ortho-, meta-"])
def test_a_list_ending_in_a_hyphen_is_no_index_name(text: str) -> None:
    span = name_before(text, len(text))
    assert span is None or ", " not in text[span[0] : span[1]]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (
            "Isopropylidenation ( 2,2- dimethoxypropane and camphorsulfonic acid ) gave 7 .",
            "2,2- dimethoxypropane",
        ),
        (
            "found, 340.9896. 2-(4- Chlorophenyl)-3-(trifluoromethyl)imidazo[1,2-a]pyridine (3e). "
            "Yield: 48 mg, 81%",
            "2-(4- Chlorophenyl)-3-(trifluoromethyl)imidazo[1,2-a]pyridine (3e)",
        ),
        (
            "by bromination of 3- methoxy-5-methylcyclohex-2-en-1-one , itself available",
            "3- methoxy-5-methylcyclohex-2-en-1-one",
        ),
        (
            "found, 280.1087. 2-Phenyl-8-(trifluoromethyl)quinoxa- line (5a). Yield: 31 mg",
            "2-Phenyl-8-(trifluoromethyl)quinoxa- line",
        ),
        (
            "i.e., 5-benzoyl-11H- benzo[b]fluoren-11- one (5a) in 50% yield",
            "5-benzoyl-11H- benzo[b]fluoren-11- one (5a)",
        ),
        ("The product, N- benzyl-2-methoxybenzamide, was isolated", "N- benzyl-2-methoxybenzamide"),
        (
            "to give tert- butyl piperazine-1-carboxylate (1.2 g)",
            "tert- butyl piperazine-1-carboxylate",
        ),
        ("gave (S)- 2-methylbutanol in 80% yield", "(S)- 2-methylbutanol"),
    ],
)
def test_a_name_a_line_end_broke_after_its_locants_is_read_whole(text: str, name: str) -> None:
    """PDF text keeps a space where a line broke a name at a locant's hyphen."""
    assert name in [text[s:e] for s, e in names_in(text, 0, len(text))]


def test_a_locant_s_suspended_hyphen_starts_no_name() -> None:
    text = "Both 2- and 3-methylpyridine reacted within 2- 3 h, o- and p-xylene in 1- 2 h."
    names = [text[s:e] for s, e in names_in(text, 0, len(text))]
    assert names == ["3-methylpyridine", "p-xylene"]


def test_the_halves_of_a_plain_word_a_line_end_broke_make_no_name() -> None:
    text = "The compounds were syn- thesized by hy- drolysis of the esters."
    assert names_in(text, 0, len(text)) == []


@pytest.mark.parametrize(
    "name",
    [
        "4-Ethoxy-2-nitro- N -(4-nitrophenyl)aniline",
        "2-methyl- N,N -diethylbenzamide",
        "3-chloro- O -methylhydroxylamine",
    ],
)
def test_an_italic_locant_pdf_text_spaced_out_stays_in_its_name(name: str) -> None:
    text = f"The crude product was purified to give {name} (4b) as a solid."
    end = text.index(" (4b)")
    assert name_before(text, end) == (text.index(name), end)


@pytest.mark.parametrize("name", ["[Cp*RuCl]4", "Cp*2ZrCl2", "Cp*Ru(PPh3)2Cl"])
def test_a_complex_of_the_pentamethylcyclopentadienyl_ligand_is_a_name(name: str) -> None:
    """``Cp*``: the star is part of the ligand's symbol, not emphasis."""
    assert looks_like_name(name)
    text = f"The complex {name} was isolated as dark red crystals in 84 % yield ."
    assert [text[a:b] for a, b in names_in(text, 0, len(text))] == [name]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("pimprinol B (2) was produced in 11% yield", ["pimprinol B"]),
        ("17 was converted to gracilin C ( 2 ) in 78 % yield", ["gracilin C"]),
        ("spiramycin I ( compound 1 ) is dominant", ["spiramycin I"]),
        # a solvent's, a capitalised acronym's or a systematic name's letter is a label
        ("washed with ethanol A and DMSO B", ["ethanol", "DMSO"]),
        ("phenyl trifluoromethanesulfonate A was used", ["phenyl trifluoromethanesulfonate"]),
        ("Compound B was obtained", []),
    ],
)
def test_a_natural_product_s_family_letter_is_part_of_its_name(text: str, names: list[str]) -> None:
    assert [text[a:b] for a, b in names_in(text, 0, len(text))] == names
    for name in names:
        assert looks_like_name(name)


@pytest.mark.parametrize(
    "text",
    [
        "Crystals were grown from an ethylene glycol–water mixture; mp 145-147 °C.",
        "recrystallised from ethylene glycol/water (1:1)",
    ],
)
def test_a_name_cut_short_by_a_solvent_mixture_is_no_name(text: str) -> None:
    # not "ethylene": the name goes on into a mixture with water, a medium
    assert [text[a:b] for a, b in names_in(text, 0, len(text))] == []
