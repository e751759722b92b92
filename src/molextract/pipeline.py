"""The one data path: documents → chunks → prompts → constrained generation → checks → results.

It knows nothing of files, HTTP or Celery: the CLI and the workers both hand it
documents and get ``DocumentResult`` objects back, one per document, in order.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from pydantic import ValidationError

from molextract.assessment import assess, record_key
from molextract.chunking import Chunk, chunk_text
from molextract.config import Settings
from molextract.document import Document
from molextract.engines.base import Engine, Generation
from molextract.errors import EngineError
from molextract.prompts import build_prompt
from molextract.schemas.records import DocumentError, DocumentResult, EngineInfo, Record
from molextract.schemas.spec import SchemaSpec

#: A truncated or invalid generation is retried once with this much more budget.
RETRY_BUDGET_FACTOR = 2


@dataclass
class _Task:
    """One chunk of one document on its way through the engine."""

    doc: int
    chunk: Chunk
    generation: Generation | None = None
    parsed: list[dict[str, object]] | None = None
    problem: DocumentError | None = None
    attempts: int = 0
    usage: list[Generation] = field(default_factory=list)


class Pipeline:
    """Extraction under one schema with one engine; reusable across batches."""

    def __init__(self, schema: SchemaSpec, engine: Engine, settings: Settings) -> None:
        self.schema = schema
        self.engine = engine
        self.settings = settings
        self.engine_info = EngineInfo(name=engine.name, model=engine.model)

    def run(self, documents: Sequence[Document]) -> list[DocumentResult]:
        """Synchronous entry point; safe even where an event loop is already running."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(self.process(documents))
        with ThreadPoolExecutor(max_workers=1) as pool:
            return pool.submit(lambda: asyncio.run(self.process(documents))).result()

    async def process(self, documents: Sequence[Document]) -> list[DocumentResult]:
        results = [self._empty(doc) for doc in documents]
        tasks: list[_Task] = []
        for i, doc in enumerate(documents):
            problem = self._refuse(doc)
            if problem:
                results[i].errors.append(problem)
                continue
            chunks = chunk_text(
                doc.text,
                self.settings.chunk_tokens,
                self.engine.count_tokens,
                self.settings.chunk_overlap_sentences,
                section_starts(doc),
            )
            tasks.extend(_Task(i, chunk) for chunk in chunks)
        await self._generate(tasks, self.settings.max_new_tokens)
        retry = [t for t in tasks if t.problem and t.problem.code != "engine_error"]
        await self._generate(retry, self.settings.max_new_tokens * RETRY_BUDGET_FACTOR)
        for task in tasks:
            self._collect(task, documents[task.doc], results[task.doc])
        return results

    def _empty(self, doc: Document) -> DocumentResult:
        return DocumentResult(doc_id=doc.id, schema_name=self.schema.name, engine=self.engine_info)

    def _refuse(self, doc: Document) -> DocumentError | None:
        if not doc.text.strip():
            return DocumentError(code="empty_text", message="the document text is empty")
        limit = self.settings.max_document_chars
        if len(doc.text) > limit:
            return DocumentError(
                code="too_long",
                message=f"the text has {len(doc.text)} characters; the limit is {limit} "
                "(MOLEXTRACT_MAX_DOCUMENT_CHARS)",
            )
        return None

    async def _generate(self, tasks: list[_Task], max_tokens: int) -> None:
        if not tasks:
            return
        prompts = [build_prompt(self.schema, t.chunk.text) for t in tasks]
        try:
            generations = await self.engine.generate(
                prompts, self.schema.json_schema, max_tokens=max_tokens
            )
        except EngineError as exc:
            for task in tasks:
                task.problem = DocumentError(
                    code="engine_error", message=str(exc), chunk=task.chunk.index
                )
            return
        for task, generation in zip(tasks, generations, strict=True):
            task.attempts += 1
            task.usage.append(generation)
            task.generation = generation
            task.problem, task.parsed = self._parse(generation, task.chunk.index)

    def _parse(
        self, generation: Generation, chunk: int
    ) -> tuple[DocumentError | None, list[dict[str, object]] | None]:
        if generation.finish_reason == "length":
            return DocumentError(
                code="generation_truncated",
                message=f"the answer did not finish within {generation.completion_tokens} tokens",
                chunk=chunk,
            ), None
        try:
            model = self.schema.generation_model.model_validate_json(generation.text, strict=True)
        except ValidationError as exc:
            detail = exc.errors(include_url=False)[0]
            return DocumentError(
                code="invalid_output",
                message=f"the engine's answer does not fit the schema: {detail['msg']} at "
                f"{'.'.join(str(p) for p in detail['loc'])}",
                chunk=chunk,
            ), None
        return None, json.loads(model.model_dump_json())["records"]

    def _served_by(self, generation: Generation | None) -> EngineInfo:
        """Who produced ``generation``: a fallback chain says which of its engines did."""
        if generation is None or generation.engine is None:
            return self.engine_info
        return EngineInfo(
            name=generation.engine,
            model=generation.model or self.engine.model,
            fallback_from=generation.fallback_from,
        )

    def _collect(self, task: _Task, doc: Document, result: DocumentResult) -> None:
        for generation in task.usage:
            result.usage.prompt_tokens += generation.prompt_tokens
            result.usage.completion_tokens += generation.completion_tokens
            result.usage.seconds = round(result.usage.seconds + generation.seconds, 3)
        if task.problem is not None:
            result.errors.append(task.problem)
            return
        engine = self._served_by(task.generation)
        result.engine = engine
        seen = {record_key(r) for r in result.records}
        for item in task.parsed or []:
            record = assess(
                item,
                doc_id=doc.id,
                text=doc.text,
                chunk=task.chunk,
                schema=self.schema,
                engine=engine,
            )
            key = record_key(record)
            if key not in seen:
                seen.add(key)
                result.records.append(record)


def section_starts(doc: Document) -> set[int]:
    """Offsets where the reader saw a section begin (XML readers record them)."""
    sections = doc.metadata.get("sections")
    if not isinstance(sections, list):
        return set()
    return {int(s["start"]) for s in sections if isinstance(s, dict) and "start" in s}


def split_rejected(result: DocumentResult) -> tuple[DocumentResult, list[Record]]:
    """The result without rejected records, and those records (they go to the rejects file)."""
    kept = [r for r in result.records if r.status != "rejected"]
    rejected = [r for r in result.records if r.status == "rejected"]
    return result.model_copy(update={"records": kept}), rejected
