"""Text as it comes, read as it was meant: one normalised view, and the way back.

Real documents print one thing many ways: a degree as ``º`` (the ordinal sign), ``˚``
or ``℃``; a range as ``90.5 ˜ 95.5`` or broken by a line end (``m.p.61-⏎63 ºC``); a cue
glued to its number (``m.p.260``); a ligature from a PDF (``puriﬁed``). Teaching every
rule of the finder and the cues each variant would spread the same typography over
every pattern, so one step writes the text the way the rules read it, once.

Records must still quote the document as it is: evidence is cut from the original
text, and a value's offsets must print the value as printed. So the view keeps a map
back: every offset in the normalised text has an offset in the original one
(:meth:`Normalised.start`, :meth:`Normalised.end`). Only the places that changed are
stored (usually none), so the map costs nothing on clean text and a bisection per
look-up otherwise.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass

_LIGATURES = {"ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "ft", "ﬆ": "st"}
#: Spaces other than the plain one: the finder and the cues read them all as one.
_SPACES = "\u00a0\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
#: Characters that print as nothing: soft hyphens, zero-width spaces and joiners.
_INVISIBLE = "\u00ad\u200b\u200c\u200d\u2060\ufeff"
#: Hyphen look-alikes that are never a minus sign or a range dash of their own.
_HYPHENS = "\u2010\u2011\u2043\ufe63\uff0d"
#: Marks printed between the two ends of a range (``90.5 ˜ 95.5``, ``10∼20``).
_TILDES = "˜∼〜～~"
#: What the finder reads as a range dash.
_DASHES = "-–—‒"
_S = f"[ {_SPACES}]"
_EOL = r"[ \t]*\r?\n[ \t]*"
#: A number (or range) and the degree sign a melting point is printed with.
_DEGREE_AHEAD = rf"(?=[-−]?\d+(?:\.\d+)?(?:{_S}?[-–]{_S}?\d+(?:\.\d+)?)?{_S}?(?:°|º|˚|℃))"

# Each rule: (name, pattern). The patterns read the original text; a match is replaced
# by what ``_REPLACE[name]`` makes of it. Order matters only where two rules could match
# at the same place: the first listed wins. Every pattern starts by consuming one of
# ``_TRIGGERS`` (what it needs before that is a look-behind after it), so the scan
# skips all other characters at the cost of one test each.


def _after_line_end(before: str) -> str:
    """A look-behind, placed after a consumed line end, for ``before`` the line end."""
    return rf"(?:(?<={before}\n)|(?<={before}\r\n))"


_DIGIT_BEFORE_TILDE = rf"(?:(?<=\d[{_TILDES}])|(?<=\d{_S}[{_TILDES}])|(?<=\d{_S}{_S}[{_TILDES}]))"
_AFTER_NAME_HYPHEN = _after_line_end(rf"[A-Za-z0-9)\]][{_DASHES}]")
_AFTER_RANGE_DASH = _after_line_end(rf"\d[ ][{_DASHES}]")
_AFTER_DIGIT = _after_line_end(r"\d")
_QUOTES = '"“”'


def _glued_label_behind() -> str:
    """Look-behinds, placed after the consumed first letter of a verb, for a compound's
    label run into it: `` 8aa``, ``(2``, `` 8bb-bj`` (fixed widths, as ``re`` needs)."""
    labels = [r"\d" * d + "[a-z]" * n for d in (1, 2) for n in (0, 1, 2)]
    labels += [
        r"\d" * d + "[a-z]" * n + "-" + "[a-z]" * m for d in (1, 2) for n in (1, 2) for m in (1, 2)
    ]
    return "(?:" + "|".join(f"(?<=[ (]{label}[wg])" for label in labels) + ")"


_RULES: tuple[tuple[str, str], ...] = (
    # "90.5 ˜ 95.5": a tilde between two numbers is a range mark, not a qualifier
    ("tilde", rf"[{_TILDES}]{_DIGIT_BEFORE_TILDE}(?={_S}*\.?\d)"),
    # "61-⏎63", "tetra-⏎hydro": a line end after a hyphen inside a range or a name
    (
        "broken_hyphen",
        rf"\r?\n{_AFTER_NAME_HYPHEN}[ \t]*(?=[A-Za-z0-9(\[])",
    ),
    ("broken_dash", rf"\r?\n{_AFTER_RANGE_DASH}[ \t]*(?=\d)"),
    ("broken_before_dash", rf"\r?\n{_AFTER_DIGIT}[ \t]*(?=[–—‒]{_S}?\d)"),
    # "61–63⏎°C", "23⏎%": a line end between a number and its unit
    ("broken_unit", rf"\r?\n{_AFTER_DIGIT}[ \t]*(?=[°º˚℃%])"),
    # "M. pt. 140": one abbreviation, so that no sentence ends inside it
    ("spaced_cue", rf"[MmBb](?<![A-Za-z][MmBb])\.{_S}+[Pp][Tt]\.(?={_S})"),
    # "m.p.260", "M.pt.180-182": a dotted cue glued to its number
    ("glued_dotted_cue", rf"[MmBb](?<![A-Za-z][MmBb])\.{_S}?[Pp][Tt]?\.(?=[-−]?\d)"),
    # "mp180-182 °C": an undotted cue glued to a temperature
    ("glued_cue", rf"[MmBb](?<![A-Za-z][MmBb])[Pp]{_DEGREE_AHEAD}"),
    # "85°-87° C.", "112° to 114° C": a range printed with a degree after each end is
    # one range; the first degree goes, so the finder reads both ends with one unit
    (
        "range_degree",
        rf"[°º˚](?<=\d[°º˚])(?={_S}?(?:[{_DASHES}]|to{_S}){_S}?\d+(?:\.\d+)?{_S}?[°º˚])",
    ),
    # "m.p. 112-114°", "b.p. 80°/15 mm": older papers print a bare degree after a
    # melting or boiling point; only after such a cue (see _BARE_DEGREE_CUE) is it °C,
    # so an angle or a rotation (``[α]D +25.3°``) stays as printed
    ("bare_degree", rf"°(?<=\d°)(?!{_S}?[A-Za-z0-9°])"),
    # "25 ºC", "61-63˚C", "25⁰C": a degree look-alike between a number and C or F
    ("degree", rf"[º˚ᵒ⁰∘](?<=[\d {_SPACES}][º˚ᵒ⁰∘])(?={_S}?[CF](?![a-z]))"),
    # text from scanned PDFs prints the degree as a quote or a letter O: "25 " C",
    # "−78 'C", "268-271 OC" (a space before, so that "CH2OC(O)" stays a formula)
    (
        "ocr_degree",
        rf"[{_QUOTES}](?:(?<=\d[{_QUOTES}])|(?<=\d[ {_SPACES}][{_QUOTES}]))(?={_S}?C(?![A-Za-z]))"
        rf"|['’O](?<=\d[ {_SPACES}]['’O])(?={_S}?C(?![A-Za-z]))",
    ),
    # "in -50 % yield", "( -5-6 % )": text scanned from print reads the "~" before a
    # percentage as a hyphen; a share is never negative, and a true minus is "−"
    ("ocr_tilde", r"-(?<=[ (]-)(?=\d+(?:\.\d+)?(?:-\d+(?:\.\d+)?)?[ ]?%)"),
    # "product 8aawas obtained", "with 2gave": text taken from a PDF runs a label into
    # the verb after it, where the line's spacing was only drawn
    ("glued_verb", rf"(?:w(?=as\b|ere\b)|g(?=ave\b)){_glued_label_behind()}"),
    ("celsius", "℃"),
    ("fahrenheit", "℉"),
    ("space", f"[{_SPACES}]"),
    ("invisible", f"[{_INVISIBLE}]+"),
    ("ligature", f"[{''.join(_LIGATURES)}]"),
    ("hyphen", f"[{_HYPHENS}]"),
)
#: The characters a rule's match can start with.
_TRIGGERS = (
    f"-°{_TILDES}\r\nMmBbº˚ᵒ⁰∘{_QUOTES}'’O℃℉wg{_SPACES}{_INVISIBLE}{''.join(_LIGATURES)}{_HYPHENS}"
)
_SPACE_RE = re.compile(_S)
#: What a bare degree must follow to be a Celsius temperature: a melting or boiling
#: cue, then the number or range it prints (``m.p. 112-114``, ``b.p.: 80``), the range's
#: first end with its own degree (``m.p. 189°-192°``, as older patents print it).
_BARE_DEGREE_CUE = re.compile(
    r"(?:\b[MmBb]\.?[ ]?[Pp]t?\.?|\b[Mm]elting[ ]point|\b[Bb]oiling[ ]point"
    r"|\b[Mm]elt(?:s|ed|ing)|\b[Bb]oil(?:s|ed|ing))"
    r"[ ]*(?:[:=]|of|at|was|is|\(|,)?[ ]*[-−]?\d+(?:\.\d+)?°?(?:[ ]?[-–][ ]?\d+(?:\.\d+)?)?[ ]?$"
)
_PATTERN = re.compile(
    f"(?=[{re.escape(_TRIGGERS)}])(?:"
    + "|".join(f"(?P<{name}>{pattern})" for name, pattern in _RULES)
    + ")"
)

_REPLACE: dict[str, Callable[[str], str]] = {
    "space": lambda _: " ",
    "invisible": lambda _: "",
    "ligature": lambda found: _LIGATURES[found],
    "hyphen": lambda _: "-",
    "celsius": lambda _: "°C",
    "fahrenheit": lambda _: "°F",
    "degree": lambda _: "°",
    "ocr_degree": lambda _: "°",
    "tilde": lambda _: "–",
    "ocr_tilde": lambda _: "~",
    "glued_verb": lambda found: " " + found,
    "range_degree": lambda _: "",
    "bare_degree": lambda _: "°C",
    "broken_hyphen": lambda _: "",
    "broken_dash": lambda _: "",
    "broken_before_dash": lambda _: "",
    "broken_unit": lambda _: " ",
    "spaced_cue": lambda found: _SPACE_RE.sub("", found),
    "glued_dotted_cue": lambda found: _SPACE_RE.sub("", found) + " ",
    "glued_cue": lambda found: found + " ",
}


@dataclass(frozen=True, slots=True)
class Normalised:
    """A normalised view of a text and the map from its offsets back to the original.

    Each edit replaced ``original[orig_starts[i]:orig_ends[i]]`` by
    ``text[norm_starts[i]:norm_ends[i]]``; between edits the two texts are the same,
    shifted by the edits before.
    """

    text: str
    norm_starts: tuple[int, ...] = ()
    norm_ends: tuple[int, ...] = ()
    orig_starts: tuple[int, ...] = ()
    orig_ends: tuple[int, ...] = ()

    @property
    def changed(self) -> bool:
        return bool(self.norm_starts)

    def start(self, pos: int) -> int:
        """The original offset of a span that starts at ``pos`` in the normalised text."""
        i = bisect_right(self.norm_starts, pos) - 1
        if i < 0:
            return pos
        if pos < self.norm_ends[i]:
            return self.orig_starts[i]  # inside a replacement: its whole original
        return pos + self.orig_ends[i] - self.norm_ends[i]

    def end(self, pos: int) -> int:
        """The original offset of a span that ends at ``pos`` in the normalised text."""
        if pos <= 0:
            return self.start(pos)
        i = bisect_right(self.norm_starts, pos - 1) - 1
        if i < 0:
            return pos
        if pos - 1 < self.norm_ends[i]:
            return self.orig_ends[i]
        return pos + self.orig_ends[i] - self.norm_ends[i]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original span of ``text[start:end]``."""
        return self.start(start), max(self.start(start), self.end(end))


def normalise(text: str) -> Normalised:
    """The normalised view of ``text``; the text itself (and an empty map) when clean."""
    pieces: list[str] = []
    norm_starts: list[int] = []
    norm_ends: list[int] = []
    orig_starts: list[int] = []
    orig_ends: list[int] = []
    kept = 0  # end of the original text already copied
    length = 0  # length of the normalised text so far
    for match in _PATTERN.finditer(text):
        name = match.lastgroup
        if name is None:
            continue
        found = match.group()
        if name == "bare_degree" and not _BARE_DEGREE_CUE.search(
            text, max(0, match.start() - 40), match.start()
        ):
            continue
        replacement = _REPLACE[name](found)
        if replacement == found:
            continue
        start, end = match.span()
        pieces.append(text[kept:start])
        length += start - kept
        norm_starts.append(length)
        orig_starts.append(start)
        pieces.append(replacement)
        length += len(replacement)
        norm_ends.append(length)
        orig_ends.append(end)
        kept = end
    if not norm_starts:
        return Normalised(text)
    pieces.append(text[kept:])
    return Normalised(
        "".join(pieces),
        tuple(norm_starts),
        tuple(norm_ends),
        tuple(orig_starts),
        tuple(orig_ends),
    )
