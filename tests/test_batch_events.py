"""Events once for an action however many it takes: “每当你弃置任意数量的手牌时” (cards_discarded), any number of your cards
recycled to your deck (cards_recycled), “每当你眩晕任意数量的敌方单位时” (units_stunned: one for each controller of the units
stunned, its object the first)."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·观察者:
    type: unit
    might: 2
    abilities:
      - trigger: {event: cards_discarded, subject: any, player: you}
        effects: [{draw: 1}]
      - trigger: {event: cards_recycled, subject: any, player: you}
        effects: [{gain_xp: 1}]
      - trigger: {event: units_stunned, subject: enemy, player: you}
        effects: [{might: {amount: 1, to: self}}]
  示例·弃二: {type: spell, cost: 0, effects: [{discard: 2}]}
  示例·回收二: {type: spell, cost: 0, effects: [{recycle: {amount: 2}}]}
  示例·群晕: {type: spell, cost: 0, effects: [{stun: {to: {each: {who: enemy}}}}]}
  示例·兵: {type: unit, might: 1}
"""


def test_two_cards_discarded_at_once_trigger_it_once():
    state = board("hand: [示例·弃二, 示例·兵, 示例·兵], deck: 5, base: [{id: 观, card: 示例·观察者}]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·弃二\n- pass:\n")
    assert final.players["A"].drawn == 1 and len(final.players["A"].trash) == 3


def test_two_cards_recycled_at_once_trigger_it_once():
    state = board("hand: [示例·回收二], trash: [示例·兵, 示例·兵], base: [{id: 观, card: 示例·观察者}]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·回收二\n- pass:\n")
    assert final.players["A"].xp == 1 and len(final.players["A"].deck) == 2


def test_stunning_two_enemy_units_at_once_triggers_it_once():
    from judgekit.engine.layers import might

    state = board("hand: [示例·群晕], base: [{id: 观, card: 示例·观察者}]", "base: [{id: 甲, card: 示例·兵}, {id: 乙, card: 示例·兵}]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·群晕\n- pass:\n")
    assert final.units["甲"].stunned and final.units["乙"].stunned and might(final, final.units["观"]) == 3
