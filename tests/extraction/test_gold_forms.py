"""The gold set's form decisions stay as they were before the table path, value by value.

``tests/data/gold/forms.json`` holds, for every candidate value of the gold set under
``molecular_properties``, what code decides about it with no model: its properties,
cues, blocked reason, whether its property is named outright, whether a claimed table
takes it from the text path, whether the rules settle it alone and which compound and
rule a form of the writing gives it. It was made by ``bench/gold_forms.py`` from commit
20f61e1 (the code before the table path). A score moves only when a change reaches a
record; this test sees every change where it happens. A change meant to move decisions
remakes the snapshot (``bench/gold_forms.py --output tests/data/gold/forms.json``) and
its diff is reviewed value by value.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "gold_forms.py"
SNAPSHOT = ROOT / "tests" / "data" / "gold" / "forms.json"


def _script() -> ModuleType:
    """``bench/gold_forms.py``, which computes the decisions (bench/ is no package)."""
    spec = importlib.util.spec_from_file_location("gold_forms", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_gold_form_decisions_are_unchanged() -> None:
    script = _script()
    reference: dict[str, Any] = script.load(SNAPSHOT)
    current: dict[str, Any] = script.gold_forms()
    changes: list[str] = script.diff(reference, current)
    assert reference, "the snapshot holds no values"
    if changes:
        shown = "\n".join(changes[:60])
        more = f"\n… and {len(changes) - 60} more" if len(changes) > 60 else ""
        pytest.fail(
            f"{len(changes)} of {len(reference)} gold values are decided differently "
            f"than in {SNAPSHOT.name} (bench/gold_forms.py --check shows all):\n{shown}{more}"
        )


def test_snapshot_is_the_scripts_own_output() -> None:
    """The committed file is exactly what ``dump`` writes, so a remade snapshot's git
    diff shows only the values that changed."""
    script = _script()
    reference = script.load(SNAPSHOT)
    assert script.dump(reference) == SNAPSHOT.read_text(encoding="utf-8")


def test_diff_names_the_document_the_value_and_the_decision() -> None:
    """A failure must say which value changed and how, not only that the files differ."""
    script = _script()
    old = {
        "doc": "d1",
        "start": 10,
        "end": 13,
        "text": "83%",
        "properties": ["reaction_yield"],
        "cues": ["reaction_yield"],
        "blocked": None,
        "settled": True,
        "form": {"rule": "named_after_value", "name": "X", "label": None},
    }
    new = {**old, "settled": False, "form": None}
    gone = {**old, "start": 20, "end": 23}
    changes = script.diff({"d1@10-13": old, "d1@20-23": gone}, {"d1@10-13": new})
    assert changes[0].splitlines() == [
        "d1: '83%' at 10-13:",
        '    form: {"label": null, "name": "X", "rule": "named_after_value"} -> null',
        "    settled: true -> false",
    ]
    assert changes[1].startswith("d1: '83%' at 20-23: no longer a candidate")
