"""Compound identity over whole documents: mention, label table, structure, cross-checks.

Everything is real: the label table and mentions are code, names go through the OPSIN
jar on the JVM and the offline dictionary, structures and masses through RDKit. The
records are built as the pipeline builds them (the model's answer in ``compound``).
"""

from __future__ import annotations

import pytest

from molextract.chem.names import NameResolver
from molextract.extraction.identity import identify
from molextract.ingest.document import Document
from molextract.schemas.records import (
    Checks,
    Compound,
    DocumentResult,
    EngineInfo,
    Evidence,
    Record,
)

ENGINE = EngineInfo(name="local", model="test")

PAPER = (
    "3-Bromo-4-methoxybenzaldehyde (12b). To a solution of 4-methoxybenzaldehyde (1.36 g, "
    "10 mmol) in AcOH was added bromine. Workup gave 12b (1.51 g, 70%) as a white solid, "
    "mp 51–53 °C. HRMS (ESI) m/z [M+H]+ calcd for C8H8BrO2 214.9702, found 214.9705.\n\n"
    "4-Bromobenzamide (4b). The residue was purified to give 4b (0.82 g, 4.1 mmol, 87%), "
    "mp 188–190 °C. Anal. Calcd for C7H6BrNO: C, 42.03; H, 3.02; N, 7.00. Found: C, 42.11; "
    "H, 3.05; N, 6.93.\n\n"
    "Methyl benzoate (5). Obtained in 91% yield. HRMS (ESI) m/z [M+H]+ calcd for C8H9O2 "
    "137.0597, found 137.0601."
)

PATENT = (
    "Example 2\n\nB. Synthesis of 4-Amino-2-(3-thienyl)phenol Hydrochloride\n\n"
    "3 g of 4-nitro-2-(3-thienyl)phenol was hydrogenated. This gave 1.95 g (75% of the "
    "theoretical) of the title compound with a melting point of 130-132° C."
)


def record(text: str, value: str, name: str | None, label: str | None = None) -> Record:
    at = text.index(value)
    return Record(
        doc_id="d",
        schema="molecular_properties",
        compound=Compound(name=name, label=label),
        property="reaction_yield",
        value=float(value.rstrip("%")),
        unit="%",
        evidence=Evidence(
            quote=value,
            start=at,
            end=at + len(value),
            match="exact",
            value_start=at,
            value_end=at + len(value),
        ),
        checks=Checks(
            structure="absent",
            grounded=True,
            value_in_quote=True,
            plausible=True,
            formula_consistent=None,
        ),
        status="accepted",
        engine=ENGINE,
        extraction="anchored",
    )


@pytest.fixture(scope="module")
def resolver() -> NameResolver:
    return NameResolver()


def identified(text: str, records: list[Record], resolver: NameResolver | None) -> list[Record]:
    result = DocumentResult(doc_id="d", schema="molecular_properties", engine=ENGINE)
    result.records = records
    identify([result], [Document("d", text)], resolver)
    return result.records


def test_a_label_gets_its_name_its_structure_and_its_hrms_checked(resolver: NameResolver) -> None:
    [rec] = identified(PAPER, [record(PAPER, "70%", None, "12b")], resolver)
    compound = rec.compound
    assert (compound.name, compound.label) == ("3-Bromo-4-methoxybenzaldehyde", "12b")
    assert compound.inchikey == "QMPNFQLVIGPNEI-UHFFFAOYSA-N"
    assert compound.smiles_source == "opsin"
    assert compound.grounded is True
    assert compound.start is not None and compound.end is not None
    assert PAPER[compound.start : compound.end] in {"12b", "3-Bromo-4-methoxybenzaldehyde"}
    assert [c.kind for c in rec.checks.cross_checks].count("hrms") >= 1
    assert all(c.ok for c in rec.checks.cross_checks)
    assert rec.checks.formula_consistent is True
    assert rec.status == "accepted" and rec.failed_checks == []


def test_each_paragraph_checks_only_its_own_compound(resolver: NameResolver) -> None:
    records = [
        record(PAPER, "70%", "12b"),
        record(PAPER, "87%", "4b"),
        record(PAPER, "91%", "Methyl benzoate"),
    ]
    _, amide, ester = identified(PAPER, records, resolver)
    assert amide.compound.name == "4-Bromobenzamide"
    assert {c.kind for c in amide.checks.cross_checks} == {"elemental_analysis", "formula"}
    assert amide.checks.formula_consistent is True
    assert ester.compound.inchikey == "QPJVMBTYPHYUOC-UHFFFAOYSA-N"
    assert ester.checks.formula_consistent is True
    assert all("C8H8BrO2" not in c.stated for c in ester.checks.cross_checks)
    assert all(c.start > PAPER.index("Methyl benzoate") for c in ester.checks.cross_checks)


