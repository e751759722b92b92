"""Options that several commands take, declared once.

``run`` and ``submit`` read the same inputs under the same schemas and write the same output files, and ``run`` and ``eval`` drive the
same engines: an option that means the same thing in two commands has one
declaration, so its flag and help text cannot drift apart between them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

Inputs = Annotated[
    list[Path], typer.Argument(help="JSONL/CSV/TXT/XML files or folders, optionally .gz.")
]
SchemaName = Annotated[
    str,
    typer.Option(
        "--schema",
        "-s",
        help="Schema name, custom JSON Schema file, or path/to/module.py:Class.",
    ),
]
Rejects = Annotated[
    Path | None, typer.Option(help="Rejected records JSONL (default: OUTPUT.rejects.jsonl).")
]
Resume = Annotated[bool, typer.Option(help="Skip documents already in OUTPUT and append.")]
Limit = Annotated[int | None, typer.Option(min=1, help="Stop after N documents.")]
Engine = Annotated[
    str | None,
    typer.Option(
        help="Engine fallback chain, e.g. 'sglang,vllm,local' (default: MOLEXTRACT_ENGINES)."
    ),
]
Model = Annotated[str | None, typer.Option(help="Model catalogue name or GGUF path.")]
LogLevel = Annotated[str, typer.Option(help="DEBUG, INFO, WARNING or ERROR.")]
