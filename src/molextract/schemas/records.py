"""The strict output contract: one ``DocumentResult`` line per document.

These models are published (``molextract schemas --output``) and every output line
is built through them, so the JSON users receive and the JSON Schema they validate
against can never drift apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:
    from molextract.schemas.spec import SchemaSpec


class _Strict(BaseModel):
    model_config = ConfigDict(
        extra="forbid", validate_by_name=True, validate_by_alias=True, serialize_by_alias=True
    )


Status = Literal["accepted", "flagged", "rejected"]


class Compound(_Strict):
    name: str | None = Field(
        description="Compound name as written in the text; a label's name comes from where "
        "the document defines the label."
    )
    label: str | None = Field(default=None, description="Label such as '7a' or 'Example 2B'.")
    smiles: str | None = None
    canonical_smiles: str | None = None
    inchikey: str | None = None
    formula: str | None = None
    mol_weight: float | None = None
    smiles_source: Literal["text", "opsin", "dictionary", "model"] | None = Field(
        default=None,
        description="Where the structure comes from: 'text' (a SMILES printed in the document), "
        "'opsin' (the systematic name, parsed by OPSIN), 'dictionary' (a common name, from an "
        "offline dictionary), 'model' (the model wrote it: a guess, never accepted as is).",
    )
    start: int | None = Field(
        default=None,
        description="Code-point offset of the mention (name or label) in the document, nearest "
        "the value; null when the compound is not named in the text.",
    )
    end: int | None = None
    grounded: bool | None = Field(
        default=None,
        description="The name or label occurs in the document; null when there is no compound.",
    )
    source: str | None = Field(
        default=None,
        description="How the compound was decided: the name of the form of writing that gives "
        "it (e.g. 'described_compound', 'entry_compound'), 'model' (the model chose it among "
        "the compounds the text names), or 'label_table' (the model chose 'the title "
        "compound', which the document's headings resolve), or 'passage_subject' (the model "
        "chose none; the compound the passage is about); for a value in a table, "
        "'table_row' (the row's compound column), 'table_header' (the column's header names "
        "it), 'table_note' (the note the column's marker points to names the product: "
        "'b Isolated yield of 3a') or 'table_caption' (the one product the caption names); "
        "null when there is none.",
    )


class TableCell(_Strict):
    """Where in a table a value is printed."""

    table: int = Field(description="0-based index of the table in the document.")
    label: str | None = Field(default=None, description="The table's label ('Table 2').")
    row: int = Field(description="0-based row of the table as printed, header rows included.")
    column: int = Field(description="0-based column of the table as printed.")
    header: str = Field(
        description="The header path the property was read from ('Yield (%) › 3a'); for a "
        "table with properties in rows, the row's header."
    )
    cell_start: int = Field(description="Code-point offset of the cell in the document.")
    cell_end: int


class Evidence(_Strict):
    quote: str
    start: int | None = Field(description="Code-point offset of the quote in the document text.")
    end: int | None
    match: Literal["exact", "normalized", "none"]
    value_start: int | None = Field(
        default=None,
        description="Code-point offset of the value as printed (number, range and unit), when "
        "code found it; text[value_start:value_end] is the stated quantity.",
    )
    value_end: int | None = None
    page: int | None = Field(
        default=None,
        description="1-based page on which the value (or, without one, the quote) is printed, "
        "for documents read from a PDF; null for documents without pages.",
    )
    table: TableCell | None = Field(
        default=None,
        description="The table cell that states the value; null for a value in running "
        "text. The quote is then the table's row.",
    )


class CrossCheck(_Strict):
    """A statement of the text about the compound (formula, HRMS, MW, elemental analysis)
    compared with its resolved structure."""

    kind: Literal["formula", "hrms", "mol_weight", "elemental_analysis"]
    stated: str = Field(description="The statement as printed.")
    start: int = Field(description="Code-point offset of the statement in the document.")
    end: int
    expected: str = Field(description="What the structure gives.")
    ok: bool
    detail: str


class Checks(_Strict):
    structure: Literal["valid", "invalid", "absent"]
    grounded: bool = Field(description="The evidence quote was found in the document.")
    value_in_quote: bool = Field(description="The stated number occurs in the located quote.")
    plausible: bool | None = Field(
        description="Within the property's plausible range; null if none is known."
    )
    formula_consistent: bool | None = Field(
        description="A formula or mass stated in the text agrees with the structure; null if none is stated."
    )
    cross_checks: list[CrossCheck] = Field(
        default_factory=list,
        description="Every formula, HRMS, MW and elemental analysis stated near the compound, "
        "checked against its structure.",
    )


class EngineInfo(_Strict):
    name: str
    model: str
    fallback_from: str | None = None


class FieldQuantity(_Strict):
    """A quantity in a field of the user's schema, read with its unit and normalised."""

    value: float
    unit: str
    value_si: float | None = None
    unit_si: str | None = None
    start: int | None = Field(
        default=None,
        description="Code-point offset of the quantity as printed in the document; null "
        "when it was not found there (the record is then flagged).",
    )
    end: int | None = None


