"""Tables as structure: grids of exact spans into the rendered text."""

from __future__ import annotations

from pathlib import Path

import pytest

from molextract.ingest.base import Skipped, Source
from molextract.ingest.document import Document
from molextract.ingest.jats import read_jats
from molextract.ingest.stream import read_documents
from molextract.ingest.tables import (
    SourceCell,
    Table,
    TableRecorder,
    document_tables,
    footnote_marker,
    guess_header_rows,
    lay_out,
    render_row,
    title_rows,
)
from molextract.ingest.uspto import read_uspto

DATA = Path(__file__).parents[1] / "data" / "literature"


def _exact(doc: Document) -> list[Table]:
    tables = document_tables(doc.metadata, doc.text)
    for table in tables:
        for row in table.rows:
            for cell in row:
                assert doc.text[cell.start : cell.end] == cell.text
        for note in table.footnotes:
            assert doc.text[note.span.start : note.span.end] == note.span.text
        if table.caption is not None:
            assert doc.text[table.caption.start : table.caption.end] == table.caption.text
    return tables


@pytest.mark.parametrize(
    ("cells", "line", "texts"),
    [
        (["a", "b"], "a | b", ["a", "b"]),
        (["", "x"], "| x", ["", "x"]),
        (["a", "", "b"], "a | | b", ["a", "", "b"]),
        (["3a", "4-MeO-C6H4", "85"], "3a | 4-MeO-C6H4 | 85", ["3a", "4-MeO-C6H4", "85"]),
    ],
)
def test_a_row_renders_as_readers_always_wrote_it(
    cells: list[str], line: str, texts: list[str]
) -> None:
    rendered, spans = render_row(cells)
    assert rendered == line == " ".join(" | ".join(cells).split())
    assert [rendered[s:e] for s, e in spans] == texts


def test_spans_are_laid_out_as_html_does() -> None:
    rows = [
        [SourceCell("Entry", row_span=2), SourceCell("Yield (%)", col_span=2)],
        [SourceCell("3a"), SourceCell("3b")],
        [SourceCell("1"), SourceCell("85"), SourceCell("70")],
    ]
    assert lay_out(rows) == [[0, 1, 1], [0, 2, 3], [4, 5, 6]]


def test_recorder_gives_paths_and_offsets() -> None:
    rows = [
        [SourceCell("Entry", row_span=2, header=True), SourceCell("Yield (%)", 1, 2, True)],
        [SourceCell("3a", header=True), SourceCell("3b", header=True)],
        [SourceCell("1"), SourceCell("85"), SourceCell("70")],
        [SourceCell("2"), SourceCell("—"), SourceCell("64")],
    ]
    recorder = TableRecorder(rows)
    prefix = "Table 1. Scope\n\n"
    text = prefix + "\n".join(recorder.lines)
    table = recorder.table(len(prefix), index=0, label="Table 1")
    assert recorder.lines == ["Entry | Yield (%)", "3a | 3b", "1 | 85 | 70", "2 | — | 64"]
    assert table.header_rows == 2
    assert [table.column_header(c) for c in range(3)] == [
        "Entry",
        "Yield (%) › 3a",
        "Yield (%) › 3b",
    ]
    assert [[text[c.start : c.end] for c in row] for row in table.body] == [
        ["1", "85", "70"],
        ["2", "—", "64"],
    ]
    again = Table.from_json(table.to_json(), text)
    assert again == table


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        ([["Compound", "mp (°C)"], ["1", "121"], ["2", "130"]], 1),
        ([["Entry", "Yield 7b"], ["1", "85"]], 1),
        ([["Yield:", "0.02 g (90%)"], ["Mass:", "206"]], 0),
        ([["1", "2"], ["3", "4"]], 0),
        ([["Compound", "Solubility"], ["", "(mg/mL)"], ["1", "0.5"]], 2),
        # a patent's header broken over many lines of narrow columns
        ([["", "Content", "Yield of"], ["", "of ester", "isocyanate"], ["", "in the", "(mol%)"],
          ["", "composition", "(molar yield"], ["Ar-O group", "(wt%)", "versus ester)"],
          ["Example 1", "24", "93.0"]], 5),
        # but no more than three rows of words when no row of values follows them
        ([["Name", "Use"], ["Toluene", "solvent"], ["Anisole", "solvent"],
          ["Benzene", "solvent"], ["Phenol", "reagent"]], 3),
        # rows numbered 1, 2, 3 are compounds, whatever words their cells hold
        ([["Compound No.", "R1", "Physical constant"], ["1", "CH3", "m.p. 120-122° C."],
          ["2", "C2H5", "m.p. 98-100° C."], ["3", "Cl", "nD20 1.5521"]], 1),
        # and so are a patent's series numbers: I-1, A-12, 1.001
        ([["No.", "A", "B", "Physical data"], ["I-1", "CH", "N", "m.p. 121-123 °C"],
          ["I-2", "N", "N", "m.p. 98-100 °C"], ["I-3", "CH", "CH", "nD20 1.5523"]], 1),
        ([["No.", "R", "Physical constant"], ["1.001", "CH3", "m.p. 88 °C"],
          ["1.002", "C2H5", "m.p. 91 °C"]], 1),
        # a named compound's row of abbreviated data is a row of values
        ([["Compound", "Physical data"], ["2-chlorophenol", "m.p. 52-54 °C"],
          ["4-chlorophenol", "b.p. 220° C."]], 1),
        # a row opened by the stub's word numbers the additives of the row above
        ([["", "additives (mol%)", "", "Yield (%)"], ["entrya", "1", "2", "A"],
          ["1", "NaNO2 (6.5)", "HCl (13)", "64"], ["2", "HNO3 (20)", "—", "31"]], 2),
        # a nucleus opens a header, no value: "1H-NMR (CDCl3)", "13C NMR"
        ([["Compound", "1H-NMR (CDCl3) δ ppm", "m.p."], ["Ex. 7", "7.25 (m, 5H)", "101° C."],
          ["Ex. 8", "7.30 (d, 2H)", "111° C."]], 1),
        ([["No.", "13C NMR", "mp"], ["A", "128.1", "101"], ["B", "129.3", "111"]], 1),
        # a group's name alone in its row over rows of values opens the body
        ([["Entry", "Product", "Yield (%)"], ["Aryl alkynes", "", ""], ["1", "3a", "86"]], 1),
        # a run of labels under "Yield of" (or naming a reagent column) is the header's
        ([["entry", "aldehyde", "Yield of"], ["", "", "4a-k"], ["", "", "(%)"],
          ["1", "benzaldehyde (1a)", "96"]], 3),
        ([["Compound", "", "176b-o", "Yield (%)"], ["Name", "R", "(mmol)", ""],
          ["177b", "Me", "0.50", "92"]], 2),
    ],
)  # fmt: skip
def test_header_rows_are_guessed_where_markup_does_not_say(
    rows: list[list[str]], expected: int
) -> None:
    assert guess_header_rows(rows) == expected


