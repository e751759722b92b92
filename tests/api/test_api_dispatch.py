"""When the broker fails after a job was stored: 503 with the job id, never a silent queue."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from api_helpers import Api, FailingDispatcher, MakeApi, assert_problem, job_body

pytestmark = pytest.mark.anyio


@pytest.fixture
async def broken(make_api: MakeApi) -> AsyncIterator[Api]:
    api = make_api(dispatcher=FailingDispatcher())
    async with api.client:
        yield api


def _broker(api: Api) -> FailingDispatcher:
    assert isinstance(api.dispatcher, FailingDispatcher)
    return api.dispatcher


async def test_without_idempotency_key_the_job_is_cancelled(broken: Api) -> None:
    response = await broken.client.post("/v1/jobs", json=job_body(3), headers=broken.auth)

    problem = assert_problem(response, 503, "dispatch-failed")
    job_id = problem["job_id"]
    assert problem["job_status"] == "cancelled" and job_id in problem["detail"]
    assert "submit it again" in problem["detail"]
    assert problem["links"]["self"] == f"/v1/jobs/{job_id}"
    assert response.headers["retry-after"] == "30"
    view = (await broken.client.get(f"/v1/jobs/{job_id}", headers=broken.auth)).json()
    assert view["status"] == "cancelled" and view["counts"]["cancelled"] == 3
    assert _broker(broken).attempts == 1


async def test_with_idempotency_key_a_retry_queues_the_same_job(broken: Api) -> None:
    headers = {**broken.auth, "Idempotency-Key": "nightly-42"}
    failed = await broken.client.post("/v1/jobs", json=job_body(3), headers=headers)

    problem = assert_problem(failed, 503, "dispatch-failed")
    job_id = problem["job_id"]
    assert problem["job_status"] == "queued" and "same Idempotency-Key" in problem["detail"]
    assert broken.repository.pending_document_ids(job_id)  # still waiting, not lost

    _broker(broken).failing = False
    retried = await broken.client.post("/v1/jobs", json=job_body(3), headers=headers)

    assert retried.status_code == 200 and retried.json()["id"] == job_id
    assert broken.dispatcher.dispatched == [
        (job_id, broken.repository.pending_document_ids(job_id))
    ]
    assert broken.db.row_counts() == (1, 3)


async def test_a_replay_of_a_started_job_is_not_dispatched_again(api: Api) -> None:
    headers = {**api.auth, "Idempotency-Key": "k1"}
    first = await api.client.post("/v1/jobs", json=job_body(2), headers=headers)
    job_id = first.json()["id"]
    assert api.repository.mark_started(job_id)

    replay = await api.client.post("/v1/jobs", json=job_body(2), headers=headers)

    assert replay.status_code == 200 and replay.json()["status"] == "running"
    assert [dispatched_id for dispatched_id, _ in api.dispatcher.dispatched] == [job_id]
