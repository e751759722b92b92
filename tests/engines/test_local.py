"""The embedded engine on a real model (SmolLM2-135M through llama.cpp + Outlines)."""

import json
from pathlib import Path
from typing import Any

import pytest

from molextract.engines.base import Engine, Prompt
from molextract.engines.local import LocalEngine, _GuardedProcessor
from molextract.errors import ConstraintError, PermanentEngineError, PromptTooLongError
from molextract.extraction.prompts import build_prompt
from molextract.schemas import get_schema

pytestmark = pytest.mark.model

SCHEMA = get_schema("melting_point")
FREE_TEXT: Prompt = [
    {"role": "system", "content": "You are a poet. Never write JSON, braces or quotes."},
    {"role": "user", "content": "Write four lines of free verse about the sea."},
]


def test_local_engine_satisfies_the_protocol(smol_engine: LocalEngine) -> None:
    assert isinstance(smol_engine, Engine)
    assert smol_engine.name == "local"
    assert smol_engine.model == "smollm2-135m"
    assert smol_engine.count_tokens("Aspirin melts at 135 °C.") > 3


YES_NO = {
    "type": "object",
    "properties": {"answer": {"enum": ["yes", "no"]}},
    "required": ["answer"],
    "additionalProperties": False,
}


def test_constraint_is_active_even_when_the_prompt_asks_for_prose(smol_engine: LocalEngine) -> None:
    unconstrained = smol_engine.generate_unconstrained(FREE_TEXT, 48)
    with pytest.raises(ValueError):
        json.loads(unconstrained.text)  # the model left alone writes prose, not JSON
    [generation] = smol_engine.generate_sync([FREE_TEXT], YES_NO, 32)
    assert generation.finish_reason == "stop"
    assert json.loads(generation.text) in ({"answer": "yes"}, {"answer": "no"})
    assert generation.prompt_tokens > 10 and generation.completion_tokens > 2


def test_extraction_schema_output_is_json_from_the_first_token(smol_engine: LocalEngine) -> None:
    [generation] = smol_engine.generate_sync([FREE_TEXT], SCHEMA.json_schema, 64)
    assert generation.text.replace(" ", "").startswith('{"records":[')
    if generation.finish_reason == "stop":
        SCHEMA.generation_model.model_validate_json(generation.text, strict=True)


def test_a_too_small_budget_is_reported_as_length(smol_engine: LocalEngine) -> None:
    prompt: Prompt = [{"role": "user", "content": "Text:\nAspirin melts at 135 °C."}]
    [generation] = smol_engine.generate_sync([prompt], SCHEMA.json_schema, 5)
    assert generation.finish_reason == "length"
    assert generation.completion_tokens == 5


def test_compiled_schema_is_cached_per_schema(smol_engine: LocalEngine) -> None:
    first = smol_engine.processor(SCHEMA.json_schema)
    assert smol_engine.processor(dict(SCHEMA.json_schema)) is first
    assert smol_engine.processor(get_schema("density").json_schema) is not first


def test_batch_returns_one_generation_per_prompt_in_order(smol_engine: LocalEngine) -> None:
    texts = ["Urea melts at 133 °C.", "Phenol, a white solid, melts at 40.5 °C.",
             "After drying in vacuo overnight, the colourless needles of naphthalene melted at 80 °C."]  # fmt: skip
    prompts = [build_prompt(SCHEMA, text) for text in texts]
    generations = smol_engine.generate_sync(prompts, SCHEMA.json_schema, 200)
    assert len(generations) == 3
    lengths = [g.prompt_tokens for g in generations]
    assert lengths == sorted(lengths) and len(set(lengths)) == 3, (
        "answers come back in prompt order"
    )
    for generation in generations:
        assert generation.finish_reason == "stop"
        SCHEMA.generation_model.model_validate_json(generation.text, strict=True)


class FaultInjectingProcessor:
    """Fake processor that fails like Outlines' kernels do without numba (fault injection)."""

    def reset(self) -> None:
        return None

    def __call__(self, input_ids: Any, scores: Any) -> Any:
        raise RuntimeError("injected: numba missing")


