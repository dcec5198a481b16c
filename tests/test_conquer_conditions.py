"""“When I conquer an open battlefield” (a condition on the conquest) and activating conquer effects (383.4.g)."""

from __future__ import annotations

import pytest

from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

BOARD = """title: t
cards:
  剑客:
    type: unit
    might: 5
    abilities:
      - trigger: conquered
        condition: {open_battlefield: true}
        target: enemy_unit
        effects: [{deal: {amount: my_might}}]
state:
  turn: {player: A, phase: main}
  players:
    A:
      base: [{id: 剑客, card: 剑客}]
    B:
      deck: 3
      base: [{id: 贤者, card: 和风贤者}]
  battlefields:
    - {name: 北方战场CONTROLLER}
script:
  - {move: 剑客, to: 北方战场}
  - pass:
"""


HELD_BY_B = ", controller: B, units: [{id: 哨兵, card: 警觉的哨兵}]"


@pytest.mark.parametrize("controller, damage", [("", 5), (HELD_BY_B, 0)], ids=["open", "held-by-B"])
def test_the_condition_reads_who_controlled_the_battlefield_before(controller, damage):
    _, final = play(parse(BOARD.replace("CONTROLLER", controller), "test.yaml"))
    assert final.battlefields["北方战场"].controller == "A"
    assert final.units["贤者"].damage == damage
