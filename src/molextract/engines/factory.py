"""Build the configured engine; the fallback chain over remote engines plugs in here."""

from __future__ import annotations

from molextract.config import Settings
from molextract.engines.base import Engine
from molextract.errors import ConfigError
from molextract.weights import resolve_model

KNOWN_ENGINES = ("local",)


def create_engine(
    settings: Settings, *, engine: str | None = None, model: str | None = None
) -> Engine:
    """The engine named by ``engine`` (or settings), serving ``model`` (or settings)."""
    chain = [e.strip() for e in (engine or settings.engines).split(",") if e.strip()]
    unknown = [e for e in chain if e not in KNOWN_ENGINES]
    if unknown or not chain:
        raise ConfigError(
            f"unknown engine(s) {unknown or chain}; available in this version: {', '.join(KNOWN_ENGINES)}"
        )
    from molextract.engines.local import LocalEngine

    path = resolve_model(model or settings.local_model, settings.models_dir)
    return LocalEngine(
        path,
        n_ctx=settings.local_context,
        n_threads=settings.local_threads,
        grammar_dir=settings.cache_dir / "grammars",
    )
