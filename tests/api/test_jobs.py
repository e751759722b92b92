"""The job API's main paths, on SQLite and PostgreSQL: submit, inspect, results, tenants."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import lxml.html
import pytest

from molextract import schema_document
from molextract.api import formats
from molextract.extraction import tables
from molextract.ingest.document import Document
from molextract.ingest.tables import SourceCell, TableRecorder
from molextract.schemas import DocumentResult, get_schema
from molextract.schemas.records import EngineInfo
from tests.utils.api import (
    NDJSON_HEADERS,
    SCHEMA,
    Api,
    assert_problem,
    custom_schema,
    documents,
    job_body,
    ndjson,
)
from tests.utils.store import failure, result

pytestmark = pytest.mark.anyio


async def _submit(api: Api, n: int = 3, **kwargs: Any) -> str:
    response = await api.client.post("/v1/jobs", json=job_body(n, **kwargs), headers=api.auth)
    assert response.status_code == 202, response.text
    job_id: str = response.json()["id"]
    return job_id


def _finish(api: Api, job_id: str, *, failed: frozenset[str] = frozenset()) -> None:
    """Play the worker: claim every document and save a result (2 records, or a failure)."""
    pending = api.repository.pending_document_ids(job_id)
    for document in api.repository.claim_documents(job_id, pending):
        if document.doc_id in failed:
            api.repository.save_result(
                job_id, document.doc_id, failure(document.doc_id), failed=True
            )
        else:
            api.repository.save_result(job_id, document.doc_id, result(document.doc_id))


async def test_submit_stores_documents_and_dispatches_their_ids(both_api: Api) -> None:
    api = both_api
    body = job_body(3, options={"chunk_size": 2})
    response = await api.client.post("/v1/jobs", json=body, headers=api.auth)

    assert response.status_code == 202
    accepted = response.json()
    job_id = accepted["id"]
    assert accepted == {
        "id": job_id,
        "status": "queued",
        "links": {
            "self": f"/v1/jobs/{job_id}",
            "results": f"/v1/jobs/{job_id}/results",
            "report": f"/v1/jobs/{job_id}/report",
        },
    }
    assert response.headers["location"] == f"/v1/jobs/{job_id}"
    assert api.db.stored_documents(job_id) == [
        (d["id"], d["text"], d["metadata"]) for d in body["documents"]
    ]
    assert api.dispatcher.dispatched == [(job_id, api.repository.pending_document_ids(job_id))]
    assert len(api.dispatcher.dispatched[0][1]) == 3

    view = (await api.client.get(f"/v1/jobs/{job_id}", headers=api.auth)).json()
    assert view["status"] == "queued" and view["schema"] == SCHEMA
    assert view["options"] == {"chunk_size": 2} and view["custom_schema"] is False
    assert view["counts"] == {
        "total": 3,
        "done": 0,
        "failed": 0,
        "queued": 3,
        "running": 0,
        "cancelled": 0,
        "records": 0,
    }
    assert view["created_at"].endswith("Z") and view["started_at"] is None
    assert view["engines_used"] == []


async def test_ndjson_submission_stores_the_same_job(both_api: Api) -> None:
    api = both_api
    docs = documents(4)
    response = await api.client.post(
        "/v1/jobs",
        content=ndjson({"schema": SCHEMA, "options": {"chunk_size": 1}}, docs),
        headers={**api.auth, **NDJSON_HEADERS},
    )

    assert response.status_code == 202, response.text
    job_id = response.json()["id"]
    assert api.db.stored_documents(job_id) == [(d["id"], d["text"], d["metadata"]) for d in docs]
    assert api.dispatcher.dispatched == [(job_id, api.repository.pending_document_ids(job_id))]


async def test_inline_custom_schema_is_validated_and_stored(both_api: Api) -> None:
    api = both_api
    schema = custom_schema()
    job_id = await _submit(api, 1, schema=schema)

    view = (await api.client.get(f"/v1/jobs/{job_id}", headers=api.auth)).json()
    assert view["schema"] == "flash_point" and view["custom_schema"] is True
    job = api.repository.get_job(job_id, api.api_key_id)
    assert job is not None and job.custom_schema == schema


async def test_a_python_schema_with_fields_of_its_own_is_stored_as_its_document(
    api: Api,
) -> None:
    """The class's JSON Schema document is what a job carries, and what is stored."""
    example = Path(__file__).parents[2] / "examples" / "glass_transition.py"
    schema = schema_document(f"{example}:GlassTransition")
    job_id = await _submit(api, 1, schema=schema)
    view = (await api.client.get(f"/v1/jobs/{job_id}", headers=api.auth)).json()
    assert view["schema"] == "glass_transition" and view["custom_schema"] is True
    job = api.repository.get_job(job_id, api.api_key_id)
    assert job is not None and job.custom_schema == schema

    fields = schema["properties"]["records"]["items"]["properties"]
    fields["tags"] = {"type": "array", "items": {"type": "string"}, "description": "tags"}
    response = await api.client.post("/v1/jobs", json=job_body(1, schema=schema), headers=api.auth)
    problem = assert_problem(response, 422, "invalid-schema")
    assert "field 'tags': a list needs maxItems" in problem["detail"]


