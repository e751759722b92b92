"""The JSON Schema keywords of a record field: each is enforced, or refused by name.

A keyword molextract read and then ignored would be a promise broken in silence: a
schema saying ``"pattern": "^[0-9]+-[0-9]{2}-[0-9]$"`` must never yield a record
whose CAS number is ``"unknown"`` as if it fitted. So a field's keywords are sorted
here into three kinds, and nothing else is accepted:

- what says how a field is used (``description``, ``title``, ``default``, …) and
  what says what it is (``type``, ``enum``, ``items``, ``units``, …), read by
  :mod:`molextract.schemas.fields`;
- the bounds of its values (:data:`STRING_KEYWORDS`, :data:`NUMBER_KEYWORDS`,
  :data:`LIST_KEYWORDS`), checked on every answer a model gives
  (:func:`violations`, called where a record's fields are settled) and on the
  schema's own examples (:func:`check_examples`). The grammar carries some of them
  too, but engines differ in what they honour, so the check after generation is the
  one every answer passes, and the only place a field's length is checked;
- anything else, refused with the keyword and the field named (:class:`KeywordError`).
"""

from __future__ import annotations

import datetime
import math
import operator
import re
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

from molextract.errors import SchemaError
from molextract.schemas.patterns import PatternError, compile_pattern
from molextract.schemas.spec import FieldKind, FieldSpec, SchemaSpec

#: Keywords that describe a field without bounding it.
ANNOTATIONS = frozenset({"description", "title", "default", "examples", "$comment"})
#: Keywords that say what a field is; read by ``schemas.fields``.
STRUCTURE = frozenset({"type", "anyOf", "oneOf", "enum", "const", "units", "grounded"})
STRING_KEYWORDS = ("pattern", "minLength", "maxLength", "format")
NUMBER_KEYWORDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")
LIST_KEYWORDS = ("items", "maxItems", "minItems")
FORMATS = ("date", "email", "uri")
#: Every keyword a field of the user's own may carry (each applies to some kinds only).
FIELD_KEYWORDS = ANNOTATIONS | STRUCTURE | {*STRING_KEYWORDS, *NUMBER_KEYWORDS, *LIST_KEYWORDS}
#: Every keyword molextract's own record fields (``quote``, ``value``, …) may carry.
STANDARD_FIELD_KEYWORDS = ANNOTATIONS | STRUCTURE - {"units", "grounded"}
_BOUNDS: dict[FieldKind, tuple[str, ...]] = {
    "string": STRING_KEYWORDS,
    "number": NUMBER_KEYWORDS,
    "integer": NUMBER_KEYWORDS,
    "quantity": NUMBER_KEYWORDS,
    "enum": (),
    "boolean": (),
}
#: Keywords of ``properties.records`` and of its ``items`` (one record).
RECORDS_KEYWORDS = ANNOTATIONS | {"type", "maxItems", "items"}
RECORD_KEYWORDS = ANNOTATIONS | {"type", "properties", "required", "additionalProperties"}
_LEADING_NUMBER = re.compile(r"\s*(-?[0-9]+(?:\.[0-9]+)?)")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_EMAIL_LOCAL = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.!#$%&'*+/=?^_`{|}~-"
)
_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*")
_NUMBER_BOUNDS: dict[str, Callable[[float, float], bool]] = {
    "minimum": operator.ge,
    "maximum": operator.le,
    "exclusiveMinimum": operator.gt,
    "exclusiveMaximum": operator.lt,
}
_FIELD_PATH = ("properties", "records", "items", "properties")


class KeywordError(SchemaError):
    """A keyword refused or broken, with where it is in the schema document (``path``)."""

    def __init__(self, message: str, path: tuple[str | int, ...]) -> None:
        super().__init__(message)
        self.path = path


def violation(name: str, keyword: str) -> str:
    """The failed check of a record whose field ``name`` breaks ``keyword``."""
    return f"field_violates:{name}:{keyword}"


# --- at submit: which keywords a field may carry ------------------------------------------


def standard_field_keywords(name: str, node: Any, where: str) -> None:
    """Refuse bounds on molextract's own record fields (``quote``, ``value``, …).

    Their form is molextract's: ``value`` is written under its own pattern and read
    by code, ``quote`` must be the text's own sentence. A bound there would be
    ignored, so it is refused.
    """
    for path, keyword in _unknown(node, STANDARD_FIELD_KEYWORDS):
        raise KeywordError(
            f"{where}: field {name!r}: keyword {keyword!r} is not supported on "
            f"molextract's own record field {name!r} (it takes only a type, an enum, "
            "null and a description); put bounds on fields of your own",
            (*_FIELD_PATH, name, *path, keyword),
        )


