"""The normalised view of a text and its map back to the original.

The finder and the cues read the normalised text; records quote the original. Every
case here checks both halves: what the view says, and that a span of the view maps back
to the span of the original that printed it.
"""

from __future__ import annotations

import random
import time
import unicodedata

import pytest

from molextract.extraction.normalise import Normalised, normalise

NBSP = "\u00a0"
THIN = "\u2009"
NNBSP = "\u202f"
SOFT_HYPHEN = "\u00ad"
ZWSP = "\u200b"

# (original, normalised)
VIEWS = [
    pytest.param("mp 121 ºC", "mp 121 °C", id="ordinal-degree"),
    pytest.param("mp 121 ˚C", "mp 121 °C", id="ring-degree"),
    pytest.param("mp 121˚C", "mp 121°C", id="ring-degree-glued"),
    pytest.param("mp 121 ℃", "mp 121 °C", id="celsius-sign"),
    pytest.param("mp 250 ℉", "mp 250 °F", id="fahrenheit-sign"),
    pytest.param("mp 25⁰C", "mp 25°C", id="superscript-zero"),
    pytest.param("mp 268-271 OC", "mp 268-271 °C", id="ocr-letter-o"),
    pytest.param('at 25 " C', "at 25 ° C", id="ocr-double-quote"),
    pytest.param("at 25 “ C, 24 h", "at 25 ° C, 24 h", id="ocr-curly-quote"),
    pytest.param("at −78 'C", "at −78 °C", id="ocr-apostrophe"),
    pytest.param("CH2OC(O)CH3", "CH2OC(O)CH3", id="formula-with-OC-kept"),
    pytest.param("the 3'C atom", "the 3'C atom", id="prime-kept"),
    pytest.param("mp 90.5 ˜ 95.5 °C", "mp 90.5 – 95.5 °C", id="small-tilde-range"),
    pytest.param("mp 90.5∼95.5 °C", "mp 90.5–95.5 °C", id="tilde-operator-range"),
    pytest.param("mp 90~95 °C", "mp 90–95 °C", id="ascii-tilde-range"),
    pytest.param("in -50 % yield", "in ~50 % yield", id="ocr-tilde-before-percentage"),
    pytest.param("low yield ( -5-6 % )", "low yield ( ~5-6 % )", id="ocr-tilde-before-range"),
    pytest.param("a 5-10 % solution", "a 5-10 % solution", id="range-hyphen-kept"),
    pytest.param("a change of −32%", "a change of −32%", id="true-minus-kept"),
    pytest.param("tetra-2 % x", "tetra-2 % x", id="hyphen-after-word-kept"),
    pytest.param("mp 90〜95 °C", "mp 90–95 °C", id="wave-dash-range"),
    pytest.param("yield ~80%", "yield ~80%", id="tilde-qualifier-kept"),
    pytest.param("m.p.61-\n63 ºC", "m.p. 61-63 °C", id="broken-range-glued-cue"),
    pytest.param("mp 61–\n63 °C", "mp 61–63 °C", id="broken-en-dash-range"),
    pytest.param("mp 61 -\n 63 °C", "mp 61 -63 °C", id="broken-spaced-range"),
    pytest.param("mp 61\n–63 °C", "mp 61–63 °C", id="line-end-before-dash"),
    pytest.param("mp 121\n°C", "mp 121 °C", id="line-end-before-unit"),
    pytest.param("(1.2 g, 85\n%)", "(1.2 g, 85 %)", id="line-end-before-percent"),
    pytest.param("tetra-\nhydrofuran", "tetra-hydrofuran", id="hyphenated-name"),
    pytest.param("4-(2-\nchlorophenyl)", "4-(2-chlorophenyl)", id="hyphenated-locant"),
    pytest.param("first line\nsecond line", "first line\nsecond line", id="plain-line-end-kept"),
    pytest.param("one.\n\nTwo-\n\nthree", "one.\n\nTwo-\n\nthree", id="paragraph-kept"),
    pytest.param("m.p.260 °C", "m.p. 260 °C", id="glued-m.p."),
    pytest.param("m.p.180-182 ºC", "m.p. 180-182 °C", id="glued-m.p.-range"),
    pytest.param("M.p.121 °C", "M.p. 121 °C", id="glued-M.p."),
    pytest.param("b.p.80 °C", "b.p. 80 °C", id="glued-b.p."),
    pytest.param("M.pt.140 °C", "M.pt. 140 °C", id="glued-M.pt."),
    pytest.param("M. pt. 140-142 °C", "M.pt. 140-142 °C", id="spaced-M.-pt."),
    pytest.param("mp180-182 °C", "mp 180-182 °C", id="glued-mp-temperature"),
    pytest.param("MP2 basis set", "MP2 basis set", id="glued-mp-not-temperature"),
    pytest.param("puriﬁed and ﬁltered", "purified and filtered", id="fi-ligature"),
    pytest.param("ﬂash chromatography", "flash chromatography", id="fl-ligature"),
    pytest.param("eﬀective", "effective", id="ff-ligature"),
    pytest.param(f"mp{NBSP}121{THIN}°C", "mp 121 °C", id="nbsp-and-thin"),
    pytest.param(f"mp 121{NNBSP}°C", "mp 121 °C", id="narrow-nbsp"),
    pytest.param(f"mp 121{NBSP}ºC", "mp 121 °C", id="nbsp-then-ordinal-degree"),
    pytest.param(f"tetra{SOFT_HYPHEN}hydrofuran", "tetrahydrofuran", id="soft-hyphen"),
    pytest.param(f"benzo{ZWSP}ic acid", "benzoic acid", id="zero-width-space"),
    pytest.param("4\u2010methylphenol", "4-methylphenol", id="unicode-hyphen"),
    pytest.param("4\u2011methylphenol", "4-methylphenol", id="non-breaking-hyphen"),
    pytest.param("mp 121 °C", "mp 121 °C", id="already-clean"),
    pytest.param("bp 85°-87° C./12 mm", "bp 85-87° C./12 mm", id="degree-after-each-end"),
    pytest.param("mp 112° to 114° C", "mp 112 to 114° C", id="degree-after-each-end-to"),
    pytest.param("m.p. 112-114°.", "m.p. 112-114°C.", id="bare-degree-after-mp"),
    pytest.param("Melting point: 145° (dec.)", "Melting point: 145°C (dec.)", id="bare-after-cue"),
    pytest.param("b.p. 80°/15 mm", "b.p. 80°C/15 mm", id="bare-degree-after-bp"),
    pytest.param("m.p. 189°-192°.", "m.p. 189-192°C.", id="bare-degree-after-each-end"),
    pytest.param("b.p. 94°-96°/14 mm", "b.p. 94-96°C/14 mm", id="bare-degree-each-end-bp"),
    pytest.param("m.p.=144°-146°.", "m.p.=144-146°C.", id="bare-degree-each-end-equals"),
    pytest.param("[α]D +25.3°-26.1°", "[α]D +25.3-26.1°", id="rotation-range-kept"),
    pytest.param("[α]D20 +25.3° (c 1.0)", "[α]D20 +25.3° (c 1.0)", id="rotation-kept"),
    pytest.param("an angle of 45°.", "an angle of 45°.", id="angle-kept"),
]


