"""“When it dies this turn, …” / “When it wins a combat this turn, …”: next_time on the killed and won_combat events of
the chosen unit (390.2), a delayed trigger that watches that unit only."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·标记:
    type: spell
    target: enemy_unit
    effects:
      - deal: 1
      - next_time: {event: killed, effects: [{create: {token: 金币, play: true}}]}
  示例·击杀:
    type: spell
    target: unit
    effects: [{kill: null}]
"""


def test_when_the_chosen_unit_dies_this_turn_the_delayed_trigger_makes_gold():
    state = board("hand: [示例·标记, 示例·击杀]", "base: [{id: 敌, card: 先锋中士}, {id: 敌二, card: 先锋中士}]")
    script = "- play: 示例·标记\n  targets: 敌\n- pass:\n- play: 示例·击杀\n  targets: 敌\n- pass:\n"
    trace, final = play_scenario(CARDS, state, script=script)
    assert [g.card for g in final.gear.values()] == ["金币"] and "390.2" in trace.cited()


def test_another_units_death_does_not_trigger_it():
    state = board("hand: [示例·标记, 示例·击杀]", "base: [{id: 敌, card: 先锋中士}, {id: 敌二, card: 先锋中士}]")
    script = "- play: 示例·标记\n  targets: 敌\n- pass:\n- play: 示例·击杀\n  targets: 敌二\n- pass:\n"
    _, final = play_scenario(CARDS, state, script=script)
    assert final.gear == {}
