"""The extraction task's decisions, run in this process (``Task.apply``) with fake engines.

Fast and deterministic: a fake engine fails or answers on cue, and ``apply`` runs
retries at once. The worker-process tests (``test_workers_redis.py``,
``test_workers_embedded.py``) run the same task for real.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from molextract.config import Settings
from molextract.engines.base import Engine, Generation, Prompt
from molextract.errors import ModelError
from molextract.ingest.document import Document
from molextract.store import Repository, open_repository
from molextract.workers import stopping as worker_stopping
from molextract.workers import tasks
from molextract.workers.app import make_celery
from molextract.workers.options import MolextractCelery
from molextract.workers.queues import EXTRACT_CHUNK
from tests.utils.fake_engines import (
    OUTAGE_MARKER,
    BrokenEngine,
    ExampleAnsweringEngine,
    FaultInjectingEngine,
    install,
)
from tests.utils.workers import (
    SMOL,
    ImmediateRetrySettings,
    documents_of,
    job_status,
    wait_until,
)

MAX_RETRIES = 2
EXAMPLE_SCHEMA = Path(__file__).parents[2] / "examples" / "flash_point.schema.json"


@pytest.fixture(autouse=True)
def fresh_process_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test builds its own store access and engine, as a new worker process would."""
    monkeypatch.setattr(tasks, "_STATE", None)
    monkeypatch.setattr(tasks, "engine_factory", tasks.engine_factory)


@pytest.fixture
def app(database_url: str) -> MolextractCelery:
    return make_celery(
        ImmediateRetrySettings(
            database_url=database_url, task_max_retries=MAX_RETRIES, task_retry_backoff=0
        )
    )


@pytest.fixture
def repo(database_url: str) -> Iterator[Repository]:
    with open_repository(database_url) as repo:
        yield repo


def use(engine: Engine) -> None:
    def factory(settings: Settings) -> Engine:
        return engine

    tasks.engine_factory = factory


#: Two compounds and no form saying whose: a melting point after this is asked of the
#: engine (one the text settles with no compound named would cost no call at all).
TWO_COMPOUNDS = "Urea and aspirin were compared:"


def create(
    repo: Repository,
    texts: list[str],
    schema: str = "melting_point",
    custom: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
) -> tuple[str, list[int]]:
    documents = [Document(f"d{i}", text) for i, text in enumerate(texts)]
    job, _ = repo.create_job(
        api_key_id=None,
        schema_name=schema,
        custom_schema=custom,
        options=options or {},
        documents=documents,
    )
    return job.id, repo.pending_document_ids(job.id)


def run(app: MolextractCelery, job_id: str, ids: list[int], task_id: str = "task-1") -> Any:
    return app.tasks[EXTRACT_CHUNK].apply(args=[job_id, ids], task_id=task_id)


def test_outage_is_retried_then_documents_fail_and_the_job_ends_partial(
    app: MolextractCelery, repo: Repository
) -> None:
    engine = install()
    job_id, ids = create(
        repo, [f"Urea melts at 133 °C ({OUTAGE_MARKER}).", "Aspirin melts at 135 °C."]
    )

    assert run(app, job_id, ids[:1], "outage").successful()
    outage_calls = len(engine.calls)
    assert run(app, job_id, ids[1:], "fine").successful()

    assert outage_calls == MAX_RETRIES + 1
    failed, done = documents_of(repo, job_id)
    assert failed.status == "failed" and failed.attempts == MAX_RETRIES + 1
    assert [e["code"] for e in failed.error] == ["engine_error"]
    assert "injected outage" in failed.error[0]["message"]
    assert done.status == "done" and done.error == []
    assert job_status(repo, job_id) == "partial"


def test_a_job_whose_every_document_hits_the_outage_fails(
    app: MolextractCelery, repo: Repository
) -> None:
    install()
    job_id, ids = create(
        repo,
        [
            f"{TWO_COMPOUNDS} the crystals melt at 90 °C ({OUTAGE_MARKER}).",
            f"{TWO_COMPOUNDS} the crystals melt at 91 °C ({OUTAGE_MARKER}).",
        ],
    )
    run(app, job_id, ids)
    assert job_status(repo, job_id) == "failed"
    assert repo.job_counts(job_id)["failed"] == 2


