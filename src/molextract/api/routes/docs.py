"""``/openapi.json`` and ``/docs``: the API's own documentation, behind the key where keys are.

FastAPI's built-in documentation routes answer anyone, so the app switches them off
and serves the same document and page here, through :data:`~molextract.api.deps.DocsReader`:
with keys required, a caller without one gets a 401 like on every ``/v1`` route,
unless ``MOLEXTRACT_PUBLIC_DOCS`` publishes them. A published document leaves out
the built-in schema names, which ``/v1/schemas`` shows only to a key. The routes are
not part of the OpenAPI document themselves, as FastAPI's are not.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse

from molextract.api.deps import Context, DocsReader, get_docs_reader
from molextract.schemas import schema_names

OPENAPI_PATH = "/openapi.json"
DOCS_PATH = "/docs"

router = APIRouter(include_in_schema=False)


def without_builtin_names(node: Any, names: frozenset[str]) -> Any:
    """A copy of an OpenAPI document with every enumeration of the built-in names dropped.

    The names are found by value (an ``enum`` made of them), not by where the models
    put them today, so a model that declares them elsewhere stays covered.
    """
    if isinstance(node, dict):
        enum = node.get("enum")
        drop = isinstance(enum, list) and bool(enum) and set(enum) <= names
        return {
            key: without_builtin_names(value, names)
            for key, value in node.items()
            if not (drop and key == "enum")
        }
    if isinstance(node, list):
        return [without_builtin_names(item, names) for item in node]
    return node


@router.get(OPENAPI_PATH)
def openapi_document(request: Request, reader: DocsReader, context: Context) -> JSONResponse:
    document: dict[str, Any] = request.app.openapi()
    if reader is None and context.limits.require_api_key:
        document = without_builtin_names(document, frozenset(schema_names()))
    return JSONResponse(document)


@router.get(DOCS_PATH, dependencies=[Depends(get_docs_reader)])
def swagger_ui(request: Request) -> HTMLResponse:
    """Swagger UI, which fetches :data:`OPENAPI_PATH` itself.

    With keys required and the docs not published, the page's own request for the
    document carries no key, so it loads only for a client that adds the header
    to every request; publishing the docs is what makes it a page for browsers.
    """
    root_path = str(request.scope.get("root_path", "")).rstrip("/")
    return get_swagger_ui_html(
        openapi_url=root_path + OPENAPI_PATH, title=f"{request.app.title} - Swagger UI"
    )