async def test_results_page_stream_and_documents_shape(both_api: Api) -> None:
    api = both_api
    job_id = await _submit(api, 3)
    _finish(api, job_id, failed=frozenset({"doc-1"}))
    url = f"/v1/jobs/{job_id}/results"

    records: list[dict[str, Any]] = []
    cursor: str | None = None
    pages = 0
    while True:
        params: dict[str, Any] = {"limit": 3, **({"cursor": cursor} if cursor else {})}
        response = await api.client.get(url, params=params, headers=api.auth)
        assert response.status_code == 200
        assert response.headers["x-job-status"] == "partial"
        page = response.json()
        assert set(page) == {"records", "next_cursor"}
        records += page["records"]
        pages += 1
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert pages == 2
    assert [(r["doc_id"], r["value"]) for r in records] == [
        ("doc-0", 100.0),
        ("doc-0", 101.0),
        ("doc-2", 100.0),
        ("doc-2", 101.0),
    ]

    streamed = await api.client.get(url, headers={**api.auth, "Accept": "application/x-ndjson"})
    assert streamed.status_code == 200
    assert streamed.headers["content-type"] == "application/x-ndjson"
    assert [json.loads(line) for line in streamed.text.splitlines()] == records

    lines = await api.client.get(url, params={"format": "documents"}, headers=api.auth)
    assert lines.headers["content-type"] == "application/x-ndjson"
    results = [DocumentResult.model_validate_json(line) for line in lines.text.splitlines()]
    assert [(r.doc_id, len(r.records), [e.code for e in r.errors]) for r in results] == [
        ("doc-0", 2, []),
        ("doc-1", 0, ["engine_unavailable"]),
        ("doc-2", 2, []),
    ]

    view = (await api.client.get(f"/v1/jobs/{job_id}", headers=api.auth)).json()
    assert view["status"] == "partial" and view["engines_used"] == ["local"]
    assert view["counts"]["done"] == 2 and view["counts"]["failed"] == 1
    assert view["counts"]["records"] == 4 and view["finished_at"] is not None


async def test_a_tenant_sees_only_its_own_jobs(both_api: Api) -> None:
    api = both_api
    job_id = await _submit(api)
    other = api.other_tenant()

    for method, path in [
        ("GET", f"/v1/jobs/{job_id}"),
        ("GET", f"/v1/jobs/{job_id}/results"),
        ("DELETE", f"/v1/jobs/{job_id}"),
    ]:
        foreign = await api.client.request(method, path, headers=other)
        missing = await api.client.request(method, path.replace(job_id, "0" * 32), headers=other)
        body = assert_problem(foreign, 404, "job-not-found")
        # Indistinguishable from a job that does not exist, so ids cannot be probed.
        assert body["detail"].replace(job_id, "X") == missing.json()["detail"].replace(
            "0" * 32, "X"
        )

    listed = (await api.client.get("/v1/jobs", headers=other)).json()
    assert listed == {"jobs": [], "next_cursor": None}
    mine = (await api.client.get("/v1/jobs", headers=api.auth)).json()
    assert [job["id"] for job in mine["jobs"]] == [job_id]
    job = api.repository.get_job(job_id, api.api_key_id)
    assert job is not None and job.status == "queued"  # the other tenant's DELETE did nothing


