"""A bulk run: stream documents from dump files through the pipeline into JSONL.

Kept apart from the CLI so that progress display and argument parsing stay in
``cli/main.py`` while the loop (batching, resume, rejects, counting) can be tested
and reused on its own.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

from molextract._library import Extractor
from molextract.extraction.pipeline import Pipeline, ProgressCallback, split_rejected
from molextract.ingest import Skipped, read_documents
from molextract.ingest.document import Document
from molextract.runs.sinks import JsonlSink
from molextract.schemas.records import DocumentResult


@dataclass
class FileStats:
    documents: int = 0
    records: int = 0
    skipped: int = 0


@dataclass
class RunStats:
    documents: int = 0
    documents_with_errors: int = 0
    skipped_inputs: int = 0
    resumed: int = 0
    accepted: int = 0
    flagged: int = 0
    rejected: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    chunks_sent: int = 0
    chunks_skipped: int = 0
    model_calls: int = 0
    started: float = field(default_factory=time.perf_counter)
    error_codes: dict[str, int] = field(default_factory=dict)
    per_file: dict[str, FileStats] = field(default_factory=dict)

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.started

    def file(self, source: object) -> FileStats:
        return self.per_file.setdefault(str(source), FileStats())

    def add(self, result: DocumentResult, source: object) -> None:
        per_file = self.file(source)
        per_file.documents += 1
        per_file.records += len(result.records)
        self.documents += 1
        self.documents_with_errors += bool(result.errors)
        for error in result.errors:
            self.error_codes[error.code] = self.error_codes.get(error.code, 0) + 1
        for record in result.records:
            setattr(self, record.status, getattr(self, record.status) + 1)
        self.prompt_tokens += result.usage.prompt_tokens
        self.completion_tokens += result.usage.completion_tokens
        self.chunks_sent += result.usage.chunks_sent
        self.chunks_skipped += result.usage.chunks_skipped
        self.model_calls += result.usage.model_calls


def run_bulk(
    pipeline: Pipeline | Extractor,
    inputs: Sequence[Path],
    results: JsonlSink,
    rejects: JsonlSink | None,
    *,
    batch_size: int | None = None,
    skip_ids: set[str],
    limit: int | None = None,
    on_skip: Callable[[Skipped], None] = lambda s: None,
    on_batch: Callable[[RunStats], None] = lambda s: None,
    on_chunks: ProgressCallback | None = None,
) -> RunStats:
    """Process every readable document once; return what happened.

    Documents go through ``Extractor.batches``, the Python API's own entry, so a run
    and a library call extract alike; ``batch_size`` overrides the extractor's.
    ``on_batch`` hears after each batch is written, ``on_chunks`` while one is in
    hand: one long document can be minutes of work.
    """
    extractor = (
        Extractor.from_pipeline(pipeline.pipeline, batch_size=batch_size or pipeline.batch_size)
        if isinstance(pipeline, Extractor)
        else Extractor.from_pipeline(pipeline, batch_size=batch_size)
    )
    if on_chunks is not None:
        extractor.pipeline.on_progress = on_chunks
    stats = RunStats(resumed=len(skip_ids))

    def skipped(item: Skipped) -> None:
        stats.skipped_inputs += 1
        stats.file(item.path).skipped += 1
        on_skip(item)

    documents: Iterable[Document] = read_documents(inputs, skipped, skip_ids=skip_ids)
    if limit is not None:
        documents = islice(documents, limit)
    for batch in extractor.batches(documents):
        kept = []
        for doc, result in batch:
            stats.add(result, doc.metadata.get("source", "?"))
            if rejects is None:  # nowhere else to put them: keep them in the line
                kept.append(result)
                continue
            clean, rejected = split_rejected(result)
            kept.append(clean)
            rejects.write_rejects(rejected)
        results.write_results(kept)
        on_batch(stats)
    return stats
