"""Every document in ../shared/reference parses whole (skipped without the folder).

Counts and samples are checked against the documents' own structure; no text
of theirs is repeated here.
"""

import re

import pytest
from conftest import REFERENCE, read

from judgekit.corpus.pages import page_lines
from judgekit.corpus.parsers import detect_layout, faq, parse
from judgekit.corpus.parsers.faq import faq_parts

pytestmark = pytest.mark.skipif(not REFERENCE.is_dir(), reason="../shared/reference is not present on this machine")

FAQ_ZH = REFERENCE / "faq" / "zh"
FAQ_EN = REFERENCE / "faq" / "en"
RULES = {
    "rules-history/core-rules-en-v1.1-2025-10-01.txt": (1616, "2025-10-01", "core-rules"),
    "rules-history/core-rules-en-v1.2-2025-12-01.txt": (1795, "2025-12-01", "core-rules"),
    "rules-history/core-rules-en-v1.3-2026-03-30.txt": (2088, "2026-03-30", "core-rules"),
    "rules-history/core-rules-en-v1.4-2026-06-18.txt": (2381, "2026-06-18", "core-rules"),
    "core-rules-en-2026-07-16.md": (2381, "2026-07-16", "core-rules"),
    "tournament/tournament-rules-en-2026-03-30.txt": (873, "2026-03-30", "tournament-rules"),
    "tournament/tournament-rules-en-2026-04-29.txt": (886, "2026-04-29", "tournament-rules"),
    "tournament/tournament-rules-en-2026-07-16.txt": (935, "2026-07-16", "tournament-rules"),
}
FAQS = {
    "faq-zh-origins-judge-2025-10-23.txt": 50,
    "faq-zh-spiritforged-judge-2026-01-14.txt": 93,
    "faq-zh-unleashed-official-2026-04-29.txt": 21,
    "faq-zh-vendetta-official-pdf-2026-08-13.txt": 32,
}
# Text that belongs to no entry, reported as unplaced: a section's one-line note under its heading.
UNPLACED = {"faq-zh-spiritforged-judge-2026-01-14.txt": 1}
PAGE_MARK = re.compile(r"PAGE\s*\d|<!--|\f|第\s*\d+\s*页|[—–-]\s*\d+\s*[—–-]$|^\d{1,4}$", re.MULTILINE)
DOCUMENTS = [*(REFERENCE / path for path in RULES), *(FAQ_ZH / name for name in FAQS),
             FAQ_EN / "faq-en-vendetta-and-unleashed.md"]


@pytest.fixture(scope="module")
def parsed():
    return {path.name: parse(read(path)) for path in DOCUMENTS}


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda path: path.name)
def test_no_page_mark_survives(parsed, path):
    doc = parsed[path.name]
    texts = [part for r in doc.rules for part in (r.title, r.text, *r.breadcrumb, *r.examples)]
    texts += [part for f in doc.faqs for part in (f.question, f.answer, *f.explanation)]
    assert texts and [text for text in texts if PAGE_MARK.search(text)] == []


@pytest.mark.parametrize("path, expected", RULES.items())
def test_rules_documents_import_every_number(parsed, path, expected):
    count, date, kind = expected
    doc = parsed[path.split("/")[-1]]
    assert (len(doc.rules), doc.date, doc.kind) == (count, date, kind)
    # v1.1 and v1.2 wrap a line at “rule / 352.2., …”: a continuation, not a second 352.2 (issue 18).
    assert doc.problems == []


@pytest.mark.parametrize("name, count", FAQS.items())
def test_chinese_faqs_import_every_entry_whole(parsed, name, count):
    doc = parsed[name]
    assert detect_layout(read(FAQ_ZH / name)) == "faq"
    assert len(doc.faqs) == count and [p.kind for p in doc.problems] == ["unplaced"] * UNPLACED.get(name, 0)
    assert all(entry.question and entry.answer for entry in doc.faqs)
    assert [entry.number for entry in doc.faqs] == list(range(1, count + 1))


def test_origins_judge_faq_rule_questions_and_card_examples(parsed):
    doc = parsed["faq-zh-origins-judge-2025-10-23.txt"]
    kinds = [entry.question[:2] for entry in doc.faqs]
    assert kinds.count("问题") == 27 and sum(kind.startswith("Q") for kind in kinds) == 23
    # A question wrapped over three lines keeps all of them, up to its last “？”.
    wrapped = next(e for e in doc.faqs if e.question.startswith("问题 1.3"))
    assert wrapped.question.count("？") == 2 and "\n" not in wrapped.question
    # An answer listing numbered options keeps them.
    listed = next(e for e in doc.faqs if "1）" in e.answer)
    assert "2）" in listed.answer
    assert doc.date == "2025-10-23"


