"""This turn's history in conditions: the Power you paid (``power_spent_this_turn``), how often the source moved
(``moved_this_turn``), a unit that died in your phase (``killed_this_turn: {side, phase}``), and the source attacking
(``attacking``)."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·余烬: {type: spell, cost: 0, power: 1, domains: [炽烈], effects: [{draw: 1}]}
  示例·回响: {type: spell, cost: 0, effects: [{draw: {amount: 1, if: {power_spent_this_turn: {ge: 1}}}}]}
  示例·悼念: {type: spell, cost: 0, effects: [{draw: {amount: 1, if: {killed_this_turn: {side: friendly, phase: main}}}}]}
  示例·处决: {type: spell, cost: 0, target: unit, effects: [{kill: null}]}
  示例·行者:
    type: unit
    might: 2
    abilities:
      - name: 回望
        cost: {energy: 0}
        effects: [{draw: {amount: 1, if: {moved_this_turn: {ge: 1}}}}]
"""


def test_power_paid_this_turn():
    state = board("hand: [示例·余烬, 示例·回响], deck: 3, runes: [炽烈]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·回响\n- pass:\n")
    assert final.players["A"].drawn == 0
    _, final = play_scenario(CARDS, state, script="- play: 示例·余烬\n- pass:\n- play: 示例·回响\n- pass:\n")
    assert final.players["A"].drawn == 2


def test_a_friendly_unit_died_in_your_main_phase():
    state = board("hand: [示例·处决, 示例·悼念], deck: 3, base: [{id: 行, card: 示例·行者}]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·处决\n  targets: 行\n- pass:\n- play: 示例·悼念\n- pass:\n")
    assert final.players["A"].drawn == 1


def test_the_source_moved_this_turn():
    state = board("deck: 3, base: [{id: 行, card: 示例·行者}]", battlefield="name: 北方")
    _, final = play_scenario(CARDS, state, script="- activate: 行\n  ability: 回望\n- pass:\n")
    assert final.players["A"].drawn == 0
    _, final = play_scenario(CARDS, state, script="- move: 行\n  to: 北方\n- activate: 行\n  ability: 回望\n- pass:\n")
    assert final.players["A"].drawn == 1


def test_a_channel_that_fell_short():
    cards = CARDS + "  示例·召唤: {type: spell, cost: 0, effects: [{channel: {count: 1, exhausted: true}}, {draw: {amount: 1, if: {channel_short: true}}}]}\n"
    _, final = play_scenario(cards, board("hand: [示例·召唤], deck: 3, rune_deck: 0"), script="- play: 示例·召唤\n- pass:\n")
    assert final.players["A"].drawn == 1 and final.players["A"].runes == []
    _, final = play_scenario(cards, board("hand: [示例·召唤], deck: 3, rune_deck: 2"), script="- play: 示例·召唤\n- pass:\n")
    assert final.players["A"].drawn == 0 and len(final.players["A"].runes) == 1
