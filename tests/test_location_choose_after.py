"""355.2 — where a unit an effect plays enters, when the player controls a battlefield: with defaults their base (a
marked default), and a ``choose`` right after the step that resolved the effect is the player's answer, the step running
again from the board before it; the step's own ``to`` still answers it there."""

from __future__ import annotations

from conftest import play_scenario

CARDS = """cards:
  示例·召回术: {type: spell, cost: 0, effects: [{play: {from: trash, card: {kind: unit}, ignore_cost: true, at: any}}]}
  示例·兵: {type: unit, cost: 1, might: 1}
"""

STATE = """state:
  turn: {player: A, phase: main}
  players:
    A: {hand: [示例·召回术], trash: [示例·兵]}
    B: {}
  battlefields:
    - {name: 北, controller: A}
"""


def _where(script: str) -> str:
    _, final = play_scenario(CARDS, STATE, script=script)
    return next(unit.location for unit in final.units.values() if unit.card == "示例·兵")


def test_a_choose_after_the_step_names_the_battlefield():
    assert _where("- play: 示例·召回术\n- pass:\n- choose: [北]\n") == "北"


def test_unanswered_it_enters_the_base_and_to_on_the_step_still_answers():
    assert _where("- play: 示例·召回术\n- pass:\n") == "base:A"
    assert _where("- play: 示例·召回术\n- pass:\n  to: 北\n") == "北"
