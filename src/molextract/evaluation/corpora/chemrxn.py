"""ChemRxnExtractor's role-labelled passages (``jiangfeng1124/ChemRxnExtractor``, MIT).

CoNLL-like: a ``#\\tpassage=…\\tsegment=…`` line opens each segment, then one token per
line with one BIO label column per reaction (``B-Prod``, ``I-Yield``, ``B-Reactants``,
…), and a blank line between segments. The text is the tokens joined by single spaces,
as tokenised PDF text comes (``( 84 and 40 % , respectively )``), offsets kept per token.

Each reaction column ties its yields to its product, so every yield is scored as a
pair: the yield's span and its product mention. Only yields that state a percentage or
a bare number are scored (``84 %``, ``84``, ``10-15 %``); ``low``, ``significant
quantities``, ``56 mg`` and ``77 : 23`` are noted and skipped. A yield span labelled in
several columns is one gold yield; ``_products`` says whose it is then.

Only ``train.txt`` and ``dev.txt`` are read; ``test.txt`` is kept for independent
measurement and never opened here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from molextract.errors import InputError
from molextract.evaluation.corpora.documents import (
    CorpusDocument,
    GoldYield,
    Mention,
    Note,
    corpus_file,
    parse_yield,
)

REPOSITORY = "jiangfeng1124/ChemRxnExtractor"
FILES = {"train": "tests/data/role/train.txt", "dev": "tests/data/role/dev.txt"}


@dataclass(frozen=True, slots=True)
class _Span:
    role: str
    first: int
    last: int  # exclusive, in tokens


def load(root: Path | None = None) -> list[CorpusDocument]:
    """The segments of train.txt then dev.txt, pooled (the split is by passage)."""
    documents: list[CorpusDocument] = []
    for part, relative in FILES.items():
        documents.extend(read(corpus_file(root, REPOSITORY, relative), part))
    return documents


def read(path: Path, part: str) -> Iterator[CorpusDocument]:
    """The segments of one file; ids ``chemrxn-<part>-<passage>-<segment>``, with
    ``#<n>`` appended to a repeated one."""
    seen: dict[str, int] = {}
    for header, rows, line_number in _segments(path):
        fields = dict(f.split("=", 1) for f in header.split("\t")[1:] if "=" in f)
        passage = fields.get("passage", f"line{line_number}")
        base = f"chemrxn-{part}-{passage}-{fields.get('segment', '')}"
        seen[base] = seen.get(base, 0) + 1
        doc_id = base if seen[base] == 1 else f"{base}#{seen[base]}"
        yield _document(doc_id, f"{part}:{passage}", rows, path, line_number)


def _segments(path: Path) -> Iterator[tuple[str, list[list[str]], int]]:
    header: str | None = None
    rows: list[list[str]] = []
    start = 0
    with path.open(encoding="utf-8") as handle:
        for number, raw in enumerate(handle, start=1):
            line = raw.rstrip("\n").rstrip("\r")
            if line.startswith("#\t") or line == "#":
                if header is not None:
                    yield header, rows, start
                header, rows, start = line, [], number
            elif line.strip():
                if header is None:
                    raise InputError(f"{path}:{number}: a token before any '#' header line")
                rows.append(line.split("\t"))
    if header is not None:
        yield header, rows, start


def _document(
    doc_id: str, group: str, rows: list[list[str]], path: Path, line_number: int
) -> CorpusDocument:
    offsets: list[tuple[int, int]] = []
    position = 0
    for row in rows:
        offsets.append((position, position + len(row[0])))
        position += len(row[0]) + 1
    text = " ".join(row[0] for row in rows)
    columns = max((len(row) - 1 for row in rows), default=0)
    notes: list[Note] = []
    if any(len(row) - 1 != columns for row in rows):
        notes.append(Note("ragged_columns", f"{path}:{line_number}: rows differ in columns"))

    def mention(span: _Span) -> Mention:
        start, end = offsets[span.first][0], offsets[span.last - 1][1]
        return Mention(text[start:end], start, end)

    columns_of: dict[_Span, list[int]] = {}
    products_of: dict[int, list[_Span]] = {}
    for column in range(1, columns + 1):
        spans = _spans([row[column] if column < len(row) else "O" for row in rows])
        products_of[column] = [s for s in spans if s.role == "Prod"]
        for span in (s for s in spans if s.role == "Yield"):
            if parse_yield(mention(span).text) is None:
                if span not in columns_of:
                    notes.append(Note("non_numeric_yield", mention(span).text))
                columns_of.setdefault(span, [])
                continue
            columns_of.setdefault(span, []).append(column)
    yields: list[GoldYield] = []
    for span, owners in sorted(columns_of.items(), key=lambda item: item[0].first):
        if not owners:
            continue
        stated = mention(span)
        value, low, high = parse_yield(stated.text) or (0.0, None, None)
        chosen = _owners(span, owners, columns_of, products_of)
        products = sorted({p for c in chosen for p in products_of[c]}, key=lambda p: p.first)
        if len(owners) > 1:
            names = ", ".join(mention(p).text for p in products)
            notes.append(
                Note(
                    "shared_yield", f"{stated.text!r} labelled in {len(owners)} reactions: {names}"
                )
            )
        yields.append(
            GoldYield(
                value,
                stated.text,
                stated.start,
                stated.end,
                tuple(mention(p) for p in products),
                low,
                high,
                reaction=chosen[0],
            )
        )
    all_products = sorted(
        {p for spans in products_of.values() for p in spans}, key=lambda p: p.first
    )
    return CorpusDocument(
        id=doc_id,
        corpus="chemrxn",
        text=text,
        yields=tuple(yields),
        products=tuple(mention(p) for p in all_products),
        group=group,
        notes=tuple(notes),
    )


def _owners(
    span: _Span,
    owners: list[int],
    columns_of: dict[_Span, list[int]],
    products_of: dict[int, list[_Span]],
) -> list[int]:
    """The reaction column(s) a yield belongs to (their products are the yield's).

    A column with one yield ties it to its product. But the annotators often labelled
    every yield of a sentence in every reaction's column (``7a (22 %) and 7b (8 %)``,
    ``A and B in 56 and 31 % yields, respectively``), and then the columns do not say
    which is whose. The text does: one yield the columns share is all their products'
    (``5 and 6 , both in > 95 % yield``); several, as many as the columns, pair in the
    order of the columns' products (``respectively``); otherwise each is the yield of the
    reaction whose product is named nearest before it (the first, when none is before).
    """
    columns = sorted((c for c in owners if products_of[c]), key=lambda c: products_of[c][0].first)
    if len(owners) == 1 or not columns:
        return owners[:1]
    shared = sorted((s for s, o in columns_of.items() if o == owners), key=lambda s: s.first)
    if len(shared) == 1:
        return columns
    if len(shared) == len(columns):
        return [columns[shared.index(span)]]
    before = [(p.first, c) for c in columns for p in products_of[c] if p.last <= span.first]
    return [max(before)[1] if before else columns[0]]


def _spans(labels: list[str]) -> list[_Span]:
    """BIO labels to spans; an ``I-`` without its ``B-`` opens a span (lenient, as the
    corpus's own reader is)."""
    spans: list[_Span] = []
    current: _Span | None = None
    for index, label in enumerate(labels):
        prefix, _, role = label.partition("-")
        if prefix == "I" and current is not None and current.role == role:
            current = _Span(role, current.first, index + 1)
            spans[-1] = current
        elif prefix in ("B", "I") and role:
            current = _Span(role, index, index + 1)
            spans.append(current)
        else:
            current = None
    return spans
