"""Page furniture: every common form of page mark, wherever it falls, in every layout."""

import itertools

import pytest
from conftest import CORPUS, FAQ, read

from judgekit.corpus.pages import page_lines
from judgekit.corpus.parsers import parse

MARKS = ["===== PAGE {n} =====", "<!-- PAGE {n} -->", "\f", "— {n} —", "第 {n} 页", "{n}", "- {n} -", "Page {n}"]
SEEDS = [
    (CORPUS / "zh-2026-10-10-export-part1.txt", "export"),
    (CORPUS / "zh-2026-10-10-export-part2.txt", "export"),
    (CORPUS / "zh-earlier-700.txt", "pdftext"),
    (FAQ / "zh-vendetta-faq.txt", "faq"),
    (CORPUS / "zh-guide-intro.txt", "guide"),
]


def paginate(text: str, every: int, glued: bool) -> str:
    """*text* cut into pages of *every* lines, each break marked in turn by every form.

    A glued mark is written onto the end of the page's last line, the way some
    extractions print it (“回合阶段===== PAGE 34 =====”); the others stand on a
    line of their own with blank lines around them.
    """
    out = []
    forms = itertools.cycle(MARKS)
    for start, page in enumerate(range(0, len(lines := text.splitlines()), every), start=1):
        chunk = lines[page:page + every]
        mark = next(forms).format(n=start + 1)
        if glued and chunk and mark.startswith(("=", "<")):
            out += chunk[:-1] + [chunk[-1] + mark]
        else:
            out += chunk + ["", mark, ""]
    return "\n".join(out)


def content(doc):
    return (
        [(r.ref, r.title, r.text, r.breadcrumb, r.examples) for r in doc.rules],
        [(f.question, f.answer, f.explanation, f.citations) for f in doc.faqs],
        [(s.title, s.text) for s in doc.sections],
    )


@pytest.mark.parametrize("path, layout", SEEDS, ids=[path.stem for path, _ in SEEDS])
@pytest.mark.parametrize("every", [5, 13, 40])
@pytest.mark.parametrize("glued", [False, True])
def test_seed_cut_into_pages_reads_as_before(path, layout, every, glued):
    text = read(path)
    assert content(parse(paginate(text, every, glued), layout)) == content(parse(text, layout))


def test_a_mark_inside_a_wrapped_sentence_joins_it():
    first, second = "问：当我在对手的回合打出一张带有反应关键词的法术并选择了一名已经", "离开战场的单位时会怎样？"
    doc = parse(f"{first}\n\n===== PAGE 3 =====\n\n{second}\n答：目标指定失效。\n", "faq")
    assert [(f.question, f.answer) for f in doc.faqs] == [(first + second, "答：目标指定失效。")]


def test_a_mark_glued_to_a_heading_is_removed():
    text = "100. 游戏概念===== PAGE 2 =====\n101. 牌组构建<!-- PAGE 3 -->\n101.1. 牌组至少 40 张。\n"
    doc = parse(text, "pdftext")
    assert [(r.ref, r.title) for r in doc.rules[:2]] == [("100", "游戏概念"), ("101", "牌组构建")]


def test_running_heads_and_page_numbers_go_too():
    pages = "\n".join(f"《核心规则》页眉\n• 702.{n}. 第 {n} 条。\n— {n} —" for n in range(1, 7))
    cleaned = page_lines(pages)
    assert [line for _, line in cleaned.lines] == [f"• 702.{n}. 第 {n} 条。" for n in range(1, 7)]
    assert cleaned.running_heads == 6


def test_line_numbers_stay_those_of_the_document():
    cleaned = page_lines("甲\n\n===== PAGE 2 =====\n\n乙")
    assert cleaned.lines == [(1, "甲"), (5, "乙")]


def test_export_rule_numbers_are_not_page_numbers():
    lines = [line for _, line in page_lines("052\n正文。\n12\n13\n135\n正文。", lone_numbers_are_pages=False).lines]
    assert lines == ["052", "正文。", "135", "正文。"]