def records_keywords(records: dict[str, Any], where: str) -> None:
    """Refuse keywords on the list of records or on a record as a whole that nothing enforces.

    A record holds exactly the fields it lists, every one answered (null where the
    text says nothing), so ``required`` is accepted and ``additionalProperties`` may
    only say ``false``; a bound on the list (``minItems``, ``uniqueItems``) or a
    condition across fields (``if``, ``dependentRequired``) would be ignored.
    """
    items = records.get("items")
    levels: list[tuple[dict[str, Any], frozenset[str], tuple[str, ...]]] = [
        (records, RECORDS_KEYWORDS, ("properties", "records"))
    ]
    if isinstance(items, dict):
        levels.append((items, RECORD_KEYWORDS, ("properties", "records", "items")))
    for node, allowed, path in levels:
        for keyword in node:
            if keyword not in allowed:
                raise KeywordError(
                    f"{where}: keyword {keyword!r} at {'.'.join(path)} is not supported: "
                    f"molextract neither enforces it nor may ignore it (allowed there: "
                    f"{', '.join(sorted(allowed))})",
                    (*path, keyword),
                )
        if node.get("additionalProperties", False) is not False:
            raise KeywordError(
                f"{where}: additionalProperties at {'.'.join(path)} may only be false: a "
                "record holds exactly the fields it lists",
                (*path, "additionalProperties"),
            )


def field_keywords(
    name: str, node: dict[str, Any], kind: FieldKind, is_list: bool, where: str
) -> dict[str, Any]:
    """The bounds a user's field declares, checked; any keyword not enforced is refused.

    ``node`` is the field as written; ``kind`` is what :mod:`schemas.fields` made of
    it. Returns the enforced keywords but ``maxLength`` and ``maxItems``, which the
    field keeps as its own attributes.
    """
    here = f"{where}: field {name!r}"
    bounds = _BOUNDS[kind]
    outer = ANNOTATIONS | STRUCTURE | (frozenset(LIST_KEYWORDS) if is_list else frozenset(bounds))
    found: dict[str, Any] = {}
    for path, keyword in _unknown(node, outer):
        raise _refused(here, name, (*path, keyword), keyword, kind, is_list)
    values = _branch_values(node)
    if is_list:
        items = values.get("items")
        if isinstance(items, dict):
            for path, keyword in _unknown(items, ANNOTATIONS | STRUCTURE | frozenset(bounds)):
                at = (*_branch_path(node, "items"), "items", *path, keyword)
                raise _refused(here, name, at, keyword, kind, False)
            values = _branch_values(items)
        if "minItems" in _branch_values(node):
            found["minItems"] = _branch_values(node)["minItems"]
    found.update({k: v for k, v in values.items() if k in bounds and k != "maxLength"})
    _check_values(here, found, values.get("maxLength"))
    return found


def _refused(
    here: str,
    name: str,
    path: tuple[str | int, ...],
    keyword: str,
    kind: FieldKind,
    is_list: bool,
) -> KeywordError:
    what = f"a list of {kind}" if is_list else f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"
    if keyword in STRING_KEYWORDS or keyword in NUMBER_KEYWORDS or keyword in LIST_KEYWORDS:
        reason = f"it does not apply to {what} field"
        if is_list and keyword not in LIST_KEYWORDS:
            reason += " (bounds of the list's values go in its 'items')"
    else:
        reason = "molextract neither enforces it nor may ignore it"
    enforced = [*STRING_KEYWORDS, *NUMBER_KEYWORDS, "maxItems", "minItems"]
    return KeywordError(
        f"{here}: keyword {keyword!r} is not supported: {reason}. Enforced are "
        f"{', '.join(enforced)} (format: {', '.join(FORMATS)}), on the fields they apply to",
        (*_FIELD_PATH, name, *path),
    )


def _unknown(node: Any, allowed: frozenset[str]) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Keywords of ``node`` and of its ``anyOf``/``oneOf`` branches outside ``allowed``."""
    if not isinstance(node, dict):
        return
    for keyword in node:
        if keyword not in allowed:
            yield (), keyword
    for key in ("anyOf", "oneOf"):
        branches = node.get(key)
        if isinstance(branches, list):
            for index, branch in enumerate(branches):
                for path, keyword in _unknown(branch, allowed):
                    yield (key, index, *path), keyword


def _branch_values(node: dict[str, Any]) -> dict[str, Any]:
    """The field's keywords with those of its non-null branch, as ``fields`` reads them."""
    merged = dict(node)
    for key in ("anyOf", "oneOf"):
        for branch in node.get(key) or ():
            if isinstance(branch, dict) and branch != {"type": "null"}:
                merged.update(branch)
    return merged


def _branch_path(node: dict[str, Any], keyword: str) -> tuple[str | int, ...]:
    if keyword in node:
        return ()
    for key in ("anyOf", "oneOf"):
        for index, branch in enumerate(node.get(key) or ()):
            if isinstance(branch, dict) and keyword in branch:
                return (key, index)
    return ()


