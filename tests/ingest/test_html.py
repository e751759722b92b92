"""Publisher HTML articles: real pages of four publishers, and the edge cases by hand."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from molextract.ingest import Skipped, detect_format, read_documents
from molextract.ingest import html as html_reader
from molextract.ingest.document import Document
from molextract.ingest.tables import Table, document_tables

DATA = Path(__file__).parent.parent / "data" / "html"
ACS = DATA / "jacs.5b12312.html"
MDPI = DATA / "metabo4040932.html"
SPRINGER = DATA / "s40643-016-0099-3.html"
PLOS = DATA / "pone.0111303.html"
REAL = [ACS, MDPI, SPRINGER, PLOS]


def read(*paths: Path) -> tuple[list[Document], list[Skipped]]:
    skips: list[Skipped] = []
    documents = list(read_documents(list(paths), skips.append))
    return documents, skips


def one(path: Path) -> Document:
    documents, skips = read(path)
    assert skips == []
    [document] = documents
    return document


def page(body: str, head: str = "") -> str:
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'>"
        f"<meta name='citation_title' content='A study'>{head}</head><body>{body}</body></html>"
    )


def write(path: Path, content: str | bytes) -> Path:
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


def tables(document: Document) -> list[Table]:
    return document_tables(document.metadata, document.text)


def section_titles(document: Document) -> list[str]:
    return [str(s["title"]) for s in document.metadata["sections"]]


# -- real pages ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.stem)
def test_offsets_are_exact(path: Path) -> None:
    """Every cell, caption and footnote span is the text at its offsets, and every
    section starts with its heading."""
    document = one(path)
    text = document.text
    assert document.metadata["format"] == "html"
    assert document.metadata["source"] == str(path)
    for data in document.metadata["tables"]:
        table = Table.from_json(data, text)
        for row in table.rows:
            assert len(row) == table.width
            for cell in row:
                assert 0 <= cell.start <= cell.end <= len(text)
                assert text[cell.start : cell.end] == cell.text
                assert cell.text == cell.text.strip()
                assert "\n" not in cell.text
        if table.caption:
            assert table.caption.text and text[table.caption.start : table.caption.end].startswith(
                "Table"
            )
        for note in table.footnotes:
            assert text[note.span.start : note.span.end] == note.span.text
            assert note.span.text.startswith(note.marker)
    for section in document.metadata["sections"]:
        start, end = int(section["start"]), int(section["end"])
        assert 0 <= start < end <= len(text)
        title = str(section["title"])
        assert text[start:end].startswith(title) or title in ("Title", "Abstract", "Figure")
    # No page furniture or program text.
    for junk in (
        "function(",
        "var ",
        "window.",
        "{display",
        "Cookie",
        "cookie",
        "Sign In",
        "Log in",
    ):
        assert junk not in text


def test_acs() -> None:
    document = one(ACS)
    title = (
        "Non-Interpenetrated Metal–Organic Frameworks Based on Copper(II) Paddlewheel and "
        "Oligoparaxylene-Isophthalate Linkers: Synthesis, Structure, and Gas Adsorption"
    )
    assert document.id == "doi:10.1021/jacs.5b12312"
    assert document.metadata["title"] == title
    assert document.metadata["doi"] == "10.1021/jacs.5b12312"
    assert document.metadata["year"] == 2016
    assert document.metadata["encoding"] == "utf-8"
    # The title once, then the abstract, then the body.
    assert document.text.startswith(
        title + "\n\nAbstract\n\nTwo metal–organic framework materials, MFM-130 and MFM-131"
    )
    assert document.text.count(title) == 1
    titles = section_titles(document)
    for heading in ("Abstract", "Introduction", "Experimental Section", "Results and Discussion"):
        assert heading in titles
    assert titles.index("Abstract") < titles.index("Introduction") < titles.index("Conclusions")
    # Inline markup flattened into the word.
    assert "[Cu2(COO)4] paddlewheel units" in document.text
    assert "−59.9 TPa–1 for MFM-130" in document.text
    # Figure captions, not figure viewers.
    assert "\n\nFigure 1. " in document.text and "Open Figure Viewer" not in document.text
    # Back matter and the reference list are left out; so are the page's related links.
    assert "Acknowledgment" not in titles
    assert "References" not in titles
    assert "Other ACS content by these authors" not in document.text
    assert "Related Content" not in document.text


def test_acs_tables() -> None:
    document = one(ACS)
    found = tables(document)
    assert [t.label for t in found] == ["Table 1", "Table 2", "Table 3"]
    first, second, third = found
    assert first.caption is not None
    assert first.caption.text == (
        "Table 1. Summary of the Mechanical Properties of the Structural Models of MFM-130 "
        "and MFM-131 in the Elastic Regime"
    )
    assert first.header_rows == 1
    assert [first.column_header(i) for i in range(first.width)] == [
        "elastic property",
        "MFM-130",
        "MFM-131",
    ]
    assert [c.text for c in first.body[0]] == ["bulk modulus (Hill average) (GPa)", "11.41", "8.77"]
    # Three header rows in <thead>, with colspans: each column has its path.
    assert second.header_rows == 3
    assert second.column_header(4) == "total CH4 uptake at 20 bar › cm3(STP)/g"
    assert second.column_header(5) == "total CH4 uptake at 20 bar › v/v"
    assert [c.text for c in second.body[0][:3]] == ["MFM-130a", "2173", "1.0"]
    # Footnotes keep their markers: "a<p>Measured ...</p>" reads "a Measured ...".
    assert [(n.marker, n.span.text) for n in second.footnotes] == [
        ("a", "a Measured by N2 isotherms at 77 K."),
        ("b", "b These data were taken from ref 23a."),
    ]
    assert [n.marker for n in third.footnotes] == ["a", "b", "c", "d", "e"]
    # The table's rows are in the text, as lines of cells.
    assert "\nMFM-130a | 2173 | 1.0 | 0.642 | 154 | 99 |" in document.text


def test_mdpi() -> None:
    document = one(MDPI)
    assert document.id == "doi:10.3390/metabo4040932"
    assert document.metadata["journal"] == "Metabolites"
    assert document.metadata["year"] == 2014
    assert document.text.startswith(
        "Volatile Metabolite Profiling of Durum Wheat Kernels Contaminated by Fusarium poae"
        "\n\nAbstract\n\nVolatile metabolites from mold contamination have been proposed"
    )
    titles = section_titles(document)
    assert {"1. Introduction", "2. Results and Discussion", "3.1. Fungal Cultures"} <= set(titles)
    # Keywords, the contributions and the references are not article text.
    assert "Keywords" not in document.text
    assert "Author Contributions" not in titles
    assert "References" not in titles
    # The table is shown once: the thumbnail that links to it is not a table.
    [table] = tables(document)
    assert table.label == "Table 1"
    assert table.caption is not None and table.caption.text.startswith(
        "Table 1. GC-MS identification of volatile compounds"
    )
    assert document.text.count("Table 1. GC-MS identification") == 1
    assert table.header_rows == 1
    assert [table.column_header(i) for i in range(3)] == [
        "Identification Number (n.)",
        "Compound",
        "Class",
    ]
    assert [c.text for c in table.body[4]] == ["5", "d-Limonene", "Terpene"]
    assert "Click here to display table" not in document.text
    # A figure caption appears once although the page prints it twice.
    assert document.text.count("Figure 1. ") == 1


def test_springer() -> None:
    document = one(SPRINGER)
    assert document.id == "doi:10.1186/s40643-016-0099-3"
    assert document.metadata["journal"] == "Bioresources and Bioprocessing"
    titles = section_titles(document)
    # A structured abstract keeps its own headings.
    assert titles[:5] == ["Title", "Abstract", "Background", "Results", "Conclusions"]
    assert "Methods" in titles and "Results and discussion" in titles
    for back in ("Declarations", "Authors’ contributions", "Competing interests", "References"):
        assert back not in titles
    assert "Publisher main menu" not in document.text
    assert "Share this article" not in document.text
    found = tables(document)
    assert [t.label for t in found] == ["Table 1", "Table 2", "Table 3"]
    first = found[0]
    assert first.caption is not None
    assert first.caption.text == "Table 1 Effects of various inhibitors on TH2-CP activity"
    assert [first.column_header(i) for i in range(2)] == [
        "Inhibitor final 1 mM",
        "Residual activity (%)",
    ]
    assert [c.text for c in first.body[-1]] == ["1,10-Phenanthroline", "27"]
    # A footer without a marker is still the table's footnote.
    [note] = first.footnotes
    assert note.marker == ""
    assert note.span.text.startswith("The activities presented are as relative")
    assert "Full size table" not in document.text
    assert "\n\nFig. 1 Nucleic acids and amino acids sequence of TH2-CP." in document.text


def test_plos() -> None:
    document = one(PLOS)
    assert document.id == "doi:10.1371/journal.pone.0111303"
    assert document.metadata["journal"] == "PLOS ONE"
    assert document.text.startswith(
        "Terpenoid Compositions and Botanical Origins of Late Cretaceous and Miocene Amber "
        "from China\n\nAbstract\n\n"
    )
    titles = section_titles(document)
    assert {"Introduction", "Materials and Methods", "Conclusions"} <= set(titles)
    # The caption of a figure is its labelled line, not the download links around it.
    assert (
        "\n\nFigure 1. Map showing the locations of Xixia and Zhangpu where the studied amber "
        "was collected.\n\n"
    ) in document.text
    assert "PowerPoint" not in document.text and "Download" not in document.text
    assert "Submit your Manuscript" not in document.text
    assert "Subject Areas" not in document.text


def test_gzip_and_htm(tmp_path: Path) -> None:
    packed = tmp_path / "paper.html.gz"
    packed.write_bytes(gzip.compress(SPRINGER.read_bytes()))
    short = write(tmp_path / "paper2.htm", page("<h2>Results</h2><p>It melts at 120 °C.</p>"))
    assert detect_format(packed) == "html" and detect_format(short) == "html"
    documents, skips = read(packed, short)
    assert skips == []
    assert documents[0].text == one(SPRINGER).text
    assert documents[1].id == "paper2"
    assert documents[1].text == "A study\n\nResults\n\nIt melts at 120 °C."


# -- by hand --------------------------------------------------------------------------------


def test_spanned_cells(tmp_path: Path) -> None:
    body = (
        "<h2>Results</h2><div class='table-wrap'><div class='caption'>Table 2. Yields</div>"
        "<table><thead><tr><th rowspan='2'>Entry</th><th colspan='2'>Yield (%)</th></tr>"
        "<tr><th>3a</th><th>3b</th></tr></thead>"
        "<tbody><tr><td>1</td><td>85<sup>a</sup></td><td>70</td></tr>"
        "<tr><td rowspan='2'>2</td><td>60</td><td>55</td></tr><tr><td>61</td><td>50</td></tr>"
        "</tbody></table><div class='table-foot'><p><sup>a</sup>Isolated yield.</p>"
        "<p>Full size table</p></div></div><p>After.</p>"
    )
    document = one(write(tmp_path / "a.html", page(body)))
    [table] = tables(document)
    assert table.label == "Table 2"
    assert table.header_rows == 2
    assert [table.column_header(i) for i in range(3)] == [
        "Entry",
        "Yield (%) › 3a",
        "Yield (%) › 3b",
    ]
    assert [[c.text for c in row] for row in table.body] == [
        ["1", "85a", "70"],
        ["2", "60", "55"],
        ["2", "61", "50"],
    ]
    # The spanned cell is one span of the text, shared by the rows it covers.
    assert table.body[1][0] == table.body[2][0]
    assert [(n.marker, n.span.text) for n in table.footnotes] == [("a", "a Isolated yield.")]
    assert document.text == (
        "A study\n\nResults\n\nTable 2. Yields\n\nEntry | Yield (%)\n3a | 3b\n1 | 85a | 70\n"
        "2 | 60 | 55\n61 | 50\n\na Isolated yield.\n\nAfter."
    )
    sections = {s["title"]: s for s in document.metadata["sections"]}
    assert document.text[sections["Table 2"]["start"] : sections["Table 2"]["end"]].startswith(
        "Table 2. Yields"
    )


def test_table_without_thead(tmp_path: Path) -> None:
    body = (
        "<p>Text.</p><table><caption>Table 1. Melting points</caption>"
        "<tr><td>Compound</td><td>mp (°C)</td></tr><tr><td>4a</td><td>121–123</td></tr>"
        "<tfoot><tr><td colspan='2'><sup>b</sup> Uncorrected.</td></tr></tfoot></table>"
        "<table><tr><th>Solvent</th><th>Yield</th></tr><tr><td>THF</td><td>90</td></tr></table>"
    )
    document = one(write(tmp_path / "a.html", page(body)))
    first, second = tables(document)
    assert first.caption is not None and first.caption.text == "Table 1. Melting points"
    assert first.header_rows == 1  # guessed: no number in the first row
    assert first.column_header(1) == "mp (°C)"
    assert [(n.marker, n.span.text) for n in first.footnotes] == [("b", "b Uncorrected.")]
    assert second.label == "" and second.caption is None
    assert second.header_rows == 1  # <th> cells
    assert [c.text for c in second.body[0]] == ["THF", "90"]


def test_tables_shown_in_pop_ups_after_the_references(tmp_path: Path) -> None:
    """Some pages show a thumbnail in the text and the table itself in a dialog placed
    after the reference list: the dialog is furniture, its table is not."""
    body = (
        "<h2>Results</h2><p>Yields are in Table 1.</p><h2>References</h2><ol><li>Ref.</li></ol>"
        "<div class='modal fade' id='ModalTable1'><div class='modal-body'><table>"
        "<caption>Table 1. Yields</caption><thead><tr><th>Entry</th><th>Yield (%)</th></tr>"
        "</thead><tbody><tr><td>1</td><td>85</td></tr></tbody></table></div></div>"
        "<div class='modal fade' id='ModalLogin'><p>Sign in to continue</p></div>"
    )
    document = one(write(tmp_path / "a.html", page(body)))
    [table] = tables(document)
    assert [c.text for c in table.body[0]] == ["1", "85"]
    assert "Sign in" not in document.text and "Ref." not in document.text


def test_a_dialog_title_is_its_table_caption_and_its_pop_up_notes_are_footnotes(
    tmp_path: Path,
) -> None:
    """SciELO's pages: the dialog's header holds "Table 5" and the caption, whose
    footnote is a pop-up reference; the table sits in the dialog's body."""
    body = (
        "<h2>Results</h2><p>See Table 5.</p>"
        "<div class='modal fade ModalTables' id='ModalTablet5'><div class='modal-dialog'>"
        "<div class='modal-content'><div class='modal-header'>"
        "<button class='close'>×</button><h4 class='modal-title'><strong>Table 5</strong> "
        "Yields of the resolution<span class='ref footnote'><sup class='xref'>a</sup>"
        "<span class='refCtt closed'><span class='refCttPadding'>"
        "<strong class='fn-title'>a</strong>Reaction conditions: 1 (30 mg), 60 °C.</span>"
        "</span></span></h4></div><div class='modal-body'><div class='table'><table>"
        "<thead><tr><th>Entry</th><th>2 / %</th></tr></thead>"
        "<tbody><tr><td>1</td><td>85</td></tr></tbody></table></div></div></div></div></div>"
    )
    document = one(write(tmp_path / "a.html", page(body)))
    [table] = tables(document)
    assert table.label == "Table 5"
    assert table.caption is not None and table.caption.text == "Table 5 Yields of the resolution"
    [note] = table.footnotes
    assert (note.marker, note.span.text) == ("a", "a Reaction conditions: 1 (30 mg), 60 °C.")
    assert document.text[note.span.start : note.span.end] == note.span.text
    assert "×" not in document.text


