"""A vLLM server (``vllm serve``, OpenAI-compatible) as an engine.

The schema goes in ``response_format`` (type ``json_schema``) or, with
``structured="structured_outputs"``, in vLLM's own ``structured_outputs`` field.
Never in the ``guided_*`` fields: current vLLM ignores those removed fields and answers 200
with unconstrained text, which would look like a working engine.
"""

from __future__ import annotations

from typing import Any, Literal

import httpx

from molextract.engines.openai_compat import OpenAICompatibleEngine, structured_fields

VllmStructured = Literal["response_format", "structured_outputs"]


class VllmEngine(OpenAICompatibleEngine):
    name = "vllm"
    health_path = "/health"

    def __init__(
        self,
        base_url: str,
        model: str = "",
        *,
        structured: VllmStructured = "response_format",
        timeout: float = 300.0,
        concurrency: int = 16,
        api_key: str = "",
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        super().__init__(
            base_url,
            model,
            timeout=timeout,
            concurrency=concurrency,
            api_key=api_key,
            transport=transport,
        )
        self.vllm_structured: VllmStructured = structured

    def constraint_fields(self, json_schema: dict[str, Any]) -> dict[str, Any]:
        if self.vllm_structured == "structured_outputs":
            return {"structured_outputs": {"json": json_schema}}
        return structured_fields("json_schema", json_schema)
