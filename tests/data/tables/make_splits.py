"""Split the gold documents of tests/data/tables/gold.jsonl into dev and test.

Real documents (every id that does not start with ``written:``) are split by
document: their sorted ids are shuffled with ``random.Random(SEED)`` and the
first half (rounded up) goes to ``dev``, the rest to ``test``.  Written tables
all go to ``dev``.  Run from anywhere: ``python tests/data/tables/make_splits.py``.
"""

import json
import random
from pathlib import Path

SEED = 20261127
HERE = Path(__file__).resolve().parent


def main() -> None:
    ids = [json.loads(line)["id"] for line in (HERE / "gold.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    written = sorted(i for i in ids if i.startswith("written:"))
    real = sorted(i for i in ids if not i.startswith("written:"))
    random.Random(SEED).shuffle(real)
    half = (len(real) + 1) // 2
    dev, test = sorted(real[:half]) + written, sorted(real[half:])
    out = {"seed": SEED, "dev": dev, "test": test}
    (HERE / "splits.json").write_text(json.dumps(out, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"dev {len(dev)} ({len(dev) - len(written)} real, {len(written)} written), test {len(test)}")


if __name__ == "__main__":
    main()
