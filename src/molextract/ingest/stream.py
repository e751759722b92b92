"""One stream of documents from all inputs, with ids unique across the whole run."""

from __future__ import annotations

from collections.abc import Container, Iterator, Sequence
from pathlib import Path

from molextract.document import Document
from molextract.ingest.base import SkipHandler, Skipped
from molextract.ingest.formats import reader_for
from molextract.ingest.sources import iter_sources


def read_documents(
    paths: Sequence[Path], on_skip: SkipHandler, *, skip_ids: Container[str] = frozenset()
) -> Iterator[Document]:
    """Stream documents from ``paths`` in order; problems go to ``on_skip``, never raised.

    Results are keyed by id, so a later document with an id already seen is skipped
    rather than allowed to overwrite the first. To tell the user where the first one
    was, every id is kept with its location: memory grows with the number of
    documents (roughly the id plus ~100 bytes each), never with their size.

    Ids in ``skip_ids`` were finished by an earlier run (--resume); they are passed over
    silently but still count as seen, so duplicates are reported exactly as in a fresh run.
    """
    first_seen: dict[str, tuple[str, int | None]] = {}
    for source in iter_sources(paths, on_skip):
        for document in reader_for(source.format)(source, on_skip):
            line = document.metadata.get("line")
            earlier = first_seen.get(document.id)
            if earlier is not None:
                where = earlier[0] if earlier[1] is None else f"{earlier[0]}:{earlier[1]}"
                reason = f"duplicate id {document.id!r} (first seen at {where})"
                on_skip(Skipped(source.name, line, reason))
                continue
            # source.name is one shared string per file, so each entry adds no copy of it.
            first_seen[document.id] = (source.name, line)
            if document.id not in skip_ids:
                yield document
