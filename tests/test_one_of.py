"""“Do A or B”: a choice between instructions (``one_of``).  An ability's is made as it resolves (answered
``answer: {one_of: N}``; unanswered, the first, a default never made without defaults); a spell's own is its modes,
chosen as it is played (355.3: the play step's ``modes``, by number)."""

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


SPELL = """cards:
  示例·择一术:
    type: spell
    cost: 0
    keywords: {回响: 0}
    target: enemy_unit
    effects:
      - one_of:
          - [{deal: 2}]
          - [{stun: null}]
      - draw: 1
"""
SPELL_STATE = board("hand: [示例·择一术], deck: 3", "base: [{id: 靶, card: 先锋中士}]")


def test_a_spell_s_own_one_of_is_its_modes_chosen_as_it_is_played():
    """355.3: the choice is made as the spell is put on the chain — the play step's ``modes`` (by number) — and the
    instructions around the one_of are done in every mode."""
    trace, state = play_scenario(SPELL, SPELL_STATE, script="- play: 示例·择一术\n  targets: 靶\n  modes: [2]\n- pass:\n")
    assert state.units["靶"].stunned and state.units["靶"].damage == 0 and len(state.players["A"].hand) == 1
    cited = [{number for event in step.events for number in event.numbers} for step in trace.steps]
    assert "355.3" in cited[0] and "355.3" not in cited[1]


def test_each_execution_of_a_repeated_spell_chooses_its_own_branch():
    script = "- play: 示例·择一术\n  targets: 靶\n  repeat: 1\n  repeat_targets: [[靶]]\n  modes: [1, 2]\n- pass:\n"
    _, state = play_scenario(SPELL, SPELL_STATE, script=script)
    assert state.units["靶"].damage == 2 and state.units["靶"].stunned


def test_a_spell_played_without_its_branch_is_refused_and_an_answer_as_it_resolves_too():
    with pytest.raises(ScenarioStopped, match="须为每次执行选择一个模式"):
        play_scenario(SPELL, SPELL_STATE, script="- play: 示例·择一术\n  targets: 靶\n")
    with pytest.raises(ScenarioStopped, match="结算时不需要回答 one_of"):
        play_scenario(SPELL, SPELL_STATE, script="- play: 示例·择一术\n  targets: 靶\n  modes: [1]\n- pass:\n  answer: {one_of: 2}\n")


def test_the_options_of_playing_it_are_one_per_branch():
    from judgekit.engine import actions
    from judgekit.scenarios.scenario import parse

    state = parse("title: t\n" + SPELL + SPELL_STATE + "script: []\n", "t.yaml").state
    modes = {o.modes for o in actions.decision(state).options if isinstance(o, actions.Play)}
    assert modes == {("1",), ("2",)}
