"""Build the configured engine: one engine, or a fallback chain of several."""

from __future__ import annotations

from pathlib import Path

from molextract.config import Settings
from molextract.engines.base import Engine
from molextract.engines.weights import resolve_model
from molextract.errors import ConfigError

KNOWN_ENGINES = ("sglang", "vllm", "openai", "local", "transformers")
#: Engines that run in-process and so need no URL.
IN_PROCESS = ("local", "transformers")


def engine_chain(settings: Settings, engine: str | None = None) -> list[str]:
    """The engine names to try, in order; ``auto`` means the servers with a URL, else local."""
    spec = (engine or settings.engines).strip()
    if spec == "auto":
        urls = {"sglang": settings.sglang_url, "vllm": settings.vllm_url}
        urls["openai"] = settings.openai_url
        return [name for name, url in urls.items() if url] or ["local"]
    chain = [e.strip() for e in spec.split(",") if e.strip()]
    unknown = [e for e in chain if e not in KNOWN_ENGINES]
    if unknown or not chain:
        raise ConfigError(
            f"unknown engine(s) {unknown or chain}; known: {', '.join(KNOWN_ENGINES)} "
            "(comma-separated, in fallback order), or 'auto'"
        )
    if len(set(chain)) != len(chain):
        raise ConfigError(f"engine chain {spec!r} names an engine twice")
    missing = [e for e in chain if e not in IN_PROCESS and not getattr(settings, f"{e}_url", "")]
    if missing:
        raise ConfigError(
            "no URL for engine(s) "
            + ", ".join(missing)
            + ": set "
            + ", ".join(f"MOLEXTRACT_{e.upper()}_URL" for e in missing)
        )
    return chain


def _one(settings: Settings, name: str, model: str | None) -> Engine:
    timeout, concurrency = settings.engine_timeout, settings.engine_concurrency
    key = settings.engine_api_key
    if name == "sglang":
        from molextract.engines.sglang import SGLangEngine

        return SGLangEngine(
            settings.sglang_url,
            settings.sglang_model,
            timeout=timeout,
            concurrency=concurrency,
            api_key=key,
        )
    if name == "vllm":
        from molextract.engines.vllm import VllmEngine

        return VllmEngine(
            settings.vllm_url,
            settings.vllm_model,
            structured=settings.vllm_structured,
            timeout=timeout,
            concurrency=concurrency,
            api_key=key,
        )
    if name == "openai":
        from molextract.engines.openai_compat import OpenAICompatibleEngine

        return OpenAICompatibleEngine(
            settings.openai_url,
            settings.openai_model,
            structured=settings.openai_structured,
            timeout=timeout,
            concurrency=concurrency,
            api_key=key,
        )
    from molextract.engines.grammar_limits import CompileLimits

    if name == "transformers":
        from molextract.engines.transformers import TransformersEngine

        directory = model or settings.transformers_model
        if not directory:
            raise ConfigError(
                "the transformers engine needs a Hugging Face model directory: "
                "--model PATH or MOLEXTRACT_TRANSFORMERS_MODEL"
            )
        return TransformersEngine(
            Path(directory).expanduser(),
            device=settings.transformers_device,
            threads=settings.transformers_threads,
            grammar_dir=settings.cache_dir / "grammars",
            compile_limits=CompileLimits.from_settings(settings),
        )
    from molextract.engines.local import LocalEngine

    path = resolve_model(model or settings.local_model, settings.models_dir)
    return LocalEngine(
        path,
        n_ctx=settings.local_context,
        n_threads=settings.local_threads,
        grammar_dir=settings.cache_dir / "grammars",
        compile_limits=CompileLimits.from_settings(settings),
    )


def create_engine(
    settings: Settings, *, engine: str | None = None, model: str | None = None
) -> Engine:
    """The engine (or fallback chain) named by ``engine`` or the settings.

    ``model`` picks the local engine's model (a catalogue name or GGUF file) and the
    transformers engine's (a model directory); server engines serve what their server
    serves (``MOLEXTRACT_<ENGINE>_MODEL`` only names it in requests).
    """
    chain = engine_chain(settings, engine)
    engines = [_one(settings, name, model) for name in chain]
    if len(engines) == 1:
        return engines[0]
    from molextract.engines.fallback import FallbackEngine

    return FallbackEngine(
        engines, failures=settings.breaker_failures, cooldown=settings.breaker_cooldown
    )
