"""API keys: who may call, and which tenant a request acts for."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from molextract.api import ApiLimits, require_api_key_for
from molextract.config import Settings
from tests.utils.api import Api, MakeApi, assert_problem, job_body

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("authorization", "words"),
    [
        (None, "an API key is required"),
        ("Bearer mx_not-a-real-key", "not valid"),
        ("Bearer someone-elses-token", "not valid"),
        ("Basic dXNlcjpwYXNz", "must be 'Bearer <API key>'"),
        ("Bearer", "must be 'Bearer <API key>'"),
    ],
)
async def test_requests_without_a_valid_key_are_401(
    api: Api, authorization: str | None, words: str
) -> None:
    headers = {"Authorization": authorization} if authorization else {}
    for response in [
        await api.client.post("/v1/jobs", json=job_body(1), headers=headers),
        await api.client.get("/v1/jobs", headers=headers),
    ]:
        problem = assert_problem(response, 401, "unauthorized")
        assert words in problem["detail"]
        assert response.headers["www-authenticate"].startswith("Bearer")
    assert api.db.row_counts() == (0, 0)


async def test_a_revoked_key_is_refused(api: Api) -> None:
    assert api.repository.revoke_api_key(api.api_key_id)

    response = await api.client.get("/v1/jobs", headers=api.auth)

    assert "revoked" in assert_problem(response, 401, "unauthorized")["detail"]


async def test_unauthenticated_requests_do_not_read_the_body(api: Api) -> None:
    response = await api.client.post("/v1/jobs", content=b"{not json", headers={})

    assert_problem(response, 401, "unauthorized")  # not 400: auth is checked first


@pytest.fixture
async def open_api(make_api: MakeApi) -> AsyncIterator[Api]:
    api = make_api(require_api_key=False)
    async with api.client:
        yield api


async def test_without_required_keys_requests_act_as_the_no_key_tenant(open_api: Api) -> None:
    api = open_api
    anonymous = await api.client.post("/v1/jobs", json=job_body(1))
    keyed = await api.client.post("/v1/jobs", json=job_body(2), headers=api.auth)

    assert anonymous.status_code == 202 and keyed.status_code == 202
    anonymous_id, keyed_id = anonymous.json()["id"], keyed.json()["id"]
    stored = api.repository.get_job(anonymous_id, None)
    assert stored is not None and stored.api_key_id is None
    assert (await api.client.get(f"/v1/jobs/{anonymous_id}")).status_code == 200
    # The two tenants stay apart in both directions.
    assert_problem(await api.client.get(f"/v1/jobs/{keyed_id}"), 404, "job-not-found")
    assert_problem(
        await api.client.get(f"/v1/jobs/{anonymous_id}", headers=api.auth), 404, "job-not-found"
    )
    listed = (await api.client.get("/v1/jobs")).json()
    assert [job["id"] for job in listed["jobs"]] == [anonymous_id]


async def test_a_wrong_key_is_refused_even_when_keys_are_optional(open_api: Api) -> None:
    response = await open_api.client.post(
        "/v1/jobs", json=job_body(1), headers={"Authorization": "Bearer mx_typo"}
    )

    assert_problem(response, 401, "unauthorized")
    assert open_api.db.row_counts() == (0, 0)


def test_limits_default_without_api_settings() -> None:
    limits = ApiLimits.from_settings(Settings())

    assert limits == ApiLimits(
        max_body_bytes=10 * 1024 * 1024,
        max_documents=1000,
        max_document_chars=200_000,
        max_schema_bytes=64 * 1024,
        require_api_key=True,
    )


@pytest.mark.parametrize(
    ("host", "configured", "required"),
    [
        ("127.0.0.1", None, False),
        ("localhost", None, False),
        ("::1", None, False),
        ("[::1]", None, False),
        ("0.0.0.0", None, True),
        ("::", None, True),
        ("10.1.2.3", None, True),
        ("api.example.org", None, True),
        ("0.0.0.0", False, False),
        ("127.0.0.1", True, True),
    ],
)
def test_keys_are_required_off_loopback_unless_configured(
    host: str, configured: bool | None, required: bool
) -> None:
    assert require_api_key_for(host, configured) is required
