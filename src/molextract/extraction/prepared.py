"""The compound a sentence opens with as the thing it prepared.

Patents written from one template state a product first and how it was made after:
``7.2 g of Compound 17 was prepared in the same manner as in Preparation Example 13,
except that A and B were used. (92%)``, ``NAME was prepared as a beige solid by using A
(…) and B (4.2 g, 12.94 mmol, yield: 74%)``, ``A final product, NAME, was obtained (197
mg, 73% yield) by the same method …``, ``Compound 41 was synthesized in the same manner
…. Yield: 0.93 g (0.84 mmol, 68%).`` The sentence's subject is the product; the names
after it are what it was made from, and the amounts that close the sentence (or stand
alone in the next one) are the product's. Read otherwise, the mass-and-yield bracket
after the last reagent makes that reagent the product.

The form holds only while the sentence makes nothing else: a verb that introduces
another product (``… and was then converted into Z (1 g, 50%)``, ``to give Z``) hands
the value to the forms that read that verb.
"""

from __future__ import annotations

import re

from molextract.extraction.appearance import FORM_OF_MATTER
from molextract.extraction.chemical_names import (
    is_generic_name,
    looks_like_name,
    name_before,
    tidy_name,
)
from molextract.extraction.cues import PRODUCT_ROLE
from molextract.extraction.entries import sentence_start, title_compound
from molextract.extraction.label_table import LabelTable
from molextract.extraction.labels import LABEL, RUN_LAST, TITLE_WORDS
from molextract.extraction.mentions import Mention, from_label, is_not_a_compound

