"""383.3.d — one ability triggered twice by one event (two friendly units killed by one instruction) puts two items on
the chain that its controller orders: each has a label of its own, so ``order_triggers`` can name each one."""

from __future__ import annotations

from conftest import play_scenario

CARDS = """cards:
  示例·守望:
    type: unit
    might: 3
    abilities:
      - trigger: {event: killed, subject: friendly}
        effects: [{draw: 1}]
  示例·双杀: {type: spell, cost: 0, target: {who: friendly, count: 2}, effects: [{kill: null}]}
  示例·兵: {type: unit, might: 1}
"""

STATE = """defaults: false
state:
  turn: {player: A, phase: main}
  players:
    A: {hand: [示例·双杀], deck: 5, base: [{id: 守, card: 示例·守望}, {id: 甲, card: 示例·兵}, {id: 乙, card: 示例·兵}]}
    B: {}
"""


def test_two_instances_of_one_trigger_are_ordered_by_their_own_labels():
    script = """\
- play: 示例·双杀
  player: A
  targets: [甲, 乙]
  pay: {exhaust: 0}
- pass: A
- pass: B
- order_triggers: [守 的ability1能力（第 2 次）, 守 的ability1能力]
  player: A
- pass: A
- pass: B
- pass: A
- pass: B
"""
    trace, final = play_scenario(CARDS, STATE, script=script)
    assert len(final.players["A"].hand) == 2 and not final.chain
    assert "383.3.d" in trace.cited()
