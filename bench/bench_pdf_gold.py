"""The gold set as PDFs against the gold set as text: same documents, same model.

    .venv/bin/python bench/bench_pdf_gold.py [--pdfs DIR] [--text-results FILE]
        [--pdf-results FILE] [--save DIR]

``bench/typeset_gold.py`` typesets every gold document as a PDF (two-column articles
with running heads and line numbers, SI pages, one-column letters; some pushed onto a
second page) and records the page each gold value is printed on. This benchmark reads
those PDFs with molextract's reader, extracts from them exactly as from the text
(``molecular_properties``, the default model, anchored path), and prints:

- precision, recall and compound-right for the PDFs, for the gold texts, and for the
  typeset texts (each PDF's own source as text: the gold text behind the title,
  author line and lead-in paragraphs the layout adds), and the differences (the
  issue asks for at most 0.02 apart). PDF against typeset text is the reader's own
  loss; PDF against gold text adds what the added paragraphs change;
- for every gold value found in a PDF, whether its record's ``evidence.page`` is the
  page the value is printed on;
- how many gold texts the PDF text holds whole (spacing aside; the typeset PDFs add a
  title and an author line), so a reader regression shows up even where the model
  forgives it.

``--text-results`` reuses a saved gold-text run (``bench_anchored.py gold --save``) and
``--pdf-results`` and ``--typeset-results`` saved PDF and typeset-text runs
(``--save``), made with the same code, instead of running them again.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from molextract.config import Settings
from molextract.engines.factory import create_engine
from molextract.evaluation import load_gold, score
from molextract.evaluation.gold import GoldDocument
from molextract.evaluation.scoring import EvalReport, Match
from molextract.extraction.pipeline import Pipeline
from molextract.ingest.document import Document
from molextract.ingest.pdf import pdf_document
from molextract.schemas import DocumentResult, get_schema

ROOT = Path(__file__).resolve().parents[1]
GOLD = ROOT / "tests" / "data" / "gold" / "gold.jsonl"
SCHEMA = get_schema("molecular_properties")
DEFAULT_PDFS = Path.home() / ".cache" / "molextract" / "gold-pdf"


def _typeset(folder: Path) -> None:
    if (folder / "manifest.jsonl").exists():
        return
    command = [sys.executable, str(ROOT / "bench" / "typeset_gold.py"), "--out", str(folder)]
    subprocess.run(command, check=True)


def _run(pipeline: Pipeline, documents: Sequence[Document], label: str) -> list[DocumentResult]:
    started = time.perf_counter()
    results: list[DocumentResult] = []
    for n, doc in enumerate(documents, start=1):
        results.extend(pipeline.run([doc]))
        if n % 10 == 0 or n == len(documents):
            elapsed = time.perf_counter() - started
            print(f"  {label}: {n}/{len(documents)} documents, {elapsed:.0f} s", file=sys.stderr)
    return results


def _squeeze(text: str) -> str:
    """Text without its spacing: line and paragraph breaks are the layout's to choose."""
    return "".join(text.split())


def _load(path: Path) -> list[DocumentResult]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [DocumentResult.model_validate_json(line) for line in lines]


def _row(name: str, report: EvalReport) -> str:
    s = report.overall
    right = 0.0 if s.compound_association is None else s.compound_association
    return (
        f"| {name} | {s.gold} | {s.true_positives} | {s.false_positives} | "
        f"{s.false_negatives} | {s.precision:.3f} | {s.recall:.3f} | {right:.3f} |"
    )


def _pages(
    gold: Sequence[GoldDocument],
    manifest: dict[str, dict[str, object]],
    results: dict[str, DocumentResult],
    report: EvalReport,
) -> tuple[int, int, list[str]]:
    """(right, checked, wrong-page notes) over the gold values found in the PDFs."""
    by_id = {doc.id: doc for doc in gold}
    taken: set[tuple[str, int]] = set()
    right = checked = 0
    wrong: list[str] = []
    for match in report.matches:
        index = _gold_index(by_id[match.doc_id], match, taken)
        entry = manifest[match.doc_id]
        pages = {v["index"]: v["page"] for v in entry["values"]}  # type: ignore[attr-defined]
        expected = pages.get(index)
        page = _record_page(results[match.doc_id], match)
        if expected is None:
            continue
        checked += 1
        if page == expected:
            right += 1
        else:
            wrong.append(f"{match.doc_id} value {index}: page {page}, printed on {expected}")
    return right, checked, wrong


