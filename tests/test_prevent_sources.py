"""“Prevent all spell and ability damage this turn” (437.1.b: a prevention names the source of the damage it affects):
``prevent: {amount: all, from: [spell, ability]}`` — every unit's damage from a spell or an ability (417.6) this turn is
prevented, units that come later too; combat damage is not, and the effect ends with the turn (317.2.c)."""

from __future__ import annotations

import pytest
from conftest import board, flow, play_scenario

from judgekit.cardtext import CardSource, compile_card
from judgekit.errors import ScenarioError


def _compiled(text: str, language: str = "zh"):
    return compile_card(CardSource("T-302", language, text, {"type": "spell", "cost": 1}, "试验牌"))


@pytest.mark.parametrize(("language", "text"), [
    ("zh", "反应\n无效化本回合内所有法术或技能的伤害。"),
    ("zh", "反应\n防止本回合内所有法术和技能造成的伤害。"),
    ("en", "Reaction\nPrevent all spell and ability damage this turn."),
])
def test_the_wordings_compile_to_one_prevention_and_back(language, text):
    result = _compiled(text, language)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["effects"] == [{"prevent": {"amount": "all", "from": ["spell", "ability"]}}]
    assert _compiled(result.understood).tree == result.tree, result.understood


PREVENTION = flow({**_compiled("反应\n无效化本回合内所有法术或技能的伤害。").tree, "cost": 0})
CARDS = f"""cards:
  示例·护体: {PREVENTION}
  示例·火: {{type: spell, cost: 0, target: unit, effects: [{{deal: 3}}]}}
  示例·燃: {{type: spell, cost: 0, keywords: {{反应: null}}, target: unit, effects: [{{deal: 2}}]}}
"""
STATE = board("hand: [示例·火, 示例·燃, 示例·火], deck: 3", "hand: [示例·护体], deck: 3, base: [{id: 乙, card: 先锋中士}]")
PREVENTED = ("- play: 示例·火\n  targets: 乙\n- pass: A\n- play: 示例·护体\n  player: B\n- pass: B\n- pass: A\n"
             "- pass:\n"  # the prevention resolved, then 示例·火: its 3 prevented
             "- play: 示例·燃\n  targets: 乙\n- pass:\n")  # later this turn: prevented too


def test_a_spells_damage_is_prevented_for_the_rest_of_the_turn():
    trace, final = play_scenario(CARDS, STATE, script=PREVENTED)
    assert not final.chain and final.units["乙"].damage == 0
    assert "437.2" in trace.cited()


def test_the_prevention_ends_with_its_turn():
    script = PREVENTED + "- end_turn:\n- end_turn:\n- play: 示例·火\n  targets: 乙\n- pass:\n"
    _, final = play_scenario(CARDS, STATE, script=script)
    assert final.units["乙"].damage == 3


def test_combat_damage_is_not_prevented():
    state = board("hand: [示例·护体], base: [{id: 甲, card: 先锋中士}]", "",
                  "name: 北方, controller: B, units: [{id: 乙, card: 先锋中士, controller: B}]")
    script = "- play: 示例·护体\n- pass: A\n- pass: B\n- move: 甲\n  to: 北方\n- pass:\n"
    _, final = play_scenario(CARDS, state, script=script)
    assert "甲" not in final.units and "乙" not in final.units  # 4 against 4: both die


def test_a_prevention_of_other_sources_is_refused():
    cards = "cards:\n  示例·错: {type: spell, effects: [{prevent: {amount: all, from: [unit]}}]}\n"
    with pytest.raises(ScenarioError):
        play_scenario(cards, board(), script="- end_turn:\n")
