"""Keys mean keys: with keys required, the API's documentation needs one too, unless published.

``/openapi.json`` and ``/docs`` tell a stranger what the service does and which
built-in schemas it has, which ``/v1/schemas`` shows only to a key; only the probes
answer everyone. ``MOLEXTRACT_PUBLIC_DOCS`` publishes the documentation without the
built-in names.
"""

from __future__ import annotations

import pytest

from molextract.schemas import schema_names
from tests.utils.api import Api, MakeApi, assert_problem

pytestmark = pytest.mark.anyio

DOCS = ("/openapi.json", "/docs")


async def test_with_keys_required_the_docs_need_a_key(api: Api) -> None:
    for path in DOCS:
        assert_problem(await api.client.get(path), 401, "unauthorized")
        wrong = {"Authorization": "Bearer mx_not-a-key"}
        assert_problem(await api.client.get(path, headers=wrong), 401, "unauthorized")
        assert (await api.client.get(path, headers=api.auth)).status_code == 200, path
    # ReDoc is not served at all, with or without a key.
    assert (await api.client.get("/redoc", headers=api.auth)).status_code == 404
    for probe in ("/healthz", "/readyz"):
        assert (await api.client.get(probe)).status_code == 200, probe


async def test_a_key_holder_gets_the_whole_document_with_the_builtin_names(api: Api) -> None:
    text = (await api.client.get("/openapi.json", headers=api.auth)).text

    assert all(f'"{name}"' in text for name in schema_names())


async def test_published_docs_answer_anyone_without_the_builtin_names(make_api: MakeApi) -> None:
    published = make_api(public_docs=True)
    async with published.client:
        document = await published.client.get("/openapi.json")
        page = await published.client.get("/docs")
        schemas = await published.client.get("/v1/schemas")

    assert document.status_code == 200 and page.status_code == 200
    assert "swagger" in page.text.lower()
    leaked = [name for name in schema_names() if f'"{name}"' in document.text]
    assert leaked == []
    # The document still says what ``schema`` is, and the rest of the API stays keyed.
    assert "/v1/jobs" in document.json()["paths"]
    assert_problem(schemas, 401, "unauthorized")


async def test_without_required_keys_the_docs_are_public_and_whole(make_api: MakeApi) -> None:
    open_api = make_api(require_api_key=False)
    async with open_api.client:
        document = await open_api.client.get("/openapi.json")
        page = await open_api.client.get("/docs")

    assert document.status_code == 200 and page.status_code == 200
    assert all(f'"{name}"' in document.text for name in schema_names())
