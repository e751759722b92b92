"""Turn a ``POST /v1/jobs`` body into validated documents, or a problem saying what to fix.

Both body forms end up as the same :class:`Submission`, so what is stored and
dispatched (:mod:`~molextract.api.accept`) is one thing, and an Idempotency-Key retry
hashes the same whether it came as JSON or as NDJSON. The body is counted while it is read: a client that sends
no ``Content-Length`` (or a false one) is cut off at the limit all the same.
NDJSON is parsed line by line as it arrives, so a bad line is reported (with its
number) without waiting for the rest of a large upload.
"""

from __future__ import annotations

import json
import math
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

from molextract.api.formats import NDJSON_TYPES
from molextract.api.inline_schemas import checked_schema
from molextract.api.limits import ApiLimits
from molextract.api.models import DocumentIn, JobHeader, JobRequest
from molextract.api.problems import (
    Problem,
    field_problems,
    from_validation_error,
    validation_problem,
)
from molextract.ingest.document import Document
from molextract.store import request_hash

JSON = "application/json"


@dataclass(frozen=True)
class Submission:
    """A job ready to store: every limit and rule already checked."""

    schema_name: str
    custom_schema: dict[str, Any] | None
    options: dict[str, Any]
    documents: list[Document]

    def fingerprint(self) -> str:
        """The request's identity for Idempotency-Key: its validated content, not its bytes.

        So a retry matches whether it is sent as JSON or NDJSON, with keys in any order,
        and whether or not it spells out defaults such as empty metadata.
        """
        return request_hash(
            {
                "schema": self.custom_schema or self.schema_name,
                "options": self.options,
                "documents": [
                    {"id": d.id, "text": d.text, "metadata": d.metadata} for d in self.documents
                ],
            }
        )


class _Parsed(NamedTuple):
    header: JobHeader
    schema: tuple[str, dict[str, Any] | None]
    documents: list[DocumentIn]


class _BadJson(ValueError):
    """Text that is not JSON (or JSON that the store could not keep, like NaN)."""


class _DuplicateKey(_BadJson):
    """An object that names a key twice: JSON parsers keep the last, so one value is lost.

    Which one is an accident of the parser (``schema`` given twice ran the second),
    so the body is refused instead, naming the key and where it is.
    """

    def __init__(self, key: str, path: list[str | int]) -> None:
        where = "in " + "/".join(str(part) for part in path) if path else "at the top level"
        super().__init__(f"duplicate key {key[:80]!r} {where}; a key may appear once per object")
        self.key = key
        self.path = path


def media_type(request: Request) -> str:
    return request.headers.get("content-type", "").split(";", 1)[0].strip().lower()


async def read_submission(request: Request, limits: ApiLimits) -> Submission:
    """Read, parse and check the body; raise :class:`Problem` for anything unusable."""
    kind = media_type(request)
    if kind == JSON:
        raw = b"".join([chunk async for chunk in _limited_body(request, limits)])
        parsed = await run_in_threadpool(_parse_json_body, raw, limits)
    elif kind in NDJSON_TYPES:
        parsed = await _parse_ndjson_body(_limited_body(request, limits), limits)
    else:
        raise Problem(
            415,
            "unsupported-media-type",
            "Unsupported media type",
            f"Content-Type {kind or '(none)'!r} is not accepted; send {JSON} (one job object) "
            "or application/x-ndjson (a header line, then one document per line)",
        )
    header, (schema_name, custom_schema), documents = parsed
    return Submission(
        schema_name=schema_name,
        custom_schema=custom_schema,
        options=header.options.model_dump(mode="json", exclude_none=True),
        documents=[Document(d.id, d.text, d.metadata) for d in documents],
    )


# -- Reading ---------------------------------------------------------------------------


def _too_large(limits: ApiLimits) -> Problem:
    return Problem(
        413,
        "body-too-large",
        "Request body too large",
        f"the request body exceeds the limit of {limits.max_body_bytes} bytes "
        f"({limits.max_body_bytes / (1024 * 1024):.1f} MiB); split the documents over several "
        f"jobs (each at most {limits.max_documents} documents and "
        f"{limits.max_body_bytes} bytes)",
    )


async def _limited_body(request: Request, limits: ApiLimits) -> AsyncIterator[bytes]:
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limits.max_body_bytes:
        raise _too_large(limits)
    received = 0
    async for chunk in request.stream():
        received += len(chunk)
        if received > limits.max_body_bytes:
            raise _too_large(limits)
        yield chunk


