"""The whole-run stream: ordering, unique ids, resume, directories, checks and hints."""

from __future__ import annotations

import gzip
import json
import os
import re
from collections.abc import Generator
from pathlib import Path

import pytest

from molextract.errors import InputError
from molextract.ingest import (
    SUPPORTED_SUFFIXES,
    Skipped,
    check_inputs,
    count_documents_hint,
    detect_format,
    read_documents,
)
from molextract.ingest.document import Document


def read(
    paths: list[Path], skip_ids: frozenset[str] = frozenset()
) -> tuple[list[Document], list[Skipped]]:
    skips: list[Skipped] = []
    documents = list(read_documents(paths, skips.append, skip_ids=skip_ids))
    return documents, skips


def jsonl(path: Path, *records: dict[str, object]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_skipped_str() -> None:
    assert str(Skipped("data.jsonl", 7, "not valid JSON")) == "data.jsonl:7: not valid JSON"
    assert str(Skipped("a.txt", None, "empty file")) == "a.txt: empty file"


def test_duplicate_ids_across_files_keep_the_first(tmp_path: Path) -> None:
    a = jsonl(
        tmp_path / "a.jsonl",
        {"id": "p", "text": "1"},
        {"id": "x", "text": "2"},
        {"id": "X", "text": "3"},
    )
    b = jsonl(
        tmp_path / "b.jsonl",
        {"id": "q", "text": "4"},
        {"id": "X", "text": "5"},
        {"id": 7, "text": "6"},
    )
    c = tmp_path / "c.csv"
    c.write_text("id,text\n7,again\n", encoding="utf-8")
    documents, skips = read([a, b, c])
    assert [(d.id, d.text) for d in documents] == [
        ("p", "1"),
        ("x", "2"),
        ("X", "3"),
        ("q", "4"),
        ("7", "6"),
    ]
    assert skips == [
        Skipped(str(b), 2, f"duplicate id 'X' (first seen at {a}:3)"),
        Skipped(str(c), 2, f"duplicate id '7' (first seen at {b}:3)"),
    ]


def test_duplicate_of_a_text_file_names_it_without_a_line(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    txt = tmp_path / "d" / "paper.txt"
    txt.write_text("body", encoding="utf-8")
    rows = jsonl(tmp_path / "r.jsonl", {"id": "paper", "text": "again"})
    _, skips = read([tmp_path / "d", rows])
    assert skips == [Skipped(str(rows), 1, f"duplicate id 'paper' (first seen at {txt})")]


def test_skip_ids_are_passed_over_silently_but_still_count_as_seen(tmp_path: Path) -> None:
    a = jsonl(tmp_path / "a.jsonl", {"id": "done", "text": "1"}, {"id": "new", "text": "2"})
    b = jsonl(tmp_path / "b.jsonl", {"id": "done", "text": "3"})
    documents, skips = read([a, b], skip_ids=frozenset({"done"}))
    assert [d.id for d in documents] == ["new"]
    assert skips == [Skipped(str(b), 1, f"duplicate id 'done' (first seen at {a}:1)")]


def test_directory_tree_with_mixed_files(tmp_path: Path) -> None:
    root = tmp_path / "dump"
    jsonl(root / "b" / "rows.jsonl", {"text": "jsonl"})
    with gzip.open(root / "b" / "more.ndjson.gz", "wt", encoding="utf-8") as stream:
        stream.write(json.dumps({"text": "ndjson.gz"}) + "\n")
    (root / "a.csv").write_text("text\ncsv\n", encoding="utf-8")
    (root / "c.txt").write_text("txt", encoding="utf-8")
    (root / "b" / "notes.docx").write_bytes(b"%PDF")
    (root / "README").write_text("about", encoding="utf-8")
    (root / ".hidden.jsonl").write_text("not read", encoding="utf-8")
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text("x", encoding="utf-8")

    documents, skips = read([root])

    assert [(d.id, d.text) for d in documents] == [
        ("a:2", "csv"),
        ("b/more:1", "ndjson.gz"),
        ("b/rows:1", "jsonl"),
        ("c", "txt"),
    ]
    assert documents[1].metadata["source"] == str(root / "b" / "more.ndjson.gz")
    assert skips == [
        Skipped(str(root / "README"), None, "unsupported file type"),
        Skipped(str(root / "b" / "notes.docx"), None, "unsupported file type"),
    ]


def test_same_file_name_in_two_folders_gets_distinct_default_ids(tmp_path: Path) -> None:
    jsonl(tmp_path / "x" / "data.jsonl", {"text": "1"})
    jsonl(tmp_path / "y" / "data.jsonl", {"text": "2"})
    documents, skips = read([tmp_path])
    assert skips == []
    assert [d.id for d in documents] == ["x/data:1", "y/data:1"]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_symlink_loop_is_walked_once(tmp_path: Path) -> None:
    jsonl(tmp_path / "d" / "a.jsonl", {"text": "once"})
    (tmp_path / "d" / "loop").symlink_to(tmp_path / "d", target_is_directory=True)
    documents, skips = read([tmp_path / "d"])
    assert [d.text for d in documents] == ["once"]
    assert skips == []


def test_problems_with_inputs_do_not_stop_the_run(tmp_path: Path) -> None:
    missing = tmp_path / "missing.jsonl"
    unsupported = tmp_path / "paper.docx"
    unsupported.write_bytes(b"%PDF")
    good = jsonl(tmp_path / "good.jsonl", {"text": "fine"})
    documents, skips = read([missing, unsupported, good])
    assert [d.text for d in documents] == ["fine"]
    assert skips == [
        Skipped(str(missing), None, "does not exist"),
        Skipped(str(unsupported), None, "unsupported file type"),
    ]


def test_reading_is_lazy(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    with path.open("w", encoding="utf-8") as stream:
        for n in range(200_000):
            stream.write(f'{{"id": "d{n}", "text": "document number {n}"}}\n')
        stream.write("{this last line is broken\n")
    skips: list[Skipped] = []
    documents = read_documents([tmp_path / "not-there.jsonl", path], skips.append)
    assert skips == []  # nothing happens before the first document is asked for
    first = next(documents)
    assert first.id == "d0"
    assert skips == [Skipped(str(tmp_path / "not-there.jsonl"), None, "does not exist")]
    assert isinstance(documents, Generator)
    documents.close()


def test_check_inputs_accepts_usable_inputs(tmp_path: Path) -> None:
    (tmp_path / "dir").mkdir()
    (tmp_path / "dir" / "whatever.bin").write_bytes(b"")
    files = [tmp_path / name for name in ("a.jsonl", "b.NDJSON.gz", "c.csv", "d.txt.gz")]
    for path in files:
        path.write_bytes(b"")
    assert check_inputs([tmp_path / "dir", *files]) is None  # raises InputError otherwise


def test_check_inputs_names_every_problem(tmp_path: Path) -> None:
    missing = tmp_path / "missing.jsonl"
    pdf = tmp_path / "paper.docx"
    pdf.write_bytes(b"%PDF")
    good = jsonl(tmp_path / "good.jsonl", {"text": "x"})
    with pytest.raises(InputError) as caught:
        check_inputs([missing, good, pdf])
    message = str(caught.value)
    assert message.startswith("cannot use 2 inputs:\n")
    assert f"{missing}: does not exist" in message
    assert f"{pdf}: unsupported file type" in message
    assert str(good) not in message
    assert ".jsonl.gz" in message


NOBODY = 65534


def _check_inputs_as_nobody(path: Path) -> str:
    """``check_inputs([path])``'s error message, from a child that dropped root (root can
    read any file, so the check could never fail for the real reason otherwise)."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never return into pytest
        code = 1
        try:
            os.close(read_end)
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            try:
                check_inputs([path])
                message = "no error"
            except InputError as error:
                message = str(error)
            os.write(write_end, message.encode())
            code = 0
        finally:
            os._exit(code)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        message = pipe.read().decode()
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, message
    return message


def test_check_inputs_unreadable_file(tmp_path: Path) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    path = jsonl(folder / "secret.jsonl", {"text": "x"})
    path.chmod(0)
    try:
        if os.geteuid() == 0:
            for parent in (folder, *folder.parents):  # let nobody reach the file itself
                parent.chmod(parent.stat().st_mode | 0o111)
            message = _check_inputs_as_nobody(path)
        else:
            with pytest.raises(InputError) as caught:
                check_inputs([path])
            message = str(caught.value)
        assert re.search(r"secret\.jsonl: is not readable", message), message
    finally:
        path.chmod(0o600)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("a.jsonl", "jsonl"),
        ("a.ndjson", "jsonl"),
        ("A.JSONL.GZ", "jsonl"),
        ("a.csv.gz", "csv"),
        ("notes.v2.txt", "txt"),
        ("pubmed25n0001.xml.gz", "xml"),
        ("ipg050111.XML", "xml"),
        ("ehp-116-1694.nxml", "jats"),
        ("a.nxml.gz", "jats"),
        ("a.gz", None),
        ("a.json", None),
        ("a.jsonl.zip", None),
        ("jsonl", None),
        (".jsonl", None),
    ],
)
def test_detect_format(name: str, expected: str | None) -> None:
    assert detect_format(Path("some/dir") / name) == expected


def test_supported_suffixes() -> None:
    assert set(SUPPORTED_SUFFIXES) == {
        ".jsonl",
        ".ndjson",
        ".csv",
        ".txt",
        ".jsonl.gz",
        ".ndjson.gz",
        ".csv.gz",
        ".txt.gz",
        ".xml",
        ".xml.gz",
        ".nxml",
        ".nxml.gz",
        ".pdf",
        ".pdf.gz",
        ".html",
        ".html.gz",
        ".htm",
        ".htm.gz",
    }


def test_count_documents_hint(tmp_path: Path) -> None:
    a = tmp_path / "a.jsonl"
    a.write_bytes(b'{"text": "1"}\n' * 3 + b'{"text": "no newline at end"}')
    (tmp_path / "dir").mkdir()
    (tmp_path / "dir" / "b.ndjson").write_bytes(b'{"text": "1"}\n' * 5)
    (tmp_path / "dir" / "p.txt").write_text("x", encoding="utf-8")
    (tmp_path / "dir" / "q.txt").write_text("y", encoding="utf-8")
    assert count_documents_hint([a, tmp_path / "dir"]) == 4 + 5 + 2


def test_count_documents_hint_gives_up_on_csv_and_gzip(tmp_path: Path) -> None:
    plain = jsonl(tmp_path / "a.jsonl", {"text": "x"})
    csv_file = tmp_path / "b.csv"
    csv_file.write_text("text\nx\n", encoding="utf-8")
    gz = tmp_path / "c.jsonl.gz"
    gz.write_bytes(gzip.compress(b'{"text": "x"}\n'))
    disguised = tmp_path / "d.jsonl"
    disguised.write_bytes(gzip.compress(b'{"text": "x"}\n'))
    assert count_documents_hint([plain]) == 1
    assert count_documents_hint([plain, csv_file]) is None
    assert count_documents_hint([plain, gz]) is None
    assert count_documents_hint([plain, disguised]) is None


LITERATURE = Path(__file__).parent.parent / "data" / "literature"


def test_xml_files_go_to_the_reader_of_their_root(tmp_path: Path) -> None:
    for sample in ("pubmed-29768149.xml", "US06840965B2.xml", "pone.0000217.nxml"):
        (tmp_path / sample.replace(".nxml", ".xml")).write_bytes((LITERATURE / sample).read_bytes())
    (tmp_path / "logo.svg.xml").write_text(
        '<?xml version="1.0"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg"/>',
        encoding="utf-8",
    )
    (tmp_path / "broken.xml").write_text("not xml at all", encoding="utf-8")
    documents, skips = read([tmp_path])
    assert [(d.id, d.metadata["source"]) for d in documents] == [
        ("US06840965B2", str(tmp_path / "US06840965B2.xml")),
        ("pmcid:PMC1790863", str(tmp_path / "pone.0000217.xml")),
        ("pmid:29768149", str(tmp_path / "pubmed-29768149.xml")),
    ]
    assert skips == [
        Skipped(
            str(tmp_path / "broken.xml"),
            1,
            "malformed XML (Start tag expected, '<' not found) at column 1; "
            "the rest of the file is skipped",
        ),
        Skipped(str(tmp_path / "logo.svg.xml"), None, "unrecognised XML: root element <svg>"),
    ]


def test_unreadable_xml_is_reported_by_the_reader(tmp_path: Path) -> None:
    plain = tmp_path / "a.xml.gz"
    plain.write_text("<PubmedArticleSet/>", encoding="utf-8")
    cut = tmp_path / "b.xml.gz"
    cut.write_bytes(gzip.compress((LITERATURE / "ehp-116-1694.nxml").read_bytes())[:-100])
    documents, skips = read([plain, cut])
    assert documents == []
    assert skips[0] == Skipped(
        str(plain), None, "the name ends in .gz but the file is not gzip-compressed"
    )
    assert (skips[1].path, skips[1].line) == (str(cut), 2)
    assert skips[1].reason.startswith("truncated or corrupt gzip data (")
    assert len(skips) == 2


def test_check_inputs_rejects_xml_of_another_kind(tmp_path: Path) -> None:
    pom = tmp_path / "pom.xml"
    pom.write_text("<project><modelVersion>4.0.0</modelVersion></project>", encoding="utf-8")
    html = tmp_path / "page.nxml"
    html.write_text("<html/>", encoding="utf-8")
    usable = [LITERATURE / name for name in ("pubmed-29768149.xml", "ehp-116-1694.nxml")]
    empty = tmp_path / "empty.xml"  # nothing to judge yet: reading reports it
    empty.write_bytes(b"")
    check_inputs([*usable, empty])
    with pytest.raises(InputError) as caught:
        check_inputs([pom, html, *usable])
    message = str(caught.value)
    assert message.startswith("cannot use 2 inputs:\n")
    assert f"{pom}: unrecognised XML: root element <project>" in message
    assert f"{html}: unrecognised XML: root element <html>" in message


def test_count_documents_hint_counts_nxml_files_and_gives_up_on_xml(tmp_path: Path) -> None:
    plain = jsonl(tmp_path / "a.jsonl", {"text": "x"})
    nxml = LITERATURE / "pone.0000217.nxml"
    assert count_documents_hint([plain, nxml, LITERATURE / "ehp-116-1694.nxml"]) == 3
    assert count_documents_hint([plain, LITERATURE / "pubmed-29768149.xml"]) is None
