"""JSON Lines reading: every bad line is reported with its number and costs only itself."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from molextract.ingest import Skipped, read_documents
from molextract.ingest import lines as lines_module
from molextract.ingest.document import Document


def read(*paths: Path) -> tuple[list[Document], list[Skipped]]:
    skips: list[Skipped] = []
    documents = list(read_documents(list(paths), skips.append))
    return documents, skips


def write_lines(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def record(**fields: object) -> str:
    return json.dumps(fields)


def test_fields_ids_and_metadata(tmp_path: Path) -> None:
    path = write_lines(
        tmp_path / "data.jsonl",
        [
            record(id="doi:1", text="first", year=2020, tags=["a"]),
            record(id=42, text="second"),
            record(text="third", journal={"name": "J"}),
        ],
    )
    documents, skips = read(path)
    assert skips == []
    assert [d.id for d in documents] == ["doi:1", "42", "data:3"]
    assert [d.text for d in documents] == ["first", "second", "third"]
    source = str(path)
    assert documents[0].metadata == {"year": 2020, "tags": ["a"], "source": source, "line": 1}
    assert documents[1].metadata == {"source": source, "line": 2}
    assert documents[2].metadata == {"journal": {"name": "J"}, "source": source, "line": 3}


def test_location_overrides_same_named_fields(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "d.jsonl", [record(text="t", source="old.jsonl", line=99)])
    [document], _ = read(path)
    assert document.metadata == {"source": str(path), "line": 1}


def test_ndjson_suffix_and_default_id_drops_only_known_suffixes(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "my.dump.NDJSON", [record(text="t")])
    [document], skips = read(path)
    assert skips == []
    assert document.id == "my.dump:1"


@pytest.mark.parametrize(
    ("bad_line", "reason"),
    [
        ('{"text": "a" "b"}', "not valid JSON (Expecting ',' delimiter: column 14)"),
        ("not json", "not valid JSON (Expecting value: column 1)"),
        ("[1, 2]", "not a JSON object (got array)"),
        ('"just a string"', "not a JSON object (got string)"),
        ('{"id": "x"}', "missing 'text' field"),
        ('{"text": 12}', "'text' must be a string, got number"),
        ('{"text": null}', "'text' must be a string, got null"),
        ('{"text": ""}', "'text' is empty or only whitespace"),
        ('{"text": " \\n\\t "}', "'text' is empty or only whitespace"),
        ('{"text": "t", "id": [1]}', "'id' must be a string or integer, got array"),
        ('{"text": "t", "id": true}', "'id' must be a string or integer, got boolean"),
        ('{"text": "t", "id": 1.5}', "'id' must be a string or integer, got number"),
        ('{"text": "t", "id": null}', "'id' must be a string or integer, got null"),
        ('{"text": "t", "id": " "}', "'id' is empty"),
        ('{"text": ' + "[" * 100_000 + "]" * 100_000 + "}", "not valid JSON (nested too deeply)"),
    ],
)
def test_bad_line_is_skipped_with_its_number(tmp_path: Path, bad_line: str, reason: str) -> None:
    path = write_lines(
        tmp_path / "data.jsonl",
        [record(id="before", text="ok"), bad_line, record(id="after", text="ok")],
    )
    documents, skips = read(path)
    assert [d.id for d in documents] == ["before", "after"]
    assert skips == [Skipped(str(path), 2, reason)]
    assert str(skips[0]) == f"{path}:2: {reason}"


def test_invalid_utf8_line_is_skipped_and_reading_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "data.jsonl"
    path.write_bytes(b'{"text": "caf\xc3\xa9"}\n{"text": "bad \xe9 latin-1"}\n{"text": "last"}\n')
    documents, skips = read(path)
    assert [d.text for d in documents] == ["café", "last"]
    assert skips == [Skipped(str(path), 2, "invalid UTF-8 (byte 0xe9 at column 15)")]


def test_blank_lines_crlf_and_bom(tmp_path: Path) -> None:
    path = tmp_path / "data.jsonl"
    path.write_bytes(b'\xef\xbb\xbf{"text": "one"}\r\n\r\n   \n{"text": "two"}\r\n\n')
    documents, skips = read(path)
    assert skips == []
    assert [(d.text, d.metadata["line"]) for d in documents] == [("one", 1), ("two", 4)]


def test_line_separator_inside_a_string_does_not_split_the_record(tmp_path: Path) -> None:
    path = write_lines(
        tmp_path / "d.jsonl", [json.dumps({"text": "a\u2028b\x85c"}, ensure_ascii=False)]
    )
    [document], skips = read(path)
    assert skips == []
    assert document.text == "a\u2028b\x85c"


@pytest.mark.parametrize("content", [b"", b"\n\n  \n", b"\xef\xbb\xbf"])
def test_empty_file_is_reported_once(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_bytes(content)
    documents, skips = read(path)
    assert documents == []
    assert skips == [Skipped(str(path), None, "empty file")]


def test_overlong_line_is_skipped_without_reading_it_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lines_module, "MAX_LINE_BYTES", 100)
    path = write_lines(
        tmp_path / "d.jsonl",
        [record(text="a"), record(text="x" * 5000), record(text="b")],
    )
    documents, skips = read(path)
    assert [d.text for d in documents] == ["a", "b"]
    assert [d.metadata["line"] for d in documents] == [1, 3]
    assert skips == [Skipped(str(path), 2, "line is longer than 0 MiB")]


def gzip_lines(path: Path, lines: list[str]) -> Path:
    with gzip.open(path, "wt", encoding="utf-8") as stream:
        stream.writelines(line + "\n" for line in lines)
    return path


def test_gzip_reads_like_plain_and_ids_ignore_gz(tmp_path: Path) -> None:
    path = gzip_lines(tmp_path / "data.jsonl.gz", [record(text="a"), "oops", record(text="b")])
    documents, skips = read(path)
    assert [(d.id, d.text) for d in documents] == [("data:1", "a"), ("data:3", "b")]
    assert documents[0].metadata == {"source": str(path), "line": 1}
    assert [(s.line, s.reason[:14]) for s in skips] == [(2, "not valid JSON")]


def test_gzip_detected_by_content_under_a_plain_name(tmp_path: Path) -> None:
    path = gzip_lines(tmp_path / "data.jsonl", [record(text="a")])
    [document], skips = read(path)
    assert skips == []
    assert document.text == "a"


def test_gz_name_without_gzip_content_skips_the_file(tmp_path: Path) -> None:
    bad = write_lines(tmp_path / "a.jsonl.gz", [record(text="plain")])
    good = write_lines(tmp_path / "b.jsonl", [record(text="b")])
    documents, skips = read(bad, good)
    assert [d.text for d in documents] == ["b"]
    assert skips == [
        Skipped(str(bad), None, "the name ends in .gz but the file is not gzip-compressed")
    ]


def test_truncated_gzip_keeps_documents_already_read(tmp_path: Path) -> None:
    lines = [record(id=f"d{n}", text="some text " * 20 + str(n)) for n in range(2000)]
    whole = gzip_lines(tmp_path / "whole.jsonl.gz", lines).read_bytes()
    path = tmp_path / "cut.jsonl.gz"
    path.write_bytes(whole[: len(whole) // 2])
    documents, skips = read(path)
    assert 0 < len(documents) < 2000
    assert [d.id for d in documents] == [f"d{n}" for n in range(len(documents))]
    [skip] = skips
    assert skip.path == str(path)
    assert skip.line == len(documents) + 1
    assert skip.reason.startswith("truncated or corrupt gzip data (")
    assert skip.reason.endswith("; the rest of the file is skipped")


def test_corrupt_gzip_checksum_is_reported(tmp_path: Path) -> None:
    data = bytearray(gzip_lines(tmp_path / "x.jsonl.gz", [record(text="a")]).read_bytes())
    data[-8] ^= 0xFF  # CRC32 in the trailer
    path = tmp_path / "crc.jsonl.gz"
    path.write_bytes(bytes(data))
    _, skips = read(path)
    assert len(skips) == 1
    assert skips[0].reason.startswith("truncated or corrupt gzip data (")
