"""Schemas written in Python: one class, read the same way as a JSON Schema file or a job's
inline schema, and refused with the field and the reason when no bounded grammar fits."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Literal

import jsonschema
import pytest
from pydantic import Field

from molextract import Measurement, SchemaError, Units, schema_document
from molextract.schemas import get_schema, output_line_json_schema, resolve_schema
from molextract.schemas.models import class_document
from molextract.schemas.registry import schema_from_json

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "examples" / "glass_transition.py"


class Solubility(Measurement):
    """Solubilities with their solvent and pH as fields of their own."""

    schema_name = "solubility_detail"
    max_records = 4
    property: Literal["solubility"]
    unit: Literal["g/L", "mg/mL"]
    solvent: str = Field(description="The solvent")
    ph: float | None = Field(default=None, description="The pH of the medium")
    replicates: int | None = Field(default=None, description="How many measurements")
    buffered: bool | None = Field(default=None, description="Whether a buffer was used")
    temperature: Annotated[float | None, Units("°C", "K")] = Field(
        default=None, description="The temperature of the measurement"
    )
    methods: list[Literal["shake-flask", "HPLC", "UV"]] = Field(
        default_factory=list, max_length=3, description="How it was measured"
    )


def test_a_class_becomes_a_spec_with_typed_fields() -> None:
    spec = resolve_schema(Solubility)
    assert spec.name == "solubility_detail" and spec.max_records == 4
    assert spec.property_names == ("solubility",) and spec.units == ("g/L", "mg/mL")
    assert spec.description.startswith("Solubilities with their solvent")
    kinds = {f.name: (f.kind, f.nullable, f.max_items, f.grounded) for f in spec.fields}
    assert kinds == {
        "solvent": ("string", False, None, True),
        "ph": ("number", True, None, True),
        "replicates": ("integer", True, None, True),
        "buffered": ("boolean", True, None, False),
        "temperature": ("quantity", True, None, True),
        "methods": ("enum", False, 3, False),
    }
    assert next(f for f in spec.fields if f.name == "temperature").units == ("°C", "K")


def test_the_class_and_its_json_document_are_the_same_schema(tmp_path: Path) -> None:
    """What a job stores (the document) reads back into the schema the class makes."""
    document = schema_document(Solubility)
    path = tmp_path / "solubility.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    from_file = get_schema(str(path))
    from_class = resolve_schema(Solubility)
    assert from_file.fields == from_class.fields
    assert from_file.json_schema == from_class.json_schema
    assert from_file.property_names == from_class.property_names


def test_generation_grammar_is_bounded_and_carries_the_fields() -> None:
    item = resolve_schema(Solubility).json_schema["$defs"]["SolubilityDetailValue"]
    fields = item["properties"]
    assert fields["methods"]["maxItems"] == 3
    assert "maxLength" not in fields["solvent"], "text is bounded by tokens, not characters"
    assert "K" in fields["temperature"]["anyOf"][0]["pattern"]
    assert set(item["required"]) >= {"solvent", "ph", "methods"}


def test_module_path_and_class_on_the_command_line_form() -> None:
    spec = get_schema(f"{EXAMPLE}:GlassTransition")
    assert spec.name == "glass_transition"
    assert [f.name for f in spec.fields] == [
        "method", "heating_rate", "second_heating", "atmosphere",
    ]  # fmt: skip


def test_output_schema_types_the_fields_and_a_record_validates() -> None:
    spec = resolve_schema(Solubility)
    published = output_line_json_schema(spec)
    record = published["$defs"]["Record"]  # type: ignore[index]
    assert "fields" in record["required"]
    typed = record["properties"]["fields"]["properties"]
    assert typed["solvent"] == {"type": "string", "description": "The solvent"}
    assert typed["temperature"]["anyOf"][0] == {"$ref": "#/$defs/FieldQuantity"}
    assert typed["methods"]["items"] == {"enum": ["shake-flask", "HPLC", "UV"]}
    generic = output_line_json_schema()
    assert "fields" not in generic["$defs"]["Record"].get("required", [])  # type: ignore[index]
    assert output_line_json_schema(get_schema("melting_point")) == generic


def _document(**fields: Any) -> dict[str, Any]:
    return class_document(type("Probe", (Measurement,), {"__annotations__": {}, **fields}))


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("tags: list[str] = Field(description='tags')", r"field 'tags': a list needs maxItems"),
        ("extra: dict[str, str] = Field(description='x')", r"field 'extra': a free-form object"),
        ("child: 'Child' = Field(description='a part')", r"field 'child': nested objects"),
        ("parent: 'Node | None' = Field(None, description='x')", r"field 'parent': a recursive"),
        ("either: int | str = Field(description='x')", r"field 'either': a choice between types"),
    ],
)
def test_models_that_cannot_be_bounded_grammars_are_refused_naming_the_field(
    tmp_path: Path, source: str, message: str
) -> None:
    module = tmp_path / "bad_schema.py"
    module.write_text(
        "from typing import Literal\n"
        "from pydantic import BaseModel, Field\n"
        "from molextract import Measurement\n"
        "class Child(BaseModel):\n    x: int\n"
        "class Node(Measurement):\n"
        "    property: Literal['p']\n"
        "    unit: Literal['°C']\n"
        f"    {source}\n",
        encoding="utf-8",
    )
    with pytest.raises(SchemaError, match=message):
        get_schema(f"{module}:Node")


def test_a_field_named_without_a_description_still_gets_its_title(tmp_path: Path) -> None:
    """Pydantic gives every field a title, which is what the model is then told."""
    module = tmp_path / "titled.py"
    module.write_text(
        "from typing import Literal\nfrom molextract import Measurement\n"
        "class T(Measurement):\n    property: Literal['p']\n    unit: Literal['°C']\n"
        "    crystal_form: str | None = None\n",
        encoding="utf-8",
    )
    [field] = get_schema(f"{module}:T").fields
    assert field.description == "Crystal Form"


def test_module_class_that_is_missing_or_not_a_schema(tmp_path: Path) -> None:
    module = tmp_path / "things.py"
    module.write_text(
        "from typing import Literal\nfrom molextract import Measurement\n"
        "class Plain:\n    pass\n"
        "class Good(Measurement):\n    property: Literal['p']\n    unit: Literal['°C']\n",
        encoding="utf-8",
    )
    with pytest.raises(SchemaError, match=r"has no class 'Nope'; its schema classes: Good"):
        get_schema(f"{module}:Nope")
    with pytest.raises(SchemaError, match=r"'Plain' in .* is not a molextract schema"):
        get_schema(f"{module}:Plain")
    with pytest.raises(SchemaError, match=r"cannot read schema module .*: no such file"):
        get_schema(f"{tmp_path / 'absent.py'}:Good")
    broken = tmp_path / "broken.py"
    broken.write_text("import not_a_module_anywhere\n", encoding="utf-8")
    with pytest.raises(SchemaError, match=r"importing .*broken.py failed: ModuleNotFoundError"):
        get_schema(f"{broken}:Good")


def test_property_must_be_narrowed_to_literal_choices(tmp_path: Path) -> None:
    module = tmp_path / "wide.py"
    module.write_text(
        "from molextract import Measurement\nclass W(Measurement):\n    pass\n", encoding="utf-8"
    )
    with pytest.raises(SchemaError, match=r"'property' must declare an 'enum'.*Literal"):
        get_schema(f"{module}:W")


def test_json_file_with_fields_of_its_own_and_its_output_validates(tmp_path: Path) -> None:
    document = json.loads((ROOT / "examples" / "flash_point.schema.json").read_text())
    item = document["properties"]["records"]["items"]
    item["properties"]["method"] = {"enum": ["closed cup", "open cup", None], "description": "cup"}
    item["properties"]["pressure"] = {
        "type": ["number", "null"], "units": ["kPa", "mmHg"], "description": "pressure",
    }  # fmt: skip
    for example in document["x-molextract"]["examples"]:
        for record in example["records"]:
            record.update(method="closed cup", pressure=None)
    path = tmp_path / "flash.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    spec = get_schema(str(path))
    assert [(f.name, f.kind, f.nullable) for f in spec.fields] == [
        ("method", "enum", True), ("pressure", "quantity", True),
    ]  # fmt: skip
    line = {
        "doc_id": "d", "schema": "flash_point", "records": [], "errors": [],
        "engine": {"name": "local", "model": "m"}, "usage": {},
    }  # fmt: skip
    jsonschema.validate(line, output_line_json_schema(spec))


@pytest.mark.parametrize("keyword", ["$ref", "$dynamicRef", "$recursiveRef"])
def test_a_schema_file_with_a_reference_is_refused_naming_the_key(
    tmp_path: Path, keyword: str
) -> None:
    """Issue 14: a reference was silently dropped on the command line; now it is refused
    by the same rule the API applies, and nothing is read because of it."""
    target = tmp_path / "unit.json"
    target.write_text(json.dumps({"enum": ["°C"]}), encoding="utf-8")
    document = json.loads((ROOT / "examples" / "flash_point.schema.json").read_text())
    document["properties"]["records"]["items"]["properties"]["unit"] = {keyword: str(target)}
    path = tmp_path / "with_ref.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(SchemaError, match=rf"'\{keyword}' at properties\.records\.items\."
                       r"properties\.unit is not supported: references are never followed"):  # fmt: skip
        get_schema(str(path))
    with pytest.raises(SchemaError, match="not supported"):
        schema_from_json(document, default_name="x", source="inline schema")


def test_a_unit_the_converter_does_not_know_is_refused() -> None:
    document = schema_document(Solubility)
    item = document["properties"]["records"]["items"]
    item["properties"]["temperature"]["units"] = ["zorkmids"]
    with pytest.raises(SchemaError, match=r"field 'temperature': unknown unit"):
        schema_from_json(document, default_name="x", source="probe")


def test_builtin_schemas_have_no_document_and_go_by_name() -> None:
    with pytest.raises(SchemaError, match="built-in schema: send its name"):
        schema_document("melting_point")
    assert get_schema("melting_point").fields == ()


@pytest.mark.parametrize("name", ["_hidden", "model_kind", "json", "copy", "9lives", "a-b"])
def test_field_names_a_grammar_model_cannot_hold_are_refused(name: str) -> None:
    document = schema_document(Solubility)
    item = document["properties"]["records"]["items"]
    item["properties"][name] = {"type": "string", "description": "x"}
    with pytest.raises(SchemaError, match=rf"field '{name}': a field name must start"):
        schema_from_json(document, default_name="x", source="probe")
