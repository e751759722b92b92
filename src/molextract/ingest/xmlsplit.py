"""Splitting a byte stream of concatenated XML documents before each XML declaration.

USPTO's weekly bulk files are thousands of complete XML documents written one after
another, each with its own ``<?xml ...?>`` declaration and DOCTYPE. That is not one
XML document, so no parser takes the file whole; split before each declaration, every
piece parses on its own and one broken patent costs only itself. Splitting streams:
a piece is read only as far as its parser asks, so memory never holds a whole file.
"""

from __future__ import annotations

from collections.abc import Iterator

from molextract.ingest.xmlstream import BinaryReader

_DECLARATION = b"<?xml"
#: A declaration is "<?xml" and whitespace; "<?xml-stylesheet ...?>" is a different thing.
_AFTER_DECLARATION = frozenset(b" \t\r\n")
_BLOCK = 64 * 1024


class Piece:
    """One document of the stream, readable like a file up to where the next begins."""

    def __init__(self, splitter: Splitter, start_line: int) -> None:
        self._splitter = splitter
        #: Line of the stream on which this piece starts, for locating its problems.
        self.start_line = start_line
        self.fresh = True
        self.done = False

    def read(self, size: int = -1, /) -> bytes:
        return self._splitter.take(self, size)

    def drain(self) -> None:
        while self.read(_BLOCK):
            pass


class Splitter:
    """Iterate over the pieces of a stream; each must be finished before the next."""

    def __init__(self, stream: BinaryReader) -> None:
        self._stream = stream
        self._buffer = b""
        self._eof = False
        #: Line number of the first byte not yet handed out.
        self.line = 1

    def __iter__(self) -> Iterator[Piece]:
        while self._has_more():
            piece = Piece(self, self.line)
            yield piece
            piece.drain()

    def take(self, piece: Piece, size: int) -> bytes:
        """Up to ``size`` bytes of ``piece`` (all that is buffered if negative);
        ``b""`` once the next declaration or the end of the stream is reached."""
        if piece.done:
            return b""
        while True:
            limit, final = self._scan(piece.fresh)
            if limit or final:
                break
            self._fill()
        if not limit:
            piece.done = True
            return b""
        count = limit if size < 0 else min(size, limit)
        data, self._buffer = self._buffer[:count], self._buffer[count:]
        self.line += data.count(b"\n")
        piece.fresh = False
        return data

    def _scan(self, fresh: bool) -> tuple[int, bool]:
        """``(bytes that can be handed out, whether the piece ends there)``.

        A fresh piece starts with its own declaration, which is not a boundary. Bytes
        that might begin a declaration split across reads are held back until the
        next read decides.
        """
        buffer = self._buffer
        position = 1 if fresh else 0
        while (found := buffer.find(_DECLARATION, position)) >= 0:
            after = found + len(_DECLARATION)
            if after == len(buffer):
                if not self._eof:
                    return found, False
                break
            if buffer[after] in _AFTER_DECLARATION:
                return found, True
            position = found + 1
        if self._eof:
            return len(buffer), True
        return max(len(buffer) - len(_DECLARATION) + 1, 0), False

    def _fill(self) -> None:
        block = self._stream.read(_BLOCK)
        if block:
            self._buffer += block
        else:
            self._eof = True

    def _has_more(self) -> bool:
        while not self._buffer and not self._eof:
            self._fill()
        return bool(self._buffer)
