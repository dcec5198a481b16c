"""“It can't be chosen by enemy spells and abilities this turn” (758) as an effect: protect, until the turn ends."""

from __future__ import annotations

from conftest import board, play_scenario

from judgekit.engine.layers import untargetable_by

CARDS = """cards:
  示例·庇护: {type: spell, target: friendly_unit, effects: [{protect: null}]}
"""


def played(then: str = ""):
    state = board("hand: [示例·庇护], base: [{id: 友, card: 先锋中士}], deck: 3", "deck: 3")
    return play_scenario(CARDS, state, script="- play: 示例·庇护\n  targets: 友\n- pass:\n" + then)


def test_enemy_spells_cannot_choose_it_its_controllers_can():
    trace, state = played()
    assert untargetable_by(state, "B", state.units["友"]) and not untargetable_by(state, "A", state.units["友"])
    assert "758" in trace.cited()


def test_the_protection_ends_with_the_turn():
    _, state = played("- end_turn:\n")
    assert not untargetable_by(state, "B", state.units["友"])
