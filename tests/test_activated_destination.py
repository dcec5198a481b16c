"""355.4, 377.3 — an activated ability that moves units to a place its controller chooses chooses it as it is
activated, as a spell does as it is played: the activate step's ``to``; without it, a question without defaults
(the first valid place with them, marked).  A place not valid for the units it moves is refused."""

from __future__ import annotations

import pytest
from conftest import play_scenario

from judgekit.errors import ScenarioError

CARDS = """cards:
  示例·斥候:
    type: unit
    might: 2
    abilities:
      - name: 转移
        cost: {energy: 1}
        effects: [{move: {to: chosen_battlefield}}]
"""

STATE = """state:
  turn: {player: A, phase: main}
  players:
    A: {energy: 1, base: [{id: 斥, card: 示例·斥候}]}
    B: {}
  battlefields:
    - {name: 北, controller: A}
    - {name: 南, controller: A}
"""


def test_the_destination_is_the_one_the_activate_step_names():
    trace, final = play_scenario(CARDS, STATE, script="- activate: 斥\n  ability: 转移\n  to: 南\n  expect:\n"
                                 "    - chain: 1\n- pass:\n")
    assert final.units["斥"].location == "南"
    assert any("选择移动目的地：南" in event.text and not event.default for step in trace.steps for event in step.events)


def test_without_defaults_the_destination_is_asked_as_it_is_activated():
    with pytest.raises(ScenarioError, match="选择目的地"):
        play_scenario(CARDS, "defaults: false\n" + STATE, script="- activate: 斥\n  ability: 转移\n  pay: {exhaust: 0}\n")


def test_a_destination_on_an_ability_that_moves_nothing_is_refused():
    cards = CARDS.replace("effects: [{move: {to: chosen_battlefield}}]", "effects: [{draw: 1}]")
    with pytest.raises(ScenarioError, match="不选择目的地"):
        play_scenario(cards, STATE, script="- activate: 斥\n  ability: 转移\n  to: 南\n")
