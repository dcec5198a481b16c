"""“When you choose me with a spell” (383.4.b): the chosen event marks a spell's choice; a trigger's ``by: spell`` sees
it, not an ability's."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·灵媒:
    type: unit
    might: 2
    abilities:
      - trigger: {event: chosen, player: you, by: spell}
        effects: [{draw: 1}]
      - cost: {exhaust: true}
        target: friendly_unit
        effects: [{buff: null}]
  示例·祝福: {type: spell, target: friendly_unit, effects: [{buff: null}]}
"""


def test_a_spell_choosing_it_triggers_and_an_ability_does_not():
    state = board("hand: [示例·祝福], deck: 3, base: [{id: 灵, card: 示例·灵媒}]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·祝福\n  targets: 灵\n- pass:\n")
    assert len(final.players["A"].hand) == 1
    state = board("deck: 3, base: [{id: 灵, card: 示例·灵媒}]")
    _, final = play_scenario(CARDS, state, script="- activate: 灵\n  ability: ability2\n  targets: 灵\n- pass:\n")
    assert final.players["A"].hand == []
