"""The trace cites the rule that decided, at its most specific level: Quick-Draw's attach trigger (819.1.d), a later
linked instruction skipped with the earlier one (359.3.e.14.a), and one still done after the earlier one's action was
replaced (359.3.e.14.b)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario
from test_gear_keywords import QUICK_DRAW

from judgekit.errors import ScenarioStopped
from judgekit.scenarios.runner import run
from judgekit.scenarios.scenario import parse

CARDS = """cards:
  示例·刺: {type: spell, cost: 0, target: unit, effects: [{kill: null}, {draw: {amount: 2, who: target_controller}}]}
  示例·护: {type: spell, cost: 0, keywords: {反应: null}, target: unit, effects: [{replace_death: null}]}
  示例·走: {type: spell, cost: 0, keywords: {反应: null}, target: unit, effects: [{return_to_hand: null}]}
  示例·价: {type: spell, cost: 0, target: unit, effects: [{kill: null}, {draw: {amount: 1, if: {target_is: {who: enemy}}}}]}
"""


def test_quick_draw_attaching_as_it_is_played_cites_its_definition():
    assert "819.1.d" in run(parse(QUICK_DRAW, "t.yaml")).cited()


def _killed(answer: str, spell: str = "示例·刺"):
    state = board(f"hand: [{spell}], deck: 2", f"hand: [{answer}], deck: 2, base: [{{id: 靶, card: 先锋中士}}]")
    script = f"- play: {spell}\n  targets: 靶\n- pass: A\n- play: {answer}\n  player: B\n  targets: 靶\n- pass:\n"
    return play_scenario(CARDS, state, script=script)


def test_the_controller_of_a_target_gone_draws_nothing_with_the_kill_skipped():
    trace, final = _killed("示例·走")
    assert final.players["B"].drawn == 0 and "359.3.e.14.a" in trace.cited()


def test_a_kill_replaced_is_still_done_and_its_linked_draw_happens():
    trace, final = _killed("示例·护")
    assert "靶" in final.units and final.players["B"].drawn == 2 and "359.3.e.14.b" in trace.cited()


def test_a_condition_on_the_target_of_a_skipped_instruction_is_skipped_with_it():
    trace, final = _killed("示例·走", "示例·价")
    assert final.players["A"].drawn == 0 and "359.3.e.14.a" in trace.cited()


NAMING = """cards:
  示例·报名者:
    type: unit
    cost: 0
    might: 1
    abilities:
      - trigger: played
        effects: [{name_card: any}]
"""


def test_a_waiting_trigger_only_its_controller_can_answer_stops_a_step_that_needs_an_open_state():
    # naming a card (761) is asked with defaults on too: the engine cannot pass on it before a move
    state = board("hand: [示例·报名者], base: [{id: 中士, card: 先锋中士}]", battlefield="name: 北方")
    with pytest.raises(ScenarioStopped, match="第 1 步.*须先结算"):
        play_scenario(NAMING, state, script="- play: 示例·报名者\n- move: 中士\n  to: 北方\n")
