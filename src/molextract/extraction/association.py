"""The model's part of candidate-anchored extraction: what each candidate is, and whose.

The prompt is a chunk with its candidates marked ``⟦1⟧``, ``⟦2⟧``…, then one
question about one candidate. Asking one candidate per prompt keeps the grammar the
same for every chunk (compiled once per schema: it is only the schema's property
names, ``none``, and two strings; a value whose property the text settles gets a
grammar with that property alone, once per property), so the model cannot write a
value at all: value, unit, range, qualifier and evidence come from the finder. All
prompts of a chunk share everything up to the question, which llama.cpp (prefix
reuse), SGLang (radix cache) and vLLM (prefix caching) evaluate once.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from molextract.engines.base import ChatMessage, Prompt
from molextract.extraction.candidates import Candidate, dimension
from molextract.extraction.compound_markers import LETTERS, CompoundMention
from molextract.extraction.compound_markers import marker as compound_marker
from molextract.schemas.spec import FieldSpec, SchemaSpec, answer_fields

#: Token budget of one answer (about 25 tokens: a property, a letter, short conditions);
#: doubled on retry.
ANSWER_TOKENS = 64
#: What each field of a user's own adds to that budget (a list: per item).
FIELD_TOKENS = 32
NONE = "none"

#: Strings a model writes when it has no compound; a record then has none.
PLACEHOLDERS = frozenset(
    {
        "", "unknown", "none", "null", "n/a", "na", "not stated", "not specified", "product",
        "the product", "compound", "the compound", "title compound", "the title compound",
        "residue", "the residue", "solid", "the solid", "crude product", "mixture",
        "the mixture", "sample", "material", "solution", "the solution",
    }
)  # fmt: skip

_KIND_WORDS = {
    "temperature": "a temperature",
    "percent": "a percentage",
    "mass_per_volume": "a mass per volume",
    "molar": "a molar concentration",
    "dimensionless": "a dimensionless number",
}


@dataclass(frozen=True, slots=True)
class Answer:
    """What the model said about one candidate."""

    property: str | None
    #: The letter of the marked compound mention the model chose, or None.
    compound: str | None
    conditions: str | None
    #: The schema's own fields as the model wrote them (``fields.py`` types and checks them).
    fields: dict[str, Any] = field(default_factory=dict)


@cache
def _answer_model(
    properties: tuple[str, ...], fields: tuple[FieldSpec, ...], settled: str | None
) -> type[BaseModel]:
    choice: Any = Literal.__getitem__((settled,) if settled else (*properties, NONE))
    letters: Any = Literal.__getitem__(LETTERS)
    own = answer_fields(fields)
    return create_model(
        "CandidateAnswer",
        __config__=ConfigDict(extra="forbid", strict=True),
        property=(choice, Field(description="Which property the marked value is, or none.")),
        compound=(
            letters | None,
            Field(description="Whose value: the letter of a marked compound, or null."),
        ),
        conditions=(str | None, Field(description="Solvent, pH, pressure, temperature.")),
        **own,
    )


def answer_model(schema: SchemaSpec, settled: str | None = None) -> type[BaseModel]:
    """The strict model of one answer: a property of the schema or none, a compound
    marker's letter or null, the conditions, and the schema's own fields (none for a
    built-in schema).

    ``settled``: the property the text already names outright (``Candidate.decisive``),
    the only one the answer may give. A small model asked "reaction_yield or none?"
    about ``gave 2c ( 83 % yield )`` often answers "none" and then, having said the
    value is nothing, no compound either; with the property fixed by the grammar, the
    question it answers is only whose the value is.
    """
    return _answer_model(schema.property_names, schema.fields, settled)


def answer_tokens(schema: SchemaSpec) -> int:
    """The token budget of one answer under ``schema``."""
    return ANSWER_TOKENS + sum(FIELD_TOKENS * (f.max_items or 1) for f in schema.fields)


def answer_json_schema(schema: SchemaSpec, settled: str | None = None) -> dict[str, Any]:
    """The JSON Schema engines constrain answers with: one per schema and settled
    property (at most one more per property of the schema), never per chunk."""
    result = answer_model(schema, settled).model_json_schema()
    if settled:  # an enum of one, not "const": every engine's grammar compiler reads enums
        result["properties"]["property"].pop("const", None)
        result["properties"]["property"]["enum"] = [settled]
    result["title"] = f"{schema.name}_{settled}" if settled else f"{schema.name}_candidate"
    return result


def parse_answer(schema: SchemaSpec, text: str, settled: str | None = None) -> Answer:
    """Read an answer; raises ``ValidationError`` when it does not fit the grammar's model."""
    model = answer_model(schema, settled).model_validate_json(text, strict=True)
    data = model.model_dump()
    prop = data["property"]
    return Answer(
        property=None if prop == NONE else prop,
        compound=data["compound"],
        conditions=clean_conditions(data["conditions"]),
        fields={f.name: data[f.name] for f in schema.fields},
    )