def test_the_title_compound_is_the_heading_of_its_example(resolver: NameResolver) -> None:
    [rec] = identified(PATENT, [record(PATENT, "75%", "the title compound")], resolver)
    assert rec.compound.name == "4-Amino-2-(3-thienyl)phenol Hydrochloride"
    assert rec.compound.label == "Example 2B"
    assert rec.compound.smiles == "Cl.Nc1ccc(O)c(-c2ccsc2)c1"  # the salt, as named


def test_a_wrong_structure_for_the_stated_formula_is_flagged(resolver: NameResolver) -> None:
    text = (
        "Methyl benzoate (6). Obtained in 80% yield. HRMS (ESI) m/z [M+H]+ calcd for C9H11O2 "
        "151.0754, found 151.0751."  # the data of ethyl benzoate
    )
    [rec] = identified(text, [record(text, "80%", "Methyl benzoate")], resolver)
    assert rec.compound.formula == "C8H8O2"
    assert rec.checks.formula_consistent is False
    assert "hrms_mismatch" in rec.failed_checks
    assert rec.status == "flagged"


def test_placeholders_and_descriptions_are_no_compound(resolver: NameResolver) -> None:
    text = "The white solid was collected in 65% yield."
    [rec] = identified(text, [record(text, "65%", "white solid")], resolver)
    assert rec.compound.name is None and rec.compound.label is None
    assert rec.compound.grounded is None and rec.compound.inchikey is None
    assert rec.status == "accepted"


def test_a_class_of_compounds_is_no_name_but_its_label_stays(resolver: NameResolver) -> None:
    text = (
        "Under these conditions the benzaldehydes 2b − d furnished quinoline derivatives "
        "5b − d and 5f in 61 − 80 % yields ."
    )
    [rec] = identified(text, [record(text, "80 %", None)], resolver)
    assert rec.compound.label == "5b"
    assert rec.compound.name is None


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("The addition product was obtained as the trans diastereomer (4b) in 56% yield.",
         "56%", "4b"),
        ("Methanol gave 34% yield of the desired mono-N-alkylated product 3c .", "34%",
         "3c"),
    ],
)  # fmt: skip
def test_a_description_of_a_labelled_product_is_no_name(
    resolver: NameResolver, text: str, value: str, label: str
) -> None:
    [rec] = identified(text, [record(text, value, None)], resolver)
    assert (rec.compound.name, rec.compound.label) == (None, label)


def test_a_compound_s_number_read_as_its_name_is_its_label(resolver: NameResolver) -> None:
    text = "The melting point of 7b was 142 °C."
    point = record(text, "142", None).model_copy(update={"property": "melting_point", "unit": "°C"})
    [rec] = identified(text, [point], resolver)
    assert (rec.compound.name, rec.compound.label) == (None, "7b")


def test_a_name_not_in_the_text_is_flagged_ungrounded(resolver: NameResolver) -> None:
    text = "The reaction proceeded in 65% yield."
    [rec] = identified(text, [record(text, "65%", "caffeine")], resolver)
    assert rec.compound.grounded is False
    assert "compound_not_in_text" in rec.failed_checks
    assert rec.status == "flagged"


def test_a_model_smiles_gives_way_to_the_names_structure(resolver: NameResolver) -> None:
    text = "Caffeine was recrystallised; yield 88%."
    guessed = record(text, "88%", "Caffeine").model_copy(
        update={
            "compound": Compound(
                name="Caffeine", smiles="CCO", canonical_smiles="CCO", smiles_source="model"
            ),
            "checks": Checks(
                structure="valid",
                grounded=True,
                value_in_quote=True,
                plausible=True,
                formula_consistent=None,
            ),
            "failed_checks": ["structure_from_model"],
            "status": "flagged",
        }
    )
    [rec] = identified(text, [guessed], resolver)
    assert rec.compound.inchikey == "RYYVLZVUVIJVGH-UHFFFAOYSA-N"
    assert rec.compound.smiles_source in {"opsin", "dictionary"}
    assert rec.failed_checks == [] and rec.status == "accepted"


