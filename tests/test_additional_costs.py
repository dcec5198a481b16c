"""Mandatory additional costs (357.2): killing a friendly unit that fits a filter (“你必须摧毁一名友方强力单位，作为打出
此牌的额外费用”) and spending XP (730.2, “消耗5经验，作为打出此牌的额外费用”)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario, scenario_text

from judgekit.engine import actions as act
from judgekit.errors import ScenarioStopped
from judgekit.scenarios.scenario import parse

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


def test_an_optional_discard_is_the_players_question_about_that_cost_else_the_newest_marked():
    """356.2.b.1, 422.1.a — “you may discard 1 as an additional cost”: which card is asked, about the cost."""
    cards = CARDS.replace("{cost}", "{optional: {discard: 1}}") + "  示例·火花: {type: spell, effects: [{draw: 1}]}\n"
    hand = board("hand: [示例·献祭, 示例·火花, 示例·巨人], deck: 3")
    play = "- play: 示例·献祭\n  pay_additional: true\n"
    scenario = parse(scenario_text("defaults: false\n", cards, hand, script=play), "t.yaml")
    state, _ = act.apply(scenario.state, scenario.script[0].action)
    question = state.question()
    assert (question.kind, question.about) == ("discard", "示例·献祭 的额外费用")
    assert question.options == (("示例·火花",), ("示例·巨人",)) and not state.chain
    after, events = act.apply(state, act.Choose(("示例·火花",)))
    assert [card.name for card in after.players["A"].trash] == ["示例·火花"] and after.chain
    assert not [event for event in events if event.default] and "discarded" in [e.kind for e in after.this_turn]
    trace, final = play_scenario(cards, hand, script=play)  # defaults allowed: the newest, marked as the engine's
    assert [card.name for card in final.players["A"].trash] == ["示例·巨人"]
    assert any(event.default and "弃掉 示例·巨人" in event.text for step in trace.steps for event in step.events)
