"""Typeset the gold documents as journal-like PDFs, and write the PDF reader's fixtures.

    .venv/bin/python bench/typeset_gold.py [--gold tests/data/gold/gold.jsonl] [--out DIR]
    .venv/bin/python bench/typeset_gold.py --fixtures tests/data/pdf

The gold values are known exactly, so a PDF made from a gold document with a real typesetter
(Typst) lets the PDF path be scored against the text path on the same values, with the
hazards journals add: two columns, running heads, page and line numbers, hyphenation, bold
entry headings. Layouts rotate by document index. In every third block of three documents
the gold text follows filler prose (no digits, no chemistry, so nothing to extract), the
shortest lead-in that pushes its end past page 1: it then starts on page 2 or crosses a page
(and often a column) break. ``manifest.jsonl`` gives, per value, the page its number is
printed on, found in pdfium's plain page text (see ``locate_pages``).

Gold text goes to Typst as JSON strings through ``sys.inputs``, never as markup, so every
character prints verbatim without escaping. Output is byte-identical between runs (fixed
timestamp, embedded fonts only); ``encrypted.pdf`` is the exception (random salts).
"""

from __future__ import annotations

import argparse
import json
import re
import struct
import tempfile
import time
import zlib
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import typst

ROOT = Path(__file__).resolve().parents[1]
LAYOUTS = ("article2col", "si", "article1col")
TITLE = "A Note on Preparations and Physical Data"
AUTHORS = "Ada Writer and Ben Reader"

TEMPLATE = r"""
#let doc = json(bytes(sys.inputs.doc))
#let seg(s) = if type(s) == str { s } else if s.at(0) == "sub" { sub(s.at(1)) } else if s.at(0) == "super" { super(s.at(1)) } else { linebreak(justify: true) }
#let blocks(bs, hsize) = for b in bs {
  let c = b.segs.map(seg).join()
  if b.heading { block(above: 1.2em, below: 0.7em, sticky: true, text(weight: "bold", size: hsize, c)) } else { par(c) }
}
#let runhead(l, r) = block(width: 100%, stroke: (bottom: 0.4pt), inset: (bottom: 3pt), text(size: 8pt, { l; h(1fr); r }))
#let titleblock(size) = if doc.title != "" {
  place(top + center, float: true, scope: "parent", clearance: 1.8em, block(width: 100%, {
    text(size: size, weight: "bold", doc.title); parbreak(); text(size: 0.6 * size, doc.authors) }))
}
#set document(title: if doc.title != "" { doc.title } else { doc.short })
#if doc.layout == "article2col" {
  set page(paper: doc.paper, columns: 2, margin: (x: 1.7cm, top: 2.3cm, bottom: 2cm), numbering: "1",
    header: runhead(emph[J. Test Chem.] + [ 2026, 12, 345], doc.short))
  set columns(gutter: 0.8cm)
  set text(font: "Libertinus Serif", size: doc.size * 1pt, hyphenate: true, lang: "en")
  set par(justify: true, first-line-indent: 1em, spacing: 0.6em)
  set par.line(numbering: "1", numbering-scope: "page")
  titleblock(16pt)
  blocks(doc.blocks, 1.15em)
} else if doc.layout == "si" {
  set page(paper: doc.paper, margin: 2.5cm, numbering: "S1", header: runhead([Supporting Information], doc.short))
  set text(font: "New Computer Modern", size: doc.size * 1pt, lang: "en")
  set par(justify: true, spacing: 1em)
  blocks(doc.blocks, 1em)
} else if doc.layout == "article1col" {
  set page(paper: doc.paper, margin: (x: 2.8cm, top: 3cm, bottom: 2.6cm), numbering: "1 / 1", number-align: right,
    header: runhead(emph[Test Lett.] + [ 2026, 8, 101], doc.short))
  set text(font: "Libertinus Serif", size: doc.size * 1pt, hyphenate: true, lang: "en")
  set par(justify: true, first-line-indent: 1.5em, spacing: 0.7em, leading: 0.7em)
  titleblock(18pt)
  blocks(doc.blocks, 1.1em)
} else {
  set page(paper: "a4", margin: 2cm)
  for i in range(doc.size) {
    if i > 0 { pagebreak() }
    image("figure.png", width: 100%)
    v(1cm)
    for k in range(14) { rect(width: (60% + 3% * calc.rem(k * 7, 11)), height: 7pt, fill: luma(120)); v(-2pt) }
    place(bottom + right, circle(radius: 1.2cm, stroke: 2pt + luma(80)))
  }
}
"""

