"""Publisher HTML articles (``.html``, ``.htm``), as saved from a journal's website.

The text is the article as a reader meets it, in the same shape the JATS reader gives:
title, abstract, then the body in document order with headings as their own
paragraphs, figure captions, and tables rendered through :func:`add_tables`, so a
table is kept as structure (``metadata["tables"]``) with exact offsets.

Publishers differ in markup but share its bones: headings are ``h1``-``h6``, tables
are ``table``/``tr``/``td`` inside a wrapper that also holds the caption and the
footnotes, and the article's metadata is in Highwire (``citation_*``) or Dublin Core
(``dc.*``) ``<meta>`` tags. So the reader works from those, not from a rule set per
publisher, and leaves out what is not the article:

* page furniture by element (scripts, styles, navigation, forms' controls, images)
  and by class or id (menus, cookie banners, sharing, metrics, reference lists,
  affiliations, keywords, "related articles"); a block that holds most of the page's
  prose or an abstract is never dropped that way, whatever its class says;
* front matter (authors, affiliations, dates) by position: what comes before the
  abstract is not body text;
* back matter by its heading: acknowledgements, contributions, interests and the
  like are skipped up to the next heading of the same rank; from the reference list
  on, nothing more is read.

One file is one document. A file that cannot be read as an article (empty, too big,
a PDF or binary data named ``.html``, a page with no abstract or body text) is a
skipped file with a reason, never an exception that stops a run.
"""

from __future__ import annotations

import codecs
import copy
import re
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

import lxml.html
from lxml import etree

from molextract.ingest.base import SkipHandler, Skipped, Source
from molextract.ingest.document import Document
from molextract.ingest.lines import GZIP_ERRORS, MIB, SkipFile, open_bytes, read_error_reason
from molextract.ingest.tables import Table
from molextract.ingest.xmltext import TextBuilder, add_tables, collapse, table_lines, texts

#: A page is parsed whole; article pages with inline SVG and scripts reach a few MB.
MAX_HTML_BYTES = 32 * MIB
NOT_AN_ARTICLE = "not an article page: it has no abstract or body text"

#: Elements that never hold article prose. ``head`` is read for metadata first.
_DROPPED_TAGS = (
    "head",
    "script",
    "style",
    "noscript",
    "template",
    "nav",
    "aside",
    "footer",
    "button",
    "input",
    "select",
    "option",
    "textarea",
    "iframe",
    "frame",
    "svg",
    "canvas",
    "img",
    "picture",
    "video",
    "audio",
    "object",
    "embed",
    "link",
    "meta",
    "map",
    "dialog",
    # MathML: the annotations repeat a formula as TeX or content markup.
    "annotation",
    "annotation-xml",
)
_HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
#: Text-level elements: they join the running paragraph. Anything else is a block.
_INLINE_NAMES = (
    "a abbr acronym b bdi bdo big br cite code data del dfn em font i ins kbd label mark "
    "nobr q rp rt ruby s samp small span strike strong sub sup time tt u var wbr "
    # MathML, read as the text it shows
    "math semantics mrow mi mo mn ms mtext mspace msub msup msubsup munder mover "
    "munderover mfrac msqrt mroot mstyle mfenced menclose mpadded mphantom merror "
    "mmultiscripts mprescripts none maligngroup malignmark"
)
_INLINE = frozenset(_INLINE_NAMES.split())
#: Blocks that often abut without whitespace in the source (``</td><td>``, ``<br>``),
#: which would glue words together when flattened.
_PADDED = (
    "br",
    "p",
    "div",
    "li",
    "dt",
    "dd",
    "td",
    "th",
    "tr",
    "caption",
    "figcaption",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "section",
    "blockquote",
)

