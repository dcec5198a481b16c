"""“Deal N to it unless its controller has you draw M” (unless_lets): the chosen unit's controller is asked whether the
spell's controller does the first part; the rest is done when they do not."""

from __future__ import annotations

import pytest
from conftest import board, compiled_in_both, play_scenario

from judgekit.errors import ScenarioStopped

CARDS = """cards:
  示例·勒索:
    type: spell
    target: {who: enemy}
    effects: [{unless_lets: {then: [{draw: 1}], otherwise: [{deal: 4}]}}]
"""
STATE = board("hand: [示例·勒索], deck: [先锋中士, 先锋中士]", "base: [{id: 乙, card: 先锋中士}]")


def cast(then: str = "", defaults: str = "defaults: false\n"):
    return play_scenario(defaults + CARDS, STATE, script=f"- play: 示例·勒索\n  targets: [乙]\n- pass:\n{then}")


def test_the_units_controller_is_asked():
    with pytest.raises(ScenarioStopped) as stopped:
        cast()
    assert (stopped.value.trace.pending["kind"], stopped.value.trace.pending["player"]) == ("unless_lets", "B")


def test_letting_you_draw_spares_the_unit():
    _, state = cast("- choose: true\n  player: B\n")
    assert "乙" in state.units and state.units["乙"].damage == 0 and len(state.players["A"].hand) == 1


def test_refusing_means_the_damage():
    _, state = cast("- choose: false\n  player: B\n")
    assert "乙" not in state.units and not state.players["A"].hand


def test_zh_and_en_compile_to_one_tree_and_the_rendering_reads_back():
    tree = compiled_in_both("选择一名敌方单位。除非其控制者选择让你抽一张牌，否则对该单位造成4点伤害。",
                            "Choose an enemy unit. Deal 4 to it unless its controller has you draw 1.",
                            {"type": "spell", "cost": 2})
    assert tree["effects"] == [{"unless_lets": {"then": [{"draw": 1}], "otherwise": [{"deal": 4}]}}]
