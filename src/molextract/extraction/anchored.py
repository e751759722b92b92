"""Candidate-anchored extraction: code finds the values, the model says what and whose.

For each document: find the candidates (``candidates.py``), group the ones that
survive code's rules by chunk, ask the model one question per candidate
(``association.py``), and build each record from the finder's quantity (value, unit,
range, qualifier, offsets) and the sentence around it (the evidence, exact by
construction). A chunk without a candidate costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from molextract.chem import is_plausible, to_si
from molextract.engines.base import Engine, Generation, Prompt
from molextract.extraction import association, engine_calls
from molextract.extraction.candidates import Candidate, dimension, find_candidates
from molextract.extraction.chunking import Chunk, sentence_spans
from molextract.extraction.compound_markers import CompoundMention, find_mentions
from molextract.extraction.fields import settle_fields
from molextract.extraction.label_table import LabelTable
from molextract.extraction.whose import YIELD, Site, decided_without_model
from molextract.ingest.document import Document
from molextract.schemas.records import (
    Checks,
    Compound,
    DocumentError,
    EngineInfo,
    Evidence,
    Record,
    Status,
)
from molextract.schemas.spec import SchemaSpec


@dataclass
class Question:
    """One candidate of one chunk on its way through the engine."""

    doc: int
    chunk: Chunk
    number: int
    candidate: Candidate
    prompt: Prompt
    #: The compound mentions marked in the prompt, by letter.
    mentions: tuple[CompoundMention, ...] = ()
    generation: Generation | None = None
    answer: association.Answer | None = None
    problem: DocumentError | None = None
    usage: list[Generation] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class ChunkPlan:
    """The candidates of one chunk that go to the model (empty: the chunk is skipped)."""

    chunk: Chunk
    candidates: list[Candidate]


def plan_chunks(text: str, chunks: Sequence[Chunk], schema: SchemaSpec) -> list[ChunkPlan]:
    """Each unblocked candidate in the one chunk that holds its whole sentence.

    Overlapping chunks share sentences; a candidate goes to the first chunk that holds
    its evidence sentence whole (else the first that holds the value), so it is asked
    about once.
    """
    plans = [ChunkPlan(c, []) for c in chunks]
    for candidate in find_candidates(text, schema):
        if candidate.blocked is not None:
            continue
        q = candidate.quantity
        holders = [p for p in plans if p.chunk.start <= q.start and q.end <= p.chunk.end]
        whole = [
            p
            for p in holders
            if p.chunk.start <= candidate.sentence[0] and candidate.sentence[1] <= p.chunk.end
        ]
        target = (whole or holders or plans)[0]
        target.candidates.append(candidate)
    return plans


def questions_for(
    doc: int, plan: ChunkPlan, text: str, schema: SchemaSpec, table: LabelTable
) -> list[Question]:
    """One prompt per candidate; all of a chunk's prompts share the marked context."""
    spans = context_spans(text, plan)
    values = [(c.quantity.start, c.quantity.end) for c in plan.candidates]
    products_only = schema.property_names == (YIELD,)
    mentions = find_mentions(text, spans, table, values, products_only=products_only)
    marked = association.mark_context(text, spans, plan.candidates, mentions)
    out = []
    for number, candidate in enumerate(plan.candidates, start=1):
        ask = association.question(number, candidate, text)
        prompt = association.build_prompt(schema, marked, ask)
        out.append(Question(doc, plan.chunk, number, candidate, prompt, tuple(mentions)))
    return out


def settled(
    plan: ChunkPlan, site_of: Callable[[Candidate], Site], schema: SchemaSpec
) -> tuple[ChunkPlan, list[Candidate]]:
    """The plan without the candidates the text settles alone, and those candidates.

    A value whose property the text names outright (``mp 121 °C``, ``(1.2 g, 70%)``)
    and whose compound a form of the writing gives needs nothing of the model; a
    schema with fields of its own always asks, since only the model fills them.
    """
    if schema.fields:
        return plan, []
    asked: list[Candidate] = []
    done: list[Candidate] = []
    for candidate in plan.candidates:
        if decided_without_model(site_of(candidate), candidate.decisive_property):
            done.append(candidate)
        else:
            asked.append(candidate)
    return ChunkPlan(plan.chunk, asked), done


def settled_record(
    doc: int,
    chunk: Chunk,
    candidate: Candidate,
    document: Document,
    schema: SchemaSpec,
    engine: EngineInfo,
) -> Record | None:
    """The record of a candidate the text settles alone (``settled``)."""
    question = Question(doc, chunk, 0, candidate, [])
    question.answer = association.Answer(property=None, compound=None, conditions=None)
    return record_of(question, document, schema, engine)


