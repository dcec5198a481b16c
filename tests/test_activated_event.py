"""“When you use an activated ability of a gear” (206.1's example: it triggers as the ability is played): the
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
"""


def test_using_a_gears_ability_triggers_it():
    state = board("deck: 3, gear: [示例·齿轮], base: [{id: 匠, card: 示例·工匠}]")
    _, final = play_scenario(CARDS, state, script="- activate: 示例·齿轮\n  ability: ability1\n- pass:\n")
    assert final.players["A"].drawn == 1 and might(final, final.units["匠"]) == 4


def test_a_units_own_ability_does_not_trigger_it():
    state = board("deck: 3, base: [{id: 匠, card: 示例·工匠}]")
    _, final = play_scenario(CARDS, state, script="- activate: 匠\n  ability: 磨刀\n- pass:\n")
    assert final.players["A"].drawn == 1 and might(final, final.units["匠"]) == 3
