"""Real vLLM and SGLang servers on this CPU, for tests only (SmolLM2-135M).

    from tests.utils.engine_servers import EngineServer, sglang_server, vllm_server

    server = vllm_server(tmp_dir)   # built if needed, started, ready
    server.url                      # "http://127.0.0.1:<port>", OpenAI-compatible
    server.model                    # "smollm2-135m", the served model name
    server.restart()                # same port, ready again

The builds (venvs and the Hugging Face-format model) come from
``scripts/engine_servers.py``; see shared/ENGINES.md for why each flag is there.
There is one server of each kind per process: ``vllm_server``/``sglang_server`` hand back
the same instance (started again if a test stopped it), and every server still running
is stopped when the process exits.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from tests.utils.network import free_port

ROOT = Path(__file__).resolve().parents[2]
BUILDER = ROOT / "scripts" / "engine_servers.py"
SERVED_MODEL = "smollm2-135m"
CONTEXT_LENGTH = 4096
KV_CACHE_BYTES = 1 << 30
READY_TIMEOUT = 300.0  # seconds; a cold start under contention takes 1-2 minutes
START_ATTEMPTS = 2  # a start that stalls past READY_TIMEOUT is killed and tried again
STOP_TIMEOUT = 30.0
PR_SET_PDEATHSIG = 1  # linux/prctl.h
# Never reach for a model hub or phone home from a test server.
OFFLINE_ENV = {
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "HF_DATASETS_OFFLINE": "1",
    "VLLM_NO_USAGE_STATS": "1",
    "DO_NOT_TRACK": "1",
    "PYTHONUNBUFFERED": "1",
}


class EngineServerError(RuntimeError):
    """A test server could not be built or did not become ready; the message has the log tail."""


class EngineServerStalled(EngineServerError):
    """A test server was still starting at its deadline (it had not exited)."""


def _tail(path: Path, lines: int = 60) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "(no log)"
    return "\n".join(text.splitlines()[-lines:])


def _get(url: str, timeout: float = 5.0) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return int(response.status), bytes(response.read())
    except urllib.error.HTTPError as error:
        return int(error.code), b""
    except (OSError, ValueError):
        return 0, b""


def _descendants(pid: int) -> list[int]:
    """Every live descendant of ``pid`` (from /proc), children before grandchildren."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(entry.name))
    found: list[int] = []
    queue = [pid]
    while queue:
        for child in children.get(queue.pop(0), []):
            found.append(child)
            queue.append(child)
    return found


def _rss_bytes(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _die_with_parent() -> None:
    """In the child: get SIGTERM if the test process dies without stopping the server."""
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def _signal(pids: Sequence[int], sig: signal.Signals) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, sig)


