"""Constrained vs unconstrained generation on the local engine, same prompts.

    .venv/bin/python bench/bench_constrained.py [--model qwen2.5-coder-1.5b] [--max-tokens 384]

Reports generated tokens/s for both (and their ratio), with each prompt evaluated
beforehand so that only generation is timed, and the schema-validity rate
of constrained output against a plain prompt-then-parse baseline: the same prompt,
which shows the JSON Schema to the model, answered without a grammar and parsed
afterwards (leniently: code fences stripped, outermost braces taken).
"""

from __future__ import annotations

import argparse
import json
import time

from pydantic import ValidationError

from molextract.config import Settings
from molextract.engines.base import Generation, Prompt
from molextract.engines.local import LocalEngine
from molextract.engines.weights import resolve_model
from molextract.extraction.prompts import build_prompt
from molextract.schemas import SchemaSpec, get_schema
from record import example_documents

SENTENCES = [
    "Aspirin melts at 135 °C.",
    "Caffeine dissolves in water at 21.6 g/L at 25 °C.",
    "The measured logP of ibuprofen was 3.97.",
    "Chloroform has a density of 1.49 g/cm³ at 20 °C.",
    "Toluene (bp 110.6 °C) was distilled before use.",
]


def prompts(schema: SchemaSpec) -> list[Prompt]:
    texts = [d.text for d in example_documents()] + SENTENCES
    shown = json.dumps(schema.json_schema, ensure_ascii=False)
    out = []
    for text in texts:
        prompt = build_prompt(schema, text)
        prompt[0] = {"role": "system", "content": f"{prompt[0]['content']}\n\nAnswer with JSON "
                     f"that matches this JSON Schema:\n{shown}"}  # fmt: skip
        out.append(prompt)
    return out


def lenient_json(text: str) -> str:
    text = text.strip().removeprefix("```json").removeprefix("```").removesuffix("```")
    start, end = text.find("{"), text.rfind("}")
    return text[start : end + 1] if start >= 0 and end > start else text


def valid(schema: SchemaSpec, generation: Generation, lenient: bool) -> bool:
    text = lenient_json(generation.text) if lenient else generation.text
    try:
        schema.generation_model.model_validate_json(text, strict=True)
    except ValidationError:
        return False
    return generation.finish_reason == "stop"


def summarise(label: str, generations: list[Generation], seconds: float) -> float:
    tokens = sum(g.completion_tokens for g in generations)
    rate = tokens / seconds
    print(
        f"{label:13} {len(generations):3} prompts {tokens:6} tokens {seconds:7.1f} s {rate:6.1f} tok/s"
    )
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", default="qwen2.5-coder-1.5b")
    parser.add_argument("--schema", default="molecular_properties")
    parser.add_argument("--max-tokens", type=int, default=384)
    args = parser.parse_args()
    settings = Settings()
    engine = LocalEngine(
        resolve_model(args.model, settings.models_dir), n_ctx=settings.local_context
    )
    schema = get_schema(args.schema)
    batch = prompts(schema)
    started = time.perf_counter()
    engine.processor(schema.json_schema)
    print(f"model {args.model}, schema {args.schema}; grammar compiled in "
          f"{time.perf_counter() - started:.1f} s")  # fmt: skip
    free: list[Generation] = []
    constrained: list[Generation] = []
    free_seconds = constrained_seconds = 0.0
    for prompt in batch:
        # Evaluate the prompt first (untimed): llama.cpp reuses it as a cached prefix,
        # so the timed calls measure generation alone, for both modes alike.
        engine.generate_unconstrained(prompt, 1)
        started = time.perf_counter()
        free.append(engine.generate_unconstrained(prompt, args.max_tokens))
        free_seconds += time.perf_counter() - started
        engine.generate_unconstrained(prompt, 1)
        started = time.perf_counter()
        constrained.extend(engine.generate_sync([prompt], schema.json_schema, args.max_tokens))
        constrained_seconds += time.perf_counter() - started
    free_rate = summarise("unconstrained", free, free_seconds)
    constrained_rate = summarise("constrained", constrained, constrained_seconds)

    print(f"constrained / unconstrained tokens/s: {constrained_rate / free_rate:.2f}")
    n = len(batch)
    print(
        f"schema-valid, constrained:                 {sum(valid(schema, g, False) for g in constrained)}/{n}"
    )
    print(
        f"schema-valid, prompt-then-parse (strict):  {sum(valid(schema, g, False) for g in free)}/{n}"
    )
    print(
        f"schema-valid, prompt-then-parse (lenient): {sum(valid(schema, g, True) for g in free)}/{n}"
    )


if __name__ == "__main__":
    main()
