"""An optional additional cost offered only under a condition, that makes its unit enter ready (356.2.b.1, 369.3):
``additional_cost: {optional, while: CONDITION, enters_ready: true}`` — “如果你在本回合打出过法术，则你可以选择支付①，作为打出我的
额外费用，以此让我以活跃状态进场”. Paid while the condition fails, it is refused; paid, the unit enters ready; not paid,
exhausted as units enter."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

CARDS = """cards:
  示例·守望者:
    type: unit
    cost: 1
    might: 3
    additional_cost: {optional: {energy: 1}, while: {played_this_turn: [spell]}, enters_ready: true}
  示例·火花: {type: spell, cost: 0, effects: [{draw: 1}]}
"""
SPELL_FIRST = "- play: 示例·火花\n- pass:\n"


@pytest.mark.parametrize(("script", "exhausted"), [
    (SPELL_FIRST + "- play: 示例·守望者\n  pay_additional: true\n", False),  # the condition holds, paid: ready
    (SPELL_FIRST + "- play: 示例·守望者\n", True),  # not paid: exhausted as units enter
])
def test_the_unit_enters_ready_when_its_offered_cost_is_paid(script, exhausted):
    _, final = play_scenario(CARDS, board("hand: [示例·守望者, 示例·火花], runes: 2, deck: 1"), script=script)
    (unit,) = [unit for unit in final.units.values() if unit.card == "示例·守望者"]
    assert unit.exhausted == exhausted and final.players["A"].drawn == 1


def test_the_cost_is_not_offered_while_its_condition_fails():
    play_scenario(CARDS, board("hand: [示例·守望者], runes: 2"),
                  script="- play: 示例·守望者\n  pay_additional: true\n  expect_illegal: 356.2.b.1\n")
