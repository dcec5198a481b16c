"""A static Might decrease with a floor (“此处被眩晕的敌方单位战力-8，不得低于1战力”): only what is above the floor is
taken, read each time the Might is (477.3: decreases last)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.engine.layers import might
from judgekit.errors import ScenarioError

CARDS = """cards:
  示例·寒潮:
    type: unit
    might: 2
    abilities:
      - static: {might: -8, min: 1, to: {each: {who: enemy, where: here, stunned: true}}}
  示例·巨人: {type: unit, might: 6}
  示例·兵: {type: unit, might: 1}
"""


def state_after(units: str):
    place = board("", "", f"name: 北, controller: A, units: [{{id: 寒, card: 示例·寒潮}}, {units}]")
    return play_scenario(CARDS, place, script="- pass:\n  expect_illegal: true\n")[1]


def test_a_floored_decrease_leaves_a_stunned_giant_at_one_and_an_unstunned_one_alone():
    state = state_after("{id: 甲, card: 示例·巨人, controller: B, stunned: true}, {id: 乙, card: 示例·巨人, controller: B}")
    assert (might(state, state.units["甲"]), might(state, state.units["乙"])) == (1, 6)


def test_a_unit_already_at_or_below_the_floor_loses_nothing():
    state = state_after("{id: 甲, card: 示例·兵, controller: B, stunned: true}")
    assert might(state, state.units["甲"]) == 1


def test_a_floor_on_an_increase_is_refused():
    with pytest.raises(ScenarioError, match="min（“不得低于N战力”）只用于减少战力"):
        play_scenario(CARDS.replace("might: -8, min: 1", "might: 2, min: 1"), board(), script="- pass:\n")
