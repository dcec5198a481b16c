"""Deaths that happen at once (370.1.a.2): every one is offered to the replacements while all the dying units are still
on the board, so a dying unit's own replacement applies to a death simultaneous with its own (370.4); the replacements'
actions are done before the unmodified deaths (373.1.a); each event on its own, in order (373, 373.2); synthetic cards
shaped like Soraka, Wanderer and Zhonya's Hourglass."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

CARDS = """cards:
  示例·守护者:
    type: unit
    might: 4
    abilities:
      - replacement:
          event: die
          affects: {each: {who: friendly, where: here, might: {lt: {might_of: self}}, other: true}}
          recall: true
  示例·沙漏:
    type: gear
    cost: 2
    abilities:
      - replacement: {event: die, affects: friendly, recall: true, kill_self: true}
  示例·小兵: {type: unit, might: 2}
  示例·毁灭:
    type: spell
    cost: 1
    effects: [{kill: {to: {each: {}}}}]
  示例·风暴:
    type: spell
    cost: 1
    effects: [{deal: {amount: 5, to: {each: {}}}}]
"""

UNITS = "name: 北方战场, controller: A, units: [{id: 守, card: 示例·守护者}, {id: 兵, card: 示例·小兵}]"


@pytest.mark.parametrize("spell", ["示例·毁灭", "示例·风暴"])  # one kill instruction; one cleanup of lethal damage
def test_a_dying_units_replacement_saves_a_unit_dying_with_it(spell):
    state = board(f"energy: 1, hand: [{spell}]", "", UNITS)
    trace, final = play_scenario(CARDS, state, script=f"- play: {spell}\n- pass:\n")
    assert "守" not in final.units
    assert final.units["兵"].location == "base:A" and final.units["兵"].exhausted
    cited = trace.cited()
    assert "370.4" in cited and "373.1.a" in cited


def test_recalled_first_it_is_no_longer_here_to_save_the_other():
    state = board("energy: 1, hand: [示例·毁灭], gear: [示例·沙漏]", "", UNITS)
    order = "replacement_order:\n  守: [示例·沙漏]\n"
    trace, final = play_scenario(CARDS, order, state, script="- play: 示例·毁灭\n- pass:\n")
    assert final.units["守"].location == "base:A"  # the hourglass took its death: healed, exhausted, recalled
    assert "兵" not in final.units  # the guardian is in base now, the other unit was not “here”
    assert "373.2" in trace.cited()


def test_one_death_alone_is_not_simultaneous():
    state = board("energy: 1, hand: [示例·毁灭]", "", "name: 北方战场, controller: A, units: [{id: 兵, card: 示例·小兵}]")
    trace, final = play_scenario(CARDS, state, script="- play: 示例·毁灭\n- pass:\n")
    assert "兵" not in final.units
    assert "373" not in trace.cited() and "370.4" not in trace.cited()
