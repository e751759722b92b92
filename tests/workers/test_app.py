"""The Celery configuration, the dispatcher's messages and readiness, settings hand-over."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path
from typing import Any

import pytest

from molextract.config import Settings
from molextract.workers.app import embedded_broker_url, make_celery
from molextract.workers.celery_dispatch import CeleryDispatcher, DispatchError, make_dispatcher
from molextract.workers.dispatch import Dispatcher
from molextract.workers.embedded import settings_environment, worker_argv
from molextract.workers.options import MAX_RETRY_BACKOFF, WorkerOptions
from molextract.workers.queues import EXTRACT_CHUNK, QUEUE
from tests.utils.network import free_port


def test_no_broker_means_a_sqlite_broker_beside_the_database(tmp_path: Path) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'data' / 'jobs.db'}")
    app = make_celery(settings)
    assert app.conf.broker_url == f"sqla+sqlite:///{tmp_path / 'data' / 'jobs-broker.db'}"
    assert (tmp_path / "data").is_dir()
    assert WorkerOptions.from_settings(settings).embedded
    # kombu hands these to SQLAlchemy's create_engine, which rejects anything else.
    assert app.conf.broker_transport_options == {"connect_args": {"timeout": 30}}
    assert app.conf.worker_enable_remote_control is False


def test_a_server_database_keeps_the_embedded_broker_in_the_cache_dir(tmp_path: Path) -> None:
    settings = Settings(database_url="postgresql://db.example/molextract", cache_dir=tmp_path)
    assert embedded_broker_url(settings) == f"sqla+sqlite:///{tmp_path / 'broker.db'}"


def test_the_embedded_broker_file_is_private_like_the_store(tmp_path: Path) -> None:
    """Its messages name the jobs' documents: 0600, its new folders 0700, any umask."""
    previous = os.umask(0)
    try:
        settings = Settings(database_url=f"sqlite:///{tmp_path / 'new' / 'jobs.db'}")
        embedded_broker_url(settings)
    finally:
        os.umask(previous)
    broker = tmp_path / "new" / "jobs-broker.db"
    assert stat.S_IMODE(broker.stat().st_mode) == 0o600
    assert stat.S_IMODE(broker.parent.stat().st_mode) == 0o700


def test_redis_configuration_never_loses_or_duplicates_a_chunk() -> None:
    settings = Settings(broker_url="redis://redis.example:6380/2", task_time_limit_seconds=600)
    conf = make_celery(settings).conf
    assert conf.broker_url == "redis://redis.example:6380/2"
    assert conf.task_acks_late and conf.task_reject_on_worker_lost
    assert conf.worker_prefetch_multiplier == 1
    assert conf.broker_transport_options["visibility_timeout"] == 1200  # 2 × the time limit
    assert conf.task_time_limit == 600 and conf.task_soft_time_limit < 600
    assert conf.accept_content == ["json"] and conf.task_serializer == "json"
    assert conf.task_track_started and conf.task_ignore_result
    assert conf.broker_connection_retry_on_startup and conf.broker_connection_max_retries is None
    assert conf.task_default_queue == QUEUE


def test_visibility_timeout_can_be_set_and_bounds_the_retry_backoff() -> None:
    options = WorkerOptions.from_settings(
        Settings(broker_visibility_timeout=40, task_retry_backoff=4)
    )
    assert options.visibility_timeout == 40
    assert [options.retry_countdown(n) for n in range(4)] == [4, 8, 16, 20]
    default = WorkerOptions.from_settings(Settings())
    assert default.retry_countdown(20) == MAX_RETRY_BACKOFF


def test_the_claim_lease_is_short_by_default_and_independent_of_the_time_limit() -> None:
    options = WorkerOptions.from_settings(Settings())
    # A dead worker's chunk moves on after about a lease and a sweep (7-13 s), while
    # a live chunk may run for its whole time limit, renewing its lease.
    assert options.claim_lease_seconds == 10
    assert options.task_time_limit_seconds == 3600
    assert options.visibility_timeout == 7200


def test_options_have_defaults_without_the_new_settings_fields() -> None:
    options = WorkerOptions.from_settings(Settings())
    assert options.broker_url == "" and options.documents_per_batch == 8
    assert options.task_max_retries == 3 and options.task_retry_backoff == 10.0


def test_settings_reach_a_child_process_through_its_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    original = Settings(
        cache_dir=tmp_path, local_model="smollm2-135m", database_url="sqlite:///x.db", batch_size=3
    )
    environment = settings_environment(original)
    assert environment["MOLEXTRACT_BATCH_SIZE"] == "3"
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert Settings() == original


def test_worker_command_consumes_only_molextracts_queue() -> None:
    argv = worker_argv(concurrency=2)
    assert argv[0] == "worker"
    assert f"--queues={QUEUE}" in argv and "--concurrency=2" in argv and "--pool=prefork" in argv


def test_dispatch_sends_ids_only_in_chunks_of_the_configured_size() -> None:
    app = make_celery(Settings(broker_url="memory://"))
    dispatcher: Dispatcher = CeleryDispatcher(app, documents_per_batch=2)
    dispatcher.dispatch("job-1", [11, 12, 13, 14, 15])
    messages: list[tuple[dict[str, Any], Any]] = []
    with app.connection_for_read() as connection:
        queue = connection.SimpleQueue(QUEUE)
        while len(messages) < 4:
            try:
                message = queue.get(timeout=0.5)
            except queue.Empty:
                break
            messages.append((message.headers, message.payload))
            message.ack()
        queue.close()
    assert [h["task"] for h, _ in messages] == [EXTRACT_CHUNK] * 3
    assert [p[0] for _, p in messages] == [
        ["job-1", [11, 12]],
        ["job-1", [13, 14]],
        ["job-1", [15]],
    ]
    assert all(p[1] == {} for _, p in messages)


def test_ready_follows_the_broker(redis_url: str) -> None:
    assert CeleryDispatcher(make_celery(Settings(broker_url=redis_url)), 8).ready()
    dead = f"redis://127.0.0.1:{free_port()}/0"
    dispatcher = CeleryDispatcher(make_celery(Settings(broker_url=dead)), 8)
    started = time.monotonic()
    assert not dispatcher.ready()
    assert time.monotonic() - started < 5


def test_dispatch_to_a_dead_broker_says_what_was_not_sent() -> None:
    app = make_celery(Settings(broker_url="redis://127.0.0.1:1/0"))
    with pytest.raises(DispatchError, match="0 of 2 messages sent") as raised:
        CeleryDispatcher(app, documents_per_batch=2).dispatch("job-1", [1, 2, 3])
    assert (raised.value.sent, raised.value.total) == (0, 2)


@pytest.mark.filterwarnings("ignore:The ``noload`` loader strategy is deprecated")
def test_embedded_broker_is_ready_without_any_server(tmp_path: Path) -> None:
    app = make_celery(Settings(database_url=f"sqlite:///{tmp_path / 'jobs.db'}"))
    assert CeleryDispatcher(app, 8).ready()
    assert (tmp_path / "jobs-broker.db").exists()


def test_the_api_dispatcher_takes_its_chunk_size_from_settings() -> None:
    dispatcher = make_dispatcher(Settings(broker_url="memory://", chunk_documents=3))
    assert dispatcher.documents_per_batch == 3
