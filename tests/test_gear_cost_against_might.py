"""A gear target whose printed Energy cost is compared with an amount (“kill a gear with Energy cost no more than my
Might”: ``target: {kind: gear, cost: {le: {might_of: self}}}``), as the English compiler writes it (VEN-080)."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·拆解者:
    type: unit
    might: 2
    abilities:
      - name: 拆
        cost: {energy: 0}
        target: {kind: gear, cost: {le: {might_of: self}}}
        effects: [{kill: null}]
  示例·重甲: {type: gear, cost: 3}
  示例·轻甲: {type: gear, cost: 2}
"""


def test_a_gear_costing_no_more_than_my_might():
    state = board("base: [{id: 拆, card: 示例·拆解者}]", "gear: [示例·重甲, 示例·轻甲]")
    play_scenario(CARDS, state, script="- activate: 拆\n  ability: 拆\n  targets: 示例·重甲\n  expect_illegal: 355.9.b\n")
    _, final = play_scenario(CARDS, state, script="- activate: 拆\n  ability: 拆\n  targets: 示例·轻甲\n- pass:\n")
    assert [g.card for g in final.gear.values()] == ["示例·重甲"]
