"""The Transformers engine on the real SmolLM2-135M in Hugging Face format, real torch,
real Transformers and real Outlines (the model the vLLM and SGLang test servers serve,
built by ``scripts/engine_servers.py build model``)."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from molextract.config import Settings
from molextract.engines.base import Engine, Prompt
from molextract.engines.factory import create_engine
from molextract.engines.fallback import FallbackEngine
from molextract.engines.transformers import TransformersEngine, pick_device
from molextract.errors import ConfigError, EngineError, EngineUnavailableError, ModelError
from molextract.extraction.pipeline import Pipeline
from molextract.extraction.prompts import build_prompt
from molextract.schemas import get_schema, output_line_json_schema
from tests.utils.engine_cases import (
    PROSE_PROMPT,
    SCHEMA,
    SCHEMA_PREFIX,
    TEXTS,
    assert_schema_valid,
    documents,
)
from tests.utils.engine_servers import ensure_built
from tests.utils.fault_server import fault_server

pytestmark = [pytest.mark.model, pytest.mark.slow]

YES_NO = {
    "type": "object",
    "properties": {"answer": {"enum": ["yes", "no"]}},
    "required": ["answer"],
    "additionalProperties": False,
}


@pytest.fixture(scope="module")
def model_dir() -> Path:
    return Path(ensure_built("model")["model"])


@pytest.fixture(scope="module")
def engine(model_dir: Path) -> TransformersEngine:
    return TransformersEngine(model_dir)


def test_engine_satisfies_the_protocol_on_the_cpu(engine: TransformersEngine) -> None:
    assert isinstance(engine, Engine)
    assert engine.name == "transformers"
    assert engine.model == "smollm2-135m-hf"
    assert engine.device == "cpu", "no GPU here: auto picks the CPU"
    assert engine.count_tokens("Aspirin melts at 135 °C.") > 3


def test_the_same_documents_give_schema_valid_records(engine: TransformersEngine) -> None:
    """The documents and checks of the sglang/vllm/local test, through this engine."""
    results = Pipeline(SCHEMA, engine, Settings(max_new_tokens=160, chunk_tokens=400)).run(
        documents()
    )
    assert_schema_valid(results, "transformers")
    assert results[0].engine.model == "smollm2-135m-hf"
    assert results[0].usage.completion_tokens > 0


def test_constraint_is_active_even_when_the_prompt_asks_for_prose(
    engine: TransformersEngine,
) -> None:
    [free] = engine.generate_unconstrained([PROSE_PROMPT], 48)  # type: ignore[list-item]
    with pytest.raises(ValueError):
        json.loads(free.text)  # the model left alone writes prose, not JSON
    [answer] = engine.generate_sync([PROSE_PROMPT], YES_NO, 32)  # type: ignore[list-item]
    assert answer.finish_reason == "stop"
    assert json.loads(answer.text) in ({"answer": "yes"}, {"answer": "no"})
    [record] = engine.generate_sync([PROSE_PROMPT], SCHEMA.json_schema, 64)  # type: ignore[list-item]
    assert SCHEMA_PREFIX.match(record.text), record.text[:200]
    if record.finish_reason == "stop":
        SCHEMA.generation_model.model_validate_json(record.text, strict=True)


def test_one_batch_gives_one_answer_per_prompt_in_order(engine: TransformersEngine) -> None:
    texts = ["Urea melts at 133 °C.", "Phenol, a white solid, melts at 40.5 °C.",
             "After drying in vacuo overnight, the colourless needles of naphthalene melted at 80 °C."]  # fmt: skip
    generations = engine.generate_sync(
        [build_prompt(SCHEMA, text) for text in texts], SCHEMA.json_schema, 200
    )
    lengths = [g.prompt_tokens for g in generations]
    assert lengths == sorted(lengths) and len(set(lengths)) == 3, "padding is not counted"
    for generation, text in zip(generations, texts, strict=True):
        assert generation.finish_reason == "stop"
        answer = SCHEMA.generation_model.model_validate_json(generation.text, strict=True)
        assert json.loads(answer.model_dump_json())["records"][0]["quote"] in text
        assert generation.completion_tokens > 10


def test_a_too_small_budget_is_reported_as_length(engine: TransformersEngine) -> None:
    prompt: Prompt = build_prompt(SCHEMA, "Aspirin melts at 135 °C.")
    [generation] = engine.generate_sync([prompt], SCHEMA.json_schema, 5)
    assert (generation.finish_reason, generation.completion_tokens) == ("length", 5)


def test_a_prompt_and_budget_beyond_the_context_are_refused_before_generating(
    engine: TransformersEngine,
) -> None:
    prompt: Prompt = build_prompt(SCHEMA, "Aspirin melts at 135 °C.")
    with pytest.raises(EngineError, match="do not fit the model's context of 8192 tokens"):
        engine.generate_sync([prompt], SCHEMA.json_schema, 8000)


class FaultInjectingMask:
    """A grammar mask that fails on its first call (fault injection)."""

    calls = 0

    def __call__(self, input_ids: object, scores: object) -> object:
        raise RuntimeError("injected: the guide failed")


def test_a_failing_grammar_mask_fails_the_batch_as_an_engine_error(
    engine: TransformersEngine,
) -> None:
    prompt: Prompt = build_prompt(SCHEMA, "Aspirin melts at 135 °C.")
    with pytest.raises(EngineError, match="injected: the guide failed"):
        engine._batch([prompt], FaultInjectingMask(), 8)  # type: ignore[arg-type]


def test_compiled_grammar_is_cached_per_schema_and_on_disk(model_dir: Path, tmp_path: Path) -> None:
    first = TransformersEngine(model_dir, grammar_dir=tmp_path)
    index = first.index(SCHEMA.json_schema)
    assert first.index(dict(SCHEMA.json_schema)) is index
    assert first.index(get_schema("density").json_schema) is not index
    stored = sorted(tmp_path.glob("hf-*.index"))
    assert len(stored) == 2
    written = [path.stat().st_mtime_ns for path in stored]
    second = TransformersEngine(model_dir, grammar_dir=tmp_path)
    [generation] = second.generate_sync(
        [build_prompt(SCHEMA, "Urea melts at 133 °C.")], SCHEMA.json_schema, 200
    )
    SCHEMA.generation_model.model_validate_json(generation.text, strict=True)
    assert [path.stat().st_mtime_ns for path in stored] == written, "loaded, not rebuilt"


def test_a_directory_that_is_not_a_model_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match=r"no config\.json"):
        TransformersEngine(tmp_path)
    with pytest.raises(ModelError, match="does not exist"):
        TransformersEngine(tmp_path / "missing")
    gguf = tmp_path / "model.gguf"
    gguf.write_bytes(b"GGUF")
    with pytest.raises(ModelError, match="GGUF file is for --engine local"):
        TransformersEngine(gguf)
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "config.json").write_text('{"model_type": "no-such-architecture"}')
    with pytest.raises(EngineUnavailableError, match=r"could not load the model in .*broken"):
        TransformersEngine(broken).count_tokens("x")
    with pytest.raises(ConfigError, match="MOLEXTRACT_TRANSFORMERS_MODEL"):
        create_engine(Settings(transformers_model=""), engine="transformers")


def test_a_model_without_a_chat_template_is_refused(model_dir: Path, tmp_path: Path) -> None:
    copy = tmp_path / "no-template"
    copy.mkdir()
    for path in model_dir.iterdir():
        if path.name == "model.safetensors":
            (copy / path.name).symlink_to(path)
        elif path.name != "chat_template.jinja":
            shutil.copy(path, copy / path.name)
    config = json.loads((copy / "tokenizer_config.json").read_text())
    config.pop("chat_template", None)
    (copy / "tokenizer_config.json").write_text(json.dumps(config))
    with pytest.raises(EngineUnavailableError, match="no chat template"):
        TransformersEngine(copy).count_tokens("x")


def test_device_is_automatic_and_overridable() -> None:
    assert str(pick_device("auto")) == "cpu"
    assert str(pick_device("CPU")) == "cpu"
    with pytest.raises(EngineUnavailableError, match="sees no CUDA GPU"):
        pick_device("cuda")
    with pytest.raises(ConfigError, match="not a torch device"):
        pick_device("gpu-please")
    with pytest.raises(EngineUnavailableError, match="sees no CUDA GPU"):
        TransformersEngine(Path(ensure_built("model")["model"]), device="cuda:0").count_tokens("x")


def test_it_takes_over_in_the_fallback_chain_when_a_server_fails(model_dir: Path) -> None:
    with fault_server("http_500") as server:
        settings = Settings(
            engines="openai,transformers", openai_url=server.url, transformers_model=str(model_dir)
        )
        chain = create_engine(settings)
        assert isinstance(chain, FallbackEngine)
        assert [e.name for e in chain.engines] == ["openai", "transformers"]
        [generation] = asyncio.run(
            chain.generate(
                [build_prompt(SCHEMA, "Urea melts at 133 °C.")], SCHEMA.json_schema, max_tokens=200
            )
        )
        assert server.bodies, "the server was tried first"
    assert (generation.engine, generation.fallback_from) == ("transformers", "openai")
    SCHEMA.generation_model.model_validate_json(generation.text, strict=True)


def test_a_thread_count_is_given_to_torch(model_dir: Path) -> None:
    import torch

    before = torch.get_num_threads()
    try:
        create_engine(
            Settings(transformers_threads=1), engine="transformers", model=str(model_dir)
        ).count_tokens("x")
        assert torch.get_num_threads() == 1
    finally:
        torch.set_num_threads(before)


def test_molextract_run_with_engine_transformers(model_dir: Path, tmp_path: Path) -> None:
    """The command as a user types it, in its own process."""
    source = tmp_path / "in.jsonl"
    source.write_text(
        "".join(json.dumps({"id": f"d{i}", "text": t}) + "\n" for i, t in enumerate(TEXTS)),
        encoding="utf-8",
    )
    out = tmp_path / "out.jsonl"
    run = [sys.executable, "-m", "molextract.cli", "run", str(source), "--schema", "melting_point"]
    env = {**os.environ, "MOLEXTRACT_MAX_NEW_TOKENS": "160"}
    done = subprocess.run(
        [*run, "--engine", "transformers", "--model", str(model_dir), "-o", str(out)],
        capture_output=True, text=True, env=env, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [line["doc_id"] for line in lines] == ["d0", "d1", "d2"]
    for line in lines:
        jsonschema.validate(line, output_line_json_schema())
        assert line["engine"]["name"] == "transformers"
        assert line["engine"]["model"] == "smollm2-135m-hf"
        assert not [e for e in line["errors"] if e["code"] in ("invalid_output", "engine_error")]
    assert any(line["records"] for line in lines)
    unnamed = subprocess.run(
        [*run, "-o", str(tmp_path / "none.jsonl")],
        capture_output=True, text=True, timeout=120, check=False,
        env={**env, "MOLEXTRACT_ENGINES": "transformers", "MOLEXTRACT_TRANSFORMERS_MODEL": ""},
    )  # fmt: skip
    assert unnamed.returncode != 0
    assert "MOLEXTRACT_TRANSFORMERS_MODEL" in unnamed.stderr
