"""Fake engines, used only to inject engine outages a real model cannot have on demand.

Product code has no way to select them. The pipeline tests pass one in directly; the
worker tests install one by replacing ``molextract.workers.tasks.engine_factory``,
either in the test process or, through ``workers_launcher.py --inject-engine-outage``,
in a worker process before it starts. Every other test talks to a real engine.

:class:`FaultInjectingEngine` fails every batch that contains :data:`OUTAGE_MARKER`
(as a model server that is down would fail it) and answers "no records" for every
other prompt, instantly; :class:`OutageInjectingEngine` is the same engine down for
every prompt.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from molextract.config import Settings
from molextract.engines.base import Engine, Generation, Prompt
from molextract.errors import EngineUnavailableError

OUTAGE_MARKER = "ENGINE-OUTAGE-MARKER"

#: When set, each ``generate`` call appends one line to this file, so a test can
#: count calls made in another process.
CALL_LOG_ENV = "WORKERS_TEST_ENGINE_CALL_LOG"


class FaultInjectingEngine:
    """Fails batches that mention :data:`OUTAGE_MARKER`; answers "nothing here" otherwise.

    The marker must stand in the sentence of a stated value: only those sentences
    reach an engine.
    """

    def __init__(self, call_log: Path | None = None, *, always_down: bool = False) -> None:
        self.call_log = call_log
        self.always_down = always_down
        self.calls: list[list[str]] = []

    @property
    def name(self) -> str:
        return "fault-injection"

    @property
    def model(self) -> str:
        return "none"

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
        nothing = (
            '{"records": []}'
            if "records" in json_schema.get("properties", {})
            else '{"property": "none", "compound": null, "conditions": null}'
        )
        return [Generation(nothing, 1, 1, "stop", 0.0) for _ in prompts]

    def count_tokens(self, text: str) -> int:
        return len(text.split())


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
