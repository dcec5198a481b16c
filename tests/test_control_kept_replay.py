"""190.4.c, 323.6, 355.2.a — a player whose last unit at a battlefield they control dies keeps the battlefield while the
chain exists: cleanup step 4 (323.6) takes control only in an open state.  A unit their Deathknell then plays from the
trash may enter that battlefield, a valid location because they control it (355.2.a)."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·调酒师:
    type: unit
    might: 3
    keywords: {绝念: null}
    triggers:
      deathknell: [{play: {from: trash, card: {kind: unit}, ignore_cost: true, at: any}}]
  示例·刺杀: {type: spell, cost: 0, target: {where: battlefield}, effects: [{kill: null}]}
  示例·兵: {type: unit, cost: 1, might: 1}
"""


def test_the_deathknell_plays_the_unit_to_the_battlefield_still_controlled():
    state = board("trash: [示例·兵]", "hand: [示例·刺杀]", "name: 北, controller: A, units: [{id: 酒, card: 示例·调酒师}]")
    state = state.replace("player: A", "player: B")
    trace, final = play_scenario(CARDS, state, script="- play: 示例·刺杀\n  player: B\n  targets: 酒\n- pass:\n"
                                 "- pass:\n  to: 北\n")
    placed = [unit for unit in final.units.values() if unit.card == "示例·兵"]
    assert placed and placed[0].location == "北" and final.battlefields["北"].controller == "A"
    cited = trace.cited()
    assert "190.4.c" in cited and "323.6" in cited and "355.2.a" in cited
