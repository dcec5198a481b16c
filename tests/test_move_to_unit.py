"""A move to where a unit is (``move: {to: {location_of: SELECTOR}}``): the chosen unit's battlefield as the move
executes (359.3.f.2), or the triggering event's unit's; none, or a base, and the move is not done."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·追击:
    type: spell
    target: [friendly_unit, enemy_unit]
    effects: [{move: {what: {target: 1}, to: {location_of: {target: 2}}}}]
  示例·猎手:
    type: unit
    might: 2
    abilities:
      - trigger: {event: stunned, subject: enemy, player: you}
        target: event_subject
        effects: [{move: {what: self, to: {location_of: event_subject}}}]
  示例·眩晕: {type: spell, target: enemy_unit, effects: [{stun: null}]}
"""


def test_a_friendly_unit_moves_to_the_chosen_enemy_units_battlefield():
    state = board("hand: [示例·追击], base: [{id: 友, card: 先锋中士}]", "", "name: 北, controller: B, units: [{id: 敌, card: 先锋中士}]")
    trace, final = play_scenario(CARDS, state, script="- play: 示例·追击\n  targets: [友, 敌]\n- pass:\n")
    assert final.units["友"].location == "北" and "359.3.f.2" in trace.cited()


def test_an_enemy_unit_in_its_base_gives_no_battlefield_to_move_to():
    state = board("hand: [示例·追击], base: [{id: 友, card: 先锋中士}]", "base: [{id: 敌, card: 先锋中士}]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·追击\n  targets: [友, 敌]\n- pass:\n")
    assert final.units["友"].location == "base:A"


def test_a_trigger_moves_its_source_to_the_stunned_units_battlefield():
    state = board("hand: [示例·眩晕], base: [{id: 猎, card: 示例·猎手}]", "", "name: 北, controller: B, units: [{id: 敌, card: 先锋中士}]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·眩晕\n  targets: 敌\n- pass:\n")
    assert final.units["猎"].location == "北"
