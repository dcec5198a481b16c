"""“Ready your legend” (174.5: a legend can be the object of an effect): ``ready: {to: legend}`` and
``exhaust: {to: legend}`` act on the controller's legend, in the Legend Zone; other verbs may not name it."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.errors import ScenarioError

CARDS = """cards:
  示例·剑姬: {type: legend}
  示例·号角:
    type: spell
    effects: [{effect}]
"""


def cast(effect: str, exhausted: str = "true"):
    state = board(f"hand: [示例·号角], legend: {{card: 示例·剑姬, exhausted: {exhausted}}}", "legend: 示例·剑姬")
    return play_scenario(CARDS.replace("{effect}", effect), state, script="- play: 示例·号角\n- pass:\n")


def test_ready_your_legend_readies_yours_and_not_theirs():
    trace, state = cast("ready: {to: legend}")
    mine, theirs = (legend for legend in state.legends.values())
    assert (mine.owner, mine.exhausted) == ("A", False) and theirs.owner == "B"
    assert "174.5" in trace.cited()


def test_exhaust_your_legend():
    _, state = cast("exhaust: {to: legend}", exhausted="false")
    assert [(legend.owner, legend.exhausted) for legend in state.legends.values()] == [("A", True), ("B", False)]


def test_a_verb_that_cannot_act_on_a_legend_may_not_name_it():
    with pytest.raises(ScenarioError, match="to: legend（你的传奇）只用于"):
        cast("stun: {to: legend}")
