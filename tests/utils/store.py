"""Builders of documents and results for the store tests."""

from __future__ import annotations

from typing import Any

from molextract.ingest.document import Document
from molextract.schemas.records import (
    Checks,
    Compound,
    DocumentError,
    DocumentResult,
    EngineInfo,
    Evidence,
    Record,
    Usage,
)
from molextract.store import Job, Repository

SCHEMA = "melting_point"
ASPIRIN_INCHIKEY = "BSYNRYMUTXBXSQ-UHFFFAOYSA-N"


def documents(n: int, prefix: str = "doc") -> list[Document]:
    return [
        Document(
            f"{prefix}-{i}", f"Compound {i} melts at {100 + i} °C.", {"source": "test", "i": i}
        )
        for i in range(n)
    ]


def record(doc_id: str, value: float, *, engine: str = "local") -> Record:
    return Record(
        doc_id=doc_id,
        schema_name=SCHEMA,
        compound=Compound(
            name="aspirin",
            smiles="CC(=O)Oc1ccccc1C(=O)O",
            inchikey=ASPIRIN_INCHIKEY,
            smiles_source="model",
        ),
        property="melting_point",
        value=value,
        unit="°C",
        value_si=value + 273.15,
        unit_si="K",
        evidence=Evidence(quote=f"melts at {value} °C", start=11, end=28, match="normalized"),
        checks=Checks(
            structure="valid",
            grounded=True,
            value_in_quote=True,
            plausible=True,
            formula_consistent=None,
        ),
        status="flagged",
        failed_checks=["structure_from_model"],
        engine=EngineInfo(name=engine, model="smollm2-135m"),
    )


def result(
    doc_id: str,
    n_records: int = 2,
    *,
    engine: str = "local",
    errors: list[DocumentError] | None = None,
    base: float = 100.0,
) -> DocumentResult:
    return DocumentResult(
        doc_id=doc_id,
        schema_name=SCHEMA,
        records=[record(doc_id, base + seq, engine=engine) for seq in range(n_records)],
        errors=errors or [],
        engine=EngineInfo(name=engine, model="smollm2-135m"),
        usage=Usage(prompt_tokens=120, completion_tokens=40, seconds=1.5),
    )


def failure(doc_id: str) -> DocumentResult:
    return result(
        doc_id,
        0,
        errors=[DocumentError(code="engine_unavailable", message="no engine answered", chunk=0)],
    )


def submit(repo: Repository, n: int = 3, *, api_key_id: int | None = None, **kwargs: Any) -> Job:
    job, created = repo.create_job(
        api_key_id=api_key_id,
        schema_name=SCHEMA,
        custom_schema=None,
        options={"chunk_size": 2},
        documents=documents(n),
        **kwargs,
    )
    assert created
    return job


def run_all(repo: Repository, job: Job, *, failed: set[str] | None = None) -> None:
    """Claim every document and save a result for it, failing those in ``failed``."""
    failed = failed or set()
    for document in repo.claim_documents(job.id, repo.pending_document_ids(job.id)):
        if document.doc_id in failed:
            repo.save_result(job.id, document.doc_id, failure(document.doc_id), failed=True)
        else:
            repo.save_result(job.id, document.doc_id, result(document.doc_id))
