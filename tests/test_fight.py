"""Two units deal damage equal to their own Might to each other (“让这两名单位相互以自身战力给对方造成伤害”)."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·决斗: {type: spell, cost: 0, target: {count: 2}, effects: [{fight: null}]}
  示例·小兵: {type: unit, cost: 1, might: 2}
"""


def fought(b_might: int = 2):
    state = board("hand: [示例·决斗], base: [{id: 中士, card: 先锋中士}]", "base: [{id: 敌, card: 示例·小兵}]")
    cards = CARDS.replace("might: 2", f"might: {b_might}")
    return play_scenario(cards, state, script="- play: 示例·决斗\n  targets: [中士, 敌]\n- pass:\n", source="s.yaml")


def test_each_unit_deals_its_might_to_the_other_at_once_and_is_the_source():
    trace, state = fought()
    assert "敌" not in state.units and state.units["中士"].damage == 2
    assert "417.6.b.3" in trace.cited() or "417.6.b.4" in trace.cited()


def test_a_friendly_and_an_enemy_unit_chosen_by_two_target_specs_fight():
    cards = CARDS.replace("target: {count: 2}", "target: [{who: friendly}, {who: enemy}]")
    state = board("hand: [示例·决斗], base: [{id: 中士, card: 先锋中士}]", "base: [{id: 敌, card: 示例·小兵}]")
    _, final = play_scenario(cards, state, script="- play: 示例·决斗\n  targets: [中士, 敌]\n- pass:\n", source="s.yaml")
    assert "敌" not in final.units and final.units["中士"].damage == 2


def test_two_units_of_equal_might_both_die():
    _, state = fought(b_might=4)
    assert "中士" not in state.units and "敌" not in state.units


def test_me_and_that_unit_are_the_source_and_the_one_chosen():
    cards = """cards:
  示例·捕蝇草:
    type: unit
    cost: 0
    might: 6
    abilities:
      - {trigger: played, target: {who: enemy}, effects: [{fight: {with: self}}]}
  示例·小兵: {type: unit, cost: 1, might: 2}
"""
    state = board("hand: [示例·捕蝇草]", "base: [{id: 敌, card: 示例·小兵}]")
    _, final = play_scenario(cards, state, script="- play: 示例·捕蝇草\n- pass:\n", source="s.yaml")
    (plant,) = [u for u in final.units.values() if u.card == "示例·捕蝇草"]
    assert "敌" not in final.units and plant.damage == 2
