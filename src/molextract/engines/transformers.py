"""In-process Hugging Face Transformers engine, every token constrained by Outlines.

For models that exist only in Hugging Face format (the usual output of fine-tuning),
architectures the servers do not support, and machines without a server. torch and
transformers come from the ``transformers`` extra and are imported only when the
engine is first used, so the rest of molextract never pays for them.

Outlines turns the JSON Schema into a regular expression and an ``outlines_core``
index over the model's vocabulary (the same grammar, whitespace rule included, that
the local engine compiles); Transformers' own ``generate`` is called directly with a
mask built from that index, because only its output ids tell a finished answer from
one cut off by the token budget. The mask is applied with plain tensor operations:
Outlines' stock torch kernel goes through ``torch.compile``, which costs about 20 s
per process on a CPU and needs a C++ compiler at run time.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from molextract.engines.base import FinishReason, Generation, InProcessEngine, Prompt
from molextract.engines.grammar_cache import index_path
from molextract.engines.grammar_limits import CompileLimits, limited_index
from molextract.engines.local import WHITESPACE_PATTERN
from molextract.errors import (
    ConfigError,
    ConstraintError,
    EngineError,
    EngineUnavailableError,
    ModelError,
)

if TYPE_CHECKING:
    import torch

_LOAD_LOCK = threading.Lock()
_LOADED: dict[tuple[str, str], _Loaded] = {}
_INSTALL_HINT = (
    "install the extra: pip install 'molextract[transformers]' (README: CPU and CUDA torch)"
)


@dataclass
class _Loaded:
    """A model and what every engine on it shares: loaded once per process and device.

    One batch at a time runs on a model (two would only split the same cores), and the
    Rust tokenizer, whose padding state a batch changes, is used by one thread at a time.
    """

    model: Any
    tokenizer: Any
    device: torch.device
    eos_ids: frozenset[int]
    context: int | None
    vocabulary: Any = None
    identity: str = ""
    generating: threading.Lock = field(default_factory=threading.Lock)
    tokenizing: threading.Lock = field(default_factory=threading.Lock)


def check_model_dir(path: Path) -> Path:
    """Refuse, before anything is loaded, a path that cannot be a Hugging Face model."""
    if path.is_file():
        hint = " (a GGUF file is for --engine local)" if path.suffix == ".gguf" else ""
        raise ModelError(
            f"{path} is a file; the transformers engine needs a Hugging Face model "
            f"directory (config.json, tokenizer and weights, as save_pretrained writes){hint}"
        )
    if not path.is_dir():
        raise ModelError(f"model directory {path} does not exist")
    if not (path / "config.json").is_file():
        raise ModelError(
            f"{path} is not a Hugging Face model directory: it has no config.json "
            "(give the directory save_pretrained wrote, with its tokenizer and weights)"
        )
    return path


def pick_device(setting: str) -> torch.device:
    """``auto`` means CUDA when torch sees a GPU, else the CPU."""
    import torch

    name = setting.strip().lower() or "auto"
    if name == "auto":
        name = "cuda" if torch.cuda.is_available() else "cpu"
    try:
        device = torch.device(name)
    except RuntimeError as exc:
        raise ConfigError(
            f"MOLEXTRACT_TRANSFORMERS_DEVICE={setting!r} is not a torch device "
            "(auto, cpu, cuda, cuda:N)"
        ) from exc
    if device.type == "cuda" and not torch.cuda.is_available():
        raise EngineUnavailableError(
            f"device {name} was asked for, but this torch ({torch.__version__}) sees no "
            "CUDA GPU; install the CUDA build of torch (README) or use cpu"
        )
    return device


def _eos_ids(model: Any, tokenizer: Any) -> frozenset[int]:
    configured = model.generation_config.eos_token_id
    ids = configured if isinstance(configured, list) else [configured]
    return frozenset(int(i) for i in [*ids, tokenizer.eos_token_id] if i is not None)


def load_model(path: Path, device_setting: str, threads: int = 0) -> _Loaded:
    """Load a model directory once per process and device; later calls reuse it.

    ``threads`` > 0 sets torch's CPU threads for the whole process: with one thread per
    core, torch's threads wait on each other at every operation, and on a CPU that other
    work shares that made SmolLM2 about ten times slower than one thread (benchmarks).
    """
    try:
        import torch
        import transformers
    except ImportError as exc:
        raise EngineUnavailableError(
            f"torch and transformers are not installed; {_INSTALL_HINT}"
        ) from exc
    device = pick_device(device_setting)
    if threads > 0:
        torch.set_num_threads(threads)
    key = (str(path.resolve()), str(device))
    with _LOAD_LOCK:
        if key not in _LOADED:
            transformers.utils.logging.disable_progress_bar()  # type: ignore[no-untyped-call]
            # float32 on a CPU, which every CPU runs at full speed (bfloat16 was only ~10%
            # faster on this project's AVX-512 machine and is emulated, slower, on many);
            # on a GPU the checkpoint's own dtype.
            dtype: Any = torch.float32 if device.type == "cpu" else "auto"
            try:
                tokenizer = transformers.AutoTokenizer.from_pretrained(path, local_files_only=True)
                model: Any = transformers.AutoModelForCausalLM.from_pretrained(
                    path, dtype=dtype, local_files_only=True
                )
            except (OSError, ValueError, KeyError, RuntimeError, ImportError, TypeError) as exc:
                raise EngineUnavailableError(
                    f"transformers could not load the model in {path}: {exc}"
                ) from exc
            if not tokenizer.chat_template:
                raise EngineUnavailableError(
                    f"the tokenizer in {path} has no chat template, so molextract's chat "
                    "prompts cannot be written for it; use an instruction-tuned model or "
                    "add a chat_template to its tokenizer_config.json"
                )
            if tokenizer.pad_token_id is None:
                tokenizer.pad_token = tokenizer.eos_token
            # Decoder-only models continue from the right end: pad the left.
            tokenizer.padding_side = "left"
            model.to(device).eval()
            context = getattr(model.config, "max_position_embeddings", None)
            _LOADED[key] = _Loaded(model, tokenizer, device, _eos_ids(model, tokenizer), context)
        return _LOADED[key]


class _GrammarMask:
    """A Transformers logits processor: each row may only take what its grammar allows.

    One ``outlines_core`` guide per row of the batch, advanced by the token the row
    took last; the allowed tokens come out as a bitmask, unpacked into a boolean mask.
    A row that has finished keeps receiving padding, which its guide ignores.
    """

    def __init__(self, index: Any, batch: int) -> None:
        import torch
        from outlines_core import Guide

        self._guides = [Guide(index) for _ in range(batch)]
        self._shifts = torch.arange(32, dtype=torch.int32)
        self._bitmask: torch.Tensor | None = None
        self.calls = 0

    def __call__(self, input_ids: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
        import torch

        batch, vocab = scores.shape
        if self._bitmask is None:
            self._bitmask = torch.empty((batch, (vocab + 31) // 32), dtype=torch.int32)
        else:
            for guide, token in zip(self._guides, input_ids[:, -1].tolist(), strict=True):
                if not guide.is_finished() or guide.accepts_tokens([token]):
                    guide.advance(token_id=token, return_tokens=False)
        for guide, row in zip(self._guides, self._bitmask, strict=True):
            guide.write_mask_into(row.data_ptr(), row.numel(), row.element_size())
        self.calls += 1
        bits = (self._bitmask.unsqueeze(-1) >> self._shifts) & 1
        allowed = bits.bool().view(batch, -1)[:, :vocab].to(scores.device)
        return scores.masked_fill(~allowed, float("-inf"))


def _vocabulary_identity(tokenizer: Any) -> str:
    """What a compiled index depends on besides the schema: the tokens and their ids."""
    vocab = sorted(tokenizer.get_vocab().items(), key=lambda item: item[1])
    text = json.dumps([type(tokenizer).__name__, tokenizer.eos_token_id, vocab])
    return hashlib.sha256(text.encode()).hexdigest()


class TransformersEngine(InProcessEngine):
    """A Hugging Face model in-process; each batch is one padded ``generate`` call."""

    def __init__(
        self,
        model_dir: Path,
        *,
        device: str = "auto",
        threads: int = 0,
        grammar_dir: Path | None = None,
        compile_limits: CompileLimits | None = None,
    ) -> None:
        self._path = check_model_dir(model_dir)
        self._compile_limits = compile_limits or CompileLimits()
        self._device = device
        self._threads = threads
        self._grammar_dir = grammar_dir
        self._loaded: _Loaded | None = None
        self._indexes: dict[str, Any] = {}
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return "transformers"

    @property
    def model(self) -> str:
        return self._path.name

    @property
    def device(self) -> str:
        return str(self._ensure_loaded().device)

    def _ensure_loaded(self) -> _Loaded:
        if self._loaded is None:
            self._loaded = load_model(self._path, self._device, self._threads)
        return self._loaded

    def count_tokens(self, text: str) -> int:
        loaded = self._ensure_loaded()
        with loaded.tokenizing:
            return len(loaded.tokenizer(text, add_special_tokens=False)["input_ids"])

    def index(self, json_schema: dict[str, Any]) -> Any:
        """The compiled grammar for ``json_schema``: built once per engine, kept on disk.

        Compiling walks the whole vocabulary (20-40 s for a 151k-token one), so the index
        is pickled under the cache directory, keyed by the vocabulary, the outlines-core
        version and the schema's regular expression, as the local engine does.
        """
        key = json.dumps(json_schema, sort_keys=True)
        if key not in self._indexes:
            from outlines_core.json_schema import build_regex_from_schema

            # Property order matters (evidence quote first), so compile the schema as given.
            regex = build_regex_from_schema(json.dumps(json_schema), WHITESPACE_PATTERN)
            self._indexes[key] = self._load_or_build(regex)
        return self._indexes[key]

    def _load_or_build(self, regex: str) -> Any:
        """Compiled in a child process under the compile limits, like the local engine's
        (``engines/grammar_limits.py``): a schema must never cost the worker its memory."""
        loaded = self._ensure_loaded()
        if loaded.vocabulary is None:
            import outlines
            from outlines.backends.outlines_core import OutlinesCoreBackend

            wrapped = outlines.from_transformers(loaded.model, loaded.tokenizer)
            loaded.vocabulary = OutlinesCoreBackend(wrapped).vocabulary
            loaded.identity = _vocabulary_identity(loaded.tokenizer)
        identity = loaded.identity
        return limited_index(
            self._grammar_dir,
            lambda directory: index_path(directory, identity, regex, prefix="hf-"),
            regex,
            loaded.vocabulary,
            self._compile_limits,
        )

    def generate_sync(
        self, prompts: Sequence[Prompt], json_schema: dict[str, Any], max_tokens: int
    ) -> list[Generation]:
        with self._lock:
            index = self.index(json_schema)
        return self._batch(prompts, _GrammarMask(index, len(prompts)), max_tokens)

    def generate_unconstrained(
        self, prompts: Sequence[Prompt], max_tokens: int
    ) -> list[Generation]:
        """Plain greedy decoding, for benchmarks and for tests that prove the constraint."""
        return self._batch(prompts, None, max_tokens)

    def _batch(
        self, prompts: Sequence[Prompt], mask: _GrammarMask | None, max_tokens: int
    ) -> list[Generation]:
        if not prompts:
            return []
        import torch
        import transformers

        loaded = self._ensure_loaded()
        tokenizer = loaded.tokenizer
        with loaded.tokenizing:
            texts = [
                tokenizer.apply_chat_template(list(p), tokenize=False, add_generation_prompt=True)
                for p in prompts
            ]
            # The chat template writes any BOS token itself.
            inputs = tokenizer(texts, return_tensors="pt", padding=True, add_special_tokens=False)
        width = inputs["input_ids"].shape[1]
        if loaded.context is not None and width + max_tokens > loaded.context:
            raise EngineError(
                f"a prompt of {width} tokens and an answer of up to {max_tokens} do not fit "
                f"the model's context of {loaded.context} tokens; lower MOLEXTRACT_CHUNK_TOKENS"
            )
        inputs = inputs.to(loaded.device)
        # Greedy and nothing else, like every other engine; the model's own sampling
        # defaults (temperature, repetition penalty) are deliberately not used.
        config = transformers.GenerationConfig(  # type: ignore[no-untyped-call]
            max_new_tokens=max_tokens,
            do_sample=False,
            pad_token_id=tokenizer.pad_token_id,
            eos_token_id=sorted(loaded.eos_ids),
        )
        processors = transformers.LogitsProcessorList([mask] if mask is not None else [])
        started = time.perf_counter()
        try:
            with loaded.generating, torch.inference_mode():
                output = loaded.model.generate(
                    **inputs, generation_config=config, logits_processor=processors
                )
        except Exception as exc:
            # Whatever broke inside generate (the mask included), the chain can move on.
            raise EngineError(f"transformers failed to generate: {exc!r}") from exc
        seconds = time.perf_counter() - started
        if mask is not None and mask.calls == 0:
            raise ConstraintError(
                "the grammar mask was never applied; output would be unconstrained and was "
                "discarded"
            )
        prompt_lengths = inputs["attention_mask"].sum(dim=1).tolist()
        return [
            self._result(row[width:].tolist(), int(n), loaded.eos_ids, seconds)
            for row, n in zip(output, prompt_lengths, strict=True)
        ]

    def _result(
        self, ids: list[int], prompt_tokens: int, eos_ids: frozenset[int], seconds: float
    ) -> Generation:
        """One row of the batch: its tokens up to the first end-of-sequence, if any."""
        end = next((i for i, token in enumerate(ids) if token in eos_ids), None)
        finish: FinishReason = "length" if end is None else "stop"
        answer = ids if end is None else ids[:end]
        loaded = self._ensure_loaded()
        with loaded.tokenizing:
            text = loaded.tokenizer.decode(answer, skip_special_tokens=True)
        return Generation(
            text=text,
            prompt_tokens=prompt_tokens,
            completion_tokens=len(answer),
            finish_reason=finish,
            seconds=seconds,
        )
