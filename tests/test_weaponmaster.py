"""Weaponmaster (百炼, 821): when the unit is played, an Equipment its controller controls may be attached to it
for its Equip cost less [A] (821.1.c)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.engine.state import base_of
from judgekit.errors import ScenarioError

CARDS = """cards:
  示例·武者: {type: unit, cost: 1, might: 2, keywords: {百炼: null}}
  示例·长剑:
    type: gear
    cost: 1
    might_bonus: 2
    abilities:
      - {name: 装配, cost: {energy: 1, power: 1}, target: {who: friendly}, effects: [{attach: 示例·长剑}]}
  示例·红盾:
    type: gear
    cost: 1
    abilities:
      - {name: 装配, cost: {runes: [炽烈]}, target: {who: friendly}, effects: [{attach: 示例·红盾}]}
"""


def played(gear: str = "[示例·长剑]", base: str = "[]", answer: str = "示例·长剑", energy: int = 2, runes: int = 0):
    state = board(f"hand: [示例·武者], energy: {energy}, runes: {runes}, gear: {gear}, base: {base}")
    script = f"- play: 示例·武者\n- resolve_chain: null\n  play_card: {answer}\n"
    return play_scenario("defaults: false\n", CARDS, state, script=script, source="s.yaml")


def test_the_equipment_attaches_for_its_equip_cost_less_one_power():
    trace, state = played()
    (warrior,) = [u for u in state.units.values() if u.card == "示例·武者"]
    assert warrior.attached == ["示例·长剑"] and state.gear == {}
    assert state.players["A"].energy == 0  # 1 to play the unit, 1 for the Equip cost; its [A] is not paid
    assert {"821.1.c", "434.4"} <= set(trace.cited())


def test_an_equipment_attached_to_another_unit_moves_to_the_weaponmaster():
    _, state = played(gear="[]", base="[{id: 中士, card: 先锋中士, attached: [示例·长剑]}]")
    (warrior,) = [u for u in state.units.values() if u.card == "示例·武者"]
    assert warrior.attached == ["示例·长剑"] and state.units["中士"].attached == []


def test_an_equip_cost_of_a_domain_is_not_reduced_and_unpaid_it_stays():
    trace, state = played(gear="[示例·红盾]", answer="示例·红盾")
    assert [g.card for g in state.gear.values()] == ["示例·红盾"]
    assert [u.attached for u in state.units.values()] == [[]]
    assert "821.1.c.5" in trace.cited()


def test_choosing_none_or_an_equipment_not_controlled():
    _, state = played(answer="null")
    assert [g.card for g in state.gear.values()] == ["示例·长剑"] and state.players["A"].energy == 1
    with pytest.raises(ScenarioError, match="没有控制可由百炼贴附的武装“示例·红盾”"):
        played(answer="示例·红盾")


def test_without_weaponmaster_the_unit_attaches_nothing():
    _, state = play_scenario(CARDS.replace("keywords: {百炼: null}", "keywords: {}"),
                                 board("hand: [示例·武者], energy: 2, gear: [示例·长剑]"),
                                 script="- play: 示例·武者\n", source="s.yaml")
    assert [g.card for g in state.gear.values()] == ["示例·长剑"]
    assert base_of("A") in {u.location for u in state.units.values()}
