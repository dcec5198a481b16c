"""“When you defend” (383.4.f): the player gains the Defender designation once per combat, so a player's defend trigger
(``player_defended``) fires once however many of their units defend, while each unit's own “when I defend” fires for it."""

from __future__ import annotations

from conftest import play_scenario

CARDS = """cards:
  示例·哨站:
    type: battlefield
    abilities:
      - trigger: {event: player_defended, subject: any, player: you, at: here}
        effects: [{draw: 1}]
  示例·号手:
    type: unit
    cost: 2
    might: 1
    abilities:
      - trigger: {event: player_defended, subject: any, player: you}
        effects: [{gain_xp: 1}]
  示例·卫兵:
    type: unit
    cost: 2
    might: 2
    abilities:
      - trigger: defended
        effects: [{add: {energy: 1}}]
  示例·巨人: {type: unit, cost: 5, might: 9}
"""
STATE = """state:
  turn: {player: A, phase: main}
  players:
    A:
      deck: 3
      base:
        - {id: 巨, card: 示例·巨人}
    B:
      deck: 3
      base:
        - {id: 号, card: 示例·号手}
  battlefields:
    - name: 哨站
      card: 示例·哨站
      controller: B
      units:
        - {id: 卫一, card: 示例·卫兵, controller: B}
        - {id: 卫二, card: 示例·卫兵, controller: B}
"""


def test_you_defend_triggers_once_while_each_defending_unit_triggers_its_own():
    trace, state = play_scenario(CARDS, STATE, script="- move: 巨\n  to: 哨站\n- pass:\n")
    defender = state.players["B"]
    assert defender.drawn == 1  # the battlefield's “when you defend here”: once, not once per defender
    assert defender.xp == 1  # a unit elsewhere with “when you defend”: once too
    assert defender.energy == 2  # each defending unit's own “when I defend”
    assert "383.4.f" in trace.cited()


def test_the_attacker_has_no_defend_trigger():
    state = STATE.replace("controller: B\n      units:", "controller: B\n      units:\n        - {id: 号二, card: 示例·号手, controller: A}")
    _, final = play_scenario(CARDS, state, script="- move: 巨\n  to: 哨站\n- pass:\n")
    assert final.players["A"].xp == 0 and final.players["A"].drawn == 0
