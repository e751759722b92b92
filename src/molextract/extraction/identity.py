"""Which compound each record is about, and its structure.

The model only says whose a value is "as written", from the chunk it saw. This step,
run over whole documents after extraction, turns that into something a chemist can
search by:

1. the mention in the text (``mentions.py``), with the label table of the whole
   document (``label_table.py``), so ``12b`` also carries its name and "the title
   compound" its section's;
2. a structure, offline: a SMILES printed in the text first, else the name through
   OPSIN or the dictionary (``chem/names.py``; one OPSIN run for the whole batch). A
   SMILES the model wrote is only kept when no name-derived structure exists, and then
   stays flagged;
3. the text's own statements about the compound (formula, HRMS, MW, elemental
   analysis) checked against that structure (``chem/crosschecks.py``); a mismatch
   flags the record by name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from molextract.chem.crosschecks import consistent, cross_checks, mismatch_flags
from molextract.chem.names import NameResolver, Resolved, resolvable
from molextract.extraction.chemical_names import (
    is_class_phrase,
    name_key,
    stand_in_label,
    without_stand_in,
)
from molextract.extraction.compound_markers import TITLE_PHRASE
from molextract.extraction.entries import Entry, read_entries
from molextract.extraction.label_table import LabelTable, build_label_table
from molextract.extraction.labels import label_key
from molextract.extraction.whose import Site, decide
from molextract.ingest.document import Document
from molextract.schemas.records import Compound, CrossCheck, DocumentResult, Record, Status

#: Failed checks this step decides afresh (the generated path's assessment set some).
_STRUCTURE_FLAGS = frozenset(
    {
        "structure_invalid",
        "structure_from_model",
        "compound_not_in_text",
        "formula_mismatch",
        "hrms_mismatch",
        "mol_weight_mismatch",
        "elemental_analysis_mismatch",
    }
)


def identify(
    results: Sequence[DocumentResult],
    documents: Sequence[Document],
    resolver: NameResolver | None,
) -> None:
    """Give every record of ``results`` its grounded compound and, where one can be had
    offline, its structure; ``resolver`` None leaves names unresolved."""
    texts = {doc.id: doc.text for doc in documents}
    for result in results:
        text = texts.get(result.doc_id)
        if text is None or not result.records:
            continue
        table = build_label_table(text)
        entries = read_entries(text, table)
        # a table record's compound is its row's or its header's, decided already
        result.records = _one_per_value(
            [
                record
                if record.evidence.table is not None
                else _with_mention(record, text, table, entries)
                for record in result.records
            ]
        )
    names = {
        r.compound.name
        for result in results
        for r in result.records
        if r.compound.name and r.compound.smiles_source != "text" and resolvable(r.compound.name)
    }
    resolved = resolver.resolve(sorted(names)) if resolver is not None and names else {}
    for result in results:
        text = texts.get(result.doc_id)
        if text is None:
            continue
        boundaries = _entry_starts(text)
        result.records = [
            _with_structure(record, text, resolved, boundaries) for record in result.records
        ]


#: A sentence that gathers values stated before it.
_SUMMARY = re.compile(
    r"\b(?:these|the\s+above|all\s+these)\s+(?:data|values|results|constants|properties)\b",
    re.IGNORECASE,
)


def _one_per_value(records: list[Record]) -> list[Record]:
    """A value restated in one document's text (abstract and results, a heading's
    compound named two ways) is one value: the first statement is kept; a table cell
    stays a record of its own.
    Compounds are compared once resolved, so ``Crystalline sucrose`` and ``sucrose``
    are one; values of no named compound are never merged, as nothing says they are
    one compound's."""
    seen: set[tuple[object, ...]] = set()
    readings: set[tuple[object, ...]] = set()
    kept: list[Record] = []
    for record in records:
        reading = (record.property, record.value, record.value_low, record.value_high, record.unit)
        if reading in readings and _SUMMARY.search(record.evidence.quote):
            continue  # "Table 1 collects these data (mp 71 °C; …)": said already
        readings.add(reading)
        name, label = record.compound.name, record.compound.label
        if name is None and label is None:
            kept.append(record)
            continue
        key = (
            # a table's cell is a statement of its own: restated in the text, or in
            # another cell, it is two records with two evidences
            None if record.evidence.table is None else record.evidence.table.cell_start,
            record.property,
            name_key(name or ""),
            label_key(label or ""),
            record.value,
            record.value_low,
            record.value_high,
            record.unit,
        )
        if key not in seen:
            seen.add(key)
            kept.append(record)
    return kept


def _where(record: Record) -> int:
    evidence = record.evidence
    for offset in (evidence.value_start, evidence.start):
        if offset is not None:
            return offset
    return 0


def _answer(compound: Compound) -> str | None:
    """What the model said, as well as the record still holds it."""
    if compound.name and compound.label and compound.label not in compound.name:
        return f"{compound.name} ({compound.label})"
    return compound.name or compound.label


#: A compound's number read as its name: ``7b``, ``12``, ``3a′``.
_NUMBER_LABEL = re.compile(r"[1-9]\d{0,3}[a-z]{0,2}['′]?")


