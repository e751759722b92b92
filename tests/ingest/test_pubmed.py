"""PubMed/MEDLINE XML: one document per article, streamed, with every fault located."""

from __future__ import annotations

import gzip
import shutil
from collections.abc import Generator
from pathlib import Path

import pytest

from molextract.ingest import Skipped, read_documents
from molextract.ingest.document import Document
from molextract.ingest.pubmed import ROOTS
from molextract.ingest.xmlstream import RecordParser

SAMPLE = Path(__file__).parent.parent / "data" / "literature" / "pubmed-29768149.xml"
TITLE = "Inhaled Combined Budesonide-Formoterol as Needed in Mild Asthma."
HEADER = '<?xml version="1.0" ?>\n<PubmedArticleSet>\n'
FOOTER = "</PubmedArticleSet>\n"


def read(*paths: Path) -> tuple[list[Document], list[Skipped]]:
    skips: list[Skipped] = []
    documents = list(read_documents(list(paths), skips.append))
    return documents, skips


def article(pmid: int, title: str = "A title", abstract: str | None = None) -> str:
    """Three lines, so the n-th article of a file from ``dump`` starts on line 3n."""
    body = f"<AbstractText>Abstract of {pmid}.</AbstractText>" if abstract is None else abstract
    abstract_xml = f"<Abstract>{body}</Abstract>" if body else ""
    return (
        "<PubmedArticle>\n"
        f"<MedlineCitation><PMID>{pmid}</PMID><Article><Journal><Title>J</Title></Journal>"
        f"<ArticleTitle>{title}</ArticleTitle>{abstract_xml}</Article></MedlineCitation>\n"
        "</PubmedArticle>\n"
    )


def dump(path: Path, *articles: str, footer: str = FOOTER) -> Path:
    path.write_text(HEADER + "".join(articles) + footer, encoding="utf-8")
    return path


def test_sample_article(tmp_path: Path) -> None:
    [document], skips = read(SAMPLE)
    assert skips == []
    assert document.id == "pmid:29768149"
    assert document.text.startswith(
        TITLE + "\n\nBACKGROUND: In patients with mild asthma, as-needed use of an inhaled "
        "glucocorticoid plus a fast-acting β 2-agonist may be an alternative to conventional "
        "treatment strategies.\n\nMETHODS: We conducted a 52-week, double-blind trial"
    )
    assert document.text.endswith(
        "(Funded by AstraZeneca; SYGMA 1 ClinicalTrials.gov number, NCT02149199 .)."
    )
    assert len(document.text) == 2697
    metadata = document.metadata
    assert metadata["title"] == TITLE
    assert metadata["journal"] == "The New England journal of medicine"
    assert metadata["year"] == 2018
    assert metadata["doi"] == "10.1056/NEJMoa1715274"
    assert len(metadata["mesh"]) == 23
    assert metadata["mesh"][:3] == ["Administration, Inhalation", "Adolescent", "Adult"]
    assert "Formoterol Fumarate" in metadata["mesh"]
    assert (metadata["source"], metadata["line"]) == (str(SAMPLE), 4)


def test_sample_sections_slice_back_to_their_titles() -> None:
    [document], _ = read(SAMPLE)
    sections = document.metadata["sections"]
    assert [s["title"] for s in sections] == [
        "Title",
        "BACKGROUND",
        "METHODS",
        "RESULTS",
        "CONCLUSIONS",
    ]
    assert [(s["start"], s["end"]) for s in sections] == [
        (0, 64),
        (66, 241),
        (243, 925),
        (927, 2093),
        (2095, 2697),
    ]
    assert document.text[0:64] == TITLE
    for section in sections[1:]:
        assert document.text[section["start"] :].startswith(section["title"] + ": ")
    # Every paragraph is one section: together they cover the text, "\n\n" between.
    assert document.text.split("\n\n") == [document.text[s["start"] : s["end"]] for s in sections]