#: What conditions of a measurement never contain: amounts of reagents, spectra.
_NOT_CONDITIONS = re.compile(
    r"\b(?:\d+(?:\.\d+)?\s*(?:mL|ml|mmol|mg|g|equiv)|NMR|MHz|IR|HRMS|MS|Rf|yield|silica"
    r"|chromatograph\w*|column|TLC|elut\w*)\b",
    re.IGNORECASE,
)


def clean_conditions(conditions: str | None) -> str | None:
    """The conditions the model gave, or None for a placeholder or for text that is
    plainly not a condition (a reagent amount, an NMR header): small models fill the
    field with whatever stood nearby."""
    stripped = (conditions or "").strip().strip(".,;:")
    if stripped.lower() in PLACEHOLDERS or _NOT_CONDITIONS.search(stripped):
        return None
    return stripped


# --- prompts ----------------------------------------------------------------------------


def marker(number: int) -> str:
    return f"⟦{number}⟧"


def mark(text: str, offset: int, candidates: list[Candidate]) -> str:
    """``text`` (which starts at ``offset`` in the document) with each candidate marked."""
    return mark_context(text, [(0, len(text))], candidates, offset=offset)


def mark_context(
    text: str,
    spans: list[tuple[int, int]],
    candidates: list[Candidate],
    mentions: Sequence[CompoundMention] = (),
    *,
    offset: int = 0,
) -> str:
    """The ``spans`` of ``text`` joined by ``…``, each candidate and each compound
    mention marked where it stands."""
    inserts = sorted(
        [(c.quantity.start - offset, 1, marker(n)) for n, c in enumerate(candidates, start=1)]
        + [(m.start - offset, 0, compound_marker(m.letter)) for m in mentions]
    )
    parts: list[str] = []
    for start, end in spans:
        pieces: list[str] = []
        pos = start
        for at, _, sign in inserts:
            if start <= at < end:
                pieces.append(text[pos:at])
                pieces.append(sign)
                pos = at
        pieces.append(text[pos:end])
        parts.append("".join(pieces).strip())
    return " … ".join(parts)


def _system(schema: SchemaSpec) -> str:
    lines = [
        "Code has marked candidate values in a chemistry text as ⟦1⟧, ⟦2⟧ and the compounds "
        "it names as ⟪A⟫, ⟪B⟫. For the marked value asked about, answer in JSON:",
        '"property": the property it is a measured value of, or "none" (a reaction or bath '
        "temperature, an amount, a reagent's concentration, a purity, a literature value):",
    ]
    lines += [f"  {prop.name}: {prop.description}" for prop in schema.properties]
    lines += [
        '"compound": the letter of the marked compound whose value it is (the product a '
        "yield or a melting point belongs to, not a reagent, catalyst, solvent or starting "
        "material); null if none of the marked compounds is.",
        '"conditions": solvent, pH, pressure or temperature of the measurement, or null.',
    ]
    lines += [f'"{f.name}": {f.description}{_what(f)}' for f in schema.fields]
    return "\n".join(lines)


