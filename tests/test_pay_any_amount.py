"""A cost within instructions of any size (204.3.b): ``pay_any: {resource: energy | power, then}`` — “支付任意数量的任意符能，
以此造成等量的伤害”, “支付任意数量的法力来获得等量的任意符能”. The controller pays as much as they choose as it resolves
(``answer: {amount: N}``; unanswered with defaults all they can, marked; without defaults their question), and
``{paid: true}`` in its instructions is the amount paid."""

from __future__ import annotations

import json

import pytest
from conftest import board, play_scenario

from judgekit.errors import ScenarioError, ScenarioStopped
from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

CARDS = """cards:
  示例·弹雨:
    type: spell
    cost: 1
    target: enemy_unit
    effects:
      - pay_any: {resource: power, then: [{deal: {amount: {paid: true}}}]}
  示例·古阵:
    type: gear
    abilities:
      - cost: {exhaust: true}
        timing: reaction
        effects:
          - pay_any: {resource: energy, then: [{add: {power: {paid: true}}}]}
  示例·巨兵: {type: unit, might: 9}
"""
ENEMY = "base: [{id: 敌, card: 示例·巨兵}]"


@pytest.mark.parametrize(("answer", "damage"), [("\n  answer: {amount: 2}", 2), ("", 4)])
def test_the_damage_is_what_was_paid_and_unanswered_it_is_all_that_can_be_paid(answer, damage):
    state = board("hand: [示例·弹雨], runes: 4", ENEMY)
    trace, final = play_scenario(CARDS, state, script=f"- play: 示例·弹雨\n  targets: 敌\n- pass:{answer}\n")
    assert final.units["敌"].damage == damage and "204.3.b" in trace.cited()
    assert len(final.players["A"].runes) == 4 - damage  # each Power a rune recycled (the Energy one exhausted it first)


def test_more_than_can_be_paid_is_refused_and_without_defaults_how_much_is_a_question():
    state = board("hand: [示例·弹雨], runes: 2", ENEMY)
    play_scenario(CARDS, state, script="- play: 示例·弹雨\n  targets: 敌\n- pass:\n  answer: {amount: 3}\n  expect_illegal: 204.3.b\n")
    text = "title: t\ndefaults: false\n" + CARDS + state + "script:\n  - play: 示例·弹雨\n    targets: 敌\n  - pass:\n"
    with pytest.raises(ScenarioStopped) as stopped:
        play(parse(text, "q.yaml"))
    assert stopped.value.trace.pending["kind"] == "pay_any"
    assert stopped.value.trace.pending["options"] == ["0", "1", "2"]


def test_an_add_ability_pays_energy_and_adds_that_much_power_at_once():
    state = board("gear: [示例·古阵], runes: 3")
    _, final = play_scenario(CARDS, state, script="- activate: 示例·古阵\n  ability: ability1\n")
    assert sum(final.players["A"].power.values()) == 3 and all(rune.exhausted for rune in final.players["A"].runes)


def test_the_amount_paid_outside_a_pay_any_is_refused():
    cards = "cards:\n  示例·空付: {type: spell, effects: [{draw: {amount: {paid: true}}}]}\n"
    with pytest.raises(ScenarioError, match="pay_any"):
        play_scenario(cards, board("hand: [示例·空付]"), script="- play: 示例·空付\n")


def test_what_was_paid_is_dealt_to_each_enemy_unit_at_the_battlefield_chosen():
    cards = CARDS + """  示例·弹幕:
    type: spell
    target: {kind: battlefield}
    effects:
      - pay_any: {resource: power, then: [{deal: {to: {each: {who: enemy, where: there}}, amount: {paid: true}}}]}
"""
    state = board("hand: [示例·弹幕], runes: 3", "", "name: 北方战场, units: [{id: 敌一, card: 示例·巨兵, controller: B}, "
                  "{id: 敌二, card: 示例·巨兵, controller: B}]")
    _, final = play_scenario(cards, state, script="- play: 示例·弹幕\n  targets: 北方战场\n- pass:\n  answer: {amount: 3}\n")
    assert final.units["敌一"].damage == 3 and final.units["敌二"].damage == 3


def test_buffs_spent_in_any_number_repeat_what_follows_that_often():
    tree = {"type": "unit", "might": 1, "abilities": [{"trigger": "played", "effects": [{"pay_any": {
        "resource": "buffs", "then": [{"repeat": {"times": {"paid": True}, "effects": [{"channel": {"exhausted": True, "count": 1}}]}}]}}]}]}
    cards = CARDS + "  示例·炉匠: " + json.dumps(tree, ensure_ascii=False) + "\n"
    state = board("hand: [示例·炉匠], rune_deck: [炽烈, 炽烈, 炽烈], base: [{id: 甲, card: 示例·巨兵, buffs: 1}, "
                  "{id: 乙, card: 示例·巨兵, buffs: 1}]")
    _, final = play_scenario(cards, state, script="- play: 示例·炉匠\n- pass:\n  answer: {amount: 1}\n")
    assert len(final.players["A"].runes) == 1 and final.players["A"].runes[0].exhausted
    assert sorted(unit.buffs for unit in final.units.values() if unit.id in ("甲", "乙")) == [0, 1]
    play_scenario(cards, state, script="- play: 示例·炉匠\n- pass:\n  answer: {amount: 3}\n  expect_illegal: 204.3.b\n")
