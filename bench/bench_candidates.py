"""The candidate level without the model: what code sends, what it blocks, what it settles.

    .venv/bin/python bench/bench_candidates.py [gold] [chemu] [chemrxn] \
        [--split dev|test|all] [--corpora DIR] [--show N]

Every figure here is decided by code alone (``find_candidates``), so it runs in seconds
and says what the model can at best do and how much it is asked for nothing:

- ``gold``: the gold set (tests/data/gold/gold.jsonl) under ``molecular_properties``.
  *Candidate recall*: expected values with an unblocked candidate at their value whose
  properties include theirs (a value with no such candidate can never be extracted).
  *Noise*: unblocked candidates at no expected value (sent to the model for nothing).
  *Decisive*: candidates whose property the text settles, split into right (at an
  expected value of that property), wrong property (at an expected value of another
  property only) and unexpected (at no expected value).
- ``chemu``, ``chemrxn``: the corpora of issue 21 (``molextract.evaluation.corpora``,
  read from ``--corpora`` or ``MOLEXTRACT_CORPORA``; a committed split, ``dev`` unless
  ``--split`` says otherwise), under ``molecular_properties``. For each gold yield: is
  there an unblocked percentage candidate printed over it, and is it a decisive
  ``reaction_yield``? How many other unblocked (and decisive) percentages are there?
  ``--show N`` prints up to N contexts of each kind; they quote corpus text, so they are
  for the terminal only, never for a commit.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from molextract.chem import to_si
from molextract.evaluation.corpora import (
    SPLITS,
    CorpusDocument,
    CorpusName,
    Split,
    load_corpus,
    load_split,
)
from molextract.evaluation.gold import GoldValue, load_gold
from molextract.extraction.candidates import Candidate, find_candidates
from molextract.schemas import get_schema

ROOT = Path(__file__).resolve().parents[1]
GOLD = ROOT / "tests" / "data" / "gold" / "gold.jsonl"
SPLITS_DIR = ROOT / "bench" / "data" / "corpus_splits"
SCHEMA = get_schema("molecular_properties")
#: The scorer's default: forgives rounding, not a different number.
TOLERANCE = 0.01
_CONTEXT = 70


# --- gold -----------------------------------------------------------------------------


@dataclass
class GoldFigures:
    """Counts over the gold set; the lists hold printable examples for ``--show``."""

    expected: int = 0
    recalled: int = 0
    unblocked: int = 0
    noise: int = 0
    decisive_right: int = 0
    decisive_wrong_property: int = 0
    decisive_unexpected: int = 0
    missed: list[str] = field(default_factory=list)
    noisy: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)


def _si(value: float | None, unit: str | None) -> float | None:
    if value is None:
        return None
    converted = to_si(value, unit)
    return converted[0] if converted is not None else value


def _close(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return False
    return abs(a - b) <= max(TOLERANCE * abs(b), 1e-6) * (1 + 1e-9)


def at_value(candidate: Candidate, gold: GoldValue) -> bool:
    """Whether a candidate states ``gold``'s value: same kind (range or not), same SI numbers."""
    q = candidate.quantity
    if gold.value_low is not None and gold.value_high is not None:
        return (
            q.is_range
            and _close(_si(q.low, q.unit), _si(gold.value_low, gold.unit))
            and _close(_si(q.high, q.unit), _si(gold.value_high, gold.unit))
        )
    return not q.is_range and _close(_si(q.value, q.unit), _si(gold.value, gold.unit))


def _shown(text: str, start: int, end: int) -> str:
    left = text[max(0, start - _CONTEXT) : start].replace("\n", "⏎")
    right = text[end : end + 30].replace("\n", "⏎")
    return f"{left}⟦{text[start:end]}⟧{right}"


def measure_gold(path: Path = GOLD) -> GoldFigures:
    """The candidate figures of every gold document under ``molecular_properties``."""
    figures = GoldFigures()
    for doc in load_gold(path):
        found = find_candidates(doc.text, SCHEMA)
        sent = [c for c in found if c.blocked is None]
        figures.expected += len(doc.expected)
        figures.unblocked += len(sent)
        for gold in doc.expected:
            if any(gold.property in c.properties and at_value(c, gold) for c in sent):
                figures.recalled += 1
            else:
                figures.missed.append(f"{doc.id}: {gold.property} {_gold_value(gold)}")
        for c in sent:
            _count_candidate(figures, doc.id, doc.text, c, doc.expected)
    return figures


def _gold_value(gold: GoldValue) -> str:
    if gold.value_low is not None:
        return f"{gold.value_low}–{gold.value_high} {gold.unit}"
    return f"{gold.value} {gold.unit}"


def _count_candidate(
    figures: GoldFigures, doc_id: str, text: str, c: Candidate, expected: Sequence[GoldValue]
) -> None:
    matching = {g.property for g in expected if g.property in c.properties and at_value(c, g)}
    q = c.quantity
    if not matching:
        figures.noise += 1
        figures.noisy.append(f"{doc_id}: {_shown(text, q.start, q.end)} [{c.cue_text}]")
    if not c.decisive:
        return
    if c.cues[0] in matching:
        figures.decisive_right += 1
    elif matching:
        figures.decisive_wrong_property += 1
        figures.wrong.append(f"{doc_id}: {c.cues[0]} {_shown(text, q.start, q.end)}")
    else:
        figures.decisive_unexpected += 1
        figures.unexpected.append(f"{doc_id}: {c.cues[0]} {_shown(text, q.start, q.end)}")


