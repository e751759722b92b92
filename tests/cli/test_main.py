"""The ``molextract`` command as a user runs it: a real process, real files, a real model."""

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from molextract.schemas import output_line_json_schema

ROOT = Path(__file__).parents[2]
OUTPUT_SCHEMA = output_line_json_schema()


def molextract(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "MOLEXTRACT_LOCAL_MODEL": "smollm2-135m", "COLUMNS": "200"}
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "molextract.cli", *args],
        capture_output=True, text=True, env=environment, cwd=ROOT, timeout=600, check=False,
    )  # fmt: skip


def _lines(path: Path) -> list[dict[str, object]]:
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        jsonschema.validate(line, OUTPUT_SCHEMA)
    return lines


def test_schemas_lists_prints_and_publishes_the_output_schema() -> None:
    listing = molextract("schemas")
    assert listing.returncode == 0
    assert "melting_point" in listing.stdout and "molecular_properties" in listing.stdout
    one = json.loads(molextract("schemas", "density").stdout)
    assert one["properties"]["records"]["maxItems"] == 8
    output = json.loads(molextract("schemas", "--output").stdout)
    assert output == json.loads(json.dumps(OUTPUT_SCHEMA))
    unknown = molextract("schemas", "densty")
    assert unknown.returncode == 2 and "unknown schema 'densty'" in unknown.stderr


def test_models_list_and_path() -> None:
    listing = molextract("models", "list")
    assert listing.returncode == 0 and "qwen2.5-coder-1.5b" in listing.stdout
    path = molextract("models", "path", "smollm2-135m")
    assert path.returncode == 0 and path.stdout.strip().endswith("smollm2-135m.gguf")
    missing = molextract("models", "path", "/nonexistent/model.gguf")
    assert missing.returncode == 2 and "neither a catalogue name" in missing.stderr


@pytest.mark.model
def test_run_skips_bad_lines_with_their_numbers_and_keeps_going(tmp_path: Path) -> None:
    data = tmp_path / "in.jsonl"
    with data.open("wb") as handle:
        handle.write(b'{"id": "a", "text": "Urea melts at 133 \xc2\xb0C.", "journal": "J"}\n')  # 1
        handle.write(b"{not json\n")  # 2
        handle.write(b'{"id": "x"}\n')  # 3: no text
        handle.write(b'{"id": "bad", "text": "caf\xe9"}\n')  # 4: not UTF-8
        handle.write(b'{"id": "e", "text": "   "}\n')  # 5: empty
        handle.write(b'{"id": "a", "text": "Again."}\n')  # 6: duplicate id
        handle.write(b'{"id": "b", "text": "Phenol melts at 40.5 \xc2\xb0C."}\n')  # 7
    out = tmp_path / "out.jsonl"
    result = molextract("run", str(data), "--schema", "melting_point", "-o", str(out))
    assert result.returncode == 0, result.stderr
    for line in (2, 3, 4, 5, 6):
        assert f"in.jsonl:{line}:" in result.stderr
    assert "duplicate id 'a'" in result.stderr
    assert "documents processed" in result.stderr and "inputs skipped" in result.stderr
    lines = _lines(out)
    assert [line["doc_id"] for line in lines] == ["a", "b"]
    rejects = tmp_path / "out.rejects.jsonl"
    assert rejects.exists()
    for record in (json.loads(r) for r in rejects.read_text().splitlines()):
        assert record["status"] == "rejected"


@pytest.mark.model
def test_resume_does_each_document_once(tmp_path: Path) -> None:
    data = tmp_path / "in.jsonl"
    data.write_text("".join(
        json.dumps({"id": f"d{i}", "text": f"The crude solid from compound {i} melts at {100 + i} °C."}) + "\n" for i in range(3)
    ))  # fmt: skip
    out = tmp_path / "out.jsonl"
    first = molextract("run", str(data), "-s", "melting_point", "-o", str(out), "--limit", "1")
    assert first.returncode == 0, first.stderr
    assert [line["doc_id"] for line in _lines(out)] == ["d0"]
    with out.open("a") as handle:
        handle.write('{"doc_id": "d1", "sche')  # a crash mid-write
    second = molextract("run", str(data), "-s", "melting_point", "-o", str(out), "--resume")
    assert second.returncode == 0, second.stderr
    assert [line["doc_id"] for line in _lines(out)] == ["d0", "d1", "d2"]


