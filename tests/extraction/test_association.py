"""The association prompt and answer grammar: what the model is shown and may say."""

import json

import pytest
from pydantic import ValidationError

from molextract.extraction import association
from molextract.extraction.anchored import plan_chunks, questions_for
from molextract.extraction.candidates import find_candidates
from molextract.extraction.chunking import chunk_text
from molextract.extraction.label_table import build_label_table
from molextract.schemas import get_schema
from molextract.schemas.registry import schema_from_json

MP = get_schema("melting_point")
ALL = get_schema("molecular_properties")
PATENT = (
    "This gave 4.0 g (83% of the theoretical) of 4-nitro-2-(3-thienyl)phenol with a melting "
    "point of 130° C."
)


def test_the_answer_grammar_has_no_value_field_only_properties_or_none() -> None:
    schema = association.answer_json_schema(ALL)
    assert set(schema["properties"]) == {"property", "compound", "conditions"}
    assert schema["properties"]["property"]["enum"] == [*ALL.property_names, "none"]
    assert schema["additionalProperties"] is False


def test_a_property_the_text_settles_is_the_only_one_its_answer_may_give() -> None:
    schema = association.answer_json_schema(ALL, "reaction_yield")
    assert schema["properties"]["property"]["enum"] == ["reaction_yield"]
    assert schema["title"] != association.answer_json_schema(ALL)["title"]
    with pytest.raises(ValidationError):
        association.parse_answer(
            ALL, '{"property":"none","compound":null,"conditions":null}', "reaction_yield"
        )
    answer = association.parse_answer(
        ALL, '{"property":"reaction_yield","compound":"B","conditions":null}', "reaction_yield"
    )
    assert (answer.property, answer.compound) == ("reaction_yield", "B")


def test_the_compound_answer_is_a_marker_letter_or_null_and_nothing_else() -> None:
    compound = association.answer_json_schema(ALL)["properties"]["compound"]
    choices = [option.get("enum") for option in compound["anyOf"]]
    assert [*"ABCDEFGHIJKLMNOP"] in choices
    assert {"type": "null"} in compound["anyOf"]


def test_one_grammar_per_schema_whatever_the_chunk() -> None:
    first = association.answer_json_schema(MP)
    again = association.answer_json_schema(get_schema("melting_point"))
    assert json.dumps(first, sort_keys=True) == json.dumps(again, sort_keys=True)


def test_candidates_are_marked_in_order_and_the_text_is_otherwise_unchanged() -> None:
    candidates = [c for c in find_candidates(PATENT, ALL) if c.blocked is None]
    marked = association.mark(PATENT, 0, candidates)
    assert "(⟦1⟧83% of the theoretical)" in marked
    assert "melting point of ⟦2⟧130° C." in marked
    assert marked.replace("⟦1⟧", "").replace("⟦2⟧", "") == PATENT


def test_each_question_names_its_quantity_as_printed_and_the_possible_properties() -> None:
    [plan] = plan_chunks(PATENT, chunk_text(PATENT, 700), ALL)
    questions = questions_for(0, plan, PATENT, ALL, build_label_table(PATENT))
    asks = [q.prompt[-1]["content"].rsplit("\n", 1)[-1] for q in questions]
    assert asks[0] == '⟦1⟧ 83% (a percentage, before "of the theoretical"): reaction_yield or none?'
    assert asks[1] == (
        '⟦2⟧ 130° C (a temperature, after "melting point"): melting_point, boiling_point or none?'
    )
    # every question of a chunk shares the prompt up to the question: one prefix to evaluate
    prefixes = {
        json.dumps(q.prompt[:-1]) + q.prompt[-1]["content"].rsplit("\n", 1)[0] for q in questions
    }
    assert len(prefixes) == 1


def test_the_compounds_code_found_are_marked_and_the_answer_picks_one() -> None:
    [plan] = plan_chunks(PATENT, chunk_text(PATENT, 700), ALL)
    [first, _] = questions_for(0, plan, PATENT, ALL, build_label_table(PATENT))
    assert "of ⟪A⟫4-nitro-2-(3-thienyl)phenol with" in first.prompt[-1]["content"]
    assert [(m.letter, PATENT[m.start : m.end]) for m in first.mentions] == [
        ("A", "4-nitro-2-(3-thienyl)phenol")
    ]


@pytest.mark.parametrize("written", ["urea", "0.35 g", "the title compound", "AA", ""])
def test_a_compound_written_out_is_refused_by_the_grammar(written: str) -> None:
    with pytest.raises(ValidationError):
        association.parse_answer(
            MP, json.dumps({"property": "melting_point", "compound": written, "conditions": None})
        )


def test_none_means_no_property_and_foreign_properties_are_refused() -> None:
    answer = association.parse_answer(
        MP, '{"property": "none", "compound": "B", "conditions": null}'
    )
    assert answer.property is None and answer.compound == "B"
    with pytest.raises(ValidationError):
        association.parse_answer(
            MP, '{"property": "solubility", "compound": null, "conditions": null}'
        )


def test_worked_examples_only_use_the_schema_properties() -> None:
    for name in (
        "melting_point",
        "reaction_yield",
        "molecular_properties",
        "partition_coefficient",
    ):
        schema = get_schema(name)
        props = frozenset(schema.property_names)
        examples = association.examples_for(schema)
        assert examples, name
        for example in examples:
            assert example.answer["property"] in (*props, "none")
            assert "(): " not in example.ask(props) and ":  or" not in example.ask(props)


def test_a_custom_schema_in_known_units_is_anchored_without_built_in_examples() -> None:
    schema = schema_from_json(
        {
            "title": "flash_point",
            "type": "object",
            "properties": {
                "records": {
                    "type": "array",
                    "maxItems": 8,
                    "items": {
                        "type": "object",
                        "properties": {
                            "quote": {"type": "string"},
                            "compound": {"type": "string"},
                            "property": {"enum": ["flash_point"]},
                            "value": {"type": "string"},
                            "unit": {"enum": ["°C", "°F", None]},
                        },
                    },
                }
            },
        },
        default_name="flash_point",
        source="test",
    )
    text = "Acetone has a flash point of −20 °C and was heated to 50 °C."
    found = find_candidates(text, schema)
    assert [(text[c.quantity.start : c.quantity.end], c.blocked) for c in found] == [
        ("−20 °C", None),
        ("50 °C", "a condition"),
    ]
    assert association.examples_for(schema) == ()


def test_every_worked_example_answers_a_letter_it_marks() -> None:
    for example in association._EXAMPLES:
        letter = example.answer["compound"]
        assert letter is None or f"⟪{letter}⟫" in example.text
