"""The PDF-text layout: seed 001 (earlier edition, section 700) and page-marked full PDFs."""

import re

import pytest
from conftest import CORPUS, read

from judgekit.corpus.parsers import pdftext


@pytest.fixture(scope="module")
def earlier():
    return {entry.ref: entry for entry in pdftext.parse(read(CORPUS / "zh-earlier-700.txt")).rules}


def test_every_numbered_line_becomes_an_entry(earlier):
    numbered = [line for line in read(CORPUS / "zh-earlier-700.txt").splitlines() if re.match(r"\s*(• )?7\d\d", line)]
    assert len(earlier) == len(numbered) == 199


def test_headings_have_titles_and_group_the_rules_below_them(earlier):
    assert earlier["701"].title == "增益" and earlier["701"].text == ""
    assert earlier["702"].title == "" and earlier["702"].group == "701"
    assert earlier["721"].group == "720"
    assert earlier["720"].group == "700"
    # 721 follows 720 at once, so it lies inside it; 722 follows 721's rules, and the
    # document does not show whether it still lies inside 720: its section only.
    assert earlier["721.1"].breadcrumb == ("附加规则", "关键词术语表", "急速")
    assert earlier["722"].group == "700"
    assert earlier["723.1"].breadcrumb == ("附加规则", "强攻")


def test_keyword_glossary_sits_at_720_to_733(earlier):
    glossary = {ref: earlier[ref].title for ref in earlier if 721 <= int(ref.split(".")[0]) <= 733 and "." not in ref}
    assert glossary == {
        "721": "急速", "722": "迅捷", "723": "强攻", "724": "绝念", "725": "法盾", "726": "游走", "727": "待命",
        "728": "鼓舞", "729": "反应", "730": "坚守", "731": "壁垒", "732": "瞬息", "733": "预知",
    }


def test_stray_spaces_in_chinese_words(earlier):
    assert earlier["702.2.a"].text.endswith("就视为其拥有增益。")
    assert earlier["721.1.a.1"].text.endswith("进行支付。")


def test_examples_inline_and_in_their_own_paragraph(earlier):
    assert earlier["722.3"].text == "[迅捷]不会改变相应卡牌或效果中指示的功能。[迅捷]提供的只是权限。"
    assert earlier["722.3"].examples[0].startswith("打出具有[迅捷]的单位")
    assert len(earlier["709"].examples) == 2  # the 举例 paragraph after a blank line
    assert earlier["715.3"].examples[0].startswith("“沃利贝尔 - 震怒天声”")


def test_cross_reference_with_a_space_before_the_label(earlier):
    assert [(x.target, x.label) for x in earlier["723.1.d"].xrefs] == [("433", "战斗")]
    assert [(x.target, x.label) for x in earlier["727.1.d"].xrefs] == [("352.5", "目标选取")]


def test_page_marks_are_skipped_and_wrapped_lines_joined():
    text = "第 12 页\n700. 附加规则\n• 702.2.a. 给予单位增益时，需要选择一名单位，再将增益置于其上即可。只要增益仍在该单位上，就视为其拥有增\n<!-- PAGE 13 -->\n益。\n13\n• 702.2.b. 将单个增益指示物从单位身上移除，即视为消耗增益。"
    doc = pdftext.parse(text)
    rules = {entry.ref: entry for entry in doc.rules}
    assert rules["702.2.a"].text.endswith("就视为其拥有增益。")
    assert list(rules) == ["700", "702.2.a", "702.2.b"]
    assert doc.problems == []


def test_a_number_without_its_final_dot():
    doc = pdftext.parse("• 702.1 玩家可以追踪增益。\n• 702.2. 增益可以消耗。\n")
    assert [(e.ref, e.text) for e in doc.rules] == [("702.1", "玩家可以追踪增益。"), ("702.2", "增益可以消耗。")]


def test_running_heads_are_page_furniture():
    pages = [f"《符文战场》核心规则（测试）\n• 702.{n}. 第 {n} 条规则的正文。\n{n}" for n in range(1, 7)]
    doc = pdftext.parse("\n".join(pages))
    assert [entry.text for entry in doc.rules] == [f"第 {n} 条规则的正文。" for n in range(1, 7)]
    assert doc.header_lines == 6 and doc.problems == []


def test_a_reference_wrapped_before_its_number_is_not_a_new_rule():
    doc = pdftext.parse("• 723.1.d. 成为进攻方。想获取更多有关信息，请查阅规则\n433. 战斗。\n• 723.1.e. 下一条。\n")
    rules = {entry.ref: entry for entry in doc.rules}
    assert list(rules) == ["723.1.d", "723.1.e"]
    assert [(x.target, x.label) for x in rules["723.1.d"].xrefs] == [("433", "战斗")]


def test_rewrapped_into_pages_it_parses_like_the_original(earlier):
    """The same document as a page-marked PDF would give it: narrow lines, running heads, page numbers."""
    def wrap(line, width=37):
        """Cut every *width* characters, but not next to a space (a PDF keeps no space at a line end)."""
        pieces = []
        while len(line) > width:
            cut = width
            while cut < len(line) and " " in (line[cut - 1], line[cut]):
                cut += 1
            pieces.append(line[:cut])
            line = line[cut:]
        return [*pieces, line]

    lines = [piece for line in read(CORPUS / "zh-earlier-700.txt").splitlines() for piece in wrap(line)]
    pages = []
    for page, start in enumerate(range(0, len(lines), 40), start=1):
        pages += ["《符文战场》核心规则 · 附加规则", *lines[start:start + 40], f"第 {page} 页"]
    doc = pdftext.parse("\n".join(pages))
    rewrapped = {entry.ref: entry for entry in doc.rules}

    def flat(parts):
        return "".join(parts).replace("\n", "")

    assert list(rewrapped) == list(earlier) and doc.problems == []
    for ref, entry in earlier.items():
        assert rewrapped[ref].title == entry.title, ref
        assert flat([rewrapped[ref].text]) == flat([entry.text]), ref
        assert flat(rewrapped[ref].examples) == flat(entry.examples), ref
