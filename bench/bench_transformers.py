"""The Transformers engine against itself unconstrained and against llama.cpp, same model.

    .venv/bin/python bench/bench_transformers.py [--prompts 6] [--max-tokens 96] [--threads 0]

SmolLM2-135M-Instruct both ways: the Hugging Face directory the test servers use
(``scripts/engine_servers.py build model``, bfloat16 weights loaded as float32) and the
Q4_1 GGUF it was converted from (``molextract models pull smollm2-135m``). The same
melting-point prompts go through, in this order: Transformers unconstrained and
constrained as one batch, Transformers constrained one prompt at a time, and the local
llama.cpp engine constrained and unconstrained (it generates one prompt at a time). Every
figure is generated tokens over wall time, prompt evaluation included, grammars compiled
and both models warmed up beforehand. llama.cpp reuses the prompts' shared prefix (the
instructions and examples); Transformers evaluates each prompt whole.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable
from pathlib import Path

import torch

from molextract.config import Settings
from molextract.engines.base import Generation, Prompt
from molextract.engines.local import LocalEngine
from molextract.engines.transformers import TransformersEngine
from molextract.engines.weights import resolve_model
from molextract.extraction.prompts import build_prompt
from molextract.schemas import get_schema

SCHEMA = get_schema("melting_point")
TEXTS = [
    "Urea was recrystallised from ethanol; it melts at 133 °C.",
    "Benzoic acid (mp 122 °C) was used as received.",
    "Phenol, a white solid, melts at 40.5 °C.",
    "After drying in vacuo overnight, the colourless needles of naphthalene melted at 80 °C.",
    "Acetanilide was obtained as plates, m.p. 114–115 °C.",
    "The hydrochloride salt decomposed above 250 °C without melting.",
    "Caffeine sublimes; its melting point is 235 °C.",
    "Aspirin melts at 135 °C.",
]


def valid(generation: Generation) -> bool:
    if generation.finish_reason != "stop":
        return False
    try:
        SCHEMA.generation_model.model_validate_json(generation.text, strict=True)
    except ValueError:
        return False
    return True


def timed(
    label: str, run: Callable[[], list[Generation]], rows: list[tuple[str, int, float, int]]
) -> None:
    started = time.perf_counter()
    generations = run()
    seconds = time.perf_counter() - started
    tokens = sum(g.completion_tokens for g in generations)
    ok = sum(valid(g) for g in generations)
    rows.append((label, tokens, seconds, ok))
    print(f"{label:48} {tokens:5} tok {seconds:7.1f} s {tokens / seconds:6.1f} tok/s "
          f"schema-valid {ok}/{len(generations)}", flush=True)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--prompts", type=int, default=6)
    parser.add_argument("--max-tokens", type=int, default=96)
    parser.add_argument("--threads", type=int, default=0, help="0: each library's default")
    args = parser.parse_args()
    settings = Settings()
    hf_dir = settings.models_dir / "smollm2-135m-hf"
    if not (hf_dir / "config.json").is_file():
        raise SystemExit(f"{hf_dir} is missing: python3 scripts/engine_servers.py build model")
    gguf: Path = resolve_model("smollm2-135m", settings.models_dir)
    prompts: list[Prompt] = [
        build_prompt(SCHEMA, TEXTS[i % len(TEXTS)]) for i in range(args.prompts)
    ]
    n = args.max_tokens
    hf = TransformersEngine(hf_dir, device="cpu", threads=args.threads)
    hf.count_tokens("load")
    print(f"{platform.processor() or platform.machine()}, torch {torch.__version__} "
          f"({torch.get_num_threads()} threads), {len(prompts)} prompts, {n} tokens max")  # fmt: skip

    local = LocalEngine(gguf, n_ctx=settings.local_context, n_threads=args.threads)
    started = time.perf_counter()
    hf.index(SCHEMA.json_schema)
    local.processor(SCHEMA.json_schema)
    hf.generate_sync(prompts[:1], SCHEMA.json_schema, 4)  # warm-up
    local.generate_sync(prompts[:1], SCHEMA.json_schema, 4)
    print(f"loaded, grammars compiled, warmed up in {time.perf_counter() - started:.1f} s")

    rows: list[tuple[str, int, float, int]] = []
    timed(
        "transformers unconstrained, one batch", lambda: hf.generate_unconstrained(prompts, n), rows
    )
    timed(
        "transformers constrained, one batch",
        lambda: hf.generate_sync(prompts, SCHEMA.json_schema, n),
        rows,
    )
    timed(
        "transformers constrained, one prompt at a time",
        lambda: [g for p in prompts for g in hf.generate_sync([p], SCHEMA.json_schema, n)],
        rows,
    )
    timed(
        "llama.cpp constrained (Outlines), one at a time",
        lambda: local.generate_sync(prompts, SCHEMA.json_schema, n),
        rows,
    )
    timed("llama.cpp unconstrained, one at a time",
          lambda: [local.generate_unconstrained(p, n) for p in prompts], rows)  # fmt: skip

    rate = {label: tokens / seconds for label, tokens, seconds, _ in rows}
    print(
        "\n| mode | tokens | seconds | tokens/s | schema-valid |\n| --- | ---: | ---: | ---: | ---: |"
    )
    for label, tokens, seconds, ok in rows:
        print(
            f"| {label} | {tokens} | {seconds:.1f} | {tokens / seconds:.1f} | {ok}/{len(prompts)} |"
        )
    labels = list(rate)
    print(
        f"\ntransformers constrained / unconstrained (batch): {rate[labels[1]] / rate[labels[0]]:.2f}"
    )
    print(f"transformers batch / llama.cpp, constrained: {rate[labels[1]] / rate[labels[3]]:.2f}")
    print(f"transformers one at a time / llama.cpp, constrained: {rate[labels[2]] / rate[labels[3]]:.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
