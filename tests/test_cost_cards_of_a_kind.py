"""An activated ability's cost taking cards of a kind (377, 422.1.a, 416.1.a): ``discard: {amount, card}`` (“Discard a
gear, ①, Exhaust: …”) discards only hand cards that fit, ``recycle: {amount, card}`` (“从你的废牌堆中回收一名单位”)
recycles only trash cards that fit; none that fits and the cost cannot be paid (358.2). ``kill_friendly: unit_or_gear``
(“摧毁一个友方单位或装备”) kills the friendly unit or gear the activation names (``cost_kill``)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.errors import ScenarioStopped
from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

CARDS = """cards:
  示例·熔炉:
    type: gear
    abilities:
      - cost: {discard: {card: {kind: gear}}, exhaust: true}
        effects: [{draw: 2}]
  示例·回收站:
    type: gear
    abilities:
      - cost: {recycle: {amount: 1, card: {kind: unit}}, exhaust: true}
        effects: [{draw: 1}]
  示例·祭坛:
    type: gear
    abilities:
      - cost: {kill_friendly: unit_or_gear, exhaust: true}
        effects: [{add: {power: 2}}]
  示例·齿轮: {type: gear}
  示例·法术: {type: spell}
  示例·兵: {type: unit, might: 1}
"""


def test_a_discard_cost_of_a_kind_takes_a_card_that_fits():
    state = board("hand: [示例·齿轮, 示例·法术], deck: 3, gear: [示例·熔炉]")
    _, final = play_scenario(CARDS, state, script="- activate: 示例·熔炉\n  ability: ability1\n- pass:\n")
    assert [c.name for c in final.players["A"].trash] == ["示例·齿轮"]  # not the newest card, the one that fits
    assert final.players["A"].drawn == 2 and "示例·法术" in [c.name for c in final.players["A"].hand]
    no_gear = board("hand: [示例·法术], deck: 3, gear: [示例·熔炉]")
    play_scenario(CARDS, no_gear, script="- activate: 示例·熔炉\n  ability: ability1\n  expect_illegal: 358.2\n")


def test_which_card_of_the_kind_is_the_players_question_without_defaults():
    state = board("hand: [示例·齿轮, 示例·熔炉, 示例·法术], deck: 3, gear: [示例·熔炉]")
    text = "title: t\ndefaults: false\n" + CARDS + state + "script:\n  - activate: 示例·熔炉\n    ability: ability1\n"
    with pytest.raises(ScenarioStopped) as stopped:
        play(parse(text, "q.yaml"))
    assert stopped.value.trace.pending["kind"] == "discard"
    assert set(stopped.value.trace.pending["options"]) == {"示例·齿轮", "示例·熔炉"}  # the spell is no choice


def test_a_recycle_cost_of_a_kind_takes_a_trash_card_that_fits():
    state = board("trash: [示例·法术, 示例·兵], deck: 2, gear: [示例·回收站]")
    _, final = play_scenario(CARDS, state, script="- activate: 示例·回收站\n  ability: ability1\n- pass:\n")
    assert [c.name for c in final.players["A"].trash] == ["示例·法术"] and final.players["A"].drawn == 1
    no_unit = board("trash: [示例·法术], deck: 2, gear: [示例·回收站]")
    play_scenario(CARDS, no_unit, script="- activate: 示例·回收站\n  ability: ability1\n  expect_illegal: 358.2\n")


@pytest.mark.parametrize("victim", ["示例·齿轮", "兵"])
def test_a_friendly_unit_or_gear_is_killed_to_pay(victim):
    state = board("gear: [示例·祭坛, 示例·齿轮], base: [{id: 兵, card: 示例·兵}]", "base: [{id: 敌, card: 示例·兵}]")
    _, final = play_scenario(CARDS, state, script=f"- activate: 示例·祭坛\n  ability: ability1\n  cost_kill: {victim}\n")
    assert victim not in final.units and victim not in final.gear and sum(final.players["A"].power.values()) == 2
    assert len(final.players["A"].trash) == 1
    play_scenario(CARDS, state, script="- activate: 示例·祭坛\n  ability: ability1\n  cost_kill: 敌\n  expect_illegal: 358.2\n")
