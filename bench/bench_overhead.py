"""Non-LLM cost per document: ingest, parsing + checks, writing (replayed engine outputs).

.venv/bin/python bench/bench_overhead.py [--docs 2000]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from molextract.config import Settings
from molextract.extraction.pipeline import Pipeline
from molextract.ingest import read_documents
from molextract.runs.local import batched
from molextract.runs.sinks import JsonlSink
from molextract.schemas import get_schema
from replay import ReplayEngine
from synth import write_jsonl


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--docs", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=16)
    args = parser.parse_args()
    pipeline = Pipeline(get_schema("molecular_properties"), ReplayEngine(), Settings())
    with tempfile.TemporaryDirectory() as tmp:
        source = write_jsonl(Path(tmp) / "docs.jsonl", args.docs)
        started = time.perf_counter()
        documents = list(read_documents([source], print))
        ingest = time.perf_counter() - started

        started = time.perf_counter()
        results = []
        for batch in batched(documents, args.batch):
            results.extend(asyncio.run(pipeline.process(batch)))
        checks = time.perf_counter() - started

        started = time.perf_counter()
        with JsonlSink(Path(tmp) / "out.jsonl", append=False) as sink:
            sink.write_results(results)
        writing = time.perf_counter() - started
    records = sum(len(r.records) for r in results)
    per_doc = lambda seconds: 1000 * seconds / args.docs  # noqa: E731
    print(f"documents: {args.docs}, records: {records}, batch: {args.batch}")
    print(f"ingest (read + parse JSONL):            {per_doc(ingest):7.3f} ms/doc")
    print(f"pipeline without the model (chunk, prompt, parse, RDKit, units, grounding, merge): "
          f"{per_doc(checks):7.3f} ms/doc")  # fmt: skip
    print(f"writing JSONL:                          {per_doc(writing):7.3f} ms/doc")
    print(
        f"total non-LLM:                          {per_doc(ingest + checks + writing):7.3f} ms/doc"
    )


if __name__ == "__main__":
    main()
