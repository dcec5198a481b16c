"""“I can't be dealt damage unless I'm in combat”, “prevent all damage that enemy spells and abilities would deal to me”:
``{static: {cant: be_dealt_damage, by: any|enemy, while}}`` (054.1) — no damage is marked and no damaged event happens."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·石肤:
    type: unit
    might: 3
    abilities:
      - static: {cant: be_dealt_damage, while: {not: {in_combat: true}}}
  示例·符盾:
    type: unit
    might: 3
    abilities:
      - static: {cant: be_dealt_damage, by: enemy}
  示例·飞弹: {type: spell, cost: 0, target: unit, effects: [{deal: 2}]}
"""


def test_no_damage_outside_combat():
    state = board("hand: [示例·飞弹]", "base: [{id: 石, card: 示例·石肤}]")
    trace, final = play_scenario(CARDS, state, script="- play: 示例·飞弹\n  targets: 石\n- pass:\n")
    assert final.units["石"].damage == 0 and "054.1" in " ".join(trace.cited())


def test_only_enemy_spells_and_abilities_are_stopped():
    state = board("hand: [示例·飞弹]", "hand: [示例·飞弹], base: [{id: 盾, card: 示例·符盾}]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·飞弹\n  targets: 盾\n- pass:\n")
    assert final.units["盾"].damage == 0
    theirs = state.replace("player: A, phase: main", "player: B, phase: main")
    _, final = play_scenario(CARDS, theirs, script="- play: 示例·飞弹\n  targets: 盾\n- pass:\n")  # its own controller's spell
    assert final.units["盾"].damage == 2
