"""Jobs: submission (all or nothing, idempotent), tenants, listing, cancellation, keys."""

from __future__ import annotations

import contextlib
import threading
from datetime import UTC, datetime

import pytest
from sqlalchemy import Engine, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from molextract.errors import InputError, MolextractError
from molextract.ingest.document import Document
from molextract.store import (
    DuplicateDocumentError,
    IdempotencyConflict,
    InvalidCursor,
    Job,
    JobDocument,
    JobFinished,
    JobNotFound,
    Repository,
    request_hash,
)
from tests.utils.store import SCHEMA, documents, failure, result, run_all, submit


def _row_counts(engine: Engine) -> tuple[int, int]:
    with Session(engine) as session:
        jobs = session.scalar(select(func.count()).select_from(Job))
        docs = session.scalar(select(func.count()).select_from(JobDocument))
    return jobs or 0, docs or 0


def _create(repo: Repository, docs: list[Document], **kwargs: object) -> tuple[Job, bool]:
    defaults: dict[str, object] = {
        "api_key_id": None,
        "schema_name": SCHEMA,
        "custom_schema": None,
        "options": {},
        "documents": docs,
    }
    return repo.create_job(**{**defaults, **kwargs})  # type: ignore[arg-type]


def test_create_job_stores_job_and_documents(repo: Repository, engine: Engine) -> None:
    schema = {"type": "object", "properties": {"x": {"type": "number"}}}
    job, created = _create(repo, documents(3), custom_schema=schema, options={"engines": ["local"]})
    assert created
    assert len(job.id) == 32 and job.status == "queued"
    assert job.created_at.tzinfo is UTC and job.started_at is None
    stored = repo.get_job(job.id, None)
    assert stored is not None
    assert stored.custom_schema == schema and stored.options == {"engines": ["local"]}
    assert stored.engines_used == []
    with Session(engine) as session:
        rows = session.scalars(
            select(JobDocument).where(JobDocument.job_id == job.id).order_by(JobDocument.position)
        ).all()
    assert [(r.doc_id, r.position, r.status, r.attempts) for r in rows] == [
        ("doc-0", 0, "queued", 0),
        ("doc-1", 1, "queued", 0),
        ("doc-2", 2, "queued", 0),
    ]
    assert rows[1].text == "Compound 1 melts at 101 °C." and rows[1].doc_metadata["i"] == 1
    assert repo.pending_document_ids(job.id) == [r.id for r in rows]
    assert repo.job_counts(job.id) == {
        "total": 3,
        "done": 0,
        "failed": 0,
        "queued": 3,
        "running": 0,
        "cancelled": 0,
        "records": 0,
    }


def test_create_job_without_custom_schema_stores_sql_null(repo: Repository, engine: Engine) -> None:
    job = submit(repo, 1)
    with Session(engine) as session:
        assert session.scalar(select(Job.id).where(Job.custom_schema.is_(None))) == job.id


def test_duplicate_doc_id_stores_nothing(repo: Repository, engine: Engine) -> None:
    docs = [*documents(3), Document("doc-1", "again")]
    with pytest.raises(DuplicateDocumentError, match="doc-1") as caught:
        _create(repo, docs)
    assert isinstance(caught.value, MolextractError)
    assert isinstance(caught.value.__cause__, IntegrityError)
    assert _row_counts(engine) == (0, 0)


def test_invalid_submissions_are_input_errors(repo: Repository, engine: Engine) -> None:
    with pytest.raises(InputError, match="at least one document"):
        _create(repo, [])
    with pytest.raises(InputError, match="longer than 512"):
        _create(repo, [Document("x" * 513, "text")])
    assert _row_counts(engine) == (0, 0)


def test_same_idempotency_key_and_body_returns_the_first_job(repo: Repository) -> None:
    key, _ = repo.create_api_key("client")
    body_hash = request_hash({"schema": SCHEMA, "documents": ["a", "b"]})
    first, created = _create(
        repo, documents(2), api_key_id=key.id, idempotency_key="k1", request_hash=body_hash
    )
    again, created_again = _create(
        repo, documents(2), api_key_id=key.id, idempotency_key="k1", request_hash=body_hash
    )
    assert (created, created_again) == (True, False)
    assert again.id == first.id
    assert repo.job_counts(first.id)["total"] == 2
    assert [j.id for j in repo.list_jobs(key.id)[0]] == [first.id]


def test_idempotency_key_with_another_body_conflicts(repo: Repository) -> None:
    key, _ = repo.create_api_key("client")
    _create(repo, documents(2), api_key_id=key.id, idempotency_key="k1", request_hash="a" * 64)
    with pytest.raises(IdempotencyConflict, match="k1"):
        _create(repo, documents(3), api_key_id=key.id, idempotency_key="k1", request_hash="b" * 64)
    assert len(repo.list_jobs(key.id)[0]) == 1


