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
import re
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
from molextract.extraction.labels import LABEL
from molextract.extraction.mentions import CALLED_LABEL_THEN_COMMA

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
        names += labels_after(entry["procedure_text"], names)
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


#: A label printed right after a product's name: ``… methanone 79 (74 mg``, ``… acid (12b)``.
_LABEL_AFTER = re.compile(
    rf"[ \t]*(?:\(\s*(?P<paren>{LABEL})\s*\)|(?P<bare>{LABEL}))(?=[\s,;.:)]|$)"
)


def labels_after(text: str, names: tuple[Mention, ...]) -> tuple[Mention, ...]:
    """The labels the text gives the named products (``NAME 79``, ``NAME (12b)``,
    ``Compound 179, NAME``), as product mentions of their own.

    The mining kept the name and dropped the label the paragraph then uses for it (``Data
    for 79: …``); a record that names the product by that label names it rightly.
    """
    found: list[Mention] = []
    for name in names:
        if sum(c.isalpha() for c in name.text) < 4:
            continue  # a label itself ("6"), not a name
        at = text.find(name.text)
        while at >= 0:
            label = _LABEL_AFTER.match(text, at + len(name.text))
            if label is not None:
                written = label["paren"] or label["bare"]
                if Mention(written) not in found and not _QUANTITY.match(text, label.end()):
                    found.append(Mention(written))
            before = CALLED_LABEL_THEN_COMMA.search(text, max(0, at - 40), at)
            if before is not None and Mention(before["label"]) not in found:
                found.append(Mention(before["label"]))
            at = text.find(name.text, at + 1)
    return tuple(found)


#: A number followed by a unit is an amount, not a label (``acid 10 g``).
_QUANTITY = re.compile(r"\s*(?:mg|g|kg|mL|ml|L|mmol|mol|µL|μL|%|°)\b")


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
