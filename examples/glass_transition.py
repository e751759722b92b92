"""A schema of your own, written in Python: glass transitions with how they were measured.

Use it from Python (``schema=GlassTransition``), on the command line
(``molextract run papers.jsonl --schema examples/glass_transition.py:GlassTransition``)
or through the job API (``molextract.schema_document(GlassTransition)`` as the job's
``schema``); docs/python.md walks through it.
"""

from typing import Annotated, Literal

from pydantic import Field

from molextract import Measurement, Units


class GlassTransition(Measurement):
    """Glass transition temperatures of polymers, with how they were measured."""

    property: Literal["glass_transition"]
    unit: Literal["°C", "K"]

    method: Literal["DSC", "DMA"] | None = Field(
        default=None, description="The technique that measured it"
    )
    heating_rate: Annotated[float | None, Units("K/min", "°C/min")] = Field(
        default=None, description="The heating or scan rate of the measurement"
    )
    second_heating: bool | None = Field(
        default=None, description="Whether the value is from a second heating run"
    )
    atmosphere: str | None = Field(
        default=None, description="The gas the sample was measured under"
    )
