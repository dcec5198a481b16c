"""Is this document what it claims to be?  Checked before an import accepts it.

A rules document is mostly numbered rules; an FAQ is questions with answers that
cite rules.  Anything else (a note, a random text file) is refused with what was
expected and what was found, instead of filling the store with junk entries.
"""

from __future__ import annotations

from pathlib import Path

from judgekit.corpus.model import ParsedDocument
from judgekit.errors import DocumentError

# Largest document accepted, per kind; checked from the file's size before it is read.
SIZE_LIMITS = {"rules": 2_000_000, "faq": 2_000_000, "guide": 2_000_000}
LAYOUT_KINDS = {"faq": "faq", "guide": "guide"}  # every other layout holds rules
# A rules document has at least one numbered rule for every this many lines of text.
LINES_PER_RULE = 50


def kind_of(layout: str) -> str:
    return LAYOUT_KINDS.get(layout, "rules")


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
    if document.layout in LAYOUT_KINDS:
        if document.layout == "faq":
            _check_faq(path, document)
        return
    expected = lines // LINES_PER_RULE
    if len(document.rules) < max(1, expected):
        raise DocumentError(
            f"{path}：不像规则文档：{lines} 行文字按 {document.layout} 版式应至少读到 {max(1, expected)} 条编号规则，"
            f"实际只读到 {len(document.rules)} 条；请确认文件，或用 --layout 指定版式"
        )


def _check_faq(path: Path, document: ParsedDocument) -> None:
    answered = [entry for entry in document.faqs if entry.answer]
    citing = [entry for entry in answered if entry.citations]
    if not citing or len(answered) * 2 < len(document.faqs):
        raise DocumentError(
            f"{path}：不像 FAQ 文档：读到 {len(document.faqs)} 个问题，其中 {len(answered)} 个有答案、"
            f"{len(citing)} 个引用了规则；FAQ 的条目应大多有答案，且至少 1 条引用规则（“相关规则：…”）"
        )
