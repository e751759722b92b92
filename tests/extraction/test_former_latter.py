"""A value said of "the former" or "the latter" of two compounds just named."""

import pytest

from molextract.extraction.entries import read_entries
from molextract.extraction.former_latter import former_or_latter
from molextract.extraction.label_table import build_label_table
from molextract.extraction.whose import Site, by_form


def _decided(text: str, value: str) -> tuple[str | None, str | None, str | None]:
    table = build_label_table(text)
    start = text.index(value)
    decision = by_form(Site(text, start, start + len(value), table, read_entries(text, table)))
    assert decision is not None and decision.mention is not None
    return decision.source, decision.mention.name, decision.mention.label


@pytest.mark.parametrize(
    ("value", "label"),
    [("22 %", "7"), ("63 %", "8")],
)
def test_the_former_is_the_first_and_the_latter_the_second(value: str, label: str) -> None:
    text = (
        "Heating 3 with aniline gave the ester 7 and the amide 8 , the former in 22 % "
        "yield and the latter in 63 % yield ."
    )
    assert _decided(text, value) == ("former_or_latter", None, label)


def test_the_latter_alone_is_the_compound_named_last() -> None:
    text = "Phenol and anisole were both recovered , the latter in 35 % yield ."
    assert _decided(text, "35 %") == ("former_or_latter", "anisole", None)


def test_the_two_compounds_may_be_named_in_the_sentence_before() -> None:
    text = "Two products were formed : lactone 12 and diol 13 . The former was isolated in 41 % yield ."
    assert _decided(text, "41 %") == ("former_or_latter", None, "12")


def test_no_pair_named_before_is_no_referent() -> None:
    text = "The former was obtained in 55 % yield after chromatography ."
    table = build_label_table(text)
    assert former_or_latter(text, text.index("55 %"), table) is None


def test_a_latter_far_from_the_value_is_not_its_subject() -> None:
    text = (
        "Both 4 and 5 formed , the latter slowly ; after workup and chromatography on "
        "silica the crude product gave 6 in 55 % yield ."
    )
    table = build_label_table(text)
    assert former_or_latter(text, text.index("55 %"), table) is None
