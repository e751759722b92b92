"""The one data path: documents → chunks → candidates → association by the model → records.

It knows nothing of files, HTTP or Celery: the CLI and the workers both hand it
documents and get ``DocumentResult`` objects back, one per document, in order.

Two ways through, chosen by the schema: when the quantity finder knows every unit
of the schema (all built-in schemas, and custom ones in the same units), values are
found by code and the model only says what each is and whose (``extraction/``);
otherwise the model writes whole records and the checks in ``assessment.py`` test
them against the text (the ``generated`` path).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Literal

from molextract.assessment import assess, record_key
from molextract.chem.names import default_resolver
from molextract.chunking import Chunk, chunk_text
from molextract.config import Settings
from molextract.document import Document
from molextract.engines.base import Engine, Generation
from molextract.errors import SchemaError
from molextract.extraction import anchored, association, engine_calls, identity
from molextract.extraction.candidates import anchored_supported
from molextract.prompts import build_prompt
from molextract.schemas.records import DocumentError, DocumentResult, EngineInfo, Record
from molextract.schemas.spec import SchemaSpec

ExtractionPath = Literal["auto", "anchored", "generated"]

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

    def __init__(
        self,
        schema: SchemaSpec,
        engine: Engine,
        settings: Settings,
        *,
        path: ExtractionPath = "auto",
    ) -> None:
        """``path`` forces one way through; ``auto`` (what every front end uses) anchors
        whenever the finder knows the schema's units. Forcing ``generated`` exists for
        benchmarks that compare the two on the same schema."""
        self.schema = schema
        self.engine = engine
        self.settings = settings
        self.engine_info = EngineInfo(name=engine.name, model=engine.model)
        if path == "anchored" and not anchored_supported(schema):
            raise SchemaError(
                f"schema {schema.name!r} has units the quantity finder does not know; "
                "it can only be extracted on the generated path"
            )
        self.anchored = path == "anchored" or (path == "auto" and anchored_supported(schema))
        self.resolver = default_resolver() if settings.resolve_names else None

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
        if self.anchored:
            await self._process_anchored(documents, results)
        else:
            await self._process_generated(documents, results)
        await asyncio.to_thread(identity.identify, results, documents, self.resolver)
        return results

    def _chunks(self, doc: Document) -> list[Chunk]:
        return chunk_text(
            doc.text,
            self.settings.chunk_tokens,
            self.engine.count_tokens,
            self.settings.chunk_overlap_sentences,
            section_starts(doc),
        )

    async def _process_anchored(
        self, documents: Sequence[Document], results: list[DocumentResult]
    ) -> None:
        questions: list[anchored.Question] = []
        for i, doc in enumerate(documents):
            problem = self._refuse(doc)
            if problem:
                results[i].errors.append(problem)
                continue
            usage = results[i].usage
            for plan in anchored.plan_chunks(doc.text, self._chunks(doc), self.schema):
                if not plan.candidates:
                    usage.chunks_skipped += 1
                    continue
                usage.chunks_sent += 1
                questions.extend(anchored.questions_for(i, plan, doc.text, self.schema))
        budget = min(association.ANSWER_TOKENS, self.settings.max_new_tokens)
        await anchored.ask(self.engine, questions, self.schema, budget)
        retry = [q for q in questions if q.problem and q.problem.code != "engine_error"]
        await anchored.ask(self.engine, retry, self.schema, budget * RETRY_BUDGET_FACTOR)
        for question in questions:
            result = results[question.doc]
            _add_usage(result, question.usage)
            if question.problem is not None:
                if question.problem not in result.errors:
                    result.errors.append(question.problem)
                continue
            engine = self._served_by(question.generation)
            result.engine = engine
            record = anchored.record_of(question, documents[question.doc], self.schema, engine)
            if record is not None:
                result.records.append(record)

    async def _process_generated(
        self, documents: Sequence[Document], results: list[DocumentResult]
    ) -> None:
        tasks: list[_Task] = []
        for i, doc in enumerate(documents):
            problem = self._refuse(doc)
            if problem:
                results[i].errors.append(problem)
                continue
            chunks = self._chunks(doc)
            results[i].usage.chunks_sent += len(chunks)
            tasks.extend(_Task(i, chunk) for chunk in chunks)
        await self._generate(tasks, self.settings.max_new_tokens)
        retry = [t for t in tasks if t.problem and t.problem.code != "engine_error"]
        await self._generate(retry, self.settings.max_new_tokens * RETRY_BUDGET_FACTOR)
        for task in tasks:
            self._collect(task, documents[task.doc], results[task.doc])

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
        outcomes = await engine_calls.generate_parsed(
            self.engine,
            [build_prompt(self.schema, t.chunk.text) for t in tasks],
            [t.chunk.index for t in tasks],
            self.schema.json_schema,
            max_tokens,
            self._records_of,
        )
        for task, outcome in zip(tasks, outcomes, strict=True):
            if outcome.generation is not None:
                task.attempts += 1
                task.usage.append(outcome.generation)
                task.generation = outcome.generation
            task.problem, task.parsed = outcome.problem, outcome.parsed

    def _records_of(self, text: str) -> list[dict[str, object]]:
        model = self.schema.generation_model.model_validate_json(text, strict=True)
        records: list[dict[str, object]] = json.loads(model.model_dump_json())["records"]
        return records

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
        _add_usage(result, task.usage)
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


def _add_usage(result: DocumentResult, generations: Sequence[Generation]) -> None:
    for generation in generations:
        result.usage.prompt_tokens += generation.prompt_tokens
        result.usage.completion_tokens += generation.completion_tokens
        result.usage.seconds = round(result.usage.seconds + generation.seconds, 3)
        result.usage.model_calls += 1


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
