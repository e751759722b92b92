"""Scoring extraction results against a gold set, and tables of the outcome for a terminal.

A value counts as found when the property agrees and the number agrees after both
sides are converted to SI: a paper's "266 °F" and a model's "130 °C" are the same
measurement, and scoring the spelling instead of the quantity would punish a correct
extraction. The compound is compared too, but a right value under a wrong or missing
compound name still counts as found (and is reported as a compound mismatch): names
vary far more than values, and the value is what the extraction is for.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from rich.table import Table
from rich.text import Text

from molextract.chem import analyze_smiles, normalize_unit, to_si
from molextract.evaluation.gold import GoldDocument, GoldValue
from molextract.schemas.records import DocumentResult, Record, Status, format_value

#: Default relative tolerance on SI values: forgives rounding, not a different number.
DEFAULT_TOLERANCE = 0.01
#: Below this (in SI units) two values are equal whatever the relative tolerance says,
#: so a logP of 0 can match 0.0 reported with float noise.
DEFAULT_ABS_TOLERANCE = 1e-6
#: Error codes that mean the engine's answer could not be used as JSON of the schema.
SCHEMA_FAILURE_CODES = frozenset({"invalid_output", "generation_truncated"})

_FLOAT_SLACK = 1e-9

_COUNTED: frozenset[Status] = frozenset({"accepted", "flagged"})


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PredictedValue(_Model):
    """The part of a record a reader of misses and false positives needs, without the bulk."""

    compound: str | None
    inchikey: str | None
    property: str
    value: float | None
    value_low: float | None
    value_high: float | None
    unit: str | None
    status: Status
    quote: str

    @classmethod
    def of(cls, record: Record) -> PredictedValue:
        return cls(
            compound=record.compound.name or record.compound.label,
            inchikey=record.compound.inchikey,
            property=record.property,
            value=record.value,
            value_low=record.value_low,
            value_high=record.value_high,
            unit=record.unit,
            status=record.status,
            quote=record.evidence.quote,
        )


class Match(_Model):
    """A gold value found.

    ``compound_match``: the record names the gold's compound (name, label or the same
    structure); None when the gold names no compound. ``structure_match``: the record's
    structure is the gold's (same InChIKey); None when either side has none.
    """

    doc_id: str
    gold: GoldValue
    predicted: PredictedValue
    compound_match: bool | None
    structure_match: bool | None = None


class Miss(_Model):
    doc_id: str
    gold: GoldValue


FalsePositiveReason = Literal["duplicate", "wrong_value", "not_in_gold"]


class FalsePositive(_Model):
    """A prediction no gold value was left for.

    ``reason`` separates failures that need different fixes: ``duplicate`` (its value
    is in the gold, but another prediction took it), ``wrong_value`` (the gold has
    this property in this document, with another value) and ``not_in_gold``.
    """

    doc_id: str
    predicted: PredictedValue
    reason: FalsePositiveReason


class Scores(_Model):
    """Counts and rates; a rate with a zero denominator is 0, so no NaN reaches JSON."""

    gold: int
    predicted: int
    true_positives: int
    false_positives: int
    false_negatives: int
    compound_mismatches: int
    precision: float
    recall: float
    f1: float
    compounds_named: int = 0
    compounds_right: int = 0
    structures_expected: int = 0
    structures_resolved: int = 0
    structures_right: int = 0
    structures_stereo_unspecified: int = Field(
        default=0,
        description="Right structures (counted in structures_right) drawn without the "
        "stereochemistry the gold gives: same skeleton, no stereo layer.",
    )

    compound_association: float | None = Field(
        default=None,
        description="Found values whose compound is right, of those where the gold names one.",
    )
    structure_share: float | None = Field(
        default=None,
        description="Found values with a structure, of those whose gold compound has one.",
    )
    structure_accuracy: float | None = Field(
        default=None, description="Structures equal to the gold's (InChIKey), of those resolved."
    )


class EvalReport(_Model):
    """Everything one scoring produced, JSON-serialisable with ``model_dump_json()``.

    Rates are None when their denominator is zero (no document scored, no
    prediction), because 0 would claim a failure that was never observed.
    """

    documents: int
    documents_scored: int
    missing_results: list[str]
    extra_results: list[str]
    overall: Scores
    per_property: dict[str, Scores]
    matches: list[Match]
    misses: list[Miss]
    false_positives: list[FalsePositive]
    schema_validity_rate: float | None
    grounding_rate: float | None
    mean_completion_tokens: float | None
    tolerance: float
    abs_tolerance: float
    include_rejected: bool
    properties: list[str] | None


# --- comparing values -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Quantity:
    """A value in SI; a single value has ``low == high`` and ``is_range`` False."""

    low: float
    high: float
    is_range: bool
    unit: str


def _si(value: float, unit: str | None) -> tuple[float, str] | None:
    converted = to_si(value, unit)
    if converted is not None:
        return converted
    # A unit pint cannot read is still comparable with itself, number for number.
    canonical = normalize_unit(unit)
    return (value, f"as stated: {canonical}") if canonical else None


def _quantity(
    value: float | None, low: float | None, high: float | None, unit: str | None
) -> _Quantity | None:
    if low is not None and high is not None:
        si_low, si_high = _si(low, unit), _si(high, unit)
        if si_low is None or si_high is None:
            return None
        return _Quantity(si_low[0], si_high[0], True, si_low[1])
    if value is None:
        return None
    si = _si(value, unit)
    return None if si is None else _Quantity(si[0], si[0], False, si[1])


@dataclass(frozen=True, slots=True)
class _Tolerance:
    relative: float
    absolute: float

    def error(self, predicted: float, gold: float) -> float | None:
        """Distance in units of the allowed distance, or None if too far apart."""
        # The slack keeps the edge inclusive for decimal values: 4.04 - 4.0 is
        # 0.04000000000000004 in binary, which must not count as beyond 1 % of 4.
        allowed = max(self.relative * abs(gold), self.absolute) * (1 + _FLOAT_SLACK)
        distance = abs(predicted - gold)
        return distance / allowed if distance <= allowed else None


def _value_error(gold: _Quantity, predicted: _Quantity, tolerance: _Tolerance) -> float | None:
    # A range is a different claim from its midpoint, so kinds must agree.
    if gold.is_range != predicted.is_range or gold.unit != predicted.unit:
        return None
    low = tolerance.error(predicted.low, gold.low)
    high = tolerance.error(predicted.high, gold.high)
    if low is None or high is None:
        return None
    return low + high


# --- comparing compounds --------------------------------------------------------------

_DASHES = str.maketrans(dict.fromkeys("‐‑‒–—―−﹘﹣－", "-") | dict.fromkeys("′‘’`´", "'"))
_SPACE = re.compile(r"\s+")
_SPACE_AT_DASH = re.compile(r"\s*-\s*")


def normalize_name(name: str) -> str:
    """Fold the typography of a compound name (case, spaces, dash and prime variants:
    ``N′`` and ``N'`` are one locant), nothing else.

    Greek letters stay: α-pinene and β-pinene are different compounds, and turning
    letters into Latin or dropping them would merge them.
    """
    text = unicodedata.normalize("NFKC", name).translate(_DASHES).casefold()
    text = _SPACE_AT_DASH.sub("-", _SPACE.sub(" ", text))
    return text.strip(" .,;:")


@cache
def _inchikey(smiles: str) -> str | None:
    info = analyze_smiles(smiles)
    return info.inchikey if info else None


def _gold_key(gold: GoldValue) -> str | None:
    return _inchikey(gold.smiles) if gold.smiles else None


def _compound_match(gold: GoldValue, record: Record) -> bool | None:
    """The record names the gold's compound: the same structure when both sides have one
    (a right name on a wrong structure is a wrong compound for anyone who searches by
    structure), else the same name or label as written."""
    if gold.compound is None and gold.label is None and gold.smiles is None:
        return None
    gold_key = _gold_key(gold)
    if gold_key and record.compound.inchikey:
        return same_structure(gold_key, record.compound.inchikey)
    wanted = {normalize_name(n) for n in (gold.compound, gold.label) if n is not None}
    names = (record.compound.name, record.compound.label)
    return any(name is not None and normalize_name(name) in wanted for name in names)


#: The middle block of an InChIKey with no stereo (and no isotope) layer.
_NO_STEREO = "UHFFFAOY"


def same_structure(gold_key: str, found_key: str) -> bool:
    """The same InChIKey, or the same skeleton where the found structure says nothing of
    stereochemistry: a dictionary's ``sucrose`` drawn without its stereocentres is
    incomplete, not another compound. A stereo layer that contradicts the gold's is
    wrong."""
    if gold_key == found_key:
        return True
    return gold_key[:14] == found_key[:14] and found_key[15:23] == _NO_STEREO


def _stereo_unspecified(gold_key: str, found_key: str) -> bool:
    return gold_key != found_key and same_structure(gold_key, found_key)


def _structure_match(gold: GoldValue, record: Record) -> bool | None:
    gold_key = _gold_key(gold)
    if gold_key is None or record.compound.inchikey is None:
        return None
    return same_structure(gold_key, record.compound.inchikey)


# --- assignment -----------------------------------------------------------------------

_COMPOUND_RANK = {True: 0, None: 1, False: 2}


@dataclass
class _DocumentOutcome:
    matches: list[Match]
    misses: list[Miss]
    false_positives: list[FalsePositive]


def _record_quantity(record: Record) -> _Quantity | None:
    return _quantity(record.value, record.value_low, record.value_high, record.unit)


def _gold_quantity(gold: GoldValue) -> _Quantity | None:
    return _quantity(gold.value, gold.value_low, gold.value_high, gold.unit)


def _score_document(
    doc_id: str, golds: Sequence[GoldValue], predictions: Sequence[Record], tolerance: _Tolerance
) -> _DocumentOutcome:
    """Greedy one-to-one assignment, best candidate pairs first.

    Pairs are ranked by compound agreement, then by closeness of value, so that two
    compounds with nearly equal melting points are each paired with their own value
    before a near miss can claim it.
    """
    gold_quantities = [_gold_quantity(g) for g in golds]
    predicted_quantities = [_record_quantity(r) for r in predictions]
    candidates: list[tuple[int, float, int, int, bool | None]] = []
    for gi, (gold, gq) in enumerate(zip(golds, gold_quantities, strict=True)):
        for pi, (record, pq) in enumerate(zip(predictions, predicted_quantities, strict=True)):
            if gq is None or pq is None or gold.property != record.property:
                continue
            error = _value_error(gq, pq, tolerance)
            if error is None:
                continue
            agrees = _compound_match(gold, record)
            candidates.append((_COMPOUND_RANK[agrees], error, gi, pi, agrees))
    candidates.sort(key=lambda c: c[:4])
    gold_taken: set[int] = set()
    predicted_taken: set[int] = set()
    value_matched: set[int] = set()
    matches: list[Match] = []
    for _, _, gi, pi, agrees in candidates:
        value_matched.add(pi)
        if gi in gold_taken or pi in predicted_taken:
            continue
        gold_taken.add(gi)
        predicted_taken.add(pi)
        matches.append(
            Match(
                doc_id=doc_id,
                gold=golds[gi],
                predicted=PredictedValue.of(predictions[pi]),
                compound_match=agrees,
                structure_match=_structure_match(golds[gi], predictions[pi]),
            )
        )
    misses = [Miss(doc_id=doc_id, gold=g) for gi, g in enumerate(golds) if gi not in gold_taken]
    gold_properties = {g.property for g in golds}
    false_positives = []
    for pi, record in enumerate(predictions):
        if pi in predicted_taken:
            continue
        reason: FalsePositiveReason = (
            "duplicate"
            if pi in value_matched
            else "wrong_value"
            if record.property in gold_properties
            else "not_in_gold"
        )
        false_positives.append(
            FalsePositive(doc_id=doc_id, predicted=PredictedValue.of(record), reason=reason)
        )
    return _DocumentOutcome(matches, misses, false_positives)


# --- the report -----------------------------------------------------------------------


def _ratio(numerator: int, denominator: int) -> float:
    return numerator / denominator if denominator else 0.0


def _scores(tp: int, fp: int, fn: int, compound_mismatches: int) -> Scores:
    precision = _ratio(tp, tp + fp)
    recall = _ratio(tp, tp + fn)
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return Scores(
        gold=tp + fn,
        predicted=tp + fp,
        true_positives=tp,
        false_positives=fp,
        false_negatives=fn,
        compound_mismatches=compound_mismatches,
        precision=precision,
        recall=recall,
        f1=f1,
    )


def _tally(matches: list[Match], misses: list[Miss], fps: list[FalsePositive]) -> Scores:
    scores = _scores(
        len(matches),
        len(fps),
        len(misses),
        sum(1 for m in matches if m.compound_match is False),
    )
    expected = [m for m in matches if _gold_key(m.gold) is not None]
    named = sum(1 for m in matches if m.compound_match is not None)
    right = sum(1 for m in matches if m.compound_match)
    resolved = sum(1 for m in expected if m.predicted.inchikey is not None)
    same = sum(1 for m in expected if m.structure_match)
    unspecified = sum(
        1
        for m in expected
        if m.structure_match
        and m.predicted.inchikey is not None
        and _stereo_unspecified(_gold_key(m.gold) or "", m.predicted.inchikey)
    )
    return scores.model_copy(
        update={
            "compounds_named": named,
            "compounds_right": right,
            "structures_expected": len(expected),
            "structures_resolved": resolved,
            "structures_right": same,
            "structures_stereo_unspecified": unspecified,
            "compound_association": right / named if named else None,
            "structure_share": resolved / len(expected) if expected else None,
            "structure_accuracy": same / resolved if resolved else None,
        }
    )


def counted_records(result: DocumentResult, *, include_rejected: bool = False) -> list[Record]:
    """The records that count as predictions: a rejected record is one the run disowned."""
    return [r for r in result.records if include_rejected or r.status in _COUNTED]


def score(
    gold_docs: Sequence[GoldDocument],
    results: Mapping[str, DocumentResult],
    *,
    tolerance: float = DEFAULT_TOLERANCE,
    abs_tolerance: float = DEFAULT_ABS_TOLERANCE,
    include_rejected: bool = False,
    properties: Collection[str] | None = None,
) -> EvalReport:
    """Score ``results`` (by document id) against the gold set.

    ``properties`` restricts scoring to those properties on both sides: a run under
    the ``melting_point`` schema should not be charged with missing every yield.
    A gold document without a result counts all its values as misses.
    """
    if tolerance < 0 or abs_tolerance < 0:
        raise ValueError("tolerances must not be negative")
    allowed = set(properties) if properties is not None else None
    limits = _Tolerance(tolerance, abs_tolerance)
    matches: list[Match] = []
    misses: list[Miss] = []
    false_positives: list[FalsePositive] = []
    missing: list[str] = []
    scored: list[DocumentResult] = []
    predictions_total: list[Record] = []
    for doc in gold_docs:
        golds = [g for g in doc.expected if allowed is None or g.property in allowed]
        result = results.get(doc.id)
        if result is None:
            missing.append(doc.id)
            misses.extend(Miss(doc_id=doc.id, gold=g) for g in golds)
            continue
        scored.append(result)
        predictions = [
            r
            for r in counted_records(result, include_rejected=include_rejected)
            if allowed is None or r.property in allowed
        ]
        predictions_total.extend(predictions)
        outcome = _score_document(doc.id, golds, predictions, limits)
        matches.extend(outcome.matches)
        misses.extend(outcome.misses)
        false_positives.extend(outcome.false_positives)

    names = sorted(
        {m.gold.property for m in matches}
        | {m.gold.property for m in misses}
        | {f.predicted.property for f in false_positives}
    )
    per_property = {
        name: _tally(
            [m for m in matches if m.gold.property == name],
            [m for m in misses if m.gold.property == name],
            [f for f in false_positives if f.predicted.property == name],
        )
        for name in names
    }
    gold_ids = {doc.id for doc in gold_docs}
    valid = sum(1 for r in scored if not any(e.code in SCHEMA_FAILURE_CODES for e in r.errors))
    grounded = sum(1 for r in predictions_total if r.checks.grounded)
    tokens = sum(r.usage.completion_tokens for r in scored)
    return EvalReport(
        documents=len(gold_docs),
        documents_scored=len(scored),
        missing_results=missing,
        extra_results=sorted(set(results) - gold_ids),
        overall=_tally(matches, misses, false_positives),
        per_property=per_property,
        matches=matches,
        misses=misses,
        false_positives=false_positives,
        schema_validity_rate=valid / len(scored) if scored else None,
        grounding_rate=grounded / len(predictions_total) if predictions_total else None,
        mean_completion_tokens=tokens / len(scored) if scored else None,
        tolerance=tolerance,
        abs_tolerance=abs_tolerance,
        include_rejected=include_rejected,
        properties=sorted(allowed) if allowed is not None else None,
    )


# --- tables for the terminal ----------------------------------------------------------


def _percent(rate: float | None) -> str:
    return "–" if rate is None else f"{rate:.1%}"


def _row(name: str, s: Scores) -> list[str]:
    return [
        name,
        str(s.gold),
        str(s.predicted),
        str(s.true_positives),
        str(s.false_positives),
        str(s.false_negatives),
        f"{s.precision:.3f}",
        f"{s.recall:.3f}",
        f"{s.f1:.3f}",
        _percent(s.compound_association),
        f"{s.structures_resolved}/{s.structures_expected}",
        str(s.structures_resolved - s.structures_right),
    ]


def _stereo_note(overall: Scores) -> str:
    count = overall.structures_stereo_unspecified
    return f" · {count} right structures without stereochemistry" if count else ""


def render_eval_table(report: EvalReport) -> Table:
    """Precision, recall and F1 per property, then the micro average over all values."""
    tokens = (
        "–" if report.mean_completion_tokens is None else f"{report.mean_completion_tokens:.1f}"
    )
    table = Table(
        title="Extraction quality",
        caption=(
            f"{report.documents_scored}/{report.documents} documents scored · "
            f"schema-valid {_percent(report.schema_validity_rate)} · "
            f"grounded {_percent(report.grounding_rate)} · "
            f"{tokens} generated tokens per document · tolerance {report.tolerance:g}"
            f"{_stereo_note(report.overall)}"
        ),
    )
    table.add_column("property")
    for heading in ("gold", "predicted", "TP", "FP", "FN", "precision", "recall", "F1"):
        table.add_column(heading, justify="right")
    table.add_column("compound right", justify="right")
    table.add_column("structures", justify="right")
    table.add_column("wrong structures", justify="right")
    for name, scores in report.per_property.items():
        table.add_row(*(Text(cell) for cell in _row(name, scores)))
    table.add_section()
    table.add_row(*(Text(cell, style="bold") for cell in _row("all (micro)", report.overall)))
    return table


def render_misses_table(report: EvalReport, *, limit: int | None = None) -> Table:
    """Gold values the run did not find; ``limit`` keeps a long list readable."""
    shown = report.misses if limit is None else report.misses[:limit]
    table = Table(title=f"Missed gold values ({len(report.misses)})")
    for heading in ("document", "compound", "property", "value"):
        table.add_column(heading)
    # Text() cells: names and ids come from files, and rich would read "[...]" as markup.
    for miss in shown:
        gold = miss.gold
        table.add_row(
            Text(miss.doc_id),
            Text(gold.compound or gold.smiles or "–"),
            Text(gold.property),
            Text(format_value(gold.value, gold.value_low, gold.value_high, gold.unit)),
        )
    if len(shown) < len(report.misses):
        table.caption = f"first {len(shown)} of {len(report.misses)}"
    return table


def render_false_positives_table(report: EvalReport, *, limit: int | None = None) -> Table:
    """Predictions that matched no gold value, with why, so the kind of error shows."""
    items = report.false_positives
    shown = items if limit is None else items[:limit]
    table = Table(title=f"False positives ({len(items)})")
    for heading in ("document", "compound", "property", "value", "status", "reason", "quote"):
        table.add_column(heading)
    for item in shown:
        p = item.predicted
        table.add_row(
            Text(item.doc_id),
            Text(p.compound or "–"),
            Text(p.property),
            Text(format_value(p.value, p.value_low, p.value_high, p.unit)),
            Text(p.status),
            Text(item.reason.replace("_", " ")),
            Text(p.quote, overflow="fold"),
        )
    if len(shown) < len(items):
        table.caption = f"first {len(shown)} of {len(items)}"
    return table
