"""Text repair shared by the parsers: PDF line wraps and stray spaces in Chinese."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

# Ideographs, CJK punctuation and full-width forms.  In text extracted from a
# PDF (seed 001) a space between two of these is an artefact of rejoined lines
# (“增 益”); spaces around dashes and quotes may be the author's (“选择一个效果 —
# 对…”), so they stay.
_IDEOGRAPHIC_RANGES = (("\u2e80", "\u9fff"), ("\uf900", "\ufaff"), ("\ufe30", "\ufe4f"), ("\uff00", "\uffef"))
_IDEOGRAPHIC = "".join(f"{first}-{last}" for first, last in _IDEOGRAPHIC_RANGES)
_SPLIT_DASH = re.compile(r"—\s+—")  # “——” broken across a PDF line: “目标— —除非”
# Line wraps inside Chinese text also fall next to the quotes and dashes it uses.
_CJK_MARKS = frozenset("\u2014\u2018\u2019\u201c\u201d")

# A line that ends with one of these ends its sentence, so the next line is not
# a continuation of it even when it is long.
SENTENCE_END = tuple("。！？；：.!?;:")
CLOSING = "”’」』）)"

# PDF exports wrap Chinese text at roughly 40-60 characters; a line narrower
# than this (in half-width columns) is a list item or a short paragraph.
WRAP_MIN_WIDTH = 60


def is_cjk(char: str) -> bool:
    """Whether *char* (one character) is wide: compared, not matched, as a class of these ranges takes
    3 ms to compile, which every `judgekit card` (its renderer measures widths) would pay."""
    return char in _CJK_MARKS or any(first <= char <= last for first, last in _IDEOGRAPHIC_RANGES)


def display_width(line: str) -> int:
    return sum(2 if is_cjk(char) else 1 for char in line)


def fix_cjk_spaces(text: str) -> str:
    """Remove spaces a PDF export left between Chinese characters (“增 益” → “增益”)."""
    return _SPLIT_DASH.sub("——", _stray_space().sub("", text))


@cache
def _stray_space() -> re.Pattern:
    # Compiled on first use: about 10 ms, which `judgekit rule` and `card` (they import this module) need not pay.
    return re.compile(f"(?<=[{_IDEOGRAPHIC}])[ \t\u3000]+(?=[{_IDEOGRAPHIC}])")


def join_fragments(left: str, right: str, spaced_words: bool = False) -> str:
    """Join two pieces of one sentence a line break cut apart.

    Chinese text breaks lines anywhere, even inside “[M]+3”, so its pieces join
    directly; text written in spaced words (English) gets one space back,
    except next to a Chinese character.
    """
    left, right = left.rstrip(), right.lstrip()
    if not (spaced_words and left and right) or is_cjk(left[-1]) or is_cjk(right[0]):
        return left + right
    return f"{left} {right}"


def is_wrapped(line: str) -> bool:
    """True when *line* was cut by the page width rather than ended by its author."""
    line = line.rstrip()
    return display_width(line) >= WRAP_MIN_WIDTH and not ends_sentence(line)


def ends_sentence(line: str) -> bool:
    """True when *line* ends a sentence, also inside closing quotes: “…放逐。”"""
    return line.rstrip().rstrip(CLOSING).endswith(SENTENCE_END)


def unwrap_numbered(lines: Iterable[tuple[int, str]]) -> list[tuple[int, str]]:
    """(first line number, paragraph) for Chinese text whose lines a PDF wrapped.

    Wrapped lines are rejoined; the author's own line breaks (lists, short
    paragraphs) and blank lines end a paragraph.
    """
    paragraphs: list[tuple[int, str]] = []
    continues = False
    for number, raw in lines:
        line = raw.strip()
        if not line:
            continues = False
            continue
        if continues:
            paragraphs[-1] = (paragraphs[-1][0], join_fragments(paragraphs[-1][1], line))
        else:
            paragraphs.append((number, line))
        continues = is_wrapped(line)
    return paragraphs


def unwrap(lines: list[str]) -> list[str]:
    """The paragraphs of :func:`unwrap_numbered`, without their line numbers."""
    return [paragraph for _, paragraph in unwrap_numbered(enumerate(lines))]
