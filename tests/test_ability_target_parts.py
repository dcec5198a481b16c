"""Several target specs on a triggered or an activated ability (355.5): each chooses its own targets, in order, as
the ability goes on the chain, and ``{target: N}`` acts on the N-th's; a question of every choice without defaults."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.engine import actions as act
from judgekit.errors import ScenarioError
from judgekit.scenarios.runner import run
from judgekit.scenarios.scenario import parse

BEAST = """cards:
  示例·巨兽:
    type: unit
    might: 8
    abilities:
      - trigger: played
        target: [{who: friendly, other: true}, {who: enemy}]
        effects: [{return_to_hand: null}]
  示例·兵: {type: unit, might: 1}
"""
BOARD = board("hand: [示例·巨兽], base: [{id: 友, card: 示例·兵}]", "base: [{id: 敌, card: 示例·兵}, {id: 敌二, card: 示例·兵}]")


def test_a_trigger_with_two_target_specs_returns_one_of_each():
    trace, state = play_scenario(BEAST, BOARD, script="- play: 示例·巨兽\n- pass:\n")
    assert set(state.units) == {"示例·巨兽", "敌二"}
    assert [c.name for c in state.players["A"].hand] == ["示例·兵"] and [c.name for c in state.players["B"].hand] == ["示例·兵"]
    assert "355.5" in trace.cited()


def test_without_a_unit_for_one_spec_the_trigger_cannot_go_on_the_chain():
    lonely = board("hand: [示例·巨兽]", "base: [{id: 敌, card: 示例·兵}]")
    _, state = play_scenario(BEAST, lonely, script="- play: 示例·巨兽\n")
    assert "敌" in state.units  # no other friendly unit: no legal choice for the first spec (355.8)


def test_without_defaults_the_choice_of_both_specs_is_one_question():
    text = "title: t\ndefaults: false\n" + BEAST + BOARD + "script:\n  - play: 示例·巨兽\n  - choose: [友, 敌二]\n    player: A\n  - pass:\n"
    scenario = parse(text, "q.yaml")
    state, _ = act.apply(scenario.state, scenario.script[0].action)
    assert state.question().options == (("友", "敌"), ("友", "敌二"))
    trace = run(scenario)
    assert trace.stopped is None


ARCHER = """cards:
  示例·射手:
    type: unit
    might: 2
    abilities:
      - cost: {exhaust: true}
        target: [enemy_unit, {who: enemy, other: true}]
        effects:
          - deal: {amount: 2, to: {target: 1}}
          - deal: {amount: 1, to: {target: 2}}
  示例·兵: {type: unit, might: 3}
"""


def test_an_activated_ability_deals_to_each_spec_its_own_amount():
    state = board("base: [{id: 射手, card: 示例·射手}]", "base: [{id: 敌, card: 示例·兵}, {id: 敌二, card: 示例·兵}]")
    script = "- activate: 射手\n  ability: ability1\n  targets: [敌二, 敌]\n- pass:\n"
    _, final = play_scenario(ARCHER, state, script=script)
    assert (final.units["敌二"].damage, final.units["敌"].damage) == (2, 1)


def test_a_later_spec_named_beyond_the_abilitys_specs_is_refused():
    wrong = ARCHER.replace("to: {target: 2}", "to: {target: 3}")
    with pytest.raises(ScenarioError, match=r"to: \{target: 3\}，但只有 2 组目标"):
        play_scenario(wrong, board(), script="- pass:\n")
