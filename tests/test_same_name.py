"""“With my name” (the source's card name): a FILTER's ``same_name: true`` (other units here that share my name, each
adding Might), and the cards in your trash that fit, ``in_trash: {same_name: true}`` as an amount (a discount for each
such card) and as a condition (entering ready while there is one)."""

from __future__ import annotations

from conftest import board, play_scenario

from judgekit.engine.layers import might
from judgekit.scenarios.scenario import parse

CARDS = """cards:
  示例·狼群:
    type: unit
    cost: 5
    might: 2
    abilities:
      - static: {might: {count: {who: friendly, where: here, other: true, same_name: true}}}
      - static: {cost_change: {energy: -2, per: {in_trash: {same_name: true}}}}
      - static: {enters_ready: true, while: {in_trash: {same_name: true}}}
  示例·兵: {type: unit, cost: 0, might: 1}
"""


def test_might_for_each_other_unit_here_with_my_name():
    state = board("base: [{id: 甲, card: 示例·狼群}, {id: 乙, card: 示例·狼群}, {id: 兵, card: 示例·兵}]")
    final = parse("title: t\n" + CARDS + state + "script: []\n", "t.yaml").state
    assert might(final, final.units["甲"]) == 3 and might(final, final.units["兵"]) == 1


def test_cheaper_and_ready_for_each_card_with_my_name_in_the_trash():
    state = board("hand: [示例·狼群], runes: 3, trash: [示例·狼群, 示例·兵]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·狼群\n")
    wolf = next(unit for unit in final.units.values() if unit.card == "示例·狼群")
    assert not wolf.exhausted and sum(rune.exhausted for rune in final.players["A"].runes) == 3
    play_scenario(CARDS, board("hand: [示例·狼群], runes: 3, trash: [示例·兵]"), script="- play: 示例·狼群\n  expect_illegal: 358.2\n")
