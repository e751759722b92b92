"""JSONL sinks for the CLI: results, rejects, and what ``--resume`` needs from them.

Lines are written whole and flushed per batch; a crash can leave at most one
partial last line, which ``done_ids`` cuts off so a resumed run redoes that
document instead of tripping over broken JSON.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import TextIO

from molextract.errors import InputError
from molextract.schemas.records import DocumentResult, Record


def rejects_path(output: Path) -> Path:
    """Where the rejects of ``output`` go unless told otherwise: one fixed name beside it,
    so that ``eval`` and ``report`` find them again without being told."""
    return output.with_name(output.name.removesuffix(".jsonl") + ".rejects.jsonl")


def done_ids(path: Path) -> set[str]:
    """Ids of documents already in an output file; repairs a torn last line."""
    if not path.exists():
        return set()
    ids: set[str] = set()
    good_end = 0
    with path.open("rb") as handle:
        for number, raw in enumerate(handle, start=1):
            try:
                ids.add(str(json.loads(raw)["doc_id"]))
            except (ValueError, KeyError, TypeError) as exc:
                if raw.endswith(b"\n"):
                    raise InputError(
                        f"{path}:{number}: cannot resume, the line is not a molextract result ({exc})"
                    ) from exc
                break
            good_end += len(raw)
    if good_end < path.stat().st_size:
        with path.open("r+b") as handle:
            handle.truncate(good_end)
    return ids


class JsonlSink:
    """Appends one JSON object per line to a file (or stdout when ``path`` is None)."""

    def __init__(self, path: Path | None, *, append: bool) -> None:
        self.path = path
        self._handle: TextIO = (
            sys.stdout if path is None else path.open("a" if append else "w", encoding="utf-8")
        )

    def write_results(self, results: Iterable[DocumentResult]) -> None:
        for result in results:
            self._handle.write(result.model_dump_json(by_alias=True) + "\n")
        self._handle.flush()

    def write_rejects(self, records: Iterable[Record]) -> None:
        for record in records:
            self._handle.write(record.model_dump_json(by_alias=True) + "\n")
        self._handle.flush()

    def close(self) -> None:
        if self._handle is not sys.stdout:
            self._handle.close()

    def __enter__(self) -> JsonlSink:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


@contextmanager
def output_sinks(
    output: Path | None, rejects: Path | None, *, append: bool
) -> Iterator[tuple[JsonlSink, JsonlSink | None]]:
    """The results sink and, when there is a rejects file, its sink; with no rejects file
    the rejected records stay in their result lines."""
    with JsonlSink(output, append=append) as results:
        if rejects is None:
            yield results, None
            return
        with JsonlSink(rejects, append=append) as rejected:
            yield results, rejected
