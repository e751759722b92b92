"""Tables and structure files from molextract output: CSV, Parquet and SDF.

The JSONL is the contract; chemists work in spreadsheets, pandas and structure
viewers. One row per record, in the same columns for all three formats, so a column
means the same thing wherever a user meets it. The user's own record fields (any key
beyond the built-in ones) become columns of their own without the exporter knowing
the schema: a results file carries everything an export needs.

Two passes over the input: the first checks every line and learns the user's
columns, the second writes. A file that is not molextract output is refused before
anything is written, naming the line, and every record of a valid file is either in
the export or counted in ``ExportStats`` (an SDF holds only compounds with a
structure), never silently left out.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import re
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal, TypeAlias, get_args

from pydantic import ConfigDict, ValidationError
from rdkit import Chem, rdBase

from molextract.errors import ConfigError, InputError
from molextract.schemas.records import Record

ExportFormat = Literal["csv", "parquet", "sdf"]
FORMATS: tuple[ExportFormat, ...] = get_args(ExportFormat)
MEDIA_TYPES: dict[ExportFormat, str] = {
    "csv": "text/csv; charset=utf-8",
    "parquet": "application/vnd.apache.parquet",
    "sdf": "chemical/x-mdl-sdfile",
}
SUFFIXES: dict[str, ExportFormat] = {
    ".csv": "csv",
    ".parquet": "parquet",
    ".pq": "parquet",
    ".sdf": "sdf",
    ".sd": "sdf",
}

Cell: TypeAlias = str | int | float | bool | list[str] | None
#: ``(where, line)``: where names the line in messages ("out.jsonl:12"); the line is
#: JSON text or an already parsed object (the API's store hands over parsed lines).
Lines = Callable[[], Iterable[tuple[str, object]]]

#: Parquet row groups of this many records keep memory flat on large files.
PARQUET_BATCH_ROWS = 10_000
_SPOOL_BYTES = 8 * 1024 * 1024


class _OutputRecord(Record):
    """A record as written, open to keys beyond the built-in ones (a user's own, or a
    later version's): they become columns instead of making the line unreadable."""

    model_config = ConfigDict(extra="allow")


# Built-in columns and their types, before and after the user's own fields.
_LEADING: tuple[tuple[str, str], ...] = (
    ("doc_id", "str"),
    ("schema", "str"),
    ("compound_name", "str"),
    ("compound_label", "str"),
    ("smiles", "str"),
    ("canonical_smiles", "str"),
    ("inchikey", "str"),
    ("formula", "str"),
    ("mol_weight", "float"),
    ("smiles_source", "str"),
    ("compound_start", "int"),
    ("compound_end", "int"),
    ("property", "str"),
    ("value", "float"),
    ("value_low", "float"),
    ("value_high", "float"),
    ("qualifier", "str"),
    ("unit", "str"),
    ("value_si", "float"),
    ("unit_si", "str"),
    ("conditions", "str"),
)
_TRAILING: tuple[tuple[str, str], ...] = (
    ("status", "str"),
    ("failed_checks", "list"),
    ("structure", "str"),
    ("grounded", "bool"),
    ("value_in_quote", "bool"),
    ("plausible", "bool"),
    ("formula_consistent", "bool"),
    ("evidence_quote", "str"),
    ("evidence_start", "int"),
    ("evidence_end", "int"),
    ("evidence_match", "str"),
    ("value_start", "int"),
    ("value_end", "int"),
    ("engine", "str"),
    ("model", "str"),
    ("extraction", "str"),
)
_BUILT_IN = {name for name, _ in (*_LEADING, *_TRAILING)}
#: Columns that describe the compound; in an SDF they are the molecule's own tags,
#: the others are repeated per property.
_COMPOUND_COLUMNS = (
    "doc_id",
    "schema",
    "compound_name",
    "compound_label",
    "smiles",
    "canonical_smiles",
    "inchikey",
    "formula",
    "mol_weight",
    "smiles_source",
)


@dataclass
class ExportStats:
    """What an export held, so a caller can say what is not in the file and why."""

    documents: int = 0
    documents_with_errors: int = 0
    records: int = 0
    molecules: int = 0
    without_structure: int = 0


@dataclass
class _Columns:
    """The user's columns seen in the first pass, in order, with the kinds of their values."""

    kinds: dict[str, set[str]] = field(default_factory=dict)

    def see(self, extras: dict[str, Cell]) -> None:
        for name, value in extras.items():
            self.kinds.setdefault(name, set())
            if value is not None:
                self.kinds[name].add(_kind(value))

    @property
    def user(self) -> list[str]:
        """A field that is an object in one record and null in another is its parts'
        columns only: a column of nothing but nulls beside them would say nothing."""
        return [
            name
            for name, kinds in self.kinds.items()
            if kinds or not any(other.startswith(name + ".") for other in self.kinds)
        ]

    @property
    def names(self) -> list[str]:
        return [name for name, _ in _LEADING] + self.user + [n for n, _ in _TRAILING]

    def kind(self, name: str) -> str:
        """One kind per column: mixed values fall back to text (Parquet needs one type)."""
        kinds = self.kinds.get(name, set())
        if kinds == {"int", "float"}:
            return "float"
        return next(iter(kinds)) if len(kinds) == 1 else "str"

    def types(self) -> list[tuple[str, str]]:
        return [*_LEADING, *((name, self.kind(name)) for name in self.user), *_TRAILING]


def _kind(value: Cell) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    return "str"


# ---------------------------------------------------------------- reading


def file_lines(paths: Sequence[Path]) -> Lines:
    """The lines of output files (results, rejects, or the API's NDJSON; ``.gz`` too)."""

    def lines() -> Iterator[tuple[str, object]]:
        for path in paths:
            try:
                for number, raw in enumerate(_raw_lines(path), start=1):
                    yield f"{path}:{number}", raw
            except OSError as exc:  # missing, unreadable, or a broken .gz
                raise InputError(f"{path}: cannot read it ({exc.strerror or exc})") from exc

    return lines


def _raw_lines(path: Path) -> Iterator[bytes]:
    if path.suffix == ".gz":
        with gzip.open(path, "rb") as compressed:
            yield from compressed
    else:
        with path.open("rb") as handle:
            yield from handle


def _records(lines: Lines, stats: ExportStats | None = None) -> Iterator[_OutputRecord]:
    """Every record of every line, checked; the first bad line stops the export."""
    for where, line in lines():
        yield from _line_records(where, line, stats)


def _line_records(where: str, line: object, stats: ExportStats | None) -> list[_OutputRecord]:
    data = _parsed(where, line)
    if data is None:
        return []
    if "records" in data:  # one document's output line
        records = data["records"]
        if not isinstance(data.get("doc_id"), str) or not isinstance(records, list):
            raise _not_output(where, "a results line needs a string 'doc_id' and a 'records' list")
        prefix = "records."
        items = records
        if stats is not None:
            stats.documents += 1
            stats.documents_with_errors += bool(data.get("errors"))
    else:  # one record (a rejects file, the API's record stream)
        prefix, items = "", [data]
    out = []
    for i, item in enumerate(items):
        try:
            out.append(_OutputRecord.model_validate(item))
        except ValidationError as exc:
            detail = exc.errors(include_url=False)[0]
            loc = ".".join(str(p) for p in detail["loc"])
            at = f"{prefix}{i}.{loc}" if prefix else loc
            raise _not_output(where, f"{at}: {detail['msg']}") from exc
    if stats is not None:
        stats.records += len(out)
    return out


def _parsed(where: str, line: object) -> dict[str, Any] | None:
    if isinstance(line, bytes | str):
        if not line.strip():
            return None  # a blank line holds nothing to lose
        try:
            line = json.loads(line)
        except (ValueError, UnicodeDecodeError) as exc:
            raise _not_output(where, f"not JSON ({exc})") from exc
    if not isinstance(line, dict):
        raise _not_output(where, f"a JSON {type(line).__name__}, not an object")
    return line


def _not_output(where: str, why: str) -> InputError:
    return InputError(
        f"{where}: not a molextract output line ({why}); export reads the JSONL that "
        "`molextract run` writes (results or rejects) or the job API's results"
    )


# ---------------------------------------------------------------- rows


def _row(record: _OutputRecord) -> dict[str, Cell]:
    c, e, k = record.compound, record.evidence, record.checks
    row: dict[str, Cell] = {
        "doc_id": record.doc_id,
        "schema": record.schema_name,
        "compound_name": c.name,
        "compound_label": c.label,
        "smiles": c.smiles,
        "canonical_smiles": c.canonical_smiles,
        "inchikey": c.inchikey,
        "formula": c.formula,
        "mol_weight": c.mol_weight,
        "smiles_source": c.smiles_source,
        "compound_start": c.start,
        "compound_end": c.end,
        "property": record.property,
        "value": record.value,
        "value_low": record.value_low,
        "value_high": record.value_high,
        "qualifier": record.qualifier,
        "unit": record.unit,
        "value_si": record.value_si,
        "unit_si": record.unit_si,
        "conditions": record.conditions,
        "status": record.status,
        "failed_checks": list(record.failed_checks),
        "structure": k.structure,
        "grounded": k.grounded,
        "value_in_quote": k.value_in_quote,
        "plausible": k.plausible,
        "formula_consistent": k.formula_consistent,
        "evidence_quote": e.quote,
        "evidence_start": e.start,
        "evidence_end": e.end,
        "evidence_match": e.match,
        "value_start": e.value_start,
        "value_end": e.value_end,
        "engine": record.engine.name,
        "model": record.engine.model,
        "extraction": record.extraction,
    }
    row.update(_user_fields(record))
    return row


def _user_fields(record: _OutputRecord) -> dict[str, Cell]:
    """The user's fields (the record's ``fields``, and any key beyond the built-in ones),
    a column each; an object becomes ``name.part`` columns (a quantity's ``value``,
    ``unit``, ``value_si``...)."""
    extra = dict(record.model_extra or {})
    if record.fields:
        extra = {**record.fields, **extra}
    out: dict[str, Cell] = {}
    for key, value in extra.items():
        _flatten(key if key not in _BUILT_IN else f"field.{key}", value, out)
    return out


def _flatten(name: str, value: object, out: dict[str, Cell]) -> None:
    if isinstance(value, dict):
        for key, inner in value.items():
            _flatten(f"{name}.{key}", inner, out)
    elif value is None or isinstance(value, str | int | float | bool):
        out[name] = value
    else:  # a list: one cell, as JSON, so it round-trips
        out[name] = json.dumps(value, ensure_ascii=False)


def _scan(lines: Lines) -> tuple[_Columns, ExportStats]:
    columns, stats = _Columns(), ExportStats()
    for record in _records(lines, stats):
        columns.see(_user_fields(record))
    return columns, stats


# ---------------------------------------------------------------- writers


def export(lines: Lines, fmt: ExportFormat, out: IO[bytes]) -> ExportStats:
    """Write every record of ``lines`` to ``out`` in ``fmt``; nothing is written if a line
    is bad. ``lines`` is called twice (check, then write)."""
    writers = {"csv": _write_csv, "parquet": _write_parquet, "sdf": _write_sdf}
    if fmt == "parquet":
        _pyarrow()  # before the scan: a missing extra should not cost a pass over the file
    columns, stats = _scan(lines)
    writers[fmt](lines, columns, stats, out)
    return stats


def export_file(paths: Sequence[Path], fmt: ExportFormat, output: Path) -> ExportStats:
    """Export to a file; a failed export leaves no half-written file behind."""
    partial = output.with_name(output.name + ".part")
    try:
        with partial.open("wb") as handle:
            stats = export(file_lines(paths), fmt, handle)
        partial.replace(output)
    finally:
        partial.unlink(missing_ok=True)
    return stats


def export_spooled(lines: Lines, fmt: ExportFormat) -> tuple[IO[bytes], ExportStats]:
    """Export into a temporary file (memory first, disk past a few MB), rewound, for a
    response body: Parquet needs its footer before anything can be sent."""
    spool = tempfile.SpooledTemporaryFile(max_size=_SPOOL_BYTES)  # noqa: SIM115 - returned
    try:
        stats = export(lines, fmt, spool)
    except BaseException:
        spool.close()
        raise
    spool.seek(0)
    return spool, stats


def iter_file(handle: IO[bytes], size: int = 64 * 1024) -> Iterator[bytes]:
    """A response body read from ``handle``, closed when sent (or abandoned)."""
    with handle:
        while block := handle.read(size):
            yield block


def format_for(output: Path) -> ExportFormat | None:
    """The format an output file name asks for (``x.csv``, ``x.sdf``, ``x.parquet``)."""
    return SUFFIXES.get(output.suffix.lower())


def describe(stats: ExportStats, fmt: str, output: object) -> str:
    """What went into an export and what could not, in words for the person who ran it."""
    parts = [f"{stats.records} records from {stats.documents} documents written to {output}"]
    if fmt == "sdf":
        placed = stats.records - stats.without_structure
        parts = [f"{stats.molecules} molecules written to {output}, holding {placed} of the "
                 f"{stats.records} records from {stats.documents} documents"]  # fmt: skip
    if stats.without_structure:
        parts.append(
            f"{stats.without_structure} records have no structure and are not in the SDF "
            "(a CSV or Parquet export has them)"
        )
    if stats.documents_with_errors:
        parts.append(
            f"{stats.documents_with_errors} documents had errors (their 'errors' are in the JSONL)"
        )
    return "; ".join(parts)


def _csv_cell(value: Cell) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "; ".join(value)
    return str(value)


def _write_csv(lines: Lines, columns: _Columns, stats: ExportStats, out: IO[bytes]) -> None:
    text = io.TextIOWrapper(out, encoding="utf-8", newline="", write_through=True)
    try:
        writer = csv.writer(text)
        names = columns.names
        writer.writerow(names)
        for record in _records(lines):
            row = _row(record)
            writer.writerow([_csv_cell(row.get(name)) for name in names])
        text.flush()
    finally:
        text.detach()  # the caller owns ``out``


def _pyarrow() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError as exc:
        raise ConfigError(
            "Parquet export needs pyarrow, which is not installed: "
            "pip install 'molextract[parquet]' (or pip install pyarrow)"
        ) from exc
    return pyarrow


def _write_parquet(lines: Lines, columns: _Columns, stats: ExportStats, out: IO[bytes]) -> None:
    pa = _pyarrow()
    arrow_types = {
        "str": pa.string(),
        "float": pa.float64(),
        "int": pa.int64(),
        "bool": pa.bool_(),
        "list": pa.list_(pa.string()),
    }
    types = columns.types()
    schema = pa.schema([(name, arrow_types[kind]) for name, kind in types])
    with pa.parquet.ParquetWriter(out, schema) as writer:
        batch: list[dict[str, Cell]] = []
        for record in _records(lines):
            row = _row(record)
            batch.append({name: _typed(row.get(name), kind) for name, kind in types})
            if len(batch) == PARQUET_BATCH_ROWS:
                writer.write_table(pa.Table.from_pylist(batch, schema=schema))
                batch = []
        if batch or stats.records == 0:
            writer.write_table(pa.Table.from_pylist(batch, schema=schema))


def _typed(value: Cell, kind: str) -> Cell:
    """A user's value in its column's one type (text when the column's values are mixed)."""
    if value is None or kind in ("list", "bool", "int") or kind == _kind(value):
        return value
    if kind == "float" and isinstance(value, int):
        return float(value)
    return _csv_cell(value)


# ---------------------------------------------------------------- SDF


def _write_sdf(lines: Lines, columns: _Columns, stats: ExportStats, out: IO[bytes]) -> None:
    text = io.TextIOWrapper(out, encoding="utf-8", newline="\n", write_through=True)
    writer = Chem.SDWriter(text)
    try:
        document: list[dict[str, Cell]] = []
        for record in _records(lines):
            row = _row(record)
            if document and document[0]["doc_id"] != row["doc_id"]:
                _write_document(writer, document, stats)
                document = []
            document.append(row)
        _write_document(writer, document, stats)
        writer.flush()
        text.flush()
    finally:
        writer.close()
        text.detach()


def _write_document(writer: Chem.SDWriter, rows: list[dict[str, Cell]], stats: ExportStats) -> None:
    """One molecule per compound of a document, its records in the order they came."""
    compounds: dict[tuple[Cell, ...], list[dict[str, Cell]]] = {}
    for row in rows:
        compounds.setdefault(_compound_key(row), []).append(row)
    for group in compounds.values():
        _write_molecule(writer, group, stats)


def _compound_key(row: dict[str, Cell]) -> tuple[Cell, ...]:
    """Records of one compound share a molecule: the same structure, or else the same
    name and label (those are counted as without structure, not written)."""
    structure = row["inchikey"] or row["canonical_smiles"] or row["smiles"]
    return (structure,) if structure else (None, row["compound_name"], row["compound_label"])


def _molecule(row: dict[str, Cell]) -> Chem.Mol | None:
    for smiles in (row["canonical_smiles"], row["smiles"]):
        if isinstance(smiles, str) and smiles.strip():
            with rdBase.BlockLogs():  # a bad SMILES is an outcome here, not noise on stderr
                mol = Chem.MolFromSmiles(smiles)
            if mol is not None and mol.GetNumAtoms():
                return mol
    return None


def _write_molecule(
    writer: Chem.SDWriter, group: list[dict[str, Cell]], stats: ExportStats
) -> None:
    first = group[0]
    mol = _molecule(first)
    if mol is None:
        stats.without_structure += len(group)
        return
    mol.SetProp("_Name", _tag_text(first["compound_name"] or first["inchikey"] or ""))
    for name in _COMPOUND_COLUMNS:
        if first[name] is not None:
            mol.SetProp(name, _tag_text(first[name]))
    seen: dict[str, int] = {}
    for row in group:
        prop = str(row["property"])
        seen[prop] = seen.get(prop, 0) + 1
        tag = prop if seen[prop] == 1 else f"{prop}#{seen[prop]}"
        mol.SetProp(tag, _display(row))
        for name, value in row.items():
            if name not in _COMPOUND_COLUMNS and name != "property" and value not in (None, []):
                mol.SetProp(f"{tag}.{name}", _tag_text(value))
    writer.write(mol)
    stats.molecules += 1


def _display(row: dict[str, Cell]) -> str:
    """The value as a chemist writes it (``121–123 °C``, ``> 280 °C``), for viewers that
    show one tag per property."""
    low, high, value = row["value_low"], row["value_high"], row["value"]
    if low is not None and high is not None:
        number = f"{_number(low)}–{_number(high)}"
    else:
        number = "?" if value is None else _number(value)
    text = f"{row['qualifier']} {number}" if row["qualifier"] else number
    return f"{text} {row['unit']}" if row["unit"] else text


def _number(value: Cell) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


_LINE_BREAKS = re.compile(r"\r\n|\r|\n")


def _tag_text(value: Cell) -> str:
    """SD data ends at a blank line, so a value keeps to one line."""
    return _LINE_BREAKS.sub(" ", _csv_cell(value))
