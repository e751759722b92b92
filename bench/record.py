"""Record the default model's answers on the example documents (for the replay benchmarks).

.venv/bin/python bench/record.py [--model qwen2.5-coder-1.5b]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from molextract.config import Settings
from molextract.engines import create_engine
from molextract.extraction.pipeline import Pipeline
from molextract.ingest.document import Document
from molextract.schemas import get_schema
from replay import RECORDING, RecordingEngine

EXAMPLES = Path(__file__).parents[1] / "examples" / "patent-examples.jsonl"


def example_documents() -> list[Document]:
    with EXAMPLES.open(encoding="utf-8") as handle:
        return [Document(d["id"], d["text"]) for d in map(json.loads, handle)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", default="qwen2.5-coder-1.5b")
    args = parser.parse_args()
    settings = Settings()
    recorder = RecordingEngine(create_engine(settings, model=args.model))
    results = Pipeline(get_schema("molecular_properties"), recorder, settings).run(
        example_documents()
    )
    recorder.save(RECORDING)
    records = sum(len(r.records) for r in results)
    print(f"recorded {len(recorder.entries)} generations ({records} records) to {RECORDING}")


if __name__ == "__main__":
    main()
