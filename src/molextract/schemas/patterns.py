"""A field's ``pattern``: read with Python's own parser, matched in linear time.

A tenant's pattern is matched against what a model writes and against the schema's
examples, inside the API and the workers. Python's ``re`` backtracks, so a pattern
such as ``^(a+)+$`` could hold a process for hours on one value. A pattern is
therefore parsed by ``re``'s parser (so it means exactly what it means in Python),
restricted to regular expressions (no lookaround, back-references, word boundaries
or flags: nothing a grammar or an automaton can hold), and matched by a small
automaton whose work is bounded by the value's length times its states.

The same tree gives the grammar its copy of the pattern (``Pattern.grammar``),
written in a plain dialect every engine reads, when the pattern fits in a grammar.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

MAX_PATTERN_LENGTH = 256
#: States of a pattern's automaton: bounds the work of one match (states × characters).
MAX_PATTERN_STATES = 500
#: Steps (and characters) one pattern remembers: well under a megabyte.
MAX_CACHED_STEPS = 4096
_ACCEPT = 1  # the bit of the automaton's first state, its only accepting one
#: States of a pattern the grammar may carry, once made deterministic: each costs an
#: index over the whole vocabulary (a maxLength-1000 string, ~1000 states, took 1.75 GB).
MAX_GRAMMAR_PATTERN_STATES = 32
_REPRESENTATIVES = [chr(c) for c in range(0x20, 0x7F) if chr(c) not in '"\\'] + ["٣", "é"]

_PARSER: Any = importlib.import_module("re._parser")
_MAXREPEAT: int = _PARSER.MAXREPEAT
_SEMANTIC_FLAGS = re.IGNORECASE | re.MULTILINE | re.DOTALL | re.ASCII | re.LOCALE
_STARTS = ("AT_BEGINNING", "AT_BEGINNING_STRING")
_ENDS = ("AT_END", "AT_END_STRING")
_UNSUPPORTED = {
    "ASSERT": "a lookahead or lookbehind",
    "ASSERT_NOT": "a negative lookahead or lookbehind",
    "GROUPREF": "a back-reference",
    "GROUPREF_EXISTS": "a conditional group",
    "ATOMIC_GROUP": "an atomic group",
    "POSSESSIVE_REPEAT": "a possessive repeat",
}
_ANCHORS = {
    "AT_BOUNDARY": "\\b",
    "AT_NON_BOUNDARY": "\\B",
    "AT_BEGINNING": "^ inside the pattern",
    "AT_BEGINNING_STRING": "\\A inside the pattern",
    "AT_END": "$ inside the pattern",
    "AT_END_STRING": "\\Z inside the pattern",
}
Char = Callable[[str], bool]
_CATEGORIES: dict[str, Char] = {
    "CATEGORY_DIGIT": str.isdecimal,
    "CATEGORY_NOT_DIGIT": lambda c: not c.isdecimal(),
    "CATEGORY_WORD": lambda c: c.isalnum() or c == "_",
    "CATEGORY_NOT_WORD": lambda c: not (c.isalnum() or c == "_"),
    "CATEGORY_SPACE": str.isspace,
    "CATEGORY_NOT_SPACE": lambda c: not c.isspace(),
}
#: Character classes a grammar may carry: none of them can produce a character that
#: JSON must escape (``"``, ``\``, control characters).
_GRAMMAR_CATEGORIES = {"CATEGORY_DIGIT": r"\d", "CATEGORY_WORD": r"\w"}


class PatternError(ValueError):
    """Why a pattern is refused, in words for the schema's author."""


