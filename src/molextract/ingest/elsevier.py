"""Elsevier full-text XML, as the ScienceDirect article API serves it
(``full-text-retrieval-response``, with the article in ``originalText``).

Read like a JATS article: title, abstract, then the body's sections in document order
with their headings as paragraphs, the appendices (where experimental sections often
sit), then the floats: figure captions and tables, each table as rows of
" | "-separated cells and as structure (Elsevier sets tables in CALS ``tgroup``s, the
markup the USPTO reader also meets). References, acknowledgements and the ``alt-text``
that repeats a float's label are left out. An envelope without ``originalText`` (the
API's metadata view) gives the abstract of ``coredata`` alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lxml import etree

from molextract.ingest.base import SkipHandler, Source
from molextract.ingest.document import Document
from molextract.ingest.records import default_id
from molextract.ingest.xmlstream import build_documents, read_records
from molextract.ingest.xmltext import (
    ArticleText,
    add_tables,
    inline_text,
    labelled,
    prepare,
    strip_namespaces,
)

ROOTS = ("full-text-retrieval-response",)
#: Elsevier's journal-article and book vocabularies: a file may hold the article
#: itself, without the API's envelope.
NAMESPACES = frozenset({"http://www.elsevier.com/xml/ja/dtd", "http://www.elsevier.com/xml/bk/dtd"})
_RECORDS = (
    "{*}full-text-retrieval-response",
    *(
        f"{{{namespace}}}{kind}"
        for namespace in sorted(NAMESPACES)
        for kind in ("article", "converted-article", "simple-article", "chapter")
    ),
)
#: No prose: the label repeated for screen readers, links to images and files, and
#: MathML's annotations (TeX again). Namespaces are gone by then: local names.
_DROPPED = (
    "alt-text",
    "link",
    "inter-ref",
    "e-component",
    "float-anchor",
    "annotation",
    "annotation-xml",
)
_PADDED = (
    "para",
    "simple-para",
    "note-para",
    "section-title",
    "label",
    "caption",
    "entry",
    "list-item",
    "table-footnote",
    "formula",
)
#: Blocks made of other blocks, read as if their content stood in their place.
_CONTAINERS = (
    "para",
    "sections",
    "abstract-sec",
    "display",
    "list",
    "list-item",
    "textbox",
    "textbox-body",
    "appendices",
    "floats",
)
_NOT_PROSE = (
    "bibliography",
    "further-reading",
    "acknowledgment",
    "keywords",
    "author-group",
    "biography",
)
#: The article's kinds (``ja:article``, ``converted-article``, ``simple-article``, …)
#: share their parts; a book chapter is read the same way.
_ARTICLE = frozenset({"article", "converted-article", "simple-article", "book-review", "chapter"})


def read_elsevier(source: Source, on_skip: SkipHandler) -> Iterator[Document]:
    records = read_records(source, on_skip, _RECORDS, ROOTS)
    return build_documents(source, on_skip, records, _document)


def _document(source: Source, line: int, response: etree._Element) -> Document | str:
    strip_namespaces(response)
    prepare(response, dropped=_DROPPED, padded=_PADDED)
    core = response.find("coredata")
    article = _article(response)
    head = None if article is None else _first(article, "head", "simple-head")
    title = inline_text(None if head is None else head.find("title")) or _core(core, "title")
    text = _Text()
    builder = text.builder
    with builder.section("Title"):
        builder.paragraph(title)
    after_title = builder.paragraph_count
    abstracts = [] if head is None else _abstracts(head)
    for abstract in abstracts:
        text.headed(abstract, "Abstract")
    if not abstracts and (description := _core(core, "description")):
        with builder.section("Abstract"):
            builder.paragraph(re.sub(r"^(?:abstract|summary)\b\s*", "", description, flags=re.I))
    if article is not None:
        for part in ("body", "simple-body", "tail", "back"):
            for found in article.iterfind(part):
                text.flow(found)
        for floats in article.iterfind("floats"):
            text.flow(floats)
    if builder.paragraph_count == after_title:
        return "no abstract or body"

    doi = _core(core, "doi") or inline_text(
        None if article is None else article.find("item-info/doi")
    )
    metadata = {
        "title": title or None,
        "journal": _core(core, "publicationName") or None,
        "year": _year(_core(core, "coverDate")),
        "doi": doi or None,
        "sections": builder.sections,
        "tables": [table.to_json() for table in text.tables],
        "source": source.name,
        "line": line,
    }
    return Document(id=_id(source, line, response, doi, core), text=builder.text, metadata=metadata)


def _article(response: etree._Element) -> etree._Element | None:
    """The article inside ``originalText`` (under ``xocs:doc``'s serial or non-serial
    item), whatever its kind; or the record itself, an article without the envelope."""
    if response.tag in _ARTICLE:
        return response
    original = response.find("originalText")
    if original is None:
        return None
    for element in original.iter():
        if isinstance(element.tag, str) and element.tag in _ARTICLE:
            return element
    return None


def _abstracts(head: etree._Element) -> list[etree._Element]:
    """The authors' abstract(s) and highlights; a graphical abstract is an image."""
    return [a for a in head.iterfind("abstract") if a.get("class") != "graphical"]


def _first(element: etree._Element, *tags: str) -> etree._Element | None:
    for tag in tags:
        found = element.find(tag)
        if found is not None:
            return found
    return None


def _core(core: etree._Element | None, tag: str) -> str:
    return "" if core is None else inline_text(core.find(tag))


class _Text(ArticleText):
    """Block handlers of one Elsevier article."""

    def __init__(self) -> None:
        super().__init__(
            _CONTAINERS,
            _NOT_PROSE,
            {
                "section": self.section,
                "appendix": self.section,
                "section-title": self.heading,
                "simple-para": self.paragraph,
                "table": self.table,
                "figure": self.figure,
                "formula": self.paragraph,
            },
            title_tag="section-title",
        )

    def table(self, table: etree._Element) -> None:
        label = inline_text(table.find("label"))
        notes = [
            inline_text(note)
            for note in table
            if isinstance(note.tag, str) and note.tag in ("table-footnote", "legend")
        ]
        with self.builder.section(label or "Table"):
            add_tables(
                self.builder,
                self.tables,
                table.findall(".//tgroup") or [table],
                label=label,
                caption=labelled(label, inline_text(table.find("caption"))),
                notes=notes,
            )


def _id(
    source: Source,
    line: int,
    response: etree._Element,
    doi: str,
    core: etree._Element | None,
) -> str:
    """DOI, else PII: how Elsevier articles are cited and fetched."""
    if doi:
        return f"doi:{doi}"
    pii = _core(core, "pii")
    if pii:
        return f"pii:{pii}"
    return source.id_base if response.getparent() is None else default_id(source, line)


def _year(cover_date: str) -> int | None:
    """``2012-04-30`` -> 2012."""
    found = re.match(r"(\d{4})\b", cover_date)
    return int(found[1]) if found else None
