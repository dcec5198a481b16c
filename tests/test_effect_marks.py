"""Marks a unit holds at most once (a buff, stunned, exhausted): placed on the unmarked targets only."""

from __future__ import annotations

import pytest
from conftest import board

from judgekit.engine import effects
from judgekit.engine.targeting import Choices, Context
from judgekit.engine.trace import Log
from judgekit.scenarios.scenario import parse

MARKED = "{id: marked, card: 先锋中士, buffs: 1, stunned: true, exhausted: true}"
BOARD = "title: t\n" + board(f"base: [{MARKED}, {{id: plain, card: 先锋中士}}]") + "script: []\n"


@pytest.mark.parametrize(
    "verb, attribute, again_rule",
    [("buff", "buffs", "buff_once"), ("stun", "stunned", "stun_again"), ("exhaust", "exhausted", "exhaust_again")],
)
def test_a_mark_is_placed_on_the_unmarked_target_and_the_marked_one_is_left_alone(verb, attribute, again_rule):
    state = parse(BOARD, "marks.yaml").state
    log = Log()
    targets = [state.units["marked"], state.units["plain"]]
    effects.resolve(state, log, Context("效果", "A"), [{verb: True}], targets, Choices())
    assert getattr(state.units["plain"], attribute) and getattr(state.units["marked"], attribute)
    marked_events = [event for event in log.events if event.text.startswith("marked ")]
    assert len(marked_events) == 1 and again_rule in marked_events[0].rules
    assert any("plain" in event.text and again_rule not in event.rules for event in log.events)
