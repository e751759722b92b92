"""``GET /v1/jobs/{id}/results?format=csv|parquet|sdf``: the files `molextract export`
writes, from a job's stored results, on SQLite and PostgreSQL."""

from __future__ import annotations

import io
from pathlib import Path

import pandas as pd
import pytest
from rdkit import Chem

from tests.utils.api import Api, assert_problem, job_body
from tests.utils.store import ASPIRIN_INCHIKEY, failure, result

pytestmark = pytest.mark.anyio


async def _finished_job(api: Api) -> str:
    """Three documents: two with two aspirin records each, one failed."""
    response = await api.client.post("/v1/jobs", json=job_body(3), headers=api.auth)
    assert response.status_code == 202, response.text
    job_id: str = response.json()["id"]
    for document in api.repository.claim_documents(
        job_id, api.repository.pending_document_ids(job_id)
    ):
        if document.doc_id == "doc-1":
            api.repository.save_result(job_id, "doc-1", failure("doc-1"), failed=True)
        else:
            api.repository.save_result(job_id, document.doc_id, result(document.doc_id))
    return job_id


async def test_csv_and_parquet_hold_one_row_per_record(both_api: Api) -> None:
    api = both_api
    job_id = await _finished_job(api)
    url = f"/v1/jobs/{job_id}/results"

    csv = await api.client.get(url, params={"format": "csv"}, headers=api.auth)
    assert csv.status_code == 200, csv.text
    assert csv.headers["content-type"] == "text/csv; charset=utf-8"
    assert csv.headers["x-job-status"] == "partial" and csv.headers["x-records"] == "4"
    assert f'filename="{job_id}.csv"' in csv.headers["content-disposition"]
    table = pd.read_csv(io.StringIO(csv.text))
    assert list(zip(table["doc_id"], table["value"], strict=True)) == [
        ("doc-0", 100.0),
        ("doc-0", 101.0),
        ("doc-2", 100.0),
        ("doc-2", 101.0),
    ]
    assert set(table["inchikey"]) == {ASPIRIN_INCHIKEY}
    assert set(table["failed_checks"]) == {"structure_from_model"}

    parquet = await api.client.get(url, params={"format": "parquet"}, headers=api.auth)
    assert parquet.status_code == 200
    assert parquet.headers["content-type"] == "application/vnd.apache.parquet"
    frame = pd.read_parquet(io.BytesIO(parquet.content))
    assert frame[["doc_id", "value"]].equals(table[["doc_id", "value"]])
    assert frame["value_si"].dtype == "float64"


async def test_sdf_holds_one_molecule_per_compound_and_document(
    both_api: Api, tmp_path: Path
) -> None:
    api = both_api
    job_id = await _finished_job(api)

    response = await api.client.get(
        f"/v1/jobs/{job_id}/results", params={"format": "sdf"}, headers=api.auth
    )

    assert response.status_code == 200
    assert response.headers["content-type"] == "chemical/x-mdl-sdfile"
    assert response.headers["x-records-without-structure"] == "0"
    path = tmp_path / "job.sdf"
    path.write_bytes(response.content)
    molecules = list(Chem.SDMolSupplier(str(path)))
    assert [m.GetProp("doc_id") for m in molecules] == ["doc-0", "doc-2"]
    for mol in molecules:
        assert Chem.MolToInchiKey(mol) == ASPIRIN_INCHIKEY
        assert mol.GetProp("melting_point") == "100 °C"
        assert mol.GetProp("melting_point#2") == "101 °C"
        assert mol.GetProp("melting_point.failed_checks") == "structure_from_model"


async def test_exports_are_the_owners_only_and_formats_are_checked(api: Api) -> None:
    job_id = await _finished_job(api)
    url = f"/v1/jobs/{job_id}/results"
    foreign = await api.client.get(url, params={"format": "csv"}, headers=api.other_tenant())
    assert_problem(foreign, 404, "job-not-found")
    unknown = await api.client.get(url, params={"format": "xlsx"}, headers=api.auth)
    assert unknown.status_code == 422


async def test_a_job_without_results_exports_an_empty_table(api: Api) -> None:
    response = await api.client.post("/v1/jobs", json=job_body(1), headers=api.auth)
    job_id = response.json()["id"]
    csv = await api.client.get(
        f"/v1/jobs/{job_id}/results", params={"format": "csv"}, headers=api.auth
    )
    assert csv.status_code == 200 and csv.headers["x-job-status"] == "queued"
    assert len(pd.read_csv(io.StringIO(csv.text))) == 0
