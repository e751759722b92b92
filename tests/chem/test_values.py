import pytest

from molextract.chem import ParsedValue, parse_value


def test_single_number() -> None:
    assert parse_value("121") == ParsedValue(121.0, None, None, None, (121.0,))


def test_decimal_and_negative() -> None:
    assert parse_value("-3.25") == ParsedValue(-3.25, None, None, None, (-3.25,))


def test_unicode_minus() -> None:
    parsed = parse_value("−0.5")
    assert parsed is not None
    assert parsed.value == -0.5


@pytest.mark.parametrize("text", ["121-123", "121–123", "121 to 123", "121 - 123", "121 — 123"])
def test_range_gives_midpoint_and_bounds(text: str) -> None:
    assert parse_value(text) == ParsedValue(122.0, 121.0, 123.0, None, (121.0, 123.0))


def test_range_with_negative_start() -> None:
    assert parse_value("-5-10") == ParsedValue(2.5, -5.0, 10.0, None, (-5.0, 10.0))


def test_range_of_negatives_is_ordered() -> None:
    parsed = parse_value("-5 - -10")
    assert parsed is not None
    assert (parsed.low, parsed.high, parsed.value) == (-10.0, -5.0, -7.5)


def test_reversed_range_is_ordered() -> None:
    parsed = parse_value("123-121")
    assert parsed is not None
    assert (parsed.low, parsed.high) == (121.0, 123.0)


@pytest.mark.parametrize(
    ("text", "qualifier"),
    [
        ("> 280", ">"),
        (">280", ">"),
        ("<0.1", "<"),
        ("<= 5", "<="),
        ("≤5", "<="),
        (">= 300", ">="),
        ("≥ 300", ">="),
        ("~120", "~"),
        ("≈ 120", "~"),
        ("ca. 120", "~"),
        ("ca 120", "~"),
        ("approx. 120", "~"),
        ("Approx 120", "~"),
    ],
)
def test_qualifiers_are_normalised(text: str, qualifier: str) -> None:
    parsed = parse_value(text)
    assert parsed is not None
    assert parsed.qualifier == qualifier
    assert parsed.value in (120.0, 280.0, 0.1, 5.0, 300.0)


def test_qualifier_with_range() -> None:
    assert parse_value("ca. 120–125") == ParsedValue(122.5, 120.0, 125.0, "~", (120.0, 125.0))


def test_plus_minus_gives_bounds() -> None:
    assert parse_value("121 ± 2") == ParsedValue(121.0, 119.0, 123.0, None, (121.0, 2.0))


def test_surrounding_whitespace_and_trailing_unit_are_tolerated() -> None:
    parsed = parse_value("  135 °C ")
    assert parsed is not None
    assert parsed.value == 135.0


@pytest.mark.parametrize("text", ["", "   ", "n/a", "not stated", "ca.", "-"])
def test_no_number_gives_none(text: str) -> None:
    assert parse_value(text) is None


def test_words_starting_like_a_qualifier_are_not_qualifiers() -> None:
    assert parse_value("calc. 5") == ParsedValue(5.0, None, None, None, (5.0,))
