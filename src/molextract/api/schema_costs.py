"""What an inline schema will cost a worker, decided before its job is accepted.

Two costs grow with what a tenant writes, and both used to be discovered by a worker
(issue 23):

- **The grammar.** Outlines builds an index of states × vocabulary: its time grows with
  the states (a 6,000-choice enum: 7.6 s over SmolLM2's 49k tokens, about three times
  that over Qwen's 151k), its memory with the states where free text is open, each of
  which allows nearly every token (about 1 MB each over SmolLM2's vocabulary). The
  states are estimated here from the schema's shape, the way
  ``outlines_core.json_schema`` writes it: keys and punctuation, a trie of each enum's
  choices, the bounded number patterns, lists and records unrolled to their
  ``maxItems``. Past :data:`MAX_GRAMMAR_STATES` or :data:`MAX_TEXT_SLOTS` the schema is
  refused, naming the part that costs most. (The estimate is checked against real
  compiles in ``bench/bench_schema_cost.py``; a compile it misjudges still runs under
  the worker's limits, ``engines/grammar_limits.py``.)
- **The prompt.** The system prompt lists every property, unit and choice, and the
  examples follow; with the chunk and the answer's budget it must fit each engine's
  context: the embedded model's (``MOLEXTRACT_LOCAL_CONTEXT``, counted with its own
  tokenizer) or the servers' (``MOLEXTRACT_REMOTE_CONTEXT_TOKENS``, estimated at four
  characters a token).

A verdict depends only on the schema and the settings, so it is computed once per
schema and process.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from molextract.api.problems import Problem
from molextract.config import Settings, get_settings
from molextract.engines.base import Prompt, estimate_tokens
from molextract.extraction import association
from molextract.extraction.candidates import anchored_supported
from molextract.extraction.compound_markers import LETTERS
from molextract.extraction.prompts import build_prompt
from molextract.schemas.spec import VALUE_PATTERN, FieldSpec, SchemaSpec

#: States of one grammar: compile time is states × vocabulary (about 6.5 s at this
#: limit over SmolLM2's vocabulary, 20 s over Qwen's; ``docs/benchmarks.md``).
MAX_GRAMMAR_STATES = 5000
#: Places in one grammar where free text is open (a string field, in every list item
#: and record it repeats in): each costs about a megabyte per 50k tokens of vocabulary.
MAX_TEXT_SLOTS = 64
#: Tokens a chat template adds per message, and the question after an anchored chunk.
MESSAGE_OVERHEAD = 8
QUESTION_TOKENS = 64

_FIELDS = ("body", "schema", "properties", "records", "items", "properties")
_RECORDS = ("body", "schema", "properties", "records")
_LOCAL_ENGINES = ("local", "transformers")


@dataclass(frozen=True)
class Cost:
    """What one part of the schema adds to its grammar, and where the part is written."""

    name: str
    loc: tuple[str | int, ...]
    states: int
    text_slots: int = 0


Verdict = tuple[str, tuple[str | int, ...]] | None
#: Verdicts by (schema text, settings): a schema is judged once per process.
_VERDICTS: dict[tuple[str, str], Verdict] = {}
_MAX_VERDICTS = 256


def check_schema_cost(spec: SchemaSpec, settings: Settings | None = None) -> None:
    """Raise a 422 :class:`Problem` when ``spec`` would not fit a worker's limits."""
    settings = settings or get_settings()
    key = (
        json.dumps(spec.document or {}, sort_keys=True, ensure_ascii=False),
        settings.model_dump_json(),
    )
    if key not in _VERDICTS:
        if len(_VERDICTS) >= _MAX_VERDICTS:
            _VERDICTS.clear()
        _VERDICTS[key] = _grammar_verdict(spec) or _prompt_verdict(spec, settings)
    verdict = _VERDICTS[key]
    if verdict is not None:
        detail, loc = verdict
        raise Problem(
            422,
            "invalid-schema",
            "Invalid schema",
            detail,
            errors=[{"loc": list(loc), "detail": detail, "type": "schema_too_costly"}],
        )


# --- the grammar ------------------------------------------------------------------------


