"""“I cost less for each point you scored from holding this turn” (``per: points_scored_holding``): each battlefield its
player scored by holding this turn counts, a point gained or not — a hold under “can't gain points” is still scored
(468.1)."""

from __future__ import annotations

import pytest
from conftest import play_scenario

CARDS = """cards:
  示例·巨人:
    type: unit
    cost: 4
    might: 5
    cost_changes: [{applies: self, energy: -2, per: points_scored_holding}]
  示例·冠卫:
    type: unit
    might: 4
    cant: [{action: gain_points, affects: enemy, while: at_battlefield}]
"""
STATE = """state:
  turn: {player: B, phase: main}
  players:
    A: {hand: [示例·巨人], runes: 2, deck: 3}
    B: {deck: 3}
  battlefields:
    - {name: 北方, controller: A, units: [{id: 守, card: 先锋中士, controller: A}]}
    - {name: 南方, controller: B, units: [{id: 冠, card: BLOCKER, controller: B}]}
"""


@pytest.mark.parametrize(("blocker", "points"), [("示例·冠卫", 0), ("先锋中士", 1)])
def test_a_hold_counts_whether_or_not_it_gained_a_point(blocker, points):
    trace, final = play_scenario(CARDS, STATE.replace("BLOCKER", blocker), script="- end_turn:\n- play: 示例·巨人\n  player: A\n")
    assert final.players["A"].points == points and "示例·巨人" in {u.card for u in final.units.values()}
    assert final.players["A"].runes and all(rune.exhausted for rune in final.players["A"].runes)  # 4 - 2: two runes paid
    assert "468.1" in trace.cited() or points
