"""A damage split chooses no more units than the damage there is as the card is played (355.14.c): a number, or the
Might of the unit it chose to deal it, with its controller's Bonus Damage; fewer are fine; synthetic cards."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

CARDS = """cards:
  示例·散射:
    type: spell
    cost: 0
    target: {who: enemy, count: null, up_to: true}
    effects: [{deal: {amount: 2, split: true}}]
  示例·合击:
    type: spell
    cost: 0
    target: [friendly_unit, {who: enemy, count: null, up_to: true}]
    effects: [{deal: {amount: {might_of: {target: 1}}, by: {target: 1}, to: {target: 2}, split: true}}]
  示例·兵: {type: unit, might: 1}
  示例·将: {type: unit, might: 2}
"""

ENEMIES = "base: [{id: 甲, card: 示例·兵}, {id: 乙, card: 示例·兵}, {id: 丙, card: 示例·兵}]"


@pytest.mark.parametrize(("spell", "targets"), [("示例·散射", "[甲, 乙, 丙]"), ("示例·合击", "[将, 甲, 乙, 丙]")])
def test_more_units_than_damage_is_refused(spell, targets):
    state = board(f"hand: [{spell}], base: [{{id: 将, card: 示例·将}}]", ENEMIES)
    play_scenario(CARDS, state, script=f"- play: {spell}\n  targets: {targets}\n  expect_illegal: 355.14.c\n")


@pytest.mark.parametrize(("spell", "targets"), [("示例·散射", "[甲, 乙]"), ("示例·合击", "[将, 甲, 乙]")])
def test_as_many_units_as_damage_split_it(spell, targets):
    state = board(f"hand: [{spell}], base: [{{id: 将, card: 示例·将}}]", ENEMIES)
    _, final = play_scenario(CARDS, state, script=f"- play: {spell}\n  targets: {targets}\n- pass:\n")
    assert "甲" not in final.units and "乙" not in final.units and "丙" in final.units
