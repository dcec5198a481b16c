"""Ambush as a verb (822.1.d): a unit's own permission to Ambush to a battlefield with enemy units, none of its
player's there — card-level ``ambush_to`` (the places of ``play_to``): the unit may be played there with the
permissions of the Ambush keyword, so with Reaction as it is played (822.1.b), where Ambush alone would not take it."""

from __future__ import annotations

import pytest

from judgekit.errors import ScenarioError, ScenarioStopped
from judgekit.scenarios.runner import play, run
from judgekit.scenarios.scenario import parse

BOARD = """\
title: 伏击到有敌方单位的战场
cards:
  伏兵: {type: unit, cost: 1, might: 2, keywords: {伏击: null}, ambush_to: enemy_units}
  小兵: {type: unit, might: 1}
  飞弹: {type: spell, cost: 1, target: unit, effects: [{deal: 1}]}
state:
  turn: {player: B, phase: main}
  battlefields:
    - name: 南方
      controller: B
      units:
        - {id: 守, card: 小兵, controller: B}
    - name: 北方
  players:
    A:
      hand: [伏兵]
      runes: 2
    B:
      hand: [飞弹]
      runes: 1
script:
  - play: 飞弹
    targets: 守
  - pass: B
  - play: 伏兵
    player: A
    to: 南方
expect:
  - unit: 伏兵
    location: 南方
  - cites: [822.1.d, 822.1.b, 190.3.a]
"""


def test_ambush_to_a_battlefield_with_enemy_units_only_as_a_reaction():
    trace, state = play(parse(BOARD, "t.yaml"))
    assert trace.passed
    assert state.battlefields["南方"].contested_by == "A"  # it enters a battlefield B controls (190.3.a)


def test_without_the_permission_ambush_needs_units_of_your_own_there():
    with pytest.raises(ScenarioStopped, match=r"没有\[反应\]"):
        run(parse(BOARD.replace(", ambush_to: enemy_units", ""), "t.yaml"))


def test_a_battlefield_without_enemy_units_is_not_one_it_permits():
    with pytest.raises(ScenarioStopped, match=r"没有\[反应\]"):
        run(parse(BOARD.replace("    to: 南方", "    to: 北方"), "t.yaml"))


def test_in_an_open_state_it_is_a_location_option_too():
    # 822.1.c: Ambush adds options to the locations a unit may be played to, on A's own turn as well
    text = BOARD.replace("player: B, phase: main", "player: A, phase: main").replace(
        "  - play: 飞弹\n    targets: 守\n  - pass: B\n", "")
    assert run(parse(text, "t.yaml")).passed


def test_the_permission_gives_reaction_even_without_the_keyword():
    # 822.1.d: Ambush as a verb is “play with the permissions of the Ambush keyword”, Reaction included
    assert run(parse(BOARD.replace("keywords: {伏击: null}, ", ""), "t.yaml")).passed


def test_ambush_to_is_refused_on_a_spell():
    text = BOARD.replace("飞弹: {type: spell, cost: 1,", "飞弹: {type: spell, cost: 1, ambush_to: open,")
    with pytest.raises(ScenarioError, match="ambush_to"):
        parse(text, "t.yaml")


KILLED = """\
title: 伏击到额外费用摧毁的单位所在的战场
cards:
  猎狼: {type: unit, cost: 1, might: 5, keywords: {伏击: null}, additional_cost: {kill: {tag: 鸟类}}, ambush_to: cost_killed}
  鸟: {type: unit, might: 1, tags: [鸟类]}
  小兵: {type: unit, might: 1}
  飞弹: {type: spell, cost: 1, target: unit, effects: [{deal: 1}]}
state:
  turn: {player: B, phase: main}
  battlefields:
    - name: 南方
      controller: B
      units:
        - {id: 雀, card: 鸟, controller: A}
        - {id: 守, card: 小兵, controller: B}
  players:
    A:
      hand: [猎狼]
      runes: 2
    B:
      hand: [飞弹]
      runes: 1
script:
  - play: 飞弹
    targets: 守
  - pass: B
  - play: 猎狼
    player: A
    to: 南方
    cost_kill: 雀
expect:
  - unit: 猎狼
    location: 南方
  - unit: 雀
    alive: false
  - cites: [822.1.d, 357.2]
"""


def test_ambush_to_where_the_unit_its_cost_killed_was():
    trace, _ = play(parse(KILLED, "t.yaml"))
    assert trace.passed


def test_without_it_the_kill_leaves_no_unit_of_yours_there_and_ambush_no_longer_permits_it():
    # 822.3: no unit of A's at 南方 once its only one there is killed for the cost
    with pytest.raises(ScenarioStopped, match="只能打出到己方基地或己方控制的战场"):
        play(parse(KILLED.replace(", ambush_to: cost_killed", ""), "t.yaml"))


def test_cost_killed_needs_a_kill_in_the_additional_cost():
    with pytest.raises(ScenarioError, match="cost_killed"):
        parse(KILLED.replace(", additional_cost: {kill: {tag: 鸟类}}", ""), "t.yaml")
