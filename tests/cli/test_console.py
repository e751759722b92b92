"""What the CLI prints for people: tables whole wherever they go."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text

from molextract.cli.console import RunProgress, print_table, summary
from molextract.extraction.pipeline import BatchProgress
from molextract.runs.local import RunStats

LONG = "4-amino-2-(4-methylthiophen-3-yl)phenol hydrochloride, as printed in the paper"


def _table() -> Table:
    table = Table("document", "compound", "property", title="Missed gold values")
    table.add_row("US06840965B2:example-2D", LONG, "reaction_yield")
    return table


def test_a_table_off_a_terminal_keeps_every_cell_on_its_line() -> None:
    file = io.StringIO()
    print_table(_table(), Console(file=file, width=80))
    text = file.getvalue()
    assert "…" not in text
    row = next(line for line in text.splitlines() if "example-2D" in line)
    assert LONG in row and "reaction_yield" in row
    assert "\x1b[" not in text  # no colour codes in a log


def test_a_terminal_keeps_rich_s_own_layout() -> None:
    file = io.StringIO()
    print_table(_table(), Console(file=file, width=60, force_terminal=True))
    assert all(len(line) <= 60 for line in Text.from_ansi(file.getvalue()).plain.splitlines())


def test_the_run_summary_on_a_redirected_stderr_is_whole(
    capsys: pytest.CaptureFixture[str],
) -> None:
    stats = RunStats(documents=3, chunks_sent=12, chunks_skipped=40)
    summary(stats, None, None)
    err = capsys.readouterr().err
    assert "…" not in err
    assert any(
        "chunks sent to the model / skipped (nothing left to ask)" in line and "12 / 40" in line
        for line in err.splitlines()
    )


def test_the_run_bar_moves_with_the_chunks_of_a_long_document() -> None:
    progress = RunProgress(total=1)
    progress.on_chunks(BatchProgress(documents=1, chunks_done=3, chunks=12))
    task = progress.tasks[0]
    assert task.completed == 0.25 and task.fields["chunks"] == "chunks 3/12"
    progress.on_batch(RunStats(documents=1, accepted=2))
    progress.on_chunks(BatchProgress(documents=1, chunks_done=0, chunks=5))
    assert progress.tasks[0].completed == 1.0 and progress.tasks[0].fields["records"] == 2
