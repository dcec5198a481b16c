"""Rule numbers (规则编号): parsing, canonical form, ordering and subtrees.

A rule number is a three-digit top-level number followed by segments that
alternate between numbers and single letters: ``820``, ``820.1``, ``820.1.c``,
``820.1.c.2``, ``178.1.a.1.a``.  Judges type them in many ways (``８２０．１``,
``135.2. a``, ``规则820.1。``, ``54.2``); :meth:`RuleNumber.parse` accepts all of
them and :class:`RuleNumber` always prints the canonical form.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from judgekit.errors import JudgekitError

# Words a judge may put in front of a number: "规则 820.1", "rule 820.1".
_PREFIX = re.compile(r"^(?:规则|条|rules?|r\.?)\s*", re.IGNORECASE)


MAX_DIGITS = 4  # no rule has a segment past 9999 (the longest are like 479.4.e.22)
MAX_SEGMENTS = 12


def ascii_digits(text: str) -> str:
    """Every Unicode decimal digit (Arabic-Indic, Persian, Thai, full-width, …) as its ASCII digit."""
    if text.isascii():
        return text
    return "".join(str(unicodedata.decimal(char)) if unicodedata.decimal(char, None) is not None else char
                   for char in text)


def invisible(text: str) -> str:
    """The characters of *text* a terminal shows as nothing (a zero-width space, a soft hyphen, a BOM), named."""
    hidden = dict.fromkeys(char for char in text if unicodedata.category(char) in ("Cc", "Cf", "Co", "Cn"))
    return "、".join(f"U+{ord(char):04X}（{unicodedata.name(char, '未命名')}）" for char in hidden)


def _is_number(piece: str) -> bool:
    return piece.isascii() and piece.isdigit()


class RuleNumberError(JudgekitError, ValueError):
    """Text that is not a well-formed rule number."""


class RuleNumber(NamedTuple):
    """A canonical rule number such as ``820.1.c.2``."""

    parts: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> RuleNumber:
        """Parse a rule number typed by a person or found in a document."""
        try:
            return cls._parse(text)
        except RuleNumberError as error:
            hidden = invisible(text)
            if not hidden:
                raise
            raise RuleNumberError(f"{error}；其中有看不见的字符 {hidden}，请删去后重试") from None

    @classmethod
    def _parse(cls, text: str) -> RuleNumber:
        raw = text if len(text) <= 40 else text[:39] + "…"  # as quoted in messages
        text = unicodedata.normalize("NFKC", ascii_digits(text)).strip().lower()
        text = _PREFIX.sub("", text)
        text = re.sub(r"\s+", "", text).rstrip("。.")
        if not text:
            raise RuleNumberError(f"“{raw}” 不是规则编号：内容为空")
        pieces = text.split(".")
        if len(pieces) > MAX_SEGMENTS:
            raise RuleNumberError(f"“{raw}” 不是规则编号：段数过多（最多 {MAX_SEGMENTS} 段，如 820.1.c.2）")
        if not _is_number(pieces[0]) or len(pieces[0]) > 3:
            raise RuleNumberError(f"“{raw}” 不是规则编号：规则编号以最多三位数字开头，如 820.1")
        parts = [pieces[0].zfill(3)]
        for index, piece in enumerate(pieces[1:], start=1):
            wants_digit = index % 2 == 1
            if wants_digit and _is_number(piece) and len(piece) > MAX_DIGITS:
                raise RuleNumberError(f"“{raw}” 不是规则编号：第 {index + 1} 段“{piece[:12]}”过长（每段最多 {MAX_DIGITS} 位数字）")
            if wants_digit and _is_number(piece):
                parts.append(str(int(piece)))
            elif not wants_digit and len(piece) == 1 and piece.isalpha() and piece.isascii():
                parts.append(piece)
            else:
                expected = "数字" if wants_digit else "单个字母"
                raise RuleNumberError(f"“{raw}” 不是规则编号：第 {index + 1} 段“{piece[:12]}”应为{expected}（如 820.1.c.2）")
        return cls(tuple(parts))

    def __str__(self) -> str:
        return ".".join(self.parts)

    @property
    def depth(self) -> int:
        return len(self.parts)

    @property
    def top(self) -> int:
        return int(self.parts[0])

    @property
    def parent(self) -> RuleNumber | None:
        return RuleNumber(self.parts[:-1]) if len(self.parts) > 1 else None

    def ancestors(self) -> list[RuleNumber]:
        """Nearest first: 820.1.c.2 → 820.1.c, 820.1, 820."""
        return [RuleNumber(self.parts[:n]) for n in range(len(self.parts) - 1, 0, -1)]

    def contains(self, other: RuleNumber) -> bool:
        """True when *other* is this rule or lies in its subtree (820.1 ∌ 820.10)."""
        return other.parts[: len(self.parts)] == self.parts

    @property
    def sort_key(self) -> str:
        """A string that sorts in rulebook order: 820.2 < 820.10, 820.1 < 820.1.a."""
        return ".".join(p.zfill(4) if p.isdigit() else p for p in self.parts)

