"""``molextract run`` on the real USPTO sample with the default model (issue: literature dumps)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from molextract.ingest import read_documents

pytestmark = [pytest.mark.quality, pytest.mark.model, pytest.mark.slow]

ROOT = Path(__file__).parents[2]
PATENT = ROOT / "tests" / "data" / "literature" / "US06840965B2.xml"


def test_patent_melting_range_is_found_with_offsets_into_the_whole_text(tmp_path: Path) -> None:
    out = tmp_path / "mp.jsonl"
    result = subprocess.run(
        [sys.executable, "-m", "molextract.cli", "run", str(PATENT), "-s", "melting_point", "-o", str(out)],
        capture_output=True, text=True, cwd=ROOT, timeout=1800, check=False,
        env={**os.environ, "MOLEXTRACT_LOCAL_MODEL": "qwen2.5-coder-1.5b"},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    [line] = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert line["doc_id"] == "US06840965B2"
    [document] = list(read_documents([PATENT], lambda skipped: None))
    ranges = [r for r in line["records"] if (r["value_low"], r["value_high"]) == (130.0, 132.0)]
    assert ranges, f"no 130-132 range among {[r['evidence']['quote'] for r in line['records']]}"
    record = ranges[0]
    assert record["unit"] == "°C" and record["value_si"] == pytest.approx(404.15)
    start, end = record["evidence"]["start"], record["evidence"]["end"]
    assert record["checks"]["grounded"] and start is not None
    stated = document.text[start:end]
    assert "130-132° C" in stated
    if record["evidence"]["match"] == "exact":
        assert stated == record["evidence"]["quote"]
