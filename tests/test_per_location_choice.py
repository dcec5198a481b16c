"""355.9.b, 355.13 — “deal 1 to up to one enemy unit at each location” (``{count: null, per_location: true}``, as the
card compiler writes it) is a choice made as the trigger goes on the chain: at most one unit at each location, any
number in all, none too — not every enemy unit picked as it resolves."""

from __future__ import annotations

import pytest
from conftest import play_scenario

from judgekit.errors import ScenarioStopped

CARDS = """cards:
  示例·巨龙:
    type: unit
    cost: 0
    might: 5
    abilities:
      - trigger: played
        target: {who: enemy, count: null, per_location: true}
        effects: [{deal: 1}]
  示例·兵: {type: unit, might: 3}
"""

STATE = """state:
  turn: {player: A, phase: main}
  players:
    A: {hand: [示例·巨龙]}
    B: {base: [{id: 丙, card: 示例·兵}]}
  battlefields:
    - {name: 北, controller: B, units: [{id: 甲, card: 示例·兵}, {id: 乙, card: 示例·兵}]}
"""


def test_one_unit_at_most_at_each_location_is_chosen_as_it_goes_on_the_chain():
    _, final = play_scenario(CARDS, STATE, script="- play: 示例·巨龙\n- choose: [乙, 丙]\n- pass:\n")
    assert {name: final.units[name].damage for name in ("甲", "乙", "丙")} == {"甲": 0, "乙": 1, "丙": 1}


def test_without_defaults_the_choices_include_none_and_never_two_at_one_place():
    source = "defaults: false\n" + STATE
    with pytest.raises(ScenarioStopped) as stopped:
        play_scenario(CARDS, source, script="- play: 示例·巨龙\n")
    assert "（可选：无；甲；乙；丙；甲、丙；乙、丙）" in str(stopped.value)
