"""A number of yours against an opponent's (issue 16): points, runes, cards in hand, on synthetic cards; and the XP a
Level asks for (824.1.c) in its other words.

“对手的分数高于你” compares the highest opponent's points with yours (`PLAYER_NUMBERS` against an amount of the other
side); the tree, the round trip, the English wording and a scenario that reads it as the spell resolves.
"""

from __future__ import annotations

import pytest
from conftest import flow as _flow
from conftest import passes as _passes

from judgekit.cardtext import CardSource, compile_card

SPELLS = [
    ("抽一张牌。如果对手的分数高于你，则再抽一张牌。", {"opponent_points": {"gt": {"points_of": "you"}}}),
    ("抽一张牌。如果你的得分低于对手，则再抽一张牌。", {"points": {"lt": {"points_of": "opponent"}}}),
    ("抽一张牌。如果你的手牌少于对手，则再抽一张牌。", {"hand": {"lt": {"hand_of": "opponent"}}}),
    ("抽一张牌。如果你控制的符文少于对手，则再抽一张牌。", {"runes": {"lt": {"runes_of": "opponent"}}}),
]
ENGLISH = [
    ("Draw 1. If an opponent has more points than you, draw 1.", {"opponent_points": {"gt": {"points_of": "you"}}}),
    ("Draw 1. If you have more cards in hand than an opponent, draw 1.", {"hand": {"gt": {"hand_of": "opponent"}}}),
]


def _compiled(text: str, language: str = "zh"):
    return compile_card(CardSource("T-320", language, text, {"type": "spell", "cost": 1}, "试验牌"))


@pytest.mark.parametrize(("text", "condition"), SPELLS, ids=[text for text, _ in SPELLS])
def test_a_number_against_an_opponents_compiles_to_its_tree_and_back(text, condition):
    result = _compiled(text)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["effects"] == [{"draw": 1}, {"draw": {"amount": 1, "if": condition}}]
    assert _compiled(result.understood).tree == result.tree, result.understood


@pytest.mark.parametrize(("text", "condition"), ENGLISH, ids=[text for text, _ in ENGLISH])
def test_the_english_wording_reads_as_the_chinese(text, condition):
    result = _compiled(text, "en")
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["effects"] == [{"draw": 1}, {"draw": {"amount": 1, "if": condition}}]
    assert _compiled(result.understood).tree == result.tree, result.understood


@pytest.mark.parametrize("text", ["抽一张牌。如果你拥有至少6点经验，则再抽一张牌。", "抽一张牌。如果你的经验不低于6，则再抽一张牌。",
                                  "Draw 1. If you have 6 or more XP, draw 1."])
def test_the_xp_of_a_level_in_its_other_words(text):
    result = _compiled(text, "en" if text.startswith("Draw") else "zh")
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["effects"] == [{"draw": 1}, {"draw": {"amount": 1, "if": {"level": 6}}}]
    assert "如果你拥有不少于6经验" in result.understood  # written back in its first words
    assert _compiled(result.understood).tree == result.tree, result.understood


def test_the_runes_you_have_in_the_shorter_words():
    result = _compiled("抽一张牌。如果你有不少于8枚符文，则再抽一张牌。")
    assert result.tree["effects"] == [{"draw": 1}, {"draw": {"amount": 1, "if": {
        "count": {"kind": "rune", "who": "friendly"}, "at_least": 8}}}]
    assert _compiled(result.understood).tree == result.tree, result.understood


def test_a_player_against_themself_is_not_read():
    assert _compiled("抽一张牌。如果你的分数高于你，则再抽一张牌。").status == "not_understood"


SCENARIO = """\
title: 对手的分数高于你
cards:
  试验牌: CARD
state:
  turn: {player: A, phase: main}
  players:
    A: {hand: [试验牌], runes: 1, deck: 3, points: 2}
    B: {points: THEIRS}
script:
  - play: 试验牌
  - pass:
expect:
  - player: A
    hand: HAND
"""


@pytest.mark.parametrize(("theirs", "hand"), [(3, 2), (2, 1), (1, 1)])
def test_the_opponents_points_are_read_against_yours_as_the_spell_resolves(theirs, hand):
    tree = _compiled(SPELLS[0][0]).tree
    _passes(SCENARIO.replace("CARD", _flow(tree)).replace("THEIRS", str(theirs)).replace("HAND", str(hand)))
