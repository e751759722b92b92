"""Elsevier full-text XML (the ScienceDirect article API's response): reading order,
sections, tables as structure with exact offsets, ids, and what is left out.

The articles here are written for the tests in Elsevier's markup (``ja``/``ce``
elements, CALS tables in their own namespace, cells in the common namespace), as the
API serves it; no openly licensed Elsevier XML file could be found to copy in.
"""

from __future__ import annotations

import gzip
from pathlib import Path

from molextract.extraction import tables as table_path
from molextract.ingest import Skipped, read_documents
from molextract.ingest.document import Document
from molextract.schemas import get_schema
from molextract.schemas.records import EngineInfo

_NAMESPACES = (
    'xmlns="http://www.elsevier.com/xml/svapi/article/dtd" '
    'xmlns:ce="http://www.elsevier.com/xml/common/dtd" '
    'xmlns:ja="http://www.elsevier.com/xml/ja/dtd" '
    'xmlns:xocs="http://www.elsevier.com/xml/xocs/dtd" '
    'xmlns:dc="http://purl.org/dc/elements/1.1/" '
    'xmlns:prism="http://prismstandard.org/namespaces/basic/2.0/" '
    'xmlns:xlink="http://www.w3.org/1999/xlink"'
)

_TABLE = """<ce:table xmlns="http://www.elsevier.com/xml/common/cals/dtd" id="tbl1" frame="topbot">
<ce:label>Table 1</ce:label>
<ce:caption id="cap1"><ce:simple-para id="sp1">Melting points of the amides
<ce:bold>2a</ce:bold>–<ce:bold>2c</ce:bold>.</ce:simple-para></ce:caption>
<ce:alt-text role="short" id="alt1">Table 1</ce:alt-text>
<tgroup cols="3"><colspec colnum="1" colname="col1"/><colspec colnum="2" colname="col2"/>
<colspec colnum="3" colname="col3"/>
<thead><row><entry xmlns="http://www.elsevier.com/xml/common/dtd">Compound</entry>
<entry xmlns="http://www.elsevier.com/xml/common/dtd">M.p. (°C)</entry>
<entry xmlns="http://www.elsevier.com/xml/common/dtd">Yield (%)</entry></row></thead>
<tbody><row><entry xmlns="http://www.elsevier.com/xml/common/dtd">2a</entry>
<entry xmlns="http://www.elsevier.com/xml/common/dtd">131–133</entry>
<entry xmlns="http://www.elsevier.com/xml/common/dtd">84<ce:sup loc="post">a</ce:sup></entry></row>
<row><entry xmlns="http://www.elsevier.com/xml/common/dtd">2b</entry>
<entry xmlns="http://www.elsevier.com/xml/common/dtd">98–99</entry>
<entry xmlns="http://www.elsevier.com/xml/common/dtd">77</entry></row>
<row><entry xmlns="http://www.elsevier.com/xml/common/dtd">2c</entry>
<entry xmlns="http://www.elsevier.com/xml/common/dtd">145</entry>
<entry xmlns="http://www.elsevier.com/xml/common/dtd">91</entry></row></tbody></tgroup>
<ce:table-footnote id="tfn1"><ce:label>a</ce:label><ce:note-para id="np1">Isolated
yield.</ce:note-para></ce:table-footnote>
</ce:table>"""


def response(
    body: str = "",
    floats: str = "",
    tail: str = "",
    doi: str = "10.1016/j.test.2020.01.001",
    abstract: str = "",
    original: bool = True,
) -> str:
    abstract = abstract or (
        '<ce:abstract class="author" id="abs1"><ce:section-title>Abstract</ce:section-title>'
        '<ce:abstract-sec id="as1"><ce:simple-para id="ap1">Amides were made and their '
        "melting points measured.</ce:simple-para></ce:abstract-sec></ce:abstract>"
        '<ce:abstract class="graphical" id="abs2"><ce:section-title>Graphical abstract'
        '</ce:section-title><ce:abstract-sec><ce:simple-para><ce:link locator="fx1"/>'
        "</ce:simple-para></ce:abstract-sec></ce:abstract>"
    )
    article = (
        "<originalText><xocs:doc><xocs:meta><xocs:doi>x</xocs:doi></xocs:meta>"
        '<xocs:serial-item><ja:article docsubtype="fla" version="5.4">'
        "<ja:item-info><ce:pii>S0000</ce:pii></ja:item-info>"
        f"<ce:floats>{floats}</ce:floats>"
        "<ja:head><ce:title>Amides of <ce:italic>p</ce:italic>-toluic acid</ce:title>"
        "<ce:author-group><ce:author><ce:surname>Smith</ce:surname></ce:author>"
        f"</ce:author-group>{abstract}<ce:keywords><ce:keyword><ce:text>amide</ce:text>"
        "</ce:keyword></ce:keywords></ja:head>"
        f'<ja:body view="all"><ce:sections>{body}</ce:sections></ja:body>'
        f"<ja:tail>{tail}</ja:tail></ja:article></xocs:serial-item></xocs:doc></originalText>"
    )
    doi_element = f"<prism:doi>{doi}</prism:doi>" if doi else ""
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<full-text-retrieval-response {_NAMESPACES}>'
        "<coredata><dc:title>Amides of p-toluic acid (core)</dc:title>"
        f"{doi_element}<pii>S0000-0000(20)00001-1</pii>"
        "<prism:publicationName>Tetrahedron Letters</prism:publicationName>"
        "<prism:coverDate>2020-03-31</prism:coverDate>"
        "<dc:description>Abstract Amides were made (core).</dc:description></coredata>"
        f"{article if original else ''}</full-text-retrieval-response>\n"
    )


