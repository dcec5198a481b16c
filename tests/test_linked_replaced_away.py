"""359.3.e.12–14 — “kill it; its controller draws 2”: when the kill is replaced so that the unit stays on the board
(healed and recalled), the linked draw still happens (359.3.e.14.b); when a replacement another effect made sends it
to the banishment instead, the instruction was done but the unit is not where it put it: its controller cannot be
read (359.3.e.12), nor looked back at (359.3.e.13 is for what the spell itself moves), and nobody draws."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·刺杀: {type: spell, cost: 0, target: {where: battlefield}, effects: [{kill: null}, {draw: {amount: 2, who: target_controller}}]}
  示例·标记: {type: spell, cost: 0, target: {where: battlefield}, effects: [{replace_death: {instead: banish}}]}
  示例·兵: {type: unit, might: 2}
"""


def _run(spells: list[str]):
    state = board(f"hand: {spells}, deck: 3", "deck: 5", "name: 北, controller: B, units: [{id: 兵, card: 示例·兵}]")
    script = "".join(f"- play: {spell}\n  targets: 兵\n- pass:\n" for spell in spells)
    return play_scenario(CARDS, state, script=script)


def test_banished_instead_by_another_effect_its_controller_draws_nothing():
    trace, final = _run(["示例·标记", "示例·刺杀"])
    assert "兵" not in final.units and len(final.players["B"].banishment) == 1
    assert len(final.players["B"].hand) == 0
    assert "359.3.e.12" in trace.cited()


def test_killed_as_instructed_its_controller_draws_two():
    trace, final = _run(["示例·刺杀"])
    assert len(final.players["B"].trash) == 1 and len(final.players["B"].hand) == 2
    assert "359.3.e.12" not in trace.cited()
