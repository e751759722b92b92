"""Split the gold documents of tests/data/tables/gold.jsonl into dev and test.

Real documents (every id that does not start with ``written:``) are split by
document: their sorted ids are shuffled with ``random.Random(SEED)`` and taken
in that order, each going to the split that holds fewer real annotated cells so
far (``dev`` on a tie), so that both splits get about half of the real cells
(documents differ a lot in size: 3 to 114 cells).  A document that repeats
another one's article in a second format (``SAME_ARTICLE``) is left out of the
shuffle and follows that document, so one article never sits in both splits.
Written tables all go to ``dev``.  Run from anywhere: ``python tests/data/tables/make_splits.py``.
"""

import json
import random
from pathlib import Path

SEED = 20261127
HERE = Path(__file__).resolve().parent
#: Documents holding the same article as another document (in another format): id -> that id.
SAME_ARTICLE = {"html:scielo:0103-5053.20210086": "jats:S0103-50532021001001956"}


def main() -> None:
    docs = [json.loads(line) for line in (HERE / "gold.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    cells = {d["id"]: len(d["expected"]) for d in docs}
    written = sorted(i for i in cells if i.startswith("written:"))
    real = sorted(i for i in cells if not i.startswith("written:") and i not in SAME_ARTICLE)
    random.Random(SEED).shuffle(real)
    dev_real: list[str] = []
    test_real: list[str] = []
    for doc_id in real:
        dev_cells = sum(cells[i] for i in dev_real)
        test_cells = sum(cells[i] for i in test_real)
        (dev_real if dev_cells <= test_cells else test_real).append(doc_id)
    for twin, original in sorted(SAME_ARTICLE.items()):
        if twin in cells:
            (dev_real if original in dev_real else test_real).append(twin)
    dev, test = sorted(dev_real) + written, sorted(test_real)
    out = {"seed": SEED, "dev": dev, "test": test}
    (HERE / "splits.json").write_text(json.dumps(out, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(
        f"dev {len(dev)} ({len(dev_real)} real with {sum(cells[i] for i in dev_real)} cells, {len(written)} written), "
        f"test {len(test)} (real, {sum(cells[i] for i in test_real)} cells)"
    )


if __name__ == "__main__":
    main()
