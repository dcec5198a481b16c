"""A gear's triggered ability about a unit's event: the unit condition after its trigger (383.2.a.1) qualifies the
event's unit — “when a buffed friendly unit dies” — read as that unit last was on the board, never of the gear."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

CARDS = """cards:
  示例·盔:
    type: gear
    abilities:
      - trigger: {event: killed, subject: friendly}
        condition: {buffed: true}
        effects: [{draw: 1}]
"""


@pytest.mark.parametrize(("buffs", "drawn"), [(1, 1), (0, 0)])
def test_a_gears_unit_condition_reads_the_unit_that_died(buffs, drawn):
    state = board(f"gear: [示例·盔], deck: 2, base: [{{id: 甲, card: 先锋中士, buffs: {buffs}}}]")
    trace, final = play_scenario(CARDS, state, script="- effect: [{kill: null}]\n  targets: 甲\n")
    assert "甲" not in final.units and final.players["A"].drawn == drawn
    assert ("383.2.a.1" in trace.cited()) == (not buffs)  # the condition that failed is cited
