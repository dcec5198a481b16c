"""Simultaneous triggers of two players with defaults off (383.3.d.1): starting with the turn player, each player orders
their own — the turn player's group, put on the chain first, is asked first, and the next player's after it; a group
that is not the newest on the chain is ordered in its place; synthetic cards."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """defaults: false
cards:
  示例·处决:
    type: spell
    cost: 0
    target: unit
    effects: [{kill: null}]
  示例·记一:
    type: gear
    cost: 1
    abilities: [{name: 记一, trigger: {event: killed, subject: any}, effects: [{draw: 1}]}]
  示例·记二:
    type: gear
    cost: 1
    abilities: [{name: 记二, trigger: {event: killed, subject: any}, effects: [{draw: 2}]}]
  示例·兵: {type: unit, might: 1}
"""

UNITS = "gear: [示例·记一, 示例·记二], deck: 5"
B_UNITS = "gear: [示例·记一, 示例·记二], deck: 5, base: [{id: 兵, card: 示例·兵}]"


# 示例·处决's kill sets off each player's two draw triggers; each pair ordered, A (the turn player) first
BOTH_ORDERED = """\
        - play: 示例·处决
          targets: 兵
        - pass:
        - order_triggers: [示例·记二 的记二能力, 示例·记一 的记一能力]
          player: A
        - order_triggers: [示例·记一#2 的记一能力, 示例·记二#2 的记二能力]
          player: B
"""


def _run(script: str):
    return play_scenario(CARDS, board(f"hand: [示例·处决], {UNITS}", B_UNITS), script=script)


def test_the_turn_player_orders_first_then_the_next_player():
    _, final = _run(BOTH_ORDERED + "        - pass:\n")
    assert final.players["A"].drawn == 3 and final.players["B"].drawn == 3
    assert not final.chain


def test_each_group_is_ordered_in_its_place_on_the_chain():
    trace, final = _run(BOTH_ORDERED)
    assert [item.label for item in final.chain] == [
        "示例·记二 的记二能力", "示例·记一 的记一能力", "示例·记一#2 的记一能力", "示例·记二#2 的记二能力"]
    assert "383.3.d.1" in trace.cited()


def test_the_next_player_cannot_order_before_the_turn_player():
    script = """\
        - play: 示例·处决
          targets: 兵
        - pass:
        - order_triggers: [示例·记一#2 的记一能力, 示例·记二#2 的记二能力]
          player: B
          expect_illegal: 383.3.d.1
        - order_triggers: [示例·记一 的记一能力, 示例·记二 的记二能力]
          player: A
        - order_triggers: [示例·记一#2 的记一能力, 示例·记二#2 的记二能力]
          player: B
        - pass:
        """
    _, final = _run(script)
    assert final.players["A"].drawn == 3 and not final.chain
