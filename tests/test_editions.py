"""Editions: matching rules across editions, the stored maps (diff, follow, history) and newest-first order."""

from __future__ import annotations

import difflib
import json
import random
import sqlite3

import pytest
from conftest import ROOT

from judgekit.corpus import Corpus, Edition
from judgekit.editions import maps
from judgekit.editions.maps import EditionMaps
from judgekit.editions.match import Rule, classify, match
from judgekit.editions.order import newest_first, older_editions
from judgekit.editions.report import _Matcher, marked, word_diff
from judgekit.errors import JudgekitError, UnknownRuleError, UsageError
from judgekit.refs import RuleNumber

OLD = [
    Rule("440", None, "Movement"),
    Rule("441", None, "Moving is a Limited Action."),
    Rule("441.1", "441", "A unit moves from its origin to its destination when it is moved by a standard move."),
    Rule("442", None, "Scoring"),
    Rule("443", None, "A player scores when they conquer or hold a battlefield at the start of their turn."),
    Rule("444", None, "A player draws two cards at the start of their turn and then channels two runes from the deck."),
    Rule("445", None, "Gear can be recalled to base whenever a cleanup finds it at a battlefield alone."),
    Rule("446", None, "Recalls are not moves of any kind for the purpose of triggered abilities."),
    Rule("447", None, "Recalls are not moves and do not trigger move abilities."),
]
NEW = [
    Rule("440", None, "Burn"),
    Rule("441", None, "Burning is a Limited Action that a player performs when an effect tells them to burn."),
    Rule("445", None, "Movement"),
    Rule("446", None, "Moving is a Limited Action."),
    Rule("446.1", "446", "A unit moves from its origin to its destination when it is moved by a standard move or an effect."),
    Rule("447", None, "Scoring"),
    Rule("448", None, "A player scores when they conquer or hold a battlefield at the start of their turn."),
    Rule("449", None, "A player draws two cards at the start of their turn"),
    Rule("449.1", "449", "and then channels two runes from the deck."),
    Rule("450", None, "Recalls are not moves of any kind for the purpose of triggered abilities, "
                      "and do not trigger move abilities."),
]


def changes(old=OLD, new=NEW):
    """Each change by its old numbers; an added rule by ("added", its number)."""
    found = classify(match(old, new), {r.ref: r.text for r in old}, {r.ref: r.text for r in new})
    return {c.old or ("added", *c.new): c for c in found}


def test_renumbered_rules_are_moves_not_removals_and_additions():
    found = changes()
    assert found[("440",)].kind == "moved" and found[("440",)].new == ("445",)
    assert found[("441",)].new == ("446",) and not found[("441",)].text_changed
    assert found[("443",)].new == ("448",)
    # a moved rule whose wording changed too is one change, not a removal and an addition
    assert found[("441.1",)].kind == "moved" and found[("441.1",)].new == ("446.1",) and found[("441.1",)].text_changed


def test_added_removed_split_and_merged():
    found = changes()
    assert found["added", "440"].kind == "added" and found["added", "441"].kind == "added"
    assert found[("445",)].kind == "removed"
    assert found[("444",)].kind == "split" and found[("444",)].new == ("449", "449.1")
    merged = next(c for c in found.values() if c.kind == "merged")
    assert merged.old == ("446", "447") and merged.new == ("450",)


def test_identical_editions_are_unchanged_and_a_rewording_in_place_is_reworded():
    assert {c.kind for c in changes(OLD, OLD).values()} == {"unchanged"}
    reworded = [*OLD[:1], Rule("441", None, "Moving is a Limited Action for every player."), *OLD[2:]]
    found = changes(OLD, reworded)
    assert found[("441",)].kind == "reworded" and found[("441",)].text_changed


def test_spacing_and_quote_styles_are_not_changes():
    old = [Rule("100", None, "It is short for “Spells cost [1] more,” as a cost.")]
    new = [Rule("100", None, 'It is short for "Spells cost [1] more , " as a cost.')]
    assert changes(old, new)[("100",)].kind == "unchanged"