def _check_values(here: str, found: dict[str, Any], max_length: Any) -> None:
    """Each bound must be usable: a pattern safe to match, numbers finite and in order."""
    for keyword, value in found.items():
        if keyword == "pattern":
            if not isinstance(value, str):
                raise SchemaError(f"{here}: 'pattern' must be a string")
            try:
                compile_pattern(value)
            except PatternError as exc:
                raise SchemaError(f"{here}: 'pattern' {value[:80]!r} {exc}") from exc
        elif keyword == "format":
            if value not in FORMATS:
                raise SchemaError(
                    f"{here}: format {str(value)[:80]!r} is not supported; "
                    f"supported are {', '.join(FORMATS)}"
                )
        elif keyword in ("minLength", "minItems"):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise SchemaError(f"{here}: {keyword!r} must be a whole number, 0 or more")
        elif (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
        ):
            raise SchemaError(f"{here}: {keyword!r} must be a finite number")
    if isinstance(max_length, int) and found.get("minLength", 0) > max_length:
        raise SchemaError(f"{here}: minLength {found['minLength']} is above maxLength {max_length}")
    low = [found[k] for k in ("minimum", "exclusiveMinimum") if k in found]
    high = [found[k] for k in ("maximum", "exclusiveMaximum") if k in found]
    if low and high and max(low) > min(high):
        raise SchemaError(
            f"{here}: its lower bound {max(low)} is above its upper bound {min(high)}"
        )


# --- after generation, and on the examples: what an answer breaks --------------------------


def violations(spec: FieldSpec, given: Any) -> list[str]:
    """The keywords of ``spec`` that ``given`` (an answer, as the model wrote it) breaks."""
    return list(dict.fromkeys(keyword for keyword, _ in _broken(spec, given)))


def _broken(spec: FieldSpec, given: Any) -> Iterator[tuple[str, str]]:
    if given is None:
        return
    if isinstance(given, list):
        if spec.max_items is not None and len(given) > spec.max_items:
            yield "maxItems", f"{len(given)} items, at most {spec.max_items}"
        least = spec.constraints.get("minItems", 0)
        if len(given) < least:
            yield "minItems", f"{len(given)} items, at least {least}"
        for item in given:
            yield from _broken_value(spec, item)
    else:
        yield from _broken_value(spec, given)


def _broken_value(spec: FieldSpec, given: Any) -> Iterator[tuple[str, str]]:
    bounds = spec.constraints
    if spec.kind == "string":
        text = str(given)
        if len(text) > spec.max_length:
            yield "maxLength", f"{len(text)} characters, at most {spec.max_length}"
            return  # broken already: an over-long value is not also matched, at any cost
        if len(text) < bounds.get("minLength", 0):
            yield "minLength", f"{len(text)} characters, at least {bounds['minLength']}"
        pattern = bounds.get("pattern")
        if pattern is not None and not compile_pattern(pattern).search(text):
            yield "pattern", f"{text[:80]!r} does not match {pattern!r}"
        form = bounds.get("format")
        if form is not None and not _FORMAT_CHECKS[form](text):
            yield "format", f"{text[:80]!r} is not a valid {form}"
    elif spec.kind in ("number", "integer", "quantity"):
        match = _LEADING_NUMBER.match(str(given))
        if match is None:
            return  # not a number at all: the generation model refuses it
        number = float(match[1])
        for keyword, fits in _NUMBER_BOUNDS.items():
            if keyword in bounds and not fits(number, bounds[keyword]):
                yield keyword, f"{match[1]} is outside {keyword} {bounds[keyword]}"


def _is_date(text: str) -> bool:
    if not _DATE.fullmatch(text):
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _is_email(text: str) -> bool:
    local, at, domain = text.rpartition("@")
    if not at or not local or len(local) > 64 or not set(local) <= _EMAIL_LOCAL:
        return False
    if local.startswith(".") or local.endswith(".") or ".." in local:
        return False
    labels = domain.split(".")
    return len(labels) >= 2 and all(_LABEL.fullmatch(label) for label in labels)


def _is_uri(text: str) -> bool:
    """An absolute URI (RFC 3986): a scheme, then something, and no spaces or quotes."""
    if not text or any(c.isspace() or c in '"<>\\^`{|}' or ord(c) < 0x20 for c in text):
        return False
    try:
        parts = urlsplit(text)
    except ValueError:
        return False
    return bool(_SCHEME.fullmatch(parts.scheme)) and bool(parts.netloc or parts.path)


_FORMAT_CHECKS = {"date": _is_date, "email": _is_email, "uri": _is_uri}


def check_examples(spec: SchemaSpec, where: str) -> None:
    """Refuse a schema whose own example breaks a bound of one of its fields.

    An example is what the model imitates; one that breaks the schema teaches it to.
    """
    for number, example in enumerate(spec.examples):
        for index, record in enumerate(example.records):
            if not isinstance(record, dict):
                continue  # the generation model refuses it, naming what it is
            for field in spec.fields:
                for keyword, detail in _broken(field, record.get(field.name)):
                    raise KeywordError(
                        f"{where}: example {number + 1}, record {index + 1}: field "
                        f"{field.name!r} breaks its {keyword!r}: {detail}",
                        ("x-molextract", "examples", number, "records", index, field.name),
                    )
