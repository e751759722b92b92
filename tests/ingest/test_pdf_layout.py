"""Reading order, furniture, paragraphs and hyphenation from hand-written geometry.

Every page here is laid out by :func:`_typeset` in PDF points (y upwards, A4), the way
a typesetter places glyphs, so each rule is checked on exactly the geometry it reads.
"""

from __future__ import annotations

from molextract.ingest.pdf_layout import (
    Char,
    Segment,
    build,
    furniture,
    paragraphs,
    reading_order,
    segments,
)

A4_HEIGHT = 842.0
WIDTH = 5.0  # every glyph is 5 pt wide: text position is arithmetic


def _typeset(
    text: str,
    x: float,
    y: float,
    *,
    size: float = 10.0,
    bold: bool = False,
    justify: float | None = None,
) -> list[Char]:
    """Glyphs of one line starting at (x, baseline y); spaces become gaps, as in a PDF.
    With ``justify`` the word gaps stretch so the line ends there, as justified text does."""
    space = WIDTH
    if justify is not None and " " in text:
        space = WIDTH + (justify - x - WIDTH * len(text)) / text.count(" ")
    chars = []
    for ch in text:
        if ch == " ":
            x += space
            continue
        chars.append(Char(ch, x, y - 0.2 * size, x + WIDTH, y + 0.8 * size, size, y, bold))
        x += WIDTH
    return chars


def _page(page: int, lines: list[list[Char]]) -> list[Segment]:
    return segments(page, [c for line in lines for c in line])


def _text(pages: list[list[Segment]]) -> str:
    dropped = furniture(pages, [A4_HEIGHT] * len(pages))
    lines = [
        line for segs in pages for line in reading_order([s for s in segs if id(s) not in dropped])
    ]
    return build(paragraphs(lines), len(pages)).text


def test_two_columns_read_left_column_first_even_when_written_across() -> None:
    # The PDF writes each row across both columns, as some producers do.
    rows = []
    for i in range(6):
        y = 700 - 12 * i
        rows.append(_typeset(f"left line {i} of the first column text", 50, y))
        rows.append(_typeset(f"right line {i} of second column text", 320, y))
    text = _text([_page(1, rows)])
    assert text.index("left line 5") < text.index("right line 0")
    assert "left line 0 of the first column text left line 1" in text
    assert "|" not in text


def test_a_title_across_both_columns_is_read_before_them() -> None:
    rows = [_typeset("A Title That Spans The Whole Page Width Of The Article", 50, 760, size=14)]
    for i in range(5):
        y = 700 - 12 * i
        rows.append(_typeset(f"left {i} words words words words words", 50, y))
        rows.append(_typeset(f"right {i} words words words words word", 320, y))
    text = _text([_page(1, rows)])
    assert text.startswith("A Title That Spans The Whole Page Width Of The Article\n\n")
    assert text.index("left 4") < text.index("right 0")


def test_running_heads_page_numbers_and_line_numbers_are_dropped() -> None:
    pages = []
    for page in (1, 2):
        lines = [_typeset(f"J. Test Chem. 2026, 12, {340 + page}", 50, 800, size=8)]
        for i in range(6):
            y = 700 - 12 * i
            lines.append(_typeset(f"body text of page {page} line {i} goes on here", 60, y))
            lines.append(_typeset(str(6 * (page - 1) + i + 1), 30, y, size=7))
        lines.append(_typeset(str(page), 290, 40, size=9))
        pages.append(_page(page, lines))
    text = _text(pages)
    body = [f"body text of page {p} line {i} goes on here" for p in (1, 2) for i in range(6)]
    assert text == " ".join(body)


def test_paragraphs_start_at_indents_short_lines_and_space() -> None:
    lines = [
        _typeset("The first paragraph runs over two lines and then it", 50, 700),
        _typeset("ends here.", 50, 688),
        _typeset("An indented paragraph opens with a first-line indent", 65, 676),
        _typeset("and it continues at the column edge with some words.", 50, 664),
        _typeset("After a blank space a third paragraph starts at the", 50, 630),
        _typeset("margin and it runs on for a while to the column end", 50, 618),
    ]
    text = _text([_page(1, lines)])
    assert text.split("\n\n") == [
        "The first paragraph runs over two lines and then it ends here.",
        "An indented paragraph opens with a first-line indent and it continues at the "
        "column edge with some words.",
        "After a blank space a third paragraph starts at the margin and it runs on for a "
        "while to the column end",
    ]


