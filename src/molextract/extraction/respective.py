"""Values listed in the order of the compounds listed before them.

Journals report a series in one sentence: ``the bisketones 2r and 2s were isolated in
90 % and 92 % yield``, ``naphthalenes 7g and 7h in 46 % and 49 % yield``,
``o-carboxycinnamic acid and naphthoquinone in 56 and 31 % yield``. The n-th value is
the n-th compound's, whether or not the sentence ends in "respectively". Read singly,
each value looks like the last compound's (the one printed nearest before the list),
which is right for one value in n; so this form is tried before the others.
"""

from __future__ import annotations

import re

from molextract.extraction.chemical_names import (
    is_generic_name,
    looks_like_name,
    name_before,
    tidy_name,
)
from molextract.extraction.label_table import LabelTable
from molextract.extraction.labels import LABEL
from molextract.extraction.mentions import Mention, from_label, is_not_a_compound, product_end

_NUMBER = r"\d+(?:\.\d+)?"
_JOIN = r"\s*(?:,\s*and\s+|,\s*|\s+and\s+|\s*&\s*)"
#: ``90 % and 92 %``, ``56 and 31 %``, ``85, 72 and 64%``, ``120, 135 and 142 °C``, a
#: patent's ``32° C. and 116° C.``: two or more numbers, the last with its unit (a
#: percent sign or degrees Celsius).
_UNIT = r"(?:%|°\s?C\.?)"
#: One value of a list: a number, a range (``59–62%``) or a bound (``<5%``).
_ITEM = rf"(?:[<>≤≥~]\s*)?{_NUMBER}(?:\s*[-–−]\s*{_NUMBER})?"
#: A short bracket after a value with its unit, not a label (that names the value's
#: product itself): ``68% (357 mg) and 42% (230 mg) yields``.
_ASIDE = rf"\s*\((?!\s*{LABEL}\s*\))[^()%]{{1,40}}\)"
_VALUES = re.compile(
    # (never opening on a ratio's second term: "( dr 3 : 1 , 82 % )")
    rf"(?<![\w.])(?<!\d:)(?<!\d:\s)(?<!\d\s:\s){_ITEM}(?:\s*{_UNIT}(?:{_ASIDE})?)?"
    rf"(?:{_JOIN}{_ITEM}(?:\s*{_UNIT}(?:{_ASIDE})?)?)+"
    r"(?=\s*(?:%|°\s?C)|(?<=%)|(?<=°C)|(?<=° C)|(?<=°C\.)|(?<=° C\.))"
)
_ONE_NUMBER = re.compile(_ITEM)
_BRACKET = re.compile(r"\([^()]*\)")
#: Between two labels of a list: a join, or a second product's "together with", and
#: the article and kind word it may bring (``dibromide 4 together with the
#: monobromide 5``, ``alcohol 9 and ketone 10``).
_LABEL_JOIN = (
    rf"(?:{_JOIN}|\s+(?:together|along)\s+with\s+|\s+as\s+well\s+as\s+)"
    # (``ketone 13 and its epimer 14``: the second product named by what it is to the
    # first)
    r"(?:(?:the|its|their)\s+)?(?:[a-z][a-z-]{2,}\s+)?"
)
#: After a list of yields, the products they are the yields of: ``yields of 3b and 3c``.
_YIELDS_OF_LABELS = re.compile(
    r"\s*%?\s*(?:isolated\s+|combined\s+)?yields?\s+of\s+(?:the\s+)?"
    r"(?:(?:corresponding|desired|expected)\s+)?(?:[a-z][a-z-]{2,}\s+)?"
    rf"(?P<labels>(?:{LABEL}{_LABEL_JOIN})+{LABEL})(?![\w\-])",
    re.IGNORECASE,
)
#: What a list may print after each label: its substituents (``3a ( R = Me ) and 3b ( R
#: = Ph )``).
_SUBSTITUENTS = r"(?:\s*\(\s*(?:R|X|Y|Ar)\d?\s*=[^()]{1,30}\))"
_LABELS_AT_END = re.compile(
    rf"(?<![\w\-.,/])((?:{LABEL}{_SUBSTITUENTS}?{_LABEL_JOIN})+{LABEL}){_SUBSTITUENTS}?\s*$"
)
_JOIN_AT_END = re.compile(rf"{_JOIN}$")
#: A series printed as its first and last member: ``7a–7d``, ``3a-c``, ``5a−5f``.
_SERIES_AT_END = re.compile(r"(?<![\w\-.,/])([1-9]\d{0,2})([a-z])\s?[-–−‒]\s?(?:\1)?([a-z])\s*$")
_LABEL_AT_END = re.compile(rf"(?<![\w\-.,/]){LABEL}\s*$")


