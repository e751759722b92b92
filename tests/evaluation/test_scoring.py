"""Scoring on hand-made gold values and records, where every expected number is known."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console

from molextract.chem import analyze_smiles
from molextract.config import Settings
from molextract.engines.local import LocalEngine
from molextract.errors import InputError
from molextract.evaluation import (
    DEFAULT_ABS_TOLERANCE,
    DEFAULT_TOLERANCE,
    EvalReport,
    GoldDocument,
    GoldValue,
    evaluate,
    load_gold,
    load_results,
    normalize_name,
    render_eval_table,
    render_false_positives_table,
    render_misses_table,
    score,
)
from molextract.schemas import (
    Checks,
    Compound,
    DocumentError,
    DocumentResult,
    EngineInfo,
    Evidence,
    Record,
    Usage,
    get_schema,
)
from molextract.schemas.records import Status

ENGINE = EngineInfo(name="local", model="test")
GOLD_FILE = Path(__file__).parents[1] / "data" / "gold" / "gold.jsonl"
ASPIRIN = "CC(=O)Oc1ccccc1C(=O)O"
ASPIRIN_OTHER_SPELLING = "O=C(O)c1ccccc1OC(C)=O"
BENZOIC_ACID = "OC(=O)c1ccccc1"


def rec(
    prop: str,
    value: float | None = None,
    unit: str | None = None,
    *,
    low: float | None = None,
    high: float | None = None,
    name: str | None = None,
    label: str | None = None,
    smiles: str | None = None,
    status: Status = "accepted",
    grounded: bool = True,
) -> Record:
    info = analyze_smiles(smiles) if smiles else None
    if low is not None and high is not None and value is None:
        value = (low + high) / 2  # what parse_value reports for a range
    return Record(
        doc_id="d",
        schema_name="molecular_properties",
        compound=Compound(
            name=name,
            label=label,
            smiles=smiles,
            canonical_smiles=info.canonical_smiles if info else None,
            inchikey=info.inchikey if info else None,
        ),
        property=prop,
        value=value,
        value_low=low,
        value_high=high,
        unit=unit,
        evidence=Evidence(
            quote="q",
            start=0 if grounded else None,
            end=1 if grounded else None,
            match="exact" if grounded else "none",
        ),
        checks=Checks(
            structure="valid" if info else "absent",
            grounded=grounded,
            value_in_quote=grounded,
            plausible=None,
            formula_consistent=None,
        ),
        status=status,
        engine=ENGINE,
    )


def gold(
    prop: str,
    value: float | None = None,
    unit: str | None = None,
    *,
    low: float | None = None,
    high: float | None = None,
    compound: str | None = None,
    smiles: str | None = None,
) -> GoldValue:
    return GoldValue(
        compound=compound,
        smiles=smiles,
        property=prop,
        value=value,
        value_low=low,
        value_high=high,
        unit=unit,
    )


def doc(doc_id: str, *expected: GoldValue) -> GoldDocument:
    return GoldDocument(id=doc_id, text="text", expected=list(expected))


def result(
    doc_id: str, *records: Record, errors: tuple[str, ...] = (), tokens: int = 0
) -> DocumentResult:
    return DocumentResult(
        doc_id=doc_id,
        schema_name="molecular_properties",
        records=[r.model_copy(update={"doc_id": doc_id}) for r in records],
        errors=[DocumentError(code=code, message=code) for code in errors],
        engine=ENGINE,
        usage=Usage(completion_tokens=tokens),
    )


def score_one(
    gold_values: list[GoldValue],
    records: list[Record],
    *,
    tolerance: float = DEFAULT_TOLERANCE,
    abs_tolerance: float = DEFAULT_ABS_TOLERANCE,
) -> EvalReport:
    return score(
        [doc("d", *gold_values)],
        {"d": result("d", *records)},
        tolerance=tolerance,
        abs_tolerance=abs_tolerance,
    )


def test_exact_match_scores_one_true_positive() -> None:
    report = score_one(
        [gold("melting_point", 122, "°C", compound="benzoic acid")],
        [rec("melting_point", 122, "°C", name="Benzoic acid")],
    )
    assert (report.overall.true_positives, report.overall.false_positives) == (1, 0)
    assert report.overall.false_negatives == 0
    assert report.overall.precision == report.overall.recall == report.overall.f1 == 1.0
    [match] = report.matches
    assert match.compound_match is True and match.predicted.compound == "Benzoic acid"
    assert report.misses == [] and report.false_positives == []


def test_range_matches_a_range_with_both_ends() -> None:
    wanted = gold("melting_point", low=130, high=132, unit="°C")
    assert score_one([wanted], [rec("melting_point", low=130, high=132, unit="°C")]).matches
    wrong_end = score_one([wanted], [rec("melting_point", low=130, high=140, unit="°C")])
    assert wrong_end.matches == [] and len(wrong_end.misses) == 1


def test_single_value_never_matches_a_range_either_way() -> None:
    as_single = score_one(
        [gold("melting_point", low=130, high=132, unit="°C")], [rec("melting_point", 131, "°C")]
    )
    assert as_single.overall.true_positives == 0
    assert [fp.reason for fp in as_single.false_positives] == ["wrong_value"]
    as_range = score_one(
        [gold("melting_point", 131, "°C")], [rec("melting_point", low=130, high=132, unit="°C")]
    )
    assert as_range.overall.true_positives == 0 and len(as_range.misses) == 1


@pytest.mark.parametrize(
    ("prop", "gold_value", "gold_unit", "predicted", "predicted_unit"),
    [
        ("melting_point", 176, "°F", 80, "°C"),  # both 353.15 K
        ("boiling_point", 212, "°F", 373.15, "K"),
        ("density", 1.33, "g/cm3", 1330, "kg/m³"),
        ("density", 0.789, "g/mL", 0.789, "g/cm³"),
        ("solubility", 3, "mg/mL", 3, "g/L"),
        ("solubility", 8.3, "g/100 mL", 83, "g/L"),
        ("reaction_yield", 75, "%", 75, "percent"),
    ],
)
def test_values_in_different_units_match_after_conversion_to_si(
    prop: str, gold_value: float, gold_unit: str, predicted: float, predicted_unit: str
) -> None:
    report = score_one([gold(prop, gold_value, gold_unit)], [rec(prop, predicted, predicted_unit)])
    assert report.overall.true_positives == 1


def test_same_number_in_another_unit_is_not_a_match() -> None:
    report = score_one([gold("melting_point", 80, "°F")], [rec("melting_point", 80, "°C")])
    assert report.overall.true_positives == 0
    yield_without_unit = score_one([gold("reaction_yield", 75, "%")], [rec("reaction_yield", 75)])
    assert yield_without_unit.overall.true_positives == 0


def test_relative_tolerance_edge_is_inclusive() -> None:
    wanted = [gold("logP", 4.0)]
    assert score_one(wanted, [rec("logP", 5.0)], tolerance=0.25).overall.true_positives == 1
    assert score_one(wanted, [rec("logP", 5.001)], tolerance=0.25).overall.true_positives == 0
    assert score_one(wanted, [rec("logP", 4.04)]).overall.true_positives == 1  # default 1 %
    assert score_one(wanted, [rec("logP", 4.05)]).overall.true_positives == 0


def test_absolute_tolerance_decides_near_zero() -> None:
    zero = [gold("logP", 0.0)]
    assert score_one(zero, [rec("logP", 1e-9)]).overall.true_positives == 1
    assert score_one(zero, [rec("logP", 0.01)]).overall.true_positives == 0
    assert score_one(zero, [rec("logP", 0.01)], abs_tolerance=0.02).overall.true_positives == 1


def test_negative_tolerance_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        score_one([gold("logP", 1.0)], [], tolerance=-0.1)


def test_value_with_missing_or_wrong_compound_still_counts_but_is_flagged() -> None:
    report = score_one(
        [
            gold("melting_point", 135, "°C", compound="aspirin"),
            gold("boiling_point", 78, "°C", compound="ethanol"),
            gold("logP", 1.19),
        ],
        [
            rec("melting_point", 135, "°C"),
            rec("boiling_point", 78, "°C", name="methanol"),
            rec("logP", 1.19, name="aspirin"),
        ],
    )
    assert report.overall.true_positives == 3
    assert {m.gold.property: m.compound_match for m in report.matches} == {
        "melting_point": False,
        "boiling_point": False,
        "logP": None,  # the gold names no compound, so there is nothing to disagree with
    }
    assert report.overall.compound_mismatches == 2


def test_compound_matched_by_inchikey_despite_different_names() -> None:
    report = score_one(
        [gold("melting_point", 135, "°C", compound="acetylsalicylic acid", smiles=ASPIRIN)],
        [rec("melting_point", 135, "°C", name="aspirin", smiles=ASPIRIN_OTHER_SPELLING)],
    )
    assert [m.compound_match for m in report.matches] == [True]


def test_structures_decide_over_names_when_both_sides_have_one() -> None:
    report = score_one(
        [gold("melting_point", 135, "°C", compound="aspirin", smiles=ASPIRIN)],
        [rec("melting_point", 135, "°C", name="aspirin", smiles=BENZOIC_ACID)],
    )
    assert [m.compound_match for m in report.matches] == [False]


def test_compound_association_and_structures_are_counted_per_property() -> None:
    report = score_one(
        [
            gold("melting_point", 135, "°C", compound="aspirin", smiles=ASPIRIN),
            gold("melting_point", 122, "°C", compound="benzoic acid", smiles=BENZOIC_ACID),
            gold("melting_point", 80, "°C", compound="naphthalene", smiles="c1ccc2ccccc2c1"),
            gold("reaction_yield", 87, "%", compound="4b"),
        ],
        [
            rec("melting_point", 135, "°C", name="aspirin", smiles=ASPIRIN),
            rec("melting_point", 122, "°C", name="benzoic acid", smiles=ASPIRIN),
            rec("melting_point", 80, "°C", name="naphthalene"),
            rec("reaction_yield", 87, "%", label="4c"),
        ],
    )
    mp = report.per_property["melting_point"]
    assert (mp.compounds_named, mp.compounds_right) == (3, 2)
    assert (mp.structures_expected, mp.structures_resolved, mp.structures_right) == (3, 2, 1)
    assert mp.compound_association == pytest.approx(2 / 3)
    assert mp.structure_share == pytest.approx(2 / 3)
    assert mp.structure_accuracy == pytest.approx(0.5)
    assert report.per_property["reaction_yield"].compound_association == 0.0
    assert report.per_property["reaction_yield"].structure_share is None
    assert report.overall.compounds_named == 4
    found = {m.gold.compound: m.structure_match for m in report.matches}
    assert found == {"aspirin": True, "benzoic acid": False, "naphthalene": None, "4b": None}


def test_compound_matched_by_label_when_the_name_is_missing() -> None:
    report = score_one(
        [gold("reaction_yield", 87, "%", compound="4b")],
        [rec("reaction_yield", 87, "%", label="4b")],
    )
    assert [m.compound_match for m in report.matches] == [True]


def test_name_normalisation_folds_typography_but_keeps_greek_letters() -> None:
    assert normalize_name(" 4‐Amino–2-(3-THIENYL)phenol ") == "4-amino-2-(3-thienyl)phenol"
    assert normalize_name("4 - amino  phenol.") == "4-amino phenol"
    assert normalize_name("N′-(pyridin-2-yl)acetohydrazide") == "n'-(pyridin-2-yl)acetohydrazide"
    assert normalize_name("1′,2′:3,4") == normalize_name("1',2':3,4")
    assert normalize_name("Α-Pinene") == "α-pinene"  # capital Greek alpha folds to lower case
    assert normalize_name("α-pinene") != normalize_name("β-pinene")
    assert normalize_name("α-pinene") != normalize_name("alpha-pinene")


def test_pairs_with_agreeing_compounds_are_assigned_first() -> None:
    # Both predictions are within 1 % (in K) of both gold values; without preferring
    # agreeing compounds, the first prediction would take the first gold value.
    report = score_one(
        [
            gold("melting_point", 130, "°C", compound="A"),
            gold("melting_point", 131, "°C", compound="B"),
        ],
        [rec("melting_point", 131, "°C", name="B"), rec("melting_point", 130, "°C", name="A")],
    )
    assert sorted((m.gold.compound, m.predicted.compound) for m in report.matches) == [
        ("A", "A"),
        ("B", "B"),
    ]
    assert all(m.compound_match for m in report.matches)


def test_duplicate_prediction_is_a_false_positive() -> None:
    report = score_one(
        [gold("reaction_yield", 75, "%")],
        [rec("reaction_yield", 75, "%"), rec("reaction_yield", 75, "%")],
    )
    assert (report.overall.true_positives, report.overall.false_positives) == (1, 1)
    assert [fp.reason for fp in report.false_positives] == ["duplicate"]
    assert report.overall.precision == 0.5 and report.overall.recall == 1.0


def test_rejected_records_are_not_predictions_unless_asked_for() -> None:
    gold_docs = [doc("d", gold("melting_point", 122, "°C"))]
    results = {"d": result("d", rec("melting_point", 122, "°C", status="rejected"))}
    default = score(gold_docs, results)
    assert default.overall.predicted == 0 and default.overall.false_negatives == 1
    assert default.grounding_rate is None  # no prediction, so nothing to be grounded
    included = score(gold_docs, results, include_rejected=True)
    assert included.overall.true_positives == 1 and included.include_rejected is True


def test_flagged_records_are_predictions() -> None:
    report = score_one([gold("logP", 2.0)], [rec("logP", 2.0, status="flagged")])
    assert report.overall.true_positives == 1


def test_per_property_and_micro_scores_and_rates() -> None:
    gold_docs = [
        doc(
            "a",
            gold("melting_point", 122, "°C"),
            gold("boiling_point", 249, "°C"),
            gold("logP", 1.87),
        ),
        doc(
            "b",
            gold("melting_point", low=130, high=132, unit="°C"),
            gold("reaction_yield", 75, "%"),
        ),
    ]
    results = {
        "a": result(
            "a",
            rec("melting_point", 122, "°C"),  # TP
            rec("boiling_point", 300, "°C"),  # FP (wrong value) and the gold bp is a FN
            rec("logP", 1.87, grounded=False),  # TP
            rec("solubility", 3.44, "g/L"),  # FP (no solubility in the gold)
            rec("melting_point", 122, "°C", status="rejected"),  # not a prediction
            tokens=100,
        ),
        "b": result(
            "b",
            rec("reaction_yield", 75, "%"),  # TP
            rec("reaction_yield", 75, "%"),  # FP (duplicate)
            rec("melting_point", 131, "°C"),  # FP: a single value for a range; range is a FN
            errors=("invalid_output",),
            tokens=50,
        ),
    }
    report = score(gold_docs, results)
    per = report.per_property
    assert sorted(per) == ["boiling_point", "logP", "melting_point", "reaction_yield", "solubility"]
    counts = {
        name: (s.gold, s.predicted, s.true_positives, s.false_positives, s.false_negatives)
        for name, s in per.items()
    }
    assert counts == {
        "melting_point": (2, 2, 1, 1, 1),
        "boiling_point": (1, 1, 0, 1, 1),
        "logP": (1, 1, 1, 0, 0),
        "solubility": (0, 1, 0, 1, 0),
        "reaction_yield": (1, 2, 1, 1, 0),
    }
    rates = {name: (s.precision, s.recall, s.f1) for name, s in per.items()}
    assert rates["melting_point"] == (0.5, 0.5, 0.5)
    assert rates["boiling_point"] == (0.0, 0.0, 0.0)
    assert rates["logP"] == (1.0, 1.0, 1.0)
    assert rates["solubility"] == (0.0, 0.0, 0.0)
    assert rates["reaction_yield"] == (0.5, 1.0, pytest.approx(2 / 3))
    overall = report.overall
    assert (overall.true_positives, overall.false_positives, overall.false_negatives) == (3, 4, 2)
    assert overall.precision == pytest.approx(3 / 7)
    assert overall.recall == pytest.approx(3 / 5)
    assert overall.f1 == pytest.approx(0.5)
    assert sorted(fp.reason for fp in report.false_positives) == [
        "duplicate",
        "not_in_gold",
        "wrong_value",
        "wrong_value",
    ]
    assert report.schema_validity_rate == 0.5
    assert report.grounding_rate == pytest.approx(6 / 7)
    assert report.mean_completion_tokens == 75.0
    assert report.documents == report.documents_scored == 2


def test_document_without_result_misses_everything() -> None:
    report = score(
        [doc("a", gold("logP", 1.0)), doc("b", gold("logP", 2.0), gold("logD", 0.5))],
        {"a": result("a", rec("logP", 1.0)), "other": result("other")},
    )
    assert report.missing_results == ["b"] and report.extra_results == ["other"]
    assert report.documents == 2 and report.documents_scored == 1
    assert [m.gold.value for m in report.misses] == [2.0, 0.5]
    assert report.overall.recall == pytest.approx(1 / 3)


def test_properties_restrict_both_gold_and_predictions() -> None:
    report = score(
        [doc("d", gold("melting_point", 122, "°C"), gold("reaction_yield", 75, "%"))],
        {"d": result("d", rec("melting_point", 122, "°C"), rec("logP", 1.0))},
        properties=["melting_point"],
    )
    assert list(report.per_property) == ["melting_point"]
    assert report.overall.precision == report.overall.recall == 1.0
    assert report.properties == ["melting_point"]


def test_report_survives_a_json_round_trip() -> None:
    report = score_one(
        [gold("melting_point", low=130, high=132, unit="°C", compound="x", smiles=ASPIRIN)],
        [rec("melting_point", 131, "°C"), rec("density", 1.0, "g/mL")],
    )
    data = json.loads(report.model_dump_json())
    assert data["overall"]["false_negatives"] == 1
    assert EvalReport.model_validate(data) == report


def test_tables_show_scores_and_print_file_text_literally() -> None:
    report = score_one(
        [gold("melting_point", 122, "°C", compound="[bold]x[/bold]"), gold("logP", 1.0)],
        [rec("logP", 1.0), rec("density", 0.9, "g/mL", name="[red]y")],
    )
    console = Console(width=200, record=True, color_system=None)
    console.print(render_eval_table(report))
    console.print(render_misses_table(report))
    console.print(render_false_positives_table(report, limit=1))
    out = console.export_text()
    assert "melting_point" in out and "all (micro)" in out and "0.500" in out
    assert "[bold]x[/bold]" in out and "[red]y" in out
    assert "122 °C" in out and "not in gold" in out


def test_load_results_reads_results_and_puts_rejects_back(tmp_path: Path) -> None:
    kept = result("d", rec("logP", 1.0))
    rejected = rec("logP", 9.0, status="rejected").model_copy(update={"doc_id": "d"})
    results_path = tmp_path / "out.jsonl"
    results_path.write_text(kept.model_dump_json(by_alias=True) + "\n\n")
    rejects_path = tmp_path / "out.rejects.jsonl"
    rejects_path.write_text(rejected.model_dump_json(by_alias=True) + "\n")
    loaded = load_results(results_path, rejects=rejects_path)
    assert list(loaded) == ["d"]
    assert [r.value for r in loaded["d"].records] == [1.0, 9.0]


def test_load_results_names_the_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    good = result("d").model_dump_json(by_alias=True)
    path.write_text(f'{good}\n{{"doc_id": "x"}}\n{good}\n')
    with pytest.raises(InputError) as caught:
        load_results(path)
    message = str(caught.value)
    assert f"{path}:2: not a molextract result" in message
    assert f"{path}:3: duplicate result for 'd'" in message


@pytest.mark.model
@pytest.mark.slow
def test_evaluate_on_the_gold_set_gives_a_consistent_report(
    smol_engine: LocalEngine, settings: Settings, tmp_path: Path
) -> None:
    # A slice of the gold file (its first 20 documents) checks the report as well as the
    # whole file would; the whole file is measured with the default model in bench/.
    gold_file = tmp_path / "gold.jsonl"
    lines = GOLD_FILE.read_text(encoding="utf-8").splitlines(keepends=True)
    gold_file.write_text("".join(lines[:20]), encoding="utf-8")
    schema = get_schema("molecular_properties")
    progress: list[tuple[int, int]] = []
    report, results = evaluate(
        gold_file, schema, smol_engine, settings, on_progress=lambda d, t: progress.append((d, t))
    )
    gold_docs = load_gold(gold_file)
    assert [r.doc_id for r in results] == [d.id for d in gold_docs]
    assert report.documents == report.documents_scored == len(gold_docs)
    assert report.missing_results == [] and report.extra_results == []
    assert progress[-1] == (len(gold_docs), len(gold_docs))
    gold_total = sum(len(d.expected) for d in gold_docs)
    overall = report.overall
    assert overall.gold == gold_total == overall.true_positives + overall.false_negatives
    assert len(report.matches) == overall.true_positives
    assert len(report.misses) == overall.false_negatives
    assert len(report.false_positives) == overall.false_positives
    counted = sum(1 for r in results for x in r.records if x.status != "rejected")
    assert overall.predicted == counted == overall.true_positives + overall.false_positives
    for name in ("true_positives", "false_positives", "false_negatives", "gold", "predicted"):
        assert sum(getattr(s, name) for s in report.per_property.values()) == getattr(overall, name)
    for rate in (
        overall.precision,
        overall.recall,
        overall.f1,
        report.schema_validity_rate,
        report.grounding_rate if report.grounding_rate is not None else 0.0,
    ):
        assert rate is not None and 0.0 <= rate <= 1.0
    assert report.mean_completion_tokens is not None and report.mean_completion_tokens > 0
    assert EvalReport.model_validate_json(report.model_dump_json()) == report


L_ALANINE = "C[C@H](N)C(=O)O"
D_ALANINE = "C[C@@H](N)C(=O)O"
ALANINE_NO_STEREO = "CC(N)C(=O)O"


def test_a_structure_without_stereochemistry_is_incomplete_not_wrong() -> None:
    report = score_one(
        [
            gold("melting_point", 297, "°C", compound="L-alanine", smiles=L_ALANINE),
            gold("density", 1.42, "g/cm3", compound="L-alanine", smiles=L_ALANINE),
        ],
        [
            rec("melting_point", 297, "°C", name="alanine", smiles=ALANINE_NO_STEREO),
            rec("density", 1.42, "g/cm3", name="L-alanine", smiles=D_ALANINE),
        ],
    )
    found = {m.gold.property: (m.compound_match, m.structure_match) for m in report.matches}
    # the skeleton without a stereo layer is right; the opposite enantiomer is wrong
    assert found == {"melting_point": (True, True), "density": (False, False)}
    overall = report.overall
    assert (overall.structures_resolved, overall.structures_right) == (2, 1)
    assert overall.structures_stereo_unspecified == 1
