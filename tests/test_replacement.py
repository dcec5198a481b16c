"""Replacement effects (367–375) and prevention (437): one pipeline for every replaceable event."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import board, play_scenario

from judgekit.errors import ScenarioError
from judgekit.scenarios.scenario import parse

ROOT = Path(__file__).resolve().parents[1]

SPELLS = """
cards:
  气合盾:
    type: spell
    cost: 2
    target: unit
    effects: [{prevent: 7}]
  莲花陷阱:
    type: spell
    cost: 2
    target: unit
    effects: [{double_damage: null}]
  反击风暴:
    type: spell
    cost: 2
    target: unit
    effects: [{prevent: next}]
  命运之镜:
    type: spell
    cost: 2
    target: unit
    effects: [{replace_death: null}]
  敲诈:
    type: spell
    cost: 1
    target: unit
    effects: [{might: {amount: -1, min: 1}}]
  削弱:
    type: spell
    cost: 1
    target: unit
    effects: [{might: -1}]
  梅尔:
    type: champion
    cost: 4
    might: 4
    replacements: [{event: might, affects: chosen, extra: -1}]
  普朗克:
    type: champion
    cost: 6
    might: 6
    replacements: [{event: might, affects: me_chosen, becomes: 3}]
"""

COMBAT = board(
    "base: [{id: 中士, card: 先锋中士}]", "", "name: 北方战场, controller: B, units: [{id: 贤者, card: 和风贤者}]"
)


def run(state: str, script: str, extra: str = ""):
    """Play *state* with the spells above; *extra* is more top-level YAML, or more cards when it is indented."""
    return play_scenario(SPELLS + extra, state, script=script)


def texts(trace) -> list[str]:
    return [event.text for step in trace.steps for event in step.events]


SHIELDED_ATTACK = """
  - {resolve: 气合盾, targets: 中士, controller: A}
  - {resolve: 莲花陷阱, targets: 中士, controller: A}
  - {move: 中士, to: 北方战场}
  - assign: {A: {贤者: 4}, B: {中士: 7}}
"""


def test_the_affected_units_controller_orders_prevention_and_doubling():
    _, shield_first = run(COMBAT, SHIELDED_ATTACK, "replacement_order: {中士: [气合盾, 莲花陷阱]}\n")
    assert "中士" in shield_first.units  # 7 prevented whole: no damage event is left to double
    trace, double_first = run(COMBAT, SHIELDED_ATTACK, "replacement_order: {中士: [莲花陷阱, 气合盾]}\n")
    assert "中士" not in double_first.units  # 14, then 7 prevented: 7 damage kills a 4-might unit
    assert any("14 → 7" in text for text in texts(trace))


def test_without_an_answer_the_engine_takes_the_oldest_and_marks_the_default():
    trace, _ = run(COMBAT, SHIELDED_ATTACK)
    ordering = [e for step in trace.steps for e in step.events if "372" in str(e.rules) or "replacement_order" in e.rules]
    assert ordering and ordering[0].default
    assert "莲花陷阱 → 气合盾" in ordering[0].text  # every order is offered


def test_an_order_that_was_not_offered_names_the_file_and_line():
    with pytest.raises(ScenarioError, match=r"test\.yaml:\d+: 替代效果的顺序须为以下之一") as error:
        run(COMBAT, SHIELDED_ATTACK, "replacement_order: {中士: [命运之镜]}\n")
    assert error.value.exit_code == 2


def test_without_defaults_the_order_is_a_decision_the_script_owes():
    with pytest.raises(ScenarioError, match="待回答的问题：.*决定先施加哪个替代效果.*可选：气合盾；莲花陷阱|待回答的问题：.*决定先施加哪个替代效果.*可选：莲花陷阱；气合盾"):
        run(COMBAT, SHIELDED_ATTACK, "defaults: false\n")


def test_the_lethal_amount_counts_the_prevent_value():
    _, final = run(COMBAT, "  - {resolve: 气合盾, targets: 中士, controller: A}\n  - {move: 中士, to: 北方战场}\n  - {assign: {A: {贤者: 4}}}\n")
    assert "中士" in final.units  # B's default assignment of 7 is all prevented (437.5.a)


BOARD = board(
    "base: [{id: 梅尔, card: 梅尔}, {id: 普朗克, card: 普朗克}, {id: 中士, card: 先锋中士}]",
    "base: [{id: 小鬼, card: 贪玩的小鬼}]",
)


def test_next_damage_prevention_is_used_up_by_one_event():
    _, final = run(
        BOARD,
        """
  - {resolve: 反击风暴, targets: 中士, controller: A}
  - {effect: [{deal: 3}], targets: 中士, controller: B}
  - {effect: [{deal: 1}], targets: 中士, controller: B}
""",
    )
    assert final.units["中士"].damage == 1


def test_a_death_replacement_applies_to_the_next_death_only():
    trace, final = run(
        BOARD,
        """
  - {resolve: 命运之镜, targets: 中士, controller: A}
  - {effect: [{kill: null}], targets: 中士, controller: B}
  - {effect: [{kill: null}], targets: 中士, controller: B}
