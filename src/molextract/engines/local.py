"""The embedded CPU engine: llama.cpp runs the model, Outlines enforces the schema.

Outlines builds the logits processor from the JSON Schema; llama.cpp's own chat
completion is called directly (rather than ``outlines.Generator.__call__``) because
only it reports token usage and the finish reason, and a generation cut off by the
token budget must never pass for a result.

llama.cpp calls logits processors from a C callback: an exception there (for
example Outlines' kernels without numba) is printed and ignored, and generation
would go on unconstrained. ``_GuardedProcessor`` records such failures so the
generation is refused instead.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import json
import os
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from molextract.engines.base import FinishReason, Generation, InProcessEngine, Prompt
from molextract.engines.grammar_cache import index_path
from molextract.engines.grammar_limits import CompileLimits, limited_index
from molextract.errors import (
    ConstraintError,
    EngineError,
    EngineUnavailableError,
    PromptTooLongError,
)

#: JSON may only have single spaces between tokens: small models otherwise pad
#: output with whitespace until the token budget runs out.
WHITESPACE_PATTERN = r"[ ]?"

_LOADED: dict[tuple[str, int, int], Any] = {}
_LOAD_LOCK = threading.Lock()


class _GuardedProcessor:
    """Wraps an Outlines processor; a failure is remembered and ends the generation.

    Raising would be useless (llama.cpp swallows it), so on failure every token but
    end-of-sequence is masked and the caller refuses the output afterwards.
    """

    def __init__(self, inner: Any, eos_token_id: int) -> None:
        self.inner = inner
        self.eos_token_id = eos_token_id
        self.error: BaseException | None = None
        self.calls = 0

    def reset(self) -> None:
        self.inner.reset()
        self.error = None
        self.calls = 0

    def __call__(self, input_ids: Any, scores: Any) -> Any:
        self.calls += 1
        if self.error is None:
            try:
                return self.inner(input_ids, scores)
            except Exception as exc:
                self.error = exc
        scores[:] = -float("inf")
        scores[self.eos_token_id] = 0.0
        return scores


def _model_identity(path: Path) -> str:
    """Cheap identity of a model file: its size and the hash of its first 4 MiB."""
    with path.open("rb") as handle:
        head = hashlib.sha256(handle.read(1 << 22)).hexdigest()
    return f"{path.stat().st_size}-{head}"


def available_cores() -> int:
    """Cores this process may run on (a container's CPU set, not the host's count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def load_llama(model_path: Path, n_ctx: int, n_threads: int) -> Any:
    """Load a GGUF once per process and configuration; later calls reuse it."""
    key = (str(model_path), n_ctx, n_threads)
    with _LOAD_LOCK:
        if key not in _LOADED:
            try:
                from llama_cpp import Llama
            except ImportError as exc:  # pragma: no cover - depends on the install
                raise EngineUnavailableError(
                    "llama-cpp-python is not installed; install molextract with its default "
                    "dependencies (see README)"
                ) from exc
            threads = n_threads if n_threads > 0 else available_cores()
            # Both counts are set: left unset, llama-cpp-python generates on
            # cpu_count() // 2 threads, one of two cores here.
            kwargs: dict[str, Any] = {
                "n_ctx": n_ctx,
                "verbose": False,
                "seed": 0,
                "n_threads": threads,
                "n_threads_batch": threads,
            }
            try:
                _LOADED[key] = Llama(model_path=str(model_path), **kwargs)
            except (ValueError, RuntimeError) as exc:
                raise EngineUnavailableError(
                    f"llama.cpp could not load {model_path}: {exc}"
                ) from exc
        return _LOADED[key]


def _too_long_message(tokens: int | None, n_ctx: int) -> str:
    size = f"of at least {tokens} tokens " if tokens is not None else ""
    return (
        f"the prompt {size}does not fit the local model's context of {n_ctx} tokens "
        "(MOLEXTRACT_LOCAL_CONTEXT): the schema's descriptions, enums and examples make it "
        "too long; retrying cannot help"
    )


class LocalEngine(InProcessEngine):
    """In-process, offline, one generation at a time (llama.cpp does not batch)."""

    def __init__(
        self,
        model_path: Path,
        *,
        n_ctx: int = 4096,
        n_threads: int = 0,
        grammar_dir: Path | None = None,
        compile_limits: CompileLimits | None = None,
    ) -> None:
        self._path = model_path
        self._grammar_dir = grammar_dir
        self._compile_limits = compile_limits or CompileLimits()
        self._n_ctx = n_ctx
        self._n_threads = n_threads
        self._llama: Any = None
        self._outlines_model: Any = None
        self._processors: dict[str, _GuardedProcessor] = {}
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return "local"

    @property
    def model(self) -> str:
        return self._path.name.removesuffix(".gguf")

    def _ensure_loaded(self) -> Any:
        if self._llama is None:
            if importlib.util.find_spec("numba") is None:
                raise ConstraintError(
                    "numba is not installed, so Outlines cannot constrain llama.cpp's output; "
                    "install `outlines[llamacpp]`"
                )
            import outlines

            self._llama = load_llama(self._path, self._n_ctx, self._n_threads)
            self._outlines_model = outlines.from_llamacpp(self._llama)
        return self._llama

    def processor(self, json_schema: dict[str, Any]) -> _GuardedProcessor:
        """The compiled grammar for ``json_schema``: built once per process, kept on disk.

        Outlines compiles a schema into an index over the whole vocabulary; for a 151k-token
        vocabulary that takes 20-40 s, which every ``molextract run`` would pay again. The
        index is pickled under the cache directory, keyed by model, outlines-core version
        and the schema's regular expression.
        """
        key = json.dumps(json_schema, sort_keys=True)
        if key not in self._processors:
            self._ensure_loaded()
            from outlines.backends.outlines_core import OutlinesCoreLogitsProcessor
            from outlines_core.json_schema import build_regex_from_schema

            # Property order matters (evidence quote first), so compile the schema as given.
            regex = build_regex_from_schema(json.dumps(json_schema), WHITESPACE_PATTERN)
            processor = OutlinesCoreLogitsProcessor(self._index(regex), "numpy")
            eos = self._outlines_model.tokenizer.eos_token_id
            self._processors[key] = _GuardedProcessor(processor, eos)
        return self._processors[key]

    def _index(self, regex: str) -> Any:
        """The index of ``regex``, compiled in a child process under the compile limits
        (``engines/grammar_limits.py``): a schema must never cost the worker its memory."""
        from outlines.backends.outlines_core import OutlinesCoreBackend

        identity = _model_identity(self._path)
        return limited_index(
            self._grammar_dir,
            lambda directory: index_path(directory, identity, regex),
            regex,
            OutlinesCoreBackend(self._outlines_model).vocabulary,
            self._compile_limits,
        )

    def count_tokens(self, text: str) -> int:
        llama = self._ensure_loaded()
        return len(llama.tokenize(text.encode("utf-8"), add_bos=False, special=False))

    def generate_sync(
        self, prompts: Sequence[Prompt], json_schema: dict[str, Any], max_tokens: int
    ) -> list[Generation]:
        with self._lock:
            # Before the grammar: a schema whose prompt can never fit the context must
            # not cost a compile (seconds to minutes) to find that out.
            self._refuse_overlong(prompts)
            processor = self.processor(json_schema)
            return [self._one(prompt, processor, max_tokens) for prompt in prompts]

    def _refuse_overlong(self, prompts: Sequence[Prompt]) -> None:
        """Raise :class:`PromptTooLongError` when no prompt of the batch fits the context.

        The messages' own tokens are a lower bound of the prompt (the chat template adds
        more), so a prompt refused here is one llama.cpp would refuse too; those that
        pass may still be refused by llama.cpp itself, with the same error.
        """
        if not prompts:
            return
        sizes = [sum(self.count_tokens(m["content"]) for m in prompt) for prompt in prompts]
        if min(sizes) >= self._n_ctx:
            raise PromptTooLongError(_too_long_message(max(sizes), self._n_ctx))

    def generate_unconstrained(self, prompt: Prompt, max_tokens: int) -> Generation:
        """Plain sampling, for benchmarks that compare against constrained output."""
        with self._lock:
            return self._one(prompt, None, max_tokens)

    def _one(
        self, prompt: Prompt, processor: _GuardedProcessor | None, max_tokens: int
    ) -> Generation:
        from llama_cpp import LogitsProcessorList

        llama = self._ensure_loaded()
        processors = None
        if processor is not None:
            processor.reset()
            processors = LogitsProcessorList([processor])
        started = time.perf_counter()
        try:
            response = llama.create_chat_completion(
                messages=list(prompt),
                max_tokens=max_tokens,
                temperature=0.0,
                logits_processor=processors,
            )
        except ValueError as exc:
            if "exceed context window" in str(exc):
                raise PromptTooLongError(
                    f"{_too_long_message(None, self._n_ctx)} (llama.cpp: {exc})"
                ) from exc
            raise EngineError(f"llama.cpp rejected the prompt: {exc}") from exc
        seconds = time.perf_counter() - started
        if processor is not None and (processor.error is not None or processor.calls == 0):
            raise ConstraintError(
                f"the grammar constraint failed inside llama.cpp ({processor.error!r}); "
                "output would be unconstrained and was discarded"
            )
        choice = response["choices"][0]
        usage = response.get("usage") or {}
        finish: FinishReason = "length" if choice.get("finish_reason") == "length" else "stop"
        return Generation(
            text=choice["message"].get("content") or "",
            prompt_tokens=int(usage.get("prompt_tokens", 0)),
            completion_tokens=int(usage.get("completion_tokens", 0)),
            finish_reason=finish,
            seconds=seconds,
        )
