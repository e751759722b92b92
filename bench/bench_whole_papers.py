"""Whole recent papers as PDF text: a probe set for yields in running narrative.

    MOLEXTRACT_CORPORA=/path/to/corpora .venv/bin/python bench/bench_whole_papers.py \\
        --out out/whole_papers [--limit N] [--rescore] [--show N]

``maszhongming/ReactionMiner`` (the EMNLP 2023 demonstration) once kept, as examples of
its PDF reader, the text of ACS, RSC and Wiley papers, most of 2020–2023 and a few JACS
papers of the early 1990s (Org. Lett., J. Org. Chem., ACS Catal., JACS, Chem. Commun.,
Org. Biomol. Chem., Chem. Sci., Chem. Soc. Rev., Acc. Chem. Res.), in full: title,
abstract, results and discussion, experimental section, references, running headers, as
one string per paper. Its later commits deleted them; take them from the three that
added them::

    git -C ReactionMiner checkout 0a0aa9e -- example_journals_results
    git -C ReactionMiner checkout 0e35598 -- pdf2text/example_journals_results
    git -C ReactionMiner checkout b212dd6 -- Thrust1CheckpointJSON

No value is annotated, so nothing is scored as right or wrong. The papers are read for
what no corpus here has: scope and optimisation narratives written after 2020
(``products 8bb-bjwere obtained in moderate to good yields``, ``the desired product
(3bn) in a 56% yield``), experimental sections whose entries open on ``Compound 5b.``,
and a PDF reader's artefacts (labels run into verbs, footnote numbers on names, page
headers inside sentences). The report counts each yield record by how its compound was
decided, and as ``none`` (no compound) or ``junk`` (a compound no name can be, by
``junk_reason``), and prints the records the model decided, and those without a
compound, with their context (corpus text: the terminal only, never commit it).
Only papers that say "yield" at least three times are run.

``--pdf`` runs a second set instead: the PDFs of papers of 2022–2023 (J. Org. Chem.,
Org. Lett., JACS, J. Nat. Prod., J. Med. Chem., Chem. Sci.) that the same repository kept
as its reader's test files, read by molextract's own PDF reader (``ingest/pdf.py``). Lay
them out flat in ``ReactionMiner/testFiles`` (any subfolder is read too)::

    git -C ReactionMiner checkout 362ab77 -- testFiles          # then flatten
    git -C ReactionMiner checkout 8118823 -- syn_chem_journals  # two more

(the snapshot read for docs/benchmarks.md held 23 of them, 20 saying "yield" three times).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from molextract.extraction.junk_compounds import junk_reason
from molextract.ingest.pdf import PdfProblem, pdf_document
from molextract.schemas.records import DocumentResult, Record
from probe_output import print_shares, print_tail, probe_parser, read_results, run_missing

FOLDERS = (
    Path("ReactionMiner") / "example_journals_results",
    Path("ReactionMiner") / "pdf2text" / "example_journals_results",
    Path("ReactionMiner") / "Thrust1CheckpointJSON",
)
PDF_FOLDER = Path("ReactionMiner") / "testFiles"
CONTEXT = 220
KINDS = ("by a form", "by the model", "none", "junk")


def main(argv: Sequence[str] | None = None) -> int:
    parser = probe_parser(__doc__.split("\n\n")[0], "papers")
    parser.add_argument(
        "--pdf", action="store_true", help="run the PDF set (testFiles) instead of the text"
    )
    args = parser.parse_args(argv)
    papers = _pdf_papers(args.corpora) if args.pdf else _papers(args.corpora)
    if not papers:
        where = PDF_FOLDER if args.pdf else FOLDERS[0]
        parser.error(
            f"no paper under {args.corpora / where}: check the folders out of "
            "maszhongming/ReactionMiner as this script's docstring says"
        )
    chosen = dict(list(papers.items())[: args.limit])
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "whole_papers.jsonl"
    results = read_results(path)
    todo = {doc_id: text for doc_id, text in chosen.items() if doc_id not in results}
    per = run_missing(path, results, todo) if todo and not args.rescore else None
    scores = _report(chosen, results, per, args.show)
    (args.out / "whole_papers.scores.json").write_text(json.dumps(scores, indent=2) + "\n")
    return 0


def _papers(root: Path) -> dict[str, str]:
    """Paper id (its file's name) → full text, in name order, de-duplicated by name."""
    papers: dict[str, str] = {}
    for folder in FOLDERS:
        for path in sorted((root / folder).glob("*.json")):
            text = json.loads(path.read_text(encoding="utf-8")).get("fullText", "")
            if len(re.findall(r"yield", text, re.IGNORECASE)) >= 3:
                papers.setdefault(path.stem, text)
    return dict(sorted(papers.items()))


def _pdf_papers(root: Path) -> dict[str, str]:
    """Paper id → the text molextract's PDF reader gives its PDF, in name order."""
    papers: dict[str, str] = {}
    for path in sorted((root / PDF_FOLDER).rglob("*.pdf")):
        try:
            text = pdf_document(path.read_bytes(), doc_id=path.stem, name=path.name).text
        except PdfProblem as exc:
            print(f"  {path.name}: skipped, {exc}")
            continue
        if len(re.findall(r"yield", text, re.IGNORECASE)) >= 3:
            papers.setdefault(path.stem, text)
    return papers


def _verdict(record: Record) -> str:
    compound = record.compound
    if compound.name is None and compound.label is None:
        return "none"
    if compound.name is not None and junk_reason(compound.name) is not None:
        return "junk"
    return "by the model" if compound.source in ("model", "label_table") else "by a form"


def _report(
    papers: dict[str, str], results: dict[str, DocumentResult], per: float | None, show: int
) -> dict[str, object]:
    verdicts: Counter[str] = Counter()
    sources: Counter[str] = Counter()
    examples: dict[str, list[str]] = {"by the model": [], "none": [], "junk": []}
    calls = records = 0
    for doc_id, text in papers.items():
        result = results.get(doc_id)
        if result is None:
            continue
        calls += result.usage.model_calls
        for record in result.records:
            if record.property != "reaction_yield":
                continue
            records += 1
            verdict = _verdict(record)
            verdicts[verdict] += 1
            sources[str(record.compound.source)] += 1
            shown = examples.get(verdict)
            if shown is not None and len(shown) < show:
                start = record.evidence.value_start or 0
                end = record.evidence.value_end or start
                before = text[max(0, start - CONTEXT) : start].replace("\n", " ")
                shown.append(
                    f"    {doc_id[-24:]}: {record.value} -> {record.compound.name!r} "
                    f"{record.compound.label!r} ({record.compound.source})\n"
                    f"      …'{before}[[{text[start:end]}]]{text[end : end + 60]}'"
                )
    print(
        f"papers run                    {sum(1 for d in papers if d in results)} of {len(papers)}"
    )
    print(f"yield records                 {records}")
    print_shares(verdicts, KINDS, records)
    print_tail(calls, records, per, "paper", sources, examples)
    return {
        "papers": len(papers),
        "yield_records": records,
        "verdicts": dict(verdicts),
        "sources": dict(sources),
        "model_calls": calls,
        "seconds_per_paper": per,
    }


if __name__ == "__main__":
    raise SystemExit(main())