""",
    )
    assert "中士" not in final.units
    assert sum("将要阵亡，改为治疗" in text for text in texts(trace)) == 1


def test_each_copy_of_a_printed_replacement_applies_once_to_an_event():
    state = BOARD.replace("{id: 中士, card: 先锋中士}", "{id: 梅尔乙, card: 梅尔}")
    _, final = run(state, "  - {resolve: 削弱, targets: 小鬼, controller: A}\n")
    assert final.units["小鬼"].effects[-1].amount == -3  # −1, and −1 from each Mel, once each (370.2)


def test_a_replacement_applies_only_to_what_the_controllers_effect_chose():
    _, final = run(BOARD, "  - {resolve: 削弱, targets: 小鬼, controller: B}\n")
    assert final.units["小鬼"].effects[-1].amount == -1  # B's spell: Mel's replacement does not qualify


def test_the_replaced_event_keeps_the_original_limit():
    _, final = run(BOARD, "  - {resolve: 敲诈, targets: 小鬼, controller: A}\n")
    assert final.units["小鬼"].effects[-1].amount == -2  # 5 − 1 − 1 = 3: the floor of 1 does not bind


def test_a_decrease_becomes_an_increase_when_there_is_a_decrease_to_replace():
    _, final = run(BOARD, "  - {resolve: 削弱, targets: 普朗克, controller: A}\n")
    assert final.units["普朗克"].effects[-1].amount == 3


def test_this_turn_replacements_end_with_the_turn():
    _, final = run(
        BOARD,
        "  - {resolve: 反击风暴, targets: 中士, controller: A}\n  - {end_turn: null}\n",
    )
    assert final.replacements == []


def test_a_printed_replacement_that_says_nothing_instead_is_refused_with_its_line():
    text = "title: t\ncards:\n  怪:\n    type: unit\n    might: 3\n    replacements:\n      - {event: die, extra: -1}\n"
    text += "state:\n  players:\n    A: {}\n    B: {}\nscript: []\n"
    with pytest.raises(ScenarioError, match=r"test\.yaml:7: 怪：替代能力无法施加——event die 的替代须写明且只写一项：recall") as error:
        parse(text, "test.yaml")
    assert error.value.exit_code == 2


def test_a_stun_on_a_unit_not_yet_stunned_is_an_event_a_replacement_can_replace():
    cards = "  踢开:\n    type: spell\n    cost: 1\n    target: unit\n    effects: [{stun: null}]\n"
    state = BOARD.replace("{id: 普朗克, card: 普朗克}", "{id: 普朗克, card: 普朗克乙}")
    extra = "  普朗克乙:\n    type: champion\n    might: 6\n    replacements: [{event: stun, affects: me_chosen, becomes: 3}]\n"
    _, final = run(state, "  - {resolve: 踢开, targets: 普朗克, controller: B}\n", extra + cards)
    assert not final.units["普朗克"].stunned and final.units["普朗克"].effects[-1].amount == 3


def test_a_step_that_only_approximates_the_cards_is_flagged_in_the_trace():
    trace, _ = run(BOARD, "  - {effect: [{deal: 1}], targets: 中士, controller: B, approximated: 触发以效果直接结算}\n")
    assert trace.steps[0].events[0].text == "〔近似〕触发以效果直接结算"


def test_two_printed_replacements_of_one_card_each_apply_once():
    extra = "  双梅尔:\n    type: champion\n    might: 4\n    replacements: [{event: might, affects: chosen, extra: -1}, {event: might, affects: chosen, extra: -1}]\n"
    state = BOARD.replace("{id: 梅尔, card: 梅尔}", "{id: 梅尔, card: 双梅尔}")
    _, final = run(state, "  - {resolve: 削弱, targets: 小鬼, controller: A}\n", extra)
    assert final.units["小鬼"].effects[-1].amount == -3


def test_an_attached_gear_replaces_its_units_death_by_dying_itself_and_an_unattached_copy_does_nothing():
    extra = "  天使:\n    type: gear\n    cost: 2\n    replacements: [{event: die, affects: attached, recall: true, exhaust: false, kill_self: true}]\n"
    state = """
state:
  turn: {player: B, phase: main}
  players:
    A:
      gear: [天使]
      base:
        - {id: 中士, card: 先锋中士, attached: [天使]}
        - {id: 后卫, card: 军团后卫}
    B: {}
"""
    _trace, final = run(state, "  - {effect: [{kill: null}], targets: [中士, 后卫], controller: B}\n", extra)
    sergeant = final.units["中士"]
    assert sergeant.attached == [] and not sergeant.exhausted and sergeant.location == "base:A"
    assert "后卫" not in final.units  # the unattached copy's text does not work (718.3)
    assert [card.name for card in final.players["A"].trash] == ["天使", "军团后卫"]
