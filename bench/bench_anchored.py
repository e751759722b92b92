"""Candidate-anchored vs generated extraction, side by side, on one model in one run.

    .venv/bin/python bench/bench_anchored.py [gold] [patent] [medline] [--abstracts 2000]

- ``gold``: the whole gold set (tests/data/gold/gold.jsonl) under ``molecular_properties``
  through both paths: precision, recall and F1 per property, model calls, chunks sent and
  skipped, seconds.
- ``patent``: the USPTO patent in examples/literature under ``molecular_properties``,
  both paths: seconds and records.
- ``medline``: a generated MEDLINE-style dump (most abstracts state no value, as in a
  real one), anchored path only: documents/s and the share of chunks sent to the model.

The default model (Qwen2.5-Coder-1.5B on the embedded engine) runs everything; nothing
else should run on the machine meanwhile (llama.cpp uses every core).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from molextract.chem.names import NameResolver
from molextract.config import Settings
from molextract.engines.factory import create_engine
from molextract.evaluation import load_gold, score
from molextract.extraction import identity as identity_module
from molextract.extraction.pipeline import ExtractionPath, Pipeline
from molextract.ingest import read_documents
from molextract.ingest.document import Document
from molextract.schemas import DocumentResult, get_schema

ROOT = Path(__file__).resolve().parents[1]
GOLD = ROOT / "tests" / "data" / "gold" / "gold.jsonl"
PATENT = ROOT / "examples" / "literature" / "US06840965B2.xml"
SCHEMA = get_schema("molecular_properties")


#: The model's answers before the identity step, per run (see ``_keeping_answers``).
ANSWERS: list[DocumentResult] = []


def _keeping_answers() -> None:
    """Let the identity step keep a copy of the records as the model answered them, so
    that ``bench_identity.py`` can run that step again on later code without the model.
    Only this benchmark does this; the pipeline itself is unchanged."""
    original = identity_module.identify

    def keeping(
        results: Sequence[DocumentResult],
        documents: Sequence[Document],
        resolver: NameResolver | None,
    ) -> None:
        ANSWERS.extend(result.model_copy(deep=True) for result in results)
        original(results, documents, resolver)

    identity_module.identify = keeping


def _run(pipeline: Pipeline, documents: Sequence[Document]) -> tuple[list[DocumentResult], float]:
    started = time.perf_counter()
    results: list[DocumentResult] = []
    ANSWERS.clear()
    for n, doc in enumerate(documents, start=1):
        results.extend(pipeline.run([doc]))
        print(f"  {doc.id}: {len(results[-1].records)} records", file=sys.stderr, flush=True)
        if n % 10 == 0 or n == len(documents):
            elapsed = time.perf_counter() - started
            print(f"  {n}/{len(documents)} documents, {elapsed:.0f} s", file=sys.stderr)
    return results, time.perf_counter() - started


def _save(results: Sequence[DocumentResult], save: Path | None, name: str) -> None:
    """Keep a run's results (``--save``) so later analyses need not run the model again."""
    if save is None:
        return
    save.mkdir(parents=True, exist_ok=True)
    for path, kept in (
        (save / f"{name}.jsonl", results),
        (save / f"{name}.answers.jsonl", ANSWERS),
    ):
        with path.open("w", encoding="utf-8") as out:
            for result in kept:
                out.write(result.model_dump_json(by_alias=True) + "\n")


def _counts(results: Sequence[DocumentResult]) -> tuple[int, int, int]:
    calls = sum(r.usage.model_calls for r in results)
    sent = sum(r.usage.chunks_sent for r in results)
    skipped = sum(r.usage.chunks_skipped for r in results)
    return calls, sent, skipped


def bench_gold(
    engine: object, settings: Settings, paths: Sequence[ExtractionPath], save: Path | None
) -> None:
    gold = load_gold(GOLD)
    documents = [Document(d.id, d.text) for d in gold]
    values = sum(len(d.expected) for d in gold)
    print(f"\n## Gold set: {len(documents)} documents, {values} values, molecular_properties")
    for path in paths:
        pipeline = Pipeline(SCHEMA, engine, settings, path=path)  # type: ignore[arg-type]
        results, seconds = _run(pipeline, documents)
        _save(results, save, f"gold-{path}")
        report = score(gold, {r.doc_id: r for r in results}, properties=SCHEMA.property_names)
        calls, sent, skipped = _counts(results)
        print(f"\n### {path}: {seconds:.0f} s, {calls} model calls, chunks sent {sent}, "
              f"skipped {skipped}")  # fmt: skip
        print("| property | gold | TP | FP | FN | precision | recall | F1 | compound right "
              "| structures | wrong structures |")  # fmt: skip
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        rows = [*sorted(report.per_property.items()), ("**micro**", report.overall)]
        for name, s in rows:
            right = "–" if s.compound_association is None else f"{s.compound_association:.3f}"
            print(f"| {name} | {s.gold} | {s.true_positives} | {s.false_positives} | "
                  f"{s.false_negatives} | {s.precision:.3f} | {s.recall:.3f} | {s.f1:.3f} | "
                  f"{right} | {s.structures_resolved}/{s.structures_expected} | "
                  f"{s.structures_resolved - s.structures_right} |")  # fmt: skip
        exact = sum(
            1
            for r in results
            for rec in r.records
            if rec.evidence.match == "exact" and rec.status != "rejected"
        )
        kept = sum(1 for r in results for rec in r.records if rec.status != "rejected")
        print(f"records with exact evidence: {exact}/{kept}")
        for miss in report.misses:
            g = miss.gold
            print(f"  MISS {miss.doc_id}: {g.property} {g.value or (g.value_low, g.value_high)} "
                  f"{g.unit} {g.compound}", file=sys.stderr)  # fmt: skip
        for fp in report.false_positives:
            p = fp.predicted
            print(f"  FP {fp.doc_id}: {p.property} {p.value} {p.unit} {p.compound} "
                  f"[{fp.reason}] {p.quote[:90]!r}", file=sys.stderr)  # fmt: skip