# Neutral lead-in: no digits, no chemistry, no property words, so it adds nothing to extract.
FILLER = (
    "Before shared drives and cloud folders, the bound notebook was the quiet companion of anyone who worked at a bench. Its pages were sewn rather than glued, so that none could be removed without leaving a visible gap, and each entry was written in ink, signed at the foot of the page and countersigned by a colleague who had watched the work or read the account soon after.",
    "The habit grew out of the workshops of instrument makers and the counting houses of merchants, where a ledger had to be trusted by people who had never met its author. Scientists borrowed the discipline along with the format: write everything down as it happens, never tear out a page, and strike through a mistake with a single line so that the original words remain legible.",
    "Reading old notebooks today is a lesson in patience. The handwriting drifts as the day wears on, sketches crowd into the margins, and short remarks about the weather or a broken window sit beside careful descriptions of apparatus. Historians value these asides because they show how the work was actually done, with all its pauses, detours and small repairs.",
    "Patent disputes gave the notebook a second life as evidence. Courts wanted to know who had an idea first and who had carried it out, and a dated, witnessed page could settle an argument that memory alone could not. Laboratories responded by printing rules on the inside cover and by asking staff to hand in finished volumes to a central archive.",
    "Electronic notebooks promised to end the problems of lost volumes and illegible writing, yet they brought new questions of their own. A file can be changed without a trace unless the software keeps every version, and a format that is popular in one decade may be unreadable in the next. Archivists now speak of preserving not only the record but also the means of reading it.",
    "Teachers still ask students to keep paper notebooks, partly out of tradition and partly because writing by hand slows the mind down just enough to notice what is happening. A student who must describe each step in full sentences soon learns which observations matter, and the notebook becomes a conversation with a future reader who was not in the room.",
    "Some of the most treasured notebooks in museum collections are treasured less for their content than for their authors. Visitors lean over glass cases to see crossed-out lines, coffee rings and hurried arrows, looking for the moment when a familiar idea first appeared on the page. The ordinary untidiness of these volumes is part of their appeal.",
    "Whatever the medium, the purpose has not changed: to leave behind an account complete enough that someone else could repeat the work and reach the same place. That modest goal explains the rules about ink, signatures and blank pages, and it explains why careful workers still write more than they think they will need.",
)

Block = dict[str, Any]
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_HEAD = re.compile(r"[^\n]{2,100}(?<![.:;,])")  # a short line without final punctuation
_HEAD_LINE = re.compile(_HEAD.pattern + r"(?=\n)")
_HEAD_SENTENCE = re.compile(r"[^\n.]{2,90}\([^()\n]{1,24}\)\.(?= )")
_DROP = "-\ufffe\x02\u00ad"


def H(text: str) -> Block:
    return {"segs": [text], "heading": True}


def P(*segs: str | list[str]) -> Block:
    """A paragraph: text, ["sub" | "super", text], or ["br"] (a forced, unprinted line break)."""
    return {"segs": list(segs), "heading": False}