def test_chinese_rules_match_by_character_pairs():
    old = [Rule("721", None, "急速"), Rule("721.1", "721", "急速是一种静态关键词，可以让单位以活跃状态进场。")]
    new = [Rule("810", None, "急速"), Rule("810.1", "810", "急速是一种静态关键词，可以让单位以活跃状态进入场上。")]
    found = changes(old, new)
    assert found[("721",)].new == ("810",) and found[("721.1",)].new == ("810.1",)
    assert found[("721.1",)].text_changed


def test_word_diff_marks_words_and_chinese_characters():
    runs = word_diff("cost an amount of Power", "cost an amount of Energy")
    assert marked(runs) == "cost an amount of [-Power-]{+Energy+}"
    assert marked(runs, markdown=True) == "cost an amount of ~~Power~~ **Energy**"
    assert marked(word_diff("支付一点法力", "支付两点法力")) == "支付[-一-]{+两+}点法力"
    # words replaced in a row are one change, not a word gone and a word new for each
    assert marked(word_diff("a unit moves to a base now", "a unit moves to any battlefield it controls now")) == (
        "a unit moves to [-a base-]{+any battlefield it controls+} now"
    )


def test_the_word_matcher_finds_the_blocks_difflib_finds():
    """The faster search for the longest block gives difflib's blocks, ties included (few letters, many ties)."""
    rng = random.Random(19)
    for _ in range(3000):
        letters = "ab c"[: rng.randint(1, 4)]
        a = [rng.choice(letters) for _ in range(rng.randint(0, 40))]
        b = list(a) if rng.random() < 0.7 else [rng.choice(letters) for _ in range(rng.randint(0, 40))]
        for _ in range(rng.randint(0, 4)):
            if b:
                b.insert(rng.randrange(len(b)), rng.choice(letters)) if rng.random() < 0.5 else b.pop(rng.randrange(len(b)))
        assert _Matcher(a, b).get_opcodes() == difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes(), (a, b)


def _edition(id_, language, date, rank, numbering=None):
    return Edition(id_, id_, language, date, "imported", numbering or id_, rank)


def test_newest_edition_of_each_language_first_whatever_the_import_order():
    editions = [
        _edition("zh-2026-10-10", "zh", "2026-10-10", 0), _edition("zh-2026-07-17", "zh", "2026-07-17", 1, "2026-07"),
        _edition("en-2026-07-16", "en", "2026-07-16", 2, "2026-07"), _edition("zh-earlier", "zh", "", 3),
        _edition("en-2025-10-01", "en", "2025-10-01", 4), _edition("en-2026-06-18", "en", "2026-06-18", 5),
        _edition("tournament-en-2026-03-30", "en", "2026-03-30", 6),
    ]
    ordered = newest_first(editions)
    assert [e.id for e in ordered] == [
        "zh-2026-10-10", "en-2026-07-16", "tournament-en-2026-03-30",
        "zh-2026-07-17", "en-2026-06-18", "en-2025-10-01", "zh-earlier",
    ]
    assert [e.rank for e in ordered] == list(range(len(editions)))  # the ranks it had, in the new order
    assert older_editions(editions) == {"zh-2026-07-17", "zh-earlier", "en-2025-10-01", "en-2026-06-18"}


# -- the stored maps, on a store holding only what EditionMaps reads ------------

EDITIONS = [
    _edition("en-2025-10-01", "en", "2025-10-01", 2), _edition("en-2026-03-30", "en", "2026-03-30", 1),
    _edition("en-2026-07-16", "en", "2026-07-16", 0, "2026-07"), _edition("zh-2026-07-17", "zh", "2026-07-17", 3, "2026-07"),
    _edition("tournament-en-2026-03-30", "en", "2026-03-30", 5), _edition("tournament-en-2026-07-16", "en", "2026-07-16", 4),
]
RULES = {
    "en-2025-10-01": OLD,
    "en-2026-03-30": NEW,
    "en-2026-07-16": [*NEW[:2], Rule("445", None, "Movement"), Rule("446", None, "Moving is a Limited Action."),
                      Rule("446.1", "446", OLD[2].text), *NEW[5:]],
    "tournament-en-2026-03-30": [Rule("701", None, "Game play errors are handled by the head judge of the event.")],
    "tournament-en-2026-07-16": [Rule("702", None, "Game play errors are handled by the head judge of the event.")],
}


