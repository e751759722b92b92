"""Candidate-anchored extraction through the real pipeline and a real model.

SmolLM2 answers poorly, so these tests check what must hold whatever the model says:
values come from the text at their offsets, chunks without candidates cost nothing,
and the model can never add a value. Quality is checked with Qwen in
``tests/integration/test_quality.py`` and measured on the gold set.
"""

import json
from collections.abc import Sequence
from typing import Any

import pytest

from molextract.config import Settings
from molextract.engines.base import Prompt
from molextract.engines.local import LocalEngine
from molextract.errors import SchemaError
from molextract.extraction.anchored import settled_property
from molextract.extraction.candidates import Candidate, find_candidates
from molextract.extraction.pipeline import Pipeline
from molextract.ingest.document import Document
from molextract.schemas import get_schema
from molextract.schemas.registry import schema_from_json

pytestmark = pytest.mark.model
ALL = get_schema("molecular_properties")
TEXT = (
    "A. Synthesis of 4-Nitro-2-(3-thienyl)phenol\n\n"
    "The mixture was stirred at 80 °C for 2 h and poured onto ice. "
    "This gave 4.0 g (83% of the theoretical) of 4-nitro-2-(3-thienyl)phenol with a "
    "melting point of 130° C."
)


def test_every_record_is_a_found_candidate_with_exact_evidence(
    smol_engine: LocalEngine, settings: Settings
) -> None:
    asked_text = TEXT + " Its solubility in water is 2.1 g/L at 25 °C."
    [result] = Pipeline(ALL, smol_engine, settings).run([Document("p", asked_text)])
    found = {(c.quantity.start, c.quantity.end) for c in find_candidates(asked_text, ALL)}
    assert result.usage.model_calls >= 1, "the solubility is asked about"
    for record in result.records:
        assert record.extraction == "anchored"
        span = (record.evidence.value_start, record.evidence.value_end)
        assert span in found, "the model cannot add a value"
        assert record.evidence.match == "exact"
        assert record.evidence.start is not None and record.evidence.end is not None
        assert asked_text[record.evidence.start : record.evidence.end] == record.evidence.quote
        printed = asked_text[span[0] or 0 : span[1] or 0]
        assert printed in record.evidence.quote
        assert record.checks.grounded and record.checks.value_in_quote
    values = {(r.property, r.value, r.value_low, r.value_high) for r in result.records}
    assert ("melting_point", 80.0, None, None) not in values, "a reaction temperature"


def test_values_the_text_settles_alone_cost_no_model_call(
    smol_engine: LocalEngine, settings: Settings
) -> None:
    # "(83% of the theoretical) of NAME" and "NAME with a melting point of": the text names
    # both properties and, by its form, whose they are
    [result] = Pipeline(ALL, smol_engine, settings).run([Document("p", TEXT)])
    assert result.usage.model_calls == 0 and result.usage.prompt_tokens == 0
    assert [(r.property, r.value, r.compound.name) for r in result.records] == [
        ("reaction_yield", 83.0, "4-nitro-2-(3-thienyl)phenol"),
        ("melting_point", 130.0, "4-nitro-2-(3-thienyl)phenol"),
    ]
    assert all(r.compound.source not in (None, "model") for r in result.records)
    assert all(r.evidence.match == "exact" for r in result.records)


def test_a_settled_value_with_no_compound_marked_costs_no_model_call(
    smol_engine: LocalEngine, settings: Settings
) -> None:
    # the text settles both properties and names no compound: the grammar would leave
    # the model only "this property, no compound", so it is not asked
    text = "The crystals were dried in vacuo to give a white solid (1.2 g, 70%), m.p. 121 °C."
    [result] = Pipeline(ALL, smol_engine, settings).run([Document("p", text)])
    assert result.usage.model_calls == 0
    assert [(r.property, r.value, r.compound.name) for r in result.records] == [
        ("reaction_yield", 70.0, None),
        ("melting_point", 121.0, None),
    ]