def gold_blocks(text: str, layout: str, doc_id: str) -> list[Block]:
    """Paragraphs on blank lines (single newlines stay line breaks); short unpunctuated
    one-line paragraphs ("Example 7") are set bold, as journals set them. The SI layout
    always opens with a bold heading: the text's own heading line or "Name (label)." sentence
    (split off, so no character is lost), else a made-up one."""
    out = [H(p) if _HEAD.fullmatch(p) else P(p) for p in re.split(r"\n[ \t]*\n", text)]
    if layout == "si" and not out[0]["heading"]:
        first = out[0]["segs"][0]
        m = _HEAD_LINE.match(first) or _HEAD_SENTENCE.match(first)
        if m:
            out[0:1] = [H(m.group(0)), P(first[m.end() :].lstrip())]
        else:
            out.insert(0, H(f"Experimental procedure for {doc_id}"))
    return out


def doc_data(index: int, row: dict[str, Any], lead: int = 0) -> dict[str, Any]:
    """Typst input for one gold document, behind ``lead`` filler paragraphs."""
    layout = LAYOUTS[index % len(LAYOUTS)]
    blocks = [P(FILLER[i % len(FILLER)]) for i in range(lead)]
    return {
        "layout": layout, "short": row["id"], "title": "" if layout == "si" else TITLE,
        "authors": AUTHORS, "blocks": blocks + gold_blocks(row["text"], layout, row["id"]),
        "paper": {"article2col": "a4"}.get(layout, "us-letter"),
        "size": {"article2col": 9.5, "si": 10.5, "article1col": 12}[layout],
    }  # fmt: skip


def norm(text: str) -> tuple[str, list[int]]:
    """Text without whitespace and hyphens, with each kept character's original offset:
    what a typesetter adds or moves (line breaks, hyphens, pdfium's U+FFFE) cannot then
    stop a gold string from matching its printed form."""
    keep = [(i, c) for i, c in enumerate(text) if not c.isspace() and c not in _DROP]
    return "".join(c for _, c in keep), [i for i, _ in keep]


def occurrences(hay: str, needle: str) -> list[int]:
    out, i = [], hay.find(needle)
    while i >= 0:
        out.append(i)
        i = hay.find(needle, i + 1)
    return out


def value_offsets(text: str, expected: list[dict[str, Any]]) -> list[int | None]:
    """Where each expected value's number is printed in the gold text. Candidates are numbers
    equal to the value (the low end of a range); one followed by the value's unit (after an
    optional range end) is preferred, then one after the previous value, since texts state
    values in order; each number serves one value."""
    numbers = [(m.start(), float(m.group())) for m in _NUMBER.finditer(text)]
    used: set[int] = set()
    out: list[int | None] = []
    prev = 0
    for e in expected:
        target = e["value"] if e["value"] is not None else e["value_low"]
        if target is None:
            out.append(None)
            continue
        key = re.match(r"[°%]|[A-Za-zμ]+", _squeeze(e["unit"] or ""))
        cands = [p for p, v in numbers if abs(v - abs(float(target))) < 1e-9 and p not in used]
        order = sorted(cands, key=lambda p: (not _unit_follows(text, p, key), p < prev, p))
        out.append(order[0] if order else None)
        if order:
            used.add(order[0])
            prev = order[0]
    return out


def _squeeze(s: str) -> str:
    return re.sub(r"\s", "", s).replace("º", "°").replace("µ", "μ")


def _unit_follows(text: str, at: int, key: re.Match[str] | None) -> bool:
    """Whether the value's unit (its first symbol or word) follows the number at ``at``,
    after an optional range end; a unitless value (log P) wants no unit there."""
    after = _squeeze(re.sub(r"^[\d.]*\s*(?:[-–—]\s*[−-]?[\d.]+)?", "", text[at : at + 40]))
    return after.startswith(key.group()) if key else not re.match(r"[A-Za-z°%]", after)