def test_idempotency_keys_are_per_api_key_and_work_without_auth(repo: Repository) -> None:
    alice, _ = repo.create_api_key("alice")
    bob, _ = repo.create_api_key("bob")
    a, _ = _create(repo, documents(1), api_key_id=alice.id, idempotency_key="k", request_hash="h")
    b, created = _create(
        repo, documents(1), api_key_id=bob.id, idempotency_key="k", request_hash="other"
    )
    assert created and a.id != b.id
    # Embedded mode has no key: the partial unique index still makes the key unique.
    c, created_c = _create(repo, documents(1), idempotency_key="k", request_hash="h")
    d, created_d = _create(repo, documents(1), idempotency_key="k", request_hash="h")
    assert (created_c, created_d) == (True, False) and c.id == d.id
    with pytest.raises(IdempotencyConflict):
        _create(repo, documents(1), idempotency_key="k", request_hash="different")


def test_racing_idempotent_submissions_make_one_job(repo: Repository, engine: Engine) -> None:
    barrier = threading.Barrier(4)
    outcomes: list[tuple[str, bool]] = []
    errors: list[BaseException] = []

    def submit_once() -> None:
        barrier.wait()
        try:
            job, created = _create(repo, documents(20), idempotency_key="race", request_hash="h")
            outcomes.append((job.id, created))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=submit_once) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len({job_id for job_id, _ in outcomes}) == 1
    assert sorted(created for _, created in outcomes) == [False, False, False, True]
    assert _row_counts(engine) == (1, 20)


def test_request_hash_ignores_key_order() -> None:
    assert request_hash({"a": 1, "b": [1, 2]}) == request_hash({"b": [1, 2], "a": 1})
    assert request_hash({"a": 1}) != request_hash({"a": 2})
    assert len(request_hash({})) == 64


def test_tenants_see_only_their_own_jobs(repo: Repository) -> None:
    alice, _ = repo.create_api_key("alice")
    bob, _ = repo.create_api_key("bob")
    job = submit(repo, 1, api_key_id=alice.id)
    embedded = submit(repo, 1)
    assert repo.get_job(job.id, alice.id) is not None
    assert repo.get_job(job.id, bob.id) is None
    assert repo.get_job(job.id, None) is None
    assert repo.get_job(embedded.id, alice.id) is None
    assert repo.get_job(embedded.id, None) is not None
    assert repo.list_jobs(bob.id) == ([], None)
    assert [j.id for j in repo.list_jobs(None)[0]] == [embedded.id]
    with pytest.raises(JobNotFound):
        repo.cancel_job(job.id, bob.id)
    assert repo.get_job(job.id, alice.id).status == "queued"  # type: ignore[union-attr]


def test_list_jobs_pages_newest_first(repo: Repository) -> None:
    key, _ = repo.create_api_key("client")
    made = [submit(repo, 1, api_key_id=key.id).id for _ in range(5)]
    seen: list[str] = []
    cursor: str | None = None
    pages = 0
    while True:
        jobs, cursor = repo.list_jobs(key.id, limit=2, cursor=cursor)
        seen += [j.id for j in jobs]
        pages += 1
        if cursor is None:
            break
    assert pages == 3
    assert sorted(seen) == sorted(made) and len(seen) == 5
    created = [repo.get_job(j, key.id).created_at for j in seen]  # type: ignore[union-attr]
    assert created == sorted(created, reverse=True)


def test_list_jobs_breaks_timestamp_ties_by_id(repo: Repository, engine: Engine) -> None:
    key, _ = repo.create_api_key("client")
    made = [submit(repo, 1, api_key_id=key.id).id for _ in range(4)]
    same = datetime(2026, 1, 1, tzinfo=UTC)
    with Session(engine) as session, session.begin():
        for job in session.scalars(select(Job)):
            job.created_at = same
    first, cursor = repo.list_jobs(key.id, limit=3)
    second, end = repo.list_jobs(key.id, limit=3, cursor=cursor)
    assert end is None
    assert [j.id for j in first + second] == sorted(made, reverse=True)


@pytest.mark.parametrize("cursor", ["not base64!", "bm9waXBl", "MjAyNnxhYmM"])
def test_list_jobs_rejects_foreign_cursors(repo: Repository, cursor: str) -> None:
    with pytest.raises(InvalidCursor):
        repo.list_jobs(None, cursor=cursor)


