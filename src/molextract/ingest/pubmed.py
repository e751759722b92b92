"""PubMed/MEDLINE XML (``PubmedArticleSet``): the annual baseline and daily update files.

One document per article: the title, then the abstract, one paragraph per abstract
part. Structured abstracts keep their labels ("METHODS: ...") because they tell the
model whether a number is a result or a dose. Articles without an abstract are
skipped: a title alone is too little to extract from, and a third of MEDLINE is
title-only records.
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
    TextBuilder,
    child,
    child_text,
    collapse,
    inline_text,
    prepare,
)

#: ``MedlineCitationSet`` is the older, PubmedData-less form of the same records.
ROOTS = ("PubmedArticleSet", "MedlineCitationSet")
#: ``MedlineCitation`` is a record only at the top level of a ``MedlineCitationSet``;
#: inside a ``PubmedArticle`` it is part of that record. ``DeleteCitation`` lists in
#: update files are instructions, not records, and are not read.
_RECORDS = ("PubmedArticle", "PubmedBookArticle", "MedlineCitation")
#: PubMed's placeholder for an abstract part without a real label.
_NO_LABEL = "UNLABELLED"
_YEAR = re.compile(r"\b(\d{4})\b")


def read_pubmed(source: Source, on_skip: SkipHandler) -> Iterator[Document]:
    records = read_records(source, on_skip, _RECORDS, ROOTS)
    return build_documents(source, on_skip, records, _document)


def _document(source: Source, line: int, record: etree._Element) -> Document | str:
    if record.tag == "PubmedBookArticle":
        return "book records (PubmedBookArticle) are not read"
    citation = record if record.tag == "MedlineCitation" else child(record, "MedlineCitation")
    article = child(citation, "Article")
    if citation is None or article is None:
        return "no MedlineCitation/Article"
    prepare(record)
    title = child_text(article, "ArticleTitle")
    parts = _abstract_parts(article)
    if not parts:
        return "no abstract" if title else "no title or abstract"

    builder = TextBuilder()
    with builder.section("Title"):
        builder.paragraph(title)
    if any(label for label, _ in parts):
        for label, text in parts:
            with builder.section(label or "Abstract"):
                builder.paragraph(f"{label}: {text}" if label else text)
    else:
        with builder.section("Abstract"):
            for _, text in parts:
                builder.paragraph(text)

    pmid = child_text(citation, "PMID")
    journal = child(article, "Journal")
    metadata = {
        "title": title or None,
        "journal": child_text(journal, "Title") or None,
        "year": _year(article, journal),
        "doi": _doi(record, article),
        "mesh": _mesh(citation),
        "sections": builder.sections,
        "source": source.name,
        "line": line,
    }
    doc_id = f"pmid:{pmid}" if pmid else default_id(source, line)
    return Document(id=doc_id, text=builder.text, metadata=metadata)


def _abstract_parts(article: etree._Element) -> list[tuple[str, str]]:
    """``(label, text)`` of each non-empty part; copyright lines are not part of it."""
    abstract = child(article, "Abstract")
    parts = []
    for part in () if abstract is None else abstract.iterchildren("AbstractText"):
        text = inline_text(part)
        if text:
            label = collapse(part.get("Label") or "")
            parts.append(("" if label.upper() == _NO_LABEL else label, text))
    return parts


def _year(article: etree._Element, journal: etree._Element | None) -> int | None:
    """The issue's year; ``MedlineDate`` ("1998 Dec-1999 Jan") gives its first year."""
    date = child(journal, "JournalIssue", "PubDate")
    for candidate in (
        child_text(date, "Year"),
        child_text(date, "MedlineDate"),
        child_text(article, "ArticleDate", "Year"),
    ):
        match = _YEAR.search(candidate)
        if match:
            return int(match.group(1))
    return None


def _doi(record: etree._Element, article: etree._Element) -> str | None:
    # Only PubmedData's own list: ReferenceList entries carry ArticleIdLists of their own.
    ids = child(record, "PubmedData", "ArticleIdList")
    listed = () if ids is None else ids.iterchildren("ArticleId")
    candidates = [
        *(found for found in listed if found.get("IdType") == "doi"),
        *(found for found in article.iterchildren("ELocationID") if found.get("EIdType") == "doi"),
    ]
    for found in candidates:
        doi = collapse(found.text or "")
        if doi and found.get("ValidYN") != "N":
            return doi
    return None


def _mesh(citation: etree._Element) -> list[str]:
    headings = child(citation, "MeshHeadingList")
    if headings is None:
        return []
    names = (
        child_text(heading, "DescriptorName") for heading in headings.iterchildren("MeshHeading")
    )
    return [name for name in names if name]
