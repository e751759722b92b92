"""One declaration per property, and every reader reading it."""

from __future__ import annotations

import dataclasses

import pytest

from molextract.chem import SIRange, is_plausible
from molextract.extraction import cues
from molextract.schemas import get_schema
from molextract.schemas.builtin import BUILTIN_SCHEMAS
from molextract.schemas.properties import (
    BUILTIN,
    DENSITY,
    LOGD,
    LOGP,
    MELTING_POINT,
    REACTION_YIELD,
    PropertyDeclaration,
    custom_declaration,
    declaration,
    declarations,
)
from molextract.schemas.spec import PropertySpec


def _names(declared: PropertyDeclaration, header: str) -> bool:
    """Whether a table header names ``declared``: its pattern, and none of its traps."""
    trapped = declared.header_traps is not None and declared.header_traps.search(header)
    return bool(declared.header.search(header)) and not trapped


@pytest.mark.parametrize(
    ("header", "name"),
    [
        ("Yield (%)", "reaction_yield"),
        ("Isolated yield [%]", "reaction_yield"),
        ("mp (°C)", "melting_point"),
        ("M.p./°C", "melting_point"),
        ("Tm", "melting_point"),
        ("b.p. [K]", "boiling_point"),
        ("log P", "logP"),
        ("logD7.4", "logD"),
        ("ρ (g cm−3)", "density"),
        ("Density", "density"),
        ("Solubility (mg/mL)", "solubility"),
    ],
)
def test_a_header_names_its_property_and_no_other(header: str, name: str) -> None:
    assert [d.name for d in BUILTIN if _names(d, header)] == [name]


@pytest.mark.parametrize(
    ("header", "trapped"),
    [
        ("Conv. (%)", REACTION_YIELD),
        ("ee (%)", REACTION_YIELD),
        ("cLogP", LOGP),
        ("lit. mp", MELTING_POINT),
    ],
)
def test_a_look_alike_header_is_caught_by_the_property_s_traps(
    header: str, trapped: PropertyDeclaration
) -> None:
    assert trapped.header_traps is not None and trapped.header_traps.search(header)
    assert not any(_names(d, header) for d in BUILTIN)


def test_every_builtin_property_is_declared_once() -> None:
    names = [d.name for d in BUILTIN]
    assert len(names) == len(set(names))
    assert {p.name for p in get_schema("molecular_properties").properties} == set(names)
    assert all(declaration(name) is d for name, d in zip(names, BUILTIN, strict=True))


def test_the_builtin_schemas_state_each_property_as_declared() -> None:
    for schema in BUILTIN_SCHEMAS:
        for spec in schema.properties:
            declared = declaration(spec.name)
            assert declared is not None
            assert spec == declared.spec
            assert (spec.name, spec.description, spec.units) == (
                declared.name,
                declared.description,
                declared.units,
            )


def test_the_finder_s_cue_tables_are_views_of_the_declarations() -> None:
    for declared in BUILTIN:
        leads = cues.LOG_CUES if declared.units == (None,) else cues.BEFORE_CUES
        assert leads.get(declared.name) is declared.cue_before
        assert cues.AFTER_CUES.get(declared.name) is declared.cue_after
        assert cues.LIST_CUES.get(declared.name) is declared.list_cue
    assert set(cues.LOG_CUES) == {"logP", "logD"}
    assert cues.PERCENT_NOT_YIELD_AFTER is REACTION_YIELD.trap_after
    assert cues.PERCENT_NOT_YIELD_BEFORE is REACTION_YIELD.trap_before


@pytest.mark.parametrize(
    ("declared", "text"),
    [
        (MELTING_POINT, "white needles, mp 121"),
        (MELTING_POINT, "DSC showed Tm"),
        (LOGD, "logD7.4 ="),
        (LOGP, "The measured log Kow"),
        (DENSITY, "a density of"),
        (REACTION_YIELD, "in a combined yield of"),
    ],
)
def test_a_cue_before_a_value_names_its_property(declared: PropertyDeclaration, text: str) -> None:
    assert declared.cue_before is not None and declared.cue_before.search(text)


def test_what_is_never_a_yield_is_declared_with_the_yield() -> None:
    assert REACTION_YIELD.trap_after is not None and REACTION_YIELD.trap_before is not None
    assert REACTION_YIELD.trap_after.search(") in mineral oil")
    assert REACTION_YIELD.trap_after.search(" ee")
    assert REACTION_YIELD.trap_before.search("ee of ")
    assert REACTION_YIELD.trap_before.search("conversion was ")
    assert not REACTION_YIELD.trap_after.search(" yield")


@pytest.mark.parametrize("declared", BUILTIN, ids=lambda d: d.name)
def test_plausibility_reads_the_declared_range(declared: PropertyDeclaration) -> None:
    assert declared.plausible, "every built-in property declares its range in SI"
    for bounds in declared.plausible:
        inside = (bounds.low + bounds.high) / 2
        assert is_plausible(declared.name, inside, bounds.unit) is True
        assert is_plausible(declared.name, bounds.high, bounds.unit) is True
        assert is_plausible(declared.name, bounds.high * 1.01 + 1, bounds.unit) is False
        assert is_plausible(declared.name, bounds.low, bounds.unit) is bounds.low_inclusive


def test_a_declaration_judges_by_its_own_range() -> None:
    narrow = dataclasses.replace(MELTING_POINT, plausible=(SIRange("K", 200.0, 300.0),))
    assert narrow.is_plausible(250.0, "K") is True
    assert narrow.is_plausible(408.15, "K") is False
    assert MELTING_POINT.is_plausible(408.15, "K") is True
    assert narrow.is_plausible(250.0, "kg/m³") is None


def test_a_user_s_property_gets_a_declaration_from_its_own_words() -> None:
    (refractive,) = declarations(["refractive_index"])
    assert refractive.name == "refractive_index"
    assert refractive.header.search("Refractive index (n20/D)")
    assert refractive.cue_before is cues.custom_cue("refractive_index")
    assert refractive.header_traps is None and refractive.plausible == ()
    assert is_plausible("refractive_index", 1.5, "1") is None


def test_a_user_s_property_cue_is_its_name_or_the_stem_of_its_first_word() -> None:
    spec = PropertySpec("flash_point", "lowest temperature at which vapours ignite", ("°C",))
    melting, flash = declarations(["melting_point", spec])
    assert melting is MELTING_POINT
    assert (flash.name, flash.description, flash.units) == (spec.name, spec.description, ("°C",))
    assert flash.spec == spec
    assert flash.cue_before is cues.custom_cue("flash_point", spec.description)
    assert flash.cue_before is not None
    for text in ("its flash point of", "flash-point:", "Flash_point =", "it flashes at"):
        assert flash.cue_before.search(text), text
    # the description is said to the model, not looked for in the text
    assert not flash.cue_before.search("the lowest temperature at which vapours ignite")
    assert flash.header.search("Flash point (°C)")


def test_a_short_first_word_is_no_stem() -> None:
    cue = custom_declaration("pKa").cue_before
    assert cue is not None
    assert cue.search("a pKa of") and not cue.search("pKas")
