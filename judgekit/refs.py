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


class RuleNumberError(JudgekitError, ValueError):
    """Text that is not a well-formed rule number."""


class RuleNumber(NamedTuple):
    """A canonical rule number such as ``820.1.c.2``."""

    parts: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> RuleNumber:
        """Parse a rule number typed by a person or found in a document."""
        raw = text
        text = unicodedata.normalize("NFKC", text).strip().lower()
        text = _PREFIX.sub("", text)
        text = re.sub(r"\s+", "", text).rstrip("。.")
        if not text:
            raise RuleNumberError(f"“{raw}” 不是规则编号：内容为空")
        pieces = text.split(".")
        if not pieces[0].isdigit() or len(pieces[0]) > 3:
            raise RuleNumberError(f"“{raw}” 不是规则编号：规则编号以最多三位数字开头，如 820.1")
        parts = [pieces[0].zfill(3)]
        for index, piece in enumerate(pieces[1:], start=1):
            wants_digit = index % 2 == 1
            if wants_digit and piece.isdigit():
                parts.append(str(int(piece)))
            elif not wants_digit and len(piece) == 1 and piece.isalpha() and piece.isascii():
                parts.append(piece)
            else:
                expected = "数字" if wants_digit else "单个字母"
                raise RuleNumberError(f"“{raw}” 不是规则编号：第 {index + 1} 段“{piece}”应为{expected}（如 820.1.c.2）")
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

