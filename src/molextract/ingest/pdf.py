"""PDF papers and supporting information (``.pdf``), read with pdfium.

pdfium (through pypdfium2, the optional extra ``[pdf]``) gives each glyph with its box,
size and weight, and says where it saw word spaces and line-end hyphens; it needs no
system library and reads a page in a few milliseconds. What the glyphs mean as text
(columns, paragraphs, running heads, line numbers) is rebuilt from their geometry in
:mod:`molextract.ingest.pdf_layout`.

One PDF is one document. Its metadata says on which page each part of the text stands
(``pages``: the offset at which each page begins; ``lines``: offset, page and box of
every line), so a record's evidence can name its page. A PDF that cannot be read (no
PDF at all, damaged, encrypted, empty, scanned without a text layer) is a skipped
file with a reason, never an exception that stops a run.
"""

from __future__ import annotations

import ctypes
import math
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from molextract.ingest.base import SkipHandler, Skipped, Source
from molextract.ingest.document import Document
from molextract.ingest.lines import GZIP_ERRORS, MIB, SkipFile, open_bytes, read_error_reason
from molextract.ingest.pdf_layout import (
    Char,
    Layout,
    Segment,
    build,
    furniture,
    one_column_edges,
    paragraphs,
    reading_order,
    segments,
)

if TYPE_CHECKING:
    import pypdfium2

#: A PDF is read whole into memory; supporting information runs to tens of MB.
MAX_PDF_BYTES = 256 * MIB
#: Longer than any paper or SI file; a bound on the work one file can cause.
MAX_PDF_PAGES = 2000
NO_TEXT = "scanned PDF: no text layer; OCR is not supported"
INSTALL_HINT = "reading PDFs needs the pdf extra: pip install 'molextract[pdf]'"


class PdfProblem(Exception):
    """Why a PDF gives no document, in words for the user."""


def read_pdf(source: Source, on_skip: SkipHandler) -> Iterator[Document]:
    try:
        with open_bytes(source) as stream:
            data = stream.read(MAX_PDF_BYTES + 1)
    except (SkipFile, *GZIP_ERRORS, OSError) as exc:
        on_skip(Skipped(source.name, None, read_error_reason(exc)))
        return
    try:
        if len(data) > MAX_PDF_BYTES:
            raise PdfProblem(f"file is larger than {MAX_PDF_BYTES // MIB} MiB")
        yield pdf_document(data, doc_id=source.id_base, name=source.name)
    except PdfProblem as exc:
        on_skip(Skipped(source.name, None, f"{exc}; the file is skipped"))


def pdf_document(data: bytes, *, doc_id: str, name: str) -> Document:
    """The document one PDF's bytes hold; :class:`PdfProblem` says why there is none."""
    layout, info = read_layout(data)
    metadata: dict[str, Any] = {"source": name, "format": "pdf", **info}
    metadata["pages"] = list(layout.page_starts)
    metadata["lines"] = [
        [p.start, p.page, *(round(v, 1) for v in (p.left, p.bottom, p.right, p.top))]
        for p in layout.lines
    ]
    metadata["sections"] = _sections(layout)
    return Document(id=doc_id, text=layout.text, metadata=metadata)


def read_layout(data: bytes) -> tuple[Layout, dict[str, Any]]:
    """The rebuilt text of a PDF and what its document information says (title, pages)."""
    problem = not_a_pdf(data)
    if problem:
        raise PdfProblem(problem)
    pdfium = _pdfium()
    try:
        pdf = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        raise PdfProblem(_open_problem(exc, data)) from None
    try:
        count = len(pdf)
        if count == 0:
            raise PdfProblem("the PDF has no pages")
        if count > MAX_PDF_PAGES:
            raise PdfProblem(f"the PDF has {count} pages, more than {MAX_PDF_PAGES}")
        per_page: list[list[Segment]] = []
        heights: list[float] = []
        for index in range(count):
            segs, height = _page_segments(pdf, index)
            per_page.append(segs)
            heights.append(height)
        title = _title(pdf)
    finally:
        pdf.close()
    if not any(per_page):
        raise PdfProblem(NO_TEXT)
    dropped = furniture(per_page, heights)
    body = [[s for s in segs if id(s) not in dropped] for segs in per_page]
    edges = one_column_edges(body)
    lines = [line for segs in body for line in reading_order(segs, edges)]
    layout = build(paragraphs(lines), count)
    if not layout.text.strip():
        raise PdfProblem(NO_TEXT)
    info: dict[str, Any] = {"page_count": count}
    if title:
        info["title"] = title
    return layout, info


def not_a_pdf(data: bytes) -> str | None:
    """Why bytes that were named ``.pdf`` are no PDF, judged by their first bytes."""
    head = data[:1024]
    if b"%PDF-" in head:
        return None
    if not data.strip():
        return "empty file"
    lowered = head.lstrip().lower()
    if lowered.startswith((b"<!doctype html", b"<html")) or b"<html" in lowered:
        return "not a PDF: the file is an HTML page (a download that returned a web page?)"
    return "not a PDF: the file does not start with a PDF header"