@pytest.fixture(scope="module")
def stored() -> EditionMaps:
    corpus = Corpus(tuple(EDITIONS), (), (), "test")
    db = sqlite3.connect(":memory:")
    db.execute("create table editions (id, rules)")
    db.execute("create table rules (edition, ref, title, text, sort_key)")
    for edition in EDITIONS:
        db.execute("insert into editions values (?, ?)", (edition.id, len(RULES.get(edition.id, []))))
    rows = [
        {"edition": e, "ref": r.ref, "parent": r.parent, "title": "", "text": r.text, "sort_key": RuleNumber.parse(r.ref).sort_key}
        for e, rules in RULES.items() for r in rules
    ]
    db.executemany("insert into rules values (:edition, :ref, :title, :text, :sort_key)", rows)
    pairs, links = maps.build_rows(corpus, rows, {})
    for table, (columns, _) in maps.TABLES.items():
        db.execute(f"create table {table} ({', '.join(columns)})")
    db.executemany("insert into edition_pairs values (:old, :new, :document, :seconds, :digest)", pairs)
    db.executemany("insert into edition_map values (:old, :new, :kind, :old_ref, :new_ref)", links)
    return EditionMaps(db, corpus)


def test_maps_are_stored_for_consecutive_editions_of_each_document(stored):
    assert stored.chain("en-2026-03-30") == ["en-2025-10-01", "en-2026-03-30", "en-2026-07-16"]
    assert stored.chain("tournament-en-2026-07-16") == ["tournament-en-2026-03-30", "tournament-en-2026-07-16"]
    assert stored.holder("zh-2026-07-17") == "en-2026-07-16"  # no text of its own: the edition numbered the same


def test_a_diff_across_several_editions_composes_their_maps(stored):
    found, chain, _ = stored.diff("en-2025-10-01", "en-2026-07-16")
    assert chain == ["en-2025-10-01", "en-2026-03-30", "en-2026-07-16"]
    by_old = {c.old: c for c in found}
    assert by_old[("440",)].new == ("445",)
    assert by_old[("441.1",)].kind == "moved" and not by_old[("441.1",)].text_changed  # reworded, then back


def test_an_old_number_is_followed_to_the_newest_edition(stored):
    assert stored.follow("en-2025-10-01", "443") == ("en-2026-07-16", ("448",))
    assert stored.follow("en-2025-10-01", "445") == ("en-2026-07-16", ())  # removed on the way
    assert stored.follow("en-2026-07-16", "445") is None  # already the newest
    cited = stored.change("en-2025-10-01", "441.1")
    assert cited.kind == "moved" and cited.refs == ("446.1",) and not cited.reworded
    assert stored.change("en-2025-10-01", "999").kind == "missing"


def test_history_lists_the_rule_in_every_edition(stored):
    located = stored.history("en-2026-03-30", "446.1")
    assert [(p.edition, p.refs, p.kind) for p in located] == [
        ("en-2025-10-01", ("441.1",), ""), ("en-2026-03-30", ("446.1",), "moved"),
        ("en-2026-07-16", ("446.1",), "reworded"),
    ]
    with pytest.raises(UnknownRuleError):
        stored.history("en-2026-03-30", "999.1")


def test_in_force_picks_the_newest_edition_of_each_document_on_a_date(stored):
    assert [e.id for e in stored.in_force("2026-05-01")] == ["en-2026-03-30", "tournament-en-2026-03-30"]


def test_editions_of_different_documents_or_in_the_wrong_order_are_refused(stored):
    with pytest.raises(UsageError, match="不是同一文档"):
        stored.diff("en-2026-03-30", "tournament-en-2026-07-16")
    with pytest.raises(UsageError, match="请把旧版本写在前面"):
        stored.diff("en-2026-07-16", "en-2025-10-01")
    lone = EditionMaps(stored.db, Corpus((*EDITIONS, _edition("zh-2026-10-10", "zh", "2026-10-10", 9)), (), (), ""))
    with pytest.raises(JudgekitError, match="没有可比较的版本"):
        lone.diff("zh-2026-10-10", "en-2026-07-16")


