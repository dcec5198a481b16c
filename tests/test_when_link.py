"""“如果C，则你可以选择Y”: ``{when: {if: C, effects: [{may: [Y]}]}}`` — the instructions inside are done only when C holds as
it executes; when it does not, the “you may” is not asked (with defaults off, no question)."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """defaults: false
cards:
  示例·抉择:
    type: spell
    cost: 0
    effects:
      - when: {if: {hand: {le: 1}}, effects: [{may: [{draw: 2}]}]}
      - gain_xp: 1
  示例·兵: {type: unit, might: 1}
"""


def test_the_may_is_asked_only_when_the_condition_holds():
    few = board("hand: [示例·抉择], deck: 3")
    _, final = play_scenario(CARDS, few, script="- play: 示例·抉择\n- pass:\n  answer: {may: true}\n")
    assert final.players["A"].drawn == 2 and final.players["A"].xp == 1
    many = board("hand: [示例·抉择, 示例·兵, 示例·兵], deck: 3")
    _, final = play_scenario(CARDS, many, script="- play: 示例·抉择\n- pass:\n")  # no question: the condition fails
    assert final.players["A"].drawn == 0 and final.players["A"].xp == 1