@pytest.mark.parametrize(("original", "normalised"), VIEWS)
def test_normalised_view(original: str, normalised: str) -> None:
    view = normalise(original)
    assert view.text == normalised
    assert view.changed is (original != normalised)
    assert view.span(0, len(view.text)) == (0, len(original))


def test_clean_text_is_its_own_view() -> None:
    text = "The mixture was stirred at 80 °C for 2 h to give 4b (85%)."
    view = normalise(text)
    assert view.text is text
    assert not view.changed
    assert [view.start(i) for i in range(len(text) + 1)] == list(range(len(text) + 1))


# (original, a piece of the normalised view, how the original prints it)
SPANS = [
    pytest.param("white solid, m.p.61-\n63 ºC.", "61-63 °C", "61-\n63 ºC", id="broken-range"),
    pytest.param("mp 121 ℃ (EtOH)", "121 °C", "121 ℃", id="celsius-sign"),
    pytest.param("mp 90.5 ˜ 95.5 °C", "90.5 – 95.5 °C", "90.5 ˜ 95.5 °C", id="tilde-range"),
    pytest.param("m.p.260 °C", "260 °C", "260 °C", id="after-inserted-space"),
    pytest.param("m.p.260 °C", "m.p. 260", "m.p.260", id="across-inserted-space"),
    pytest.param("puriﬁed (1.2 g, 85%)", "85%", "85%", id="after-a-ligature"),
    pytest.param("puriﬁed (1.2 g, 85%)", "purified", "puriﬁed", id="over-a-ligature"),
    pytest.param(f"a{SOFT_HYPHEN}b 12 ºC", "12 °C", "12 ºC", id="after-a-deletion"),
    pytest.param("M. pt. 140 °C", "140 °C", "140 °C", id="after-a-removed-space"),
]


