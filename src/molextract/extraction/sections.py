"""The headings of an experimental text, and the sections they open.

A value printed under a heading belongs to the heading's compound even when its
sentence names none ("the title compound", "the product"). Patents head their
examples and steps (``EXAMPLE 2`` … ``Step B: Synthesis of X`` … ``(a) X``), papers
head each entry with the compound's name (``3-Bromo-4-methoxybenzaldehyde (12b).``),
and supplementary tables list labelled names (``E1 | name``). One pass over the lines
reads them all, keeping track of the example and step each is in, so a step is
labelled ``Example 2B`` and not merely ``B``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from molextract.extraction.chemical_names import looks_like_name, name_before, names_in
from molextract.extraction.labels import (
    HYPHENED_NUMBER,
    LABEL,
    LABEL_OR_ROMAN,
    PAREN_LABEL,
    LabelDefinition,
)

_EXAMPLE_WORDS = (
    r"(?:(?:reference|comparative|synthesis|synthetic|production|preparation|preparative"
    r"|working)\s+)?(?:example|preparation|intermediate|description)"
)
_EXAMPLE_ID = r"\d{1,4}(?:[.\-]\d{1,3})?[A-Za-z]?(?:\([a-z0-9]{1,3}\))?"
#: ``Synthesis of Intermediate 7: NAME``: a heading that says what its example makes.
_MAKING_OF = r"(?:(?:synthesis|preparation|production|manufacture)\s+of\s+)?"
#: An example heading, bracketed as Japanese patents print it or not: ``Example 5:
#: NAME``, ``[Example 5] NAME``, ``Reference Example 3-1``.
_EXAMPLE = re.compile(
    rf"\[?{_MAKING_OF}(?P<word>{_EXAMPLE_WORDS})\s+(?P<id>{_EXAMPLE_ID})\]?"
    r"(?:(?:\s*[:.–—\-]|(?<=\])\s)\s*(?P<title>.*?))?\s*",
    re.IGNORECASE,
)
#: A patent's compound heading: ``Compound 12: NAME``, ``Compound No. 15. NAME``.
_COMPOUND_HEADING = re.compile(
    rf"(?:compound|cpd\.?)\s+(?:no\.?\s*)?(?P<id>{LABEL})\s*[:.–—]\s*(?P<title>.+?)\s*",
    re.IGNORECASE,
)
_EXAMPLES = re.compile(
    rf"{_EXAMPLE_WORDS}s\s+\d{{1,4}}[A-Za-z]?\s*(?:to|through|and|[–—\-])\s*\d{{1,4}}[A-Za-z]?"
    r"(?:\s*[:.–—\-].*)?",
    re.IGNORECASE,
)
_STEP = re.compile(
    r"(?:step|stage)\s+(?P<id>\d{1,2}[a-z]?|[A-Z])(?:\s*[:.)–—\-]\s*(?P<title>.*?))?\s*",
    re.IGNORECASE,
)
#: A heading run into its paragraph, as patent text often comes once its line breaks are
#: lost: ``Example 194 NAME 813 mg of …``, ``[Step 3] Synthesis of NAME Methyl …``,
#: ``Intermediate 41: NAME To a vial …``.
_RUN_IN = re.compile(
    rf"\[?(?:{_MAKING_OF}(?P<word>{_EXAMPLE_WORDS})\s+(?P<id>{_EXAMPLE_ID})|(?P<step>step|stage)\s+"
    r"(?P<sid>\d{1,2}[a-z]?|[A-Z])(?![\w]))\]?"
    r"\s*[:.)–—\-]?\s+(?:(?:synthesis|preparation|production)\s+of\s+(?:the\s+)?)?",
    re.IGNORECASE,
)
#: A step heading inside a run-together paragraph, after a sentence's end.
_STEP_WITHIN = re.compile(
    r"(?:(?<=[.;)]\s)|(?<=[.;)]\s\s))\[?(?:step|stage)\s+(?P<id>\d{1,2}[a-z]?|[A-Z])\]?\s*[:.)–—\-]?\s+"
    r"(?:(?:synthesis|preparation|production)\s+of\s+(?:the\s+)?)?",
    re.IGNORECASE,
)
#: A making heading inside a run-together paragraph, right after the example heading's
#: label: ``EXAMPLE 2 NAME (9) Preparation of NAME (6): To a solution …``.
_MAKING_WITHIN = re.compile(
    r"(?<=\)\s)(?:synthesis|preparation|production)\s+of\s+(?:the\s+)?", re.IGNORECASE
)
#: After a run-in heading's name: its full stop or colon, then a sentence.
_NAME_THEN_SENTENCE = re.compile(r"\s*[.:]\s+[A-Z(]")
#: What closes such a heading: its own label in brackets, then a colon.
_LABEL_COLON = re.compile(rf"\s*\(\s*(?P<id>{LABEL})\s*\)\s*:")
#: A line longer than this is no heading of its own: one that opens with a heading's
#: words has its paragraph run into it.
_HEADING_CHARS = 200
_LETTERED = re.compile(r"\(?(?P<id>[A-Z])[.)]\s+(?P<title>.+?)\s*")
_SUB_ITEM = re.compile(r"\(?(?P<id>[a-z])[.)]\s+(?P<title>.+?)\s*")
_SYNTHESIS_OF = re.compile(
    # ("Procedure for the Synthesis of NAME (3e) on 2 mmol Scale.")
    r"(?:(?:general\s+)?procedures?\s+for\s+(?:the\s+)?)?"
    r"(?:synthesis|preparation|production|manufacture)\s+of\s+(?:the\s+)?(?P<name>.*)",
    re.IGNORECASE,
)
#: The heading of a general procedure: it ends the entry before it. A heading opens with
#: a capital; in lower case it is a sentence a line end broke (``… (5a). The⏎general
#: procedure resulted in …``).
_BREAK = re.compile(
    r"(?-i:(?=[A-Z]))(?:general|typical|representative)\s+(?:experimental\s+)?"
    r"(?:procedure|method)s?\b",
    re.IGNORECASE,
)
_TABLE_ROW = re.compile(
    r"(?P<label>[A-Z]{1,3}\d{1,3}[a-z]?|[1-9]\d{0,2}[a-z]{1,2})\s*\|\s*(?P<name>[^|]+?)\s*"
)
_DECORATION = re.compile(r"[ \t#*>]*(.*?)[ \t*]*")
#: A heading in angle brackets, as Korean and Japanese patents print them:
#: ``<Synthesis of Intermediate 3>``.
_ANGLED = re.compile(r"<\s*([^<>]{3,200}?)\s*>\s*")
#: ``Synthesis of Compound 1-4``: a making heading that only labels its product.
_CALLED_COMPOUND = re.compile(
    rf"(?:synthesis|preparation|production)\s+of\s+(?:the\s+)?(?:compound|cpd\.?)\s+"
    rf"(?P<id>{LABEL}|{HYPHENED_NUMBER})\s*[:.]?",
    re.IGNORECASE,
)
#: ``NAME (3)``, ``NAME (Cpd 28)``, ``NAME (Compound 12)``: the label a title ends with.
_TRAILING_LABEL = re.compile(
    rf"\s+\(\s*(?:(?:compound|cpd|comp)\.?\s*(?:no\.?\s*)?)?{LABEL_OR_ROMAN}\s*\)\s*[.:]?$",
    re.IGNORECASE,
)
#: Where the name of an entry heading ends: at its full stop or colon, or the line's end.
_ENTRY_END = re.compile(r"[.:](?=\s+[A-Z(])|[.:]?$")


@dataclass(frozen=True, slots=True)
class Section:
    """Where a heading opens a section, how deep it is nested, and the compound it names."""

    start: int
    level: int  # 1 an example, 2 a step or an entry, 3 a lettered item of a step
    definition: LabelDefinition | None


def _lines(text: str) -> list[tuple[int, str]]:
    """Each line without its decoration (``#``, ``**``), and where that text starts."""
    lines = []
    pos = 0
    for raw in text.split("\n"):
        match = _DECORATION.fullmatch(raw)
        assert match is not None
        angled = _ANGLED.fullmatch(match[1])
        if angled is not None:
            lines.append((pos + match.start(1) + angled.start(1), angled[1]))
        else:
            lines.append((pos + match.start(1), match[1]))
        pos += len(raw) + 1
    return lines


def _strip_trailing_label(title: str) -> str:
    match = _TRAILING_LABEL.search(title)
    return title[: match.start()] if match else title


#: How much a heading's procedure made, after its product: ``… (3e) on 2 mmol Scale.``,
#: ``on a Gram Scale``; a sentence the line runs on into goes with it.
_SCALE = re.compile(
    r"\s+on\s+(?:an?\s+)?(?:[\d.]+\s*-?\s*(?:mmol|mol|mg|g|kg)|gram|multigram|large|preparative)"
    r"[\s-]+scale\b(?:\.\s.*|\.?)$",
    re.IGNORECASE,
)


#: How the heading's product was made, after its label: ``Synthesis of NAME (4) via
#: Buchwald−Hartwig Coupling.`` (the label stays, for the label's own strip).
_HOW_AFTER_LABEL = re.compile(
    rf"(\s+\(\s*{LABEL_OR_ROMAN}\s*\))\s+(?:on|via|using|by|through|under)\s+[^.()]{{1,80}}"
    r"(?:\.\s.*|\.?)$",
    re.IGNORECASE,
)


def _title_span(start: int, title: str) -> tuple[int, int] | None:
    """Span of the compound a heading's title names (``Synthesis of X``, ``X (3).``)."""
    synthesis = _SYNTHESIS_OF.fullmatch(title)
    if synthesis is not None:
        if _CALLED_COMPOUND.fullmatch(title):
            return None  # "Synthesis of Compound A-2" labels its product, names none
        start, title = start + synthesis.start("name"), synthesis["name"]
    title = _SCALE.sub("", _HOW_AFTER_LABEL.sub(r"\1", title.rstrip()))
    title = _strip_trailing_label(title).rstrip(".:").rstrip()
    if not title or not looks_like_name(title):
        return None
    return start, start + len(title)


def _is_title(line: str) -> bool:
    return bool(_SYNTHESIS_OF.fullmatch(line)) or looks_like_name(
        _strip_trailing_label(line).rstrip(".:")
    )


class _SectionReader:
    """One pass over the lines that keeps track of the example and step each is in."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = _lines(text)
        self.sections: list[Section] = []
        self.definitions: list[LabelDefinition] = []
        self.example: str | None = None
        self.step: str | None = None
        self.pending: list[LabelDefinition] = []  # steps read before any example heading

    def read(self) -> None:
        titles: set[int] = set()
        for index, (start, line) in enumerate(self.lines):
            if index in titles or not line:
                continue
            if len(line) > _HEADING_CHARS:
                self._steps_within(start, line)
                if self._run_in(start, line):
                    continue
            if (title := self._example(index, start, line)) is not None:
                titles.add(title)
            elif not (
                self._step(start, line)
                or self._table_row(start, line)
                or self._compound_heading(start, line)
            ):
                self._entry(index, start, line)
        self._settle_pending(None)

    def _add(self, level: int, start: int, definition: LabelDefinition | None) -> None:
        self.sections.append(Section(start, level, definition))
        if definition is not None:
            self.definitions.append(definition)
            if self.example is None and level > 1 and definition.label is not None:
                self.pending.append(definition)

    def _next_line(self, index: int) -> tuple[int, int, str] | None:
        for i in range(index + 1, min(len(self.lines), index + 4)):
            if self.lines[i][1]:
                return i, *self.lines[i]
        return None

    def _example(self, index: int, start: int, line: str) -> int | None:
        """An example heading; returns the index of its title line (-1 for none), or
        None when the line is no example heading."""
        if _EXAMPLES.fullmatch(line):
            self._settle_pending(None)
            self.example = self.step = None
            self._add(1, start, None)
            return -1
        match = _EXAMPLE.fullmatch(line)
        if match is None:
            return None
        title_text = match["title"]
        if title_text and _title_span(0, title_text) is None and self._run_in(start, line):
            # "Intermediate 5: NAME. Chloroacetyl chloride was added …": a short paragraph
            # run into its heading
            return -1
        word = " ".join(w.capitalize() for w in match["word"].split())
        label = f"{word} {match['id']}"
        self._settle_pending(label)
        self.example, self.step = label, None
        title_index, span = -1, None
        if match["title"]:
            span = _title_span(start + match.start("title"), match["title"])
        elif (following := self._next_line(index)) is not None:
            i, title_start, title = following
            if len(title) <= 300 and _is_title(title):
                span, title_index = _title_span(title_start, title), i
            if span is None and (span := _run_in_title(self.text, title_start, title)):
                title_index = -1  # the line is the paragraph, read on as one
        self._add(1, start, self._definition(label, span, start, start + len(line)))
        called = _CALLED_COMPOUND.fullmatch(match["title"] or "")
        if called is not None:
            # "Preparation Example 2: Synthesis of Compound A-2": the example makes A-2
            at = start + match.start("title") + called.start("id")
            self._add(
                2, at, LabelDefinition(called["id"], None, at, at + len(called["id"]), "heading")
            )
        return title_index

    def _definition(
        self, label: str | None, span: tuple[int, int] | None, start: int, end: int
    ) -> LabelDefinition | None:
        if span is not None:
            return LabelDefinition(label, self.text[span[0] : span[1]], *span, "example")
        return None if label is None else LabelDefinition(label, None, start, end, "example")

    def _step(self, start: int, line: str) -> bool:
        end = start + len(line)
        if (step := _STEP.fullmatch(line)) is not None:
            self.step = (
                f"{self.example} Step {step['id']}" if self.example else f"Step {step['id']}"
            )
            title = step["title"] or ""
            span = _title_span(start + step.start("title"), title) if title else None
            self._add(2, start, self._definition(self.step, span, start, end))
            return True
        lettered = _LETTERED.fullmatch(line)
        if lettered is not None and _is_title(lettered["title"]):
            self.step = f"{self.example}{lettered['id']}" if self.example else lettered["id"]
            span = _title_span(start + lettered.start("title"), lettered["title"])
            self._add(2, start, self._definition(self.step, span, start, end))
            return True
        sub = _SUB_ITEM.fullmatch(line)
        if sub is not None and looks_like_name(_strip_trailing_label(sub["title"]).rstrip(".:")):
            parent = self.step or self.example
            label = f"{parent}({sub['id']})" if parent else None
            span = _title_span(start + sub.start("title"), sub["title"])
            self._add(3, start, self._definition(label, span, start, end))
            return True
        if _BREAK.match(line):
            self._add(2, start, None)
            return True
        return False

    def _steps_within(self, start: int, line: str) -> None:
        """Step headings inside a paragraph that lost its line breaks (``… were combined.
        Step 2: NAME To a solution …``): each opens its step, whose product "the title
        compound" of its procedure is."""
        for match in _STEP_WITHIN.finditer(line):
            if match.start() == 0:
                continue  # the paragraph's own heading: _run_in reads it
            at = start + match.start()
            name_start = start + match.end()
            name_end = _name_from(self.text, name_start, min(start + len(line), name_start + 400))
            if name_end is None or not looks_like_name(self.text[name_start:name_end]):
                continue
            label = f"{self.example} Step {match['id']}" if self.example else f"Step {match['id']}"
            name = self.text[name_start:name_end]
            self.sections.append(
                Section(at, 2, LabelDefinition(label, name, name_start, name_end, "example"))
            )
            self.definitions.append(LabelDefinition(label, name, name_start, name_end, "example"))
        for match in _MAKING_WITHIN.finditer(line):
            # "the desired product" after it is this step's, not the example's compound
            name_start = start + match.end()
            name_end = _name_from(self.text, name_start, min(start + len(line), name_start + 400))
            if name_end is None:
                continue
            closing = _LABEL_COLON.match(self.text, name_end)
            if closing is None or not looks_like_name(self.text[name_start:name_end]):
                continue
            name = self.text[name_start:name_end]
            definition = LabelDefinition(closing["id"], name, name_start, name_end, "heading")
            self.sections.append(Section(start + match.start(), 2, definition))
            self.definitions.append(definition)

    def _run_in(self, start: int, line: str) -> bool:
        """A labelled heading whose compound's name runs straight into the procedure:
        the name is the chemical name the heading's words lead into."""
        match = _RUN_IN.match(line)
        if match is None:
            return False
        name_start = start + match.end()
        limit = min(start + len(line), name_start + 400)
        name_end = _name_from(self.text, name_start, limit)
        if name_end is None:
            spans = names_in(self.text, name_start, limit)
            if not spans or spans[0][0] != name_start:
                return False
            name_end = spans[0][1]
        name = self.text[name_start:name_end]
        labelled = _LABEL_INSIDE.search(name)
        if labelled is not None:
            # "Synthesis of NAME (IA18) Compound IA18 was prepared …": the heading's name
            # ends at its own label
            name_end = name_start + labelled.start()
            name = self.text[name_start:name_end]
        if not looks_like_name(name):
            return False
        if match["word"]:
            word = " ".join(w.capitalize() for w in match["word"].split())
            label = f"{word} {match['id']}"
            self._settle_pending(label)
            self.example, self.step, level = label, None, 1
        else:
            step = match["sid"]
            label = f"{self.example} Step {step}" if self.example else f"Step {step}"
            self.step, level = label, 2
        self._add(level, start, LabelDefinition(label, name, name_start, name_end, "example"))
        # "Intermediate 7: NAME Step A: NAME2 To a solution …": the heading of the step
        # that follows at once is the procedure's own.
        rest = name_end + len(self.text[name_end:limit]) - len(self.text[name_end:limit].lstrip())
        if rest < limit and rest > name_end:
            self._run_in(rest, self.text[rest : start + len(line)])
        return True

    def _settle_pending(self, first_example: str | None) -> None:
        """Steps read before any example heading. When the first heading is ``Example
        n`` and the text refers to ``Example n-1``, the text lost that heading (the
        sample patent's ``EXAMPLE 1`` went missing in conversion) and the steps are
        its steps; otherwise they keep their bare letters."""
        pending, self.pending = self.pending, []
        number = re.fullmatch(r"Example (\d+)", first_example or "")
        if not pending or number is None or int(number[1]) < 2:
            return
        previous = f"Example {int(number[1]) - 1}"
        if not re.search(rf"\b{previous}(?!\d)", self.text, re.IGNORECASE):
            return
        renamed = {id(d): _relabel(d, previous + (d.label or "")) for d in pending}
        self.definitions = [renamed.get(id(d), d) for d in self.definitions]
        self.sections = [
            Section(s.start, s.level, renamed.get(id(s.definition), s.definition))
            for s in self.sections
        ]

    def _table_row(self, start: int, line: str) -> bool:
        row = _TABLE_ROW.fullmatch(line)
        if row is None or not looks_like_name(row["name"]):
            return False
        name_start = start + row.start("name")
        self.definitions.append(
            LabelDefinition(
                row["label"], row["name"], name_start, name_start + len(row["name"]), "table"
            )
        )
        return True

    def _compound_heading(self, start: int, line: str) -> bool:
        """``Compound 12: NAME``: the heading defines label 12, the number the text then
        calls the compound by (``to afford compound 12 (2.2 g, 92%)``)."""
        heading = _COMPOUND_HEADING.fullmatch(line)
        if heading is None:
            return False
        span = _title_span(start + heading.start("title"), heading["title"])
        if span is None:
            span = self._run_in_name(start + heading.start("title"), start + len(line))
        if span is None:
            return False
        name = self.text[span[0] : span[1]]
        self._add(2, start, LabelDefinition(heading["id"], name, *span, "heading"))
        return True

    def _run_in_name(self, name_start: int, limit: int) -> tuple[int, int] | None:
        """``Compound 5: NAME. Prepared from …``: a heading run into its paragraph, the
        name ending at the full stop or colon before the paragraph's first sentence."""
        name_end = _name_from(self.text, name_start, limit)
        if name_end is None or not _NAME_THEN_SENTENCE.match(self.text, name_end, limit):
            return None
        if not looks_like_name(self.text[name_start:name_end]):
            return None
        return name_start, name_end

    def _entry(self, index: int, start: int, line: str) -> None:
        """A paper's entry heading without a label: a name alone on its line, or before
        the first sentence of its paragraph. A line of names in a scheme is no heading,
        so prose must follow."""
        if "|" in line:
            return
        if PAREN_LABEL.search(line) and _TRAILING_LABEL.search(line.rstrip("*")):
            return  # a labelled heading: the scan for "name (label)" reads it
        if _SYNTHESIS_OF.match(line) and len(line) <= 200:
            span = _title_span(start, line)
            if span is not None:
                name = self.text[span[0] : span[1]]
                self._add(2, start, LabelDefinition(None, name, *span, "heading"))
            elif called := _CALLED_COMPOUND.fullmatch(line):
                # "Synthesis of Compound 1-4": the section makes the compound labelled 1-4
                at = start + called.start("id")
                self._add(
                    2,
                    start,
                    LabelDefinition(called["id"], None, at, at + len(called["id"]), "heading"),
                )
            elif not PAREN_LABEL.search(line) and not re.search(r"\.\s", line):
                self._add(2, start, None)  # "Synthesis of the Ligands": a heading all the same
            return
        end = _ENTRY_END.search(line)
        assert end is not None
        name, rest = line[: end.start()], line[end.end() :].strip()
        if len(name) > 300 or not any(c.isdigit() or c in "()[]" for c in name):
            return
        if not looks_like_name(name) or PAREN_LABEL.search(name):
            return
        following = self._next_line(index)
        if len(rest) < 40 and (rest or following is None or len(following[2]) < 60):
            return
        self._add(2, start, LabelDefinition(None, name, start, start + len(name), "heading"))


def _relabel(definition: LabelDefinition, label: str) -> LabelDefinition:
    return LabelDefinition(
        label, definition.name, definition.start, definition.end, definition.kind
    )


# --- the sections of a document ---------------------------------------------------


def read_sections(text: str) -> tuple[list[LabelDefinition], list[Section]]:
    """The definitions the headings and table rows of ``text`` make, and the sections the
    headings open."""
    reader = _SectionReader(text)
    reader.read()
    return list(reader.definitions), list(reader.sections)


def heading_section(text: str, definition: LabelDefinition) -> Section:
    """The section a labelled entry heading (``X (12b).``) opens; the parenthesised scan,
    not the line reader, finds those, and the section starts where its line's text does."""
    return Section(_line_start(text, definition.start), 2, definition)


def section_stacks(sections: list[Section]) -> list[tuple[int, tuple[LabelDefinition, ...]]]:
    """For each section start, the headings open there, outermost first."""
    stacks: list[tuple[int, tuple[LabelDefinition, ...]]] = []
    open_sections: list[Section] = []
    starts: set[int] = set()
    for section in sorted(sections, key=lambda s: s.start):
        if section.start in starts:
            continue  # an example's step and an entry heading on one line: the step
        starts.add(section.start)
        while open_sections and open_sections[-1].level >= section.level:
            open_sections.pop()
        open_sections.append(section)
        definitions = tuple(s.definition for s in open_sections if s.definition is not None)
        stacks.append((section.start, definitions))
    return stacks


#: A bracketed label: where a run-in heading's name ends.
_LABEL_INSIDE = re.compile(rf"\s+\(\s*{LABEL_OR_ROMAN}\s*\)(?=\s+\S|\s*$)")


#: A paragraph that opens with what it prepares: ``Preparation of NAME (2.5 g) was …``.
_PREPARATION_OPENS = re.compile(
    r"(?:synthesis|preparation|production)\s+of\s+(?:the\s+)?", re.IGNORECASE
)


def _run_in_title(text: str, start: int, line: str) -> tuple[int, int] | None:
    """The name of an example's title line that runs into its paragraph, as text whose
    line end was lost prints it: ``Example 4⏎Preparation of NAME 2,2-Difluoropropane-1,3-
    diol (2.50 g) was dissolved …``. Only after the words that say the example prepares
    it: a paragraph opening on a bare name opens on a reagent."""
    opening = _PREPARATION_OPENS.match(line)
    if opening is None or len(line) <= _HEADING_CHARS:
        return None  # a title of its own ("Synthesis of X Derivatives of Formula (I)")
    name_start = start + opening.end()
    name_end = _name_from(text, name_start, min(start + len(line), name_start + 400))
    if name_end is None or not looks_like_name(text[name_start:name_end]):
        return None
    return name_start, name_end


def _name_from(text: str, start: int, limit: int) -> int | None:
    """Where the longest chemical name that starts at ``start`` ends (before ``limit``)."""
    end = None
    misses = 0
    for token in re.finditer(r"\S+", text[start:limit]):
        stop = start + token.end()
        while stop > start and text[stop - 1] in ",;:.":
            stop -= 1
        span = name_before(text, stop)
        if span is None or span[0] > start or span[1] <= start:
            # "… carboxylic acid tert-butyl ester": "tert-butyl" ends no name, the next
            # token ends the whole one
            misses += 1
            if misses > 1:
                break
            continue
        end, misses = stop, 0
    return end


def _line_start(text: str, offset: int) -> int:
    """Where the text of the line holding ``offset`` starts, after its decoration."""
    start = text.rfind("\n", 0, offset) + 1
    while start < offset and text[start] in " \t#*>":
        start += 1
    return start
