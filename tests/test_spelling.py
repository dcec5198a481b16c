"""A judge's spellings of the card language (``scenarios/spelling.py``) and the shared conditions of a trigger: each
natural spelling plays as the one spelling it stands for, and a spelling that could mean two things is refused at
its line."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.errors import ScenarioError


def _played(cards: str, state: str, script: str = "- play: 示例\n"):
    return play_scenario(cards, state, script=script)


def _unit(effects: str, abilities: str = "") -> str:
    """A unit 示例 (Might 3) whose “when you play me” does *effects* (flow style), or with the *abilities* given."""
    body = abilities or f"    abilities:\n      - trigger: played\n        effects: {effects}\n"
    return f"cards:\n  示例:\n    type: unit\n    might: 3\n{body}"


@pytest.mark.parametrize("cards_in_hand, drawn", [(1, 1), (4, 0)])
def test_if_beside_a_verb_is_the_condition_of_that_verb(cards_in_hand, drawn):
    hand = ", ".join(["示例"] + ["先锋中士"] * (cards_in_hand - 1))
    _, state = _played(_unit("[{draw: 1, if: {hand: {le: 1}}}]"), board(f"hand: [{hand}], deck: 3"))
    assert len(state.players["A"].hand) == cards_in_hand - 1 + drawn


@pytest.mark.parametrize("gear, ready", [(2, True), (1, False)])
def test_a_null_verb_with_if_beside_it_and_a_bound_inside_the_filter_of_controls(gear, ready):
    cards = _unit("[{ready: null, if: {controls: {kind: gear, at_least: 2}}}]") + (
        "  示例·装备:\n    type: gear\n    cost: 1\n"
    )
    state = board("hand: [示例], gear: [" + ", ".join(["示例·装备"] * gear) + "]")
    _, final = _played(cards, state)
    assert final.units["示例"].exhausted is not ready


def test_a_parameter_beside_and_inside_a_verb_is_refused_at_its_line():
    with pytest.raises(ScenarioError, match="if 在 draw 旁边和里面各写了一次"):
        _played(_unit("[{draw: {amount: 1, if: {hand: {le: 1}}}, if: {hand: {le: 2}}}]"), board("hand: [示例]"))


def test_a_scalar_shorthand_with_no_amount_cannot_take_a_parameter_beside_it():
    with pytest.raises(ScenarioError, match="grant 的参数"):
        _played(_unit("[{grant: 强攻, if: {hand: {le: 1}}}]"), board("hand: [示例]"))


def test_a_bound_inside_and_beside_the_filter_is_refused():
    with pytest.raises(ScenarioError, match="at_least 在 controls 里面和旁边各写了一次"):
        _played(_unit("[{draw: {amount: 1, if: {controls: {kind: gear, at_least: 2}, at_least: 1}}}]"), board("hand: [示例]"))


@pytest.mark.parametrize("buffed, drawn", [(1, 1), (0, 0)])
def test_a_trigger_condition_takes_every_key_an_if_takes(buffed, drawn):
    """“When I conquer, if I have a buff, draw 1”: ``buffed`` (an `if:` key) in a triggered ability's condition."""
    abilities = "    abilities:\n      - trigger: conquered\n        condition: {buffed: true}\n        effects: [{draw: 1}]\n"
    state = board(f"base: [{{id: 示例, card: 示例, buffs: {buffed}}}], deck: 2", battlefield="name: 东")
    _, final = _played(_unit("", abilities), state, script="- move: 示例\n  to: 东\n- pass:\n")
    assert len(final.players["A"].hand) == drawn


@pytest.mark.parametrize("buffed, drawn", [(1, 0), (0, 1)])
def test_not_and_any_in_a_trigger_condition(buffed, drawn):
    abilities = ("    abilities:\n      - trigger: conquered\n        condition: {not: {buffed: true}, any: [{points: {le: 3}}]}\n"
                 "        effects: [{draw: 1}]\n")
    state = board(f"base: [{{id: 示例, card: 示例, buffs: {buffed}}}], deck: 2", battlefield="name: 东")
    _, final = _played(_unit("", abilities), state, script="- move: 示例\n  to: 东\n- pass:\n")
    assert len(final.players["A"].hand) == drawn


def test_target_self_is_the_source_and_target_in_its_instructions_is_self():
    abilities = ("    abilities:\n      - trigger: played\n        target: self\n"
                 "        effects: [{might: {amount: my_might, to: target, until: turn}}]\n")
    _, final = _played(_unit("", abilities), board("hand: [示例]"))
    assert final.units["示例"].effects[-1].amount == 3


def test_my_might_is_an_amount_of_every_verb():
    _, final = _played(_unit("[{might: {amount: my_might, until: turn}}, {draw: {amount: my_might}}]"), board("hand: [示例], deck: 8"))
    assert len(final.players["A"].hand) == 6  # Might 3 + 3, then draw that many


def test_every_key_of_a_trigger_condition_has_a_name_in_the_trace():
    from judgekit.engine.triggers import CONDITION_NAMES
    from judgekit.scenarios.schema import schema

    keys = set(schema()["$defs"]["ability"]["properties"]["condition"]["properties"]) - {"at_least", "at_most"}
    assert keys <= set(CONDITION_NAMES), keys - set(CONDITION_NAMES)


SPELL_AT_BASE = """cards:
  示例·基地射击:
    type: spell
    cost: 0
    target: {who: enemy, where: base}
    effects: [{deal: 2}]
"""


@pytest.mark.parametrize("where, legal", [("base", True), ("battlefield", False)])
def test_a_target_at_base_chooses_units_in_a_base_only(where, legal):
    """``where: base`` in a target spec, as in a FILTER: “choose an enemy unit in a base”."""
    b = "base: [{id: 靶, card: 先锋中士}]" if where == "base" else ""
    field = "name: 东, controller: B, units: [{id: 靶, card: 先锋中士}]" if where == "battlefield" else ""
    state = board("hand: [示例·基地射击]", b, battlefield=field)
    script = "- play: 示例·基地射击\n  targets: 靶\n" + ("- pass:\n" if legal else "  expect_illegal: true\n")
    _, final = play_scenario(SPELL_AT_BASE, state, script=script)
    assert final.units["靶"].damage == (2 if legal else 0)


def test_a_trigger_condition_on_its_own_unit_s_buff_is_refused_on_a_battlefield():
    """``buffed`` reads the source's buff: on a card that is never a unit it could never hold (a clear refusal, as
    ``mighty``'s), not a condition silently false."""
    cards = ("cards:\n  示例·战场:\n    type: battlefield\n    abilities:\n      - trigger: conquered\n"
             "        condition: {buffed: true}\n        effects: [{draw: 1}]\n")
    with pytest.raises(ScenarioError, match="buffed 是关于能力所在单位的条件"):
        play_scenario(cards, board(), script="- pass:\n")


def test_a_condition_beside_a_link_is_refused_with_where_it_goes():
    with pytest.raises(ScenarioError, match="may 的参数是一组指示，if 不能写在它旁边"):
        _played(_unit("[{may: [{draw: 1}], if: {hand: {le: 1}}}]"), board("hand: [示例]"))
