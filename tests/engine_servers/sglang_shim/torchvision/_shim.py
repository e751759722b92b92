"""TEST-ONLY helpers of the ``torchvision`` stand-in (see ``torchvision/__init__.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

MESSAGE = (
    "{name} is not available: this torchvision is molextract's test-only stand-in "
    "(tests/engine_servers/sglang_shim), which serves text models only"
)


def unavailable(name: str) -> Callable[..., NoReturn]:
    """A stub for a torchvision function that raises when called."""

    def stub(*_args: Any, **_kwargs: Any) -> NoReturn:
        raise NotImplementedError(MESSAGE.format(name=name))

    stub.__name__ = name.rsplit(".", 1)[-1]
    stub.__qualname__ = stub.__name__
    return stub


def missing_attribute(module: str) -> Callable[[str], NoReturn]:
    """A module ``__getattr__`` that says which name the stand-in lacks."""

    def __getattr__(name: str) -> NoReturn:
        raise AttributeError(MESSAGE.format(name=f"{module}.{name}"))

    return __getattr__