def test_inline_markup_flattens(tmp_path: Path) -> None:
    body = (
        "<h2>Synthesis of <i>N</i>-methyl<b>amide</b></h2>"
        "<p>Dissolved in H<sub>2</sub>O and CH<sub>2</sub>Cl<sub>2</sub> (<i>E</i>/<i>Z</i> "
        "= 3:1) at 25&nbsp;°C, giving <b><i>2a</i></b><sup>[3]</sup>; line<br>break.</p>"
        "<p>x<math><msup><mi>e</mi><mn>2</mn></msup><annotation encoding='TeX'>e^2"
        "</annotation></math> y</p>"
    )
    document = one(write(tmp_path / "a.html", page(body)))
    assert document.text == (
        "A study\n\nSynthesis of N-methylamide\n\nDissolved in H2O and CH2Cl2 (E/Z = 3:1) at "
        "25 °C, giving 2a[3]; line break.\n\nxe2 y"
    )


def test_furniture_left_out(tmp_path: Path) -> None:
    body = (
        "<div id='cookie-banner'><p>We use cookies to improve your experience.</p></div>"
        "<header role='banner'><nav><a href='/'>Journal home</a></nav></header>"
        "<ul class='menu'><li><a href='/x'>Browse issues</a></li></ul>"
        "<script>var tracking = 1;</script><style>p {color: red}</style>"
        "<h1>A study</h1><div class='affiliations'><p>1 Department of Chemistry</p></div>"
        "<p class='authors'>A. Author, B. Author</p>"
        "<div class='abstract'><h2>Abstract</h2><p>We made 3a.</p></div>"
        "<div class='body'><h2>1. Introduction</h2><p>Compounds matter.</p>"
        "<div class='share-buttons'><p>Share on social media</p></div>"
        "<figure><img src='f1.png'><figcaption>Figure 1. The reactor.</figcaption></figure>"
        "<p><a href='/a'>Related article one</a> <a href='/b'>Related article two</a></p>"
        "<h2>Acknowledgements</h2><p>We thank the funders.</p>"
        "<h2>2. Results</h2><p>It worked.</p>"
        "<h2>References</h2><ol class='references'><li>Smith, J. Chem. 2000.</li></ol>"
        "<p>Cited by 3 articles</p></div><footer><p>© Publisher</p></footer>"
    )
    document = one(write(tmp_path / "a.html", page(body)))
    assert document.text == (
        "A study\n\nAbstract\n\nWe made 3a.\n\n1. Introduction\n\nCompounds matter.\n\n"
        "Figure 1. The reactor.\n\n2. Results\n\nIt worked."
    )
    assert section_titles(document) == [
        "Title",
        "Abstract",
        "1. Introduction",
        "Figure 1",
        "2. Results",
    ]


