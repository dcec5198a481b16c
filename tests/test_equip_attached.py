"""Equip of a gear already attached (818.1.c.2, 434.1.f): the gear's ability is activated from the unit it is attached
to, the gear detaches from it and attaches to the new unit, whose Might gets the bonus while the old one's stops
(137.3.a); synthetic cards."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·长刀:
    type: gear
    cost: 1
    tags: [武装]
    might_bonus: 2
    abilities:
      - name: 装配
        cost: {energy: 1}
        target: friendly_unit
        effects: [{attach: 示例·长刀}]
  示例·兵: {type: unit, might: 3}
"""

EQUIP = "- activate: 示例·长刀\n  ability: 装配\n  targets: [{unit}]\n- pass:\n"


def test_an_attached_gears_equip_moves_it_to_another_unit():
    state = board("energy: 2, gear: [示例·长刀], base: [{id: 甲, card: 示例·兵}, {id: 乙, card: 示例·兵}]")
    trace, final = play_scenario(CARDS, state, script=EQUIP.format(unit="甲") + EQUIP.format(unit="乙"))
    assert final.units["乙"].attached == ["示例·长刀"] and final.units["甲"].attached == []
    assert final.players["A"].energy == 0
    cited = trace.cited()
    assert "434.1.f" in cited and "137.3.a" in cited


def test_equip_to_the_unit_it_is_attached_to_changes_nothing():
    state = board("energy: 2, gear: [示例·长刀], base: [{id: 甲, card: 示例·兵}]")
    trace, final = play_scenario(CARDS, state, script=EQUIP.format(unit="甲") * 2)
    assert final.units["甲"].attached == ["示例·长刀"]
    assert "434.1.g" in trace.cited() and "137.3.a" not in trace.cited()
