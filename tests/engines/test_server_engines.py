"""The SGLang and vLLM engines against real servers on this CPU (SmolLM2-135M).

The servers are the project's CPU test builds (``scripts/engine_servers.py``),
started once per session by the fixtures in ``tests/conftest.py``.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import pytest

from molextract.config import Settings
from molextract.engines.base import Engine, Generation
from molextract.engines.fallback import FallbackEngine
from molextract.engines.local import LocalEngine
from molextract.engines.sglang import SGLangEngine
from molextract.engines.vllm import VllmEngine
from molextract.errors import PromptTooLongError
from molextract.extraction.pipeline import Pipeline
from molextract.extraction.prompts import build_prompt
from molextract.runs.local import run_bulk
from molextract.runs.sinks import JsonlSink
from tests.utils.engine_cases import (
    PROSE_PROMPT,
    SCHEMA,
    SCHEMA_PREFIX,
    TEXTS,
    assert_schema_valid,
    documents,
)
from tests.utils.engine_servers import EngineServer

pytestmark = [pytest.mark.slow, pytest.mark.engine_server, pytest.mark.model]


class RecordingTransport(httpx.AsyncHTTPTransport):
    """The real transport, keeping a copy of every request body sent through it."""

    def __init__(self) -> None:
        super().__init__()
        self.bodies: list[dict[str, Any]] = []

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if request.method == "POST":
            self.bodies.append(json.loads(request.content))
        return await super().handle_async_request(request)


def _settings() -> Settings:
    return Settings(max_new_tokens=160, chunk_tokens=400)


@pytest.fixture(params=["sglang", "vllm", "local"])
def any_engine(request: pytest.FixtureRequest, smol_engine: LocalEngine) -> Iterator[Engine]:
    if request.param == "local":
        yield smol_engine
        return
    server: EngineServer = request.getfixturevalue(request.param)
    kind = SGLangEngine if request.param == "sglang" else VllmEngine
    yield kind(server.url, timeout=600)


def test_the_same_documents_give_schema_valid_records_on_every_engine(
    any_engine: Engine,
) -> None:
    results = Pipeline(SCHEMA, any_engine, _settings()).run(documents())
    assert_schema_valid(results, any_engine.name)
    if any_engine.name != "local":
        assert results[0].engine.model == "smollm2-135m"


@pytest.mark.parametrize("kind", ["sglang", "vllm"])
def test_a_prompt_asking_for_prose_still_yields_schema_valid_json(
    kind: str, request: pytest.FixtureRequest
) -> None:
    server: EngineServer = request.getfixturevalue(kind)
    engine_type = SGLangEngine if kind == "sglang" else VllmEngine
    engine = engine_type(server.url, timeout=600)
    [generation] = asyncio.run(
        engine.generate([PROSE_PROMPT], SCHEMA.json_schema, max_tokens=200)  # type: ignore[list-item]
    )
    if generation.finish_reason == "stop":
        jsonschema.validate(json.loads(generation.text), SCHEMA.json_schema)
    else:  # cut off by the budget: still a prefix of schema-shaped JSON, never prose
        # (the grammar allows whitespace between tokens, which the model may use)
        assert SCHEMA_PREFIX.match(generation.text), generation.text[:200]


def test_vllm_requests_never_carry_guided_fields(vllm: EngineServer) -> None:
    for structured in ("response_format", "structured_outputs"):
        transport = RecordingTransport()
        engine = VllmEngine(vllm.url, structured=structured, transport=transport)  # type: ignore[arg-type]
        generations = asyncio.run(
            engine.generate([PROSE_PROMPT], SCHEMA.json_schema, max_tokens=120)  # type: ignore[list-item]
        )
        posted = [b for b in transport.bodies if "messages" in b]
        assert posted and not [k for b in posted for k in b if k.startswith("guided")]
        assert SCHEMA_PREFIX.match(generations[0].text), generations[0].text[:200]


def test_sglang_regex_constraint(sglang: EngineServer) -> None:
    engine = SGLangEngine(sglang.url)
    [outcome] = asyncio.run(
        engine.generate_each(
            [PROSE_PROMPT],  # type: ignore[list-item]
            SCHEMA.json_schema,
            max_tokens=20,
            regex=r"mp [0-9]{2,3} °C",
        )
    )
    assert isinstance(outcome, Generation)
    assert re.fullmatch(r"mp [0-9]{2,3} °C", outcome.text), outcome.text


def test_sglang_stopped_mid_run_hands_the_rest_to_vllm(
    sglang: EngineServer, vllm: EngineServer, tmp_path: Path
) -> None:
    source = tmp_path / "docs.jsonl"
    source.write_text(
        "".join(json.dumps({"id": f"p{i}", "text": TEXTS[i % 3]}) + "\n" for i in range(6)),
        encoding="utf-8",
    )
    chain = FallbackEngine(
        [SGLangEngine(sglang.url, timeout=600), VllmEngine(vllm.url, timeout=600)],
        failures=1,
        cooldown=600,
    )
    pipeline = Pipeline(SCHEMA, chain, _settings())
    out = tmp_path / "out.jsonl"
    batches = 0

    # SGLang is killed while the second batch's requests are in flight (SmolLM2 takes
    # about a second or more per batch on this CPU), so those requests may die
    # mid-answer; on a fast machine the second batch can finish first. Either way the
    # third batch starts only once SGLang is gone.
    killer = threading.Timer(1.5, sglang.stop)

    def after_batch(_: object) -> None:
        nonlocal batches
        batches += 1
        if batches == 1:
            killer.start()
        elif batches == 2:
            killer.join()

    try:
        with JsonlSink(out, append=False) as sink:
            stats = run_bulk(pipeline, [source], sink, None, batch_size=2, skip_ids=set(),
                             on_batch=after_batch)  # fmt: skip
    finally:
        killer.cancel()
        if killer.ident is not None:  # started: let a stop in progress finish
            killer.join()
        sglang.start()
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [line["doc_id"] for line in lines] == [f"p{i}" for i in range(6)]  # once each
    assert stats.documents == 6
    # p2 and p5 state no value: no chunk of theirs reaches any engine
    asked = [line for line in lines if line["usage"]["model_calls"]]
    assert [line["doc_id"] for line in asked] == ["p0", "p1", "p3", "p4"]
    served = [(line["engine"]["name"], line["engine"].get("fallback_from")) for line in asked]
    assert served[:2] == [("sglang", None)] * 2
    # p3 (second batch) was answered before the kill or handed over; p4 (third) is vLLM's
    assert served[2] in (("sglang", None), ("vllm", "sglang"))
    assert served[3] == ("vllm", "sglang")
    assert chain.breakers["sglang"].state == "open"
    for line in lines:
        assert not [e for e in line["errors"] if e["code"] in ("engine_error", "invalid_output")]


@pytest.mark.parametrize("kind", ["sglang", "vllm"])
def test_a_prompt_longer_than_the_servers_context_is_refused_for_good(
    kind: str, request: pytest.FixtureRequest
) -> None:
    """The real servers' HTTP 400 for a prompt past their context (4096 tokens here) is
    read as a permanent refusal, never as an outage to retry."""
    server: EngineServer = request.getfixturevalue(kind)
    engine_type = SGLangEngine if kind == "sglang" else VllmEngine
    engine = engine_type(server.url, timeout=600)
    prompt = build_prompt(SCHEMA, "Urea melts at 133 °C. " * 1200)
    with pytest.raises(PromptTooLongError, match="does not fit the model's context"):
        asyncio.run(engine.generate([prompt], SCHEMA.json_schema, max_tokens=64))
