"""Empower and Disempower (441, 442, 827), the Empowered keyword (828), thresholds (709) and legends as objects."""

from __future__ import annotations

import pytest

from judgekit.engine import actions
from judgekit.errors import ScenarioError
from judgekit.scenarios import runner, scenario

CARDS = """cards:
  石像:
    type: unit
    cost: 2
    might: 2
    empower:
      cost: {energy: 1}
      might_each: 3
      keywords: {法盾: 2}
  巨兽:
    type: unit
    cost: 5
    might: 9
    abilities:
      - name: 加战力
        cost: {energy: 1}
        effects: [{might: 1}]
      - name: 变为十
        trigger: {event: might_changed, at_least: 10}
        effects: [{empower: null}]
  狼母:
    type: legend
    abilities:
      - name: 跟随
        trigger: {event: empowered, subject: friendly}
        effects: [{empower: null}]
"""
SCENARIO = """title: t
state:
  turn: {{player: A, phase: main}}
  players:
    A:
      legend: {legend}
      runes: 4
      base:
        - {{id: 石像, card: 石像{status}}}
        - {{id: 巨兽, card: 巨兽}}
    B: {{}}
script:
{script}
"""


def run(script: str, legend: str = "狼母", status: str = ""):
    loaded = scenario.parse(CARDS + SCENARIO.format(legend=legend, status=status, script=script), "s.yaml")
    return runner.play(loaded)


def test_empowering_gives_the_empowered_ability_and_might():
    trace, state = run("  - activate: 石像\n    ability: 强化\n  - pass:")
    unit = state.units["石像"]
    assert unit.empowered == 1 and "441.1" in trace.cited()
    assert "已强化" in runner.board(state)["unit:石像"]


def test_empower_can_be_activated_only_while_not_empowered():
    script = "  - activate: 石像\n    ability: 强化\n    expect_illegal: 827.1.c.1"
    trace, _ = run(script, status=", empowered: 1")
    assert trace.verdicts and all(v.passed for v in trace.verdicts)


def test_the_empower_ability_is_offered_as_an_option_of_the_decision():
    state = scenario.parse(CARDS + SCENARIO.format(legend="狼母", status="", script="  - pass:"), "s.yaml").state
    offered = {(a.unit, a.ability) for a in actions.legal_actions(state) if isinstance(a, actions.Activate)}
    assert ("石像", "强化") in offered


def test_disempowering_what_is_not_empowered_does_nothing():
    trace, state = run("  - effect: [{disempower: null}]\n    targets: 石像\n    controller: A")
    assert state.units["石像"].empowered == 0 and "442.1.a.1" in trace.cited()


def test_a_legend_sees_the_empowered_event_and_is_empowered_in_its_legend_zone():
    _, state = run("  - activate: 石像\n    ability: 强化\n  - pass:")
    assert state.legends["狼母"].empowered == 1 and state.legends["狼母"].controller == "A"


def test_might_becoming_ten_or_more_crosses_the_threshold_from_below():
    _, state = run("  - activate: 巨兽\n    ability: 加战力\n  - pass:")
    assert state.units["巨兽"].empowered == 1


def test_a_change_that_stays_above_the_threshold_does_not_trigger():
    script = "  - activate: 巨兽\n    ability: 加战力\n  - pass:\n  - activate: 巨兽\n    ability: 加战力\n  - pass:"
    loaded = scenario.parse(CARDS + SCENARIO.format(legend="狼母", status="", script=script), "s.yaml")
    loaded.state.units["巨兽"].empowered = 0
    trace, state = runner.play(loaded)
    assert state.units["巨兽"].empowered == 1  # from the first change (9 → 10) only
    assert any("一直在 10 或以上" in event.text for step in trace.steps for event in step.events)


def test_a_legend_must_be_a_legend_card():
    with pytest.raises(ScenarioError, match=r"s\.yaml:\d+: “石像”是 unit，不是传奇牌"):
        run("  - pass:", legend="石像")


def test_an_expectation_about_an_unknown_legend_names_the_known_ones():
    script = "  - pass:\n    expect:\n      - legend: 无名\n        empowered: 0"
    with pytest.raises(ScenarioError, match=r"s\.yaml:\d+: 没有传奇“无名”（局面中的传奇：狼母）"):
        run(script)


def test_an_effect_can_disempower_the_legend_its_controller_controls():
    script = "  - effect: [{disempower: legend}, {empower: null}]\n    targets: 石像\n    controller: A"
    text = SCENARIO.format(legend="{card: 狼母, empowered: 1}", status="", script=script)
    loaded = scenario.parse(CARDS + text, "s.yaml")
    trace, state = runner.play(loaded)
    assert state.units["石像"].empowered == 1 and "192.1" in trace.cited()


def test_a_trigger_on_something_else_ignores_its_own_event():
    cards = CARDS.replace("subject: friendly}", "subject: friendly, other: true}")
    script = "  - effect: [{empower: legend}]\n    controller: A"
    loaded = scenario.parse(cards + SCENARIO.format(legend="狼母", status="", script=script), "s.yaml")
    trace, state = runner.play(loaded)
    assert state.legends["狼母"].empowered == 1
    assert not any("跟随能力触发" in event.text for step in trace.steps for event in step.events)


