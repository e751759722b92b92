"""What every corpus loader yields: one typed document with its gold yields and products.

The three corpora annotate differently (token indices in a CSV, BIO columns, an Open
Reaction Database record), and the scorer should not know any of that. So each loader
turns its format into the same ``CorpusDocument``: the text as the pipeline will see it,
the yields with their character offsets where the corpus has them, and the product
mentions each yield belongs to. What a loader had to skip or could not reconcile is kept
as a ``Note`` on the document, to be counted and reported, never silently dropped and
never a crash.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from molextract.config import get_settings
from molextract.errors import InputError

CorpusName = Literal["chemu", "chemrxn", "uspto"]
CORPUS_NAMES: tuple[CorpusName, ...] = ("chemu", "chemrxn", "uspto")


class CorpusFileNotFoundError(InputError):
    """A corpus file is not where ``MOLEXTRACT_CORPORA`` (or the given root) says."""


@dataclass(frozen=True, slots=True)
class Mention:
    """A stretch of the text (``text[start:end] == text`` when offsets are known), or a
    name the corpus gives without offsets (the ORD records)."""

    text: str
    start: int | None = None
    end: int | None = None


@dataclass(frozen=True, slots=True)
class GoldYield:
    """One annotated yield and the product(s) it is the yield of.

    ``value`` is the percentage; a range (``60 − 90 %``) has ``low``/``high`` and its
    middle as ``value`` (ranges are matched by span only). ``products`` are the mentions
    a record's compound may be to count as right; ``reaction`` is ChemRxnExtractor's
    label column the pair comes from.
    """

    value: float
    text: str
    start: int | None
    end: int | None
    products: tuple[Mention, ...]
    low: float | None = None
    high: float | None = None
    reaction: int | None = None


@dataclass(frozen=True, slots=True)
class Note:
    """Something a loader skipped or could not reconcile (``kind`` is for counting)."""

    kind: str
    detail: str


@dataclass(frozen=True, slots=True)
class CorpusDocument:
    """One scored unit of a corpus.

    ``group`` is what a split keeps together (a ChemRxnExtractor passage, whose segments
    must not straddle dev and test); it is the id itself elsewhere. ``labels`` are
    ChEMU's EXAMPLE_LABEL mentions, kept apart from the products.
    """

    id: str
    corpus: CorpusName
    text: str
    yields: tuple[GoldYield, ...]
    products: tuple[Mention, ...]
    labels: tuple[Mention, ...] = ()
    group: str = ""
    notes: tuple[Note, ...] = ()

    @property
    def split_unit(self) -> str:
        return self.group or self.id


def corpus_file(root: Path | None, repository: str, relative: str) -> Path:
    """The local copy of ``relative`` in ``repository`` (``owner/name``), laid out as
    ``<root>/<name>/<relative>``; ``root`` defaults to ``MOLEXTRACT_CORPORA``.

    The corpora are never shipped (their licences forbid it), so a missing file is the
    usual first-run failure: the message names the file and what to set.
    """
    base = root if root is not None else get_settings().corpora
    name = repository.split("/")[-1]
    hint = (
        f"(set MOLEXTRACT_CORPORA to the folder holding local copies of {repository} "
        f"and the other corpora, laid out as <repository name>/<path in the repository>)"
    )
    if base is None:
        raise CorpusFileNotFoundError(f"corpus file not found: {name}/{relative} {hint}")
    path = Path(base) / name / relative
    if not path.is_file():
        raise CorpusFileNotFoundError(f"corpus file not found: {path} {hint}")
    return path


_NUMBER = r"\d+(?:\.\d+)?"
_YIELD = re.compile(
    rf"(?:[<>≤≥~≈]\s*)?(?P<low>{_NUMBER})(?:\s*[-‐‑–—−~]\s*(?P<high>{_NUMBER}))?\s*%?"
)
_EDGES = " \t\n([{)]}.,;:"


def parse_yield(text: str) -> tuple[float, float | None, float | None] | None:
    """``(value, low, high)`` of a yield as printed (``42%``, ``(88 %)``, ``84``,
    ``10-15 %``), or None when it holds no number or more than one (``low``,
    ``quantitative``, ``77 : 23``, ``56 mg``): only stated percentages can be scored."""
    match = _YIELD.fullmatch(text.strip(_EDGES))
    if match is None:
        return None
    low = float(match["low"])
    if match["high"] is None:
        return low, None, None
    high = float(match["high"])
    return (low + high) / 2, low, high
