"""A target spec choosing a unit or a gear (``kind: [unit, gear]``: “Kill an enemy Chaos unit or gear”, “让一名战场上的单位或一件
装备…”): either kind may be chosen, each checked by its own kind, as chosen and as it resolves (355.9)."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·粉碎: {type: spell, cost: 0, target: {kind: [unit, gear], who: enemy}, effects: [{kill: null}]}
  示例·装置:
    type: unit
    might: 2
    abilities:
      - name: 拆解
        cost: {exhaust: true}
        target: {kind: [unit, gear], who: enemy}
        effects: [{kill: null}]
  示例·兵: {type: unit, might: 1}
  示例·齿轮: {type: gear, cost: 1}
"""
ENEMY = "base: [{id: 敌, card: 示例·兵}], gear: [示例·齿轮]"


def test_a_spell_kills_a_chosen_unit_or_a_chosen_gear():
    state = board("hand: [示例·粉碎]", ENEMY)
    _, final = play_scenario(CARDS, state, script="- play: 示例·粉碎\n  targets: 示例·齿轮\n- pass:\n")
    assert final.gear == {} and "敌" in final.units
    _, final = play_scenario(CARDS, state, script="- play: 示例·粉碎\n  targets: 敌\n- pass:\n")
    assert "敌" not in final.units and len(final.gear) == 1


def test_its_own_side_is_no_target_and_an_activated_ability_chooses_either():
    state = board("hand: [示例·粉碎], gear: [示例·齿轮], base: [{id: 装, card: 示例·装置}]", ENEMY)
    play_scenario(CARDS, state, script="- play: 示例·粉碎\n  targets: 装\n  expect_illegal: 355.9.b\n")
    _, final = play_scenario(CARDS, state, script="- activate: 装\n  ability: 拆解\n  targets: 敌\n- pass:\n")
    assert "敌" not in final.units


def test_a_triggered_ability_chooses_a_unit_or_gear_as_it_goes_on_the_chain():
    # 383.3, 355.9: chosen as it goes on the chain, the first legal one a default (units first), checked again as it resolves
    played = CARDS.replace("      - name: 拆解\n        cost: {exhaust: true}\n", "      - trigger: played\n")
    script = "- play: 示例·装置\n- pass:\n"
    _, final = play_scenario(played, board("hand: [示例·装置], energy: 1", ENEMY), script=script)
    assert "敌" not in final.units and len(final.gear) == 1
    _, final = play_scenario(played, board("hand: [示例·装置], energy: 1", "gear: [示例·齿轮]"), script=script)
    assert final.gear == {}


def test_a_unit_verb_on_a_unit_or_gear_target_is_refused():
    import pytest

    from judgekit.errors import ScenarioError
    from judgekit.scenarios.scenario import parse

    bad = CARDS.replace("effects: [{kill: null}]}", "effects: [{deal: 2}]}", 1)  # a gear is dealt no damage
    with pytest.raises(ScenarioError, match="效果 deal 只作用于单位"):
        parse("title: t\n" + bad + board("hand: [示例·粉碎]", ENEMY) + "script: []\n", "t.yaml")
