"""Shared fixtures: real models from the molextract cache, loaded once per session.

``scripts/test`` pulls the models before pytest starts; a missing model is a
failure with the command that fixes it, never a skip.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from molextract.config import Settings
from molextract.engines.local import LocalEngine
from molextract.weights import resolve_model

SMOL = "smollm2-135m"
QWEN = "qwen2.5-coder-1.5b"


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
