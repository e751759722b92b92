"""A small synchronous client of the job API, used by ``molextract submit``.

It lives apart from the CLI so that the awkward parts of talking to a remote
service (a batch the server refuses, a server that is briefly unreachable while
we wait, replaying a submission after a crash) are library code with tests of
their own rather than option-parsing code.

Submissions are NDJSON (a header line, then one document per line), the form the
API parses as it reads, and every batch carries an ``Idempotency-Key`` derived from
its content: sending the same batch again (a retry, or ``submit`` run again after
being interrupted) returns the job the first attempt created instead of a second one.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import httpx

from molextract.errors import MolextractError
from molextract.ingest.document import Document
from molextract.jobs import NDJSON
from molextract.schemas.records import DocumentResult

#: Statuses of a server that is there but cannot serve right now (restarting,
#: database or broker briefly away): waiting callers retry these.
TRANSIENT_STATUSES = frozenset({502, 503, 504})


class ApiError(MolextractError):
    """The API answered with an error; ``problem`` is its problem-details body."""

    def __init__(self, status: int, problem: Mapping[str, Any], where: str) -> None:
        detail = problem.get("detail") or problem.get("title") or "no detail given"
        super().__init__(f"{where}: HTTP {status}: {detail}")
        self.status = status
        self.problem = dict(problem)


class ApiUnreachable(MolextractError):
    """No HTTP answer at all: wrong URL, server down, network problem."""


@dataclass(frozen=True)
class RefusedDocument:
    """A document the server refused; the rest of its batch was sent without it."""

    document: Document
    reason: str


def idempotency_key(body: bytes) -> str:
    """The same body always gets the same key, so resending it can never duplicate a job."""
    return "molextract-submit-" + hashlib.sha256(body).hexdigest()


def ndjson_body(schema: str | Mapping[str, Any], documents: Sequence[Document]) -> bytes:
    """The job as NDJSON: the header line, then one document per line."""
    lines = [json.dumps({"schema": schema}, ensure_ascii=False)]
    lines += [
        json.dumps({"id": d.id, "text": d.text, "metadata": d.metadata}, ensure_ascii=False)
        for d in documents
    ]
    return ("\n".join(lines) + "\n").encode()


def _problem(response: httpx.Response) -> dict[str, Any]:
    try:
        body = response.json()
    except ValueError:
        return {"detail": response.text[:500] or response.reason_phrase}
    return body if isinstance(body, dict) else {"detail": str(body)[:500]}


class ApiClient:
    """Submit, poll and read jobs of one molextract API."""

    def __init__(
        self,
        base_url: str,
        *,
        api_key: str | None = None,
        timeout: float = 120.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        headers = {"User-Agent": "molextract-submit"}
        if api_key:
            headers["Authorization"] = f"Bearer {api_key}"
        self.base_url = base_url.rstrip("/")
        self._http = httpx.Client(
            base_url=self.base_url, headers=headers, timeout=timeout, transport=transport
        )

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> ApiClient:
        return self

    def __exit__(self, *args: object) -> None:
        self.close()

    def _request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        try:
            response = self._http.request(method, path, **kwargs)
        except httpx.TransportError as exc:
            raise ApiUnreachable(f"cannot reach the API at {self.base_url}: {exc}") from exc
        if response.status_code >= 400:
            raise ApiError(response.status_code, _problem(response), f"{method} {path}")
        return response

    def _waiting(self, call: Callable[[], httpx.Response], patience: float) -> httpx.Response:
        """``call()``, retried while the server is unreachable or says it is unavailable."""
        deadline = time.monotonic() + patience
        delay = 0.5
        while True:
            try:
                return call()
            except (ApiUnreachable, ApiError) as exc:
                transient = isinstance(exc, ApiUnreachable) or exc.status in TRANSIENT_STATUSES
                if not transient or time.monotonic() + delay > deadline:
                    raise
            time.sleep(delay)
            delay = min(delay * 2, 10.0)

    # -- Calls ------------------------------------------------------------------------

    def schemas(self) -> list[str]:
        """Names of the server's schemas."""
        body = self._request("GET", "/v1/schemas").json()
        return [schema["name"] for schema in body["schemas"]]

    def check(self) -> None:
        """Raise unless the URL is a molextract API that accepts our key (one cheap call)."""
        self._request("GET", "/v1/jobs", params={"limit": 1})

    def submit(self, schema: str | Mapping[str, Any], documents: Sequence[Document]) -> str:
        """Create a job of ``documents``; the job id. Resending the same batch is harmless."""
        body = ndjson_body(schema, documents)
        headers = {"Content-Type": NDJSON, "Idempotency-Key": idempotency_key(body)}
        # A 503 after the job was stored leaves it queued under this key, and the
        # API dispatches it again when the same request is repeated: retrying is safe.
        response = self._waiting(
            lambda: self._request("POST", "/v1/jobs", content=body, headers=headers), 60.0
        )
        job_id: str = response.json()["id"]
        return job_id

    def submit_batch(
        self, schema: str | Mapping[str, Any], documents: Sequence[Document]
    ) -> tuple[list[str], list[RefusedDocument]]:
        """Submit ``documents``, working around what the server refuses.

        A document the server refuses (its NDJSON line is named in the error) is
        left out and reported, and the rest are sent again; a body over the server's
        size limit is split in two. Errors about the job as a whole (unknown schema,
        bad key) are raised: no batch could succeed.
        """
        pending: list[Sequence[Document]] = [documents]
        job_ids: list[str] = []
        refused: list[RefusedDocument] = []
        while pending:
            batch = list(pending.pop(0))
            if not batch:
                continue
            try:
                job_ids.append(self.submit(schema, batch))
            except ApiError as exc:
                if exc.status == 413 and len(batch) > 1:
                    half = len(batch) // 2
                    pending[:0] = [batch[:half], batch[half:]]
                    continue
                bad = _refused_positions(exc, len(batch))
                if not bad:
                    raise
                for position in sorted(bad):
                    refused.append(RefusedDocument(batch[position], bad[position]))
                pending.insert(0, [d for i, d in enumerate(batch) if i not in bad])
        return job_ids, refused

    def job(self, job_id: str, *, patience: float = 300.0) -> dict[str, Any]:
        """The job's view (status, counts); waits out a server that is briefly away."""
        view: dict[str, Any] = self._waiting(
            lambda: self._request("GET", f"/v1/jobs/{job_id}"), patience
        ).json()
        return view

    def cancel(self, job_id: str) -> dict[str, Any]:
        view: dict[str, Any] = self._request("DELETE", f"/v1/jobs/{job_id}").json()
        return view

    def document_results(self, job_id: str) -> Iterator[DocumentResult]:
        """The job's output lines, one per finished document, streamed."""
        path = f"/v1/jobs/{job_id}/results"
        try:
            with self._http.stream("GET", path, params={"format": "documents"}) as response:
                if response.status_code >= 400:
                    response.read()
                    raise ApiError(response.status_code, _problem(response), f"GET {path}")
                for line in response.iter_lines():
                    if line.strip():
                        yield DocumentResult.model_validate_json(line)
        except httpx.TransportError as exc:
            raise ApiUnreachable(f"cannot reach the API at {self.base_url}: {exc}") from exc


def _refused_positions(exc: ApiError, size: int) -> dict[int, str]:
    """Batch positions of the documents a 4xx names (NDJSON line 1 is the header)."""
    if exc.status not in (400, 413, 422):
        return {}
    bad: dict[int, str] = {}
    for error in exc.problem.get("errors") or []:
        line = error.get("line") if isinstance(error, dict) else None
        if isinstance(line, int) and 2 <= line < size + 2:
            bad[line - 2] = str(error.get("detail") or exc.problem.get("detail"))
    return bad
