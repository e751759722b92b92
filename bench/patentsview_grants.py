"""Whole US patent grants to read by eye: cut out of the weekly USPTO files that the
public repository ``PatentsView/PatentsView-DB`` keeps as test fixtures.

    python bench/patentsview_grants.py --fixtures DIR --out DIR [--min-hits 5]
    .venv/bin/molextract run OUT/US08088760B2.xml -s molecular_properties -o run.jsonl

The corpora score snippets; a grant is the document as it comes, with its headings,
its examples one after another, its tables and its typing errors. These grants are
development text, never scored: nothing in them is annotated. ``--fixtures`` is a
folder holding the ``ipg*.xml`` files of that repository's
``Assignee_Lawyer_Disambiguation/test/fixtures/`` (commit 1ded46d2, folders ``ipgxml``
and ``xml``); the grants whose text states enough yields or melting and boiling points
(``--min-hits``) are written one per file. US 7,473,391 B2 is a table gold test
document and is never written.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

#: The table gold set's test patent comes from the same weekly files.
HELD_OUT = frozenset({"US07473391B2"})
_GRANT = re.compile(r"<us-patent-grant\b.*?</us-patent-grant>", re.S)
_NUMBER = re.compile(r"<doc-number>([^<]+)</doc-number>")
_KIND = re.compile(r"<kind>([^<]+)</kind>")
#: What a chemist's grant prints: yields in brackets, the word, melting and boiling points.
_HITS = re.compile(r"\d\s*%\)|yield|m\.\s?p\.|melting point|b\.\s?p\.", re.I)


def grants(path: Path) -> list[tuple[str, str]]:
    """(``US08088760B2``, the grant's XML) for each grant of a weekly file."""
    text = path.read_text(encoding="utf-8", errors="replace")
    found = []
    for match in _GRANT.finditer(text):
        xml = match.group(0)
        number, kind = _NUMBER.search(xml), _KIND.search(xml)
        if number and kind:
            found.append((f"US{number.group(1)}{kind.group(1)}", xml))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fixtures", type=Path, required=True, help="folder of ipg*.xml")
    parser.add_argument("--out", type=Path, required=True, help="folder for the grants")
    parser.add_argument("--min-hits", type=int, default=5, help="chemistry a grant must state")
    args = parser.parse_args(argv)
    files = sorted(args.fixtures.rglob("*.xml"))
    if not files:
        parser.error(f"no .xml files under {args.fixtures}")
    args.out.mkdir(parents=True, exist_ok=True)
    seen: set[str] = set()
    written = 0
    for path in files:
        for grant_id, xml in grants(path):
            if grant_id in seen or grant_id in HELD_OUT:
                continue
            seen.add(grant_id)
            hits = len(_HITS.findall(xml))
            if hits < args.min_hits:
                continue
            (args.out / f"{grant_id}.xml").write_text(
                '<?xml version="1.0" encoding="UTF-8"?>\n' + xml, encoding="utf-8"
            )
            written += 1
            print(f"{grant_id}: {hits} statements", file=sys.stderr)
    print(f"{len(seen)} grants read, {written} written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
