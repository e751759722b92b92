"""Patent paragraphs of the ORD demo files, as JSON Lines for ``molextract run``.

    python bench/ord_paragraphs.py --corpora $MOLEXTRACT_CORPORA --out ord.jsonl
    .venv/bin/molextract run ord.jsonl -s molecular_properties -o ord.out.jsonl

The public repository ``qai222/LLM_organic_synthesis`` keeps, besides the ORD file the
corpora benchmark scores (``USPTO-n100k-t2048_exp1-COT.json``), two demonstration files
of USPTO paragraphs with their reactions' inputs (``demo_apps/dash_app/assets/
data1000_v2.json`` and ``data50_v2_test.json``). They hold no products and no yields,
so nothing here is scored: the paragraphs are development text, read by eye. Every
paragraph of the scored file, dev or test, is left out (by reaction id and by text),
so this set never overlaps the USPTO/ORD test split.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

REPOSITORY = "LLM_organic_synthesis"
SCORED = "workplace_data/datasets/USPTO-n100k-t2048_exp1-COT.json"
DEMOS = (
    "demo_apps/dash_app/assets/data1000_v2.json",
    "demo_apps/dash_app/assets/data50_v2_test.json",
)


def paragraphs(root: Path) -> list[dict[str, str]]:
    """The demo paragraphs no scored document shares, each once, in file order."""
    scored = json.loads((root / SCORED).read_text("utf-8"))
    ids = {doc["reaction_id"] for doc in scored}
    texts = {doc["procedure_text"].strip() for doc in scored}
    kept: dict[str, str] = {}
    for name in DEMOS:
        for item in json.loads((root / name).read_text("utf-8")):
            text = item["input_text"].strip()
            rid = item["reaction_id"]
            if rid in ids or text in texts or rid in kept:
                continue
            kept[rid] = text
    return [{"id": rid, "text": text} for rid, text in kept.items()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--corpora",
        type=Path,
        default=os.environ.get("MOLEXTRACT_CORPORA"),
        help="folder holding a copy of LLM_organic_synthesis (default $MOLEXTRACT_CORPORA)",
    )
    parser.add_argument("--out", type=Path, required=True, help="JSON Lines file to write")
    args = parser.parse_args()
    if args.corpora is None:
        parser.error("give --corpora or set MOLEXTRACT_CORPORA")
    root = Path(args.corpora) / REPOSITORY
    missing = [p for p in (SCORED, *DEMOS) if not (root / p).is_file()]
    if missing:
        parser.error(f"not found under {root}: {', '.join(missing)}")
    found = paragraphs(root)
    with args.out.open("w", encoding="utf-8") as out:
        for item in found:
            out.write(json.dumps(item, ensure_ascii=False) + "\n")
    print(f"{len(found)} paragraphs written to {args.out}")


if __name__ == "__main__":
    main()
