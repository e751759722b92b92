"""Fake engines, for what a real model cannot do on demand: fail, break, or answer at once.

Product code has no way to select them. The pipeline tests pass one in directly; the
worker tests install one by replacing ``molextract.workers.tasks.engine_factory``,
either in the test process or, through ``workers_launcher.py --inject-engine-outage``,
in a worker process before it starts. Every other test talks to a real engine.

:class:`FaultInjectingEngine` fails every batch that contains :data:`OUTAGE_MARKER`
(as a model server that is down would fail it) and answers "no records" for every
other prompt, instantly; :class:`OutageInjectingEngine` is the same engine down for
every prompt. :class:`ExampleAnsweringEngine` answers at once with an answer that fits
the grammar, and :class:`BrokenEngine` has a bug (it raises what no engine may).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from molextract.config import Settings
from molextract.engines.base import Engine, Generation, Prompt
from molextract.errors import EngineUnavailableError
from molextract.schemas import get_schema

OUTAGE_MARKER = "ENGINE-OUTAGE-MARKER"

#: When set, each ``generate`` call appends one line to this file, so a test can
#: count calls made in another process.
CALL_LOG_ENV = "WORKERS_TEST_ENGINE_CALL_LOG"


class FakeEngine:
    """What every fake shares: a name, no model, and a word count for tokens."""

    engine_name = "fake"

    @property
    def name(self) -> str:
        return self.engine_name

    @property
    def model(self) -> str:
        return "none"

    def count_tokens(self, text: str) -> int:
        return len(text.split())


class FaultInjectingEngine(FakeEngine):
    """Fails batches that mention :data:`OUTAGE_MARKER`; answers "nothing here" otherwise.

    The marker must stand in the sentence of a stated value: only those sentences
    reach an engine.
    """

    def __init__(self, call_log: Path | None = None, *, always_down: bool = False) -> None:
        self.call_log = call_log
        self.always_down = always_down
        self.calls: list[list[str]] = []

    engine_name = "fault-injection"

    async def generate(
        self, prompts: Sequence[Prompt], json_schema: dict[str, Any], *, max_tokens: int
    ) -> list[Generation]:
        texts = [prompt[-1]["content"] for prompt in prompts]
        self.calls.append(texts)
        outage = self.always_down or any(OUTAGE_MARKER in text for text in texts)
        if self.call_log is not None:
            with self.call_log.open("a") as log:
                log.write(("outage " if outage else "ok ") + " | ".join(texts) + "\n")
        if outage:
            raise EngineUnavailableError("injected outage: connection refused")
        return [Generation(_nothing(json_schema), 1, 1, "stop", 0.0) for _ in prompts]


def _nothing(json_schema: dict[str, Any]) -> str:
    """The answer that says least under ``json_schema``: no records; or "none", where a
    value's property is not settled by the text (a settled one allows only itself)."""
    properties = json_schema.get("properties", {})
    if "records" in properties:
        return '{"records": []}'
    choices = properties["property"].get("enum", ["none"])
    said = "none" if "none" in choices else choices[0]
    return json.dumps({"property": said, "compound": None, "conditions": None})


def install(call_log: Path | None = None) -> FaultInjectingEngine:
    """Make the workers of this process use one shared :class:`FaultInjectingEngine`."""
    from molextract.workers import tasks

    engine = FaultInjectingEngine(call_log)

    def factory(settings: Settings) -> Engine:
        return engine

    tasks.engine_factory = factory
    return engine


def install_from_environment() -> FaultInjectingEngine:
    log = os.environ.get(CALL_LOG_ENV)
    return install(Path(log) if log else None)


class OutageInjectingEngine(FaultInjectingEngine):
    """An engine that is down: every call fails as a refused connection would."""

    def __init__(self) -> None:
        super().__init__(always_down=True)


class ExampleAnsweringEngine(FakeEngine):
    """A fake that answers every prompt with a fixed answer that fits the grammar it gets.

    For a whole-record grammar it is the melting_point schema's few-shot answer (valid,
    not grounded, so kept as a flagged record); for a candidate question it names the
    grammar's first property and no compound. Enough to see that records are stored, once.
    """

    def __init__(self) -> None:
        self.records_answer = get_schema("melting_point").examples[0].answer_json()
        self.prompts = 0

    def _answer(self, json_schema: dict[str, Any]) -> str:
        if "records" in json_schema.get("properties", {}):
            return self.records_answer
        first = json_schema["properties"]["property"]["enum"][0]
        return json.dumps({"property": first, "compound": None, "conditions": None})

    engine_name = "example-answers"

    async def generate(
        self, prompts: Sequence[Prompt], json_schema: dict[str, Any], *, max_tokens: int
    ) -> list[Generation]:
        self.prompts += len(prompts)
        return [Generation(self._answer(json_schema), 1, 1, "stop", 0.0) for _ in prompts]


class BrokenEngine(ExampleAnsweringEngine):
    """A fake with a bug: it raises something that is not an ``EngineError``."""

    async def generate(
        self, prompts: Sequence[Prompt], json_schema: dict[str, Any], *, max_tokens: int
    ) -> list[Generation]:
        raise RuntimeError("bug in the engine")
