"""Engines behind an OpenAI-compatible ``/v1/chat/completions`` endpoint.

The chat endpoint is used rather than raw completions because the server applies
the model's own chat template: molextract has no tokenizer for a remote model, and
templates differ per model. Each prompt is one request; a bounded number are in
flight at once, which is how a server with continuous batching (SGLang, vLLM, TGI)
is kept busy without a client-side batch format.

Servers differ only in how the JSON Schema is attached to the request, so that is
the one thing a subclass or the ``structured`` setting changes:

========================  ================================================================
``json_schema``           ``response_format={"type": "json_schema", "json_schema":
                          {"name", "schema", "strict"}}`` — the OpenAI form; vLLM, SGLang,
                          llama.cpp's ``llama-server``, Ollama, Modular MAX, TensorRT-LLM's
                          ``trtllm-serve``
``json_object_schema``    ``response_format={"type": "json_object", "schema": ...}`` —
                          llama-cpp-python's server, which answers the OpenAI form with 500
``tgi``                   ``response_format={"type": "json_object", "value": ...}`` —
                          Hugging Face TGI's grammar form
``json_schema_field``     a top-level ``"json_schema": ...`` — TabbyAPI (ExLlamaV2)
========================  ================================================================

Only vLLM and SGLang are exercised against real servers in this project's tests;
the other forms follow those servers' documentation.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Sequence
from typing import Any, Literal

import httpx

from molextract.engines.base import FinishReason, Generation, Prompt, estimate_tokens
from molextract.errors import EngineError, EngineUnavailableError, PromptTooLongError

StructuredStyle = Literal["json_schema", "json_object_schema", "tgi", "json_schema_field"]
SCHEMA_NAME = "molextract_records"


class SchemaUnsupportedError(EngineError):
    """The server could not compile the schema into a grammar; another engine may."""


class InvalidOutputError(EngineError):
    """The server answered, but not with JSON that fits the schema."""


def structured_fields(style: StructuredStyle, json_schema: dict[str, Any]) -> dict[str, Any]:
    """The request fields that carry ``json_schema`` in ``style``."""
    if style == "json_schema":
        return {
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": SCHEMA_NAME, "schema": json_schema, "strict": True},
            }
        }
    if style == "json_object_schema":
        return {"response_format": {"type": "json_object", "schema": json_schema}}
    if style == "tgi":
        return {"response_format": {"type": "json_object", "value": json_schema}}
    return {"json_schema": json_schema}


#: How servers word "the prompt does not fit the context" (vLLM: "This model's maximum
#: context length is ...", "... longer than the maximum model length of ..."; SGLang:
#: "The input (N tokens) is longer than the model's context length (M tokens)",
#: "Requested token count exceeds the model's maximum context length ..."; llama.cpp's
#: server: "... exceeds the available context size").
_CONTEXT_PROBLEM = re.compile(
    r"context (length|window|size)|maximum model length|max_model_len|too many tokens"
    r"|prompt is too long",
    re.IGNORECASE,
)


def _context_problem(status: int, message: str) -> bool:
    """Whether a 4xx says the prompt does not fit the model's context: the same request
    fails the same way every time, so it is no outage and no schema the grammar lacks."""
    return status in (400, 413, 422) and _CONTEXT_PROBLEM.search(message) is not None


def _schema_problem(status: int, message: str) -> bool:
    """Whether a 4xx says the schema (not the request as a whole) was the problem."""
    lowered = message.lower()
    return status in (400, 422) and any(
        word in lowered for word in ("schema", "grammar", "json", "regex", "ebnf")
    )


def _error_message(response: httpx.Response) -> str:
    try:
        body = response.json()
    except ValueError:
        return response.text[:300]
    if isinstance(body, dict):
        error = body.get("error", body)
        if isinstance(error, dict):
            return str(error.get("message") or error.get("detail") or error)[:300]
        return str(error)[:300]
    return str(body)[:300]


class OpenAICompatibleEngine:
    """Grammar-constrained chat completions from an OpenAI-compatible server."""

    name = "openai"
    #: Path that answers 200 when the server can take work. Not every server has a
    #: health endpoint; every OpenAI-compatible one lists its models.
    health_path = "/v1/models"

    def __init__(
        self,
        base_url: str,
        model: str = "",
        *,
        structured: StructuredStyle = "json_schema",
        timeout: float = 300.0,
        concurrency: int = 16,
        api_key: str = "",
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        if not base_url:
            raise ValueError("base_url is required")
        self.base_url = base_url.rstrip("/").removesuffix("/v1")
        self._model = model
        self.structured: StructuredStyle = structured
        self.timeout = timeout
        self.concurrency = concurrency
        self._headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._transport = transport

    @property
    def model(self) -> str:
        return self._model or "unknown"

    def count_tokens(self, text: str) -> int:
        return estimate_tokens(text)

    def _client(self) -> httpx.AsyncClient:
        # One client per call: an engine object outlives event loops (``Pipeline.run``
        # makes a new one per batch), and an httpx client is bound to the loop it
        # first ran in.
        return httpx.AsyncClient(
            base_url=self.base_url,
            headers=self._headers,
            timeout=httpx.Timeout(self.timeout, connect=min(10.0, self.timeout)),
            limits=httpx.Limits(max_connections=self.concurrency),
            transport=self._transport,
        )

    # -- What subclasses change ---------------------------------------------------

    def constraint_fields(self, json_schema: dict[str, Any]) -> dict[str, Any]:
        return structured_fields(self.structured, json_schema)

    async def discover_model(self, client: httpx.AsyncClient) -> str:
        """The served model's name, from ``/v1/models`` (the first one listed)."""
        response = await client.get("/v1/models")
        response.raise_for_status()
        models = response.json().get("data") or []
        if not models:
            raise EngineUnavailableError(f"{self.name} at {self.base_url} serves no model")
        return str(models[0]["id"])

    # -- Requests -----------------------------------------------------------------

    def request_body(
        self, prompt: Prompt, constraint: dict[str, Any], *, max_tokens: int
    ) -> dict[str, Any]:
        return {
            "model": self._model,
            "messages": list(prompt),
            "max_tokens": max_tokens,
            "temperature": 0.0,
            "stream": False,
            **constraint,
        }

    async def _ensure_model(self, client: httpx.AsyncClient) -> None:
        if self._model:
            return
        try:
            self._model = await self.discover_model(client)
        except httpx.HTTPError as exc:
            raise EngineUnavailableError(
                f"{self.name} at {self.base_url}: cannot list its models: {exc}"
            ) from exc

    async def _complete(
        self, client: httpx.AsyncClient, body: dict[str, Any], limit: asyncio.Semaphore
    ) -> Generation:
        started = time.perf_counter()
        where = f"{self.name} at {self.base_url}"
        async with limit:
            try:
                response = await client.post("/v1/chat/completions", json=body)
            except httpx.TimeoutException as exc:
                raise EngineUnavailableError(
                    f"{where}: no answer within {self.timeout:.0f} s"
                ) from exc
            except httpx.HTTPError as exc:
                raise EngineUnavailableError(f"{where}: {exc!r}") from exc
        if response.status_code >= 500:
            raise EngineUnavailableError(
                f"{where}: HTTP {response.status_code}: {_error_message(response)}"
            )
        if response.status_code >= 400:
            message = _error_message(response)
            if _context_problem(response.status_code, message):
                raise PromptTooLongError(
                    f"{where}: the prompt does not fit the model's context "
                    f"(HTTP {response.status_code}: {message}); the schema's descriptions, "
                    "enums and examples make it too long; retrying cannot help"
                )
            error = (
                SchemaUnsupportedError
                if _schema_problem(response.status_code, message)
                else EngineUnavailableError
            )
            raise error(f"{where}: HTTP {response.status_code}: {message}")
        try:
            data = response.json()
            choice = data["choices"][0]
            text = choice["message"]["content"] or ""
            usage = data.get("usage") or {}
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise EngineUnavailableError(f"{where}: unexpected answer: {exc!r}") from exc
        reason: FinishReason = "length" if choice.get("finish_reason") == "length" else "stop"
        return Generation(
            text=text,
            prompt_tokens=int(usage.get("prompt_tokens") or 0),
            completion_tokens=int(usage.get("completion_tokens") or 0),
            finish_reason=reason,
            seconds=round(time.perf_counter() - started, 3),
            engine=self.name,
            model=str(data.get("model") or self.model),
        )

    async def generate_each(
        self,
        prompts: Sequence[Prompt],
        json_schema: dict[str, Any],
        *,
        max_tokens: int,
        constraint: dict[str, Any] | None = None,
    ) -> list[Generation | EngineError]:
        """One outcome per prompt: a generation, or the error that prompt met.

        A fallback chain sends only the failed prompts on to the next engine.
        """
        fields = constraint if constraint is not None else self.constraint_fields(json_schema)
        limit = asyncio.Semaphore(self.concurrency)
        async with self._client() as client:
            try:
                await self._ensure_model(client)
            except EngineError as exc:
                return [exc for _ in prompts]
            bodies = [self.request_body(p, fields, max_tokens=max_tokens) for p in prompts]
            outcomes = await asyncio.gather(
                *(self._complete(client, body, limit) for body in bodies),
                return_exceptions=True,
            )
        results: list[Generation | EngineError] = []
        for outcome in outcomes:
            if isinstance(outcome, Generation | EngineError):
                results.append(outcome)
            elif isinstance(outcome, Exception):
                results.append(EngineUnavailableError(f"{self.name}: {outcome!r}"))
            else:  # KeyboardInterrupt, CancelledError: not ours to swallow
                raise outcome
        return results

    async def generate(
        self, prompts: Sequence[Prompt], json_schema: dict[str, Any], *, max_tokens: int
    ) -> list[Generation]:
        outcomes = await self.generate_each(prompts, json_schema, max_tokens=max_tokens)
        for outcome in outcomes:
            if isinstance(outcome, EngineError):
                raise outcome
        return [o for o in outcomes if isinstance(o, Generation)]

    async def ready(self) -> bool:
        """Whether the server answers its health check now."""
        try:
            async with self._client() as client:
                response = await client.get(self.health_path, timeout=5.0)
        except httpx.HTTPError:
            return False
        return response.status_code == 200


def dumps_schema(json_schema: dict[str, Any]) -> str:
    """A schema as the JSON string some native APIs (SGLang's ``/generate``) want."""
    return json.dumps(json_schema, separators=(",", ":"))
