"""“Starting with the next player, each player (may) …” (each_chooses): each player in turn from the one after the
controller is asked which unit they choose (or none) and returns it before the next one
chooses."""

from __future__ import annotations

import pytest
from conftest import board, compiled_in_both, play_scenario

from judgekit.errors import ScenarioStopped

CARDS = """cards:
  示例·旋风:
    type: spell
    effects: [{each_chooses: {then: return_to_hand, may: true}}]
"""
STATE = board("hand: [示例·旋风], base: [{id: 甲, card: 先锋中士}]", "base: [{id: 乙, card: 先锋中士}]")


def cast(then: str = "", defaults: str = "defaults: false\n"):
    return play_scenario(defaults + CARDS, STATE, script=f"- play: 示例·旋风\n- pass:\n{then}")


def _asked(then: str = "") -> tuple[str, str, list]:
    with pytest.raises(ScenarioStopped) as stopped:
        cast(then)
    pending = stopped.value.trace.pending
    return pending["kind"], pending["player"], pending["options"]


def test_the_next_player_chooses_first_then_the_controller():
    kind, player, options = _asked()
    assert (kind, player) == ("each_chooses", "B") and len(options) == 3  # 甲, 乙 or none
    assert _asked("- choose: [甲]\n  player: B\n")[:2] == ("each_chooses", "A")


def test_a_unit_returned_is_no_longer_there_to_choose():
    assert len(_asked("- choose: [甲]\n  player: B\n")[2]) == 2  # 乙 or none
    _, state = cast("- choose: [甲]\n  player: B\n- choose: [乙]\n  player: A\n")
    assert not state.units and len(state.players["A"].hand) == 1 and len(state.players["B"].hand) == 1


def test_a_player_may_choose_none():
    _, state = cast("- choose: [不选择]\n  player: B\n- choose: [不选择]\n  player: A\n")
    assert set(state.units) == {"甲", "乙"}


def test_zh_and_en_compile_to_one_tree_and_the_rendering_reads_back():
    tree = compiled_in_both("从下一名玩家开始，每名玩家可以让一名单位返回其所属的手牌。",
                            "Starting with the next player, each player may return one unit to its owner's hand.",
                            {"type": "spell", "cost": 4})
    assert tree["effects"] == [{"each_chooses": {"then": "return_to_hand", "may": True}}]
