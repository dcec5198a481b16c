"""A condition on the total Might of the units a subject names (`might_total`, issue 16), on synthetic cards.

Each wording: the tree it compiles to (checked by hand), the gate and the round trip; the tree is then run in a
scenario, so the total is read from the board as the ability triggers and resolves.
"""

from __future__ import annotations

import pytest
from conftest import flow as _flow
from conftest import passes as _passes

from judgekit.cardtext import CardSource, compile_card

CARDS = [
    ("unit", "当你打出我时，如果你的其他单位的总计战力不低于5，则抽一张牌。",
     [{"trigger": "played", "condition": {"might_total": {"who": "friendly", "other": True}, "at_least": 5},
       "effects": [{"draw": 1}]}]),
    ("unit", "当我进攻时，如果此处的敌方单位的战力总和不超过3，则抽一张牌。",
     [{"trigger": "attacked", "condition": {"might_total": {"who": "enemy", "where": "here"}, "at_least": 0, "at_most": 3},
       "effects": [{"draw": 1}]}]),
    ("spell", "抽一张牌。如果友方单位的合计战力高于6，则再抽一张牌。", None),
    ("spell", "抽一张牌。如果友方单位合计战力高于6，则再抽一张牌。", None),  # without “的”
]


def _compiled(text: str, card_type: str):
    return compile_card(CardSource("T-310", "zh", text, {"type": card_type, "cost": 2, "might": 2}, "试验牌"))


@pytest.mark.parametrize(("card_type", "text", "abilities"), CARDS, ids=[text for _, text, _ in CARDS])
def test_a_total_might_condition_compiles_to_its_tree_and_back(card_type, text, abilities):
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    if abilities is not None:
        assert result.tree["abilities"] == abilities
    else:  # “高于6” is at least 7, the bound written back as “不低于7”
        assert result.tree["effects"] == [{"draw": 1}, {"draw": {"amount": 1, "if": {"might_total": {"who": "friendly"},
                                                                                     "at_least": 7}}}]
    again = _compiled(result.understood, card_type)
    assert again.tree == result.tree, result.understood


ENGLISH = [
    ("unit", "When I defend, if your other units have a total Might of 6 or more, draw 2.",
     [{"trigger": "defended", "condition": {"might_total": {"other": True, "who": "friendly"}, "at_least": 6},
       "effects": [{"draw": 2}]}]),
    ("unit", "When I attack, draw 1 if enemy units here have a total Might of 3 or less.",
     [{"trigger": "attacked", "condition": {"might_total": {"who": "enemy", "where": "here"}, "at_least": 0, "at_most": 3},
       "effects": [{"draw": 1}]}]),
]


@pytest.mark.parametrize(("card_type", "text", "abilities"), ENGLISH, ids=[text for _, text, _ in ENGLISH])
def test_the_english_total_might_reads_as_the_chinese(card_type, text, abilities):
    result = compile_card(CardSource("T-311", "en", text, {"type": card_type, "cost": 2, "might": 2}, "Tester"))
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"] == abilities
    assert _compiled(result.understood, card_type).tree["abilities"] == abilities, result.understood


def test_a_total_might_without_a_bound_or_of_no_units_is_not_read():
    assert _compiled("抽一张牌。如果友方单位的总计战力很高，则再抽一张牌。", "spell").status == "not_understood"


PLAYED = """\
title: 其他单位的总计战力
cards:
  试验牌: CARD
  甲: {type: unit, might: FIRST}
  乙: {type: unit, might: 1}
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [试验牌]
      runes: 3
      deck: 3
      base: [{id: 甲1, card: 甲}, {id: 乙1, card: 乙}]
    B: {}
script:
SCRIPT
expect:
  - player: A
    hand: HAND
"""
LOWER = "  - {effect: [{might: -5}], targets: 乙1, controller: B}\n"  # 乙 at −4 this turn


@pytest.mark.parametrize(("first", "lowered", "hand"), [
    (4, False, 1),  # 4 + 1: five, a card drawn
    (3, False, 0),  # 3 + 1: four; the played unit's own 9 is not one of the others
    (5, True, 1),  # 乙 at −4 counts as 0 (143.2.b): 5, not 1
])
def test_the_total_might_of_the_other_units_is_read_from_the_board(first, lowered, hand):
    tree = {**_compiled(CARDS[0][1], "unit").tree, "might": 9}
    # a trigger whose condition fails as it triggers never goes on the chain (383.2.a.1): nothing to pass
    script = (LOWER if lowered else "") + "  - play: 试验牌\n" + ("  - pass:" if hand else "")
    source = PLAYED.replace("CARD", _flow(tree)).replace("FIRST", str(first)).replace("SCRIPT", script)
    _passes(source.replace("HAND", str(hand)))
