"""What a document states about itself in its header: its date and its kind.

“Last Updated: 2026-07-16”, “Last Updated 4/29/2026”, “最后更新时间：2025-10-23”,
“更新日期：2026/01/14”, “*Published 2026-08-14 …*” give the date; the title says
whether the document is the core rules, the tournament rules or an FAQ.
"""

from __future__ import annotations

import re

_DATE_WORDS = r"(?:Last Updated|Updated|Published|最后更新(?:时间)?|更新(?:日期|时间)|发布(?:日期|时间)?)"
_YMD = re.compile(_DATE_WORDS + r"\W{0,4}(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})", re.IGNORECASE)
_MDY = re.compile(_DATE_WORDS + r"\W{0,4}(\d{1,2})/(\d{1,2})/(\d{4})", re.IGNORECASE)
_KINDS = (
    ("tournament-rules", re.compile(r"Tournament Rules|赛事规则|比赛规则", re.IGNORECASE)),
    ("faq", re.compile(r"\bFAQs?\b|常见问题", re.IGNORECASE)),
    ("core-rules", re.compile(r"Core Rules|核心规则", re.IGNORECASE)),
)


def stated_date(text: str) -> str | None:
    """The date *text* states as its update or publication date, as YYYY-MM-DD."""
    if match := _YMD.search(text):
        year, month, day = match.groups()
    elif match := _MDY.search(text):
        month, day, year = match.groups()
    else:
        return None
    return f"{year}-{int(month):02d}-{int(day):02d}"


def opens_with_date(line: str) -> bool:
    """Whether *line* begins by stating a date (“*Published 2026-08-14 …”, “最后更新时间：2025-10-23”)."""
    match = _YMD.search(line) or _MDY.search(line)
    return match is not None and not re.search(r"\w", line[:match.start()])


# Patch notes describe what changed between two editions, in prose: not a document to look rules up in.
_PATCH_NOTES = re.compile(r"Patch Notes|补丁说明", re.IGNORECASE)
_TITLE_CHARS = 300  # where a title stands: the document's first lines


def is_patch_notes(text: str) -> bool:
    """Whether the document's title calls it patch notes."""
    return _PATCH_NOTES.search(text[:_TITLE_CHARS]) is not None


def stated_kind(text: str) -> str | None:
    """core-rules, tournament-rules or faq, as the header's title names it."""
    return next((kind for kind, title in _KINDS if title.search(text)), None)
