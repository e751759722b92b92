import itertools

from molextract.engines.base import estimate_tokens
from molextract.extraction.chunking import Chunk, chunk_text, sentence_spans

TEXT = (
    "The crude product (m.p. 120 °C) was recrystallised from ethanol, e.g. at 0 °C. "
    "Compound 5 melted at 121–123 °C. Its boiling point was not measured! "
    "Fig. 2 shows the DSC trace.\n\nA second paragraph starts here without a full stop\n\n"
    "1.5 g of 7a was obtained (ca. 80%). The end."
)


def test_sentence_spans_cover_the_text_and_respect_abbreviations() -> None:
    spans = sentence_spans(TEXT)
    assert spans[0][0] == 0 and spans[-1][1] == len(TEXT)
    assert all(a[1] == b[0] for a, b in itertools.pairwise(spans))
    sentences = [TEXT[s:e].strip() for s, e in spans]
    assert sentences[0].startswith("The crude product (m.p. 120 °C)")
    assert sentences[0].endswith("e.g. at 0 °C.")
    assert "Compound 5 melted at 121–123 °C." in sentences
    assert "Fig. 2 shows the DSC trace." in sentences
    assert "A second paragraph starts here without a full stop" in sentences
    assert "1.5 g of 7a was obtained (ca. 80%)." in sentences


def test_short_text_is_one_chunk() -> None:
    assert chunk_text("Aspirin melts at 135 °C.", 100) == [
        Chunk(0, 0, 24, "Aspirin melts at 135 °C.")
    ]


def test_chunks_are_sentence_aligned_within_budget_and_overlap() -> None:
    count = lambda s: len(s.split())  # noqa: E731 - a word counter stands in for a tokenizer
    chunks = chunk_text(TEXT, 25, count, overlap=1)
    assert len(chunks) > 1
    for chunk in chunks:
        assert TEXT[chunk.start : chunk.end] == chunk.text
        assert count(chunk.text) <= 25
    spans = sentence_spans(TEXT)
    starts = {s for s, _ in spans}
    assert all(c.start in starts for c in chunks)
    assert chunks[0].start == 0 and chunks[-1].end == len(TEXT)
    for before, after in itertools.pairwise(chunks):
        assert after.start < before.end, "consecutive chunks share a sentence"
    assert [c.index for c in chunks] == list(range(len(chunks)))


def test_without_overlap_chunks_tile_the_text() -> None:
    chunks = chunk_text(TEXT, 20, lambda s: len(s.split()), overlap=0)
    assert "".join(c.text for c in chunks) == TEXT


def test_a_sentence_longer_than_the_budget_is_cut_at_spaces() -> None:
    text = " ".join(f"word{i}" for i in range(400)) + "."
    chunks = chunk_text(text, 50, lambda s: len(s.split()), overlap=1)
    assert len(chunks) >= 8
    assert "".join(c.text for c in chunks) == text
    assert all(len(c.text.split()) <= 50 for c in chunks)
    assert all(c.text.startswith("word") for c in chunks)


def test_estimate_tokens_is_positive() -> None:
    assert estimate_tokens("") == 1
    assert estimate_tokens("a" * 40) == 10


def test_chunks_end_at_section_boundaries_and_do_not_overlap_across_them() -> None:
    intro = "Intro sentence number one is here. " * 6
    methods = "Methods sentence number two is here. " * 6
    text = intro + methods
    count = lambda s: len(s.split())  # noqa: E731
    boundary = len(intro)
    plain = chunk_text(text, 40, count, overlap=1)
    assert any(c.start < boundary < c.end for c in plain), "without sections a chunk straddles"
    chunks = chunk_text(text, 40, count, overlap=1, boundaries={0, boundary})
    assert not any(c.start < boundary < c.end for c in chunks)
    assert any(c.start == boundary for c in chunks)
    assert all(count(c.text) <= 40 for c in chunks)


def test_a_temperature_unit_ends_a_sentence_an_initial_does_not() -> None:
    text = "It melted at 130° C. D. Synthesis of the amine. Work by J. C. Smith followed."
    starts = [text[s:e].strip() for s, e in sentence_spans(text)]
    assert starts[0] == "It melted at 130° C."
    assert "J. C. Smith" in starts[-1]


def test_a_paragraph_break_ends_a_sentence_even_after_an_abbreviation() -> None:
    text = "The residue was purified (approx.\n\nB. Synthesis of the acid."
    assert len(sentence_spans(text)) == 2


def test_a_lone_question_mark_between_formulas_is_a_lost_glyph_not_a_sentence_end() -> None:
    text = (
        "The catalysts converted CH ? C02Et to Et20 ( 85 % ) . What is the role of TFA ? It is 4."
    )
    spans = [text[a:b].strip() for a, b in sentence_spans(text)]
    assert spans[0].startswith("The catalysts") and "C02Et to Et20" in spans[0]
    assert spans[-1] == "It is 4."
