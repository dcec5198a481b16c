import pytest
from conftest import CORPUS, FAQ, read

from judgekit.corpus.parsers import detect_layout, faq, guide, parse
from judgekit.errors import DocumentError


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


# -- every FAQ layout, written out small ---------------------------------------

def entries(text):
    doc = faq.parse(text)
    assert doc.problems == []
    return [(e.question, e.answer, e.explanation) for e in doc.faqs]


def test_q_and_a_with_either_colon():
    text = "Q：甲单位能移动吗？\nA：能。\n\nQ: 乙单位能移动吗？\nA: 不能。\n"
    assert entries(text) == [("Q：甲单位能移动吗？", "A：能。", ()), ("Q: 乙单位能移动吗？", "A: 不能。", ())]


def test_numbered_sub_questions_share_one_entry():
    text = "Q1：第一个问题吗？\n\nQ2：第二个问题吗？\nA1：是。\n\nA2：否。\n"
    assert entries(text) == [("Q1：第一个问题吗？\nQ2：第二个问题吗？", "A1：是。\nA2：否。", ())]


def test_sub_questions_numbered_in_brackets_stay_with_their_question():
    text = "问：以下情况分别如何处理？\n1）单位被摧毁时？\n2）单位被召回时？\n答：都会触发。\n"
    assert entries(text) == [("问：以下情况分别如何处理？\n1）单位被摧毁时？\n2）单位被召回时？", "答：都会触发。", ())]


def test_rule_questions_with_unmarked_answers_and_their_card_examples():
    text = (
        "1.打出卡牌\n问题 1.1：没有目标时还能打出吗？\n可以打出，但没有效果。\n"
        "Q：【某张卡】没有目标时呢？\nA：同样可以。\n2.结算链\n问题 2.1：结算链的相关问题\n"
        "相关规则已经在官方发布的常见问题中得到体现，这里只更新卡牌问答。\n"
    )
    assert entries(text) == [
        ("问题 1.1：没有目标时还能打出吗？", "可以打出，但没有效果。", ()),
        ("Q：【某张卡】没有目标时呢？", "A：同样可以。", ()),
        ("问题 2.1：结算链的相关问题", "相关规则已经在官方发布的常见问题中得到体现，这里只更新卡牌问答。", ()),
    ]


def test_a_question_wrapped_in_a_narrow_column_and_past_its_answers():
    text = "Q：我方单位在\n战场上被摧毁时，\n能否召\nA：不能。\n\n回它？\n"
    assert entries(text) == [("Q：我方单位在战场上被摧毁时，能否召\n回它？", "A：不能。", ())]


def test_an_answer_misprinted_as_a_question():
    assert entries("Q：可以这样做吗？\nQ：可以。\n") == [("Q：可以这样做吗？", "可以。", ())]


def test_the_situation_before_a_question_belongs_to_it():
    text = "Q：第一问吗？\nA：是。\n\n我方场上有两名单位。\n\nQ：第二问吗？\nA：否。\n"
    assert entries(text)[1] == ("我方场上有两名单位。\nQ：第二问吗？", "A：否。", ())


def test_topics_are_entries_and_list_heads_are_not():
    text = (
        "本文先说明规则的修订。\n\n规则修订与阐明\n触发式技能\n触发式技能的结构在这次更新中变了。\n可以拆成两部分：\n前半部分\n后半部分\n"
        "“当你征服一处战场时，”\n\n常见问题\n这是一个问题吗？\n\n是的。\n"
    )
    assert [(q, a) for q, a, _ in entries(text)] == [
        ("触发式技能", "触发式技能的结构在这次更新中变了。"),
        ("这是一个问题吗？", "是的。"),
    ]


def test_english_markdown_faq():
    text = (
        "# Rules FAQ\n\nIntroduction.\n\n---\n\n**Can a unit move twice?**\n\nNo.\n\n"
        "Movement is limited.\n\n**144.**\n\nUnits have a standard move.\n\n"
        "Relevant Rules: 144., 144.1.\n\n## Revised Rulings\n\n### Legion\n\nLegion changed.\n"
    )
    doc = faq.parse(text)
    assert [(e.question, e.answer) for e in doc.faqs] == [("Can a unit move twice?", "No."), ("Legion", "Legion changed.")]
    assert doc.faqs[0].explanation == ("Movement is limited.", "144. Units have a standard move.")
    assert [c.ref for c in doc.faqs[0].citations] == ["144", "144.1"]


def test_inline_rule_mentions_are_cited():
    doc = faq.parse("这样可以吗？\n\n可以。根据规则第466.1.b.条和第467.条，以及 per 438.1 的规定。\n")
    assert [(c.ref, c.kind) for c in doc.faqs[0].citations] == [("466.1.b", "inline"), ("467", "inline"), ("438.1", "inline")]


def test_stated_date_in_the_header():
    assert faq.parse("某系列 裁判FAQ\n更新日期：2026/01/14\n\n问题吗？\n\n是。\n").date == "2026-01-14"


def test_a_card_name_heading_is_an_entry_when_a_ruling_follows_it():
    text = (
        "以下是各卡牌的说明。\n\n【某张卡】\n这张卡的技能在打出时触发，而不是在进场时触发。\n\n"
        "【另一张卡】\nQ：它能被选为目标吗？\nA：不能。\n"
    )
    assert entries(text) == [
        ("【某张卡】", "这张卡的技能在打出时触发，而不是在进场时触发。", ()),
        ("Q：它能被选为目标吗？", "A：不能。", ()),
    ]


def test_an_entry_keeps_its_text_after_the_heads_of_a_table_inside_it():
    # Issue 18: the text after “前半部分 / 后半部分” went to the preamble, and the import said nothing.
    text = (
        "本文先说明规则的修订。\n\n规则修订与阐明\n触发式技能\n触发式技能的结构在这次更新中变了。\n可以拆成两部分。\n\n前半部分\n后半部分\n"
        "“当你征服一处战场时，”\n\n“让一名单位变为活跃状态。”\n\n只有前半部分确认后，后半部分才会生效。\n\n常见问题\n这是一个问题吗？\n\n是的。\n"
    )
    doc = faq.parse(text)
    assert [e.question for e in doc.faqs] == ["触发式技能", "这是一个问题吗？"]
    assert doc.faqs[0].explanation[-1] == "只有前半部分确认后，后半部分才会生效。"
    assert "前半部分" in doc.faqs[0].explanation and doc.problems == [] and "生效" not in doc.preamble


def test_a_line_of_a_narrow_column_is_not_a_heading():
    # Issue 18: “这之后的结果是打出两” (as wide as the column) was taken for a heading, and its sentence lost.
    text = "Q：我方打出一张牌，\n结果会如何执行？\nA：先将“机器人”放\n在结算链上，完成\n打出。\n这之后的结果是打出两\n名“机器人”并结算。\n\nQ：下一个问题吗？\nA：是。\n"
    doc = faq.parse(text)
    assert len(doc.faqs) == 2 and doc.problems == []
    assert doc.faqs[0].explanation == ("这之后的结果是打出两名“机器人”并结算。",)


def test_text_after_a_section_heading_that_no_entry_takes_is_reported():
    text = "1. 第一部分\nQ：第一问吗？\nA：是。\n\n2. 第二部分\n此部分根据最新回复编写。\n\nQ：第二问吗？\nA：否。\n"
    doc = faq.parse(text)
    assert [(p.line, p.kind) for p in doc.problems] == [(6, "unplaced")] and "最新回复" in doc.problems[0].detail
    assert len(doc.faqs) == 2
