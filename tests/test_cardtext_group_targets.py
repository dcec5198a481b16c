"""Restrictions on the units chosen together (355.9.b), said after the instruction that chooses them: “……，这些单位的
控制者必须相同” (``one_controller``) and “……，这些单位的总计战力不高于N” (``total_might``), with any verb and any count
of several; “移动X到同一位置” is one move's one destination (449.1). Synthetic card text (our own sentences, no catalog
text): each wording's tree, the gate and the round trip, and the engine refusing and allowing choices by them."""

from __future__ import annotations

import pytest
from conftest import flow, play_scenario
from test_cardtext_triggers import _compiled, compiles_with

from judgekit.cardtext import CardSource, compile_card
from judgekit.errors import ScenarioStopped

ANY_ENEMY = {"who": "enemy", "count": None, "up_to": True}

CASES = [
    ("将最多四名敌方单位移动到同一位置，这些单位必须由同一名玩家控制且战力合计不超过5。",
     {"target": {"who": "enemy", "count": 4, "up_to": True, "one_controller": True, "total_might": {"le": 5}},
      "effects": [{"move": {"to": "chosen"}}]}),
    ("将任意数量的单位移动到同一位置，这些单位的控制者必须相同且总计战力不高于5。",
     {"target": {"count": None, "up_to": True, "one_controller": True, "total_might": {"le": 5}},
      "effects": [{"move": {"to": "chosen"}}]}),
    ("眩晕最多三名敌方单位，这些单位的总计战力不高于6。",
     {"target": {"who": "enemy", "count": 3, "up_to": True, "total_might": {"le": 6}}, "effects": [{"stun": None}]}),
    ("让任意数量的友方单位变为活跃状态，这些单位的控制者必须相同。",
     {"target": {"who": "friendly", "count": None, "up_to": True, "one_controller": True}, "effects": [{"ready": None}]}),
    ("让两名单位在本回合内战力+1，这些单位的控制者必须相同。",
     {"target": {"count": 2, "one_controller": True}, "effects": [{"might": 1}]}),
    ("对任意数量的敌方单位各造成1点伤害，这些单位的合计战力不少于4。",
     {"target": {**ANY_ENEMY, "total_might": {"ge": 4}}, "effects": [{"deal": 1}]}),
]


@pytest.mark.parametrize(("text", "tree"), CASES, ids=[text for text, _ in CASES])
def test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(text, tree):
    compiles_with("spell", text, tree)


@pytest.mark.parametrize("text", [
    "眩晕一名敌方单位，这些单位的总计战力不高于6。",  # one unit: no “these units”
    "抽一张牌，这些单位的控制者必须相同。",  # nothing chosen
    "眩晕最多三名敌方单位，这些单位的颜色必须相同。",  # a restriction the reader does not know
])
def test_these_units_without_several_chosen_or_an_unknown_restriction_is_not_read(text):
    assert _compiled(text, "spell").status != "compiled"


STATE = """state:
  turn: {player: A, phase: main}
  players:
    A: {hand: [试验牌], base: [{id: 甲一, card: 兵}]}
    B: {base: [{id: 乙一, card: 兵}, {id: 乙二, card: 兵}, {id: 乙巨, card: 巨}]}
  battlefields:
    - {name: 北}
"""


def _move(targets: str):
    card = _compiled(CASES[1][0], "spell").tree
    cards = (f"cards:\n  试验牌: {flow({**card, 'cost': 0})}\n  兵: {{type: unit, cost: 1, might: 2}}\n"
             "  巨: {type: unit, cost: 5, might: 4}\n")
    return play_scenario(cards, STATE, script=f"- play: 试验牌\n  targets: [{targets}]\n  to: 北\n- pass: A\n"
                                                "- resolve_chain:\n")


def test_units_of_one_controller_within_the_total_move_together():
    _, final = _move("乙一, 乙二")
    assert final.units["乙一"].location == final.units["乙二"].location == "北"


@pytest.mark.parametrize(("targets", "why"), [
    ("甲一, 乙一", "控制者须相同"),  # two controllers
    ("乙一, 乙巨", "战力合计为 6"),  # 2 + 4 over 5
])
def test_a_choice_that_breaks_a_restriction_on_the_set_is_refused(targets, why):
    with pytest.raises(ScenarioStopped) as stopped:
        _move(targets)
    assert why in str(stopped.value) and "355.9.b" in str(stopped.value)


@pytest.mark.parametrize(("text", "target"), [
    ("Move up to three units with a total Might of 5 or less and with the same controller.",
     {"count": 3, "up_to": True, "total_might": {"le": 5}, "one_controller": True}),
    ("Stun up to two enemy units with a total Might of 7 or more.", {"who": "enemy", "count": 2, "up_to": True,
                                                                     "total_might": {"ge": 7}}),
])
def test_the_english_words_for_the_same_restrictions(text, target):
    result = compile_card(CardSource("T-200", "en", text, {"type": "spell", "cost": 2}, "试验牌"))
    assert result.status == "compiled", result.problems
    assert result.tree["target"] == target


def test_in_english_one_unit_has_no_restriction_on_the_set():
    text = "Stun an enemy unit with the same controller."
    assert compile_card(CardSource("T-200", "en", text, {"type": "spell", "cost": 2}, "试验牌")).status != "compiled"
