"""“从下一名玩家开始，每名其他玩家选择一个…单位。摧毁选中的所有单位” / “Starting with the next player, each other player
chooses …. Kill those units.”: ``each_chooses`` with ``others`` (the controller does not choose), ``card`` (the units
one may pick, seen from the controller), ``distinct`` (not one picked before) and ``together`` (one kill of them all once
every player has chosen, 370.1.a.2).

Synthetic cards only; the tree, the round trip, both languages, what is refused, and the engine's turn of choices."""

from __future__ import annotations

import json

import pytest

from judgekit.cardtext import CardSource, compile_card
from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

ZH = "从下一名玩家开始，每名其他玩家选择一名休眠的敌方单位。摧毁选中的所有单位。"
EN = "Starting with the next player, each other player chooses an exhausted enemy unit. Kill those units."
TREE = {"each_chooses": {"then": "kill", "others": True, "card": {"who": "enemy", "exhausted": True}, "together": True}}
FACTS = {"type": "spell", "cost": 1}


def _compiled(text: str, language: str = "zh"):
    return compile_card(CardSource("T-300", language, text, FACTS, "诏令"))


@pytest.mark.parametrize("language, text", [("zh", ZH), ("en", EN)])
def test_each_other_player_picks_in_turn_and_the_picked_are_killed_together(language, text):
    result = _compiled(text, language)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["effects"] == [TREE]
    assert _compiled(result.understood).tree == result.tree, result.understood


def test_the_picks_not_repeated_and_a_pick_with_nothing_done_to_it():
    distinct = _compiled("从下一名玩家开始，每名其他玩家选择一名活跃的敌方且未被此法术选中过的单位。摧毁所有被选中的单位。")
    assert distinct.tree["effects"] == [{"each_chooses": {"then": "kill", "others": True,
                                                          "card": {"who": "enemy", "exhausted": False},
                                                          "distinct": True, "together": True}}]
    assert _compiled(distinct.understood).tree == distinct.tree
    assert _compiled("从下一名玩家开始，每名其他玩家选择一名休眠的敌方单位。").status == "not_understood"


BOARD = """\
title: 依次选择
cards:
  诏令: CARD
  小兵: {type: unit, might: 1}
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [诏令]
      runes: 1
      base: [{id: 甲, card: 小兵, exhausted: true}]
    B:
      base: [{id: 乙, card: 小兵, exhausted: true}, {id: 丙, card: 小兵, exhausted: false}]
script:
  - play: 诏令
  - pass:
expect:
  - unit: 甲
    alive: true
  - unit: 丙
    alive: true
  - unit: KILLED
    alive: false
"""


def test_the_other_player_picks_an_exhausted_unit_of_an_opponent_of_the_controller_and_it_dies():
    card = json.dumps({**FACTS, **_compiled(ZH).tree}, ensure_ascii=False)
    # B, the next player after A, picks: not 甲 (A's own), not 丙 (ready) — only 乙 fits; A picks none (“其他”)
    trace, _ = play(parse(BOARD.replace("CARD", card).replace("KILLED", "乙"), "t.yaml"))
    assert trace.passed, [(step.text, [e.text for e in step.events]) for step in trace.steps]
    assert "428" in {ref.split(".")[0] for ref in trace.cited()} or any(ref.startswith("428") for ref in trace.cited())


def test_without_others_the_controller_picks_too():
    tree = {**TREE["each_chooses"]}
    del tree["others"]
    card = json.dumps({**FACTS, "effects": [{"each_chooses": {**tree, "card": {"exhausted": True}}}]}, ensure_ascii=False)
    text = BOARD.replace("CARD", card).replace("  - unit: 甲\n    alive: true\n", "")
    # with defaults each picks the first that fits, 甲 for both B and A: picked twice, killed once; 乙 not picked
    trace, state = play(parse(text.replace("KILLED", "甲"), "t.yaml"))
    assert trace.passed, [(step.text, [e.text for e in step.events]) for step in trace.steps]
    assert "乙" in state.units
