"""Official and judge FAQ documents, in every layout they are published in.

The layouts differ in how they mark a question and its answer:

* unmarked (the official PDFs, seed 002): a paragraph ending in “？” is a
  question, the next paragraph its answer, the rest its explanation;
* ``问：``/``答：`` and ``Q：``/``A：`` (full- or half-width colon), numbered
  sub-questions ``Q1：``/``Q2：`` answered by ``A1：``/``A2：``;
* rule questions ``问题 1.2：…？`` whose answer follows unmarked;
* the English Markdown: ``**What happens …?**`` questions, ``Relevant Rules:``.

The text is read in two passes.  First, lines become paragraphs: a line
continues the paragraph before it unless a blank line, a marker or a heading
separates them or the paragraph has finished its sentence (PDF wraps fall
anywhere, even in narrow two-column pages).  Then paragraphs become entries:
a question opens an entry (a second question before any answer — ``Q2：``,
``1）…？`` — joins it), the first answer paragraph answers it, and the rest up
to the next question or heading is its explanation, where quoted rules,
follow-up questions (“但如果凯尔已经…”) and errata notes stay.  ``相关规则：``
lines and rule numbers quoted in the text become citations.  Section
headings (“3.优先行动权”, “【卡名】”, ``## …``) close an entry; anything that
belongs to no entry is the preamble, and a question nothing answers is reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judgekit.corpus.header import opens_with_date, stated_date
from judgekit.corpus.model import Citation, FaqEntry, ParsedDocument, Problem
from judgekit.corpus.pages import page_lines
from judgekit.corpus.text import display_width, ends_sentence, join_fragments
from judgekit.refs import RuleNumber, RuleNumberError

QUESTION_END = ("？", "?")
QUESTION = re.compile(r"^(?:(?:问|Q(?P<n>\d*))\s*[：:]|问题\s*\d+(?:\.\d+)*\s*[：:])", re.IGNORECASE)
RULE_QUESTION = re.compile(r"^问题\s*\d+")
ANSWER = re.compile(r"^(?:答|A\d*)\s*[：:]", re.IGNORECASE)
RELATED = re.compile(r"^(?:相关规则|Related rules?|Relevant rules?)\s*[：:]\s*(?P<refs>.*)$", re.IGNORECASE)
HEADING = re.compile(
    r"^(?:#\s+.*|\d{1,2}\s*[.、]\s*(?!\d)[^。？?！!：:]{1,24}|[一二三四五六七八九十]+、.{1,24})$"
)
# A line this share of the page's width or wider may have been wrapped by the page.
FULL_LINE_SHARE = 0.6
TOPIC_SHARE = 0.5  # a topic is at most half as wide as the first line of the ruling under it
WRAP_TOLERANCE = 1.2  # how much wider than the line it continues a continued line may run
LIST_ITEM = re.compile(r"^\d{1,2}\s*[）)]")
NUMBERED_HEADING = re.compile(r"^\d{1,2}\s*[.、]")
# A topic: a short line of words alone (“鼓舞”, “致命伤害修正”, “### Legion”, a card's name
# “【卡名】”).  Followed by text
# it is an entry — the topic and what the document rules on it; followed by anything else, a heading.
TOPIC = re.compile(r"^(?:#{2,6}\s+.{1,60}|[\u4e00-\u9fffA-Za-z ]{2,12}|【[^】]{1,30}】)$")
QUOTED_RULE = re.compile(r"^(?P<ref>\d{3}(?:\.(?:\d+|[a-z]))*)\.?$")
SEPARATOR = re.compile(r"^(?:-{3,}|[—–―]+|\*{3,}|_{3,})$")  # a rule of dashes, a lone dash of any width
BOLD = re.compile(r"^\*\*(?P<text>.+?)\*\*$")
FOLLOW_UP = ("但", "谈到", "那么", "另外", "此外", "同样", "But ", "And ", "What about", "Also")
# Rules quoted in the text: “规则第323.1.条”, “第466.1.b.条”, “per 438.1”, “rule 438.7.b”.
INLINE_REF = re.compile(
    r"(?:规则|第|\b[Rr]ules?|\bper)\s*第?\s*(?P<ref>\d{3}(?:\.(?:\d+|[a-z]))+|\d{3}(?=\.?\s*(?:条|and|和|、)))"
)
# Paragraphs a judge must not miss: errata and rulings that replace older ones.
NOTE = re.compile(r"勘误|不再适用|errata", re.IGNORECASE)


@dataclass
class _Paragraph:
    line: int
    kind: str  # question | answer | related | heading | topic | quoted | text
    text: str
    width: int = 0  # of its last line, in columns
    full: bool = True  # whether its last line runs (nearly) to the page's width
    first_width: int = 0  # of its first line
    after_blank: bool = True  # whether a blank line (or nothing) comes before it

    def continues_with(self, width: int) -> bool:
        """Whether a line *width* columns wide may continue this paragraph.

        Only an unfinished line wraps: a marked question or answer runs on to
        the end of its sentence (narrow columns wrap them at any width); other
        text wraps only at a full line.  A numbered rule question may be a title
        (“问题 2.2：…的相关问题”): it wraps only before a line no wider than it.
        """
        if self.kind == "quoted":
            return True
        if self.kind in ("heading", "topic", "related") or ends_sentence(self.text):
            return False
        if RULE_QUESTION.match(self.text):
            return self.full and width <= self.width * WRAP_TOLERANCE
        return self.kind in ("question", "answer") or self.full


@dataclass
class _Entry:
    line: int
    question: list[str]
    answer: list[str] = field(default_factory=list)
    body: list[tuple[int, str]] = field(default_factory=list)  # explanation paragraphs with their lines
    related: list[tuple[int, str]] = field(default_factory=list)
    topic: bool = False  # opened by a topic rather than a question

    @property
    def asked(self) -> bool:
        """Whether the question is complete, so that unmarked text after it answers it.

        A numbered rule question is complete even without “？”: “问题 2.2：…的相关问题”.
        """
        if self.topic or (len(self.question) == 1 and RULE_QUESTION.match(self.question[0])):
            return True
        return bool(self.question) and self.question[-1].endswith(QUESTION_END)


def _classify(line: str) -> tuple[str, str]:
    if bold := BOLD.match(line):
        inner = bold.group("text").strip()
        if inner.endswith(QUESTION_END):
            return "question", inner
        line = inner
    if RELATED.match(line):
        return "related", line
    if QUESTION.match(line):
        return "question", line
    if ANSWER.match(line):
        return "answer", line
    if QUOTED_RULE.match(line):
        return "quoted", line
    if HEADING.match(line):
        return "heading", line.lstrip("#").strip()
    if TOPIC.match(line):
        return "topic", line.lstrip("#").strip()
    return "text", line


def _page_width(lines: list[tuple[int, str]]) -> int:
    """The width of a full line of text (columns): the 90th percentile of the line widths."""
    widths = sorted(display_width(line.strip()) for _, line in lines if line.strip())
    return widths[int(len(widths) * 0.9)] if widths else 0


def _paragraphs(lines: list[tuple[int, str]]) -> list[_Paragraph]:
    paragraphs: list[_Paragraph] = []
    blank = True
    full_width = _page_width(lines) * FULL_LINE_SHARE
    for number, raw in lines:
        line = raw.strip()
        if not line or SEPARATOR.match(line):
            blank = True
            continue
        kind, text = _classify(line)
        previous = paragraphs[-1] if paragraphs else None
        width = display_width(text)
        continues = previous and previous.continues_with(width) and (not blank or previous.kind == "quoted")
        if kind in ("heading", "topic") and continues and not blank:
            kind, text = "text", line  # “【卡名】” wrapped onto a line of its own inside a sentence
        if kind == "topic" and not (previous and _ends_a_part(previous)):
            kind = "text"  # the head of a list or table (“前半部分 / 后半部分”), not of a section
        full = width >= full_width
        if kind == "text" and continues:
            if previous.kind == "quoted":
                previous.kind, previous.text = "text", f"{previous.text} {text}"
            else:
                previous.text = join_fragments(previous.text, text, spaced_words=text.isascii())
            previous.width, previous.full = width, full
        else:
            paragraphs.append(_Paragraph(number, kind, text, width, full, first_width=width, after_blank=blank))
        blank = False
    _lists_are_not_headings(paragraphs)
    return _topics_without_text_are_headings(paragraphs)


def _ends_a_part(paragraph: _Paragraph) -> bool:
    """A topic follows a heading or a finished sentence (not the document's title, not a colon's list)."""
    if paragraph.kind in ("heading", "topic"):
        return True
    return ends_sentence(paragraph.text) and not paragraph.text.endswith(("：", ":"))


def _topics_without_text_are_headings(paragraphs: list[_Paragraph]) -> list[_Paragraph]:
    """A topic is an entry only when a statement follows it: the ruling on that topic.

    The topic stands well short of the statement's first line.  A line as wide as
    the line under it that runs on into it unfinished is a line of a narrow column
    (“这之后的结果是打出两 / 名…的结算。”): text, joined with the rest of its sentence.
    Any other topic is a heading: one inside an entry (“前半部分 / 后半部分”, the
    heads of a table) keeps the entry open when its text goes on after it.
    """
    kept: list[_Paragraph] = []
    for index, paragraph in enumerate(paragraphs):
        if kept and kept[-1].kind == "wrapped":
            kept[-1].kind = "text"
            kept[-1].text = join_fragments(kept[-1].text, paragraph.text, spaced_words=paragraph.text.isascii())
            kept[-1].width, kept[-1].full = paragraph.width, paragraph.full
            continue
        kept.append(paragraph)
        following = paragraphs[index + 1] if index + 1 < len(paragraphs) else None
        if paragraph.kind != "topic" or following is None:
            if paragraph.kind == "topic":
                paragraph.kind = "subheading"
            continue
        statement = following.kind == "text" and ends_sentence(following.text) and not _is_question(following)
        if statement and paragraph.width <= following.first_width * TOPIC_SHARE:
            continue  # the topic of an entry
        runs_on = following.kind == "text" and following.line == paragraph.line + 1 and not _is_question(following)
        if runs_on and paragraph.width > following.first_width * TOPIC_SHARE and not ends_sentence(paragraph.text):
            paragraph.kind = "wrapped"  # joined with *following* on the next turn
        else:
            paragraph.kind = "subheading"
    return kept


def _lists_are_not_headings(paragraphs: list[_Paragraph]) -> None:
    """“1. 战斗清理 / 2. 判定战斗结果 …” in a row is a list inside an answer, not a run of headings."""
    numbered = [p.kind == "heading" and bool(NUMBERED_HEADING.match(p.text)) for p in paragraphs]
    for index, paragraph in enumerate(paragraphs):
        beside = (index > 0 and numbered[index - 1]) or (index + 1 < len(paragraphs) and numbered[index + 1])
        if numbered[index] and beside:
            paragraph.kind = "text"


def _is_question(paragraph: _Paragraph) -> bool:
    return paragraph.kind == "question" or (paragraph.kind == "text" and paragraph.text.endswith(QUESTION_END))


def _continues_question(current: _Entry | None, paragraph: _Paragraph) -> bool:
    """A question before its entry is answered: the rest of a wrapped question, ``Q2`` before ``A1``, ``1）…？``."""
    if not (current and current.question and not current.answer and _is_question(paragraph)):
        return False
    if not current.asked or paragraph.kind == "text":
        return True
    marker = QUESTION.match(paragraph.text)
    return bool(marker and marker.group("n") not in (None, ""))


def _answer_marked_as_question(current: _Entry | None, paragraph: _Paragraph) -> bool:
    """``Q：可以。`` right after an unanswered question: a misprinted answer marker."""
    return bool(
        current and current.asked and not current.answer and paragraph.kind == "question"
        and not paragraph.text.endswith(QUESTION_END) and not RULE_QUESTION.match(paragraph.text)
    )


def _lists_on(answer: list[str], text: str) -> bool:
    """An answer ending in a colon goes on into the list it introduces (“你可以：1）… 2）…”)."""
    if not answer:
        return False
    return answer[-1].endswith(("：", ":")) or bool(LIST_ITEM.match(answer[-1]) and LIST_ITEM.match(text))


def _sets_out(following: _Paragraph | None) -> bool:
    """Whether the paragraph before *following* sets out its situation: it is a ``Q：``/``Q1：`` question."""
    if not (following and following.kind == "question"):
        return False
    marker = QUESTION.match(following.text)
    return bool(marker) and not RULE_QUESTION.match(following.text) and not following.text.startswith("问")


def _entries(paragraphs: list[_Paragraph], doc: ParsedDocument) -> tuple[list[_Entry], list[str]]:
    entries: list[_Entry] = []
    preamble: list[str] = []
    current: _Entry | None = None
    context: list[str] = []  # the situation a Q/A question sets out before asking
    for index, paragraph in enumerate(paragraphs):
        kind, text = paragraph.kind, paragraph.text
        following = paragraphs[index + 1] if index + 1 < len(paragraphs) else None
        # The situation stands apart from the answer before it; a line right under the answer goes on with it.
        sets_out = paragraph.after_blank and _sets_out(following)
        if kind == "text" and not _is_question(paragraph) and sets_out and current and current.answer:
            context.append(text)
        elif kind == "subheading" and current is not None and _text_goes_on(paragraphs, index):
            current.body.append((paragraph.line, text))  # the head of a table or a part inside the entry
        elif kind in ("heading", "subheading"):
            current = None
            doc.header_lines += 1
        elif kind == "topic":
            current = _Entry(paragraph.line, [text], topic=True)
            entries.append(current)
        elif current is None and kind == "answer":
            doc.problems.append(Problem(paragraph.line, "unplaced", f"答案前没有问题：{text}"))
        elif _continues_question(current, paragraph):
            current.question.append(text)
        elif _answer_marked_as_question(current, paragraph):
            current.answer.append(QUESTION.sub("", text).strip())
        elif _is_question(paragraph) and not (current and kind == "text" and text.startswith(FOLLOW_UP)):
            if current and current.answer and not current.asked and kind == "text":
                current.question.append(text)  # the end of a question the page layout put after its answers
            else:
                current = _Entry(paragraph.line, [*context, text])
                entries.append(current)
            context = []
        elif current is None:
            preamble.append(text)
            if entries:  # after the first entry: a section's note, or text the layout cut off from its entry
                doc.problems.append(Problem(paragraph.line, "unplaced", f"不属于任何条目：{_excerpt(text)}"))
        elif kind == "related":
            current.related.append((paragraph.line, RELATED.match(text).group("refs")))
        elif kind == "answer" or (not current.answer and current.asked) or _lists_on(current.answer, text):
            current.answer.append(text)
        else:
            current.body.append((paragraph.line, text))
    return entries, preamble


def _text_goes_on(paragraphs: list[_Paragraph], index: int) -> bool:
    """Whether the first paragraph after the headings at *index* is text, not a new question, topic or answer."""
    for paragraph in paragraphs[index + 1:]:
        if paragraph.kind not in ("heading", "subheading"):
            return paragraph.kind == "text" and not _is_question(paragraph)
    return False


def _excerpt(text: str, width: int = 40) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _citations(line: int, refs: str, problems: list[Problem]) -> list[Citation]:
    citations = []
    for raw in re.split(r"[、，,；;\s]+|\band\b|和", refs.strip().rstrip("。")):
        if not raw:
            continue
        try:
            citations.append(Citation(str(RuleNumber.parse(raw)), raw))
        except RuleNumberError as error:
            problems.append(Problem(line, "citation", str(error)))
    return citations


def _faq_entry(number: int, entry: _Entry, problems: list[Problem]) -> FaqEntry:
    explanation = [text for _, text in entry.body]
    citations: list[Citation] = []
    for line, refs in entry.related:
        citations += _citations(line, refs, problems)
    cited = {c.ref for c in citations}
    quoted = [m.group("ref") for text in explanation if (m := QUOTED_RULE.match(text.split(" ")[0]))]
    mentioned = [m.group("ref") for m in INLINE_REF.finditer("\n".join([*entry.answer, *explanation]))]
    for raw in mentioned + quoted:
        ref = str(RuleNumber.parse(raw))
        if ref not in cited:
            cited.add(ref)
            citations.append(Citation(ref, raw, kind="inline"))
    return FaqEntry(
        number=number,
        question="\n".join(entry.question),
        answer="\n".join(entry.answer),
        explanation=tuple(explanation),
        citations=tuple(citations),
        notes=tuple(p for p in explanation if NOTE.search(p)),
        line=entry.line,
    )


# A top-level Markdown heading whose next line states a date starts one FAQ of a file holding several; in plain
# text (a page saved as text, PDFs run together) a short title line after a blank line, whose next line opens
# with the date, does.
PART_HEADING = re.compile(r"^#\s+(?P<title>\S.*?)\s*$")
PLAIN_TITLE_WIDTH = 80  # wider than any FAQ's title, narrower than a paragraph
_NOT_A_TITLE = re.compile(r"^(?:[#>*\-•●○|]|问|答|Q\b|A\b|Q\d|问题\s*\d)|[?？。:：]$", re.IGNORECASE)


def _part_title(lines: list[str], index: int) -> str | None:
    """The title of the FAQ that starts at *lines[index]*, if one does."""
    line = lines[index].strip()
    following = next((later for later in lines[index + 1:index + 4] if later.strip()), "")
    if heading := PART_HEADING.match(line):
        return heading.group("title") if stated_date(following) else None
    after_break = index == 0 or not lines[index - 1].strip()
    if (line and after_break and display_width(line) <= PLAIN_TITLE_WIDTH and not _NOT_A_TITLE.search(line)
            and opens_with_date(following.strip())):
        return line
    return None


def faq_parts(text: str) -> list[tuple[str, str]]:
    """(title, text) of each FAQ *text* holds, when it holds more than one; otherwise [].

    A file of several FAQs (“# vendetta-…” published 2026-08-14, “# unleashed-…” 2026-04-29)
    is several documents: each cites the rules of its own date.  Its lines before the first
    FAQ describe the file, not a ruling.
    """
    lines = text.splitlines(keepends=True)
    starts = [(index, title) for index in range(len(lines)) if (title := _part_title(lines, index))]
    if len(starts) < 2:
        return []
    ends = [start for start, _ in starts[1:]] + [len(lines)]
    return [(title, "".join(lines[start:end])) for (start, title), end in zip(starts, ends, strict=True)]


def parse(text: str) -> ParsedDocument:
    doc = ParsedDocument(layout="faq")
    entries, preamble = _entries(_paragraphs(page_lines(text).lines), doc)
    doc.header_lines += len(preamble)
    doc.preamble = "\n\n".join(preamble)
    doc.date = stated_date(doc.preamble)
    doc.kind = "faq"
    doc.faqs = [_faq_entry(number, entry, doc.problems) for number, entry in enumerate(entries, start=1)]
    for entry in entries:
        if not entry.answer:
            doc.problems.append(Problem(entry.line, "unplaced", f"问题没有答案：{' '.join(entry.question)}"))
    return doc
