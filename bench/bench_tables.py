"""Table cells against the table gold set, and the model calls a big table costs.

    .venv/bin/python bench/bench_tables.py gold --split dev|test|all [--save DIR] [--misses]
    .venv/bin/python bench/bench_tables.py calls [--rows 50]

- ``gold``: the documents of tests/data/tables (JATS, USPTO, HTML, text tables and the
  tables written for the project) through the default pipeline under
  ``molecular_properties``; table records only, scored against the annotated cells:
  precision, recall and compound right, overall and per kind of source.
- ``calls``: a table of ``--rows`` rows × 6 columns with units in its header (one of
  them a header no declaration knows) extracted once: model calls and seconds.

The default model (Qwen2.5-Coder-1.5B on the embedded engine) runs it; nothing else
should run on the machine meanwhile (llama.cpp uses every core).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict
from pathlib import Path

from molextract.config import Settings
from molextract.engines.factory import create_engine
from molextract.evaluation.scoring import EvalReport
from molextract.evaluation.table_gold import load_table_gold, score_tables, table_results
from molextract.extraction.pipeline import Pipeline
from molextract.ingest.document import Document
from molextract.schemas import DocumentResult, get_schema

ROOT = Path(__file__).resolve().parents[1]
GOLD = ROOT / "tests" / "data" / "tables"
SCHEMA = get_schema("molecular_properties")


def _line(name: str, report: EvalReport) -> str:
    s = report.overall
    compound = "–" if s.compound_association is None else f"{s.compound_association:.3f}"
    return (
        f"| {name} | {s.gold} | {s.predicted} | {s.precision:.3f} | {s.recall:.3f} | "
        f"{compound} | {s.compounds_right}/{s.compounds_named} |"
    )


def bench_gold(split: str, save: Path | None, misses: bool) -> None:
    gold = load_table_gold(GOLD, split)  # type: ignore[arg-type]
    settings = Settings()
    engine = create_engine(settings, engine="local")
    pipeline = Pipeline(SCHEMA, engine, settings)
    started = time.perf_counter()
    results = pipeline.run([item.document for item in gold])
    seconds = time.perf_counter() - started
    by_id: dict[str, DocumentResult] = {r.doc_id: r for r in results}
    if save is not None:
        save.mkdir(parents=True, exist_ok=True)
        with (save / f"tables-{split}.jsonl").open("w", encoding="utf-8") as out:
            for result in results:
                out.write(result.model_dump_json(by_alias=True) + "\n")
    calls = sum(r.usage.model_calls for r in results)
    print(f"engine: {engine.name} {engine.model}; split {split}: {len(gold)} documents")
    print(f"seconds {seconds:.1f}, model calls {calls}")
    print(
        "| documents | cells | table records | precision | recall | compound right | right/named |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    kinds: dict[str, list[int]] = defaultdict(list)
    for i, item in enumerate(gold):
        kinds[item.source_kind].append(i)
    print(_line("all", score_tables(gold, by_id)))
    real = [item for item in gold if item.source_kind != "written"]
    if len(real) != len(gold):
        print(_line("real (not written)", score_tables(real, by_id)))
    for kind, indexes in sorted(kinds.items()):
        print(_line(kind, score_tables([gold[i] for i in indexes], by_id)))
    if misses:
        _misses(score_tables(gold, by_id), table_results(by_id))


def _misses(report: EvalReport, results: dict[str, DocumentResult]) -> None:
    print("\nmissed:")
    for miss in report.misses:
        g = miss.gold
        print(
            f"  {miss.doc_id}: {g.property} {g.value or (g.value_low, g.value_high)} {g.compound or g.label}"
        )
    print("\nfalse positives:")
    for fp in report.false_positives:
        p = fp.predicted
        print(
            f"  {fp.doc_id}: {fp.reason} {p.property} {p.value} {p.unit} {p.compound} | {p.quote[:90]}"
        )
    print("\nwrong compounds:")
    for match in report.matches:
        if match.compound_match is False:
            g, p = match.gold, match.predicted
            print(
                f"  {match.doc_id}: {g.property} {g.value} gold {g.compound!r}/{g.label!r} got {p.compound!r}"
            )


def big_table(rows: int) -> Document:
    """A table of a series: units in every header; ``Clearing point (°C)`` is the one
    header no declaration knows, so the model is asked about it, once."""
    rng = random.Random(7)
    lines = [
        "Table 1. Properties of the salts",
        "",
        "Compound | mp (°C) | Yield (%) | Solubility (mg/mL) | log P | Clearing point (°C)",
    ]
    for n in range(1, rows + 1):
        low = rng.randint(80, 240)
        lines.append(
            f"{n}{'abcdef'[n % 6]} | {low}–{low + 2} | {rng.randint(40, 98)} | "
            f"{rng.uniform(0.1, 40):.1f} | {rng.uniform(-1, 5):.2f} | {rng.randint(200, 320)}"
        )
    return Document("big-table", "\n".join(lines))


def bench_calls(rows: int) -> None:
    settings = Settings()
    engine = create_engine(settings, engine="local")
    pipeline = Pipeline(SCHEMA, engine, settings)
    document = big_table(rows)
    started = time.perf_counter()
    [result] = pipeline.run([document])
    seconds = time.perf_counter() - started
    table = [r for r in result.records if r.evidence.table is not None]
    print(f"engine: {engine.name} {engine.model}")
    print(
        f"table {rows} rows × 6 columns: {len(table)} table records, "
        f"{result.usage.model_calls} model calls, {seconds:.1f} s"
    )
    by_column: dict[str, int] = defaultdict(int)
    for record in table:
        assert record.evidence.table is not None
        by_column[f"{record.evidence.table.header} → {record.property}"] += 1
    for column, count in sorted(by_column.items()):
        print(f"  {column}: {count}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("gold", "calls"))
    parser.add_argument("--split", default="dev", choices=("dev", "test", "unsupported", "all"))
    parser.add_argument("--save", type=Path)
    parser.add_argument("--misses", action="store_true")
    parser.add_argument("--rows", type=int, default=50)
    args = parser.parse_args()
    if args.what == "gold":
        bench_gold(args.split, args.save, args.misses)
    else:
        bench_calls(args.rows)


if __name__ == "__main__":
    main()
