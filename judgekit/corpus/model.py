"""What the parsers produce: small immutable records, one per rule, FAQ entry or guide section."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple


class CrossRef(NamedTuple):
    """“想获取更多有关信息，请查阅规则349.打出卡牌。” → CrossRef("349", "打出卡牌")."""

    target: str
    label: str = ""


class RuleEntry(NamedTuple):
    """One numbered rule of one edition, as printed."""

    ref: str
    text: str
    title: str = ""
    breadcrumb: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()
    xrefs: tuple[CrossRef, ...] = ()
    # Set by layouts that show grouping (the PDF text): the heading a top-level
    # rule sits under.  Numbered children find their parent from the number.
    group: str | None = None
    line: int = 0


class Citation(NamedTuple):
    """A rule number an FAQ entry cites, in the numbering of the FAQ's edition."""

    ref: str
    raw: str
    kind: str = "related"  # "related": the 相关规则 line; "inline": quoted in the explanation


class FaqEntry(NamedTuple):
    number: int
    question: str
    answer: str
    explanation: tuple[str, ...] = ()
    citations: tuple[Citation, ...] = ()
    notes: tuple[str, ...] = ()  # errata and superseded rulings, quoted from the explanation
    line: int = 0


class GuideSection(NamedTuple):
    number: int
    title: str
    text: str
    line: int = 0


class GlossaryTerm(NamedTuple):
    zh: str
    en: str
    kind: str = "term"  # "keyword" for the keywords of the glossary chapter
    source: str = ""


class Problem(NamedTuple):
    """A line the importer could not place, a duplicate, or a citation it could not read."""

    line: int
    kind: str  # "unplaced" | "duplicate" | "citation"
    detail: str


@dataclass
class ParsedDocument:
    layout: str
    rules: list[RuleEntry] = field(default_factory=list)
    faqs: list[FaqEntry] = field(default_factory=list)
    sections: list[GuideSection] = field(default_factory=list)
    terms: list[GlossaryTerm] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    header_lines: int = 0
    date: str | None = None  # the "last updated" date the document states, if any
    kind: str | None = None  # core-rules, tournament-rules or faq, as the document's header states
    stated_count: int | None = None  # the number of rules the document says it holds, if it does
    preamble: str = ""

    @property
    def entry_count(self) -> int:
        return len(self.rules) + len(self.faqs) + len(self.sections)
