"""A field's pattern: RE2's meaning and linear-time matching, and the grammar's copy."""

from __future__ import annotations

import json
import random
import re
import time

import pytest
from outlines_core.json_schema import build_regex_from_schema

from molextract.schemas.patterns import PatternError, compile_pattern

PATTERNS = [
    r"^[A-Z]{2}-\d{1,3}$",
    r"[0-9]",
    r"^(a|bc)*d?$",
    r"colou?r",
    r"^\d{2,7}-\d{2}-\d$",
    r"^(a+)+$",
    r"x$",
    r"^x",
    r"",
    r"^$",
    r"a.c",
    r"[^abc]+z",
    r"(?:ab|a)(?:bc|c)",
    r"^\w+@\w+\.[a-z]{2,}$",
    r"a{0,3}b{2}",
    r"\s\S",
    r"^(?P<word>[a-c]+?)\D$",
    r"\Aab",
    r"(?i)ab",
    r"\bab",
]
ALPHABET = "abcdxz AB-1234@.\n"


@pytest.mark.parametrize("source", PATTERNS)
def test_a_pattern_matches_what_python_search_matches(source: str) -> None:
    """JSON Schema's ``pattern`` is a search, anchored only by ``^`` and ``$``; on ASCII
    text RE2 and Python agree but for ``$`` before a final newline."""
    pattern = compile_pattern(source)
    chooser = random.Random(source)
    values = ["", "a", "AB-12", "7732-18-5", "aaab", "colour!", "x@y.io", "bcbcd", "a b"]
    values += ["".join(chooser.choices(ALPHABET, k=chooser.randint(0, 9))) for _ in range(800)]
    for value in values:
        expected = re.search(source, value) is not None and not value.endswith("\n")
        if value.endswith("\n"):
            continue  # Python's $ also matches before a final newline; JSON Schema's does not
        assert pattern.search(value) == expected, (source, value)


def test_a_pattern_that_makes_python_backtrack_for_ever_is_matched_at_once() -> None:
    pattern = compile_pattern(r"^(a+)+$")
    started = time.perf_counter()
    assert not pattern.search("a" * 1000 + "!")
    assert pattern.search("a" * 1000)
    assert time.perf_counter() - started < 2


@pytest.mark.parametrize(
    ("source", "words"),
    [
        ("a(?=b)", "invalid perl operator: (?="),
        ("a(?<!b)", "invalid perl operator: (?<!"),
        (r"(a)\1", r"invalid escape sequence: \1"),
        (r"(a)?(?(1)b|c)", "invalid perl operator: (?("),
        ("(?>a)", "invalid perl operator: (?>"),
        ("a*+", "bad repetition operator: *+"),
        (r"\Aab\Z", r"invalid escape sequence: \Z"),  # RE2 and ECMA-262 have no \Z
        ("a" * 300, "at most 256"),
        ("(", "missing ): ("),
        ("a{1001}", "invalid repetition size"),
        ("(a{40}){40}", "invalid repetition size"),
        (r"\p{L}{100}", "pattern too large"),
        ("a\ud800", "lone surrogate"),
    ],
)
def test_what_re2_cannot_match_in_linear_time_and_bounded_memory_is_refused(
    source: str, words: str
) -> None:
    with pytest.raises(PatternError, match=re.escape(words)):
        compile_pattern(source)


def test_a_pattern_reads_as_json_schema_reads_it_not_as_python() -> None:
    """ECMA-262's ``\\d`` and ``\\w`` are ASCII, its ``$`` ends the text, ``{,5}`` is text."""
    assert not compile_pattern(r"^\d$").search("٣")
    assert not compile_pattern(r"^\w$").search("é")
    assert not compile_pattern(r"^a$").search("a\n")
    assert compile_pattern(r"^a{,5}$").search("a{,5}")
    assert compile_pattern("^a.b$").search("a\ud800b")  # JSON's lone surrogate: no error
    assert compile_pattern(r"^[\u00C0-\u00FF]$").search("é")  # ECMA's \uXXXX
    assert compile_pattern(r"^\\u0041$").search("\\u0041")


@pytest.mark.parametrize(
    ("source", "grammar"),
    [
        (r"^[A-Z]{2}-\d{1,3}$", r"^(?:[A-Z]){2}\x2D(?:[0-9]){1,3}$"),
        (r"^(?:mp|bp)_\w+$", r"^(?:mp|bp)\x5F(?:[0-9A-Za-z\x5F]){1,}$"),
        (r"^[0-9]+$", r"^(?:[0-9]){1,}$"),
        (r"[0-9]+", None),  # a search: the grammar would force a whole-string match
        (r"^a.b$", None),  # "." could write a bare quote and end the JSON string
        (r"^[^x]$", None),
        (r'^["a]$', None),
        (r"^a\sb$", None),  # \s includes characters JSON escapes
        (r"^[ab]*a[ab]{20}$", None),  # two million states once deterministic
        (r"^[a-z]{1,240}$", None),  # a state per character, each with a vocabulary index
        (r"(?i)^ab$", None),  # flags: the copy's dialect has none
        (r"^a{,5}$", None),  # Python reads a repeat, RE2 the text "a{,5}"
        (r"^[a[:alpha:]]$", None),  # RE2 reads a class, Python the characters "[:alph"
    ],
)
def test_the_grammar_carries_only_anchored_json_safe_patterns(
    source: str, grammar: str | None
) -> None:
    assert compile_pattern(source).grammar == grammar


def test_the_grammar_copy_is_what_outlines_compiles_and_means_the_same() -> None:
    """Outlines puts the copy into the JSON grammar as it is; it matches the same strings."""
    source = r"^[A-Z]{2}-\d{1,3}(?:x|yz)*$"
    grammar = compile_pattern(source).grammar
    assert grammar is not None
    schema = {"type": "object", "properties": {"a": {"type": "string", "pattern": grammar}}}
    schema["required"] = ["a"]
    regex = build_regex_from_schema(json.dumps(schema))
    assert grammar.strip("^$") in regex
    for value in ["AB-1", "AB-123xyzx", "AB-", "ab-1", "AB-1234", "AB-1yx"]:
        in_grammar = re.fullmatch(regex, json.dumps({"a": value}, separators=(",", ":")))
        assert (in_grammar is not None) == (re.fullmatch(source, value) is not None), value


def test_a_pattern_in_the_grammar_is_counted_by_the_states_an_engine_compiles() -> None:
    """What a cost check adds for the pattern: its deterministic automaton, not its length."""
    assert compile_pattern(r"^[0-9]{2,7}-[0-9]{2}-[0-9]$").grammar_states == 13
    assert compile_pattern(r"^[a-z]+$").grammar_states == 2
    assert compile_pattern(r"^[ab]*a[ab]{20}$").grammar_states == 0
    assert compile_pattern(r"[0-9]+").grammar_states == 0
