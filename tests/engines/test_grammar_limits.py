"""Grammar compiles under a memory and a time limit, over the real SmolLM2 vocabulary.

Every compile here is a real Outlines index built in a real child process; the limits
are set low so that an ordinary regular expression goes past them on demand.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from molextract.engines.grammar_cache import index_path, partial_path, remove_stale_partials
from molextract.engines.grammar_limits import (
    MIB,
    CompileLimits,
    GrammarLimitError,
    limited_index,
)
from molextract.engines.weights import resolve_model
from molextract.errors import PermanentEngineError

pytestmark = pytest.mark.model

SMALL = r'"[a-z]*"'
#: A state per character over most of the vocabulary: hundreds of MiB to compile.
LARGE = r"[a-z ]{0,3000}"


@pytest.fixture(scope="module")
def vocabulary() -> Any:
    import outlines
    from llama_cpp import Llama
    from outlines.backends.outlines_core import OutlinesCoreBackend

    from molextract.config import Settings

    path = resolve_model("smollm2-135m", Settings().models_dir)
    llama = Llama(model_path=str(path), vocab_only=True, verbose=False)
    return OutlinesCoreBackend(outlines.from_llamacpp(llama)).vocabulary


def _path(directory: Path, regex: str) -> Path:
    return index_path(directory, "smollm2-test", regex)


def _leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if not p.name.endswith(".index"))


def test_a_compile_within_the_limits_is_cached(tmp_path: Path, vocabulary: Any) -> None:
    limits = CompileLimits()
    index = limited_index(tmp_path, lambda d: _path(d, SMALL), SMALL, vocabulary, limits)
    assert index.get_allowed_tokens(index.get_initial_state())
    assert _path(tmp_path, SMALL).is_file()
    assert _leftovers(tmp_path) == []


def test_a_compile_past_its_memory_fails_for_good_and_leaves_no_partial_file(
    tmp_path: Path, vocabulary: Any
) -> None:
    limits = CompileLimits(memory_bytes=300 * MIB, seconds=120)
    with pytest.raises(GrammarLimitError, match="more than 300 MiB") as caught:
        limited_index(tmp_path, lambda d: _path(d, LARGE), LARGE, vocabulary, limits)
    assert isinstance(caught.value, PermanentEngineError)  # never retried as an outage
    assert not _path(tmp_path, LARGE).exists()
    assert [name for name in _leftovers(tmp_path) if name.endswith(".partial")] == []
    # Remembered: the next worker fails the same grammar at once, with the same message.
    with pytest.raises(GrammarLimitError, match="more than 300 MiB"):
        limited_index(tmp_path, lambda d: _path(d, LARGE), LARGE, None, limits)
    # A larger limit tries again rather than trusting the old refusal.
    wider = CompileLimits(memory_bytes=300 * MIB, seconds=0.2)
    with pytest.raises(GrammarLimitError, match=r"within 0.2 s"):
        limited_index(tmp_path, lambda d: _path(d, SMALL + "x"), SMALL + "x", vocabulary, wider)


def test_a_compile_past_its_time_is_killed_and_leaves_no_partial_file(
    tmp_path: Path, vocabulary: Any
) -> None:
    limits = CompileLimits(seconds=0.5)
    with pytest.raises(GrammarLimitError, match=r"within 0.5 s.*GRAMMAR_COMPILE_SECONDS"):
        limited_index(tmp_path, lambda d: _path(d, LARGE), LARGE, vocabulary, limits)
    assert [name for name in _leftovers(tmp_path) if name.endswith(".partial")] == []


def test_partial_files_of_dead_compiles_are_removed_and_live_ones_kept(tmp_path: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], check=True,
                          capture_output=True, text=True)  # fmt: skip
    target = tmp_path / "abc.index"
    stale = partial_path(target, int(dead.stdout))
    nameless = tmp_path / "abc.partial"
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"]) as live:
        try:
            writing = partial_path(target, live.pid)
            for path in (stale, nameless, writing):
                path.write_bytes(b"")
            assert sorted(remove_stale_partials(tmp_path)) == sorted([stale, nameless])
            assert writing.exists()
        finally:
            live.kill()


PARENT = """
import sys
from pathlib import Path
import outlines
from llama_cpp import Llama
from outlines.backends.outlines_core import OutlinesCoreBackend
from molextract.engines.grammar_cache import index_path
from molextract.engines.grammar_limits import MIB, CompileLimits, limited_index
llama = Llama(model_path=sys.argv[1], vocab_only=True, verbose=False)
vocabulary = OutlinesCoreBackend(outlines.from_llamacpp(llama)).vocabulary
print("compiling", flush=True)
limited_index(Path(sys.argv[2]), lambda d: index_path(d, "smollm2-test", sys.argv[3]),
              sys.argv[3], vocabulary, CompileLimits(memory_bytes=8192 * MIB, seconds=600))
"""


#: A compile of over a minute here (a state per character, as LARGE).
SLOW = r"[a-z ]{0,12000}"


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except FileNotFoundError:
        return []


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_a_compile_dies_with_the_worker_that_started_it(tmp_path: Path) -> None:
    """A worker killed outright (SIGKILL: no handler runs) must not leave its compile
    running for the rest of the time limit."""
    import time

    from molextract.config import Settings

    model = resolve_model("smollm2-135m", Settings().models_dir)
    with subprocess.Popen(
        [sys.executable, "-c", PARENT, str(model), str(tmp_path), SLOW],
        stdout=subprocess.PIPE,
    ) as parent:
        try:
            assert parent.stdout is not None and parent.stdout.readline() == b"compiling\n"
            deadline = time.monotonic() + 60
            while not (compiles := _children(parent.pid)) and time.monotonic() < deadline:
                time.sleep(0.1)
            assert compiles, "the compile child never started"
            time.sleep(3)  # past reading its vocabulary: compiling
            assert all(_alive(pid) for pid in compiles)
        finally:
            parent.kill()
    # The compile itself runs for over a minute: gone within 5 s, it died with its parent.
    deadline = time.monotonic() + 5
    while any(_alive(pid) for pid in compiles) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in compiles)
