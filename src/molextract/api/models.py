"""Request and response bodies of the job API.

Requests forbid unknown fields, so a typo (``"document"`` for ``"documents"``) is a
422 naming the field instead of a job silently missing its data. Limits that come
from settings (documents per job, characters per document, inline schema size) are
checked as the body is read (:mod:`~molextract.api.submission`), not here, because a
model's bounds are fixed at import time.

Every string that will be stored is checked for NUL characters and lone surrogates:
PostgreSQL rejects both, and bad input must be a 422, not a database error.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from molextract.api.cursors import JOB_CURSOR_PATTERN, RECORD_CURSOR_PATTERN
from molextract.api.inline_schemas import schema_ref_json_schema
from molextract.engines.factory import KNOWN_ENGINES
from molextract.jobs import JobCounts, JobStatus
from molextract.schemas.records import Record
from molextract.store.models import MAX_DOC_ID_LENGTH

#: Nesting bounds for free-form JSON: deeper values would hit Python's recursion
#: limit in ``json.dumps`` or ``jsonschema`` and turn bad input into a 500.
MAX_METADATA_DEPTH = 32
MAX_SCHEMA_DEPTH = 64


def _storable(value: str) -> str:
    if "\x00" in value:
        raise ValueError("must not contain NUL characters (\\u0000)")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValueError("must be valid Unicode text (it contains a lone surrogate)") from exc
    return value


def check_json_value(value: object, *, max_depth: int) -> object:
    """Raise ``ValueError`` for JSON the store cannot keep or code cannot recurse into.

    Iterative, so a value just under the depth bound cannot exhaust the stack here.
    """
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict | list) and depth > max_depth:
            raise ValueError(f"is nested more than {max_depth} levels deep")
        if isinstance(node, dict):
            for key, child in node.items():
                _storable(str(key))
                stack.append((child, depth + 1))
        elif isinstance(node, list):
            stack.extend((child, depth + 1) for child in node)
        elif isinstance(node, str):
            _storable(node)
    return value


def _without_default(schema: dict[str, Any]) -> None:
    """Drop ``default: null`` from a field documented as a string that may be left out."""
    schema.pop("default", None)


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid")


DocumentId = Annotated[
    str,
    Field(
        min_length=1,
        max_length=MAX_DOC_ID_LENGTH,
        description="Unique within the job; results are keyed by it.",
    ),
    AfterValidator(_storable),
]


class DocumentIn(_Request):
    """One document to extract from: its text, as the CLI reads it from a JSONL line, or a
    PDF (`pdf_base64`), which the server reads into the text and page metadata that a
    `.pdf` file gives `molextract run`. Exactly one of `text` and `pdf_base64`."""

    id: DocumentId
    # Declared before ``text`` so that the check for a missing text sees whether a PDF
    # came instead (validators see the fields declared before theirs).
    pdf_base64: Annotated[
        str | None,
        Field(
            default=None,
            json_schema_extra=_without_default,
            description="Instead of `text`: the bytes of a PDF, standard base64. The server "
            "reads its text layer (no OCR) and pages; an encrypted, damaged or scanned PDF, "
            "or one over the service's PDF limits, is refused (4xx naming the document).",
        ),
        WithJsonSchema(
            {"type": "string", "minLength": 1, "contentEncoding": "base64"},
            mode="validation",
        ),
    ] = None
    text: Annotated[
        str | None,
        Field(
            default=None,
            min_length=1,
            validate_default=True,
            json_schema_extra=_without_default,
            description="The document text; evidence offsets in the results index into it. "
            "Longer texts than the service's per-document limit are refused (422). "
            "Required unless `pdf_base64` is given.",
        ),
        WithJsonSchema({"type": "string", "minLength": 1}, mode="validation"),
    ] = None
    metadata: dict[str, Any] = Field(
        default_factory=dict,
        description="Kept with the document and returned unchanged (for a PDF, merged over "
        "what the reader found; its `pages`, `lines` and `sections` stay the reader's).",
    )

    @field_validator("pdf_base64")
    @classmethod
    def _not_empty(cls, pdf_base64: str | None) -> str | None:
        if pdf_base64 is not None and not pdf_base64.strip():
            raise ValueError("must hold the PDF's bytes in base64")
        return pdf_base64

    @field_validator("text")
    @classmethod
    def _text(cls, text: str | None, info: ValidationInfo) -> str | None:
        """Text that is stored: present (unless a PDF stands in), non-blank, storable.

        A missing text is reported as pydantic reports a missing field, at ``text``, so
        a client that forgot it is told what it was told before PDFs were accepted. A
        ``pdf_base64`` that failed its own check is not in ``info.data``: that error is
        the one to fix, so no second one is added here.
        """
        if text is None:
            if "pdf_base64" in info.data and info.data["pdf_base64"] is None:
                raise PydanticCustomError(
                    "missing", "Field required (the document's text, or its PDF as pdf_base64)"
                )
            return None
        if not text.strip():
            raise ValueError("must contain some non-whitespace text")
        return _storable(text)

    @model_validator(mode="after")
    def _text_or_pdf(self) -> DocumentIn:
        if self.text is not None and self.pdf_base64 is not None:
            raise ValueError("give the document's text or its PDF (pdf_base64), not both")
        return self

    @field_validator("metadata")
    @classmethod
    def _storable_metadata(cls, metadata: dict[str, Any]) -> dict[str, Any]:
        check_json_value(metadata, max_depth=MAX_METADATA_DEPTH)
        return metadata


class JobOptions(_Request):
    """How the service runs the job; everything not given is the service's configuration."""

    chunk_size: int | None = Field(
        default=None, ge=1, le=1000, description="Documents per worker task."
    )
    engines: list[str] | None = Field(
        default=None,
        min_length=1,
        max_length=len(KNOWN_ENGINES),
        description=f"Engine fallback chain for this job; known: {', '.join(KNOWN_ENGINES)}.",
    )

    @field_validator("engines")
    @classmethod
    def _known_engines(cls, engines: list[str] | None) -> list[str] | None:
        unknown = [e for e in engines or [] if e not in KNOWN_ENGINES]
        if unknown:
            raise ValueError(f"unknown engine(s) {unknown}; known: {', '.join(KNOWN_ENGINES)}")
        return engines


