"""The documents and prompts every engine is tried on, and what its answers must be.

The llama.cpp, Transformers, SGLang and vLLM tests use the same ones, so "the same
documents give schema-valid records on every engine" means exactly that.
"""

from __future__ import annotations

import json
import re
from typing import Any

import jsonschema

from molextract.ingest.document import Document
from molextract.schemas import get_schema, output_line_json_schema

SCHEMA = get_schema("melting_point")
TEXTS = [
    "Urea was recrystallised from ethanol; it melts at 133 °C.",
    "Benzoic acid (mp 122 °C) was used as received.",
    "The solvent was removed under reduced pressure.",
]
# What any answer under the melting_point grammar starts with, whitespace aside.
SCHEMA_PREFIX = re.compile(r'\s*\{\s*"records"\s*:\s*\[\s*(\]|\{\s*"quote"\s*:\s*")')
PROSE_PROMPT = [
    {"role": "system", "content": "You are a poet. Never write JSON, braces or quotes."},
    {"role": "user", "content": "Write four lines of free verse about benzene rings."},
]


def documents() -> list[Document]:
    return [Document(f"d{i}", text) for i, text in enumerate(TEXTS)]


def assert_schema_valid(results: list[Any], engine_name: str) -> None:
    line_schema = output_line_json_schema()
    assert [r.doc_id for r in results] == ["d0", "d1", "d2"]
    for result in results:
        jsonschema.validate(json.loads(result.model_dump_json(by_alias=True)), line_schema)
        assert not [e for e in result.errors if e.code in ("invalid_output", "engine_error")]
        assert result.engine.name == engine_name
        assert all(record.engine.name == engine_name for record in result.records)
    assert results[2].usage.model_calls == 0, "a text with no candidate costs no request"
