"""Work and results: claiming, idempotent saving, job outcomes, paging, JSONB."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine, func, select, text
from sqlalchemy.orm import Session

from molextract.schemas.records import DocumentResult
from molextract.store import JobNotFound, Repository, ResultRecord, make_engine, session_factory
from molextract.store.db import ready
from tests.utils.store import ASPIRIN_INCHIKEY, SCHEMA, failure, result, run_all, submit


def _records_of(engine: Engine, job_id: str) -> list[tuple[str, int, float | None]]:
    with Session(engine) as session:
        rows = session.execute(
            select(ResultRecord.doc_id, ResultRecord.seq, ResultRecord.value_si)
            .where(ResultRecord.job_id == job_id)
            .order_by(ResultRecord.doc_id, ResultRecord.seq)
        )
        return [(doc_id, seq, value_si) for doc_id, seq, value_si in rows]


def _status(repo: Repository, job_id: str) -> str:
    job = repo.get_job(job_id, None)
    assert job is not None
    return job.status


def test_claim_save_and_redelivery_leave_one_set_of_records(
    repo: Repository, engine: Engine
) -> None:
    job = submit(repo, 2)
    ids = repo.pending_document_ids(job.id)
    claimed = repo.claim_documents(job.id, ids, claimant="task-1")
    assert [(d.doc_id, d.status, d.attempts) for d in claimed] == [
        ("doc-0", "running", 1),
        ("doc-1", "running", 1),
    ]
    assert claimed[0].text.startswith("Compound 0")
    repo.save_result(job.id, "doc-0", result("doc-0", 3))
    # The worker died before acking: the same task comes back and claims again.
    again = repo.claim_documents(job.id, ids, claimant="task-1")
    assert [(d.doc_id, d.attempts) for d in again] == [("doc-1", 2)]
    repo.save_result(job.id, "doc-1", result("doc-1", 2))
    repo.save_result(job.id, "doc-1", result("doc-1", 2))
    repo.save_result(job.id, "doc-0", result("doc-0", 3))
    assert len(_records_of(engine, job.id)) == 5
    assert [(d, s) for d, s, _ in _records_of(engine, job.id)] == [
        ("doc-0", 0),
        ("doc-0", 1),
        ("doc-0", 2),
        ("doc-1", 0),
        ("doc-1", 1),
    ]
    counts = repo.job_counts(job.id)
    assert (counts["done"], counts["records"], counts["running"]) == (2, 5, 0)
    assert repo.claim_documents(job.id, ids, claimant="task-1") == []
    assert _status(repo, job.id) == "succeeded"


def test_resaving_with_fewer_records_removes_the_rest(repo: Repository, engine: Engine) -> None:
    job = submit(repo, 1)
    repo.claim_documents(job.id, repo.pending_document_ids(job.id))
    repo.save_result(job.id, "doc-0", result("doc-0", 4))
    repo.save_result(job.id, "doc-0", result("doc-0", 1, base=50.0))
    [(doc_id, seq, value_si)] = _records_of(engine, job.id)
    assert (doc_id, seq) == ("doc-0", 0)
    assert value_si == pytest.approx(323.15)


def test_all_done_succeeds(repo: Repository) -> None:
    job = submit(repo, 3)
    repo.mark_started(job.id)
    run_all(repo, job)
    finished = repo.get_job(job.id, None)
    assert finished is not None and finished.status == "succeeded"
    assert finished.finished_at is not None and finished.started_at is not None
    assert finished.finished_at >= finished.started_at


def test_some_failed_is_partial_and_a_late_success_upgrades_it(repo: Repository) -> None:
    job = submit(repo, 3)
    run_all(repo, job, failed={"doc-1"})
    assert _status(repo, job.id) == "partial"
    counts = repo.job_counts(job.id)
    assert (counts["done"], counts["failed"], counts["records"]) == (2, 1, 4)
    # A redelivered task succeeds on the document that had failed.
    repo.save_result(job.id, "doc-1", result("doc-1"))
    assert _status(repo, job.id) == "succeeded"


def test_all_failed_fails(repo: Repository) -> None:
    job = submit(repo, 2)
    run_all(repo, job, failed={"doc-0", "doc-1"})
    assert _status(repo, job.id) == "failed"
    [line, _] = list(repo.document_results(job.id))
    assert line["errors"] == [
        {"code": "engine_unavailable", "message": "no engine answered", "chunk": 0}
    ]
    assert line["records"] == []


def test_job_stays_open_while_documents_are_pending(repo: Repository) -> None:
    job = submit(repo, 2)
    repo.mark_started(job.id)
    [first, _] = repo.claim_documents(job.id, repo.pending_document_ids(job.id))
    repo.save_result(job.id, first.doc_id, result(first.doc_id))
    assert _status(repo, job.id) == "running"
    assert repo.finish_job_if_complete(job.id) == "running"


def test_engines_used_accumulates_once_per_engine(repo: Repository) -> None:
    job = submit(repo, 3)
    repo.claim_documents(job.id, repo.pending_document_ids(job.id))
    repo.save_result(job.id, "doc-0", result("doc-0", engine="sglang"))
    repo.save_result(job.id, "doc-1", result("doc-1", engine="local"))
    repo.save_result(job.id, "doc-2", result("doc-2", engine="sglang"))
    finished = repo.get_job(job.id, None)
    assert finished is not None and finished.engines_used == ["sglang", "local"]


def test_save_result_checks_the_document_id(repo: Repository) -> None:
    job = submit(repo, 1)
    with pytest.raises(ValueError, match="doc-0"):
        repo.save_result(job.id, "doc-0", result("other"))
    with pytest.raises(JobNotFound, match="nope"):
        repo.save_result(job.id, "nope", result("nope"))
    assert repo.job_counts(job.id)["queued"] == 1


def test_record_pages_cover_every_record_once(repo: Repository) -> None:
    job = submit(repo, 4)
    ids = repo.pending_document_ids(job.id)
    repo.claim_documents(job.id, ids)
    for i in range(4):
        repo.save_result(job.id, f"doc-{i}", result(f"doc-{i}", i + 2))
    repo.save_result(job.id, "doc-1", result("doc-1", 3))  # a redelivery in between
    seen: list[tuple[str, float]] = []
    cursor: int | None = None
    pages = 0
    while True:
        records, cursor = repo.page_records(job.id, cursor, limit=4)
        assert len(records) <= 4
        seen += [(r["doc_id"], r["value"]) for r in records]
        pages += 1
        if cursor is None:
            break
    expected = sorted((f"doc-{i}", 100.0 + s) for i in range(4) for s in range(i + 2))
    assert sorted(seen) == expected and len(seen) == len(set(seen)) == 14
    assert pages == 4
    streamed = [(r["doc_id"], r["value"]) for r in repo.iter_records(job.id, batch_size=3)]
    assert streamed == seen
    assert repo.page_records(job.id, 10**12) == ([], None)


def test_stored_records_are_the_strict_json(repo: Repository) -> None:
    job = submit(repo, 1)
    repo.claim_documents(job.id, repo.pending_document_ids(job.id))
    original = result("doc-0", 2)
    repo.save_result(job.id, "doc-0", original)
    records, _ = repo.page_records(job.id)
    assert records[0]["schema"] == SCHEMA and "schema_name" not in records[0]
    assert records[0]["compound"]["inchikey"] == ASPIRIN_INCHIKEY
    assert records == [r.model_dump(mode="json", by_alias=True) for r in original.records]


def test_document_results_rebuild_the_output_lines(repo: Repository) -> None:
    job = submit(repo, 5)
    ids = repo.pending_document_ids(job.id)
    repo.claim_documents(job.id, ids[:4])
    saved = {f"doc-{i}": result(f"doc-{i}", i) for i in (0, 2, 3)}
    for doc_id, res in saved.items():
        repo.save_result(job.id, doc_id, res)
    repo.save_result(job.id, "doc-1", failure("doc-1"), failed=True)
    lines = list(repo.document_results(job.id, batch_size=2))
    assert [line["doc_id"] for line in lines] == ["doc-0", "doc-1", "doc-2", "doc-3"]
    for line in lines:
        parsed = DocumentResult.model_validate(line)
        expected = saved.get(parsed.doc_id) or failure(parsed.doc_id)
        assert parsed == expected


def test_ready_is_false_when_the_database_is_gone() -> None:
    engine = make_engine("postgresql://nobody@127.0.0.1:1/none")
    try:
        with session_factory(engine)() as session:
            assert ready(session) is False
    finally:
        engine.dispose()


def test_records_are_jsonb_on_postgresql(pg_db_url: str) -> None:
    engine = make_engine(pg_db_url)
    try:
        repo = Repository(session_factory(engine))
        job = submit(repo, 2)
        repo.claim_documents(job.id, repo.pending_document_ids(job.id))
        repo.save_result(job.id, "doc-0", result("doc-0", 3))
        repo.save_result(job.id, "doc-1", result("doc-1", 1, base=200.0))
        with engine.connect() as connection:
            by_property = connection.execute(
                text(
                    "SELECT count(*) FROM result_records "
                    "WHERE job_id = :job AND data->>'property' = 'melting_point'"
                ),
                {"job": job.id},
            ).scalar_one()
            hot = connection.execute(
                text(
                    "SELECT data->'compound'->>'inchikey', (data->>'value')::float "
                    "FROM result_records WHERE (data->>'value')::float >= 200"
                )
            ).all()
            contained = connection.execute(
                text("SELECT count(*) FROM result_records WHERE data @> :probe"),
                {"probe": '{"status": "flagged", "checks": {"grounded": true}}'},
            ).scalar_one()
            kinds = connection.execute(
                text("SELECT DISTINCT pg_typeof(data)::text FROM result_records")
            ).all()
        with Session(engine) as session:
            indexed = session.scalar(
                select(func.count())
                .select_from(ResultRecord)
                .where(ResultRecord.inchikey == ASPIRIN_INCHIKEY, ResultRecord.value_si > 374)
            )
    finally:
        engine.dispose()
    assert by_property == 4
    assert hot == [(ASPIRIN_INCHIKEY, 200.0)]
    assert contained == 4
    assert kinds == [("jsonb",)]
    assert indexed == 3


def test_a_chunk_is_saved_in_one_transaction_or_not_at_all(
    repo: Repository, engine: Engine
) -> None:
    job = submit(repo, 3)
    repo.claim_documents(job.id, repo.pending_document_ids(job.id))
    with pytest.raises(JobNotFound, match="nope"):
        repo.save_results(
            job.id,
            [("doc-0", result("doc-0"), False), ("nope", result("nope"), False)],
        )
    assert _records_of(engine, job.id) == []  # doc-0's records were rolled back too

    repo.save_results(
        job.id,
        [(f"doc-{i}", failure(f"doc-{i}") if i == 1 else result(f"doc-{i}"), i == 1)
         for i in range(3)],
    )  # fmt: skip
    assert [doc_id for doc_id, _, _ in _records_of(engine, job.id)] == ["doc-0"] * 2 + ["doc-2"] * 2
    assert _status(repo, job.id) == "partial"
