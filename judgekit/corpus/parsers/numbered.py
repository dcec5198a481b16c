"""Rules printed as numbered lines, the layout of the official PDFs as text.

``• 702.1. 玩家可以…`` (Chinese, seed 001) and ``820.1. Repeat is …`` (English)
are the same layout: a number with a dot starts an entry, every other line
continues it (PDF wraps, page breaks, words one per line), page furniture is
skipped.  Top-level headings (``701. 增益``) group the rules that follow; the
grouping gives breadcrumbs and the parent of top-level rules (see _Grouping).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judgekit.corpus.header import stated_date, stated_kind
from judgekit.corpus.model import ParsedDocument, RuleEntry
from judgekit.corpus.pages import page_lines
from judgekit.corpus.parsers.common import (
    NUMBER,
    Language,
    drop_duplicates,
    find_xrefs,
    looks_like_title,
    split_examples,
    unplaced,
)
from judgekit.corpus.text import SENTENCE_END, fix_cjk_spaces, join_fragments
from judgekit.refs import RuleNumber

# “• 702.1. 玩家…”, “820.1. Repeat …”, “177.”; and, without the final dot, “702.1 玩家…”
# (only for a dotted number: a line starting “100 cards” is prose).
NUMBERED_LINE = re.compile(rf"^\s*(?:[•·●▪*]\s*)?(?P<num>{NUMBER})\.(?!\d|[a-z](?:\W|$))\s*(?P<text>.*)$")
UNDOTTED_LINE = re.compile(r"^\s*(?:[•·●▪*]\s*)?(?P<num>\d{3}(?:\.(?:\d+|[a-z]))+)\s+(?P<text>\S.*)$")
HEADER = re.compile(r"^(?:#|>)|Rules|Last Updated|核心规则|最后更新", re.IGNORECASE)
# A line ending like this is followed by the number it refers to, not by a new rule:
# “想获取更多有关信息，请查阅规则 / 433. 战斗。”, “During rule / 352.2., they chose …”.
# Lower-case “rule” only: a title (“Golden Rule”, “Unique Rules”) is followed by its rules.
REFERS_ON = re.compile(r"(?:查阅规则|参阅规则|参见规则|[Ss]ee rule|\brules?)\s*$")


@dataclass
class _Draft:
    ref: RuleNumber
    line: int
    lines: list[str] = field(default_factory=list)

    def paragraphs(self, language: Language) -> list[str]:
        """Join wrapped lines; only a finished sentence ends a paragraph."""
        paragraphs: list[str] = []
        for line in self.lines:
            if paragraphs and not paragraphs[-1].endswith(SENTENCE_END):
                paragraphs[-1] = join_fragments(paragraphs[-1], line, language.spaced_words)
            else:
                paragraphs.append(line)
        return [fix_cjk_spaces(p) for p in paragraphs]


class _Grouping:
    """Which headings a top-level rule sits under, as far as the document shows it.

    A section heading (“700. 附加规则”) covers its hundred.  Within it, a rule
    sits under the nearest heading before it.  A heading's own level is known
    only when it follows another heading at once (720 关键词术语表 → 721 急速:
    the first would be empty otherwise); a heading after rules (722 迅捷, or
    467 Scoring after the combat steps) may close any number of the headings
    before it, so it is shown under its section alone: less, never wrong.
    """

    def __init__(self) -> None:
        self.hundred = -1
        self.section: tuple[str, str] | None = None  # (ref, title) of the x00 heading
        self.chain: list[tuple[str, str]] = []  # headings known to enclose each other, innermost last
        self.last_was_heading = False

    def enter(self, ref: RuleNumber, title: str) -> None:
        if ref.depth != 1:
            self.last_was_heading = False
            return
        if ref.top // 100 != self.hundred:
            self.hundred, self.section, self.chain = ref.top // 100, None, []
        if title and ref.top % 100 == 0:
            self.section, self.chain = (str(ref), title), []
        elif title:
            self.chain = [*self.chain, (str(ref), title)] if self.last_was_heading else [(str(ref), title)]
        self.last_was_heading = bool(title)

    def context(self, ref: RuleNumber) -> tuple[str | None, tuple[str, ...]]:
        """(enclosing heading, breadcrumb) for *ref*; a heading is not its own context."""
        enclosing = [self.section] if self.section and self.section[0] != str(ref) else []
        enclosing += [heading for heading in self.chain if heading[0] != str(ref)]
        return (enclosing[-1][0] if enclosing else None), tuple(title for _, title in enclosing)


def parse(text: str, language: Language, layout: str) -> ParsedDocument:
    doc = ParsedDocument(layout=layout)
    drafts: list[_Draft] = []
    pages = page_lines(text)
    doc.header_lines = pages.running_heads
    for number, raw in pages.lines:
        line = raw.strip()
        if not line:
            continue
        match = NUMBERED_LINE.match(raw) or UNDOTTED_LINE.match(raw)
        if match and not (drafts and drafts[-1].lines and REFERS_ON.search(drafts[-1].lines[-1])):
            drafts.append(_Draft(RuleNumber.parse(match.group("num")), number))
            if match.group("text"):
                drafts[-1].lines.append(match.group("text").strip())
        elif drafts:
            drafts[-1].lines.append(line)
        elif HEADER.search(line):
            doc.header_lines += 1
            doc.date = doc.date or stated_date(line)
            doc.kind = doc.kind or stated_kind(line)
        else:
            doc.problems.append(unplaced(number, line))

    entries = _entries(drafts, language)
    doc.rules = drop_duplicates(entries, doc.problems)
    return doc


def _entries(drafts: list[_Draft], language: Language) -> list[RuleEntry]:
    grouping = _Grouping()
    titles: dict[str, str] = {}
    entries = []
    for draft in drafts:
        paragraphs, examples = split_examples(draft.paragraphs(language), language)
        body = "\n".join(paragraphs)
        title = body if not examples and looks_like_title(body, language) else ""
        if title:
            body = ""
            titles[str(draft.ref)] = title
        grouping.enter(draft.ref, title)
        group, crumbs = grouping.context(draft.ref.ancestors()[-1] if draft.ref.depth > 1 else draft.ref)
        inner = tuple(titles[str(a)] for a in reversed(draft.ref.ancestors()) if str(a) in titles)
        entries.append(
            RuleEntry(
                ref=str(draft.ref),
                title=title,
                text=body,
                breadcrumb=crumbs + inner,
                examples=tuple(examples),
                xrefs=find_xrefs(paragraphs + examples, language),
                group=group if draft.ref.depth == 1 else None,
                line=draft.line,
            )
        )
    return entries
