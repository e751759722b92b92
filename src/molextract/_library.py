"""The Python API: ``extract`` and ``Extractor``, the entry the CLI and the workers use too.

An ``Extractor`` is a schema, an engine and settings put together once (loading a
model and compiling a schema's grammar take seconds to minutes) and then fed any
number of documents. ``molextract run`` streams a dump through one, a worker keeps
one per schema, and a notebook makes its own: all three reach the pipeline through
``Extractor.stream`` and ``Extractor.aextract``, so there is no other way in.

Arguments carry the names of the command line's options and of the settings
(``MOLEXTRACT_*``): ``engine``, ``model``, ``batch_size``, and any ``Settings``
field as a keyword (``max_new_tokens=128``). Unset, each takes the same default as
on the command line, read from the environment.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from molextract._itertools import batched
from molextract.config import Settings, get_settings
from molextract.engines import create_engine
from molextract.engines.base import Engine
from molextract.errors import ConfigError, InputError
from molextract.extraction.pipeline import Pipeline
from molextract.ingest import Skipped
from molextract.ingest import read_documents as _read_documents
from molextract.ingest.document import Document
from molextract.schemas.records import DocumentResult
from molextract.schemas.registry import SchemaArgument, resolve_schema
from molextract.schemas.spec import SchemaSpec

DocumentLike = str | Document | Mapping[str, Any]

#: Documents a server engine gets at once when nothing says otherwise: enough to keep
#: its continuous batching full. The local engine generates one at a time.
SERVER_BATCH = 16


class Extractor:
    """Extraction under one schema with one engine, reusable: the model loads once.

    ``schema`` is a built-in name, a JSON Schema file, ``"module.py:Class"``, or a
    ``Measurement`` subclass. ``engine`` is a fallback chain such as
    ``"sglang,local"`` (default: ``MOLEXTRACT_ENGINES``), ``model`` the local
    engine's model (default: ``MOLEXTRACT_LOCAL_MODEL``). Other keywords override
    settings by name; ``settings`` replaces the environment's altogether.
    """

    def __init__(
        self,
        schema: SchemaArgument,
        *,
        engine: str | Engine | None = None,
        model: str | None = None,
        batch_size: int | None = None,
        settings: Settings | None = None,
        **overrides: Any,
    ) -> None:
        base = settings or get_settings()
        unknown = sorted(set(overrides) - set(Settings.model_fields))
        if unknown:
            raise ConfigError(
                f"unknown setting(s) {', '.join(unknown)}; settings are: "
                f"{', '.join(Settings.model_fields)}"
            )
        self.settings = _with(base, overrides) if overrides else base
        self.schema: SchemaSpec = resolve_schema(schema)
        built = (
            engine
            if isinstance(engine, Engine)
            else create_engine(self.settings, engine=engine, model=model)
        )
        self.pipeline = Pipeline(self.schema, built, self.settings)
        self.batch_size = batch_size or self.settings.batch_size or _auto_batch(built)

    @property
    def engine(self) -> Engine:
        return self.pipeline.engine

    def extract(self, documents: Iterable[DocumentLike] | DocumentLike) -> list[DocumentResult]:
        """Every document's result, in order."""
        return list(self.stream(as_documents(documents)))

    @classmethod
    def from_pipeline(cls, pipeline: Pipeline, *, batch_size: int | None = None) -> Extractor:
        """An extractor around a pipeline already built (benchmarks and tests build
        their own to force a path or inject an engine)."""
        extractor = cls.__new__(cls)
        extractor.settings, extractor.schema, extractor.pipeline = (
            pipeline.settings, pipeline.schema, pipeline,
        )  # fmt: skip
        extractor.batch_size = (
            batch_size or pipeline.settings.batch_size or _auto_batch(pipeline.engine)
        )
        return extractor

    def stream(self, documents: Iterable[DocumentLike] | DocumentLike) -> Iterator[DocumentResult]:
        """Results one by one as their batch finishes; only one batch is held at a time,
        so a dump of any size streams through in bounded memory."""
        for batch in self.batches(documents):
            yield from (result for _, result in batch)

    def batches(
        self, documents: Iterable[DocumentLike] | DocumentLike
    ) -> Iterator[list[tuple[Document, DocumentResult]]]:
        """Each batch's documents with their results, as the batch finishes: for a
        writer that flushes once per batch (``molextract run``).

        Safe where an event loop is already running (a notebook, a worker): batches
        then run on a thread of their own, one at a time.
        """
        batches = batched(as_documents(documents), self.batch_size)
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            with asyncio.Runner() as runner:
                for batch in batches:
                    yield list(zip(batch, runner.run(self.pipeline.process(batch)), strict=True))
            return
        with ThreadPoolExecutor(max_workers=1) as pool:
            for batch in batches:
                results = pool.submit(asyncio.run, self.pipeline.process(batch)).result()
                yield list(zip(batch, results, strict=True))

    async def aextract(
        self, documents: Iterable[DocumentLike] | DocumentLike
    ) -> list[DocumentResult]:
        """``extract`` for code already in an event loop."""
        return [result async for result in self.astream(documents)]

    async def astream(
        self, documents: Iterable[DocumentLike] | DocumentLike
    ) -> AsyncIterator[DocumentResult]:
        """``stream`` for code already in an event loop."""
        for batch in batched(as_documents(documents), self.batch_size):
            for result in await self.pipeline.process(batch):
                yield result


