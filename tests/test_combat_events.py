"""“When combat starts here” and “when a combat that I was in ends” (464.2, 466.7): the trigger events combat_began (the
battlefield's, its player the attacker) and combat_ended (each unit that was in the combat, still on the board); ``who:
combatants`` is “the attacker and defender each” (464.2.a–b)."""

from __future__ import annotations

from conftest import play_scenario

CARDS = """cards:
  示例·角斗场:
    type: battlefield
    abilities:
      - trigger: combat_began
        effects: [{add: {energy: 1, who: combatants}}]
  示例·老兵:
    type: unit
    cost: 2
    might: 4
    abilities:
      - trigger: combat_ended
        effects: [{draw: 1}]
  示例·卫兵: {type: unit, cost: 2, might: 2}
"""
STATE = """state:
  turn: {player: A, phase: main}
  players:
    A:
      deck: 3
      base:
        - {id: 老, card: 示例·老兵}
    B: {deck: 3}
  battlefields:
    - name: 角斗场
      card: 示例·角斗场
      controller: B
      units:
        - {id: 卫, card: 示例·卫兵, controller: B}
"""


def test_a_combat_starting_here_gives_each_side_energy_and_its_end_triggers_the_unit_that_fought():
    trace, state = play_scenario(CARDS, STATE, script="- move: 老\n  to: 角斗场\n- pass:\n")
    assert state.battlefields["角斗场"].controller == "A" and "卫" not in state.units
    assert state.players["A"].drawn == 1 and state.players["B"].drawn == 0
    assert "466.7" in trace.cited()
    assert state.players["A"].energy == 1 and state.players["B"].energy == 1


def test_a_unit_that_was_not_in_the_combat_does_not_trigger():
    state = STATE.replace("{id: 老, card: 示例·老兵}", "{id: 老, card: 示例·老兵}\n        - {id: 新, card: 示例·卫兵}")
    _, final = play_scenario(CARDS, state, script="- move: 新\n  to: 角斗场\n- pass:\n")
    assert final.players["A"].drawn == 0
