"""What the probe-set benchmarks (``bench_titled.py``, ``bench_products.py``) share:
their resumable output file and the tail of their report.

Both run the default pipeline over development text that annotates products but no
values, write one result line per document as it finishes, and print how each yield
record's compound was decided with examples to read; only what counts as right differs.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

from molextract import Extractor
from molextract.ingest.document import Document
from molextract.schemas.records import DocumentResult


def probe_parser(description: str, unit: str) -> argparse.ArgumentParser:
    """The options every probe set takes."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(
        "--corpora",
        type=Path,
        default=Path(os.environ.get("MOLEXTRACT_CORPORA", "")),
        help="default MOLEXTRACT_CORPORA",
    )
    parser.add_argument("--out", type=Path, required=True, help="directory for the output")
    parser.add_argument("--limit", type=int, default=None, help=f"the first N {unit}")
    parser.add_argument("--rescore", action="store_true", help="score OUT again, no model")
    parser.add_argument("--show", type=int, default=20, help="examples of each kind to print")
    return parser


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


def run_missing(path: Path, results: dict[str, DocumentResult], texts: dict[str, str]) -> float:
    """Run the default pipeline on ``texts`` (id → text), appending each result to
    ``path`` as its document finishes (a killed run resumes); seconds per document."""
    started = time.perf_counter()
    extractor = Extractor("reaction_yield", batch_size=1)
    with path.open("a", encoding="utf-8") as handle:
        for batch in extractor.batches(Document(i, text, {}) for i, text in texts.items()):
            for document, result in batch:
                handle.write(result.model_dump_json(by_alias=True) + "\n")
                handle.flush()
                results[document.id] = result
                print(f"  [{len(results)}] {document.id}", file=sys.stderr, flush=True)
    return (time.perf_counter() - started) / max(1, len(texts))


def print_shares(verdicts: Counter[str], kinds: tuple[str, ...], total: int) -> None:
    """Each verdict's count and share of the records scored."""
    for kind in kinds:
        share = verdicts[kind] / total if total else 0.0
        print(f"  {kind:28}{verdicts[kind]:4} ({share:.3f})")


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