@pytest.mark.parametrize(("original", "piece", "printed"), SPANS)
def test_spans_map_back_to_what_was_printed(original: str, piece: str, printed: str) -> None:
    view = normalise(original)
    start = view.text.index(piece)
    begin, end = view.span(start, start + len(piece))
    assert original[begin:end] == printed


def test_every_offset_maps_in_order() -> None:
    """Offsets map monotonically, and within the original text."""
    text = "m.p.61-\n63 ºC; puriﬁed\u00a0(1.2 g, 85\n%); 90.5 ˜ 95.5 ℃; tetra\u00adhydro-\nfuran"
    view = normalise(text)
    starts = [view.start(i) for i in range(len(view.text) + 1)]
    ends = [view.end(i) for i in range(len(view.text) + 1)]
    assert starts == sorted(starts) and ends == sorted(ends)
    assert starts[0] == 0 and ends[-1] == len(text)
    assert all(0 <= s <= len(text) for s in starts + ends)
    assert all(view.start(i) <= view.end(i + 1) for i in range(len(view.text)))


def test_characters_map_to_what_printed_them() -> None:
    text = "Yield: 85%; m.p.180-182 ºC; d 1.05\u2009g/mL; puriﬁed by ﬂash chromatography."
    view = normalise(text)
    for i, char in enumerate(view.text):
        begin, end = view.span(i, i + 1)
        if char.isalnum():
            assert char in unicodedata.normalize("NFKC", text[begin:end])


def test_random_texts_map_back() -> None:
    """Random mixtures of look-alikes: every span of the view maps to a span that holds
    the same alphanumerics, in order."""
    pieces = ["mp", "m.p.", "61", "-\n", "63", " ", "ºC", "℃", "˜", "ﬁ", "\u00a0", "\u00ad", "x"]
    rng = random.Random(21)
    for _ in range(200):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 20)))
        view = normalise(text)
        for _ in range(10):
            a = rng.randint(0, len(view.text))
            b = rng.randint(a, len(view.text))
            begin, end = view.span(a, b)
            assert 0 <= begin <= end <= len(text)
            kept = "".join(c for c in view.text[a:b] if c.isdigit())
            assert kept in "".join(c for c in text[begin:end] if c.isdigit())


def test_a_long_text_is_normalised_in_linear_time() -> None:
    """It runs on every chunk of every document: no work that grows faster than the text."""
    unit = "The residue was puriﬁed (1.2 g, 85%); m.p.61-\n63 ºC, 90.5 ˜ 95.5 ℃. "
    small, large = unit * 200, unit * 2000
    began = time.perf_counter()
    normalise(small)
    small_seconds = time.perf_counter() - began
    began = time.perf_counter()
    view = normalise(large)
    large_seconds = time.perf_counter() - began
    assert large_seconds < max(20 * small_seconds, 0.5)
    middle = view.text.index("61-63 °C", len(view.text) // 2)
    begin, end = view.span(middle, middle + len("61-63 °C"))
    assert large[begin:end] == "61-\n63 ºC"


def test_a_view_is_a_value() -> None:
    assert normalise("mp 121 ℃") == normalise("mp 121 ℃")
    assert isinstance(normalise("x"), Normalised)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("the desired product 8aawas obtained", "the desired product 8aa was obtained"),
        ("products 8bb-bjwere obtained", "products 8bb-bj were obtained"),
        ("treatment with 2gave 3", "treatment with 2 gave 3"),
        ("it was washed and gave nothing", "it was washed and gave nothing"),
        ("The H2was used", "The H2was used"),
    ],
)
def test_a_label_run_into_its_verb_is_parted(text: str, read: str) -> None:
    """PDF text runs a label into the verb after it where the line only drew the space."""
    view = normalise(text)
    assert view.text == read
    verb = read.split()[-2] if read != text else None
    if verb is not None:
        at = view.text.index(" " + verb)
        begin, end = view.span(at + 1, at + 1 + len(verb))
        assert text[begin:end] == verb
