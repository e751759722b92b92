"""Which reader handles which file name.

Adding a format is one reader module plus one ``Format`` entry below; nothing else
in the package names a format's suffixes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from molextract.ingest.base import Reader
from molextract.ingest.csvfile import read_csv
from molextract.ingest.jsonl import read_jsonl
from molextract.ingest.lines import GZIP_SUFFIX
from molextract.ingest.text import read_text


@dataclass(frozen=True)
class Format:
    name: str
    suffixes: tuple[str, ...]
    reader: Reader


FORMATS: tuple[Format, ...] = (
    Format("jsonl", (".jsonl", ".ndjson"), read_jsonl),
    Format("csv", (".csv",), read_csv),
    Format("txt", (".txt",), read_text),
)

_BY_SUFFIX = {suffix: fmt for fmt in FORMATS for suffix in fmt.suffixes}
_BY_NAME = {fmt.name: fmt for fmt in FORMATS}

#: Every accepted file-name ending, compressed variants included, for help and error text.
SUPPORTED_SUFFIXES: tuple[str, ...] = tuple(
    suffix + gz for fmt in FORMATS for suffix in fmt.suffixes for gz in ("", GZIP_SUFFIX)
)


def detect_format(path: Path) -> str | None:
    """The format name for ``path`` judged by its name alone (case-insensitive), so it
    costs no I/O and works for files that do not exist yet."""
    split = _split_suffix(path.name)
    return None if split is None else _BY_SUFFIX[split[1]].name


def reader_for(format_name: str) -> Reader:
    return _BY_NAME[format_name].reader


def strip_suffixes(name: str) -> str:
    """``a/b.jsonl.gz`` -> ``a/b``; ids should not change when a dump is compressed."""
    split = _split_suffix(name)
    return name if split is None else split[0]


def _split_suffix(name: str) -> tuple[str, str] | None:
    """Split into (rest, lower-cased format suffix), dropping a ``.gz``; None if unknown."""
    if name.lower().endswith(GZIP_SUFFIX):
        name = name[: -len(GZIP_SUFFIX)]
    dot = name.rfind(".")
    if dot <= 0 or name[dot - 1] == "/":
        return None  # ".jsonl" alone is a hidden file's name, not a suffix
    suffix = name[dot:].lower()
    return (name[:dot], suffix) if suffix in _BY_SUFFIX else None
