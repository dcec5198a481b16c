"""“Kill a friendly unit. If you do, give +Might equal to its Might to another friendly unit”: “if you do” after an
instruction that is no “you may” reads whether its action was done — a kill replaced (recalled instead) was not
(359.3.e.14.b), and the instructions after it that do not reference it are done anyway; the killed unit's Might is
looked back at as it last was on the board (359.3.e.13)."""

from __future__ import annotations

import pytest
from conftest import board, flow, play_scenario

from judgekit.cardtext import CardSource, compile_card
from judgekit.engine import layers

GRIP = "摧毁一名友方单位。若如此做，则让你基地中的一名友方单位在本回合内获得等同于前者战力的+战力加成。然后，抽两张牌。"


def _compiled(text: str):
    return compile_card(CardSource("T-305", "zh", text, {"type": "spell", "cost": 0}, "试验牌"))


def test_if_you_do_after_a_kill_compiles_and_back():
    result = _compiled(GRIP)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["target"] == [{"who": "friendly"}, {"who": "friendly", "where": "base"}]
    assert result.tree["effects"] == [
        {"kill": {"to": {"target": 1}}},
        {"might": {"to": {"target": 2}, "amount": {"might_of": {"target": 1}}, "if": {"you_did": True}}},
        {"draw": 2}]
    assert _compiled(result.understood).tree == result.tree, result.understood


@pytest.mark.parametrize("text", [
    "抽一张牌。若如此做，则抽一张牌。",  # a draw is no action “if you do” reads without a “you may”
    "让一名友方单位在本回合内获得等同于前者战力的+战力加成。",  # “前者” with no two units chosen
])
def test_what_is_not_read(text):
    assert _compiled(text).status == "not_understood"


CARDS = f"""cards:
  示例·扼: {flow(_compiled(GRIP).tree)}
  示例·沙漏: {{type: spell, cost: 0, target: friendly_unit, effects: [{{replace_death: null}}]}}
  示例·大个: {{type: unit, cost: 6, might: 6}}
"""
STATE = board("hand: [示例·扼, 示例·沙漏], deck: 4, base: [{id: 甲, card: 示例·大个}, {id: 乙, card: 先锋中士}]")


def test_the_killed_units_might_as_it_last_was_is_given():
    trace, final = play_scenario(CARDS, STATE, script="- play: 示例·扼\n  targets: [甲, 乙]\n- pass:\n")
    assert "甲" not in final.units and layers.might(final, final.units["乙"]) == 4 + 6 and "359.3.e.13" in trace.cited()
    assert final.players["A"].drawn == 2


def test_a_kill_replaced_gives_nothing_but_the_draw_is_done():
    script = ("- play: 示例·沙漏\n  targets: 甲\n- pass:\n"  # 甲's next death this turn: recalled instead
              "- play: 示例·扼\n  targets: [甲, 乙]\n- pass:\n")
    trace, final = play_scenario(CARDS, STATE, script=script)
    assert "甲" in final.units and layers.might(final, final.units["乙"]) == 4
    assert final.players["A"].drawn == 2 and "359.3.e.14.a" in trace.cited()


def test_the_english_wording_compiles_to_the_same_tree():
    text = "Kill an enemy unit. If you do, give +Might equal to its Might to a friendly unit this turn."
    result = compile_card(CardSource("T-305", "en", text, {"type": "spell", "cost": 0}, "试验牌"))
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["target"] == [{"who": "enemy"}, {"who": "friendly"}]
    assert result.tree["effects"] == [
        {"kill": {"to": {"target": 1}}},
        {"might": {"to": {"target": 2}, "amount": {"might_of": {"target": 1}}, "if": {"you_did": True}}}]
    assert _compiled(result.understood).tree == result.tree, result.understood
