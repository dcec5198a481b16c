"""Only triggers set off by one game action are simultaneous (383.3.d, 370.1.a.2): what two instructions of one
resolution set off goes on the chain in the order it triggered, and no order is asked; what one instruction sets off
for one player is still theirs to order; synthetic cards."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """defaults: false
cards:
  示例·处决:
    type: spell
    cost: 0
    target: unit
    effects: [{stun: null}, {kill: null}]
  示例·单杀:
    type: spell
    cost: 0
    target: unit
    effects: [{kill: null}]
  示例·亡者钟:
    type: gear
    cost: 1
    abilities: [{name: 钟, trigger: {event: killed, subject: any}, effects: [{channel: 1}]}]
  示例·书:
    type: gear
    cost: 1
    abilities: [{name: 书, trigger: {event: stunned, subject: any, player: you}, effects: [{channel: 1}]}]
  示例·丧钟:
    type: gear
    cost: 1
    abilities: [{name: 丧, trigger: {event: killed, subject: any}, effects: [{channel: 1}]}]
  示例·兵: {type: unit, might: 1}
"""


def test_triggers_of_two_instructions_are_not_asked_to_be_ordered():
    state = board("hand: [示例·处决], deck: 3, rune_deck: 3, gear: [示例·亡者钟, 示例·书]", "base: [{id: 兵, card: 示例·兵}]")
    trace, final = play_scenario(CARDS, state, script="- play: 示例·处决\n  targets: 兵\n- pass:\n- pass:\n")
    assert final.players["A"].runes and len(final.players["A"].runes) == 2 and not final.chain
    assert "383.3.d" not in trace.cited()
    put = [event.text for step in trace.steps for event in step.events if "触发，加入结算链" in event.text]
    assert put[0].startswith("示例·书") and put[1].startswith("示例·亡者钟")  # in the order they triggered


def test_triggers_of_one_instruction_are_still_ordered():
    state = board("hand: [示例·单杀], deck: 3, rune_deck: 3, gear: [示例·亡者钟, 示例·丧钟]", "base: [{id: 兵, card: 示例·兵}]")
    script = "- play: 示例·单杀\n  targets: 兵\n- pass:\n- order_triggers: [示例·丧钟 的丧能力, 示例·亡者钟 的钟能力]\n- pass:\n"
    trace, final = play_scenario(CARDS, state, script=script)
    assert not final.chain and "383.3.d" in trace.cited()
