"""Claims: one worker at a time per document, held while renewed, released once when lapsed."""

from __future__ import annotations

from datetime import timedelta

from molextract.store import Repository
from tests.utils.store import result, run_all, submit


def test_a_live_claim_is_not_taken_over_until_its_lease_expires(repo: Repository) -> None:
    job = submit(repo, 2)
    ids = repo.pending_document_ids(job.id)
    assert len(repo.claim_documents(job.id, ids, claimant="a")) == 2
    assert repo.claim_documents(job.id, ids, claimant="b") == []
    assert repo.claim_documents(job.id, ids) == []
    taken = repo.claim_documents(job.id, ids, claimant="b", lease=timedelta(0))
    assert [(d.claimed_by, d.attempts) for d in taken] == [("b", 2), ("b", 2)]


def test_a_renewed_claim_is_not_released_and_a_lapsed_one_is_released_once(
    repo: Repository,
) -> None:
    job = submit(repo, 3)
    other = submit(repo, 1)
    repo.mark_started(job.id)
    repo.mark_started(other.id)
    ids = repo.pending_document_ids(job.id)
    repo.claim_documents(job.id, ids[:2], claimant="dead")
    repo.claim_documents(job.id, ids[2:], claimant="alive")
    repo.claim_documents(other.id, repo.pending_document_ids(other.id), claimant="alive")

    # Nothing has lapsed yet with a real lease.
    assert repo.release_lapsed_claims(timedelta(seconds=30)) == []
    # "alive" renews; with a zero lease every claim not renewed from now on lapses.
    assert repo.renew_claims(job.id, "alive", ids) == 1  # it holds one of the three
    assert repo.renew_claims(job.id, "nobody", ids) == 0
    released = repo.release_lapsed_claims(timedelta(0))
    assert sorted(job_id for job_id, _ in released) == sorted([job.id, other.id])
    assert dict(released)[job.id] == ids[:2] + ids[2:]
    counts = repo.job_counts(job.id)
    assert (counts["queued"], counts["running"]) == (3, 0)
    # A second sweeper finds them queued, not lapsed; a new message claims them.
    assert repo.release_lapsed_claims(timedelta(0)) == []
    taken = repo.claim_documents(job.id, ids, claimant="new")
    assert [(d.claimed_by, d.attempts) for d in taken] == [("new", 2)] * 3
    # The dead task's message, back after the visibility timeout, finds them held.
    assert repo.claim_documents(job.id, ids, claimant="dead") == []


def test_a_claim_held_for_a_retry_lapses_only_after_the_retry_is_due(repo: Repository) -> None:
    job = submit(repo, 1)
    repo.mark_started(job.id)
    ids = repo.pending_document_ids(job.id)
    repo.claim_documents(job.id, ids, claimant="task-1")
    assert repo.renew_claims(job.id, "task-1", ids, hold_for=timedelta(minutes=5)) == 1
    assert repo.release_lapsed_claims(timedelta(0)) == []
    assert repo.claim_documents(job.id, ids, claimant="task-2", lease=timedelta(0)) == []
    # The retry itself (same task id) takes them back at once.
    assert len(repo.claim_documents(job.id, ids, claimant="task-1")) == 1


def test_finished_and_cancelled_work_is_never_released(repo: Repository) -> None:
    done = submit(repo, 1)
    repo.mark_started(done.id)
    run_all(repo, done)
    cancelled = submit(repo, 2)
    repo.mark_started(cancelled.id)
    repo.claim_documents(cancelled.id, repo.pending_document_ids(cancelled.id), claimant="t")
    repo.cancel_job(cancelled.id, None)
    assert repo.release_lapsed_claims(timedelta(0)) == []


def test_claim_ignores_documents_of_other_jobs(repo: Repository) -> None:
    first = submit(repo, 1)
    second = submit(repo, 1)
    other_ids = repo.pending_document_ids(second.id)
    assert repo.claim_documents(first.id, other_ids) == []
    assert repo.job_counts(second.id)["queued"] == 1
    assert repo.claim_documents(first.id, []) == []


def test_a_stopping_worker_hands_its_claims_back_uncounted(repo: Repository) -> None:
    job = submit(repo, 3)
    repo.mark_started(job.id)
    ids = repo.pending_document_ids(job.id)
    repo.claim_documents(job.id, ids, claimant="stopping")
    repo.save_result(job.id, "doc-0", result("doc-0"))
    # Another task's claim and finished documents are left alone.
    assert repo.hand_back_claims(job.id, "someone-else", ids) == 0
    assert repo.hand_back_claims(job.id, "stopping", ids) == 2
    # Still running under the claim, but lapsed now: the next sweep sends them on ...
    assert repo.release_lapsed_claims(timedelta(seconds=30)) == [(job.id, ids[1:])]
    # ... and one claim takes them, as if the stopped attempt had never been made.
    taken = repo.claim_documents(job.id, ids, claimant="next")
    assert [(d.doc_id, d.attempts) for d in taken] == [("doc-1", 1), ("doc-2", 1)]
    assert repo.claim_documents(job.id, ids, claimant="stopping") == []


def test_handed_back_claims_go_straight_back_to_their_redelivered_message(
    repo: Repository,
) -> None:
    job = submit(repo, 2)
    repo.mark_started(job.id)
    ids = repo.pending_document_ids(job.id)
    repo.claim_documents(job.id, ids, claimant="task-1")
    assert repo.hand_back_claims(job.id, "task-1", ids) == 2
    again = repo.claim_documents(job.id, ids, claimant="task-1")
    assert [(d.claimed_by, d.attempts) for d in again] == [("task-1", 1)] * 2
    # Once taken, the lease is live again: the sweep leaves them be.
    assert repo.release_lapsed_claims(timedelta(seconds=30)) == []
