"""The rules-search export (seeds 000 and 003) and each of its defects."""

import pytest
from conftest import CORPUS, read

from judgekit.corpus.parsers import export

PART1 = CORPUS / "zh-2026-10-10-export-part1.txt"
PART2 = CORPUS / "zh-2026-10-10-export-part2.txt"


@pytest.fixture(scope="module")
def part1():
    return export.parse(read(PART1))


@pytest.fixture(scope="module")
def part2():
    return export.parse(read(PART2))


def by_ref(doc):
    return {entry.ref: entry for entry in doc.rules}


def test_number_glued_to_the_header(part1):
    first = part1.rules[0]
    assert first.ref == "135.2.b.3"
    assert first.breadcrumb == ("规则文本", "指示")
    assert first.text.startswith("指示将自行描述其执行的时机。")
    assert part1.date == "2026-10-10"
    assert part1.stated_count == 2435
    assert part1.header_lines == 2  # “规则检索” and the header line; nothing unplaced
    assert part1.problems == []


def test_number_glued_to_its_text(part2):
    entry = by_ref(part2)["354.2"]
    assert entry.text == "此结算链项目变为待处理，等待确认流程完成（步骤2-5）"


def test_number_glued_to_a_numbered_title(part2):
    rules = by_ref(part2)
    assert "479.4.e.22" not in rules
    entry = rules["479.4.e.2"]
    assert entry.title == "2.减值"
    assert entry.breadcrumb == ("4.加减计算效果",)
    assert {"479.4.e.2.a", "479.4.e.2.b"} <= set(rules)


def test_number_glued_to_a_mode_name(part2):
    rules = by_ref(part2)
    assert "491.22" not in rules
    assert rules["491.2"].title == "2v2"
    assert rules["491.2"].text == "每人需面对2 名对手\n每人拥有1 名队友"


def test_glued_title_without_evidence_keeps_one_digit_for_the_title():
    doc = export.parse("491.22v2\n每人拥有1 名队友\n")
    assert [(e.ref, e.title) for e in doc.rules] == [("491.2", "2v2")]


def test_wrapped_sentences_join_without_spaces(part1):
    example = by_ref(part1)["135.2.b.3"].examples[0]
    assert "则在打出该卡牌时，会执行该指示" in example
    assert "\n" not in example


def test_lists_keep_their_lines(part2):
    entry = by_ref(part2)["123"]
    assert entry.text.split("\n")[:3] == ["游戏物体包括但不限于以下内容：", "任何区域的主牌堆卡牌", "任何区域的符文"]
    assert by_ref(part2)["109.2"].examples == ("一名单位是否拥有增益\n一件装备是否为休眠状态\n诸如此类",)


def test_spaces_written_by_the_author_stay(part1):
    """The export's wraps are line breaks; a space inside it is the author's (a card name)."""
    assert "“拉克丝 明丽光华”是一张单位牌" in by_ref(part1)["206"].examples[0]


def test_entries_out_of_order_and_without_breadcrumb(part1):
    refs = [entry.ref for entry in part1.rules]
    assert refs.index("820.1.d.1") > refs.index("206")
    rules = by_ref(part1)
    assert rules["206"].breadcrumb == ()
    assert len(rules["206"].examples) == 3
    assert rules["820.1.d.1"].breadcrumb == ("回响",)
    assert len(rules["820.1.d.1"].examples) == 2


def test_cross_references_become_links(part1, part2):
    entry = by_ref(part1)["820.2"]
    assert [(x.target, x.label) for x in entry.xrefs] == [("349", "打出卡牌")]
    assert entry.text.endswith("想获取更多有关信息，请查阅规则349.打出卡牌。")
    assert [(x.target, x.label) for x in by_ref(part2)["107.2.b"].xrefs] == [("197", "位置")]


def test_nothing_is_dropped(part1, part2):
    """Every non-empty line is a header, a number, a breadcrumb or text of some entry."""
    for path, doc in ((PART1, part1), (PART2, part2)):
        lines = [line for line in read(path).splitlines() if line.strip()]
        placed = "".join(
            "".join((e.ref, e.title, "".join(e.breadcrumb), e.text, "".join(e.examples))) for e in doc.rules
        )
        for line in lines[doc.header_lines:]:
            content = line.removeprefix("所属：").replace(" › ", "").replace("举例：", "").strip()
            for piece in content.split():
                assert piece.strip(".") in placed or piece.strip(".")[:-1] in placed, (path.name, line)


def test_unplaced_text_before_the_first_entry_is_reported():
    doc = export.parse("这是一段不属于任何规则的说明文字，它出现在第一条规则之前，而且很长很长。\n820.1\n[回响]是一种关键词。\n")
    assert [(p.line, p.kind) for p in doc.problems] == [(1, "unplaced")]
    assert [e.ref for e in doc.rules] == ["820.1"]


def test_duplicates_are_reported_and_the_first_kept():
    doc = export.parse("820.1\n第一种说法。\n820.1\n第二种说法。\n")
    assert [e.text for e in doc.rules] == ["第一种说法。"]
    assert [(p.line, p.kind) for p in doc.problems] == [(3, "duplicate")]