def context_spans(text: str, plan: ChunkPlan) -> list[tuple[int, int]]:
    """What the model reads of a chunk: each candidate's sentence and the one before it.

    The sentence before usually names the compound (a heading such as
    ``3-Bromo-4-methoxybenzaldehyde (12b).``, or the sentence a "which melts at" refers
    to); the rest of a chunk only costs prompt tokens, which on a CPU are the larger
    share of the model's time.
    """
    chunk = plan.chunk
    sentences = [(chunk.start + a, chunk.start + b) for a, b in sentence_spans(chunk.text)]
    wanted: set[int] = set()
    for candidate in plan.candidates:
        for i, (start, end) in enumerate(sentences):
            if start <= candidate.quantity.start < end:
                wanted.update({i - 1, i} if i > 0 else {i})
                break
    spans: list[tuple[int, int]] = []
    for i in sorted(wanted):
        start, end = sentences[i]
        if spans and spans[-1][1] == start:
            spans[-1] = (spans[-1][0], end)
        else:
            spans.append((start, end))
    return spans


async def ask(engine: Engine, questions: list[Question], schema: SchemaSpec, budget: int) -> None:
    """Put ``questions`` to ``engine``, one batch per answer grammar (a value whose
    property the text settles is asked under a grammar that allows only that property,
    and not asked at all when no compound is marked); answers and problems land on
    them."""
    groups: dict[str | None, list[Question]] = {}
    for question in questions:
        settled_as = question.candidate.decisive_property
        if settled_as is not None and not question.mentions and not schema.fields:
            # the text settles the property and marks no compound: the only answer the
            # grammar leaves is "this property, no compound", so no call is made for it
            question.answer = association.Answer(
                property=settled_as, compound=None, conditions=None
            )
            continue
        groups.setdefault(settled_as, []).append(question)
    for settled_as, group in groups.items():
        outcomes = await engine_calls.generate_parsed(
            engine,
            [q.prompt for q in group],
            [q.chunk.index for q in group],
            association.answer_json_schema(schema, settled_as),
            budget,
            partial(association.parse_answer, schema, settled=settled_as),
        )
        for question, outcome in zip(group, outcomes, strict=True):
            if outcome.generation is not None:
                question.usage.append(outcome.generation)
                question.generation = outcome.generation
            question.problem, question.answer = outcome.problem, outcome.parsed


def settled_property(candidate: Candidate, said: str | None) -> str | None:
    """The property a record gets: the text's when it names the value outright (``mp
    121 °C`` is a melting point whatever the model answers, ``none`` included), the
    nearest cue's when the model picked a property no word near the value names, else
    the model's."""
    if candidate.decisive:
        return candidate.cues[0]
    if said is None or said not in candidate.properties:
        return None
    if candidate.cues and said not in candidate.cues:
        return candidate.cues[0]
    return said


@dataclass(frozen=True, slots=True)
class Measured:
    """A value found by code, in SI, with what its checks say: shared by every record
    whose value code found (in a sentence or in a table cell)."""

    value_si: float | None
    unit_si: str | None
    plausible: bool | None
    failed: tuple[str, ...]

    @property
    def checks(self) -> Checks:
        return Checks(
            structure="absent",
            grounded=True,
            value_in_quote=True,
            plausible=self.plausible,
            formula_consistent=None,
        )


def measure(prop: str, value: float | None, unit: str | None) -> Measured:
    value_si = unit_si = None
    plausible = None
    if value is not None:
        converted = to_si(value, unit)
        if converted is not None:
            value_si, unit_si = converted
            plausible = is_plausible(prop, value_si, unit_si)
    failed = [] if plausible is not False else ["implausible"]
    if unit is not None and unit_si is None:
        failed.append("unit_unknown")
    return Measured(value_si, unit_si, plausible, tuple(failed))


def record_of(
    question: Question, doc: Document, schema: SchemaSpec, engine: EngineInfo
) -> Record | None:
    """The record a positive answer makes, or None (``none``, or a property the unit can't be)."""
    answer = question.answer
    candidate = question.candidate
    if answer is None:
        return None
    prop = settled_property(candidate, answer.property)
    if prop is None:
        return None
    q = candidate.quantity
    chosen = next((m for m in question.mentions if m.letter == answer.compound), None)
    unit = q.unit if dimension(q.unit) != "dimensionless" else None
    measured = measure(prop, q.value, unit)
    value_si, unit_si, failed = measured.value_si, measured.unit_si, list(measured.failed)
    start, end = candidate.sentence
    chunk = question.chunk
    own, unstated = settle_fields(schema, answer.fields, doc.text, (chunk.start, chunk.end))
    failed += unstated
    status: Status = "flagged" if failed else "accepted"
    conditions = answer.conditions or candidate.pressure
    return Record(
        doc_id=doc.id,
        schema_name=schema.name,
        compound=Compound(
            name=None if chosen is None else doc.text[chosen.start : chosen.end],
            start=None if chosen is None else chosen.start,
            end=None if chosen is None else chosen.end,
            source=None if chosen is None else "model",
        ),
        property=prop,
        value=q.value,
        value_low=q.low,
        value_high=q.high,
        qualifier=q.qualifier,
        unit=unit,
        value_si=value_si,
        unit_si=unit_si,
        conditions=conditions,
        evidence=Evidence(
            quote=doc.text[start:end],
            start=start,
            end=end,
            match="exact",
            value_start=q.start,
            value_end=q.end,
        ),
        checks=measured.checks,
        status=status,
        failed_checks=failed,
        engine=engine,
        extraction="anchored",
        fields=own,
    )
