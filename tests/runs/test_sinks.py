import json
from pathlib import Path

import pytest

from molextract.errors import InputError
from molextract.runs.sinks import JsonlSink, done_ids
from molextract.schemas import DocumentResult, EngineInfo

ENGINE = EngineInfo(name="local", model="m")


def _line(doc_id: str) -> str:
    return DocumentResult(doc_id=doc_id, schema_name="s", engine=ENGINE).model_dump_json() + "\n"


def test_done_ids_reads_ids_and_cuts_a_torn_last_line(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text(_line("a") + _line("b") + '{"doc_id": "c", "sch')
    assert done_ids(out) == {"a", "b"}
    assert out.read_text() == _line("a") + _line("b")


def test_done_ids_refuses_a_file_that_is_not_molextract_output(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text(_line("a") + "hello\n")
    with pytest.raises(InputError, match=r"out.jsonl:2: cannot resume"):
        done_ids(out)


def test_done_ids_of_a_missing_file_is_empty(tmp_path: Path) -> None:
    assert done_ids(tmp_path / "none.jsonl") == set()


def test_sink_appends_whole_lines(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    with JsonlSink(out, append=False) as sink:
        sink.write_results([DocumentResult(doc_id="a", schema_name="s", engine=ENGINE)])
    with JsonlSink(out, append=True) as sink:
        sink.write_results([DocumentResult(doc_id="b", schema_name="s", engine=ENGINE)])
    assert [json.loads(line)["doc_id"] for line in out.read_text().splitlines()] == ["a", "b"]
