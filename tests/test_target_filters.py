"""A later target spec's filter may name an earlier spec's targets (“an enemy unit with less Might than it”:
``might: {lt: {might_of: {target: 1}}}``), checked as chosen and again as it resolves; a gear target's filter keys
(``cost``, ``tag``, …: “a gear with Energy cost no more than my Might”) restrict which gear it may choose (355.9.b)."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·比较: {type: spell, cost: 0, target: [friendly_unit, {who: enemy, might: {lt: {might_of: {target: 1}}}}], effects: [{kill: {to: {target: 2}}}]}
  示例·拆: {type: spell, cost: 0, target: {kind: gear, cost: {le: 1}}, effects: [{kill: null}]}
  示例·大: {type: unit, might: 4}
  示例·小: {type: unit, might: 2}
  示例·重甲: {type: gear, cost: 3}
  示例·轻甲: {type: gear, cost: 1}
"""


def test_the_second_spec_reads_the_might_of_the_first_specs_target():
    state = board("hand: [示例·比较], base: [{id: 我, card: 示例·小}]", "base: [{id: 敌大, card: 示例·大}, {id: 敌小, card: 示例·小}]")
    play_scenario(CARDS, state, script="- play: 示例·比较\n  targets: [我, 敌小]\n  expect_illegal: 355.9.b\n")
    bigger = state.replace("{id: 我, card: 示例·小}", "{id: 我, card: 示例·大}")
    _, final = play_scenario(CARDS, bigger, script="- play: 示例·比较\n  targets: [我, 敌小]\n- pass:\n")
    assert "敌小" not in final.units and "敌大" in final.units


def test_a_gear_target_is_one_its_filter_takes():
    state = board("hand: [示例·拆]", "gear: [示例·重甲, 示例·轻甲]")
    play_scenario(CARDS, state, script="- play: 示例·拆\n  targets: 示例·重甲\n  expect_illegal: 355.9.b\n")
    _, final = play_scenario(CARDS, state, script="- play: 示例·拆\n  targets: 示例·轻甲\n- pass:\n")
    assert [g.card for g in final.gear.values()] == ["示例·重甲"]