def grammar_costs(spec: SchemaSpec) -> list[Cost]:
    """The parts of the grammar the pipeline compiles for ``spec``, each with its cost.

    The anchored path asks about one candidate at a time (property, compound letter,
    conditions and the schema's own fields); the generated path writes whole records,
    so every part repeats ``max_records`` times.
    """
    own = [_field_cost(f) for f in spec.fields]
    properties = (*spec.property_names, association.NONE)
    if anchored_supported(spec):
        return [
            Cost("property", (*_FIELDS, "property"), _key("property") + trie(properties)),
            Cost("compound", (*_FIELDS, "compound"), _key("compound") + trie(LETTERS) + 6),
            Cost("conditions", (*_FIELDS, "conditions"), _key("conditions") + 12, 1),
            *own,
        ]
    units = tuple(u for u in spec.units if u is not None)
    item = [
        Cost("quote", (*_FIELDS, "quote"), _key("quote") + 6, 1),
        Cost("compound", (*_FIELDS, "compound"), _key("compound") + 6, 1),
        Cost("smiles", (*_FIELDS, "smiles"), _key("smiles") + 12, 1),
        Cost("property", (*_FIELDS, "property"), _key("property") + trie(spec.property_names)),
        Cost("value", (*_FIELDS, "value"), _key("value") + len(VALUE_PATTERN)),
        Cost("unit", (*_FIELDS, "unit"), _key("unit") + trie(units) + 6),
        Cost("conditions", (*_FIELDS, "conditions"), _key("conditions") + 12, 1),
        *own,
    ]
    n = spec.max_records
    return [
        Cost(
            f"{c.name} (in each of maxItems {n} records)",
            c.loc,
            c.states * n + 3,
            c.text_slots * n,
        )
        for c in item
    ]


def trie(choices: Iterable[str]) -> int:
    """States of an alternation of JSON strings: the distinct prefixes of their texts."""
    prefixes: set[str] = set()
    for choice in choices:
        text = json.dumps(choice)
        prefixes.update(text[:i] for i in range(1, len(text) + 1))
    return len(prefixes) + 1


def _key(name: str) -> int:
    """``"name"`` with its colon, comma and optional spaces."""
    return len(json.dumps(name)) + 6


def _field_cost(spec: FieldSpec) -> Cost:
    slots = 0
    if spec.kind == "string":
        pattern = spec.constraints.get("pattern")
        one = 6 if pattern is None else 4 * len(str(pattern))
        slots = 1 if pattern is None else 0
    elif spec.kind == "number":
        one = 16
    elif spec.kind == "integer":
        one = 12
    elif spec.kind == "boolean":
        one = 10
    elif spec.kind == "enum":
        one = trie(spec.choices)
    else:
        one = 16 + trie(spec.units)
    if spec.max_items is not None:
        one, slots = spec.max_items * (one + 3) + 4, spec.max_items * slots
    if spec.nullable:
        one += 6
    return Cost(f"field {spec.name!r}", (*_FIELDS, spec.name), _key(spec.name) + one, slots)


def _grammar_verdict(spec: SchemaSpec) -> Verdict:
    costs = grammar_costs(spec)
    states = sum(c.states for c in costs) + 4
    slots = sum(c.text_slots for c in costs)
    if states > MAX_GRAMMAR_STATES:
        worst = max(costs, key=lambda c: c.states)
        return (
            f"inline schema: its answer grammar would have about {states:,} states, "
            f"{worst.states:,} of them for {worst.name}; the limit is {MAX_GRAMMAR_STATES:,} "
            "(a grammar costs a worker time and memory per state): use fewer or shorter "
            "choices, fewer list items or a smaller records maxItems",
            _records_loc(worst),
        )
    if slots > MAX_TEXT_SLOTS:
        worst = max(costs, key=lambda c: c.text_slots)
        if not anchored_supported(spec) and worst.text_slots * 2 < slots:
            # Many parts share the cost: the records they repeat in are the cause.
            per_record = slots // spec.max_records
            worst = Cost(
                f"the {per_record} text fields of each of maxItems {spec.max_records} records",
                (*_RECORDS, "maxItems"),
                0,
                slots,
            )
        return (
            f"inline schema: its answer grammar would hold free text in {slots} places, "
            f"{worst.text_slots} of them for {worst.name}; the limit is {MAX_TEXT_SLOTS} "
            "(each costs a worker memory for the whole vocabulary): use fewer text fields, "
            "fewer list items or a smaller records maxItems",
            _records_loc(worst),
        )
    return None


def _records_loc(cost: Cost) -> tuple[str | int, ...]:
    """Where to point: the records' ``maxItems`` when repeating records is the cost."""
    return (*_RECORDS, "maxItems") if "records)" in cost.name else cost.loc


