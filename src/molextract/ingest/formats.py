"""Which reader handles which file.

Adding a format is one reader module plus one ``Format`` entry below; nothing else
in the package names a format's suffixes or root elements. File names decide, except
for ``.xml``: PubMed, PMC, USPTO, EPO and Elsevier files all use it, so the root element
decides.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from molextract.ingest.base import Reader, SkipHandler, Skipped, Source
from molextract.ingest.csvfile import read_csv
from molextract.ingest.document import Document
from molextract.ingest.elsevier import NAMESPACES as ELSEVIER_NAMESPACES
from molextract.ingest.elsevier import ROOTS as ELSEVIER_ROOTS
from molextract.ingest.elsevier import read_elsevier
from molextract.ingest.epo import ROOTS as EPO_ROOTS
from molextract.ingest.epo import read_epo
from molextract.ingest.html import read_html
from molextract.ingest.jats import ROOTS as JATS_ROOTS
from molextract.ingest.jats import read_jats
from molextract.ingest.jsonl import read_jsonl
from molextract.ingest.lines import GZIP_SUFFIX
from molextract.ingest.pdf import read_pdf
from molextract.ingest.pubmed import ROOTS as PUBMED_ROOTS
from molextract.ingest.pubmed import read_pubmed
from molextract.ingest.text import read_text
from molextract.ingest.uspto import ROOTS as USPTO_ROOTS
from molextract.ingest.uspto import read_uspto
from molextract.ingest.xmlstream import sniff_root, sniff_root_tag, unrecognised


@dataclass(frozen=True)
class Format:
    name: str
    suffixes: tuple[str, ...]
    reader: Reader
    #: Root elements (local names) by which a ``.xml`` file is recognised as this format.
    roots: tuple[str, ...] = ()


def _read_xml(source: Source, on_skip: SkipHandler) -> Iterator[Document]:
    """Hand a ``.xml`` file to the reader of its root element."""
    tag = sniff_root_tag(source)
    if tag is None:
        # No root to go by: the file is empty, unreadable or broken before its root,
        # and any XML reader reports that in the same words.
        yield from read_jats(source, on_skip)
        return
    namespace, root = tag
    if namespace in ELSEVIER_NAMESPACES:  # Elsevier's own <ja:article>, not JATS
        yield from read_elsevier(source, on_skip)
        return
    fmt = _BY_ROOT.get(root)
    if fmt is None:
        on_skip(Skipped(source.name, None, unrecognised(root)))
        return
    yield from fmt.reader(source, on_skip)


FORMATS: tuple[Format, ...] = (
    Format("jsonl", (".jsonl", ".ndjson"), read_jsonl),
    Format("csv", (".csv",), read_csv),
    Format("txt", (".txt",), read_text),
    Format("xml", (".xml",), _read_xml),
    Format("jats", (".nxml",), read_jats, JATS_ROOTS),
    Format("pdf", (".pdf",), read_pdf),
    Format("html", (".html", ".htm"), read_html),
    Format("pubmed", (), read_pubmed, PUBMED_ROOTS),
    Format("uspto", (), read_uspto, USPTO_ROOTS),
    Format("epo", (), read_epo, EPO_ROOTS),
    Format("elsevier", (), read_elsevier, ELSEVIER_ROOTS),
)

_BY_SUFFIX = {suffix: fmt for fmt in FORMATS for suffix in fmt.suffixes}
_BY_NAME = {fmt.name: fmt for fmt in FORMATS}
_BY_ROOT = {root: fmt for fmt in FORMATS for root in fmt.roots}

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


def content_problem(path: Path, format_name: str) -> str | None:
    """Why an XML file's root element rules it out, judged from its first start tag.

    None when it is fine or cannot be told yet (empty, unreadable, malformed): reading
    reports those with a line number.
    """
    allowed = _BY_ROOT if format_name == "xml" else _BY_NAME[format_name].roots
    if not allowed:
        return None
    root = sniff_root(Source(path, str(path), path.name, format_name))
    return None if root is None or root in allowed else unrecognised(root)


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
