"""A unit an effect plays as it resolves goes on the chain pending (354.1–354.3): what is resolving finishes first,
then the pending items are finalized in the order they were appended (337.1.b) — the unit resolving at once as it is
(337.2) — so a trigger appended before it chooses its targets while the unit is not yet on the board, one appended
after it can choose it.  A unit token played where the effect does not say is its player's choice of place (355.2)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario, scenario_text

from judgekit.engine import actions as act
from judgekit.scenarios.scenario import parse

CARDS = """cards:
  示例·盔:
    type: gear
    abilities:
      - trigger: {event: killed, subject: friendly}
        target: {who: friendly}
        effects: [{buff: null}]
  示例·兵: {type: unit, cost: 5, might: 2}
  示例·换:
    type: spell
    cost: 0
    target: friendly_unit
    effects: ORDER
"""
KILL = "{kill: null}"
PLAY = "{play: {from: hand, card: {kind: unit}, ignore_cost: true}}"


@pytest.mark.parametrize(("order", "buffed"), [(f"[{KILL}, {PLAY}]", 0), (f"[{PLAY}, {KILL}]", 1)])
def test_the_played_unit_is_finalized_in_its_place_among_the_triggers(order, buffed):
    state = board("gear: [示例·盔], hand: [示例·换, 示例·兵], base: [{id: 甲, card: 先锋中士}]")
    trace, final = play_scenario(CARDS.replace("ORDER", order), state, script="- play: 示例·换\n  targets: 甲\n- pass:\n")
    (unit,) = [u for u in final.units.values() if u.card == "示例·兵"]
    assert unit.buffs == buffed  # killed first: the helm's trigger had no legal target yet and left the chain (355.8)
    assert {"354.3", "337.1.b"} <= set(trace.cited())


def test_a_played_token_without_a_place_is_its_players_question():
    cards = """cards:
  示例·卒: {type: token, might: 1}
  示例·召: {type: spell, cost: 0, effects: [{create: {token: 示例·卒, play: true}}]}
"""
    state = board("hand: [示例·召]", battlefield="name: 北方, controller: A, units: [{id: 守, card: 先锋中士, controller: A}]")
    scenario = parse(scenario_text("defaults: false\n", cards, state, script="- play: 示例·召\n- pass: A\n- pass: B\n"), "t.yaml")
    held = scenario.state
    for step in scenario.script:
        held, _ = act.apply(held, step.action)
    assert held.asked[0].kind == "location" and held.asked[0].options == (("base",), ("北方",))
    played, _ = act.apply(held, act.Choose(("北方",)))
    assert [u.location for u in played.units.values() if u.card == "示例·卒"] == ["北方"]


def test_each_token_played_asks_its_own_place():
    cards = """cards:
  示例·卒: {type: token, might: 1}
  示例·双: {type: spell, cost: 0, effects: [{create: {token: 示例·卒, play: true}}, {create: {token: 示例·卒, play: true}}]}
"""
    state = board("hand: [示例·双]", battlefield="name: 北方, controller: A, units: [{id: 守, card: 先锋中士, controller: A}]")
    script = "- play: 示例·双\n- pass: A\n- pass: B\n- choose: [base]\n- choose: [北方]\n"
    _, final = play_scenario("defaults: false\n", cards, state, script=script)
    assert sorted(u.location for u in final.units.values() if u.card == "示例·卒") == ["base:A", "北方"]
