"""The API client and ``remote_run`` against the real API served over HTTP by uvicorn.

The app is the real one over a real migrated SQLite store; only the broker is a
recording double (these tests are about the client), and the tests play the worker
by saving results through the repository.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from molextract.api import create_app
from molextract.ingest import Skipped
from molextract.ingest.document import Document
from molextract.runs.client import ApiClient, ApiError, ApiUnreachable, idempotency_key, ndjson_body
from molextract.runs.local import RunStats
from molextract.runs.remote import schema_argument, submit_inputs, wait_for_jobs, write_results
from molextract.runs.sinks import JsonlSink
from molextract.store import Repository, make_engine, session_factory, upgrade
from tests.utils.api import ApiSettings, RecordingDispatcher
from tests.utils.network import free_port
from tests.utils.store import failure, result

SCHEMA = "melting_point"


class LiveApi:
    def __init__(self, repository: Repository, dispatcher: RecordingDispatcher, url: str) -> None:
        self.repository = repository
        self.dispatcher = dispatcher
        self.url = url
        self.key_secret = repository.create_api_key("client-tests")[1]

    def client(self, **kwargs: Any) -> ApiClient:
        return ApiClient(self.url, api_key=self.key_secret, **kwargs)

    def finish(self, job_id: str, failed: frozenset[str] = frozenset()) -> None:
        """Play the worker: a result for every document (a failure for those in ``failed``)."""
        for document in self.repository.claim_documents(
            job_id, self.repository.pending_document_ids(job_id)
        ):
            outcome = failure if document.doc_id in failed else result
            self.repository.save_result(
                job_id,
                document.doc_id,
                outcome(document.doc_id),
                failed=document.doc_id in failed,
            )


def _serve(tmp_path: Path, **settings: Any) -> Iterator[LiveApi]:
    url = f"sqlite:///{tmp_path / 'client.db'}"
    upgrade(url)
    engine = make_engine(url)
    repository = Repository(session_factory(engine))
    dispatcher = RecordingDispatcher()
    app = create_app(ApiSettings(**settings), repository, dispatcher)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    try:
        yield LiveApi(repository, dispatcher, f"http://127.0.0.1:{port}")
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        engine.dispose()


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveApi]:
    yield from _serve(tmp_path)


@pytest.fixture
def strict(tmp_path: Path) -> Iterator[LiveApi]:
    """An API with tiny limits: 1 KiB bodies would be too small, so 2 KiB and 300 chars."""
    yield from _serve(tmp_path, api_max_body_bytes=2048, api_max_document_chars=300)


def _docs(n: int, size: int = 40, prefix: str = "d") -> list[Document]:
    return [
        Document(
            f"{prefix}{i}",
            f"The crude solid from compound {i} melts at {100 + i} °C. ".ljust(size, "x"),
            {},
        )
        for i in range(n)
    ]


def _stored_ids(live: LiveApi, job_ids: list[str]) -> list[str]:
    ids: list[str] = []
    for job_id in job_ids:
        live.finish(job_id)
        ids += [line["doc_id"] for line in live.repository.document_results(job_id)]
    return ids


def test_a_batch_is_one_job_and_resending_it_finds_that_job(live: LiveApi) -> None:
    docs = _docs(3)
    with live.client() as client:
        first = client.submit(SCHEMA, docs)
        again = client.submit(SCHEMA, docs)
        other = client.submit(SCHEMA, docs[:2])
    assert first == again != other
    assert [job for job, _ in live.dispatcher.dispatched].count(first) >= 1
    assert idempotency_key(ndjson_body(SCHEMA, docs)) == idempotency_key(ndjson_body(SCHEMA, docs))


def test_a_refused_document_is_reported_and_the_rest_of_its_batch_is_sent(
    strict: LiveApi,
) -> None:
    docs = _docs(4)
    docs[1] = Document("too-long", "Urea melts at 133 °C. " + "y" * 400, {"source": "a.jsonl"})
    with strict.client() as client:
        job_ids, refused = client.submit_batch(SCHEMA, docs)

    assert [(r.document.id, "300" in r.reason) for r in refused] == [("too-long", True)]
    assert _stored_ids(strict, job_ids) == ["d0", "d2", "d3"]


def test_a_batch_over_the_body_limit_is_split_and_nothing_is_lost(strict: LiveApi) -> None:
    docs = _docs(12, size=250)
    with strict.client() as client:
        job_ids, refused = client.submit_batch(SCHEMA, docs)
    assert refused == []
    assert len(job_ids) > 1
    assert _stored_ids(strict, job_ids) == [d.id for d in docs]


def test_job_wide_errors_are_raised_with_the_servers_message(live: LiveApi) -> None:
    with live.client() as client, pytest.raises(ApiError) as unknown:
        client.submit_batch("melting_pont", _docs(2))
    assert unknown.value.status == 422 and "unknown schema 'melting_pont'" in str(unknown.value)

    with ApiClient(live.url, api_key="mx_wrong") as client, pytest.raises(ApiError) as denied:
        client.check()
    assert denied.value.status == 401

    with ApiClient(f"http://127.0.0.1:{free_port()}") as client, pytest.raises(ApiUnreachable):
        client.check()
    with live.client() as client:
        client.check()
        assert SCHEMA in client.schemas()


def test_submit_wait_and_write_results_in_input_order(live: LiveApi, tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    lines = [
        json.dumps({"id": f"p{i}", "text": f"The crude solid from compound {i} melts at 1{i}0 °C."})
        for i in range(5)
    ]
    source.write_text("\n".join([*lines[:2], "{broken", *lines[2:]]) + "\n", encoding="utf-8")
    skipped: list[Skipped] = []
    with live.client() as client:
        submission = submit_inputs(
            client, [source], SCHEMA, batch_size=2, skip_ids={"p4"}, on_skip=skipped.append
        )
        assert submission.documents == 4 and len(submission.job_ids) == 2
        assert [(s.path, s.line) for s in skipped] == [(str(source), 3)]

        for job_id in submission.job_ids:
            live.finish(job_id, failed=frozenset({"p1"}))
        polls: list[int] = []
        progress = wait_for_jobs(
            client, submission.job_ids, interval=0.1, on_poll=lambda p: polls.append(p.finished)
        )
        assert progress.ended and progress.finished == progress.total == 4
        assert set(progress.statuses.values()) == {"partial", "succeeded"}

        out, rejects = tmp_path / "out.jsonl", tmp_path / "out.rejects.jsonl"
        stats = RunStats()
        with JsonlSink(out, append=False) as sink, JsonlSink(rejects, append=False) as rsink:
            write_results(client, submission.job_ids, sink, rsink, stats)

    written = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [line["doc_id"] for line in written] == ["p0", "p1", "p2", "p3"]
    assert [len(line["errors"]) for line in written] == [0, 1, 0, 0]
    assert stats.documents == 4 and stats.flagged == 6 and stats.documents_with_errors == 1


def test_a_python_schema_class_is_sent_as_its_json_schema_document() -> None:
    example = Path(__file__).parents[2] / "examples" / "glass_transition.py"
    sent = schema_argument(f"{example}:GlassTransition")
    assert isinstance(sent, dict) and sent["title"] == "glass_transition"
    assert "heating_rate" in sent["properties"]["records"]["items"]["properties"]


def test_a_schema_file_is_sent_inline(tmp_path: Path) -> None:
    path = tmp_path / "flash.schema.json"
    path.write_text('{"title": "x"}', encoding="utf-8")
    assert schema_argument(str(path)) == {"title": "x"}
    assert schema_argument("density") == "density"
    path.write_text("[1]", encoding="utf-8")
    with pytest.raises(Exception, match="must hold a JSON object"):
        schema_argument(str(path))