#: ``was prepared``, ``were synthesized``, ``was similarly obtained``, after the subject
#: and an optional bracket (``NAME (12b) was prepared``).
_PREPARED = re.compile(
    r"(?P<aside>\s*\([^()]{1,40}\))?"
    # "Alcohol 7, obtained in 85% yield from 6, was protected": the participle alone
    # "Lactone 21 could also be prepared directly from 19": an adverb after the modal
    # "product 8aawas obtained": a PDF's text runs the label into the verb
    r"(?:(?:(?<=\d)|(?<=\d[a-z])|(?<=\d[a-z]{2}))(?:was|were)\s+"
    r"|\s*,?\s+(?:was|were|is|are|(?:can|could|may|might)\s+(?:(?:also|then|thus|now|still"
    r"|easily|readily|likewise|similarly)\s+)?be)\s+|(?P<participle>\s*,\s*(?=\w+\s+(?:in|as|from)\s))"
    # "The acid 12 crystallized from water as colourless plates, m.p. …": no auxiliary
    r"|\s+(?=(?:crystalli[sz]ed|precipitated)\s+(?:from|on|upon|out|as)\b))"
    r"(?:(?:then|also|thus|similarly|likewise|easily|readily|conveniently|efficiently)\s+)?"
    r"(?:(?:only|exclusively|cleanly|smoothly)\s+)?"
    r"(?:prepared|synthesi[sz]ed|obtained|made|formed|isolated|produced|generated|gained"
    # "The desired lactone 12 was thus secured in 45% yield"
    r"|secured|accessed|afforded|furnished|delivered|provided"
    # "The product, NAME, was collected by filtration (4.1 g, 78%)"
    r"|collected|precipitated|(?:re)?crystalli[sz]ed|separated"
    # "product 2a was observed in 83% NMR yield": a yield measured without isolating it
    r"|observed|detected"
    # "The title compound was used without further purification (0.140 g, 96.1%)"
    r"|used(?=\s+(?:directly|without|as\s+such|crude|in\s+the\s+next)))\b",
    re.IGNORECASE,
)
#: ``Compound 17``, ``Intermediate 10A``, ``Acceptor 5`` ending right before the verb:
#: a label after the word that says what it is (not after a preposition).
#: Words after which a name is the object of something else, not a subject.
_PREPOSITIONS = r"(?:of|in|with|from|using|and|or|to|by|for|into|on|at|than|then)"
_CALLED_LABEL = re.compile(
    rf"\b(?!{_PREPOSITIONS}\s|(?:which|that|whom|where|when|whereupon)\s)"
    rf"[A-Za-z][a-z]+\s+(?P<label>{LABEL})"
    # "the biaryl compounds 3ba-3ea were obtained": a run of labels, the first named
    rf"(?:\s*[−–-]\s*{RUN_LAST})?$",
    re.IGNORECASE,
)
#: A label in its own bracket after the subject: ``(12b)``, or a run of them ``(5ab-5ad)``.
_ASIDE_LABEL = re.compile(rf"\s*\(\s*({LABEL})(?:\s*[−–-]\s*{RUN_LAST})?\s*\)")
#: The same bracket ending the subject before a relative clause: ``a complex (2a), which``.
_ASIDE_LABEL_END = re.compile(rf"\s*\(\s*({LABEL})\s*\)\s*$")
#: A label after a colon, then the value's own bracket: ``…: 5ai (83 mg, 68%``.
_COLON_LABEL_BRACKET = re.compile(rf":\s*{LABEL}\s*\([^()]*$")
#: A run of labels right before the verb: ``5e−g``, ``3ba-3ea``.
_RUN_OPENING = re.compile(rf"(?<![\w\-.,/])(?P<label>{LABEL})\s*[−–-]\s*{RUN_LAST}\s*$")
#: A relative clause opening before the verb: its subject is the compound before it.
_WHICH_BEFORE = re.compile(r"\s*,?\s*which(?:\s+(?:then|also))?\s*$", re.I)
#: A kind of compound, named by the article before it: ``the bicyclic lactam``.
_KIND_BEFORE = re.compile(
    r"\b(?:the|a|an|this|that)\s+(?:[a-z][\w-]*\s+){0,3}[a-z][\w-]*\s*$", re.IGNORECASE
)
#: A kind of compound, then a phrase that says how it was made or what it bears:
#: ``the analogue derived from carbon tetrachloride``, ``the ester bearing a nitro group``.
_KIND_THEN_MODIFIER = re.compile(
    r"\b(?:the|a|an)\s+(?:[a-z][\w-]*\s+){0,3}[a-z][\w-]*\s+"
    r"(?:(?:derived|prepared|obtained|made|arising|resulting)\s+from|bearing|containing"
    r"|carrying)\s+[^()]{1,60}$",
    re.IGNORECASE,
)
#: A label opening a clause of its own: ``from which 49``, ``but 22``.
_CLAUSE_LABEL = re.compile(rf"\b(?:which|whom|but|while|whereas)\s+(?P<label>{LABEL})$", re.I)
#: A verb that makes another compound later in the sentence.
_ANOTHER_PRODUCT = re.compile(
    r"\b(?:gave|give|giving|afford(?:ed|s|ing)?|furnish(?:ed|ing)?|provid(?:ed|ing)|yielded"
    r"|to\s+yield"
    # (not "was formed as a single diastereomer, and isolated in 66 % yield": the same
    # product, its yield after a second verb with no object)
    r"|yielding|converted|transformed|(?:obtain(?:ed|ing)?|isolated)(?!\s+(?:in|as)\b)"
    r"|reacted|treated"
    r"|along\s+with|together\s+with|accompanied\s+by"
    # "5 was produced in only 12 % yield , the major product being 6 ( 60 % )"
    r"|\b(?:major|minor|main|other|predominant)\s+(?:by-?)?(?:products?|isomers?)\s+being"
    # "… was prepared from 29 ( Boc2O , 94 % ) and then oxidized to the aldehyde 31": a
    # step that turns it into something else
    r"|[a-z]{3,}(?:ed|ized|ised)\s+(?:in)?to\s+(?:the\s+)?(?:corresponding\s+)?"
    r"(?:[a-z][\w-]*\s+){0,2}?\(?\d\w*\b(?![.,]\d|\s*(?:°|%|[KhdM]\b|min|mL|ml|g\b|mg"
    r"|mmol|mol|equiv|bar|atm|psi|Torr|mm)))",
    re.IGNORECASE,
)
#: A sentence that is only the yield: ``(92%)``, ``Yield: 92%``, ``Yield: 0.93 g (0.84
#: mmol, 68%)``.
_YIELD_ONLY = re.compile(
    r"\(?\s*(?:(?:yield|Y)\s*[:=]?\s*)?"
    r"(?:\d[\d.,]*\s*(?:mg|g|kg)\s*\(?\s*(?:\d[\d.,]*\s*(?:mmol|mol)\s*,\s*)?)?$",
    re.IGNORECASE,
)
#: A sentence with no subject that only says how the product came and how much:
#: ``Obtained as an off-white solid (224 mg, 64%)``, after ``The title compound was
#: prepared from A and B according to general procedure M.``
_SUBJECTLESS = re.compile(
    r"(?:Obtained|Isolated|Collected)\s+as\s+(?:an?\s+)?(?:[\w\-]+\s+){0,4}?"
    rf"{FORM_OF_MATTER}\s*"
    r"\(\s*(?:\d[\d.,]*\s*(?:mg|g|kg|mmol|mol)\s*,\s*){0,3}(?:(?:yield|Y)\s*[:=]?\s*)?$"
)
#: Before a subject: a word that makes it an object (``a solution of NAME was prepared``)
#: unless it is the amount made (``7.2 g of NAME was prepared``).
_OBJECT_BEFORE = re.compile(rf"\b{_PREPOSITIONS}\s+$", re.IGNORECASE)
#: ``2.9 g of``, ``2.9 g (90% of theory) of``: the subject weighed, not an object.
_AMOUNT_OF_BEFORE = re.compile(r"\d\s*(?:mg|g|kg)\s*(?:\([^()]{1,30}\)\s*)?of\s+$", re.IGNORECASE)
#: The product's role in apposition before its name: ``A final product, NAME,``.
_ROLE_BEFORE = re.compile(
    r"\b(?:an?|the)\s+(?:final\s+|desired\s+|target\s+|crude\s+)?product\s*,\s*$", re.IGNORECASE
)


