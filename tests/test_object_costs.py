"""Optional additional costs paid with an object (356.2.b.1): ``additional_cost: {optional: {exhaust | kill | spend_buff}}``
(“你可以选择让一名友方单位变为休眠状态 / 摧毁一件友方装备 / 消耗一个增益作为额外费用”), the object named by the play step's
``cost_object`` (else the player's question, or with defaults the first that fits), and the card's own ``cost_change:
{ignore: true}`` while it was paid (“若如此做，则无视此法术的费用”, 356.1.b)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.errors import ScenarioStopped
from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

CARDS = """cards:
  示例·苦修:
    type: spell
    cost: 1
    additional_cost: {optional: {exhaust: friendly_unit}}
    effects:
      - draw: {amount: 2, if: {paid_additional_cost: true}}
      - draw: {amount: 1, if: {not: {paid_additional_cost: true}}}
  示例·献祭:
    type: spell
    cost: 4
    additional_cost: {optional: {spend_buff: 1}}
    target: unit
    abilities:
      - static: {cost_change: {ignore: true}, while: {paid_additional_cost: true}}
    effects: [{deal: 3}]
  示例·熔铸师:
    type: unit
    cost: 0
    might: 2
    additional_cost: {optional: {kill: {kind: gear}}}
    abilities:
      - trigger: played
        condition: {paid_additional_cost: true}
        effects: [{draw: 1}]
  示例·齿轮: {type: gear}
  示例·兵: {type: unit, might: 1}
"""


def test_exhausting_a_friendly_unit_pays_it_and_the_spell_reads_that_it_was_paid():
    state = board("hand: [示例·苦修], deck: 3, runes: 1, base: [{id: 甲, card: 示例·兵}, {id: 乙, card: 示例·兵, exhausted: true}]")
    trace, final = play_scenario(CARDS, state, script="- play: 示例·苦修\n  pay_additional: true\n  cost_object: 甲\n- pass:\n")
    assert final.players["A"].drawn == 2 and final.units["甲"].exhausted and "356.2.b.1" in trace.cited()
    _, final = play_scenario(CARDS, state, script="- play: 示例·苦修\n- pass:\n")
    assert final.players["A"].drawn == 1 and not final.units["甲"].exhausted
    play_scenario(CARDS, state, script="- play: 示例·苦修\n  pay_additional: true\n  cost_object: 乙\n  expect_illegal: 358.2\n")


def test_spending_a_buff_ignores_the_spells_cost():
    state = board("hand: [示例·献祭], base: [{id: 甲, card: 示例·兵, buffs: 1}]", "base: [{id: 敌, card: 示例·兵}]")
    trace, final = play_scenario(CARDS, state, script="- play: 示例·献祭\n  targets: 敌\n  pay_additional: true\n- pass:\n")
    assert "敌" not in final.units and final.units["甲"].buffs == 0 and "356.1.b" in trace.cited()
    play_scenario(CARDS, state, script="- play: 示例·献祭\n  targets: 敌\n  expect_illegal: 358.2\n")  # no runes: 4 to pay
    unbuffed = state.replace(", buffs: 1", "")
    play_scenario(CARDS, unbuffed, script="- play: 示例·献祭\n  targets: 敌\n  pay_additional: true\n  expect_illegal: 358.2\n")


def test_killing_a_friendly_gear_is_the_players_question_without_defaults():
    state = board("hand: [示例·熔铸师], deck: 2, gear: [示例·齿轮, 示例·齿轮]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·熔铸师\n  pay_additional: true\n")  # the first, a default
    assert final.players["A"].drawn == 1 and len(final.gear) == 1 and [c.name for c in final.players["A"].trash] == ["示例·齿轮"]
    text = "title: t\ndefaults: false\n" + CARDS + state + "script:\n  - play: 示例·熔铸师\n    pay_additional: true\n"
    with pytest.raises(ScenarioStopped) as stopped:  # the question the script owes stops the run
        play(parse(text, "q.yaml"))
    assert stopped.value.trace.pending["kind"] == "cost_object"
    _, final = play_scenario(CARDS, state.replace("gear: [示例·齿轮, 示例·齿轮]", "gear: [示例·齿轮]"),
                             script="- play: 示例·熔铸师\n")  # not paid: the gear stays
    assert final.players["A"].drawn == 0 and len(final.gear) == 1
