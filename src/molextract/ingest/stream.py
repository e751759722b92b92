"""One stream of documents from all inputs, with ids unique across the whole run."""

from __future__ import annotations

import hashlib
from collections.abc import Container, Iterator, Sequence
from pathlib import Path

from molextract.ingest.base import SkipHandler, Skipped
from molextract.ingest.document import Document
from molextract.ingest.formats import reader_for
from molextract.ingest.sources import iter_sources


def read_documents(
    paths: Sequence[Path], on_skip: SkipHandler, *, skip_ids: Container[str] = frozenset()
) -> Iterator[Document]:
    """Stream documents from ``paths`` in order; problems go to ``on_skip``, never raised.

    Results are keyed by id, so a later document with an id already seen is skipped
    rather than allowed to overwrite the first. To tell the user where the first one
    was, every id is kept with its location, compactly (a 96-bit digest of the id and
    one packed integer, about 100 bytes a document): memory grows with the number of
    documents, never with their size or the length of their ids.

    Ids in ``skip_ids`` were finished by an earlier run (--resume); they are passed over
    silently but still count as seen, so duplicates are reported exactly as in a fresh run.
    """
    first_seen: dict[int, int] = {}
    names: list[str] = []
    for source in iter_sources(paths, on_skip):
        names.append(source.name)
        for document in reader_for(source.format)(source, on_skip):
            line = document.metadata.get("line")
            key = _digest(document.id)
            earlier = first_seen.get(key)
            if earlier is not None:
                name, first_line = names[earlier >> _LINE_BITS], earlier & _LINE_MASK
                where = f"{name}:{first_line}" if first_line else name
                reason = f"duplicate id {document.id!r} (first seen at {where})"
                on_skip(Skipped(source.name, line, reason))
                continue
            first_seen[key] = (len(names) - 1) << _LINE_BITS | (line or 0)
            if document.id not in skip_ids:
                yield document


_LINE_BITS = 40
_LINE_MASK = (1 << _LINE_BITS) - 1


def _digest(doc_id: str) -> int:
    return int.from_bytes(hashlib.blake2b(doc_id.encode(), digest_size=12).digest(), "big")
