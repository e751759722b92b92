"""A fake engine that is down, shared by the tests of the pipeline's error handling.

It injects the outage a real local model cannot be made to have on demand; every
other test talks to a real engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from molextract.engines.base import Generation, Prompt
from molextract.errors import EngineUnavailableError


class OutageInjectingEngine:
    """Fake engine that is down: every call fails as a refused connection would."""

    name = "down"
    model = "none"

    async def generate(
        self, prompts: Sequence[Prompt], json_schema: dict[str, Any], *, max_tokens: int
    ) -> list[Generation]:
        raise EngineUnavailableError("injected outage: connection refused")

    def count_tokens(self, text: str) -> int:
        return len(text) // 4 + 1
