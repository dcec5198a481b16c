"""“When you use an activated ability of a gear” (377.2.a: fulfilled as the ability resolves): the
activated event, its player the one who activates, its object the holder (``card_type: gear``)."""

from __future__ import annotations

from conftest import board, play_scenario

from judgekit.engine.layers import might

CARDS = """cards:
  示例·工匠:
    type: unit
    might: 3
    abilities:
      - trigger: {event: activated, subject: any, player: you, card_type: gear}
        effects: [{might: {amount: 1, to: self}}]
      - name: 磨刀
        cost: {energy: 0}
        effects: [{draw: 1}]
  示例·齿轮:
    type: gear
    abilities:
      - cost: {exhaust: true}
        effects: [{draw: 1}]
  示例·金块:
    type: gear
    abilities:
      - cost: {kill_self: true}
        effects: [{add: {energy: 1}}]
"""


def test_using_a_gears_ability_triggers_it():
    state = board("deck: 3, gear: [示例·齿轮], base: [{id: 匠, card: 示例·工匠}]")
    _, final = play_scenario(CARDS, state, script="- activate: 示例·齿轮\n  ability: ability1\n- pass:\n")
    assert final.players["A"].drawn == 1 and might(final, final.units["匠"]) == 4


def test_a_units_own_ability_does_not_trigger_it():
    state = board("deck: 3, base: [{id: 匠, card: 示例·工匠}]")
    _, final = play_scenario(CARDS, state, script="- activate: 匠\n  ability: 磨刀\n- pass:\n")
    assert final.players["A"].drawn == 1 and might(final, final.units["匠"]) == 3


def test_an_add_ability_of_a_gear_killed_to_pay_triggers_it_as_it_resolves_at_once():
    state = board("gear: [示例·金块], base: [{id: 匠, card: 示例·工匠}]")
    _, final = play_scenario(CARDS, state, script="- activate: 示例·金块\n  ability: ability1\n")
    assert final.gear == {} and final.players["A"].energy == 1 and might(final, final.units["匠"]) == 4
