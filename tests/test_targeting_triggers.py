"""Targeting Effects (383.4.b): “when you choose a friendly unit” triggers when a spell *or an ability* targets one —
an activated ability's targets are chosen as it is activated (377.3, 355.7), so its finalization is the moment
(383.4.b.2, 383.4.b.3); synthetic cards."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·轮盘:
    type: gear
    cost: 2
    abilities:
      - trigger: {event: chosen, subject: friendly, player: you}
        effects: [{draw: 1}]
  示例·召回者:
    type: unit
    might: 2
    abilities:
      - name: 收回
        cost: {energy: 1}
        target: {who: friendly, other: true}
        effects: [{return_to_hand: null}]
  示例·小兵: {type: unit, might: 1}
"""


def test_an_activated_abilitys_target_sets_off_when_you_choose():
    state = board("energy: 1, deck: 3, gear: [示例·轮盘], base: [{id: 召, card: 示例·召回者}, {id: 兵, card: 示例·小兵}]")
    trace, final = play_scenario(CARDS, state, script="- activate: 召\n  ability: 收回\n  targets: [兵]\n- pass:\n")
    assert final.players["A"].drawn == 1  # the gear's trigger went on the chain above the ability and resolved first
    assert "示例·小兵" in [card.name for card in final.players["A"].hand]
    cited = " ".join(trace.cited())
    assert "355.7" in cited and "383.4.b.2" in cited and "383.4.b.3" in cited


def test_an_untargeted_activated_ability_sets_off_nothing():
    cards = CARDS.replace("        target: {who: friendly, other: true}\n        effects: [{return_to_hand: null}]",
                          "        effects: [{draw: 1}]")
    state = board("energy: 1, deck: 3, gear: [示例·轮盘], base: [{id: 召, card: 示例·召回者}]")
    _, final = play_scenario(cards, state, script="- activate: 召\n  ability: 收回\n- pass:\n")
    assert final.players["A"].drawn == 1  # its own draw only
