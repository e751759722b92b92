"""``batched`` for Python 3.11 (``itertools.batched`` arrived in 3.12)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice
from typing import TypeVar

T = TypeVar("T")


def batched(items: Iterable[T], size: int) -> Iterator[tuple[T, ...]]:
    """``items`` in consecutive tuples of at most ``size``, lazily: one batch in memory."""
    if size < 1:
        raise ValueError("size must be at least one")
    iterator = iter(items)
    while batch := tuple(islice(iterator, size)):
        yield batch
