"""“Move a unit to or from its base” (449.1: the move's source limits its destination): ``move: {to: to_or_from_base}``
— a unit at a battlefield goes to its base, one in its base to the battlefield chosen as the spell is played (the
play step's ``to``, 355.4), never from battlefield to battlefield. Synthetic card texts only."""

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


def _cast(unit_at_base: bool, to: str | None, refused: bool = False):
    spell = {**_compiled(ZH, "spell").tree, "cost": 0}
    enemy = "{id: 敌, card: 哨兵}"
    state = board("hand: [进退]", f"base: [{enemy}]" if unit_at_base else "",
                  "name: 北" if unit_at_base else f"name: 北, controller: B, units: [{enemy}]")
    script = "- play: 进退\n  targets: 敌\n" + (f"  to: {to}\n" if to else "")
    script += "  expect_illegal: 449.1\n" if refused else "- pass: A\n- resolve_chain:\n"
    return script, "cards:\n  哨兵: {type: unit, might: 1}\n  进退: " + _flow(spell) + "\n", state


@pytest.mark.parametrize(("unit_at_base", "to", "where"), [(False, None, "base:B"), (False, "base", "base:B"),
                                                          (True, "北", "北")])
def test_from_a_battlefield_to_its_base_and_from_its_base_to_a_battlefield(unit_at_base, to, where):
    script, cards, state = _cast(unit_at_base, to)
    trace, final = play_scenario(cards, state, script=script)
    assert final.units["敌"].location == where and not trace.verdicts


@pytest.mark.parametrize(("unit_at_base", "to", "stays"), [(True, None, "base:B"), (True, "base", "base:B"),
                                                          (False, "北", "北")])
def test_never_from_base_to_base_nor_from_battlefield_to_battlefield(unit_at_base, to, stays):
    script, cards, state = _cast(unit_at_base, to, refused=True)
    trace, final = play_scenario(cards, state, script=script)
    assert final.units["敌"].location == stays
    assert [verdict.passed for verdict in trace.verdicts] == [True]


# -- a place chosen as the spell is played (355.4), within the limits the card sets (449.1): ``to: {chosen: {…}}`` ------------------

LIMITED = [
    ("将一名友方单位移动到你控制的一处战场。", "Move a friendly unit to a battlefield you control.",
     {"battlefield": True, "controlled_by": "you"}),
    ("将一名友方单位移动到有你的单位的一处战场。", "Move a friendly unit to a battlefield where you have units.",
     {"battlefield": True, "units_of": "you"}),
    ("将一名友方单位移动到其控制者的其他单位所在的一处位置。",
     "Move a friendly unit to a location where there's a unit with the same controller.", {"units_of": "its_controller"}),
]


@pytest.mark.parametrize(("zh", "en", "where"), LIMITED, ids=[zh for zh, _, _ in LIMITED])
def test_a_limited_destination_in_both_languages_and_back(zh, en, where):
    tree = {"target": {"who": "friendly"}, "effects": [{"move": {"to": {"chosen": where}}}]}
    result = _compiled(zh, "spell")
    assert result.status == "compiled", result.problems
    assert {key: result.tree[key] for key in tree} == tree
    assert _compiled(result.understood, "spell").tree == result.tree
    english = compile_card(CardSource("TST-903", "en", en, {"type": "spell"}, "Practice Dummy"))
    assert english.status == "compiled", english.problems
    assert {key: english.tree[key] for key in tree} == tree


def _limited(zh: str, to: str):
    spell = {**_compiled(zh, "spell").tree, "cost": 0}
    cards = "cards:\n  哨兵: {type: unit, might: 1}\n  调度: " + _flow(spell) + "\n"
    state = ("state:\n  turn: {player: A, phase: main}\n  players:\n"
             "    A: {hand: [调度], base: [{id: 友, card: 哨兵}, {id: 伴, card: 哨兵}]}\n    B: {}\n  battlefields:\n"
             "    - {name: 北, controller: A}\n    - {name: 南, controller: B, units: [{id: 敌, card: 哨兵, controller: B}]}\n"
             "    - {name: 西, units: [{id: 驻, card: 哨兵, controller: A}]}\n")
    return cards, state, f"- play: 调度\n  targets: 友\n  to: {to}\n"


@pytest.mark.parametrize(("zh", "to", "where"), [
    (LIMITED[0][0], "北", "北"),  # a battlefield you control, empty
    (LIMITED[0][0], "西", None),  # uncontrolled
    (LIMITED[1][0], "西", "西"),  # your unit is there
    (LIMITED[1][0], "北", None),  # yours but none of your units there
    (LIMITED[2][0], "base", None),  # where it is: its other unit is beside it, but a move changes place (446.1)
    (LIMITED[2][0], "南", None),  # only an enemy unit there
    (LIMITED[2][0], "西", "西"),
])
def test_the_place_chosen_must_fit_the_limits_as_the_spell_is_played(zh, to, where):
    cards, state, script = _limited(zh, to)
    if where is None:
        script += "  expect_illegal: 449.1\n" if to != "base" else "  expect_illegal: 446.1\n"
    else:
        script += "- pass: A\n- resolve_chain:\n"
    trace, final = play_scenario(cards, state, script=script)
    assert final.units["友"].location == (where or "base:A")
    assert [verdict.passed for verdict in trace.verdicts] == ([] if where else [True])
