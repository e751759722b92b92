"""Which compound each label of a document stands for, and whose section a value is in.

Chunks of a long document reach the model apart, so beside a value it often sees only
``12b`` or "the title compound". The names behind them are defined once, far away: in
an entry heading (``3-Bromo-4-methoxybenzaldehyde (12b).``), beside a first mention
(``to give methyl 4-bromobenzoate (2a)``), in a patent's example headings (``EXAMPLE
2`` … ``B. Synthesis of X``) or in a table of labelled compounds (``E1 | name``).
These conventions are regular enough for code, so the table is read from the whole
text once, deterministically and in milliseconds, and the model never has to see the
whole document. Labels are read in :mod:`~molextract.extraction.labels`, headings in
:mod:`~molextract.extraction.sections`.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from molextract.extraction.abbreviations import Abbreviation, read_abbreviations
from molextract.extraction.chemical_names import name_key
from molextract.extraction.labels import (
    LabelConflict,
    LabelDefinition,
    LabelReference,
    bare_label,
    label_key,
    label_references,
    parenthesised_definitions,
)
from molextract.extraction.sections import (
    Section,
    heading_section,
    read_sections,
    section_stacks,
)


class LabelTable:
    """Labels, names and sections of one document; ``build_label_table`` makes one."""

    def __init__(
        self,
        definitions: list[LabelDefinition],
        references: list[LabelReference],
        sections: list[Section],
        abbreviations: dict[str, Abbreviation] | None = None,
    ) -> None:
        self.definitions = tuple(sorted(definitions, key=lambda d: d.start))
        self.references = tuple(dict.fromkeys(references))
        self._by_label: dict[str, LabelDefinition] = {}
        self._by_name: dict[str, LabelDefinition] = {}
        conflicts: list[LabelConflict] = []
        for definition in self.definitions:
            if definition.label is None:
                continue
            if definition.name is not None:
                self._by_name.setdefault(name_key(definition.name), definition)
            key = label_key(definition.label)
            kept = self._by_label.setdefault(key, definition)
            if kept.name is None and definition.name is not None:
                # "Example 1: Synthesis of compound 1a" labels 1a without a name; the
                # "4-Chloro-N-phenylbenzamide (1a)" that follows names it
                self._by_label[key] = kept = definition
            if (
                kept is not definition
                and kept.name is not None
                and definition.name is not None
                and name_key(kept.name) != name_key(definition.name)
            ):
                conflicts.append(LabelConflict(definition.label, kept, definition))
        self.conflicts = tuple(conflicts)
        self._abbreviations = abbreviations or {}
        self._stacks = section_stacks(sections)
        self._stack_starts = [start for start, _ in self._stacks]

    def definition(self, label: str) -> LabelDefinition | None:
        """The first definition of a label (``12b``, ``compound 12b``, ``Example 2B``)
        that names it, else its first."""
        return self._by_label.get(label_key(bare_label(label)))

    def name_of(self, label: str) -> str | None:
        """The name the text gives a label, or None when it never names it."""
        definition = self.definition(label)
        return None if definition is None else definition.name

    def abbreviation(self, short: str) -> Abbreviation | None:
        """The name a short form the text defines stands for (``2-MeTHF``), if any."""
        found = self._abbreviations.get(name_key(short))
        if found is None or found.short == short:
            return found
        # "Co" (cobalt) is not "CO": a short form written with capitals means its case;
        # one written all in lower case ("dmso") was only typed without them
        cased = re.search(r"[A-Za-z][A-Z]", found.short) and not short.islower()
        return None if cased else found

    def label_of(self, name: str) -> str | None:
        """The label the text first gives a name, or None when it never labels it."""
        definition = self._by_name.get(name_key(name))
        return None if definition is None else definition.label

    def references_to(self, label: str) -> list[LabelReference]:
        """Where the text uses a label without defining it, ranges included."""
        key = label_key(bare_label(label))
        return [r for r in self.references if label_key(r.label) == key]

    def title_compound_at(self, offset: int) -> LabelDefinition | None:
        """The heading whose section holds ``offset``: the innermost that names a compound,
        else the innermost that at least labels one (``Example 7`` without a title)."""
        index = bisect_right(self._stack_starts, offset) - 1
        if index < 0:
            return None
        stack = self._stacks[index][1]
        named = [d for d in stack if d.name is not None]
        if named:
            return named[-1]
        return stack[-1] if stack else None

    def labels(self) -> list[str]:
        """Every label the text defines or refers to, in order of first appearance."""
        items = [(d.start, d.label) for d in self.definitions if d.label is not None]
        items += [(r.start, r.label) for r in self.references]
        seen: dict[str, str] = {}
        for _, label in sorted(items, key=lambda item: item[0]):
            seen.setdefault(label_key(label), label)
        return list(seen.values())


def build_label_table(text: str) -> LabelTable:
    """Every label definition, label reference, section and abbreviation of a document,
    read once."""
    definitions, sections = read_sections(text)
    for definition in parenthesised_definitions(text):
        definitions.append(definition)
        if definition.kind == "heading":
            sections.append(heading_section(text, definition))
    return LabelTable(definitions, list(label_references(text)), sections, read_abbreviations(text))