_BODY = (
    '<ce:section id="s1"><ce:label>1</ce:label><ce:section-title>Introduction'
    '</ce:section-title><ce:para>Amides are common <ce:cross-ref refid="b1">[1]</ce:cross-ref>.'
    '</ce:para></ce:section><ce:section id="s2"><ce:label>2</ce:label>'
    '<ce:section-title>Experimental</ce:section-title><ce:section id="s2.1">'
    "<ce:label>2.1</ce:label><ce:section-title>N-Benzyl-4-methylbenzamide (2a)"
    "</ce:section-title><ce:para>The acid chloride (1.0 g) and benzylamine gave "
    '<ce:bold>2a</ce:bold> (1.2 g, 84%), m.p. 131–133 °C <ce:float-anchor refid="tbl1"/>'
    '(<ce:cross-ref refid="tbl1">Table 1</ce:cross-ref>).</ce:para></ce:section></ce:section>'
)
_FIGURE = (
    '<ce:figure id="fig1"><ce:label>Fig. 1</ce:label><ce:caption><ce:simple-para>'
    "IR spectrum of <ce:bold>2a</ce:bold>.</ce:simple-para></ce:caption>"
    '<ce:alt-text role="short">Fig. 1</ce:alt-text><ce:link locator="gr1"/></ce:figure>'
)
_TAIL = (
    '<ce:appendices><ce:section id="app1"><ce:label>Appendix A</ce:label>'
    "<ce:section-title>Supplementary data</ce:section-title><ce:para>Spectra of all "
    "compounds.</ce:para></ce:section></ce:appendices>"
    '<ce:bibliography id="bib"><ce:section-title>References</ce:section-title>'
    '<ce:bibliography-sec><ce:bib-reference id="b1"><ce:label>[1]</ce:label>'
    "<ce:other-ref><ce:textref>A. Author, J. Org. Chem. 1 (2000) 1.</ce:textref>"
    "</ce:other-ref></ce:bib-reference></ce:bibliography-sec></ce:bibliography>"
)


def read(*paths: Path) -> tuple[list[Document], list[Skipped]]:
    skips: list[Skipped] = []
    documents = list(read_documents(list(paths), skips.append))
    return documents, skips


def write(path: Path, content: str) -> Path:
    path.write_text(content, encoding="utf-8")
    return path


def test_an_article_in_reading_order_with_floats_after_the_body(tmp_path: Path) -> None:
    path = write(tmp_path / "a.xml", response(_BODY, _FIGURE + _TABLE, _TAIL))
    [document], skips = read(path)
    assert skips == []
    assert document.id == "doi:10.1016/j.test.2020.01.001"
    assert document.text == (
        "Amides of p-toluic acid\n\n"
        "Abstract\n\nAmides were made and their melting points measured.\n\n"
        "1 Introduction\n\nAmides are common [1].\n\n"
        "2 Experimental\n\n2.1 N-Benzyl-4-methylbenzamide (2a)\n\n"
        "The acid chloride (1.0 g) and benzylamine gave 2a (1.2 g, 84%), m.p. 131–133 °C "
        "(Table 1).\n\n"
        "Appendix A Supplementary data\n\nSpectra of all compounds.\n\n"
        "Fig. 1. IR spectrum of 2a.\n\n"
        "Table 1. Melting points of the amides 2a–2c.\n\n"
        "Compound | M.p. (°C) | Yield (%)\n2a | 131–133 | 84a\n2b | 98–99 | 77\n2c | 145 | 91"
        "\n\na Isolated yield."
    )
    meta = document.metadata
    assert (meta["title"], meta["journal"], meta["year"], meta["doi"]) == (
        "Amides of p-toluic acid",
        "Tetrahedron Letters",
        2020,
        "10.1016/j.test.2020.01.001",
    )
    sections = {s["title"]: (s["start"], s["end"]) for s in meta["sections"]}
    assert list(sections) == [
        "Title",
        "Abstract",
        "1 Introduction",
        "2 Experimental",
        "2.1 N-Benzyl-4-methylbenzamide (2a)",
        "Appendix A Supplementary data",
        "Fig. 1",
        "Table 1",
    ]
    start, end = sections["2.1 N-Benzyl-4-methylbenzamide (2a)"]
    assert document.text[start:end].endswith("m.p. 131–133 °C (Table 1).")


