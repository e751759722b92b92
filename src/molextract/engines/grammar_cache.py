"""Compiled grammars kept on disk, for the engines that compile their own (local, transformers).

Outlines compiles a schema into an index over the whole vocabulary, which takes
20-40 s for a 151k-token one; every ``molextract run`` and every worker process would
pay that again. The index is pickled under the cache directory, keyed by what it
depends on: the vocabulary (``identity``), the outlines-core version and the
schema's regular expression. A damaged file is rebuilt, and a new one is written
under a temporary name first (``<key>.<pid>.partial``), so two processes compiling at
once never read half a file. A compile that dies (killed for its memory, or its
process gone) leaves that temporary file behind: it is removed as soon as its
process is gone, by whoever next looks in the directory.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import pickle
from pathlib import Path
from typing import Any

OUTLINES_CORE_VERSION = importlib.metadata.version("outlines_core")
PARTIAL_SUFFIX = ".partial"


def index_path(directory: Path, identity: str, regex: str, *, prefix: str = "") -> Path:
    """Where the index of ``regex`` over the vocabulary ``identity`` is kept."""
    digest = hashlib.sha256(f"{identity}|{OUTLINES_CORE_VERSION}|{regex}".encode())
    return directory / f"{prefix}{digest.hexdigest()[:32]}.index"


def partial_path(path: Path, pid: int) -> Path:
    """The temporary name process ``pid`` writes ``path`` under."""
    return path.with_suffix(f".{pid}{PARTIAL_SUFFIX}")


def read_index(path: Path) -> Any | None:
    """The index pickled at ``path``, or None when there is none (a damaged one is removed)."""
    try:
        with path.open("rb") as handle:
            return pickle.load(handle)
    except FileNotFoundError:
        return None
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError, MemoryError):
        path.unlink(missing_ok=True)
        return None


def write_index(path: Path, index: Any) -> None:
    """Pickle ``index`` to ``path`` through a temporary file; nothing is left if that fails."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = partial_path(path, os.getpid())
    try:
        with partial.open("wb") as handle:
            pickle.dump(index, handle)
        partial.replace(path)
    finally:
        partial.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


def remove_stale_partials(directory: Path | None) -> list[Path]:
    """Remove the temporary files of compiles whose process is gone; returns them.

    A file whose name carries no process id is stale too: no writer names its files
    that way.
    """
    if directory is None or not directory.is_dir():
        return []
    removed: list[Path] = []
    for partial in directory.glob(f"*{PARTIAL_SUFFIX}"):
        pid_text = partial.name.removesuffix(PARTIAL_SUFFIX).rpartition(".")[2]
        if pid_text.isdigit() and (int(pid_text) == os.getpid() or _alive(int(pid_text))):
            continue
        partial.unlink(missing_ok=True)
        removed.append(partial)
    return removed