#: Class or id tokens of page furniture, matched whole.
_NOISE_TOKEN = re.compile(
    r"""(?:nav|navbar|navigation|menu|menubar|breadcrumbs?|skip(?:-?links?|-?to-?content)?
    |toolbar|tools|article-?tools|share|sharing|social|banner|masthead
    |site-?header|site-?footer|page-?header|page-?footer|footer|sidebar|side-?bar
    |modal|popover|tooltip|log-?in|sign-?in|paywall|purchase|metrics?|ads?
    |advert(?:isement)?s?|cite-?this|citation-?tools|export-?citations?
    |copyright|licen[cs]e|permissions|rights|keywords?|kwd-?group
    |sr-?only|u-sr-?only|visually-?hidden|u-visually-hidden|screen-?reader-?(?:only|text)
    |hidden|references?|refs|affiliations?|aff|contrib-?group|orcid)""",
    re.IGNORECASE | re.VERBOSE,
)
#: Parts of class or id tokens of page furniture (``c-article-references``).
_NOISE_PART = re.compile(
    r"cookie|consent|gdpr|breadcrumb|references?-?list|ref-?list|reflist|bibliograph"
    r"|citation-?list|cited-?by|related-?(?:articles?|content|links)|recommend|altmetric"
    r"|affiliation|crossmark|share-?(?:this|links|buttons)|social-?(?:media|links)"
    r"|keyword|author-?notes|authors?-?info",
    re.IGNORECASE,
)
_ABSTRACT = re.compile(r"abstract", re.IGNORECASE)
#: Abstract-like class names that are not the abstract: links to CAS abstracts,
#: graphical-abstract images, keyword lists, links in reference lists.
_NOT_ABSTRACT = re.compile(r"cas-?abstract|reflinks|keyword|image|link|toggle", re.IGNORECASE)
_TABLE_CLASS = re.compile(r"table|tbl", re.IGNORECASE)
_NOT_TABLE_CLASS = re.compile(r"tablet|table-?of-?contents|toc", re.IGNORECASE)
_FIGURE_CLASS = re.compile(
    r"(?:^|[-_])(?:fig|figure|scheme|chart)(?:[-_]?(?:wrap|container|box|group|show))?(?:[-_]|$)",
    re.IGNORECASE,
)
_CAPTION_CLASS = re.compile(r"caption|legend|title|label|heading|header", re.IGNORECASE)
_FOOT_CLASS = re.compile(r"foot|note|fn", re.IGNORECASE)
#: Link texts of figure and table viewers, not part of the article.
_UI_TEXT = re.compile(
    r"^(?:full[- ]size (?:table|image)|open in (?:a )?new (?:tab|window)|download(?: .*)?"
    r"|view (?:larger|table|figure|in article|in workspace|full[- ]size).*|click here.*"
    r"|powerpoint(?: slide)?|open in figure viewer|high[- ]resolution image|table options)$",
    re.IGNORECASE,
)
_TABLE_LABEL = re.compile(r"^((?:Table|Tab\.)\s*[A-Z]?\d+[A-Za-z]?)\b")
_FIGURE_LABEL = re.compile(r"^(?:Figure|Fig\.|Scheme|Chart)\s*[A-Z]?\d+[A-Za-z]?")
_NUMBERING = re.compile(r"^(?:[0-9IVX]+(?:\.[0-9]+)*\.?|[A-Z]\.)\s+")
#: Headings of back matter: not text to extract from, as in the JATS reader.
_APOSTROPHE = "(?:'|’)?"
_BACK_MATTER = re.compile(
    "|".join(
        (
            "acknowledge?ments?",
            f"authors?{_APOSTROPHE}s?{_APOSTROPHE} contributions?",
            "contributions",
            "conflicts? of interests?(?: statement)?",
            "(?:declaration of )?competing (?:financial )?interests?",
            "declarations?",
            "disclosures?",
            "funding(?: information| sources)?",
            "funded by",
            "financial support",
            f"authors?{_APOSTROPHE}s?{_APOSTROPHE} (?:information|affiliations|details)",
            "associated content",
            "supporting information(?: available)?",
            "supplementary (?:materials?|information|data)",
            "electronic supplementary (?:material|information)",
            "abbreviations",
            "ethics(?: statement)?",
            "ethical approval",
            "data availability(?: statement)?",
            "availability of data(?: and materials?)?",
            "related (?:articles|content)",
            "cited by",
            "citing articles",
            "recommended articles",
            "about this article",
            "(?:reprints and |rights and )?permissions",
            "copyright",
            "additional information",
            "footnotes",
            "notes",
            "key ?words?",
            "article information",
            "publication history",
            "metrics",
            "comments",
            "(?:author )?biograph(?:y|ies)",
            f"publisher{_APOSTROPHE}s note",
            "how to cite(?: this article)?",
            "cite this article",
        )
    ),
    re.IGNORECASE,
)
#: Headings from which on nothing is article text.
_REFERENCES = re.compile(
    r"(?:notes and )?references?(?: and notes)?|bibliography|literature cited|works cited"
    r"|cited literature",
    re.IGNORECASE,
)
_CHARSET_META = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)
_XML_ENCODING = re.compile(rb"""^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9_.:-]+)""")
_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>")
#: Control characters lxml refuses; tab, newline and carriage return stay.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")
_DOI = re.compile(r"10\.\d{4,9}/\S+")
_YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)\b")
_DISPLAY_NONE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)
#: A block this much of the page's prose or more is the article, whatever its class.
_MOST = 0.5
_MARKER = re.compile(r"\(?(?:[a-z]|[*†‡§¶#]+|\d)\)?")
#: A paragraph whose text is this much link text is navigation.
_LINKED = 0.9


