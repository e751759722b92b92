"""Real annotated corpora as a development set: loaders, fixed splits and a scorer.

The project's own gold set was written alongside the code that reads it; these corpora
were not (issue 21). Three public corpora are read from local copies (never shipped:
their licences forbid it), each turned into ``CorpusDocument``s with gold yields and
the products they belong to:

- ``chemu``: ChEMU 2020 Task 1 training snippets (patents, hand-annotated);
- ``chemrxn``: ChemRxnExtractor's train and dev passages (journal PDFs, hand-annotated);
- ``uspto``: USPTO procedures with Open Reaction Database records (machine-mined: silver).

``load_split`` gives a committed split's documents in list order; ``score_corpus``
scores pipeline results against them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from molextract.evaluation.corpora import chemrxn, chemu, uspto_ord
from molextract.evaluation.corpora.documents import (
    CORPUS_NAMES,
    CorpusDocument,
    CorpusFileNotFoundError,
    CorpusName,
    GoldYield,
    Mention,
    Note,
)
from molextract.evaluation.corpora.scoring import CorpusScores, score_corpus
from molextract.evaluation.corpora.splits import (
    SEED,
    SPLITS,
    Split,
    read_split,
    select,
    split_ids,
    write_splits,
)

__all__ = [
    "CORPUS_NAMES",
    "SEED",
    "SPLITS",
    "CorpusDocument",
    "CorpusFileNotFoundError",
    "CorpusName",
    "CorpusScores",
    "GoldYield",
    "Mention",
    "Note",
    "Split",
    "load_corpus",
    "load_split",
    "read_split",
    "score_corpus",
    "split_ids",
    "write_splits",
]

LOADERS: dict[CorpusName, Callable[[Path | None], list[CorpusDocument]]] = {
    "chemu": chemu.load,
    "chemrxn": chemrxn.load,
    "uspto": uspto_ord.load,
}


def load_corpus(name: CorpusName, root: Path | None = None) -> list[CorpusDocument]:
    """Every document of a corpus, from ``root`` (default ``MOLEXTRACT_CORPORA``)."""
    return LOADERS[name](root)


def load_split(
    name: CorpusName, split: Split, splits_dir: Path, root: Path | None = None
) -> list[CorpusDocument]:
    """The documents of a committed split, in the list's (random) order."""
    ids = read_split(splits_dir, name, split)
    return select(load_corpus(name, root), ids, source=f"{name}.{split}")
