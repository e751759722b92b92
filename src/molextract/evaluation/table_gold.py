"""The table gold set: source files read by molextract's own readers, and their cells.

Unlike the text gold set, a table gold document is a file (JATS, USPTO XML, HTML, a
text table), because what is measured includes the reader's structure. Each expected
cell names its table, row and column as printed, for people; scoring pairs records
with cells by property, value and compound like the text gold set, counting only
records that come from a table (``evidence.table``): a table value found as running
text is a table the table path failed to read.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from molextract.errors import InputError
from molextract.evaluation.gold import GoldDocument, GoldValue
from molextract.evaluation.scoring import EvalReport, score
from molextract.ingest import read_documents
from molextract.ingest.base import Skipped
from molextract.ingest.document import Document
from molextract.schemas.records import DocumentResult

Split = Literal["dev", "test", "unsupported", "all"]
#: Fields of an expected cell that place it for people; scoring does not read them.
_PLACEMENT = ("table", "row", "column")


@dataclass(frozen=True, slots=True)
class TableGoldDocument:
    """One gold file: the document as the reader gives it, and its annotated cells."""

    gold: GoldDocument
    document: Document
    placements: tuple[dict[str, str], ...]

    @property
    def source_kind(self) -> str:
        return self.gold.id.partition(":")[0]


def load_table_gold(folder: Path, split: Split = "all") -> list[TableGoldDocument]:
    """The documents of ``split`` (``splits.json`` beside ``gold.jsonl``)."""
    lines = (folder / "gold.jsonl").read_text(encoding="utf-8").splitlines()
    wanted: set[str] | None = None
    if split != "all":
        splits = json.loads((folder / "splits.json").read_text(encoding="utf-8"))
        wanted = set(splits[split])
    out = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        raw = json.loads(line)
        if wanted is not None and raw["id"] not in wanted:
            continue
        path = folder / raw["file"]
        skipped: list[Skipped] = []
        documents = list(read_documents([path], skipped.append))
        if len(documents) != 1:
            reasons = "; ".join(s.reason for s in skipped)
            raise InputError(
                f"{folder / 'gold.jsonl'}:{number}: {path} gives {len(documents)} documents, not 1: {reasons}"
            )
        document = documents[0]
        document = Document(raw["id"], document.text, document.metadata)
        placements = tuple(
            {key: str(cell.get(key, "")) for key in _PLACEMENT} for cell in raw["expected"]
        )
        expected = [
            GoldValue.model_validate({k: v for k, v in cell.items() if k not in _PLACEMENT})
            for cell in raw["expected"]
        ]
        gold = GoldDocument(
            id=raw["id"], text=document.text, expected=expected, source=raw.get("source")
        )
        out.append(TableGoldDocument(gold, document, placements))
    return out


def table_results(results: Mapping[str, DocumentResult]) -> dict[str, DocumentResult]:
    """The results with only their table records."""
    return {
        doc_id: result.model_copy(
            update={"records": [r for r in result.records if r.evidence.table is not None]}
        )
        for doc_id, result in results.items()
    }


def score_tables(
    gold: Sequence[TableGoldDocument], results: Mapping[str, DocumentResult]
) -> EvalReport:
    """Precision, recall and compound of the table records against the gold cells."""
    return score([item.gold for item in gold], table_results(results))
