"""The fallback chain and its circuit breaker, with the real local engine as fallback.

Faults come from a real refused connection (a closed port) and from the named
fault-injecting server in ``tests/utils/fault_server.py``.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from molextract.config import Settings
from molextract.engines.base import Engine, Generation
from molextract.engines.factory import create_engine, engine_chain
from molextract.engines.fallback import CircuitBreaker, FallbackEngine
from molextract.engines.local import LocalEngine
from molextract.engines.openai_compat import OpenAICompatibleEngine, SchemaUnsupportedError
from molextract.engines.vllm import VllmEngine
from molextract.errors import (
    ConfigError,
    EngineUnavailableError,
    PermanentEngineError,
    PromptTooLongError,
)
from molextract.extraction.pipeline import Pipeline
from molextract.extraction.prompts import build_prompt
from molextract.ingest.document import Document
from molextract.schemas import get_schema
from tests.utils.fault_server import CONTEXT_MESSAGES, closed_port_url, fault_server

SCHEMA = get_schema("melting_point")
TEXTS = ["Urea melts at 133 °C.", "Benzoic acid (mp 122 °C) was used."]
ANSWER = json.dumps(
    {
        "records": [
            {"quote": "Urea melts at 133 °C", "compound": "urea", "smiles": None,
             "property": "melting_point", "value": "133", "unit": "°C", "conditions": None}
        ]
    }
)  # fmt: skip

pytestmark = pytest.mark.model


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _prompts(n: int = 2) -> list[Any]:
    return [build_prompt(SCHEMA, TEXTS[i % len(TEXTS)]) for i in range(n)]


def _generate(engine: Engine, n: int = 2) -> list[Generation]:
    return asyncio.run(engine.generate(_prompts(n), SCHEMA.json_schema, max_tokens=64))


def test_breaker_opens_after_failures_probes_after_cooldown_and_backs_off() -> None:
    clock = Clock()
    breaker = CircuitBreaker(failures=2, cooldown=10, clock=clock)
    breaker.failed()
    assert breaker.state == "closed"
    breaker.failed()
    assert breaker.state == "open" and not breaker.allows()
    clock.now += 10
    assert breaker.state == "half-open" and breaker.allows()
    breaker.failed()  # the probe failed: open again, for twice as long
    clock.now += 19
    assert breaker.state == "open"
    clock.now += 1
    assert breaker.allows()
    breaker.succeeded()
    assert breaker.state == "closed" and breaker.opened == 0


def test_a_dead_server_falls_back_to_local_and_its_breaker_opens(
    smol_engine: LocalEngine,
) -> None:
    clock = Clock()
    dead = VllmEngine(closed_port_url(), "m", timeout=5)
    chain = FallbackEngine([dead, smol_engine], failures=2, cooldown=60, clock=clock)

    for _ in range(2):
        generations = _generate(chain)
        assert [(g.engine, g.fallback_from) for g in generations] == [("local", "vllm")] * 2
        assert all(g.finish_reason == "length" or json.loads(g.text) for g in generations)
    assert chain.breakers["vllm"].state == "open"

    with fault_server("ok", ANSWER) as alive:
        # While open, the chain does not even try vLLM; once the cooldown is over one
        # batch probes it, and a success closes the breaker.
        dead.base_url = alive.url
        assert {g.engine for g in _generate(chain)} == {"local"} and alive.bodies == []
        clock.now += 60
        probed = _generate(chain)
    assert [(g.engine, g.fallback_from, g.model) for g in probed] == [
        ("vllm", None, "fault-injector")
    ] * 2
    assert chain.breakers["vllm"].state == "closed"


@pytest.mark.parametrize("mode", ["http_500", "schema_400", "hang"])
def test_server_faults_fall_through_to_the_next_engine(smol_engine: LocalEngine, mode: str) -> None:
    with fault_server(mode) as server:
        faulty = OpenAICompatibleEngine(server.url, timeout=2)
        generations = _generate(FallbackEngine([faulty, smol_engine]))
    assert [(g.engine, g.fallback_from) for g in generations] == [("local", "openai")] * 2
    assert len(server.bodies) == 2


def test_a_schema_the_server_cannot_compile_is_its_own_error() -> None:
    with fault_server("schema_400") as server, pytest.raises(SchemaUnsupportedError):
        _generate(OpenAICompatibleEngine(server.url))


def test_off_schema_output_is_retried_once_then_falls_through(smol_engine: LocalEngine) -> None:
    with fault_server("off_schema") as server:
        chain = FallbackEngine([OpenAICompatibleEngine(server.url), smol_engine])
        generations = _generate(chain)
    assert len(server.bodies) == 4  # each prompt twice
    assert {g.engine for g in generations} == {"local"}
    assert chain.breakers["openai"].consecutive == 0  # a bad answer is not an outage


def test_all_engines_down_gives_per_document_errors_and_loses_nothing(
    settings: Settings,
) -> None:
    with fault_server("http_500") as server:
        chain = FallbackEngine(
            [VllmEngine(closed_port_url(), "m"), OpenAICompatibleEngine(server.url)]
        )
        results = Pipeline(SCHEMA, chain, settings).run(
            [Document(f"d{i}", text) for i, text in enumerate(TEXTS)]
        )
    assert [r.doc_id for r in results] == ["d0", "d1"]
    for result in results:
        assert result.records == [] and [e.code for e in result.errors] == ["engine_error"]
        message = result.errors[0].message
        assert "vllm" in message and "HTTP 500" in message and "injected failure" in message


def test_vllm_requests_carry_the_schema_and_never_guided_fields() -> None:
    for structured in ("response_format", "structured_outputs"):
        with fault_server("ok", ANSWER) as server:
            engine = VllmEngine(server.url, structured=structured)  # type: ignore[arg-type]
            generations = _generate(engine, 1)
        body = server.bodies[0]
        assert not [key for key in body if key.startswith("guided")]
        if structured == "response_format":
            assert body["response_format"]["json_schema"]["schema"] == SCHEMA.json_schema
        else:
            assert body["structured_outputs"] == {"json": SCHEMA.json_schema}
        assert body["model"] == "fault-injector"  # asked the server, as none was configured
        assert body["temperature"] == 0.0 and body["max_tokens"] == 64
        assert generations[0].text == ANSWER and generations[0].engine == "vllm"


def test_settings_build_the_chain() -> None:
    assert engine_chain(Settings(engines="auto")) == ["local"]
    both = Settings(engines="auto", sglang_url="http://a:1", vllm_url="http://b:2")
    assert engine_chain(both) == ["sglang", "vllm"]
    built = create_engine(Settings(engines="sglang,vllm", sglang_url="http://a:1",
                                   vllm_url="http://b:2"))  # fmt: skip
    assert isinstance(built, FallbackEngine) and built.name == "sglang,vllm"
    with pytest.raises(ConfigError, match="MOLEXTRACT_VLLM_URL"):
        engine_chain(Settings(engines="vllm,local"))
    with pytest.raises(ConfigError, match="unknown engine"):
        engine_chain(Settings(engines="tgi"))


def test_an_unreachable_engine_alone_raises_unavailable() -> None:
    with pytest.raises(EngineUnavailableError, match="cannot list its models"):
        _generate(OpenAICompatibleEngine(closed_port_url()))


@pytest.mark.parametrize("mode", ["context_400_vllm", "context_400_sglang"])
def test_a_prompt_longer_than_the_servers_context_is_a_permanent_refusal(mode: str) -> None:
    with fault_server(mode) as server, pytest.raises(PromptTooLongError) as refused:
        _generate(VllmEngine(server.url))
    assert "does not fit the model's context" in str(refused.value)
    assert CONTEXT_MESSAGES[mode][:40] in str(refused.value)


def test_when_every_engine_refuses_the_prompt_the_batch_is_refused_not_down(
    settings: Settings,
) -> None:
    with fault_server("context_400_vllm") as vllm, fault_server("context_400_sglang") as sglang:
        chain = FallbackEngine([VllmEngine(vllm.url), OpenAICompatibleEngine(sglang.url)])
        with pytest.raises(PromptTooLongError, match="no engine could serve"):
            _generate(chain)
        # A refusal says nothing about the server's health.
        assert [b.consecutive for b in chain.breakers.values()] == [0, 0]
        results = Pipeline(SCHEMA, chain, settings).run(
            [Document(f"d{i}", text) for i, text in enumerate(TEXTS)]
        )
        requests = len(vllm.bodies)
    for result in results:
        assert [e.code for e in result.errors] == ["engine_refused"]
        assert "maximum model length" in result.errors[0].message
    # One request per prompt: not retried with a larger budget, as a cut-off answer is.
    assert requests == 2 + sum(r.usage.chunks_sent for r in results)


def test_a_refusal_falls_through_to_an_engine_whose_context_may_be_longer(
    smol_engine: LocalEngine,
) -> None:
    with fault_server("context_400_vllm") as server:
        generations = _generate(FallbackEngine([VllmEngine(server.url), smol_engine]))
    assert [(g.engine, g.fallback_from) for g in generations] == [("local", "vllm")] * 2


def test_a_refusal_beside_an_outage_is_an_outage_the_retry_may_get_past() -> None:
    with fault_server("context_400_vllm") as server:
        chain = FallbackEngine([VllmEngine(closed_port_url(), "m"), VllmEngine(server.url)])
        with pytest.raises(EngineUnavailableError) as down:
            _generate(chain)
    assert not isinstance(down.value, PermanentEngineError)
