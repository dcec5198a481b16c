"""Attaching a gear that is already attached (434.1.f–g): to a new top card it detaches from the old one first; to its
current top card nothing happens — no attach event, so no “when you attach … to me” trigger."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

CARDS = """cards:
  示例·剑: {type: gear, cost: 0, tags: [武装], might_bonus: 2}
  示例·挂: {type: spell, cost: 0, target: friendly_unit, effects: [{attach: 示例·剑}]}
  示例·客:
    type: unit
    might: 1
    abilities:
      - trigger: {event: attached, subject: self}
        effects: [{draw: 1}]
"""


@pytest.mark.parametrize(("target", "rule", "drawn"), [("甲", "434.1.g", 0), ("乙", "434.1.f", 1)])
def test_an_attached_gear_attached_again(target, rule, drawn):
    state = board("hand: [示例·挂], deck: 2, base: [{id: 甲, card: 示例·客, attached: [示例·剑]}, {id: 乙, card: 示例·客}]")
    trace, final = play_scenario(CARDS, state, script=f"- play: 示例·挂\n  targets: {target}\n- pass:\n")
    assert final.units[target].attached == ["示例·剑"] and final.players["A"].drawn == drawn and rule in trace.cited()
    assert [unit.id for unit in final.units.values() if unit.attached] == [target]
