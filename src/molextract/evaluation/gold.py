"""Reading the two inputs of an evaluation: a hand-annotated gold set and extraction results.

Both readers refuse the whole file on the first pass instead of skipping bad lines,
unlike the extraction readers: a gold line silently dropped, or a results line lost,
would change precision and recall without anyone noticing. Every problem is listed
with its ``file:line`` so an annotator can fix them all in one go.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from molextract.chem import analyze_smiles
from molextract.errors import InputError
from molextract.schemas.records import DocumentResult, Record

#: Listing more problems than this only buries the first ones.
MAX_REPORTED_PROBLEMS = 20

_Model = TypeVar("_Model", bound=BaseModel)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GoldValue(_Strict):
    """One value a careful reader finds in the text; a range has ``value_low``/``value_high``."""

    compound: str | None = None
    label: str | None = Field(
        default=None, description="The compound's label as printed ('3b', 'Example 2B'), if any."
    )
    smiles: str | None = None
    property: str = Field(min_length=1)
    value: float | None = None
    value_low: float | None = None
    value_high: float | None = None
    unit: str | None = None

    @model_validator(mode="after")
    def _one_kind_of_value(self) -> Self:
        # Scoring treats single values and ranges differently, so an annotation that
        # is half of each would be scored by whichever rule happened to look first.
        is_range = self.value_low is not None or self.value_high is not None
        if is_range:
            if self.value_low is None or self.value_high is None:
                raise ValueError("a range needs both value_low and value_high")
            if self.value is not None:
                raise ValueError("give either value or value_low/value_high, not both")
            if self.value_low > self.value_high:
                raise ValueError("value_low is greater than value_high")
        elif self.value is None:
            raise ValueError("give value, or value_low and value_high for a range")
        # A structure RDKit cannot read would silently fall back to name matching.
        if self.smiles is not None and analyze_smiles(self.smiles) is None:
            raise ValueError(f"RDKit cannot read the SMILES {self.smiles!r}")
        return self


class GoldDocument(_Strict):
    """A text and every value in it; an empty ``expected`` says the text states none."""

    id: str = Field(min_length=1)
    text: str = Field(min_length=1)
    expected: list[GoldValue]
    source: str | None = Field(
        default=None, description="Where the text comes from (provenance, licence)."
    )


def _problem(path: Path, number: int, message: str) -> str:
    return f"{path}:{number}: {message}"


def _describe(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors(include_url=False):
        where = ".".join(str(p) for p in error["loc"])
        parts.append(f"{error['msg']} at {where}" if where else str(error["msg"]))
    return "; ".join(parts)


def _raise_if_any(problems: list[str], what: str) -> None:
    if not problems:
        return
    shown = problems[:MAX_REPORTED_PROBLEMS]
    more = len(problems) - len(shown)
    tail = f"\n… and {more} more" if more else ""
    raise InputError(f"{what}:\n" + "\n".join(shown) + tail)


def _lines(path: Path) -> list[tuple[int, str]]:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror}") from exc
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError(_problem(path, line, "not valid UTF-8")) from exc
    return [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]


def _valid_lines(
    path: Path, model: type[_Model], problems: list[str], what: str = ""
) -> Iterator[tuple[int, _Model]]:
    """Each line that is a valid ``model``, with its number; the others go to ``problems``
    (led by ``what`` the line should have been) so the caller can list them all at once."""
    for number, line in _lines(path):
        try:
            item = model.model_validate_json(line)
        except ValidationError as exc:
            problems.append(_problem(path, number, what + _describe(exc)))
            continue
        yield number, item


def load_gold(path: Path) -> list[GoldDocument]:
    """The gold documents in file order; any bad line makes the whole file an ``InputError``."""
    documents: list[GoldDocument] = []
    problems: list[str] = []
    first_line: dict[str, int] = {}
    for number, document in _valid_lines(path, GoldDocument, problems):
        if document.id in first_line:
            first = first_line[document.id]
            problems.append(
                _problem(path, number, f"duplicate id {document.id!r} (first at line {first})")
            )
            continue
        first_line[document.id] = number
        documents.append(document)
    _raise_if_any(problems, f"{path} is not a valid gold file")
    if not documents:
        raise InputError(f"{path} holds no gold documents")
    return documents


def load_results(path: Path, *, rejects: Path | None = None) -> dict[str, DocumentResult]:
    """Results by document id, for scoring a run that has already been made.

    ``molextract run -o`` moves rejected records to a separate file; pass it as
    ``rejects`` to put them back, so that ``score(..., include_rejected=True)`` sees
    what the run actually produced.
    """
    results: dict[str, DocumentResult] = {}
    problems: list[str] = []
    for number, result in _valid_lines(path, DocumentResult, problems, "not a molextract result: "):
        if result.doc_id in results:
            problems.append(_problem(path, number, f"duplicate result for {result.doc_id!r}"))
            continue
        results[result.doc_id] = result
    _raise_if_any(problems, f"{path} is not a valid results file")
    if rejects is not None:
        _add_rejects(rejects, results)
    return results


def _add_rejects(path: Path, results: dict[str, DocumentResult]) -> None:
    problems: list[str] = []
    for number, record in _valid_lines(path, Record, problems, "not a molextract record: "):
        result = results.get(record.doc_id)
        if result is None:
            problems.append(_problem(path, number, f"no result for document {record.doc_id!r}"))
            continue
        result.records.append(record)
    _raise_if_any(problems, f"{path} is not a valid rejects file")
