"""Exports of real output files, read back the way users read them: pandas and RDKit."""

from __future__ import annotations

import gzip
import io
import json
import sys
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from rdkit import Chem

from molextract.chem.structure import analyze_smiles
from molextract.errors import ConfigError, InputError
from molextract.results import exports
from molextract.runs.sinks import JsonlSink
from molextract.schemas.records import (
    Checks,
    Compound,
    DocumentError,
    DocumentResult,
    EngineInfo,
    Evidence,
    Record,
)

ENGINE = EngineInfo(name="local", model="qwen2.5-coder-1.5b")
ASPIRIN = "CC(=O)Oc1ccccc1C(=O)O"
TEXT = "Aspirin (7a) melts at 135–136 °C (DSC, 10 K/min); its log P is 1.19. Oil 7b: > 280 °C."
#: The user's own fields of a glass-transition-like schema, as the output carries them.
USER_FIELDS = {
    "method": "DSC",
    "heating_rate": {"value": 10.0, "unit": "K/min", "value_si": 0.1667, "unit_si": "K/s"},
    "polymorph": True,
    "solvents": ["water", "ethanol"],
}


def _compound(name: str, label: str | None, smiles: str | None) -> Compound:
    info = analyze_smiles(smiles) if smiles else None
    return Compound(
        name=name,
        label=label,
        smiles=smiles,
        canonical_smiles=info.canonical_smiles if info else None,
        inchikey=info.inchikey if info else None,
        formula=info.formula if info else None,
        mol_weight=info.mol_weight if info else None,
        smiles_source="dictionary" if info else None,
        start=0,
        end=7,
        grounded=True,
    )


def _record(doc_id: str, compound: Compound, prop: str, quote: str, **values: Any) -> Record:
    start = TEXT.find(quote)
    failed = values.pop("failed_checks", [])
    return Record(
        doc_id=doc_id,
        schema_name="molecular_properties",
        compound=compound,
        property=prop,
        evidence=Evidence(quote=quote, start=start, end=start + len(quote), match="exact"),
        checks=Checks(
            structure="valid" if compound.canonical_smiles else "absent",
            grounded=True,
            value_in_quote=True,
            plausible=True,
            formula_consistent=None,
        ),
        status=values.pop("status", "flagged" if failed else "accepted"),
        failed_checks=failed,
        engine=ENGINE,
        extraction="anchored",
        **values,
    )


def _records() -> list[Record]:
    aspirin = _compound("aspirin", "7a", ASPIRIN)
    oil = _compound("oil", "7b", None)
    return [
        _record("paper-1", aspirin, "melting_point", "melts at 135–136 °C",
                value=135.5, value_low=135.0, value_high=136.0, unit="°C",
                value_si=408.65, unit_si="K"),
        _record("paper-1", aspirin, "logP", "its log P is 1.19", value=1.19, unit=None),
        _record("paper-1", oil, "melting_point", "7b: > 280 °C", value=280.0,
                qualifier=">", unit="°C", value_si=553.15, unit_si="K",
                failed_checks=["no_structure"]),
    ]  # fmt: skip


def _with_user_fields(record: Record, fields: dict[str, Any]) -> dict[str, Any]:
    """The record as a custom schema's output line holds it: ``fields``, plus a key of
    its own at the top (any key beyond the built-in ones must reach the export)."""
    data: dict[str, Any] = json.loads(record.model_dump_json(by_alias=True))
    return {**data, "fields": fields, "batch": 7}


@pytest.fixture
def results(tmp_path: Path) -> Path:
    """A results file as `molextract run` writes it: records, a document with an error."""
    path = tmp_path / "out.jsonl"
    records = _records()
    with JsonlSink(path, append=False) as sink:
        sink.write_results(
            [
                DocumentResult(doc_id="paper-1", schema_name="molecular_properties",
                               records=records, engine=ENGINE),
                DocumentResult(doc_id="paper-2", schema_name="molecular_properties",
                               errors=[DocumentError(code="engine_error", message="down")],
                               engine=ENGINE),
            ]
        )  # fmt: skip
    return path