def test_gzip_gives_the_same_document(tmp_path: Path) -> None:
    path = tmp_path / "pubmed-29768149.xml.gz"
    with SAMPLE.open("rb") as plain, gzip.open(path, "wb") as packed:
        shutil.copyfileobj(plain, packed)
    [document], skips = read(path)
    [expected], _ = read(SAMPLE)
    assert skips == []
    assert (document.id, document.text) == (expected.id, expected.text)
    assert document.metadata == {**expected.metadata, "source": str(path)}


def test_inline_markup_is_flattened_and_whitespace_collapsed(tmp_path: Path) -> None:
    abstract = (
        '<AbstractText Label="RESULTS">T<sub>4</sub> fell  by\n\t 20 %, <i>in vivo</i>'
        " (10<sup>-3</sup> M).</AbstractText>"
    )
    path = dump(tmp_path / "a.xml", article(1, "CO<sub>2</sub>\n uptake", abstract))
    [document], skips = read(path)
    assert skips == []
    assert document.text == "CO2 uptake\n\nRESULTS: T4 fell by 20 %, in vivo (10-3 M)."


def test_unstructured_abstract_is_one_section(tmp_path: Path) -> None:
    abstract = (
        "<AbstractText>First part.</AbstractText>"
        '<AbstractText Label="UNLABELLED">Second part.</AbstractText>'
        "<CopyrightInformation>Copyright 2020.</CopyrightInformation>"
    )
    path = dump(tmp_path / "a.xml", article(7, "T", abstract))
    [document], _ = read(path)
    assert document.text == "T\n\nFirst part.\n\nSecond part."
    assert len(document.text) == 28
    assert document.metadata["sections"] == [
        {"title": "Title", "start": 0, "end": 1},
        {"title": "Abstract", "start": 3, "end": 28},
    ]


def test_missing_metadata_is_none_and_doi_comes_from_elocation(tmp_path: Path) -> None:
    record = article(5).replace(
        "</ArticleTitle>",
        '</ArticleTitle><ELocationID EIdType="pii">S1</ELocationID>'
        '<ELocationID EIdType="doi" ValidYN="Y">10.1/elocated</ELocationID>',
    )
    reference_ids = (
        "<PubmedData><ReferenceList><Reference><ArticleIdList>"
        '<ArticleId IdType="doi">10.1/a-reference</ArticleId>'
        "</ArticleIdList></Reference></ReferenceList></PubmedData>\n</PubmedArticle>"
    )
    record = record.replace("</PubmedArticle>", reference_ids)
    path = dump(tmp_path / "a.xml", record)
    [document], _ = read(path)
    assert document.metadata["doi"] == "10.1/elocated"
    assert document.metadata["year"] is None
    assert document.metadata["mesh"] == []


def test_year_from_medline_date(tmp_path: Path) -> None:
    record = article(5).replace(
        "<Title>J</Title>",
        "<JournalIssue><PubDate><MedlineDate>1998 Dec-1999 Jan</MedlineDate></PubDate>"
        "</JournalIssue><Title>J</Title>",
    )
    [document], _ = read(dump(tmp_path / "a.xml", record))
    assert document.metadata["year"] == 1998


def test_articles_without_abstract_or_title_are_skipped(tmp_path: Path) -> None:
    path = dump(
        tmp_path / "a.xml",
        article(1),
        article(2, abstract=""),
        article(3, title="", abstract=""),
        article(4, title=""),
        article(5, abstract="<AbstractText>  </AbstractText>"),
        article(6),
    )
    documents, skips = read(path)
    assert [d.id for d in documents] == ["pmid:1", "pmid:4", "pmid:6"]
    assert [d.metadata["line"] for d in documents] == [3, 12, 18]
    assert documents[1].text == "Abstract of 4."  # no title: the abstract alone
    assert skips == [
        Skipped(str(path), 6, "no abstract"),
        Skipped(str(path), 9, "no title or abstract"),
        Skipped(str(path), 15, "no abstract"),
    ]


