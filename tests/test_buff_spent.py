"""“当你消耗一个增益时” (702.2.b): the buff_spent event, whoever's ability or effect spends it — an effect, an activated
ability's cost, an optional additional cost."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·收集者:
    type: unit
    might: 2
    abilities:
      - trigger: {event: buff_spent, subject: friendly, player: you}
        effects: [{draw: 1}]
      - name: 燃尽
        cost: {spend_buff: true}
        effects: [{gain_xp: 1}]
  示例·汲取: {type: spell, cost: 0, target: friendly_unit, effects: [{spend_buff: null}]}
"""


def test_spending_a_buff_by_an_effect_or_a_cost_triggers_it():
    state = board("hand: [示例·汲取], deck: 3, base: [{id: 收, card: 示例·收集者, buffs: 1}]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·汲取\n  targets: 收\n- pass:\n")
    assert final.players["A"].drawn == 1 and final.units["收"].buffs == 0
    _, final = play_scenario(CARDS, state, script="- activate: 收\n  ability: 燃尽\n- pass:\n")
    assert final.players["A"].drawn == 1 and final.players["A"].xp == 1


SPENDERS = """cards:
  示例·营地:
    type: unit
    might: 1
    abilities:
      - trigger: {event: played, subject: friendly, other: true}
        cost: {spend_buffs: 1}
        effects: [{draw: 1}]
      - name: 献礼
        cost: {spend_buffs: 2}
        effects: [{gain_xp: 2}]
  示例·兵: {type: unit, cost: 0, might: 1}
"""


def test_a_cost_of_buffs_of_your_units_is_paid_from_any_of_them_or_not_at_all():
    state = board("hand: [示例·兵], deck: 3, base: [{id: 营, card: 示例·营地}, {id: 甲, card: 示例·兵, buffs: 1}]")
    _, final = play_scenario(SPENDERS, state, script="- play: 示例·兵\n")  # the trigger's cost: 甲's buff
    assert final.players["A"].drawn == 1 and final.units["甲"].buffs == 0
    play_scenario(SPENDERS, state, script="- activate: 营\n  ability: 献礼\n  expect_illegal: 358.2\n")  # one buff only
    two = state.replace("{id: 营, card: 示例·营地}", "{id: 营, card: 示例·营地, buffs: 1}")
    _, final = play_scenario(SPENDERS, two, script="- activate: 营\n  ability: 献礼\n- pass:\n")
    assert final.players["A"].xp == 2 and final.units["营"].buffs == 0 and final.units["甲"].buffs == 0
