"""Test doubles, builders and assertions shared by the API tests.

They live here rather than in ``conftest.py`` because test modules import them, and
several ``conftest`` modules share that one module name.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import httpx
from fastapi import FastAPI
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from molextract.api import create_app
from molextract.api.problems import PROBLEM_JSON, TYPE_PREFIX
from molextract.config import Settings
from molextract.store import Job, JobDocument, Repository

SCHEMA = "melting_point"
NDJSON_HEADERS = {"Content-Type": "application/x-ndjson"}


class ApiSettings(Settings):
    """Settings with the API fields the service reads, until config.py declares them."""

    api_max_body_bytes: int = 10 * 1024 * 1024
    api_max_documents: int = 1000
    api_max_document_chars: int = 200_000
    api_max_schema_bytes: int = 64 * 1024
    require_api_key: bool | None = True


class RecordingDispatcher:
    """Test double of the broker: records what would be queued instead of queueing it."""

    def __init__(self) -> None:
        self.dispatched: list[tuple[str, list[int]]] = []
        self.is_ready = True

    def dispatch(self, job_id: str, document_ids: Sequence[int]) -> None:
        self.dispatched.append((job_id, list(document_ids)))

    def ready(self) -> bool:
        return self.is_ready


class FailingDispatcher(RecordingDispatcher):
    """A broker that is down (every dispatch raises, as a Celery publish would) until revived."""

    def __init__(self) -> None:
        super().__init__()
        self.failing = True
        self.attempts = 0

    def dispatch(self, job_id: str, document_ids: Sequence[int]) -> None:
        self.attempts += 1
        if self.failing:
            raise ConnectionError("broker unreachable")
        super().dispatch(job_id, document_ids)


@dataclass
class Database:
    engine: Engine
    repository: Repository

    def row_counts(self) -> tuple[int, int]:
        """(jobs, documents) in the whole database: what "nothing stored" is checked against."""
        with Session(self.engine) as session:
            jobs = session.scalar(select(func.count()).select_from(Job)) or 0
            documents = session.scalar(select(func.count()).select_from(JobDocument)) or 0
        return jobs, documents

    def stored_documents(self, job_id: str) -> list[tuple[str, str, dict[str, Any]]]:
        with Session(self.engine) as session:
            rows = session.execute(
                select(JobDocument.doc_id, JobDocument.text, JobDocument.doc_metadata)
                .where(JobDocument.job_id == job_id)
                .order_by(JobDocument.position)
            )
            return [(doc_id, text, metadata) for doc_id, text, metadata in rows]


@dataclass
class Api:
    client: httpx.AsyncClient
    db: Database
    dispatcher: RecordingDispatcher
    secret: str
    api_key_id: int

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.secret}"}

    @property
    def repository(self) -> Repository:
        return self.db.repository

    def other_tenant(self, name: str = "tenant-b") -> dict[str, str]:
        _, secret = self.repository.create_api_key(name)
        return {"Authorization": f"Bearer {secret}"}


MakeApi = Callable[..., Api]


def build_api(
    db: Database,
    *,
    dispatcher: RecordingDispatcher | None = None,
    engines_ready: Callable[[], dict[str, bool]] | None = None,
    **settings: Any,
) -> Api:
    dispatcher = dispatcher or RecordingDispatcher()
    key, secret = db.repository.create_api_key("tenant-a")
    app = create_app(
        ApiSettings(**settings), db.repository, dispatcher, engines_ready=engines_ready
    )
    return Api(asgi_client(app), db, dispatcher, secret, key.id)


def asgi_client(app: FastAPI) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://api.test")


def documents(n: int, prefix: str = "doc") -> list[dict[str, Any]]:
    return [
        {
            "id": f"{prefix}-{i}",
            "text": f"The crude solid from compound {i} melts at {100 + i} °C.",
            "metadata": {"i": i},
        }
        for i in range(n)
    ]


def job_body(n: int = 3, *, schema: object = SCHEMA, **extra: Any) -> dict[str, Any]:
    return {"schema": schema, "documents": documents(n), **extra}


def ndjson(header: dict[str, Any], docs: Sequence[object]) -> bytes:
    lines = [json.dumps(header), *(json.dumps(d, ensure_ascii=False) for d in docs)]
    return ("\n".join(lines) + "\n").encode()


def assert_problem(response: httpx.Response, status: int, kind: str | None) -> dict[str, Any]:
    """The response is RFC 9457 problem details of this status and type; returns the body."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == PROBLEM_JSON
    body: dict[str, Any] = response.json()
    assert body["status"] == status
    assert body["type"] == ("about:blank" if kind is None else TYPE_PREFIX + kind)
    assert isinstance(body["title"], str) and body["title"]
    assert isinstance(body["detail"], str) and body["detail"]
    return body


def custom_schema(**overrides: Any) -> dict[str, Any]:
    """A valid inline schema in the format of examples/flash_point.schema.json."""
    item = {
        "type": "object",
        "properties": {
            "quote": {"type": "string"},
            "compound": {"type": "string"},
            "property": {"enum": ["flash_point"]},
            "value": {"type": "string"},
            "unit": {"enum": ["°C", "K"]},
        },
    }
    schema: dict[str, Any] = {
        "title": "flash_point",
        "description": "Flash points.",
        "type": "object",
        "properties": {"records": {"type": "array", "maxItems": 4, "items": item}},
    }
    schema.update(overrides)
    return schema
