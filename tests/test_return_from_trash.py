"""“Return a unit from your trash to your hand” (355.10.a): return_from_trash takes a card that fits from the
controller's trash into their hand."""

from __future__ import annotations

from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

BOARD = """title: t
cards:
  示例·回收者:
    type: spell
    cost: 0
    effects: [{return_from_trash: {card: {kind: KIND}}}]
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [示例·回收者]
      trash: [焚烧, 先锋中士]
    B: {}
script:
  - play: 示例·回收者
  - pass:
"""


def run(kind: str):
    trace, final = play(parse(BOARD.replace("KIND", kind), "test.yaml"))
    player = final.players["A"]
    return trace, [c.name for c in player.hand], [c.name for c in player.trash]


def test_the_card_that_fits_goes_from_the_trash_to_the_hand():
    trace, hand, trash = run("unit")
    assert hand == ["先锋中士"]
    assert trash == ["焚烧", "示例·回收者"]
    assert "355.10.a" in trace.cited()


def test_with_no_card_that_fits_nothing_returns():
    _, hand, trash = run("gear")
    assert hand == [] and trash == ["焚烧", "先锋中士", "示例·回收者"]


COMBAT = """title: t
cards:
  示例·裁决:
    type: spell
    cost: 0
    effects: [{deal: {amount: 1, to: {each: {in_combat: true}}}}]
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [示例·裁决]
      base: [{id: a, card: 先锋中士}]
    B:
      base: [{id: b, card: 先锋中士}]
script:
  - play: 示例·裁决
  - pass:
"""


def test_in_combat_filters_out_units_that_are_not_in_a_combat():
    _, final = play(parse(COMBAT, "test.yaml"))
    assert all(unit.damage == 0 for unit in final.units.values())


def test_a_list_of_kinds_takes_a_card_of_either():
    _, hand, trash = run("[gear, spell]")
    assert hand == ["焚烧"] and trash == ["先锋中士", "示例·回收者"]
