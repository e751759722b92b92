"""The package's shape: no import cycle, and the lower layers never import the upper.

The graph is read from the source with ``ast``, so imports made inside functions
(the lazy ones that keep ``molextract --help`` fast) and under ``TYPE_CHECKING``
count as much as those at the top: a cycle hidden in a function is still a cycle.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

SRC = Path(__file__).parents[1] / "src"
PACKAGE = "molextract"

#: Packages from the bottom up, as the README's layout lists them from the top
#: down; a package may import only from its own layer and those below it.
LAYERS: list[set[str]] = [
    {"config", "errors", "jobs", "_itertools"},
    {"chem"},
    {"schemas"},
    {"ingest"},
    {"engines"},
    {"extraction"},
    {"_library"},
    {"evaluation"},
    {"results"},
    {"runs"},
    {"store"},
    {"workers"},
    {"api"},
    {"cli"},
]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {
        _module_name(path): path
        for path in SRC.joinpath(PACKAGE).rglob("*.py")
        if "migrations" not in path.parts
    }


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """Modules of the package that ``name`` imports (a ``from x import y`` of a
    submodule counts as importing the submodule)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in known else base)
    return {module for module in found if module in known and module != name}


@cache
def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle in ``graph`` (as the path that closes it), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return [*stack[stack.index(target) :], target]
            if target not in state and (found := visit(target)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def _layer(module: str) -> int:
    top = module.split(".")[1] if "." in module else ""
    for index, layer in enumerate(LAYERS):
        if top in layer:
            return index
    raise AssertionError(f"{module} is in no layer: add its package to LAYERS")


def test_the_reader_sees_every_kind_of_import(tmp_path: Path) -> None:
    """Guards the tests below: lazy, relative and ``from package import module``."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    source = package / "a.py"
    source.write_text(
        "from pkg import b\n"
        "from . import c\n"
        "from .d import thing\n"
        "def lazy():\n"
        "    import pkg.e\n"
        "if False:\n"
        "    from pkg.f import g\n"
    )
    known = {"pkg", "pkg.a", "pkg.b", "pkg.c", "pkg.d", "pkg.e", "pkg.f"}
    assert _imports("pkg.a", source, known) == {"pkg.b", "pkg.c", "pkg.d", "pkg.e", "pkg.f"}


def test_no_import_cycle_inside_the_package() -> None:
    cycle = _cycle(_graph())
    assert cycle is None, " -> ".join(cycle or [])


def test_the_cycle_finder_finds_one() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize("module", sorted(_modules()))
def test_a_module_imports_only_its_layer_and_below(module: str) -> None:
    if module == PACKAGE:
        return  # the public API re-exports from every layer
    upward = {
        target
        for target in _graph()[module]
        if target != PACKAGE and _layer(target) > _layer(module)
    }
    assert not upward, f"{module} imports from a higher layer: {sorted(upward)}"
