"""Opening and line splitting shared by the readers.

Lines are split as bytes and decoded one at a time, so that one line of bad UTF-8 costs
that line only, and so that memory stays bounded by the longest line, not the file.
"""

from __future__ import annotations

import gzip
import io
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from molextract.ingest.base import SkipHandler, Skipped, Source

GZIP_SUFFIX = ".gz"
GZIP_MAGIC = b"\x1f\x8b"
UTF8_BOM = b"\xef\xbb\xbf"
MIB = 1024 * 1024
#: Longer lines are skipped: without a bound, one file with no newlines would be read whole.
MAX_LINE_BYTES = 64 * MIB

#: What a damaged gzip stream raises part-way through (BadGzipFile is an OSError).
GZIP_ERRORS = (EOFError, gzip.BadGzipFile, zlib.error)


class SkipFile(Exception):
    """The whole file cannot be read; the message is the reason shown to the user."""


def is_gzip_name(path: Path) -> bool:
    return path.name.lower().endswith(GZIP_SUFFIX)


@contextmanager
def open_bytes(source: Source) -> Iterator[io.BufferedIOBase]:
    """Decompress by content, not name: dumps are often renamed or compressed in place."""
    with source.path.open("rb") as raw:
        magic = raw.read(len(GZIP_MAGIC))
        raw.seek(0)
        if magic == GZIP_MAGIC:
            with gzip.GzipFile(fileobj=raw, mode="rb") as unzipped:
                yield unzipped
        elif magic and is_gzip_name(source.path):
            raise SkipFile("the name ends in .gz but the file is not gzip-compressed")
        else:
            yield raw


def read_error_reason(exc: Exception) -> str:
    if isinstance(exc, SkipFile):
        return str(exc)
    if isinstance(exc, GZIP_ERRORS):
        return f"truncated or corrupt gzip data ({exc})"
    if isinstance(exc, OSError):
        return f"cannot read the file ({exc.strerror or exc})"
    raise TypeError(f"not a read error: {exc!r}")


def invalid_utf8_reason(exc: UnicodeDecodeError) -> str:
    """Point at the bad byte: the usual cause is a Latin-1 dump, and the byte shows it."""
    data = bytes(exc.object)
    line_start = data.rfind(b"\n", 0, exc.start) + 1
    return f"invalid UTF-8 (byte 0x{data[exc.start]:02x} at column {exc.start - line_start + 1})"


def iter_lines(source: Source, on_skip: SkipHandler) -> Iterator[tuple[int, bytes]]:
    """Yield ``(line number, raw line)``; every read problem is reported, never raised.

    A damaged gzip stream ends the file at the line it reached, keeping what came before.
    A file with nothing but whitespace is reported once as empty.
    """
    line_no = 0
    has_content = False
    try:
        with open_bytes(source) as stream:
            while raw := stream.readline(MAX_LINE_BYTES + 1):
                line_no += 1
                if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                    _discard_rest_of_line(stream)
                    has_content = True
                    reason = f"line is longer than {MAX_LINE_BYTES // MIB} MiB"
                    on_skip(Skipped(source.name, line_no, reason))
                    continue
                if line_no == 1:
                    raw = raw.removeprefix(UTF8_BOM)
                has_content = has_content or bool(raw.strip())
                yield line_no, raw
    except GZIP_ERRORS as exc:
        reason = f"{read_error_reason(exc)}; the rest of the file is skipped"
        on_skip(Skipped(source.name, line_no + 1, reason))
        return
    except (SkipFile, OSError) as exc:
        on_skip(Skipped(source.name, line_no + 1 if line_no else None, read_error_reason(exc)))
        return
    if not has_content:
        on_skip(Skipped(source.name, None, "empty file"))


def _discard_rest_of_line(stream: io.BufferedIOBase) -> None:
    while chunk := stream.readline(MIB):
        if chunk.endswith(b"\n"):
            return