def print_gold(figures: GoldFigures, seconds: float, show: int) -> None:
    recall = figures.recalled / figures.expected if figures.expected else 0.0
    print(f"gold: {figures.expected} expected values, {seconds:.2f} s")
    print(f"  candidate recall     {figures.recalled}/{figures.expected} = {recall:.3f}")
    print(f"  unblocked candidates {figures.unblocked}")
    print(f"  noise (unblocked, at no expected value) {figures.noise}")
    print(
        f"  decisive: right {figures.decisive_right}, wrong property "
        f"{figures.decisive_wrong_property}, at no expected value {figures.decisive_unexpected}"
    )
    _examples("missed", figures.missed, show)
    _examples("noise", figures.noisy, show)
    _examples("decisive with the wrong property", figures.wrong, show)
    _examples("decisive at no expected value", figures.unexpected, show)


def _examples(title: str, lines: list[str], show: int) -> None:
    if show and lines:
        print(f"  {title}:")
        for line in lines[:show]:
            print(f"    {line}")


# --- corpora --------------------------------------------------------------------------


@dataclass
class CorpusFigures:
    """Counts over a corpus's gold yields; the lists hold contexts for ``--show``."""

    documents: int = 0
    yields: int = 0
    unblocked: int = 0
    decisive: int = 0
    other_unblocked: int = 0
    other_decisive: int = 0
    absent: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    undecided: list[str] = field(default_factory=list)
    others: list[str] = field(default_factory=list)


def _settled_yield(c: Candidate) -> bool:
    return c.decisive and c.cues[0] == "reaction_yield"


def measure_corpus(documents: Sequence[CorpusDocument]) -> CorpusFigures:
    """For each gold yield with offsets: the percentage candidate printed over it."""
    figures = CorpusFigures()
    for doc in documents:
        figures.documents += 1
        found = [c for c in find_candidates(doc.text, SCHEMA) if c.quantity.unit == "%"]
        starts = [y.start for y in doc.yields if y.start is not None]
        for start in starts:
            figures.yields += 1
            here = [c for c in found if c.quantity.start <= start < c.quantity.end]
            _count_yield(figures, doc.text, start, here[0] if here else None)
        for c in found:
            if c.blocked is not None or any(c.quantity.start <= s < c.quantity.end for s in starts):
                continue
            figures.other_unblocked += 1
            figures.other_decisive += _settled_yield(c)
            mark = "decisive, " if _settled_yield(c) else ""
            shown = _shown(doc.text, c.quantity.start, c.quantity.end)
            figures.others.append(f"{shown} [{mark}{c.cue_text}]")
    return figures


def _count_yield(figures: CorpusFigures, text: str, start: int, c: Candidate | None) -> None:
    if c is None:
        figures.absent.append(_shown(text, start, start + 1))
        return
    shown = _shown(text, c.quantity.start, c.quantity.end)
    if c.blocked is not None:
        figures.blocked.append(f"{shown} [{c.blocked}]")
        return
    figures.unblocked += 1
    if _settled_yield(c):
        figures.decisive += 1
    else:
        figures.undecided.append(f"{shown} [{c.cue_text}]")


def print_corpus(name: str, figures: CorpusFigures, seconds: float, show: int) -> None:
    print(f"{name}: {figures.documents} documents, {figures.yields} gold yields, {seconds:.2f} s")
    print(f"  unblocked candidate at the yield  {figures.unblocked}/{figures.yields}")
    print(f"  decisive reaction_yield at it     {figures.decisive}/{figures.yields}")
    print(
        f"  other unblocked % candidates {figures.other_unblocked} "
        f"(of them decisive yields {figures.other_decisive})"
    )
    _examples("no candidate", figures.absent, show)
    _examples("blocked", figures.blocked, show)
    _examples("sent, not decisive", figures.undecided, show)
    _examples("other unblocked %", figures.others, show)


def _corpus_documents(name: CorpusName, split: str, root: Path | None) -> list[CorpusDocument]:
    if split == "all":
        return load_corpus(name, root)
    return load_split(name, cast(Split, split), SPLITS_DIR, root)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    # no ``choices``: argparse checks an empty ``*`` list against them and refuses it
    parser.add_argument("sets", nargs="*", help="gold (default), chemu, chemrxn")
    parser.add_argument("--split", choices=[*SPLITS, "all"], default="dev")
    parser.add_argument("--corpora", type=Path, default=None, help="default MOLEXTRACT_CORPORA")
    parser.add_argument("--show", type=int, default=0, help="examples of each kind to print")
    args = parser.parse_args(argv)
    unknown = set(args.sets) - {"gold", "chemu", "chemrxn"}
    if unknown:
        parser.error(f"unknown sets: {', '.join(sorted(unknown))}")
    for name in args.sets or ["gold"]:
        began = time.perf_counter()
        if name == "gold":
            gold = measure_gold()
            print_gold(gold, time.perf_counter() - began, args.show)
            continue
        documents = _corpus_documents(name, args.split, args.corpora)
        began = time.perf_counter()
        figures = measure_corpus(documents)
        print_corpus(f"{name} ({args.split})", figures, time.perf_counter() - began, args.show)


if __name__ == "__main__":
    main()
