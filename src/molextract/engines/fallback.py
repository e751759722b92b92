"""The fallback chain: try engines in order, batch by batch, prompt by prompt.

For each batch the first engine whose circuit is closed gets every prompt; the
prompts it could not serve (unreachable, timeout, 5xx, a schema it cannot compile,
or output that still fails the schema after one retry) go to the next engine, and
so on. Each generation says which engine served it and which one it fell back
from, and the pipeline puts that in every record. When every engine refused a
prompt for good (:class:`PermanentEngineError`: it does not fit any model's
context), the batch fails with that error rather than as an outage, so nobody
retries it.

A circuit breaker per engine stops a dead server from costing a timeout on every
batch: after ``failures`` batches in a row where it served nothing, it is skipped
for ``cooldown`` seconds, then one batch is let through as a probe. The cooldown
doubles while probes keep failing (up to ``max_cooldown``).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import jsonschema

from molextract.engines.base import Engine, Generation, Prompt
from molextract.errors import EngineError, EngineUnavailableError, PermanentEngineError

logger = logging.getLogger(__name__)


@dataclass
class CircuitBreaker:
    """Closed (use it), open (skip it until ``retry_at``), or half-open (one probe)."""

    failures: int = 3
    cooldown: float = 30.0
    max_cooldown: float = 600.0
    clock: Callable[[], float] = time.monotonic
    consecutive: int = 0
    opened: int = 0
    retry_at: float = 0.0

    @property
    def state(self) -> str:
        if self.consecutive < self.failures:
            return "closed"
        return "half-open" if self.clock() >= self.retry_at else "open"

    def allows(self) -> bool:
        return self.state != "open"

    def succeeded(self) -> None:
        self.consecutive = 0
        self.opened = 0

    def failed(self) -> None:
        self.consecutive += 1
        if self.consecutive >= self.failures:
            delay = min(self.max_cooldown, self.cooldown * 2**self.opened)
            self.opened += 1
            self.retry_at = self.clock() + delay


@dataclass
class _Slot:
    index: int
    prompt: Prompt
    errors: list[str] = field(default_factory=list)
    result: Generation | None = None
    #: The refusals it met, and whether any failure was one that may pass.
    refusals: list[PermanentEngineError] = field(default_factory=list)
    transient: bool = False


def _fits(generation: Generation, validator: Any) -> bool:
    """Whether a finished generation is JSON that fits the schema (a cut-off one is kept:
    the pipeline retries those with a larger budget)."""
    if generation.finish_reason == "length":
        return True
    try:
        return bool(validator.is_valid(json.loads(generation.text)))
    except ValueError:
        return False


async def _each(
    engine: Engine, prompts: Sequence[Prompt], json_schema: dict[str, Any], max_tokens: int
) -> list[Generation | EngineError]:
    generate_each = getattr(engine, "generate_each", None)
    if generate_each is not None:
        outcomes: list[Generation | EngineError] = await generate_each(
            prompts, json_schema, max_tokens=max_tokens
        )
        return outcomes
    try:
        generations = await engine.generate(prompts, json_schema, max_tokens=max_tokens)
    except EngineError as exc:
        return [exc for _ in prompts]
    return list(generations)


class FallbackEngine:
    """Engines tried in order for each prompt; see the module docstring."""

    def __init__(
        self,
        engines: Sequence[Engine],
        *,
        failures: int = 3,
        cooldown: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not engines:
            raise ValueError("a fallback chain needs at least one engine")
        self.engines = list(engines)
        self.breakers = {
            e.name: CircuitBreaker(failures=failures, cooldown=cooldown, clock=clock)
            for e in self.engines
        }
        self.name = ",".join(e.name for e in self.engines)

    @property
    def model(self) -> str:
        return self.engines[0].model

    def count_tokens(self, text: str) -> int:
        # The primary engine sizes the chunks: asking a local fallback would load its
        # model on every machine, even where it never generates.
        return self.engines[0].count_tokens(text)

    async def generate(
        self, prompts: Sequence[Prompt], json_schema: dict[str, Any], *, max_tokens: int
    ) -> list[Generation]:
        validator = jsonschema.Draft202012Validator(json_schema)
        slots = [_Slot(i, p) for i, p in enumerate(prompts)]
        primary = self.engines[0].name
        for engine in self.engines:
            pending = [s for s in slots if s.result is None]
            if not pending:
                break
            breaker = self.breakers[engine.name]
            if not breaker.allows():
                for slot in pending:
                    slot.errors.append(f"{engine.name}: skipped (circuit open after failures)")
                    slot.transient = True
                continue
            served, unreachable = await self._try(
                engine, pending, json_schema, max_tokens, validator
            )
            if served:
                breaker.succeeded()
            elif unreachable:
                breaker.failed()
                if not breaker.allows():
                    logger.warning(
                        "engine %s failed %d batches in a row; skipping it for a while",
                        engine.name,
                        breaker.consecutive,
                    )
            if engine.name != primary:
                for slot in pending:
                    if slot.result is not None:
                        slot.result = replace(slot.result, fallback_from=primary)
        failed = [s for s in slots if s.result is None]
        if failed:
            message = "no engine could serve the batch: " + "; ".join(failed[0].errors)
            if all(s.refusals and not s.transient for s in failed):
                raise type(failed[0].refusals[0])(message)
            raise EngineUnavailableError(message)
        return [s.result for s in slots if s.result is not None]

    async def _try(
        self,
        engine: Engine,
        slots: list[_Slot],
        json_schema: dict[str, Any],
        max_tokens: int,
        validator: Any,
    ) -> tuple[int, int]:
        """Give ``slots`` to ``engine`` (invalid output once more).

        Returns how many it served and how many it could not even answer (the
        failures that count towards its circuit breaker; a schema it cannot compile
        or bad output are about this batch, not the engine's health).
        """
        served = unreachable = 0
        todo = slots
        for attempt in (1, 2):
            outcomes = await _each(engine, [s.prompt for s in todo], json_schema, max_tokens)
            retry: list[_Slot] = []
            for slot, outcome in zip(todo, outcomes, strict=True):
                if isinstance(outcome, EngineError):
                    slot.errors.append(str(outcome))
                    unreachable += isinstance(outcome, EngineUnavailableError)
                    if isinstance(outcome, PermanentEngineError):
                        slot.refusals.append(outcome)
                    else:
                        slot.transient = True
                    continue
                if not _fits(outcome, validator):
                    slot.errors.append(f"{engine.name}: output does not fit the schema")
                    slot.transient = True
                    retry.append(slot)
                    continue
                slot.result = replace(
                    outcome,
                    engine=outcome.engine or engine.name,
                    model=outcome.model or engine.model,
                )
                served += 1
            if not retry or attempt == 2:
                break
            todo = retry
        return served, unreachable