def test_spiritforged_judge_faq_sub_questions_are_answered_in_full(parsed):
    doc = parsed["faq-zh-spiritforged-judge-2026-01-14.txt"]
    paired = [e for e in doc.faqs if e.question.startswith("Q1")]
    assert len(paired) >= 10
    for entry in paired:
        asked = re.findall(r"^Q(\d)", entry.question, re.MULTILINE)
        answered = re.findall(r"^A(\d)", entry.answer, re.MULTILINE)
        assert asked == answered and len(asked) >= 2, entry.question
    assert all("？" in e.question or e.question.startswith("问题") for e in doc.faqs)


def test_unleashed_official_faq_topics_and_questions(parsed):
    doc = parsed["faq-zh-unleashed-official-2026-04-29.txt"]
    topics = [e for e in doc.faqs if not e.question.endswith("？")]
    assert len(topics) == 7 and len(doc.faqs) - len(topics) == 14
    assert {c.ref for e in doc.faqs for c in e.citations} >= {"187.4.c", "461.3.d", "438.7.b", "816.2.a"}


def test_vendetta_official_pdf_has_34_questions_in_32_entries(parsed):
    doc = parsed["faq-zh-vendetta-official-pdf-2026-08-13.txt"]
    follow_ups = [p for e in doc.faqs for p in e.explanation if p.endswith("？")]
    assert len(doc.faqs) + len(follow_ups) == 34
    lines = [line for line in read(FAQ_ZH / "faq-zh-vendetta-official-pdf-2026-08-13.txt").splitlines()
             if line.startswith("相关规则")]
    related = {c.raw.rstrip(".") for e in doc.faqs for c in e.citations if c.kind == "related"}
    assert len(lines) == 17 and {raw.rstrip(".") for line in lines for raw in re.findall(r"[\d.a-z]{3,}", line)} <= related


def test_english_faq_markdown(parsed):
    # The file holds two FAQs (issue 18): each is a document of its own, with its own date.
    parts = faq_parts(read(FAQ_EN / "faq-en-vendetta-and-unleashed.md"))
    docs = [parse(text) for _, text in parts]
    assert [doc.date for doc in docs] == ["2026-08-14", "2026-04-29"] and all(doc.kind == "faq" for doc in docs)
    questions = [e for doc in docs for e in doc.faqs if e.question.endswith("?")]
    assert len(questions) == 48 and [len(doc.faqs) for doc in docs] == [34, 21]  # 34 + 14 questions, 7 topics
    assert all(doc.problems == [] for doc in docs) and all(e.answer for doc in docs for e in doc.faqs)
    assert [c.ref for c in docs[0].faqs[1].citations][:4] == ["359.3.f.1", "359.3.f.2", "359.3.f.3", "359.3.f.3.b"]


def _words(text: str) -> str:
    return re.sub(r"[\s*#>_`]", "", text)


@pytest.mark.parametrize("path", [*(FAQ_ZH / name for name in FAQS), FAQ_EN / "faq-en-vendetta-and-unleashed.md"],
                         ids=lambda path: path.name)
def test_every_line_of_an_faq_is_in_an_entry_or_reported(path):
    """Issue 18: every line is in an entry, in the header before the first entry, a heading, or reported unplaced."""
    text = read(path)
    for _, part in faq_parts(text) or [("", text)]:
        doc = parse(part)
        entries = _words("".join(f"{e.question}{e.answer}{''.join(e.explanation)}" for e in doc.faqs))
        first = min(e.line for e in doc.faqs)
        reported = [p.line for p in doc.problems if p.kind == "unplaced"]
        lost = []
        for number, line in page_lines(part).lines:
            line = line.strip()
            words = _words(faq.QUESTION.sub("", line))  # a misprinted “Q：” before an answer is dropped
            if words.strip("-—–―") == "" or words in entries or faq.RELATED.match(line.strip("*")):
                continue  # in an entry: its text, or its “相关规则” citations
            if faq.HEADING.match(line) or faq.TOPIC.match(line):
                continue  # a heading
            if number < first or any(start <= number for start in reported):
                assert words in _words(doc.preamble), line  # the header and unplaced text are kept
                continue
            lost.append((number, line[:30]))
        assert lost == []
