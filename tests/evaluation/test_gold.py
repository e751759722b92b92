"""The gold set itself, and the loader that guards its format."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from molextract.chem import normalize_unit, unit_stated
from molextract.errors import InputError
from molextract.evaluation import GoldDocument, load_gold
from molextract.schemas import get_schema

GOLD_FILE = Path(__file__).parents[1] / "data" / "gold" / "gold.jsonl"
ALL_PROPERTIES = get_schema("molecular_properties").properties
# A number not glued to a preceding digit or point, so "130-132" reads as 130 and 132.
_NUMBER = re.compile(r"(?<![\d.])-?\d+(?:\.\d+)?")


@pytest.fixture(scope="module")
def gold_docs() -> list[GoldDocument]:
    return load_gold(GOLD_FILE)


def _numbers(text: str) -> set[float]:
    return {float(n) for n in _NUMBER.findall(text.replace("−", "-"))}


def test_gold_set_is_large_enough_and_covers_every_builtin_property(
    gold_docs: list[GoldDocument],
) -> None:
    counts = Counter(value.property for d in gold_docs for value in d.expected)
    assert sum(counts.values()) >= 40
    assert {p.name for p in ALL_PROPERTIES} <= set(counts)
    assert all(counts[p.name] >= 3 for p in ALL_PROPERTIES)
    assert sum(1 for d in gold_docs if not d.expected) >= 2  # texts that state nothing


def test_every_expected_number_is_stated_in_its_text(gold_docs: list[GoldDocument]) -> None:
    for document in gold_docs:
        stated = _numbers(document.text)
        for value in document.expected:
            for number in (value.value, value.value_low, value.value_high):
                if number is not None:
                    assert number in stated, f"{document.id}: {number} is not in the text"


def test_every_unit_fits_its_property_and_follows_a_number_in_the_text(
    gold_docs: list[GoldDocument],
) -> None:
    units = {p.name: {normalize_unit(u) for u in p.units} for p in ALL_PROPERTIES}
    for document in gold_docs:
        for value in document.expected:
            unit = normalize_unit(value.unit)
            assert unit in units[value.property], f"{document.id}: {value.unit!r}"
            assert unit_stated(unit, document.text), f"{document.id}: {value.unit!r} not stated"


def test_every_named_compound_is_named_in_its_text(gold_docs: list[GoldDocument]) -> None:
    for document in gold_docs:
        for value in document.expected:
            if value.compound is not None:
                assert value.compound.lower() in document.text.lower(), (
                    f"{document.id}: {value.compound}"
                )


def _write(tmp_path: Path, *lines: object) -> Path:
    path = tmp_path / "gold.jsonl"
    path.write_text(
        "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n"
    )
    return path


GOOD = {"id": "a", "text": "mp 122 °C", "expected": [
    {"compound": None, "smiles": None, "property": "melting_point", "value": 122,
     "value_low": None, "value_high": None, "unit": "°C"}]}  # fmt: skip


def test_loader_accepts_short_lines_and_skips_blank_ones(tmp_path: Path) -> None:
    short = {"id": "b", "text": "no values here", "expected": []}
    ranged = {"id": "c", "text": "mp 1-2 °C", "expected": [
        {"property": "melting_point", "value_low": 1, "value_high": 2, "unit": "°C"}]}  # fmt: skip
    docs = load_gold(_write(tmp_path, GOOD, "", short, ranged))
    assert [d.id for d in docs] == ["a", "b", "c"]
    assert docs[2].expected[0].value is None and docs[2].expected[0].value_high == 2


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "Invalid JSON"),
        ({**GOOD, "extra": 1}, "Extra inputs are not permitted at extra"),
        ({"id": "a", "text": "t"}, "Field required at expected"),
        ({"id": "a", "text": "t", "expected": [{"property": "logP"}]}, "give value"),
        (
            {"id": "a", "text": "t", "expected": [{"property": "logP", "value_low": 1}]},
            "needs both",
        ),
        (
            {
                "id": "a",
                "text": "t",
                "expected": [{"property": "logP", "value": 1, "value_low": 1, "value_high": 2}],
            },
            "not both",
        ),
        (
            {
                "id": "a",
                "text": "t",
                "expected": [{"property": "logP", "value": 1, "smiles": "C(("}],
            },
            "RDKit cannot read",
        ),
        ({**GOOD, "id": ""}, "at least 1 character"),
    ],
)
def test_loader_names_file_and_line_of_a_bad_line(
    tmp_path: Path, line: object, message: str
) -> None:
    path = _write(tmp_path, {**GOOD, "id": "first"}, line)
    with pytest.raises(InputError) as caught:
        load_gold(path)
    assert f"{path}:2: " in str(caught.value)
    assert message in str(caught.value)


def test_loader_reports_every_bad_line_and_duplicate_ids(tmp_path: Path) -> None:
    path = _write(tmp_path, GOOD, "[]", GOOD)
    with pytest.raises(InputError) as caught:
        load_gold(path)
    message = str(caught.value)
    assert f"{path}:2: " in message
    assert f"{path}:3: duplicate id 'a' (first at line 1)" in message


def test_loader_refuses_an_empty_or_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no gold documents"):
        load_gold(_write(tmp_path, ""))
    with pytest.raises(InputError, match="cannot read"):
        load_gold(tmp_path / "missing.jsonl")
