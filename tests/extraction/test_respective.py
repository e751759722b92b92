"""Values listed in the order of the compounds listed before them."""

import pytest

from molextract.extraction.label_table import build_label_table
from molextract.extraction.respective import respective_product


def _whose(text: str, value: str) -> tuple[str | None, str | None] | None:
    mention = respective_product(text, text.index(value), build_label_table(text))
    return None if mention is None else (mention.name, mention.label)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "The bisketones 2r and 2s were isolated in 90 % and 92 % yield .",
            {"90 %": (None, "2r"), "92 %": (None, "2s")},
        ),
        (
            "Under these conditions, 5r and 5s could be obtained in 46% and 66% yield, "
            "respectively.",
            {"46%": (None, "5r"), "66%": (None, "5s")},
        ),
        (
            "They led to the dihydrooxazole products 2o and 2p containing a quaternary carbon "
            "in good yields, 66 and 60%, respectively.",
            {"66 ": (None, "2o"), "60%": (None, "2p")},
        ),
        (
            "Oxidation with Oxone gave o-carboxycinnamic acid and naphthoquinone in 56 and "
            "31 % yield.",
            {"56 ": ("o-carboxycinnamic acid", None), "31 %": ("naphthoquinone", None)},
        ),
        (
            "Esterification gave 3a, 3b and 3c (85, 72 and 64%), respectively.",
            {"85": (None, "3a"), "72": (None, "3b"), "64%": (None, "3c")},
        ),
        (
            "Similarly , 21b and 21c were obtained from 22b and 22c in 81 % and 77 % yield , "
            "respectively .",
            {"81 %": (None, "21b"), "77 %": (None, "21c")},
        ),
        (
            "The ketones 14 and 15 were prepared from 16 in 62 % and 58 % yields , respectively .",
            {"62 %": (None, "14"), "58 %": (None, "15")},
        ),
        (
            "Bromination gave the dibromide 4 together with the monobromide 5 (54% and 21%, "
            "respectively).",
            {"54%": (None, "4"), "21%": (None, "5")},
        ),
        (
            "Bromination gave the dibromide 4 and the monobromide 5 in 54% and 21% yield.",
            {"54%": (None, "4"), "21%": (None, "5")},
        ),
        (
            "Hydrogenation of 8 gave alcohol 9 along with ketone 10 (62 and 25%, respectively).",
            {"62": (None, "9"), "25%": (None, "10")},
        ),
        (
            "The isolated yields of 7a , 7b and 7c were found to be 65 % , 70 % and 58 % .",
            {"65 %": (None, "7a"), "70 %": (None, "7b"), "58 %": (None, "7c")},
        ),
        (
            "The yields of 4c and 4d were 75 and 81 % , respectively .",
            {"75": (None, "4c"), "81 %": (None, "4d")},
        ),
        (
            "The yields of products 3o and 3p still remained 73 and 75 % , respectively .",
            {"73": (None, "3o"), "75 %": (None, "3p")},
        ),
        (
            "The Schiff bases 7a–7d were obtained in 70, 75, 80 and 72% yields, respectively.",
            {"70": (None, "7a"), "75": (None, "7b"), "80": (None, "7c"), "72%": (None, "7d")},
        ),
        (
            "Esters 5a-5d were isolated in 81%, 77%, 90% and 65% yield.",
            {"81%": (None, "5a"), "90%": (None, "5c"), "65%": (None, "5d")},
        ),
        (
            "The melting points of 3a-c were 120, 135 and 142 °C, respectively.",
            {"120": (None, "3a"), "135": (None, "3b"), "142": (None, "3c")},
        ),
        (
            "The melting points of 3a, 3b and 3c were 120, 135 and 142 °C, respectively.",
            {"120": (None, "3a"), "142": (None, "3c")},
        ),
        (
            "With the 6-OH free , disaccharides 7e and 7f readily obtained in 77 % and 86 % "
            "yields .",
            {"77 %": (None, "7e"), "86 %": (None, "7f")},
        ),
        (
            "At room temperature, 2a and 3 were isolated in yields of 57% and <5%, respectively.",
            {"57%": (None, "2a"), "<5%": (None, "3")},
        ),
        (
            "After 24 h, compounds 2a and 3 were obtained in yields of 59–62% and 23–27%, "
            "respectively.",
            {"59–62%": (None, "2a"), "23–27%": (None, "3")},
        ),
        (
            "Compounds 2a and 3 were obtained in yields of 38% and 23%, respectively.",
            {"38%": (None, "2a"), "23%": (None, "3")},
        ),
        (
            # a patent's "Compound Nos." and its points, each with "° C." and a full stop
            "Compound Nos. 87 and 88 melt at 32° C. and 116° C., respectively.",
            {"32° C": (None, "87"), "116° C": (None, "88")},
        ),
        (
            "Compounds 4 and 5 boiled at 80 °C and 95 °C respectively.",
            {"80 °C": (None, "4"), "95 °C": (None, "5")},
        ),
        (
            # the yields after a colon, a series printed by its ends before it
            "Isolated yields of 5a–5c: 85%, 80%, 72%.",
            {"85%": (None, "5a"), "80%": (None, "5b"), "72%": (None, "5c")},
        ),
        (
            # the yields first, then the products they are the yields of
            "Reaction of 1b and 1c under these conditions gave 80 % and 75 % yields of 3b and "
            "3c , respectively .",
            {"80 %": (None, "3b"), "75 %": (None, "3c")},
        ),
        (
            # the second product named by what it is to the first
            "Oxidation of 12 afforded ketone 13 and its epimer 14 in 60 % and 20 % yield , "
            "respectively .",
            {"60 %": (None, "13"), "20 %": (None, "14")},
        ),
        (
            "Pyrenes 1b, 1h and 1i gave 3b, 3h, and 3i in good to excellent yield (93%, 94%, "
            "and 70%, respectively).",
            {"93%": (None, "3b"), "94%": (None, "3h"), "70%": (None, "3i")},
        ),
        (
            # each value with its product's mass in an aside
            "On a gram scale, amides 7a and 7b were isolated in 71% (1.02 g) and 64% "
            "(0.95 g) yields, respectively.",
            {"71%": (None, "7a"), "64%": (None, "7b")},
        ),
        (
            "The 2-fluoro and 2-bromo ketones 9c and 9d formed in good yields, 80% (2-F) and "
            "74% (2-Br) respectively.",
            {"80%": (None, "9c"), "74%": (None, "9d")},
        ),
        (
            # the list is the subject; its clause says how they formed before the values
            "The cis and trans isomers 19 and 20 were formed in a 1 : 2 ratio and isolated "
            "in 30 % and 58 % yield .",
            {"30 %": (None, "19"), "58 %": (None, "20")},
        ),
    ],
)
def test_the_nth_value_is_the_nth_compound_s(
    text: str, expected: dict[str, tuple[str | None, str | None]]
) -> None:
    for value, whose in expected.items():
        assert _whose(text, value) == whose


