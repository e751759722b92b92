"""CSV reading: header rules, physical line numbers and per-row skipping."""

from __future__ import annotations

import csv
import gzip
from collections.abc import Generator
from pathlib import Path

import pytest

from molextract.ingest import Skipped, read_documents
from molextract.ingest.csvfile import MAX_FIELD_CHARS
from molextract.ingest.document import Document


def read(*paths: Path) -> tuple[list[Document], list[Skipped]]:
    skips: list[Skipped] = []
    documents = list(read_documents(list(paths), skips.append))
    return documents, skips


def write(path: Path, content: str) -> Path:
    path.write_bytes(content.encode("utf-8"))
    return path


def test_columns_case_insensitive_and_other_columns_to_metadata(tmp_path: Path) -> None:
    path = write(tmp_path / "papers.csv", "ID,Text,year,doi\np1,first,2020,10.1/x\np2,second,,\n")
    documents, skips = read(path)
    assert skips == []
    assert [(d.id, d.text) for d in documents] == [("p1", "first"), ("p2", "second")]
    assert documents[0].metadata == {
        "year": "2020",
        "doi": "10.1/x",
        "source": str(path),
        "line": 2,
    }
    assert documents[1].metadata == {"year": "", "doi": "", "source": str(path), "line": 3}


def test_default_id_from_line_when_no_id_column_or_empty_cell(tmp_path: Path) -> None:
    no_id = write(tmp_path / "a.csv", "text\nx\ny\n")
    empty_id = write(tmp_path / "b.csv.gz", "")
    with gzip.open(empty_id, "wt", encoding="utf-8", newline="") as stream:
        stream.write("id,text\n,x\nkeep,y\n")
    documents, skips = read(no_id, empty_id)
    assert skips == []
    assert [d.id for d in documents] == ["a:2", "a:3", "b:2", "keep"]


def test_multiline_field_keeps_line_numbers_right(tmp_path: Path) -> None:
    path = write(tmp_path / "d.csv", 'id,text\na,"one\ntwo\nthree"\nb,plain\r\nc,"x, ""quoted"""\n')
    documents, skips = read(path)
    assert skips == []
    assert [(d.id, d.text, d.metadata["line"]) for d in documents] == [
        ("a", "one\ntwo\nthree", 2),
        ("b", "plain", 5),
        ("c", 'x, "quoted"', 6),
    ]


def test_large_field_is_read(tmp_path: Path) -> None:
    big = "word " * 100_000  # 500k chars, past csv's 128 KiB default
    path = write(tmp_path / "big.csv", f'id,text\nbig,"{big}"\nsmall,s\n')
    documents, skips = read(path)
    assert skips == []
    assert [len(d.text) for d in documents] == [len(big), 1]


def test_field_size_limit_is_never_lowered() -> None:
    from molextract.ingest.csvfile import _raise_field_size_limit

    previous = csv.field_size_limit()
    try:
        csv.field_size_limit(MAX_FIELD_CHARS * 2)
        _raise_field_size_limit()
        assert csv.field_size_limit() == MAX_FIELD_CHARS * 2
    finally:
        csv.field_size_limit(previous)


@pytest.mark.parametrize(
    ("bad_row", "reason"),
    [
        ("b,", "'text' is empty or only whitespace"),
        ("b,   ", "'text' is empty or only whitespace"),
        ("b,t,extra", "row has 3 fields but the header has 2"),
        ("b", "row has 1 fields but the header has 2"),
    ],
)
def test_bad_row_is_skipped_with_its_line(tmp_path: Path, bad_row: str, reason: str) -> None:
    path = write(tmp_path / "d.csv", f"id,text\na,first\n{bad_row}\nc,last\n")
    documents, skips = read(path)
    assert [d.id for d in documents] == ["a", "c"]
    assert skips == [Skipped(str(path), 3, reason)]


def test_invalid_utf8_row_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    path.write_bytes(b'id,text\na,first\nb,"caf\xe9\nsecond line"\nc,last\n')
    documents, skips = read(path)
    assert [d.id for d in documents] == ["a", "c"]
    assert [d.metadata["line"] for d in documents] == [2, 5]
    assert skips == [Skipped(str(path), 3, "invalid UTF-8 (byte 0xe9 at column 7)")]


def test_invalid_utf8_on_a_later_line_of_a_record_names_that_line(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    path.write_bytes(b'id,text\nb,"first line\nbad \xff"\nc,last\n')
    documents, skips = read(path)
    assert [d.id for d in documents] == ["c"]
    assert skips == [Skipped(str(path), 2, "invalid UTF-8 (byte 0xff at column 5) on line 3")]


def test_missing_text_column_skips_only_that_file(tmp_path: Path) -> None:
    bad = write(tmp_path / "a.csv", "id,body\n1,x\n2,y\n")
    good = write(tmp_path / "b.csv", "text\nfine\n")
    documents, skips = read(bad, good)
    assert [d.text for d in documents] == ["fine"]
    assert skips == [
        Skipped(str(bad), 1, "header: no 'text' column (columns: id, body); the file is skipped")
    ]


def test_two_text_columns_skip_the_file(tmp_path: Path) -> None:
    path = write(tmp_path / "a.csv", "text,TEXT\nx,y\n")
    documents, skips = read(path)
    assert documents == []
    assert skips == [
        Skipped(str(path), 1, "header: more than one 'text' column; the file is skipped")
    ]


def test_invalid_utf8_header_skips_the_file(tmp_path: Path) -> None:
    path = tmp_path / "a.csv"
    path.write_bytes(b"id,t\xffext\n1,x\n")
    documents, skips = read(path)
    assert documents == []
    assert skips == [
        Skipped(str(path), 1, "header: invalid UTF-8 (byte 0xff at column 5); the file is skipped")
    ]


def test_bom_and_blank_lines(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    path.write_bytes(b"\xef\xbb\xbftext,id\r\n\r\nx,1\r\n\r\n")
    documents, skips = read(path)
    assert skips == []
    assert [(d.id, d.metadata["line"]) for d in documents] == [("1", 3)]


def test_empty_and_header_only_files(tmp_path: Path) -> None:
    empty = write(tmp_path / "empty.csv", "")
    header_only = write(tmp_path / "header.csv", "id,text\n")
    documents, skips = read(empty, header_only)
    assert documents == []
    assert skips == [Skipped(str(empty), None, "empty file")]


def test_reader_stops_early_and_closes_the_file(tmp_path: Path) -> None:
    path = write(tmp_path / "d.csv", "text\n" + "row\n" * 1000)
    stream = read_documents([path], lambda skip: None)
    assert next(stream).text == "row"
    assert isinstance(stream, Generator)
    stream.close()  # an unclosed file would fail the test: warnings are errors