def prepared_subject(text: str, value_start: int, table: LabelTable) -> Mention | None:
    """The subject of ``SUBJECT was prepared …`` for a value in that sentence, or in a
    next sentence that is only the value (``… were used. (92%)``)."""
    start = sentence_start(text, value_start)
    limit = value_start
    if start > 0 and _SUBJECTLESS.fullmatch(text, start, value_start):
        # the sentence before made it; "Obtained" there is this sentence's, not another
        # product's
        limit = start
        start = sentence_start(text, start - 1)
        if not _PREPARED.search(text, start, limit):
            return None
    elif start > 0 and _YIELD_ONLY.fullmatch(text, start, value_start):
        start = sentence_start(text, start - 1)
    verbs = list(_PREPARED.finditer(text, start, limit))
    if not verbs:
        return _coordinated_subject(text, start, value_start, table)
    verb = verbs[-1]
    if len(verbs) > 1 and _SAME_PRODUCT.search(text, max(start, verb.start() - 40), verb.start()):
        # "Compound 12 was prepared from 11 …, except that the crude product was
        # recrystallized from ethanol. Yield: 78%.": the last verb's subject is the same
        # product by its role; the subject is the first verb's
        verb = verbs[-2]
    if _ANOTHER_PRODUCT.search(text, verb.end(), limit):
        return None
    elliptical = _ELLIPTICAL_CLAUSE.search(text, verb.end(), value_start)
    if elliptical is not None and "%" in text[verb.end() : elliptical.start()]:
        # "5a was obtained in 91 % yield , and 5b in 87 % yield": after the subject's own
        # yield, a clause that left out the verb, not its subject
        return None
    if _GAPPED_CLAUSE.search(text, verb.end(), value_start):
        # "Compound 7 was obtained as a white solid, m.p. 145 °C; compound 8 as a yellow
        # oil, b.p. 85 °C": after a semicolon, another subject with the verb left out
        return None
    if verb["participle"] is not None and _clause_ends(text[verb.end() : value_start]):
        # "The alcohol 21 , prepared from 23 , was oxidized with DMP ( 85 % )": the
        # participle's clause closed before the value, which is the next step's
        return None
    if _COLON_LABEL_BRACKET.search(text, verb.end(), value_start):
        # "Compound 5aa was synthesized by … chromatography (…): 5ai (83 mg, 68%)": the
        # label the colon introduces owns the bracket, whatever the subject says
        return None
    end = verb.start()
    relative = _WHICH_BEFORE.search(text, max(start, end - 30), end)
    if relative is not None and not verb["aside"]:
        # "led to the N-methyl derivative 15, which was obtained in 90% yield"
        end = relative.start()
    appositive = _APPOSITIVE.search(text, max(start, end - 60), end)
    mention = None
    if appositive is not None and not verb["aside"] and verb.group(0).lstrip().startswith(","):
        # "Compound 29 , the precursor of 30 , was obtained": the subject stands before
        # the phrase that says what it is
        mention = _subject_ending(text, start, appositive.start(), table)
    if mention is None and relative is not None and not verb["aside"]:
        # "the formation of a complex (2a), which could be isolated … in 70% yield": the
        # kind, then its label in brackets, before the relative clause
        aside = _ASIDE_LABEL_END.search(text, max(start, end - 24), end)
        if aside is not None and _KIND_BEFORE.search(
            text, max(start, aside.start() - 50), aside.start()
        ):
            return from_label(aside[1], text, end, table)
    mention = mention or _subject_ending(text, start, end, table)
    if mention is None and verb["aside"]:
        # "the bicyclic lactam (7) was isolated": a kind of compound, then its label
        # "the corresponding products (5ab-5ad) were obtained": a run, the first named
        # "The carboxymethyl analogue derived from carbon tetrachloride (4m) was
        # obtained": the kind, what it was made from or bears, then its label
        label = _ASIDE_LABEL.fullmatch(verb["aside"])
        if label is not None and _KIND_BEFORE.search(text, max(start, end - 50), end):
            return from_label(label[1], text, end, table)
        modified = _KIND_THEN_MODIFIER.search(text, max(start, end - 110), end)
        if label is not None and modified is not None:
            found = from_label(label[1], text, end, table)
            named = table.definition(label[1])
            if named is not None and modified.start() <= named.start < end:
                # the label table read the bracket as the last name's ("carbon
                # tetrachloride (4m)"); that name is what the product was made from
                return Mention(None, found.label, found.start, found.end, found.grounded)
            return found
    if mention is not None and verb["aside"] and mention.label is None:
        label = re.fullmatch(rf"\s*\(\s*({LABEL})\s*\)", verb["aside"])
        if label is not None:
            return Mention(mention.name, label[1], mention.start, mention.end, True)
    return mention


