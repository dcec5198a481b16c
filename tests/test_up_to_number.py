"""“Up to N” written as its number (``up_to: 2``) is ``count: 2, up_to: true``: the schema takes it, the target reads it."""

from __future__ import annotations

from conftest import board, play_scenario

from judgekit.engine.cards import target_spec

CARDS = """cards:
  示例·闪: {type: spell, cost: 0, target: {who: friendly, up_to: 2}, effects: [{buff: null}]}
"""


def test_up_to_a_number_is_that_count_up_to():
    assert target_spec({"who": "friendly", "up_to": 2}) == target_spec({"who": "friendly", "count": 2, "up_to": True})


def test_a_spell_choosing_up_to_two_takes_two_or_none():
    state = board("hand: [示例·闪, 示例·闪], base: [{id: 甲, card: 先锋中士}, {id: 乙, card: 先锋中士}]")
    script = "- play: 示例·闪\n  targets: [甲, 乙]\n- pass:\n- play: 示例·闪\n  targets: []\n- pass:\n"
    _, final = play_scenario(CARDS, state, script=script)
    assert final.units["甲"].buffs == 1 and final.units["乙"].buffs == 1
