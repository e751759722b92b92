"""Recorded engine outputs, replayed: benchmarks only, never used by the product.

``ReplayEngine`` answers each prompt with the generation a real engine gave for the
same chunk text, so everything around the model (ingest, chunking, parsing, RDKit,
units, grounding, writing) can be timed and measured without the model's cost.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from molextract.engines.base import Engine, Generation, Prompt, estimate_tokens

RECORDING = Path(__file__).parent / "data" / "recorded-qwen2.5-coder-1.5b.jsonl"


def chunk_key(prompt: Prompt) -> str:
    return hashlib.sha256(prompt[-1]["content"].encode()).hexdigest()


class ReplayEngine:
    """Replays recorded generations by chunk text (benchmarks only)."""

    name = "replay"

    def __init__(self, recording: Path = RECORDING) -> None:
        self.model = "replay-of-" + recording.stem.removeprefix("recorded-")
        self._answers: dict[str, Generation] = {}
        with recording.open(encoding="utf-8") as handle:
            for line in handle:
                entry = json.loads(line)
                self._answers[entry["key"]] = Generation(**entry["generation"])

    async def generate(
        self, prompts: Sequence[Prompt], json_schema: dict[str, Any], *, max_tokens: int
    ) -> list[Generation]:
        return [self._answers[chunk_key(p)] for p in prompts]

    def count_tokens(self, text: str) -> int:
        return estimate_tokens(text)


class RecordingEngine:
    """Wraps a real engine and keeps what it generated (benchmarks only)."""

    def __init__(self, inner: Engine) -> None:
        self.inner = inner
        self.name = inner.name
        self.model = inner.model
        self.entries: list[dict[str, Any]] = []

    async def generate(
        self, prompts: Sequence[Prompt], json_schema: dict[str, Any], *, max_tokens: int
    ) -> list[Generation]:
        generations = await self.inner.generate(prompts, json_schema, max_tokens=max_tokens)
        for prompt, generation in zip(prompts, generations, strict=True):
            self.entries.append({"key": chunk_key(prompt), "generation": asdict(generation)})
        return generations

    def count_tokens(self, text: str) -> int:
        return estimate_tokens(text)

    def save(self, path: Path) -> None:
        with path.open("w", encoding="utf-8") as handle:
            for entry in self.entries:
                handle.write(json.dumps(entry, ensure_ascii=False) + "\n")