def test_an_engine_that_cannot_be_built_counts_as_an_outage(
    app: MolextractCelery, repo: Repository
) -> None:
    builds = 0

    def factory(settings: Settings) -> Engine:
        nonlocal builds
        builds += 1
        raise ModelError("model file missing")

    tasks.engine_factory = factory
    job_id, ids = create(repo, ["Aspirin melts at 135 °C."])
    run(app, job_id, ids)
    assert builds == MAX_RETRIES + 1  # a retry builds the engine again
    (document,) = documents_of(repo, job_id)
    assert document.status == "failed"
    assert document.error[0]["code"] == "engine_error"
    assert "model file missing" in document.error[0]["message"]


def test_a_refused_document_does_not_make_the_outage_look_partial(
    app: MolextractCelery, repo: Repository
) -> None:
    engine = install()
    job_id, ids = create(
        repo, ["   ", f"{TWO_COMPOUNDS} the crystals melt at 92 °C ({OUTAGE_MARKER})"]
    )
    run(app, job_id, ids)
    assert len(engine.calls) == MAX_RETRIES + 1
    empty, outage = documents_of(repo, job_id)
    assert empty.status == "done" and empty.error[0]["code"] == "empty_text"
    assert outage.status == "failed"


def test_a_cancelled_job_is_not_run(app: MolextractCelery, repo: Repository) -> None:
    engine = install()
    job_id, ids = create(repo, ["Aspirin melts at 135 °C."])
    repo.cancel_job(job_id, None)
    result = run(app, job_id, ids)
    assert result.result["skipped"] == "cancelled"
    assert engine.calls == []
    (document,) = documents_of(repo, job_id)
    assert document.status == "cancelled" and document.attempts == 0
    assert job_status(repo, job_id) == "cancelled"


def test_redelivered_finished_chunk_changes_nothing(
    app: MolextractCelery, repo: Repository
) -> None:
    engine = ExampleAnsweringEngine()
    use(engine)
    job_id, ids = create(repo, ["Aspirin melts at 135 °C.", "Urea melts at 133 °C."])
    run(app, job_id, ids)
    records = list(repo.iter_records(job_id))
    prompts = engine.prompts

    again = run(app, job_id, ids)  # the same message delivered a second time

    assert again.result["claimed"] == 0
    assert engine.prompts == prompts
    assert list(repo.iter_records(job_id)) == records
    assert len(records) == 2 and {r["doc_id"] for r in records} == {"d0", "d1"}
    assert job_status(repo, job_id) == "succeeded"


def test_chunk_of_a_dead_task_is_run_by_its_redelivery_and_saved_once(
    app: MolextractCelery, repo: Repository
) -> None:
    use(ExampleAnsweringEngine())
    job_id, ids = create(repo, ["Aspirin melts at 135 °C.", "Urea melts at 133 °C."])
    # The first delivery claimed the chunk and died before saving anything.
    assert len(repo.claim_documents(job_id, ids, claimant="task-1")) == 2

    other = run(app, job_id, ids, task_id="task-2")  # a different task must keep off
    assert other.result["claimed"] == 0
    run(app, job_id, ids, task_id="task-1")  # the redelivery has the same id

    assert [d.status for d in documents_of(repo, job_id)] == ["done", "done"]
    assert [d.attempts for d in documents_of(repo, job_id)] == [2, 2]
    assert repo.job_counts(job_id)["records"] == 2


def test_a_document_that_keeps_killing_its_worker_is_given_up(
    app: MolextractCelery, repo: Repository
) -> None:
    engine = ExampleAnsweringEngine()
    use(engine)
    job_id, ids = create(repo, ["Aspirin melts at 135 °C."])
    for _ in range(app.options.max_claims):  # each delivery died mid-chunk
        repo.claim_documents(job_id, ids, claimant="task-1")
    run(app, job_id, ids, task_id="task-1")
    (document,) = documents_of(repo, job_id)
    assert document.status == "failed"
    assert document.error[0]["code"] == "worker_lost"
    assert engine.prompts == 0
    assert job_status(repo, job_id) == "failed"


def test_a_schema_name_is_never_read_as_a_file(
    app: MolextractCelery, repo: Repository, tmp_path: Path
) -> None:
    engine = install()
    path = tmp_path / "flash_point.schema.json"
    path.write_text(EXAMPLE_SCHEMA.read_text())
    job_id, ids = create(repo, ["Ethanol flashes at 13 °C."], schema=str(path))
    run(app, job_id, ids)
    (document,) = documents_of(repo, job_id)
    assert document.status == "failed"
    assert document.error[0]["code"] == "schema_error"
    assert "unknown schema" in document.error[0]["message"]
    assert engine.calls == []


