"""The Chinese → English word table learnt from cards printed in both languages (judgekit/index/lexicon.py),
and a Chinese question finding English rules through it."""

from __future__ import annotations

from judgekit.corpus import load
from judgekit.corpus.importer import import_document
from judgekit.index.lexicon import aligned, learn
from judgekit.index.rebuild import rebuild_for
from judgekit.index.search import SearchIndex
from judgekit.index.store import Store

# Made-up card texts in the shape of real ones: “造成 N 点伤害” is “Deal N”, a unit is killed, cards are drawn.
PAIRS = [
    ("对 一名 单位 造成 3 点 伤害 。", "Deal 3 to a unit."),
    ("摧毁 一名 单位 。", "Kill a unit."),
    ("摧毁 一名 单位 ， 然后 抽 一张 牌 。", "Kill a unit, then draw 1."),
    ("抽 一张 牌 。", "Draw 1."),
    ("对 一名 单位 造成 2 点 伤害 ， 然后 抽 一张 牌 。", "Deal 2 to a unit, then draw 1."),
    ("摧毁 一件 装备 。", "Kill a gear."),
    ("对 一名 敌方 单位 造成 1 点 伤害 。", "Deal 1 to an enemy unit."),
    ("所有 单位 受到 的 伤害 加倍 。", "Double all damage dealt to units."),
    ("防止 所有 伤害 。", "Prevent all damage."),
    ("治疗 一名 单位 的 伤害 。", "Heal damage from a unit."),
    ("强攻 2 （ 如果 我 是 进攻方 ， 则 战力 + 2 。 ）\n摧毁 一名 单位 。",
     "Assault 2 (+2 Might while I'm an attacker.)\nKill a unit."),
    ("强攻 3 （ 如果 我 是 进攻方 ， 则 战力 + 3 。 ）", "Assault 3 (+3 Might while I'm an attacker.)"),
    ("强攻 1 （ 如果 我 是 进攻方 ， 则 战力 + 1 。 ）", "Assault 1 (+1 Might while I'm an attacker.)"),
]


def spaced(text: str) -> list[str]:
    return text.split()


def test_words_printed_alike_are_paired_with_the_word_they_translate():
    table = learn(PAIRS, spaced, str.lower, lambda word: word in {"一名", "一张", "的", "a", "to"})
    assert table["摧毁"] == ("kill",)
    assert "抽" not in table  # one character: most are part of a word (本 of 本回合) or of a name
    assert table["造成"] == ("deal",)  # deal goes to 造成, which always stands with it …
    assert table["伤害"] == ("damage",)  # … and damage to 伤害
    assert "一名" not in table  # an ignored word is never learnt
    assert "进攻方" not in table and "攻方" not in table  # reminder text in brackets is left out
    assert "治疗" not in table  # a word of one card line is too rare to learn from


def test_texts_are_paired_line_by_line_when_their_lines_agree():
    assert aligned([("甲\n乙", "A\nB"), ("甲\n乙\n丙", "A B C"), ("（只有注释）", "(a reminder)")]) == [
        ("甲", "A"), ("乙", "B"), ("甲\n乙\n丙", "A B C")]


class Cards:
    """The two things the search asks of a card store for its lexicon; it names no card."""

    def __init__(self, pairs, fingerprint="c0ffee01"):
        self.pairs, self.calls, self.stamp = pairs, 0, fingerprint

    def fingerprint(self) -> str:
        return self.stamp

    def printed_pairs(self):
        self.calls += 1
        return self.pairs

    def mentions(self, text, terms=()):
        return []


def test_a_chinese_question_finds_english_rules_through_the_words_of_the_cards(fresh, tmp_path):
    rules = tmp_path / "en.txt"
    rules.write_text("455. Declaring\n455.1. To declare a card is to name it aloud.\n"
                     "456. Revealing\n456.1. To reveal a card is to show it.\n", encoding="utf-8")
    import_document(fresh, rules, "en-2026-07-16", rebuild=lambda corpus: rebuild_for(fresh, corpus))
    pairs = [(f"宣告 一个 法术 ， 抽 {n} 张 牌 。", f"Declare a spell, draw {n}.") for n in (1, 2)]
    pairs += [("宣告 一个 单位 。", "Declare a unit."), ("宣告 一个 法术 ， 弃置 一张 牌 。", "Declare a spell, discard 1.")]
    pairs += [(f"抽 {n} 张 牌 。", f"Draw {n}.") for n in (3, 4)]
    pairs += [("打出 一个 法术 。", "Play a spell."), ("无效化 一个 法术 。", "Counter a spell.")]
    cards = Cards(pairs)
    index = SearchIndex.open(fresh, Store.open(fresh, load(fresh)))
    try:
        without = index.search("宣告会发生什么", kinds=("rule",), edition="en-2026-07-16")
        found = index.search("宣告会发生什么", kinds=("rule",), edition="en-2026-07-16", cards=cards)
        assert cards.calls == 1
        again = SearchIndex.open(fresh, Store.open(fresh, load(fresh)))
        try:  # another process reads the table from the file beside the index instead of learning it again
            learnt = index.lexicon(cards)
            assert learnt["宣告"] == ("declare",)
            assert again.lexicon(cards) == learnt and cards.calls == 1
            assert again.lexicon(Cards(pairs, "0ther000")) == learnt  # other cards: learnt again, into a new file
        finally:
            again.close()
    finally:
        index.close()
    assert not any(hit.ref.startswith("455") for hit in without)
    assert found and found[0].ref.startswith("455")
    assert [path.name for path in fresh.cache.glob("lexicon-*.json")] == [f"lexicon-{index.folder.name}-0ther000.json"]


def test_a_damaged_lexicon_file_is_learnt_again(fresh):
    index = SearchIndex.open(fresh, Store.open(fresh, load(fresh)))
    try:
        cards = Cards([(f"宣告 一个 法术 ， 抽 {n} 张 牌 。", f"Declare a spell, draw {n}.") for n in range(4)])
        learnt = index.lexicon(cards)
        path = next(fresh.cache.glob("lexicon-*.json"))
        for damage in ("{not json", "[1, 2]", '{"宣告": 3}'):
            path.write_text(damage, encoding="utf-8")
            again = SearchIndex.open(fresh, Store.open(fresh, load(fresh)))
            try:
                assert again.lexicon(cards) == learnt
            finally:
                again.close()
    finally:
        index.close()
    assert cards.calls == 4  # learnt once, then again after each damage


def test_what_the_vocabulary_or_the_glossary_says_a_word_means_wins_over_the_cards(fresh):
    """休眠 (exhausted) stood by the Gold token's text on the cards, so they taught “gold”: the vocabulary says exhaust."""
    index = SearchIndex.open(fresh, Store.open(fresh, load(fresh)))
    try:
        index.lexicon = lambda cards: {"休眠": ("gold",), "宣告": ("declare",), "强攻": ("attacker",)}
        terms = {term.word: term.alternatives for term in index.understood("休眠 宣告 强攻", cards=Cards([])).terms}
    finally:
        index.close()
    assert "gold" not in terms["休眠"] and "exhaust" in terms["休眠"]  # the vocabulary's word
    assert "attacker" not in terms["强攻"] and "Assault" in terms["强攻"]  # the glossary's name
    assert "declare" in terms["宣告"]  # a word no table names: what the cards taught
