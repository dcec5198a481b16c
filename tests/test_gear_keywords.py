"""Gear as a target, keywords granted to gear, and Temporary on gear (135.4, 718.2, 816)."""

from __future__ import annotations

import pytest

from judgekit.errors import ScenarioError
from judgekit.scenarios.runner import play
from judgekit.scenarios.runner import run as run_scenario
from judgekit.scenarios.scenario import parse

BOARD = """title: t
cards:
  灰烬: {type: spell, cost: 0, target: {kind: gear}, effects: [{grant_gear: {keyword: 瞬息}}]}
  飞斧: {type: gear, cost: 2, keywords: {瞬息: null}}
  护符: {type: gear, cost: 2}
  卸下: {type: spell, cost: 0, target: unit, effects: [{detach: null}]}
state:
  turn: {player: B, phase: main}
  players:
    A:
      deck: 3
      GEAR
    B:
      hand: [灰烬, 卸下]
      deck: 3
script:
SCRIPT
"""


def run(gear: str, script: str):
    return play(parse(BOARD.replace("GEAR", gear).replace("SCRIPT", script), "test.yaml"))


def test_an_unattached_gear_with_printed_temporary_is_killed_at_its_controllers_beginning():
    _, final = run("gear: [飞斧]", "  - end_turn:")
    assert not final.gear and [c.name for c in final.players["A"].trash] == ["飞斧"]


def test_an_attached_gears_printed_temporary_is_inactive():
    _, final = run("base: [{id: 中士, card: 先锋中士, attached: [飞斧]}]", "  - end_turn:")
    assert final.units["中士"].attached == ["飞斧"]


def test_a_granted_keyword_stays_with_the_gear_when_it_is_detached():
    script = "  - {play: 灰烬, targets: 护符}\n  - pass:\n  - {play: 卸下, targets: 中士}\n  - pass:\n  - end_turn:"
    _, final = run("base: [{id: 中士, card: 先锋中士, attached: [护符]}]", script)
    assert final.units["中士"].attached == [] and not final.gear
    assert [c.name for c in final.players["A"].trash] == ["护符"]


QUICK_DRAW = """title: 灵便
cards:
  护手: {type: gear, cost: 1, tags: [武装], keywords: {灵便: null}}
  快刀: {type: spell, cost: 1, target: unit, effects: [{deal: 1}]}
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [护手, 快刀]
      energy: 3
      base:
        - {id: 中士, card: 先锋中士}
    B: {}
script:
  - play: 快刀
    player: A
    targets: 中士
  - play: 护手
    player: A
  - pass:
expect:
  - gear: 护手
    attached_to: 中士
  - cites: [819.1.b]
"""


def test_quick_draw_is_reaction_and_attach_it_as_it_is_played():
    """819.1.d — Quick-Draw (灵便): played while a spell is on the chain, it attaches to a unit its player controls."""
    trace = run_scenario(parse(QUICK_DRAW, "t.yaml"))
    assert trace.verdicts and all(verdict.passed for verdict in trace.verdicts)
    with pytest.raises(ScenarioError, match="灵便"):
        parse(QUICK_DRAW.replace("护手: {type: gear, cost: 1", "护手: {type: unit, might: 1, cost: 1"), "t.yaml")


def test_a_gear_that_enters_exhausted_does_and_a_unit_may_not_say_so():
    """149.1 — gear enters ready, unless it says it enters exhausted (a description of how it enters, 369.3)."""
    text = QUICK_DRAW.replace("keywords: {灵便: null}}", "abilities: [{static: {enters_exhausted: true}}]}").replace(
        "  - play: 快刀\n    player: A\n    targets: 中士\n", ""
    ).replace("  - pass:\n", "").replace("    attached_to: 中士\n  - cites: [819.1.b]\n", "    controller: A\n  - cites: [369.3]\n")
    trace, final = play(parse(text, "t.yaml"))
    assert all(verdict.passed for verdict in trace.verdicts) and final.gear["护手"].exhausted
    _, ready = play(parse(text.replace(", abilities: [{static: {enters_exhausted: true}}]", ""), "t.yaml"))
    assert not ready.gear["护手"].exhausted
    with pytest.raises(ScenarioError, match="enters_exhausted"):
        parse(text.replace("护手: {type: gear, cost: 1", "护手: {type: unit, might: 1, cost: 1"), "t.yaml")
