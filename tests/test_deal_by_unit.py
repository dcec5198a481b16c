"""“It deals damage equal to its Might to a chosen unit” (417.6.b.3): ``deal: {by: SELECTOR}`` makes that unit the source
of the damage, its controller responsible; no spell's Bonus Damage is added; gone, it deals nothing."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·借力:
    type: spell
    target: [friendly_unit, enemy_unit]
    effects: [{deal: {amount: {might_of: {target: 1}}, by: {target: 1}, to: {target: 2}}}]
  示例·巨人: {type: unit, might: 6}
"""


def test_the_friendly_unit_deals_its_might_and_is_the_source():
    state = board("hand: [示例·借力], base: [{id: 友, card: 先锋中士}]", "base: [{id: 敌, card: 示例·巨人}]")
    trace, final = play_scenario(CARDS, state, script="- play: 示例·借力\n  targets: [友, 敌]\n- pass:\n")
    assert final.units["敌"].damage == 4 and final.units["敌"].dealt_by.sources == ("友",)
    assert "417.6.b.3" in trace.cited()


def test_by_with_split_splits_the_units_might_the_unit_the_source():
    cards = CARDS.replace("target: [friendly_unit, enemy_unit]", "target: [friendly_unit, {who: enemy, up_to: null}]")
    cards = cards.replace("to: {target: 2}}", "to: {target: 2}, split: true}")
    state = board("hand: [示例·借力], base: [{id: 友, card: 先锋中士}]",
                  "base: [{id: 敌, card: 示例·巨人}, {id: 敌二, card: 示例·巨人}]")
    trace, final = play_scenario(cards, state, script="- play: 示例·借力\n  targets: [友, 敌, 敌二]\n- resolve_chain:\n"
                                                      "  split: {敌: 1, 敌二: 3}\n")
    assert (final.units["敌"].damage, final.units["敌二"].damage) == (1, 3)
    assert final.units["敌二"].dealt_by.sources == ("友",) and "417.6.b.3" in trace.cited()
