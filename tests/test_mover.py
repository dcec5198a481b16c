"""The player who moves a unit is the ``moved`` event's player: “when you move an enemy unit” sees a move made by your
spell or ability (449), not one made by its controller."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·看守:
    type: unit
    might: 2
    abilities:
      - trigger: {event: moved, subject: enemy, player: you}
        effects: [{draw: 1}]
  示例·拉扯:
    type: spell
    target: enemy_unit
    effects: [{move: {to: base}}]
"""


def test_moving_an_enemy_unit_with_your_spell_triggers_when_you_move_an_enemy_unit():
    state = board("hand: [示例·拉扯], deck: 2, base: [{id: 看守, card: 示例·看守}]", "", "name: 北, controller: B, units: [{id: 敌, card: 先锋中士}]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·拉扯\n  targets: 敌\n- pass:\n")
    assert final.units["敌"].location == "base:B" and len(final.players["A"].hand) == 1
