"""Fixed dev/test splits of the corpora, by document, kept as committed id lists.

Tuning on a corpus and scoring on the same text measures the tuning, not the product.
So each corpus is split once, with a fixed seed, half into ``dev`` (look at it, tune
on it) and half into ``test`` (score it only when a change is finished), and the id
lists are committed: the split never moves when a loader changes or a corpus file is
re-downloaded, and a missing id says the local copy differs.

The unit of the split is the document's ``split_unit``: a ChemRxnExtractor passage,
whose segments share context and must not straddle the two halves; the document
elsewhere. Each list is written in a shuffled order, so its first N ids are a random
sample of the split (``--limit N`` in the benchmark).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from molextract.errors import InputError
from molextract.evaluation.corpora.documents import CorpusDocument, CorpusName

Split = Literal["dev", "test"]
SPLITS: tuple[Split, ...] = ("dev", "test")
#: The seed every committed list was made with (issue 21).
SEED = 21


def split_ids(documents: Sequence[CorpusDocument], seed: int = SEED) -> dict[Split, list[str]]:
    """Half the split units (rounded up) to dev, the rest to test; each list shuffled.

    Deterministic for the same documents whatever order they come in: units and ids are
    sorted before they are shuffled.
    """
    units = sorted({doc.split_unit for doc in documents})
    rng = random.Random(seed)
    rng.shuffle(units)
    dev_units = set(units[: (len(units) + 1) // 2])
    dev = sorted(doc.id for doc in documents if doc.split_unit in dev_units)
    test = sorted(doc.id for doc in documents if doc.split_unit not in dev_units)
    rng.shuffle(dev)
    rng.shuffle(test)
    return {"dev": dev, "test": test}


def split_path(directory: Path, corpus: CorpusName, split: Split) -> Path:
    return directory / f"{corpus}.{split}.txt"


def write_splits(
    directory: Path, corpus: CorpusName, documents: Sequence[CorpusDocument], seed: int = SEED
) -> dict[Split, list[str]]:
    """Write ``<corpus>.dev.txt`` and ``<corpus>.test.txt``, one id a line."""
    directory.mkdir(parents=True, exist_ok=True)
    lists = split_ids(documents, seed)
    for split, ids in lists.items():
        split_path(directory, corpus, split).write_text("".join(f"{i}\n" for i in ids))
    return lists


def read_split(directory: Path, corpus: CorpusName, split: Split) -> list[str]:
    path = split_path(directory, corpus, split)
    if not path.is_file():
        raise InputError(f"split list not found: {path} (bench/data/corpus_splits holds them)")
    return [line.strip() for line in path.read_text().splitlines() if line.strip()]


def select(
    documents: Sequence[CorpusDocument], ids: Sequence[str], *, source: str = "the split list"
) -> list[CorpusDocument]:
    """The documents of ``ids``, in that order; an id the corpus lacks is an error (the
    local copy is not the one the lists were made from)."""
    by_id = {doc.id: doc for doc in documents}
    missing = [i for i in ids if i not in by_id]
    if missing:
        raise InputError(
            f"{len(missing)} id(s) of {source} are not in the corpus, e.g. {missing[0]!r}: "
            "the local copy differs from the one the split was made from"
        )
    return [by_id[i] for i in ids]