def test_without_a_resolver_names_stay_names() -> None:
    [rec] = identified(PAPER, [record(PAPER, "70%", "12b")], None)
    assert rec.compound.name == "3-Bromo-4-methoxybenzaldehyde"
    assert rec.compound.inchikey is None and rec.checks.structure == "absent"


def restated(
    text: str, first: Record, at: int, name: str | None, sentence: int | None = None
) -> Record:
    """``first`` as the model answered it for the same value printed again at ``at``
    (three characters), about ``name``; with ``sentence``, the quote is the text from
    there to its end (a sentence that restates values)."""
    start, end = (at, at + 3) if sentence is None else (sentence, len(text))
    evidence = first.evidence.model_copy(
        update={
            "quote": text[start:end],
            "start": start,
            "end": end,
            "value_start": at,
            "value_end": at + 3,
        }
    )
    return first.model_copy(update={"compound": Compound(name=name), "evidence": evidence})


def test_a_value_restated_for_one_compound_is_one_record() -> None:
    text = (
        "Crystalline sucrose was dried (yield 98%). Sucrose was recrystallised from water "
        "(yield 98%), and 4-bromobenzoic acid was obtained in 98% yield.\n\nA repeat gave 98%."
    )
    first = record(text, "98%", "Crystalline sucrose")
    again = restated(text, first, text.index("98%", text.index("Sucrose")), "sucrose")
    other_at = text.rindex("98%", 0, text.index("A repeat"))
    other = restated(text, first, other_at, "4-bromobenzoic acid")
    # Values whose paragraph names no compound and which the model gave none: nothing
    # says they are one compound's, so they are never merged.
    unnamed_at = text.rindex("98%")
    unnamed = [restated(text, first, unnamed_at, None) for _ in range(2)]
    kept = identified(text, [first, again, other, *unnamed], None)
    assert [(r.compound.name, r.evidence.start) for r in kept] == [
        ("sucrose", first.evidence.start),
        ("4-bromobenzoic acid", other_at),
        (None, unnamed_at),
        (None, unnamed_at),
    ]


def test_a_summary_of_values_stated_before_is_no_new_record() -> None:
    text = (
        "Urea was dried (yield 91%). The product data are collected below: these values "
        "(yield 91%) are compared with those of thiourea."
    )
    first = record(text, "91%", "Urea")
    at = text.index("91%", text.index("these values"))
    again = restated(text, first, at, "thiourea", sentence=text.index("The product"))
    kept = identified(text, [first, again], None)
    assert [(r.compound.name, r.evidence.value_start) for r in kept] == [
        ("Urea", first.evidence.value_start)
    ]


def test_an_analysis_printed_as_its_own_block_is_the_products(resolver: NameResolver) -> None:
    text = (
        "This gave 2.0 g (80%) of benzoic acid with a melting point of 122° C.\n\n"
        "CHN Analysis\n(C7H6O2) | % C | % H\nCalculated | 68.85 | 4.95\n"
        "Found: | 68.80 | 4.99\n\nEXAMPLE 2\n\nThe next compound."
    )
    [rec] = identified(text, [record(text, "80%", "benzoic acid")], resolver)
    kinds = {c.kind: c.ok for c in rec.checks.cross_checks}
    assert kinds.get("elemental_analysis") is True, rec.checks.cross_checks
    assert rec.status == "accepted"


def test_a_table_record_is_checked_against_its_own_row_only(resolver: NameResolver) -> None:
    from molextract.extraction import tables
    from molextract.schemas import get_schema

    text = (
        "Table 1. Physical properties of the esters.\n\n"
        "Compound | Formula | B.p. (°C)\n"
        "Ethyl 3-methylbutanoate | C7H14O2 | 132\n"
        "Propyl 3-methylbutanoate | C8H16O2 | 155\n"
    )
    schema = get_schema("molecular_properties")
    doc = Document("d", text)
    found = tables.table_records(doc, tables.read_tables(doc, schema), schema, ENGINE)
    result = DocumentResult(doc_id="d", schema="molecular_properties", engine=ENGINE)
    result.records = found
    identify([result], [doc], resolver)
    ethyl, propyl = result.records
    assert [c.stated for c in ethyl.checks.cross_checks] == ["C7H14O2"]
    assert [c.stated for c in propyl.checks.cross_checks] == ["C8H16O2"]
    assert ethyl.status == propyl.status == "accepted"