class Record(_Strict):
    doc_id: str
    schema_name: str = Field(alias="schema")
    compound: Compound
    property: str
    value: float | None
    value_low: float | None = None
    value_high: float | None = None
    qualifier: str | None = None
    unit: str | None
    value_si: float | None = None
    unit_si: str | None = None
    conditions: str | None = None
    evidence: Evidence
    checks: Checks
    status: Status
    failed_checks: list[str] = Field(default_factory=list)
    engine: EngineInfo
    extraction: Literal["anchored", "generated"] = Field(
        default="generated",
        description="'anchored': the value, unit and evidence were found in the text by code "
        "and the model only said what the value is and whose; 'generated': the model wrote "
        "the whole record (schemas whose units the quantity finder does not know).",
    )
    fields: dict[str, Any] | None = Field(
        default=None,
        exclude_if=lambda value: value is None,
        description="The fields of the schema's own (absent for built-in schemas); the "
        "published output schema of a custom schema types each one.",
    )


class DocumentError(_Strict):
    code: str
    message: str
    chunk: int | None = None


class Usage(_Strict):
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    chunks_sent: int = Field(default=0, description="Text chunks that went to the model.")
    chunks_skipped: int = Field(
        default=0,
        description=(
            "Chunks never sent to the model: no candidate value, or every one settled by a rule."
        ),
    )
    model_calls: int = Field(default=0, description="Generations requested, retries included.")


class DocumentResult(_Strict):
    """One output line: everything extracted from one document, and what went wrong."""

    doc_id: str
    schema_name: str = Field(alias="schema")
    records: list[Record] = Field(default_factory=list)
    errors: list[DocumentError] = Field(default_factory=list)
    engine: EngineInfo
    usage: Usage = Field(default_factory=Usage)


def format_number(value: float) -> str:
    """A number as text for people: ten significant digits hide float noise such as
    ``0.30000000000000004`` and drop a whole number's ``.0``."""
    return f"{value:.10g}"


def format_value(
    value: float | None,
    low: float | None,
    high: float | None,
    unit: str | None,
    *,
    qualifier: str | None = None,
) -> str:
    """A value as a reader would write it: ``130–132 °C``, ``> 300 °C``, ``3.2``; ``?``
    when there is none. Records and gold values share it, so ``eval`` tables and the
    HTML report show one value alike."""
    if low is not None and high is not None:
        text = f"{format_number(low)}–{format_number(high)}"
    elif value is not None:
        text = format_number(value)
    else:
        text = "?"
    if qualifier:
        text = f"{qualifier} {text}"
    return f"{text} {unit}" if unit else text


def output_line_json_schema(schema: SchemaSpec | None = None) -> dict[str, object]:
    """The published JSON Schema of one output line; under ``schema`` with fields of its
    own, its records' ``fields`` are typed one by one and required."""
    from molextract.schemas.fields import fields_json_schema

    published: dict[str, Any] = DocumentResult.model_json_schema(by_alias=True)
    if schema is None or not schema.fields:
        return published
    definitions = published["$defs"]
    record = definitions["Record"]
    record["properties"]["fields"] = fields_json_schema(schema.fields)
    record["required"] = [*record.get("required", []), "fields"]
    if any(f.kind == "quantity" for f in schema.fields):
        definitions["FieldQuantity"] = FieldQuantity.model_json_schema(by_alias=True)
    return published
