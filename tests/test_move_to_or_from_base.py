"""“Move a unit to or from its base” (449.1: the move's source limits its destination): ``move: {to: to_or_from_base}``
— a unit at a battlefield goes to its base, one in its base to the battlefield chosen as it resolves (the step's
``to``), never from battlefield to battlefield. Synthetic card texts only."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario
from test_cardtext_triggers import _compiled, _flow

from judgekit.cardtext import CardSource, compile_card

ZH = "在战场和其所属基地之间移动一名战力不高于3的敌方单位。抽一张牌。"
TREE = {"target": {"who": "enemy", "might": {"le": 3}},
        "effects": [{"move": {"to": "to_or_from_base"}}, {"draw": 1}]}


def test_the_chinese_wording_and_its_round_trip():
    result = _compiled(ZH, "spell")
    assert result.status == "compiled", result.problems
    assert {key: result.tree[key] for key in TREE} == TREE
    assert _compiled(result.understood, "spell").tree == result.tree


def test_the_english_wording_is_the_same_tree():
    text = "Move an enemy unit with 3 Might or less to or from its base. Draw 1."
    result = compile_card(CardSource("TST-902", "en", text, {"type": "spell"}, "Practice Dummy"))
    assert result.status == "compiled", result.problems
    assert {key: result.tree[key] for key in TREE} == TREE


def _cast(unit_at_base: bool, to: str | None):
    spell = {**_compiled(ZH, "spell").tree, "cost": 0}
    enemy = "{id: 敌, card: 哨兵}"
    state = board("hand: [进退]", f"base: [{enemy}]" if unit_at_base else "",
                  "name: 北" if unit_at_base else f"name: 北, controller: B, units: [{enemy}]")
    script = "- play: 进退\n  targets: 敌\n- pass: A\n- resolve_chain:\n" + (f"  to: {to}\n" if to else "")
    return script, "cards:\n  哨兵: {type: unit, might: 1}\n  进退: " + _flow(spell) + "\n", state


@pytest.mark.parametrize(("unit_at_base", "to", "where"), [(False, None, "base:B"), (False, "base", "base:B"),
                                                          (True, "北", "北")])
def test_from_a_battlefield_to_its_base_and_from_its_base_to_a_battlefield(unit_at_base, to, where):
    script, cards, state = _cast(unit_at_base, to)
    _, final = play_scenario(cards, state, script=script)
    assert final.units["敌"].location == where


@pytest.mark.parametrize(("unit_at_base", "to", "stays"), [(True, None, "base:B"), (True, "base", "base:B"),
                                                          (False, "北", "北")])
def test_never_from_base_to_base_nor_from_battlefield_to_battlefield(unit_at_base, to, stays):
    script, cards, state = _cast(unit_at_base, to)
    _, final = play_scenario(cards, state, script=script + "  expect_illegal: 449.1\n")
    assert final.units["敌"].location == stays