def test_mark_started_only_once(repo: Repository) -> None:
    job = submit(repo, 1)
    assert repo.mark_started(job.id) is True
    started = repo.get_job(job.id, None)
    assert started is not None and started.status == "running"
    assert started.started_at is not None
    assert repo.mark_started(job.id) is False
    again = repo.get_job(job.id, None)
    assert again is not None and again.started_at == started.started_at


def test_cancel_is_final_running_work_is_cancelled_and_its_late_save_dropped(
    repo: Repository,
) -> None:
    job = submit(repo, 4)
    repo.mark_started(job.id)
    ids = repo.pending_document_ids(job.id)
    [finished, running] = repo.claim_documents(job.id, ids[:2], claimant="task-1")
    assert repo.save_result(job.id, finished.doc_id, result(finished.doc_id))
    cancelled = repo.cancel_job(job.id, None)
    assert cancelled.status == "cancelled" and cancelled.finished_at is not None
    assert repo.is_cancelled(job.id)
    counts = repo.job_counts(job.id)
    assert (counts["done"], counts["cancelled"], counts["running"], counts["queued"]) == (
        1,
        3,
        0,
        0,
    )
    assert counts["records"] == 2
    assert repo.claim_documents(job.id, ids, claimant="task-2") == []
    assert repo.pending_document_ids(job.id) == []
    # The batch that was running finishes after the cancel: its save changes nothing,
    # and neither does a save of a document that had finished before.
    assert not repo.save_result(job.id, running.doc_id, result(running.doc_id))
    assert not repo.save_result(job.id, finished.doc_id, failure(finished.doc_id), failed=True)
    assert repo.renew_claims(job.id, "task-1", [running.id]) == 0
    assert repo.job_counts(job.id) == counts
    after = repo.get_job(job.id, None)
    assert after is not None and after.status == "cancelled"
    assert after.finished_at == cancelled.finished_at
    assert repo.finish_job_if_complete(job.id) == "cancelled"
    assert repo.cancel_job(job.id, None).status == "cancelled"
    assert repo.job_counts(job.id) == counts


def _race_save_and_cancel(repo: Repository) -> tuple[bool, tuple[int, ...], str]:
    """Save six results and cancel the job at once; what the store then says: whether
    the save landed, the counts (done, records, cancelled, running, queued) and the
    job's status."""
    job = submit(repo, 6)
    repo.mark_started(job.id)
    claimed = repo.claim_documents(job.id, repo.pending_document_ids(job.id), claimant="task-1")
    outcomes = [(d.doc_id, result(d.doc_id), False) for d in claimed]
    saved: list[bool] = []
    barrier = threading.Barrier(2)

    def save() -> None:
        barrier.wait()
        saved.append(repo.save_results(job.id, outcomes))

    saver = threading.Thread(target=save)
    saver.start()
    barrier.wait()
    with contextlib.suppress(JobFinished):  # the save came first and finished the job
        repo.cancel_job(job.id, None)
    saver.join()
    counts = repo.job_counts(job.id)
    final = repo.get_job(job.id, None)
    keys = ("done", "records", "cancelled", "running", "queued")
    return saved == [True], tuple(counts[k] for k in keys), final.status if final else "gone"


def test_a_save_racing_a_cancel_lands_wholly_before_it_or_not_at_all(repo: Repository) -> None:
    """Both lock the job row: whichever commits second sees the first's outcome."""
    wholly = (True, (6, 12, 0, 0, 0), "succeeded")  # the save first, the cancel refused
    not_at_all = (False, (0, 0, 6, 0, 0), "cancelled")  # the cancel first, the save dropped
    for _ in range(5):
        assert _race_save_and_cancel(repo) in (wholly, not_at_all)


def test_cancelling_a_finished_job_is_refused(repo: Repository) -> None:
    job = submit(repo, 2)
    run_all(repo, job)
    with pytest.raises(JobFinished, match="succeeded"):
        repo.cancel_job(job.id, None)
    finished = repo.get_job(job.id, None)
    assert finished is not None and finished.status == "succeeded"
    assert not repo.is_cancelled(job.id)


def test_unknown_jobs(repo: Repository) -> None:
    assert repo.get_job("0" * 32, None) is None
    assert repo.is_cancelled("0" * 32)
    assert repo.claim_documents("0" * 32, [1, 2]) == []
    with pytest.raises(JobNotFound):
        repo.cancel_job("0" * 32, None)
    with pytest.raises(JobNotFound):
        repo.save_result("0" * 32, "d", failure("d"), failed=True)
    with pytest.raises(JobNotFound):
        list(repo.document_results("0" * 32))


def test_ready(repo: Repository) -> None:
    assert repo.ready() is True