def respective_product(text: str, value_start: int, table: LabelTable) -> Mention | None:
    """The compound whose place in a list matches the value's place in the list of
    values that follows it, or None when the value stands in no such pair of lists
    of equal length."""
    values = _value_list(text, value_start)
    if values is None:
        return None
    list_start, numbers = values
    index = next((i for i, (s, e) in enumerate(numbers) if s <= value_start < e + 2), None)
    if index is None:
        index = next((i for i, (s, _e) in enumerate(numbers) if s >= value_start), None)
    if index is None:
        return None
    named_after = _YIELDS_OF_LABELS.match(text, numbers[-1][1])
    if named_after is not None:
        # "gave 80 % and 75 % yields of 3b and 3c , respectively": the products after
        after = _labels_ending_at(text, named_after.end("labels"), table)
        if after is not None and len(after[1]) == len(numbers):
            return after[1][index]
    end = product_end(text, list_start)
    were = _YIELDS_OF_WERE.search(text, max(0, list_start - 200), list_start)
    if were is not None:
        end = were.start("were")  # "The yields of 4c and 4d were 75 and 81 %"
    melt = _MELT_AT.search(text, max(0, list_start - 30), list_start)
    if melt is not None:
        end = melt.start()  # "Compound Nos. 87 and 88 melt at 32° C. and 116° C."
    if end is None:
        return None
    products = _products_ending_at(text, end, table) or _bracketed_list(text, end, table)
    one = _LABEL_AT_END.search(text, max(0, end - 20), end)
    lead = products[0] if products is not None else one.start() if one is not None else None
    if lead is not None:
        made = _MADE_FROM_BEFORE.search(text, max(0, lead - 80), lead)
        if made is not None:
            # "21b and 21c were obtained from 22b and 22c in 81 % and 77 % yield": the
            # list after "from" is what the subject's list was made from
            products = _products_ending_at(text, made.start(), table)
    if (
        products is None
        and one is not None
        and lead == one.start()
        and _named(one, text, table)
        and not _LIST_BEFORE.search(text, max(0, one.start() - 16), one.start())
    ):
        # "we obtained 3 in yields of 20% and 21% (entries 3 and 4)": one product, its
        # yields under the conditions the sentence lists
        return from_label(one.group(0).strip(), text, one.end(), table)
    if products is None or len(products[1]) != len(numbers):
        products = _lead_in_list(text, list_start, table)
    if products is None or len(products[1]) != len(numbers):
        products = _subject_list(text, list_start, table)
    if products is None or len(products[1]) != len(numbers):
        return None
    return products[1][index]


#: A list of labels as the subject of the clause whose values follow: ``The cis and
#: trans isomers 19 and 20 were formed in a 1 : 2 ratio and isolated in``. Between them
#: only words and a ratio, no other number that could be a compound's.
_SUBJECT_LIST_WERE = re.compile(
    rf"(?<![\w\-.,/])(?P<labels>(?:{LABEL}{_LABEL_JOIN})+{LABEL})\s+(?:were|are)\s+"
    r"(?:[^.;%\d()]|\d+\s*:\s*\d+)*$"
)


def _subject_list(
    text: str, list_start: int, table: LabelTable
) -> tuple[int, list[Mention]] | None:
    """The list of labels that is the subject of the values' clause."""
    found = _SUBJECT_LIST_WERE.search(text, max(0, list_start - 200), list_start)
    if found is None:
        return None
    return _labels_ending_at(text, found.end("labels"), table)