def _gold_index(doc: GoldDocument, match: Match, taken: set[tuple[str, int]]) -> int:
    for index, value in enumerate(doc.expected):
        if value == match.gold and (doc.id, index) not in taken:
            taken.add((doc.id, index))
            return index
    return -1


def _record_page(result: DocumentResult, match: Match) -> int | None:
    p = match.predicted
    for record in result.records:
        if (
            record.property == p.property
            and record.value == p.value
            and record.value_low == p.value_low
            and record.value_high == p.value_high
            and record.evidence.quote == p.quote
        ):
            return record.evidence.page
    return None


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pdfs", type=Path, default=DEFAULT_PDFS)
    parser.add_argument("--text-results", type=Path)
    parser.add_argument("--pdf-results", type=Path)
    parser.add_argument("--typeset-results", type=Path)
    parser.add_argument("--save", type=Path)
    args = parser.parse_args(argv)
    _typeset(args.pdfs)
    gold = load_gold(GOLD)
    manifest = {
        entry["id"]: entry
        for entry in map(json.loads, (args.pdfs / "manifest.jsonl").read_text().splitlines())
    }
    started = time.perf_counter()
    pdf_docs = []
    for doc in gold:
        data = (args.pdfs / manifest[doc.id]["pdf"]).read_bytes()
        pdf_docs.append(pdf_document(data, doc_id=doc.id, name=manifest[doc.id]["pdf"]))
    reading = time.perf_counter() - started
    pages = sum(int(manifest[d.id]["pages"]) for d in gold)
    whole = sum(
        1 for d, p in zip(gold, pdf_docs, strict=True) if _squeeze(d.text) in _squeeze(p.text)
    )
    print(f"## Gold set as PDFs: {len(gold)} documents, {pages} pages, read in {reading:.1f} s")
    print(f"gold text whole in the PDF text (spacing aside): {whole}/{len(gold)} documents")

    settings = Settings()
    engine = create_engine(settings)
    pipeline = Pipeline(SCHEMA, engine, settings, path="anchored")
    pdf_results = _load(args.pdf_results) if args.pdf_results else _run(pipeline, pdf_docs, "pdf")
    if args.text_results:
        text_results = _load(args.text_results)
    else:
        text_docs = [Document(d.id, d.text) for d in gold]
        text_results = _run(pipeline, text_docs, "text")
    typeset_docs = [Document(d.id, str(manifest[d.id]["typeset_text"])) for d in gold]
    typeset_results = (
        _load(args.typeset_results)
        if args.typeset_results
        else _run(pipeline, typeset_docs, "typeset text")
    )
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
        for name, kept in (("gold-pdf", pdf_results), ("gold-typeset-text", typeset_results)):
            with (args.save / f"{name}.jsonl").open("w", encoding="utf-8") as out:
                for result in kept:
                    out.write(result.model_dump_json(by_alias=True) + "\n")

    props = SCHEMA.property_names
    pdf_by_id = {r.doc_id: r for r in pdf_results}
    pdf_report = score(gold, pdf_by_id, properties=props)
    text_report = score(gold, {r.doc_id: r for r in text_results}, properties=props)
    typeset_report = score(gold, {r.doc_id: r for r in typeset_results}, properties=props)
    print("\n| input | gold | TP | FP | FN | precision | recall | compound right |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    print(_row("gold text", text_report))
    print(_row("typeset text", typeset_report))
    print(_row("PDF", pdf_report))
    p = pdf_report.overall
    for name, report in (("typeset text", typeset_report), ("gold text", text_report)):
        t = report.overall
        print(
            f"difference (PDF − {name}): precision {p.precision - t.precision:+.3f}, "
            f"recall {p.recall - t.recall:+.3f}, compound "
            f"{(p.compound_association or 0) - (t.compound_association or 0):+.3f}"
        )
    right, checked, wrong = _pages(gold, manifest, pdf_by_id, pdf_report)
    print(f"page right: {right}/{checked} found values")
    for note in wrong:
        print(f"  WRONG PAGE {note}", file=sys.stderr)
    for layout in sorted({str(e["layout"]) for e in manifest.values()}):
        ids = {d for d, e in manifest.items() if e["layout"] == layout}
        sub = [d for d in gold if d.id in ids]
        lp = score(sub, pdf_by_id, properties=props).overall
        lt = score(sub, {r.doc_id: r for r in text_results}, properties=props).overall
        print(
            f"  {layout}: {len(sub)} documents; PDF P {lp.precision:.3f} R {lp.recall:.3f} "
            f"C {lp.compound_association or 0:.3f} | text P {lt.precision:.3f} "
            f"R {lt.recall:.3f} C {lt.compound_association or 0:.3f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