def test_a_failing_constraint_is_refused_not_ignored(smol_engine: LocalEngine) -> None:
    engine = LocalEngine(smol_engine._path)
    engine._ensure_loaded()
    key = json.dumps(SCHEMA.json_schema, sort_keys=True)
    engine._processors[key] = _GuardedProcessor(
        FaultInjectingProcessor(), engine._llama.token_eos()
    )
    with pytest.raises(ConstraintError, match="injected: numba missing"):
        engine.generate_sync([FREE_TEXT], SCHEMA.json_schema, 8)


def test_compiled_grammar_is_kept_on_disk_and_reused(
    smol_engine: LocalEngine, tmp_path: Path
) -> None:
    first = LocalEngine(smol_engine._path, grammar_dir=tmp_path)
    first.processor(SCHEMA.json_schema)
    [stored] = list(tmp_path.glob("*.index"))
    written = stored.stat().st_mtime_ns
    second = LocalEngine(smol_engine._path, grammar_dir=tmp_path)
    [generation] = second.generate_sync(
        [build_prompt(SCHEMA, "Urea melts at 133 °C.")], SCHEMA.json_schema, 200
    )
    SCHEMA.generation_model.model_validate_json(generation.text, strict=True)
    assert stored.stat().st_mtime_ns == written, "the stored index was loaded, not rebuilt"
    stored.write_bytes(b"garbage")
    third = LocalEngine(smol_engine._path, grammar_dir=tmp_path)
    third.processor(SCHEMA.json_schema)
    assert stored.read_bytes() != b"garbage", "a damaged index is rebuilt"


def test_all_cores_by_default_for_prompt_and_generation(smol_engine: LocalEngine) -> None:
    """Left unset, llama-cpp-python generates on half the cores; 0 must mean all of them."""
    from molextract.engines.local import available_cores

    smol_engine.count_tokens("load")  # loads the model
    params = smol_engine._ensure_loaded().context_params
    assert params.n_threads == available_cores()
    assert params.n_threads_batch == available_cores()


def test_an_explicit_thread_count_is_used_for_both(tmp_path: Path) -> None:
    from molextract.config import Settings
    from molextract.engines.weights import resolve_model

    engine = LocalEngine(resolve_model("smollm2-135m", Settings().models_dir), n_threads=1)
    params = engine._ensure_loaded().context_params
    assert (params.n_threads, params.n_threads_batch) == (1, 1)


TINY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"x": {"type": "integer"}},
    "required": ["x"],
    "additionalProperties": False,
}


def _short_context(smol_engine: LocalEngine, tmp_path: Path) -> LocalEngine:
    return LocalEngine(smol_engine._path, n_ctx=512, grammar_dir=tmp_path)


def test_a_prompt_longer_than_the_context_is_refused_before_any_compile(
    smol_engine: LocalEngine, tmp_path: Path
) -> None:
    """A schema whose prompt can never fit fails for good, and costs no grammar compile."""
    engine = _short_context(smol_engine, tmp_path)
    prompt = build_prompt(SCHEMA, "Urea melts at 133 °C. " * 200)
    with pytest.raises(PromptTooLongError, match="context of 512 tokens") as refused:
        engine.generate_sync([prompt], SCHEMA.json_schema, 64)
    assert isinstance(refused.value, PermanentEngineError)
    assert engine._processors == {}
    assert list(tmp_path.iterdir()) == []


def test_llama_cpps_own_refusal_is_the_same_permanent_error(
    smol_engine: LocalEngine, tmp_path: Path
) -> None:
    """Content just under the context passes the cheap check; the chat template tips it over."""
    engine = _short_context(smol_engine, tmp_path)
    words = 500
    while engine.count_tokens("a" + " a" * words) < 510:
        words += 1
    prompt: Prompt = [{"role": "user", "content": "a" + " a" * words}]
    with pytest.raises(PromptTooLongError, match="exceed context window"):
        engine.generate_sync([prompt], TINY_SCHEMA, 16)
