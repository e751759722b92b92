"""A user's own fields: typed, normalised, and looked for in the text they came from."""

from __future__ import annotations

from typing import Any

from molextract.extraction.fields import settle_fields
from molextract.schemas import get_schema
from molextract.schemas.spec import FieldSpec, PropertySpec, SchemaSpec

TG = PropertySpec("glass_transition", "glass transition", ("°C", "K"))
SCHEMA = SchemaSpec(
    "tg",
    "Glass transitions.",
    "",
    (TG,),
    fields=(
        FieldSpec("method", "enum", "technique", choices=("DSC", "DMA"), grounded=False),
        FieldSpec("heating_rate", "quantity", "rate", units=("K/min", "°C/min")),
        FieldSpec("atmosphere", "string", "gas"),
        FieldSpec("runs", "integer", "runs"),
        FieldSpec("second_heating", "boolean", "second run", grounded=False),
        FieldSpec("solvents", "string", "solvents", max_items=3),
    ),
)
TEXT = (
    "Samples were dried. The Tg of polystyrene was 105 °C (DSC, 10 K min−1, under "
    "nitrogen, mean of 3 runs); films were cast from toluene or THF."
)
WHOLE = (0, len(TEXT))


def _settle(**given: Any) -> tuple[dict[str, Any] | None, list[str]]:
    answer = {"method": None, "heating_rate": None, "atmosphere": None, "runs": None,
              "second_heating": None, "solvents": None, **given}  # fmt: skip
    return settle_fields(SCHEMA, answer, TEXT, WHOLE)


def test_values_stated_in_the_text_are_typed_and_pass() -> None:
    values, failed = _settle(
        method="DSC", heating_rate="10 K/min", atmosphere="Nitrogen", runs="3",
        second_heating=True, solvents=["toluene", "THF"],
    )  # fmt: skip
    assert failed == []
    assert values is not None
    assert values["method"] == "DSC" and values["runs"] == 3 and values["second_heating"] is True
    assert values["atmosphere"] == "Nitrogen" and values["solvents"] == ["toluene", "THF"]
    rate = values["heating_rate"]
    assert rate["value"] == 10.0 and rate["unit"] == "K/min" and rate["unit_si"] == "K/s"
    assert abs(rate["value_si"] - 10 / 60) < 1e-9
    assert TEXT[rate["start"] : rate["end"]] == "10 K min−1"


def test_a_quantity_is_found_in_another_spelling_of_the_same_rate() -> None:
    values, failed = settle_fields(SCHEMA, {"heating_rate": "10 K/min"}, "at 10 °C/min.", (0, 13))
    assert failed == [] and values is not None
    assert values["heating_rate"]["start"] == 3


def test_values_the_text_does_not_state_are_kept_and_named() -> None:
    values, failed = _settle(heating_rate="20 K/min", atmosphere="argon", runs="5",
                             solvents=["toluene", "water"])  # fmt: skip
    assert failed == [
        "field_not_in_text:heating_rate", "field_not_in_text:atmosphere",
        "field_not_in_text:runs", "field_not_in_text:solvents",
    ]  # fmt: skip
    assert values is not None and values["atmosphere"] == "argon"
    assert values["heating_rate"]["start"] is None and values["heating_rate"]["value"] == 20.0


def test_judgements_are_not_looked_for_and_null_is_no_failure() -> None:
    values, failed = _settle(method="DMA", second_heating=False)
    assert failed == [] and values is not None and values["method"] == "DMA"
    assert values["atmosphere"] is None


def test_builtin_schemas_get_no_fields_at_all() -> None:
    assert settle_fields(get_schema("melting_point"), {}, TEXT, WHOLE) == (None, [])
