"""Streaming parse of XML dumps, one record element at a time, for the literature readers.

A PubMed baseline file holds ~30k articles and a PMC or USPTO bulk file thousands of
papers, so each record is parsed, handed over and freed before the next one is read:
memory depends on the largest record, never on the size of the file. Parse faults end
the parse (libxml2 cannot resynchronise), but every record completed before the fault
has already been handed over, and the fault is reported with the line of the record
it cost.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from typing import Literal, Protocol, cast

from lxml import etree

from molextract.ingest.base import SkipHandler, Skipped, Source
from molextract.ingest.document import Document
from molextract.ingest.lines import GZIP_ERRORS, UTF8_BOM, SkipFile, open_bytes, read_error_reason

#: Rest-of-file wording for a fault that stops a file holding many records.
REST_SKIPPED = "; the rest of the file is skipped"

_LOCATION_SUFFIX = re.compile(r",\s*line \d+, column \d+\s*$")
_LINE_IN_MESSAGE = re.compile(r"\bline (\d+)")
_SPACE = re.compile(r"\s+")


class BinaryReader(Protocol):
    def read(self, size: int = -1, /) -> bytes: ...


class Events(Protocol):
    """What ``iterparse`` returns; lxml-stubs leave it untyped."""

    root: etree._Element | None

    def __iter__(self) -> Iterator[tuple[str, etree._Element]]: ...


class XmlFault(Exception):
    """The XML stopped being readable; nothing after this point can be parsed."""

    def __init__(self, line: int, reason: str, *, truncated: bool) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason
        self.truncated = truncated


#: Bytes handed to libxml2 at a time; records completed in a chunk are handed over
#: before the next chunk is read.
_CHUNK = 1 << 15


class _PullEvents:
    """Parse events of a stream, fed to an ``XMLPullParser`` one chunk at a time.

    ``lxml.etree.iterparse`` from 6.2 on raises a syntax error without handing over the
    events its chunk completed before the fault, so the records before a malformed one
    would be lost; a pull parser keeps them readable after the error.
    """

    def __init__(self, stream: BinaryReader, parser: etree.XMLPullParser) -> None:
        self._stream = stream
        self._parser = parser
        self.root: etree._Element | None = None

    def __iter__(self) -> Iterator[tuple[str, etree._Element]]:
        parser = self._parser
        while True:
            data = self._stream.read(_CHUNK)
            if data:
                fault: etree.XMLSyntaxError | None = None
                try:
                    parser.feed(data)
                except etree.XMLSyntaxError as exc:
                    fault = exc
                yield from self._events()
                if fault is not None:
                    raise fault
                continue
            # A document still open at the end of its input: lxml 6.2 closes its open
            # elements with end events of their own, which would hand over the cut
            # record as if it were whole, so no event is read after the fault.
            self.root = parser.close()
            yield from self._events()
            return

    def _events(self) -> Iterator[tuple[str, etree._Element]]:
        return cast("Iterator[tuple[str, etree._Element]]", self._parser.read_events())


def iterparse(
    stream: BinaryReader, events: Sequence[Literal["start", "end"]], tags: Sequence[str] | None
) -> Events:
    """Parse events with the options every literature reader needs.

    Dumps declare DTDs that are not shipped with them, so nothing is loaded or fetched:
    no DTD, no network, no entity expansion (which also rules out entity bombs).
    ``huge_tree`` lifts libxml2's 10 MB text-node and depth limits, which real patents
    with large tables exceed; with entities left unexpanded, input size is the only
    thing a huge node can cost. ``collect_ids`` stays on: switched off, the pull parser
    tries to fetch the declared DTD and fails; with no DTD loaded only ``xml:id``
    attributes are collected, which literature dumps do not use.
    """
    parser = etree.XMLPullParser(
        events=events,
        tag=tags,
        load_dtd=False,
        no_network=True,
        resolve_entities=False,
        huge_tree=True,
        remove_comments=True,
        remove_pis=True,
    )
    return _PullEvents(stream, parser)


class _Counted:
    """The byte stream under the parser, noting what libxml2 does not tell us: whether
    there was anything but whitespace (an empty file is not "malformed"), how far
    reading got, and where the input ends, as libxml2 counts lines and columns."""

    def __init__(self, stream: BinaryReader) -> None:
        self._stream = stream
        self._started = False
        self._last_line_chars = 0
        self.newlines = 0
        self.at_eof = False
        self.has_content = False

    def read(self, size: int = -1, /) -> bytes:
        data = self._stream.read(size)
        if not data:
            self.at_eof = True
            return data
        counted = data
        if not self._started:
            self._started = True
            counted = data.removeprefix(UTF8_BOM)
        if not self.has_content:
            self.has_content = bool(counted.strip())
        last_newline = counted.rfind(b"\n")
        if last_newline < 0:
            self._last_line_chars += _utf8_chars(counted)
        else:
            self.newlines += counted.count(b"\n")
            self._last_line_chars = _utf8_chars(counted[last_newline + 1 :])
        return data

    def end(self) -> tuple[int, int]:
        """``(line, column)`` just past the last character read."""
        return self.newlines + 1, self._last_line_chars + 1


#: UTF-8 continuation bytes; every other byte starts a character, which is what
#: libxml2 counts in columns.
_CONTINUATION_BYTES = bytes(range(0x80, 0xC0))


def _utf8_chars(data: bytes) -> int:
    return len(data.translate(None, _CONTINUATION_BYTES))


class RecordParser:
    """One parse of one XML document, handing over each outermost record element once.

    A record element nested in another record (``MedlineCitation`` inside
    ``PubmedArticle``) is part of its outer record, not a record of its own. After the
    consumer asks for the next record, the previous one is cleared and detached, so the
    tree never holds more than the record being read.
    """

    def __init__(
        self, tags: Sequence[str], *, line_offset: int = 0, fault_line: int | None = None
    ) -> None:
        """``line_offset`` places a document that starts part-way into a file;
        ``fault_line``, if given, is the line every fault is reported at."""
        self._tags = tags
        self._offset = line_offset
        self._fault_line = fault_line
        self._open: list[int] = []
        self._stream: _Counted | None = None
        self.records = 0
        #: Local name of the root element, known once the whole document has parsed.
        self.root: str | None = None

    @property
    def has_content(self) -> bool:
        return self._stream is not None and self._stream.has_content

    def position(self) -> int:
        """Where a read error hit: the record it cost, else the line reading reached."""
        if self._open:
            return self._open[0]
        newlines = self._stream.newlines if self._stream is not None else 0
        return self._offset + newlines + 1

    def parse(self, stream: BinaryReader) -> Iterator[tuple[int, etree._Element]]:
        """Yield ``(line of the record's start tag, record)``.

        Raises ``XmlFault`` for bad XML; read errors of ``stream`` propagate unchanged.
        """
        self._stream = _Counted(stream)
        events = iterparse(self._stream, ("start", "end"), self._tags)
        try:
            for event, element in events:
                if event == "start":
                    self._open.append(self._offset + source_line(element))
                    continue
                line = self._open.pop()
                if self._open:
                    continue
                self.records += 1
                yield line, element
                release(element)
        except etree.XMLSyntaxError as exc:
            raise self._fault(exc) from None
        self.root = None if events.root is None else local_name(events.root)

    def _fault(self, exc: etree.XMLSyntaxError) -> XmlFault:
        line, column = exc.position
        stream = self._stream
        # Located at the very end of the input, the error means the document was still
        # open when the input stopped. Errors in the last chunk are also only found once
        # the input has run out, but they point before its end: that is plain bad XML.
        truncated = stream is not None and stream.at_eof and (line, column) >= stream.end()
        line += self._offset
        where = self._fault_line or (self._open[0] if self._open else line)
        if truncated:
            reason = f"the XML ends early, at line {line} (truncated file?)"
            return XmlFault(where, reason, truncated=True)
        message = _SPACE.sub(" ", _LOCATION_SUFFIX.sub("", exc.msg)).strip()
        if self._offset:
            # libxml2 numbers lines from the start of what it was given.
            message = _LINE_IN_MESSAGE.sub(
                lambda match: f"line {int(match.group(1)) + self._offset}", message
            )
        at = f"column {column}" if line == where else f"line {line}, column {column}"
        return XmlFault(where, f"malformed XML ({message}) at {at}", truncated=False)


def release(element: etree._Element) -> None:
    """Free a finished record and everything before it in its parent."""
    element.clear(keep_tail=True)  # type: ignore[call-arg]  # lxml-stubs lacks keep_tail
    parent = element.getparent()
    if parent is not None:
        while element.getprevious() is not None:
            del parent[0]


def read_records(
    source: Source, on_skip: SkipHandler, tags: Sequence[str], roots: Collection[str]
) -> Iterator[tuple[int, etree._Element]]:
    """Records of a file holding one XML document; every problem becomes one ``Skipped``.

    A file whose root is none of ``roots`` and that held no record is reported as
    unrecognised, so a stray XML file is named rather than passed over in silence.
    """
    parser = RecordParser(tags)
    try:
        with open_bytes(source) as stream:
            yield from parser.parse(stream)
    except XmlFault as fault:
        if not parser.has_content:
            on_skip(Skipped(source.name, None, "empty file"))
        else:
            rest = "" if fault.truncated else REST_SKIPPED
            on_skip(Skipped(source.name, fault.line, fault.reason + rest))
        return
    except GZIP_ERRORS as exc:
        reason = f"{read_error_reason(exc)}{REST_SKIPPED}"
        on_skip(Skipped(source.name, parser.position(), reason))
        return
    except (SkipFile, OSError) as exc:
        on_skip(Skipped(source.name, None, read_error_reason(exc)))
        return
    if parser.records == 0 and parser.root not in roots:
        on_skip(Skipped(source.name, None, unrecognised(parser.root)))


#: Turns one record into a document, or into the reason it yields none.
Build = Callable[[Source, int, etree._Element], Document | str]


def build_documents(
    source: Source,
    on_skip: SkipHandler,
    records: Iterable[tuple[int, etree._Element]],
    build: Build,
) -> Iterator[Document]:
    for line, element in records:
        try:
            result = build(source, line, element)
        except RecursionError:
            # Block structure is walked recursively; only absurd nesting gets here.
            result = "nested too deeply"
        if isinstance(result, str):
            on_skip(Skipped(source.name, line, result))
        else:
            yield result


def sniff_root(source: Source) -> str | None:
    """Local name of the root element, parsing only as far as its start tag.

    None when no root element can be seen: the file is empty, unreadable or broken
    before its root, which the reader that parses it in full will then report.
    """
    tag = sniff_root_tag(source)
    return None if tag is None else tag[1]


def sniff_root_tag(source: Source) -> tuple[str, str] | None:
    """The root element's namespace (``""`` for none) and local name, as ``sniff_root``
    finds it: two vocabularies may both call their root ``article``."""
    try:
        with open_bytes(source) as stream:
            events = iterparse(stream, ("start",), None)
            for _event, element in events:
                return etree.QName(element).namespace or "", local_name(element)
    except (etree.XMLSyntaxError, SkipFile, OSError, *GZIP_ERRORS):
        return None
    return None


def unrecognised(root: str | None) -> str:
    return f"unrecognised XML: root element <{root}>"


def source_line(element: etree._Element) -> int:
    # lxml-stubs leave sourceline untyped; it is the line of the start tag, or None
    # for elements that did not come from parsing.
    line = cast("int | None", element.sourceline)
    return line or 1


def local_name(element: etree._Element) -> str:
    """The tag without its namespace, which is how the dump formats are recognised."""
    tag = element.tag
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""
