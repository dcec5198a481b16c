"""A triggered ability's base cost of Energy or Power with exhausting its source (204.3.a: “支付①并让此牌变为休眠状态，
以此抽一张牌”): paid to finalize it, when able; unable, it does not go on the chain (203.3)."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·书记:
    type: unit
    might: 2
    abilities:
      - trigger: {event: played, subject: friendly, other: true}
        cost: {energy: 1, exhaust: true}
        effects: [{draw: 1}]
  示例·兵: {type: unit, might: 1}
"""


def played(runes: int):
    state = board(f"hand: [示例·兵], deck: 3, runes: {runes}, base: [{{id: 书, card: 示例·书记}}]")
    return play_scenario(CARDS, state, script="- play: 示例·兵\n")


def test_the_energy_and_the_exhaust_are_paid_and_the_card_drawn():
    trace, state = played(1)
    assert len(state.players["A"].hand) == 1 and state.units["书"].exhausted
    assert all(rune.exhausted for rune in state.players["A"].runes) and "204.3.a" in trace.cited()


def test_without_the_energy_it_does_not_go_on_the_chain():
    trace, state = played(0)
    assert state.players["A"].hand == [] and not state.units["书"].exhausted and "203.3" in trace.cited()