def page_texts(path: Path) -> list[str]:
    pdf = pdfium.PdfDocument(path)
    try:
        return [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    finally:
        pdf.close()


def locate_pages(text: str, offsets: Sequence[int | None], pages: list[str]) -> list[int | None]:
    """Page of each gold offset, from pdfium's plain text of each page. Both texts are
    normalised (``norm``); a window of gold text around the number is looked up in the PDF
    stream, widest first. A window counts when it occurs as often in the PDF as in the gold
    text (running heads, page and line numbers can add occurrences, never remove them), and
    the gold occurrence's rank picks the PDF one; no such window leaves the page unknown."""
    gold, gmap = norm(text)
    stream, owner = "", []
    for n, page_text in enumerate(pages):
        pn, _ = norm(page_text)
        stream += pn
        owner += [n + 1] * len(pn)
    result: list[int | None] = []
    for off in offsets:
        page: int | None = None
        if off is not None:
            g = next(i for i, o in enumerate(gmap) if o >= off)
            m = _NUMBER.match(text, off)
            glen = len(norm(m.group() if m else "0")[0])
            for before, after in ((24, 24), (24, 0), (0, 24), (12, 12), (12, 0), (0, 12), (6, 0), (0, 6), (0, 0)):  # fmt: skip
                s, e = max(0, g - before), g + glen + after
                window = gold[s:e]
                ranks, hits = occurrences(gold, window), occurrences(stream, window)
                if len(ranks) == len(hits) and s in ranks:
                    page = owner[hits[ranks.index(s)] + (g - s)]
                    break
        result.append(page)
    return result


def compile_pdf(compiler: typst.Compiler, data: dict[str, Any]) -> bytes:
    pdf = compiler.compile(sys_inputs={"doc": json.dumps(data)}, timestamp=1767225600, pdf_tags=False)  # fmt: skip
    assert isinstance(pdf, bytes)
    return pdf


def make_compiler(workdir: Path) -> typst.Compiler:
    (workdir / "main.typ").write_text(TEMPLATE, encoding="utf-8")
    (workdir / "figure.png").write_bytes(grey_png(320, 200))
    return typst.Compiler(str(workdir / "main.typ"), root=str(workdir), ignore_system_fonts=True)


def grey_png(w: int, h: int) -> bytes:
    """A scanned-looking grey gradient, written by hand so the no-text fixture needs no
    imaging library."""
    rows = b"".join(b"\0" + bytes((x * 3 + y * 2) % 200 + 40 for x in range(w)) for y in range(h))
    parts = [(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)), (b"IDAT", zlib.compress(rows, 9)), (b"IEND", b"")]  # fmt: skip
    chunks = (
        struct.pack(">I", len(b)) + k + b + struct.pack(">I", zlib.crc32(k + b)) for k, b in parts
    )
    return b"\x89PNG\r\n\x1a\n" + b"".join(chunks)