def test_caption_before_table_and_shared_foot_row(tmp_path: Path) -> None:
    """RSC prints a table's caption in a block of its own before the table, all its
    footnotes in one ``tfoot`` row, and figures as an image over a caption in a table."""
    body = (
        "<h2>Results</h2><p>See Table 1.</p>"
        "<div class='table_caption'><b>Table 1</b> <span>Textural properties</span></div>"
        "<div class='rtable__wrapper'><table><thead><tr><th>Sample</th>"
        "<th>S<sub>BET</sub><sup><a href='#fa'>a</a></sup> (m<sup>2</sup> g<sup>−1</sup>)</th>"
        "</tr></thead><tfoot><tr><th colspan='2'><a id='fa'><span class='tfootnote'>a</span></a>"
        " <span>BET surface area in m<sup>2</sup>.</span><a id='fb'>"
        "<span class='tfootnote'>b</span></a> <span>t-plot.</span></th></tr></tfoot>"
        "<tbody><tr><td>3</td><td>587</td></tr></tbody></table></div>"
        "<div class='image_table'><table><tr><td colspan='3'><img src='f1.gif' alt='XRD'></td>"
        "</tr><tr><td> </td><td class='image_title'><b>Fig. 1 </b> XRD patterns.</td><td> </td>"
        "</tr></table></div><p>After.</p>"
    )
    document = one(write(tmp_path / "a.html", page(body)))
    [table] = tables(document)
    assert table.label == "Table 1"
    assert table.caption is not None and table.caption.text == "Table 1 Textural properties"
    assert table.column_header(1) == "SBETa (m2 g−1)"
    assert [(n.marker, n.span.text) for n in table.footnotes] == [
        ("a", "a BET surface area in m2."),
        ("b", "b t-plot."),
    ]
    assert document.text == (
        "A study\n\nResults\n\nSee Table 1.\n\nTable 1 Textural properties\n\n"
        "Sample | SBETa (m2 g−1)\n3 | 587\n\na BET surface area in m2.\nb t-plot.\n\n"
        "Fig. 1 XRD patterns.\n\nAfter."
    )


