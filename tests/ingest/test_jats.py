"""PMC JATS full text: reading order, headings, tables, ids, and one article or many."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from molextract.ingest import Skipped, read_documents
from molextract.ingest.document import Document

DATA = Path(__file__).parent.parent / "data" / "literature"
EHP = DATA / "ehp-116-1694.nxml"
PONE = DATA / "pone.0000217.nxml"


def read(*paths: Path) -> tuple[list[Document], list[Skipped]]:
    skips: list[Skipped] = []
    documents = list(read_documents(list(paths), skips.append))
    return documents, skips


def article(
    ids: str = '<article-id pub-id-type="pmc">123</article-id>',
    abstract: str = "<abstract><p>Short abstract.</p></abstract>",
    body: str = "",
    back: str = "",
    attributes: str = "",
) -> str:
    return (
        f"<article{attributes}><front><journal-meta><journal-title>J Chem</journal-title>"
        f"</journal-meta><article-meta>{ids}<title-group><article-title>A study</article-title>"
        f"</title-group>{abstract}</article-meta></front><body>{body}</body>"
        f"<back>{back}</back></article>\n"
    )


def write(path: Path, content: str) -> Path:
    path.write_text(content, encoding="utf-8")
    return path


def test_ehp_sample() -> None:
    [document], skips = read(EHP)
    assert skips == []
    assert document.id == "pmcid:PMC2599765"
    title = (
        "Dietary Exposure to 2,2′,4,4′-Tetrabromodiphenyl Ether (PBDE-47) Alters Thyroid "
        "Status and Thyroid Hormone–Regulated Gene Transcription in the Pituitary and Brain"
    )
    assert document.text.startswith(
        title + "\n\nBackground\n\nPolybrominated diphenyl ether (PBDE) flame retardants have "
        "been implicated as disruptors of the hypothalamic-pituitary-thyroid axis."
    )
    assert len(document.text) == 30212
    assert document.metadata["title"] == title
    assert document.metadata["journal"] == "Environmental Health Perspectives"
    assert document.metadata["year"] == 2008
    assert document.metadata["doi"] == "10.1289/ehp.11570"
    assert (document.metadata["source"], document.metadata["line"]) == (str(EHP), 2)
    # Inline markup flattened: "T<sub>4</sub>" is searchable as "T4".
    assert (
        "Minnows exposed to PBDE-47 had depressed plasma thyroxine (T4), but not" in document.text
    )
    # Captions of the floating figures come last, after the body.
    assert document.text.endswith(
        "\n\nFigure 3. Dietary PBDE-47 exposure elevated mRNA levels for TRα in females (A), and "
        "reduced mRNA levels for TRβ in both sexes (B). PBDE-47 exposure also reduced gene "
        "transcripts for BTEB in the brain of male, but not female, minnows (C). Transcript "
        "levels are normalized to 18S. *p < 0.05 compared to control."
    )
    # Back matter (acknowledgements, references) is not text to extract from.
    assert "We thank A. Skillman" not in document.text
    assert "Hites RA. 2004" not in document.text


def test_ehp_sections() -> None:
    [document], _ = read(EHP)
    text, sections = document.text, document.metadata["sections"]
    titles = [s["title"] for s in sections]
    assert titles[:8] == [
        "Title",
        "Abstract",
        "Background",
        "Objective",
        "Methods",
        "Results",
        "Conclusions",
        "Materials and Methods",
    ]
    assert titles[-4:] == ["Discussion", "Figure 1", "Figure 2", "Figure 3"]
    assert len(sections) == 28
    title, abstract = sections[0], sections[1]
    assert (title["start"], title["end"]) == (0, 162)
    assert text[title["start"] : title["end"]] == document.metadata["title"]
    assert (abstract["start"], abstract["end"]) == (164, 1851)
    assert text[abstract["start"] : abstract["end"]].endswith(
        "TH-responsive pathways in the brain may be particularly sensitive to disruption by "
        "PBDE flame retardants."
    )
    for section in sections[2:]:
        assert text[section["start"] :].startswith(section["title"])
        assert text[section["end"] : section["end"] + 2] in ("\n\n", "")
    # Subsections nest inside their section: Materials and Methods holds Animals and housing.
    methods = sections[titles.index("Materials and Methods")]
    animals = sections[titles.index("Animals and housing")]
    assert methods["start"] < animals["start"] < animals["end"] <= methods["end"]
    # The unheaded introduction lies between the abstract and the first section.
    assert text[abstract["end"] + 2 :].startswith("Polybrominated diphenyl ethers (PBDEs) are")


def test_pone_sample() -> None:
    [document], skips = read(PONE)
    assert skips == []
    assert document.id == "pmcid:PMC1790863"
    assert document.text.startswith(
        "Quantifying Organismal Complexity using a Population Genetic Approach\n\n"
        "Background\n\nVarious definitions of biological complexity have been proposed"
    )
    assert len(document.text) == 38950
    assert document.metadata["journal"] == "PLoS ONE"
    assert document.metadata["year"] == 2007
    assert document.metadata["doi"] == "10.1371/journal.pone.0000217"
    # A figure inside a section stays where it is, with its label, title and legend.
    assert (
        "adaptive evolution.\n\nFigure 1. Fisher's geometric model in two-dimensional "
        "phenotypic space. Fitness varies along two phenotypic axes" in document.text
    )
    sections = document.metadata["sections"]
    figure = next(s for s in sections if s["title"] == "Figure 1")
    introduction = next(s for s in sections if s["title"] == "Introduction")
    assert introduction["start"] < figure["start"] < figure["end"] < introduction["end"]
    assert "We would like to thank Art Poon" not in document.text


def test_table_rows_caption_and_footnotes(tmp_path: Path) -> None:
    table = (
        '<table-wrap id="t1"><label>Table 1</label><caption><title>Melting points</title>'
        "<p>Measured twice.</p></caption><table><thead><tr><th>Compound</th><th>mp (°C)</th>"
        "<th/></tr></thead><tbody><tr><td>1a</td><td>130–132</td><td/></tr>"
        "<tr><td>1b</td><td/><td/></tr><tr><td/><td/><td/></tr></tbody></table>"
        "<table-wrap-foot><fn><p><sup>a</sup> Decomposes.</p></fn></table-wrap-foot></table-wrap>"
    )
    body = (
        "<sec><label>2.</label><title>Results</title>"
        f"<p>Before the table {table} and after it.</p></sec>"
    )
    path = write(tmp_path / "t.nxml", article(body=body))
    [document], skips = read(path)
    assert skips == []
    assert document.text == (
        "A study\n\nShort abstract.\n\n2. Results\n\nBefore the table\n\n"
        "Table 1. Melting points Measured twice.\n\n"
        "Compound | mp (°C)\n1a | 130–132\n1b\n\na Decomposes.\n\nand after it."
    )
    sections = {s["title"]: (s["start"], s["end"]) for s in document.metadata["sections"]}
    assert list(sections) == ["Title", "Abstract", "2. Results", "Table 1"]
    start, end = sections["Table 1"]
    assert document.text[start:end] == (
        "Table 1. Melting points Measured twice.\n\n"
        "Compound | mp (°C)\n1a | 130–132\n1b\n\na Decomposes."
    )


def test_lists_boxes_formulas_and_what_is_left_out(tmp_path: Path) -> None:
    body = (
        "<sec><title>Methods</title><p>Steps:<list><list-item><p>Dissolve.</p></list-item>"
        "<list-item><p>Heat to 80 °C.</p></list-item></list></p>"
        "<boxed-text><title>Box 1</title><p>Boxed note.</p></boxed-text>"
        "<p>where <inline-formula><alternatives><tex-math>\\Delta H</tex-math>"
        '<mml:math xmlns:mml="http://www.w3.org/1998/Math/MathML"><mml:mi>ΔH</mml:mi>'
        "</mml:math></alternatives></inline-formula> is small.</p>"
        '<fig><label>Fig. 2.</label><caption><p>Spectra.</p></caption><graphic href="x"/></fig>'
        "<supplementary-material><caption><p>Supplementary data</p></caption>"
        "</supplementary-material></sec>"
    )
    back = "<ack><p>Thanks.</p></ack><ref-list><ref>Ref one.</ref></ref-list>"
    path = write(tmp_path / "l.nxml", article(body=body, back=back))
    [document], _ = read(path)
    assert document.text == (
        "A study\n\nShort abstract.\n\nMethods\n\nSteps:\n\nDissolve.\n\nHeat to 80 °C.\n\n"
        "Box 1\n\nBoxed note.\n\nwhere ΔH is small.\n\nFig. 2. Spectra."
    )


def test_headed_abstracts_and_entities(tmp_path: Path) -> None:
    abstract = (
        "<abstract><sec><title>Aims</title><p>To&nbsp;test &mdash; twice.</p></sec></abstract>"
        '<abstract abstract-type="summary"><title>Author Summary</title><p>Plain.</p></abstract>'
    )
    content = '<!DOCTYPE article SYSTEM "JATS-archivearticle1.dtd">\n' + article(abstract=abstract)
    path = write(tmp_path / "e.nxml", content)
    [document], skips = read(path)
    assert skips == []
    assert document.text == "A study\n\nAims\n\nTo test — twice.\n\nAuthor Summary\n\nPlain."
    assert [(s["title"], s["start"], s["end"]) for s in document.metadata["sections"]] == [
        ("Title", 0, 7),
        ("Abstract", 9, 31),
        ("Aims", 9, 31),
        ("Author Summary", 33, 55),
    ]


@pytest.mark.parametrize(
    ("ids", "expected"),
    [
        ('<article-id pub-id-type="pmc">2599765</article-id>', "pmcid:PMC2599765"),
        ('<article-id pub-id-type="pmcid">PMC42</article-id>', "pmcid:PMC42"),
        (
            '<article-id pub-id-type="pmid">19</article-id>'
            '<article-id pub-id-type="doi">10.1/x</article-id>',
            "doi:10.1/x",
        ),
        ('<article-id pub-id-type="pmid">19</article-id>', "pmid:19"),
        ('<article-id pub-id-type="publisher-id">p1</article-id>', "paper"),
    ],
)
def test_ids(tmp_path: Path, ids: str, expected: str) -> None:
    path = write(tmp_path / "paper.nxml", article(ids=ids))
    [document], _ = read(path)
    assert document.id == expected


def test_article_set_holds_many_articles(tmp_path: Path) -> None:
    path = write(
        tmp_path / "set.xml",
        "<pmc-articleset>\n"
        + article()
        + article(ids="")
        + article(abstract="", body="")
        + article(ids='<article-id pub-id-type="pmc">PMC9</article-id>')
        + "</pmc-articleset>\n",
    )
    documents, skips = read(path)
    assert [(d.id, d.metadata["line"]) for d in documents] == [
        ("pmcid:PMC123", 2),
        ("set:3", 3),
        ("pmcid:PMC9", 5),
    ]
    assert skips == [Skipped(str(path), 4, "no abstract or body")]


def test_namespaced_jats(tmp_path: Path) -> None:
    content = article(attributes=' xmlns="https://jats.nlm.nih.gov/ns/archiving/1.3/"')
    path = write(tmp_path / "oai.xml", content)
    [document], skips = read(path)
    assert skips == []
    assert (document.id, document.text) == ("pmcid:PMC123", "A study\n\nShort abstract.")
    assert document.metadata["journal"] == "J Chem"


def test_gzip_and_xml_suffix(tmp_path: Path) -> None:
    packed = tmp_path / "ehp.nxml.gz"
    packed.write_bytes(gzip.compress(EHP.read_bytes()))
    renamed = tmp_path / "ehp.xml"
    renamed.write_bytes(EHP.read_bytes())
    documents, skips = read(packed, renamed, EHP)
    assert [d.id for d in documents] == ["pmcid:PMC2599765"]
    assert len(documents[0].text) == 30212
    # The same article three times: the copies are duplicates of the first.
    assert [s.reason for s in skips] == [
        f"duplicate id 'pmcid:PMC2599765' (first seen at {packed}:2)"
    ] * 2


def test_title_only_article_is_skipped(tmp_path: Path) -> None:
    path = write(tmp_path / "t.nxml", article(abstract="<abstract><p> </p></abstract>"))
    assert read(path) == ([], [Skipped(str(path), 1, "no abstract or body")])


def test_truncated_article(tmp_path: Path) -> None:
    whole = EHP.read_text(encoding="utf-8")
    path = write(tmp_path / "cut.nxml", whole[: len(whole) // 2])
    documents, skips = read(path)
    assert documents == []
    [skip] = skips
    assert skip.line == 2
    assert skip.reason.startswith("the XML ends early, at line ")
    assert skip.reason.endswith(" (truncated file?)")


def test_malformed_article_in_a_set_keeps_the_ones_before(tmp_path: Path) -> None:
    broken = article().replace("<body>", "<body><p>x &amp y</p>")
    path = write(tmp_path / "set.xml", "<pmc-articleset>\n" + article() + broken + article())
    documents, skips = read(path)
    assert [d.id for d in documents] == ["pmcid:PMC123"]
    assert skips == [
        Skipped(
            str(path),
            3,
            "malformed XML (EntityRef: expecting ';') at column 289; the rest of the file is skipped",
        )
    ]


@pytest.mark.parametrize("content", [b"", b"\n \n"])
def test_empty_nxml(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "empty.nxml"
    path.write_bytes(content)
    assert read(path) == ([], [Skipped(str(path), None, "empty file")])


def test_nxml_of_another_kind(tmp_path: Path) -> None:
    path = write(tmp_path / "odd.nxml", "<html><body><p>x</p></body></html>")
    assert read(path) == ([], [Skipped(str(path), None, "unrecognised XML: root element <html>")])
