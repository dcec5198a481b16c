"""Small reads compiler-en asked for: the runes a player controls as an amount and a compared number (“If you control fewer
runes than an opponent”: ``{runes: {lt: {runes_of: opponent}}}``), the damage marked on a unit (``{damage_of: target}``:
“deal damage to a unit equal to the damage marked on it”), and the source's ``damaged_this_turn`` (“if I haven't been dealt
damage this turn”)."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·追赶: {type: spell, cost: 0, effects: [{draw: {amount: 1, if: {runes: {lt: {runes_of: opponent}}}}}]}
  示例·撕裂: {type: spell, cost: 0, target: unit, effects: [{deal: {amount: {damage_of: target}}}]}
  示例·守卫:
    type: unit
    might: 3
    abilities:
      - name: 整备
        cost: {energy: 0}
        effects: [{draw: {amount: 1, if: {not: {damaged_this_turn: true}}}}]
  示例·飞弹: {type: spell, cost: 0, target: unit, effects: [{deal: 1}]}
"""


def test_fewer_runes_than_an_opponent():
    _, final = play_scenario(CARDS, board("hand: [示例·追赶], deck: 2, runes: 1", "runes: 2"), script="- play: 示例·追赶\n- pass:\n")
    assert final.players["A"].drawn == 1
    _, final = play_scenario(CARDS, board("hand: [示例·追赶], deck: 2, runes: 2", "runes: 2"), script="- play: 示例·追赶\n- pass:\n")
    assert final.players["A"].drawn == 0


def test_damage_equal_to_the_damage_marked_on_it():
    state = board("hand: [示例·撕裂]", "base: [{id: 敌, card: 示例·守卫, damage: 1}]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·撕裂\n  targets: 敌\n- pass:\n")
    assert final.units["敌"].damage == 2


def test_a_unit_dealt_damage_this_turn():
    state = board("hand: [示例·飞弹], deck: 2, base: [{id: 卫, card: 示例·守卫}]")
    _, final = play_scenario(CARDS, state, script="- activate: 卫\n  ability: 整备\n- pass:\n")
    assert final.players["A"].drawn == 1
    script = "- play: 示例·飞弹\n  targets: 卫\n- pass:\n- activate: 卫\n  ability: 整备\n- pass:\n"
    _, final = play_scenario(CARDS, state, script=script)
    assert final.players["A"].drawn == 0 and final.units["卫"].damage == 1
