"""``molextract ingest --tables``, and ``report --docs`` drawing the tables it kept."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import lxml.html
from rich.console import Console

from molextract.cli.tables import TablePrinter, column_title, table_heading, table_view
from molextract.extraction.tables import read_tables, table_records, tables_of
from molextract.extraction.text_tables import text_tables
from molextract.ingest import read_documents
from molextract.ingest.document import Document
from molextract.schemas import DocumentResult, EngineInfo, get_schema

ROOT = Path(__file__).parents[2]

PAGE = """<!DOCTYPE html><html><head><title>Coupling</title></head><body><article>
<h1>Coupling</h1><p>The coupling was optimised (Table 1).</p>
<table><caption>Table 1. Optimisation of the coupling [bold]</caption>
<thead><tr><th rowspan="2">Entry</th><th rowspan="2">Catalyst</th>
<th colspan="2">Yield (%)</th></tr><tr><th>3a</th><th>3b</th></tr></thead>
<tbody><tr><td>1</td><td>CuI</td><td>92</td><td>85</td></tr>
<tr><td>2</td><td>Pd(OAc)<sub>2</sub></td><td>—</td><td>71</td></tr>
<tr><td>3</td><td>[red]none[/red]</td><td>0</td><td>0</td></tr></tbody>
<tfoot><tr><td colspan="4"><sup>a</sup> Isolated yields.</td></tr></tfoot></table>
<p>Both products are stable.</p></article></body></html>
"""
TEXT = (
    "Products were isolated.\n\n"
    "Table 2. Yields of 3a–3c.\n"
    "Compound | Yield (%) | M.p. (°C)\n"
    "3a | 92 | 122–124\n"
    "3b | 85a | 135\n"
    "a Isolated yield.\n"
)


def molextract(*args: str) -> subprocess.CompletedProcess[str]:
    """The command as a user runs it; a wide terminal, so rich folds nothing."""
    return subprocess.run(
        [sys.executable, "-m", "molextract.cli", *args],
        capture_output=True, text=True, env={**os.environ, "COLUMNS": "200"}, cwd=ROOT,
        timeout=600, check=False,
    )  # fmt: skip


def _printed(document: Document, rows: int = 5) -> str:
    out = io.StringIO()
    printer = TablePrinter(Console(file=out, width=200, color_system=None), rows)
    printer(document)
    assert printer.documents == 1
    return out.getvalue()


def test_a_text_table_is_printed_with_its_header_and_rows() -> None:
    printed = _printed(Document(id="t", text=TEXT))
    assert "t: 1 table (found in the text" in printed
    assert "Table 2. Yields of 3a–3c. [index 0, 2 rows × 3 columns, 1 header row" in printed
    assert "Table 2 · Table 2" not in printed  # a caption naming its label says it once
    lines = printed.splitlines()
    titles = next(line for line in lines if "Compound" in line)
    assert "Yield (%)" in titles and "M.p. (°C)" in titles
    assert any("3a" in line and "92" in line and "122–124" in line for line in lines)
    assert "a Isolated yield." in printed


def test_only_the_first_rows_are_printed_and_the_rest_counted() -> None:
    [table] = text_tables(TEXT)
    assert table_view(table, 1).row_count == 1
    assert table_view(table, 0).row_count == 2
    printed = _printed(Document(id="t", text=TEXT), rows=1)
    assert "… 1 more row" in printed and "85a" not in printed


def test_columns_without_a_header_are_numbered() -> None:
    [table] = text_tables("1 | 2\n3 | 4\n")
    assert table.header_rows == 0
    assert [column_title(table, c) for c in range(table.width)] == ["column 1", "column 2"]
    assert table_heading(table).plain.startswith("Table 1 [index 0, 2 rows")


def test_ingest_tables_prints_header_paths_and_keeps_stdout_for_them(tmp_path: Path) -> None:
    page = tmp_path / "coupling.html"
    page.write_text(PAGE, encoding="utf-8")
    (tmp_path / "plain.txt").write_text(TEXT, encoding="utf-8")
    out = tmp_path / "docs.jsonl"
    shown = molextract("ingest", str(tmp_path), "--tables", "--table-rows", "2", "-o", str(out))
    assert shown.returncode == 0, shown.stderr
    stdout = shown.stdout
    assert "coupling: 1 table (kept by the reader)" in stdout
    assert "plain: 1 table (found in the text" in stdout
    assert "Yield (%) › 3a" in stdout and "Yield (%) › 3b" in stdout
    assert "[bold]" in stdout  # cell and caption texts are not read as rich markup
    assert "Pd(OAc)2" in stdout and "[red]none[/red]" not in stdout  # row 3 of 3 not shown
    assert "… 1 more row" in stdout and "a Isolated yields." in stdout
    assert "2 tables in 2 documents" in shown.stderr
    assert "2 documents written to" in shown.stderr
    # The JSONL is as without --tables, tables included as offsets.
    [converted] = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()][:1]
    assert converted["tables"][0]["header_rows"] == 2
    # Without --output, stdout holds the tables and nothing else.
    alone = molextract("ingest", str(page), "--tables")
    assert alone.returncode == 0, alone.stderr
    assert "{" not in alone.stdout and "Yield (%) › 3a" in alone.stdout
    assert "1 documents read" in alone.stderr


def test_ingest_shows_a_european_patent_s_table() -> None:
    patent = ROOT / "tests" / "data" / "epo" / "EP3999001B1.xml"
    shown = molextract("ingest", str(patent), "--tables")
    assert shown.returncode == 0, shown.stderr
    assert "EP3999001B1: 1 table (kept by the reader)" in shown.stdout
    assert "Yield › [%]" in shown.stdout and "2-(4-chlorophenyl)pyridine" in shown.stdout


def test_report_docs_draws_the_tables_a_reader_kept(tmp_path: Path) -> None:
    page = tmp_path / "coupling.html"
    page.write_text(PAGE, encoding="utf-8")
    [document] = read_documents([page], lambda skipped: None)
    assert "tables" in document.metadata and tables_of(document)
    schema = get_schema("molecular_properties")
    engine = EngineInfo(name="local", model="test")
    records = table_records(document, read_tables(document, schema), schema, engine)
    assert [r.value for r in records] == [92, 85, 71]  # a 0% yield is no product
    result = DocumentResult(
        doc_id=document.id, schema_name=schema.name, records=records, engine=engine
    )
    results = tmp_path / "results.jsonl"
    results.write_text(result.model_dump_json() + "\n", encoding="utf-8")
    report = tmp_path / "report.html"
    made = molextract("report", str(results), "--docs", str(page), "-o", str(report))
    assert made.returncode == 0, made.stderr
    tree = lxml.html.fromstring(report.read_text(encoding="utf-8"))
    [table] = tree.xpath("//table[@class='source']")
    heads = [(th.text_content(), th.get("colspan")) for th in table.iter("th")]
    assert ("Yield (%)", "2") in heads
    assert [m.text_content() for m in table.iter("mark")] == ["92", "85", "71"]
    position = tree.xpath("//tr[@id='row-r3']//span[contains(@class, 'tpos')]")[0]
    assert position.text_content() == "Table 1, row 2"