@pytest.fixture
def custom_results(tmp_path: Path) -> Path:
    """A custom schema's results: the user's fields on every record."""
    path = tmp_path / "custom.jsonl"
    melting, logp, _ = _records()
    other = {**USER_FIELDS, "method": None, "polymorph": False, "heating_rate": None}
    line = json.loads(
        DocumentResult(doc_id="paper-1", schema_name="tg", engine=ENGINE).model_dump_json()
    )
    line["records"] = [_with_user_fields(melting, USER_FIELDS), _with_user_fields(logp, other)]
    path.write_text(json.dumps(line, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def _export(paths: list[Path], fmt: exports.ExportFormat, out: Path) -> exports.ExportStats:
    return exports.export_file(paths, fmt, out)


def test_csv_has_one_row_per_record_with_the_contract_columns(
    results: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out.csv"
    stats = _export([results], "csv", out)

    assert (stats.documents, stats.documents_with_errors, stats.records) == (2, 1, 3)
    table = pd.read_csv(out, keep_default_na=False, na_values=[""])
    assert len(table) == 3
    for column in ("doc_id", "compound_name", "compound_label", "canonical_smiles", "inchikey",
                   "property", "value", "value_low", "value_high", "qualifier", "unit", "value_si",
                   "conditions", "status", "failed_checks", "evidence_quote", "evidence_start",
                   "evidence_end"):  # fmt: skip
        assert column in table.columns
    first = table.iloc[0]
    assert first["doc_id"] == "paper-1" and first["compound_label"] == "7a"
    assert first["inchikey"] == "BSYNRYMUTXBXSQ-UHFFFAOYSA-N"
    assert (first["value_low"], first["value_high"], first["unit"]) == (135.0, 136.0, "°C")
    assert TEXT[first["evidence_start"] : first["evidence_end"]] == first["evidence_quote"]
    assert first["grounded"] == True  # noqa: E712 - pandas reads "true" as numpy.bool_
    oil = table.iloc[2]
    assert oil["qualifier"] == ">" and oil["failed_checks"] == "no_structure"
    assert pd.isna(oil["inchikey"]) and oil["status"] == "flagged"
    assert list(table["property"]) == ["melting_point", "logP", "melting_point"]


def test_user_fields_become_columns_between_the_values_and_the_checks(
    custom_results: Path, tmp_path: Path
) -> None:
    out = tmp_path / "custom.csv"
    _export([custom_results], "csv", out)
    table = pd.read_csv(out)
    columns = list(table.columns)
    user = ["method", "heating_rate.value", "heating_rate.unit", "heating_rate.value_si",
            "heating_rate.unit_si", "polymorph", "solvents", "batch"]  # fmt: skip
    assert columns[columns.index("conditions") + 1 : columns.index("status")] == user
    assert table.loc[0, "method"] == "DSC" and table.loc[0, "heating_rate.value"] == 10.0
    assert json.loads(table.loc[0, "solvents"]) == ["water", "ethanol"]
    assert pd.isna(table.loc[1, "method"]) and pd.isna(table.loc[1, "heating_rate.value"])
    assert list(table["polymorph"]) == [True, False]


def test_parquet_keeps_the_types(results: Path, custom_results: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.parquet"
    _export([results], "parquet", out)
    table = pd.read_parquet(out)
    assert len(table) == 3
    assert table["value"].dtype == "float64" and table["evidence_start"].dtype == "int64"
    assert table["grounded"].dtype == "bool"
    assert list(table.loc[2, "failed_checks"]) == ["no_structure"]
    assert table.loc[0, "inchikey"] == "BSYNRYMUTXBXSQ-UHFFFAOYSA-N"

    custom = tmp_path / "custom.parquet"
    _export([custom_results], "parquet", custom)
    typed = pd.read_parquet(custom)
    assert typed["heating_rate.value"].dtype == "float64"
    assert typed["polymorph"].dtype == "bool" and typed["batch"].dtype == "int64"
    assert typed.loc[0, "method"] == "DSC" and pd.isna(typed.loc[1, "method"])


def test_a_user_column_of_mixed_types_is_text_in_parquet(tmp_path: Path) -> None:
    melting, logp, _ = _records()
    path = tmp_path / "mixed.jsonl"
    path.write_text(
        "".join(
            json.dumps(_with_user_fields(r, {"grade": g})) + "\n"
            for r, g in ((melting, 3), (logp, "A"))
        )
    )
    out = tmp_path / "mixed.parquet"
    _export([path], "parquet", out)
    assert list(pd.read_parquet(out)["grade"]) == ["3", "A"]


def test_sdf_has_one_molecule_per_compound_with_a_structure(results: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.sdf"
    stats = _export([results], "sdf", out)

    assert (stats.molecules, stats.records, stats.without_structure) == (1, 3, 1)
    molecules = [m for m in Chem.SDMolSupplier(str(out)) if m is not None]
    assert len(molecules) == 1
    aspirin = molecules[0]
    assert Chem.MolToSmiles(aspirin) == Chem.CanonSmiles(ASPIRIN)
    assert aspirin.GetProp("_Name") == "aspirin"
    assert aspirin.GetProp("inchikey") == "BSYNRYMUTXBXSQ-UHFFFAOYSA-N"
    assert aspirin.GetProp("doc_id") == "paper-1" and aspirin.GetProp("compound_label") == "7a"
    assert aspirin.GetProp("melting_point") == "135–136 °C"
    assert aspirin.GetProp("melting_point.value_si") == "408.65"
    assert aspirin.GetProp("melting_point.status") == "accepted"
    assert aspirin.GetProp("logP") == "1.19"
    assert aspirin.GetProp("logP.evidence_quote") == "its log P is 1.19"
    start, end = (
        int(aspirin.GetProp("logP.evidence_start")),
        int(aspirin.GetProp("logP.evidence_end")),
    )
    assert TEXT[start:end] == "its log P is 1.19"
    assert "1 records have no structure" in exports.describe(stats, "sdf", out)


def test_sdf_carries_the_user_fields_and_repeated_properties(
    custom_results: Path, tmp_path: Path
) -> None:
    line = json.loads(custom_results.read_text())
    line["records"].append({**line["records"][0], "fields": {**USER_FIELDS, "method": "DMA"}})
    custom_results.write_text(json.dumps(line) + "\n")
    out = tmp_path / "custom.sdf"
    _export([custom_results], "sdf", out)
    (mol,) = list(Chem.SDMolSupplier(str(out)))
    assert mol.GetProp("melting_point.method") == "DSC"
    assert mol.GetProp("melting_point#2.method") == "DMA"
    assert mol.GetProp("melting_point.heating_rate.unit") == "K/min"
    assert mol.GetProp("melting_point.polymorph") == "true"


def test_rejects_gzip_and_several_inputs(results: Path, tmp_path: Path) -> None:
    rejected = _records()[2].model_copy(update={"status": "rejected"})
    rejects = tmp_path / "out.rejects.jsonl.gz"
    with gzip.open(rejects, "wt", encoding="utf-8") as handle:
        handle.write(rejected.model_dump_json(by_alias=True) + "\n")
    out = tmp_path / "all.csv"
    stats = _export([results, rejects], "csv", out)
    assert stats.records == 4
    assert list(pd.read_csv(out)["status"]) == ["accepted", "accepted", "flagged", "rejected"]


def test_an_empty_file_exports_the_header_only(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    _export([empty], "csv", tmp_path / "e.csv")
    assert len(pd.read_csv(tmp_path / "e.csv")) == 0
    _export([empty], "parquet", tmp_path / "e.parquet")
    assert len(pd.read_parquet(tmp_path / "e.parquet")) == 0
    _export([empty], "sdf", tmp_path / "e.sdf")
    assert (tmp_path / "e.sdf").read_text() == ""


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("{not json", r"bad.jsonl:2: not a molextract output line \(not JSON"),
        ('["a list"]', r"bad.jsonl:2: .*a JSON list, not an object"),
        ('{"id": "x", "text": "a document, not a result"}', r"bad.jsonl:2: .*doc_id: Field required"),
        ('{"doc_id": "x", "records": {}}', r"bad.jsonl:2: .*'records' list"),
    ],
)  # fmt: skip
def test_a_file_that_is_not_output_is_refused_naming_the_line(
    results: Path, tmp_path: Path, bad: str, message: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(results.read_text().splitlines()[0] + "\n" + bad + "\n")
    out = tmp_path / "bad.csv"
    out.write_text("an earlier export\n")
    with pytest.raises(InputError, match=message):
        _export([path], "csv", out)
    assert out.read_text() == "an earlier export\n"  # nothing written, nothing clobbered
    assert not (tmp_path / "bad.csv.part").exists()


def test_a_broken_record_names_its_place_in_the_line(results: Path, tmp_path: Path) -> None:
    line = json.loads(results.read_text().splitlines()[0])
    del line["records"][1]["evidence"]["quote"]
    path = tmp_path / "broken.jsonl"
    path.write_text(json.dumps(line) + "\n")
    with pytest.raises(InputError, match=r"broken.jsonl:1: .*records\.1\.evidence\.quote"):
        _export([path], "sdf", tmp_path / "x.sdf")
    with pytest.raises(InputError, match=r"nope\.jsonl: cannot read it"):
        _export([tmp_path / "nope.jsonl"], "csv", tmp_path / "x.csv")


def test_parquet_without_pyarrow_says_what_to_install(
    results: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # what an install without it does
    with pytest.raises(ConfigError, match=r"pip install 'molextract\[parquet\]'"):
        exports.export(exports.file_lines([results]), "parquet", io.BytesIO())


def test_format_from_the_output_name() -> None:
    assert exports.format_for(Path("x.CSV")) == "csv"
    assert exports.format_for(Path("x.parquet")) == "parquet"
    assert exports.format_for(Path("x.sdf")) == "sdf"
    assert exports.format_for(Path("x.txt")) is None
