"""Turn the paths a user gave into the files to read, in a stable order.

Directories are walked lazily in sorted order, so two runs over the same tree see the
same documents in the same order (what --resume and duplicate detection rely on).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path

from molextract.ingest.base import SkipHandler, Skipped, Source
from molextract.ingest.formats import detect_format, strip_suffixes

UNSUPPORTED = "unsupported file type"


def iter_sources(paths: Sequence[Path], on_skip: SkipHandler) -> Iterator[Source]:
    for path in paths:
        try:
            is_dir = path.is_dir()
            exists = is_dir or path.exists()
        except OSError as exc:
            on_skip(Skipped(str(path), None, f"cannot be accessed ({exc.strerror})"))
            continue
        if is_dir:
            yield from _directory_sources(path, on_skip)
        elif not exists:
            on_skip(Skipped(str(path), None, "does not exist"))
        elif (fmt := detect_format(path)) is None:
            on_skip(Skipped(str(path), None, UNSUPPORTED))
        else:
            yield Source(path, str(path), strip_suffixes(path.name), fmt)


def _directory_sources(root: Path, on_skip: SkipHandler) -> Iterator[Source]:
    for path in _walk(root, on_skip, visited=set()):
        fmt = detect_format(path)
        if fmt is None:
            on_skip(Skipped(str(path), None, UNSUPPORTED))
            continue
        relative = path.relative_to(root).as_posix()
        yield Source(path, str(path), strip_suffixes(relative), fmt)


def _walk(directory: Path, on_skip: SkipHandler, visited: set[tuple[int, int]]) -> Iterator[Path]:
    """Files under ``directory``, depth first, names sorted at every level.

    Hidden entries (``.git``, ``.DS_Store``) are not data and are passed over silently.
    Directory symlinks are followed, but each directory is read once, which also stops
    symlink loops.
    """
    try:
        info = directory.stat()
        key = (info.st_dev, info.st_ino)
        if key in visited:
            return
        visited.add(key)
        with os.scandir(directory) as scan:
            entries = sorted(scan, key=lambda entry: entry.name)
    except OSError as exc:
        on_skip(Skipped(str(directory), None, f"cannot read directory ({exc.strerror})"))
        return
    for entry in entries:
        if entry.name.startswith("."):
            continue
        path = directory / entry.name
        if _is_dir(entry):
            yield from _walk(path, on_skip, visited)
        else:
            yield path


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False  # read as a file, so the reader reports why it cannot be opened
