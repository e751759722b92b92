"""What the largest inline schemas the service accepts cost a worker to compile.

    .venv/bin/python bench/bench_schema_cost.py [--models smollm2-135m qwen2.5-coder-1.5b]

For inline schemas at the submission limits (``api/schema_costs.py``: grammar states
and free-text places) and a few sizes below, it prints the estimate the API judges by,
whether the API accepts the schema, and then compiles the grammar the worker would,
the way the worker does (``engines/grammar_limits.py``: a child process under the
compile limits) over each model's real vocabulary: the compile's wall time, the
child's peak RSS (the worker's own memory no longer grows with a schema), and the size
of the cached index. Each compile runs in a fresh process so that peak RSS is that
compile's alone.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from molextract.api.problems import Problem
from molextract.api.schema_costs import MAX_GRAMMAR_STATES, MAX_TEXT_SLOTS, grammar_costs
from molextract.api.schema_costs import check_schema_cost as api_check
from molextract.config import Settings
from molextract.extraction import association
from molextract.extraction.candidates import anchored_supported
from molextract.schemas.registry import schema_from_json
from molextract.schemas.spec import SchemaSpec

MODELS = ("smollm2-135m", "qwen2.5-coder-1.5b")


def _schema(
    fields: dict[str, Any], *, unit: list[str] | None = None, records: int = 4
) -> dict[str, Any]:
    item = {
        "type": "object",
        "properties": {
            "quote": {"type": "string"},
            "compound": {"type": "string"},
            "property": {"enum": ["melting_point"]},
            "value": {"type": "string"},
            "unit": {"enum": unit or ["°C", "K"]},
            **fields,
        },
    }
    return {
        "title": "bench",
        "type": "object",
        "properties": {"records": {"type": "array", "maxItems": records, "items": item}},
    }


def _text(n: int) -> dict[str, Any]:
    return {
        f"note{i}": {"type": ["string", "null"], "description": f"Note {i}.", "maxLength": 1000}
        for i in range(n)
    }


def _tags(items: int, choices: int) -> dict[str, Any]:
    return {
        "tags": {
            "type": "array",
            "maxItems": items,
            "items": {"enum": [f"tag{i}" for i in range(choices)]},
            "description": "Tags.",
        }
    }


#: (name, inline schema): the limits' largest accepted schemas and sizes below them.
CASES = [
    ("built-in shape (anchored)", _schema({})),
    ("1 text field, maxLength 1000 (anchored)", _schema(_text(1))),
    ("16 text fields, maxLength 1000 (anchored)", _schema(_text(16))),
    ("list of 16 among 70 choices (anchored)", _schema(_tags(16, 70))),
    ("list of 16 among 140 choices (anchored)", _schema(_tags(16, 140))),
    ("4 records (generated)", _schema({}, unit=["mPa·s"], records=4)),
    ("8 records (generated)", _schema({}, unit=["mPa·s"], records=8)),
    ("16 records, 64 text places (generated)", _schema({}, unit=["mPa·s"], records=16)),
]


def _grammar(spec: SchemaSpec) -> dict[str, Any]:
    if anchored_supported(spec):
        return association.answer_json_schema(spec)
    return spec.json_schema


def _measure(model: str, name: str) -> None:
    """In a fresh process: compile one case's grammar as the worker does; print JSON."""
    import outlines
    from llama_cpp import Llama
    from outlines.backends.outlines_core import OutlinesCoreBackend
    from outlines_core.json_schema import build_regex_from_schema

    from molextract.engines.grammar_cache import index_path
    from molextract.engines.grammar_limits import CompileLimits, limited_index
    from molextract.engines.local import WHITESPACE_PATTERN
    from molextract.engines.weights import resolve_model

    settings = Settings()
    spec = schema_from_json(dict(CASES)[name], default_name="bench", source="bench")
    regex = build_regex_from_schema(json.dumps(_grammar(spec)), WHITESPACE_PATTERN)
    llama = Llama(
        model_path=str(resolve_model(model, settings.models_dir)), vocab_only=True, verbose=False
    )
    vocabulary = OutlinesCoreBackend(outlines.from_llamacpp(llama)).vocabulary
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch)
        started = time.perf_counter()
        index = limited_index(
            directory,
            lambda d: index_path(d, model, regex),
            regex,
            vocabulary,
            CompileLimits.from_settings(settings),
        )
        seconds = time.perf_counter() - started
        size = sum(p.stat().st_size for p in directory.iterdir())
    print(
        json.dumps(
            {
                "seconds": round(seconds, 2),
                "child_peak_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024,
                "index_mb": round(size / 2**20, 1),
                "states": len(index.get_transitions()),
                "vocabulary": llama.n_vocab(),
            }
        )
    )


def _verdict(spec: SchemaSpec, settings: Settings) -> str:
    try:
        api_check(spec, settings)
    except Problem as problem:
        return f"refused: {problem.detail[:90]}"
    return "accepted"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", nargs="+", default=list(MODELS))
    parser.add_argument("--measure", nargs=2, metavar=("MODEL", "CASE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        _measure(*args.measure)
        return
    print(f"limits: {MAX_GRAMMAR_STATES} estimated states, {MAX_TEXT_SLOTS} free-text places")
    print("| schema | model | est. states | text places | API | real states | compile s | "
          "compile peak RSS MB | index MB |")  # fmt: skip
    print("| --- | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |")
    for name, document in CASES:
        spec = schema_from_json(document, default_name="bench", source="bench")
        costs = grammar_costs(spec)
        states = sum(c.states for c in costs) + 4
        slots = sum(c.text_slots for c in costs)
        for model in args.models:
            verdict = _verdict(spec, Settings(local_model=model))
            run = subprocess.run(
                [sys.executable, __file__, "--measure", model, name],
                capture_output=True,
                text=True,
                check=False,
            )
            if run.returncode != 0:
                print(f"| {name} | {model} | {states} | {slots} | {verdict} | failed: "
                      f"{run.stderr.strip().splitlines()[-1:]} | | | |")  # fmt: skip
                continue
            m = json.loads(run.stdout.strip().splitlines()[-1])
            print(f"| {name} | {model} | {states} | {slots} | {verdict} | {m['states']} | "
                  f"{m['seconds']} | {m['child_peak_mb']} | {m['index_mb']} |")  # fmt: skip
            sys.stdout.flush()


if __name__ == "__main__":
    main()