class Pattern:
    """A checked pattern: its automaton and, when it fits in a grammar, its grammar copy.

    A set of states is an ``int`` whose bits are the states, so a step is a few
    integer operations per active state; steps already taken are remembered, which
    makes the automaton deterministic as values need it, within a fixed memory.
    """

    def __init__(
        self,
        source: str,
        anchored: tuple[bool, bool],
        states: list[tuple[Any, ...]],
        start: int,
        grammar: str | None,
    ) -> None:
        self.source = source
        self.anchored_start, self.anchored_end = anchored
        self.grammar = grammar
        #: The states a grammar engine compiles the grammar copy into (0 when there is none).
        self.grammar_states = 0
        closures = [_closure(states, index) for index in range(len(states))]
        self.size = len(states)
        self._start = closures[start]
        self._moves = [(i, s[1]) for i, s in enumerate(states) if s[0] == "char"]
        self._after = {i: closures[s[2]] for i, s in enumerate(states) if s[0] == "char"}
        self._accepts: dict[str, int] = {}
        self._steps: dict[tuple[int, str], int] = {}

    def search(self, value: str) -> bool:
        """Whether ``value`` matches as JSON Schema says: anywhere, unless anchored."""
        current = self._start
        for char in value:
            if not self.anchored_end and current & _ACCEPT:
                return True
            following = self._steps.get((current, char))
            if following is None:
                following = self._step(current, char)
                if len(self._steps) < MAX_CACHED_STEPS:
                    self._steps[(current, char)] = following
            current = following
            if not current:
                return False
        return bool(current & _ACCEPT)

    def deterministic_states(self) -> int | None:
        """How many states the pattern's deterministic automaton has, if at most
        :data:`MAX_GRAMMAR_PATTERN_STATES`.

        A grammar engine compiles a pattern into that automaton, with an index over
        the model's vocabulary per state; a small pattern can need exponentially many
        (``^[ab]*a[ab]{20}$``: two million), so only a pattern counted small here is
        given to the grammar. The characters tried stand for every character a
        grammar's copy can match (printable ASCII, a non-ASCII digit and letter).
        """
        seen = {self._start}
        frontier = [self._start]
        while frontier:
            current = frontier.pop()
            for char in _REPRESENTATIVES:
                following = self._step(current, char)
                if following and following not in seen:
                    if len(seen) >= MAX_GRAMMAR_PATTERN_STATES:
                        return None
                    seen.add(following)
                    frontier.append(following)
        return len(seen)

    def _step(self, current: int, char: str) -> int:
        accepts = self._accepts.get(char)
        if accepts is None:
            accepts = sum(1 << index for index, test in self._moves if test(char))
            if len(self._accepts) < MAX_CACHED_STEPS:
                self._accepts[char] = accepts
        active = current & accepts
        following = 0 if self.anchored_start else self._start
        while active:
            lowest = active & -active
            following |= self._after[lowest.bit_length() - 1]
            active ^= lowest
        return following


def _closure(states: list[tuple[Any, ...]], index: int) -> int:
    """The states reached from ``index`` without reading a character, as bits."""
    reached = 0
    stack = [index]
    while stack:
        current = stack.pop()
        if reached >> current & 1:
            continue
        reached |= 1 << current
        if states[current][0] == "split":
            stack.extend(states[current][1])
    return reached


@lru_cache(maxsize=64)
def compile_pattern(source: str) -> Pattern:
    """Check ``source`` and build its automaton; :class:`PatternError` says why not."""
    if len(source) > MAX_PATTERN_LENGTH:
        raise PatternError(f"is {len(source)} characters long; at most {MAX_PATTERN_LENGTH}")
    try:
        re.compile(source)
        tree = _PARSER.parse(source)
    except (re.error, RecursionError, OverflowError) as exc:
        raise PatternError(f"is not a regular expression Python can read: {exc}") from exc
    if tree.state.flags & _SEMANTIC_FLAGS:
        raise PatternError("sets flags such as (?i); write the characters out instead")
    items = list(tree)
    anchored_start = bool(items) and _at(items[0]) in _STARTS
    anchored_end = len(items) > anchored_start and _at(items[-1]) in _ENDS
    body = items[int(anchored_start) : len(items) - int(anchored_end)]
    builder = _Builder()
    accept = builder.add(("match",))  # state 0: the bit _ACCEPT
    start = builder.sequence(body, accept)
    pattern = Pattern(source, (anchored_start, anchored_end), builder.states, start, None)
    if anchored_start and anchored_end:
        written = _grammar(body)
        states = pattern.deterministic_states() if written is not None else None
        if written is not None and states is not None:
            pattern.grammar, pattern.grammar_states = f"^{written}$", states
    return pattern


