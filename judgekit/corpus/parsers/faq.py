"""Official FAQ documents (seed 002): question, short answer, explanation, 相关规则.

Each line is a paragraph (a line the PDF wrapped is joined to the next).  A
paragraph ending in “？” (or starting with “问：”) opens an
entry; the next paragraph is the short answer; the rest, up to the next
question, is the explanation.  A question that opens by pointing back (“但如果
凯尔已经…”, “谈到梅尔，…”) is a follow-up: it stays in the entry it follows,
with its answer, as part of the explanation.  ``相关规则：`` lines cite rules in every form the
FAQ uses (``359.3.f.1.、359.3.f.2.``, ``370.1、370.1.b。``, ``375.``).
"""

from __future__ import annotations

import re

from judgekit.corpus.model import Citation, FaqEntry, ParsedDocument, Problem
from judgekit.corpus.pages import page_lines
from judgekit.corpus.text import unwrap_numbered
from judgekit.refs import RuleNumber, RuleNumberError

QUESTION_END = ("？", "?")
QUESTION_MARK = re.compile(r"^(?:问|Q)\s*[：:]", re.IGNORECASE)  # “问：…” / “Q: …” without a question mark
FOLLOW_UP = ("但", "谈到", "那么", "另外", "此外", "同样")
RELATED = re.compile(r"^(?:相关规则|Related rules?)\s*[：:]\s*(?P<refs>.*)$", re.IGNORECASE)
INLINE_REF = re.compile(r"规则\s*(?P<ref>\d{3}(?:\.(?:\d+|[a-z]))+)")
# Paragraphs a judge must not miss: errata and rulings that replace older ones.
NOTE = re.compile(r"勘误|不再适用|errata", re.IGNORECASE)


def _citations(line: int, refs: str, problems: list[Problem]) -> list[Citation]:
    citations = []
    for raw in re.split(r"[、，,；;\s]+", refs.strip().rstrip("。")):
        if not raw:
            continue
        try:
            citations.append(Citation(str(RuleNumber.parse(raw)), raw))
        except RuleNumberError as error:
            problems.append(Problem(line, "citation", str(error)))
    return citations


def _entry(number: int, line: int, question: str, body: list[tuple[int, str]], problems: list[Problem]) -> FaqEntry:
    answer = body[0][1] if body else ""
    explanation: list[str] = []
    citations: list[Citation] = []
    for paragraph_line, paragraph in body[1:]:
        if related := RELATED.match(paragraph):
            citations += _citations(paragraph_line, related.group("refs"), problems)
        else:
            explanation.append(paragraph)
    cited = {c.ref for c in citations}
    for match in INLINE_REF.finditer("\n".join([answer, *explanation])):
        ref = str(RuleNumber.parse(match.group("ref")))
        if ref not in cited:
            cited.add(ref)
            citations.append(Citation(ref, match.group("ref"), kind="inline"))
    return FaqEntry(
        number=number,
        question=question,
        answer=answer,
        explanation=tuple(explanation),
        citations=tuple(citations),
        notes=tuple(p for p in explanation if NOTE.search(p)),
        line=line,
    )


def parse(text: str) -> ParsedDocument:
    doc = ParsedDocument(layout="faq")
    preamble: list[str] = []
    questions: list[tuple[int, str, list[tuple[int, str]]]] = []
    for line, paragraph in unwrap_numbered(page_lines(text).lines):
        is_question = paragraph.endswith(QUESTION_END) or bool(QUESTION_MARK.match(paragraph))
        if is_question and not (questions and paragraph.startswith(FOLLOW_UP)):
            questions.append((line, paragraph, []))
        elif questions:
            questions[-1][2].append((line, paragraph))
        else:
            preamble.append(paragraph)
    doc.header_lines = len(preamble)
    doc.preamble = "\n\n".join(preamble)
    doc.faqs = [
        _entry(number, line, question, body, doc.problems)
        for number, (line, question, body) in enumerate(questions, start=1)
    ]
    for line, question, body in questions:
        if not body:
            doc.problems.append(Problem(line, "unplaced", f"问题没有答案：{question}"))
    return doc