def test_an_inline_custom_schema_drives_the_chunk(app: MolextractCelery, repo: Repository) -> None:
    engine = install()
    custom = json.loads(EXAMPLE_SCHEMA.read_text())
    job_id, ids = create(repo, ["Ethanol flashes at 13 °C."], schema="flash_point", custom=custom)
    run(app, job_id, ids)
    (document,) = documents_of(repo, job_id)
    assert document.status == "done"
    assert len(engine.calls) == 1
    assert job_status(repo, job_id) == "succeeded"
    (line,) = repo.document_results(job_id)
    assert line["schema"] == "flash_point" and line["engine"]["name"] == "fault-injection"


def test_an_unexpected_error_fails_the_chunk_instead_of_leaving_it_running(
    app: MolextractCelery, repo: Repository
) -> None:
    use(BrokenEngine())
    job_id, ids = create(repo, ["Aspirin melts at 135 °C.", "Urea melts at 133 °C."])
    result = run(app, job_id, ids)
    assert result.failed() and isinstance(result.result, RuntimeError)
    documents = documents_of(repo, job_id)
    assert [d.status for d in documents] == ["failed", "failed"]
    assert "RuntimeError: bug in the engine" in documents[0].error[0]["message"]
    assert job_status(repo, job_id) == "failed"


def test_the_engine_is_built_once_per_process(app: MolextractCelery, repo: Repository) -> None:
    builds: list[FaultInjectingEngine] = []

    def factory(settings: Settings) -> Engine:
        builds.append(FaultInjectingEngine())
        return builds[-1]

    tasks.engine_factory = factory
    job_id, ids = create(
        repo, [f"{TWO_COMPOUNDS} the crystals melt at {t} °C." for t in (90, 91, 92)]
    )
    for i, row_id in enumerate(ids):
        run(app, job_id, [row_id], task_id=f"t{i}")
    assert len(builds) == 1 and len(builds[0].calls) == 3
    assert job_status(repo, job_id) == "succeeded"


def test_a_job_chooses_its_own_engine_chain(app: MolextractCelery, repo: Repository) -> None:
    chains: list[str] = []

    def factory(settings: Settings) -> Engine:
        chains.append(settings.engines)
        return FaultInjectingEngine()

    tasks.engine_factory = factory
    default_job, default_ids = create(repo, ["A."])
    own_job, own_ids = create(repo, ["B.", "C."], options={"engines": ["local"]})
    run(app, default_job, default_ids, task_id="t0")
    run(app, own_job, own_ids[:1], task_id="t1")
    run(app, own_job, own_ids[1:], task_id="t2")
    assert chains == [app.settings.engines, "local"]  # each chain built once
    assert job_status(repo, own_job) == "succeeded"


def test_a_store_error_retries_the_chunk_instead_of_dropping_it(
    app: MolextractCelery, repo: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    install()
    job_id, ids = create(repo, ["Aspirin melts at 135 °C."])
    original = Repository.claim_documents
    failures = iter([True])

    def flaky_claim(self: Repository, *args: Any, **kwargs: Any) -> Any:
        if next(failures, False):
            raise OperationalError("UPDATE job_documents", {}, Exception("database is locked"))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Repository, "claim_documents", flaky_claim)
    assert run(app, job_id, ids).successful()
    (document,) = documents_of(repo, job_id)
    assert document.status == "done" and document.attempts == 1
    assert job_status(repo, job_id) == "succeeded"


class CountingEngine:
    """The real engine, with its calls counted (a spy, not a fake: every call is real)."""

    def __init__(self, inner: Engine) -> None:
        self.inner = inner
        self.calls = 0

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def model(self) -> str:
        return self.inner.model

    def count_tokens(self, text: str) -> int:
        return self.inner.count_tokens(text)

    async def generate(
        self, prompts: Sequence[Prompt], json_schema: dict[str, Any], *, max_tokens: int
    ) -> list[Generation]:
        self.calls += 1
        return await self.inner.generate(prompts, json_schema, max_tokens=max_tokens)


def _local_app(database_url: str, **overrides: Any) -> MolextractCelery:
    return make_celery(
        ImmediateRetrySettings(
            database_url=database_url,
            engines="local",
            local_model=SMOL,
            max_new_tokens=64,
            task_max_retries=MAX_RETRIES,
            task_retry_backoff=0,
            **overrides,
        )
    )