def _what(spec: FieldSpec) -> str:
    """How a field of the user's is answered, said after its description."""
    if spec.kind == "enum":
        shape = f"one of {', '.join(spec.choices)}"
    elif spec.kind == "quantity":
        shape = f"the number and its unit ({' or '.join(spec.units)}) as stated"
    elif spec.kind == "boolean":
        shape = "true or false"
    elif spec.kind in ("number", "integer"):
        shape = "the number as stated"
    else:
        shape = "as written in the text"
    if spec.max_items is not None:
        shape = f"a list of at most {spec.max_items}, each {shape}"
    return f" ({shape}{'; null if not stated' if spec.nullable else ''})."


def question(number: int, candidate: Candidate, text: str) -> str:
    q = candidate.quantity
    kind = _KIND_WORDS.get(q.kind if q.kind == "dimensionless" else _dim(candidate), "a value")
    options = list(dict.fromkeys((*candidate.cues, *candidate.properties)))
    return ask_line(number, text[q.start : q.end], kind, options, candidate.cue_text)


def ask_line(
    number: int, printed: str, kind: str, options: list[str], cue: str | None = None
) -> str:
    where = f", {cue}" if cue else ""
    return f"{marker(number)} {printed} ({kind}{where}): {', '.join(options)} or none?"


def _dim(candidate: Candidate) -> str:
    return dimension(candidate.quantity.unit) or "value"


def _user(text: str, ask: str) -> ChatMessage:
    return {"role": "user", "content": f"{text}\n\n{ask}"}


def build_prompt(schema: SchemaSpec, marked_text: str, ask: str) -> Prompt:
    """System, worked examples for the schema's properties, then the chunk and the question."""
    messages: Prompt = [{"role": "system", "content": _system(schema)}]
    props = frozenset(schema.property_names)
    for example in examples_for(schema):
        messages.append(_user(example.text, example.ask(props)))
        shown = {**example.answer, **{f.name: None for f in schema.fields}}
        answer = json.dumps(shown, ensure_ascii=False, separators=(",", ":"))
        messages.append({"role": "assistant", "content": answer})
    messages.append(_user(marked_text, ask))
    return messages


@dataclass(frozen=True, slots=True)
class _Example:
    """A worked example: a marked text, the value asked about, and the right answer."""

    options: tuple[str, ...]
    text: str
    number: int
    printed: str
    kind: str
    answer: dict[str, str | None]
    cue: str | None = None

    def ask(self, props: frozenset[str]) -> str:
        kept = [p for p in self.options if p in props]
        return ask_line(self.number, self.printed, self.kind, kept, self.cue)