class HtmlProblem(Exception):
    """Why an HTML file gives no document, in words for the user."""


def read_html(source: Source, on_skip: SkipHandler) -> Iterator[Document]:
    try:
        with open_bytes(source) as stream:
            data = stream.read(MAX_HTML_BYTES + 1)
    except (SkipFile, *GZIP_ERRORS, OSError) as exc:
        on_skip(Skipped(source.name, None, read_error_reason(exc)))
        return
    try:
        if len(data) > MAX_HTML_BYTES:
            limit = MAX_HTML_BYTES
            raise HtmlProblem(
                f"file is larger than {limit // MIB} MiB"
                if limit >= MIB
                else f"file is larger than {limit} bytes"
            )
        yield html_document(data, doc_id=source.id_base, name=source.name)
    except HtmlProblem as exc:
        reason = str(exc)
        on_skip(
            Skipped(
                source.name,
                None,
                reason if reason == "empty file" else f"{reason}; the file is skipped",
            )
        )


def html_document(data: bytes, *, doc_id: str, name: str) -> Document:
    """The article one HTML page holds; :class:`HtmlProblem` says why there is none."""
    page, encoding = decode(data)
    root = _parse(page)
    meta = _meta_tags(root)
    title = _title(root, meta)
    article = _Article(root)
    text = _Text()
    with text.builder.section("Title"):
        text.builder.paragraph(title)
    after_title = text.builder.paragraph_count
    for abstract in article.abstracts:
        blocks = article.blocks(abstract, in_abstract=True).items
        text.add(without_title(blocks, _compare_key(title)), default_title="Abstract")
    text.add(article.body(title))
    if text.builder.paragraph_count == after_title:
        raise HtmlProblem(NOT_AN_ARTICLE)
    doi = _doi(meta)
    metadata: dict[str, Any] = {
        "title": title or None,
        "journal": _first(
            meta, "citation_journal_title", "prism.publicationname", "citation_conference_title"
        ),
        "year": _year(meta),
        "doi": doi,
        "sections": text.builder.sections,
        "tables": [table.to_json() for table in text.tables],
        "source": name,
        "format": "html",
        "encoding": encoding,
    }
    return Document(id=f"doi:{doi}" if doi else doc_id, text=text.builder.text, metadata=metadata)


# -- bytes to a tree ------------------------------------------------------------------


def decode(data: bytes) -> tuple[str, str]:
    """The page's text and the encoding it was read with.

    A byte-order mark decides, then the declared charset (``<meta charset>``, the
    ``http-equiv`` content type, or the XML declaration); bytes the declaration does
    not fit are read as UTF-8, then Windows-1252 (what browsers take Latin-1 to mean),
    then Latin-1, which reads any byte: a mislabelled page still gives its text.
    """
    if not data.strip():
        raise HtmlProblem("empty file")
    if data.startswith(b"%PDF-"):
        raise HtmlProblem("not an HTML page: the file is a PDF")
    for bom, name in (
        (codecs.BOM_UTF8, "utf-8"),
        (codecs.BOM_UTF16_LE, "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be"),
    ):
        if data.startswith(bom):
            try:
                return _check_markup(data[len(bom) :].decode(name)), name
            except UnicodeDecodeError:
                break
    if b"\x00" in data[:4096] and data[:4096].count(b"\x00") > 16:
        raise HtmlProblem("not an HTML page: the file holds binary data")
    candidates = [_declared(data), "utf-8", "cp1252", "latin-1"]
    for name in dict.fromkeys(c for c in candidates if c):
        try:
            return _check_markup(data.decode(name)), name
        except UnicodeDecodeError:
            continue
    raise AssertionError("latin-1 decodes any bytes")  # pragma: no cover


def _declared(data: bytes) -> str | None:
    head = data[: 64 * 1024]
    found = _XML_ENCODING.match(head) or _CHARSET_META.search(head)
    if not found:
        return None
    try:
        name = codecs.lookup(found.group(1).decode("ascii")).name
    except (LookupError, UnicodeDecodeError):
        return None
    # Browsers read pages labelled Latin-1 or ASCII as Windows-1252, and so do authors.
    return "cp1252" if name in ("latin-1", "iso8859-1", "ascii") else name


def _check_markup(page: str) -> str:
    if "<" not in page[:65536]:
        raise HtmlProblem("not an HTML page: the file has no markup")
    return page