def _open_problem(exc: Exception, data: bytes) -> str:
    err = getattr(exc, "err_code", None)
    pdfium = _pdfium()
    # pdfium refuses a page tree with no pages, and says a password is wrong; the page
    # tree of such a file is plain to see (an encrypted file's dictionaries are too,
    # but they list its pages).
    if re.search(rb"/Count\s*0\b", data) and not re.search(rb"/Type\s*/Page(?!s)", data):
        return "the PDF has no pages"
    if err == pdfium.raw.FPDF_ERR_PASSWORD:
        return "encrypted PDF: it needs a password, which molextract does not take"
    if err == pdfium.raw.FPDF_ERR_SECURITY:
        return "encrypted PDF: its security handler is not supported"
    return "damaged PDF: pdfium cannot read its structure"


def _pdfium() -> Any:
    try:
        import pypdfium2
        import pypdfium2.raw
    except ImportError:  # pragma: no cover - the extra is part of every test install
        raise PdfProblem(INSTALL_HINT) from None
    return pypdfium2


def _page_segments(pdf: pypdfium2.PdfDocument, index: int) -> tuple[list[Segment], float]:
    """One page's characters as segments, and the page's height. A page pdfium cannot
    load gives no text rather than failing the whole file."""
    pdfium = _pdfium()
    try:
        page = pdf[index]
    except pdfium.PdfiumError:
        return [], 0.0
    try:
        _, height = page.get_size()
        textpage = page.get_textpage()
        try:
            chars = list(_chars(textpage, pdfium.raw))
        finally:
            textpage.close()
    finally:
        page.close()
    return segments(index + 1, chars), height


def _chars(textpage: Any, raw: Any) -> Iterator[Char]:
    count = raw.FPDFText_CountChars(textpage)
    if count <= 0:
        return
    text = textpage.get_text_range(0, count)
    aligned = len(text) == count
    box = raw.FS_RECTF()
    matrix = raw.FS_MATRIX()
    origin_x, origin_y = ctypes.c_double(), ctypes.c_double()
    space_before = False
    for i in range(count):
        char = text[i] if aligned else chr(raw.FPDFText_GetUnicode(textpage, i) or 32)
        if "\ud800" <= char <= "\udfff":
            # Half of a character beyond the BMP: pdfium gives the pair as two glyphs.
            char = _pair(text, i) if aligned else ""
            if not char:
                continue
        if raw.FPDFText_IsGenerated(textpage, i):
            # pdfium writes spaces and line breaks it inferred from the layout.
            space_before = space_before or char == " "
            continue
        if char in "\r\n":
            continue
        if not raw.FPDFText_GetLooseCharBox(textpage, i, box):
            continue
        if not all(map(math.isfinite, (box.left, box.right, box.bottom, box.top))):
            continue
        if box.top - box.bottom <= 0 or not _upright(raw.FPDFText_GetCharAngle(textpage, i)):
            continue  # rotated text: a margin note ("Downloaded from ..."), an axis label
        hyphen = bool(raw.FPDFText_IsHyphen(textpage, i))
        if char == "\ufffe":
            char, hyphen = "-", True
        size = raw.FPDFText_GetFontSize(textpage, i)
        # Many producers set text at size 1 and scale it with the text matrix.
        if raw.FPDFText_GetMatrix(textpage, i, matrix):
            size *= math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c))
        weight = raw.FPDFText_GetFontWeight(textpage, i)
        bold = weight >= 600 if weight > 0 else _bold_by_name(textpage, i, raw)
        if not raw.FPDFText_GetCharOrigin(textpage, i, origin_x, origin_y):
            origin_y.value = box.bottom
        yield Char(
            char,
            box.left,
            box.bottom,
            box.right,
            box.top,
            size if size > 0 else box.top - box.bottom,
            origin_y.value,
            bold,
            space_before,
            hyphen,
        )
        space_before = False


def _pair(text: str, index: int) -> str:
    """The whole character a high surrogate opens (its low half is then skipped)."""
    high, low = text[index], text[index + 1 : index + 2]
    if "\ud800" <= high <= "\udbff" and "\udc00" <= low <= "\udfff":
        return (high + low).encode("utf-16", "surrogatepass").decode("utf-16")
    return ""


def _upright(angle: float) -> bool:
    """pdfium gives a glyph's angle in radians from 0 to 2π; -1 when it cannot tell."""
    return angle < 0 or min(angle, 2 * math.pi - angle) < 0.05


def _bold_by_name(textpage: Any, index: int, raw: Any) -> bool:
    buffer = ctypes.create_string_buffer(128)
    flags = ctypes.c_int()
    if not raw.FPDFText_GetFontInfo(textpage, index, buffer, len(buffer), flags):
        return False
    name = buffer.value.decode("latin-1").lower()
    return any(word in name for word in ("bold", "black", "heavy", "semibold"))


def _title(pdf: pypdfium2.PdfDocument) -> str:
    try:
        title = pdf.get_metadata_dict().get("Title", "")
    except Exception:
        return ""
    return " ".join(str(title).split())


def _sections(layout: Layout) -> list[dict[str, str | int]]:
    """Each heading opens a section that runs to the next heading, as the XML readers
    record sections; chunking ends chunks there."""
    out: list[dict[str, str | int]] = []
    for i, (start, end) in enumerate(layout.headings):
        stop = layout.headings[i + 1][0] if i + 1 < len(layout.headings) else len(layout.text)
        out.append({"title": layout.text[start:end], "start": start, "end": stop})
    return out
