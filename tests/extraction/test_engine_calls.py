"""One batched engine call: answers parsed, failures turned into per-chunk errors.

The model is real (SmolLM2 on the embedded engine); only the outage is injected, by a
fake engine named as such, because a local model cannot be made to go down on demand.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pydantic import BaseModel, ConfigDict

from molextract.engines.base import Prompt
from molextract.engines.local import LocalEngine
from molextract.extraction.engine_calls import generate_parsed
from tests.utils.fake_engines import OutageInjectingEngine


class Pair(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    count: int


class Other(BaseModel):
    model_config = ConfigDict(extra="forbid")
    colour: str


PROMPTS: list[Prompt] = [
    [{"role": "user", "content": "Give a JSON object with a name and a count of 3."}],
    [{"role": "user", "content": "Give a JSON object naming a fruit, count 7."}],
]


def _run(engine: Any, chunks: list[int], max_tokens: int, parse: Any) -> list[Any]:
    schema = Pair.model_json_schema()
    return asyncio.run(generate_parsed(engine, PROMPTS, chunks, schema, max_tokens, parse))


def test_answers_are_parsed_in_prompt_order(smol_engine: LocalEngine) -> None:
    outcomes = _run(smol_engine, [4, 9], 48, Pair.model_validate_json)
    assert [o.problem for o in outcomes] == [None, None]
    assert all(isinstance(o.parsed, Pair) for o in outcomes)
    assert all(o.generation is not None and o.generation.completion_tokens > 0 for o in outcomes)


def test_a_cut_off_answer_is_an_error_on_its_own_chunk(smol_engine: LocalEngine) -> None:
    outcomes = _run(smol_engine, [4, 9], 3, Pair.model_validate_json)
    assert [o.problem.code for o in outcomes] == ["generation_truncated"] * 2
    assert [o.problem.chunk for o in outcomes] == [4, 9]
    assert "3 tokens" in outcomes[0].problem.message
    assert all(o.parsed is None and o.generation is not None for o in outcomes)


def test_an_answer_that_does_not_fit_names_the_field(smol_engine: LocalEngine) -> None:
    outcomes = _run(smol_engine, [0, 1], 48, Other.model_validate_json)
    for outcome in outcomes:
        assert outcome.problem is not None and outcome.problem.code == "invalid_output"
        assert "does not fit the schema" in outcome.problem.message
        assert "colour" in outcome.problem.message or "name" in outcome.problem.message


def test_an_outage_is_an_engine_error_on_every_chunk() -> None:
    outcomes = _run(OutageInjectingEngine(), [2, 5], 48, Pair.model_validate_json)
    assert [(o.problem.code, o.problem.chunk) for o in outcomes] == [
        ("engine_error", 2),
        ("engine_error", 5),
    ]
    assert all("connection refused" in o.problem.message for o in outcomes)
    assert all(o.generation is None and o.parsed is None for o in outcomes)


def test_an_empty_batch_calls_nothing() -> None:
    empty = generate_parsed(OutageInjectingEngine(), [], [], {}, 48, Pair.model_validate_json)
    assert asyncio.run(empty) == []
