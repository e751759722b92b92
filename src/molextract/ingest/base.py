"""Types every reader shares, so the pipeline treats all input formats alike."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from molextract.ingest.document import Document


@dataclass(frozen=True)
class Skipped:
    """Input that produced no document.

    Readers report these instead of raising, so that one bad line or file never costs the
    rest of a long run; the caller decides whether to log, count or stop.
    """

    path: str
    line: int | None
    reason: str

    def __str__(self) -> str:
        # The "path:line:" prefix is what editors and terminals turn into a jump link.
        if self.line is None:
            return f"{self.path}: {self.reason}"
        return f"{self.path}:{self.line}: {self.reason}"


SkipHandler = Callable[[Skipped], None]


@dataclass(frozen=True)
class Source:
    """One file to read, with every name it is known by decided once, before reading.

    ``name`` is what users see (metadata ``source`` and skip reports); ``id_base`` is the
    relative path without suffixes, so default ids stay stable when the dump is moved.
    """

    path: Path
    name: str
    id_base: str
    format: str


Reader = Callable[[Source, SkipHandler], Iterator[Document]]
