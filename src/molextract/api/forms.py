"""Reading a ``multipart/form-data`` job body with Starlette's parser and the service's limits.

Starlette's :class:`~starlette.formparsers.MultiPartParser` is what ``request.form()``
uses, with the same ``max_files``/``max_fields``/``max_part_size`` bounds; it is
driven here directly so that it reads the body through the same byte counter as
JSON and NDJSON (:func:`~molextract.api.submission.read_submission`): a form without a
``Content-Length``, or with a false one, is cut off at the body limit all the same.
Files are spooled to temporary files as they arrive, so memory holds one PDF at a
time when they are read. The parser's own errors become problem details here, the
limits among them naming the limit, like every other refusal.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Callable

from starlette.datastructures import FormData, Headers
from starlette.formparsers import MultiPartException, MultiPartParser

from molextract.api.limits import ApiLimits
from molextract.api.problems import Problem, validation_problem

FORM = "multipart/form-data"

#: The fields of a job form other than its files: ``schema``, ``options``, and a few
#: to spare so that a misnamed one is reported by name rather than by count.
MAX_FORM_FIELDS = 16

#: Room above the inline-schema limit for a form field (JSON-encoded, maybe pretty-
#: printed), so that an over-large schema gets the schema check's own message; past
#: this the parser stops reading.
FIELD_ALLOWANCE = 64 * 1024


async def read_form(
    headers: Headers,
    body: AsyncGenerator[bytes, None],
    limits: ApiLimits,
    too_many_files: Callable[[], Problem],
) -> FormData:
    """The parsed form; the caller closes it (its files are temporary files).

    ``too_many_files`` makes the problem for more file parts than the per-job document
    limit, so it reads as the same refusal as a JSON job with too many documents.
    """
    parser = MultiPartParser(
        headers,
        body,
        max_files=limits.max_documents,
        max_fields=MAX_FORM_FIELDS,
        max_part_size=limits.max_schema_bytes + FIELD_ALLOWANCE,
    )
    try:
        return await parser.parse()
    except MultiPartException as exc:
        raise _parser_problem(str(exc), too_many_files) from None


def _parser_problem(message: str, too_many_files: Callable[[], Problem]) -> Problem:
    """Starlette says which limit a form broke only in its message, so that is read here;
    anything else it reports is a malformed body."""
    if message.startswith("Too many files"):
        return too_many_files()
    if message.startswith("Too many fields"):
        detail = (
            f"the form has more than {MAX_FORM_FIELDS} fields; a job form has the fields "
            "'schema' and 'options' and one 'file' part per document"
        )
        return validation_problem(
            detail, [{"loc": ["body"], "detail": detail, "type": "too_many_fields"}]
        )
    if message.startswith("Part exceeded"):
        return Problem(
            413,
            "form-field-too-large",
            "Form field too large",
            f"a form field is too large: {message} Fields hold the schema name (or an "
            "inline schema) and options; documents go in 'file' parts",
        )
    return Problem(
        400,
        "malformed-multipart",
        "Malformed multipart body",
        f"the multipart/form-data body cannot be parsed: {message}",
    )
