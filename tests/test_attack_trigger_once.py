"""383.4.e, 383.4.e.2.a — an attack trigger triggers when its unit gains the Attacker designation for the first time
in a combat, at the combat's start or later (a unit moved in during the showdown gains it in the cleanup, 323.2.a);
a unit that loses the designation and gains it again in the same combat does not trigger again."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·剑客:
    type: unit
    might: 2
    abilities:
      - trigger: attacked
        effects: [{draw: 1}]
  示例·回城: {type: spell, cost: 0, keywords: {迅捷: null}, target: {who: friendly, where: battlefield}, effects: [{move: {to: base}}]}
  示例·出击: {type: spell, cost: 0, keywords: {迅捷: null}, target: {who: friendly}, effects: [{move: {to: 北}}]}
  示例·墙: {type: unit, might: 9}
"""


def _state(hand: str, base: str) -> str:
    return board(f"hand: {hand}, deck: 5, base: {base}", "", "name: 北, controller: B, units: [{id: 墙, card: 示例·墙}]")


def test_a_unit_that_leaves_and_comes_back_to_the_combat_does_not_trigger_again():
    state = _state("[示例·回城, 示例·出击]", "[{id: 剑, card: 示例·剑客}]")
    script = ("- move: 剑\n  to: 北\n- pass: A\n- pass: B\n"
              "- play: 示例·回城\n  player: A\n  targets: 剑\n- pass: A\n- pass: B\n- pass: B\n"
              "- play: 示例·出击\n  player: A\n  targets: 剑\n- pass: A\n- pass: B\n")
    trace, final = play_scenario(CARDS, state, script=script)
    assert len(final.players["A"].hand) == 1 and final.units["剑"].location == "北"
    assert "383.4.e.2.a" in trace.cited() and not final.chain


def test_a_unit_moved_into_the_combat_for_the_first_time_triggers():
    state = _state("[示例·出击]", "[{id: 甲, card: 示例·墙}, {id: 剑, card: 示例·剑客}]")
    script = ("- move: 甲\n  to: 北\n"
              "- play: 示例·出击\n  player: A\n  targets: 剑\n- pass: A\n- pass: B\n- pass: A\n- pass: B\n")
    trace, final = play_scenario(CARDS, state, script=script)
    assert final.units["剑"].location == "北" and final.units["剑"].designation == "attacker"
    assert len(final.players["A"].hand) == 1 and "383.4.e" in trace.cited()
