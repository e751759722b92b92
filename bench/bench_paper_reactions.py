"""Journal reaction passages annotated with their yields and products: a third probe set
in the style of the ChemRxnExtractor test split.

    MOLEXTRACT_CORPORA=/path/to/corpora .venv/bin/python bench/bench_paper_reactions.py \\
        --out out/papers [--set acs|synthesis|synthesis-procedures] [--limit N] \\
        [--rescore] [--show N]

The public repository ``asibanez/ChemBERT_Chemu`` keeps, beside the ChEMU training file
the corpus benchmark scores, a "paper style" annotation of reactions in passages of ACS
papers: ``text-classification/data/annotations/01_paper_style/ann_original_all``, one row
per reaction, each with the passage (``description``, tokenised PDF text joined by
single spaces) and the token spans (``<role>-tag``: start, end pairs) of its products
and its yield. The passages are of the same papers ChemRxnExtractor was built from, so
they are held out by paper exactly as ``bench_products.py`` holds its passages out:
every DOI of ChemRxnExtractor's role-labelled ``test.txt`` and every DOI with a passage
in the committed ChemRxnExtractor test split. What is left is development text only.

A row is scored when its yield is one stated percentage (``88 %``; ``good yields`` and
``84 and 40 %`` are not) and it names a product; rows whose yield spans overlap
(one reaction annotated twice) pool their products. The scorer is the corpus scorer
(``molextract.evaluation.corpora``): a record matches a gold yield by overlapping its
span, and its compound is right when its name or label is one of the product mentions
or overlaps one. Output lines go to ``OUT/papers.jsonl`` as each passage finishes, so a
killed run resumes; misses and wrong compounds are printed with corpus text, for the
terminal only (never commit them, nor the output files).

``--set synthesis`` and ``--set synthesis-procedures`` score the same repository's two
``ann_darpa_test`` files instead, annotated the same way by the same people: passages of
papers in the Thieme journal *Synthesis* (DOIs ``10.1055/…``), results-and-discussion
text (``01_paper_style``, 12 papers) and experimental procedures (``02_patent_style``,
16 papers). The text is publisher text, not tokenised PDF text (non-breaking spaces,
en dashes, ``88%``): another publisher and another way of printing than the ACS set.
Several passages share one DOI; each passage is one document. ChemRxnExtractor does not
use these papers, so nothing is held out of them, and the file name's "test" is that
repository's use of them; molextract develops against them.
"""

from __future__ import annotations

import csv
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from bench_corpora import _report
from bench_products import doi, held_out_dois
from molextract.evaluation.corpora import CorpusDocument, score_corpus
from molextract.evaluation.corpora.documents import GoldYield, Mention, Note, parse_yield
from probe_output import probe_parser, read_results, run_missing

