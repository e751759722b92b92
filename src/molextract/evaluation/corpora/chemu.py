"""ChEMU 2020 Task 1 training set, as re-exported to CSV in ``asibanez/ChemBERT_Chemu``.

One row per patent reaction snippet: ``Text``, and per entity type a column of its
mentions joined by spaces plus a ``<TYPE>-tag`` column of ``start,end`` whitespace-token
index pairs (end exclusive). The original annotation tokenised punctuation apart, the
re-export did not: token ``(42%`` holds the mention ``42%``. So each mention is cut out
of its token span by the mention string the plain column gives (the longest run of the
column's words the span contains); a span whose text the column does not give is kept
with its punctuation stripped and noted as a disagreement. A mention the plain column
has and the tags lack (nine yields, e.g.) is searched for in the text and kept when it
stands there once; otherwise it is noted. Every entity type is checked this way, the
unscored ones too, so the notes count every disagreement of the file.

Gold yields are the YIELD_PERCENT mentions that hold a number (``quantitative`` is
noted and skipped); ChEMU does not tie yields to products, so every REACTION_PRODUCT
mention of the snippet is a right compound for each of its yields. EXAMPLE_LABEL
mentions are kept apart (``labels``): the scorer decides when a label names the product.
"""

from __future__ import annotations

import csv
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from molextract.evaluation.corpora.documents import (
    CorpusDocument,
    GoldYield,
    Mention,
    Note,
    corpus_file,
    parse_yield,
)

REPOSITORY = "asibanez/ChemBERT_Chemu"
TRAIN = "text-classification/data/annotations/02_patent_style/ann_chemu_train"

_TOKEN = re.compile(r"\S+")
#: Entity types the scorer does not use; their mentions are only checked.
_CHECKED_ONLY = (
    "OTHER_COMPOUND", "REAGENT_CATALYST", "SOLVENT", "STARTING_MATERIAL", "TEMPERATURE",
    "STEP", "TIME", "YIELD_OTHER",
)  # fmt: skip


def load(root: Path | None = None) -> list[CorpusDocument]:
    """Every snippet of the training file, ids ``chemu-train-0001`` … by row."""
    return list(read(corpus_file(root, REPOSITORY, TRAIN)))


def read(path: Path) -> Iterator[CorpusDocument]:
    """The documents of one file in the re-export's CSV form."""
    csv.field_size_limit(sys.maxsize)  # a snippet with many mentions overflows the default
    with path.open(newline="", encoding="utf-8") as handle:
        for number, row in enumerate(csv.DictReader(handle), start=1):
            yield _document(f"chemu-train-{number:04d}", row)


def _document(doc_id: str, row: dict[str, str]) -> CorpusDocument:
    text = row.get("Text") or ""
    tokens = [(m.start(), m.end()) for m in _TOKEN.finditer(text)]
    notes: list[Note] = []

    def mentions(kind: str) -> list[Mention]:
        found, problems, glued, located = _mentions(
            text, tokens, row.get(f"{kind}-tag") or "", row.get(kind) or ""
        )
        notes.extend(Note("mention_mismatch", f"{kind}: {p}") for p in problems)
        notes.extend(Note("glued_token", f"{kind}: {p}") for p in glued)
        notes.extend(Note("found_by_search", f"{kind}: {p}") for p in located)
        return found

    products = tuple(mentions("REACTION_PRODUCT"))
    labels = tuple(mentions("EXAMPLE_LABEL"))
    for kind in _CHECKED_ONLY:
        mentions(kind)  # not scored, but a disagreement in the file is worth knowing
    yields: list[GoldYield] = []
    for mention in mentions("YIELD_PERCENT"):
        parsed = parse_yield(mention.text)
        if parsed is None:
            notes.append(Note("non_numeric_yield", mention.text))
            continue
        value, low, high = parsed
        yields.append(
            GoldYield(value, mention.text, mention.start, mention.end, products, low, high)
        )
    return CorpusDocument(
        id=doc_id,
        corpus="chemu",
        text=text,
        yields=tuple(sorted(yields, key=lambda y: y.start or 0)),
        products=products,
        labels=labels,
        notes=tuple(notes),
    )


