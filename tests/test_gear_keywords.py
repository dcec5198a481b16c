"""Gear as a target, keywords granted to gear, and Temporary on gear (135.4, 718.2, 816)."""

from __future__ import annotations

from judgekit.scenarios.runner import play
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
