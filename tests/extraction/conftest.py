"""Extraction is tested as it runs by default: values the text settles alone are not asked."""

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _settle_by_rule(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("MOLEXTRACT_SETTLE_BY_RULE", "true")
    yield
