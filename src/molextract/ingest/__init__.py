"""Streaming readers that turn literature dump files into ``Document`` objects.

Readers know nothing of extraction, engines or HTTP. They stream: memory depends on
the longest record, not on the size of a dump. Every problem with the input is reported
as a ``Skipped`` and the stream goes on, because one bad line should not end a long run.
"""

from molextract.ingest.base import SkipHandler, Skipped
from molextract.ingest.checks import check_inputs, count_documents_hint
from molextract.ingest.convert import write_jsonl
from molextract.ingest.formats import SUPPORTED_SUFFIXES, detect_format
from molextract.ingest.stream import read_documents

__all__ = [
    "SUPPORTED_SUFFIXES",
    "SkipHandler",
    "Skipped",
    "check_inputs",
    "count_documents_hint",
    "detect_format",
    "read_documents",
    "write_jsonl",
]
