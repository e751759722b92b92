"""USPTO procedures with their Open Reaction Database records (``qai222/LLM_organic_synthesis``).

A JSON list of ``{"reaction_id", "procedure_text", "reference_string"}``, the reference
being an ORD reaction as a JSON string. Each ``outcomes[].products[]`` has
``identifiers`` (NAME, SMILES, …) and ``measurements``; a YIELD measurement carries
``percentage.value``. The records were mined by machine, so this corpus is silver: the
names are whatever the patent called the product (often ``title compound``), and no
offsets are given, so yields are matched by value.

Only stated yields are gold: ORD's ``CALCULATEDPERCENTYIELD`` is computed from masses
by the mining and appears nowhere in the text, so it is noted and skipped.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from molextract.errors import InputError
from molextract.evaluation.corpora.documents import (
    CorpusDocument,
    GoldYield,
    Mention,
    Note,
    corpus_file,
)

REPOSITORY = "qai222/LLM_organic_synthesis"
FILE = "workplace_data/datasets/USPTO-n100k-t2048_exp1-COT.json"
_CALCULATED = "CALCULATEDPERCENTYIELD"


def load(root: Path | None = None) -> list[CorpusDocument]:
    """Every procedure, id = the ORD reaction id."""
    return read(corpus_file(root, REPOSITORY, FILE))


def read(path: Path) -> list[CorpusDocument]:
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: not a JSON file ({exc})") from exc
    if not isinstance(entries, list):
        raise InputError(f"{path}: expected a JSON list of reactions")
    return [_document(path, number, entry) for number, entry in enumerate(entries, start=1)]


def _document(path: Path, number: int, entry: Any) -> CorpusDocument:
    if not isinstance(entry, dict) or not isinstance(entry.get("procedure_text"), str):
        raise InputError(f"{path}: entry {number} has no procedure_text")
    doc_id = str(entry.get("reaction_id") or f"uspto-{number:04d}")
    notes: list[Note] = []
    try:
        reaction = json.loads(entry.get("reference_string") or "{}")
    except json.JSONDecodeError:
        reaction = {}
        notes.append(Note("bad_reference", "reference_string is not JSON"))
    yields: list[GoldYield] = []
    products: list[Mention] = []
    for product in _products(reaction):
        names = tuple(
            Mention(str(i["value"]))
            for i in product.get("identifiers", [])
            if i.get("type") == "NAME" and i.get("value")
        )
        if not names:
            notes.append(Note("unnamed_product", "a product with no NAME identifier"))
        products.extend(n for n in names if n not in products)
        for measurement in product.get("measurements", []):
            if measurement.get("type") != "YIELD":
                continue
            value = (measurement.get("percentage") or {}).get("value")
            if measurement.get("details") == _CALCULATED:
                notes.append(Note("calculated_yield", f"{value} (computed, not stated)"))
            elif not isinstance(value, int | float):
                notes.append(Note("non_numeric_yield", str(measurement)[:80]))
            else:
                yields.append(GoldYield(float(value), f"{value:g}%", None, None, names))
    return CorpusDocument(
        id=doc_id,
        corpus="uspto",
        text=entry["procedure_text"],
        yields=tuple(yields),
        products=tuple(products),
        notes=tuple(notes),
    )


def _products(reaction: Any) -> list[dict[str, Any]]:
    if not isinstance(reaction, dict):
        return []
    return [
        product
        for outcome in reaction.get("outcomes") or []
        if isinstance(outcome, dict)
        for product in outcome.get("products") or []
        if isinstance(product, dict)
    ]