async def test_idempotency_key_replays_the_same_job(both_api: Api) -> None:
    api = both_api
    headers = {**api.auth, "Idempotency-Key": "batch-7"}
    body = job_body(2)
    first = await api.client.post("/v1/jobs", json=body, headers=headers)
    reordered = {"documents": body["documents"], "schema": body["schema"]}
    again = await api.client.post("/v1/jobs", json=reordered, headers=headers)
    as_ndjson = await api.client.post(
        "/v1/jobs",
        content=ndjson({"schema": SCHEMA}, body["documents"]),
        headers={**headers, **NDJSON_HEADERS},
    )

    assert first.status_code == 202 and "idempotent-replayed" not in first.headers
    for replay in (again, as_ndjson):
        assert replay.status_code == 200
        assert replay.headers["idempotent-replayed"] == "true"
        assert replay.json()["id"] == first.json()["id"]
    assert api.db.row_counts() == (1, 2)


async def test_idempotency_key_with_another_body_is_refused(both_api: Api) -> None:
    api = both_api
    headers = {**api.auth, "Idempotency-Key": "batch-7"}
    first = await api.client.post("/v1/jobs", json=job_body(2), headers=headers)
    other = await api.client.post("/v1/jobs", json=job_body(3), headers=headers)

    body = assert_problem(other, 409, "idempotency-key-reused")
    assert "batch-7" in body["detail"] and first.json()["id"] in body["detail"]
    assert "new key" in body["detail"]
    assert api.db.row_counts() == (1, 2)
    assert len(api.dispatcher.dispatched) == 1


async def test_idempotency_keys_belong_to_one_tenant(both_api: Api) -> None:
    api = both_api
    mine = await api.client.post(
        "/v1/jobs", json=job_body(1), headers={**api.auth, "Idempotency-Key": "k"}
    )
    theirs = await api.client.post(
        "/v1/jobs", json=job_body(2), headers={**api.other_tenant(), "Idempotency-Key": "k"}
    )

    assert mine.status_code == 202 and theirs.status_code == 202
    assert mine.json()["id"] != theirs.json()["id"]


async def test_cancel_stops_queued_work_and_is_repeatable(both_api: Api) -> None:
    api = both_api
    job_id = await _submit(api)

    cancelled = await api.client.delete(f"/v1/jobs/{job_id}", headers=api.auth)
    again = await api.client.delete(f"/v1/jobs/{job_id}", headers=api.auth)

    assert cancelled.status_code == 200 and again.status_code == 200
    view = cancelled.json()
    assert view["status"] == "cancelled" and view["finished_at"] is not None
    assert view["counts"]["cancelled"] == 3 and view["counts"]["queued"] == 0
    [(_, dispatched_ids)] = api.dispatcher.dispatched
    assert api.repository.claim_documents(job_id, dispatched_ids) == []  # a worker finds nothing


async def test_cancelling_a_finished_job_is_a_conflict(both_api: Api) -> None:
    api = both_api
    job_id = await _submit(api, 2)
    _finish(api, job_id)

    response = await api.client.delete(f"/v1/jobs/{job_id}", headers=api.auth)

    body = assert_problem(response, 409, "job-finished")
    assert "succeeded" in body["detail"]
    view = (await api.client.get(f"/v1/jobs/{job_id}", headers=api.auth)).json()
    assert view["status"] == "succeeded" and view["counts"]["records"] == 4


@pytest.mark.parametrize(
    ("accept", "streams"),
    [
        ("application/x-ndjson", True),
        ("application/json, application/x-ndjson;q=0.5", True),
        ("application/jsonl", True),
        ("application/x-ndjson;q=0", False),
        ("application/json", False),
        ("*/*", False),
    ],
)
async def test_results_content_negotiation(api: Api, accept: str, streams: bool) -> None:
    job_id = await _submit(api, 1)
    _finish(api, job_id)

    response = await api.client.get(
        f"/v1/jobs/{job_id}/results", headers={**api.auth, "Accept": accept}
    )

    assert response.status_code == 200
    if streams:
        assert response.headers["content-type"] == "application/x-ndjson"
        assert len(response.text.splitlines()) == 2
    else:
        assert len(response.json()["records"]) == 2


