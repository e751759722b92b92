"""The unit of work that flows from readers to the pipeline."""

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Document:
    """One text to extract from: ``id`` is unique within a run, ``text`` is never empty."""

    id: str
    text: str
    metadata: dict[str, Any] = field(default_factory=dict)
