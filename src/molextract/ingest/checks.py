"""Checks that run before any work starts, so a typo fails in a second, not an hour in."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator, Sequence
from pathlib import Path

from molextract.errors import InputError
from molextract.ingest.base import Skipped, Source
from molextract.ingest.formats import SUPPORTED_SUFFIXES, content_problem, detect_format
from molextract.ingest.lines import GZIP_MAGIC, MIB, is_gzip_name
from molextract.ingest.sources import iter_sources


def check_inputs(paths: Sequence[Path]) -> None:
    """Raise one ``InputError`` naming every unusable path, so all can be fixed at once."""
    problems = [f"  {path}: {problem}" for path in paths if (problem := _problem(path))]
    if problems:
        noun = "input" if len(problems) == 1 else "inputs"
        supported = ", ".join(SUPPORTED_SUFFIXES)
        raise InputError(
            f"cannot use {len(problems)} {noun}:\n"
            + "\n".join(problems)
            + f"\nsupported inputs are directories and files ending in {supported}"
        )


def _problem(path: Path) -> str | None:
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return "does not exist"
    except OSError as exc:
        return f"cannot be accessed ({exc.strerror})"
    if stat.S_ISDIR(mode):
        return None if os.access(path, os.R_OK | os.X_OK) else "directory is not readable"
    fmt = detect_format(path)
    if fmt is None:
        return "unsupported file type"
    if not os.access(path, os.R_OK):
        return "is not readable"
    # An XML file of another kind (an SVG, a Maven pom) is as unusable as a PDF.
    return content_problem(path, fmt)


def count_documents_hint(paths: Sequence[Path]) -> int | None:
    """A progress-bar total, or None when only reading everything could tell.

    Counts one document per line of uncompressed JSONL (blank lines included, so it may
    run high) and one per text, HTML or ``.nxml`` file (a saved article page is one
    document, as is a PMC file; a rare multi-article ``.nxml`` makes it run low); any
    CSV, ``.xml`` or compressed record file gives None.
    """
    total = 0
    for source in _sources_quietly(paths):
        if source.format in ("txt", "jats", "html"):
            total += 1
        elif source.format == "jsonl" and not is_gzip_name(source.path):
            lines = _count_lines(source)
            if lines is None:
                return None
            total += lines
        else:
            return None
    return total


def _sources_quietly(paths: Sequence[Path]) -> Iterator[Source]:
    def ignore(_: Skipped) -> None:
        """Problems are reported when the files are actually read."""

    return iter_sources(paths, ignore)


def _count_lines(source: Source) -> int | None:
    count = 0
    last = b""
    try:
        with source.path.open("rb") as stream:
            while block := stream.read(MIB):
                if not last and block.startswith(GZIP_MAGIC):
                    return None  # compressed under a plain name: lines cannot be counted
                count += block.count(b"\n")
                last = block
    except OSError:
        return 0  # the reader will report it; it holds no documents for the bar
    return count + (1 if last and not last.endswith(b"\n") else 0)