def test_bullets_and_definition_lists(tmp_path: Path) -> None:
    body = (
        "<div class='abstract author-highlights'><h2>Highlights</h2><ul><li>"
        "<span class='list-label'>•</span><span><p>Fast synthesis.</p></span></li></ul></div>"
        "<div class='abstract author'><h2>Abstract</h2><p>We made it.</p></div>"
        "<h2>1. Introduction</h2><p>Start.</p>"
    )
    document = one(write(tmp_path / "a.html", page(body)))
    assert document.text == (
        "A study\n\nHighlights\n\nFast synthesis.\n\nAbstract\n\nWe made it.\n\n"
        "1. Introduction\n\nStart."
    )


def test_nested_sections(tmp_path: Path) -> None:
    body = (
        "<p class='abstract'>Short abstract of the work.</p>"
        "<h2>2. Experimental</h2><h3>2.1. General</h3><p>Dry solvents.</p>"
        "<h3>2.2. Synthesis</h3><p>Mixed.</p><h2>3. Results</h2><p>Done.</p>"
    )
    document = one(write(tmp_path / "a.html", page(body)))
    text = document.text
    spans = {s["title"]: text[s["start"] : s["end"]] for s in document.metadata["sections"]}
    assert spans["Abstract"] == "Short abstract of the work."
    assert spans["2. Experimental"] == (
        "2. Experimental\n\n2.1. General\n\nDry solvents.\n\n2.2. Synthesis\n\nMixed."
    )
    assert spans["2.2. Synthesis"] == "2.2. Synthesis\n\nMixed."
    assert spans["3. Results"] == "3. Results\n\nDone."


