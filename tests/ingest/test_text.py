"""Plain text files: one document each, identified by their relative path."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from molextract.ingest import Skipped, read_documents
from molextract.ingest import text as text_module
from molextract.ingest.document import Document


def read(*paths: Path) -> tuple[list[Document], list[Skipped]]:
    skips: list[Skipped] = []
    documents = list(read_documents(list(paths), skips.append))
    return documents, skips


def test_file_given_directly_uses_its_name(tmp_path: Path) -> None:
    path = tmp_path / "paper.one.txt"
    path.write_text("Line one.\nLine two.\n", encoding="utf-8")
    [document], skips = read(path)
    assert skips == []
    assert document == Document("paper.one", "Line one.\nLine two.\n", {"source": str(path)})


def test_directory_ids_are_relative_paths_with_slashes(tmp_path: Path) -> None:
    (tmp_path / "corpus" / "2020" / "q1").mkdir(parents=True)
    (tmp_path / "corpus" / "2020" / "q1" / "a.txt").write_text("A", encoding="utf-8")
    with gzip.open(tmp_path / "corpus" / "b.TXT.gz", "wt", encoding="utf-8") as stream:
        stream.write("B")
    documents, skips = read(tmp_path / "corpus")
    assert skips == []
    assert [(d.id, d.text) for d in documents] == [("2020/q1/a", "A"), ("b", "B")]
    assert documents[0].metadata == {"source": str(tmp_path / "corpus" / "2020" / "q1" / "a.txt")}


def test_bom_is_dropped(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes(b"\xef\xbb\xbfhello")
    [document], _ = read(path)
    assert document.text == "hello"


def test_invalid_utf8_skips_the_file_only(tmp_path: Path) -> None:
    bad = tmp_path / "a.txt"
    bad.write_bytes(b"fine\nstill fine\nna\xefve\n")
    good = tmp_path / "b.txt"
    good.write_text("ok", encoding="utf-8")
    documents, skips = read(bad, good)
    assert [d.id for d in documents] == ["b"]
    assert skips == [
        Skipped(str(bad), 3, "invalid UTF-8 (byte 0xef at column 3); the file is skipped")
    ]


@pytest.mark.parametrize("content", [b"", b" \n\t\n"])
def test_empty_file(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes(content)
    assert read(path) == ([], [Skipped(str(path), None, "empty file")])


def test_gz_name_without_gzip_content(tmp_path: Path) -> None:
    path = tmp_path / "a.txt.gz"
    path.write_text("plain", encoding="utf-8")
    assert read(path) == (
        [],
        [Skipped(str(path), None, "the name ends in .gz but the file is not gzip-compressed")],
    )


def test_truncated_gzip_skips_the_file(tmp_path: Path) -> None:
    path = tmp_path / "a.txt.gz"
    path.write_bytes(gzip.compress(b"some text " * 1000)[:-20])
    documents, skips = read(path)
    assert documents == []
    [skip] = skips
    assert (skip.path, skip.line) == (str(path), None)
    assert skip.reason.startswith("truncated or corrupt gzip data (")


def test_too_large_file_is_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(text_module, "MAX_TEXT_BYTES", 10)
    path = tmp_path / "a.txt"
    path.write_text("x" * 11, encoding="utf-8")
    assert read(path) == (
        [],
        [Skipped(str(path), None, "file is larger than 0 MiB; the file is skipped")],
    )