@pytest.mark.parametrize(
    ("note", "marker"),
    [("a Isolated yield.", "a"), ("† NMR yield", "†"), ("(b) GC yield", "b"), ("Yields", "")],
)
def test_footnote_markers(note: str, marker: str) -> None:
    assert footnote_marker(note) == marker


_JATS = """<article><front><article-meta><title-group><article-title>Scope</article-title>
</title-group><abstract><p>Aryl couplings.</p></abstract></article-meta></front><body>
<sec><title>Results</title><p>See Table 1.</p>
<table-wrap id="t1"><label>Table 1</label><caption><p>Scope of the coupling</p></caption>
<table><thead><tr><th rowspan="2">Entry</th><th colspan="2">Yield (%)<sup>a</sup></th></tr>
<tr><th>3a</th><th>3b</th></tr></thead>
<tbody><tr><td>1</td><td>85</td><td>70<sup>b</sup></td></tr>
<tr><td>2</td><td>&#x2014;</td><td>64</td></tr></tbody></table>
<table-wrap-foot><fn id="f1"><label>a</label><p>Isolated yields.</p></fn>
<fn id="f2"><label>b</label><p>NMR yield.</p></fn></table-wrap-foot></table-wrap>
</sec></body></article>"""


def test_jats_tables_keep_structure_with_exact_offsets(tmp_path: Path) -> None:
    path = tmp_path / "scope.nxml"
    path.write_text(_JATS, encoding="utf-8")
    skipped: list[Skipped] = []
    [doc] = list(read_jats(Source(path, str(path), "scope", "jats"), skipped.append))
    assert skipped == []
    [table] = _exact(doc)
    assert table.label == "Table 1"
    assert table.caption is not None and table.caption.text == "Table 1. Scope of the coupling"
    assert table.column_header(2) == "Yield (%)a › 3b"
    assert [[c.text for c in row] for row in table.body] == [["1", "85", "70b"], ["2", "—", "64"]]
    assert [(n.marker, n.span.text) for n in table.footnotes] == [
        ("a", "a Isolated yields."),
        ("b", "b NMR yield."),
    ]
    assert "1 | 85 | 70b\n2 | — | 64" in doc.text


