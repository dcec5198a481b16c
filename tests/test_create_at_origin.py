"""“When I move, play a token where I moved from” (359.3.f.3: the origin is locked in as the move triggers):
``create: {at: origin}``, only on a trigger of a move."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.errors import ScenarioError

CARDS = """cards:
  示例·仙灵:
    type: unit
    might: 2
    abilities:
      - trigger: {trigger}
        effects: [{create: {token: 精灵, at: origin, play: true}}]
"""


def test_the_token_is_made_where_the_unit_moved_from():
    state = board("base: [{id: 仙, card: 示例·仙灵}]", "", "name: 北, controller: A")
    trace, final = play_scenario(CARDS.replace("{trigger}", "moved"), state, script="- move: 仙\n  to: 北\n")
    sprite = [unit for unit in final.units.values() if unit.card == "精灵"]
    assert [unit.location for unit in sprite] == ["base:A"] and final.units["仙"].location == "北"
    assert "359.3.f.3" in trace.cited()


def test_at_origin_on_a_trigger_that_is_no_move_is_refused():
    with pytest.raises(ScenarioError, match="at: origin（移动的起点）只用于"):
        play_scenario(CARDS.replace("{trigger}", "played"), board(), script="- pass:\n")
