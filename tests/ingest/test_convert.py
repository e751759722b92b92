"""Converting inputs to JSONL: what is written reads back as the same documents."""

from __future__ import annotations

import io
import json
from pathlib import Path

from molextract.ingest import Skipped, read_documents
from molextract.ingest.convert import write_jsonl
from molextract.ingest.document import Document

DATA = Path(__file__).parent.parent / "data" / "literature"
SAMPLES = sorted(DATA.glob("*.*xml"))


def read(*paths: Path) -> tuple[list[Document], list[Skipped]]:
    skips: list[Skipped] = []
    documents = list(read_documents(list(paths), skips.append))
    return documents, skips


def convert(paths: list[Path], out: Path) -> tuple[int, list[Skipped]]:
    skips: list[Skipped] = []
    with out.open("w", encoding="utf-8") as stream:
        count = write_jsonl(paths, stream, skips.append)
    return count, skips


def test_round_trip_of_every_format(tmp_path: Path) -> None:
    rows = tmp_path / "rows.jsonl"
    rows.write_text(
        json.dumps({"id": "j1", "text": "from jsonl", "year": 2020}) + "\n", encoding="utf-8"
    )
    table = tmp_path / "table.csv"
    table.write_text("id,text,doi\nc1,from csv,10.1/c\n", encoding="utf-8")
    inputs = [*SAMPLES, rows, table]
    out = tmp_path / "docs.jsonl"

    count, skips = convert(inputs, out)

    assert skips == []
    originals, _ = read(*inputs)
    assert count == len(originals) == 6
    assert len(out.read_text(encoding="utf-8").splitlines()) == 6
    converted, reread_skips = read(out)
    assert reread_skips == []
    assert [(d.id, d.text) for d in converted] == [(d.id, d.text) for d in originals]
    assert [d.id for d in converted] == [
        "US06840965B2",
        "pmcid:PMC2599765",
        "pmcid:PMC1790863",
        "pmid:29768149",
        "j1",
        "c1",
    ]
    # Metadata survives at the top level; location is the JSONL's when read back.
    for original, again in zip(originals, converted, strict=True):
        expected = {**original.metadata, "source": str(out), "line": again.metadata["line"]}
        assert again.metadata == expected
    assert [d.metadata["line"] for d in converted] == [1, 2, 3, 4, 5, 6]


def test_lines_carry_id_text_and_metadata_with_location(tmp_path: Path) -> None:
    pubmed = DATA / "pubmed-29768149.xml"
    out = io.StringIO()
    assert write_jsonl([pubmed], out, lambda skip: None) == 1
    line = out.getvalue()
    assert line.endswith("}\n") and line.count("\n") == 1
    record = json.loads(line)
    assert list(record)[:2] == ["id", "text"]
    assert record["id"] == "pmid:29768149"
    assert record["source"] == str(pubmed)
    assert record["line"] == 4
    assert record["sections"][0] == {"title": "Title", "start": 0, "end": 64}
    assert "β" in line  # written as UTF-8, not \u escapes


def test_skips_are_passed_on_and_not_counted(tmp_path: Path) -> None:
    broken = tmp_path / "broken.xml"
    broken.write_text("<PubmedArticleSet><PubmedArticle>", encoding="utf-8")
    missing = tmp_path / "missing.jsonl"
    out = tmp_path / "docs.jsonl"
    count, skips = convert([broken, missing, DATA / "pubmed-29768149.xml"], out)
    assert count == 1
    assert skips == [
        Skipped(str(broken), 1, "the XML ends early, at line 1 (truncated file?)"),
        Skipped(str(missing), None, "does not exist"),
    ]


def test_text_that_cannot_be_encoded_is_escaped(tmp_path: Path) -> None:
    source = tmp_path / "odd.jsonl"
    source.write_text('{"id": "s", "text": "lone \\ud800 surrogate"}\n', encoding="utf-8")
    out = tmp_path / "docs.jsonl"
    count, _ = convert([source], out)
    assert count == 1
    assert "\\ud800" in out.read_text(encoding="utf-8")
    [document], _ = read(out)
    assert document.text == "lone \ud800 surrogate"


def test_narrow_output_encoding_is_escaped() -> None:
    buffer = io.BytesIO()
    with io.TextIOWrapper(buffer, encoding="ascii") as out:
        count = write_jsonl([DATA / "pubmed-29768149.xml"], out, lambda skip: None)
        out.flush()
        written = buffer.getvalue()
    assert count == 1
    assert json.loads(written)["text"].startswith("Inhaled Combined Budesonide-Formoterol")
    assert b"\\u03b2" in written  # β, escaped
