"""molextract driving an engine server vs a minimal client sending the same requests.

.venv/bin/python bench/bench_engines.py --start vllm [--docs 8] [--concurrency 1,2,4,8]
.venv/bin/python bench/bench_engines.py --engine sglang --url http://host:30000

For each concurrency level, the same documents go through

1. molextract: ``Pipeline`` with the vLLM or SGLang engine (chunking, prompts,
   constrained requests, parsing, RDKit, grounding), and
2. a minimal client: the same chat requests (same messages, schema, token budget),
   sent with httpx at the same concurrency, answers only counted;

and the documents/s, generated tokens/s and their ratio are printed. Each side runs
twice per level, in the order A B B A (see ``run_level``). With
``--start`` the bench starts the project's CPU test server (tests/engine_servers),
so on this machine the figures measure a SmolLM2-135M server on CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from molextract.config import Settings
from molextract.engines.openai_compat import OpenAICompatibleEngine, structured_fields
from molextract.engines.sglang import SGLangEngine
from molextract.engines.vllm import VllmEngine
from molextract.extraction.chunking import chunk_text
from molextract.extraction.pipeline import RETRY_BUDGET_FACTOR, Pipeline
from molextract.extraction.prompts import build_prompt
from molextract.ingest.document import Document
from molextract.schemas import get_schema

ROOT = Path(__file__).parents[1]
EXAMPLES = ROOT / "examples" / "patent-examples.jsonl"
SCHEMA = get_schema("melting_point")


def documents(count: int) -> list[Document]:
    with EXAMPLES.open(encoding="utf-8") as handle:
        templates = [json.loads(line) for line in handle]
    return [
        Document(
            f"{templates[i % len(templates)]['id']}#{i}", templates[i % len(templates)]["text"]
        )
        for i in range(count)
    ]


def engine_for(
    kind: str, url: str, concurrency: int, transport: httpx.AsyncBaseTransport
) -> OpenAICompatibleEngine:
    cls = SGLangEngine if kind == "sglang" else VllmEngine
    return cls(url, concurrency=concurrency, timeout=900, transport=transport)


class CountingTransport(httpx.AsyncHTTPTransport):
    """The real transport, counting the chat requests molextract sends through it."""

    def __init__(self) -> None:
        super().__init__()
        self.requests = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/chat/completions"):
            self.requests += 1
        return await super().handle_async_request(request)


async def minimal_client(
    url: str, model: str, prompts: list[Any], concurrency: int, max_tokens: int
) -> tuple[int, int]:
    """The same requests with nothing around them: (requests sent, generated tokens).

    To do the same work as molextract it follows the same rule: an answer cut off by the
    budget (or not valid JSON) is asked once more with twice the budget, after the first
    round, as ``Pipeline.process`` does.
    """
    limit = asyncio.Semaphore(concurrency)
    fields = structured_fields("json_schema", SCHEMA.json_schema)

    async def one(client: httpx.AsyncClient, messages: Any, budget: int) -> tuple[int, bool]:
        body = {"model": model, "messages": messages, "max_tokens": budget,
                "temperature": 0.0, **fields}  # fmt: skip
        async with limit:
            response = await client.post("/v1/chat/completions", json=body)
        response.raise_for_status()
        answer = response.json()
        choice = answer["choices"][0]
        try:
            json.loads(choice["message"]["content"])
            finished = choice["finish_reason"] != "length"
        except ValueError:
            finished = False
        return int(answer["usage"]["completion_tokens"]), finished

    async with httpx.AsyncClient(base_url=url, timeout=900) as client:
        first = await asyncio.gather(*(one(client, p, max_tokens) for p in prompts))
        again = [p for p, (_, finished) in zip(prompts, first, strict=True) if not finished]
        second = await asyncio.gather(
            *(one(client, p, max_tokens * RETRY_BUDGET_FACTOR) for p in again)
        )
    return len(first) + len(second), sum(t for t, _ in first) + sum(t for t, _ in second)


def run_level(kind: str, url: str, docs: list[Document], concurrency: int) -> dict[str, float]:
    """Both sides twice, in the order A B B A, so neither gains from the other's warm caches.

    The servers keep a prefix cache: whichever side runs second would find the shared
    prompt prefix ready. Summing an ABBA sequence gives each side one cold-ish and one
    warm pass.
    """
    settings = Settings(max_new_tokens=128, chunk_tokens=700)
    counter = CountingTransport()
    engine = engine_for(kind, url, concurrency, counter)
    pipeline = Pipeline(SCHEMA, engine, settings)
    prompts = [
        build_prompt(SCHEMA, chunk.text)
        for doc in docs
        for chunk in chunk_text(doc.text, settings.chunk_tokens, engine.count_tokens, 1)
    ]
    ours = theirs = 0.0
    our_tokens = their_tokens = errors = answers = 0

    def molextract_pass() -> None:
        nonlocal ours, our_tokens, errors
        started = time.perf_counter()
        results = pipeline.run(docs)
        ours += time.perf_counter() - started
        our_tokens += sum(r.usage.completion_tokens for r in results)
        errors += sum(len(r.errors) for r in results)

    def minimal_pass() -> None:
        nonlocal theirs, their_tokens, answers
        started = time.perf_counter()
        count, tokens = asyncio.run(
            minimal_client(url, engine.model, prompts, concurrency, settings.max_new_tokens)
        )
        theirs += time.perf_counter() - started
        their_tokens += tokens
        answers += count

    for one_pass in (molextract_pass, minimal_pass, minimal_pass, molextract_pass):
        one_pass()
    return {
        "concurrency": concurrency,
        "requests": counter.requests / 2,
        "minimal_requests": answers / 2,
        "molextract_docs_s": 2 * len(docs) / ours,
        "molextract_tok_s": our_tokens / ours,
        "minimal_docs_s": 2 * len(docs) / theirs,
        "minimal_tok_s": their_tokens / theirs,
        "ratio_docs": theirs / ours,
        "ratio_tok": (our_tokens / ours) / (their_tokens / theirs) if their_tokens else 0.0,
        "errors": errors,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", choices=["vllm", "sglang"], default=None)
    parser.add_argument("--url", default=None, help="a running server (else --start)")
    parser.add_argument("--start", choices=["vllm", "sglang"], default=None)
    parser.add_argument("--docs", type=int, default=8)
    parser.add_argument("--concurrency", default="1,2,4,8")
    args = parser.parse_args()
    kind = args.start or args.engine
    if kind is None or (args.url is None and args.start is None):
        parser.error("give --start vllm|sglang, or --engine and --url")
    levels = [int(c) for c in args.concurrency.split(",")]
    docs = documents(args.docs)

    server = None
    url = args.url
    if args.start:
        sys.path.insert(0, str(ROOT))
        from tests.utils.engine_servers import sglang_server, vllm_server

        start = vllm_server if kind == "vllm" else sglang_server
        server = start(Path(tempfile.mkdtemp(prefix=f"bench-{kind}-")))
        server.start()
        url = server.url
    assert url is not None
    try:
        print(f"{kind} at {url}: {len(docs)} documents, melting_point schema, 128-token budget")
        print("conc  requests (ours/minimal)  molextract docs/s  tok/s   minimal docs/s  tok/s"
              "   ratio docs/s tok/s  doc errors")  # fmt: skip
        for level in levels:
            row = run_level(kind, url, docs, level)
            print(f"{row['concurrency']:>4}  {row['requests']:>10.1f}/{row['minimal_requests']:<13.1f}"
                  f"  {row['molextract_docs_s']:>17.3f}  "
                  f"{row['molextract_tok_s']:>5.1f}   {row['minimal_docs_s']:>14.3f}  "
                  f"{row['minimal_tok_s']:>5.1f}   {row['ratio_docs']:>11.2f} {row['ratio_tok']:>5.2f}  "
                  f"{row['errors']:>6}")  # fmt: skip
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
