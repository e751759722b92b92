"""Patent paragraphs whose product is known by name: a probe set for whose a yield is.

    MOLEXTRACT_CORPORA=/path/to/corpora .venv/bin/python bench/bench_titled.py \\
        --out out/titled [--limit N] [--rescore] [--show N]

Reads ``uspto-revisit/examples/input.csv`` of the local copy of the public repository
``snu-micc/uspto-revisit``: 400 paragraphs of US patents (from Lowe's USPTO reaction
data) chosen as hard cases (many products, many reagents, rare templates), each with the
product's name (``title``). Nothing is annotated per value, so this is no scored corpus:
it is a second development set for the form rules and the model's choice, never a test.

For every yield record of a paragraph that prints its title's name, the record's
compound is counted right when its name is that title (or contains it), none when it
has no compound, and other otherwise; the others and the nones are printed with their
context for development (corpus text: the terminal only, never commit them).

Output lines go to ``OUT/titled.jsonl`` as each paragraph finishes (a killed run
resumes); ``--rescore`` reads that file again without the model.
"""

from __future__ import annotations

import csv
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from molextract.evaluation.corpora.scoring import name_key
from molextract.schemas.records import DocumentResult, Record
from probe_output import print_shares, print_tail, probe_parser, read_results, run_missing

RELATIVE = Path("uspto-revisit") / "examples" / "input.csv"
CONTEXT = 220


def main(argv: Sequence[str] | None = None) -> int:
    parser = probe_parser(__doc__.split("\n\n")[0], "paragraphs")
    args = parser.parse_args(argv)
    root = args.corpora
    source = root / RELATIVE
    if not source.is_file():
        parser.error(f"{source} not found: copy examples/input.csv of snu-micc/uspto-revisit there")
    paragraphs = _paragraphs(source)[: args.limit]
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "titled.jsonl"
    results = read_results(path)
    todo = {doc_id: text for doc_id, _, text in paragraphs if doc_id not in results}
    per = run_missing(path, results, todo) if todo and not args.rescore else None
    scores = _report(paragraphs, results, per, args.show)
    (args.out / "titled.scores.json").write_text(json.dumps(scores, indent=2) + "\n")
    return 0


def _paragraphs(source: Path) -> list[tuple[str, str, str]]:
    """(id, title, paragraph) in file order; ids number the rows."""
    with source.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    return [(f"revisit-{i:03d}", row["title"], row["paragraph"]) for i, row in enumerate(rows)]


def _verdict(record: Record, title: str) -> str:
    name = record.compound.name or ""
    if not name and not record.compound.label:
        return "none"
    key, wanted = name_key(name), name_key(title)
    return "right" if name and (key == wanted or wanted in key) else "other"


def _report(
    paragraphs: list[tuple[str, str, str]],
    results: dict[str, DocumentResult],
    seconds: float | None,
    show: int,
) -> dict[str, object]:
    verdicts: Counter[str] = Counter()
    sources: Counter[str] = Counter()
    examples: dict[str, list[str]] = {"other": [], "none": []}
    records = calls = 0
    for doc_id, title, text in paragraphs:
        result = results.get(doc_id)
        if result is None:
            continue
        calls += result.usage.model_calls
        yields = [r for r in result.records if r.property == "reaction_yield"]
        records += len(yields)
        if name_key(title) not in name_key(text):
            continue
        for record in yields:
            verdict = _verdict(record, title)
            verdicts[verdict] += 1
            sources[f"{record.compound.source}/{verdict}"] += 1
            if verdict in examples and len(examples[verdict]) < show:
                at = record.evidence.value_start or record.evidence.start or 0
                examples[verdict].append(
                    f"    {doc_id}: {record.value} -> {record.compound.name or record.compound.label!r}"
                    f" ({record.compound.source}); title {title!r}\n"
                    f"      …{text[max(0, at - CONTEXT) : at + 40]!r}"
                )
    done = sum(1 for doc_id, _, _ in paragraphs if doc_id in results)
    total = sum(verdicts.values())
    print(f"paragraphs scored             {done} of {len(paragraphs)}")
    print(f"yield records                 {records}")
    print(f"in paragraphs naming the title {total}")
    print_shares(verdicts, ("right", "none", "other"), total)
    print_tail(calls, records, seconds, "paragraph", sources, examples)
    return {"verdicts": dict(verdicts), "records": records, "model_calls": calls}


if __name__ == "__main__":
    raise SystemExit(main())
