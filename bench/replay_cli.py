"""``molextract run`` exactly as shipped, but served by the replay engine (benchmarks only).

.venv/bin/python bench/replay_cli.py run docs.jsonl -s molecular_properties -o out.jsonl
"""

from __future__ import annotations

from typing import Any

from molextract import _library
from molextract.cli import main as cli
from replay import ReplayEngine


def _replay_engine(*args: Any, **kwargs: Any) -> ReplayEngine:
    return ReplayEngine()


if __name__ == "__main__":
    # ``run`` builds its engine in the library's Extractor, ``eval`` in the CLI.
    _library.create_engine = _replay_engine  # type: ignore[assignment]
    cli.create_engine = _replay_engine  # type: ignore[assignment]
    cli.app()
