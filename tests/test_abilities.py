"""The typed ability tree in card definitions: triggers, costs, conditions, limits, and the old short form."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from judgekit.engine import actions as act
from judgekit.engine.cards import AbilityCost, Trigger
from judgekit.errors import ScenarioError
from judgekit.scenarios.runner import run
from judgekit.scenarios.scenario import load, parse

HERE = Path(__file__).with_name("abilities")

SCENARIO = """
title: 能力树
cards:
  守望者:
    type: unit
    might: 2
    triggers:
      attack:
        - draw: 1
    abilities:
      - name: 送别
        trigger: {event: killed, subject: friendly}
        condition: {mighty: true}
        limit: turn
        effects: [{draw: 1}]
      - cost: {energy: 1, exhaust: true}
        target: enemy_unit
        effects: [{deal: 2}]
        duration: turn
state:
  turn: {player: A, phase: main}
  players:
    A: {base: [{id: 甲, card: 守望者}]}
    B: {}
script: []
"""


def test_the_ability_tree_is_read_with_the_short_form():
    card = parse(SCENARIO, "t.yaml").state.cards["守望者"]
    attack, farewell, activated = card.abilities
    assert attack.name == "attack" and attack.trigger == Trigger("attacked", "self")
    assert farewell.trigger == Trigger("killed", "friendly")
    assert farewell.condition == (("mighty", True),) and farewell.limit == "turn"
    assert activated.kind == "activated" and activated.name == "ability2"
    assert activated.cost == AbilityCost(energy=1, exhaust=True) and activated.target.who == "enemy"
    assert card.triggers == {"attack": ({"draw": 1},), "送别": ({"draw": 1},)}


def test_a_trigger_on_an_unknown_event_names_the_line():
    bad = SCENARIO.replace("event: killed", "event: exploded")
    with pytest.raises(ScenarioError, match=r"t\.yaml:1[0-9]: .*event"):
        parse(bad, "t.yaml")


def test_triggers_watch_deaths_in_turn_order_once_per_turn_and_check_conditions():
    trace = _passing_run("watchers")
    lines = [event.text for step in trace.steps for event in step.events]
    # B's trigger went on the chain last (turn player first, 383.3.d.1), so it resolved first.
    resolved = [text for text in lines if text.endswith(" 结算")]
    assert resolved[:2] == ["乙 的ability1能力 结算", "甲 的ability1能力 结算"]


def test_an_activated_ability_pays_its_cost_and_waits_on_the_chain():
    _passing_run("activated")
    scenario = load(HERE / "activated.yaml")
    options = act.decision(scenario.state).options
    assert act.Activate("A", "甲", "投石") in options


def test_a_card_discarded_to_pay_an_activated_ability_is_one_of_the_turns_discards():
    trace = _passing_run("discard_cost")  # the player's question, then “discarded this turn” holds (422.1.a)
    assert not [event.text for step in trace.steps for event in step.events if event.default]
    defaults = load(HERE / "discard_cost.yaml")
    state, events = act.apply(replace(defaults.state, defaults=True), defaults.script[0].action)
    assert [card.name for card in state.players["A"].trash] == ["海克斯射线"]  # the newest, as the engine's choice
    assert any(event.default and "弃掉 海克斯射线" in event.text for event in events)
    assert [event.kind for event in state.this_turn].count("discarded") == 1


def test_a_reflexive_trigger_follows_its_ability_and_the_duration_reaches_the_effects():
    trace = _passing_run("reflexive")
    texts = [event.text for step in trace.steps for event in step.events]
    assert any("本场战斗战力 +2" in text for text in texts), texts


def _passing_run(name: str):
    """Run a scenario of tests/abilities/; every expectation must hold."""
    trace = run(load(HERE / f"{name}.yaml"))
    assert trace.verdicts and trace.passed, [(v.description, v.expected, v.actual) for v in trace.verdicts if not v.passed]
    return trace


def test_the_controller_orders_their_simultaneous_triggers_as_a_decision():
    _passing_run("ordered")
    after_kill = act.apply(load(HERE / "ordered.yaml").state, act.Resolve(effects=({"kill": None},), targets=("兵",), controller="A"))[0]
    orders = [option.order for option in act.decision(after_kill).options if isinstance(option, act.OrderTriggers)]
    assert sorted(orders) == [("甲 的记一笔能力", "甲 的记两笔能力"), ("甲 的记两笔能力", "甲 的记一笔能力")]


def test_a_unit_conquers_where_it_is():
    _passing_run("conqueror")


def test_the_schema_offers_exactly_the_events_the_engine_names():
    from judgekit.engine.cards import EVENT_NAMES
    from judgekit.scenarios.schema import schema

    assert schema()["$defs"]["trigger"]["anyOf"][0]["enum"] == list(EVENT_NAMES)


def test_becoming_mighty_is_an_event_only_when_crossing_the_threshold():
    _passing_run("becomes-mighty")


def test_a_trigger_here_sees_only_what_happens_where_its_source_is():
    _passing_run("arrivals")


def test_a_once_per_combat_trigger_performs_once_in_a_combat():
    _passing_run("once-per-combat")


def test_a_condition_about_its_own_unit_on_a_battlefield_is_refused():
    battlefield = """
title: t
cards:
  示例·战场:
    type: battlefield
    abilities:
      - trigger: conquered
        condition: {mighty: true}
        effects: [{draw: 1}]
state:
  turn: {player: A, phase: main}
  players: {A: {}, B: {}}
script: []
"""
    with pytest.raises(ScenarioError, match=r"t\.yaml:\d+: 示例·战场：mighty 是关于能力所在单位的条件"):
        parse(battlefield, "t.yaml")


def test_targets_for_an_activated_ability_that_chooses_none_are_refused():
    drawer = """
title: t
cards:
  示例·抽牌者:
    type: unit
    might: 2
    abilities:
      - name: 启
        cost: {energy: 0}
        effects: [{draw: 1}]
state:
  turn: {player: A, phase: main}
  players:
    A: {deck: 2, base: [{id: 甲, card: 示例·抽牌者}]}
    B: {}
script:
  - activate: 甲
    ability: 启
    targets: 甲
"""
    with pytest.raises(ScenarioError, match="不选择目标，脚本却给出了目标 甲"):
        run(parse(drawer, "t.yaml"))


def test_targets_for_an_inline_effect_that_acts_on_no_unit_are_refused():
    text = """
title: t
state:
  turn: {player: A, phase: main}
  players:
    A: {deck: 2, base: [{id: 甲, card: 先锋中士}]}
    B: {}
script:
  - effect: [{draw: 1}]
    targets: 甲
"""
    with pytest.raises(ScenarioError, match="不作用于单位，脚本却给出了目标 甲"):
        run(parse(text, "t.yaml"))
