"""Energy and Power an Add limits (166, 429.1; “获得②，但仅可用于打出法术”, “Spend this Energy only during showdowns”):
``add: {…, only: [uses]}`` / ``in_showdown: true`` keeps them apart in the pool; they pay only those costs, first."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·术士:
    type: unit
    might: 2
    abilities:
      - name: 聚能
        cost: {exhaust: true}
        effects: [{add: {energy: 2, only: [spell]}}]
      - name: 蓄势
        cost: {energy: 1}
        effects: [{draw: 1}]
  示例·守夜人:
    type: unit
    might: 2
    abilities:
      - name: 夜能
        cost: {exhaust: true}
        effects: [{add: {energy: 1, in_showdown: true}}]
  示例·飞弹: {type: spell, cost: 2, target: unit, effects: [{deal: 1}]}
  示例·兵: {type: unit, cost: 2, might: 1}
"""


def test_the_limited_energy_pays_a_spell():
    state = board("hand: [示例·飞弹], base: [{id: 术, card: 示例·术士}]", "base: [{id: 敌, card: 示例·兵}]")
    trace, final = play_scenario(CARDS, state, script="- activate: 术\n  ability: 聚能\n- play: 示例·飞弹\n  targets: 敌\n- pass:\n")
    assert final.players["A"].restricted == [] and "敌" not in final.units and "429.1" in trace.cited()


def test_it_pays_neither_a_unit_nor_an_ability_and_is_spent_before_the_pools_own():
    state = board("hand: [示例·兵, 示例·飞弹], deck: 2, base: [{id: 术, card: 示例·术士}]", "base: [{id: 敌, card: 示例·兵}]")
    script = "- activate: 术\n  ability: 聚能\n- play: 示例·兵\n  expect_illegal: 358.2\n"
    play_scenario(CARDS, state, script=script)
    with_runes = state.replace("deck: 2,", "deck: 2, runes: 2,")
    script = ("- activate: 术\n  ability: 聚能\n- play: 示例·兵\n- play: 示例·飞弹\n  targets: 敌\n- pass:\n"
              "- activate: 术\n  ability: 蓄势\n  expect_illegal: 358.2\n")
    _, final = play_scenario(CARDS, with_runes, script=script)
    assert "敌" not in final.units and final.players["A"].drawn == 0
    script = "- activate: 术\n  ability: 聚能\n- play: 示例·飞弹\n  targets: 敌\n- pass:\n- play: 示例·兵\n"
    _, final = play_scenario(CARDS, with_runes, script=script)  # the spell took the limited Energy, the runes pay the unit
    assert "兵" in [unit.card[-1] for unit in final.units.values()] and all(r.exhausted for r in final.players["A"].runes)


def test_showdown_only_energy_pays_nothing_outside_a_showdown():
    state = board("hand: [示例·飞弹], base: [{id: 守, card: 示例·守夜人}]", "base: [{id: 敌, card: 示例·兵}]")
    script = "- activate: 守\n  ability: 夜能\n- play: 示例·飞弹\n  targets: 敌\n  expect_illegal: 358.2\n"
    _, final = play_scenario(CARDS, state, script=script)
    assert final.players["A"].restricted[0].energy == 1
