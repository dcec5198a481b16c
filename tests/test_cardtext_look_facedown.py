"""“选择一名对手。…本回合内，你可以查看该对手正面朝下的卡牌” / “Choose an opponent. … You can look at their facedown cards
this turn”: ``look_facedown: {who: chosen_player}`` — facedown cards are Private Information, their controller's to read
(128.4, 129.4); the effect lets its controller read the chosen opponent's for the rest of the turn, those hidden later too.

Synthetic cards only; the tree, the round trip, both languages, what is refused, and the trace showing the cards."""

from __future__ import annotations

import json

import pytest

from judgekit.cardtext import CardSource, compile_card
from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

ZH = "当你打出我时，选择一名对手。本回合内，你可以查看该对手正面朝下的卡牌。"
EN = "When you play me, choose an opponent. You can look at their facedown cards this turn."
FACTS = {"type": "unit", "cost": 1, "might": 1}


def _compiled(text: str, language: str = "zh"):
    return compile_card(CardSource("T-300", language, text, FACTS, "窥探者"))


@pytest.mark.parametrize("language, text", [("zh", ZH), ("en", EN)])
def test_looking_at_a_chosen_opponents_facedown_cards(language, text):
    result = _compiled(text, language)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"] == [{"trigger": "played", "target": {"kind": "player", "who": "enemy"},
                                         "effects": [{"look_facedown": {"who": "chosen_player"}}]}]
    assert _compiled(result.understood).tree == result.tree, result.understood


def test_it_is_read_only_after_an_opponent_was_chosen():
    assert _compiled("当你打出我时，本回合内，你可以查看该对手正面朝下的卡牌。").status == "not_understood"
    assert _compiled("当你打出我时，选择一名玩家。本回合内，你可以查看该对手正面朝下的卡牌。").status == "not_understood"


BOARD = """\
title: 查看正面朝下的卡牌
cards:
  窥探者: CARD
  伏兵: {type: unit, cost: 1, might: 1, keywords: {待命: null}}
  暗棋: {type: spell, cost: 1, keywords: {待命: null, 反应: null}, effects: [{draw: 1}]}
state:
  turn: {player: B, phase: main}
  battlefields:
    - name: 北方
      controller: B
      facedown: {card: 伏兵, by: B, turn: 0}
    - name: 南方
      controller: B
  players:
    A:
      hand: [窥探者]
      runes: 1
    B:
      hand: [暗棋]
      runes: 1
script:
  - pass: B
  - pass: A
"""


def test_the_trace_shows_the_cards_there_now_and_those_hidden_later_this_turn():
    card = json.dumps({**FACTS, **_compiled(ZH).tree}, ensure_ascii=False)
    text = BOARD.replace("CARD", card).replace("  turn: {player: B, phase: main}", "  turn: {player: A, phase: main}")
    text = text.replace("script:\n  - pass: B\n  - pass: A\n", "script:\n  - play: 窥探者\n  - pass:\n")
    trace, state = play(parse(text, "t.yaml"))
    assert trace.passed
    shown = [event.text for step in trace.steps for event in step.events if "正面朝下的卡牌" in event.text]
    assert any("北方：伏兵" in line for line in shown), shown
    assert "128.4" in trace.cited()
    assert state.facedown_looks == [("A", "B", state.turn)]


def test_a_card_the_opponent_hides_later_this_turn_is_shown_too():
    dying = _compiled("绝念 ▸ 选择一名对手。本回合内，你可以查看该对手正面朝下的卡牌。").tree
    card = json.dumps({**FACTS, **dying}, ensure_ascii=False)
    text = BOARD.replace("CARD", card).replace("      hand: [窥探者]\n", "      base: [{id: 窥探者, card: 窥探者}]\n")
    text = text.replace("    - name: 南方\n      controller: B\n",
                        "    - name: 南方\n      controller: B\n      units: [{id: 卫, card: 伏兵, controller: B}]\n")
    text = text.replace("  暗棋:", "  斩: {type: spell, cost: 1, target: unit, effects: [{kill: null}]}\n  暗棋:")
    text = text.replace("      hand: [暗棋]\n      runes: 1", "      hand: [斩, 暗棋]\n      runes: 3")
    text = text.replace("script:\n  - pass: B\n  - pass: A\n",
                        "script:\n  - play: 斩\n    targets: 窥探者\n  - pass:\n  - pass:\n  - hide: 暗棋\n    at: 南方\n")
    trace, _ = play(parse(text, "t.yaml"))
    assert trace.passed, [(step.text, [e.text for e in step.events]) for step in trace.steps]
    shown = [event.text for step in trace.steps for event in step.events if "可以查看 B 正面朝下的卡牌" in event.text]
    assert any("南方 的是 暗棋" in line for line in shown), shown
