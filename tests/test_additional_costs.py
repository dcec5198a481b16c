"""Mandatory additional costs (357.2): killing a friendly unit that fits a filter (“你必须摧毁一名友方强力单位，作为打出
此牌的额外费用”) and spending XP (730.2, “消耗5经验，作为打出此牌的额外费用”)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.errors import ScenarioStopped

CARDS = """cards:
  示例·献祭:
    type: spell
    additional_cost: {cost}
    effects: [{draw: 2}]
  示例·巨人: {type: unit, might: 6}
  示例·兵: {type: unit, might: 1}
"""


def cast(cost: str, step: str = "", a: str = ""):
    state = board(f"hand: [示例·献祭], deck: 3, base: [{{id: 巨, card: 示例·巨人}}, {{id: 兵, card: 示例·兵}}]{a}")
    return play_scenario(CARDS.replace("{cost}", cost), state, script=f"- play: 示例·献祭\n{step}- pass:\n")


def test_the_friendly_unit_killed_must_fit_the_filter():
    _, state = cast("{kill: {mighty: true}}", "  cost_kill: 巨\n")
    assert "巨" not in state.units and len(state.players["A"].hand) == 2
    with pytest.raises(ScenarioStopped, match="兵 不符合 示例·献祭 的费用要摧毁的友方单位"):
        cast("{kill: {mighty: true}}", "  cost_kill: 兵\n")


def test_spending_xp_as_an_additional_cost_and_too_little_xp_refused():
    _, state = cast("{xp: 5}", a=", xp: 6")
    assert state.players["A"].xp == 1 and len(state.players["A"].hand) == 2
    with pytest.raises(ScenarioStopped, match="经验"):
        cast("{xp: 5}", a=", xp: 4")
