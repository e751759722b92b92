"""Patent tables as a probe set: the ChemTables tables that state yields, melting and
boiling points or densities, read through the USPTO reader and the table path.

    .venv/bin/python bench/bench_chemtables.py --split dev|test [--limit N] [--out DIR]
        [--show N] [--rescore]

ChemTables (Zhai et al. 2021, public repository ``zenanz/ChemTables``, Apache-2.0) keeps
7,878 tables of chemical patents, tokenised, each with its semantic class, in five
folds (``baselines/rxTables_tokenized_5_folds_CV.zip`` in the repository's first
commit; put the zip, or its unpacked folder, under ``$MOLEXTRACT_CORPORA/ChemTables``).
Folds 1–4 are development, fold 5 is held out. Nothing of it is committed here.

No cell is annotated with a property there, so the figures are *silver*: a body cell
that starts with a number, in a column whose header says yield (not conversion,
selectivity, purity or ee), melting point, boiling point or density, is a value of that
property. The silver rule is this script's own, independent of the table reader.
Compounds are not annotated; the share of table records with a compound is printed,
and ``--show`` prints tables with their records to read by eye.

Each table becomes one minimal patent document (one ``<tables>`` of one ``tgroup``),
its tokens joined back (``( % )`` → ``(%)``), since the reader meets patents' markup.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import sys
import tempfile
import time
import zipfile
from collections import Counter
from pathlib import Path
from xml.sax.saxutils import escape

from molextract.config import Settings
from molextract.engines.factory import create_engine
from molextract.extraction.pipeline import Pipeline
from molextract.ingest import read_documents
from molextract.ingest.document import Document
from molextract.schemas import DocumentResult, get_schema

SCHEMA = get_schema("molecular_properties")
DEV_FOLDS = (1, 2, 3, 4)
TEST_FOLDS = (5,)

#: Header words of the properties the silver rule annotates.
_HEADER = {
    "reaction_yield": re.compile(r"\byields?\b|\byield\s*%", re.I),
    "melting_point": re.compile(r"\bm\.\s*p\b|\bmp\b|melting|\bm\.\s*pt", re.I),
    "boiling_point": re.compile(r"\bb\.\s*p\b|\bbp\b|boiling", re.I),
    "density": re.compile(r"\bdensity\b", re.I),
}
#: Header words that make a yield-like column something else.
_NOT_YIELD = re.compile(
    r"conversion|selectivit|purity|\bee\b|optical|grain|space[- ]time|relative|ratio", re.I
)
_NOT_DENSITY = re.compile(r"print|bone|optical|current|packing|high|low|bulk|tap", re.I)
_NUMBER = re.compile(r"^\s*[<>~]?\s*(\d+(?:\.\d+)?)")


def detokenise(tokens: list[str]) -> str:
    """The cell as printed, near enough: no space inside brackets or before marks."""
    text = " ".join(tokens)
    text = re.sub(r"([(\[]) ", r"\1", text)
    text = re.sub(r" ([)\],;:%])", r"\1", text)
    text = re.sub(r"(\d) \. (\d)", r"\1.\2", text)
    text = re.sub(r"(\S) / (\S)", r"\1/\2", text)
    text = re.sub(r"([A-Za-z]) \.(?= |$)", r"\1.", text)
    return text


def load(root: Path, folds: tuple[int, ...]) -> list[tuple[str, list[list[str]]]]:
    """``(id, rows of cell texts)`` of the tables of ``folds`` whose first rows name a
    property the silver rule knows."""
    base = root / "ChemTables"
    zipped = next(base.rglob("rxTables_tokenized_5_folds_CV.zip"), None)
    tables: list[tuple[str, list[list[str]]]] = []
    for fold in folds:
        name = f"rxTables_tokenized_fold_{fold}"
        unpacked = next(base.rglob(name), None)
        if unpacked is not None:
            data = json.loads(unpacked.read_text(encoding="utf-8"))
        elif zipped is not None:
            with zipfile.ZipFile(zipped) as archive:
                member = next(n for n in archive.namelist() if n.endswith(name))
                data = json.load(io.TextIOWrapper(archive.open(member), encoding="utf-8"))
        else:
            sys.exit(f"ChemTables fold {fold} not found under {base}")
        for index, table in enumerate(data):
            rows = [[detokenise(cell) for cell in row] for row in table["data"]]
            head = " ".join(" ".join(row) for row in rows[:8])
            if any(p.search(head) for p in _HEADER.values()):
                tables.append((f"CT{fold}-{index:04d}", rows))
    return tables


def silver(rows: list[list[str]]) -> Counter[tuple[str, float]]:
    """The values the silver rule finds: ``(property, number)`` of each annotated cell."""
    kept = [row for row in rows if any(cell.strip() for cell in row)]
    header = 0
    for row in kept[:6]:
        if any(_NUMBER.match(cell) for cell in row[1:]):
            break
        header += 1
    found: Counter[tuple[str, float]] = Counter()
    width = max((len(row) for row in kept), default=0)
    for column in range(width):
        words = " ".join(row[column] for row in kept[:header] if column < len(row))
        for prop, pattern in _HEADER.items():
            if not pattern.search(words):
                continue
            if prop == "reaction_yield" and _NOT_YIELD.search(words):
                continue
            if prop == "density" and _NOT_DENSITY.search(words):
                continue
            for row in kept[header:]:
                number = _NUMBER.match(row[column]) if column < len(row) else None
                if number:
                    found[(prop, round(float(number.group(1)), 2))] += 1
            break
    return found


def patent_xml(doc_id: str, rows: list[list[str]]) -> str:
    width = max((len(row) for row in rows), default=1)
    lines = []
    for row in rows:
        cells = "".join(f"<entry>{escape(cell)}</entry>" for cell in row)
        cells += "<entry/>" * (width - len(row))
        lines.append(f"<row>{cells}</row>")
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<us-patent-grant lang="EN" country="US">'
        "<us-bibliographic-data-grant><publication-reference><document-id>"
        f"<country>US</country><doc-number>{doc_id}</doc-number><kind>B1</kind>"
        "</document-id></publication-reference>"
        "<invention-title>A table of a patent</invention-title></us-bibliographic-data-grant>"
        "<abstract><p>A table of a patent, from ChemTables.</p></abstract>"
        '<description><tables id="TABLE-US-00001" num="00001"><table><tgroup cols="'
        f'{width}"><tbody>{"".join(lines)}</tbody></tgroup></table></tables></description>'
        "</us-patent-grant>\n"
    )


def predicted(result: DocumentResult) -> Counter[tuple[str, float]]:
    found: Counter[tuple[str, float]] = Counter()
    for record in result.records:
        if record.evidence.table is None or record.property not in _HEADER:
            continue
        value = record.value_low if record.value_low is not None else record.value
        if value is not None:
            found[(record.property, round(value, 2))] += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("dev", "test"), default="dev")
    parser.add_argument("--corpora", type=Path, default=os.environ.get("MOLEXTRACT_CORPORA"))
    parser.add_argument("--limit", type=int)
    parser.add_argument("--out", type=Path, help="keep results.jsonl here (and rescore it)")
    parser.add_argument("--rescore", action="store_true", help="score --out's results again")
    parser.add_argument("--show", type=int, default=0, help="print N tables with misses")
    args = parser.parse_args()
    if args.corpora is None:
        sys.exit("give --corpora or set MOLEXTRACT_CORPORA")
    tables = load(args.corpora, DEV_FOLDS if args.split == "dev" else TEST_FOLDS)
    if args.limit:
        tables = tables[: args.limit]
    results: dict[str, DocumentResult] = {}
    seconds = 0.0
    if args.rescore and args.out:
        for line in (args.out / "results.jsonl").read_text(encoding="utf-8").splitlines():
            result = DocumentResult.model_validate_json(line)
            results[result.doc_id] = result
    else:
        with tempfile.TemporaryDirectory() as tmp:
            for doc_id, rows in tables:
                (Path(tmp) / f"{doc_id}.xml").write_text(patent_xml(doc_id, rows), "utf-8")
            skipped: list[str] = []
            documents: list[Document] = list(
                read_documents([Path(tmp)], lambda s: skipped.append(str(s)))
            )
        for problem in skipped:
            print("skipped:", problem)
        settings = Settings()
        engine = create_engine(settings, engine="local")
        pipeline = Pipeline(SCHEMA, engine, settings)
        started = time.perf_counter()
        for result in pipeline.run(documents):
            results[result.doc_id.removeprefix("US")] = result
        seconds = time.perf_counter() - started
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            with (args.out / "results.jsonl").open("w", encoding="utf-8") as out:
                for result in results.values():
                    out.write(result.model_dump_json(by_alias=True) + "\n")
    results = {key.removeprefix("US").removesuffix("B1"): r for key, r in results.items()}
    gold_n = pred_n = right = with_compound = table_records = calls = 0
    by_prop: Counter[str] = Counter()
    by_prop_right: Counter[str] = Counter()
    by_prop_pred: Counter[str] = Counter()
    shown = 0
    for doc_id, rows in tables:
        found = results.get(doc_id)
        if found is None:
            print("no result:", doc_id)
            continue
        result = found
        calls += result.usage.model_calls
        want, got = silver(rows), predicted(result)
        hit = want & got
        gold_n += sum(want.values())
        pred_n += sum(got.values())
        right += sum(hit.values())
        for (prop, _), n in want.items():
            by_prop[prop] += n
        for (prop, _), n in hit.items():
            by_prop_right[prop] += n
        for (prop, _), n in got.items():
            by_prop_pred[prop] += n
        for record in result.records:
            if record.evidence.table is not None:
                table_records += 1
                with_compound += bool(record.compound.name or record.compound.label)
        if args.show and shown < args.show and (want != got):
            shown += 1
            print(f"\n===== {doc_id}  silver-only {dict(want - got)}  extra {dict(got - want)}")
            for row in rows[:25]:
                if any(row):
                    print("   ", " | ".join(row)[:160])
            for record in result.records:
                cell = record.evidence.table
                where = f"r{cell.row}c{cell.column}" if cell else "text"
                print(
                    f"  -> {record.property} {record.value} {record.unit} "
                    f"[{record.compound.name or record.compound.label}] {where} "
                    f"{cell.header if cell else ''}"
                )
    print(f"ChemTables {args.split}: {len(tables)} tables, {seconds:.0f} s, {calls} model calls")
    print(
        f"silver cells {gold_n}, table values of those properties {pred_n}, matched {right}: "
        f"precision {right / max(pred_n, 1):.3f} recall {right / max(gold_n, 1):.3f}"
    )
    for prop in sorted(by_prop | by_prop_pred):
        print(
            f"  {prop}: silver {by_prop[prop]} predicted {by_prop_pred[prop]} "
            f"matched {by_prop_right[prop]}"
        )
    print(f"table records {table_records}, with a compound {with_compound}")


if __name__ == "__main__":
    main()
