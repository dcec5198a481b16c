"""A unit's own permission to be played to battlefields it otherwise could not (355.2.b, ``play_to``): one an
opponent controls, an open one, one where an enemy unit is alone; the battlefield becomes contested (190.3.a)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.errors import ScenarioError, ScenarioStopped

CARDS = """cards:
  示例·突袭者:
    type: unit
    might: 3
    play_to: {to}
"""


def played(to: str, battlefield: str, expect_illegal: bool = False):
    state = board("hand: [示例·突袭者]", "base: [{id: 敌二, card: 先锋中士}]", battlefield)
    step = "- play: 示例·突袭者\n  to: 北\n" + ("  expect_illegal: true\n" if expect_illegal else "")
    return play_scenario(CARDS.replace("{to}", to), state, script=step)


def test_played_to_a_battlefield_an_opponent_controls_it_contests_it():
    trace, state = played("enemy_controlled", "name: 北, controller: B, units: [{id: 敌, card: 先锋中士}]")
    assert state.units["示例·突袭者"].location == "北"
    assert {"355.2.b", "190.3.a"} <= set(trace.cited())


def test_an_open_battlefield_and_a_list_of_permissions():
    _, state = played("[open, lone_enemy]", "name: 北")
    assert state.units["示例·突袭者"].location == "北" and state.battlefields["北"].contested_by == "A"


def test_a_lone_enemy_unit_permits_and_two_do_not():
    _, state = played("lone_enemy", "name: 北, controller: B, units: [{id: 敌, card: 先锋中士}]")
    assert state.units["示例·突袭者"].location == "北"
    two = "name: 北, controller: B, units: [{id: 敌, card: 先锋中士}, {id: 敌三, card: 先锋中士}]"
    trace, _ = played("lone_enemy", two, expect_illegal=True)
    assert "355.2.a" in trace.cited() or trace.steps[-1].refused


def test_without_the_permission_an_enemy_battlefield_is_refused():
    with pytest.raises(ScenarioStopped, match="只能打出到己方基地或己方控制的战场"):
        played("open", "name: 北, controller: B, units: [{id: 敌, card: 先锋中士}]")


def test_play_to_is_refused_on_a_spell():
    cards = "cards:\n  示例·法术: {type: spell, play_to: open, effects: [{draw: 1}]}\n"
    with pytest.raises(ScenarioError, match="play_to（单位可被打出到的其他战场，355.2.b）只写在单位牌上"):
        play_scenario(cards, board(), script="- pass:\n")


def test_a_friendly_units_static_permits_other_units_too():
    cards = """cards:
  示例·向导:
    type: unit
    might: 1
    abilities:
      - static: {play_to: open}
  示例·兵: {type: unit, might: 1}
"""
    state = board("hand: [示例·兵], base: [{id: 导, card: 示例·向导}]", "", "name: 北")
    _, final = play_scenario(cards, state, script="- play: 示例·兵\n  to: 北\n")
    assert final.units["示例·兵"].location == "北"
    with pytest.raises(ScenarioStopped, match="只能打出到己方基地或己方控制的战场"):
        play_scenario(cards, board("hand: [示例·兵]", "", "name: 北"), script="- play: 示例·兵\n  to: 北\n")
