"""Compound identity on the gold set: structures before and after offline name resolution.

    .venv/bin/python bench/bench_anchored.py gold --paths anchored --save runs/
    .venv/bin/python bench/bench_identity.py runs/gold-anchored.answers.jsonl

Takes the model's answers of one saved gold run (the records before the identity step;
the model is not run again), and scores them twice in one run: as the model wrote
them, with a structure only where the text prints a SMILES, and after the identity
step of the current code (label table, OPSIN, dictionary, cross-checks). Prints compound association, the share of found values with a
structure, wrong structures, and the identity step's cost per document.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from molextract.chem.crosschecks import cross_checks
from molextract.chem.names import NameResolver
from molextract.evaluation import GoldDocument, load_gold, score
from molextract.evaluation.scoring import Scores
from molextract.extraction.identity import identify
from molextract.ingest.document import Document
from molextract.schemas import DocumentResult, get_schema
from molextract.schemas.records import Compound

ROOT = Path(__file__).resolve().parents[1]
GOLD = ROOT / "tests" / "data" / "gold" / "gold.jsonl"
SCHEMA = get_schema("molecular_properties")


def _text_only(result: DocumentResult) -> DocumentResult:
    """The result without structures the text does not print (what came out before)."""
    copy = result.model_copy(deep=True)
    for record in copy.records:
        if record.compound.smiles_source != "text":
            record.compound = Compound(name=record.compound.name, label=record.compound.label)
            record.checks.structure = "absent"
            record.checks.cross_checks = []
    return copy


def _row(name: str, s: Scores) -> str:
    right = "–" if s.compound_association is None else f"{s.compound_association:.3f}"
    share = "–" if s.structure_share is None else f"{s.structure_share:.3f}"
    return (
        f"| {name} | {s.true_positives} | {right} | {s.structures_resolved}/"
        f"{s.structures_expected} | {share} | {s.structures_resolved - s.structures_right} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("results", type=Path, help="JSONL of a gold run (bench_anchored --save)")
    args = parser.parse_args()
    gold = load_gold(GOLD)
    documents = [Document(d.id, d.text) for d in gold]
    lines = args.results.read_text(encoding="utf-8").splitlines()
    saved = [DocumentResult.model_validate_json(line) for line in lines if line.strip()]
    before = [_text_only(r) for r in saved]
    after = [r.model_copy(deep=True) for r in before]
    resolver = NameResolver()
    started = time.perf_counter()
    identify(after, documents, resolver)
    seconds = time.perf_counter() - started
    names = {r.compound.name for res in after for r in res.records if r.compound.name}
    records = sum(len(r.records) for r in after)
    print(f"identity step: {seconds:.2f} s for {len(after)} documents, {records} records, "
          f"{len(names)} distinct names ({seconds / max(1, len(after)) * 1000:.0f} ms/document, "
          f"OPSIN {'on' if resolver.opsin_available else 'off'})")  # fmt: skip
    for title, results in (("text only (before)", before), ("identity step (after)", after)):
        report = score(gold, {r.doc_id: r for r in results}, properties=SCHEMA.property_names)
        print(f"\n### {title}")
        print("| property | found | compound right | with structure | share | wrong |")
        print("| --- | --- | --- | --- | --- | --- |")
        for name, s in sorted(report.per_property.items()):
            print(_row(name, s))
        print(_row("**all**", report.overall))
        o = report.overall
        print(f"values: precision {o.precision:.3f}, recall {o.recall:.3f}, F1 {o.f1:.3f} "
              f"({o.false_positives} false positives)")  # fmt: skip
        if title.startswith("identity"):
            for m in report.matches:
                if m.compound_match is False:
                    print(f"  COMPOUND {m.doc_id}: {m.gold.property} {m.gold.compound!r} "
                          f"-> {m.predicted.compound!r}")  # fmt: skip
        if title.startswith("identity"):
            _coverage(gold, results)
        wrong = [m for m in report.matches if m.structure_match is False]
        for m in wrong:
            print(f"  WRONG {m.doc_id}: {m.gold.compound} -> {m.predicted.compound} "
                  f"{m.predicted.inchikey}")  # fmt: skip


def _coverage(gold: list[GoldDocument], results: list[DocumentResult]) -> None:
    """Whether every formula, HRMS, MW and elemental analysis the gold texts state is
    checked against some record's structure. The statements are found by scanning each
    text with the structures its gold gives (the finder needs a structure to read a
    statement against); a statement is covered when a record's cross-checks include it."""
    by_id = {r.doc_id: r for r in results}
    stated = covered = 0
    for document in gold:
        structures = {g.smiles for g in document.expected if g.smiles}
        found = {
            (c.kind, c.start, c.end): c.stated
            for smiles in structures
            for c in cross_checks(smiles, document.text)
        }
        result = by_id.get(document.id)
        checked = {
            (c.kind, c.start, c.end)
            for record in (result.records if result else [])
            for c in record.checks.cross_checks
        }
        stated += len(found)
        covered += len(found.keys() & checked)
        for key in sorted(found.keys() - checked, key=lambda k: k[1]):
            print(f"  NOT CHECKED {document.id}: {key[0]} {found[key]!r}")
    print(f"statements in the gold texts: {stated}, checked against a record's structure: "
          f"{covered}")  # fmt: skip


if __name__ == "__main__":
    main()
