"""“每名玩家摧毁自己的一名单位。如果C，则你无需以此方式摧毁一名单位” / “Each player must kill one of their units. If C,
you don't kill a unit this way”: on C only the opponents kill one (the pair of “X。如果C，则改为每名对手X”), and in a “when
you play me” ability C may be whether the card's optional additional cost was paid (356.2.b.1), read as it executes.

Synthetic cards only; the tree, the round trip, both languages, and the engine running both branches (428)."""

from __future__ import annotations

import json

import pytest

from judgekit.cardtext import CardSource, compile_card
from judgekit.errors import ScenarioError
from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

ZH = "你可以选择消耗3经验，作为打出我的额外费用。\n当你打出我时，每名玩家都必须摧毁自己的一名单位。若你支付了该额外费用，则你不用以此方式摧毁一名单位。"
EN = ("You may spend 3 XP as an additional cost to play me.\nWhen you play me, each player kills one of their units. "
      "If you paid the additional cost, you don't kill one of your units this way.")
PAID = {"paid_additional_cost": True}
EFFECTS = [{"kill_own": {"who": "opponent", "if": PAID}}, {"kill_own": {"who": "each_player", "if": {"not": PAID}}}]
FACTS = {"type": "unit", "cost": 2, "might": 2}


def _compiled(text: str, language: str = "zh"):
    return compile_card(CardSource("T-300", language, text, FACTS, "检查员"))


@pytest.mark.parametrize("language, text", [("zh", ZH), ("en", EN)])
def test_you_dont_do_it_this_way_is_the_opponents_doing_it_on_the_condition(language, text):
    result = _compiled(text, language)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"] == [{"trigger": "played", "effects": EFFECTS}]
    assert result.tree["additional_cost"] == {"optional": {"xp": 3}}
    assert _compiled(result.understood).tree == result.tree, result.understood


def test_it_is_read_only_after_an_instruction_each_player_does_and_of_the_same_thing():
    assert _compiled("当你打出我时，每名对手必须摧毁自己的一名单位。如果你的分数不少于3，则你无需以此方式摧毁一名单位。").status \
        == "not_understood"  # the opponents only: there is no “you” to exempt
    assert _compiled("当你打出我时，每名玩家必须摧毁自己的一名单位。如果你的分数不少于3，则你无需以此方式摧毁一件装备。").status \
        == "not_understood"  # not what each player does


BOARD = """\
title: 无需以此方式摧毁
cards:
  检查员: CARD
  小兵: {type: unit, might: 1}
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [检查员]
      runes: 2
      xp: 3
    B:
      base: [{id: 乙, card: 小兵}]
script:
  - play: 检查员
PAY
  - pass:
expect:
EXPECT
"""


@pytest.mark.parametrize("paid, mine", [(True, True), (False, False)])
def test_paid_only_the_opponent_kills_a_unit_of_theirs(paid, mine):
    card = json.dumps({**FACTS, **_compiled(ZH).tree}, ensure_ascii=False)
    expect = "  - unit: 乙\n    alive: false\n  - unit: 检查员\n    alive: " + ("true" if mine else "false") + \
        ("\n  - player: A\n    xp: 0\n  - cites: [356.4.f.1, 428]" if paid else "")
    text = BOARD.replace("CARD", card).replace("PAY\n", "    pay_additional: true\n" if paid else "").replace("EXPECT", expect)
    trace, _ = play(parse(text, "t.yaml"))
    assert trace.passed, trace.render() if hasattr(trace, "render") else trace


def test_the_paid_condition_in_effects_is_refused_outside_a_when_you_play_me_ability():
    card = {**FACTS, "additional_cost": {"optional": {"xp": 3}},
            "abilities": [{"trigger": "attacked", "effects": [{"draw": {"amount": 1, "if": PAID}}]}]}
    text = BOARD.replace("CARD", json.dumps(card, ensure_ascii=False)).replace("PAY\n", "").replace("EXPECT", "  []")
    with pytest.raises(ScenarioError, match="paid_additional_cost"):
        parse(text, "t.yaml")