@pytest.mark.model
def test_csv_text_folder_and_gzip_inputs_in_one_run(tmp_path: Path) -> None:
    (tmp_path / "docs" / "sub").mkdir(parents=True)
    (tmp_path / "docs" / "sub" / "urea.txt").write_text("Urea melts at 133 °C.")
    (tmp_path / "t.csv").write_text('id,text,year\nc1,"Phenol melts at 40.5 °C.",2001\n')
    with gzip.open(tmp_path / "g.jsonl.gz", "wt") as handle:
        handle.write(json.dumps({"id": "g1", "text": "Aspirin melts at 135 °C."}) + "\n")
    out = tmp_path / "out.jsonl"
    result = molextract("run", str(tmp_path / "docs"), str(tmp_path / "t.csv"),
                        str(tmp_path / "g.jsonl.gz"), "-s", "melting_point", "-o", str(out))  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert [line["doc_id"] for line in _lines(out)] == ["sub/urea", "c1", "g1"]
    assert "t.csv" in result.stderr and "g.jsonl.gz" in result.stderr, "per-file counts"


@pytest.mark.model
def test_custom_schema_file_drives_the_run(tmp_path: Path) -> None:
    data = tmp_path / "in.jsonl"
    data.write_text(json.dumps({"id": "f", "text": "Acetone has a flash point of -20 °C."}) + "\n")
    out = tmp_path / "out.jsonl"
    result = molextract("run", str(data), "-s", "examples/flash_point.schema.json", "-o", str(out))
    assert result.returncode == 0, result.stderr
    [line] = _lines(out)
    assert line["schema"] == "flash_point"
    assert all(r["property"] == "flash_point" for r in line["records"])  # type: ignore[union-attr]


def test_run_errors_that_stop_before_any_work(tmp_path: Path) -> None:
    data = tmp_path / "in.jsonl"
    data.write_text(json.dumps({"id": "a", "text": "x"}) + "\n")
    missing = molextract("run", str(tmp_path / "nope.jsonl"), "-s", "melting_point")
    assert missing.returncode == 2 and "nope.jsonl" in missing.stderr
    schema = molextract("run", str(data), "-s", "melting_pt")
    assert schema.returncode == 2 and "unknown schema" in schema.stderr
    model = molextract("run", str(data), "-s", "melting_point",
                       env={"MOLEXTRACT_CACHE_DIR": str(tmp_path / "empty-cache")})  # fmt: skip
    assert model.returncode == 2 and "molextract models pull smollm2-135m" in model.stderr
    resume = molextract("run", str(data), "-s", "melting_point", "--resume")
    assert resume.returncode == 2 and "--resume needs --output" in resume.stderr
    bad_schema = tmp_path / "bad.json"
    bad_schema.write_text('{"type": "object"}')
    custom = molextract("run", str(data), "-s", str(bad_schema))
    assert custom.returncode == 2 and "properties.records" in custom.stderr


@pytest.mark.model
def test_nothing_readable_exits_non_zero(tmp_path: Path) -> None:
    data = tmp_path / "in.jsonl"
    data.write_text("{broken\n[1, 2]\n")
    result = molextract("run", str(data), "-s", "melting_point", "-o", str(tmp_path / "o.jsonl"))
    assert result.returncode == 1
    assert "in.jsonl:1:" in result.stderr and "in.jsonl:2:" in result.stderr
    assert "no document could be read" in result.stderr