def _parse(page: str) -> etree._Element:
    page = _CONTROL.sub("", _XML_DECLARATION.sub("", page, count=1))
    parser = lxml.html.HTMLParser(
        remove_comments=True, remove_pis=True, no_network=True, huge_tree=True
    )
    try:
        root = lxml.html.document_fromstring(page, parser=parser)
    except (etree.ParserError, ValueError) as exc:
        raise HtmlProblem(f"not an HTML page: {exc}") from None
    for node in root.iter():
        tag = node.tag
        if isinstance(tag, str) and ":" in tag:  # XHTML served with prefixed MathML
            node.tag = tag.rpartition(":")[2]
    return root


# -- metadata -------------------------------------------------------------------------


def _meta_tags(root: etree._Element) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for meta in root.iter("meta"):
        key = (meta.get("name") or meta.get("property") or "").strip().lower()
        value = collapse(meta.get("content") or "")
        if key and value:
            found.setdefault(key, []).append(value)
    return found


def _first(meta: dict[str, list[str]], *keys: str) -> str | None:
    for key in keys:
        for value in meta.get(key, []):
            return value
    return None


_MARKUP_IN_META = re.compile(r"</?[A-Za-z][\w:-]*(?:\s[^<>]*)?>")


def _title(root: etree._Element, meta: dict[str, list[str]]) -> str:
    title = _first(meta, "citation_title", "dc.title", "prism.title")
    if title:
        # SpringerLink prints its XML's markup into the tag: "Eu<Superscript>2+</…>"
        return " ".join(_MARKUP_IN_META.sub("", title).split())
    for heading in root.iter("h1"):
        text = _inline(heading)
        if text:
            return text
    return _first(meta, "og:title") or _inline(root.find("head/title"))


def _doi(meta: dict[str, list[str]]) -> str | None:
    for key in (
        "citation_doi",
        "prism.doi",
        "bepress_citation_doi",
        "dc.identifier",
        "dc.identifier.doi",
    ):
        for value in meta.get(key, []):
            value = re.sub(
                r"^(?:doi:|info:doi/|https?://(?:dx\.)?doi\.org/)", "", value, flags=re.I
            )
            found = _DOI.match(value.strip())
            if found:
                return found.group(0)
    return None


def _year(meta: dict[str, list[str]]) -> int | None:
    for key in (
        "citation_publication_date",
        "citation_date",
        "citation_year",
        "citation_online_date",
        "prism.publicationdate",
        "dc.date",
        "article:published_time",
    ):
        for value in meta.get(key, []):
            found = _YEAR.search(value)
            if found:
                return int(found.group(1))
    return None


# -- what of the page is the article ----------------------------------------------------


@dataclass
class _Heading:
    level: int
    text: str


@dataclass
class _Paragraph:
    text: str


@dataclass
class _TableBlock:
    label: str
    caption: str
    tables: list[etree._Element]
    notes: list[str]


@dataclass
class _Figure:
    label: str
    caption: str


_Block = _Heading | _Paragraph | _TableBlock | _Figure


@dataclass
class _Blocks:
    items: list[_Block] = field(default_factory=list)
    #: Index in ``items`` at which the abstract stood, when the walk passed one.
    after_abstract: int | None = None


