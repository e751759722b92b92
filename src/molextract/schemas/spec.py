"""What a named extraction schema is made of, and the generation model built from it.

The generation model is what the engine's grammar enforces: flat, every field
required, every array bounded. Values are emitted as the text states them
(``"121-123"``, ``"> 280"``) under a bounded pattern, because small models under a
number grammar loop on digits, and because the qualifier and range are then
parsed by code instead of guessed by the model.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from molextract.schemas.patterns import compile_pattern

#: A stated value: optional qualifier, a number, optionally a range; digits bounded.
VALUE_PATTERN = (
    r"^(<|>|<=|>=|~|ca\. )?-?[0-9]{1,6}(\.[0-9]{1,4})?"
    r"(( ?- ?| ?– ?| to )-?[0-9]{1,6}(\.[0-9]{1,4})?)?$"
)

GENERATED_FIELDS = ("quote", "compound", "smiles", "property", "value", "unit", "conditions")

#: A number as a model writes it for a user's field (bounded, as ``VALUE_PATTERN``).
NUMBER_PATTERN = r"-?[0-9]{1,6}(\.[0-9]{1,4})?"
INTEGER_PATTERN = r"-?[0-9]{1,9}"
#: Free text a model writes into a user's field is bounded like everything else.
DEFAULT_MAX_LENGTH = 200

FieldKind = Literal["string", "number", "integer", "boolean", "enum", "quantity"]


@dataclass(frozen=True)
class FieldSpec:
    """A field of a user's own that every record of the schema carries (``fields``).

    ``grounded``: the value should be read from the text, so code looks for it there
    and flags the record when it is not (free text, numbers and quantities by default;
    a choice among ``choices`` or a yes/no is a judgement, not a quotation).
    ``max_items`` makes it a bounded list of such values. A ``quantity`` is a number
    stated in one of ``units``; code normalises it to SI like a record's value.
    """

    name: str
    kind: FieldKind
    description: str
    nullable: bool = True
    choices: tuple[str, ...] = ()
    units: tuple[str, ...] = ()
    max_items: int | None = None
    max_length: int = DEFAULT_MAX_LENGTH
    grounded: bool = True
    #: The other bounds its JSON Schema declares (``pattern``, ``minLength``, ``format``,
    #: ``minimum``…, ``minItems``): checked on every answer (``schemas.keywords``).
    constraints: dict[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class PropertySpec:
    """One measurable property a schema extracts, with the units it may be stated in."""

    name: str
    description: str
    units: tuple[str | None, ...]


@dataclass(frozen=True)
class Example:
    """A hand-written few-shot example: a text and the records expected from it."""

    text: str
    records: tuple[dict[str, Any], ...]

    def answer_json(self) -> str:
        return json.dumps({"records": list(self.records)}, ensure_ascii=False)


@dataclass(frozen=True)
class SchemaSpec:
    """A named extraction schema: properties, instructions and examples."""

    name: str
    description: str
    instructions: str
    properties: tuple[PropertySpec, ...]
    examples: tuple[Example, ...] = ()
    max_records: int = 8
    source: str = "builtin"
    extras: dict[str, Any] = field(default_factory=dict)
    fields: tuple[FieldSpec, ...] = ()
    #: The JSON Schema document a custom schema was read from: what a job stores and a
    #: worker reads back, so every front end extracts under the very same schema.
    document: dict[str, Any] | None = field(default=None, compare=False, repr=False)

    @property
    def property_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.properties)

    @property
    def units(self) -> tuple[str | None, ...]:
        seen: dict[str | None, None] = {}
        for prop in self.properties:
            for unit in prop.units:
                seen.setdefault(unit, None)
        return tuple(seen)

    @cached_property
    def generation_model(self) -> type[BaseModel]:
        return build_generation_model(self)

    @cached_property
    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema the engine's grammar is compiled from."""
        schema = self.generation_model.model_json_schema()
        schema["title"] = self.name
        schema["description"] = self.description
        return schema


def _literal(values: tuple[Any, ...]) -> Any:
    return Literal.__getitem__(values)


def answer_type(spec: FieldSpec) -> Any:
    """What the grammar lets a model write into a user's field.

    Numbers are written as text under a bounded pattern, for the reason given in this
    module's docstring; a quantity is its number and one of its units (``10 K/min``).
    """
    one: Any
    if spec.kind == "string":
        one = Annotated[str, _string_bounds(spec)]
    elif spec.kind == "number":
        one = Annotated[str, Field(pattern=f"^{NUMBER_PATTERN}$")]
    elif spec.kind == "integer":
        one = Annotated[str, Field(pattern=f"^{INTEGER_PATTERN}$")]
    elif spec.kind == "boolean":
        one = bool
    elif spec.kind == "enum":
        one = _literal(spec.choices)
    else:
        units = "|".join(re.escape(u) for u in spec.units)
        one = Annotated[str, Field(pattern=f"^{NUMBER_PATTERN} ?({units})$")]
    if spec.max_items is not None:
        one = Annotated[list[one], Field(max_length=spec.max_items)]
    return one | None if spec.nullable else one


def _string_bounds(spec: FieldSpec) -> Any:
    """The bounds of a text field the grammar carries; every bound is checked afterwards.

    A grammar engine reads a pattern or a length, not both (Outlines drops the pattern
    beside ``maxLength``), so a pattern simple enough for a grammar (anchored, and
    unable to write a character JSON escapes) replaces the length there.
    """
    pattern = spec.constraints.get("pattern")
    grammar = compile_pattern(pattern).grammar if pattern is not None else None
    if grammar is not None:
        return Field(pattern=grammar)
    # No length in the grammar: ``{m,n}`` over JSON string characters has a state per
    # character (one field of maxLength 1000 took 1.75 GB and a 394 MB cache file to
    # compile; sixteen exhausted a 24 GB machine). The token budget bounds the answer,
    # and ``schemas.keywords`` flags one outside its lengths.
    return Field()


def answer_fields(fields: tuple[FieldSpec, ...]) -> dict[str, Any]:
    """``create_model`` definitions of a schema's own fields, in declaration order."""
    return {f.name: (answer_type(f), Field(description=f.description)) for f in fields}


def build_generation_model(spec: SchemaSpec) -> type[BaseModel]:
    """Build the strict Pydantic model of one generation under ``spec``."""
    strict = ConfigDict(extra="forbid", strict=True)
    units = tuple(u for u in spec.units if u is not None)
    unit_type: Any = _literal(units) if units else None
    if units and None in spec.units:
        unit_type = unit_type | None
    item = create_model(
        f"{_camel(spec.name)}Value",
        __config__=strict,
        quote=(str, Field(description="The sentence stating the value, copied verbatim.")),
        compound=(str, Field(description="Compound name or label as written.")),
        smiles=(str | None, Field(description="SMILES if the text gives it or it is certain.")),
        property=(_literal(spec.property_names), Field()),
        value=(str, Field(pattern=VALUE_PATTERN, description="Number or range as stated.")),
        unit=(unit_type, Field()),
        conditions=(str | None, Field(description="Solvent, pressure or temperature, if stated.")),
        **answer_fields(spec.fields),
    )
    return create_model(
        f"{_camel(spec.name)}Extraction",
        __config__=strict,
        records=(list[item], Field(max_length=spec.max_records)),
    )


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.replace("-", "_").split("_"))
