"""PDFs as job documents: base64 in JSON or NDJSON, files in a multipart form, and ``submit``.

The PDFs are made here with pdfium (text objects placed on pages), read by the real
reader, and the jobs are stored in the real store; what was stored is read back. An
encrypted PDF is written by hand: pdfium cannot encrypt, but a standard security
handler whose empty user password does not open the file is all the reader sees.
"""

from __future__ import annotations

import base64
import ctypes
import io
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
import uvicorn

from molextract.api import create_app
from molextract.ingest.pdf import NO_TEXT, pdf_document
from tests.utils.api import (
    NDJSON_HEADERS,
    SCHEMA,
    Api,
    ApiSettings,
    Database,
    MakeApi,
    RecordingDispatcher,
    assert_problem,
    ndjson,
)
from tests.utils.network import free_port

pytestmark = pytest.mark.anyio

PAGE_ONE = ["Aspirin melts at 135 °C.", "It was recrystallised from ethanol."]
PAGE_TWO = ["Caffeine melts at 236 °C."]

# -- Making PDFs -----------------------------------------------------------------------


def _text_object(pdf: pdfium.PdfDocument, text: str, x: float, y: float) -> Any:
    obj = pdfium_raw.FPDFPageObj_NewTextObj(pdf.raw, b"Helvetica", ctypes.c_float(11))
    encoded = (text + "\0").encode("utf-16-le")
    units = (ctypes.c_ushort * (len(encoded) // 2)).from_buffer_copy(encoded)
    assert pdfium_raw.FPDFText_SetText(obj, units)
    pdfium_raw.FPDFPageObj_Transform(obj, 1, 0, 0, 1, x, y)
    return obj


def _saved(pdf: pdfium.PdfDocument) -> bytes:
    buffer = io.BytesIO()
    pdf.save(buffer)
    pdf.close()
    return buffer.getvalue()


def make_pdf(*pages: list[str]) -> bytes:
    """A PDF with one page per list, its lines set in Helvetica from the top down."""
    pdf = pdfium.PdfDocument.new()
    for lines in pages:
        page = pdf.new_page(612, 792)
        for number, line in enumerate(lines):
            obj = _text_object(pdf, line, 72, 720 - 14 * number)
            pdfium_raw.FPDFPage_InsertObject(page.raw, obj)
        assert pdfium_raw.FPDFPage_GenerateContent(page.raw)
        page.close()
    return _saved(pdf)


def rectangle_only_pdf() -> bytes:
    """A page with a filled rectangle and no text: what a scan without OCR looks like."""
    pdf = pdfium.PdfDocument.new()
    page = pdf.new_page(612, 792)
    rect = pdfium_raw.FPDFPageObj_CreateNewRect(100, 100, 200, 150)
    pdfium_raw.FPDFPath_SetDrawMode(rect, pdfium_raw.FPDF_FILLMODE_ALTERNATE, 0)
    pdfium_raw.FPDFPage_InsertObject(page.raw, rect)
    assert pdfium_raw.FPDFPage_GenerateContent(page.raw)
    page.close()
    return _saved(pdf)


def encrypted_pdf() -> bytes:
    """A one-page PDF under the standard security handler; its ``/U`` matches no password,
    so pdfium asks for one, as it does for a real password-protected paper."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
        b"<< /Filter /Standard /V 1 /R 2 /O <%s> /U <%s> /P -4 >>" % (b"ab" * 32, b"cd" * 32),
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    file_id = b"01" * 16
    out += b"trailer\n<< /Size %d /Root 1 0 R /Encrypt 4 0 R /ID [<%s> <%s>] >>\n" % (
        len(objects) + 1,
        file_id,
        file_id,
    )
    out += b"startxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


GOOD_PDF = make_pdf(PAGE_ONE, PAGE_TWO)

# (PDF bytes, words of the reason)
UNREADABLE = [
    pytest.param(GOOD_PDF[:300], "damaged PDF", id="damaged"),
    pytest.param(encrypted_pdf(), "encrypted PDF", id="encrypted"),
    pytest.param(rectangle_only_pdf(), NO_TEXT, id="no-text-layer"),
    pytest.param(
        b"<!DOCTYPE html><html><body>Access denied</body></html>", "HTML page", id="html-named-pdf"
    ),
]


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def pdf_job(*documents: dict[str, Any]) -> dict[str, Any]:
    return {"schema": SCHEMA, "documents": list(documents)}


def form(*files: tuple[str, bytes], **fields: str) -> dict[str, Any]:
    """httpx keyword arguments for a job form: ``schema`` unless given, and the files.

    (httpx sends ``multipart/form-data`` only with files; a form of fields alone is
    made with ``files=[(name, (None, value))]``.)
    """
    return {
        "data": {"schema": SCHEMA, **fields},
        "files": [("file", (name, data, "application/octet-stream")) for name, data in files],
    }


def assert_nothing_stored(api: Api) -> None:
    assert api.db.row_counts() == (0, 0)
    assert api.dispatcher.dispatched == []


@pytest.fixture
async def limited(make_api: MakeApi, request: pytest.FixtureRequest) -> AsyncIterator[Api]:
    """The API with the settings the test is parametrised with indirectly."""
    built = make_api(**request.param)
    async with built.client:
        yield built


# -- Accepted --------------------------------------------------------------------------


async def test_a_base64_pdf_is_stored_as_the_text_and_pages_the_reader_gives(api: Api) -> None:
    metadata = {"journal": "J. Chem.", "pages": [7], "format": "mine"}
    body = pdf_job(
        {"id": "paper-1", "pdf_base64": b64(GOOD_PDF), "metadata": metadata},
        {"id": "note", "text": "Urea melts at 133 °C."},
    )
    response = await api.client.post("/v1/jobs", json=body, headers=api.auth)

    assert response.status_code == 202, response.text
    stored = api.db.stored_documents(response.json()["id"])
    read = pdf_document(GOOD_PDF, doc_id="paper-1", name="paper-1")
    (doc_id, text, stored_metadata), note = stored
    assert doc_id == "paper-1" and text == read.text
    assert PAGE_ONE[0] in text and PAGE_TWO[0] in text
    assert stored_metadata["pages"] == read.metadata["pages"] == [0, text.index("Caffeine")]
    assert stored_metadata["lines"] == read.metadata["lines"]
    assert stored_metadata["page_count"] == 2
    assert stored_metadata["journal"] == "J. Chem." and stored_metadata["format"] == "mine"
    assert note == ("note", "Urea melts at 133 °C.", {})
    assert len(api.dispatcher.dispatched) == 1


async def test_base64_wrapped_at_76_columns_is_accepted(api: Api) -> None:
    wrapped = base64.encodebytes(GOOD_PDF).decode("ascii")
    response = await api.client.post(
        "/v1/jobs", json=pdf_job({"id": "p", "pdf_base64": wrapped}), headers=api.auth
    )

    assert response.status_code == 202, response.text
    [(_, text, _)] = api.db.stored_documents(response.json()["id"])
    assert PAGE_TWO[0] in text


async def test_an_ndjson_line_may_carry_a_pdf(api: Api) -> None:
    body = ndjson(
        {"schema": SCHEMA},
        [{"id": "t", "text": "Urea melts at 133 °C."}, {"id": "p", "pdf_base64": b64(GOOD_PDF)}],
    )
    response = await api.client.post(
        "/v1/jobs", content=body, headers={**api.auth, **NDJSON_HEADERS}
    )

    assert response.status_code == 202, response.text
    stored = api.db.stored_documents(response.json()["id"])
    assert [doc_id for doc_id, _, _ in stored] == ["t", "p"]
    assert PAGE_ONE[0] in stored[1][1] and stored[1][2]["format"] == "pdf"


async def test_a_form_with_two_pdfs_and_a_text_file_is_three_documents(api: Api) -> None:
    second = make_pdf(["Benzoic acid melts at 122 °C."])
    files = [
        ("paper-1.pdf", GOOD_PDF),
        ("si/paper-2.PDF", second),
        ("notes.txt", "Urea melts at 133 °C.\n".encode()),
    ]
    response = await api.client.post(
        "/v1/jobs", **form(*files, options='{"chunk_size": 2}'), headers=api.auth
    )

    assert response.status_code == 202, response.text
    job_id = response.json()["id"]
    stored = api.db.stored_documents(job_id)
    assert [doc_id for doc_id, _, _ in stored] == ["paper-1", "paper-2", "notes"]
    (_, text_1, meta_1), (_, text_2, meta_2), (_, text_3, meta_3) = stored
    assert text_1 == pdf_document(GOOD_PDF, doc_id="x", name="x").text
    assert meta_1["source"] == "paper-1.pdf" and meta_1["pages"] == [0, text_1.index("Caffeine")]
    assert "Benzoic acid melts at 122 °C." in text_2 and meta_2["page_count"] == 1
    assert (text_3, meta_3) == ("Urea melts at 133 °C.\n", {"source": "notes.txt"})
    view = (await api.client.get(f"/v1/jobs/{job_id}", headers=api.auth)).json()
    assert view["options"] == {"chunk_size": 2} and view["counts"]["total"] == 3


async def test_a_form_may_carry_an_inline_schema_as_json(api: Api) -> None:
    schema = json.loads(
        (Path(__file__).resolve().parents[2] / "examples" / "flash_point.schema.json").read_text()
    )
    response = await api.client.post(
        "/v1/jobs",
        **form(("a.txt", b"Ethanol has a flash point of 13 \xc2\xb0C."), schema=json.dumps(schema)),
        headers=api.auth,
    )

    assert response.status_code == 202, response.text
    view = (await api.client.get(f"/v1/jobs/{response.json()['id']}", headers=api.auth)).json()
    assert view["custom_schema"] is True and view["schema"] == schema["title"]


async def test_an_idempotent_retry_of_a_pdf_job_finds_the_same_job(api: Api) -> None:
    body = pdf_job({"id": "p", "pdf_base64": b64(GOOD_PDF)})
    headers = {**api.auth, "Idempotency-Key": "pdf-1"}
    first = await api.client.post("/v1/jobs", json=body, headers=headers)
    again = await api.client.post("/v1/jobs", json=body, headers=headers)

    assert (first.status_code, again.status_code) == (202, 200)
    assert first.json()["id"] == again.json()["id"]
    assert api.db.row_counts() == (1, 1)


# -- Refused ---------------------------------------------------------------------------


@pytest.mark.parametrize(("data", "reason"), UNREADABLE)
async def test_an_unreadable_base64_pdf_is_refused_naming_the_document(
    api: Api, data: bytes, reason: str
) -> None:
    body = pdf_job(
        {"id": "fine", "pdf_base64": b64(GOOD_PDF)}, {"id": "bad-one", "pdf_base64": b64(data)}
    )
    response = await api.client.post("/v1/jobs", json=body, headers=api.auth)

    problem = assert_problem(response, 422, "pdf-unreadable")
    assert reason in problem["detail"] and "'bad-one'" in problem["detail"]
    assert problem["errors"][0]["loc"] == ["body", "documents", 1, "pdf_base64"]
    assert_nothing_stored(api)


@pytest.mark.parametrize(("data", "reason"), UNREADABLE)
async def test_an_unreadable_pdf_file_is_refused_naming_the_document(
    api: Api, data: bytes, reason: str
) -> None:
    files = [("fine.pdf", GOOD_PDF), ("bad-one.pdf", data)]
    response = await api.client.post("/v1/jobs", **form(*files), headers=api.auth)

    problem = assert_problem(response, 422, "pdf-unreadable")
    assert reason in problem["detail"] and "'bad-one'" in problem["detail"]
    assert problem["errors"][0]["loc"] == ["body", "file", 1]
    assert_nothing_stored(api)


async def test_an_unreadable_pdf_on_an_ndjson_line_names_the_line(api: Api) -> None:
    body = ndjson({"schema": SCHEMA}, [{"id": "scan", "pdf_base64": b64(rectangle_only_pdf())}])
    response = await api.client.post(
        "/v1/jobs", content=body, headers={**api.auth, **NDJSON_HEADERS}
    )

    problem = assert_problem(response, 422, "pdf-unreadable")
    assert problem["detail"] == f"line 2: document 'scan': {NO_TEXT}"
    assert problem["errors"][0]["line"] == 2 and problem["errors"][0]["loc"] == ["pdf_base64"]
    assert_nothing_stored(api)


@pytest.mark.parametrize(
    "value",
    ["JVBERi0x!!!", "JVBERi0", "JVBERi0xLjc=\u00e9"],
    ids=["bad-char", "bad-length", "non-ascii"],
)
async def test_bad_base64_is_refused_naming_the_document(api: Api, value: str) -> None:
    body = pdf_job(
        {"id": "fine", "text": "Urea melts at 133 °C."}, {"id": "p7", "pdf_base64": value}
    )
    response = await api.client.post("/v1/jobs", json=body, headers=api.auth)

    problem = assert_problem(response, 422, "validation-error")
    assert "'p7'" in problem["detail"] and "not valid standard base64" in problem["detail"]
    assert problem["errors"][0]["loc"] == ["body", "documents", 1, "pdf_base64"]
    assert problem["errors"][0]["type"] == "base64_invalid"
    assert_nothing_stored(api)


async def test_text_and_pdf_together_are_refused(api: Api) -> None:
    body = pdf_job({"id": "both", "text": "Urea melts at 133 °C.", "pdf_base64": b64(GOOD_PDF)})
    response = await api.client.post("/v1/jobs", json=body, headers=api.auth)

    problem = assert_problem(response, 422, "validation-error")
    assert problem["detail"].startswith("body/documents/0: ") and "not both" in problem["detail"]
    assert_nothing_stored(api)


async def test_a_document_with_neither_text_nor_pdf_is_refused(api: Api) -> None:
    response = await api.client.post(
        "/v1/jobs", json=pdf_job({"id": "empty", "metadata": {}}), headers=api.auth
    )

    problem = assert_problem(response, 422, "validation-error")
    assert problem["errors"][0]["loc"] == ["body", "documents", 0, "text"]
    assert "pdf_base64" in problem["detail"] and "required" in problem["detail"]
    assert_nothing_stored(api)


@pytest.mark.parametrize("limited", [{"api_max_pdf_bytes": 1024}], indirect=True)
async def test_a_pdf_over_the_size_limit_is_413_as_base64_and_as_a_file(limited: Api) -> None:
    big = make_pdf([f"Line {i} of a long page of text." for i in range(40)])
    assert len(big) > 1024
    as_json = await limited.client.post(
        "/v1/jobs", json=pdf_job({"id": "big", "pdf_base64": b64(big)}), headers=limited.auth
    )
    as_file = await limited.client.post("/v1/jobs", **form(("big.pdf", big)), headers=limited.auth)

    for response in (as_json, as_file):
        problem = assert_problem(response, 413, "pdf-too-large")
        assert "'big'" in problem["detail"] and "limit is 1024 bytes" in problem["detail"]
    assert_nothing_stored(limited)


@pytest.mark.parametrize("limited", [{"api_max_pdf_pages": 1}], indirect=True)
async def test_a_pdf_over_the_page_limit_is_refused_before_it_is_read(limited: Api) -> None:
    response = await limited.client.post(
        "/v1/jobs",
        json=pdf_job({"id": "two-pages", "pdf_base64": b64(GOOD_PDF)}),
        headers=limited.auth,
    )

    problem = assert_problem(response, 413, "pdf-too-many-pages")
    assert "has 2 pages; the limit is 1 pages per PDF" in problem["detail"]
    assert "'two-pages'" in problem["detail"]
    assert_nothing_stored(limited)


@pytest.mark.parametrize("limited", [{"api_max_document_chars": 40}], indirect=True)
async def test_a_pdf_whose_text_is_over_the_text_limit_is_refused_like_a_long_text(
    limited: Api,
) -> None:
    as_json = await limited.client.post(
        "/v1/jobs", json=pdf_job({"id": "long", "pdf_base64": b64(GOOD_PDF)}), headers=limited.auth
    )
    as_file = await limited.client.post(
        "/v1/jobs", **form(("long.pdf", GOOD_PDF)), headers=limited.auth
    )

    for response in (as_json, as_file):
        problem = assert_problem(response, 422, "validation-error")
        assert (
            "document 'long' has" in problem["detail"]
            and "(read from its PDF)" in problem["detail"]
        )
        assert "the limit is 40 per document" in problem["detail"]
        assert problem["errors"][0]["type"] == "document_too_long"
    assert_nothing_stored(limited)


@pytest.mark.parametrize("limited", [{"api_max_body_bytes": 2048}], indirect=True)
async def test_a_form_over_the_body_limit_is_cut_off_without_a_content_length(limited: Api) -> None:
    boundary = "molextract-test"
    part = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="schema"\r\n\r\n{SCHEMA}\r\n'
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n'
        "Content-Type: application/pdf\r\n\r\n"
    ).encode()

    async def chunks() -> AsyncIterator[bytes]:
        yield part
        for _ in range(100):  # 100 KiB, far past the limit, with no Content-Length
            yield b"x" * 1024
        yield f"\r\n--{boundary}--\r\n".encode()

    response = await limited.client.post(
        "/v1/jobs",
        content=chunks(),
        headers={**limited.auth, "Content-Type": f"multipart/form-data; boundary={boundary}"},
    )

    problem = assert_problem(response, 413, "body-too-large")
    assert "2048 bytes" in problem["detail"]
    assert_nothing_stored(limited)


@pytest.mark.parametrize("limited", [{"api_max_documents": 2}], indirect=True)
async def test_a_form_with_more_files_than_documents_allowed_is_refused(limited: Api) -> None:
    files = [(f"n{i}.txt", b"Urea melts at 133 C.") for i in range(3)]
    response = await limited.client.post("/v1/jobs", **form(*files), headers=limited.auth)

    problem = assert_problem(response, 422, "validation-error")
    assert "more than 2 documents" in problem["detail"]
    assert problem["errors"][0]["type"] == "too_many_documents"
    assert_nothing_stored(limited)


# (form arguments for httpx, status, problem type, words in the detail)
BAD_FORMS = [
    pytest.param(
        {"data": {}, "files": [("file", ("a.pdf", GOOD_PDF))]},
        422,
        "validation-error",
        "body/schema: Field required",
        id="no-schema",
    ),
    pytest.param(
        {"files": [("schema", (None, SCHEMA))]},
        422,
        "validation-error",
        "no documents",
        id="no-files",
    ),
    pytest.param(
        form(("a.pdf", GOOD_PDF), files="x"), 422, "validation-error", "'files'", id="unknown-field"
    ),
    pytest.param(form(("a.docx", b"PK")), 422, "validation-error", "only .pdf and .txt", id="docx"),
    pytest.param(
        form(("a.pdf", GOOD_PDF), ("a.txt", b"Urea.")),
        422,
        "validation-error",
        "as file[0] does",
        id="duplicate-id",
    ),
    pytest.param(
        form((".pdf", GOOD_PDF)), 422, "validation-error", "no usable document id", id="no-id"
    ),
    pytest.param(
        form(("a.txt", b"\xff\xfe caf\xe9")),
        422,
        "validation-error",
        "not UTF-8",
        id="txt-not-utf8",
    ),
    pytest.param(
        form(("a.txt", b"  \n")), 422, "validation-error", "non-whitespace", id="blank-txt"
    ),
    pytest.param(
        {"files": [("schema", (None, SCHEMA)), ("file", (None, "inline text"))]},
        422,
        "validation-error",
        "plain field",
        id="file-not-a-file",
    ),
    pytest.param(
        form(("a.pdf", GOOD_PDF), options="{chunk_size: 2}"),
        400,
        "malformed-json",
        "form field 'options'",
        id="options-not-json",
    ),
    pytest.param(
        form(("a.pdf", GOOD_PDF), options='{"priority": 1}'),
        422,
        "validation-error",
        "body/options/priority",
        id="unknown-option",
    ),
    pytest.param(
        form(("a.pdf", GOOD_PDF), schema="boiling_pt"),
        422,
        "unknown-schema",
        "melting_point",
        id="unknown-schema",
    ),
]


@pytest.mark.parametrize(("kwargs", "status", "kind", "words"), BAD_FORMS)
async def test_a_bad_form_is_refused_and_nothing_stored(
    api: Api, kwargs: dict[str, Any], status: int, kind: str, words: str
) -> None:
    response = await api.client.post("/v1/jobs", **kwargs, headers=api.auth)

    problem = assert_problem(response, status, kind)
    assert words in problem["detail"]
    assert_nothing_stored(api)


async def test_a_multipart_body_that_is_not_multipart_is_400(api: Api) -> None:
    headers = {**api.auth, "Content-Type": "multipart/form-data; boundary=x"}
    response = await api.client.post(
        "/v1/jobs", content=b'{"schema": "melting_point"}', headers=headers
    )

    problem = assert_problem(response, 400, "malformed-multipart")
    assert "cannot be parsed" in problem["detail"]
    assert_nothing_stored(api)


async def test_openapi_describes_the_pdf_field_and_the_form(api: Api) -> None:
    schema = (await api.client.get("/openapi.json", headers=api.auth)).json()

    document = schema["components"]["schemas"]["DocumentIn"]
    assert document["properties"]["pdf_base64"]["contentEncoding"] == "base64"
    assert document["required"] == ["id"]
    content = schema["paths"]["/v1/jobs"]["post"]["requestBody"]["content"]
    job_form = content["multipart/form-data"]["schema"]
    assert job_form["required"] == ["schema", "file"]
    assert job_form["properties"]["file"]["items"] == {"type": "string", "format": "binary"}


# -- molextract submit -----------------------------------------------------------------


@pytest.fixture
def live_api(sqlite_db: Database) -> Iterator[tuple[str, str, Database]]:
    """The real app served over HTTP by uvicorn: its URL, an API key, and its database."""
    _, secret = sqlite_db.repository.create_api_key("submit-pdf")
    app = create_app(ApiSettings(), sqlite_db.repository, RecordingDispatcher())
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}", secret, sqlite_db
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def test_submit_reads_a_pdf_locally_and_sends_its_text_and_pages(
    live_api: tuple[str, str, Database], tmp_path: Path
) -> None:
    url, secret, db = live_api
    paper = tmp_path / "paper-9.pdf"
    paper.write_bytes(GOOD_PDF)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "molextract.cli",
            "submit",
            str(paper),
            "--api",
            url,
            "--schema",
            SCHEMA,
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "MOLEXTRACT_API_KEY": secret, "COLUMNS": "200"},
        timeout=300,
        check=False,
    )

    assert done.returncode == 0, done.stderr
    [job_id] = done.stdout.split()
    [(doc_id, text, metadata)] = db.stored_documents(job_id)
    read = pdf_document(GOOD_PDF, doc_id="paper-9", name=str(paper))
    assert doc_id == "paper-9" and text == read.text
    assert metadata["pages"] == [0, text.index("Caffeine")] and metadata["format"] == "pdf"
