"""The Python API as a user calls it: ``import molextract``, real model, real pipeline.

The last test is the issue's promise: one schema of the user's own gives the same
records from ``extract``, from ``molextract run`` and from a job on the service.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
import types
from itertools import count, islice
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import pytest

import molextract
from molextract import Document, Extractor, extract, read_documents, schema_document
from molextract.config import Settings
from molextract.errors import ConfigError, InputError
from molextract.schemas import get_schema, output_line_json_schema

ROOT = Path(__file__).parents[1]
EXAMPLE = ROOT / "examples" / "glass_transition.py"
SMOL = "smollm2-135m"


def test_import_molextract_exposes_only_what_all_names() -> None:
    """As httpx checks its own: a fresh interpreter, nothing public beyond ``__all__``.

    Submodules are attributes of any package once imported (the import system puts
    them there), so they are told apart by type; every other public name is in
    ``__all__``, and ``dir()`` shows only it.
    """
    probe = (
        "import json, types, molextract as m\n"
        "names = [n for n, v in vars(m).items() if not n.startswith('_') "
        "and not isinstance(v, types.ModuleType)]\n"
        "print(json.dumps({'names': sorted(names), 'all': m.__all__, 'dir': dir(m)}))\n"
    )
    shown = json.loads(
        subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, check=True
        ).stdout
    )
    public = sorted(n for n in shown["all"] if not n.startswith("_"))
    assert shown["names"] == public
    assert len(set(shown["all"])) == len(shown["all"])
    assert shown["dir"] == sorted(shown["all"])
    for name in molextract.__all__:
        value = getattr(molextract, name)
        assert not isinstance(value, types.ModuleType)
        assert name == "__version__" or value.__module__.startswith("molextract")


def test_arguments_are_checked_before_any_model_loads() -> None:
    with pytest.raises(ConfigError, match=r"unknown setting\(s\) max_tokens; settings are:"):
        Extractor("melting_point", max_tokens=5)
    with pytest.raises(ConfigError, match=r"invalid setting: max_new_tokens: Input should be"):
        Extractor("melting_point", max_new_tokens="many")
    with pytest.raises(molextract.SchemaError, match="unknown schema 'meltingpoint'"):
        extract(["x"], schema="meltingpoint")
    with pytest.raises(molextract.SchemaError, match="is not a schema"):
        Extractor(int)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def extractor() -> Extractor:
    return Extractor("melting_point", engine="local", model=SMOL, max_new_tokens=128)


@pytest.mark.model
def test_extract_takes_texts_documents_and_mappings_and_keeps_their_order(
    extractor: Extractor,
) -> None:
    results = extractor.extract(
        [
            "Aspirin melts at 135 °C.",
            Document("urea", "Urea (mp 133 °C) was recrystallised."),
            {"id": "none", "text": "The solvent was removed.", "journal": "J"},
        ]
    )
    assert [r.doc_id for r in results] == ["0", "urea", "none"]
    line_schema = output_line_json_schema()
    for result in results:
        jsonschema.validate(result.model_dump(mode="json", by_alias=True), line_schema)
        assert result.schema_name == "melting_point" and result.engine.model == SMOL
    assert results[2].records == [] and results[2].usage.model_calls == 0
    [one] = extractor.extract("Phenol melts at 40.5 °C.")  # a bare text is one document
    assert one.doc_id == "0"
    with pytest.raises(InputError, match="document 0: expected a text"):
        extractor.extract([42])  # type: ignore[list-item]


@pytest.mark.model
def test_stream_is_lazy_and_the_model_is_loaded_once(extractor: Extractor) -> None:
    """An endless source: results come as they are asked for, nothing is read ahead
    beyond the batch in hand, and the extractor keeps its one engine."""
    engine = extractor.engine
    pulled: list[int] = []

    def endless() -> Any:
        for n in count():
            pulled.append(n)
            yield Document(f"d{n}", "The flask was rinsed with acetone.")

    taken = list(islice(extractor.stream(endless()), 3))
    assert [r.doc_id for r in taken] == ["d0", "d1", "d2"]
    assert len(pulled) <= 3 + extractor.batch_size
    assert extractor.engine is engine


@pytest.mark.model
def test_aextract_from_inside_an_event_loop(extractor: Extractor) -> None:
    async def main() -> tuple[list[str], list[str]]:
        awaited = await extractor.aextract(["Aspirin melts at 135 °C.", "Nothing here."])
        # the synchronous API from inside a running loop does not deadlock either
        synced = extractor.extract(["Nothing here."])
        return [r.doc_id for r in awaited], [r.doc_id for r in synced]

    assert asyncio.run(main()) == (["0", "1"], ["0"])


def test_read_documents_streams_files_and_reports_skips(tmp_path: Path) -> None:
    source = tmp_path / "docs.jsonl"
    source.write_text('{"id": "a", "text": "A."}\n{not json\n', encoding="utf-8")
    skipped: list[Any] = []
    docs = list(read_documents(source, on_skip=skipped.append))
    assert [d.id for d in docs] == ["a"] and len(skipped) == 1
    assert "docs.jsonl:2" in str(skipped[0])


# --- one custom schema, three front ends ----------------------------------------------

TEXTS = {
    "ps": "The glass transition temperature of polystyrene was 105 °C (DSC, 10 K/min, "
    "under nitrogen).",
    "pmma": "By DMA, PMMA showed a glass transition at 387 K on second heating.",
    "none": "The polymer was dried under vacuum overnight.",
}
ENV = {
    "MOLEXTRACT_LOCAL_MODEL": SMOL,
    "MOLEXTRACT_MAX_NEW_TOKENS": "128",
    "MOLEXTRACT_REQUIRE_API_KEY": "false",
}


def _records(lines: list[dict[str, Any]], rejects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every record of a run, rejected ones included, in document and text order."""
    found = [r for line in lines for r in line["records"]] + rejects
    return sorted(found, key=lambda r: (r["doc_id"], r["evidence"]["start"] or -1))