ANNOTATIONS = Path("ChemBERT_Chemu") / "text-classification" / "data" / "annotations"
SETS = {
    "acs": ANNOTATIONS / "01_paper_style" / "ann_original_all",
    "synthesis": ANNOTATIONS / "01_paper_style" / "ann_darpa_test",
    "synthesis-procedures": ANNOTATIONS / "02_patent_style" / "ann_darpa_test",
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = probe_parser(__doc__.split("\n\n")[0], "passages")
    parser.add_argument("--set", choices=sorted(SETS), default="acs", help="default acs")
    args = parser.parse_args(argv)
    source = args.corpora / SETS[args.set]
    if not source.is_file():
        parser.error(f"{source} not found: copy asibanez/ChemBERT_Chemu there")
    documents = [doc for doc in read_documents(source, args.set) if doc.yields]
    documents = documents[: args.limit]
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"{args.set}.jsonl" if args.set != "acs" else args.out / "papers.jsonl"
    results = read_results(path)
    todo = {doc.id: doc.text for doc in documents if doc.id not in results}
    if todo and not args.rescore:
        run_missing(path, results, todo)
    scores = score_corpus(documents, results)
    _report("papers" if args.set == "acs" else args.set, "dev", documents, scores, None, args.show)
    return 0


def read_documents(path: Path, kind: str = "acs") -> list[CorpusDocument]:
    """One document per passage not held out, with its scorable yields.

    The ACS rows name their passage in ``cveid`` (``DOI-N``); the Synthesis rows give the
    paper's DOI only, so there a passage is the DOI with the ordinal of its text."""
    csv.field_size_limit(sys.maxsize)
    held_out = held_out_dois() if kind == "acs" else set()
    passages: dict[str, list[dict[str, str]]] = {}
    texts: dict[tuple[str, str], str] = {}
    with path.open(encoding="utf-8-sig", newline="") as handle:
        for row in csv.DictReader(handle):
            passage = row["cveid"].strip()
            if not passage or doi(passage) in held_out:
                continue
            if kind != "acs":
                ordinal = sum(1 for key in texts if key[0] == passage)
                passage = texts.setdefault((passage, row["description"]), f"{passage}-{ordinal}")
            passages.setdefault(passage, []).append(row)
    prefix = "papers" if kind == "acs" else kind
    return [_document(passage, rows, prefix) for passage, rows in passages.items()]


def _document(passage: str, rows: list[dict[str, str]], prefix: str) -> CorpusDocument:
    text = rows[0]["description"]
    offsets = _token_offsets(text)
    notes: list[Note] = []
    by_span: dict[tuple[int, int], tuple[GoldYield, list[Mention]]] = {}
    every_product: list[Mention] = []
    for row in rows:
        if row["description"] != text:
            notes.append(Note("other_text", row["cveid"]))
            continue
        products = _mentions(row.get("Products-tag", ""), text, offsets)
        every_product.extend(products)
        spans = _joined(_mentions(row.get("Yield-tag", ""), text, offsets), text)
        if not spans:
            continue
        if len(spans) != 1:
            notes.append(Note("several_yield_spans", row["Yield"]))
            continue
        stated = parse_yield(re.sub(r"\s+(?:isolated\s+)?yields?$", "", spans[0].text))
        if stated is None:
            notes.append(Note("not_a_percentage", spans[0].text))
            continue
        if not products:
            notes.append(Note("no_product", spans[0].text))
            continue
        value, low, high = stated
        start, end = spans[0].start, spans[0].end
        assert start is not None and end is not None
        same = next((k for k in by_span if k[0] < end and start < k[1]), None)
        if same is not None:  # "16 %" and "16 % yield": one yield annotated twice
            by_span[same][1].extend(products)
            continue
        gold = GoldYield(value, spans[0].text, start, end, (), low, high)
        by_span[(start, end)] = (gold, list(products))
    yields = tuple(
        GoldYield(g.value, g.text, g.start, g.end, tuple(p), g.low, g.high)
        for g, p in sorted(by_span.values(), key=lambda item: item[0].start or 0)
    )
    return CorpusDocument(
        id=f"{prefix}-{passage}",
        corpus="chemrxn",
        text=text,
        yields=yields,
        products=tuple(every_product),
        notes=tuple(notes),
    )


def _joined(mentions: list[Mention], text: str) -> list[Mention]:
    """Token spans that touch are one mention: ``40`` and ``%`` are ``40 %``."""
    out: list[Mention] = []
    for mention in mentions:
        last = out[-1] if out else None
        if (
            last is not None
            and last.end is not None
            and mention.start is not None
            and mention.end is not None
            and not text[last.end : mention.start].strip()
        ):
            start = last.start if last.start is not None else mention.start
            out[-1] = Mention(text[start : mention.end], start, mention.end)
        else:
            out.append(mention)
    return out


def _token_offsets(text: str) -> list[tuple[int, int]]:
    offsets: list[tuple[int, int]] = []
    position = 0
    for token in text.split(" "):
        offsets.append((position, position + len(token)))
        position += len(token) + 1
    return offsets


def _mentions(tag: str, text: str, offsets: list[tuple[int, int]]) -> list[Mention]:
    """The mentions of a ``<role>-tag`` cell: token (start, end) pairs."""
    numbers = [int(part) for part in tag.replace(" ", "").split(",") if part.isdigit()]
    mentions: list[Mention] = []
    for first, last in zip(numbers[::2], numbers[1::2], strict=False):
        if not 0 <= first < last <= len(offsets):
            continue
        start, end = offsets[first][0], offsets[last - 1][1]
        mentions.append(Mention(text[start:end], start, end))
    return mentions


if __name__ == "__main__":
    raise SystemExit(main())
