"""Split the gold documents of tests/data/tables/gold.jsonl into dev and test.

The split is by document, and it follows what the developers saw:
- ``INSPECTED``: real documents whose tables were opened while the table reader was
  written (an earlier split had them in dev). They stay in ``dev``: a test figure on
  a document the code was tuned on would say nothing.
- ``NO_SEPARATORS``: tables copied from web pages as plain text with no cell
  separators at all (cells joined by single spaces, or one cell per line). No reader
  can tell their columns apart, and the issue's text tables are `` | ``- or
  tab-separated, so they are listed apart (``unsupported``) and scored apart.
- A document repeating another one's article in a second format (``SAME_ARTICLE``)
  follows that document, so one article never sits in both splits.
- Every other real document is held out: ``test``. Written tables are ``dev``.
- ``LATER_DEV``: real documents added after the held-out split was fixed. They always
  go to ``dev`` (even without cell separators), so adding documents never changes the
  ``test`` and ``unsupported`` lists.

The seed orders the lists only. Run: ``python tests/data/tables/make_splits.py``.
"""

import json
import random
from pathlib import Path

SEED = 20261127
HERE = Path(__file__).resolve().parent
#: Documents holding the same article as another document (in another format): id -> that id.
SAME_ARTICLE = {
    "html:scielo:0103-5053.20210086": "jats:S0103-50532021001001956",
    "text:PMC4013668-table2-spaces": "text:PMC4013668-table2",
}
INSPECTED = frozenset(
    {
        "jats:S0103-50532021001001956",
        "text:PMC4013668-table2",
        "text:PMC5324042-table5",
        "text:PMC7428224-table2",
        "text:PMC8159994-table2",
        "uspto:US06982059B2",
        "uspto:US08088834B2",
        "uspto:US20110039701A1",
    }
)
#: Real documents added after the split was fixed: always dev (see the module docstring).
LATER_DEV = frozenset(
    {
        "text:PMC4013668-table2-spaces",
        "text:PMC4902021-table5",
        "text:PMC4902021-table9",
        "text:PMC6257047-table1",
        "text:PMC6780267-table2",
        "text:PMC7404249-table5",
        "text:PMC8072660-table1",
        "text:PMC8400704-table1",
        "text:PMC9898528-table2",
        "text:scirep-s41598-024-56559-4-table1",
    }
)
NO_SEPARATORS = frozenset(
    {
        "text:PMC7428224-table2",
        "text:PMC7957628-table3",
        "text:PMC8677722-table10",
        "text:PMC9963890-table3",
        "text:hindawi-jchem-2013-280585-table3",
    }
)


def main() -> None:
    lines = (HERE / "gold.jsonl").read_text(encoding="utf-8").splitlines()
    docs = [json.loads(line) for line in lines if line.strip()]
    cells = {d["id"]: len(d["expected"]) for d in docs}
    split: dict[str, list[str]] = {"dev": [], "test": [], "unsupported": []}
    for doc_id in sorted(cells):
        original = SAME_ARTICLE.get(doc_id, doc_id)
        if doc_id in LATER_DEV:
            split["dev"].append(doc_id)
        elif original in NO_SEPARATORS:
            split["unsupported"].append(doc_id)
        elif doc_id.startswith("written:") or original in INSPECTED:
            split["dev"].append(doc_id)
        else:
            split["test"].append(doc_id)
    for ids in split.values():
        random.Random(SEED).shuffle(ids)
        ids.sort()
    out = {"seed": SEED, **split}
    (HERE / "splits.json").write_text(
        json.dumps(out, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    for name, ids in split.items():
        print(f"{name}: {len(ids)} documents, {sum(cells[i] for i in ids)} cells")


if __name__ == "__main__":
    main()
