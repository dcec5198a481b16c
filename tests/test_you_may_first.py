"""383.3.a — a triggered ability whose effect opens with “you may” is performed or not as its controller decides
while it is finalized: declined, it never goes on the chain (nothing to respond to, no target chosen); taken, it
resolves without asking again, and an “if you do” after it reads the choice made then."""

from __future__ import annotations

import pytest
from conftest import play_scenario

from judgekit.errors import ScenarioError

CARDS = """cards:
  示例·拆卸者:
    type: unit
    cost: 0
    might: 2
    abilities:
      - trigger: played
        target: {kind: gear}
        effects: [{may: [{kill: null}]}, {when: {if: {you_did: true}, effects: [{draw: 1}]}}]
"""

STATE = """defaults: false
state:
  turn: {player: A, phase: main}
  players:
    A: {hand: [示例·拆卸者], deck: 3}
    B: {gear: [长剑]}
"""


def test_declined_as_it_is_finalized_it_never_reaches_the_chain():
    _, final = play_scenario(CARDS, STATE, script="- play: 示例·拆卸者\n- choose: false\n  player: A\n")
    assert final.chain == []
    assert any(gear.card == "长剑" for gear in final.gear.values())


def test_taken_it_resolves_without_asking_again_and_if_you_do_holds():
    trace, final = play_scenario(CARDS, STATE, script="- play: 示例·拆卸者\n- choose: true\n  player: A\n"
                                                      "- pass: A\n- pass: B\n")
    assert not any(gear.card == "长剑" for gear in final.gear.values())
    assert len(final.players["A"].hand) == 1  # the linked draw: the “you may” counted as done
    assert "383.3.a" in {number for step in trace.steps for event in step.events for number in event.numbers}


def test_an_answer_on_the_resolving_step_is_refused_the_choice_was_made_on_the_chain():
    with pytest.raises(ScenarioError, match="只问了 0 个“你可以……”"):
        play_scenario(CARDS, STATE.replace("defaults: false\n", ""),
                      script="- play: 示例·拆卸者\n- pass:\n  answer: {may: false}\n")