def _jsonl(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _job_lines(env: dict[str, str], tmp_path: Path) -> list[dict[str, Any]]:
    """Submit the texts as one job with the schema's JSON document and wait for it."""
    from tests.utils.cli import serving

    with serving(env, tmp_path / "serve.log") as server, httpx.Client(base_url=server.url) as api:
        body = {
            "schema": schema_document(f"{EXAMPLE}:GlassTransition"),
            "documents": [{"id": k, "text": v} for k, v in TEXTS.items()],
        }
        created = api.post("/v1/jobs", json=body)
        assert created.status_code == 202, created.text
        job = created.json()["id"]
        deadline = time.monotonic() + 900
        while (status := api.get(f"/v1/jobs/{job}").json()["status"]) in ("queued", "running"):
            assert time.monotonic() < deadline, server.log.read_text()[-3000:]
            time.sleep(1)
        assert status == "succeeded", server.log.read_text()[-3000:]
        lines = api.get(f"/v1/jobs/{job}/results", params={"format": "documents"})
        return [json.loads(line) for line in lines.text.splitlines()]


@pytest.mark.slow
@pytest.mark.model
def test_a_custom_schema_gives_the_same_records_from_extract_run_and_a_job(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for key, value in ENV.items():
        monkeypatch.setenv(key, value)
    env = {**os.environ, "MOLEXTRACT_DATABASE_URL": f"sqlite:///{tmp_path / 'service.db'}"}

    documents = [Document(k, v) for k, v in TEXTS.items()]
    from_python = [
        r.model_dump(mode="json", by_alias=True)
        for r in extract(documents, schema=f"{EXAMPLE}:GlassTransition", settings=Settings())
    ]

    source = tmp_path / "docs.jsonl"
    source.write_text(
        "".join(json.dumps({"id": k, "text": v}) + "\n" for k, v in TEXTS.items()),
        encoding="utf-8",
    )
    ran = subprocess.run(
        [sys.executable, "-m", "molextract.cli", "run", str(source),
         "--schema", f"{EXAMPLE}:GlassTransition", "-o", str(tmp_path / "run.jsonl")],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=900, check=False,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    from_cli = _jsonl(tmp_path / "run.jsonl")
    from_job = _job_lines(env, tmp_path)

    typed = output_line_json_schema(get_schema(f"{EXAMPLE}:GlassTransition"))
    for line in from_cli + from_job:
        jsonschema.validate(line, typed)
    python_records = _records(from_python, [])
    cli_records = _records(from_cli, _jsonl(tmp_path / "run.rejects.jsonl"))
    job_records = _records(from_job, [])
    assert python_records, "the example texts state glass transitions: some record is expected"
    assert python_records == cli_records == job_records
    for record in python_records:
        assert set(record["fields"]) == {"method", "heating_rate", "second_heating", "atmosphere"}
        rate = record["fields"]["heating_rate"]
        assert rate is None or {"value", "unit", "value_si", "unit_si"} <= set(rate)