def test_uspto_tables_are_exact() -> None:
    path = DATA / "US06840965B2.xml"
    [doc] = list(read_uspto(Source(path, str(path), "x", "uspto"), lambda s: None))
    tables = _exact(doc)
    # 37 CALS groups; header groups stand over their bodies, and a group that only
    # prints "TABLE 2" and its title is the caption of the groups after it
    assert len(tables) == 25
    assert {t.label for t in tables} >= {"Table 1", "Table 2", "Table 6"}
    dyes = next(t for t in tables if t.caption is not None and "Direct Dyes" in t.caption.text)
    assert dyes.label == "Table 2" and dyes.caption is not None
    assert dyes.caption.text == "TABLE 2\nDirect Dyes"
    assert doc.text[dyes.caption.start : dyes.caption.end] == dyes.caption.text
    analysis = next(t for t in tables if any(c.text == "Calculated" for r in t.rows for c in r))
    assert [c.text for c in analysis.body[0]] == ["Calculated", "52.75", "4.43", "6.15", "15.57"]
    assert analysis.column_header(1) == "% C"


GOLD_TABLES = Path(__file__).parents[1] / "data" / "tables"


@pytest.mark.parametrize(
    "folder", ["jats", "uspto", "html"], ids=["jats", "uspto", "publisher-html"]
)
def test_real_files_keep_their_tables_with_exact_offsets(folder: str) -> None:
    paths = sorted((GOLD_TABLES / folder).glob("*.*"))
    assert paths
    skipped: list[Skipped] = []
    documents = list(read_documents(paths, skipped.append))
    assert skipped == [] and len(documents) == len(paths)
    kept = [table for doc in documents for table in _exact(doc)]
    assert any(table.header_rows and len(table.body) >= 3 for table in kept)


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        # the number and title printed as rows above the header: a patent's CALS table
        ([["TABLE 4", "", ""], ["TABLE 4", "", ""], ["Effect of the base", "", ""],
          ["Entry", "Base", "Yield"], ["1", "K2CO3", "65%"], ["2", "KOH", "23%"]], 3),
        # a title spread over every column (a spanning cell laid out)
        ([["Optimisation", "Optimisation"], ["Entry", "Yield (%)"], ["1", "65"], ["2", "70"]], 1),
        # a stub's own header above the other headers is no title
        ([["Compound", "", ""], ["", "mp", "yield"], ["1", "120", "85"]], 0),
        ([["Products derived from the oxidation of 1", "", ""], ["Entry", "Base", "Yield"],
          ["1", "K2CO3", "65"], ["2", "KOH", "23"]], 1),
        # a text in a later column heads that column
        ([["", "", "Distillation"], ["Entry", "Yield", "separation"], ["1", "5.5", "57"]], 0),
        # never the whole table
        ([["Title", ""], ["Entry", "Yield"]], 0),
    ],
)  # fmt: skip
def test_title_rows_are_told_from_header_rows(rows: list[list[str]], expected: int) -> None:
    assert title_rows(rows) == expected


def test_title_rows_become_the_caption_and_the_header_below_heads_the_columns() -> None:
    rows = [
        [SourceCell("TABLE 4"), SourceCell(""), SourceCell("")],
        [SourceCell("Optimization with copper catalysts"), SourceCell(""), SourceCell("")],
        [SourceCell("Entry"), SourceCell("Catalyst"), SourceCell("Isolated Yield")],
        [SourceCell("1"), SourceCell("CuI"), SourceCell("65%")],
        [SourceCell("2"), SourceCell("Cu2O"), SourceCell("36%")],
    ]
    recorder = TableRecorder(rows)
    text = "\n".join(recorder.lines)
    table = recorder.table(0, index=0)
    assert table.caption is not None
    assert table.caption.text == "TABLE 4\nOptimization with copper catalysts"
    assert text[table.caption.start : table.caption.end] == table.caption.text
    assert table.header_rows == 1
    assert [table.column_header(c) for c in range(3)] == ["Entry", "Catalyst", "Isolated Yield"]
    assert [[cell.text for cell in row] for row in table.body] == [
        ["1", "CuI", "65%"],
        ["2", "Cu2O", "36%"],
    ]


def test_a_header_word_broken_at_a_hyphen_is_one_word_again() -> None:
    rows = [
        [SourceCell("Active"), SourceCell("Rela-"), SourceCell("Differ-")],
        [SourceCell("ingredient"), SourceCell("tive"), SourceCell("ence (%)")],
        [SourceCell("A"), SourceCell("100%"), SourceCell("+8%")],
    ]
    table = TableRecorder(rows, header_rows=2).table(0, index=0)
    assert [table.column_header(c) for c in range(3)] == [
        "Active › ingredient",
        "Relative",
        "Difference (%)",
    ]
