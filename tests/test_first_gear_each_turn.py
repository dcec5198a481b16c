"""“The first friendly gear played each turn costs ① less” (``cost_changes: {applies: friendly_gear, first: true}``):
a gear token played before it is no card (185, 419.4.b), so the first gear card after it is still the first (356.4);
the next gear card is not."""

from __future__ import annotations

from conftest import play_scenario

CARDS = """cards:
  示例·熔炉: {type: battlefield, cost_changes: [{applies: friendly_gear, first: true, energy: -1, while: controlled}]}
  示例·沙漏: {type: gear, cost: 2}
  示例·护符: {type: gear, cost: 2}
"""
STATE = """state:
  turn: {player: A, phase: main}
  players:
    A: {hand: [示例·沙漏, 示例·护符], energy: 4}
    B: {}
  battlefields:
    - {name: 熔炉, card: 示例·熔炉, controller: A, units: [{id: 中士, card: 先锋中士}]}
"""
TOKEN = "- effect: [{create: {token: 金币, play: true}}]\n  controller: A\n"


def test_a_played_gear_token_is_not_the_first_gear():
    trace, final = play_scenario(CARDS, STATE, script=TOKEN + "- play: 示例·沙漏\n  player: A\n")
    assert final.players["A"].energy == 3 and "356.4" in trace.cited() and "185" in trace.cited()


def test_only_the_first_gear_card_each_turn_costs_less():
    _, final = play_scenario(CARDS, STATE, script=TOKEN + "- play: 示例·沙漏\n  player: A\n- play: 示例·护符\n  player: A\n")
    assert final.players["A"].energy == 4 - 1 - 2