# -- the command line on the bundled corpus and small imports ----------------------

# Invented sentences in the English layout, numbered like the bundled 820 回响 (not the rules' wording).
ENGLISH_820 = """# Core Rules
Last Updated: 2026-07-16

820. Repeat
820.1. Sample sentence one about an optional cost.
820.1.a. Sample sentence two about where it appears.
820.1.b. Sample sentence three about paying it.
820.2. Sample sentence four about choices.
820.2.a. Sample sentence five about new choices.
"""


@pytest.fixture
def bilingual(fresh, cli, tmp_path):
    english = tmp_path / "en-820.md"
    english.write_text(ENGLISH_820, encoding="utf-8")
    assert cli("import", str(english), "--edition", "en-2026-07-16")[0] == 0
    chinese = ROOT / "rules_corpus" / "zh-2026-10-10-export-part1.txt"
    code, _, err = cli("import", str(chinese), "--edition", "zh-2026-07-17")
    assert code == 0, err
    return cli


def test_side_by_side_pairs_chinese_and_english_paragraphs_of_one_numbering(bilingual):
    code, out, _ = bilingual("rule", "820.1", "--side-by-side", "-e", "en-2026-07-16")
    assert code == 0
    assert out.startswith("规则 820.1  ·  中文 zh-2026-07-17 ｜ English en-2026-07-16（英文为准")
    assert "编号体系不同" not in out
    assert "820.1.a\n  中  [回响]会出现在法术和技能上。\n  EN  Sample sentence two about where it appears." in out
    assert "  EN  （此版无此条）" in out  # 820.1.c is only in the Chinese text
    code, out, _ = bilingual("cite", "820.1", "--side-by-side", "-e", "en-2026-07-16", "--format", "json")
    data = json.loads(out)
    assert data["same_numbering"] and data["authority"] == "en" and data["paragraphs"][0]["ref"] == "820.1"


def test_rule_says_editions_of_one_numbering_hold_the_same_rule(bilingual):
    code, out, _ = bilingual("rule", "820.1", "-e", "en-2026-07-16")
    assert code == 0
    assert "编号体系相同（2026-07）的版本也有 820.1：zh-2026-07-17（旧版）" in out
    assert "其他版本也有编号 820.1：zh-2026-10-10（编号体系不同，未必是同一条规则）" in out


def test_side_by_side_without_the_other_language_is_an_error(bilingual):
    code, _, err = bilingual("rule", "135.2.b.3", "--side-by-side")
    assert code == 1 and err.startswith("错误：规则 135.2.b.3 没有英文版本")


@pytest.fixture
def two_chinese_editions(fresh, cli, tmp_path):
    """zh-2026-07-17 made from the bundled export excerpt, renumbered (820 回响 as 819, a hypothetical move) and
    with one rule reworded: no two dated Chinese editions with text exist (docs/editions.md says why)."""
    export = (ROOT / "rules_corpus" / "zh-2026-10-10-export-part1.txt").read_text(encoding="utf-8")
    assert "多个[回响]的费用可以分别支付。" in export
    older = export.replace("最后更新 2026-10-10", "最后更新 2026-07-17").replace("多个[回响]的费用可以分别支付。",
                                                                        "多个[回响]的费用可以各自支付。")
    older = "\n".join("819" + line[3:] if line.startswith("820") else line for line in older.split("\n"))
    path = tmp_path / "zh-older.txt"
    path.write_text(older, encoding="utf-8")
    code, _, err = cli("import", str(path), "--edition", "zh-2026-07-17")
    assert code == 0, err
    return cli


