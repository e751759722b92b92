"""PDFs sent to the job API, as base64 in a JSON document or as a multipart file.

The server reads them with the same reader as ``molextract run``
(:func:`~molextract.ingest.pdf.pdf_document`), so a job holds the text and page
metadata a local run would see, and records name their page. What the reader cannot
use (not a PDF, damaged, encrypted, no text layer) is the client's to fix: a 422
``pdf-unreadable`` naming the document and the reason. Reading is CPU work (tens of
ms a page), so it runs in a worker thread, after the cheap limits (bytes, pages)
have been checked; the text it gives is then held to the same per-document limits
as any text (by the caller, who knows where the document is in the request).
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import anyio.to_thread

from molextract.api.limits import MIB, ApiLimits
from molextract.api.problems import Problem
from molextract.ingest.document import Document
from molextract.ingest.pdf import PdfProblem, pdf_document

#: What the reader found that the pipeline and the report rely on, tied to the text
#: read: a client's metadata may not replace these.
READER_KEYS = ("pages", "lines", "sections")

_WHITESPACE = b" \t\r\n\f\v"


@dataclass(frozen=True)
class Where:
    """Where a document is in the request, for the problem that names it."""

    loc: Sequence[str | int]
    line: int | None = None

    def at(self, *parts: str | int) -> Where:
        """The same place, further into the document (``pdf_base64``, ``text``)."""
        return Where([*self.loc, *parts], self.line)

    def detail(self, doc_id: str, reason: str) -> str:
        """``reason`` prefixed with the document's id and, for NDJSON, its line."""
        prefix = f"line {self.line}: " if self.line is not None else ""
        return f"{prefix}document {doc_id[:80]!r}: {reason}"

    def error(self, doc_id: str, reason: str, kind: str) -> dict[str, Any]:
        """One ``errors`` entry, in the shape validation problems use (the line is a key
        of its own there, not part of the text)."""
        error: dict[str, Any] = {
            "loc": list(self.loc),
            "detail": f"document {doc_id[:80]!r}: {reason}",
            "type": kind,
        }
        if self.line is not None:
            error["line"] = self.line
        return error


def decode_base64(value: str, doc_id: str, where: Where) -> bytes:
    """The bytes of ``pdf_base64``; line breaks (``base64`` wraps at 76) are allowed.

    Strict otherwise: a character outside the alphabet or a wrong length is refused,
    so a truncated upload is told apart from a PDF that is damaged.
    """
    try:
        raw = value.encode("ascii").translate(None, _WHITESPACE)
        return base64.b64decode(raw, validate=True)
    except (UnicodeEncodeError, binascii.Error) as exc:
        reason = f"pdf_base64 is not valid standard base64 ({_base64_reason(exc)})"
        raise Problem(
            422,
            "validation-error",
            "Invalid request",
            where.detail(doc_id, reason),
            errors=[where.error(doc_id, reason, "base64_invalid")],
        ) from None


def _base64_reason(exc: Exception) -> str:
    if isinstance(exc, UnicodeEncodeError):
        return "it contains characters outside ASCII"
    return str(exc).rstrip(".") or "invalid"


async def read_pdf(
    data: bytes,
    *,
    doc_id: str,
    name: str,
    metadata: Mapping[str, Any],
    limits: ApiLimits,
    where: Where,
) -> Document:
    """The document a PDF's bytes hold, or the :class:`Problem` saying why there is none."""
    if len(data) > limits.max_pdf_bytes:
        raise pdf_too_large(doc_id, len(data), limits, where)
    pages = await anyio.to_thread.run_sync(_page_count, data)
    if pages is not None and pages > limits.max_pdf_pages:
        raise _too_many_pages(doc_id, pages, limits, where)
    try:
        read = await anyio.to_thread.run_sync(_read, data, doc_id, name)
    except PdfProblem as exc:
        reason = str(exc)
        raise Problem(
            422,
            "pdf-unreadable",
            "Unreadable PDF",
            where.detail(doc_id, reason),
            errors=[where.error(doc_id, reason, "pdf_unreadable")],
        ) from None
    merged = {**read.metadata, **metadata, **{k: read.metadata[k] for k in READER_KEYS}}
    return Document(read.id, read.text, merged)


def _read(data: bytes, doc_id: str, name: str) -> Document:
    return pdf_document(data, doc_id=doc_id, name=name)


def _page_count(data: bytes) -> int | None:
    """The page count from pdfium's page tree, without reading a page.

    ``None`` when pdfium cannot open the bytes: the reader then says why, in the
    words it uses for ``molextract run``.
    """
    try:
        import pypdfium2
    except ImportError:
        return None
    try:
        pdf = pypdfium2.PdfDocument(data)
    except pypdfium2.PdfiumError:
        return None
    try:
        return len(pdf)
    finally:
        pdf.close()


def pdf_too_large(doc_id: str, size: int, limits: ApiLimits, where: Where) -> Problem:
    limit = limits.max_pdf_bytes
    reason = f"the PDF has {size} bytes; the limit is {limit} bytes ({limit / MIB:.1f} MiB) per PDF"
    return Problem(
        413,
        "pdf-too-large",
        "PDF too large",
        where.detail(doc_id, reason),
        errors=[where.error(doc_id, reason, "pdf_too_large")],
    )


def _too_many_pages(doc_id: str, pages: int, limits: ApiLimits, where: Where) -> Problem:
    reason = (
        f"the PDF has {pages} pages; the limit is {limits.max_pdf_pages} pages per PDF: "
        "split it, or run `molextract run` on it locally"
    )
    return Problem(
        413,
        "pdf-too-many-pages",
        "PDF has too many pages",
        where.detail(doc_id, reason),
        errors=[where.error(doc_id, reason, "pdf_too_many_pages")],
    )
