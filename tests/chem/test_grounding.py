import pytest

from molextract.chem import Span, locate, numbers_in, numbers_present


def _found(quote: str, text: str, window: tuple[int, int] | None = None) -> tuple[str, str]:
    span = locate(quote, text, window=window)
    assert span is not None
    return text[span.start : span.end], span.match


def test_exact_match() -> None:
    text = "Recrystallisation gave benzoic acid as white needles, mp 121–123 °C."
    quote = "benzoic acid as white needles, mp 121–123 °C"
    assert locate(quote, text) == Span(23, 23 + len(quote), "exact")


def test_offsets_are_code_points_after_non_ascii() -> None:
    text = "α-Pinene (µ = 2) and β-pinene: bp 155–156 °C."
    span = locate("bp 155–156 °C", text)
    assert span == Span(31, 44, "exact")
    assert text[span.start : span.end] == "bp 155–156 °C"


def test_quote_whitespace_and_trailing_period_are_ignored() -> None:
    text = "Toluene (bp 110.6 °C) was distilled before use."
    assert _found("  Toluene (bp 110.6 °C) was distilled before use. ", text) == (
        "Toluene (bp 110.6 °C) was distilled before use",
        "exact",
    )


@pytest.mark.parametrize("quote", ["", "   ", ".", " . "])
def test_empty_quote(quote: str) -> None:
    assert locate(quote, "anything at all.") is None


def test_absent_quote() -> None:
    assert locate("mp 200 °C", "Benzoic acid, mp 121–123 °C.") is None


def test_repeated_quote_prefers_window() -> None:
    text = "Intro: mp 121–123 °C. Methods. Results: mp 121–123 °C."
    second = text.rindex("mp")
    assert locate("mp 121–123 °C", text, window=(30, len(text))) == Span(
        second, second + 13, "exact"
    )
    assert locate("mp 121–123 °C", text) == Span(7, 20, "exact")


def test_window_miss_falls_back_to_whole_text() -> None:
    text = "mp 121–123 °C. Nothing else here."
    assert locate("mp 121–123 °C", text, window=(15, len(text))) == Span(0, 13, "exact")


def test_window_bounds_are_clamped() -> None:
    text = "mp 121–123 °C."
    assert locate("mp 121–123 °C", text, window=(-10, 999)) == Span(0, 13, "exact")
    assert locate("mp 121–123 °C", text, window=(9, 3)) == Span(0, 13, "exact")


def test_normalised_match_prefers_window() -> None:
    text = "First: mp 121–123\u00a0°C. Later: mp 121–123\u2009°C."
    second = text.rindex("mp")
    span = locate("mp 121-123 °C", text, window=(second, len(text)))
    assert span == Span(second, second + 13, "normalized")
    assert locate("mp 121-123 °C", text) == Span(7, 20, "normalized")


@pytest.mark.parametrize(
    ("quote", "text", "expected"),
    [
        # dash variants
        ("mp 121-123 °C", "mp 121–123 °C", "mp 121–123 °C"),
        ("mp 121–123 °C", "mp 121‐123 °C", "mp 121‐123 °C"),
        ("logP of −1.2", "logP of -1.2", "logP of -1.2"),
        # degree variants and spacing between number and unit
        ("mp 121 °C", "mp 121ºC", "mp 121ºC"),
        ("mp 121°C", "mp 121 ˚C", "mp 121 ˚C"),
        ("mp 121 °C", "mp 121 ℃", "mp 121 ℃"),
        ("bp 80 ℃", "bp 80 °C", "bp 80 °C"),
        ("melted at 130–132 °C.", "The product melted at 130-132° C. and", "melted at 130-132° C"),
        # whitespace: NBSP, thin space, narrow NBSP, newline
        ("dissolves in water", "dissolves\u00a0in\u2009water", "dissolves\u00a0in\u2009water"),
        ("at 25 °C", "at\u202f25\u202f°C", "at\u202f25\u202f°C"),
        ("was obtained in 87% yield", "was obtained\nin 87 % yield", "was obtained\nin 87 % yield"),
        ("was obtained\nin 87% yield", "was obtained in 87% yield", "was obtained in 87% yield"),
        # micro sign vs Greek mu, quotes, case
        ("10 µg/mL", "10 μg/mL", "10 μg/mL"),
        ("10 μg/mL", "10 µg/mL", "10 µg/mL"),
        ('the "pure" acid', "the “pure” acid", "the “pure” acid"),
        ("Benzoic Acid", "benzoic acid", "benzoic acid"),
        ("α-pinene", "Α-Pinene", "Α-Pinene"),
        # PDF ligature, soft hyphen and zero-width space
        ("purified by", "puriﬁed by", "puriﬁed by"),
        ("purified by", "puri\u00adfied\u200b by", "puri\u00adfied\u200b by"),
    ],
)
def test_normalised_matches(quote: str, text: str, expected: str) -> None:
    assert _found(quote, text) == (expected, "normalized")


def test_normalised_offsets_point_into_original() -> None:
    text = "Header\n\nThe solid\u00a0melted at 130–132 ° C. Then"
    span = locate("The solid melted at 130-132°C", text)
    assert span is not None
    assert span.start == text.index("The")
    assert text[span.start : span.end] == "The solid\u00a0melted at 130–132 ° C"


def test_normalised_match_does_not_invent_digits() -> None:
    assert locate("mp 121-125 °C", "mp 121–123 °C") is None


def test_numbers_in() -> None:
    text = "mp 121–123 °C; logP −1.2; yield 87%; density 1.49 g/cm³."
    assert numbers_in(text) == [121.0, 123.0, -1.2, 87.0, 1.49]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("-5-10", [-5.0, 10.0]),
        ("from –20 to 5 °C", [-20.0, 5.0]),
        ("121 - 123", [121.0, 123.0]),
        ("(2)-3", [2.0, 3.0]),
        ("C9H8O4 and H2O", []),
        ("compound S1 at 25 °C", [25.0]),
        ("", []),
    ],
)
def test_numbers_in_cases(text: str, expected: list[float]) -> None:
    assert numbers_in(text) == expected


def test_numbers_present() -> None:
    text = "Benzoic acid, mp 121.0–123 °C (lit. −5)."
    assert numbers_present([121, 123.0], text) is True
    assert numbers_present([-5.0], text) is True
    assert numbers_present([], text) is True
    assert numbers_present([121.0, 124.0], text) is False
    assert numbers_present([5.0], text) is False
    assert numbers_present([-123.0], text) is False
    assert numbers_present([4.0], "C9H8O4") is False
