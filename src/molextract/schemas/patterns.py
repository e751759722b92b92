"""A field's ``pattern``: matched by RE2, and copied into the grammar where it fits.

A tenant's pattern is matched against what a model writes and against the schema's
examples, inside the API and the workers. Python's ``re`` backtracks, so a pattern
such as ``^(a+)+$`` could hold a process for hours on one value; RE2 matches in time
linear in the value and within a bounded memory per pattern. Its syntax is close to
JSON Schema's (ECMA-262: ``\\d`` and ``\\w`` are ASCII, ``$`` ends the text) and has no
lookaround or back-references: what RE2 refuses is refused, with RE2's reason.

A grammar engine compiles a pattern into a deterministic automaton with an index over
the vocabulary per state, which a small pattern can make huge, and a ``.`` or ``[^…]``
would let the model write a bare ``"``. No library bounds that automaton's size, so the
grammar's copy of a pattern is written here from Python's parse of it (only where
Python reads it as RE2 does) and its states are counted, stopping at a small bound.
"""

from __future__ import annotations

import importlib
import re
import warnings
from functools import lru_cache
from typing import Any

import re2

MAX_PATTERN_LENGTH = 256
#: RE2's memory for one pattern (its program and its automaton's cache): 1 MiB.
MAX_PATTERN_MEMORY = 1 << 20
#: States of a pattern the grammar may carry, once made deterministic: each costs an
#: index over the whole vocabulary (a maxLength-1000 string, ~1000 states, took 1.75 GB).
MAX_GRAMMAR_PATTERN_STATES = 32
_MAX_COPY_STATES = 500  # a copy needing a larger automaton to count is not made
#: Every character a grammar's copy can match: printable ASCII but ``"`` and ``\``.
_REPRESENTATIVES = [chr(c) for c in range(0x20, 0x7F) if chr(c) not in '"\\']

_OPTIONS = re2.Options()
_OPTIONS.max_mem = MAX_PATTERN_MEMORY
_OPTIONS.never_capture = True  # a match is yes or no: no groups to find
_OPTIONS.log_errors = False
#: ECMA-262's ``\uXXXX``, which RE2 writes ``\x{XXXX}`` (an escaped backslash is skipped).
_ECMA_ESCAPE = re.compile(r"\\(?:u([0-9A-Fa-f]{4})|.)", re.DOTALL)
_PARSER: Any = importlib.import_module("re._parser")
_MAXREPEAT: int = _PARSER.MAXREPEAT
_SEMANTIC_FLAGS = re.IGNORECASE | re.MULTILINE | re.DOTALL | re.ASCII | re.LOCALE
_STARTS = ("AT_BEGINNING", "AT_BEGINNING_STRING")
_ENDS = ("AT_END", "AT_END_STRING")
#: Python reads ``a{,5}`` as a repeat (RE2: text) and ``[a[:alpha:]]`` as characters
#: (RE2: a class): a pattern with these is given no copy, lest the two disagree.
_READ_APART = ("{,", "[:")
#: Classes a copy may carry, as RE2 (and ECMA-262) reads them: ASCII.
_CLASSES = {"CATEGORY_DIGIT": "0-9", "CATEGORY_WORD": "0-9A-Za-z\\x5F"}


class PatternError(ValueError):
    """Why a pattern is refused, in words for the schema's author."""


class Pattern:
    """A checked pattern, and its grammar copy when it fits in a grammar."""

    def __init__(self, source: str, regex: Any, grammar: tuple[str, int] | None) -> None:
        self.source = source
        self._regex = regex
        self.grammar = grammar[0] if grammar else None
        #: The states a grammar engine compiles the grammar copy into (0 when there is none).
        self.grammar_states = grammar[1] if grammar else 0

    def search(self, value: str) -> bool:
        """Whether ``value`` matches as JSON Schema says: anywhere, unless anchored."""
        # As bytes: JSON allows a lone surrogate ("\ud800"), which UTF-8 cannot encode.
        return self._regex.search(value.encode("utf-8", "surrogatepass")) is not None


@lru_cache(maxsize=64)
def compile_pattern(source: str) -> Pattern:
    """Check ``source`` and compile it; :class:`PatternError` says why not."""
    if len(source) > MAX_PATTERN_LENGTH:
        raise PatternError(f"is {len(source)} characters long; at most {MAX_PATTERN_LENGTH}")
    try:
        ecma = _ECMA_ESCAPE.sub(lambda m: f"\\x{{{m[1]}}}" if m[1] else m[0], source)
        regex = re2.compile(ecma, _OPTIONS)
    except UnicodeEncodeError as exc:
        raise PatternError("is not valid Unicode (it holds a lone surrogate)") from exc
    except re2.error as exc:
        why = exc.args[0] if exc.args else ""
        why = why.decode(errors="replace") if isinstance(why, bytes) else str(why)
        raise PatternError(
            "is refused by RE2, the linear-time matcher "
            f"(it has no lookaround, back-references or atomic groups): {why}"
        ) from exc
    return Pattern(source, regex, _grammar_copy(source))


def _grammar_copy(source: str) -> tuple[str, int] | None:
    """The pattern written for a grammar, with its deterministic automaton's states.

    None unless the pattern is anchored (a search would become a whole-string match),
    matches only characters JSON writes as themselves, and its automaton has at most
    :data:`MAX_GRAMMAR_PATTERN_STATES` states (``^[ab]*a[ab]{20}$``: two million).
    """
    if any(apart in source for apart in _READ_APART):
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # "possible nested set": read apart too
            tree = _PARSER.parse(source)
    except (re.error, RecursionError, OverflowError, Warning):
        return None
    items = list(tree)
    if tree.state.flags & _SEMANTIC_FLAGS or len(items) < 2:
        return None
    if _at(items[0]) not in _STARTS or _at(items[-1]) not in _ENDS:
        return None
    body = items[1:-1]
    written = _grammar(body)
    if written is None:
        return None
    states = _Automaton(body).deterministic_states()
    return None if states is None else (f"^{written}$", states)


