"""“每名玩家弃置自己的所有手牌”: ``discard: {all: true, who: each_player}`` — each player discards their own whole hand, read as
they discard (an amount would be read once, from the effect's controller)."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·反转: {type: spell, cost: 0, effects: [{discard: {all: true, who: each_player}}, {draw: {amount: 1, who: each_player}}]}
  示例·兵: {type: unit, might: 1}
"""


def test_each_player_discards_their_whole_hand():
    state = board("hand: [示例·反转, 示例·兵], deck: 3", "hand: [示例·兵, 示例·兵, 示例·兵], deck: 3")
    trace, final = play_scenario(CARDS, state, script="- play: 示例·反转\n- pass:\n")
    assert len(final.players["A"].trash) == 2 and len(final.players["B"].trash) == 3
    assert len(final.players["A"].hand) == 1 and len(final.players["B"].hand) == 1 and "422" in " ".join(trace.cited())