def test_metadata_from_meta_tags(tmp_path: Path) -> None:
    head = (
        "<meta name='dc.identifier' content='doi:10.1039/C5SC01234A'>"
        "<meta name='citation_journal_title' content='Chemical Science'>"
        "<meta name='citation_date' content='2015/07/01'>"
    )
    document = one(write(tmp_path / "a.html", page("<p>Body text.</p>", head)))
    assert document.id == "doi:10.1039/C5SC01234A"
    assert document.metadata["doi"] == "10.1039/C5SC01234A"
    assert document.metadata["journal"] == "Chemical Science"
    assert document.metadata["year"] == 2015
    assert document.metadata["title"] == "A study"
    # No citation tags: the page's h1 is the title, and the file names the document.
    bare = one(write(tmp_path / "b.html", "<html><body><h1>Plain</h1><p>Text.</p></body></html>"))
    assert bare.id == "b"
    assert bare.metadata["title"] == "Plain" and bare.text == "Plain\n\nText."
    assert bare.metadata["doi"] is None and bare.metadata["year"] is None
    # SpringerLink prints its XML's markup into the title tag, escaped
    marked = (
        "<meta name='citation_title' content='ZnS Doped with "
        "Eu&lt;Superscript&gt;2+&lt;/Superscript&gt; Ions'>"
    )
    springer_page = page("<p>Body text.</p>", marked).replace(
        "<meta name='citation_title' content='A study'>", ""
    )
    springer = one(write(tmp_path / "c.html", springer_page))
    assert springer.metadata["title"] == "ZnS Doped with Eu2+ Ions"
    assert springer.text.startswith("ZnS Doped with Eu2+ Ions\n\n")


