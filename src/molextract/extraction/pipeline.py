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
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Literal, Protocol, TypeVar

from molextract.chem.names import default_resolver
from molextract.config import Settings
from molextract.engines.base import Engine, Generation
from molextract.errors import SchemaError
from molextract.extraction import anchored, association, engine_calls, identity, tables
from molextract.extraction.assessment import assess, record_key
from molextract.extraction.candidates import Candidate, anchored_supported
from molextract.extraction.chunking import Chunk, chunk_text
from molextract.extraction.engine_calls import RETRYABLE_CODES
from molextract.extraction.entries import Entry, read_entries
from molextract.extraction.label_table import LabelTable, build_label_table
from molextract.extraction.pages import place_on_pages
from molextract.extraction.prompts import build_prompt
from molextract.extraction.whose import Site
from molextract.ingest.document import Document
from molextract.schemas.records import DocumentError, DocumentResult, EngineInfo, Record
from molextract.schemas.spec import SchemaSpec

ExtractionPath = Literal["auto", "anchored", "generated"]

#: A truncated or invalid generation is retried once with this much more budget.
RETRY_BUDGET_FACTOR = 2


@dataclass(frozen=True, slots=True)
class BatchProgress:
    """How far the batch in hand is. Chunks are the unit of work: one long document is
    hundreds of them, and a count of documents alone would sit at 0/1 for minutes."""

    documents: int
    chunks_done: int
    chunks: int

    @property
    def fraction(self) -> float:
        return self.chunks_done / self.chunks if self.chunks else 1.0


ProgressCallback = Callable[[BatchProgress], None]

#: While progress is watched, a server engine gets at least this many prompts per
#: request slot in each call, so a wave's ragged end costs little of its batching.
WAVE_REQUESTS_PER_SLOT = 4


class _OnChunk(Protocol):
    """What the engine is asked about: a chunk of a document (a question, a task)."""

    @property
    def doc(self) -> int: ...

    @property
    def chunk(self) -> Chunk: ...


