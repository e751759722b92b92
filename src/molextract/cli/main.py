"""The ``molextract`` command line: the app every command hangs from, with the commands
of a local run and of what reads its output (``eval``, ``report``, ``export``).

Results go to the output file (or stdout); progress, warnings and the summary go
to stderr, so ``molextract run x.jsonl > out.jsonl`` stays clean JSONL.
"""

from __future__ import annotations

import json
import sys
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Annotated, TextIO

import typer
from rich.console import Console

from molextract._library import Extractor
from molextract.cli import service
from molextract.cli.console import (
    MAX_SKIP_LINES,
    RunProgress,
    SkipReporter,
    err,
    expected_documents,
    fail,
    gold_progress,
    print_table,
    summary,
)
from molextract.cli.models import models_app
from molextract.cli.options import Engine, Inputs, Limit, Model, Rejects, Resume, SchemaName
from molextract.cli.tables import DEFAULT_ROWS, TablePrinter, plural
from molextract.config import get_settings
from molextract.engines import create_engine
from molextract.errors import MolextractError
from molextract.ingest import Skipped, check_inputs, read_documents
from molextract.ingest.convert import write_jsonl
from molextract.results import exports
from molextract.runs.local import run_bulk
from molextract.runs.sinks import done_ids, output_sinks, rejects_path
from molextract.schemas import get_schema, output_line_json_schema, schema_names
from molextract.schemas.records import DocumentResult

app = typer.Typer(
    help="Extract compounds and their measured properties from chemistry literature as strict JSON.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


@app.command()
def run(
    inputs: Inputs,
    schema: SchemaName,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Results JSONL (default: stdout).")
    ] = None,
    rejects: Rejects = None,
    resume: Resume = False,
    engine: Engine = None,
    model: Model = None,
    limit: Limit = None,
    batch_size: Annotated[
        int | None, typer.Option(min=1, help="Documents per engine batch.")
    ] = None,
) -> None:
    """Extract from INPUTS in-process and write one JSON line per document."""
    settings = get_settings()
    if resume and output is None:
        fail("--resume needs --output: it skips the documents already written there")
    if rejects is None and output is not None:
        rejects = rejects_path(output)
    try:
        spec = get_schema(schema)
        check_inputs(inputs)
        finished = done_ids(output) if (resume and output is not None) else set()
        extractor = Extractor(
            spec, engine=engine, model=model, batch_size=batch_size, settings=settings
        )
    except MolextractError as exc:
        fail(str(exc))
    if output is not None and output.exists() and not resume:
        err.print(f"[yellow]note:[/] overwriting {output}")
    total = expected_documents(inputs, done=len(finished), limit=limit)
    with RunProgress(total) as progress:
        try:
            with output_sinks(output, rejects, append=resume) as (results_sink, rejects_sink):
                stats = run_bulk(
                    extractor,
                    inputs,
                    results_sink,
                    rejects_sink,
                    skip_ids=finished,
                    limit=limit,
                    on_skip=SkipReporter(),
                    on_batch=progress.on_batch,
                    on_chunks=progress.on_chunks,
                )
        except MolextractError as exc:
            fail(str(exc))
    summary(stats, output, rejects)
    if stats.documents == 0 and stats.resumed == 0:
        fail("no document could be read from the inputs", code=1)


@app.command()
def ingest(
    inputs: Annotated[
        list[Path], typer.Argument(help="Dump files or folders (any supported format).")
    ],
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="JSONL (default: stdout; with --tables, none)."),
    ] = None,
    tables: Annotated[
        bool,
        typer.Option(
            "--tables",
            help="Print each document's tables as extraction will read them: label, "
            "caption, shape, column header paths ('Yield (%) › 3a') as column titles, "
            "the first rows and the footnotes. They go to stdout, so the JSONL is "
            "written only with --output.",
        ),
    ] = False,
    table_rows: Annotated[
        int,
        typer.Option(
            "--table-rows", min=0, help="Body rows printed per table with --tables (0: all)."
        ),
    ] = DEFAULT_ROWS,
) -> None:
    """Convert dumps into molextract's JSONL document form, without extracting anything."""
    try:
        check_inputs(inputs)
    except MolextractError as exc:
        fail(str(exc))
    skipped: list[Skipped] = []

    def on_skip(item: Skipped) -> None:
        skipped.append(item)
        if len(skipped) <= MAX_SKIP_LINES:
            err.print(f"[yellow]skipped[/] {item}", highlight=False)

    printer = TablePrinter(Console(soft_wrap=True), table_rows) if tables else None
    # With --tables stdout is the tables' page: the JSONL goes only to --output.
    target: AbstractContextManager[TextIO | None] = (
        output.open("w", encoding="utf-8")
        if output is not None
        else nullcontext(None if tables else sys.stdout)
    )
    with target as out:
        written = write_jsonl(inputs, out, on_skip, printer)
    if printer is not None:
        tables_read = (
            f"{plural(printer.tables, 'table')} in {plural(printer.documents, 'document')}"
        )
        err.print(tables_read, highlight=False)
    where = output or (None if tables else "stdout")
    done = f"{written} documents written to {where}" if where else f"{written} documents read"
    err.print(f"{done}, {len(skipped)} inputs skipped")
    if written == 0:
        fail("no document could be read from the inputs", code=1)


