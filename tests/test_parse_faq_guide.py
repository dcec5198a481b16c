import pytest
from conftest import CORPUS, FAQ, read

from judgekit.errors import DocumentError
from judgekit.corpus.parsers import detect_layout, faq, guide, parse


@pytest.fixture(scope="module")
def vendetta():
    return faq.parse(read(FAQ / "zh-vendetta-faq.txt"))


def test_thirty_two_entries(vendetta):
    assert len(vendetta.faqs) == 32
    assert [entry.number for entry in vendetta.faqs] == list(range(1, 33))
    assert vendetta.problems == []
    assert "请以本文档为准" in vendetta.preamble


def test_entry_parts(vendetta):
    first = vendetta.faqs[0]
    assert first.question.startswith("如果一张法术是通过支付“流转”费用打出的")
    assert first.answer == "当该法术即将离开结算链时，会被放逐。"
    assert len(first.explanation) == 2


@pytest.mark.parametrize(
    "question, refs",
    [
        (2, ["359.3.f.1", "359.3.f.2", "359.3.f.3", "359.3.f.3.b"]),  # 359.3.f.1.、359.3.f.2.
        (3, ["370.1", "370.1.b"]),  # 370.1、370.1.b。
        (4, ["375"]),  # 375.
        (13, ["761", "761.1", "761.2", "762", "762.1", "762.2"]),
        (25, ["054.2", "369.3"]),
    ],
)
def test_citation_forms(vendetta, question, refs):
    entry = vendetta.faqs[question - 1]
    assert [c.ref for c in entry.citations if c.kind == "related"] == refs


def test_rules_quoted_in_the_explanation_are_cited_too(vendetta):
    entry = next(e for e in vendetta.faqs if "727.1.b.1" in "".join(e.explanation))
    assert [c.ref for c in entry.citations] == ["727.1", "727.1.b", "727.1.b.1"]  # already related: not repeated


def test_follow_up_questions_stay_with_their_entry(vendetta):
    kayle = next(e for e in vendetta.faqs if e.question.startswith("如果我对一张已经获得三次强化的“凯尔"))
    assert "但如果凯尔已经处于强化状态，我仍能激活她的强化技能吗？" in kayle.explanation


def test_errata_are_noted(vendetta):
    entry = next(e for e in vendetta.faqs if e.question.startswith("“星界灵鹭”"))
    assert entry.notes and "勘误" in entry.notes[0]


def test_wrapped_faq_lines_and_no_blank_lines():
    text = (
        "如果我打出一张很长很长的法术牌，并且在结算链上还有另外两个技能等待结算，而对手此时又打出了一张\n"
        "反应牌，会发生什么？\n"
        "反应牌先结算。\n"
        "相关规则：346.1\n"
    )
    doc = faq.parse(text)
    assert [(e.line, e.answer, [c.ref for c in e.citations]) for e in doc.faqs] == [(1, "反应牌先结算。", ["346.1"])]
    assert doc.faqs[0].question.endswith("另外两个技能等待结算，而对手此时又打出了一张反应牌，会发生什么？")


def test_question_and_answer_markers():
    doc = faq.parse("问：打出两张牌时鼓舞是否生效\n\n答：是。\n\nRelated rules: 812.1\n")
    assert [(e.question, e.answer, [c.ref for c in e.citations]) for e in doc.faqs] == [
        ("问：打出两张牌时鼓舞是否生效", "答：是。", ["812.1"])
    ]


def test_unreadable_citation_is_reported():
    doc = faq.parse("这是一个问题吗？\n\n是的。\n\n相关规则：370.1、第七条。\n")
    assert [c.ref for c in doc.faqs[0].citations] == ["370.1"]
    assert [(p.line, p.kind) for p in doc.problems] == [(5, "citation")]


def test_guide_sections_and_english_names():
    doc = guide.parse(read(CORPUS / "zh-guide-intro.txt"))
    assert [s.title for s in doc.sections][:3] == ["游戏目标", "卡组构成", "指定英雄"]
    assert len(doc.sections) == 11
    names = {t.zh: t.en for t in doc.terms}
    assert names["强攻"] == "ASSAULT" and names["壁垒"] == "TANK" and names["眩晕"] == "Stun"


@pytest.mark.parametrize(
    "path, layout",
    [
        (CORPUS / "zh-2026-10-10-export-part1.txt", "export"),
        (CORPUS / "zh-2026-10-10-export-part2.txt", "export"),
        (CORPUS / "zh-earlier-700.txt", "pdftext"),
        (CORPUS / "zh-guide-intro.txt", "guide"),
        (FAQ / "zh-vendetta-faq.txt", "faq"),
    ],
)
def test_layout_detection(path, layout):
    assert detect_layout(read(path)) == layout


def test_unrecognised_document():
    with pytest.raises(DocumentError, match="无法识别版式"):
        parse("这只是一段普通的文字。\n没有任何规则编号。\n")
    with pytest.raises(DocumentError, match="未知版式"):
        parse("820.1\n文字\n", layout="docx")
