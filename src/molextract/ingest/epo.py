"""European patent XML (``ep-patent-document``, DTD v1.0 to v1.7).

The EPO's publication server and its bulk deliveries give each publication as one XML
document: the bibliography in ST.32 "B-tags" (``SDOBI``; the title in ``B540`` as pairs
of a language ``B541`` and its title ``B542``), then the abstract (applications only),
the description and one ``claims`` block per language. The description uses the same
ST.36 elements as a US patent's (headings, numbered paragraphs, CALS ``tables`` inside
paragraphs), so it is read by the same handlers and keeps its tables as structure.

A granted patent (``B1``) prints its claims in English, German and French; only one
language is read, so a value is not found three times: English where there is English,
else the language the patent is written in.
"""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree

from molextract.ingest.base import SkipHandler, Source
from molextract.ingest.document import Document
from molextract.ingest.records import default_id
from molextract.ingest.uspto import PatentText, iso_date, read_patents
from molextract.ingest.xmltext import collapse, inline_text, prepare

ROOTS = ("ep-patent-document",)
_PADDED = ("p", "heading", "li", "claim-text", "claim", "entry", "br")
_ENGLISH = "en"


def read_epo(source: Source, on_skip: SkipHandler) -> Iterator[Document]:
    yield from read_patents(source, on_skip, ROOTS, _document)


def _document(source: Source, line: int, patent: etree._Element) -> Document | str:
    prepare(patent, padded=_PADDED)
    language = collapse(patent.get("lang") or "").lower() or _ENGLISH
    title = _title(patent, language)
    text = _EuropeanText()
    claims = [
        claim
        for block in _in_language(patent.findall("claims"), language)
        for claim in block.iterfind("claim")
    ]
    read = text.read(
        title,
        _in_language(patent.findall("abstract"), language),
        _in_language(patent.findall("description"), language),
        claims,
    )
    if not any(read):
        return "no abstract, description or claims"
    date = iso_date(patent.get("date-publ") or "")
    return text.document(_id(source, line, patent), title, date, source, line)


class _EuropeanText(PatentText):
    def caption(self, tables: etree._Element) -> str:
        """An EP table's ``<title>`` is its caption (``Table 1: Yields of …``)."""
        titles = (inline_text(title) for title in tables.iterfind("table/title"))
        return " ".join(title for title in titles if title)


def _title(patent: etree._Element, language: str) -> str:
    """The English title, else the one in the patent's language, else the first."""
    titles: dict[str, str] = {}
    said = ""
    for element in patent.iterfind("SDOBI/B500/B540/*"):
        if element.tag == "B541":
            said = collapse(element.text or "").lower()
        elif element.tag == "B542":
            titles.setdefault(said, inline_text(element))
    for wanted in (_ENGLISH, language):
        if titles.get(wanted):
            return titles[wanted]
    return next(iter(titles.values()), "")


def _in_language(blocks: list[etree._Element], language: str) -> list[etree._Element]:
    """The blocks in English, else in the patent's language, else all of them (a block
    with no ``lang`` is in the patent's language)."""
    for wanted in (_ENGLISH, language):
        chosen = [
            block
            for block in blocks
            if (collapse(block.get("lang") or "").lower() or language) == wanted
        ]
        if chosen:
            return chosen
    return blocks


def _id(source: Source, line: int, patent: etree._Element) -> str:
    """``EP0819000B1``: country, number and kind, as patents are cited."""
    number = collapse(patent.get("doc-number") or "")
    if not number:
        return collapse(patent.get("id") or "") or default_id(source, line)
    country = collapse(patent.get("country") or "") or "EP"
    return f"{country}{number}{collapse(patent.get('kind') or '')}"
