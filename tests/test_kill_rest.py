"""“Each player chooses a unit they control. Kill the rest.” (kill_rest): every player keeps one unit of their own —
a question asked of that player, in turn order from the turn player (303.2.a) — and every other unit is killed by the
one kill instruction, at the same time (370.1.a.2, 428)."""

from __future__ import annotations

import pytest
from conftest import board, compiled_in_both, play_scenario

from judgekit.cardtext import CardSource, compile_card
from judgekit.errors import ScenarioStopped

CARDS = """cards:
  示例·余烬:
    type: spell
    effects: [{kill_rest: null}]
"""
A_UNITS = "hand: [示例·余烬], base: [{id: 甲, card: 先锋中士}, {id: 丁, card: 先锋中士}]"
B_UNITS = "base: [{id: 乙, card: 先锋中士}, {id: 丙, card: 先锋中士}]"


def cast(defaults: str = "", then: str = ""):
    return play_scenario(defaults + CARDS, board(A_UNITS, B_UNITS), script=f"- play: 示例·余烬\n- pass:\n{then}")


def test_each_player_keeps_one_unit_and_the_rest_die():
    _, state = cast()
    assert sorted(unit.controller for unit in state.units.values()) == ["A", "B"]


def _asked(then: str = "") -> tuple[str, str]:
    """The question the run stops at with the answers *then*: its kind and whom it is asked of."""
    with pytest.raises(ScenarioStopped) as stopped:
        cast("defaults: false\n", then)
    return stopped.value.trace.pending["kind"], stopped.value.trace.pending["player"]


def test_each_player_answers_their_own_question_the_turn_player_first():
    assert _asked() == ("keep_own", "A")
    assert _asked("- choose: [丁]\n  player: A\n") == ("keep_own", "B")
    _, state = cast("defaults: false\n", "- choose: [丁]\n  player: A\n- choose: [丙]\n  player: B\n")
    assert set(state.units) == {"丁", "丙"}


def test_a_player_without_units_keeps_none():
    _, state = play_scenario(CARDS, board(A_UNITS.replace("{id: 甲, card: 先锋中士}, {id: 丁, card: 先锋中士}", ""),
                                          B_UNITS), script="- play: 示例·余烬\n- pass:\n")
    assert [unit.controller for unit in state.units.values()] == ["B"]


def _compiled(text: str):
    return compile_card(CardSource("T-210", "en", text, {"type": "spell", "cost": 8}, "试验牌"))


def test_zh_and_en_compile_to_one_tree_and_the_rendering_reads_back():
    tree = compiled_in_both("每名玩家各选择自己控制的一名单位，并摧毁其余所有单位。",
                            "Each player chooses a unit they control. Kill the rest.", {"type": "spell", "cost": 8})
    assert tree["effects"] == [{"kill_rest": None}]


def test_the_choice_without_the_kill_is_not_read():
    assert _compiled("Each player chooses a unit they control.").status == "not_understood"
    assert _compiled("Each player chooses a unit they control. Draw 1.").status == "not_understood"
