"""An inline schema's cost, judged at submission: the estimate and the refusals.

The grammar estimate is compared with real Outlines compiles (over a vocabulary of
single characters, which has the regular expression's own states); the prompt is
counted with SmolLM2's tokenizer; refusals go through the real app.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from molextract.api.problems import Problem
from molextract.api.schema_costs import MAX_GRAMMAR_STATES, check_schema_cost, grammar_costs
from molextract.config import Settings
from molextract.engines.local import WHITESPACE_PATTERN
from molextract.extraction import association
from molextract.extraction.candidates import anchored_supported
from molextract.schemas.registry import schema_from_json
from molextract.schemas.spec import SchemaSpec
from tests.utils.api import Api, assert_problem, custom_schema, documents

SMOL = Settings(local_model="smollm2-135m")


def _spec(fields: dict[str, Any] | None = None, **record: Any) -> SchemaSpec:
    schema = custom_schema()
    item = schema["properties"]["records"]["items"]["properties"]
    item.update(fields or {})
    item.update(record)
    return schema_from_json(schema, default_name="custom", source="test")


SHAPES = {
    "anchored, no fields": _spec(),
    "anchored, text, enum and list fields": _spec(
        {
            "note": {"type": ["string", "null"], "description": "A note.", "maxLength": 1000},
            "grade": {"enum": ["a", "b", "c"], "description": "Grade."},
            "tags": {
                "type": "array",
                "maxItems": 8,
                "items": {"enum": [f"tag{i}" for i in range(30)]},
                "description": "Tags.",
            },
            "rate": {"type": ["number", "null"], "units": ["K/min"], "description": "Rate."},
        }
    ),
    "generated, 8 records": _spec(unit={"enum": ["furlong", "league"]}),
    "generated, a large unit enum": _spec(unit={"enum": [f"u{i}" for i in range(500)]}),
}


def _real_states(spec: SchemaSpec) -> int:
    from outlines_core import Index, Vocabulary
    from outlines_core.json_schema import build_regex_from_schema

    grammar = association.answer_json_schema(spec) if anchored_supported(spec) else spec.json_schema
    regex = build_regex_from_schema(json.dumps(grammar), WHITESPACE_PATTERN)
    characters = Vocabulary(1000, {chr(c): [c] for c in range(32, 127)})
    return len(Index(regex, characters).get_transitions())


@pytest.mark.parametrize("name", list(SHAPES))
def test_the_grammar_estimate_never_counts_fewer_states_than_outlines_builds(name: str) -> None:
    spec = SHAPES[name]
    estimate = sum(c.states for c in grammar_costs(spec))
    real = _real_states(spec)
    assert real <= estimate <= 2.5 * real, (real, estimate)


def test_a_prompt_that_does_not_fit_a_servers_context_is_refused_naming_the_setting() -> None:
    spec = _spec(unit={"enum": ["furlong"]})
    server = Settings(engines="vllm", vllm_url="http://127.0.0.1:1", remote_context_tokens=1024)
    with pytest.raises(Problem) as caught:
        check_schema_cost(spec, server)
    assert "MOLEXTRACT_REMOTE_CONTEXT_TOKENS" in caught.value.detail
    assert "context of 1,024" in caught.value.detail
    check_schema_cost(spec, server.model_copy(update={"remote_context_tokens": 8192}))


def test_the_embedded_models_prompt_is_counted_with_its_tokenizer() -> None:
    choices = [f"option number {i}" for i in range(700)]
    spec = _spec({"grade": {"enum": choices, "description": "Grade."}})
    with pytest.raises(Problem) as caught:
        check_schema_cost(spec, SMOL)
    detail = caught.value.detail
    assert "field 'grade'" in detail and "MOLEXTRACT_LOCAL_CONTEXT" in detail
    assert caught.value.errors is not None
    assert caught.value.errors[0]["loc"][-1] == "grade"


@pytest.mark.anyio
async def test_a_6001_choice_property_enum_is_a_422_naming_property_and_the_limit(api: Api) -> None:
    schema = custom_schema()
    properties = [f"p{i}" for i in range(6001)]  # 54 KB, under the size limit
    schema["properties"]["records"]["items"]["properties"]["property"] = {"enum": properties}
    response = await api.client.post(
        "/v1/jobs", json={"schema": schema, "documents": documents(1)}, headers=api.auth
    )
    body = assert_problem(response, 422, "invalid-schema")
    assert "property" in body["detail"] and f"{MAX_GRAMMAR_STATES:,}" in body["detail"]
    assert body["errors"][0]["loc"][-1] == "property"
    assert api.db.row_counts() == (0, 0)
