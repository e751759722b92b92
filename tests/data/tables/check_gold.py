"""Check tests/data/tables/gold.jsonl and print the counts table used in README.md.

Checks: every line is JSON; every file exists; every expected value names a
built-in property and carries exactly one of ``value`` or
``value_low``/``value_high``; splits.json covers every id once.
Run: ``python tests/data/tables/check_gold.py``.
"""

import json
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROPERTIES = (
    "melting_point",
    "boiling_point",
    "solubility",
    "logP",
    "logD",
    "reaction_yield",
    "density",
)
UNITS = {"°C", "K", "%", "g/L", "mg/mL", "mol/L", "M", "µg/mL", "g/cm³", "g/mL", None}


def main() -> None:
    docs = [
        json.loads(line)
        for line in (HERE / "gold.jsonl").read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    splits = json.loads((HERE / "splits.json").read_text(encoding="utf-8"))
    ids = [d["id"] for d in docs]
    assert len(ids) == len(set(ids)), "duplicate ids"
    assert sorted(splits["dev"] + splits["test"] + splits.get("unsupported", [])) == sorted(ids), (
        "splits do not cover the ids exactly once"
    )
    split_of = {i: s for s in ("dev", "test", "unsupported") for i in splits.get(s, [])}
    cells = defaultdict(Counter)
    tables = Counter()
    for d in docs:
        assert (HERE / d["file"]).is_file(), d["file"]
        kind = d["id"].split(":", 1)[0]
        tables[kind, split_of[d["id"]]] += len({e["table"] for e in d["expected"]})
        for e in d["expected"]:
            assert e["property"] in PROPERTIES, e
            assert ("value" in e) != ("value_low" in e or "value_high" in e), e
            if "value_low" in e:
                assert e["value_low"] <= e["value_high"], e
            assert e["unit"] in UNITS, e
            assert (e["unit"] is None) == (e["property"] in ("logP", "logD")), e
            cells[kind, split_of[d["id"]]][e["property"]] += 1
    header = ["source", "split", "documents", "tables", *PROPERTIES, "total"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for kind, split in sorted(cells):
        n_docs = sum(
            1 for d in docs if d["id"].split(":", 1)[0] == kind and split_of[d["id"]] == split
        )
        row = [cells[kind, split][p] for p in PROPERTIES]
        print(
            f"| {kind} | {split} | {n_docs} | {tables[kind, split]} | "
            + " | ".join(map(str, row))
            + f" | {sum(row)} |"
        )
    total = [sum(cells[k][p] for k in cells) for p in PROPERTIES]
    print(
        f"| all | | {len(docs)} | {sum(tables.values())} | "
        + " | ".join(map(str, total))
        + f" | {sum(total)} |"
    )


if __name__ == "__main__":
    main()
