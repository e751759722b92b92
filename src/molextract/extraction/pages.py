"""The page each record's evidence stands on, for documents that have pages.

Readers of paged documents (PDFs) record in the metadata the offset at which each page
begins (``pages``); every offset a record carries is an offset of the document's text,
so the page is one bisection away. Records of documents without pages keep ``null``.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from molextract.ingest.document import Document
from molextract.schemas.records import DocumentResult


def page_starts(doc: Document) -> list[int] | None:
    """The offsets at which the document's pages begin, when a reader recorded them."""
    starts = doc.metadata.get("pages")
    if not isinstance(starts, list) or not starts:
        return None
    if not all(isinstance(s, int) and not isinstance(s, bool) for s in starts):
        return None
    return starts


def page_of(starts: Sequence[int], offset: int) -> int:
    return max(1, bisect_right(starts, offset))


def place_on_pages(results: Sequence[DocumentResult], documents: Sequence[Document]) -> None:
    """Set ``evidence.page`` on the records of paged documents, in place."""
    for result, doc in zip(results, documents, strict=True):
        starts = page_starts(doc)
        if starts is None:
            continue
        for record in result.records:
            evidence = record.evidence
            offset = evidence.value_start if evidence.value_start is not None else evidence.start
            if offset is not None:
                evidence.page = page_of(starts, offset)
