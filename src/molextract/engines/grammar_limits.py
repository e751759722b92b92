"""Grammar compilation in a child process, under a memory and a time limit.

Outlines' index costs states × vocabulary to build, and a schema decides the states:
one free-text field bounded by ``maxLength: 1000`` took 1.75 GB, sixteen grew a worker
to 22 GB until the kernel killed it (issue 23). The API refuses such schemas before a
job is accepted (``api/schema_costs.py``); this is the guard behind that estimate. The
compile runs in a fresh interpreter whose address space is capped
(``RLIMIT_AS``) and which is killed after its time; a compile past either limit is a
:class:`GrammarLimitError`, a permanent failure of the job's documents (never an
outage to retry), and the child's temporary file is removed. The refusal is
remembered beside the cache (``<key>.refused``), so other workers fail the same
grammar at once instead of paying the limit again.

Run as ``python -m molextract.engines.grammar_limits``, it is that child: it reads
``(regex, vocabulary, target, memory)`` pickled on stdin and writes the index to
``target``.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import pickle
import resource
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from molextract.config import Settings
from molextract.engines.grammar_cache import (
    partial_path,
    read_index,
    remove_stale_partials,
    write_index,
)
from molextract.errors import PermanentEngineError

MIB = 1024 * 1024
#: The child's exit status when the allocator refused memory (Python's MemoryError);
#: Rust's allocator aborts instead (SIGABRT), which is read the same way.
OUT_OF_MEMORY = 86
REFUSED_SUFFIX = ".refused"
_PR_SET_PDEATHSIG = 1  # prctl(2)
_PARENT_ENV = "MOLEXTRACT_COMPILE_PARENT"


class GrammarLimitError(PermanentEngineError):
    """A schema whose grammar cannot be compiled within the limits: retrying cannot help."""


@dataclass(frozen=True)
class CompileLimits:
    """What one grammar compile may use."""

    memory_bytes: int = 2048 * MIB
    seconds: float = 120.0

    @classmethod
    def from_settings(cls, settings: Settings) -> CompileLimits:
        return cls(settings.grammar_compile_memory_mb * MIB, settings.grammar_compile_seconds)

    def describe(self) -> str:
        return f"{self.memory_bytes // MIB} MiB and {self.seconds:g} s"


def limited_index(
    directory: Path | None, path_of: Any, regex: str, vocabulary: Any, limits: CompileLimits
) -> Any:
    """The index of ``regex``: read from the cache, or compiled in a limited child.

    ``path_of(directory)`` names the cache file. Raises :class:`GrammarLimitError` for
    a compile past ``limits`` (or one refused before under limits no larger).
    """
    if directory is None:
        with tempfile.TemporaryDirectory(prefix="molextract-grammar-") as scratch:
            return _compile(Path(scratch) / "grammar.index", regex, vocabulary, limits)
    remove_stale_partials(directory)
    path: Path = path_of(directory)
    index = read_index(path)
    if index is not None:
        return index
    _raise_if_refused(path, limits)
    try:
        return _compile(path, regex, vocabulary, limits)
    except GrammarLimitError as exc:
        _remember_refusal(path, limits, str(exc))
        raise


def _compile(target: Path, regex: str, vocabulary: Any, limits: CompileLimits) -> Any:
    target.parent.mkdir(parents=True, exist_ok=True)
    payload = pickle.dumps((regex, vocabulary, str(target), limits.memory_bytes))
    with subprocess.Popen(
        [sys.executable, "-m", __name__],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        # Few malloc arenas: each reserves 64 MiB of address space the limit counts.
        env={**os.environ, "MALLOC_ARENA_MAX": "2", _PARENT_ENV: str(os.getpid())},
    ) as child:
        try:
            _, stderr = child.communicate(payload, timeout=limits.seconds)
        except subprocess.TimeoutExpired:
            child.kill()
            child.communicate()
            raise GrammarLimitError(
                f"the schema's grammar did not compile within {limits.seconds:g} s "
                f"(limits: {limits.describe()}, MOLEXTRACT_GRAMMAR_COMPILE_SECONDS); "
                "use fewer or shorter choices, list items or records"
            ) from None
        finally:
            partial_path(target, child.pid).unlink(missing_ok=True)
    if child.returncode != 0:
        raise GrammarLimitError(_failure(child.returncode, stderr.decode(errors="replace"), limits))
    index = read_index(target)
    if index is None:
        raise GrammarLimitError("the grammar compile wrote no index")
    return index


def _failure(status: int, stderr: str, limits: CompileLimits) -> str:
    memory = status in (OUT_OF_MEMORY, -6) or "memory allocation" in stderr
    if memory:
        return (
            f"the schema's grammar needs more than {limits.memory_bytes // MIB} MiB to compile "
            "(MOLEXTRACT_GRAMMAR_COMPILE_MEMORY_MB); use fewer or shorter choices, list "
            "items or records"
        )
    last = stderr.strip().splitlines()[-1:] or [f"exit status {status}"]
    return f"the schema's grammar could not be compiled: {last[0][:300]}"


def _refusal_path(path: Path) -> Path:
    return path.with_suffix(REFUSED_SUFFIX)


def _remember_refusal(path: Path, limits: CompileLimits, message: str) -> None:
    note = {"memory_bytes": limits.memory_bytes, "seconds": limits.seconds, "message": message}
    with contextlib.suppress(OSError):  # only a shortcut for the next worker
        _refusal_path(path).write_text(json.dumps(note), encoding="utf-8")


def _raise_if_refused(path: Path, limits: CompileLimits) -> None:
    """Fail at once a grammar that went past limits no larger than these."""
    try:
        note = json.loads(_refusal_path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    if (
        isinstance(note, dict)
        and note.get("memory_bytes", 0) >= limits.memory_bytes
        and note.get("seconds", 0) >= limits.seconds
    ):
        raise GrammarLimitError(str(note.get("message", "the grammar went past its limits")))


def _die_with_parent() -> None:
    """A worker that exits outright (SIGKILL, a stop past its grace) takes its compile
    with it, rather than leaving it to run out its time limit (Linux's parent-death
    signal; elsewhere the time limit alone bounds it)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if str(os.getppid()) != os.environ.get(_PARENT_ENV):
        sys.exit(1)  # the parent died before the signal was armed


def _child() -> None:
    """Compile one index under the memory limit the parent asked for."""
    from outlines_core import Index

    _die_with_parent()
    regex, vocabulary, target, memory = pickle.load(sys.stdin.buffer)
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    try:
        write_index(Path(target), Index(regex, vocabulary))
    except MemoryError:
        sys.exit(OUT_OF_MEMORY)


if __name__ == "__main__":
    _child()
