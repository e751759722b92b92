"""Yields and their products on real annotated corpora (issue 21): the development set.

    MOLEXTRACT_CORPORA=/path/to/corpora .venv/bin/python bench/bench_corpora.py \\
        --corpus chemu --split dev --limit 30 --out out/corpora

Runs the real pipeline in-process (``molextract.Extractor`` under ``reaction_yield``,
the default engine and model unless ``--engine``/``--model`` say otherwise) on the first
N documents of a committed split (``bench/data/corpus_splits``; each list is in random
order, so the first N are a random sample), and scores what comes out against the
corpus's gold (``molextract.evaluation.corpora``).

Every document's output line goes to ``OUT/<corpus>.<split>.jsonl`` as it finishes, so
a killed run resumes where it stopped (ids already in the file are skipped) and
``--rescore`` scores the file again without the model, after the scorer or the gold
changed. The figures also go to ``OUT/<corpus>.<split>.scores.json``. Examples of
misses and wrong compounds are printed to help development; they quote corpus text,
so they go to the terminal only: never commit them, nor the output files.

``--model-only`` turns the form rules off, so that every value's compound is the
model's choice among the marked mentions: a figure of the model's part alone, over
every gold yield rather than only those no rule reads (write it to another ``--out``).

``--write-splits`` (re)writes the split lists from the local copies (seed 21, by
document; ChemRxnExtractor by passage). Use ``test`` only to score a finished change.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from molextract import Extractor
from molextract.errors import MolextractError
from molextract.evaluation.corpora import (
    CORPUS_NAMES,
    SPLITS,
    CorpusDocument,
    CorpusName,
    CorpusScores,
    Split,
    load_corpus,
    load_split,
    score_corpus,
    write_splits,
)
from molextract.extraction import whose
from molextract.ingest.document import Document
from molextract.schemas.records import DocumentResult

ROOT = Path(__file__).resolve().parents[1]
SPLITS_DIR = ROOT / "bench" / "data" / "corpus_splits"
SCHEMA = "reaction_yield"
CONTEXT = 70


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", choices=[*CORPUS_NAMES, "all"], default="all")
    parser.add_argument("--split", choices=SPLITS, default="dev")
    parser.add_argument("--limit", type=int, default=0, help="first N documents (0: all)")
    parser.add_argument("--model", default=None, help="local model name or GGUF path")
    parser.add_argument("--engine", default=None, help="engine chain (default: settings)")
    parser.add_argument("--out", type=Path, default=ROOT / "out" / "corpora")
    parser.add_argument("--rescore", action="store_true", help="score OUT again, no model")
    parser.add_argument("--corpora", type=Path, default=None, help="MOLEXTRACT_CORPORA")
    parser.add_argument("--examples", type=int, default=5, help="misses etc. shown per kind")
    parser.add_argument("--write-splits", action="store_true", help="write the split lists")
    parser.add_argument(
        "--model-only",
        action="store_true",
        help="no form rules: every compound is the model's choice (measures the model's part)",
    )
    args = parser.parse_args(argv)
    if args.model_only:
        # The policy reads its rules at each decision; with none, every value whose
        # compound a form would give goes to the model instead.
        whose.RULES = ()
    names: list[CorpusName] = list(CORPUS_NAMES) if args.corpus == "all" else [args.corpus]

    if args.write_splits:
        for name in names:
            _write_splits(name, args.corpora)
        return 0

    extractor: Extractor | None = None
    args.out.mkdir(parents=True, exist_ok=True)
    for name in names:
        documents = load_split(name, args.split, SPLITS_DIR, args.corpora)
        if args.limit:
            documents = documents[: args.limit]
        path = args.out / f"{name}.{args.split}.jsonl"
        results = _read_results(path)
        timings = _read_timings(path.with_suffix(".timing.jsonl"))
        todo = [doc for doc in documents if doc.id not in results]
        if todo and not args.rescore:
            if extractor is None:
                extractor = Extractor(SCHEMA, engine=args.engine, model=args.model, batch_size=1)
            _extract(extractor, todo, path, results, timings)
        scores = score_corpus(documents, results)
        walls = [timings[doc.id] for doc in documents if doc.id in results and doc.id in timings]
        wall = (sum(walls) / len(walls), statistics.median(walls)) if walls else None
        summary = {
            **scores.summary(),
            "wall_seconds_per_document": wall[0] if wall else None,
            "wall_seconds_median": wall[1] if wall else None,
        }
        (args.out / f"{name}.{args.split}.scores.json").write_text(
            json.dumps(summary, indent=2) + "\n"
        )
        _report(name, args.split, documents, scores, wall, args.examples)
    return 0


def _write_splits(name: CorpusName, root: Path | None) -> None:
    documents = load_corpus(name, root)
    lists = write_splits(SPLITS_DIR, name, documents)
    by_id = {doc.id: doc for doc in documents}
    for split, ids in lists.items():
        gold = sum(len(by_id[i].yields) for i in ids)
        units = len({by_id[i].split_unit for i in ids})
        print(f"{name}.{split}: {len(ids)} documents ({units} split units), {gold} gold yields")


def _read_results(path: Path) -> dict[str, DocumentResult]:
    """The lines a previous run finished; a line torn by a kill is cut off the file."""
    results: dict[str, DocumentResult] = {}
    if not path.exists():
        return results
    good: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            result = DocumentResult.model_validate_json(line)
        except ValidationError:
            continue
        results[result.doc_id] = result
        good.append(line)
    path.write_text("".join(f"{line}\n" for line in good), encoding="utf-8")
    return results


def _read_timings(path: Path) -> dict[str, float]:
    """Wall-clock seconds per document of earlier runs (``usage.seconds`` counts the
    model's time only; the target of issue 21 is the whole document's)."""
    timings: dict[str, float] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
                timings[str(entry["doc_id"])] = float(entry["seconds"])
            except (ValueError, KeyError, TypeError):
                continue
    return timings


def _extract(
    extractor: Extractor,
    documents: Sequence[CorpusDocument],
    path: Path,
    results: dict[str, DocumentResult],
    timings: dict[str, float],
) -> None:
    """One document a batch, so each one's wall-clock time is its own."""
    inputs = (Document(doc.id, doc.text, {"corpus": doc.corpus}) for doc in documents)
    timing_path = path.with_suffix(".timing.jsonl")
    with path.open("a", encoding="utf-8") as handle, timing_path.open("a") as timing:
        started = time.perf_counter()
        for batch in extractor.batches(inputs):
            seconds = (time.perf_counter() - started) / len(batch)
            for document, result in batch:
                handle.write(result.model_dump_json(by_alias=True) + "\n")
                handle.flush()
                timing.write(json.dumps({"doc_id": document.id, "seconds": seconds}) + "\n")
                timing.flush()
                results[document.id] = result
                timings[document.id] = seconds
                print(
                    f"  [{len(results)}] {document.id}: {len(result.records)} records, "
                    f"{seconds:.1f} s, {result.usage.model_calls} model calls",
                    file=sys.stderr,
                    flush=True,
                )
            started = time.perf_counter()


