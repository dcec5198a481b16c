"""The Chinese compiler's wordings of playing cards, cost changes, restrictions and statics (issue 16).

Synthetic cards only (fact-free pattern examples, no card text): each wording, the tree it compiles to
(checked by hand against the rules it stands for), the gate (the engine runs it) and the round trip (the
rendering compiles to the same tree); a few trees are then run in a scenario.
"""

from __future__ import annotations

import json

import pytest

from judgekit.cardtext import CardSource, compile_card
from judgekit.scenarios.runner import run
from judgekit.scenarios.scenario import parse


def _compiled(text: str, card_type: str = "unit"):
    return compile_card(CardSource("T-300", "zh", text, {"type": card_type, "cost": 2, "might": 2}, "试验牌"))


def _round_trip(text: str, card_type: str = "unit") -> dict:
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    again = _compiled(result.understood, card_type)
    assert again.tree == result.tree, result.understood
    return result.tree


PLAYED = {"trigger": "played"}
EXHAUST = {"exhaust": True}

# the next card played this turn (356.4, 713, 820): one effect now, waiting for that card
NEXT_CARD = [
    ("unit", "当你打出我时，你在本回合内打出的下一个法术费用减少③。",
     {**PLAYED, "effects": [{"discount_next": {"energy": 3, "kind": "spell"}}]}),
    ("unit", "当你打出我时，你本回合打出的下一名单位的费用减少②和任意符能。",
     {**PLAYED, "effects": [{"discount_next": {"energy": 2, "power": 1, "kind": "unit"}}]}),
    ("gear", "横置：你在本回合内打出的下一张牌的费用减少①。", {"cost": EXHAUST, "effects": [{"discount_next": {"energy": 1}}]}),
    ("gear", "横置：本回合内你打出的下一个法术造成的伤害+2。",
     {"cost": EXHAUST, "effects": [{"boost_next_spell": {"bonus_damage": 2}}]}),
    ("gear", "支付①，横置：让你本回合打出的下一个法术获得等同于其费用的回响。",
     {"cost": {"energy": 1, "exhaust": True}, "effects": [{"boost_next_spell": {"repeat_at_cost": True}}]}),
    ("unit", "当你打出我时，在本回合内，你的下一个法术获得等同于其基础费用的回响。",
     {**PLAYED, "effects": [{"boost_next_spell": {"repeat_at_cost": True}}]}),
]


@pytest.mark.parametrize(("card_type", "text", "ability"), NEXT_CARD, ids=[text for _, text, _ in NEXT_CARD])
def test_the_next_card_you_play_compiles_to_its_waiting_effect_and_back(card_type, text, ability):
    assert _round_trip(text, card_type)["abilities"] == [ability]


def test_only_a_spell_gains_damage_or_a_repeat_as_the_next_card():
    assert _compiled("横置：你在本回合内打出的下一名单位造成的伤害+1。", "gear").status == "not_understood"
    assert _compiled("横置：你在本回合内打出的下一张牌获得等同于其费用的回响。", "gear").status == "not_understood"


SCENARIO = """\
title: 编译的打出与费用
cards:
  试验牌: CARD
  小卒: {type: unit, cost: 1, might: 1}
  术: {type: spell, cost: 3, effects: [{draw: 1}]}
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: HAND
      deck: 5
      runes: RUNES
    B: {}
script:
SCRIPT
expect:
EXPECT
"""


def _passes(tree: dict, hand: str, runes: int, script: str, expect: str) -> None:
    source = SCENARIO.replace("CARD", json.dumps(tree, ensure_ascii=False)).replace("HAND", hand)
    source = source.replace("RUNES", str(runes)).replace("SCRIPT", script).replace("EXPECT", expect)
    trace = run(parse(source, "t.yaml"))
    failed = [(v.description, v.expected, v.actual) for v in trace.verdicts if not v.passed]
    assert trace.verdicts and not failed, failed


def test_a_discount_on_the_next_spell_waits_past_a_unit_and_lowers_the_spell():
    # 试验牌 (2) + 小卒 (1, full cost) + 术 (3 - 2) = 4 runes; the spell resolves and A draws
    tree = _round_trip("当你打出我时，你在本回合内打出的下一个法术的费用减少②。")
    script = "  - play: 试验牌\n  - play: 小卒\n  - play: 术\n  - pass:"
    _passes(tree, "[试验牌, 小卒, 术]", 4, script, "  - player: A\n    hand: 1\n    ready_runes: 0\n    energy: 0")