def test_a_table_keeps_its_structure_with_exact_offsets(tmp_path: Path) -> None:
    path = write(tmp_path / "t.xml", response(_BODY, _TABLE))
    [document], _ = read(path)
    [table] = table_path.tables_of(document)
    text = document.text
    assert table.label == "Table 1"
    assert table.caption is not None
    assert text[table.caption.start : table.caption.end] == table.caption.text
    assert table.column_header(1) == "M.p. (°C)"
    assert [[c.text for c in row] for row in table.body] == [
        ["2a", "131–133", "84a"],
        ["2b", "98–99", "77"],
        ["2c", "145", "91"],
    ]
    for row in table.rows:
        for cell in row:
            assert text[cell.start : cell.end] == cell.text
    assert [(n.marker, text[n.span.start : n.span.end]) for n in table.footnotes] == [
        ("a", "a Isolated yield.")
    ]
    # and the table path reads it: each row's compound, melting point and yield
    schema = get_schema("molecular_properties")
    readings = table_path.read_tables(document, schema)
    found = table_path.table_records(document, readings, schema, EngineInfo(name="t", model="t"))
    assert [(r.compound.label, r.property, r.value_low or r.value) for r in found] == [
        ("2a", "melting_point", 131.0),
        ("2a", "reaction_yield", 84.0),
        ("2b", "melting_point", 98.0),
        ("2b", "reaction_yield", 77.0),
        ("2c", "melting_point", 145.0),
        ("2c", "reaction_yield", 91.0),
    ]


def test_the_metadata_view_gives_the_core_abstract(tmp_path: Path) -> None:
    path = write(tmp_path / "m.xml", response(original=False))
    [document], skips = read(path)
    assert skips == []
    assert document.text == "Amides of p-toluic acid (core)\n\nAmides were made (core)."
    assert document.metadata["title"] == "Amides of p-toluic acid (core)"


def test_ids_fall_back_to_the_pii_and_gzip_is_read(tmp_path: Path) -> None:
    path = tmp_path / "p.xml.gz"
    path.write_bytes(gzip.compress(response(_BODY, doi="").encode("utf-8")))
    [document], skips = read(path)
    assert skips == []
    assert document.id == "pii:S0000-0000(20)00001-1"


def test_an_envelope_without_text_is_skipped_and_a_broken_one_reported(tmp_path: Path) -> None:
    empty = write(
        tmp_path / "e.xml",
        f"<full-text-retrieval-response {_NAMESPACES}><coredata/></full-text-retrieval-response>",
    )
    broken = write(tmp_path / "b.xml", response(_BODY)[:-60])
    documents, skips = read(empty, broken)
    assert documents == []
    assert [(Path(s.path).name, s.line is not None) for s in skips] == [
        ("e.xml", True),
        ("b.xml", True),
    ]
    assert "no abstract or body" in skips[0].reason


def test_an_article_without_the_api_s_envelope_is_read_not_taken_for_jats(
    tmp_path: Path,
) -> None:
    full = response(_BODY, _TABLE)
    start, end = full.index("<ja:article"), full.index("</ja:article>") + len("</ja:article>")
    article = (
        full[start:end]
        .replace("<ja:article ", f"<ja:article {_NAMESPACES} ", 1)
        .replace("<ce:pii>S0000</ce:pii>", "<ce:doi>10.1016/j.test.2020.01.002</ce:doi>")
    )
    path = write(tmp_path / "ja.xml", f'<?xml version="1.0"?>\n{article}\n')
    [document], skips = read(path)
    assert skips == []
    assert document.id == "doi:10.1016/j.test.2020.01.002"
    assert document.text.startswith(
        "Amides of p-toluic acid\n\nAbstract\n\nAmides were made and their melting points "
        "measured.\n\n1 Introduction\n\n"
    )
    assert len(table_path.tables_of(document)) == 1


def test_mathml_keeps_its_text_and_drops_its_tex_annotation(tmp_path: Path) -> None:
    body = (
        '<ce:section id="s1"><ce:section-title>Results</ce:section-title><ce:para>where '
        '<mml:math xmlns:mml="http://www.w3.org/1998/Math/MathML"><mml:semantics>'
        '<mml:mi>ΔH</mml:mi><mml:annotation encoding="application/x-tex">\\Delta H'
        "</mml:annotation></mml:semantics></mml:math> is small.</ce:para></ce:section>"
    )
    [document], _ = read(write(tmp_path / "f.xml", response(body)))
    assert document.text.endswith("Results\n\nwhere ΔH is small.")
