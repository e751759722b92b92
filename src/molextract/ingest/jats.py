"""PMC JATS full text (``.nxml``, or ``.xml`` rooted at ``article``/``pmc-articleset``).

The text is the article as a reader meets it: title, abstract, then the body in
document order with section headings as their own paragraphs, figure captions, and
tables as rows of " | "-separated cells, since measured properties often live only in
tables. References and other back matter are left out: they name compounds a paper
did not measure. Floating figures and tables (``floats-group``) come after the body.
"""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree

from molextract.ingest.base import SkipHandler, Source
from molextract.ingest.document import Document
from molextract.ingest.records import default_id
from molextract.ingest.xmlstream import build_documents, read_records
from molextract.ingest.xmltext import (
    ArticleText,
    add_tables,
    collapse,
    inline_text,
    labelled,
    prepare,
    strip_namespaces,
)

ROOTS = ("article", "pmc-articleset")
_RECORDS = ("{*}article",)
_MATHML = "{http://www.w3.org/1998/Math/MathML}"
#: Content that is not prose: TeX duplicates of formulas, MathML annotations (TeX
#: again), image references, and DOIs of figures.
_DROPPED = (
    "tex-math",
    "graphic",
    "inline-graphic",
    "media",
    "object-id",
    f"{_MATHML}annotation",
    f"{_MATHML}annotation-xml",
    "annotation",
    "annotation-xml",
)
_PADDED = (
    "p",
    "title",
    "label",
    "caption",
    "td",
    "th",
    "list-item",
    "term",
    "def",
    "fn",
    "disp-formula",
    "attrib",
)
#: Blocks made of other blocks, read as if their content stood in their place.
_CONTAINERS = (
    "p",
    "list",
    "list-item",
    "boxed-text",
    "fig-group",
    "table-wrap-group",
    "def-list",
    "def-item",
    "def",
    "disp-quote",
    "statement",
    "glossary",
    "app",
    "app-group",
    "notes",
)
_NOT_PROSE = ("ref-list", "fn-group", "sec-meta", "supplementary-material")
#: Which ``pub-date`` gives "the" year: the issue's, as citations use, before the online one.
_DATE_RANK = {"ppub": 0, "print": 0, "collection": 1, "epub-ppub": 2, "epub": 3, "electronic": 3}
_NO_RANK = 9


def read_jats(source: Source, on_skip: SkipHandler) -> Iterator[Document]:
    records = read_records(source, on_skip, _RECORDS, ROOTS)
    return build_documents(source, on_skip, records, _document)


def _document(source: Source, line: int, article: etree._Element) -> Document | str:
    if article.tag.startswith("{"):
        strip_namespaces(article)
    prepare(article, dropped=_DROPPED, padded=_PADDED)
    meta = article.find("front/article-meta")
    text = _Text()
    title = inline_text(None if meta is None else meta.find("title-group/article-title"))
    with text.builder.section("Title"):
        text.builder.paragraph(title)
    after_title = text.builder.paragraph_count
    for abstract in [] if meta is None else meta.iterfind("abstract"):
        text.headed(abstract, "Abstract")
    for part in ("body", "floats-group"):
        found = article.find(part)
        if found is not None:
            text.flow(found)
    if text.builder.paragraph_count == after_title:
        return "no abstract or body"

    journal = article.find("front/journal-meta")
    metadata = {
        "title": title or None,
        "journal": _journal(journal),
        "year": _year(meta),
        "doi": _article_id(meta, "doi"),
        "sections": text.builder.sections,
        "tables": [table.to_json() for table in text.tables],
        "source": source.name,
        "line": line,
    }
    return Document(id=_id(source, line, article, meta), text=text.builder.text, metadata=metadata)


class _Text(ArticleText):
    """Block handlers of one JATS article."""

    def __init__(self) -> None:
        super().__init__(
            _CONTAINERS,
            _NOT_PROSE,
            {
                "sec": self.section,
                "title": self.heading,
                "table-wrap": self.table,
                "fig": self.figure,
            },
        )

    def table(self, wrap: etree._Element) -> None:
        label = inline_text(wrap.find("label"))
        with self.builder.section(label or "Table"):
            foot = wrap.find("table-wrap-foot")
            add_tables(
                self.builder,
                self.tables,
                wrap.findall(".//{*}table") or [wrap],
                label=label,
                caption=labelled(label, inline_text(wrap.find("caption"))),
                notes=[] if foot is None else [inline_text(note) for note in foot],
            )


def _id(source: Source, line: int, article: etree._Element, meta: etree._Element | None) -> str:
    """PMCID, else DOI, else PMID: the most specific id PMC content has, in that order."""
    pmc = _article_id(meta, "pmc") or _article_id(meta, "pmcid")
    if pmc:
        return f"pmcid:{pmc if pmc.upper().startswith('PMC') else 'PMC' + pmc}"
    for kind in ("doi", "pmid"):
        value = _article_id(meta, kind)
        if value:
            return f"{kind}:{value}"
    # One article per file is the usual case, and then the file names it.
    return source.id_base if article.getparent() is None else default_id(source, line)


def _article_id(meta: etree._Element | None, kind: str) -> str | None:
    if meta is None:
        return None
    for found in meta.iterfind(f"article-id[@pub-id-type='{kind}']"):
        value = collapse(found.text or "")
        if value:
            return value
    return None


def _journal(journal: etree._Element | None) -> str | None:
    if journal is None:
        return None
    for path in ("journal-title-group/journal-title", "journal-title"):
        title = collapse(journal.findtext(path) or "")
        if title:
            return title
    return None


def _year(meta: etree._Element | None) -> int | None:
    if meta is None:
        return None
    ranked = []
    for date in meta.iterfind("pub-date"):
        year = collapse(date.findtext("year") or "")
        if year.isdigit():
            kind = date.get("pub-type") or date.get("date-type") or ""
            if kind == "pub":  # JATS 1.1+: print or electronic is a separate attribute
                kind = date.get("publication-format") or ""
            ranked.append((_DATE_RANK.get(kind, _NO_RANK), int(year)))
    return min(ranked)[1] if ranked else None
