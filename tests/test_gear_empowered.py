"""Empowered on gear (441.2, 719.4.a): a gear's own Empower (“Empower — ①, Exhaust”), another ability empowering a
chosen gear, and “if this is Empowered” read from the gear; an attached gear keeps its status apart from its unit."""

from __future__ import annotations

from conftest import board, play_scenario

from judgekit.engine import gear
from judgekit.engine.trace import Log

CARDS = """cards:
  示例·龙蛋:
    type: gear
    empower: {cost: {energy: 1, exhaust: true}}
    abilities:
      - cost: {exhaust: true}
        timing: reaction
        effects:
          - add: {energy: 1, if: {not: {empowered: true}}}
          - add: {energy: 2, if: {empowered: true}}
  示例·工坊:
    type: gear
    abilities:
      - cost: {exhaust: true}
        target: {kind: gear, other: true}
        effects: [{empower: null}]
"""


def test_a_gear_empowered_by_its_own_empower_adds_more():
    state = board("gear: [示例·龙蛋], runes: 1")
    _, final = play_scenario(CARDS, state, script="- activate: 示例·龙蛋\n  ability: 强化\n- pass:\n")
    assert final.gear["示例·龙蛋"].empowered == 1 and final.gear["示例·龙蛋"].exhausted
    state = board("gear: [示例·龙蛋], runes: 1, deck: 5", "deck: 5")
    script = "- activate: 示例·龙蛋\n  ability: 强化\n- pass:\n- end_turn:\n- end_turn:\n- activate: 示例·龙蛋\n  ability: ability1\n"
    _, final = play_scenario(CARDS, state, script=script)
    assert final.players["A"].energy == 2


def test_an_unempowered_gear_adds_one():
    _, final = play_scenario(CARDS, board("gear: [示例·龙蛋]"), script="- activate: 示例·龙蛋\n  ability: ability1\n")
    assert final.players["A"].energy == 1


def test_another_gear_empowers_a_chosen_gear_attached_or_not():
    state = board("gear: [示例·工坊, 示例·龙蛋]")
    _, final = play_scenario(CARDS, state, script="- activate: 示例·工坊\n  ability: ability1\n  targets: 示例·龙蛋\n- pass:\n")
    assert final.gear["示例·龙蛋"].empowered == 1 and final.gear["示例·工坊"].empowered == 0
    state = board("gear: [示例·工坊], base: [{id: 中士, card: 先锋中士, attached: [示例·龙蛋]}]")
    _, final = play_scenario(CARDS, state, script="- activate: 示例·工坊\n  ability: ability1\n  targets: 示例·龙蛋\n- pass:\n")
    sergeant = final.units["中士"]
    assert sergeant.gear_empowered == ("示例·龙蛋",) and sergeant.empowered == 0
    gear.detach(final, Log(), sergeant, "示例·龙蛋")  # detached, it is still empowered (its own status)
    assert [(g.card, g.empowered) for g in final.gear.values() if g.card == "示例·龙蛋"] == [("示例·龙蛋", 1)]