_TEMPERATURES = ("melting_point", "boiling_point")
_EXAMPLES = (
    _Example(
        ("melting_point",),
        "Recrystallisation from ethanol gave ⟪A⟫benzoic acid as white needles, mp ⟦1⟧121–123 °C.",
        1, "121–123 °C", "a temperature",
        {"property": "melting_point", "compound": "A", "conditions": None},
        'after "mp"',
    ),
    _Example(
        ("reaction_yield",),
        "⟪A⟫4-Bromobenzoic acid (1.00 g, 5.0 mmol) and ⟪B⟫thionyl chloride were heated at "
        "reflux, then ammonia was added. Chromatography gave ⟪C⟫4-bromobenzamide (0.82 g, "
        "4.1 mmol, ⟦1⟧87%) as a white solid, mp ⟦2⟧188–190 °C.",
        1, "87%", "a percentage",
        {"property": "reaction_yield", "compound": "C", "conditions": None},
        "beside the product's mass or moles",
    ),
    _Example(
        ("reaction_yield",),
        "⟪A⟫Example 12 … A solution of ⟪B⟫Intermediate 4 (200 mg) in ⟪C⟫DMF was stirred for "
        "2 h. Purification by HPLC afforded ⟪D⟫the title compound (12.4 mg, ⟦1⟧23%).",
        1, "23%", "a percentage",
        {"property": "reaction_yield", "compound": "D", "conditions": None},
        "beside the product's mass or moles",
    ),
    _Example(
        ("reaction_yield",),
        "Treatment of ⟪A⟫ketone 5 with ⟪B⟫LDA and then ⟪C⟫methyl iodide gave ⟪D⟫7 in "
        "⟦1⟧85% yield, and ⟪E⟫enone 8 was converted to ⟪F⟫diol 9 (⟦2⟧62%).",
        1, "85%", "a percentage",
        {"property": "reaction_yield", "compound": "D", "conditions": None},
        'before "yield"',
    ),
    _Example(
        ("boiling_point",),
        "Distillation of the crude oil gave ⟪A⟫ethyl 3-oxobutanoate as a colourless liquid, "
        "bp ⟦1⟧75–77 °C/15 mmHg.",
        1, "75–77 °C", "a temperature",
        {"property": "boiling_point", "compound": "A", "conditions": "15 mmHg"},
        'after "bp"',
    ),
    _Example(
        ("logD", "logP"),
        "⟪A⟫Propranolol is lipophilic (log P ⟦1⟧3.48) and its logD7.4 is ⟦2⟧1.2.",
        2, "1.2", "a dimensionless number",
        {"property": "logD", "compound": "A", "conditions": "pH 7.4"},
    ),
    _Example(
        ("solubility",),
        "The solubility of ⟪A⟫caffeine in water is ⟦1⟧21.6 g/L at 25 °C; samples were shaken "
        "in buffer containing ⟦2⟧10 mM phosphate.",
        2, "10 mM", "a molar concentration",
        {"property": NONE, "compound": None, "conditions": None},
    ),
    _Example(
        ("solubility", "density"),
        "The solubility of ⟪A⟫caffeine in water is ⟦1⟧21.6 g/L at 25 °C; samples were shaken "
        "in buffer containing ⟦2⟧10 mM phosphate.",
        1, "21.6 g/L", "a mass per volume",
        {"property": "solubility", "compound": "A", "conditions": "water, 25 °C"},
    ),
    _Example(
        ("density", "solubility"),
        "⟪A⟫Chloroform (density ⟦1⟧1.49 g/cm³ at 20 °C) was dried over molecular sieves.",
        1, "1.49 g/cm³", "a mass per volume",
        {"property": "density", "compound": "A", "conditions": "20 °C"},
    ),
    _Example(
        ("reaction_yield",),
        "⟪A⟫NaH (⟦1⟧60% dispersion in oil, 0.40 g) was added, and the ester was obtained as an "
        "oil of ⟦2⟧91% purity (HPLC).",
        2, "91%", "a percentage",
        {"property": NONE, "compound": None, "conditions": None},
    ),
    _Example(
        _TEMPERATURES,
        "The solution was kept at ⟦1⟧−20 °C overnight, and the crystals that formed had "
        "mp ⟦2⟧142 °C.",
        1, "−20 °C", "a temperature",
        {"property": NONE, "compound": None, "conditions": None},
    ),
    _Example(
        _TEMPERATURES,
        "The flask was placed in a bath preheated to 120 °C; the solid that remained melted "
        "at ⟦1⟧88 °C.",
        1, "88 °C", "a temperature",
        {"property": "melting_point", "compound": None, "conditions": None},
    ),
)  # fmt: skip

#: Worked examples in a prompt: enough to show every answer shape, few enough that the
#: shared prefix stays short.
_MAX_EXAMPLES = 5


@cache
def _examples_for(props: frozenset[str]) -> tuple[_Example, ...]:
    usable = [
        e
        for e in _EXAMPLES
        if e.answer["property"] in props
        or (e.answer["property"] == NONE and set(e.options) & props)
    ]
    return tuple(usable[:_MAX_EXAMPLES])


def examples_for(schema: SchemaSpec) -> tuple[_Example, ...]:
    """Built-in worked examples for the properties this schema has (none for a custom one).

    They answer every field of the user's with null, which a field that may not be
    null cannot take: such a schema gets no worked examples rather than wrong ones.
    """
    if not all(f.nullable for f in schema.fields):
        return ()
    return _examples_for(frozenset(schema.property_names))
