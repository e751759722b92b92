"""Every candidate value of the gold set and the decision code takes on it, without the model.

    .venv/bin/python bench/gold_forms.py [--gold tests/data/gold/gold.jsonl] [--output FILE]
    .venv/bin/python bench/gold_forms.py --check tests/data/gold/forms.json

Work on the text path (cue tables, the table path, the properties' declarations) can
change what code decides about a value before any model sees it: whether it is a
candidate at all, which properties it may be and which cues name it, why it is
blocked, whether its property is named outright, whether a table the table path
claims swallows it, and which compound a form of the writing gives it (and so whether
it is recorded with no model call). Scores on the gold set only move when such a
change reaches a record the model also gets right; this lists every decision, value
by value, so a change is seen where it happens.

``tests/data/gold/forms.json`` is this script's output for the code before the table
path (commit 20f61e1); ``tests/extraction/test_gold_forms.py`` recomputes it with the
code checked out and compares. To remake the snapshot after a change meant to move
decisions: run this script with ``--output tests/data/gold/forms.json`` and review the
diff value by value.

It runs on older checkouts too (``PYTHONPATH=<worktree>/src``): a checkout without
``extraction/tables.py`` claims no table, so ``in_claimed_table`` is false there.
The decisions are computed whatever ``MOLEXTRACT_SETTLE_BY_RULE`` says: the setting
only chooses whether a settled value skips the model, not what the rules decide.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from molextract.evaluation import load_gold
from molextract.extraction import anchored
from molextract.extraction.candidates import Candidate, find_candidates
from molextract.extraction.chunking import Chunk
from molextract.extraction.entries import Entry, read_entries
from molextract.extraction.label_table import LabelTable, build_label_table
from molextract.extraction.mentions import Mention
from molextract.extraction.whose import Site, by_form
from molextract.ingest.document import Document
from molextract.schemas import get_schema
from molextract.schemas.spec import SchemaSpec

ROOT = Path(__file__).resolve().parents[1]
GOLD = ROOT / "tests" / "data" / "gold" / "gold.jsonl"
SNAPSHOT = ROOT / "tests" / "data" / "gold" / "forms.json"
SCHEMA = "molecular_properties"

#: One value's decisions, as JSON.
Form = dict[str, Any]


def _table_reader() -> Callable[[Document, SchemaSpec], list[Any]] | None:
    """``tables.read_tables`` where the checkout has a table path, else None (older code
    claims no table: every value is the text path's)."""
    try:
        module = importlib.import_module("molextract.extraction.tables")
    except ModuleNotFoundError:
        return None
    reader: Callable[[Document, SchemaSpec], list[Any]] | None = getattr(
        module, "read_tables", None
    )
    return reader


def _claimed(doc: Document, schema: SchemaSpec) -> list[tuple[int, int]]:
    """The spans of the tables the table path reads; the text path skips values there."""
    reader = _table_reader()
    if reader is None:
        return []
    spans: list[tuple[int, int]] = []
    for reading in reader(doc, schema):
        start, end = reading.claimed
        spans.append((int(start), int(end)))
    return spans


def _site(text: str, table: LabelTable, entries: list[Entry], candidate: Candidate) -> Site:
    """The site ``Pipeline._plan`` builds for a candidate (same label table and entries)."""
    decisive = candidate.cues[0] if candidate.decisive and candidate.cues else None
    return Site(text, candidate.quantity.start, candidate.quantity.end, table, entries, decisive)


def _mention(mention: Mention | None) -> dict[str, Any] | None:
    if mention is None:
        return None
    return {
        "name": mention.name,
        "label": mention.label,
        "start": mention.start,
        "end": mention.end,
        "grounded": mention.grounded,
    }


def key(form: Form) -> str:
    """A value's key: its document and offsets (unique: a candidate is one quantity)."""
    return f"{form['doc']}@{form['start']}-{form['end']}"


def document_forms(doc: Document, schema: SchemaSpec) -> list[Form]:
    """Every candidate of ``doc`` with what code decides about it, in text order.

    ``settled`` goes through ``anchored.settled`` as the pipeline does (one plan per
    value: the chunk plays no part in the decision); ``form`` is ``whose.by_form``, the
    compound and rule that decide a record's compound before any model answer is used,
    kept for every unblocked value, settled or not.
    """
    text = doc.text
    candidates = find_candidates(text, schema)
    claimed = _claimed(doc, schema)
    table = build_label_table(text)
    site_of = partial(_site, text, table, read_entries(text, table))
    whole = Chunk(0, 0, len(text), text)
    out: list[Form] = []
    for candidate in candidates:
        q = candidate.quantity
        form: Form = {
            "doc": doc.id,
            "start": q.start,
            "end": q.end,
            "text": text[q.start : q.end],
            "value": q.value,
            "low": q.low,
            "high": q.high,
            "unit": q.unit,
            "properties": list(candidate.properties),
            "cues": list(candidate.cues),
            "blocked": candidate.blocked,
            "decisive": candidate.decisive,
            "sentence": list(candidate.sentence),
            "pressure": candidate.pressure,
            "in_claimed_table": any(a <= q.start < b for a, b in claimed),
            "settled": None,
            "form": None,
        }
        if candidate.blocked is None:
            _, done = anchored.settled(anchored.ChunkPlan(whole, [candidate]), site_of, schema)
            form["settled"] = bool(done)
            decision = by_form(site_of(candidate))
            if decision is not None:
                form["form"] = {"rule": decision.source, **(_mention(decision.mention) or {})}
        out.append(form)
    return out


def gold_forms(gold: Path = GOLD, schema_name: str = SCHEMA) -> dict[str, Form]:
    """Every gold candidate's decisions by ``key``, in document and text order."""
    schema = get_schema(schema_name)
    forms: dict[str, Form] = {}
    for item in load_gold(gold):
        for form in document_forms(Document(item.id, item.text), schema):
            k = key(form)
            if k in forms:
                raise ValueError(f"two candidates at {k}")
            forms[k] = form
    return dict(sorted(forms.items(), key=lambda kv: (kv[1]["doc"], kv[1]["start"], kv[1]["end"])))


def dump(forms: dict[str, Form], schema_name: str = SCHEMA) -> str:
    """The snapshot's text: one line per value, in document and text order, so a diff of
    the file reads value by value; keys sorted within each value so it is stable."""
    lines = [
        f"  {json.dumps(k, ensure_ascii=False)}: {json.dumps(form, ensure_ascii=False, sort_keys=True)}"
        for k, form in forms.items()
    ]
    head = f'{{\n "schema": {json.dumps(schema_name)},\n "values": {{\n'
    return head + ",\n".join(lines) + "\n }\n}\n"


def load(path: Path = SNAPSHOT) -> dict[str, Form]:
    """A snapshot's values by ``key``."""
    values: dict[str, Form] = json.loads(path.read_text(encoding="utf-8"))["values"]
    return values


def diff(reference: dict[str, Form], current: dict[str, Form]) -> list[str]:
    """What changed, value by value: the document, the value as printed and where, and
    each decision before and after; values only one side has are listed as such."""
    out: list[str] = []
    order = sorted(
        reference.keys() | current.keys(),
        key=lambda k: (
            (reference.get(k) or current[k])["doc"],
            (reference.get(k) or current[k])["start"],
        ),
    )
    for k in order:
        old, new = reference.get(k), current.get(k)
        form = old or new
        assert form is not None
        where = f"{form['doc']}: {form['text']!r} at {form['start']}-{form['end']}"
        if old is None:
            out.append(f"{where}: new candidate {_brief(current[k])}")
        elif new is None:
            out.append(f"{where}: no longer a candidate (was {_brief(old)})")
        elif old != new:
            fields = sorted(old.keys() | new.keys())
            changed = [
                f"    {f}: {_show(old.get(f))} -> {_show(new.get(f))}"
                for f in fields
                if old.get(f) != new.get(f)
            ]
            out.append("\n".join([f"{where}:", *changed]))
    return out


def _show(value: Any) -> str:
    """A decision as the snapshot prints it (JSON, keys sorted): old and new read alike."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _brief(form: Form) -> str:
    shown = ("properties", "cues", "blocked", "settled", "form")
    return " ".join(f"{name}={_show(form[name])}" for name in shown)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--gold", type=Path, default=GOLD)
    parser.add_argument("--schema", default=SCHEMA)
    parser.add_argument("--output", type=Path, help="write here (default: stdout)")
    parser.add_argument(
        "--check", type=Path, help="compare with this snapshot instead of writing one"
    )
    args = parser.parse_args(argv)
    forms = gold_forms(args.gold, args.schema)
    if args.check is not None:
        changes = diff(load(args.check), forms)
        print("\n".join(changes) or f"all {len(forms)} values as in {args.check}")
        return 1 if changes else 0
    text = dump(forms, args.schema)
    if args.output is None:
        sys.stdout.write(text)
    else:
        args.output.write_text(text, encoding="utf-8")
    settled = sum(1 for f in forms.values() if f["settled"])
    blocked = sum(1 for f in forms.values() if f["blocked"] is not None)
    claimed = sum(1 for f in forms.values() if f["in_claimed_table"])
    table_path = "yes" if _table_reader() is not None else "no"
    print(
        f"{len(forms)} values in {len({f['doc'] for f in forms.values()})} documents: "
        f"{blocked} blocked, {settled} settled by rule, {claimed} in claimed tables "
        f"(table path: {table_path})",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
