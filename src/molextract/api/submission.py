"""Turn a ``POST /v1/jobs`` body into validated documents, or a problem saying what to fix.

Every body form (JSON, NDJSON, ``multipart/form-data``) ends up as the same
:class:`Submission`, so what is stored and dispatched (:mod:`~molextract.api.accept`)
is one thing, and an Idempotency-Key retry hashes the same whether it came as JSON or
as NDJSON. The body is counted while it is read: a client that sends no
``Content-Length`` (or a false one) is cut off at the limit all the same.
NDJSON is parsed line by line as it arrives, so a bad line is reported (with its
number) without waiting for the rest of a large upload.

A PDF (``pdf_base64`` in JSON or NDJSON, a ``.pdf`` file part in a form) is read
here, after the cheap checks of the whole request have passed, into the text and
metadata that are stored (:mod:`~molextract.api.pdfs`); its text is then held to the
per-document limit like any other. The first document that fails refuses the
request, and nothing of it is stored.
"""

from __future__ import annotations

import json
import math
from collections.abc import AsyncGenerator, AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from pydantic import TypeAdapter, ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile
from starlette.requests import Request

from molextract.api.formats import NDJSON_TYPES
from molextract.api.forms import FORM, read_form
from molextract.api.inline_schemas import checked_schema
from molextract.api.limits import ApiLimits
from molextract.api.models import DocumentId, DocumentIn, JobHeader, JobRequest
from molextract.api.pdfs import Where, decode_base64, pdf_too_large, read_pdf
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
    documents: list[Document]


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
        parsed = await _read_json_body(request, limits)
    elif kind in NDJSON_TYPES:
        parsed = await _parse_ndjson_body(_limited_body(request, limits), limits)
    elif kind == FORM:
        parsed = await _parse_form_body(request, limits)
    else:
        raise Problem(
            415,
            "unsupported-media-type",
            "Unsupported media type",
            f"Content-Type {kind or '(none)'!r} is not accepted; send {JSON} (one job object), "
            f"application/x-ndjson (a header line, then one document per line) or {FORM} "
            "(fields 'schema' and 'options', one 'file' part per .pdf or .txt document)",
        )
    header, (schema_name, custom_schema), documents = parsed
    return Submission(
        schema_name=schema_name,
        custom_schema=custom_schema,
        options=header.options.model_dump(mode="json", exclude_none=True),
        documents=documents,
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


async def _limited_body(request: Request, limits: ApiLimits) -> AsyncGenerator[bytes, None]:
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


async def _read_json_body(request: Request, limits: ApiLimits) -> _Parsed:
    raw = b"".join([chunk async for chunk in _limited_body(request, limits)])
    header, schema, sent = await run_in_threadpool(_parse_json_body, raw, limits)
    documents = [
        await _document(d, limits, Where(["body", "documents", i])) for i, d in enumerate(sent)
    ]
    return _Parsed(header, schema, documents)


def _parse_json_body(
    raw: bytes, limits: ApiLimits
) -> tuple[JobHeader, tuple[str, dict[str, Any] | None], list[DocumentIn]]:
    """The job and its documents as sent, every check done that needs no PDF read."""
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
    return job, checked_schema(job.extraction_schema, limits), job.documents


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
    doc_id: str, text: str, limits: ApiLimits, loc: list[str | int], *, pdf: bool = False
) -> dict[str, Any]:
    source = " (read from its PDF)" if pdf else ""
    detail = (
        f"document {doc_id[:80]!r} has {len(text)} characters{source}; the limit is "
        f"{limits.max_document_chars} per document: split its text into several documents"
    )
    return {"loc": loc, "detail": detail, "type": "document_too_long"}