@pytest.mark.parametrize(
    ("text", "values", "label"),
    [
        ("The desired product 2a was obtained in 50 and 15 % yield.", ("50", "15 %"), "2a"),
        (
            "With SeCl4 or TeCl4 we obtained 3 in yields of 20% and 21%, respectively.",
            ("20%", "21%"),
            "3",
        ),
    ],
)
def test_one_product_before_several_values_owns_them_all(
    text: str, values: tuple[str, ...], label: str
) -> None:
    """One compound's yields under the conditions the sentence lists."""
    for value in values:
        assert _whose(text, value) == (None, label)


def test_a_value_then_an_excess_is_no_list() -> None:
    """``(1.48g 1a, 67%, 90% ee)``: the yield and the product's excess, not two yields of 1a."""
    text = "Ethylene gave 633 mg of 1c (1.48g 1a, 67%, 90% ee)."
    assert _whose(text, "67%") is None
    # another list nearby, of yields, is still one
    text = "Ketone 5 gave 6 (85%, 90% ee); 3a and 3b were formed in 70% and 80% yield."
    assert _whose(text, "70%") == (None, "3a")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Benzoic acid was obtained in 85% yield.", "85%"),  # one value: no list
        ("Products 4a, 4b and 4c formed in 70 and 20% yield.", "70"),  # 3 names, 2 values
        ("Compounds 4a–c were obtained in 85–92% yield.", "85"),  # a range, not a list
        ("Compounds 4a–d were obtained in 85 and 92% yield.", "85"),  # 4 members, 2 values
        ("The reaction of 14 with 15 gave 16 ( dr 3 : 1 , 82 % ) .", "82 %"),  # a ratio
    ],
)
def test_lists_of_unequal_length_or_no_list_decide_nothing(text: str, value: str) -> None:
    assert _whose(text, value) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a label ending in "l" is no litre
        (
            "Bromoform resulted in the corresponding products 5k and 5l in 62% and 63% "
            "yield, respectively.",
            {"62%": (None, "5k"), "63%": (None, "5l")},
        ),
        # the list in its own bracket
        (
            "Amines afforded the corresponding products (3b and 3c) in 78% and 77% yields, "
            "respectively.",
            {"78%": (None, "3b"), "77%": (None, "3c")},
        ),
        # what the products were formed with, between them and their yields
        (
            "Both gave the products 8a and 8b with excellent diastereoselectivity in 54 and "
            "80% yield, respectively.",
            {"54 and": (None, "8a"), "80%": (None, "8b")},
        ),
    ],
)
def test_lists_printed_as_papers_print_them(
    text: str, expected: dict[str, tuple[str | None, str | None]]
) -> None:
    for value, compound in expected.items():
        assert _whose(text, value) == compound


def test_a_lead_in_names_the_products_a_clause_calls_by_kind() -> None:
    """``For the synthesis of products 2c and 2d, … the esters in 78% and 84% yields``."""
    text = (
        "For the synthesis of side chain methylated products 2c and 2d, the Mitsunobu "
        "reaction provided the esters of D-amino acids in 78% and 84% yields, while only "
        "poor yields (<5%) resulted from the traditional method."
    )
    assert _whose(text, "78%") == (None, "2c")
    assert _whose(text, "84%") == (None, "2d")
    # a lead-in of another sentence says nothing of this one's list
    text = (
        "For the synthesis of 2c and 2d, we chose the Mitsunobu reaction. The esters 5 and "
        "6 were isolated in 78% and 84% yields."
    )
    assert _whose(text, "84%") == (None, "6")


def test_a_list_that_prints_each_label_s_substituents_still_lists_them() -> None:
    from molextract.extraction.label_table import build_label_table
    from molextract.extraction.respective import respective_product

    text = (
        "Thus , 3a ( R = Me ) and 3b ( R = Ph ) were formed in 85 and 78 % yield , respectively ."
    )
    table = build_label_table(text)
    first = respective_product(text, text.index("85"), table)
    second = respective_product(text, text.index("78 %"), table)
    assert first is not None and first.label == "3a"
    assert second is not None and second.label == "3b"