Item = TypeVar("Item", bound=_OnChunk)


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
        #: Set by a front end that shows progress (the CLI's bar). While set, a batch
        #: goes to the engine a few chunks at a time so there is progress to report;
        #: unset, it goes in one call, as before.
        self.on_progress: ProgressCallback | None = None

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
        place_on_pages(results, documents)
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
        readings: dict[int, list[tables.TableReading]] = {}
        asked: dict[str, tables.HeaderQuestion] = {}
        headers: list[tables.HeaderQuestion] = []
        for i, doc in enumerate(documents):
            problem = self._refuse(doc)
            if problem:
                results[i].errors.append(problem)
                continue
            readings[i] = tables.read_tables(doc, self.schema)
            headers += tables.header_questions(i, readings[i], self.schema, asked)
            claimed = [reading.claimed for reading in readings[i]]
            questions.extend(self._plan(i, doc, results[i], claimed))
        await self._read_tables(documents, results, readings, headers)
        counter = self._counter(documents, results)
        budget = min(association.answer_tokens(self.schema), self.settings.max_new_tokens)
        for wave in self._waves(questions):
            await anchored.ask(self.engine, wave, self.schema, budget)
            retry = [q for q in wave if q.problem and q.problem.code in RETRYABLE_CODES]
            await anchored.ask(self.engine, retry, self.schema, budget * RETRY_BUDGET_FACTOR)
            counter.advance(wave)
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
        for result in results:
            result.records.sort(key=lambda r: r.evidence.value_start or 0)

    async def _read_tables(
        self,
        documents: Sequence[Document],
        results: list[DocumentResult],
        readings: dict[int, list[tables.TableReading]],
        headers: list[tables.HeaderQuestion],
    ) -> None:
        """Table records: code reads the cells; the model is asked only about headers
        no declaration knows, once per distinct header in the batch."""
        await tables.ask_headers(self.engine, headers, self.schema)
        for question in headers:
            result = results[question.doc]
            _add_usage(result, question.usage)
            if question.problem is not None and question.problem not in result.errors:
                result.errors.append(question.problem)
        for i, found in readings.items():
            if found:
                records = tables.table_records(documents[i], found, self.schema, self.engine_info)
                results[i].records.extend(records)

    def _plan(
        self, i: int, doc: Document, result: DocumentResult, claimed: Sequence[tuple[int, int]]
    ) -> list[anchored.Question]:
        """The questions of one document; the values the text settles alone become
        records at once (``anchored.settled``). Values inside ``claimed`` spans (tables
        the table path reads) are left to it."""
        usage = result.usage
        plans = anchored.plan_chunks(doc.text, self._chunks(doc), self.schema)
        if claimed:
            plans = [
                anchored.ChunkPlan(
                    plan.chunk,
                    [c for c in plan.candidates if not _inside(c.quantity.start, claimed)],
                )
                for plan in plans
            ]
        if not any(plan.candidates for plan in plans):
            usage.chunks_skipped += len(plans)
            return []
        table = build_label_table(doc.text)
        site_of = partial(_site, doc.text, table, read_entries(doc.text, table))
        questions: list[anchored.Question] = []
        for whole in plans:
            plan, done = whole, list[Candidate]()
            if self.settings.settle_by_rule:
                plan, done = anchored.settled(whole, site_of, self.schema)
            for candidate in done:
                record = anchored.settled_record(
                    i, plan.chunk, candidate, doc, self.schema, self.engine_info
                )
                if record is not None:
                    result.records.append(record)
            if not plan.candidates:
                usage.chunks_skipped += 1
                continue
            usage.chunks_sent += 1
            questions.extend(anchored.questions_for(i, plan, doc.text, self.schema, table))
        return questions

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
        counter = self._counter(documents, results)
        for wave in self._waves(tasks):
            await self._generate(wave, self.settings.max_new_tokens)
            retry = [t for t in wave if t.problem and t.problem.code in RETRYABLE_CODES]
            await self._generate(retry, self.settings.max_new_tokens * RETRY_BUDGET_FACTOR)
            counter.advance(wave)
        for task in tasks:
            self._collect(task, documents[task.doc], results[task.doc])

    def _counter(
        self, documents: Sequence[Document], results: list[DocumentResult]
    ) -> _ChunkCounter:
        """Counts a batch's chunks; those with nothing left to ask the model are done
        already."""
        counter = _ChunkCounter(
            self.on_progress,
            len(documents),
            sum(r.usage.chunks_sent + r.usage.chunks_skipped for r in results),
            sum(r.usage.chunks_skipped for r in results),
        )
        counter.report()
        return counter

    def _waves(self, items: Sequence[Item]) -> Iterator[list[Item]]:
        """Whole chunks at a time: one chunk for the local engine (it generates one prompt
        at a time anyway), enough prompts to keep a server's batching full otherwise;
        all at once when nobody watches progress."""
        if self.on_progress is None:
            size = len(items)
        elif self.engine.name == "local":
            size = 1
        else:
            size = WAVE_REQUESTS_PER_SLOT * self.settings.engine_concurrency
        return _waves(items, size)

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


def _waves(items: Sequence[Item], size: int) -> Iterator[list[Item]]:
    """Consecutive items cut only between chunks, each wave at least ``size`` long
    (the last may be shorter)."""
    wave: list[Item] = []
    for i, item in enumerate(items):
        wave.append(item)
        following = items[i + 1] if i + 1 < len(items) else None
        ends_chunk = following is None or (following.doc, following.chunk.index) != (
            item.doc,
            item.chunk.index,
        )
        if ends_chunk and len(wave) >= size:
            yield wave
            wave = []
    if wave:
        yield wave


@dataclass
class _ChunkCounter:
    callback: ProgressCallback | None
    documents: int
    chunks: int
    done: int

    def advance(self, wave: Sequence[_OnChunk]) -> None:
        self.done += len({(item.doc, item.chunk.index) for item in wave})
        self.report()

    def report(self) -> None:
        if self.callback is not None:
            self.callback(BatchProgress(self.documents, self.done, self.chunks))


def _add_usage(result: DocumentResult, generations: Sequence[Generation]) -> None:
    for generation in generations:
        result.usage.prompt_tokens += generation.prompt_tokens
        result.usage.completion_tokens += generation.completion_tokens
        result.usage.seconds = round(result.usage.seconds + generation.seconds, 3)
        result.usage.model_calls += 1


def _inside(offset: int, spans: Sequence[tuple[int, int]]) -> bool:
    return any(start <= offset < end for start, end in spans)


def _site(text: str, table: LabelTable, entries: list[Entry], candidate: Candidate) -> Site:
    return Site(
        text,
        candidate.quantity.start,
        candidate.quantity.end,
        table,
        entries,
        candidate.decisive_property,
    )


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
