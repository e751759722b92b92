"""Split long texts into sentence-aligned, token-budgeted, overlapping chunks.

Offsets stay relative to the whole document so evidence found in any chunk
points into the original text. Short texts are one chunk and cost one count.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass

from molextract.engines.base import estimate_tokens

TokenCounter = Callable[[str], int]

# Abbreviations after which a full stop does not end a sentence in chemistry prose.
_ABBREVIATIONS = frozenset(
    [
        "e.g",
        "i.e",
        "ca",
        "approx",
        "m.p",
        "mp",
        "b.p",
        "bp",
        "fig",
        "figs",
        "eq",
        "eqs",
        "ref",
        "refs",
        "no",
        "nos",
        "vs",
        "et",
        "al",
        "calcd",
        "anal",
        "found",
        "cf",
        "resp",
        "temp",
        "conc",
        "min",
        "max",
        "ph",
        "me",
        "et",
        "pr",
        "bu",
        "vol",
        "wt",
        "mol",
        "sol",
        "aq",
        "sat",
        "dr",
        "prof",
        "lit",
        "m.pt",
        "b.pt",
        "conc",
        "approx",
        "dec",
        "decomp",
        "resp",
    ]
)
_BOUNDARY = re.compile(r"[.!?][\"'”’)\]]*\s+(?=[\"'“‘(\[]?[A-Z0-9])|\n\s*\n")
_UNIT_BEFORE = re.compile(r"(?:[°º˚]|\d)\s?[CFK]\.$")
_WORD_BEFORE = re.compile(r"(?:^|[\s(\[])([A-Za-z][A-Za-z.]*)\.$")
#: A question mark standing alone between two formulas is a glyph the text lost (``CH ?
#: C02Et`` for a triple bond, an arrow, a dot), not the end of a question.
_LOST_GLYPH = re.compile(r"(?<![\w)\]])[A-Z][A-Za-z0-9()]{0,8} \? [A-Z][A-Za-z]*\d")


@dataclass(frozen=True, slots=True)
class Chunk:
    index: int
    start: int
    end: int
    text: str


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """Spans covering ``text`` end to end, each a sentence plus its trailing space."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _BOUNDARY.finditer(text):
        head = text[start : match.start() + 1]
        word = _WORD_BEFORE.search(head)
        unit = _UNIT_BEFORE.search(head)  # "130° C." ends a sentence; "J. C." does not
        paragraph = "\n\n" in match.group(0).replace("\r", "")
        abbreviated = word and not unit and _is_abbreviation(word.group(1))
        if abbreviated and not paragraph and match.group(0)[0] == ".":
            continue
        if not paragraph and _LOST_GLYPH.search(text, max(0, match.start() - 12), match.end() + 12):
            continue
        spans.append((start, match.end()))
        start = match.end()
    if start < len(text):
        spans.append((start, len(text)))
    return spans


def _is_abbreviation(word: str) -> bool:
    lowered = word.lower().rstrip(".")
    return lowered in _ABBREVIATIONS or len(lowered) == 1


def chunk_text(
    text: str,
    budget: int,
    count_tokens: TokenCounter = estimate_tokens,
    overlap: int = 1,
    boundaries: Collection[int] = (),
) -> list[Chunk]:
    """Pack whole sentences into chunks of at most ``budget`` tokens, ``overlap`` shared.

    ``boundaries`` are offsets where sections start (from the XML readers): a chunk
    that is at least half full ends there rather than straddling two sections, and a
    chunk that starts a section repeats nothing of the previous one.
    """
    if count_tokens(text) <= budget:
        return [Chunk(0, 0, len(text), text)]
    pieces = _fit_pieces(text, budget, count_tokens)
    starts = set(boundaries)
    chunks: list[Chunk] = []
    i = 0
    while i < len(pieces):
        j, used = i, 0
        while j < len(pieces) and (j == i or used + pieces[j][2] <= budget):
            if j > i and pieces[j][0] in starts and used >= budget // 2:
                break
            used += pieces[j][2]
            j += 1
        start, end = pieces[i][0], pieces[j - 1][1]
        chunks.append(Chunk(len(chunks), start, end, text[start:end]))
        if j >= len(pieces):
            break
        back = min(overlap, j - i - 1)
        if pieces[j][0] in starts or sum(p[2] for p in pieces[j - back : j]) > budget // 2:
            back = 0
        i = j - back
    return chunks


def _fit_pieces(text: str, budget: int, count_tokens: TokenCounter) -> list[tuple[int, int, int]]:
    """Sentences with their token cost; a sentence over budget is cut at whitespace."""
    pieces: list[tuple[int, int, int]] = []
    for start, end in sentence_spans(text):
        cost = count_tokens(text[start:end])
        if cost <= budget:
            pieces.append((start, end, cost))
            continue
        parts = -(-cost // budget) + 1
        step = max(1, (end - start) // parts)
        cut = start
        while cut < end:
            stop = min(end, cut + step)
            space = text.rfind(" ", cut + 1, stop) if stop < end else -1
            if space > cut:
                stop = space + 1
            pieces.append((cut, stop, count_tokens(text[cut:stop])))
            cut = stop
    return pieces
