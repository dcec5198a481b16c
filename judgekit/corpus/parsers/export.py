"""The rules-search export (seeds 000 and 003).

Each entry is a number on a line of its own, an optional “所属：A › B” breadcrumb
line, then the text with the PDF's line wraps.  The export has defects this
parser repairs:

* the first number glued to the header: ``…完整规则以官方发布为准135.2.b.3``;
* a number glued to its text: ``354.2此结算链项目…``;
* a number glued to a numbered title: ``479.4.e.22.减值`` is 479.4.e.2 titled
  “2.减值”, ``491.22v2`` is 491.2 titled “2v2”.  Which digits belong to the
  title is decided by the evidence in the document: children of the shorter
  number, or a breadcrumb that starts with the title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judgekit.corpus.header import stated_date, stated_kind
from judgekit.corpus.model import ParsedDocument, RuleEntry
from judgekit.corpus.pages import page_lines
from judgekit.corpus.parsers.common import NUMBER, ZH, drop_duplicates, find_xrefs, split_examples, unplaced
from judgekit.corpus.text import SENTENCE_END, display_width, unwrap
from judgekit.refs import RuleNumber, RuleNumberError

NUMBER_LINE = re.compile(rf"^(?P<num>{NUMBER})(?P<rest>.*)$")
BREADCRUMB = re.compile(r"^所属[：:]\s*(?P<path>.*)$")
DATE = re.compile(r"最后更新\s*(\d{4}-\d{2}-\d{2})")
COUNT = re.compile(r"共\s*([\d,]+)\s*条")
GLUED_TAIL = re.compile(rf"(?<![\d.])(?P<num>{NUMBER})$")


@dataclass(frozen=True)
class _Reading:
    """One way to read a number line: which number, and what title or text was glued to it."""

    ref: str
    title: str = ""
    text: str = ""


@dataclass
class _Draft:
    readings: list[_Reading]
    line: int
    breadcrumb: tuple[str, ...] = ()
    lines: list[str] = field(default_factory=list)


def _readings(number: str, rest: str) -> list[_Reading] | None:
    """The readings of a number line, most likely first; None when it is not a number line."""
    try:
        ref = RuleNumber.parse(number)
    except RuleNumberError:
        return None
    if rest in ("", "."):
        return [_Reading(str(ref))]
    if rest[0].isspace():
        return None
    glued_title = (rest[0] == "." and not rest[1:2].isdigit()) or (rest[0].isascii() and rest[0].isalpha())
    if not glued_title:
        # “354.2此结算链项目…”: text glued to a dotted number.  A bare “100点” is prose.
        return [_Reading(str(ref), text=rest)] if ref.depth > 1 else None
    last = ref.parts[-1]
    readings = []
    if last.isdigit():
        # 479.4.e.22.减值 → 479.4.e.2 + “2.减值”; shortest title first.
        for cut in range(len(last) - 1, 0, -1):
            try:
                shorter = RuleNumber.parse(".".join((*ref.parts[:-1], last[:cut])))
            except RuleNumberError:
                continue
            readings.append(_Reading(str(shorter), title=last[cut:] + rest))
    readings.append(_Reading(str(ref), text=rest.lstrip(".")))
    return readings


def _choose(draft: _Draft, refs: set[str]) -> _Reading:
    """Pick the reading the rest of the document supports; the first one otherwise."""

    def support(reading: _Reading) -> int:
        has_children = any(other.startswith(reading.ref + ".") for other in refs)
        named_by_breadcrumb = bool(
            reading.title and draft.breadcrumb and draft.breadcrumb[-1].startswith(reading.title)
        )
        return 2 * has_children + 2 * named_by_breadcrumb

    return max(draft.readings, key=lambda reading: (support(reading), -draft.readings.index(reading)))


def _is_header(line: str) -> bool:
    return bool(DATE.search(line)) or "核心规则" in line


def _is_title_line(line: str) -> bool:
    return display_width(line) <= 24 and not line.endswith(SENTENCE_END)


def parse(text: str) -> ParsedDocument:
    doc = ParsedDocument(layout="export")
    drafts: list[_Draft] = []
    pages = page_lines(text, lone_numbers_are_pages=False)
    doc.header_lines = pages.running_heads
    for number, raw in pages.lines:
        line = raw.strip()
        if not line:
            continue
        if not drafts and _is_header(line):
            doc.header_lines += 1
            doc.date = doc.date or stated_date(line)
            doc.kind = doc.kind or stated_kind(line)
            if count := COUNT.search(line):
                doc.stated_count = int(count.group(1).replace(",", ""))
            # “…完整规则以官方发布为准135.2.b.3”: the first entry's number is glued on.
            if glued := GLUED_TAIL.search(line):
                drafts.append(_Draft([_Reading(str(RuleNumber.parse(glued.group("num"))))], number))
            continue
        match = NUMBER_LINE.match(line)
        readings = _readings(match.group("num"), match.group("rest")) if match else None
        if readings:
            drafts.append(_Draft(readings, number))
        elif not drafts:
            if _is_title_line(line):
                doc.header_lines += 1
            else:
                doc.problems.append(unplaced(number, line))
        elif (crumb := BREADCRUMB.match(line)) and not drafts[-1].lines and not drafts[-1].breadcrumb:
            drafts[-1].breadcrumb = tuple(
                part.strip() for part in re.split(r"[›>]", crumb.group("path")) if part.strip()
            )
        else:
            drafts[-1].lines.append(line)

    plain_refs = {draft.readings[0].ref for draft in drafts if len(draft.readings) == 1}
    entries = []
    for draft in drafts:
        reading = _choose(draft, plain_refs)
        lines = [reading.text, *draft.lines] if reading.text else draft.lines
        paragraphs, examples = split_examples(unwrap(lines), ZH)
        entries.append(
            RuleEntry(
                ref=reading.ref,
                title=reading.title,
                text="\n".join(paragraphs),
                breadcrumb=draft.breadcrumb,
                examples=tuple(examples),
                xrefs=find_xrefs(paragraphs + examples, ZH),
                line=draft.line,
            )
        )
    doc.rules = drop_duplicates(entries, doc.problems)
    return doc
