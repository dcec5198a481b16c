"""Is this document what it claims to be?  Checked before an import accepts it.

A rules document is mostly numbered rules; an FAQ is questions with answers that
cite rules.  Anything else (a note, a random text file) is refused with what was
expected and what was found, instead of filling the store with junk entries.
"""

from __future__ import annotations

from pathlib import Path

from judgekit.corpus.model import ParsedDocument
from judgekit.corpus.sources import TOURNAMENT
from judgekit.errors import DocumentError

# Largest document accepted, per kind; checked from the file's size before it is read.
SIZE_LIMITS = {"rules": 2_000_000, "faq": 2_000_000, "guide": 2_000_000, TOURNAMENT: 2_000_000}
LAYOUT_KINDS = {"faq": "faq", "guide": "guide"}  # every other layout holds rules
# A rules document has a numbered rule, an FAQ a question, for every this many lines at least
# (official FAQs: 4–26 lines per question after their preamble; random text: about 50).
LINES_PER_ENTRY = 40
MIN_FAQ_ENTRIES = 3


def kind_of(layout: str) -> str:
    return LAYOUT_KINDS.get(layout, "rules")


def document_kind(document: ParsedDocument) -> str:
    """What a parsed document holds: numbered rules whose header names the Tournament Rules are ``tournament``."""
    kind = kind_of(document.layout)
    return TOURNAMENT if kind == "rules" and document.kind == "tournament-rules" else kind


def check_size(path: Path, layout: str | None) -> None:
    """Refuse a file larger than any document of its kind could be, before reading it."""
    limit = SIZE_LIMITS[kind_of(layout)] if layout else max(SIZE_LIMITS.values())
    try:
        size = path.stat().st_size
    except OSError:
        return  # reading it reports why it cannot be read
    if size > limit:
        raise DocumentError(
            f"{path}：文件有 {size / 1e6:.1f} MB，超过此类文档的上限 {limit / 1e6:.0f} MB；"
            f"完整的规则或 FAQ 文档都远小于此，请确认选对了文件"
        )


def check_structure(path: Path, text: str, document: ParsedDocument) -> None:
    """Refuse a document whose entries are too few for its text to be what its layout says."""
    lines = sum(1 for line in text.splitlines() if line.strip())
    if document.layout == "faq":
        _check_faq(path, lines - document.header_lines, document)
    elif document.layout not in LAYOUT_KINDS:
        _check_rules(path, lines, document)


def _check_rules(path: Path, lines: int, document: ParsedDocument) -> None:
    expected = max(1, lines // LINES_PER_ENTRY)
    if len(document.rules) < expected:
        raise DocumentError(
            f"{path}：不像规则文档：{lines} 行文字按 {document.layout} 版式应至少读到 {expected} 条编号规则，"
            f"实际只读到 {len(document.rules)} 条；请确认文件，或用 --layout 指定版式"
        )


def _check_faq(path: Path, lines: int, document: ParsedDocument) -> None:
    answered = sum(1 for entry in document.faqs if entry.answer)
    expected = max(MIN_FAQ_ENTRIES, lines // LINES_PER_ENTRY)
    if answered < expected or answered * 2 < len(document.faqs):
        raise DocumentError(
            f"{path}：不像 FAQ 文档：{lines} 行正文按 FAQ 版式应至少有 {expected} 个带答案的问题，"
            f"实际读到 {len(document.faqs)} 个问题，其中 {answered} 个有答案；请确认文件{_where(document)}"
        )


SHOWN_PROBLEMS = 5


def _where(document: ParsedDocument) -> str:
    """Where an FAQ that is refused goes wrong: the lines of its questions without answers, answers without questions."""
    unplaced = sorted((p for p in document.problems if p.kind == "unplaced"), key=lambda p: p.line)
    if not unplaced:
        return ""
    shown = "".join(f"\n  第 {p.line} 行：{p.detail}" for p in unplaced[:SHOWN_PROBLEMS])
    more = f"\n  ……另有 {len(unplaced) - SHOWN_PROBLEMS} 处" if len(unplaced) > SHOWN_PROBLEMS else ""
    return f"。读不通的地方：{shown}{more}"

