"""Page furniture: page marks and running heads, removed before any layout is read.

Text extracted from a PDF carries the pages it came from: marks such as
``===== PAGE 34 =====`` or ``<!-- PAGE 2 -->`` (often glued to the text around
them), form feeds, page numbers printed as “— 12 —”, “第 12 页” or a lone
number, and running heads repeated on every page.  None of it is part of a
rule or an FAQ entry.  :func:`page_lines` removes all of it wherever it falls
and joins what a page break cut apart: the blank lines around a page mark go
with it, so a sentence wrapped across two pages reads as one.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import NamedTuple

from judgekit.corpus.text import SENTENCE_END

# Marks an extraction tool inserts; they may stand anywhere, even inside a line.
INLINE_MARK = re.compile(r"=+\s*PAGE\s*\d+\s*=+|<!--\s*PAGE\s*\d+\s*-->|\f", re.IGNORECASE)
# Page numbers as printed: only ever a line of their own.
PRINTED_NUMBER = re.compile(
    r"^(?:[—–-]+\s*\d{1,4}\s*[—–-]+|第\s*\d{1,4}\s*页(?:\s*[/，,]?\s*共\s*\d{1,4}\s*页)?"
    r"|(?:Page|页)\s*\d{1,4}(?:\s*(?:/|of)\s*\d{1,4})?|\d{1,4}\s*/\s*\d{1,4})$",
    re.IGNORECASE,
)
LONE_NUMBER = re.compile(r"^\d{1,4}$")
NUMBERED = re.compile(r"^\W*\d{3}(?:\.(?:\d+|[a-z]))*\.?(?:\s|$)")
RUNNING_HEAD_REPEATS = 5

Line = tuple[int, str]


class Pages(NamedTuple):
    lines: list[Line]  # (line number, line) without page furniture
    running_heads: int  # lines dropped as running heads


def page_lines(text: str, *, lone_numbers_are_pages: bool = True) -> Pages:
    """The lines of *text* without its page furniture.

    Line numbers are those of the original text, so problems still point at the
    right line.  Where bare numbers on a line of their own are rule numbers (the
    rules-search export), pass ``lone_numbers_are_pages=False``: then only a
    number that continues the sequence of page numbers counts as one.
    """
    lines: list[Line] = []
    breaks: list[int] = []  # indexes in *lines* where a page mark stood
    last_page: int | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        cleaned, marks = INLINE_MARK.subn("", raw)
        line = cleaned.strip()
        if LONE_NUMBER.match(line) and _is_page_number(line, last_page, lone_numbers_are_pages):
            last_page, line, marks = int(line), "", 1
        elif PRINTED_NUMBER.match(line):
            line, marks = "", 1
        if marks and not line:
            breaks.append(len(lines))
            continue
        lines.append((number, cleaned.rstrip() if marks else raw))
    heads = _running_heads(lines, breaks)
    lines = _join_across_breaks(lines, set(breaks))
    kept = [(number, line) for number, line in lines if line.strip() not in heads]
    return Pages(kept, len(lines) - len(kept))


def _is_page_number(digits: str, last_page: int | None, lone_numbers_are_pages: bool) -> bool:
    """Rule numbers have three digits (“002”); page numbers have no leading zero."""
    if lone_numbers_are_pages:
        return True
    if digits.startswith("0"):
        return False
    return len(digits) < 3 or (last_page is not None and int(digits) == last_page + 1)


def _join_across_breaks(lines: list[Line], breaks: set[int]) -> list[Line]:
    """Drop the blank lines on either side of a page break, so the page's text meets."""
    blank = [not line.strip() for _, line in lines]
    near_break = set()
    for index in breaks:
        before = index - 1
        while before >= 0 and blank[before]:
            near_break.add(before)
            before -= 1
        after = index
        while after < len(lines) and blank[after]:
            near_break.add(after)
            after += 1
    return [line for index, line in enumerate(lines) if index not in near_break]


def _running_heads(lines: list[Line], breaks: list[int]) -> set[str]:
    """Lines repeated on page after page (running headers and footers).

    Documents repeat sentences too (“其他游戏效果可以检查或引用该特性。”), so a
    repeated line counts only when it is no sentence, no numbered rule, and
    mostly stands next to a page break.
    """
    if not breaks:
        return set()
    content = [line.strip() for _, line in lines]
    counts = Counter(line for line in content if line)
    at_break: Counter[str] = Counter()
    for index in breaks:
        before, after = index - 1, index
        while before >= 0 and not content[before]:
            before -= 1
        while after < len(content) and not content[after]:
            after += 1
        for neighbour in {before, after}:
            if 0 <= neighbour < len(content):
                at_break[content[neighbour]] += 1
    return {
        line for line, count in counts.items()
        if count >= RUNNING_HEAD_REPEATS and at_break[line] * 2 >= count
        and not line.endswith(SENTENCE_END) and not NUMBERED.match(line)
    }