def _with_mention(record: Record, text: str, table: LabelTable, entries: list[Entry]) -> Record:
    where = _where(record)
    value_end = record.evidence.value_end if record.evidence.value_end is not None else where
    chosen = _answer(record.compound)
    title = chosen is not None and TITLE_PHRASE.fullmatch(chosen.strip()) is not None
    site = Site(text, where, value_end, table, entries, record.property)
    decision = decide(site, chosen, title=title)
    mention = decision.mention
    if mention is None:
        compound = record.compound.model_copy(
            update={
                "name": None,
                "label": None,
                "start": None,
                "end": None,
                "grounded": None,
                "source": None,
            }
        )
    else:
        name = mention.name
        if name is not None and mention.label is not None and is_class_phrase(name):
            name = None  # "coumarin derivatives 7h": the label is the compound
        label = mention.label
        if name is not None and label is None and _NUMBER_LABEL.fullmatch(name):
            name, label = None, name  # "The melting point of 7b was …": a label, no name
        if name is not None and label is None and (split := stand_in_label(name)) is not None:
            name, label = split  # "mono-N-alkylated product 3c": a description and a label
        if name is not None:
            # "the trans diastereomer (4b)": a description beside a label is no name
            name = without_stand_in(name, label is not None)
        compound = record.compound.model_copy(
            update={
                "name": name,
                "label": label,
                "start": mention.start,
                "end": mention.end,
                "grounded": mention.grounded,
                "source": decision.source,
            }
        )
    return record.model_copy(update={"compound": compound})


def _from_name(compound: Compound, found: Resolved) -> Compound:
    return compound.model_copy(
        update={
            "smiles": found.smiles,
            "canonical_smiles": found.smiles,
            "inchikey": found.inchikey,
            "formula": found.formula,
            "mol_weight": round(found.mol_weight, 4),
            "smiles_source": found.source,
        }
    )


def _with_structure(
    record: Record, text: str, resolved: dict[str, Resolved], boundaries: list[int]
) -> Record:
    compound = record.compound
    structure = record.checks.structure
    if compound.smiles_source != "text" and compound.name in resolved:
        # A name-derived structure replaces whatever the model wrote: agreeing, the
        # model's SMILES adds nothing; disagreeing, it was a guess.
        compound = _from_name(compound, resolved[compound.name])
        structure = "valid"
    failed = [f for f in record.failed_checks if f not in _STRUCTURE_FLAGS]
    if structure == "invalid":
        failed.append("structure_invalid")
    elif structure == "valid" and compound.smiles_source == "model":
        failed.append("structure_from_model")
    if compound.grounded is False:
        failed.append("compound_not_in_text")
    checks: list[CrossCheck] = []
    agrees: bool | None = None
    if structure == "valid" and compound.canonical_smiles:
        start, end = _window(record, compound, text, boundaries)
        found = cross_checks(compound.canonical_smiles, text, start, end)
        checks = [CrossCheck(**_fields(check)) for check in found]
        failed.extend(mismatch_flags(found))
        agrees = consistent(found)
    status: Status = record.status
    if status != "rejected":
        status = "flagged" if failed else "accepted"
    return record.model_copy(
        update={
            "compound": compound,
            "checks": record.checks.model_copy(
                update={
                    "structure": structure,
                    "cross_checks": checks,
                    "formula_consistent": agrees,
                }
            ),
            "failed_checks": failed,
            "status": status,
        }
    )


def _fields(check: object) -> dict[str, object]:
    names = ("kind", "stated", "start", "end", "expected", "ok", "detail")
    return {name: getattr(check, name) for name in names}


def _entry_starts(text: str) -> list[int]:
    """Where paragraphs start: a compound's data (formula, HRMS, analysis) is printed
    in the paragraph that reports it, and the next paragraph is another compound's."""
    starts = [0]
    position = text.find("\n\n")
    while position != -1:
        starts.append(position + 2)
        position = text.find("\n\n", position + 2)
    return starts


#: A paragraph that is only a compound's analytical data.
_DATA_BLOCK = re.compile(
    r"[ \t]*(?:CHN|C,\s*H,\s*N|Anal(?:ysis|\.)|Elemental\s+analysis|HRMS|Mass\s+spectrum"
    r"|1H[ -]NMR|13C[ -]NMR)\b",
    re.IGNORECASE,
)


def _window(
    record: Record, compound: Compound, text: str, boundaries: list[int]
) -> tuple[int, int]:
    """The paragraph of the value, from the compound's mention when it stands in it;
    a table record's row.

    Starting at the mention keeps the previous compound's data (same paragraph, as in
    papers that run several entries together) out of this one's checks.
    """
    if record.evidence.table is not None and record.evidence.start is not None:
        # a table cell's statements are its row's: the next rows are other compounds
        return record.evidence.start, record.evidence.end or len(text)
    at = _where(record)
    start = max((b for b in boundaries if b <= at), default=0)
    later = sorted(b for b in boundaries if b > at)
    end = later[0] if later else len(text)
    for index, following in enumerate(later):
        # Patents print a product's analysis as its own block after the result
        # paragraph ("CHN Analysis" and a Calculated/Found table): it is still that
        # product's.
        if following != end or not _DATA_BLOCK.match(text, following):
            break
        end = later[index + 1] if index + 1 < len(later) else len(text)
    if compound.start is not None and start <= compound.start <= at:
        start = compound.start
    return start, end