def extract(
    documents: Iterable[DocumentLike] | DocumentLike,
    schema: SchemaArgument,
    *,
    engine: str | Engine | None = None,
    model: str | None = None,
    batch_size: int | None = None,
    settings: Settings | None = None,
    **overrides: Any,
) -> list[DocumentResult]:
    """Extract from ``documents`` (texts, ``Document``s or ``{"id", "text"}`` mappings)
    in one call; see ``Extractor`` for the arguments, and use one to extract again."""
    extractor = Extractor(
        schema, engine=engine, model=model, batch_size=batch_size, settings=settings, **overrides
    )
    return extractor.extract(documents)


def read_documents(
    *paths: str | Path, on_skip: Callable[[Skipped], None] | None = None
) -> Iterator[Document]:
    """Stream the documents of dump files and folders, as ``molextract run`` reads them.

    Inputs that cannot be read are skipped, as on the command line, and handed to
    ``on_skip`` (with file and line) when it is given.
    """
    return _read_documents([Path(p) for p in paths], on_skip or _ignore)


def _ignore(skipped: Skipped) -> None:
    """Skipped inputs nobody asked about."""


def as_documents(documents: Iterable[DocumentLike] | DocumentLike) -> Iterator[Document]:
    """``Document``s from what a caller has at hand. A bare text or mapping is one
    document (not a sequence of characters or keys); texts get their position as id."""
    if isinstance(documents, str | Document | Mapping):
        documents = [documents]
    for index, item in enumerate(documents):
        yield _document(index, item)


def _document(index: int, item: DocumentLike) -> Document:
    if isinstance(item, Document):
        return item
    if isinstance(item, str):
        return Document(str(index), item)
    if isinstance(item, Mapping):
        text = item.get("text")
        if not isinstance(text, str):
            raise InputError(f"document {index}: a mapping needs a 'text' string")
        metadata = {k: v for k, v in item.items() if k not in ("id", "text", "metadata")}
        metadata.update(item.get("metadata") or {})
        return Document(str(item.get("id", index)), text, metadata)
    raise InputError(
        f"document {index}: expected a text, a Document or a mapping with 'text', "
        f"not {type(item).__name__}"
    )


def _with(base: Settings, overrides: dict[str, Any]) -> Settings:
    """``base`` with ``overrides``, validated as the environment's values would be."""
    try:
        return type(base)(**{**base.model_dump(), **overrides})
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()
        )
        raise ConfigError(f"invalid setting: {problems}") from exc


def _auto_batch(engine: Engine) -> int:
    """1 for the local engine (it generates one at a time, so a smaller batch only
    makes progress smoother), more for servers to keep their batching full."""
    return 1 if engine.name == "local" else SERVER_BATCH