#: The product by its role, as the subject of a later verb of the same sentence.
_SAME_PRODUCT = re.compile(
    rf"\b(?:the|this)\s+(?:{PRODUCT_ROLE}\s+)?(?:product|residue|solid|material|precipitate"
    r"|compound)\s*$",
    re.IGNORECASE,
)


#: ``SUBJECT was purified by chromatography and isolated in 90% yield``: the yield's
#: verb shares its subject with a step before it. A purification that gives only an
#: amount gives its subject back: ``NAME was distilled (bp 180 °C) to give 8.8 g (68%)``.
_COORDINATED = re.compile(
    r"\s*,?\s+(?:was|were)\s+(?:\w+ly\s+)?(?:purified|filtered|washed|dried|concentrated"
    r"|recrystalli[sz]ed|chromatographed|triturated|extracted|distilled)\b"
    r"(?P<between>[^.;]{0,160}?)"
    r"(?:\s+and\s+(?:then\s+)?(?:finally\s+)?(?:isolated|obtained|collected)\s+in\b"
    r"|\s*,?\s+(?:to\s+(?:give|afford|yield|provide)|giving|affording|yielding)\s+"
    r"(?=\d+(?:\.\d+)?\s*(?:mg|g|kg)\b\.?\s*[(,]))",
    re.IGNORECASE,
)


