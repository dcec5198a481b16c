"""“Return a friendly gear to its owner's hand as an additional cost” (357.2, ``additional_cost: {return_to_hand:
friendly_gear}``): the gear the play step names (``cost_gear``), else the player's question among the gear they control;
none to return and the card cannot be played (358.2)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario, scenario_text

from judgekit.engine import actions as act
from judgekit.errors import ScenarioStopped
from judgekit.scenarios.scenario import parse

CARDS = """cards:
  示例·盾: {type: gear, cost: 1}
  示例·锤: {type: gear, cost: 1}
  示例·需: {type: unit, cost: 0, might: 4, additional_cost: {return_to_hand: friendly_gear}}
"""


def test_the_named_gear_goes_back_to_its_owners_hand():
    state = board("hand: [示例·需], gear: [示例·盾, 示例·锤]")
    trace, final = play_scenario(CARDS, state, script="- play: 示例·需\n  cost_gear: 示例·锤\n")
    assert [c.name for c in final.players["A"].hand] == ["示例·锤"] and [g.card for g in final.gear.values()] == ["示例·盾"]
    assert "357.2" in trace.cited()


def test_without_defaults_which_gear_is_the_players_question():
    state = board("hand: [示例·需], gear: [示例·盾, 示例·锤]")
    scenario = parse(scenario_text("defaults: false\n", CARDS, state, script="- play: 示例·需\n"), "t.yaml")
    held, _ = act.apply(scenario.state, scenario.script[0].action)
    assert held.asked[0].kind == "cost_gear" and len(held.asked[0].options) == 2


def test_with_no_gear_to_return_the_card_cannot_be_played():
    with pytest.raises(ScenarioStopped, match="358.2"):
        play_scenario(CARDS, board("hand: [示例·需]"), script="- play: 示例·需\n")
