"""USPTO full-text patent XML (``us-patent-grant``/``us-patent-application``, v4.x).

Weekly bulk files are many complete XML documents concatenated (see ``xmlsplit``);
a single-patent file is the one-piece case of the same thing. The text is title,
abstract, description (headings as their own paragraphs, tables as rows of
" | "-separated cells, list items as paragraphs) and claims, one claim a paragraph:
the examples in the description are where melting points and yields are reported.
A patent without description paragraphs is still read if it has an abstract or claims;
with neither there is nothing to extract from and it is skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import NamedTuple

from lxml import etree

from molextract.ingest.base import SkipHandler, Skipped, Source
from molextract.ingest.document import Document
from molextract.ingest.lines import GZIP_ERRORS, SkipFile, open_bytes, read_error_reason
from molextract.ingest.records import default_id
from molextract.ingest.tables import Table
from molextract.ingest.xmlsplit import Piece, Splitter
from molextract.ingest.xmlstream import (
    REST_SKIPPED,
    Build,
    RecordParser,
    XmlFault,
    build_documents,
    unrecognised,
)
from molextract.ingest.xmltext import (
    Handler,
    TextBuilder,
    add_tables,
    collapse,
    flow,
    inline_text,
    prepare,
)

ROOTS = ("us-patent-grant", "us-patent-application")
_BIBLIOGRAPHIC = ("us-bibliographic-data-grant", "us-bibliographic-data-application")
_PADDED = ("p", "heading", "li", "claim-text", "claim", "entry", "br")
#: Blocks made of other blocks, read as if their content stood in their place.
_CONTAINERS = ("p", "ul", "ol", "li", "description-of-drawings")


def read_uspto(source: Source, on_skip: SkipHandler) -> Iterator[Document]:
    yield from read_patents(source, on_skip, ROOTS, _document)


def read_patents(
    source: Source, on_skip: SkipHandler, roots: tuple[str, ...], build: Build
) -> Iterator[Document]:
    """Patents of a file holding one or many concatenated XML documents whose root is
    one of ``roots``; ``build`` turns each into a document. Shared by the patent offices'
    readers, whose bulk files all concatenate complete documents."""
    has_content = False
    piece: Piece | None = None
    try:
        with open_bytes(source) as stream:
            for piece in Splitter(stream):
                start = piece.start_line
                parser = RecordParser(roots, line_offset=start - 1, fault_line=start)
                records = _records(source, on_skip, piece, parser)
                yield from build_documents(source, on_skip, records, build)
                has_content = has_content or parser.has_content
    except GZIP_ERRORS as exc:
        line = None if piece is None else piece.start_line
        on_skip(Skipped(source.name, line, f"{read_error_reason(exc)}{REST_SKIPPED}"))
        return
    except (SkipFile, OSError) as exc:
        on_skip(Skipped(source.name, None, read_error_reason(exc)))
        return
    if not has_content:
        on_skip(Skipped(source.name, None, "empty file"))


def _records(
    source: Source, on_skip: SkipHandler, piece: Piece, parser: RecordParser
) -> Iterator[tuple[int, etree._Element]]:
    """The patent in one piece; its problems are reported at the line the piece starts."""
    try:
        yield from parser.parse(piece)
    except XmlFault as fault:
        if parser.has_content:  # whitespace between documents is not a document
            on_skip(Skipped(source.name, piece.start_line, fault.reason))
        return
    if parser.records == 0:
        on_skip(Skipped(source.name, piece.start_line, unrecognised(parser.root)))


def _document(source: Source, line: int, patent: etree._Element) -> Document | str:
    prepare(patent, padded=_PADDED)
    biblio = first(patent, _BIBLIOGRAPHIC)
    title = inline_text(None if biblio is None else biblio.find("invention-title"))
    text = PatentText()
    description = patent.find("description")
    read = text.read(
        title,
        patent.findall("abstract"),
        [] if description is None else [description],
        patent.findall("claims/claim"),
    )
    if not read.abstract and not read.claims:
        return "no abstract or claims"

    document_id = None if biblio is None else biblio.find("publication-reference/document-id")
    return text.document(_id(source, line, document_id), title, _date(document_id), source, line)


class Read(NamedTuple):
    """How many paragraphs each part of a patent gave."""

    abstract: int
    description: int
    claims: int


class PatentText:
    """Block handlers of one patent, sharing its TextBuilder: the offices write their
    descriptions in the same WIPO ST.36 elements (headings, paragraphs, CALS tables)."""

    def __init__(self) -> None:
        self.builder = TextBuilder()
        self.tables: list[Table] = []
        self.blocks: dict[str, Handler] = {
            **dict.fromkeys(_CONTAINERS, self.flow),
            "heading": self.heading,
            "tables": self.table,
        }

    def read(
        self,
        title: str,
        abstracts: list[etree._Element],
        descriptions: list[etree._Element],
        claims: list[etree._Element],
    ) -> Read:
        """The patent's parts as the document's sections, in the order patents print them."""
        builder = self.builder
        with builder.section("Title"):
            builder.paragraph(title)
        counts = [builder.paragraph_count]
        with builder.section("Abstract"):
            for abstract in abstracts:
                self.flow(abstract)
        counts.append(builder.paragraph_count)
        with builder.section("Description"):
            for description in descriptions:
                self.flow(description)
        counts.append(builder.paragraph_count)
        with builder.section("Claims"):
            for claim in claims:
                builder.paragraph(inline_text(claim))
        counts.append(builder.paragraph_count)
        return Read(*(after - before for before, after in pairwise(counts)))

    def document(
        self, document_id: str, title: str, date: str | None, source: Source, line: int
    ) -> Document:
        metadata = {
            "title": title or None,
            "date": date,
            "sections": self.builder.sections,
            "tables": [table.to_json() for table in self.tables],
            "source": source.name,
            "line": line,
        }
        return Document(id=document_id, text=self.builder.text, metadata=metadata)

    def flow(self, element: etree._Element) -> None:
        flow(self.builder, element, self.blocks)

    def heading(self, element: etree._Element) -> None:
        self.builder.paragraph(inline_text(element))

    def table(self, tables: etree._Element) -> None:
        # Each tgroup has its own columns, so empty columns are judged per group.
        number = tables.get("num") or ""
        label = f"Table {number.lstrip('0') or number}" if number.strip("0") else ""
        groups = tables.findall(".//tgroup") or [tables]
        caption = self.caption(tables)
        add_tables(
            self.builder, self.tables, groups, label=label, caption=caption, stacked_headers=True
        )

    def caption(self, tables: etree._Element) -> str:
        """US grants print a table's title, if any, as a row of its own (read there)."""
        return ""


def first(element: etree._Element, tags: tuple[str, ...]) -> etree._Element | None:
    for tag in tags:
        found = element.find(tag)
        if found is not None:
            return found
    return None


def _id(source: Source, line: int, document_id: etree._Element | None) -> str:
    """``US06840965B2``: country, number and kind, as patents are cited."""
    if document_id is None:
        return default_id(source, line)
    number = collapse(document_id.findtext("doc-number") or "")
    if not number:
        return default_id(source, line)
    country = collapse(document_id.findtext("country") or "") or "US"
    return f"{country}{number}{collapse(document_id.findtext('kind') or '')}"


def _date(document_id: etree._Element | None) -> str | None:
    return iso_date("" if document_id is None else document_id.findtext("date") or "")


def iso_date(raw: str) -> str | None:
    """Publication date as ISO ``2005-01-11`` (the XML has ``20050111``)."""
    raw = collapse(raw)
    if len(raw) == 8 and raw.isdigit():
        return f"{raw[:4]}-{raw[4:6]}-{raw[6:]}"
    return raw or None