def _at(item: tuple[Any, Any]) -> str | None:
    op, arg = item
    return str(arg) if str(op) == "AT" else None


def _grammar(items: list[tuple[Any, Any]]) -> str | None:
    """The pattern in a plain regex dialect, or None when a grammar should not carry it.

    Only characters JSON writes as themselves are allowed, and every character but
    letters and digits is written as ``\\xNN``, which every engine's dialect reads.
    """
    parts = []
    for item in items:
        written = _grammar_item(str(item[0]), item[1])
        if written is None:
            return None
        parts.append(written)
    return "".join(parts)


def _grammar_item(op: str, arg: Any) -> str | None:
    if op == "LITERAL":
        return _grammar_char(arg)
    if op == "IN":
        members = []
        for kind, value in arg:
            kind = str(kind)
            if kind == "LITERAL" and (char := _grammar_char(value)) is not None:
                members.append(char)
            elif kind == "RANGE" and all(_grammar_char(v) is not None for v in value):
                if value[0] <= 0x22 <= value[1] or value[0] <= 0x5C <= value[1]:
                    return None
                members.append(f"{_grammar_char(value[0])}-{_grammar_char(value[1])}")
            elif kind == "CATEGORY" and str(value) in _CLASSES:
                members.append(_CLASSES[str(value)])
            else:
                return None
        return f"[{''.join(members)}]"
    if op == "SUBPATTERN":
        _group, add_flags, del_flags, sub = arg
        inner = None if add_flags or del_flags else _grammar(list(sub))
        return None if inner is None else f"(?:{inner})"
    if op == "BRANCH":
        branches = [_grammar(list(b)) for b in arg[1]]
        if any(b is None for b in branches):
            return None
        return f"(?:{'|'.join(b for b in branches if b is not None)})"
    if op in ("MAX_REPEAT", "MIN_REPEAT"):
        low, high, sub = arg
        inner = _grammar(list(sub))
        if inner is None:
            return None
        bound = "" if high == _MAXREPEAT else high
        return f"(?:{inner}){{{low}}}" if bound == low else f"(?:{inner}){{{low},{bound}}}"
    return None


def _grammar_char(code: int) -> str | None:
    if not 0x20 <= code <= 0x7E or code in (0x22, 0x5C):
        return None
    char = chr(code)
    return char if char.isalnum() else f"\\x{code:02X}"


class _TooLarge(Exception):
    """More states than a copy's automaton may have to be counted."""


class _Automaton:
    """A copy's automaton by Thompson's construction, back to front, to count the
    states a grammar engine makes of it; only a copy's pieces are ever given to it."""

    def __init__(self, body: list[tuple[Any, Any]]) -> None:
        self.size = 1  # state 0 accepts
        self.moves: dict[int, tuple[frozenset[str], int]] = {}
        self.splits: dict[int, list[int]] = {}
        try:
            self.start: int | None = self.sequence(body, 0)
        except _TooLarge:
            self.start = None

    def add(self) -> int:
        if self.size >= _MAX_COPY_STATES:
            raise _TooLarge
        self.size += 1
        return self.size - 1

    def sequence(self, items: list[tuple[Any, Any]], then: int) -> int:
        for item in reversed(items):
            then = self.item(str(item[0]), item[1], then)
        return then

    def item(self, op: str, arg: Any, then: int) -> int:
        if op == "SUBPATTERN":
            return self.sequence(list(arg[3]), then)
        if op == "BRANCH":
            branches = [self.sequence(list(b), then) for b in arg[1]]
            state = self.add()
            self.splits[state] = branches
            return state
        if op in ("MAX_REPEAT", "MIN_REPEAT"):
            low, high, sub = arg
            if high == _MAXREPEAT:
                loop = self.add()
                self.splits[loop] = [self.sequence(list(sub), loop), then]
                then = loop
            for _ in range(0 if high == _MAXREPEAT else high - low):
                optional = self.sequence(list(sub), then)
                state = self.add()
                self.splits[state] = [optional, then]
                then = state
            for _ in range(low):
                then = self.sequence(list(sub), then)
            return then
        written = _grammar_item(op, arg)  # a character or a class, as the copy has it
        chars = frozenset(c for c in _REPRESENTATIVES if written and re.fullmatch(written, c))
        state = self.add()
        self.moves[state] = (chars, then)
        return state

    def closure(self, state: int) -> frozenset[int]:
        """The states reached from ``state`` without reading a character."""
        reached: set[int] = set()
        stack = [state]
        while stack:
            current = stack.pop()
            if current not in reached:
                reached.add(current)
                stack.extend(self.splits.get(current, ()))
        return frozenset(reached)

    def deterministic_states(self) -> int | None:
        """The deterministic automaton's states, or None past the grammar's bound."""
        if self.start is None:
            return None
        closures = {state: self.closure(then) for state, (_, then) in self.moves.items()}
        reads = {
            frozenset(s for s, (chars, _) in self.moves.items() if char in chars)
            for char in _REPRESENTATIVES
        }
        start = self.closure(self.start)
        seen, frontier = {start}, [start]
        while frontier:
            current = frontier.pop()
            for read in reads:
                following = frozenset[int]().union(*(closures[s] for s in current & read))
                if following and following not in seen:
                    if len(seen) >= MAX_GRAMMAR_PATTERN_STATES:
                        return None
                    seen.add(following)
                    frontier.append(following)
        return len(seen)