class EngineServer:
    """One server process (and its workers) in its own process group, on a fixed port."""

    def __init__(
        self,
        name: str,
        command: Sequence[str],
        *,
        port: int,
        model: str,
        log_path: Path,
        ready_paths: Sequence[str],
        env: Mapping[str, str] | None = None,
        ready_timeout: float = READY_TIMEOUT,
    ) -> None:
        self.name = name
        self.command = list(command)
        self.port = port
        self.model = model
        self.log_path = log_path
        self.ready_paths = list(ready_paths)
        self.env = dict(env or {})
        self.ready_timeout = ready_timeout
        self.startup_seconds: float | None = None
        self._process: subprocess.Popen[bytes] | None = None

    def __repr__(self) -> str:
        state = "running" if self.running else "stopped"
        return f"EngineServer({self.name!r}, {self.url!r}, {state})"

    @property
    def url(self) -> str:
        """Base URL, without ``/v1``."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process else None

    def rss_bytes(self) -> int:
        """Resident memory of the server and all its worker processes."""
        if not self.running or self.pid is None:
            return 0
        return sum(_rss_bytes(pid) for pid in [self.pid, *_descendants(self.pid)])

    def start(self) -> None:
        """Launch the server and wait until it answers; no-op if it is already running.

        A CPU server now and then stalls during start-up (an SGLang restart once sat
        after loading its weights until the deadline); a start that times out is
        killed and tried once more, so one stall costs minutes, not the test run.
        A server that exits with an error is not retried: that is a real failure.
        """
        if self.running:
            return
        for attempt in range(1, START_ATTEMPTS + 1):
            try:
                self._start_once()
                return
            except EngineServerStalled:
                if attempt == START_ATTEMPTS:
                    raise
                with self.log_path.open("ab") as log:
                    log.write(f"\n==> not ready in time; start attempt {attempt + 1}\n".encode())

    def _start_once(self) -> None:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        started = time.monotonic()
        with self.log_path.open("ab") as log:
            log.write(f"\n==> {' '.join(self.command)}\n".encode())
            log.flush()
            self._process = subprocess.Popen(
                self.command,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, **OFFLINE_ENV, **self.env},
                start_new_session=True,  # its own process group, killed as one
                preexec_fn=_die_with_parent,
            )
        _RUNNING[id(self)] = self
        try:
            self._wait_ready(started)
        except BaseException:
            self.stop()
            raise
        self.startup_seconds = time.monotonic() - started

    def _wait_ready(self, started: float) -> None:
        deadline = started + self.ready_timeout
        while time.monotonic() < deadline:
            assert self._process is not None
            code = self._process.poll()
            if code is not None:
                raise EngineServerError(
                    f"{self.name} exited with {code} before it was ready; "
                    f"log {self.log_path}:\n{_tail(self.log_path)}"
                )
            if self._ready():
                return
            time.sleep(1.0)
        raise EngineServerStalled(
            f"{self.name} not ready after {self.ready_timeout:.0f} s at {self.url}; "
            f"log {self.log_path}:\n{_tail(self.log_path)}"
        )

    def _ready(self) -> bool:
        for path in self.ready_paths:
            status, body = _get(self.url + path)
            if status != 200:
                return False
            if path != "/health" and not self._lists_model(body):
                return False
        return True

    def _lists_model(self, body: bytes) -> bool:
        """vLLM's ``/v1/models`` or SGLang's ``/model_info`` names the served model."""
        try:
            listing = json.loads(body)
        except ValueError:
            return False
        if not isinstance(listing, dict):
            return False
        served = [item.get("id") for item in listing.get("data", []) if isinstance(item, dict)]
        served.append(listing.get("served_model_name"))
        return self.model in served

    def stop(self) -> None:
        """SIGTERM the process group (and any worker that left it), then SIGKILL what remains."""
        process = self._process
        _RUNNING.pop(id(self), None)
        if process is None:
            return
        self._process = None
        workers = _descendants(process.pid)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        _signal(workers, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=STOP_TIMEOUT)
        leftovers = [pid for pid in workers if Path(f"/proc/{pid}").exists()]
        if leftovers or process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            _signal(leftovers, signal.SIGKILL)
            process.wait(timeout=STOP_TIMEOUT)
        self._wait_port_free()

    def _wait_port_free(self) -> None:
        deadline = time.monotonic() + STOP_TIMEOUT
        while time.monotonic() < deadline:
            with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                try:
                    sock.bind(("127.0.0.1", self.port))
                    return
                except OSError:
                    time.sleep(0.5)

    def restart(self) -> None:
        """Stop, then start again on the same port."""
        self.stop()
        self.start()


_RUNNING: dict[int, EngineServer] = {}
_SHARED: dict[str, EngineServer] = {}
_BUILT: dict[str, dict[str, str]] = {}


@atexit.register
def stop_all() -> None:
    """Stop every server this process started (also run at exit)."""
    for server in list(_RUNNING.values()):
        server.stop()


def ensure_built(what: str) -> dict[str, str]:
    """Run the builder for ``what`` (once per process) and return the cached paths."""
    if what not in _BUILT:
        build = subprocess.run(
            [sys.executable, str(BUILDER), "build", what], capture_output=True, text=True
        )
        if build.returncode != 0:
            raise EngineServerError(
                f"`{BUILDER} build {what}` failed ({build.returncode}):\n{build.stderr[-4000:]}"
            )
        listed = subprocess.run(
            [sys.executable, str(BUILDER), "paths"], capture_output=True, text=True, check=True
        )
        _BUILT[what] = dict(json.loads(listed.stdout))
    return _BUILT[what]


def _shared(name: str, make: Callable[[], EngineServer]) -> EngineServer:
    server = _SHARED.get(name)
    if server is None:
        server = make()
        _SHARED[name] = server
    server.start()
    return server


def vllm_server(tmp_dir: Path) -> EngineServer:
    """This process's vLLM server (log in ``tmp_dir``), built, started and ready."""

    def make() -> EngineServer:
        paths = ensure_built("model")  # builds the vLLM venv first
        python = Path(paths["vllm"]) / "bin" / "python"
        port = free_port()
        command = [
            str(python), "-m", "vllm.entrypoints.openai.api_server",
            "--model", paths["model"],
            "--served-model-name", SERVED_MODEL,
            "--host", "127.0.0.1",
            "--port", str(port),
            "--kv-cache-memory-bytes", str(KV_CACHE_BYTES),
            "--enforce-eager",
            "--max-model-len", str(CONTEXT_LENGTH),
            "--dtype", "bfloat16",
            "--disable-log-stats",
        ]  # fmt: skip
        return EngineServer(
            "vllm",
            command,
            port=port,
            model=SERVED_MODEL,
            log_path=Path(tmp_dir) / "vllm.log",
            ready_paths=["/health", "/v1/models"],
        )

    return _shared("vllm", make)


def sglang_server(tmp_dir: Path) -> EngineServer:
    """This process's SGLang server (log in ``tmp_dir``), built, started and ready."""

    def make() -> EngineServer:
        ensure_built("sglang")
        paths = ensure_built("model")
        python = Path(paths["sglang"]) / "bin" / "python"
        port = free_port()
        command = [
            str(python), "-m", "sglang.launch_server",
            "--model-path", paths["model"],
            "--served-model-name", SERVED_MODEL,
            "--device", "cpu",
            "--attention-backend", "torch_native",
            "--sampling-backend", "pytorch",
            "--disable-cuda-graph",
            "--grammar-backend", "xgrammar",
            "--mem-fraction-static", "0.2",
            "--max-total-tokens", "8192",
            "--context-length", str(CONTEXT_LENGTH),
            "--sleep-on-idle",  # else its scheduler spins a whole core while idle
            "--host", "127.0.0.1",
            "--port", str(port),
        ]  # fmt: skip
        return EngineServer(
            "sglang",
            command,
            port=port,
            model=SERVED_MODEL,
            log_path=Path(tmp_dir) / "sglang.log",
            ready_paths=["/health", "/model_info"],  # /get_model_info is deprecated
            env={"SGLANG_USE_CPU_ENGINE": "1", "OMP_NUM_THREADS": "1"},
        )

    return _shared("sglang", make)
