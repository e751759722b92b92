"""What a named extraction schema is made of, and the generation model built from it.

The generation model is what the engine's grammar enforces: flat, every field
required, every array bounded. Values are emitted as the text states them
(``"121-123"``, ``"> 280"``) under a bounded pattern, because small models under a
number grammar loop on digits, and because the qualifier and range are then
parsed by code instead of guessed by the model.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

#: A stated value: optional qualifier, a number, optionally a range; digits bounded.
VALUE_PATTERN = (
    r"^(<|>|<=|>=|~|ca\. )?-?[0-9]{1,6}(\.[0-9]{1,4})?"
    r"(( ?- ?| ?– ?| to )-?[0-9]{1,6}(\.[0-9]{1,4})?)?$"
)

GENERATED_FIELDS = ("quote", "compound", "smiles", "property", "value", "unit", "conditions")


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
    )
    return create_model(
        f"{_camel(spec.name)}Extraction",
        __config__=strict,
        records=(list[item], Field(max_length=spec.max_records)),
    )


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.replace("-", "_").split("_"))
