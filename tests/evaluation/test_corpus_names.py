"""Every compound name molextract gave on the real corpora is a name, not junk.

The corpora are not in CI (their texts may not be redistributed); the names the last
benchmark runs kept are (``tests/data/corpus_outputs/compound_names.json``, written by
``bench/corpus_names.py``). This reads all of them with the junk rules the extraction
itself applies, so neither a rule nor an output can drift unchecked.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from molextract.extraction.junk_compounds import junk_reason

NAMES = Path(__file__).resolve().parents[1] / "data" / "corpus_outputs" / "compound_names.json"
SPLITS = [
    f"{corpus}.{split}" for corpus in ("chemu", "chemrxn", "uspto") for split in ("dev", "test")
]


def _names() -> dict[str, list[str]]:
    data: dict[str, list[str]] = json.loads(NAMES.read_text(encoding="utf-8"))["names"]
    return data


def test_every_corpus_and_split_is_there() -> None:
    names = _names()
    assert sorted(names) == sorted(SPLITS)
    # hundreds of names from ChEMU and ORD; the ACS passages name their products mostly
    # by label, so a dozen names each
    assert all(len(names[key]) >= 10 for key in SPLITS)


@pytest.mark.parametrize("key", SPLITS)
def test_no_compound_name_is_a_mass_an_amount_a_description_or_a_mixture(key: str) -> None:
    junk = {name: reason for name in _names()[key] if (reason := junk_reason(name)) is not None}
    assert junk == {}
