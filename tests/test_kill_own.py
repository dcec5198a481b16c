"""“Each player kills one of their own units / gear” (kill_own with who): each player chooses one they control."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·清算:
    type: spell
    effects: [{kill_own: {effect}}]
  示例·长剑: {type: gear, cost: 1}
"""


def cast(effect: str, defaults: str = "", then: str = ""):
    state = board("hand: [示例·清算], base: [{id: 甲, card: 先锋中士}], gear: [示例·长剑]",
                  "base: [{id: 乙, card: 先锋中士}, {id: 丙, card: 先锋中士}], gear: [示例·长剑]")
    return play_scenario(defaults + CARDS.replace("{effect}", effect), state, script=f"- play: 示例·清算\n- pass:\n{then}")


def test_each_player_kills_one_of_their_own_units():
    _, state = cast("{who: each_player}")
    assert "甲" not in state.units and len([u for u in state.units.values() if u.controller == "B"]) == 1


def test_each_opponent_kills_a_gear_of_theirs():
    _, state = cast("{kind: gear, who: opponent}")
    assert [g.controller for g in state.gear.values()] == ["A"]


def test_without_defaults_the_opponent_chooses_which():
    _, state = cast("{who: opponent}", "defaults: false\n", "- choose: [丙]\n  player: B\n")
    assert set(state.units) == {"甲", "乙"}
