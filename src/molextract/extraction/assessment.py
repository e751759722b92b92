"""Turn one generated value into a checked ``Record``: structure, units, plausibility, grounding.

The status rule is strict on purpose: ``accepted`` only when every check passes;
``flagged`` keeps a value whose evidence or structure is doubtful, naming why;
``rejected`` is for values that cannot be read or whose number the document
never states, which is what a hallucinated value looks like.
"""

from __future__ import annotations

import re
from typing import Any

from molextract.chem import (
    analyze_smiles,
    formula_consistent,
    is_plausible,
    locate,
    normalize_unit,
    numbers_present,
    parse_value,
    smiles_in_text,
    to_si,
    unit_stated,
)
from molextract.extraction.chunking import Chunk
from molextract.extraction.fields import settle_fields
from molextract.schemas.records import Checks, Compound, EngineInfo, Evidence, Record, Status
from molextract.schemas.spec import SchemaSpec

_LABEL = re.compile(r"(?:^|\s|\()(\d{1,3}[a-z]{0,2}|[IVX]{1,4}[a-z]?)\)?$")
_FORMULA_WINDOW = 300


def split_label(compound: str) -> tuple[str | None, str | None]:
    """``("amide 4b")`` → name and label ``4b``; a bare ``"5"`` has no name."""
    compound = compound.strip()
    match = _LABEL.search(compound)
    if not match or len(compound.split()) > 3:
        return compound or None, None
    label = match.group(1)
    rest = compound[: match.start(1)].strip(" (")
    return (compound if rest else None), label


def _compound(item: dict[str, Any], text: str) -> tuple[Compound, str, Any]:
    name, label = split_label(str(item.get("compound") or ""))
    smiles = (item.get("smiles") or "").strip() or None
    if smiles is None:
        return Compound(name=name, label=label), "absent", None
    info = analyze_smiles(smiles)
    source = "text" if smiles_in_text(smiles, text) else "model"
    if info is None:
        return (
            Compound(name=name, label=label, smiles=smiles, smiles_source=source),
            "invalid",
            None,
        )
    compound = Compound(
        name=name,
        label=label,
        smiles=smiles,
        canonical_smiles=info.canonical_smiles,
        inchikey=info.inchikey,
        formula=info.formula,
        mol_weight=info.mol_weight,
        smiles_source=source,
    )
    return compound, "valid", info


def assess(
    item: dict[str, Any],
    *,
    doc_id: str,
    text: str,
    chunk: Chunk,
    schema: SchemaSpec,
    engine: EngineInfo,
) -> Record:
    """Check one generated item against the document it came from."""
    compound, structure, info = _compound(item, text)
    quote = str(item.get("quote") or "")
    span = locate(quote, text, window=(chunk.start, chunk.end))
    evidence = (
        Evidence(quote=quote, start=span.start, end=span.end, match=span.match)
        if span
        else Evidence(quote=quote, start=None, end=None, match="none")
    )
    parsed = parse_value(str(item.get("value") or ""))
    unit = normalize_unit(item.get("unit"))
    if (
        unit is not None
        and _dimensionless(schema, str(item["property"]))
        and not (span is not None and unit_stated(unit, text[span.start : span.end]))
    ):
        # The grammar offers every unit of a multi-property schema with every property,
        # and small models fill the field for logP too ("log P is 1.87" read as
        # 1.87 g/L). The text states no unit, so the value as stated has none.
        unit = None
    unit_fits = _unit_fits(schema, str(item["property"]), unit)
    value_si: float | None = None
    unit_si: str | None = None
    plausible: bool | None = None
    if parsed is not None and parsed.value is not None and unit_fits:
        converted = to_si(parsed.value, unit)
        if converted is not None:
            value_si, unit_si = converted
            plausible = is_plausible(str(item["property"]), value_si, unit_si)
    value_in_quote = bool(
        parsed and span and numbers_present(parsed.numbers, text[span.start : span.end])
    )
    consistent = None
    if info is not None and span is not None:
        window = text[max(0, span.start - _FORMULA_WINDOW) : span.end + _FORMULA_WINDOW]
        consistent = formula_consistent(info, window)
    checks = Checks(
        structure=structure,
        grounded=span is not None,
        value_in_quote=value_in_quote,
        plausible=plausible,
        formula_consistent=consistent,
    )
    failed = _failed_checks(checks, compound)
    if not unit_fits:
        failed.append("unit_not_for_property")
    elif span is not None and not unit_stated(unit, text[span.start : span.end]):
        failed.append("unit_not_in_quote")
    elif unit_si is None and parsed is not None:
        failed.append("unit_unknown")
    own, unstated = settle_fields(schema, item, text, (chunk.start, chunk.end))
    failed += unstated
    status: Status = "accepted"
    if parsed is None or not (value_in_quote or numbers_present(parsed.numbers, text)):
        status = "rejected"
        failed.insert(0, "value_unreadable" if parsed is None else "value_not_in_text")
    elif failed:
        status = "flagged"
    return Record(
        doc_id=doc_id,
        schema_name=schema.name,
        compound=compound,
        property=str(item["property"]),
        value=parsed.value if parsed else None,
        value_low=parsed.low if parsed else None,
        value_high=parsed.high if parsed else None,
        qualifier=parsed.qualifier if parsed else None,
        unit=unit,
        value_si=value_si,
        unit_si=unit_si,
        conditions=(item.get("conditions") or None),
        evidence=evidence,
        checks=checks,
        status=status,
        failed_checks=failed,
        engine=engine,
        fields=own,
    )


def _dimensionless(schema: SchemaSpec, prop: str) -> bool:
    return any(spec.name == prop and set(spec.units) == {None} for spec in schema.properties)


def _unit_fits(schema: SchemaSpec, prop: str, unit: str | None) -> bool:
    """The grammar allows any of a schema's units with any of its properties; not all fit."""
    for spec in schema.properties:
        if spec.name == prop:
            return unit in {normalize_unit(u) for u in spec.units}
    return False


def _failed_checks(checks: Checks, compound: Compound) -> list[str]:
    failed = []
    if checks.structure == "invalid":
        failed.append("structure_invalid")
    elif checks.structure == "valid" and compound.smiles_source == "model":
        failed.append("structure_from_model")
    if not checks.grounded:
        failed.append("quote_not_found")
    elif not checks.value_in_quote:
        failed.append("value_not_in_quote")
    if checks.plausible is False:
        failed.append("implausible")
    if checks.formula_consistent is False:
        failed.append("formula_mismatch")
    return failed


def record_key(record: Record) -> tuple[object, ...]:
    """Identity of a value for de-duplication across overlapping chunks."""
    who = record.compound.inchikey or (record.compound.name or record.compound.label or "").lower()
    return (record.property, who, record.value, record.value_low, record.value_high,
            record.unit, record.evidence.start)  # fmt: skip
