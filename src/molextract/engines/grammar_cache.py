"""Compiled grammars kept on disk, for the engines that compile their own (local, transformers).

Outlines compiles a schema into an index over the whole vocabulary, which takes
20-40 s for a 151k-token one; every ``molextract run`` and every worker process would
pay that again. The index is pickled under the cache directory, keyed by what it
depends on: the vocabulary (``identity``), the outlines-core version and the
schema's regular expression. A damaged file is rebuilt, and a new one is written
under a temporary name first, so two processes compiling at once never read half a
file.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

OUTLINES_CORE_VERSION = importlib.metadata.version("outlines_core")


def cached_index(
    directory: Path | None,
    identity: str,
    regex: str,
    build: Callable[[], Any],
    *,
    prefix: str = "",
) -> Any:
    """The index ``build`` makes, read from ``directory`` when an earlier process made it."""
    if directory is None:
        return build()
    digest = hashlib.sha256(f"{identity}|{OUTLINES_CORE_VERSION}|{regex}".encode())
    path = directory / f"{prefix}{digest.hexdigest()[:32]}.index"
    try:
        with path.open("rb") as handle:
            return pickle.load(handle)
    except FileNotFoundError:
        pass
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError):
        path.unlink(missing_ok=True)
    index = build()
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(f".{os.getpid()}.partial")
    with partial.open("wb") as handle:
        pickle.dump(index, handle)
    partial.replace(path)
    return index
