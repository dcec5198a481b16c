"""One parser per document layout, and a detector that tells them apart."""

from __future__ import annotations

import re
from collections.abc import Callable

from judgekit.corpus.model import ParsedDocument
from judgekit.corpus.parsers import english, export, faq, guide, pdftext
from judgekit.corpus.parsers.common import suspect_lines
from judgekit.errors import DocumentError

PARSERS: dict[str, Callable[[str], ParsedDocument]] = {
    "export": export.parse,
    "pdftext": pdftext.parse,
    "english": english.parse,
    "faq": faq.parse,
    "guide": guide.parse,
}

# What each layout's lines look like; detection counts them.
_SIGNS: dict[str, re.Pattern[str]] = {
    "export": re.compile(r"^(?:\d{3}(?:\.(?:\d+|[a-z]))*|所属[：:].*)$"),
    "pdftext": re.compile(r"^\s*(?:•\s*)?\d{3}(?:\.(?:\d+|[a-z]))*\.\s*[\u4e00-\u9fff\[“]"),
    "english": re.compile(r"^\d{3}(?:\.(?:\d+|[a-z]))*\.\s+[A-Za-z\"*\[]"),
    "faq": re.compile(r"^(?:(?:相关规则|Relevant Rules?|Related Rules?)[：:].*|[^\n]{6,}[？?]\s*|\*\*[^\n]{6,}[？?]\*\*)$"),
    "guide": re.compile(r"^\d+、\S"),
}


def detect_layout(text: str) -> str:
    """The layout most of the document's lines look like."""
    lines = text.splitlines()
    counts = {name: sum(1 for line in lines if sign.match(line.strip())) for name, sign in _SIGNS.items()}
    best = max(counts, key=lambda name: counts[name])
    if counts[best] == 0:
        raise DocumentError(
            "无法识别版式：既没有编号规则（“820.1”行、“• 702.1.”条目、“820.1. Repeat …”行），"
            "也没有 FAQ 问题（以“？”结尾、带“相关规则：”）"
        )
    return best


def parse(text: str, layout: str | None = None) -> ParsedDocument:
    layout = layout or detect_layout(text)
    if layout not in PARSERS:
        raise DocumentError(f"未知版式“{layout}”；可用的版式：{'、'.join(PARSERS)}")
    document = PARSERS[layout](text)
    document.problems += suspect_lines(text, {problem.line for problem in document.problems})
    return document
