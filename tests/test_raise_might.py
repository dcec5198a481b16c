"""“Raise its Might to another friendly unit's” (might_becomes with raise_only): never lowered."""

from __future__ import annotations

from conftest import board, play_scenario

from judgekit.engine.layers import might

CARDS = """cards:
  示例·看齐:
    type: spell
    target: [friendly_unit, {who: friendly, other: true}]
    effects: [{might_becomes: {amount: {might_of: {target: 2}}, raise_only: true, to: {target: 1}}}]
  示例·小: {type: unit, might: 1}
  示例·大: {type: unit, might: 6}
"""


def cast(targets: str):
    state = board("hand: [示例·看齐], base: [{id: 小, card: 示例·小}, {id: 大, card: 示例·大}]")
    return play_scenario(CARDS, state, script=f"- play: 示例·看齐\n  targets: {targets}\n- pass:\n")[1]


def test_the_lower_unit_is_raised_and_the_higher_one_never_lowered():
    state = cast("[小, 大]")
    assert might(state, state.units["小"]) == 6
    state = cast("[大, 小]")
    assert might(state, state.units["大"]) == 6