def test_chunks_without_a_candidate_never_reach_the_model(
    smol_engine: LocalEngine, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    generate = smol_engine.generate_sync

    def spying(prompts: Sequence[Prompt], json_schema: dict[str, Any], max_tokens: int) -> Any:
        asked.extend(json.dumps(prompt, ensure_ascii=False) for prompt in prompts)
        return generate(prompts, json_schema, max_tokens)

    monkeypatch.setattr(smol_engine, "generate_sync", spying)
    filler = "The mixture was stirred at room temperature and then concentrated. " * 30
    # two compounds named and no form saying whose: the model is asked (a value with no
    # compound marked would need no call at all)
    text = filler + "Phenol and 4-bromophenol: crystals, from ethanol, melt at 133 °C. " + filler
    docs = [Document("none", "The solution was stirred overnight and filtered."),
            Document("one", text)]  # fmt: skip
    settings = Settings(chunk_tokens=120, max_new_tokens=256)
    empty, long = Pipeline(ALL, smol_engine, settings).run(docs)
    assert empty.usage.model_calls == 0 and empty.usage.prompt_tokens == 0
    assert (empty.usage.chunks_sent, empty.usage.chunks_skipped) == (0, 1)
    assert empty.records == [] and empty.errors == []
    assert long.usage.chunks_sent == 1 and long.usage.chunks_skipped >= 4
    # One question about the one candidate; SmolLM2 sometimes loops until its budget
    # runs out, and a cut-off answer is asked once more with a larger one (a retry,
    # counted in model_calls, of the same question).
    assert len(set(asked)) == 1 and "133 °C" in asked[0]
    assert long.usage.model_calls == len(asked) <= 2


def test_a_value_restated_in_the_document_is_one_record(
    qwen_engine: LocalEngine, settings: Settings
) -> None:
    text = (
        "Benzoic acid (mp 122 °C) was used as received. The melting point of benzoic acid "
        "was 122 °C in our hands too."
    )
    [result] = Pipeline(get_schema("melting_point"), qwen_engine, settings).run(
        [Document("twice", text)]
    )
    assert [(r.property, r.value) for r in result.records] == [("melting_point", 122.0)]


def test_schemas_in_units_the_finder_does_not_know_take_the_generated_path(
    smol_engine: LocalEngine, settings: Settings
) -> None:
    viscosity = schema_from_json(
        {
            "title": "viscosity",
            "type": "object",
            "properties": {
                "records": {
                    "type": "array",
                    "maxItems": 4,
                    "items": {
                        "type": "object",
                        "properties": {
                            "quote": {"type": "string"},
                            "compound": {"type": "string"},
                            "property": {"enum": ["viscosity"]},
                            "value": {"type": "string"},
                            "unit": {"enum": ["mPa·s", "cP"]},
                        },
                    },
                }
            },
        },
        default_name="viscosity",
        source="test",
    )
    pipeline = Pipeline(viscosity, smol_engine, settings)
    assert not pipeline.anchored
    [result] = pipeline.run([Document("v", "Glycerol has a viscosity of 1412 mPa·s at 20 °C.")])
    assert all(r.extraction == "generated" for r in result.records)
    assert result.usage.chunks_sent == 1
    with pytest.raises(SchemaError, match="does not know"):
        Pipeline(viscosity, smol_engine, settings, path="anchored")


def _candidate(text: str, shown: str) -> Candidate:
    [found] = [
        c for c in find_candidates(text, ALL) if text[c.quantity.start : c.quantity.end] == shown
    ]
    return found


@pytest.mark.parametrize(
    ("text", "shown", "said", "settled"),
    [
        # the text names the value outright: the model's answer, none included, yields
        ("The crystals had mp 128–129 °C.", "128–129 °C", None, "melting_point"),
        ("DMSO (bp 189 °C) is hygroscopic.", "189 °C", "melting_point", "boiling_point"),
        ("Sucrose has a density of 1.587 g/cm3.", "1.587 g/cm3", "solubility", "density"),
        # a property no word near the value names gives way to the one that is named
        ("Ethyl acetate (b.p. 77 °C; 902 kg/m3) is common.", "902 kg/m3", "solubility", "density"),
        ("The solid that remained melted, at 88 °C.", "88 °C", "boiling_point", "melting_point"),
        # otherwise the model decides, none included
        ("Ethyl acetate dissolves in water to 83 g/L.", "83 g/L", None, None),
        ("Ethyl acetate dissolves in water to 83 g/L.", "83 g/L", "solubility", "solubility"),
        ("Urea (89% yield) was dried.", "89%", "melting_point", "reaction_yield"),
    ],
)
def test_which_property_a_record_gets(
    text: str, shown: str, said: str | None, settled: str | None
) -> None:
    assert settled_property(_candidate(text, shown), said) == settled


def test_a_yield_the_text_settles_is_asked_only_whose_and_gets_its_product(
    qwen_engine: LocalEngine, settings: Settings
) -> None:
    # No form of the writing gives these yields' compounds, so the model is asked; the
    # text settles that they are yields, so its answer may not call them anything else.
    texts = [
        "A mixture of 3 and 4 was heated in toluene, and the adduct 12 came out of "
        "solution on cooling (71% yield).",
        "Bromide 14 and sodium azide were stirred in DMF, and azide 15 precipitated on "
        "cooling (78% yield).",
    ]
    schema = get_schema("reaction_yield")
    for text in texts:
        candidates = [c for c in find_candidates(text, schema) if not c.blocked]
        assert [c.decisive for c in candidates] == [True]
    results = Pipeline(schema, qwen_engine, settings).run(
        [Document(f"settled{i}", text) for i, text in enumerate(texts)]
    )
    assert [r.usage.model_calls for r in results] == [1, 1]
    found = [(r.value, r.compound.label, r.compound.source) for d in results for r in d.records]
    assert found == [(71.0, "12", "model"), (78.0, "15", "model")]
