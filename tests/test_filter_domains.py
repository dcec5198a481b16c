"""A domain in a filter (a card's printed domains; a token has none, 185.3.b), the Empowered status in a filter
(441.2), and a condition on the chosen target as an instruction executes (``if: {target_is: FILTER}``)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.errors import ScenarioError, ScenarioStopped

CARDS = """cards:
  示例·翠兵: {type: unit, might: 2, domains: [翠意]}
  示例·红兵: {type: unit, might: 2, domains: [炽烈, 混沌]}
  示例·法术:
    type: spell
    {target}
    effects: [{effect}]
"""


def cast(effect: str, target: str, targets: str = "", hand: str = "", deck: int = 3):
    state = board(f"hand: [示例·法术{hand}], deck: {deck}",
                  "base: [{id: 翠, card: 示例·翠兵}, {id: 红, card: 示例·红兵, empowered: 1}]")
    named = f"\n  targets: {targets}" if targets else ""
    cards = CARDS.replace("{target}", target).replace("{effect}", effect)
    return play_scenario(cards, state, script=f"- play: 示例·法术{named}\n- pass:\n")


def test_a_target_of_a_domain_and_every_unit_of_one():
    _, state = cast("kill: null", "target: {who: enemy, domain: 翠意}", targets="翠")
    assert set(state.units) == {"红"}
    with pytest.raises(ScenarioStopped, match="红 不是 示例·法术 的有效目标：它不符合条件（domain）"):
        cast("kill: null", "target: {who: enemy, domain: 翠意}", targets="红")
    _, state = cast("kill: {to: {each: {domain: [混沌, 序理]}}}", "")  # any of the domains listed
    assert set(state.units) == {"翠"}


def test_empowered_in_a_filter_counts_the_empowered_units():
    _, state = cast("draw: {amount: {count: {who: enemy, empowered: true}}}", "")
    assert len(state.players["A"].hand) == 1


def test_if_the_chosen_unit_is_empowered_is_read_as_the_instruction_executes():
    effect = "{deal: 1}, {draw: {amount: 2, if: {target_is: {empowered: true}}}}"
    trace, state = cast(effect, "target: enemy_unit", targets="红")
    said = [event.text for step in trace.steps for event in step.events]
    assert len(state.players["A"].hand) == 2 and any("所选目标符合" in text and "成立" in text for text in said)
    _, state = cast(effect, "target: enemy_unit", targets="翠")
    assert state.players["A"].hand == []


def test_a_condition_on_a_target_with_none_chosen_is_refused():
    with pytest.raises(ScenarioError, match="target_is 读取所选目标"):
        cast("draw: {amount: 1, if: {target_is: {empowered: true}}}", "")


def test_a_card_filter_reads_the_domain_of_a_card_in_hand():
    effect = "play: {from: hand, card: {kind: unit, domain: 炽烈}, ignore_cost: true}"
    _, state = cast(effect, "", hand=", 示例·翠兵, 示例·红兵")
    assert [unit.card for unit in state.units.values() if unit.controller == "A"] == ["示例·红兵"]
