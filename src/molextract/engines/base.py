"""The engine protocol: everything the pipeline may ask of a generation backend.

Engines know nothing of chemistry. They take chat prompts and one JSON Schema and
return one JSON string per prompt, produced under a grammar built from that schema,
plus the token counts and finish reason needed to tell a finished answer from one
cut off by the token budget.
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypedDict, runtime_checkable


class ChatMessage(TypedDict):
    role: Literal["system", "user", "assistant"]
    content: str


Prompt = list[ChatMessage]
FinishReason = Literal["stop", "length"]


@dataclass(frozen=True, slots=True)
class Generation:
    """One constrained completion. ``finish_reason == "length"`` is never a result.

    ``engine`` and ``model`` name who actually produced it when that is not simply
    the engine the pipeline was given (a fallback chain); ``fallback_from`` names
    the engine that should have and could not.
    """

    text: str
    prompt_tokens: int
    completion_tokens: int
    finish_reason: FinishReason
    seconds: float
    engine: str | None = None
    model: str | None = None
    fallback_from: str | None = None


def estimate_tokens(text: str) -> int:
    """A cheap token estimate (about four characters a token) for engines without a tokenizer."""
    return max(1, (len(text) + 3) // 4)


@runtime_checkable
class Engine(Protocol):
    """A grammar-constrained generator of JSON for batches of chat prompts."""

    @property
    def name(self) -> str: ...

    @property
    def model(self) -> str: ...

    async def generate(
        self, prompts: Sequence[Prompt], json_schema: dict[str, Any], *, max_tokens: int
    ) -> list[Generation]:
        """Return one generation per prompt, in order; raise ``EngineError`` for the batch."""
        ...

    def count_tokens(self, text: str) -> int:
        """Tokens ``text`` costs in a prompt; used to size chunks."""
        ...


class InProcessEngine(ABC):
    """An engine that computes in this process (llama.cpp, Transformers).

    Generation holds a core for seconds to minutes and releases the GIL only in
    places, so it runs in a worker thread: the event loop of the API or of a worker
    keeps answering health checks and renewing leases meanwhile.
    """

    async def generate(
        self, prompts: Sequence[Prompt], json_schema: dict[str, Any], *, max_tokens: int
    ) -> list[Generation]:
        return await asyncio.to_thread(self.generate_sync, prompts, json_schema, max_tokens)

    @abstractmethod
    def generate_sync(
        self, prompts: Sequence[Prompt], json_schema: dict[str, Any], max_tokens: int
    ) -> list[Generation]:
        """The blocking generation, also called directly by benchmarks."""
