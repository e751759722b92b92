"""How fast PDFs are read, and whether memory stays flat over a large folder of them.

    .venv/bin/python bench/bench_pdf.py PDF_OR_FOLDER... [--folder-size 1000] [--workers 2]
        [--compare-pdfplumber] [--memory-only]

- ``speed``: every given PDF read once through molextract's reader (pdfium glyphs ->
  layout -> text), pages per second on one core and on ``--workers`` processes (the
  way ``molextract ingest`` of a large dump can be split); with
  ``--compare-pdfplumber`` (installed by hand, not a dependency) the same files
  through pdfplumber's ``extract_text``, the alternative the issue names.
- ``memory``: a temporary folder of ``--folder-size`` PDFs (the given files linked
  over and over) read the way ``molextract run`` reads a folder, one document at a
  time, with the process's resident memory printed every tenth of the way.

Nothing else should run meanwhile: the figures are per core.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from molextract.ingest.base import Skipped
from molextract.ingest.formats import reader_for
from molextract.ingest.pdf import pdf_document
from molextract.ingest.sources import iter_sources


def _pdfs(paths: Sequence[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        found.extend(sorted(path.rglob("*.pdf")) if path.is_dir() else [path])
    return found


def _read(path: Path) -> int:
    """Pages read from one file (0 when it gives no document)."""
    try:
        doc = pdf_document(path.read_bytes(), doc_id=path.stem, name=path.name)
    except Exception:  # a bad file in the sample is counted, not fatal
        return 0
    return int(doc.metadata["page_count"])


def _plumber(path: Path) -> int:
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            page.extract_text()
        return len(pdf.pages)


def _rss_mib() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def speed(files: list[Path], workers: int, compare: bool) -> None:
    start = time.perf_counter()
    pages = sum(_read(path) for path in files)
    one = time.perf_counter() - start
    print(f"speed: {len(files)} PDFs, {pages} pages")
    print(f"  molextract reader, 1 process : {pages / one:7.1f} pages/s ({one:.2f} s)")
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        pooled = sum(pool.map(_read, files, chunksize=4))
    many = time.perf_counter() - start
    print(f"  molextract reader, {workers} processes: {pooled / many:7.1f} pages/s ({many:.2f} s)")
    if compare:
        start = time.perf_counter()
        plumbed = sum(_plumber(path) for path in files)
        took = time.perf_counter() - start
        print(f"  pdfplumber extract_text, 1 process: {plumbed / took:7.1f} pages/s ({took:.2f} s)")


def memory(files: list[Path], size: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for i in range(size):
            os.link(files[i % len(files)], folder / f"{i:05d}.pdf")
        skipped: list[Skipped] = []
        reader = reader_for("pdf")
        read = pages = 0
        start = time.perf_counter()
        print(f"memory: a folder of {size} PDFs, resident MiB as it is read")
        for source in iter_sources([folder], skipped.append):
            for doc in reader(source, skipped.append):
                read += 1
                pages += int(doc.metadata["page_count"])
            done = read + len(skipped)
            if done % max(1, size // 10) == 0:
                print(f"  {done:6d} files  {_rss_mib():7.1f} MiB")
        took = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"  {read} read, {len(skipped)} skipped, {pages} pages in {took:.1f} s "
        f"({pages / took:.1f} pages/s); peak {peak:.1f} MiB"
    )


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--folder-size", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--compare-pdfplumber", action="store_true")
    parser.add_argument(
        "--memory-only", action="store_true", help="skip the speed part: a clean process"
    )
    args = parser.parse_args(argv)
    files = _pdfs(args.paths)
    if not files:
        parser.error("no PDF found in the given paths")
    print(f"machine: {os.cpu_count()} cores; python {sys.version.split()[0]}")
    if not args.memory_only:
        speed(files, args.workers, args.compare_pdfplumber)
    if args.folder_size:
        memory(files, args.folder_size)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
