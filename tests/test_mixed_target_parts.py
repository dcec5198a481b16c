"""A spell's own target specs of several kinds (355.5, 355.9): a unit and a gear, a unit and a spell on the chain
that chooses it (``chooses: {target: N}``, ``chooses_no_other``), each part read by its kind as it is chosen and
again as the spell resolves (359.3.e); ``up_to: null`` is “any number” (355.13)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario, scenario_text

from judgekit.engine import actions as act
from judgekit.errors import ScenarioError, ScenarioStopped
from judgekit.scenarios.scenario import parse

CARDS = """cards:
  示例·卸甲:
    type: spell
    keywords: {反应: null}
    target: [unit, {kind: gear}]
    effects: [{detach: null}, {draw: 1}]
  示例·借刃:
    type: spell
    target: [{who: friendly, equipped: true}, enemy_unit]
    effects: [{deal: {amount: {might_of: {target: 1}}, by: {target: 1}, to: {target: 2}}}]
  示例·护卫:
    type: spell
    keywords: {反应: null}
    target: [{who: friendly, where: battlefield}, {kind: spell, who: enemy, chooses: {target: 1}, chooses_no_other: friendly}]
    effects: [{counter: null}]
  示例·横扫:
    type: spell
    target: {who: enemy, where: battlefield, up_to: null}
    effects: [{stun: null}]
  示例·刃: {type: gear, tags: [武装], might_bonus: 2}
"""


def test_a_unit_and_a_gear_the_gear_detached_and_a_card_drawn():
    state = board("hand: [示例·卸甲], deck: 1, base: [{id: 战士, card: 先锋中士, attached: [示例·刃]}]")
    trace, final = play_scenario(CARDS, state, script="- play: 示例·卸甲\n  targets: [战士, 示例·刃]\n- pass:\n")
    assert not final.units["战士"].attached and final.players["A"].drawn == 1 and "435.1.e" in trace.cited()


def test_a_gear_part_must_name_a_gear():
    state = board("hand: [示例·卸甲], base: [{id: 战士, card: 先锋中士}, {id: 乙, card: 先锋中士}]")
    with pytest.raises(ScenarioStopped, match="装备“乙”"):
        play_scenario(CARDS, state, script="- play: 示例·卸甲\n  targets: [战士, 乙]\n")


def test_an_equipped_target_unequipped_in_response_deals_nothing():
    state = board("hand: [示例·借刃, 示例·卸甲], deck: 1, base: [{id: 战士, card: 先锋中士, attached: [示例·刃]}]",
                  "base: [{id: 靶, card: 先锋中士}]")
    script = ("- play: 示例·借刃\n  targets: [战士, 靶]\n- play: 示例·卸甲\n  targets: [战士, 示例·刃]\n"
              "- pass: A\n- pass: B\n- pass: A\n- pass: B\n")
    trace, final = play_scenario(CARDS, state, script=script)
    assert final.units["靶"].damage == 0 and "359.3.e.5" in trace.cited()


ALPHA = """  示例·突袭:
    type: spell
    target: [friendly_unit, {who: enemy, where: battlefield, up_to: null}]
    effects: [{stun: {to: {target: 2}}}]
  示例·闪:
    type: spell
    keywords: {反应: null}
    target: {who: friendly, where: battlefield, up_to: 2}
    effects: [{move: {to: base}}]
  示例·灭:
    type: spell
    keywords: {反应: null}
    target: unit
    effects: [{kill: null}]
"""
FIELD = board("hand: [示例·突袭], base: [{id: 易, card: 先锋中士}]",
              "hand: [示例·护卫, 示例·闪, 示例·灭], energy: 9",
              "name: 北方, controller: B, units: [{id: 甲, card: 先锋中士}, {id: 乙, card: 先锋中士}]")
RESPONSE = "- play: 示例·突袭\n  targets: [易, 甲, 乙]\n- pass: A\n- play: REACTION\n  player: B\n  targets: [乙]\n- pass: B\n- pass: A\n"


def _counter_after(reaction: str) -> str:
    return RESPONSE.replace("REACTION", reaction) + "- pass: A\n- play: 示例·护卫\n  player: B\n  targets: [甲, 示例·突袭]\n"


def test_a_spell_still_choosing_a_unit_moved_to_base_chooses_another_friendly_unit():
    with pytest.raises(ScenarioStopped, match="还选择了 乙") as stopped:
        play_scenario(CARDS + ALPHA, FIELD, script=_counter_after("示例·闪"))
    assert "359.3.e.9.a" in str(stopped.value)


def test_a_unit_that_left_the_board_is_no_longer_chosen_so_the_spell_can_be_countered():
    _, final = play_scenario(CARDS + ALPHA, FIELD, script=_counter_after("示例·灭") + "- pass: B\n- pass: A\n")
    assert not final.units["甲"].stunned and not final.chain


def test_up_to_null_is_any_number_none_too():
    state = board("hand: [示例·横扫]", "", "name: 北方, controller: B, units: [{id: 甲, card: 先锋中士}, {id: 乙, card: 先锋中士}]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·横扫\n  targets: [甲, 乙]\n- pass:\n")
    assert final.units["甲"].stunned and final.units["乙"].stunned
    _, final = play_scenario(CARDS, state, script="- play: 示例·横扫\n  targets: []\n- pass:\n")
    assert not final.units["甲"].stunned


def test_without_defaults_a_unit_and_a_gear_are_one_question():
    state = board("hand: [示例·卸甲], base: [{id: 战士, card: 先锋中士, attached: [示例·刃]}, {id: 乙, card: 先锋中士}]")
    scenario = parse(scenario_text("defaults: false\n", CARDS, state, script="- play: 示例·卸甲\n"), "t.yaml")
    held, _ = act.apply(scenario.state, scenario.script[0].action)
    assert held.asked and set(held.asked[0].options) == {("战士", "示例·刃"), ("乙", "示例·刃")}


def test_chooses_names_a_part_before_it():
    bad = CARDS.replace("chooses: {target: 1}", "chooses: {target: 2}")
    with pytest.raises(ScenarioError, match="chooses"):
        play_scenario(bad, board(), script="- end_turn:\n")