class _Article:
    """The page cleaned of furniture, its abstracts, and its blocks in reading order."""

    def __init__(self, root: etree._Element) -> None:
        for table in list(root.iter("table")):
            if next(table.iter("img"), None) is None:
                continue
            rows = list(table.iter("tr"))
            if len(rows) == 1:
                # A thumbnail (one row holding an image) previews a table shown elsewhere.
                _remove(table)
            elif all(sum(1 for c in row if _inline(c)) <= 1 for row in rows):
                # An image over its caption, laid out as a table: a figure.
                table.tag = "figure"
        etree.strip_elements(root, *_DROPPED_TAGS, with_tail=False)
        for node in list(root.iter()):
            if not isinstance(node.tag, str):
                continue
            hidden = node.get("hidden") is not None or _DISPLAY_NONE.search(node.get("style") or "")
            # A hidden table is often the one a thumbnail opens: it is kept.
            if hidden and next(node.iter("table"), None) is None:
                _remove(node)
        for node in root.iter(*_PADDED):
            node.text = " " + (node.text or "")
            node.tail = " " + (node.tail or "")
        weights = _weights(root)
        total = weights.get(root, 0)
        self.abstracts = _abstracts(root, weights, total)
        keep = {a for abstract in self.abstracts for a in (abstract, *abstract.iterancestors())}
        for node in list(root.iter()):
            if node in keep or not isinstance(node.tag, str) or node.getparent() is None:
                continue
            if _is_noise(node) and weights.get(node, 0) < _MOST * total:
                if (
                    _POP_UP.search(" ".join(_tokens(node)))
                    and next(node.iter("table"), None) is not None
                ):
                    continue  # a table shown in a pop-up is the article's table
                if _titles_a_dialog_table(node):
                    continue  # "modal-header": the caption of the table below it
                _remove(node)
        self.root = root
        self._abstract_set = set(self.abstracts)

    def blocks(self, element: etree._Element, *, in_abstract: bool = False) -> _Blocks:
        walker = _Walker(set() if in_abstract else self._abstract_set)
        if in_abstract:
            walker.flow(element)
        else:
            walker.walk(element)
        return walker.out

    def body(self, title: str) -> list[_Block]:
        body = self.root.find("body")
        found = self.blocks(self.root if body is None else body)
        items = found.items
        key = _compare_key(title)
        start = found.after_abstract
        if start is None:
            # No block is named an abstract: a heading "Abstract" opens one, else the
            # article starts after its title.
            headings = [(i, b) for i, b in enumerate(items) if isinstance(b, _Heading)]
            start = next(
                (i for i, b in headings if _compare_key(b.text) == "abstract"),
                next((i + 1 for i, b in headings if _compare_key(b.text) == key), None),
            )
        if start is not None:
            # Page furniture and front matter (authors, affiliations, dates) stand
            # before the abstract; unless that part is most of the page, it is not
            # body text.
            before, after = items[:start], items[start:]
            if _prose(before) < _prose(after):
                items = after
        return without_title(items, key)


def without_title(items: list[_Block], key: str) -> list[_Block]:
    """The article's title printed as a heading is already the first paragraph."""
    return [b for b in items if not (isinstance(b, _Heading) and _compare_key(b.text) == key)]


def _link_chars(element: etree._Element) -> int:
    """Characters of ``element``'s text inside links."""
    anchors = [element] if element.tag == "a" else list(element.iter("a"))
    return sum(1 for a in anchors for ch in "".join(texts(a)) if not ch.isspace())