def _mentions(
    text: str, tokens: list[tuple[int, int]], tags: str, plain: str
) -> tuple[list[Mention], list[str], list[str], list[str]]:
    """The mentions of one entity type, in the tag column's order; then what did not
    agree with the plain column, the tokens glued to more than their mention
    (``53%)(hereinafter``), and the mentions the plain column has without tags, found by
    searching the text.

    The plain column is not always in the tags' order, so each span takes the longest
    run of words of the column not taken yet that it contains (the earliest of equals).
    """
    numbers = [int(n) for n in tags.split(",") if n.strip()]
    problems: list[str] = []
    glued: list[str] = []
    located: list[str] = []
    if len(numbers) % 2:
        problems.append(f"odd number of token indices {tags!r}")
        numbers.pop()
    words = plain.split()
    taken = [False] * len(words)
    found: list[Mention] = []
    for first, last in zip(numbers[::2], numbers[1::2], strict=True):
        if not 0 <= first < last <= len(tokens):
            problems.append(f"token span {first},{last} outside the {len(tokens)} tokens")
            continue
        start, end = tokens[first][0], tokens[last - 1][1]
        span = text[start:end]
        run = _longest_run(words, taken, span)
        if run is None:
            mention = _stripped(span, start)
            problems.append(f"span {span!r} is not in the plain column {plain[:80]!r}")
        else:
            piece = " ".join(words[run[0] : run[1]])
            taken[run[0] : run[1]] = [True] * (run[1] - run[0])
            offset = start + span.find(piece)
            mention = Mention(piece, offset, offset + len(piece))
            if any(char.isalnum() for char in span.replace(piece, " ", 1)):
                glued.append(f"span {span!r} holds more than the mention {piece!r}")
        found.append(mention)
    for left in _untaken(words, taken):
        searched = _search(text, left, found)
        if searched is None:
            problems.append(f"plain column has more than the tags give: {left[:80]!r}")
        else:
            found.append(searched)
            located.append(f"{left!r} has no tags; found by search at {searched.start}")
    return found, problems, glued, located


def _longest_run(words: list[str], taken: list[bool], span: str) -> tuple[int, int] | None:
    """Word indices ``(i, j)`` of the longest run of untaken words that ``span`` holds."""
    best: tuple[int, int] | None = None
    for i in range(len(words)):
        j = i
        while j < len(words) and not taken[j] and " ".join(words[i : j + 1]) in span:
            j += 1
        if j > i and (best is None or j - i > best[1] - best[0]):
            best = (i, j)
    return best


def _untaken(words: list[str], taken: list[bool]) -> list[str]:
    """The runs of words no span took, each one text."""
    runs: list[str] = []
    current: list[str] = []
    for word, used in zip(words, taken, strict=True):
        if used:
            if current:
                runs.append(" ".join(current))
            current = []
        else:
            current.append(word)
    if current:
        runs.append(" ".join(current))
    return runs


def _search(text: str, wanted: str, found: list[Mention]) -> Mention | None:
    """The one place ``wanted`` stands in ``text`` as whole words, outside the mentions
    already found; None when there is none or more than one."""
    pattern = re.compile(rf"(?<![\w.]){re.escape(wanted)}(?!\w)")
    taken = [(m.start or 0, m.end or 0) for m in found]
    places = [
        m
        for m in pattern.finditer(text)
        if not any(m.start() < e and s < m.end() for s, e in taken)
    ]
    if len(places) != 1:
        return None
    return Mention(wanted, places[0].start(), places[0].end())


def _stripped(span: str, start: int) -> Mention:
    """A token span without the punctuation the original tokenisation kept apart:
    ``(42%`` → ``42%``, ``(LXXVI)`` → ``LXXVI``, ``heptane).`` → ``heptane``; brackets
    that belong to the name stay (``(S)-alanine``, ``…-dione (racemate)``)."""
    left, right = 0, len(span)
    while right - left > 1:
        first, last = span[left], span[right - 1]
        if first in _PAIRS and last == _PAIRS[first] and _balanced(span[left + 1 : right - 1]):
            left, right = left + 1, right - 1
        elif (first in _PAIRS and not _balanced(span[left:right])) or first in "\"'":
            left += 1
        elif (last in _PAIRS.values() and not _balanced(span[left:right])) or last in "\"'.,;:":
            right -= 1
        else:
            break
    return Mention(span[left:right], start + left, start + right)


_PAIRS = {"(": ")", "[": "]", "{": "}"}


def _balanced(piece: str) -> bool:
    return all(piece.count(opening) == piece.count(closing) for opening, closing in _PAIRS.items())
