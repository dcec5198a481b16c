"""“Do A or B”: a choice between instructions the controller makes as the ability resolves (``one_of``, answered
``answer: {one_of: N}``; unanswered, the first, a default never made without defaults)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.errors import ScenarioStopped

CARDS = """cards:
  示例·信使:
    type: unit
    might: 2
    abilities:
      - trigger: played
        effects:
          - one_of:
              - [{draw: 1}]
              - [{buff: {to: self}}]
"""


def played(answer: str = "", defaults: str = ""):
    state = board("hand: [示例·信使], deck: 2")
    script = "- play: 示例·信使\n- pass:\n" + (f"  answer: {{one_of: {answer}}}\n" if answer else "")
    return play_scenario(defaults + CARDS, state, script=script)


def test_the_second_branch_chosen_is_done_and_not_the_first():
    trace, state = played("2")
    assert state.units["示例·信使"].buffs == 1 and state.players["A"].hand == []
    assert "355.3" in trace.cited()


def test_the_first_branch_chosen_draws():
    _, state = played("1")
    assert state.units["示例·信使"].buffs == 0 and len(state.players["A"].hand) == 1


def test_unanswered_the_engine_takes_the_first_as_a_default():
    trace, state = played()
    assert len(state.players["A"].hand) == 1
    assert any(event.default for step in trace.steps for event in step.events if "择一" in event.text)


def test_without_defaults_an_unanswered_choice_stops_the_run():
    with pytest.raises(ScenarioStopped, match="one_of"):
        played(defaults="defaults: false\n")


def test_a_branch_that_is_not_there_and_an_answer_too_many_are_refused():
    with pytest.raises(ScenarioStopped, match="只有 2 项"):
        played("3")
    with pytest.raises(ScenarioStopped, match="只问了 1 个“择一”"):
        played("[1, 2]")


def test_without_defaults_the_choice_is_a_question_answered_with_choose():
    state = board("hand: [示例·信使], deck: 2")
    trace, final = play_scenario("defaults: false\n" + CARDS, state, script="- play: 示例·信使\n- pass:\n- choose: 2\n")
    assert final.units["示例·信使"].buffs == 1 and not any(e.default for s in trace.steps for e in s.events)
