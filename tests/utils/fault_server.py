"""A fault-injecting OpenAI-compatible server (tests only).

Real engine servers cannot be made to answer 500, refuse a schema, return JSON that
breaks the schema, or hang, on demand (nor refuse a long prompt without a long
schema on a test server that is slow to start); this small server does exactly one of those
per ``mode`` and records every request body it receives, so tests can also check
what molextract sends. It is a fault injector, not a stand-in for a real engine:
the engines' normal behaviour is tested against real vLLM and SGLang servers.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from tests.utils.network import free_port

MODES = (
    "ok",
    "http_500",
    "schema_400",
    "off_schema",
    "hang",
    "context_400_vllm",
    "context_400_sglang",
)

#: What vLLM 0.32 and SGLang 0.5.23 answer (HTTP 400) for a prompt longer than the
#: model's context, word for word from their sources.
CONTEXT_MESSAGES = {
    "context_400_vllm": "The decoder prompt (length 5210) is longer than the maximum model "
    "length of 4096. Make sure that `max_model_len` is no smaller than the number of text tokens.",
    "context_400_sglang": "Requested token count exceeds the model's maximum context length of "
    "4096 tokens. You requested a total of 5466 tokens: 5210 tokens from the input messages and "
    "256 tokens for the completion. Please reduce the number of tokens in the input messages or "
    "the completion to fit within the limit.",
}


class FaultInjectingServer:
    def __init__(self, mode: str, answer: str = '{"records": []}') -> None:
        assert mode in MODES, mode
        self.mode = mode
        self.answer = answer
        self.bodies: list[dict[str, Any]] = []
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._server: uvicorn.Server | None = None

    def app(self) -> FastAPI:
        app = FastAPI()

        @app.get("/health")
        async def health() -> dict[str, str]:
            return {"status": "ok"}

        @app.get("/v1/models")
        async def models() -> dict[str, Any]:
            return {"data": [{"id": "fault-injector"}]}

        @app.post("/v1/chat/completions")
        async def complete(request: Request) -> JSONResponse:
            body = await request.json()
            self.bodies.append(body)
            if self.mode == "http_500":
                return JSONResponse({"error": {"message": "injected failure"}}, 500)
            if self.mode == "schema_400":
                return JSONResponse(
                    {"error": {"message": "injected: cannot compile this JSON schema"}}, 400
                )
            if self.mode in CONTEXT_MESSAGES:
                return JSONResponse(
                    {"error": {"message": CONTEXT_MESSAGES[self.mode], "code": 400}}, 400
                )
            if self.mode == "hang":
                await asyncio.sleep(30)
            text = '{"records": "not a list"}' if self.mode == "off_schema" else self.answer
            return JSONResponse(
                {
                    "model": "fault-injector",
                    "choices": [{"message": {"content": text}, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 7, "completion_tokens": 3},
                }
            )

        return app

    def start(self) -> None:
        config = uvicorn.Config(self.app(), host="127.0.0.1", port=self.port, log_level="error")
        self._server = uvicorn.Server(config)
        threading.Thread(target=self._server.run, daemon=True).start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            assert time.monotonic() < deadline, "fault-injecting server did not start"
            time.sleep(0.02)

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True


@contextmanager
def fault_server(mode: str, answer: str = '{"records": []}') -> Iterator[FaultInjectingServer]:
    server = FaultInjectingServer(mode, answer)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def closed_port_url() -> str:
    """A loopback URL nothing listens on: connecting is refused at once."""
    return f"http://127.0.0.1:{free_port()}"
