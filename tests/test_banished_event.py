"""“When you banish a card you own”: the banished event (427), its player the card's owner and its cause the player who
banished it (``{event: banished, subject: any, player: you, responsible: you}``), from the board or the chain."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·守秘人:
    type: unit
    might: 2
    abilities:
      - trigger: {event: banished, subject: any, player: you, responsible: you}
        effects: [{draw: 1}]
  示例·放逐: {type: spell, cost: 0, target: unit, effects: [{banish: null}]}
  示例·兵: {type: unit, might: 1}
"""


def test_banishing_your_own_unit_triggers_it_and_an_enemy_unit_does_not():
    state = board("hand: [示例·放逐], deck: 3, base: [{id: 守, card: 示例·守秘人}, {id: 我, card: 示例·兵}]",
                  "base: [{id: 敌, card: 示例·兵}]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·放逐\n  targets: 我\n- pass:\n")
    assert "我" not in final.units and final.players["A"].drawn == 1
    _, final = play_scenario(CARDS, state, script="- play: 示例·放逐\n  targets: 敌\n- pass:\n")
    assert "敌" not in final.units and final.players["A"].drawn == 0
