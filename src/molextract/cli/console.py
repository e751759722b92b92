"""What every command prints on stderr: errors, skipped inputs, progress bars and the
run summary.

Shared by the in-process commands (``main``) and the service commands (``service``)
so that ``run`` and ``submit`` report a run the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

import typer
from rich.console import Console
from rich.measure import Measurement
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from molextract.extraction.pipeline import BatchProgress
from molextract.ingest import count_documents_hint
from molextract.runs.local import RunStats

# soft_wrap: messages carry file paths and line numbers; folding them at the terminal
# width (80 when stderr is a file) would break a path a user wants to copy.
err = Console(stderr=True, soft_wrap=True)
MAX_SKIP_LINES = 20
MAX_FILE_ROWS = 30


#: Wider than any table: the width tables are measured in when nothing limits them.
_UNLIMITED_WIDTH = 1_000_000


def print_table(table: Table, console: Console | None = None) -> None:
    """Print on a terminal as rich does, elsewhere (a CI log, ``> eval.txt``) at the
    width the content needs.

    Off a terminal rich assumes 80 columns and squeezes every column to fit, so names,
    property names and quotes come out as ``meltin…`` or broken every few characters:
    useless in exactly the files people keep and compare.
    """
    console = console or Console()
    if console.is_terminal:
        console.print(table)
        return
    options = console.options.update_width(_UNLIMITED_WIDTH)
    width = Measurement.get(console, options, table).maximum
    Console(file=console.file, width=width, color_system=None).print(table)


def fail(message: str, code: int = 2) -> NoReturn:
    err.print(f"[bold red]error:[/] {message}", highlight=False)
    raise typer.Exit(code)


class SkipReporter:
    """Print the first skipped inputs, count the rest (a bad dump must not flood the terminal)."""

    def __init__(self, limit: int = MAX_SKIP_LINES) -> None:
        self.limit = limit
        self.count = 0

    def __call__(self, item: object) -> None:
        self.count += 1
        if self.count <= self.limit:
            err.print(f"[yellow]skipped[/] {item}", highlight=False)
        elif self.count == self.limit + 1:
            err.print("[yellow]further skipped inputs are counted in the summary[/]")


def expected_documents(inputs: Sequence[Path], *, done: int, limit: int | None) -> int | None:
    """A bar's total: the documents in the inputs, less those a resumed run has already
    written, capped by ``--limit``; None (an open-ended bar) when only reading the
    inputs through could tell."""
    total = count_documents_hint(inputs)
    if total is None:
        return None
    total = max(0, total - done)
    return min(total, limit) if limit else total


def jobs_progress() -> Progress:
    """The bars of ``submit``, uploading and then waiting: each names in ``info`` what
    counts there besides documents (jobs made, records found)."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[info]}"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=err,
    )


def gold_progress() -> Progress:
    """The bar of ``eval`` extracting from gold documents; no ETA, as gold sets are small."""
    return Progress(
        TextColumn("[bold]gold documents"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
    )


class RunProgress(Progress):
    """The bar of a bulk run. Documents are counted whole, and the bar also moves with
    the chunks of the batch in hand: a single long document is minutes of work, and a
    bar of documents alone would stay at 0/1 all that time."""

    def __init__(self, total: int | None) -> None:
        super().__init__(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[chunks]}"),
            TextColumn("{task.fields[records]} records · {task.fields[rate]} tok/s"),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=err,
        )
        self.task = self.add_task("documents", total=total, records=0, rate="–", chunks="")
        self.documents = 0

    def on_batch(self, stats: RunStats) -> None:
        self.documents = stats.documents
        rate = f"{stats.completion_tokens / stats.seconds:.1f}" if stats.seconds else "–"
        self.update(
            self.task,
            completed=stats.documents,
            records=stats.accepted + stats.flagged + stats.rejected,
            rate=rate,
        )

    def on_chunks(self, batch: BatchProgress) -> None:
        self.update(
            self.task,
            completed=self.documents + batch.documents * batch.fraction,
            chunks=f"chunks {batch.chunks_done}/{batch.chunks}",
        )


def summary(
    stats: RunStats, output: Path | None, rejects: Path | None, *, title: str = "molextract run"
) -> None:
    table = Table(title=title, show_header=False, title_justify="left")
    table.add_column(style="bold")
    table.add_column(justify="right")
    rows: list[tuple[str, object]] = [
        ("documents processed", stats.documents),
        ("already done (--resume)", stats.resumed),
        ("inputs skipped", stats.skipped_inputs),
        ("documents with errors", stats.documents_with_errors),
        ("records accepted", stats.accepted),
        ("records flagged", stats.flagged),
        ("records rejected", stats.rejected),
        (
            "chunks sent to the model / skipped (nothing left to ask)",
            f"{stats.chunks_sent} / {stats.chunks_skipped}",
        ),
        ("model calls", stats.model_calls),
        ("tokens (prompt / generated)", f"{stats.prompt_tokens} / {stats.completion_tokens}"),
        ("wall time", f"{stats.seconds:.1f} s"),
        ("documents / s", f"{stats.documents / stats.seconds:.2f}" if stats.seconds else "–"),
    ]
    rows += [(f"error: {code}", n) for code, n in sorted(stats.error_codes.items())]
    rows.append(("output", str(output) if output else "stdout"))
    if rejects:
        rows.append(("rejects", str(rejects)))
    for label, value in rows:
        table.add_row(label, str(value))
    print_table(table, err)
    if len(stats.per_file) > 1:
        files = Table("file", "documents", "records", "skipped", title_justify="left")
        for name, counts in list(stats.per_file.items())[:MAX_FILE_ROWS]:
            files.add_row(name, str(counts.documents), str(counts.records), str(counts.skipped))
        if len(stats.per_file) > MAX_FILE_ROWS:
            files.add_row(f"… {len(stats.per_file) - MAX_FILE_ROWS} more files", "", "", "")
        print_table(files, err)
