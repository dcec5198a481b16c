"""A token has no cost, which counts as 0 for all purposes (185.3.a.1): a filter on cost reads 0 for it."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·币: {type: gear, token: true}
  示例·偷:
    type: unit
    cost: 0
    might: 1
    abilities:
      - trigger: played
        target: {kind: gear, cost: {le: 1}}
        effects: [{kill: null}]
"""


def test_a_gear_token_is_a_gear_costing_no_more_than_one():
    state = board("hand: [示例·偷]", "gear: [示例·币]")
    trace, final = play_scenario(CARDS, state, script="- play: 示例·偷\n- pass:\n")
    assert not final.gear and "185.3.a.1" in trace.cited()