def _coordinated_subject(
    text: str, start: int, value_start: int, table: LabelTable
) -> Mention | None:
    matches = list(_COORDINATED.finditer(text, start, value_start))
    found = matches[-1] if matches else None
    if found is None:
        purified = _PURIFIED_BRACKET.search(text, start, value_start)
        if purified is None or _ANOTHER_PRODUCT.search(purified.group(0)):
            return None
        # "the obtained crude product was purified by Biotage Isolera™ (653 mg, 84%)":
        # the purified subject's mass and yield close the purification; the product by
        # its role is the section heading's compound
        subject = _subject_ending(text, start, purified.start(), table)
        if subject is None and _SAME_PRODUCT.search(text, start, purified.start()):
            return title_compound(table, value_start)
        return subject
    if _ANOTHER_PRODUCT.search(found["between"]):
        return None
    return _subject_ending(text, start, found.start(), table)


#: A purification whose own bracket gives the purified compound's mass and yield.
_PURIFIED_BRACKET = re.compile(
    r"\s*,?\s+(?:was|were)\s+(?:\w+ly\s+)?(?:purified|recrystalli[sz]ed|chromatographed"
    r"|triturated|distilled)\b[^.;()]{0,80}\(\s*\d+(?:\.\d+)?\s*(?:mg|g|kg)\s*[,;]\s*$",
    re.IGNORECASE,
)


#: A phrase in apposition after the subject, closed by the comma before the verb:
#: ``, the precursor of 30``, ``, a key intermediate``.
_APPOSITIVE = re.compile(r"\s*,\s*(?:the|a|an)\s+[^,;()]{2,50}?\s*$", re.IGNORECASE)
#: A clause that leaves out the verb it shares with the one before: ``, and 5b in``.
_ELLIPTICAL_CLAUSE = re.compile(
    # ("and the tetra - substituted alkene 13 in 65 %": the kind may be words apart)
    rf"[,;]?\s+(?:and|while|whereas|but)\s+(?:the\s+)?(?:[a-z][\w-]*(?:\s-\s[a-z][\w-]*)?\s+){{0,3}}{LABEL}"
    # ("whereas the ortho-substituted 6d formed in only 40 %": or with a verb of its own)
    r"\s+(?:(?:(?:was|were)\s+)?(?:\w+ly\s+)?(?:formed|obtained|isolated|produced|generated)\s+)?"
    r"(?:in|with)\s+[^,;()]*\(?[^,;()]*$",
    re.IGNORECASE,
)


#: A clause after a semicolon that names another compound and leaves out the verb.
_GAPPED_CLAUSE = re.compile(
    rf";\s*(?:and\s+)?(?:the\s+)?(?:[a-z][\w-]*\s+){{0,2}}{LABEL}\s+(?:as|in)\s", re.I
)


def _clause_ends(between: str) -> bool:
    """A comma or semicolon outside brackets: a participle's clause ends there."""
    outside = re.sub(r"\([^()]*\)", "", between).split("(", 1)[0]
    return "," in outside or ";" in outside


#: A clause whose subject is only the form the product came in: ``A yellow solid``,
#: ``The pale brown oil``.
_FORM_SUBJECT = re.compile(
    r"\s*(?:an?|the)\s+(?:(?:pale|light|dark|bright|deep|off-white|white|colou?rless|yellow"
    r"|yellowish|orange|red|brown|brownish|tan|beige|pink|purple|green|blue|grey|gray|black"
    r"|clear|amorphous|crystalline|viscous|thick|sticky|waxy|fine|TFA|HCl)[\s-]+){0,3}"
    rf"(?:{FORM_OF_MATTER}|precipitate|salt)\s*",
    re.IGNORECASE,
)
#: A clause whose subject is the section's product by its role: ``The title compound``.
_TITLE_SUBJECT = re.compile(rf"\s*(?:the\s+)?{TITLE_WORDS}\s*", re.IGNORECASE)


