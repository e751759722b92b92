"""Large inputs made from the example documents, for benchmarks (ids unique, texts repeat)."""

from __future__ import annotations

import json
from pathlib import Path

from record import EXAMPLES


def write_jsonl(path: Path, count: int) -> Path:
    with EXAMPLES.open(encoding="utf-8") as handle:
        templates = [json.loads(line) for line in handle]
    with path.open("w", encoding="utf-8") as out:
        for i in range(count):
            doc = templates[i % len(templates)]
            out.write(
                json.dumps({"id": f"{doc['id']}#{i}", "text": doc["text"]}, ensure_ascii=False)
                + "\n"
            )
    return path
