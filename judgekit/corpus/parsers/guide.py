"""The unofficial beginner's guide (seed 004): numbered sections “1、游戏目标”.

It is not a rules document: its sections are indexed as non-authoritative
text, and its “急速（ACCELERATE）：…” lines give the glossary English names.
"""

from __future__ import annotations

import re

from judgekit.corpus.model import GlossaryTerm, GuideSection, ParsedDocument
from judgekit.corpus.pages import page_lines

SECTION = re.compile(r"^(?P<number>\d+)、(?P<title>\S.{0,20})$")
TERM = re.compile(r"^(?P<zh>[\u4e00-\u9fff]{1,6})（(?P<en>[A-Za-z][A-Za-z '\-]*)）[：:]")


def parse(text: str) -> ParsedDocument:
    doc = ParsedDocument(layout="guide")
    preamble: list[str] = []
    sections: list[tuple[int, int, str, list[str]]] = []
    for number, raw in page_lines(text).lines:
        line = raw.strip()
        if not line:
            continue
        if heading := SECTION.match(line):
            sections.append((int(heading.group("number")), number, heading.group("title"), []))
            continue
        (sections[-1][3] if sections else preamble).append(line)
        if term := TERM.match(line):
            doc.terms.append(GlossaryTerm(zh=term.group("zh"), en=term.group("en").strip(), source="guide"))
    doc.preamble = "\n".join(preamble)
    doc.header_lines = len(preamble)
    doc.sections = [
        GuideSection(number=n, title=title, text="\n".join(lines), line=line)
        for n, line, title, lines in sections
    ]
    return doc
