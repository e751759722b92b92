"""When the broker fails after a job was stored: 503, and nothing of the request is kept.

The first tests use a broker double that fails on demand; the last ones a real Redis
that is really stopped, through the dispatcher ``molextract serve`` uses.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from molextract.workers.celery_dispatch import make_dispatcher
from molextract.workers.queues import QUEUE
from tests.utils.api import (
    Api,
    ApiSettings,
    Database,
    FailingDispatcher,
    MakeApi,
    assert_problem,
    build_api,
    job_body,
)
from tests.utils.redis_server import RedisServer, private_redis

pytestmark = pytest.mark.anyio


@pytest.fixture
async def broken(make_api: MakeApi) -> AsyncIterator[Api]:
    api = make_api(dispatcher=FailingDispatcher())
    async with api.client:
        yield api


def _broker(api: Api) -> FailingDispatcher:
    assert isinstance(api.dispatcher, FailingDispatcher)
    return api.dispatcher


def _assert_refused(problem: dict[str, object]) -> None:
    assert "not stored" in str(problem["detail"]) and "job_id" not in problem


async def test_without_idempotency_key_nothing_is_stored(broken: Api) -> None:
    response = await broken.client.post("/v1/jobs", json=job_body(3), headers=broken.auth)

    _assert_refused(assert_problem(response, 503, "dispatch-failed"))
    assert response.headers["retry-after"] == "30"
    assert broken.db.row_counts() == (0, 0)
    assert _broker(broken).attempts == 1
    listed = await broken.client.get("/v1/jobs", headers=broken.auth)
    assert listed.json()["jobs"] == []


async def test_with_idempotency_key_nothing_is_stored_and_a_retry_creates_the_job(
    broken: Api,
) -> None:
    headers = {**broken.auth, "Idempotency-Key": "nightly-42"}
    failed = await broken.client.post("/v1/jobs", json=job_body(3), headers=headers)

    _assert_refused(assert_problem(failed, 503, "dispatch-failed"))
    assert broken.db.row_counts() == (0, 0)

    _broker(broken).failing = False
    retried = await broken.client.post("/v1/jobs", json=job_body(3), headers=headers)

    assert retried.status_code == 202, retried.text  # created now, not a replay
    job_id = retried.json()["id"]
    assert broken.dispatcher.dispatched == [
        (job_id, broken.repository.pending_document_ids(job_id))
    ]
    assert broken.db.row_counts() == (1, 3)


async def test_nothing_is_stored_on_either_database(both_db: Database) -> None:
    """The deletion runs on SQLite and on PostgreSQL (row locks, cascades) alike."""
    api = build_api(both_db, dispatcher=FailingDispatcher())
    async with api.client:
        for headers in (api.auth, {**api.auth, "Idempotency-Key": "k-both"}):
            response = await api.client.post("/v1/jobs", json=job_body(2), headers=headers)
            assert_problem(response, 503, "dispatch-failed")

    assert both_db.row_counts() == (0, 0)


async def test_a_refused_replay_keeps_the_job_it_did_not_create(make_api: MakeApi) -> None:
    api = make_api(dispatcher=FailingDispatcher())
    _broker(api).failing = False
    headers = {**api.auth, "Idempotency-Key": "k-replay"}
    async with api.client:
        accepted = await api.client.post("/v1/jobs", json=job_body(2), headers=headers)
        _broker(api).failing = True
        replay = await api.client.post("/v1/jobs", json=job_body(2), headers=headers)

    assert accepted.status_code == 202
    assert_problem(replay, 503, "dispatch-failed")
    assert api.db.row_counts() == (1, 2)  # the earlier, accepted request's job stays


async def test_a_replay_of_a_started_job_is_not_dispatched_again(api: Api) -> None:
    headers = {**api.auth, "Idempotency-Key": "k1"}
    first = await api.client.post("/v1/jobs", json=job_body(2), headers=headers)
    job_id = first.json()["id"]
    assert api.repository.mark_started(job_id)

    replay = await api.client.post("/v1/jobs", json=job_body(2), headers=headers)

    assert replay.status_code == 200 and replay.json()["status"] == "running"
    assert [dispatched_id for dispatched_id, _ in api.dispatcher.dispatched] == [job_id]


# -- A real Redis, really stopped ------------------------------------------------------


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    with private_redis() as server:
        yield server


@pytest.fixture
async def on_redis(make_api: MakeApi, redis_server: RedisServer) -> AsyncIterator[Api]:
    """The app with the Celery dispatcher of ``molextract serve``, on the private Redis."""
    if not redis_server.running:  # an earlier test failed before starting it again
        redis_server.start()
    with redis_server.client() as client:
        client.flushdb()
    dispatcher = make_dispatcher(ApiSettings(broker_url=redis_server.url), ready_timeout=1.0)
    api = make_api(dispatcher=dispatcher)
    async with api.client:
        yield api


def _queued_messages(server: RedisServer) -> int:
    """Messages waiting in the queue, whatever their priority (kombu keeps one list per
    priority step: the queue's name, then the name with ``\x06\x16`` and the step)."""
    with server.client() as client:
        lists = [QUEUE, *(f"{QUEUE}\x06\x16{step}" for step in (3, 6, 9))]
        return sum(int(client.llen(name)) for name in lists)


@pytest.mark.parametrize("idempotency_key", [None, "batch-7"], ids=["no-key", "with-key"])
async def test_a_job_refused_while_redis_is_down_is_not_stored(
    on_redis: Api, redis_server: RedisServer, idempotency_key: str | None
) -> None:
    headers = dict(on_redis.auth)
    if idempotency_key is not None:
        headers["Idempotency-Key"] = idempotency_key
    redis_server.stop()
    try:
        refused = await on_redis.client.post("/v1/jobs", json=job_body(3), headers=headers)
    finally:
        redis_server.start()

    _assert_refused(assert_problem(refused, 503, "dispatch-failed"))
    assert on_redis.db.row_counts() == (0, 0)
    listed = await on_redis.client.get("/v1/jobs", headers=on_redis.auth)
    assert listed.json()["jobs"] == []

    accepted = await on_redis.client.post("/v1/jobs", json=job_body(3), headers=headers)

    assert accepted.status_code == 202, accepted.text
    assert on_redis.db.row_counts() == (1, 3)
    assert _queued_messages(redis_server) >= 1  # really on the broker this time