def test_medline_citation_set_and_missing_pmid(tmp_path: Path) -> None:
    path = tmp_path / "old.xml"
    path.write_text(
        "<MedlineCitationSet>\n"
        "<MedlineCitation><PMID>9</PMID><Article><ArticleTitle>T</ArticleTitle>"
        "<Abstract><AbstractText>A.</AbstractText></Abstract></Article></MedlineCitation>\n"
        "<MedlineCitation><Article><ArticleTitle>U</ArticleTitle>"
        "<Abstract><AbstractText>B.</AbstractText></Abstract></Article></MedlineCitation>\n"
        "</MedlineCitationSet>\n",
        encoding="utf-8",
    )
    documents, skips = read(path)
    assert skips == []
    assert [(d.id, d.text) for d in documents] == [("pmid:9", "T\n\nA."), ("old:3", "U\n\nB.")]


def test_book_records_are_reported_and_delete_lists_ignored(tmp_path: Path) -> None:
    book = "<PubmedBookArticle><BookDocument><PMID>8</PMID></BookDocument></PubmedBookArticle>\n"
    deleted = "<DeleteCitation><PMID>99</PMID></DeleteCitation>\n"
    path = dump(tmp_path / "u.xml", article(1), book, deleted)
    documents, skips = read(path)
    assert [d.id for d in documents] == ["pmid:1"]
    assert skips == [Skipped(str(path), 6, "book records (PubmedBookArticle) are not read")]


def test_truncated_file_keeps_completed_articles(tmp_path: Path) -> None:
    whole = HEADER + article(1) + article(2) + article(3)
    path = tmp_path / "cut.xml"
    path.write_text(whole[: whole.index("Abstract of 3")], encoding="utf-8")
    documents, skips = read(path)
    assert [d.id for d in documents] == ["pmid:1", "pmid:2"]
    assert skips == [Skipped(str(path), 9, "the XML ends early, at line 10 (truncated file?)")]


@pytest.mark.parametrize(
    ("end", "reason"),
    [
        ("<PubmedArticle>&am", "the XML ends early, at line 6 (truncated file?)"),
        ("<PubmedArticle><Medline", "the XML ends early, at line 6 (truncated file?)"),
        ("<PubmedArticle>é\n\n", "the XML ends early, at line 8 (truncated file?)"),
        (
            "<PubmedArticle>é &amp x</PubmedArticle>",
            "malformed XML (EntityRef: expecting ';') at column 22; the rest of the file is skipped",
        ),
        (
            "</PubmedArticleSet>\n<",
            "malformed XML (Extra content at the end of the document) at column 1; "
            "the rest of the file is skipped",
        ),
    ],
)
def test_an_error_at_the_end_is_truncation_only_if_it_is_where_the_input_ends(
    tmp_path: Path, end: str, reason: str
) -> None:
    # All in one chunk, so libxml2 finds every one of these only once the input has ended.
    path = tmp_path / "end.xml"
    path.write_text(HEADER + article(1) + end, encoding="utf-8")
    documents, skips = read(path)
    assert [d.id for d in documents] == ["pmid:1"]
    line = 7 if end.startswith("</") else 6
    assert skips == [Skipped(str(path), line, reason)]


