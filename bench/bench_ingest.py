"""Ingest rate and peak memory of the streaming readers, each at a small and a large size.

    .venv/bin/python bench/bench_ingest.py [--articles 2000 200000] [--lines 10000 1000000]

Inputs are generated into a temporary directory: a MEDLINE-style ``PubmedArticleSet``
and a JSONL file. Every measurement reads a whole file in a fresh Python process, so
imports and earlier runs do not count, and takes the child's peak RSS from ``wait4``.
Comparing the two sizes shows whether memory grows with the file.

Two ways of reading are measured: the format's reader alone, and ``read_documents``,
which also remembers every id to report duplicates (about 100 bytes a document, by
design), so its memory does grow with the number of documents.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MB = 1024 * 1024

_ABSTRACT = (
    '<AbstractText Label="BACKGROUND">Crystalline salts of compound {n} were prepared to '
    "improve the solubility of the free base, a weak &#946;<sub>2</sub>-agonist.</AbstractText>"
    '<AbstractText Label="METHODS">The hydrochloride was obtained from ethanol and '
    "characterised by DSC, TGA and <i>in vitro</i> dissolution at 37 &#176;C in 0.1 M HCl; "
    "the free base was recrystallised from ethyl acetate/hexane (1:3) as a control."
    "</AbstractText>"
    '<AbstractText Label="RESULTS">The salt melted at 131-133 &#176;C (free base 98-100 '
    "&#176;C), had a solubility of 12.4 mg/mL (free base 0.31 mg/mL) and a log P of 2.7; "
    "yield 86% over two steps.</AbstractText>"
    '<AbstractText Label="CONCLUSIONS">Salt formation raised aqueous solubility forty-fold '
    "without loss of chemical stability over 6 months at 40 &#176;C/75% RH.</AbstractText>"
)


def medline_article(n: int) -> str:
    """One article shaped like a baseline record: about 1.6 kB, structured abstract, MeSH."""
    return (
        "<PubmedArticle>\n"
        '<MedlineCitation Status="MEDLINE" Owner="NLM">\n'
        f'<PMID Version="1">{n}</PMID>\n'
        '<Article PubModel="Print">\n'
        "<Journal><JournalIssue><Volume>12</Volume><PubDate><Year>2019</Year>"
        "<Month>Mar</Month></PubDate></JournalIssue>"
        "<Title>Journal of Pharmaceutical Sciences</Title></Journal>\n"
        f"<ArticleTitle>Salt screening of compound {n}: solubility and melting point."
        "</ArticleTitle>\n"
        f"<Abstract>{_ABSTRACT.format(n=n)}</Abstract>\n"
        "</Article>\n"
        '<MeshHeadingList><MeshHeading><DescriptorName UI="D012995">Solubility'
        '</DescriptorName></MeshHeading><MeshHeading><DescriptorName UI="D013696">'
        "Temperature</DescriptorName></MeshHeading></MeshHeadingList>\n"
        "</MedlineCitation>\n"
        "<PubmedData><ArticleIdList>"
        f'<ArticleId IdType="pubmed">{n}</ArticleId>'
        f'<ArticleId IdType="doi">10.1000/bench.{n}</ArticleId>'
        "</ArticleIdList></PubmedData>\n"
        "</PubmedArticle>\n"
    )


def write_medline(path: Path, count: int) -> Path:
    with path.open("w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="utf-8"?>\n<PubmedArticleSet>\n')
        for n in range(1, count + 1):
            out.write(medline_article(n))
        out.write("</PubmedArticleSet>\n")
    return path


def write_jsonl(path: Path, count: int) -> Path:
    text = (
        "The hydrochloride salt of compound {n} melted at 131-133 °C and dissolved to "
        "12.4 mg/mL in water at 25 °C; the free base melted at 98-100 °C (yield 86%). "
        "Its log P was 2.7 and its pKa 8.1, measured by potentiometric titration."
    )
    with path.open("w", encoding="utf-8") as out:
        for n in range(count):
            record = {"id": f"doc-{n}", "text": text.format(n=n), "year": 2019}
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
    return path


def read_in_child(path: Path, whole_run: bool) -> None:
    """The child side: read everything, print what was read and how long reading took."""
    from molextract.ingest import Skipped, read_documents
    from molextract.ingest.base import Source
    from molextract.ingest.formats import detect_format, reader_for, strip_suffixes

    skips: list[Skipped] = []
    started = time.perf_counter()
    if whole_run:
        documents = read_documents([path], skips.append)
    else:
        fmt = detect_format(path)
        assert fmt is not None
        source = Source(path, str(path), strip_suffixes(path.name), fmt)
        documents = reader_for(fmt)(source, skips.append)
    count = sum(1 for _ in documents)
    seconds = time.perf_counter() - started
    print(json.dumps({"documents": count, "seconds": seconds, "skips": len(skips)}))


def measure(path: Path | None, whole_run: bool) -> tuple[dict[str, float], float]:
    """Run one read in a fresh interpreter; return its report and peak RSS in MB."""
    command = [sys.executable, __file__, "--child"]
    if path is not None:
        command += [str(path), "whole-run" if whole_run else "reader"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    output = process.stdout.read()
    process.stdout.close()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)  # already reaped by wait4
    if process.returncode != 0:
        raise SystemExit(f"{command} failed with exit code {process.returncode}")
    report: dict[str, float] = json.loads(output) if output.strip() else {}
    return report, usage.ru_maxrss / 1024  # Linux reports kilobytes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--articles", type=int, nargs="+", default=[2_000, 200_000])
    parser.add_argument("--lines", type=int, nargs="+", default=[10_000, 1_000_000])
    parser.add_argument("--child", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        if args.child:
            read_in_child(Path(args.child[0]), whole_run=args.child[1] == "whole-run")
        else:
            import molextract.ingest  # noqa: F401  # baseline: the imports alone
        return

    _, baseline = measure(None, whole_run=False)
    print(f"baseline (python + import molextract.ingest): peak RSS {baseline:.1f} MB\n")
    header = (
        f"{'input':<8} {'documents':>10} {'file MB':>8} {'reading':<14} "
        f"{'seconds':>8} {'docs/s':>9} {'MB/s':>6} {'peak RSS MB':>12}"
    )
    print(header)
    print("-" * len(header))
    with tempfile.TemporaryDirectory() as tmp:
        inputs = [
            *(
                ("medline", n, write_medline(Path(tmp) / f"medline-{n}.xml", n))
                for n in args.articles
            ),
            *(("jsonl", n, write_jsonl(Path(tmp) / f"docs-{n}.jsonl", n)) for n in args.lines),
        ]
        for kind, count, path in inputs:
            size = path.stat().st_size / MB
            for whole_run in (False, True):
                report, rss = measure(path, whole_run)
                assert report["documents"] == count and report["skips"] == 0, report
                seconds = report["seconds"]
                mode = "read_documents" if whole_run else "reader only"
                print(
                    f"{kind:<8} {count:>10} {size:>8.1f} {mode:<14} {seconds:>8.2f} "
                    f"{count / seconds:>9.0f} {size / seconds:>6.1f} {rss:>12.1f}",
                    flush=True,
                )
            path.unlink()


if __name__ == "__main__":
    main()