async def test_jobs_are_listed_newest_first_in_cursor_pages(api: Api) -> None:
    submitted = [await _submit(api, 1) for _ in range(5)]

    seen: list[str] = []
    cursor: str | None = None
    for _ in range(3):
        params: dict[str, Any] = {"limit": 2, **({"cursor": cursor} if cursor else {})}
        page = (await api.client.get("/v1/jobs", params=params, headers=api.auth)).json()
        seen += [job["id"] for job in page["jobs"]]
        cursor = page["next_cursor"]
    assert cursor is None
    assert seen == submitted[::-1]


async def test_report_is_the_html_page_of_the_finished_documents(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    job_id = await _submit(api, 3)
    _finish(api, job_id, failed=frozenset({"doc-1"}))
    url = f"/v1/jobs/{job_id}/report"

    response = await api.client.get(url, headers=api.auth)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["x-job-status"] == "partial"
    tree = lxml.html.fromstring(response.text)
    assert [h.text_content() for h in tree.xpath("//article/h2")] == ["doc-0", "doc-1", "doc-2"]
    # Each document's submitted text is shown, so its evidence can be highlighted in place.
    assert (
        "The crude solid from compound 2 melts at 102 °C."
        in tree.xpath("//article[@id='doc-2']")[0].text_content()
    )
    assert len(tree.xpath("//table[@id='record-table']/tbody/tr")) == 4
    assert tree.findtext(".//title") == f"molextract job {job_id} ({SCHEMA})"

    assert_problem(await api.client.get(url), 401, "unauthorized")
    assert_problem(await api.client.get(url, headers=api.other_tenant()), 404, "job-not-found")

    monkeypatch.setattr(formats, "REPORT_MAX_DOCUMENTS", 2)
    problem = assert_problem(await api.client.get(url, headers=api.auth), 422, "report-too-large")
    assert "molextract report" in problem["detail"]


async def test_the_report_draws_a_table_record_in_the_table_it_was_submitted_with(
    api: Api,
) -> None:
    """The reader's table structure travels in the document's metadata; the report reads
    it back from the store, so the cell is highlighted in the table as read."""
    recorder = TableRecorder(
        [
            [SourceCell("Compound", header=True), SourceCell("mp (°C)", header=True)],
            [SourceCell("3a"), SourceCell("135")],
        ]
    )
    prefix = "Table 1. Melting points\n\n"
    text = prefix + "\n".join(recorder.lines)
    table = recorder.table(len(prefix), index=0, label="Table 1")
    metadata = {"tables": [table.to_json()]}
    body = {"schema": SCHEMA, "documents": [{"id": "t", "text": text, "metadata": metadata}]}
    response = await api.client.post("/v1/jobs", json=body, headers=api.auth)
    assert response.status_code == 202, response.text
    job_id = response.json()["id"]
    schema = get_schema(SCHEMA)
    document = Document("t", text, metadata)
    found = tables.table_records(
        document, tables.read_tables(document, schema), schema, EngineInfo(name="t", model="m")
    )
    assert [r.value for r in found] == [135.0]
    pending = api.repository.pending_document_ids(job_id)
    [claimed] = api.repository.claim_documents(job_id, pending)
    api.repository.save_result(
        job_id,
        claimed.doc_id,
        DocumentResult(doc_id="t", schema=SCHEMA, records=found, engine=found[0].engine),
    )

    assert api.repository.document_tables(job_id, ["t"]) == {"t": metadata}
    response = await api.client.get(f"/v1/jobs/{job_id}/report", headers=api.auth)
    assert response.status_code == 200, response.text
    tree = lxml.html.fromstring(response.text)
    [cell] = tree.xpath("//td[contains(@class, 'hit')]")
    assert cell.text_content().strip() == "135"
    drawn = next(cell.iterancestors("table"))
    assert [th.text_content() for th in drawn.xpath(".//th")] == ["Compound", "mp (°C)"]