def _length_problems(documents: Sequence[DocumentIn], limits: ApiLimits) -> list[dict[str, Any]]:
    return [
        _length_problem(d.id, d.text, limits, ["body", "documents", i, "text"])
        for i, d in enumerate(documents)
        if d.text is not None and len(d.text) > limits.max_document_chars
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
    if isinstance(data, dict) and ({"documents", "id", "text", "pdf_base64"} & data.keys()):
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
    documents: list[Document] = []
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
        sent = _ndjson_document(line, raw)
        if sent.text is not None and len(sent.text) > limits.max_document_chars:
            problem = _length_problem(sent.id, sent.text, limits, ["text"])
            raise _line_problem(line, problem["detail"], problem["type"], problem["loc"])
        first = lines_of.setdefault(sent.id, line)
        if first != line:
            raise _line_problem(
                line,
                f"document id {sent.id[:80]!r} repeats line {first}; ids must be unique within a job",
                "duplicate_id",
                ["id"],
            )
        documents.append(await _document(sent, limits, Where([], line)))
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


# -- Documents -------------------------------------------------------------------------


async def _document(sent: DocumentIn, limits: ApiLimits, where: Where) -> Document:
    """The document to store: the text as sent, or what its PDF holds."""
    if sent.pdf_base64 is None:
        assert sent.text is not None  # DocumentIn allows neither both nor none
        return Document(sent.id, sent.text, sent.metadata)
    at_pdf = where.at("pdf_base64")
    data = decode_base64(sent.pdf_base64, sent.id, at_pdf)
    document = await read_pdf(
        data, doc_id=sent.id, name=sent.id, metadata=sent.metadata, limits=limits, where=at_pdf
    )
    return _stored_pdf_text(document, limits, at_pdf)


def _stored_pdf_text(document: Document, limits: ApiLimits, where: Where) -> Document:
    """A PDF's text under the rules for any text: the length limit, and storable.

    A PDF's text is not the client's to edit, so text the store could not keep (a NUL
    from a broken font, say) is reported as a PDF that cannot be used.
    """
    if len(document.text) > limits.max_document_chars:
        problem = _length_problem(document.id, document.text, limits, list(where.loc), pdf=True)
        if where.line is not None:
            raise _line_problem(where.line, problem["detail"], problem["type"], problem["loc"])
        raise validation_problem(problem["detail"], [problem])
    try:
        DocumentIn.model_validate(
            {"id": document.id, "text": document.text, "metadata": document.metadata}
        )
    except ValidationError as exc:
        reason = f"the text read from the PDF cannot be stored: {exc.errors()[0]['msg']}"
        raise Problem(
            422,
            "pdf-unreadable",
            "Unreadable PDF",
            where.detail(document.id, reason),
            errors=[where.error(document.id, reason, "pdf_unreadable")],
        ) from None
    return document


# -- multipart/form-data ---------------------------------------------------------------

#: What a form's file may be, by its name's extension: a PDF is read as ``run`` reads
#: one; a text file is a document as it is.
PDF_SUFFIX = ".pdf"
TEXT_SUFFIX = ".txt"
_FIELDS = ("schema", "options", "file")
_document_id: TypeAdapter[str] = TypeAdapter(DocumentId)


async def _parse_form_body(request: Request, limits: ApiLimits) -> _Parsed:
    form = await read_form(
        request.headers,
        _limited_body(request, limits),
        limits,
        lambda: _too_many_documents(limits, None),
    )
    try:
        _check_field_names(form)
        header = _form_header(await _form_field(form, "schema"), await _form_field(form, "options"))
        schema = checked_schema(header.extraction_schema, limits)
        documents = await _form_documents(form, limits)
    finally:
        await form.close()
    return _Parsed(header, schema, documents)


def _form_problem(detail: str, loc: list[str | int], kind: str) -> Problem:
    return validation_problem(detail, [{"loc": loc, "detail": detail, "type": kind}])


def _check_field_names(form: FormData) -> None:
    """Refuse a field the form does not have, as a JSON body refuses an unknown key:
    a typo (``files`` for ``file``) must not leave a job without its documents."""
    unknown = [key for key in form if key not in _FIELDS]
    if unknown:
        raise _form_problem(
            f"unknown form field {unknown[0][:80]!r}; a job form has 'schema', 'options' "
            "and one 'file' part per document",
            ["body", unknown[0][:80]],
            "extra_forbidden",
        )


async def _form_field(form: FormData, name: str) -> str | None:
    """A form field's text; a file part works too (``curl -F schema=@x.schema.json``)."""
    values = form.getlist(name)
    if len(values) > 1:
        raise _form_problem(
            f"form field {name!r} is given {len(values)} times; give it once",
            ["body", name],
            "duplicate_field",
        )
    if not values:
        return None
    value = values[0]
    if isinstance(value, str):
        return value
    try:
        return (await value.read()).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _form_problem(
            f"form field {name!r} is not UTF-8 text", ["body", name], "unicode_decode"
        ) from None


def _form_header(schema: str | None, options: str | None) -> JobHeader:
    """The job's schema and options from form fields: ``options`` and an inline schema
    are JSON text, decoded with the rules of a JSON body (no repeated keys, no NaN)."""
    data: dict[str, Any] = {}
    if schema is not None:
        data["schema"] = _form_json("schema", schema) if schema.lstrip().startswith("{") else schema
    if options is not None:
        data["options"] = _form_json("options", options)
    try:
        return JobHeader.model_validate(data)
    except ValidationError as exc:
        raise from_validation_error(exc) from exc


def _form_json(name: str, text: str) -> Any:
    try:
        return _loads(text.encode())
    except _DuplicateKey as exc:
        raise _duplicate_key_problem(exc) from exc
    except _BadJson as exc:
        raise Problem(
            400, "malformed-json", "Malformed JSON", f"form field {name!r}: malformed JSON: {exc}"
        ) from exc


async def _form_documents(form: FormData, limits: ApiLimits) -> list[Document]:
    files = form.getlist("file")
    if not files:
        raise _form_problem(
            "the form has no documents; send one 'file' part per .pdf or .txt document",
            ["body", "file"],
            "missing",
        )
    documents: list[Document] = []
    first_seen: dict[str, int] = {}
    for index, upload in enumerate(files):
        where = Where(["body", "file", index])
        if not isinstance(upload, UploadFile):
            raise _form_problem(
                f"file[{index}] is a plain field; send each document as a file part "
                "(with a filename, as `curl -F file=@paper.pdf` does)",
                list(where.loc),
                "file_expected",
            )
        name, doc_id = _file_id(upload, where)
        first = first_seen.setdefault(doc_id, index)
        if first != index:
            raise _form_problem(
                f"file {name[:80]!r} gives document id {doc_id[:80]!r}, as file[{first}] "
                "does; ids (file names without their extension) must be unique within a job",
                list(where.loc),
                "duplicate_id",
            )
        documents.append(await _file_document(upload, name, doc_id, limits, where))
    return documents


def _file_id(upload: UploadFile, where: Where) -> tuple[str, str]:
    """The file's name (without the client's folders) and the document id it gives."""
    name = (upload.filename or "").replace("\\", "/").rsplit("/", 1)[-1]
    stem, dot, extension = name.rpartition(".")
    suffix = dot + extension.lower()
    if not dot or suffix not in (PDF_SUFFIX, TEXT_SUFFIX):
        raise _form_problem(
            f"file {name[:80]!r}: only .pdf and .txt files are accepted (by their name)",
            list(where.loc),
            "unsupported_file_type",
        )
    try:
        return name, _document_id.validate_python(stem)
    except ValidationError as exc:
        raise _form_problem(
            f"file {name[:80]!r} gives no usable document id: {exc.errors()[0]['msg']}",
            list(where.loc),
            "invalid_id",
        ) from None


async def _file_document(
    upload: UploadFile, name: str, doc_id: str, limits: ApiLimits, where: Where
) -> Document:
    metadata = {"source": name}
    if name.lower().endswith(TEXT_SUFFIX):
        return _text_file_document(await upload.read(), doc_id, metadata, limits, where)
    if upload.size is not None and upload.size > limits.max_pdf_bytes:
        raise pdf_too_large(doc_id, upload.size, limits, where)  # before reading it into memory
    document = await read_pdf(
        await upload.read(),
        doc_id=doc_id,
        name=name,
        metadata=metadata,
        limits=limits,
        where=where,
    )
    return _stored_pdf_text(document, limits, where)


def _text_file_document(
    data: bytes, doc_id: str, metadata: dict[str, Any], limits: ApiLimits, where: Where
) -> Document:
    """A ``.txt`` file's document, under the rules for a text sent in JSON."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _form_problem(
            where.detail(doc_id, f"the file is not UTF-8 text (byte {exc.start})"),
            list(where.loc),
            "unicode_decode",
        ) from None
    try:
        sent = DocumentIn.model_validate({"id": doc_id, "text": text, "metadata": metadata})
    except ValidationError as exc:
        raise from_validation_error(exc, prefix=where.loc) from exc
    if len(text) > limits.max_document_chars:
        problem = _length_problem(doc_id, text, limits, list(where.loc))
        raise validation_problem(problem["detail"], [problem])
    return Document(sent.id, text, metadata)
