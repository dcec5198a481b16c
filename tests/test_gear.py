"""Gear attached and detached by effects (434, 435), left behind by a unit leaving (719.5), recalled in cleanups (149.3)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.engine import runner, scenario
from judgekit.engine.layers import might
from judgekit.engine.state import base_of
from judgekit.errors import ScenarioError

CARDS = """cards:
  示例·长剑:
    type: gear
    cost: 1
    might_bonus: 2
  示例·法术:
    type: spell
    cost: 0
    target: unit
    effects:
      - {effect}
"""
PLAY_THE_SPELL = "- play: 示例·法术\n  targets: 中士\n- pass:\n"


def played(effect: str, gear: str = "[]", attached: str = "[]"):
    sergeant = "{id: 中士, card: 先锋中士, attached: " + attached + "}"
    state = board(f"hand: [示例·法术], gear: {gear}", "", f"name: 东, controller: A, units: [{sergeant}]")
    return play_scenario(CARDS.format(effect=effect), state, script=PLAY_THE_SPELL, source="s.yaml")


def test_detached_gear_stays_at_the_battlefield_until_the_cleanup_recalls_it():
    trace, state = played("detach: 示例·长剑", attached="[示例·长剑]")
    assert might(state, state.units["中士"]) == 4 and state.units["中士"].attached == []
    (gear,) = state.gear.values()
    assert (gear.card, gear.controller, gear.location) == ("示例·长剑", "A", base_of("A"))
    assert {"435.4", "149.3"} <= set(trace.cited())


def test_gear_of_a_unit_that_dies_is_left_unattached_and_recalled():
    trace, state = played("kill: null", attached="[示例·长剑]")
    assert "中士" not in state.units
    assert [(g.card, g.location) for g in state.gear.values()] == [("示例·长剑", base_of("A"))]
    assert {"719.5", "149.3"} <= set(trace.cited())


def test_gear_in_base_attaches_to_a_unit_and_adds_its_might_bonus():
    trace, state = played("attach: 示例·长剑", gear="[示例·长剑]")
    assert state.gear == {} and state.units["中士"].attached == ["示例·长剑"]
    assert might(state, state.units["中士"]) == 6
    assert "434.4" in trace.cited()


def test_attaching_a_gear_the_player_does_not_have_is_refused():
    with pytest.raises(ScenarioError, match="没有未贴附的 示例·长剑"):
        played("attach: 示例·长剑")


def test_detaching_what_is_not_attached_does_nothing():
    trace, state = played("detach: 示例·长剑")
    assert state.gear == {} and "435.1.a.1" in trace.cited()


def test_only_gear_can_be_placed_in_a_base_as_gear():
    with pytest.raises(ScenarioError, match=r"s\.yaml:\d+: “先锋中士”不是装备牌"):
        played("detach: null", gear="[先锋中士]")


EQUIP = """title: 装配
cards:
  示例·长剑:
    type: gear
    cost: 1
    might_bonus: 2
    abilities:
      - name: 装配
        cost: {energy: 1}
        target: friendly_unit
        effects:
          - attach: 示例·长剑
state:
  turn: {player: A, phase: main}
  players:
    A:
      runes: 1
      gear: [示例·长剑]
    B:
      base:
        - {id: 敌兵, card: 先锋中士}
  battlefields:
    - name: 东
      controller: A
      units:
        - {id: 中士, card: 先锋中士}
script:
  - activate: 示例·长剑
    ability: 装配
    targets: 敌兵
    expect_illegal: true
  - activate: 示例·长剑
    ability: 装配
    targets: 中士
    expect:
      - player: A
        ready_runes: 0
      - unit: 中士
        might: 4
  - pass:
expect:
  - unit: 中士
    might: 6
  - cites: [434.4, 377.3]
"""


def test_equip_is_a_gear_ability_activated_through_the_chain_with_its_cost():
    """818.1.c.2: “[Cost]: attach this gear to a unit you control” — target, cost, chain, then attach."""
    trace, state = runner.play(scenario.parse(EQUIP, "equip.yaml"))
    failed = [v for v in trace.verdicts if not v.passed]
    assert trace.verdicts and not failed, failed
    assert state.gear == {} and state.units["中士"].attached == ["示例·长剑"]