def test_encodings(tmp_path: Path) -> None:
    latin = "<html><head><meta http-equiv='Content-Type' content='text/html; charset=iso-8859-1'>"
    latin += "</head><body><h1>Étude</h1><p>mp 120 °C, 95 µL.</p></body></html>"
    declared = write(tmp_path / "a.html", latin.encode("latin-1"))
    undeclared = write(tmp_path / "b.html", latin.replace("iso-8859-1", "").encode("cp1252"))
    wrong = write(tmp_path / "c.html", page("<p>120 °C</p>").encode("utf-8")[:-40] + b"\xe9</p>")
    documents, skips = read(declared, undeclared, wrong)
    assert skips == []
    first, second, third = documents
    assert first.text == "Étude\n\nmp 120 °C, 95 µL."
    assert first.metadata["encoding"] == "cp1252"
    assert second.text == first.text
    # Declared UTF-8 but not: read as Windows-1252 rather than lost.
    assert third.metadata["encoding"] == "cp1252"


def test_xhtml_with_prefixed_mathml_and_layout_table(tmp_path: Path) -> None:
    page_text = (
        '<?xml version="1.0" encoding="ISO-8859-1"?>\n'
        '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:mml="http://www.w3.org/1998/Math/MathML">'
        "<head><title>Old page</title></head><body><table class='layout'><tr><td>"
        "<h1>Old page</h1><p>Heat of fusion <mml:math><mml:mi>&#916;</mml:mi><mml:mi>H</mml:mi>"
        "<mml:annotation encoding='application/x-tex'>\\Delta H</mml:annotation></mml:math>"
        " at 25 \xb0C.</p></td><td><table><tr><th>T</th><th>K</th></tr><tr><td>298</td>"
        "<td>1.5</td></tr></table></td></tr></table></body></html>"
    )
    document = one(write(tmp_path / "a.html", page_text.encode("latin-1")))
    assert document.metadata["encoding"] == "cp1252"
    assert document.text == "Old page\n\nHeat of fusion ΔH at 25 °C.\n\nT | K\n298 | 1.5"
    [table] = tables(document)
    assert table.column_header(1) == "K" and table.body[0][1].text == "1.5"


