"""ChemRxnExtractor's product-labelled passages: a second probe set for whose a yield is.

    MOLEXTRACT_CORPORA=/path/to/corpora .venv/bin/python bench/bench_products.py \\
        --out out/products [--limit N] [--rescore] [--show N]

ChemRxnExtractor (``jiangfeng1124/ChemRxnExtractor``, MIT) keeps, besides the
role-labelled segments the corpus benchmark scores, ten times as much text of the same
ACS papers labelled for products only: ``tests/data/prod/train.txt`` and ``dev.txt``,
one sentence per block, ``B-Prod``/``I-Prod`` on the product mentions. Nothing ties a
yield to its product there, so this is no scored corpus; it is development text in the
style the ChemRxnExtractor test split is written in (tokenised PDF text, compounds
called by labels such as ``2l``), which the role-labelled dev split no longer has
enough of to show what goes wrong.

Held out by paper, so nothing here overlaps what is scored: every DOI of the
role-labelled ``test.txt`` (listed in ``bench/data/chemrxn_reserved_dois.txt``, taken
from its header lines) and every DOI with a passage in the committed ChemRxnExtractor
test split. Only passages that print a ``%`` are run.

For every yield record stated in a sentence that has a product marked (the annotators
marked none in many), the compound is counted ``product`` when its name or label is
one of the passage's product mentions (or overlaps one), ``none`` when it has no
compound, and ``other`` otherwise (a starting material, or a product the annotators did
not mark); the others and nones are printed with their context for development (corpus
text: the terminal only, never commit them). Output lines go to
``OUT/products.jsonl`` as each passage finishes, so a killed run resumes.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path

from molextract.evaluation.corpora.documents import Mention
from molextract.evaluation.corpora.scoring import name_key
from molextract.schemas.records import DocumentResult, Record
from probe_output import print_shares, print_tail, probe_parser, read_results, run_missing

REPOSITORY = Path("ChemRxnExtractor") / "tests" / "data" / "prod"
PARTS = ("train.txt", "dev.txt")
HERE = Path(__file__).parent / "data"
RESERVED = HERE / "chemrxn_reserved_dois.txt"
TEST_SPLIT = HERE / "corpus_splits" / "chemrxn.test.txt"
CONTEXT = 240

#: (passage id, text, product mentions, (start, end) of each sentence with a product)
Passage = tuple[str, str, tuple[Mention, ...], tuple[tuple[int, int], ...]]


def main(argv: Sequence[str] | None = None) -> int:
    parser = probe_parser(__doc__.split("\n\n")[0], "passages")
    args = parser.parse_args(argv)
    root = args.corpora
    sources = [root / REPOSITORY / part for part in PARTS]
    for source in sources:
        if not source.is_file():
            parser.error(f"{source} not found: copy tests/data/prod of {REPOSITORY} there")
    held_out = held_out_dois()
    passages = [p for p in read_passages(sources) if doi(p[0]) not in held_out and "%" in p[1]]
    passages = passages[: args.limit]
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "products.jsonl"
    results = read_results(path)
    todo = {doc_id: text for doc_id, text, _, _ in passages if doc_id not in results}
    per = run_missing(path, results, todo) if todo and not args.rescore else None
    scores = _report(passages, results, per, args.show)
    (args.out / "products.scores.json").write_text(json.dumps(scores, indent=2) + "\n")
    return 0


def doi(passage_id: str) -> str:
    """``10.1021/ja00144a022-1`` → ``10.1021/ja00144a022``."""
    return passage_id.rsplit("-", 1)[0]


def held_out_dois() -> set[str]:
    reserved = {line.strip() for line in RESERVED.read_text().splitlines() if line.strip()}
    split = set()
    for line in TEST_SPLIT.read_text().splitlines():
        if line.strip():
            # chemrxn-<part>-<passage>-<segment>[#n]; the passage ends in -<number>
            passage = line.split("-", 2)[2].split("#")[0].rsplit("-", 1)[0]
            split.add(doi(passage))
    return reserved | split


def read_passages(paths: Sequence[Path]) -> list[Passage]:
    """(passage id, text, product mentions): sentences' tokens joined by single spaces,
    sentences by one space, as the role-labelled corpus is laid out."""
    sentences: dict[str, list[list[list[str]]]] = {}
    for path in paths:
        for passage, rows in _sentences(path):
            blocks = sentences.setdefault(passage, [])
            # the files repeat a sentence once per reaction it states, each copy with
            # that reaction's product marked: one copy, with every product marked
            words = [row[0] for row in rows]
            same = next((b for b in blocks if [row[0] for row in b] == words), None)
            if same is None:
                blocks.append(rows)
                continue
            for kept, row in zip(same, rows, strict=True):
                if kept[-1] == "O" and row[-1] != "O":
                    kept[-1] = row[-1]
    out: list[Passage] = []
    for passage, blocks in sentences.items():
        tokens = [row for block in blocks for row in block]
        spans: list[tuple[int, int]] = []
        position = 0
        for block in blocks:
            end = position + len(" ".join(row[0] for row in block))
            if any(row[-1] != "O" for row in block):
                spans.append((position, end))
            position = end + 1
        out.append((passage, " ".join(row[0] for row in tokens), _products(tokens), tuple(spans)))
    return out


def _sentences(path: Path) -> Iterator[tuple[str, list[list[str]]]]:
    passage, rows = "", list[list[str]]()
    with path.open(encoding="utf-8") as handle:
        for raw in handle:
            line = raw.rstrip("\n")
            if line.startswith("#"):
                if rows:
                    yield passage, rows
                fields = dict(f.split("=", 1) for f in line.split("\t")[1:] if "=" in f)
                passage, rows = fields.get("passage", ""), []
            elif line.strip():
                rows.append(line.split("\t"))
    if rows:
        yield passage, rows


def _products(tokens: list[list[str]]) -> tuple[Mention, ...]:
    mentions: list[Mention] = []
    position = 0
    current: list[int] | None = None
    text = " ".join(row[0] for row in tokens)
    for row in tokens:
        start, end = position, position + len(row[0])
        label = row[-1]
        if label == "B-Prod" or (label == "I-Prod" and current is None):
            current = [start, end]
            mentions.append(Mention(text[start:end], start, end))
        elif label == "I-Prod" and current is not None:
            current[1] = end
            mentions[-1] = Mention(text[current[0] : end], current[0], end)
        else:
            current = None
        position = end + 1
    return tuple(mentions)


def verdict(record: Record, products: Sequence[Mention]) -> str:
    said = {name_key(t) for t in (record.compound.name, record.compound.label) if t}
    if not said:
        return "none"
    if said & {name_key(m.text) for m in products}:
        return "product"
    start, end = record.compound.start, record.compound.end
    if (
        start is not None
        and end is not None
        and any(
            m.start is not None and m.end is not None and start < m.end and m.start < end
            for m in products
        )
    ):
        return "product"
    return "other"


def _report(
    passages: list[Passage], results: dict[str, DocumentResult], seconds: float | None, show: int
) -> dict[str, object]:
    verdicts: Counter[str] = Counter()
    sources: Counter[str] = Counter()
    examples: dict[str, list[str]] = {"other": [], "none": []}
    records = calls = done = 0
    for doc_id, text, products, annotated in passages:
        result = results.get(doc_id)
        if result is None:
            continue
        done += 1
        calls += result.usage.model_calls
        for record in (r for r in result.records if r.property == "reaction_yield"):
            records += 1
            at = record.evidence.value_start or record.evidence.start or 0
            if not any(start <= at < end for start, end in annotated):
                verdicts["unannotated"] += 1
                continue
            kind = verdict(record, products)
            verdicts[kind] += 1
            sources[f"{record.compound.source}/{kind}"] += 1
            if kind in examples and len(examples[kind]) < show:
                named = ", ".join(sorted({m.text for m in products}))
                examples[kind].append(
                    f"    {doc_id}: {record.value} -> "
                    f"{record.compound.name or record.compound.label!r} "
                    f"({record.compound.source}); products: {named}\n"
                    f"      …{text[max(0, at - CONTEXT) : at + 40]!r}"
                )
    print(f"passages run                  {done} of {len(passages)}")
    print(f"yield records                 {records}")
    print(f"  in sentences with no product marked {verdicts['unannotated']} (not scored)")
    scored = records - verdicts["unannotated"]
    print_shares(verdicts, ("product", "none", "other"), scored)
    print_tail(calls, records, seconds, "passage", sources, examples)
    return {"verdicts": dict(verdicts), "records": records, "model_calls": calls}


if __name__ == "__main__":
    raise SystemExit(main())
