"""Collect the compound names molextract gave on the real corpora, for the junk test.

    .venv/bin/python bench/corpus_names.py DIR [DIR ...] [--out tests/data/corpus_outputs/compound_names.json]

Each ``DIR`` is an ``--out`` folder of ``bench_corpora.py`` (``<corpus>.<split>.jsonl``).
The corpora's texts may not be redistributed and are not in CI, but the names the
extraction kept are short facts; committing them lets CI check every one of them with
the project's own junk rules (``tests/evaluation/test_corpus_names.py``), so a change
to those rules is checked against real output, not only against written cases.
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path

from molextract.schemas import DocumentResult

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "corpus_outputs" / "compound_names.json"


def collect(folders: list[Path]) -> dict[str, list[str]]:
    """``{"chemu.dev": [names…], …}``: every record's compound name, sorted, once each."""
    found: dict[str, set[str]] = {}
    for folder in folders:
        for path in sorted(folder.glob("*.jsonl")):
            parts = path.name.split(".")
            if len(parts) != 3 or parts[2] != "jsonl":
                continue  # "<corpus>.<split>.timing.jsonl" and others
            names = found.setdefault(f"{parts[0]}.{parts[1]}", set())
            for line in path.read_text(encoding="utf-8").splitlines():
                if not line.strip():
                    continue
                result = DocumentResult.model_validate_json(line)
                names.update(r.compound.name for r in result.records if r.compound.name)
    return {key: sorted(names) for key, names in sorted(found.items())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    names = collect(args.folders)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT
    ).stdout.strip()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps({"code": commit, "names": names}, indent=1, ensure_ascii=False) + "\n",
        encoding="utf-8",
    )
    for key, values in names.items():
        print(f"{key}: {len(values)} names")
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