SchemaRef = Annotated[
    str | dict[str, Any],
    Field(alias="schema"),
    WithJsonSchema(schema_ref_json_schema()),
]


class JobHeader(_Request):
    """The first line of an NDJSON submission: everything but the documents."""

    extraction_schema: SchemaRef
    options: JobOptions = Field(default_factory=JobOptions)

    @field_validator("extraction_schema")
    @classmethod
    def _storable_schema(cls, schema: str | dict[str, Any]) -> str | dict[str, Any]:
        if isinstance(schema, dict):
            check_json_value(schema, max_depth=MAX_SCHEMA_DEPTH)
        return schema


class JobRequest(JobHeader):
    """A job submitted as one JSON object."""

    documents: list[DocumentIn] = Field(
        min_length=1, description="At least one; at most the service's per-job limit."
    )


class _Response(BaseModel):
    model_config = ConfigDict(validate_by_name=True, validate_by_alias=True)


class JobLinks(_Response):
    self_: str = Field(alias="self", description="This job.")
    results: str = Field(description="The job's results.")
    report: str = Field(description="The job's results as an HTML report.")


class JobAccepted(_Response):
    id: str
    status: JobStatus
    links: JobLinks


class JobSummary(_Response):
    id: str
    status: JobStatus
    schema_name: str = Field(alias="schema")
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    links: JobLinks


class JobView(JobSummary):
    custom_schema: bool = Field(description="Whether the job carried its own JSON Schema.")
    options: dict[str, Any]
    counts: JobCounts
    engines_used: list[str]


def _next_cursor(position: str, pattern: str, note: str = "") -> Any:
    """A page's ``next_cursor``, declared in the form the ``cursor`` parameter accepts."""
    return Field(
        description=f"Pass as ?cursor= for the next page ({position}); null at the end.{note}",
        json_schema_extra={"pattern": pattern},
    )


class JobList(_Response):
    jobs: list[JobSummary]
    next_cursor: str | None = _next_cursor(
        "`<microseconds since 1970>-<job id>` of this page's last job", JOB_CURSOR_PATTERN
    )


class RecordsPage(_Response):
    records: list[Record]
    next_cursor: str | None = _next_cursor(
        "the id of this page's last record",
        RECORD_CURSOR_PATTERN,
        " A listing is complete only once the job has ended.",
    )


class SchemaSummary(_Response):
    name: str
    description: str
    properties: list[str]
    units: list[str | None]


class SchemaList(_Response):
    schemas: list[SchemaSummary]


class Health(_Response):
    status: str = "ok"


class Readiness(_Response):
    status: str = "ready"
    checks: dict[str, bool]