def _rate(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def _context(doc: CorpusDocument, start: int | None, end: int | None) -> str:
    if start is None or end is None:
        return doc.text[: 2 * CONTEXT].replace("\n", " ") + " …"
    before = doc.text[max(0, start - CONTEXT) : start]
    after = doc.text[end : end + CONTEXT]
    return f"…{before}[[{doc.text[start:end]}]]{after}…".replace("\n", " ")


def _report(
    name: str,
    split: Split,
    documents: Sequence[CorpusDocument],
    scores: CorpusScores,
    wall: tuple[float, float] | None,
    examples: int,
) -> None:
    by_id = {doc.id: doc for doc in documents}
    silver = " (silver: machine-mined)" if name == "uspto" else ""
    print(f"\n== {name} {split}{silver}: {scores.documents_scored} documents scored", end="")
    if scores.missing_results:
        print(f", {len(scores.missing_results)} without a result (run again to finish)", end="")
    print()
    rows = [
        ("gold yields", f"{scores.gold_yields}"),
        ("yield records", f"{scores.yield_records}"),
        ("recall", f"{_rate(scores.recall)} ({scores.matched}/{scores.gold_yields})"),
        ("precision", f"{_rate(scores.precision)} ({scores.matched}/{scores.yield_records})"),
        (
            "association (matched)",
            f"{_rate(scores.association_matched)} ({scores.associated}/{scores.matched})",
        ),
        (
            "association (gold names it)",
            f"{_rate(scores.association_named)} ({scores.associated_named}/{scores.matched_named})",
        ),
        (
            "association (all gold)",
            f"{_rate(scores.association_all)} ({scores.associated}/{scores.gold_yields})",
        ),
        ("records", f"{scores.records}"),
        ("records without compound", f"{scores.records_without_compound}"),
        ("junk compound names", f"{len(scores.junk_names)}"),
        (
            "seconds per document",
            f"{_rate(wall[0] if wall else None)} (median {_rate(wall[1] if wall else None)}; "
            f"model {_rate(scores.seconds_per_document)}; the first includes loading the model)",
        ),
        ("model calls per value", f"{_rate(scores.model_calls_per_value)} ({scores.model_calls})"),
    ]
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"  {label:<{width}}  {value}")
    sources = sorted({source for source, _ in scores.sources})
    if sources:
        print(
            "  compounds decided by (right/wrong): "
            + ", ".join(
                f"{s} {scores.sources[(s, True)]}/{scores.sources[(s, False)]}" for s in sources
            )
        )
    named = sorted({source for source, _ in scores.sources_named})
    if named and scores.matched_named < scores.matched:
        print(
            "  of those, where the gold names the product: "
            + ", ".join(
                f"{s} {scores.sources_named[(s, True)]}/{scores.sources_named[(s, False)]}"
                for s in named
            )
        )
    notes = Counter(note.kind for doc in documents for note in doc.notes)
    if notes:
        print("  loader notes: " + ", ".join(f"{k} {v}" for k, v in notes.most_common()))

    if scores.junk_names:
        print("  junk compound names:")
        for junk in scores.junk_names[:examples]:
            print(f"    {junk.doc_id}: {junk.name!r} ({junk.reason})")
    if scores.misses:
        print("  missed yields:")
        for miss in scores.misses[:examples]:
            doc = by_id[miss.doc_id]
            print(
                f"    {miss.doc_id}: {miss.gold.text} {_context(doc, miss.gold.start, miss.gold.end)}"
            )
    if scores.wrong_associations:
        print("  wrong compounds:")
        for wrong in scores.wrong_associations[:examples]:
            doc = by_id[wrong.doc_id]
            wanted = " | ".join(p.text[:50] for p in wrong.gold.products[:3]) or "(none given)"
            print(
                f"    {wrong.doc_id}: {wrong.gold.text} of {wanted!r}; said "
                f"name={wrong.name!r} label={wrong.label!r}"
            )
            print(f"      {_context(doc, wrong.gold.start, wrong.gold.end)}")
    if scores.false_positives:
        print("  yield records matching no gold yield:")
        for fp in scores.false_positives[:examples]:
            doc = by_id[fp.doc_id]
            print(f"    {fp.doc_id}: {fp.value} {_context(doc, fp.start, fp.end)}")


if __name__ == "__main__":
    try:
        sys.exit(main())
    except MolextractError as exc:  # a missing corpus or split list: say so, no traceback
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(2)