# --- the prompt -------------------------------------------------------------------------


@dataclass(frozen=True)
class _Context:
    engine: str
    tokens: int
    count: Callable[[str], int]
    setting: str


def _contexts(settings: Settings) -> list[_Context]:
    """The context window of each engine a job may run on, and how to count for it."""
    from molextract.engines.factory import engine_chain

    contexts = []
    for name in engine_chain(settings):
        if name in _LOCAL_ENGINES:
            count = _local_counter(settings) if name == "local" else estimate_tokens
            contexts.append(
                _Context(name, settings.local_context, count, "MOLEXTRACT_LOCAL_CONTEXT")
            )
        else:
            contexts.append(
                _Context(
                    name,
                    settings.remote_context_tokens,
                    estimate_tokens,
                    "MOLEXTRACT_REMOTE_CONTEXT_TOKENS",
                )
            )
    return contexts


def _local_counter(settings: Settings) -> Callable[[str], int]:
    """The embedded model's own tokenizer, or the estimate where its file is not here
    (an API machine whose workers run elsewhere)."""
    from molextract.engines.weights import resolve_model
    from molextract.errors import MolextractError

    try:
        path = resolve_model(settings.local_model, settings.models_dir)
    except MolextractError:
        return estimate_tokens
    return _tokenizer(path)


@lru_cache(maxsize=4)
def _tokenizer(path: Path) -> Callable[[str], int]:
    """Count tokens with the model's vocabulary alone (no weights: megabytes, a second)."""
    try:
        from llama_cpp import Llama

        vocab = Llama(model_path=str(path), vocab_only=True, verbose=False)
    except (ImportError, ValueError, RuntimeError):
        return estimate_tokens

    def count(text: str) -> int:
        return len(vocab.tokenize(text.encode("utf-8"), add_bos=False, special=False))

    return count


def _fixed_prompt(spec: SchemaSpec) -> Prompt:
    """Everything of a prompt but the chunk: the same for every chunk of the schema."""
    if anchored_supported(spec):
        return association.build_prompt(spec, "", "")
    return build_prompt(spec, "")


def _prompt_parts(spec: SchemaSpec) -> list[tuple[str, tuple[str | int, ...], str]]:
    """The parts of the prompt a schema's author wrote, to name the largest."""
    parts: list[tuple[str, tuple[str | int, ...], str]] = [
        ("the instructions", ("body", "schema", "x-molextract", "instructions"), spec.instructions),
        (
            "the examples",
            ("body", "schema", "x-molextract", "examples"),
            "\n".join(e.text + e.answer_json() for e in spec.examples),
        ),
        (
            "the property names and descriptions",
            (*_FIELDS, "property"),
            "\n".join(f"{p.name}: {p.description}" for p in spec.properties),
        ),
    ]
    if not anchored_supported(spec):
        units = [u for p in spec.properties for u in p.units if u is not None]
        parts.append(("the units", (*_FIELDS, "unit"), ", ".join(units)))
    parts += [
        (f"field {f.name!r}", (*_FIELDS, f.name), f"{f.description} {' '.join(f.choices)}")
        for f in spec.fields
    ]
    return parts


def _prompt_tokens(prompt: Prompt, count: Callable[[str], int]) -> int:
    return sum(count(str(m["content"])) + MESSAGE_OVERHEAD for m in prompt)


def _prompt_verdict(spec: SchemaSpec, settings: Settings) -> Verdict:
    anchored = anchored_supported(spec)
    answer = settings.max_new_tokens
    if anchored:
        answer = min(association.answer_tokens(spec), answer)
    prompt = list(_fixed_prompt(spec))
    for context in _contexts(settings):
        fixed = _prompt_tokens(prompt, context.count)
        needed = fixed + settings.chunk_tokens + answer + (QUESTION_TOKENS if anchored else 0)
        if needed <= context.tokens:
            continue
        name, loc, text = max(_prompt_parts(spec), key=lambda p: context.count(p[2]))
        return (
            f"inline schema: its prompt is {fixed:,} tokens before the text ({name}: "
            f"{context.count(text):,}); with a {settings.chunk_tokens}-token chunk and a "
            f"{answer}-token answer that is {needed:,} tokens, over the {context.engine} "
            f"engine's context of {context.tokens:,} ({context.setting}): shorten {name}",
            loc,
        )
    return None
