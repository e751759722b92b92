"""A product called only by its class: ``gave the corresponding aldehyde ( 92 % )``.

Journal narrative often names a step's product by the class the step made it into,
with the article and no number: ``Swern oxidation of 12 afforded the aldehyde in 85 %
yield``, ``Hydrolysis of ester 5 afforded the acid ( 85 % )``, ``The alcohol 8 was
protected as its TBS ether ( 95 % )``. The yield is that product's: the verb says so,
and the class word stands straight before the yield. No name or label of the product
is printed, so none is marked for the model, which then picks what it can see, nearly
always the starting material (``12``, ``5``, ``8``) the same sentence names: wrong,
and worse than saying only what the text says.

So the class phrase is the compound (``aldehyde``, ``amine hydrochloride``, ``TBS
ether``), with the role words that say nothing of it dropped (``corresponding``,
``desired``). Under a heading that names a compound of that class (``4-formylbenzoate``
over ``to give the aldehyde``), the heading's compound is the product, as a section
calls its own product by its class; under a heading of another class the phrase is left
to the other forms and the model, as before (a patent's paragraph names its product in
its heading, and the class word there is often the reagent's).
"""

from __future__ import annotations

import re

from molextract.extraction.cues import MAKES_PRODUCT, PRODUCT_ROLE
from molextract.extraction.entries import sentence_start, title_compound
from molextract.extraction.label_table import LabelTable
from molextract.extraction.mentions import Mention, of_class

#: Classes of compounds a step makes, in the singular and the plural, as the last word
#: of the phrase (``enol triflate``, ``TBS ether``, ``amine hydrochloride``).
_CLASSES = (
    # (a class may carry its substituents' prefix: "triarylamines", "hydroxyketone")
    r"[a-z]*(?:aldehyde|ketone|diketone|acid|diacid|ester|diester|lactone|lactam|amide|amine"
    r"|aniline|alcohol|diol|triol|phenol|ether|epoxide|bromide|chloride|iodide|fluoride"
    r"|alkene|olefin|alkyne|diene|enone|dienone|enol|nitrile|azide|imine|oxime|hydrazone"
    r"|sulfide|sulfoxide|sulfone|sulfonamide|thiol|thioether|acetal|ketal|acetonide"
    r"|acetate|diacetate|benzoate|carbonate|carbamate|urea|triflate|mesylate|tosylate"
    r"|boronate|anhydride|hydrochloride|hydrobromide|aminal|hemiacetal|silyl\s+ether"
    r"|cyanohydrin|nitro\s+compound|heterocycle|pyrazole|triazole|indole|pyridine"
    r"|(?:cyclo)?adduct|dimer)s?"
)
#: A word that may qualify the class (``methyl``, ``TBS``, ``N-Boc``, ``cis``).
_QUALIFIER = r"(?:[A-Za-z][\w'-]*|\([^()\s]{1,6}\)-?[\w-]*)"
#: A step's product verb, then the article and the class phrase; ``as its`` after a
#: verb of protection or conversion (``protected as its TBS ether``).
_LEAD = (
    rf"\b(?:{MAKES_PRODUCT}|yield(?:s|ing)|produc(?:es|ing)|form(?:s|ed|ing)"
    r"|(?:converted|transformed)\s+(?:in)?to)"
    r"\s+the"
    r"|\b(?:protected|converted|isolated|obtained|trapped|derivatized)\s+as\s+its"
)
#: What stands between the class word and the yield: the yield's own bracket (maybe
#: after the product's mass), or ``in``, maybe with a word (``in excellent``, ``in an
#: overall``).
_BETWEEN = (
    r"\s*(?:(?P<bracket>\()\s*(?:\d[\d.,]*\s*(?:mg|g|kg)\s*[,;]\s*)?"
    r"|in\s+(?:an?\s+)?(?:(?:overall|excellent|good|high|moderate|isolated)\s+)?)"
)
_PHRASE = re.compile(
    rf"(?:{_LEAD})\s+(?P<phrase>(?:{_QUALIFIER}\s+){{0,2}}{_CLASSES}){_BETWEEN}$",
    re.IGNORECASE,
)
#: Words that say the phrase is the product, not which one: dropped from the name.
_ROLE_WORDS = re.compile(rf"(?:(?:{PRODUCT_ROLE}|known)\s+)+", re.IGNORECASE)
#: After an ``in`` form, the value is a yield only when ``yield`` follows it, or
#: nothing does before the sentence's or clause's end (``in 71–99%.``; not ``in 90 %
#: ee``, ``in 95 % purity``).
_YIELD_AFTER = re.compile(
    r"\s*%?\s*(?:(?:overall\s+|isolated\s+|combined\s+)?yield\b|(?:[.;,]|\s*$))", re.I
)


#: The class after the value: ``a 91 % isolated yield of the ketone``, ``68 % of the
#: cycloadduct was obtained``.
_AFTER = re.compile(
    rf"\s*%?\s*(?:(?:isolated|overall|combined)\s+)?(?:yield\s+)?of\s+the\s+"
    # (not "a 79 % yield of the ketone 5": the label's form reads that)
    rf"(?P<phrase>(?:{_QUALIFIER}\s+){{0,2}}?{_CLASSES})\b(?!\s*\(?\s*[A-Za-z]?\d)"
    r"(?P<tail>\s+(?:was|were)\s+(?:\w+ly\s+)?(?:obtained|isolated|formed|produced|achieved"
    r"|realized)\b)?",
    re.IGNORECASE,
)


def class_product(text: str, value_start: int, value_end: int, table: LabelTable) -> Mention | None:
    """The product a step's verb names by its class just before the yield, or right
    after it as what the yield is of; None for any other value."""
    start = sentence_start(text, value_start)
    found = _PHRASE.search(text, max(start, value_start - 160), value_start)
    if found is not None and (found["bracket"] is not None or _YIELD_AFTER.match(text, value_end)):
        begin, end = found.start("phrase"), found.end("phrase")
    else:
        after = _AFTER.match(text, value_end)
        if after is None or ("yield" not in after.group(0).lower() and after["tail"] is None):
            return None
        begin, end = after.start("phrase"), after.end("phrase")
    role = _ROLE_WORDS.match(text, begin, end)
    offset = role.end() if role else begin
    name = re.sub(r"\s+", " ", text[offset:end])
    if any(ch.isdigit() for ch in name.split()[-1]):
        return None
    word = name.split()[-1].lower()
    heading = title_compound(table, value_start)
    if heading is not None and heading.name is not None:
        singular = word[:-1] if word.endswith("s") else word
        fits = singular in heading.name.lower() or of_class(heading.name, singular)
        return heading if fits else None
    return Mention(name, None, offset, end, True)