@pytest.mark.model
def test_a_schema_whose_prompt_cannot_fit_fails_the_job_at_once_without_retries(
    database_url: str, repo: Repository
) -> None:
    """The real model with a short context: every document is refused once, not retried
    as an outage, and the text with no number in it fails the same way."""
    app = _local_app(database_url, local_context=512)
    custom = json.loads(EXAMPLE_SCHEMA.read_text())
    units = ["°C", "°F", "K"] + [f"unit-{i}" for i in range(600)]
    custom["properties"]["records"]["items"]["properties"]["unit"]["enum"] = units
    engine = CountingEngine(tasks.engine_factory(app.settings))
    use(engine)
    texts = ["Ethanol flashes at 13 °C.", "The solution was stirred and filtered."]
    job_id, ids = create(repo, texts, schema="flash_point", custom=custom)

    assert run(app, job_id, ids).successful()

    assert engine.calls == len(texts)  # a call per chunk: no outage retry, no budget retry
    documents = documents_of(repo, job_id)
    assert [(d.status, d.attempts) for d in documents] == [("failed", 1), ("failed", 1)]
    for document in documents:
        assert [e["code"] for e in document.error] == ["engine_refused"]
        assert "context of 512 tokens" in document.error[0]["message"]
    assert job_status(repo, job_id) == "failed"


BATCH = [f"The crude solid from compound {i} melts at {100 + i} °C." for i in range(12)]


@dataclass
class _Running:
    app: MolextractCelery
    engine: CountingEngine
    job_id: str
    ids: list[int]
    runner: threading.Thread
    outcome: list[Any]


def _batch_at_its_first_model_call(database_url: str, repo: Repository) -> _Running:
    """A real-model batch of ``BATCH`` running in a thread, once its first call is made."""
    app = _local_app(database_url)
    engine = CountingEngine(tasks.engine_factory(app.settings))
    use(engine)
    job_id, ids = create(repo, BATCH)
    outcome: list[Any] = []
    runner = threading.Thread(target=lambda: outcome.append(run(app, job_id, ids)))
    runner.start()
    wait_until(lambda: engine.calls >= 1, "the first model call")
    return _Running(app, engine, job_id, ids, runner, outcome)


@pytest.mark.model
def test_a_cancel_stops_the_batch_between_model_calls_and_nothing_changes_after(
    database_url: str, repo: Repository
) -> None:
    batch = _batch_at_its_first_model_call(database_url, repo)
    engine, job_id, runner, outcome = batch.engine, batch.job_id, batch.runner, batch.outcome
    repo.cancel_job(job_id, None)
    at_cancel = engine.calls
    counts = repo.job_counts(job_id)
    runner.join(timeout=300)

    assert outcome[0].result["abandoned"] == "cancelled"
    assert engine.calls <= at_cancel + 1 < len(BATCH)  # at most the call in flight
    assert counts == repo.job_counts(job_id)
    assert (counts["cancelled"], counts["running"], counts["records"]) == (12, 0, 0)
    assert job_status(repo, job_id) == "cancelled"


@pytest.mark.model
def test_a_stopping_worker_hands_its_batch_back_between_model_calls(
    database_url: str, repo: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    stopping = threading.Event()
    monkeypatch.setattr(tasks, "STOPPING", stopping)
    monkeypatch.setattr(worker_stopping, "STOPPING", stopping)
    batch = _batch_at_its_first_model_call(database_url, repo)
    engine, job_id, runner, outcome = batch.engine, batch.job_id, batch.runner, batch.outcome
    stopping.set()  # what SIGTERM does (see test_embedded.py for the real signal)
    runner.join(timeout=300)

    assert outcome[0].state == "REJECTED"
    assert engine.calls < len(BATCH)
    documents = documents_of(repo, job_id)
    assert {(d.status, d.claimed_by, d.claimed_at, d.attempts) for d in documents} == {
        ("running", "task-1", None, 0)
    }
    # The redelivered message (same task id) runs the batch to the end, once.
    stopping.clear()
    assert run(batch.app, job_id, batch.ids).successful()
    assert [d.attempts for d in documents_of(repo, job_id)] == [1] * len(BATCH)
    assert job_status(repo, job_id) in ("succeeded", "partial")
