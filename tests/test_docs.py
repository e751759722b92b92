"""The Python guide's code runs as written, against the real local model."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

GUIDE = Path(__file__).parents[1] / "docs" / "python.md"
_BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


def _blocks() -> list[str]:
    return _BLOCK.findall(GUIDE.read_text(encoding="utf-8"))


def test_the_guide_has_the_worked_example() -> None:
    blocks = _blocks()
    assert len(blocks) >= 4
    assert "class GlassTransition(Measurement)" in blocks[0]


@pytest.mark.model
def test_the_python_guide_runs_from_schema_to_table(capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict[str, Any] = {"__name__": "guide"}
    for number, block in enumerate(_blocks(), start=1):
        exec(compile(block, f"{GUIDE.name} block {number}", "exec", dont_inherit=True), namespace)
    results = namespace["results"]
    assert [r.doc_id for r in results] == ["ps", "pmma", "none"]
    assert results[2].records == []
    fields = {"method", "heating_rate", "second_heating", "atmosphere"}
    for record in (r for result in results for r in result.records):
        assert set(record.fields) == fields
        assert record.property == "glass_transition" and record.unit in ("°C", "K")
    rows = namespace["rows"]
    assert len(rows) == sum(len(r.records) for r in results)
    printed = capsys.readouterr().out
    assert printed.startswith("doc | compound | Tg (K) | method") or not rows
    assert [r.model_dump() for r in namespace["awaited"]] != []