@app.command("eval")
def evaluate_command(
    gold: Annotated[Path, typer.Argument(help="Gold JSONL: id, text, expected values.")],
    schema: Annotated[str, typer.Option("--schema", "-s", help="Schema name or file.")],
    results: Annotated[
        Path | None, typer.Option(help="Score this results JSONL instead of running extraction.")
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the report as JSON.")
    ] = None,
    engine: Engine = None,
    model: Model = None,
    tolerance: Annotated[
        float, typer.Option(min=0.0, help="Relative tolerance on SI values (0.001 = 0.1 %).")
    ] = 0.001,
    include_rejected: Annotated[
        bool, typer.Option(help="Count rejected records as predictions.")
    ] = False,
) -> None:
    """Score extraction against gold data: precision, recall and F1 per property."""
    from molextract.evaluation import (
        evaluate,
        load_gold,
        render_eval_table,
        render_false_positives_table,
        render_misses_table,
        score,
    )

    settings = get_settings()
    try:
        spec = get_schema(schema)
        if results is not None:
            found = _finished_run(results)
            report = score(load_gold(gold), found, tolerance=tolerance,
                           include_rejected=include_rejected, properties=spec.property_names)  # fmt: skip
        else:
            pipeline_engine = create_engine(settings, engine=engine, model=model)
            with gold_progress() as progress:
                task = progress.add_task("eval", total=None)
                report, _ = evaluate(
                    gold, spec, pipeline_engine, settings, tolerance=tolerance,
                    include_rejected=include_rejected,
                    on_progress=lambda done, total: progress.update(task, completed=done, total=total),
                )  # fmt: skip
    except MolextractError as exc:
        fail(str(exc))
    print_table(render_eval_table(report))
    print_table(render_misses_table(report, limit=40))
    print_table(render_false_positives_table(report, limit=40))
    if output is not None:
        output.write_text(report.model_dump_json(indent=2), encoding="utf-8")
        err.print(f"report written to {output}")


@app.command()
def report(
    results: Annotated[Path, typer.Argument(help="Results JSONL from `molextract run`.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="HTML file to write.")],
    docs: Annotated[
        list[Path] | None,
        typer.Option(
            "--docs", help="The inputs, to show full texts and their tables with highlights."
        ),
    ] = None,
    title: Annotated[str | None, typer.Option(help="Report title.")] = None,
) -> None:
    """Write one self-contained HTML page: texts with evidence highlighted, structures, table."""
    from molextract.results.report import write_report

    try:
        found = _finished_run(results)
        texts: dict[str, str] | None = None
        pdfs: dict[str, str] = {}
        # Only the tables: the rest of a document's metadata is no use to the report.
        tables: dict[str, dict[str, object]] = {}
        if docs:
            check_inputs(docs)
            wanted = set(found)
            texts = {}
            for d in read_documents(docs, lambda s: err.print(f"[yellow]skipped[/] {s}")):
                if d.id in wanted:
                    texts[d.id] = d.text
                    if "tables" in d.metadata:
                        tables[d.id] = {"tables": d.metadata["tables"]}
                    if d.metadata.get("format") == "pdf":
                        pdfs[d.id] = Path(str(d.metadata["source"])).resolve().as_uri()
    except MolextractError as exc:
        fail(str(exc))
    write_report(
        found.values(),
        texts,
        output,
        title=title or f"molextract: {results.name}",
        pdfs=pdfs,
        metadata=tables,
    )
    err.print(f"report written to {output} ({len(found)} documents)")


def _finished_run(results: Path) -> dict[str, DocumentResult]:
    """A run's results by document id with its rejected records put back, when its
    rejects file is where ``run`` puts it by default."""
    from molextract.evaluation import load_results

    rejects = rejects_path(results)
    return load_results(results, rejects=rejects if rejects.exists() else None)


@app.command("export")
def export_command(
    inputs: Annotated[
        list[Path],
        typer.Argument(help="Results JSONL from `molextract run` (its rejects file too), .gz too."),
    ],
    output: Annotated[Path, typer.Option("--output", "-o", help="File to write.")],
    fmt: Annotated[
        exports.ExportFormat | None,
        typer.Option("--format", "-f", help="Default: from the output's suffix."),
    ] = None,
) -> None:
    """One row per record as CSV or Parquet, or one SDF molecule per compound with a structure."""
    chosen = fmt or exports.format_for(output)
    if chosen is None:
        fail(f"say --format {'|'.join(exports.FORMATS)}: {output.name} does not tell")
    try:
        stats = exports.export_file(inputs, chosen, output)
    except MolextractError as exc:
        fail(str(exc))
    err.print(exports.describe(stats, chosen, output), highlight=False)


@app.command()
def schemas(
    name: Annotated[
        str | None,
        typer.Argument(
            help="Print this schema's JSON Schema (a name, a JSON Schema file, or "
            "path/to/module.py:Class)."
        ),
    ] = None,
    output: Annotated[
        bool,
        typer.Option(
            "--output",
            help="Print the JSON Schema of one output line (with NAME: its records' own "
            "fields typed).",
        ),
    ] = False,
) -> None:
    """List the built-in schemas, or print one schema's JSON Schema."""
    if output:
        try:
            typed = get_schema(name) if name is not None else None
        except MolextractError as exc:
            fail(str(exc))
        typer.echo(json.dumps(output_line_json_schema(typed), indent=2, ensure_ascii=False))
        return
    if name is None:
        for schema_name in schema_names():
            spec = get_schema(schema_name)
            typer.echo(f"{schema_name:24} {spec.description} ({', '.join(spec.property_names)})")
        return
    try:
        spec = get_schema(name)
    except MolextractError as exc:
        fail(str(exc))
    typer.echo(json.dumps(spec.json_schema, indent=2, ensure_ascii=False))


# ``--help`` lists commands in the order they are added here: the job-service ones after
# the in-process ones, and then the groups, models before keys.
app.command()(service.serve)
app.command()(service.worker)
app.command()(service.submit)
app.add_typer(models_app, name="models")
app.add_typer(service.keys_app, name="keys")

if __name__ == "__main__":  # pragma: no cover
    app()