def test_headings_by_size_or_weight_are_paragraphs_of_their_own() -> None:
    lines = [
        _typeset("Experimental Section", 50, 720, size=12, bold=True),
        _typeset("4-Nitrophenol (3a)", 50, 700, bold=True),
        _typeset("White solid, yield 84%, m.p. 113-114 °C, from the usual route.", 50, 688),
    ]
    layout = build(paragraphs(reading_order(_page(1, lines))), 1)
    assert layout.text.split("\n\n") == [
        "Experimental Section",
        "4-Nitrophenol (3a)",
        "White solid, yield 84%, m.p. 113-114 °C, from the usual route.",
    ]
    assert [layout.text[s:e] for s, e in layout.headings] == [
        "Experimental Section",
        "4-Nitrophenol (3a)",
    ]


def test_line_end_hyphens_split_words_but_keep_locants_ranges_and_prefixes() -> None:
    lines = [
        _typeset("the crude product was puri-", 50, 700, justify=190),
        _typeset("fied at once to give the 4-", 50, 688, justify=190),
        _typeset("nitrophenol with m.p. 61–", 50, 676, justify=190),
        _typeset("63 °C and its new tert-", 50, 664, justify=190),
        _typeset("butyl ester with mp 110-", 50, 652, justify=190),
        _typeset("112 °C as its dimethyl-", 50, 640, justify=190),
        _typeset("formamide solvate, a well-", 50, 628, justify=190),
        _typeset("known form of the compound", 50, 616),
    ]
    text = _text([_page(1, lines)])
    assert text == (
        "the crude product was purified at once to give the 4-nitrophenol with m.p. "
        "61–63 °C and its new tert-butyl ester with mp 110-112 °C as its "
        "dimethylformamide solvate, a well-known form of the compound"
    )


def test_sub_and_superscripts_stay_on_their_line() -> None:
    base = _typeset("dried over MgSO", 50, 700)
    sub = [Char("4", 125, 696, 128, 702, 7.0, 697.5)]
    rest = _typeset(" and the ", 128, 700)
    sup = [Char("13", 173, 705, 180, 712, 7.0, 704.0)]
    tail = _typeset("C NMR was taken", 180, 700)
    text = _text([_page(1, [base, sub, rest, sup, tail])])
    assert text == "dried over MgSO4 and the 13C NMR was taken"


def test_page_map_gives_each_line_its_page_and_offset() -> None:
    pages = [
        _page(1, [_typeset("A paragraph on page one that runs to the column", 50, 700)]),
        _page(2, [_typeset("edge and ends on page two.", 50, 700)]),
    ]
    lines = [line for segs in pages for line in reading_order(segs)]
    layout = build(paragraphs(lines), 3)
    assert layout.text == (
        "A paragraph on page one that runs to the column edge and ends on page two."
    )
    assert layout.page_starts == (0, layout.text.index("edge"), len(layout.text))
    assert [(p.start, p.page) for p in layout.lines] == [(0, 1), (layout.text.index("edge"), 2)]


def test_a_first_page_abstract_with_a_side_box_reads_abstract_box_then_columns() -> None:
    rows = []
    for i in range(6):  # the abstract, set in from the left, beside a box of dates
        y = 700 - 12 * i
        rows.append(_typeset(f"abstract line {i} of the summary that runs on wide", 150, y))
    rows.append(_typeset("Received 1st May", 450, 700, size=8))
    rows.append(_typeset("Accepted 2nd June", 450, 682, size=8))
    for i in range(4):  # then the two columns of the introduction, on one baseline grid
        y = 600 - 12 * i
        rows.append(_typeset(f"left {i} words of the introduction", 50, y, justify=250))
        rows.append(_typeset(f"right {i} words of the introduction", 320, y, justify=520))
    text = _text([_page(1, rows)])
    assert text.split("\n\n")[0] == " ".join(
        f"abstract line {i} of the summary that runs on wide" for i in range(6)
    )
    order = ["Received 1st May", "Accepted 2nd June"]
    order += [f"{side} {i} words" for side in ("left", "right") for i in range(4)]
    positions = [text.index(piece) for piece in order]
    assert positions == sorted(positions)