def test_chinese_editions_are_mapped_by_what_they_say(two_chinese_editions):
    code, out, err = two_chinese_editions("diff", "zh-2026-07-17", "zh-2026-10-10", "--json")
    assert code == 0, err
    data = json.loads(out)
    by_old = {tuple(c["old"]): c for c in data["changes"]}
    assert by_old["819.1",]["kind"] == "moved" and by_old["819.1",]["new"] == ["820.1"]
    assert by_old["819.1.d.1",]["new"] == ["820.1.d.1"]
    reworded = by_old["819.3",]
    assert reworded["new"] == ["820.3"] and reworded["text_changed"]
    assert ["-", "各自"] in reworded["diff"] and ["+", "分别"] in reworded["diff"]
    assert data["counts"]["removed"] == 0 and data["counts"]["unchanged"] == 2  # 135.2.b.3 and 206
    code, out, _ = two_chinese_editions("rule", "819.3", "--edition", "zh-2026-07-17")
    assert code == 0 and "现行编号：820.3（zh-2026-10-10）" in out


def test_a_search_shows_a_rule_once_with_the_editions_a_newer_one_replaced_folded_in(two_chinese_editions):
    """Issue 18: with two editions imported, a rule and its older self (renumbered or not) took two of the
    first three slots; a number asked for is still shown in every edition that has it."""
    code, out, _ = two_chinese_editions("search", "多个", "回响", "费用", "--json")
    assert code == 0
    hits = [(h["edition"], h["ref"]) for h in json.loads(out)]
    assert ("zh-2026-10-10", "820.3") in hits and ("zh-2026-07-17", "819.3") not in hits
    folded = next(h for h in json.loads(out) if h["ref"] == "820.3")
    assert folded["older"] == [{"edition": "zh-2026-07-17", "ref": "819.3"}]
    code, out, _ = two_chinese_editions("search", "多个", "回响", "费用")
    assert "旧版：zh-2026-07-17 为 819.3" in out
    code, out, _ = two_chinese_editions("search", "819.3", "--json")
    assert ("zh-2026-07-17", "819.3") in [(h["edition"], h["ref"]) for h in json.loads(out)]


def test_an_faq_citing_a_replaced_edition_lifts_the_rule_where_it_is_today(two_chinese_editions, tmp_path):
    """Issue 18: an FAQ written against an edition a newer one replaced lifted the superseded rule (its old number
    and text, labelled 旧版) into the results instead of the rule it meant as it stands today."""
    faq = tmp_path / "faq-zh-sample-2026-07-20.txt"
    others = "".join(f"问：测试问题{n}怎么处理？\n答：照常处理。\n" for n in range(2))
    faq.write_text("测试 FAQ\n更新日期：2026-07-20\n\n问：两张卡的那个费用能不能拆开各付各的？\n答：可以。\n相关规则：819.3\n"
                   + others, encoding="utf-8")
    code, _, err = two_chinese_editions("import", str(faq))
    assert code == 0, err
    code, out, _ = two_chinese_editions("search", "两张卡的那个费用能不能拆开各付各的", "--json")
    hits = json.loads(out)
    lifted = [(h["edition"], h["ref"]) for h in hits if h["cited_by"]]
    assert lifted == [("zh-2026-10-10", "820.3")]


@pytest.mark.parametrize(
    ("args", "exit_code", "message"),
    [
        (("diff", "nope", "current"), 1, "未知版本“nope”"),
        (("diff", "zh-2026-10-10", "zh-earlier"), 1, "没有可比较的版本"),
        (("diff", "current", "current", "--only", "moves"), 2, ""),
        (("rule", "820.1", "--as-of", "20260114"), 2, "应写有效的日期"),
        (("rule", "820.1", "--as-of", "2099-13-45"), 2, "应写有效的日期"),  # no such day: not “the newest edition”
        (("rule", "820.1", "--as-of", "2020-01-01"), 1, "本地一个也没有"),
        (("rule", "820.1", "--as-of", "2026-01-01", "-e", "current"), 2, "只能给一个"),
        (("rule", "820.1", "--history"), 1, "没有历史可查"),
    ],
)
def test_bad_edition_input_is_a_message_and_an_exit_code(bundled, cli, args, exit_code, message):
    code, out, err = cli(*args)
    assert code == exit_code and "Traceback" not in err + out
    assert message in err
