"""Whose turn it is and the N-th card played (304, 419.4.a): “每当你在对手的回合内打出一张卡牌时” is a played trigger
with ``condition: {turn: opponent}``, “每当你在回合中打出第二张牌时” one with ``condition: {played_nth: 2}``; ``turn``
is also a condition of ``if:``."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·夜巡:
    type: unit
    might: 2
    abilities:
      - trigger: {event: played, subject: any, player: you}
        condition: {turn: opponent}
        effects: [{draw: 1}]
  示例·连击:
    type: unit
    might: 2
    abilities:
      - trigger: {event: played, subject: any, player: you}
        condition: {played_nth: 2}
        effects: [{draw: 1}]
  示例·快咒: {type: spell, cost: 0, keywords: {反应: null}, effects: [{draw: {amount: 1, if: {turn: you}}}]}
  示例·兵: {type: unit, cost: 0, might: 1}
"""


def test_a_card_played_on_an_opponents_turn_triggers_it_and_one_on_your_turn_does_not():
    state = board("hand: [示例·快咒], deck: 4, base: [{id: 巡, card: 示例·夜巡}]", "hand: [示例·快咒], deck: 2")
    theirs = state.replace("player: A, phase: main", "player: B, phase: main")
    # A's spell resolves, 夜巡 triggers: a new item, passed on in turn (340.4) with B's spell under it
    script = "- play: 示例·快咒\n- pass: B\n- play: 示例·快咒\n  player: A\n- pass:\n- pass:\n"
    trace, final = play_scenario(CARDS, theirs, script=script)
    assert len(final.players["A"].hand) == 1 and "304" in trace.cited()  # the trigger's draw; the spell's if: fails
    assert len(final.players["B"].hand) == 1  # B's own spell on B's turn: its if: holds, no trigger of A's
    _, final = play_scenario(CARDS, state, script="- play: 示例·快咒\n- pass:\n")
    assert len(final.players["A"].hand) == 1  # the spell's own draw on A's turn; no trigger


def test_only_the_second_card_played_this_turn_triggers_it():
    state = board("hand: [示例·兵, 示例·兵, 示例·兵], deck: 4, base: [{id: 连, card: 示例·连击}]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·兵\n")
    assert len(final.players["A"].hand) == 2
    _, final = play_scenario(CARDS, state, script="- play: 示例·兵\n- play: 示例·兵\n- play: 示例·兵\n")
    assert len(final.players["A"].hand) == 1  # the second play drew one, the third none