def bench_patent(
    engine: object, settings: Settings, paths: Sequence[ExtractionPath], save: Path | None
) -> None:
    [document] = list(read_documents([PATENT], lambda skipped: None))
    print(f"\n## USPTO {document.id} ({len(document.text)} characters), molecular_properties")
    print("| path | seconds | model calls | chunks sent | chunks skipped | records |")
    print("| --- | --- | --- | --- | --- | --- |")
    timings = {}
    for path in paths:
        pipeline = Pipeline(SCHEMA, engine, settings, path=path)  # type: ignore[arg-type]
        results, seconds = _run(pipeline, [document])
        _save(results, save, f"patent-{path}")
        timings[path] = seconds
        calls, sent, skipped = _counts(results)
        kept = [r for r in results[0].records if r.status != "rejected"]
        print(f"| {path} | {seconds:.1f} | {calls} | {sent} | {skipped} | {len(kept)} |")
    if "generated" in timings and "anchored" in timings:
        print(f"speed-up: {timings['generated'] / timings['anchored']:.1f}x")


_PLAIN = (
    "Patients with chronic disease were followed for {n} months in a randomised trial.",
    "Expression of the receptor was reduced by {p}% in treated cells compared with controls.",
    "The samples were incubated at 37 °C for 24 h and analysed by HPLC.",
    "Of the {n} participants, {p}% reported an adverse event during the study period.",
    "The compounds were screened against a panel of kinases at 10 µM.",
    "Mice were housed at 22 °C with free access to food and water.",
    "Binding affinities were determined by isothermal titration calorimetry.",
)
_VALUES = (
    "The hydrochloride salt melted at {t}-{t2} °C and had an aqueous solubility of {s} mg/mL.",
    "Compound {n}b was obtained in {p}% yield as a white solid, mp {t} °C.",
    "Its logP was {l} and its density {d} g/cm3.",
)


def medline_dump(path: Path, abstracts: int, share: float) -> Path:
    rng = random.Random(7)
    with path.open("w", encoding="utf-8") as out:
        out.write('<?xml version="1.0"?>\n<PubmedArticleSet>\n')
        for n in range(1, abstracts + 1):
            fill = {
                "n": rng.randint(10, 400), "p": rng.randint(5, 95), "t": rng.randint(80, 240),
                "s": round(rng.uniform(0.1, 40), 1), "l": round(rng.uniform(-1, 5), 2),
                "d": round(rng.uniform(0.8, 1.6), 2),
            }  # fmt: skip
            fill["t2"] = fill["t"] + 2
            sentences = [rng.choice(_PLAIN).format(**fill) for _ in range(5)]
            if rng.random() < share:
                sentences.insert(3, rng.choice(_VALUES).format(**fill))
            text = " ".join(sentences).replace("&", "&amp;").replace("<", "&lt;")
            out.write(
                f'<PubmedArticle><MedlineCitation Status="MEDLINE"><PMID Version="1">{n}</PMID>'
                f"<Article><ArticleTitle>Study {n}</ArticleTitle><Abstract><AbstractText>{text}"
                "</AbstractText></Abstract></Article></MedlineCitation></PubmedArticle>\n"
            )
        out.write("</PubmedArticleSet>\n")
    return path


def bench_medline(engine: object, settings: Settings, abstracts: int, share: float) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        source = medline_dump(Path(tmp) / "pubmed.xml", abstracts, share)
        documents = list(read_documents([source], lambda skipped: None))
    pipeline = Pipeline(SCHEMA, engine, settings, path="anchored")  # type: ignore[arg-type]
    results, seconds = _run(pipeline, documents)
    calls, sent, skipped = _counts(results)
    records = sum(1 for r in results for rec in r.records if rec.status != "rejected")
    print(f"\n## MEDLINE-style dump: {len(documents)} abstracts ({share:.0%} state values)")
    print("| seconds | documents/s | chunks sent | chunks skipped | share sent | model calls "
          "| records |")  # fmt: skip
    print("| --- | --- | --- | --- | --- | --- | --- |")
    print(f"| {seconds:.0f} | {len(documents) / seconds:.1f} | {sent} | {skipped} | "
          f"{sent / max(1, sent + skipped):.1%} | {calls} | {records} |")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("parts", nargs="*", default=["gold", "patent", "medline"])
    parser.add_argument("--paths", default="generated,anchored")
    parser.add_argument("--abstracts", type=int, default=2000)
    parser.add_argument("--share", type=float, default=0.05)
    parser.add_argument("--save", type=Path, help="directory to keep each run's results in")
    args = parser.parse_args()
    settings = Settings()
    engine = create_engine(settings, engine="local")
    paths = tuple(args.paths.split(","))
    if args.save is not None:
        _keeping_answers()
    print(f"engine: {engine.name} {engine.model}")
    if "gold" in args.parts:
        bench_gold(engine, settings, paths, args.save)
    if "patent" in args.parts:
        bench_patent(engine, settings, paths, args.save)
    if "medline" in args.parts:
        bench_medline(engine, settings, args.abstracts, args.share)


if __name__ == "__main__":
    main()
