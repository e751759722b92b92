"""Measuring extraction quality against hand-annotated gold documents.

``evaluate`` runs the real pipeline on a gold file and scores what comes out;
``load_results`` + ``score`` score a run made earlier, so a slow model need not
run twice to try another tolerance. The ``render_*`` helpers turn a report into
rich tables for the CLI; the report itself is JSON for machines.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from molextract._library import Extractor
from molextract.config import Settings
from molextract.engines.base import Engine
from molextract.evaluation.gold import GoldDocument, GoldValue, load_gold, load_results
from molextract.evaluation.scoring import (
    DEFAULT_ABS_TOLERANCE,
    DEFAULT_TOLERANCE,
    EvalReport,
    FalsePositive,
    Match,
    Miss,
    PredictedValue,
    Scores,
    counted_records,
    normalize_name,
    render_eval_table,
    render_false_positives_table,
    render_misses_table,
    score,
)
from molextract.ingest.document import Document
from molextract.schemas.records import DocumentResult, format_value
from molextract.schemas.spec import SchemaSpec

__all__ = [
    "DEFAULT_ABS_TOLERANCE",
    "DEFAULT_TOLERANCE",
    "EvalReport",
    "FalsePositive",
    "GoldDocument",
    "GoldValue",
    "Match",
    "Miss",
    "PredictedValue",
    "Scores",
    "counted_records",
    "evaluate",
    "format_value",
    "load_gold",
    "load_results",
    "normalize_name",
    "render_eval_table",
    "render_false_positives_table",
    "render_misses_table",
    "score",
]


def evaluate(
    gold_path: Path,
    schema: SchemaSpec,
    engine: Engine,
    settings: Settings,
    *,
    tolerance: float = DEFAULT_TOLERANCE,
    abs_tolerance: float = DEFAULT_ABS_TOLERANCE,
    include_rejected: bool = False,
    on_progress: Callable[[int, int], None] | None = None,
) -> tuple[EvalReport, list[DocumentResult]]:
    """Extract from every gold document with ``schema`` and score the results.

    Only the schema's properties are scored: gold values of other properties are
    outside what the run was asked for. The results come back too (every record,
    rejected ones included) so the caller can write them out or build an HTML
    report without extracting again. ``on_progress(done, total)`` is called after
    each batch of ``settings.batch_size`` documents.
    """
    gold = load_gold(gold_path)
    documents = [Document(doc.id, doc.text, {"source": doc.source}) for doc in gold]
    # The Python API's entry, as ``molextract run`` uses it. batch_size 0 means "auto";
    # the local engine generates one prompt at a time anyway, so batches only set how
    # often progress is reported.
    extractor = Extractor(
        schema, engine=engine, settings=settings, batch_size=settings.batch_size or 1
    )
    results: list[DocumentResult] = []
    for batch in extractor.batches(documents):
        results.extend(result for _, result in batch)
        if on_progress is not None:
            on_progress(len(results), len(documents))
    report = score(
        gold,
        {r.doc_id: r for r in results},
        tolerance=tolerance,
        abs_tolerance=abs_tolerance,
        include_rejected=include_rejected,
        properties=schema.property_names,
    )
    return report, results