def test_truncated_gzip_keeps_completed_articles(tmp_path: Path) -> None:
    data = gzip.compress(
        (HEADER + "".join(article(n) for n in range(3000)) + FOOTER).encode("utf-8")
    )
    path = tmp_path / "cut.xml.gz"
    path.write_bytes(data[: len(data) // 2])
    documents, skips = read(path)
    assert 0 < len(documents) < 3000
    assert [d.id for d in documents] == [f"pmid:{n}" for n in range(len(documents))]
    [skip] = skips
    assert skip.line == 3 * (len(documents) + 1)  # the article it cut off
    assert skip.reason.startswith("truncated or corrupt gzip data (")
    assert skip.reason.endswith("; the rest of the file is skipped")


def test_malformed_xml_keeps_articles_before_the_fault(tmp_path: Path) -> None:
    path = dump(
        tmp_path / "bad.xml", article(1), article(2).replace("</Article>", "</Articel>"), article(3)
    )
    documents, skips = read(path)
    assert [d.id for d in documents] == ["pmid:1"]
    assert skips == [
        Skipped(
            str(path),
            6,
            "malformed XML (Opening and ending tag mismatch: Article line 7 and Articel) "
            "at line 7, column 186; the rest of the file is skipped",
        )
    ]


def test_latin1_bytes_in_a_utf8_file(tmp_path: Path) -> None:
    path = tmp_path / "latin1.xml"
    data = HEADER + article(1) + article(2, title="Caf\xe9 study") + FOOTER
    path.write_bytes(data.encode("latin-1"))
    documents, skips = read(path)
    assert [d.id for d in documents] == ["pmid:1"]
    assert skips == [
        Skipped(
            str(path),
            6,
            "malformed XML (Invalid bytes in character encoding) at line 7, column 93; "
            "the rest of the file is skipped",
        )
    ]


def test_declared_latin1_is_decoded(tmp_path: Path) -> None:
    path = tmp_path / "latin1.xml"
    data = HEADER.replace("?>", 'encoding="ISO-8859-1" ?>') + article(1, title="Caf\xe9") + FOOTER
    path.write_bytes(data.encode("latin-1"))
    [document], skips = read(path)
    assert skips == []
    assert document.metadata["title"] == "Café"


@pytest.mark.parametrize("content", [b"", b"  \n\n", b"\xef\xbb\xbf\n"])
def test_empty_file(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "empty.xml"
    path.write_bytes(content)
    assert read(path) == ([], [Skipped(str(path), None, "empty file")])


def test_articles_are_freed_as_they_are_read(tmp_path: Path) -> None:
    path = dump(tmp_path / "a.xml", *(article(n) for n in range(500)))
    parser = RecordParser(("PubmedArticle",))
    held_before = []
    with path.open("rb") as stream:
        for _, element in parser.parse(stream):
            assert len(element) == 1  # the current one is whole ...
            earlier = list(element.itersiblings(preceding=True))
            held_before.append(len(earlier))
            assert all(len(e) == 0 for e in earlier)  # ... earlier ones are cleared
    assert parser.records == 500
    assert parser.root in ROOTS
    # Only the previous article is still attached; what lies ahead is at most the
    # parser's read-ahead, so nothing grows with the file.
    assert held_before[0] == 0
    assert max(held_before) == 1


def test_reading_is_lazy_on_a_large_file(tmp_path: Path) -> None:
    path = tmp_path / "medline.xml"
    with path.open("w", encoding="utf-8") as stream:
        stream.write(HEADER)
        for n in range(20_000):
            stream.write(article(n))
        stream.write("<PubmedArticle><broken></PubmedArticle>\n")
    skips: list[Skipped] = []
    documents = read_documents([path], skips.append)
    first = next(documents)
    assert first.id == "pmid:0"
    assert skips == []  # the malformed end is 1.6 MB further on and not yet read
    assert isinstance(documents, Generator)
    documents.close()
    assert skips == []


def test_whole_large_file_then_the_fault(tmp_path: Path) -> None:
    path = tmp_path / "medline.xml"
    path.write_text(
        HEADER
        + "".join(article(n) for n in range(20_000))
        + "<PubmedArticle><broken></PubmedArticle>\n",
        encoding="utf-8",
    )
    documents, skips = read(path)
    assert len(documents) == 20_000
    assert skips == [
        Skipped(
            str(path),
            60_003,
            "malformed XML (Opening and ending tag mismatch: broken line 60003 and PubmedArticle) "
            "at column 40; the rest of the file is skipped",
        )
    ]