#: A verb that makes a product, then the product by its label (maybe after its kind).
_MAKES_LABEL = re.compile(
    r"\b(?:to\s+(?:form|give|afford|furnish|provide|produce|deliver|obtain)|gave|afforded"
    r"|furnished|provided|produced|delivered|giving|affording|furnishing|providing)\s+"
    r"(?:the\s+)?(?:(?:desired|expected|target|corresponding)\s+)?(?:[a-z][\w-]*\s+){0,2}?"
    rf"(?P<label>{LABEL})(?![\w-])",
    re.IGNORECASE,
)


def _made_in_sentence_before(text: str, start: int, table: LabelTable) -> Mention | None:
    """The labelled product the sentence before ``start`` makes, within its paragraph."""
    sentence = text[:start].rstrip()
    if start == 0 or not sentence or "\n\n" in text[len(sentence) : start]:
        return None
    before = sentence_start(text, len(sentence) - 1)
    made = list(_MAKES_LABEL.finditer(text, before, len(sentence)))
    if not made:
        return None
    return from_label(made[-1]["label"], text, made[-1].start("label"), table)


def _subject_ending(text: str, start: int, end: int, table: LabelTable) -> Mention | None:
    """The compound whose mention ends at ``end``, if it is the clause's subject."""
    if _FORM_SUBJECT.fullmatch(text, start, end):
        # "A yellow solid was obtained (67 mg, 52%)": what the section makes, named by its
        # heading; without one the sentence names nothing
        return title_compound(table, end)
    title = _TITLE_SUBJECT.fullmatch(text, start, end)
    if title is not None:
        # "The title compound was prepared from A and B in 67% yield": the heading's
        # compound, or, where no heading names it, the phrase (never A or B)
        phrase = title.group(0).strip()
        at = text.index(phrase, start)
        found = title_compound(table, end)
        if found is None and not re.search(r"\btitle", phrase, re.IGNORECASE):
            # "… with 2b to form 3ab. The desired product was obtained in 85 % yield":
            # the product the sentence before said the step makes
            found = _made_in_sentence_before(text, start, table)
        return found or Mention(phrase, None, at, at + len(phrase), True)
    clause = _CLAUSE_LABEL.search(text, max(start, end - 30), end)
    if clause is not None:
        # "a mixture of alcohols from which 49 was isolated": a clause's own subject
        return from_label(clause["label"], text, end, table)
    run = _RUN_OPENING.search(text, max(start, end - 24), end)
    lead = "" if run is None else text[start : run.start()].rstrip()
    if run is not None and (not lead or lead.endswith((",", ";", ":"))):
        # "After heating for 2 h, 5e−g could be isolated in 39−88% yield": a run of labels
        # opening its clause, the first named
        return from_label(run["label"], text, end, table)
    called = _CALLED_LABEL.search(text, max(start, end - 40), end)
    if called is not None:
        if _blocked(text, start, called.start()):
            return None
        return from_label(called["label"], text, end, table)
    apposition = text[:end].endswith(",")
    span = name_before(text, end - 1 if apposition else end)
    if span is None or span[0] < start:
        return None
    written = tidy_name(text[span[0] : span[1]])
    if re.fullmatch(LABEL, written) and not apposition and not _blocked(text, start, span[0]):
        # "7e was obtained from 6e": a bare label is the subject's label, not its name
        return from_label(written, text, span[1], table)
    if is_not_a_compound(written) or is_generic_name(written) or not looks_like_name(written):
        return None
    if apposition and not _ROLE_BEFORE.search(text, max(start, span[0] - 40), span[0]):
        return None
    if _blocked(text, start, span[0]):
        return None
    return Mention(written, table.label_of(written), span[0], span[1], True)


def _blocked(text: str, start: int, subject_start: int) -> bool:
    """The words before the subject make it an object of something else."""
    before = text[max(start, subject_start - 30) : subject_start]
    amount = text[max(start, subject_start - 60) : subject_start]
    return bool(_OBJECT_BEFORE.search(before)) and not _AMOUNT_OF_BEFORE.search(amount)