def _remove(node: etree._Element) -> None:
    """Remove ``node`` but keep its tail text in place."""
    parent = node.getparent()
    if parent is None:
        return
    tail = node.tail
    previous = node.getprevious()
    if tail:
        if previous is not None:
            previous.tail = (previous.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(node)


def _weights(root: etree._Element) -> dict[etree._Element, int]:
    """Characters of text at or below each element."""
    weights: dict[etree._Element, int] = {}
    for node in root.iter():
        if not isinstance(node.tag, str):
            continue
        own = len((node.text or "").strip()) + sum(len((c.tail or "").strip()) for c in node)
        if not own:
            continue
        weights[node] = weights.get(node, 0) + own
        for ancestor in node.iterancestors():
            weights[ancestor] = weights.get(ancestor, 0) + own
    return weights


def _tokens(node: etree._Element) -> list[str]:
    return (node.get("class") or "").split() + (node.get("id") or "").split()


#: Pop-ups: furniture, except that some pages show their tables only in one.
_POP_UP = re.compile(r"modal|popover|dialog|lightbox", re.IGNORECASE)


def _is_noise(node: etree._Element) -> bool:
    return any(_NOISE_TOKEN.fullmatch(t) or _NOISE_PART.search(t) for t in _tokens(node))


def _abstracts(
    root: etree._Element, weights: dict[etree._Element, int], total: int
) -> list[etree._Element]:
    """The outermost blocks a class or id names as an abstract (several when a page
    has highlights and a graphical abstract too), in document order."""
    found: list[etree._Element] = []
    for node in root.iter():
        if not isinstance(node.tag, str) or node.tag not in (
            "div",
            "section",
            "p",
            "article",
            "blockquote",
        ):
            continue
        tokens = _tokens(node)
        if not any(_ABSTRACT.search(t) for t in tokens) or any(
            _NOT_ABSTRACT.search(t) for t in tokens
        ):
            continue
        if not weights.get(node) or any(a in found for a in node.iterancestors()):
            continue
        # A block holding many sections is the whole article, abstract included.
        if sum(1 for _ in node.iter(*_HEADINGS)) > 7 and weights.get(node, 0) > _MOST * total:
            continue
        if _is_noise(node) or any(_is_noise(a) for a in node.iterancestors()):
            continue
        found.append(node)
    return found


def _prose(blocks: Sequence[_Block]) -> int:
    return sum(len(b.text) for b in blocks if isinstance(b, _Paragraph))


def _compare_key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _inline(element: etree._Element | None) -> str:
    return "" if element is None else collapse("".join(texts(element)))


def _has_block(element: etree._Element) -> bool:
    return any(isinstance(d.tag, str) and d.tag not in _INLINE for d in element.iterdescendants())


class _Walker:
    """Blocks of a subtree in document order."""

    def __init__(self, abstracts: set[etree._Element]) -> None:
        self.abstracts = abstracts
        self.out = _Blocks()

    def walk(self, element: etree._Element) -> None:
        tag = element.tag
        if not isinstance(tag, str):
            return
        if element in self.abstracts:
            self.out.after_abstract = len(self.out.items)
            return
        if tag in _HEADINGS:
            text = _inline(element)
            if text:
                self.out.items.append(_Heading(_HEADINGS[tag], text))
            return
        if (tag == "table" and not _is_layout(element)) or _is_table_wrapper(element):
            self.table(element)
            return
        if _is_figure(element):
            self.figure(element)
            return
        self.flow(element)

    def flow(self, element: etree._Element) -> None:
        """Inline children join the running paragraph; a block child ends it."""
        pending = [element.text or ""]
        linked = 0
        for child in element:
            if isinstance(child.tag, str) and (child.tag not in _INLINE or _has_block(child)):
                self.paragraph(pending, linked)
                linked = 0
                self.walk(child)
            elif isinstance(child.tag, str):
                pending.extend(texts(child))
                linked += _link_chars(child)
            pending.append(child.tail or "")
        self.paragraph(pending, linked)

    def paragraph(self, pending: list[str], linked: int = 0) -> None:
        # A colon left of a run-in heading (``<h2>Abstract</h2><b>:</b>``) starts nothing.
        text = collapse("".join(pending)).removeprefix(": ")
        pending.clear()
        if not any(ch.isalnum() for ch in text) or _UI_TEXT.match(text):
            return  # a list's bullet printed as a block of its own carries nothing
        # A "paragraph" that is all links is a menu, a list of tools or of journals.
        if linked >= _LINKED * sum(1 for ch in text if not ch.isspace()):
            return
        self.out.items.append(_Paragraph(text))

    def table(self, wrapper: etree._Element) -> None:
        tables = [wrapper] if wrapper.tag == "table" else _outer_tables(wrapper)
        notes: list[str] = []
        caption = ""
        for table in tables:
            for foot in list(table.iter("tfoot")):
                notes.extend(line for row in foot.iter("tr") for line in _note_lines(row))
                _remove(foot)
            found = table.find("caption")
            if found is not None:
                caption = caption or _inline(found)
                _remove(found)
        inside = {n for t in tables for n in t.iter()}
        if wrapper.tag != "table":
            caption_el = None
            if not caption:
                caption_el = _caption_element(wrapper, inside)
                caption = _inline(caption_el)
            skip = inside | (set(caption_el.iter()) if caption_el is not None else set())
            notes = _notes(wrapper, skip) + notes
            if not caption:
                caption, dialog_notes = _dialog_caption(wrapper)
                notes = dialog_notes + notes
        items = self.out.items
        before = wrapper.getprevious()
        last = items[-1] if items else None
        # The caption printed just before the table, outside any wrapper (RSC).
        if (
            not caption
            and isinstance(last, _Paragraph)
            and before is not None
            and _TABLE_LABEL.match(last.text)
            and _inline(before) == last.text
        ):
            caption = last.text
            items.pop()
        found_label = _TABLE_LABEL.match(caption)
        self.out.items.append(
            _TableBlock(
                found_label.group(1) if found_label else "",
                caption,
                tables,
                [n for n in notes if n],
            )
        )

    def figure(self, figure: etree._Element) -> None:
        caption_el = next((n for n in figure.iter("figcaption")), None)
        if caption_el is None:
            caption_el = _caption_element(figure, set())
        if caption_el is not None:
            caption = _inline(caption_el)
        else:
            # No element says which text is the caption: the one that opens with
            # "Figure 1", else the longest; viewer links and DOIs are not it.
            lines = _notes(figure, set())
            labelled = [line for line in lines if _FIGURE_LABEL.match(line)]
            caption = (labelled or sorted(lines, key=len, reverse=True) or [""])[0]
        if caption and not _UI_TEXT.match(caption):
            # A table printed as an image is a figure here, under its own label.
            found = _FIGURE_LABEL.match(caption) or _TABLE_LABEL.match(caption)
            self.out.items.append(_Figure(found.group(0) if found else "", caption))


def _outer_tables(wrapper: etree._Element) -> list[etree._Element]:
    return [
        t
        for t in wrapper.iter("table")
        if not any(a.tag == "table" for a in t.iterancestors() if a is not wrapper)
    ]


def _is_layout(table: etree._Element) -> bool:
    """A table used to lay out a page: tables or headings inside its cells."""
    return any(n.tag in _HEADINGS or n.tag == "table" for n in table.iterdescendants())


def _is_table_wrapper(element: etree._Element) -> bool:
    if element.tag in _INLINE:
        return False
    tokens = _tokens(element)
    named = element.tag == "figure" or any(
        _TABLE_CLASS.search(t) and not _NOT_TABLE_CLASS.search(t) for t in tokens
    )
    if not named:
        return False
    tables = _outer_tables(element)
    if not tables or any(_is_layout(t) for t in tables):
        return False
    if any(n.tag in _HEADINGS for n in element.iterdescendants()):
        return False
    inside = sum(len(collapse("".join(texts(t)))) for t in tables)
    return len(collapse("".join(texts(element)))) - inside <= 3000


def _is_figure(element: etree._Element) -> bool:
    named = element.tag == "figure" or any(_FIGURE_CLASS.search(t) for t in _tokens(element))
    if not named or element.tag in _INLINE:
        return False
    # A "figure" holding a table or a section is a wrapper of more than a figure.
    return not any(n.tag == "table" or n.tag in _HEADINGS for n in element.iterdescendants())


def _outermost_dialog(node: etree._Element) -> etree._Element | None:
    """The whole pop-up around ``node`` ("modal", not its "modal-body")."""
    found = [a for a in node.iterancestors() if any(_POP_UP.search(t) for t in _tokens(a))]
    return found[-1] if found else None


def _titles_a_dialog_table(node: etree._Element) -> bool:
    """The header of a pop-up that shows a table: it holds the table's title."""
    dialog = _outermost_dialog(node)
    if dialog is None or next(dialog.iter("table"), None) is None:
        return False
    return next(node.iter(*_HEADINGS), None) is not None


def _dialog_caption(wrapper: etree._Element) -> tuple[str, list[str]]:
    """A table shown in a dialog has the dialog's title for caption (SciELO's "Table 5
    …" over the table in a Bootstrap modal), and the footnotes that title carries as
    pop-up references (``<span class="ref footnote">``) are the table's notes."""
    dialog = _outermost_dialog(wrapper)
    if dialog is None:
        return "", []
    title = None
    for node in dialog.iter():
        if node is wrapper:
            break
        if not isinstance(node.tag, str):
            continue
        titled = node.tag in _HEADINGS or any(_CAPTION_CLASS.search(t) for t in _tokens(node))
        if titled and _inline(node) and not any(n.tag == "table" for n in node.iter()):
            title = node
            break
    if title is None:
        return "", []
    title = copy.deepcopy(title)
    notes: list[str] = []
    for note in [n for n in title.iter() if any(t == "footnote" for t in _tokens(n))]:
        if note.getparent() is None:
            continue
        body = next((n for n in note.iter() if any("Ctt" in t for t in _tokens(n))), note)
        marker = next((n for n in body.iter() if "fn-title" in _tokens(n)), None)
        text = _inline(body)
        if marker is not None and _inline(marker) and text.startswith(_inline(marker)):
            text = f"{_inline(marker)} {text[len(_inline(marker)) :].strip()}"
        notes.append(text)
        note.getparent().remove(note)  # type: ignore[union-attr]
    return _inline(title), notes


def _caption_element(wrapper: etree._Element, skip: set[etree._Element]) -> etree._Element | None:
    for node in wrapper.iterdescendants():
        if node in skip or not isinstance(node.tag, str):
            continue
        named = node.tag in ("figcaption", "caption") or any(
            _CAPTION_CLASS.search(t) for t in _tokens(node)
        )
        if named and _inline(node):
            return node
    return None


def _notes(wrapper: etree._Element, skip: set[etree._Element]) -> list[str]:
    """Text of a table wrapper outside its tables and caption, one note a block."""
    notes: list[str] = []
    marker: list[str] = []

    def emit(pending: list[str]) -> None:
        text = collapse("".join(pending))
        if _MARKER.fullmatch(text):
            # ``<div>a<p>Isolated yield</p></div>``: the marker opens the next block.
            marker.append(text)
        elif text:
            notes.append(" ".join([*marker, text]))
            marker.clear()

    def visit(node: etree._Element) -> None:
        pending = [node.text or ""]
        for child in node:
            if child in skip:
                emit(pending)
                pending = []
            elif isinstance(child.tag, str) and (child.tag not in _INLINE or _has_block(child)):
                emit(pending)
                pending = []
                visit(child)
            elif isinstance(child.tag, str):
                pending.append(_note_start(child, pending))
            pending.append(child.tail or "")
        emit(pending)

    visit(wrapper)
    if marker:
        notes.append(" ".join(marker))
    return [n for n in notes if not _UI_TEXT.match(n)]


def _note_lines(row: etree._Element) -> list[str]:
    """A table-foot row, split where a footnote marker opens the next note: several
    notes often share one row (``<span class="tfootnote">a</span> BET area.
    <span class="tfootnote">b</span> …``)."""
    parts: list[list[str]] = [[]]

    def visit(node: etree._Element) -> None:
        if node is not row and _is_marker(node):
            if collapse("".join(parts[-1])):
                parts.append([])
            parts[-1].append(_inline(node) + " ")
            return
        parts[-1].append(node.text or "")
        for child in node:
            if isinstance(child.tag, str):
                visit(child)
            parts[-1].append(child.tail or "")

    visit(row)
    return [line for line in (collapse("".join(p)) for p in parts) if line]


def _is_marker(node: etree._Element) -> bool:
    text = _inline(node)
    if not _MARKER.fullmatch(text):
        return False
    if node.tag == "sup":
        return not text.isdigit()  # "cm<sup>3</sup>" is a unit, not a note
    return any(_FOOT_CLASS.search(t) or "label" in t.lower() for t in _tokens(node))


def _note_start(child: etree._Element, pending: list[str]) -> str:
    """``<sup>a</sup>Isolated yield`` opening a note reads ``a Isolated yield``, so the
    marker stays a word of its own."""
    text = "".join(texts(child))
    if child.tag == "sup" and not "".join(pending).strip():
        return text + " "
    return text


# -- blocks to text ---------------------------------------------------------------------


class _Text:
    def __init__(self) -> None:
        self.builder = TextBuilder()
        self.tables: list[Table] = []
        self._seen_tables: set[tuple[str, ...]] = set()
        self._seen_captions: set[str] = set()

    def add(self, found: _Blocks | list[_Block], default_title: str = "") -> None:
        """Blocks under their headings: a heading opens a section that runs to the next
        heading of the same or a higher rank. Back matter is skipped, and after a
        reference list's heading only tables are read."""
        items = found.items if isinstance(found, _Blocks) else found
        open_sections: list[tuple[int, AbstractContextManager[None]]] = []
        skipping: int | None = None
        after_references = False
        outer: AbstractContextManager[None] | None = None
        if default_title and items and not isinstance(items[0], _Heading):
            # An abstract printed without a heading of its own.
            outer = self.builder.section(default_title)
            outer.__enter__()
        try:
            for block in items:
                if after_references:
                    # pages that show tables in pop-ups place them after the article:
                    # the tables are read, nothing else is
                    if isinstance(block, _TableBlock):
                        self.table(block)
                    continue
                if isinstance(block, _Heading):
                    name = _NUMBERING.sub("", block.text).rstrip(" .:")
                    if _REFERENCES.fullmatch(name):
                        after_references = True
                        while open_sections:
                            open_sections.pop()[1].__exit__(None, None, None)
                        continue
                    if skipping is not None and block.level > skipping:
                        continue
                    skipping = None
                    while open_sections and open_sections[-1][0] >= block.level:
                        open_sections.pop()[1].__exit__(None, None, None)
                    if _BACK_MATTER.fullmatch(name):
                        skipping = block.level
                        continue
                    section = self.builder.section(block.text)
                    section.__enter__()
                    open_sections.append((block.level, section))
                    self.builder.paragraph(block.text)
                elif skipping is not None:
                    continue
                elif isinstance(block, _Paragraph):
                    if block.text not in self._seen_captions:  # a caption shown twice
                        self.builder.paragraph(block.text)
                elif isinstance(block, _TableBlock):
                    self.table(block)
                else:
                    self.figure(block)
        finally:
            while open_sections:
                open_sections.pop()[1].__exit__(None, None, None)
            if outer is not None:
                outer.__exit__(None, None, None)

    def table(self, block: _TableBlock) -> None:
        key = tuple(line for table in block.tables for line in table_lines(table))
        if not key or key in self._seen_tables:
            return
        self._seen_tables.add(key)
        with self.builder.section(block.label or "Table"):
            add_tables(
                self.builder,
                self.tables,
                block.tables,
                label=block.label,
                caption=block.caption,
                notes=block.notes,
            )

    def figure(self, block: _Figure) -> None:
        if block.caption in self._seen_captions:
            return
        self._seen_captions.add(block.caption)
        with self.builder.section(block.label or "Figure"):
            self.builder.paragraph(block.caption)