#: A sentence that opens on what it is for: ``For the synthesis of side chain methylated
#: products 2c and 2d,`` (the labels end the match).
_LEAD_IN = re.compile(
    r"(?:^|(?<=[.!?]\s)|(?<=\n))(?:For|In)\s+the\s+(?:synthesis|preparation|formation)"
    r"\s+of\s+(?:the\s+)?(?:[\w-]+\s+){0,4}?"
    rf"(?P<labels>(?:{LABEL}{_LABEL_JOIN})+{LABEL})\s*,"
)


def _lead_in_list(
    text: str, list_start: int, table: LabelTable
) -> tuple[int, list[Mention]] | None:
    """``For the synthesis of products 2c and 2d, the Mitsunobu reaction provided the
    esters in 78% and 84% yields``: the clause names its products by their kind, and
    the lead-in says which they are, in order."""
    lo = max(0, list_start - 300)
    found = max(_LEAD_IN.finditer(text, lo, list_start), key=lambda m: m.start(), default=None)
    if found is None or re.search(r"[.;]\s", text[found.end() : list_start]):
        return None
    return _labels_ending_at(text, found.end("labels"), table)


#: ``The yields of 4c and 4d were 75 and 81 %``: the list the values are the yields of.
_YIELDS_OF_WERE = re.compile(
    r"\b(?:yields?|melting\s+points?|boiling\s+points?|m\.\s?p\.(?:'?s)?)\s+of\s+(?:the\s+)?[^.;()%]{1,120}?(?P<were>\s+(?:were|are|(?:still\s+)?remained)\s+"
    # or a colon: "Isolated yields of 5a–5c: 85%, 80%, 72%"
    r"(?:(?:found|determined|shown)\s+to\s+be\s+|respectively\s+)?|\s*:\s*)$",
    re.IGNORECASE,
)
#: The compounds' own verb before their list of points: ``87 and 88 melt at``.
_MELT_AT = re.compile(
    r"\s+(?:melt|melts|melted|boil|boils|boiled)\s+(?:at|from)\s+(?:about\s+)?$", re.IGNORECASE
)
#: Between a list of products and the list of what they were made from.
_MADE_FROM_BEFORE = re.compile(
    r"\s+(?:was|were|is|are)\s+(?:\w+ly\s+)?(?:obtained|prepared|synthesi[sz]ed|formed"
    r"|isolated|produced|made|generated)\s+from\s+(?:the\s+)?(?:[a-z-]+\s+)?$",
    re.IGNORECASE,
)


#: ``2a and 3``: a label after a join ends a list, never stands alone.
_LIST_BEFORE = re.compile(rf"(?<![\w\-.,/]){LABEL}{_JOIN}$")


def _named(label: re.Match[str], text: str, table: LabelTable) -> bool:
    """A bare number is a compound's label when the document defines it or a word
    stands before it (``we obtained 3``), not after a bracket (``( 4 : 1 , 85 % )``)."""
    bare = label.group(0).strip()
    if not re.fullmatch(r"\d+", bare) or table.definition(bare) is not None:
        return True
    return _CALLED_COMPOUNDS.search(text[max(0, label.start() - 20) : label.start()]) is not None


#: A word before bare numbers that makes them compounds' numbers (``we obtained 3``,
#: ``compounds 87 and 88``, a patent's ``Compound Nos. 87 and 88``).
_CALLED_COMPOUNDS = re.compile(r"(?:[A-Za-z]|\bNos?\.)\s*$")


def _bracketed_list(text: str, end: int, table: LabelTable) -> tuple[int, list[Mention]] | None:
    """``the corresponding products (3b and 3c) in 78% and 77% yields``: the list in its
    own bracket after the kind of compound."""
    if not text[:end].endswith(")"):
        return None
    inner_end = len(text[: end - 1].rstrip())
    products = _products_ending_at(text, inner_end, table)
    if products is None or not text[: products[0]].rstrip().endswith("("):
        return None
    return products