async def _lines(chunks: AsyncIterator[bytes]) -> AsyncIterator[tuple[int, bytes]]:
    """Numbered lines as they arrive; a line split over chunks is joined once, not re-copied."""
    number = 0
    tail: list[bytes] = []
    async for chunk in chunks:
        parts = chunk.split(b"\n")
        if len(parts) == 1:
            tail.append(chunk)
            continue
        tail.append(parts[0])
        number += 1
        yield number, b"".join(tail)
        for middle in parts[1:-1]:
            number += 1
            yield number, middle
        tail = [parts[-1]]
    last = b"".join(tail)
    if last.strip():
        yield number + 1, last


def _reject_constant(name: str) -> Any:
    raise _BadJson(f"{name} is not valid JSON")


def _finite_float(text: str) -> float:
    """Numbers like ``1e400`` parse to infinity, which no JSON column or response can carry."""
    value = float(text)
    if not math.isfinite(value):
        raise _BadJson(f"number {text[:40]} is out of range")
    return value


class _RepeatedKeyObject(dict[str, Any]):
    """An object of the body that names :attr:`key` twice, marked to be found and reported."""

    key = ""


def _path_to(root: Any, target: object) -> list[str | int]:
    """The keys and indexes from ``root`` to the object ``target`` (by identity).

    Iterative, so a body nested as deeply as the parser allows cannot overflow the stack.
    """
    stack: list[tuple[Any, list[str | int]]] = [(root, [])]
    while stack:
        node, path = stack.pop()
        if node is target:
            return path
        if isinstance(node, dict):
            stack.extend((value, [*path, key]) for key, value in node.items())
        elif isinstance(node, list):
            stack.extend((value, [*path, index]) for index, value in enumerate(node))
    return []


def _first_repeated(pairs: list[tuple[str, Any]]) -> str:
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            return key
        seen.add(key)
    return ""


def _loads(raw: bytes) -> Any:
    """Parse one JSON text; anything the store could not keep or that loses data is refused.

    Objects are built by a hook that notices a repeated key (the standard parser
    would keep the last value silently); the first such object is reported with
    its path once the parse is done.
    """
    repeated: list[_RepeatedKeyObject] = []

    def build_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        built = dict(pairs)
        if len(built) == len(pairs):
            return built
        marked = _RepeatedKeyObject(built)
        marked.key = _first_repeated(pairs)
        repeated.append(marked)
        return marked

    try:
        data = json.loads(
            raw,
            parse_constant=_reject_constant,
            parse_float=_finite_float,
            object_pairs_hook=build_object,
        )
    except json.JSONDecodeError as exc:
        raise _BadJson(f"line {exc.lineno} column {exc.colno}: {exc.msg}") from exc
    except UnicodeDecodeError as exc:
        raise _BadJson("the body is not UTF-8 text") from exc
    except RecursionError as exc:
        raise _BadJson("the JSON is nested too deeply") from exc
    except ValueError as exc:  # NaN/Infinity above, or an integer with thousands of digits
        raise _BadJson(str(exc)) from exc
    if repeated:
        raise _DuplicateKey(repeated[0].key, _path_to(data, repeated[0]))
    return data


def _duplicate_key_problem(exc: _DuplicateKey, line: int | None = None) -> Problem:
    where = f"line {line}: " if line is not None else ""
    problem: dict[str, Any] = {
        "loc": ["body", *exc.path, exc.key] if line is None else [*exc.path, exc.key],
        "detail": str(exc),
        "type": "duplicate_key",
    }
    if line is not None:
        problem["line"] = line
    return Problem(400, "duplicate-key", "Duplicate key in JSON", f"{where}{exc}", errors=[problem])


# -- JSON ------------------------------------------------------------------------------


def _parse_json_body(raw: bytes, limits: ApiLimits) -> _Parsed:
    try:
        data = _loads(raw)
    except _DuplicateKey as exc:
        raise _duplicate_key_problem(exc) from exc
    except _BadJson as exc:
        raise Problem(400, "malformed-json", "Malformed JSON", f"malformed JSON: {exc}") from exc
    documents = data.get("documents") if isinstance(data, dict) else None
    if isinstance(documents, list) and len(documents) > limits.max_documents:
        raise _too_many_documents(limits, len(documents))
    try:
        job = JobRequest.model_validate(data)
    except ValidationError as exc:
        raise from_validation_error(exc) from exc
    problems = [
        *_length_problems(job.documents, limits),
        *_duplicate_problems(job.documents),
    ]
    if problems:
        raise validation_problem(problems[0]["detail"], problems)
    return _Parsed(job, checked_schema(job.extraction_schema, limits), job.documents)


