"""Scoring pipeline results on the corpora: yields found, and whose the pipeline says they are.

A yield record matches a gold yield when it points at the same place in the text: its
value span (``evidence.value_start/value_end``) overlaps the gold's span (ChEMU,
ChemRxnExtractor). The ORD records give no offsets, so there the value must equal the
gold percentage (±0.05). Each gold yield and each record is matched at most once; a
record left over is a false positive. Only ``accepted`` and ``flagged`` records count,
as only they reach a user's output file.

A matched yield is associated right when the record's compound is one of the gold
yield's product mentions:

- by name or label, compared after folding case, spaces, dashes, surrounding
  punctuation and a leading "the" (``compound``/``example`` before a label is dropped
  too, so ``compound 2l`` is ``2l`` and ``Example 12`` is ``12``);
- or by place: the record's compound offsets overlap a product mention's.

ChEMU also annotates the snippet's EXAMPLE_LABEL (``Example 194``), which is not a
product mention. A record that names its compound by that label counts as right only
when the snippet says the label is the product's: a product mention is "the title
compound", or a product mention follows the label directly (a heading
``Example 194 3-Isobutyl-…-dione``). A label of a starting material
(``compound from Example 243A``) is never the EXAMPLE_LABEL, so it never counts.

Association is reported over matched yields (is the compound right when the value is
found?) and over all gold yields (pairs right / gold pairs: ChemRxnExtractor's
"yield–product pairs right"). The silver ORD records often "name" the product by what
the text called it where the yield stands: ``solid``, ``foam``, ``title compound``,
``the desired product``, or nothing. No record can name that product rightly, so a
third figure counts only the matched yields whose gold names its product
(``names_the_product``: a mention that is neither a description ``junk_reason``
refuses nor only words for a kind of compound, or a label tied to the product). Across all records, those without any compound and those
whose compound name ``junk_reason`` refuses are counted too.

Only documents that have a result are scored (a benchmark killed half-way is scored on
what it finished); the others are listed in ``missing_results``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from molextract.evaluation.corpora.documents import CorpusDocument, GoldYield, Mention
from molextract.evaluation.scoring import normalize_name
from molextract.extraction.chemical_names import is_generic_name
from molextract.extraction.junk_compounds import junk_reason
from molextract.extraction.labels import LABEL
from molextract.schemas.records import DocumentResult, Record

YIELD_PROPERTY = "reaction_yield"
#: How far a value may be from an ORD percentage (printed with one decimal at most).
VALUE_TOLERANCE = 0.05
_SLACK = 1e-9


@dataclass(frozen=True, slots=True)
class YieldMiss:
    doc_id: str
    gold: GoldYield


@dataclass(frozen=True, slots=True)
class WrongAssociation:
    """A found yield whose record names another compound (or none)."""

    doc_id: str
    gold: GoldYield
    name: str | None
    label: str | None


@dataclass(frozen=True, slots=True)
class FalsePositive:
    doc_id: str
    value: float | None
    start: int | None
    end: int | None
    quote: str


@dataclass(frozen=True, slots=True)
class JunkName:
    doc_id: str
    name: str
    reason: str


@dataclass
class CorpusScores:
    """Counts over the scored documents; rates are None when their denominator is 0."""

    documents: int
    documents_scored: int
    gold_yields: int = 0
    yield_records: int = 0
    matched: int = 0
    associated: int = 0
    #: Matched yields whose gold names its product, and how many of those are right.
    matched_named: int = 0
    associated_named: int = 0
    records: int = 0
    records_without_compound: int = 0
    seconds: float = 0.0
    model_calls: int = 0
    #: Matched yields by how their compound was decided (``compound.source``, ``none``
    #: when it has none) and whether it is right: which rule, or the model, errs.
    sources: Counter[tuple[str, bool]] = field(default_factory=Counter)
    #: The same, for the matched yields whose gold names its product.
    sources_named: Counter[tuple[str, bool]] = field(default_factory=Counter)
    missing_results: list[str] = field(default_factory=list)
    junk_names: list[JunkName] = field(default_factory=list)
    misses: list[YieldMiss] = field(default_factory=list)
    wrong_associations: list[WrongAssociation] = field(default_factory=list)
    false_positives: list[FalsePositive] = field(default_factory=list)

    @property
    def recall(self) -> float | None:
        return _rate(self.matched, self.gold_yields)

    @property
    def precision(self) -> float | None:
        return _rate(self.matched, self.yield_records)

    @property
    def association_matched(self) -> float | None:
        """Right compounds of the yields found."""
        return _rate(self.associated, self.matched)

    @property
    def association_all(self) -> float | None:
        """Yield–product pairs right of all gold pairs."""
        return _rate(self.associated, self.gold_yields)

    @property
    def association_named(self) -> float | None:
        """Right compounds of the yields found whose gold names the product."""
        return _rate(self.associated_named, self.matched_named)

    @property
    def seconds_per_document(self) -> float | None:
        return self.seconds / self.documents_scored if self.documents_scored else None

    @property
    def model_calls_per_value(self) -> float | None:
        """Model calls per yield record produced."""
        return self.model_calls / self.yield_records if self.yield_records else None

    def summary(self) -> dict[str, float | int | None]:
        """The figures, for a JSON file or a table."""
        return {
            "documents": self.documents_scored,
            "gold_yields": self.gold_yields,
            "yield_records": self.yield_records,
            "matched": self.matched,
            "recall": self.recall,
            "precision": self.precision,
            "associated": self.associated,
            "association_matched": self.association_matched,
            "association_all": self.association_all,
            "matched_named": self.matched_named,
            "associated_named": self.associated_named,
            "association_named": self.association_named,
            "records": self.records,
            "records_without_compound": self.records_without_compound,
            "junk_compound_names": len(self.junk_names),
            "seconds_per_document": self.seconds_per_document,
            "model_calls": self.model_calls,
            "model_calls_per_value": self.model_calls_per_value,
        }


def _rate(numerator: int, denominator: int) -> float | None:
    return numerator / denominator if denominator else None


def score_corpus(
    documents: Sequence[CorpusDocument],
    results: Mapping[str, DocumentResult],
    *,
    include_rejected: bool = False,
) -> CorpusScores:
    """Score ``results`` (by document id) against the gold of ``documents``."""
    scores = CorpusScores(documents=len(documents), documents_scored=0)
    for doc in documents:
        result = results.get(doc.id)
        if result is None:
            scores.missing_results.append(doc.id)
            continue
        scores.documents_scored += 1
        scores.seconds += result.usage.seconds
        scores.model_calls += result.usage.model_calls
        records = [
            r for r in result.records if include_rejected or r.status in ("accepted", "flagged")
        ]
        _count_compounds(scores, doc.id, records)
        yields = sorted((r for r in records if r.property == YIELD_PROPERTY), key=_record_position)
        scores.gold_yields += len(doc.yields)
        scores.yield_records += len(yields)
        used: set[int] = set()
        for gold in doc.yields:
            index = _best_record(gold, yields, used)
            if index is None:
                scores.misses.append(YieldMiss(doc.id, gold))
                continue
            used.add(index)
            scores.matched += 1
            record = yields[index]
            named = names_the_product(gold, doc)
            scores.matched_named += named
            right = is_associated(record, gold, doc)
            scores.sources[(record.compound.source or "none", right)] += 1
            if named:
                scores.sources_named[(record.compound.source or "none", right)] += 1
            if right:
                scores.associated += 1
                scores.associated_named += named
            else:
                scores.wrong_associations.append(
                    WrongAssociation(doc.id, gold, record.compound.name, record.compound.label)
                )
        scores.false_positives.extend(
            FalsePositive(
                doc.id,
                record.value,
                record.evidence.value_start,
                record.evidence.value_end,
                record.evidence.quote,
            )
            for index, record in enumerate(yields)
            if index not in used
        )
    return scores


def _count_compounds(scores: CorpusScores, doc_id: str, records: Sequence[Record]) -> None:
    for record in records:
        scores.records += 1
        name, label = record.compound.name, record.compound.label
        if not (name and name.strip()) and not (label and label.strip()):
            scores.records_without_compound += 1
        elif name:
            reason = junk_reason(name)
            if reason is not None:
                scores.junk_names.append(JunkName(doc_id, name, reason))


def _record_position(record: Record) -> int:
    evidence = record.evidence
    for position in (evidence.value_start, evidence.start):
        if position is not None:
            return position
    return -1


# --- yields ---------------------------------------------------------------------------


def _overlap(start: int | None, end: int | None, gold: GoldYield) -> int:
    if start is None or end is None or gold.start is None or gold.end is None:
        return 0
    return max(0, min(end, gold.end) - max(start, gold.start))


def _same_value(record: Record, gold: GoldYield) -> bool:
    def close(a: float, b: float) -> bool:
        return abs(a - b) <= VALUE_TOLERANCE + _SLACK

    if record.value is not None and close(record.value, gold.value):
        return True
    if record.value_low is None or record.value_high is None:
        return False
    if gold.low is not None and gold.high is not None:
        return close(record.value_low, gold.low) and close(record.value_high, gold.high)
    return close(record.value_low, gold.value) and close(record.value_high, gold.value)


def _best_record(gold: GoldYield, records: Sequence[Record], used: set[int]) -> int | None:
    """The unused record that states this gold yield: by place where the gold has one
    (the widest overlap of the value span; a record without one may match by its quote
    and the same value), else the first with the same value."""
    best: tuple[int, int] | None = None  # (overlap, index)
    for index, record in enumerate(records):
        if index in used:
            continue
        evidence = record.evidence
        if gold.start is None:
            if _same_value(record, gold):
                return index
            continue
        if evidence.value_start is not None:
            overlap = _overlap(evidence.value_start, evidence.value_end, gold)
        elif _same_value(record, gold) and _overlap(evidence.start, evidence.end, gold):
            overlap = 1
        else:
            overlap = 0
        if overlap and (best is None or overlap > best[0]):
            best = (overlap, index)
    return None if best is None else best[1]


# --- association ----------------------------------------------------------------------

_ENCLOSING = {"(": ")", "[": "]", "{": "}", '"': '"', "'": "'", "“": "”", "‘": "’"}
_LEADING_WORD = re.compile(
    r"(?:title[d]?\s+(?=compound|product))?"
    r"(?:example|ex\.|compound|cpd\.?|product|entry|no\.|intermediate|int\.)\s+"
)
_TITLE = frozenset(
    {"title compound", "title product", "titled compound", "title compounds", "titled product"}
)
#: At most this much punctuation and space between a label and the heading's name.
_HEADING_GAP = re.compile(r"[\s:.,;)\]-]{0,4}")


def name_key(text: str) -> str:
    """A name folded for comparison: case, spaces, dashes, a leading "the", and
    surrounding quotes or brackets (``(2l)`` is ``2l``)."""
    key = normalize_name(text)
    while len(key) > 1 and key[0] in _ENCLOSING and key[-1] == _ENCLOSING[key[0]]:
        key = key[1:-1].strip(" .,;:")
    key = key.strip("\"'“”‘’`")
    return key[4:] if key.startswith("the ") else key


def _keys(text: str | None) -> set[str]:
    """The name key and, for a label, the key without ``compound``/``example``."""
    if not text:
        return set()
    key = name_key(text)
    return {k for k in (key, _LEADING_WORD.sub("", key, count=1)) if k}


def _mention_keys(mentions: Sequence[Mention]) -> set[str]:
    return {key for mention in mentions for key in _keys(mention.text)}


def _overlaps(record: Record, mentions: Sequence[Mention]) -> bool:
    start, end = record.compound.start, record.compound.end
    if start is None or end is None:
        return False
    return any(
        m.start is not None and m.end is not None and start < m.end and m.start < end
        for m in mentions
    )


def labels_naming_product(doc: CorpusDocument) -> tuple[Mention, ...]:
    """The EXAMPLE_LABEL mentions the snippet ties to its product (see the module
    docstring): all of them when a product is "the title compound", else those a
    product mention directly follows."""
    if not doc.labels:
        return ()
    if any(name_key(p.text) in _TITLE for p in doc.products):
        return doc.labels
    return tuple(
        label
        for label in doc.labels
        if label.end is not None
        and any(
            p.start is not None
            and p.start >= label.end
            and _HEADING_GAP.fullmatch(doc.text[label.end : p.start])
            for p in doc.products
        )
    )


def names_the_product(gold: GoldYield, doc: CorpusDocument) -> bool:
    """Whether the gold gives its product a name or a label a record could say."""
    if labels_naming_product(doc):
        return True
    return any(
        re.fullmatch(LABEL, m.text.strip("() "))
        or (junk_reason(m.text) is None and not is_generic_name(name_key(m.text)))
        for m in gold.products
    )


def is_associated(record: Record, gold: GoldYield, doc: CorpusDocument) -> bool:
    """The record's compound is the gold yield's product, by name, label or place."""
    wanted = list(gold.products) + list(labels_naming_product(doc))
    said = _keys(record.compound.name) | _keys(record.compound.label)
    return bool(said & _mention_keys(wanted)) or _overlaps(record, wanted)
