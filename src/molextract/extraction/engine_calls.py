"""One batched engine call, its failures turned into per-chunk errors.

Both ways through the pipeline (the generated path's whole records, the anchored
path's per-candidate answers) send a batch of prompts and must never lose a document
to one bad answer or an engine outage: an outage becomes an ``engine_error`` on every
prompt of the batch, a cut-off or ill-formed answer an error on its own chunk (which
the pipeline then retries with a larger budget). An engine that can never serve the
request (:class:`PermanentEngineError`: a prompt longer than its context) gives that
error's own code, which no one retries. Keeping the rules here keeps the two
paths' error codes and messages the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import ValidationError

from molextract.engines.base import Engine, Generation, Prompt
from molextract.errors import EngineError, PermanentEngineError
from molextract.schemas.records import DocumentError

T = TypeVar("T")

#: Problems worth one more call with a larger budget; an outage or a refusal is not.
RETRYABLE_CODES = frozenset({"generation_truncated", "invalid_output"})


@dataclass(frozen=True, slots=True)
class Outcome(Generic[T]):
    """What one prompt of a batch came back as: a parsed answer, or the error why not."""

    generation: Generation | None
    parsed: T | None
    problem: DocumentError | None


async def generate_parsed(
    engine: Engine,
    prompts: Sequence[Prompt],
    chunks: Sequence[int],
    json_schema: dict[str, Any],
    max_tokens: int,
    parse: Callable[[str], T],
) -> list[Outcome[T]]:
    """Generate one answer per prompt and ``parse`` each (``chunks[i]`` is the index of
    the chunk prompt ``i`` came from; errors name it). ``parse`` raises Pydantic's
    ``ValidationError`` for an answer that does not fit."""
    if not prompts:
        return []
    try:
        generations = await engine.generate(list(prompts), json_schema, max_tokens=max_tokens)
    except EngineError as exc:
        code = exc.code if isinstance(exc, PermanentEngineError) else "engine_error"
        return [
            Outcome(None, None, DocumentError(code=code, message=str(exc), chunk=c)) for c in chunks
        ]
    return [_read(g, c, parse) for g, c in zip(generations, chunks, strict=True)]


def _read(generation: Generation, chunk: int, parse: Callable[[str], T]) -> Outcome[T]:
    if generation.finish_reason == "length":
        message = f"the answer did not finish within {generation.completion_tokens} tokens"
        return Outcome(
            generation,
            None,
            DocumentError(code="generation_truncated", message=message, chunk=chunk),
        )
    try:
        return Outcome(generation, parse(generation.text), None)
    except ValidationError as exc:
        detail = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in detail["loc"])
        message = f"the engine's answer does not fit the schema: {detail['msg']} at {where}"
        return Outcome(
            generation, None, DocumentError(code="invalid_output", message=message, chunk=chunk)
        )
