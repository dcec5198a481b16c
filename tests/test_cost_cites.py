"""The trace names the rule that decides a cost question: a triggered ability with no target meeting its restrictions
(355.9.b); limited Power kept for ability costs cannot pay what an ability's effect asks as it resolves (377.1); a
triggered ability's own cost is no optional additional cost (356.2.b.1); a Repeat that costs the card's cost costs its
printed one (356.1.c); synthetic cards."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·导师:
    type: unit
    might: 3
    abilities:
      - trigger: moved
        target: {who: friendly, other: true}
        effects: [{might: {amount: 2, until: turn}}]
  示例·炉火:
    type: legend
    abilities:
      - cost: {exhaust: true}
        timing: reaction
        effects: [{add: {power: 1, only: [gear, gear_ability]}}]
  示例·转换器:
    type: gear
    cost: 3
    abilities:
      - cost: {exhaust: true}
        timing: reaction
        effects: [{pay_any: {resource: power, then: [{add: {energy: {paid: true}}}]}}]
  示例·减费者:
    type: unit
    might: 3
    cost_changes: [{applies: optional_costs}]
  示例·轮盘:
    type: gear
    cost: 2
    abilities:
      - trigger: {event: chosen, subject: friendly, player: you}
        cost: {exhaust: true, energy: 1}
        effects: [{draw: 1}]
  示例·强化: {type: spell, cost: 1, target: unit, effects: [{might: 1}]}
  示例·门:
    type: gear
    cost: 2
    abilities:
      - cost: {exhaust: true}
        effects: [{boost_next_spell: {repeat_at_cost: true}}]
  示例·探: {type: spell, cost: 2, effects: [{draw: 1}]}
"""


def test_a_trigger_whose_only_candidate_is_its_source_has_no_target():
    state = board("base: [{id: 导, card: 示例·导师}]", "", "name: 北方战场")
    trace, final = play_scenario(CARDS, state, script="- move: 导\n  to: 北方战场\n")
    assert final.units["导"].effects == ()
    assert "355.9.b" in trace.cited() and "355.8" in trace.cited()


def test_power_kept_for_gear_abilities_does_not_pay_a_gear_abilitys_effect():
    state = board("legend: 示例·炉火, gear: [示例·转换器]")
    script = "- activate: 示例·炉火\n  ability: ability1\n- activate: 示例·转换器\n  ability: ability1\n"
    trace, final = play_scenario(CARDS, state, script=script)
    assert final.players["A"].energy == 0  # nothing paid, nothing added
    assert "377.1" in trace.cited()


def test_power_an_effect_may_spend_is_not_said_to_be_kept():
    state = board("power: {灵光: 1}, gear: [示例·转换器]")
    trace, final = play_scenario(CARDS, state, script="- activate: 示例·转换器\n  ability: ability1\n")
    assert final.players["A"].energy == 1 and "377.1" not in trace.cited()


def test_a_triggered_abilitys_cost_is_not_lowered_as_an_optional_cost():
    state = board("energy: 2, deck: 3, gear: [示例·轮盘], hand: [示例·强化], base: [{id: 减, card: 示例·减费者}]")
    trace, final = play_scenario(CARDS, state, script="- play: 示例·强化\n  targets: 减\n- pass:\n")
    assert final.players["A"].energy == 0 and final.players["A"].drawn == 1
    assert "356.2.b.1" in trace.cited()


def test_a_repeat_at_the_cards_cost_names_its_printed_cost():
    state = board("energy: 4, deck: 3, gear: [示例·门], hand: [示例·探]")
    script = "- activate: 示例·门\n  ability: ability1\n- pass:\n- play: 示例·探\n  repeat: 1\n- pass:\n"
    trace, final = play_scenario(CARDS, state, script=script)
    assert final.players["A"].drawn == 2 and final.players["A"].energy == 0
    assert "356.1.c" in trace.cited()