def test_ingest_converts_literature_dumps_to_jsonl(tmp_path: Path) -> None:
    out = tmp_path / "docs.jsonl"
    result = molextract("ingest", "examples/literature", "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert "SOURCES.md: unsupported file type" in result.stderr
    docs = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert {d["id"] for d in docs} >= {"US06840965B2", "pmid:29768149"}
    assert all(d["text"].strip() for d in docs)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    nothing = molextract("ingest", str(empty))
    assert nothing.returncode == 1 and "no document could be read" in nothing.stderr


def test_eval_scores_an_existing_results_file_and_report_writes_html(tmp_path: Path) -> None:
    gold = ROOT / "tests" / "data" / "gold" / "gold.jsonl"
    first = json.loads(gold.read_text(encoding="utf-8").splitlines()[0])
    results = tmp_path / "results.jsonl"
    results.write_text(json.dumps({"doc_id": first["id"], "schema": "melting_point", "records": [],
                                   "errors": [], "engine": {"name": "local", "model": "m"}}) + "\n")  # fmt: skip
    scored = molextract("eval", str(gold), "-s", "molecular_properties", "--results", str(results),
                        "-o", str(tmp_path / "eval.json"))  # fmt: skip
    assert scored.returncode == 0, scored.stderr
    assert "Extraction quality" in scored.stdout
    report = json.loads((tmp_path / "eval.json").read_text())
    assert report["overall"]["true_positives"] == 0 and report["overall"]["gold"] >= 40
    html = tmp_path / "report.html"
    written = molextract("report", str(results), "-o", str(html), "--docs", str(gold))
    assert written.returncode == 0, written.stderr
    assert "<html" in html.read_text(encoding="utf-8").lower()
    bad = molextract("eval", str(gold), "-s", "molecular_properties", "--results", str(gold))
    assert bad.returncode == 2 and "not a molextract result" in bad.stderr


def _plain(*args: str) -> subprocess.CompletedProcess[str]:
    """The command as a CI job runs it: output to a pipe, no terminal, no COLUMNS."""
    environment = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    return subprocess.run(
        [sys.executable, "-m", "molextract.cli", *args],
        capture_output=True, text=True, env=environment, cwd=ROOT, timeout=600, check=False,
    )  # fmt: skip


def test_tables_printed_to_a_file_are_not_cut(tmp_path: Path) -> None:
    from tests.utils.store import record

    gold = ROOT / "tests" / "data" / "gold" / "gold.jsonl"
    first = json.loads(gold.read_text(encoding="utf-8").splitlines()[0])
    quote = "a quote well past eighty characters, which a log must show whole: " * 2
    wrong = record(first["id"], 999.0).model_copy(
        update={"evidence": record(first["id"], 999.0).evidence.model_copy(update={"quote": quote})}
    )
    results = tmp_path / "results.jsonl"
    results.write_text(json.dumps({"doc_id": first["id"], "schema": "melting_point",
                                   "records": [wrong.model_dump(mode="json", by_alias=True)],
                                   "errors": [], "engine": {"name": "local", "model": "m"}}) + "\n")  # fmt: skip

    scored = _plain("eval", str(gold), "-s", "molecular_properties", "--results", str(results))

    assert scored.returncode == 0, scored.stderr
    assert "…" not in scored.stdout
    lines = scored.stdout.splitlines()
    for cell in ("melting_point", "reaction_yield", "precision", "compound right", "all (micro)",
                 "4-Amino-2-(4-methylthiophen-3-yl)phenol hydrochloride", quote.strip()):  # fmt: skip
        assert any(cell in line for line in lines), cell
    models = _plain("models", "list")
    assert "…" not in models.stdout and "best extraction quality here" in models.stdout


def test_export_writes_csv_parquet_and_sdf_and_names_a_bad_line(tmp_path: Path) -> None:
    import pandas as pd
    from rdkit import Chem

    from tests.utils.store import result

    results = tmp_path / "out.jsonl"
    results.write_text(result("doc-0").model_dump_json(by_alias=True) + "\n")
    for suffix in ("csv", "parquet", "sdf"):
        done = molextract("export", str(results), "-o", str(tmp_path / f"out.{suffix}"))
        assert done.returncode == 0, done.stderr
        assert f"written to {tmp_path / f'out.{suffix}'}" in done.stderr
    assert len(pd.read_csv(tmp_path / "out.csv")) == 2
    assert len(pd.read_parquet(tmp_path / "out.parquet")) == 2
    (aspirin,) = Chem.SDMolSupplier(str(tmp_path / "out.sdf"))
    assert aspirin.GetProp("melting_point") == "100 °C"
    forced = molextract("export", str(results), "-f", "csv", "-o", str(tmp_path / "table.txt"))
    assert forced.returncode == 0 and (tmp_path / "table.txt").read_text().startswith("doc_id,")

    unknown = molextract("export", str(results), "-o", str(tmp_path / "out.xlsx"))
    assert unknown.returncode == 2 and "--format" in unknown.stderr
    with results.open("a") as handle:
        handle.write('{"id": "d", "text": "a document"}\n')
    bad = molextract("export", str(results), "-o", str(tmp_path / "bad.csv"))
    assert bad.returncode == 2 and "out.jsonl:2: not a molextract output line" in bad.stderr
    assert not (tmp_path / "bad.csv").exists()
