"""Schemas written in Python: a user subclasses ``Measurement`` and adds fields.

A class is turned into the same JSON Schema document a user could have written by
hand (``schema_document``), and that document is what the registry reads, what a job
stores and what a worker reads back. So a schema means the same thing in Python, on
the command line and through the job API, and the class itself never has to travel.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from molextract.errors import SchemaError

JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


class Units:
    """Marks a number as a quantity stated in one of ``units``:
    ``heating_rate: Annotated[float | None, Units("K/min", "°C/min")]``.

    The value is then read with its unit from the text and converted to SI, as a
    record's own value is; in JSON Schema it is a number with a ``units`` list.
    """

    def __init__(self, *units: str) -> None:
        self.units = units

    def __get_pydantic_json_schema__(
        self, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        schema = handler(core_schema)
        schema["units"] = list(self.units)
        return schema


class Measurement(BaseModel):
    """The base of a schema of your own: one record per value the text states.

    Narrow ``property`` (and ``unit``) to ``Literal`` choices and add fields; the class
    docstring describes the schema. ``schema_name`` (default: the class name in
    snake_case), ``max_records`` and ``instructions`` are settings, not fields.
    """

    model_config = ConfigDict(extra="forbid")

    schema_name: ClassVar[str | None] = None
    max_records: ClassVar[int] = 8
    instructions: ClassVar[str | None] = None

    quote: str = Field(description="The sentence stating the value, copied verbatim.")
    compound: str = Field(description="Compound name or label as written.")
    smiles: str | None = Field(default=None, description="SMILES if the text gives it.")
    property: str = Field(description="Which property the value is of.")
    value: str = Field(description="Number or range as stated.")
    unit: str | None = Field(default=None, description="The unit as stated.")
    conditions: str | None = Field(
        default=None, description="Solvent, pressure or temperature, if stated."
    )


def is_schema_class(candidate: object) -> bool:
    return isinstance(candidate, type) and issubclass(candidate, Measurement)


def default_name(cls: type[Measurement]) -> str:
    return cls.schema_name or re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", cls.__name__).lower()


def class_document(cls: type[Measurement]) -> dict[str, Any]:
    """The JSON Schema document of ``cls``: what the registry reads and a job stores.

    Pydantic writes enums and nested models as references into ``$defs``; those are
    inlined here (they come from the class, never from outside), and a model that
    refers to itself is refused, since no bounded grammar can hold it.
    """
    where = cls.__qualname__
    item = cls.model_json_schema(mode="validation")
    definitions = item.pop("$defs", {})
    seen: tuple[str, ...] = ()
    top = item.get("$ref")
    if isinstance(top, str) and top.removeprefix("#/$defs/") in definitions:
        # a model that refers to itself is written as a reference to its own definition
        seen = (top.removeprefix("#/$defs/"),)
        item = dict(definitions[seen[0]])
    properties = item.get("properties", {})
    item["properties"] = {
        name: _inline(node, definitions, seen, f"{where}: field {name!r}")
        for name, node in properties.items()
    }
    name = default_name(cls)
    document: dict[str, Any] = {
        "$schema": JSON_SCHEMA_DIALECT,
        "title": name,
        "description": item.get("description") or f"Custom schema {name}.",
        "type": "object",
        "properties": {"records": {"type": "array", "maxItems": cls.max_records, "items": item}},
        "required": ["records"],
        "additionalProperties": False,
    }
    if cls.instructions:
        document["x-molextract"] = {"instructions": cls.instructions}
    return document


def _inline(node: Any, definitions: dict[str, Any], seen: tuple[str, ...], where: str) -> Any:
    if isinstance(node, list):
        return [_inline(child, definitions, seen, where) for child in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        name = ref.removeprefix("#/$defs/")
        if name in seen or name not in definitions:
            raise SchemaError(
                f"{where}: a recursive model ({name} contains itself) cannot become a "
                "bounded grammar"
            )
        rest = {k: v for k, v in node.items() if k != "$ref"}
        target = _inline(definitions[name], definitions, (*seen, name), where)
        return {**target, **rest}
    return {key: _inline(child, definitions, seen, where) for key, child in node.items()}
