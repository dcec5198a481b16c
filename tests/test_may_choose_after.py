"""383.3.a.3 — “you may …” decided as the instruction resolves: with defaults on the engine does it (a marked default),
and a ``choose: false`` right after the step that resolved it is the script's answer, the step running again from the
board before it; ``answer: {may: …}`` on the step still answers it there."""

from __future__ import annotations

import pytest
from conftest import play_scenario

from judgekit.errors import ScenarioError

CARDS = """cards:
  示例·机会: {type: spell, cost: 0, effects: [{may: [{draw: 2}]}, {draw: 1}]}
"""

STATE = """state:
  turn: {player: A, phase: main}
  players:
    A: {hand: [示例·机会], deck: 5}
    B: {}
"""


def _drawn(script: str) -> int:
    _, final = play_scenario(CARDS, STATE, script=script)
    return len(final.players["A"].hand)


def test_a_choose_after_the_step_declines_the_you_may():
    assert _drawn("- play: 示例·机会\n- pass:\n- choose: false\n") == 1


def test_unanswered_the_engine_does_it_and_answer_on_the_step_still_works():
    assert _drawn("- play: 示例·机会\n- pass:\n") == 3
    assert _drawn("- play: 示例·机会\n- pass:\n  answer: {may: false}\n") == 1


TRIGGER_CARDS = """cards:
  示例·信使:
    type: unit
    cost: 0
    might: 1
    abilities:
      - trigger: played
        effects: [{may: [{draw: 1}]}]
"""


def test_a_choose_does_not_reach_back_past_the_engines_own_passes():
    """The engine passed on the waiting trigger before the move (its “you may” taken by default): the choose after the
    move answers nothing the move asked, so it is refused rather than taken for the trigger's answer."""
    state = STATE.replace("hand: [示例·机会]", "hand: [示例·信使], base: [{id: 兵, card: 示例·信使}]").replace(
        "    B: {}", "    B: {}\n  battlefields:\n    - {name: 北}")
    with pytest.raises(ScenarioError, match="没有待回答的问题"):
        play_scenario(TRIGGER_CARDS, state, script="- play: 示例·信使\n- move: 兵\n  to: 北\n- choose: false\n")