def _products_ending_at(text: str, end: int, table: LabelTable) -> tuple[int, list[Mention]] | None:
    """The list of labels (or else names) that ends at ``end``, and where it starts."""
    return (
        _series_ending_at(text, end, table)
        or _labels_ending_at(text, end, table)
        or _names_ending_at(text, end, table)
    )


#: After a list's last value: it alone is an excess, a ratio or a conversion
#: (``67%, 90% ee``), so the numbers are no list of one kind.
_OTHER_KIND_AFTER = re.compile(r"\s*%?\s*(?:ee|de|er|dr|e\.e\.|d\.e\.|conv)\b", re.IGNORECASE)


def _value_list(text: str, value_start: int) -> tuple[int, list[tuple[int, int]]] | None:
    lo = max(0, value_start - 60)
    for found in _VALUES.finditer(text, lo, min(len(text), value_start + 60)):
        if found.start() <= value_start < found.end() + 2:
            if _OTHER_KIND_AFTER.match(text, found.end()) and "%" in found.group(0)[:-1]:
                return None
            # (the numbers of an aside are not values: blanked, offsets kept)
            bare = _BRACKET.sub(lambda m: " " * len(m.group(0)), found.group(0))
            numbers = [(m.start(), m.end()) for m in _ONE_NUMBER.finditer(bare)]
            return found.start(), [(found.start() + s, found.start() + e) for s, e in numbers]
    return None


def _series_ending_at(text: str, end: int, table: LabelTable) -> tuple[int, list[Mention]] | None:
    """``the Schiff bases 7a–7d were obtained in 70, 75, 80 and 72% yields``: a series
    printed by its ends stands for each member in turn (7a, 7b, 7c, 7d). A member the
    text never prints on its own is grounded at the series."""
    found = _SERIES_AT_END.search(text, max(0, end - 20), end)
    if found is None or found[3] <= found[2]:
        return None
    number, first, last = found[1], ord(found[2]), ord(found[3])
    members: list[Mention] = []
    for letter in range(first, last + 1):
        mention = from_label(f"{number}{chr(letter)}", text, found.end(), table)
        if mention.start is None:
            mention = Mention(mention.name, mention.label, found.start(), found.end(3), True)
        members.append(mention)
    return found.start(), members


def _labels_ending_at(text: str, end: int, table: LabelTable) -> tuple[int, list[Mention]] | None:
    found = _LABELS_AT_END.search(text, max(0, end - 80), end)
    if found is None:
        return None
    start = found.start(1)
    spans: list[Mention] = []
    # (a label's substituents are blanked, so that "R" and "Me" are read as no label)
    listed = re.sub(_SUBSTITUENTS, lambda m: " " * len(m.group(0)), found.group(1))
    parts = list(re.finditer(LABEL, listed))
    lettered = any(not part.group(0).isdigit() for part in parts)
    for part in parts:
        at = start + part.start()
        bare = re.fullmatch(r"\d+", part.group(0)) and table.definition(part.group(0)) is None
        if bare and not lettered and not _CALLED_COMPOUNDS.search(text[max(0, start - 20) : start]):
            # "2 and 3": numbers, unless a word calls them compounds or the list's
            # other members are labels ("2a and 3")
            return None
        spans.append(from_label(part.group(0), text, at + len(part.group(0)), table))
    return start, spans


def _names_ending_at(text: str, end: int, table: LabelTable) -> tuple[int, list[Mention]] | None:
    mentions: list[Mention] = []
    first = end
    while True:
        span = name_before(text, end)
        if span is None:
            return None
        written = tidy_name(text[span[0] : span[1]])
        if is_not_a_compound(written) or is_generic_name(written) or not looks_like_name(written):
            return None
        mentions.append(Mention(written, table.label_of(written), span[0], span[1], True))
        first = span[0]
        join = _JOIN_AT_END.search(text, max(0, span[0] - 8), span[0])
        if join is None:
            break
        end = join.start()
    return (first, mentions[::-1]) if len(mentions) > 1 else None
