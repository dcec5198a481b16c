"""“<players> can't play cards (of a kind) this turn” (054.1): forbid_playing with who (the opponents by default, the
chosen unit's controller) and kind."""

from __future__ import annotations

from conftest import board, play_scenario

from judgekit.engine.layers import play_forbidder

CARDS = """cards:
  示例·封口:
    type: spell
    {target}
    effects: [{effect}]
  示例·快攻:
    type: spell
    keywords: {反应: null}
    effects: [{draw: 1}]
"""


def cast(effect: str, target: str = "", targets: str = "", then: str = ""):
    state = board("hand: [示例·封口]", "hand: [示例·快攻, 先锋中士], deck: 2, base: [{id: 敌, card: 先锋中士}], runes: 3")
    named = f"\n  targets: {targets}" if targets else ""
    cards = CARDS.replace("{target}", target).replace("{effect}", effect)
    return play_scenario(cards, state, script=f"- play: 示例·封口{named}\n- pass:\n{then}")


def test_the_chosen_units_controller_cannot_play_a_spell_this_turn():
    trace, state = cast("forbid_playing: {who: target_controller, kind: spell}", "target: enemy_unit", "敌")
    assert [ban[0] for ban in state.play_bans] == ["B"] and state.play_bans[0][3] == "spell"
    assert "054.1" in trace.cited()


def test_a_spell_ban_stops_a_spell_and_not_a_unit_this_turn():
    _, state = cast("forbid_playing: {who: target_controller, kind: spell}", "target: enemy_unit", "敌")
    assert "本回合不能打出法术" in play_forbidder(state, "B", "示例·快攻")
    assert play_forbidder(state, "B", "先锋中士") is None and play_forbidder(state, "A", "示例·快攻") is None


def test_the_default_bans_the_opponents_from_every_card():
    _, state = cast("forbid_playing: {}")
    assert [(ban[0], ban[3]) for ban in state.play_bans] == [("B", None)]
    assert play_forbidder(state, "B", "先锋中士") is not None
