"""The HTML report in a real browser: its script runs under its own CSP, filters and sorts.

Chromium comes from Debian and is driven by Playwright for Python through
``executable_path``, so no browser is downloaded from Playwright's servers. Both
are installed here when missing, as the model tests fetch their models: a missing
tool is something to fix, never a reason to skip.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from molextract.chem import analyze_smiles
from molextract.results.report import write_report
from molextract.schemas import Checks, Compound, DocumentResult, EngineInfo, Evidence, Record
from molextract.schemas.records import Status

pytestmark = pytest.mark.slow

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).parents[2] / "test-artifacts"
ENGINE = EngineInfo(name="local", model="test")

TEXTS = {
    "solvents": "Toluene (bp 110.6 °C) has a density of 0.87 g/cm3; ethanol boils at 78 °C.",
    "acids": "Benzoic acid melts at 122 °C. Salicylic acid, mp 158–161 °C, is a phenol.",
}
# doc, quote, compound, SMILES, property, value(s), unit, SI value, status, failed checks
SPECS: list[tuple[str, str, str, str | None, str, tuple[float, ...], str, float, Status, str]] = [
    ("solvents", "Toluene (bp 110.6 °C)", "toluene", "Cc1ccccc1", "boiling_point",
     (110.6,), "°C", 383.75, "accepted", ""),
    ("solvents", "a density of 0.87 g/cm3", "toluene", "Cc1ccccc1", "density",
     (0.87,), "g/cm³", 870.0, "flagged", "structure_from_model"),
    ("solvents", "ethanol boils at 78 °C", "ethanol", "CCO", "boiling_point",
     (78,), "°C", 351.15, "accepted", ""),
    ("acids", "Benzoic acid melts at 122 °C", "benzoic acid", "OC(=O)c1ccccc1", "melting_point",
     (122,), "°C", 395.15, "accepted", ""),
    ("acids", "Salicylic acid, mp 158–161 °C", "salicylic acid", "OC(=O)c1ccccc1O",
     "melting_point", (158, 161), "°C", 432.65, "flagged", "implausible"),
    ("acids", "melts at 999 °C", "salicylic acid", None, "melting_point",
     (999,), "°C", 1272.15, "rejected", "quote_not_found,value_not_in_text"),
]  # fmt: skip


def _record(spec: tuple[Any, ...]) -> Record:
    doc, quote, name, smiles, prop, values, unit, si, status, failed = spec
    text = TEXTS[doc]
    start = text.find(quote)
    info = analyze_smiles(smiles) if smiles else None
    low, high = (values[0], values[1]) if len(values) == 2 else (None, None)
    return Record(
        doc_id=doc,
        schema_name="molecular_properties",
        compound=Compound(
            name=name,
            smiles=smiles,
            canonical_smiles=info.canonical_smiles if info else None,
            inchikey=info.inchikey if info else None,
        ),
        property=prop,
        value=sum(values) / len(values),
        value_low=low,
        value_high=high,
        unit=unit,
        value_si=si,
        unit_si="kg/m³" if prop == "density" else "K",
        evidence=Evidence(
            quote=quote,
            start=start if start >= 0 else None,
            end=start + len(quote) if start >= 0 else None,
            match="exact" if start >= 0 else "none",
        ),
        checks=Checks(
            structure="valid" if info else "absent",
            grounded=start >= 0,
            value_in_quote=start >= 0,
            plausible=True,
            formula_consistent=None,
        ),
        status=status,
        failed_checks=[f for f in failed.split(",") if f],
        engine=ENGINE,
    )


def _results() -> list[DocumentResult]:
    records = [_record(spec) for spec in SPECS]
    return [
        DocumentResult(
            doc_id=doc,
            schema_name="molecular_properties",
            records=[r for r in records if r.doc_id == doc],
            engine=ENGINE,
        )
        for doc in TEXTS
    ]


@pytest.fixture(scope="session")
def chromium() -> Path:
    if not CHROMIUM.exists():
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update"], check=True, env=env, capture_output=True)
        subprocess.run(
            ["apt-get", "install", "-y", "--no-install-recommends", "chromium"],
            check=True,
            env=env,
            capture_output=True,
        )
    assert CHROMIUM.exists(), "apt-get install chromium did not provide /usr/bin/chromium"
    return CHROMIUM


@pytest.fixture(scope="module")
def browser(chromium: Path) -> Iterator[Any]:
    """Module-scoped because Playwright's sync API keeps an event loop running in
    the main thread while it is open: later tests that call ``asyncio.run`` fail."""
    if importlib.util.find_spec("playwright") is None:
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "playwright>=1.45"], check=True
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=str(chromium), args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture
def report(tmp_path: Path) -> Path:
    out = tmp_path / "report.html"
    write_report(_results(), TEXTS, out, title="Browser test report")
    return out


def _visible_rows(page: Any) -> int:
    return int(page.locator("#record-table tbody tr:visible").count())


def test_report_filters_sorts_and_highlights_in_chromium(browser: Any, report: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 1400})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(report.as_uri())

    # Highlights sit on the exact quotes, and every valid structure is drawn.
    grounded = [s for s in SPECS if s[1] in TEXTS[s[0]]]
    assert page.locator("div.text mark[data-record]").count() == len(grounded)
    assert page.locator("mark[data-record='r1']").inner_text() == "Toluene (bp 110.6 °C)"
    assert page.locator("figure.structure svg").count() == 4  # toluene twice, drawn once
    assert page.locator("figure.structure svg path").count() > 0

    # The script ran (the CSP hash admits it): the counter was written by it.
    assert page.locator("#shown-count").inner_text() == "6 of 6 records shown"
    assert _visible_rows(page) == 6

    page.locator("input[name=status][value=flagged]").uncheck()
    assert _visible_rows(page) == 4
    assert page.locator("#shown-count").inner_text() == "4 of 6 records shown"
    assert "off" in (page.locator("mark[data-record='r2']").get_attribute("class") or "")
    assert "off" not in (page.locator("mark[data-record='r1']").get_attribute("class") or "")
    page.locator("input[name=status][value=flagged]").check()
    assert _visible_rows(page) == 6

    page.locator("#property-filter").select_option("boiling_point")
    assert _visible_rows(page) == 2
    page.locator("#property-filter").select_option("")

    si_cells = "#record-table tbody tr td:nth-child(6)"
    page.locator("th", has_text="SI value").locator("button").click()
    ascending = [float(v) for v in page.locator(si_cells).evaluate_all(
        "cells => cells.map(c => c.dataset.sort)")]  # fmt: skip
    assert ascending == sorted(s[7] for s in SPECS)
    assert page.locator("th", has_text="SI value").get_attribute("aria-sort") == "ascending"
    page.locator("th", has_text="SI value").locator("button").click()
    descending = page.locator(f"{si_cells}").all_inner_texts()
    assert descending[0] == "1272.15 K" and descending[-1] == "351.15 K"

    page.locator("th", has_text="compound").locator("button").click()
    names = page.locator("#record-table tbody tr td:nth-child(2)").all_inner_texts()
    assert names == sorted(names)

    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "report.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    assert problems == []
    page.close()


def test_clicking_a_highlight_leads_to_its_row(browser: Any, report: Path) -> None:
    page = browser.new_page()
    page.goto(report.as_uri())
    page.locator("mark[data-record='r4'] a").click()
    assert page.evaluate("location.hash") == "#row-r4"
    assert "flash" in (page.locator("#row-r4").get_attribute("class") or "")
    page.close()


def test_chromium_is_the_debian_build(chromium: Path) -> None:
    assert shutil.which("chromium") == str(chromium)


TABLE_TEXT = (
    "Products were isolated as white solids.\n\n"
    "Table 2. Yields and melting points of 3a–3c.\n"
    "Compound | Yield (%) | M.p. (°C)\n"
    "3a | 92 | 122–124\n"
    "3b | 85a | 135\n"
    "3c | — | 101\n"
    "a Isolated yield after chromatography.\n\n"
    "Compound 3a was recrystallised from ethanol."
)


@pytest.fixture
def table_report(tmp_path: Path) -> tuple[Path, list[Record]]:
    """A report of records read from a table printed as text, as extraction makes them
    (every header is a known one, so no model runs)."""
    from molextract.extraction.tables import read_tables, table_records
    from molextract.ingest.document import Document
    from molextract.schemas import get_schema

    doc = Document(id="table", text=TABLE_TEXT)
    schema = get_schema("molecular_properties")
    records = table_records(doc, read_tables(doc, schema), schema, ENGINE)
    result = DocumentResult(doc_id="table", schema_name=schema.name, records=records, engine=ENGINE)
    out = tmp_path / "tables.html"
    write_report([*_results(), result], {**TEXTS, "table": TABLE_TEXT}, out, title="Tables")
    return out, records


def test_a_table_record_is_highlighted_in_its_drawn_table(
    browser: Any, table_report: tuple[Path, list[Record]]
) -> None:
    report, records = table_report
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(report.as_uri())

    first = f"r{len(SPECS) + 1}"  # the table's records follow the text documents'
    mp_3b = f"r{len(SPECS) + 4}"
    assert records[3].property == "melting_point" and records[3].value == 135
    table = page.locator("#doc-2 table.source")
    assert table.count() == 1
    assert page.locator("#doc-2 figure.source-table figcaption").inner_text().startswith("Table 2.")
    assert table.locator("thead th").all_inner_texts() == ["Compound", "Yield (%)", "M.p. (°C)"]
    cell = table.locator(f"td.hit:has(mark[data-record='{mp_3b}'])")
    assert cell.is_visible() and cell.inner_text() == "135"
    # Highlighted: the mark has its status colour, the cell an outline.
    background = cell.locator("mark").evaluate("m => getComputedStyle(m).backgroundColor")
    assert background not in ("rgba(0, 0, 0, 0)", "transparent")
    assert cell.evaluate("c => getComputedStyle(c).outlineStyle") == "solid"
    assert table.locator("mark[data-record]").count() == len(records)
    # The row's line is no longer printed as " | " text.
    assert "3b | 85a | 135" not in page.locator("#doc-2 div.text").inner_text()

    # From the results table to the cell, and from the cell back to the row.
    row = page.locator(f"#row-{mp_3b}")
    assert "Table 2, row 2" in row.locator("td").first.inner_text()
    row.locator(f"a[href='#ev-{mp_3b}']").click()
    assert page.evaluate("location.hash") == f"#ev-{mp_3b}"
    assert cell.evaluate(
        "c => { const r = c.getBoundingClientRect(); "
        "return r.top >= 0 && r.bottom <= window.innerHeight; }"
    )
    cell.locator("mark a").click()
    assert page.evaluate("location.hash") == f"#row-{mp_3b}"
    assert "flash" in (row.get_attribute("class") or "")

    # Filters reach table marks as they reach text marks.
    page.locator("#property-filter").select_option("reaction_yield")
    assert "off" in (cell.locator("mark").get_attribute("class") or "")
    yield_mark = table.locator(f"mark[data-record='{first}']")
    assert "off" not in (yield_mark.get_attribute("class") or "")
    assert cell.evaluate("c => getComputedStyle(c).outlineStyle") == "none"
    page.locator("#property-filter").select_option("")

    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#doc-2").screenshot(path=str(ARTIFACTS / "report-table.png"))
    assert problems == []
    page.close()
