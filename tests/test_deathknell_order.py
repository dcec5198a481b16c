"""Death triggers of units that die at once are simultaneous (383.3.d): each player orders their own, the turn player
first (383.3.d.1) — Deathknells of one cleanup included, which go on the chain as the units die (323.4); with defaults
on, the order they died in, marked; synthetic cards."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·横扫:
    type: spell
    cost: 0
    effects: [{deal: {amount: 1, to: {each: {}}}}]
  示例·记一:
    type: unit
    might: 1
    keywords: {绝念: null}
    triggers: {deathknell: [{draw: 1}]}
  示例·记二:
    type: unit
    might: 1
    keywords: {绝念: null}
    triggers: {deathknell: [{draw: 2}]}
"""

STATE = board("hand: [示例·横扫], deck: 5, base: [{id: 甲一, card: 示例·记一}, {id: 甲二, card: 示例·记二}]",
              "deck: 5, base: [{id: 乙一, card: 示例·记一}, {id: 乙二, card: 示例·记二}]")


def test_each_player_orders_their_deathknells_the_turn_player_first():
    script = """\
        - play: 示例·横扫
        - pass:
        - order_triggers: [甲二 的绝念, 甲一 的绝念]
          player: A
        - order_triggers: [乙二 的绝念, 乙一 的绝念]
          player: B
        """
    _, final = play_scenario("defaults: false\n" + CARDS, STATE, script=script)
    assert [item.label for item in final.chain] == ["甲二 的绝念", "甲一 的绝念", "乙二 的绝念", "乙一 的绝念"]


def test_with_defaults_they_stay_in_the_order_the_units_died():
    trace, final = play_scenario(CARDS, STATE, script="- play: 示例·横扫\n- pass:\n")
    assert final.players["A"].drawn == 3 and final.players["B"].drawn == 3
    assert "383.3.d" in trace.cited()
