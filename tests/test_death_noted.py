"""An ability on its source's own death reads that unit as it last was on the board (808.1.d.3): “Deathknell — if I'm
Mighty, draw 1” draws for a unit Mighty as it died, though it is in the trash as the ability resolves."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

CARDS = """cards:
  示例·勇者:
    type: unit
    might: MIGHT
    abilities:
      - trigger: {event: killed, subject: self}
        effects: [{draw: {amount: 1, if: {mighty: true}}}]
  示例·斩: {type: spell, cost: 0, target: unit, effects: [{kill: null}]}
"""


@pytest.mark.parametrize(("might", "drawn"), [(5, 1), (2, 0)])
def test_a_deathknell_condition_reads_its_unit_as_it_died(might, drawn):
    state = board("hand: [示例·斩], deck: 2, base: [{id: 勇, card: 示例·勇者}]")
    trace, final = play_scenario(CARDS.replace("MIGHT", str(might)), state, script="- play: 示例·斩\n  targets: 勇\n- pass:\n")
    assert "勇" not in final.units and final.players["A"].drawn == drawn and "808.1.d.3" in trace.cited()