def typeset_gold(gold: Path, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    rows = [json.loads(line) for line in gold.read_text(encoding="utf-8").splitlines() if line]
    start = time.perf_counter()
    stats: dict[str, Counter[str]] = {lay: Counter() for lay in LAYOUTS}
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        compiler = make_compiler(Path(tmp))
        for index, row in enumerate(rows):
            name = f"{index:03d}-{re.sub(r'[^A-Za-z0-9.-]+', '_', row['id'])[:60]}.pdf"
            text, lead = row["text"], 0
            ends = [0, len(text.rstrip()) - 1]
            while True:  # the shortest lead-in that pushes the end of the text past page 1
                pdf = compile_pdf(compiler, doc_data(index, row, lead))
                (out / name).write_bytes(pdf)
                pages = page_texts(out / name)
                first, last = locate_pages(text, ends, pages)
                if (index // 3) % 3 != 1 or (last or 0) > 1 or lead >= 40:
                    break
                lead += 1
            found = locate_pages(text, value_offsets(text, row["expected"]), pages)
            layout = LAYOUTS[index % len(LAYOUTS)]
            lines.append({"id": row["id"], "pdf": name, "layout": layout, "pages": len(pages),
                          "lead_paragraphs": lead, "text_pages": [first, last],
                          "typeset_text": typeset_text(doc_data(index, row, lead)),
                          "values": [{"index": i, "page": p} for i, p in enumerate(found)]})  # fmt: skip
            s = stats[layout]
            s.update(docs=1, pages=len(pages), values=len(found), located=sum(p is not None for p in found))  # fmt: skip
            s.update(after_page_1=sum(1 for p in found if p is not None and p > 1))
            s.update(led=lead > 0, crossing=first != last)
    (out / "manifest.jsonl").write_text(
        "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8"
    )
    print(f"{len(rows)} documents typeset into {out} in {time.perf_counter() - start:.1f} s")
    for lay, s in stats.items():
        print(f"  {lay:12} docs {s['docs']:3}  pages {s['pages']:3}  values located {s['located']}/{s['values']}"
              f" (not located {s['values'] - s['located']}; on page > 1: {s['after_page_1']});"
              f" lead-in {s['led']} docs, text over a page break {s['crossing']}")  # fmt: skip
    total = sum(stats.values(), Counter())
    print(f"  all: {total['pages']} pages, values located {total['located']}/{total['values']}")


# Reader fixtures: chemistry prose written for them, with the values a test can check.
SHORT = "Suzuki couplings of aryl bromides"

TWO_COLUMN = [
    H("Results and Discussion"),
    P("Biaryls bearing electron-withdrawing groups are common intermediates, yet their preparation by cross-coupling is often hampered by protodeboronation of the boronic acid partner. We therefore examined the coupling of 4-bromobenzonitrile (1a) with phenylboronic acid (2) under the conditions reported for electron-rich substrates. With tetrakis(triphenylphosphine)palladium in aqueous toluene the reaction was sluggish, and the biaryl 3a was isolated in only 41% yield after two days."),
    P("Replacing the carbonate base by potassium phosphate and lowering the proportion of water raised the yield to 88%, while the catalyst loading could be reduced to 1 mol% without loss of conversion. Under these conditions nitrile, ester, ketone and trifluoromethyl groups were all tolerated, and no homocoupling of the boronic acid was detected by gas chromatography."),
    P("The title compound 3a was obtained as a white solid (1.20 g, 84%), m.p. 61–", ["br"], "63 °C. Recrystallisation from hexane gave analytically pure material whose melting range was unchanged, and its density, determined by flotation in aqueous potassium iodide, was 1.18 g/cm3 at 20 °C. A second crop from the mother liquor raised the recovery slightly but was less pure."),
    P("Electron-poor heteroaryl bromides behaved similarly. 2-Bromo-5-nitropyridine (1b) furnished the coupled product 3b as pale yellow needles (0.94 g, 78%), m.p. 128–130 °C, and methyl 4-bromobenzoate (1c) gave methyl biphenyl-4-carboxylate (3c) in 91% yield, m.p. 115–117 °C. The solubility of 3c in water was below 0.1 mg/mL at 25 °C, so aqueous work-up caused no losses."),
    P("Ortho substitution slowed the reaction markedly. 2-Bromobenzaldehyde required 18 h at 80 °C and gave the aldehyde 3d in 67% yield as a colourless oil, b.p. 184–186 °C at 11 mmHg, which solidified on standing (m.p. 48–50 °C). Its partition coefficient, log P 3.05, was measured by the shake-flask method and agreed with the calculated value."),
    H("Experimental Section"),
    P("General procedure. A mixture of the aryl bromide (5.0 mmol), phenylboronic acid (0.73 g, 6.0 mmol), potassium phosphate (2.12 g, 10.0 mmol) and the palladium catalyst (58 mg, 1 mol%) in toluene (20 mL) and water (2 mL) was degassed and heated at 80 °C under nitrogen until the bromide had been consumed. The cooled mixture was diluted with ethyl acetate, washed with brine, dried over magnesium sulfate and concentrated under reduced pressure."),
    P("4-Acetylbiphenyl (3e). From 4-bromoacetophenone (1.00 g, 5.0 mmol) by the general procedure: pale yellow solid (0.86 g, 88%), m.p. 119–121 °C after recrystallisation from ethanol."),
    P("Methyl biphenyl-4-carboxylate (3c). From methyl 4-bromobenzoate (1.08 g, 5.0 mmol): colourless crystals (0.97 g, 91%), m.p. 115–117 °C; the product was pure by NMR spectroscopy and was used without further purification."),
]  # fmt: skip
SI_STYLE = [
    H("4-Cyanobiphenyl (3a)"),
    P("Prepared by general procedure A from 4-bromobenzonitrile (0.91 g, 5.0 mmol) and phenylboronic acid (0.73 g, 6.0 mmol). White solid (0.75 g, 84%); mp 86–88 °C; Rf 0.40 (hexane/EtOAc 9:1)."),
    H("Methyl biphenyl-4-carboxylate (3c)"),
    P("Prepared by general procedure A from methyl 4-bromobenzoate (1.08 g, 5.0 mmol). Colourless crystals (0.97 g, 91%); mp 115–117 °C (lit. 116–117 °C)."),
    H("1-(Biphenyl-4-yl)ethan-1-one (3e)"),
    P("Prepared by general procedure A from 4-bromoacetophenone (1.00 g, 5.0 mmol). Pale yellow solid (0.86 g, 88%); mp 119–121 °C; HRMS (ESI) m/z [M + H]+ calcd 197.0961, found 197.0958."),
]  # fmt: skip
TYPOGRAPHY = [
    P("The crude ester was purified by flash chromatography, and the first fractions were filtered through a short pad of silica; this efficient workup afforded the product as a colourless oil (2.41 g, 87%)."),
    P("The amide melted at 112–114 ºC (lit. 113 ºC) in a sealed capillary, and the hydrate lost water above 95 ºC."),
    P("Crystals of the hydrate were grown from H", ["sub", "2"], "O/EtOH and dried over P", ["sub", "2"], "O", ["sub", "5"], "; ", ["super", "13"], "C NMR (101 MHz, CDCl", ["sub", "3"], ") δ 171.2, 130.5."),
    P("The (S)-enantiomer had [α]", ["sub", "D"], ["super", "20"], " +12.5 (c 1.0, CHCl", ["sub", "3"], "), m.p. 98–99 °C, and a solubility of 4.2 mg/mL in water."),
]  # fmt: skip
FIXTURES = {
    "two_column.pdf": {"layout": "article2col", "paper": "a5", "size": 9.5, "blocks": TWO_COLUMN,
                       "title": "Mild Suzuki–Miyaura Couplings of Electron-Poor Aryl Bromides"},
    "si_style.pdf": {"layout": "si", "paper": "a4", "size": 10.5, "blocks": SI_STYLE, "title": ""},
    "typography.pdf": {"layout": "article1col", "paper": "a5", "size": 11, "blocks": TYPOGRAPHY, "short": "Typography",
                       "title": "Ligatures, Degrees and Scripts"},
}  # fmt: skip
HEADS = {"article2col": "J. Test Chem. 2026, 12, 345", "si": "Supporting Information", "article1col": "Test Lett. 2026, 8, 101"}  # fmt: skip


def flat(block: Block) -> str:
    """The paragraph as a reader should give it back: scripts as plain characters."""
    return "".join(s if isinstance(s, str) else s[1] if len(s) > 1 else "" for s in block["segs"])


def typeset_text(data: dict[str, Any]) -> str:
    """Everything a document's PDF prints (title, authors, lead-in, gold text) as text
    with blank lines between paragraphs, so the PDF can be compared with the very
    document it was typeset from, not only with the gold text inside it."""
    heads = [data["title"], data["authors"]] if data["title"] else []
    return "\n\n".join([*heads, *(flat(block) for block in data["blocks"])])


def describe(path: Path, data: dict[str, Any]) -> dict[str, Any]:
    """What a reader must give back for a good fixture, measured on the PDF itself: where each
    paragraph starts and ends (page; column from pdfium's character boxes), and the printed
    noise (running heads, page labels, line numbers) that must not reach the text."""
    pdf = pdfium.PdfDocument(path)
    chars: list[tuple[str, int, int]] = []
    line_numbers, breaks = [], []
    for n in range(len(pdf)):
        page, textpage = pdf[n], pdf[n].get_textpage()
        text = textpage.get_text_range()
        assert len(text) == textpage.count_chars()
        mid = page.get_width() / 2
        for i, c in enumerate(text):
            if not c.isspace() and c not in _DROP:
                box = textpage.get_charbox(i)
                chars.append((c, n + 1, 1 if box[0] + box[2] < 2 * mid else 2))
        digits = sorted(int(x) for x in re.split(r"\r\n|\ufffe", text) if x.strip().isdigit())
        if data["layout"] == "article2col":
            digits.remove(n + 1)  # the page label
            assert digits == list(range(1, len(digits) + 1)), digits
            line_numbers.append(len(digits))
        breaks += re.findall(r"(\S+?)(\ufffe|[-–]\r\n)(\S+)", text)
    pdf.close()
    stream, pos, paras = "".join(c for c, _, _ in chars), 0, []
    heads = [H(data["title"]), P(data["authors"])] if data["title"] else []
    for block in heads + data["blocks"]:
        key = norm(flat(block))[0]
        start = stream.find(key[:12], pos)
        end = stream.find(key[-12:], start) + 11
        assert start >= 0 and end >= start + len(key) - 1, key
        pos = end + 1
        where = {"page": chars[start][1], "end_page": chars[end][1]}
        if data["layout"] == "article2col" and block not in heads:  # the title spans both
            where |= {"column": chars[start][2], "end_column": chars[end][2]}
        paras.append({"text": flat(block), "heading": block["heading"]} | where)
    labels = {"article2col": "{n}", "si": "S{n}", "article1col": "{n} / {total}"}[data["layout"]]
    total = chars[-1][1]
    noise: dict[str, Any] = {
        "running_heads": [HEADS[data["layout"]], data["short"]],
        "page_labels": [labels.format(n=n, total=total) for n in range(1, total + 1)],
    }
    if line_numbers:
        noise["line_numbers_per_page"] = line_numbers
    body = " ".join(p["text"] for p in paras)
    ends = []  # pdfium joins a line ending in letter + hyphen to the next with U+FFFE
    for a, mark, b in breaks:
        dash = mark.strip().replace("\ufffe", "-")
        text = next((t for t in (a + b, a + dash + b) if t in body), None)  # None: b is not text
        ends.append({"line_end": a + mark, "next_line": b, "text": text})
    return {"kind": "text", "layout": data["layout"], "pages": total, "paragraphs": paras,
            "must_not_appear": noise, "line_end_breaks": ends}  # fmt: skip


def write_fixtures(out: Path) -> None:
    """Good fixtures with their ``expected.json`` entries, then the bad ones a reader must
    refuse or survive, each recorded with what pdfium makes of it."""
    out.mkdir(parents=True, exist_ok=True)
    expected: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        compiler = make_compiler(Path(tmp))
        for name, spec in FIXTURES.items():
            data = {"short": SHORT, "authors": AUTHORS} | spec
            (out / name).write_bytes(compile_pdf(compiler, data))
            expected[name] = describe(out / name, data)
        paras = expected["two_column.pdf"]["paragraphs"]  # the hazards it exists for
        assert any(p["column"] != p["end_column"] and p["page"] == p["end_page"] for p in paras[2:])
        assert any(p["page"] != p["end_page"] for p in paras)
        texts = [b["text"] or "" for b in expected["two_column.pdf"]["line_end_breaks"]]
        assert any(re.fullmatch(r"[a-z]+", t) for t in texts)  # a word hyphenated at a line end
        assert any(re.search(r"\d–\d", t) for t in texts)  # a range split at a line end
        shapes = {"layout": "shapes", "size": 2, "title": "", "short": "figures"}
        (out / "no_text.pdf").write_bytes(compile_pdf(compiler, shapes))
    good = (out / "two_column.pdf").read_bytes()
    (out / "damaged.pdf").write_bytes(good[: len(good) // 2])
    xref = good.rindex(b"\nxref\n")  # every offset in the table and startxref made wrong
    garbled = good[:xref] + re.sub(rb"\d{10} 00000 n", b"0000000001 00000 n", good[xref:])
    (out / "damaged_xref.pdf").write_bytes(re.sub(rb"startxref\n\d+", b"startxref\n17", garbled))
    import pikepdf  # a development tool only: encryption is the one thing Typst cannot do

    with pikepdf.open(out / "si_style.pdf") as src:
        src.save(out / "encrypted.pdf", encryption=pikepdf.Encryption(owner="molextract-owner", user="molextract", R=6))  # fmt: skip
    with pikepdf.new() as empty:  # pdfium writes one too, but with the time in it
        empty.save(out / "zero_pages.pdf", deterministic_id=True)
    (out / "html_named.pdf").write_text(
        "<!DOCTYPE html>\n<html><head><title>Article not found</title></head>\n"
        "<body><h1>Sorry</h1><p>The article you asked for has moved; the PDF link now opens this "
        "page.</p></body></html>\n",
        encoding="utf-8",
    )
    notes = {
        "no_text.pdf": "two pages with only an image and drawn shapes: no text layer",
        "damaged.pdf": "two_column.pdf cut to half its bytes",
        "damaged_xref.pdf": "two_column.pdf with every xref offset and startxref wrong",
        "encrypted.pdf": "si_style.pdf behind user password 'molextract' (AES-256)",
        "zero_pages.pdf": "a valid PDF with no pages (pdfium refuses it)",
        "html_named.pdf": "an HTML error page saved under a .pdf name",
    }
    for name, note in notes.items():
        expected[name] = {"kind": name.removesuffix(".pdf"), "note": note} | pdfium_view(out / name)
    expected["encrypted.pdf"]["with_password"] = pdfium_view(out / "encrypted.pdf", "molextract")
    dump = json.dumps(expected, indent=1, ensure_ascii=False).replace("\ufffe", "\\ufffe")
    (out / "expected.json").write_text(dump + "\n", encoding="utf-8")
    for name in sorted(expected):
        print(f"{name:18} {(out / name).stat().st_size:6} bytes  {expected[name].get('pdfium', 'text')}")  # fmt: skip


def pdfium_view(path: Path, password: str | None = None) -> dict[str, Any]:
    """What pdfium says about a file, so a reader test knows whether to expect an error or
    a recovered document."""
    try:
        pdf = pdfium.PdfDocument(path, password=password)
    except pdfium.PdfiumError as e:
        return {"pdfium": f"error: {e}"}
    pages = [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    pdf.close()
    return {"pdfium": "opens", "pages": len(pages), "chars": sum(len(p.strip()) for p in pages)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gold", type=Path, default=ROOT / "tests/data/gold/gold.jsonl")
    ap.add_argument("--out", type=Path, default=Path.home() / ".cache/molextract/gold-pdf")
    ap.add_argument("--fixtures", type=Path, metavar="DIR", help="write the reader's fixtures to DIR instead")  # fmt: skip
    args = ap.parse_args()
    if args.fixtures:
        write_fixtures(args.fixtures)
    else:
        typeset_gold(args.gold, args.out)


if __name__ == "__main__":
    main()
