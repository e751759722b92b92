"""An SGLang server (``python -m sglang.launch_server``) as an engine.

SGLang offers two ways in: its native ``/generate`` (raw text, a list of prompts per
request, ``sampling_params.json_schema`` as a JSON string) and the OpenAI-compatible
``/v1/chat/completions``. This engine uses the chat endpoint:

- the server applies the model's chat template; ``/generate`` takes raw text, so the
  client would need the model's tokenizer and template, which it does not have;
- continuous batching merges concurrent requests on the server, so a list in one
  request is not faster than the same prompts in flight together, while one request
  per prompt lets a single failure (or timeout) fall back alone;
- it is the request vLLM and the other servers take too, so one tested core serves
  them all.

Regular expressions and EBNF grammars, which SGLang also accepts, are available
through :meth:`SGLangEngine.generate_each` with ``regex=`` or ``ebnf=``: SGLang reads
them as extra fields of the chat request.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import httpx

from molextract.engines.base import Generation, Prompt
from molextract.engines.openai_compat import OpenAICompatibleEngine
from molextract.errors import EngineError, EngineUnavailableError


class SGLangEngine(OpenAICompatibleEngine):
    name = "sglang"
    health_path = "/health"

    async def discover_model(self, client: httpx.AsyncClient) -> str:
        """The served name from ``/v1/models``; ``/get_model_info`` confirms a generator."""
        info = await client.get("/get_model_info")
        info.raise_for_status()
        if info.json().get("is_generation") is False:
            raise EngineUnavailableError(
                f"sglang at {self.base_url} serves an embedding model, not a generator"
            )
        return await super().discover_model(client)

    async def generate_each(
        self,
        prompts: Sequence[Prompt],
        json_schema: dict[str, Any],
        *,
        max_tokens: int,
        constraint: dict[str, Any] | None = None,
        regex: str | None = None,
        ebnf: str | None = None,
    ) -> list[Generation | EngineError]:
        """As the base class; ``regex`` or ``ebnf`` replace the JSON Schema constraint."""
        if regex is not None and ebnf is not None:
            raise ValueError("give regex or ebnf, not both")
        if regex is not None:
            constraint = {"regex": regex}
        elif ebnf is not None:
            constraint = {"ebnf": ebnf}
        return await super().generate_each(
            prompts, json_schema, max_tokens=max_tokens, constraint=constraint
        )