def _too_many_documents(limits: ApiLimits, count: int | None) -> Problem:
    limit = limits.max_documents
    if count is None:
        detail = f"the job has more than {limit} documents, the limit per job; split it into jobs of at most {limit} documents"
    else:
        detail = (
            f"the job has {count} documents; the limit is {limit} per job: split it into "
            f"{math.ceil(count / limit)} jobs of at most {limit} documents"
        )
    return validation_problem(
        detail, [{"loc": ["body", "documents"], "detail": detail, "type": "too_many_documents"}]
    )


def _length_problem(
    document: DocumentIn, limits: ApiLimits, loc: list[str | int]
) -> dict[str, Any]:
    detail = (
        f"document {document.id[:80]!r} has {len(document.text)} characters; the limit is "
        f"{limits.max_document_chars} per document: split its text into several documents"
    )
    return {"loc": loc, "detail": detail, "type": "document_too_long"}


def _length_problems(documents: Sequence[DocumentIn], limits: ApiLimits) -> list[dict[str, Any]]:
    return [
        _length_problem(d, limits, ["body", "documents", i, "text"])
        for i, d in enumerate(documents)
        if len(d.text) > limits.max_document_chars
    ]


def _duplicate_problems(documents: Sequence[DocumentIn]) -> list[dict[str, Any]]:
    first_seen: dict[str, int] = {}
    problems = []
    for position, document in enumerate(documents):
        first = first_seen.setdefault(document.id, position)
        if first != position:
            problems.append(
                {
                    "loc": ["body", "documents", position, "id"],
                    "detail": f"document id {document.id[:80]!r} repeats documents[{first}]; "
                    "ids must be unique within a job",
                    "type": "duplicate_id",
                }
            )
    return problems


# -- NDJSON ----------------------------------------------------------------------------


def _line_problem(line: int, detail: str, kind: str, loc: Sequence[str | int] = ()) -> Problem:
    return validation_problem(
        f"line {line}: {detail}", [{"loc": list(loc), "detail": detail, "type": kind, "line": line}]
    )


def _parse_line(line: int, raw: bytes) -> Any:
    try:
        return _loads(raw)
    except _DuplicateKey as exc:
        raise _duplicate_key_problem(exc, line) from exc
    except _BadJson as exc:
        raise _line_problem(line, f"not valid JSON: {exc}", "json_invalid") from exc


def _ndjson_header(line: int, raw: bytes) -> JobHeader:
    data = _parse_line(line, raw)
    if isinstance(data, dict) and ({"documents", "id", "text"} & data.keys()):
        raise _line_problem(
            line,
            'the first line must be the job header {"schema": ..., "options": ...}; '
            "documents follow, one per line",
            "header_expected",
        )
    try:
        return JobHeader.model_validate(data)
    except ValidationError as exc:
        raise from_validation_error(exc, prefix=(), line=line) from exc


def _ndjson_document(line: int, raw: bytes) -> DocumentIn:
    try:
        return DocumentIn.model_validate(_parse_line(line, raw))
    except ValidationError as exc:
        problems = field_problems(exc.errors(include_url=False, include_input=False), line=line)
        first = problems[0]
        where = "/".join(str(part) for part in first["loc"]) or "document"
        raise validation_problem(f"line {line}: {where}: {first['detail']}", problems) from exc


async def _parse_ndjson_body(chunks: AsyncIterator[bytes], limits: ApiLimits) -> _Parsed:
    header: JobHeader | None = None
    schema: tuple[str, dict[str, Any] | None] = ("", None)
    documents: list[DocumentIn] = []
    lines_of: dict[str, int] = {}
    async for line, raw in _lines(chunks):
        if not raw.strip():
            continue
        if header is None:
            header = _ndjson_header(line, raw)
            schema = checked_schema(header.extraction_schema, limits)  # fail before the upload ends
            continue
        if len(documents) == limits.max_documents:
            raise _too_many_documents(limits, None)
        document = _ndjson_document(line, raw)
        if len(document.text) > limits.max_document_chars:
            problem = _length_problem(document, limits, ["text"])
            raise _line_problem(line, problem["detail"], problem["type"], problem["loc"])
        first = lines_of.setdefault(document.id, line)
        if first != line:
            raise _line_problem(
                line,
                f"document id {document.id[:80]!r} repeats line {first}; ids must be unique within a job",
                "duplicate_id",
                ["id"],
            )
        documents.append(document)
    if header is None:
        raise _line_problem(
            1,
            'the body is empty; the first line must be {"schema": ..., "options": ...}',
            "missing",
        )
    if not documents:
        detail = "the job has no documents; send one document per line after the header"
        raise validation_problem(
            detail, [{"loc": ["body", "documents"], "detail": detail, "type": "too_short"}]
        )
    return _Parsed(header, schema, documents)