def _at(item: tuple[Any, Any]) -> str | None:
    op, arg = item
    return str(arg) if str(op) == "AT" else None


class _Builder:
    """Thompson's construction, back to front: each piece is built before what leads to it."""

    def __init__(self) -> None:
        self.states: list[tuple[Any, ...]] = []

    def add(self, state: tuple[Any, ...]) -> int:
        if len(self.states) >= MAX_PATTERN_STATES:
            raise PatternError(
                f"needs more than {MAX_PATTERN_STATES} states; use smaller repetition counts"
            )
        self.states.append(state)
        return len(self.states) - 1

    def sequence(self, items: list[tuple[Any, Any]], then: int) -> int:
        for item in reversed(items):
            then = self.item(item, then)
        return then

    def item(self, item: tuple[Any, Any], then: int) -> int:
        op, arg = str(item[0]), item[1]
        if op in ("LITERAL", "NOT_LITERAL", "ANY", "IN"):
            return self.add(("char", _char(op, arg), then))
        if op == "SUBPATTERN":
            _group, add_flags, del_flags, sub = arg
            if add_flags or del_flags:
                raise PatternError("sets flags inside a group; write the characters out instead")
            return self.sequence(list(sub), then)
        if op == "BRANCH":
            return self.add(("split", tuple(self.sequence(list(b), then) for b in arg[1])))
        if op in ("MAX_REPEAT", "MIN_REPEAT"):
            low, high, sub = arg
            return self.repeat(list(sub), low, high, then)
        if op == "AT":
            where = _ANCHORS.get(str(arg), str(arg))
            raise PatternError(f"uses {where}: only ^ at the start and $ at the end are supported")
        raise PatternError(
            f"uses {_UNSUPPORTED.get(op, op)}: only regular expressions are supported "
            "(characters, classes, groups, | and repeats)"
        )

    def repeat(self, sub: list[tuple[Any, Any]], low: int, high: int, then: int) -> int:
        if high == _MAXREPEAT:
            loop = self.add(("split", ()))
            body = self.sequence(sub, loop)
            self.states[loop] = ("split", (body, then))
            then = loop
        else:
            for _ in range(high - low):
                then = self.add(("split", (self.sequence(sub, then), then)))
        for _ in range(low):
            then = self.sequence(sub, then)
        return then


def _char(op: str, arg: Any) -> Char:
    if op == "LITERAL":
        return chr(arg).__eq__
    if op == "NOT_LITERAL":
        return chr(arg).__ne__
    if op == "ANY":
        return "\n".__ne__
    negate = False
    tests: list[Char] = []
    for kind, value in arg:
        kind = str(kind)
        if kind == "NEGATE":
            negate = True
        elif kind == "LITERAL":
            tests.append(chr(value).__eq__)
        elif kind == "RANGE":
            tests.append(_in_range(*value))
        elif kind == "CATEGORY" and str(value) in _CATEGORIES:
            tests.append(_CATEGORIES[str(value)])
        else:
            raise PatternError(f"uses {value} in a character class, which is not supported")
    if negate:
        return lambda c: not any(test(c) for test in tests)
    return lambda c: any(test(c) for test in tests)


def _in_range(low: int, high: int) -> Char:
    return lambda c: low <= ord(c) <= high


def _grammar(items: list[tuple[Any, Any]]) -> str | None:
    """The pattern in a plain regex dialect, or None when a grammar should not carry it.

    Only characters JSON writes as themselves are allowed (a ``.`` or ``[^…]`` could
    let the model write a bare ``"`` and end the string), and every character but
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
            elif kind == "CATEGORY" and str(value) in _GRAMMAR_CATEGORIES:
                members.append(_GRAMMAR_CATEGORIES[str(value)])
            else:
                return None
        return f"[{''.join(members)}]"
    if op == "SUBPATTERN":
        inner = _grammar(list(arg[3]))
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
