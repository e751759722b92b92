import json
from pathlib import Path
from typing import Any

import pytest

from molextract.errors import SchemaError
from molextract.schemas import get_schema, schema_names

EXAMPLE_SCHEMA = Path(__file__).parents[2] / "examples" / "flash_point.schema.json"
BUILTINS = [
    "melting_point",
    "boiling_point",
    "solubility",
    "partition_coefficient",
    "reaction_yield",
    "density",
    "molecular_properties",
]


def _arrays(node: Any) -> list[dict[str, Any]]:
    found = []
    if isinstance(node, dict):
        if node.get("type") == "array":
            found.append(node)
        for value in node.values():
            found.extend(_arrays(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(_arrays(value))
    return found


def test_every_required_builtin_schema_is_registered() -> None:
    assert set(BUILTINS) <= set(schema_names())


@pytest.mark.parametrize("name", BUILTINS)
def test_builtin_generation_schema_is_bounded_and_its_examples_fit(name: str) -> None:
    spec = get_schema(name)
    arrays = _arrays(spec.json_schema)
    assert arrays and all(isinstance(a.get("maxItems"), int) for a in arrays)
    assert spec.examples, "every built-in schema carries few-shot examples"
    for example in spec.examples:
        parsed = spec.generation_model.model_validate_json(example.answer_json(), strict=True)
        assert len(parsed.model_dump()["records"]) == len(example.records)


def test_molecular_properties_covers_all_properties() -> None:
    names = set(get_schema("molecular_properties").property_names)
    assert names == {"melting_point", "boiling_point", "solubility", "logP", "logD",
                     "reaction_yield", "density"}  # fmt: skip


def test_generation_model_rejects_extra_fields_and_unbounded_numbers() -> None:
    model = get_schema("melting_point").generation_model
    good = {"quote": "q", "compound": "c", "smiles": None, "property": "melting_point",
            "value": "121-123", "unit": "°C", "conditions": None}  # fmt: skip
    model.model_validate({"records": [good]})
    with pytest.raises(ValueError, match="Extra inputs"):
        model.model_validate({"records": [{**good, "note": "x"}]})
    with pytest.raises(ValueError, match="String should match pattern"):
        model.model_validate({"records": [{**good, "value": "100.000000000000001"}]})
    with pytest.raises(ValueError, match="at most 8 items"):
        model.model_validate({"records": [good] * 9})


def test_unknown_schema_names_the_choices() -> None:
    with pytest.raises(SchemaError, match=r"unknown schema 'meltingpoint'.*melting_point"):
        get_schema("meltingpoint")


def test_example_custom_schema_loads() -> None:
    spec = get_schema(str(EXAMPLE_SCHEMA))
    assert spec.name == "flash_point"
    assert spec.property_names == ("flash_point",)
    assert spec.units == ("°C", "°F", "K")
    assert spec.max_records == 6
    assert len(spec.examples) == 1
    assert spec.json_schema["properties"]["records"]["maxItems"] == 6


def _write(tmp_path: Path, document: object) -> str:
    path = tmp_path / "custom.json"
    path.write_text(json.dumps(document) if not isinstance(document, str) else document)
    return str(path)


def _custom() -> dict[str, Any]:
    return json.loads(EXAMPLE_SCHEMA.read_text())


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["properties"]["records"].pop("maxItems"), "needs maxItems"),
        (lambda d: d["properties"]["records"].update(maxItems=1000), "needs maxItems"),
        (lambda d: d["properties"]["records"]["items"]["properties"].update(note={"type": "string"}),
         "unsupported record fields"),
        (lambda d: d["properties"]["records"]["items"]["properties"].pop("quote"), "are required"),
        (lambda d: d["properties"]["records"]["items"]["properties"].update(property={"type": "string"}),
         "must declare an 'enum'"),
        (lambda d: d["properties"]["records"].update(type="object"), "type 'array'"),
        (lambda d: d.update(type=12), "not a valid JSON Schema"),
        (lambda d: d.update(title="flash point!"), "must be a name"),
        (lambda d: d["x-molextract"]["examples"][0]["records"][0].update(value="thirteen"),
         "example does not fit"),
    ],
)  # fmt: skip
def test_invalid_custom_schemas_get_clear_errors(tmp_path: Path, mutate: Any, message: str) -> None:
    document = _custom()
    mutate(document)
    with pytest.raises(SchemaError, match=message):
        get_schema(_write(tmp_path, document))


def test_custom_schema_that_is_not_json(tmp_path: Path) -> None:
    with pytest.raises(SchemaError, match="not valid JSON"):
        get_schema(_write(tmp_path, "{not json"))


def test_custom_schema_file_missing(tmp_path: Path) -> None:
    with pytest.raises(SchemaError, match="cannot read schema file"):
        get_schema(str(tmp_path / "nope.json"))


def test_a_deeply_nested_schema_is_refused_before_anything_recurses(tmp_path: Path) -> None:
    """Depth 200 ran jsonschema's own check out of Python's stack (a traceback)."""
    deep: dict[str, Any] = {"type": "string", "description": "x"}
    for _ in range(200):
        deep = {"type": "object", "description": "x", "properties": {"a": deep}}
    document = _custom()
    document["properties"]["records"]["items"]["properties"]["deep"] = deep
    with pytest.raises(SchemaError, match=r"nested more than 32 levels deep \(at properties\."):
        get_schema(_write(tmp_path, document))
