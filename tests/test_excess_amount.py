"""“Deal damage equal to that excess”: the damage you assigned beyond lethal (465.2.c.4) as an amount,
``{excess_assigned: true}`` — read in the combat under way, or once it ended in the latest combat of this turn, as a
conquest's triggered ability resolves after its combat (466.5, 466.7)."""

from __future__ import annotations

import pytest
from conftest import board, flow, play_scenario

from judgekit.cardtext import CardSource, compile_card

SIVIR = "当我通过进攻征服一处战场时，如果你给敌方单位分配了不少于3点的过量伤害，则对一名敌方单位造成等同于该过量伤害的伤害。"


def _compiled(text: str):
    return compile_card(CardSource("T-303", "zh", text, {"type": "unit", "cost": 5, "might": 6}, "试验牌"))


def test_the_excess_as_an_amount_compiles_and_back():
    result = _compiled(SIVIR)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"] == [{
        "trigger": "conquered", "condition": {"attacking": True, "excess_assigned": {"ge": 3}}, "target": {"who": "enemy"},
        "effects": [{"deal": {"amount": {"excess_assigned": True}}}]}]
    assert _compiled(result.understood).tree == result.tree, result.understood


CARDS = f"""cards:
  示例·猎手: {flow(_compiled(SIVIR).tree)}
  示例·小兵: {{type: unit, cost: 1, might: 1}}
  示例·巨像: {{type: unit, cost: 9, might: 9}}
"""


def _after_conquest(defender: str):
    state = board("base: [{id: 猎, card: 示例·猎手}]", "base: [{id: 巨, card: 示例·巨像}]",
                  f"name: 北方, controller: B, units: [{{id: 兵, card: {defender}, controller: B}}]")
    script = "- move: 猎\n  to: 北方\n- pass:\n- pass:\n"  # the showdown, then the conquest's trigger
    return play_scenario(CARDS, state, script=script)


def test_the_excess_assigned_in_the_combat_is_dealt_after_it_ended():
    _, final = _after_conquest("示例·小兵")  # 6 assigned to a unit with 1 Might: 5 beyond lethal
    assert "兵" not in final.units and final.battlefields["北方"].controller == "A"
    assert not final.combat and final.units["巨"].damage == 5


def test_too_little_excess_and_the_trigger_does_not_happen():
    state = board("base: [{id: 猎, card: 示例·猎手}]", "base: [{id: 巨, card: 示例·巨像}]",
                  "name: 北方, controller: B, units: [{id: 兵, card: 先锋中士, controller: B}]")
    _, final = play_scenario(CARDS, state, script="- move: 猎\n  to: 北方\n- pass:\n")  # 6 to 4 Might: 2 beyond
    assert final.battlefields["北方"].controller == "A" and not final.chain and final.units["巨"].damage == 0


@pytest.mark.parametrize(("text", "ability"), [
    ("When you conquer, if you assigned 4 or more excess damage to enemy units, deal that much to a unit.",
     {"trigger": {"event": "conquered", "subject": "any", "player": "you"}, "condition": {"excess_assigned": {"ge": 4}},
      "target": {}, "effects": [{"deal": {"amount": {"excess_assigned": True}}}]}),
    ("When I conquer after an attack, draw 1.", {"trigger": "conquered", "condition": {"attacking": True}, "effects": [{"draw": 1}]}),
])
def test_the_english_wordings_compile_to_the_same_trees(text, ability):
    result = compile_card(CardSource("T-303", "en", text, {"type": "unit", "cost": 5, "might": 6}, "试验牌"))
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"] == [ability]
    assert _compiled(result.understood).tree == result.tree, result.understood
