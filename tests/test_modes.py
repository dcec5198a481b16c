"""Modes (355.3) written as ``{target, effects}``: each mode chooses its own targets, checked as the card is played and
again as it resolves; the older form (a mode's effects alone) chooses the card's ``target``."""

from __future__ import annotations

from conftest import board, play_scenario

from judgekit.engine import actions
from judgekit.scenarios.scenario import parse

CARDS = """cards:
  示例·两用:
    type: spell
    cost: 0
    target: enemy_unit
    modes:
      轰击:
        target: {who: enemy, where: base}
        effects: [{deal: 3}]
      拆除:
        target: {kind: gear}
        effects: [{kill: null}]
      削弱:
        effects: [{might: -1}]
  示例·装备:
    type: gear
    cost: 1
"""
STATE = board("hand: [示例·两用]", "gear: [示例·装备], base: [{id: 靶, card: 先锋中士}]")


def _played(mode: str, target: str, expect_illegal: bool = False):
    script = f"- play: 示例·两用\n  modes: [{mode}]\n  targets: {target}\n"
    script += "  expect_illegal: true\n" if expect_illegal else "- pass:\n"
    return play_scenario(CARDS, STATE, script=script)


def test_each_mode_chooses_by_its_own_target():
    _, state = _played("拆除", "示例·装备")
    assert "示例·装备" in [card.name for card in state.players["B"].trash]
    _, state = _played("轰击", "靶")
    assert state.units["靶"].damage == 3


def test_a_target_another_mode_would_choose_is_refused():
    _, state = _played("轰击", "示例·装备", expect_illegal=True)
    assert "示例·装备" not in [card.name for card in state.players["B"].trash]


def test_a_mode_without_its_own_target_chooses_the_card_s():
    _, state = _played("削弱", "靶")
    assert state.units["靶"].effects[-1].amount == -1


def test_the_options_of_a_play_are_each_mode_with_the_targets_it_may_choose():
    state = parse("title: t\n" + CARDS + STATE + "script: []\n", "t.yaml").state
    plays = [o for o in actions.decision(state).options if isinstance(o, actions.Play)]
    chosen = {(play.modes[0], play.targets[0]) for play in plays}
    assert ("拆除", ("示例·装备",)) in chosen and ("轰击", ("靶",)) in chosen
    assert ("轰击", ("示例·装备",)) not in chosen and ("拆除", ("靶",)) not in chosen


def test_a_mode_s_target_gone_as_it_resolves_does_nothing():
    """359.3.e — checked again as it resolves: the unit in a base moved to a battlefield is no longer a legal target."""
    cards = CARDS + "  示例·出击:\n    type: spell\n    cost: 0\n    keywords: {反应: null}\n    target: friendly_unit\n" \
                    "    effects: [{move: {to: 东}}]\n"
    state = board("hand: [示例·两用]", "hand: [示例·出击], gear: [示例·装备], base: [{id: 靶, card: 先锋中士}]",
                  battlefield="name: 东, controller: B")
    script = "- play: 示例·两用\n  modes: [轰击]\n  targets: 靶\n- pass: A\n- play: 示例·出击\n  player: B\n  targets: 靶\n- pass:\n"
    _, final = play_scenario(cards, state, script=script)
    assert final.units["靶"].damage == 0