def test_bom(tmp_path: Path) -> None:
    path = write(tmp_path / "a.html", b"\xef\xbb\xbf" + page("<p>Text.</p>").encode())
    assert one(path).metadata["encoding"] == "utf-8"


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "empty file"),
        (b"  \n ", "empty file"),
        (b"%PDF-1.7\n...", "not an HTML page: the file is a PDF; the file is skipped"),
        (b"just some words", "not an HTML page: the file has no markup; the file is skipped"),
        (
            b"<html><head><title>Sign in</title><script>x()</script></head><body><nav>"
            b"<a href='/'>Home</a></nav><form><input name='user'><button>Sign in</button>"
            b"</form></body></html>",
            f"{html_reader.NOT_AN_ARTICLE}; the file is skipped",
        ),
        (
            b"<html><body><ul class='menu'><li><a href='/a'>Journals</a></li></ul></body></html>",
            f"{html_reader.NOT_AN_ARTICLE}; the file is skipped",
        ),
    ],
    ids=["empty", "blank", "pdf", "no-markup", "login-page", "menu-only"],
)
def test_skipped(tmp_path: Path, content: bytes, reason: str) -> None:
    path = write(tmp_path / "page.html", content)
    documents, skips = read(path)
    assert documents == []
    assert skips == [Skipped(str(path), None, reason)]


def test_paywall_page_with_abstract_only(tmp_path: Path) -> None:
    body = (
        "<div class='abstract'><h2>Abstract</h2><p>We report 12 new compounds.</p></div>"
        "<div class='paywall'><p>Purchase this article to read on.</p></div>"
    )
    document = one(write(tmp_path / "a.html", page(body)))
    assert document.text == "A study\n\nAbstract\n\nWe report 12 new compounds."


def test_too_large_and_bad_gzip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(html_reader, "MAX_HTML_BYTES", 100)
    big = write(tmp_path / "big.html", page("<p>" + "x" * 200 + "</p>"))
    broken = write(tmp_path / "broken.html.gz", gzip.compress(b"<p>text</p>")[:-8])
    documents, skips = read(big, broken)
    assert documents == []
    assert skips[0] == Skipped(str(big), None, "file is larger than 100 bytes; the file is skipped")
    assert skips[1].path == str(broken) and "gzip" in skips[1].reason
