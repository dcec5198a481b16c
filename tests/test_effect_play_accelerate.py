"""Accelerate offered for a unit an effect plays (805.1.a): asked as it enters, printed or gained (“friendly units
played from anywhere other than your hand have Accelerate”); the step that resolves the effect answers
``accelerate: true|false``; left open, the engine does not pay (a default), and without defaults it is a question."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.errors import ScenarioStopped

CARDS = """cards:
  示例·唤回者:
    type: unit
    might: 1
    abilities:
      - trigger: played
        effects: [{play: {from: trash, card: {kind: unit}, ignore_cost: true}}]
  示例·疾行者: {type: unit, might: 2, domains: [炽烈], keywords: {急速: null}}
OPTIONS"""

SCRIPT = "- play: 示例·唤回者\n- pass:\nANSWER"


def _run(answer: str = "", power: str = "{炽烈: 1}", options: str = "", verdicts_pass: bool = True):
    state = board(f"hand: [示例·唤回者], trash: [示例·疾行者], energy: 1, power: {power}")
    return play_scenario(CARDS.replace("OPTIONS", options), state, script=SCRIPT.replace("ANSWER", answer),
                         verdicts_pass=verdicts_pass)


def test_the_pass_that_resolves_the_play_pays_accelerate_and_the_unit_enters_ready():
    trace, final = _run("  accelerate: true\n")
    unit, player = final.units["示例·疾行者"], final.players["A"]
    assert not unit.exhausted and (player.energy, sum(player.power.values())) == (0, 0)
    assert "805.1.a" in trace.cited()


def test_left_open_the_engine_does_not_pay_a_default_marked():
    trace, final = _run()
    assert final.units["示例·疾行者"].exhausted and final.players["A"].energy == 1
    assert any(event.default and "急速" in event.text for step in trace.steps for event in step.events)


def test_answered_false_it_enters_exhausted_unpaid():
    _, final = _run("  accelerate: false\n")
    assert final.units["示例·疾行者"].exhausted and final.players["A"].energy == 1


def test_without_defaults_it_is_the_controllers_question():
    with pytest.raises(ScenarioStopped) as stopped:
        _run(options="defaults: false\n")
    pending = stopped.value.trace.pending
    assert pending is not None and (pending["kind"], pending["player"]) == ("accelerate", "A")


def test_paying_accelerate_without_a_rune_of_its_domain_is_refused():
    _, final = _run("  accelerate: true\n  expect_illegal: 805.1.a\n", power="{翠意: 1}")
    assert "示例·疾行者" not in final.units and final.players["A"].energy == 1  # the pass was refused, nothing paid


def test_accelerate_gained_by_where_it_was_played_from_is_offered_too():
    gains = """  示例·引路者:
    type: unit
    might: 1
    abilities:
      - static: {grant: 急速, to: {each: {who: friendly, played_from: {not: hand}}}}
  示例·步兵: {type: unit, might: 2, domains: [炽烈]}
"""
    state = board("hand: [示例·唤回者], trash: [示例·步兵], base: [{id: 引路者, card: 示例·引路者}], energy: 1, "
                  "power: {炽烈: 1}")
    _, final = play_scenario(CARDS.replace("OPTIONS", gains), state, script=SCRIPT.replace("ANSWER", "  accelerate: true\n"))
    assert not final.units["示例·步兵"].exhausted and final.players["A"].energy == 0
    assert final.units["示例·唤回者"].exhausted  # played from hand: no Accelerate, nothing asked
