"""The whole data path on a real model (SmolLM2 via llama.cpp + Outlines)."""

from typing import Any

import jsonschema
import pytest

from molextract.config import Settings
from molextract.engines.local import LocalEngine
from molextract.extraction.chunking import chunk_text
from molextract.extraction.pipeline import BatchProgress, Pipeline, split_rejected
from molextract.ingest.document import Document
from molextract.schemas import get_schema, output_line_json_schema
from tests.utils.fake_engines import OutageInjectingEngine

pytestmark = pytest.mark.model
SCHEMA = get_schema("melting_point")
OUTPUT_SCHEMA = output_line_json_schema()


def _valid(result: Any) -> None:
    jsonschema.validate(result.model_dump(mode="json", by_alias=True), OUTPUT_SCHEMA)


def test_documents_come_back_in_order_valid_and_grounded(
    smol_engine: LocalEngine, settings: Settings
) -> None:
    docs = [
        Document("a", "The crystals of aspirin obtained this way melt at 135 °C."),
        Document("b", "The solution was stirred overnight and filtered."),
        Document("c", "Urea (mp 133 °C) was recrystallised from ethanol."),
    ]
    results = Pipeline(SCHEMA, smol_engine, settings).run(docs)
    assert [r.doc_id for r in results] == ["a", "b", "c"]
    for doc, result in zip(docs, results, strict=True):
        _valid(result)
        assert result.engine.name == "local" and result.engine.model == "smollm2-135m"
        if doc.id == "b":  # states no value: nothing of it reaches the model
            assert result.usage.prompt_tokens == 0 and result.usage.chunks_skipped == 1
        elif doc.id == "c":  # "NAME (mp …)" says what and whose: nothing to ask
            assert result.usage.model_calls == 0 and result.records[0].compound.name == "Urea"
        else:
            assert result.usage.prompt_tokens > 0 and result.usage.seconds > 0
        for record in result.records:
            assert record.doc_id == doc.id and record.property == "melting_point"
            if record.checks.grounded:
                assert record.evidence.start is not None and record.evidence.end is not None
                assert doc.text[record.evidence.start : record.evidence.end]


def test_empty_and_over_long_documents_get_errors_without_generation(
    smol_engine: LocalEngine,
) -> None:
    settings = Settings(max_document_chars=1000)
    results = Pipeline(SCHEMA, smol_engine, settings).run(
        [Document("empty", "  \n"), Document("long", "x " * 600)]
    )
    assert [e.code for e in results[0].errors] == ["empty_text"]
    assert [e.code for e in results[1].errors] == ["too_long"]
    assert "1000" in results[1].errors[0].message
    assert results[0].usage.prompt_tokens == results[1].usage.prompt_tokens == 0


def test_truncated_generation_is_retried_then_reported(smol_engine: LocalEngine) -> None:
    settings = Settings(max_new_tokens=16)
    [result] = Pipeline(SCHEMA, smol_engine, settings, path="generated").run(
        [Document("a", "Aspirin melts at 135 °C and urea melts at 133 °C.")]
    )
    assert [e.code for e in result.errors] == ["generation_truncated"]
    assert result.errors[0].chunk == 0
    assert result.usage.completion_tokens == 16 + 32, "one retry with twice the budget"
    assert result.records == []
    _valid(result)


def test_long_document_is_chunked_and_offsets_point_into_the_whole_text(
    smol_engine: LocalEngine,
) -> None:
    filler = "The mixture was stirred at room temperature and then concentrated. " * 12
    text = filler + "Aspirin melts at 135 °C. " + filler + "Urea melts at 133 °C."
    settings = Settings(chunk_tokens=120, max_new_tokens=200)
    [result] = Pipeline(SCHEMA, smol_engine, settings, path="generated").run(
        [Document("long", text)]
    )
    expected = chunk_text(text, 120, smol_engine.count_tokens, settings.chunk_overlap_sentences)
    assert len(expected) >= 3
    assert result.usage.prompt_tokens > len(expected) * 120, "every chunk was sent"
    assert all(e.chunk is not None and 0 <= e.chunk < len(expected) for e in result.errors)
    for record in result.records:
        if record.evidence.start is not None and record.evidence.end is not None:
            assert 0 <= record.evidence.start < record.evidence.end <= len(text)


def test_engine_failure_becomes_per_document_errors(settings: Settings) -> None:
    results = Pipeline(SCHEMA, OutageInjectingEngine(), settings).run(
        [
            Document("a", "The crystals of aspirin obtained this way melt at 135 °C."),
            # (a form that settles its compound would need no call to fail)
            Document("b", "Recrystallised from ethanol, the urea crystals melt at 133 °C."),
        ]
    )
    for result in results:
        assert [e.code for e in result.errors] == ["engine_error"]
        assert "connection refused" in result.errors[0].message
        _valid(result)


def test_split_rejected_moves_only_rejected_records(
    smol_engine: LocalEngine, settings: Settings
) -> None:
    [result] = Pipeline(SCHEMA, smol_engine, settings).run(
        [Document("a", "Aspirin melts at 135 °C.")]
    )
    kept, rejected = split_rejected(result)
    assert all(r.status != "rejected" for r in kept.records)
    assert all(r.status == "rejected" for r in rejected)
    assert len(kept.records) + len(rejected) == len(result.records)


def test_progress_counts_the_chunks_of_one_long_document(smol_engine: LocalEngine) -> None:
    filler = "The mixture was stirred at room temperature and then concentrated. " * 8
    text = (
        filler.join(f"The crude solid from compound {n} melts at {120 + n} °C. " for n in range(3))
        + filler
    )
    settings = Settings(chunk_tokens=100, max_new_tokens=64, resolve_names=False)
    pipeline = Pipeline(SCHEMA, smol_engine, settings)
    seen: list[BatchProgress] = []
    pipeline.on_progress = seen.append

    [watched] = pipeline.run([Document("long", text)])

    chunks = watched.usage.chunks_sent + watched.usage.chunks_skipped
    assert watched.usage.chunks_sent >= 3 and watched.usage.chunks_skipped >= 1
    assert seen[0] == BatchProgress(1, watched.usage.chunks_skipped, chunks)
    assert seen[-1] == BatchProgress(1, chunks, chunks) and seen[-1].fraction == 1.0
    # the local engine answers a chunk at a time: one report per chunk sent
    assert len(seen) == watched.usage.chunks_sent + 1
    assert [p.chunks_done for p in seen] == sorted({p.chunks_done for p in seen})

    pipeline.on_progress = None  # unwatched, the batch goes in one call: the same records
    [unwatched] = pipeline.run([Document("long", text)])
    assert [r.model_dump() for r in unwatched.records] == [r.model_dump() for r in watched.records]
