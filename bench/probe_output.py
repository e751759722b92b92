"""What the probe-set benchmarks (``bench_titled.py``, ``bench_products.py``) share:
their resumable output file and the tail of their report.

Both run the default pipeline over development text that annotates products but no
values, write one result line per document as it finishes, and print how each yield
record's compound was decided with examples to read; only what counts as right differs.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from molextract.schemas.records import DocumentResult


def read_results(path: Path) -> dict[str, DocumentResult]:
    """The results a previous (maybe killed) run wrote, by document id."""
    if not path.exists():
        return {}
    results: dict[str, DocumentResult] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            result = DocumentResult.model_validate_json(line)
            results[result.doc_id] = result
    return results


def print_tail(
    calls: int,
    records: int,
    seconds: float | None,
    unit: str,
    sources: Counter[str],
    examples: dict[str, list[str]],
) -> None:
    """Model calls per yield record, seconds per ``unit``, the decisions by source, and
    the examples of each verdict."""
    print(f"model calls per yield record  {calls / records:.3f}" if records else "")
    if seconds is not None:
        print(f"seconds per {unit:18}{seconds:.3f}")
    print("decided by (source/verdict):", ", ".join(f"{k} {v}" for k, v in sorted(sources.items())))
    for kind, lines in examples.items():
        if lines:
            print(f"{kind}:")
            print("\n".join(lines))
