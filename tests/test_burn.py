"""Burn N (440): the top N cards of a main deck to the trash, as many as possible, burning out when it runs dry (440.4)."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·焚书:
    type: spell
    effects: [{effect}]
"""


def cast(effect: str, a: str = "", b: str = ""):
    state = board(f"hand: [示例·焚书]{a}", b)
    return play_scenario(CARDS.replace("{effect}", effect), state, script="- play: 示例·焚书\n- pass:\n")


def test_burn_puts_the_top_cards_into_the_trash():
    trace, state = cast("burn: 2", a=", deck: [先锋中士, 顺劈, 先锋中士]")
    assert [c.name for c in state.players["A"].deck] == ["先锋中士"]
    assert [c.name for c in state.players["A"].trash] == ["先锋中士", "顺劈", "示例·焚书"]
    assert "440.4" in trace.cited()


def test_burning_more_than_the_deck_holds_burns_out_then_burns_the_rest():
    trace, state = cast("burn: 2", a=", deck: [先锋中士], trash: [顺劈]")
    # 先锋中士 burned; the deck is empty: burn out (the trash, 先锋中士 and 顺劈, back into the deck, B scores 1);
    # then the second card is burned from the recycled deck
    assert state.players["B"].points == 1 and len(state.players["A"].deck) == 1
    assert len(state.players["A"].trash) == 2  # the second card burned and the spell itself
    assert {"440.4", "431.2", "431.2.d"} <= set(trace.cited())


def test_each_opponent_burns_when_who_says_so():
    _, state = cast("burn: {amount: 1, who: opponent}", a=", deck: 2", b="deck: [顺劈, 先锋中士]")
    assert [c.name for c in state.players["B"].trash] == ["顺劈"] and len(state.players["A"].deck) == 2
