"""Several workers at once: claims never overlap, the last save always settles the job.

Threads with their own sessions stand in for worker processes; they share nothing
but the database. The claim test runs on PostgreSQL (``SKIP LOCKED``); the finishing
race runs on both backends, since SQLite must get it right by serialising.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from functools import partial

from sqlalchemy import Engine, event

from molextract.store import Repository, make_engine, session_factory
from tests.utils.store import result, submit


def _in_threads(count: int, work: Callable[[int], None]) -> list[BaseException]:
    """Run ``work(i)`` in ``count`` threads released together; return what they raised."""
    barrier = threading.Barrier(count)
    errors: list[BaseException] = []

    def run(i: int) -> None:
        barrier.wait()
        try:
            work(i)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def _claim_in_threads(repo: Repository, job_id: str, requests: list[list[int]]) -> list[int]:
    """Worker ``i`` claims ``requests[i]``; returns every row id claimed, repeats kept."""
    claimed: list[int] = []
    lock = threading.Lock()

    def claim(i: int) -> None:
        got = [d.id for d in repo.claim_documents(job_id, requests[i], claimant=f"w{i}")]
        with lock:
            claimed.extend(got)

    assert _in_threads(len(requests), claim) == []
    return claimed


def _save(repo: Repository, job_id: str, doc_ids: list[str], i: int) -> None:
    repo.save_result(job_id, doc_ids[i], result(doc_ids[i], 3))


def test_concurrent_claimers_never_share_a_document(pg_db_url: str) -> None:
    engine = make_engine(pg_db_url)
    try:
        repo = Repository(session_factory(engine))
        for _round in range(5):
            job = submit(repo, 40)
            ids = repo.pending_document_ids(job.id)
            # Overlapping requests: both threads ask for every document.
            claimed = _claim_in_threads(repo, job.id, [ids, ids])
            together = Counter(claimed)
            assert set(together) == set(ids)
            assert max(together.values()) == 1
            counts = repo.job_counts(job.id)
            assert (counts["running"], counts["queued"]) == (40, 0)
    finally:
        engine.dispose()


def test_many_claimers_on_chunks_claim_each_document_once(pg_db_url: str) -> None:
    engine = make_engine(pg_db_url)
    try:
        repo = Repository(session_factory(engine))
        job = submit(repo, 60)
        ids = repo.pending_document_ids(job.id)
        # Four workers, each asking for a sliding window of half the documents.
        claimed = _claim_in_threads(repo, job.id, [ids[i * 10 : i * 10 + 30] for i in range(4)])
        assert len(claimed) == len(set(claimed)) == 60
    finally:
        engine.dispose()


def _widen_the_race(engine: Engine) -> None:
    """Pause before each "anything still pending?" count, after the document update.

    The race window is otherwise a millisecond; with the pause, savers that do not
    serialise on the job row all count each other as still running, and the job
    would never finish.
    """

    @event.listens_for(engine, "before_cursor_execute")
    def pause(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        if "GROUP BY job_documents.status" in statement:
            time.sleep(0.05)


def test_last_documents_finishing_together_settle_the_job(repo: Repository, engine: Engine) -> None:
    _widen_the_race(engine)
    for _round in range(3):
        job = submit(repo, 6)
        repo.mark_started(job.id)
        first, *rest = (
            d.doc_id for d in repo.claim_documents(job.id, repo.pending_document_ids(job.id))
        )
        # Saved alone first, so the racing saves leave ``engines_used`` (and thus the
        # job row) untouched and only the job-row lock can keep them apart.
        repo.save_result(job.id, first, result(first, 3))
        assert _in_threads(len(rest), partial(_save, repo, job.id, rest)) == []
        finished = repo.get_job(job.id, None)
        assert finished is not None and finished.status == "succeeded"
        assert repo.job_counts(job.id)["records"] == 18