def test_ready_gear_readies_exhausted_gear_of_the_effects_controller():
    text = CARDS + SCENARIO.format(legend="狼母", status="", script="  - effect: [{ready_gear: 1}]\n    controller: A")
    gear = "      gear: [{card: 齿轮, exhausted: true}, {card: 齿轮, exhausted: true}]\n"
    text = text.replace("      runes: 4\n", "      runes: 4\n" + gear)
    text = text.replace("  狼母:\n", "  齿轮:\n    type: gear\n    cost: 1\n  狼母:\n")
    trace, state = runner.play(scenario.parse(text, "s.yaml"))
    assert sorted(g.exhausted for g in state.gear.values()) == [False, True]
    assert any(event.default for step in trace.steps for event in step.events)  # which one: the engine's choice


def test_a_unit_gains_only_the_exhaust_cost_abilities_of_its_controllers_objects():
    cards = CARDS + """  博学家:
    type: unit
    cost: 3
    might: 3
    passives: {gains_exhaust_abilities: 1}
  工匠:
    type: unit
    cost: 2
    might: 2
    abilities:
      - {name: 修理, cost: {exhaust: true}, effects: [{ready_gear: 1}]}
      - {name: 打磨, cost: {energy: 1}, effects: [{ready_gear: 1}]}
"""
    text = SCENARIO.format(legend="狼母", status="", script="  - pass:").replace(
        "        - {id: 巨兽, card: 巨兽}\n", "        - {id: 博, card: 博学家}\n        - {id: 匠, card: 工匠}\n"
    )
    state = scenario.parse(cards + text, "s.yaml").state
    offered = {(a.unit, a.ability) for a in actions.legal_actions(state) if isinstance(a, actions.Activate)}
    assert ("博", "修理（工匠）") in offered and ("博", "打磨（工匠）") not in offered


def test_an_exhaust_me_to_cost_is_paid_as_the_trigger_goes_on_the_chain_or_it_stays_off():
    cards = CARDS.replace("        trigger: {event: empowered, subject: friendly}\n",
                          "        trigger: {event: empowered, subject: friendly}\n        cost: {exhaust: true}\n")
    script = "  - activate: 石像\n    ability: 强化\n  - pass:"
    _, state = runner.play(scenario.parse(cards + SCENARIO.format(legend="狼母", status="", script=script), "s.yaml"))
    assert state.legends["狼母"].exhausted and state.legends["狼母"].empowered == 1
    tired = SCENARIO.format(legend="{card: 狼母, exhausted: true}", status="", script=script)
    trace, state = runner.play(scenario.parse(cards + tired, "s.yaml"))
    assert state.legends["狼母"].empowered == 0 and "203.3" in trace.cited()


def test_a_triggered_ability_cost_other_than_exhausting_its_source_is_refused_at_its_line():
    cards = CARDS.replace("        trigger: {event: empowered, subject: friendly}\n",
                          "        trigger: {event: empowered, subject: friendly}\n        cost: {discard: 1}\n")
    with pytest.raises(ScenarioError, match=r"s\.yaml:\d+: 狼母：触发能力的费用（204.3.a）目前只能是横置来源"):
        scenario.parse(cards + SCENARIO.format(legend="狼母", status="", script="  - pass:"), "s.yaml")


def test_disempower_me_is_a_cost_a_legend_pays_only_while_empowered():
    cards = CARDS + """  狼后:
    type: legend
    abilities:
      - {name: 重置, cost: {disempower: self, exhaust: true}, target: friendly_unit, effects: [{ready: null}]}
"""
    script = "  - activate: 狼后\n    ability: 重置\n    targets: 石像\n    expect_illegal: 358.2\n"
    trace, _ = runner.play(scenario.parse(cards + SCENARIO.format(legend="狼后", status="", script=script), "s.yaml"))
    assert trace.verdicts and all(v.passed for v in trace.verdicts)
    paid = SCENARIO.format(legend="{card: 狼后, empowered: 1}", status="", script=script.split("    expect_illegal")[0])
    _, state = runner.play(scenario.parse(cards + paid, "s.yaml"))
    assert state.legends["狼后"].empowered == 0 and state.legends["狼后"].exhausted


def test_a_disempower_cost_is_paid_with_something_its_controller_controls():
    cards = CARDS.replace("        trigger: {event: empowered, subject: friendly}\n",
                          "        trigger: {event: empowered, subject: friendly, other: true}\n"
                          "        cost: {disempower: friendly}\n")
    script = "  - activate: 石像\n    ability: 强化\n  - pass:"
    trace, state = runner.play(scenario.parse(cards + SCENARIO.format(legend="狼母", status="", script=script), "s.yaml"))
    assert state.units["石像"].empowered == 0  # it paid with the only empowered object, 石像 itself
    assert state.legends["狼母"].empowered == 1 and "204.3.a" in trace.cited()


@pytest.mark.parametrize("runes, empowered", [("[炽烈, 灵光]", 1), ("[灵光, 灵光]", 0)])
def test_an_empower_cost_may_name_the_domain_of_its_power(runes, empowered):
    """“Empower ①Fury rune”: the cost is any cost an activated ability has, runes of a domain included."""
    cards = CARDS.replace("      cost: {energy: 1}\n      might_each", "      cost: {energy: 1, runes: [炽烈]}\n      might_each")
    script = "  - activate: 石像\n    ability: 强化\n" + ("  - pass:" if empowered else "    expect_illegal: true")
    text = cards + SCENARIO.format(legend="狼母", status="", script=script).replace("runes: 4", f"runes: {runes}")
    trace, state = runner.play(scenario.parse(text, "s.yaml"))
    assert state.units["石像"].empowered == empowered
    assert all(v.passed for v in trace.verdicts)
