"""Recycling one of your runes (416.1.b): ``recycle: {from: runes, amount: N}`` (“你必须回收一枚你的符文”) puts the
player's runes at the bottom of their rune deck, theirs to choose (defaults: the exhausted ones first), and each is a
``rune_recycled`` event (“当你回收一枚符文时”) — paying Power by recycling a rune is one too."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.errors import ScenarioStopped
from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

CARDS = """cards:
  示例·回收者:
    type: unit
    might: 2
    abilities:
      - trigger: {event: rune_recycled, subject: any, player: you}
        effects: [{draw: 1}]
  示例·归还: {type: spell, cost: 0, effects: [{recycle: {from: runes}}]}
  示例·炽焰: {type: spell, cost: 0, power: 1, domains: [炽烈], effects: [{draw: 1}]}
"""
RUNES = "runes: [{domain: 炽烈, exhausted: true}, 翠意], rune_deck: 0"


def test_the_effect_recycles_an_exhausted_rune_first_and_triggers():
    state = board(f"hand: [示例·归还], deck: 3, {RUNES}, base: [{{id: 收, card: 示例·回收者}}]")
    trace, final = play_scenario(CARDS, state, script="- play: 示例·归还\n- pass:\n")
    player = final.players["A"]
    assert [rune.domain for rune in player.runes] == ["翠意"] and player.rune_deck == ["炽烈"]
    assert player.drawn == 1 and "416.1.b" in trace.cited()


def test_which_rune_is_the_players_question_without_defaults():
    state = board(f"hand: [示例·归还], deck: 3, {RUNES}")
    text = "title: t\ndefaults: false\n" + CARDS + state + "script:\n  - play: 示例·归还\n  - pass:\n"
    with pytest.raises(ScenarioStopped) as stopped:
        play(parse(text, "q.yaml"))
    assert stopped.value.trace.pending["kind"] == "runes"
    answered = text + "  - choose: [翠意]\n    player: A\n"
    _, final = play(parse(answered, "q.yaml"))
    assert [rune.domain for rune in final.players["A"].runes] == ["炽烈"] and final.players["A"].rune_deck == ["翠意"]


def test_recycling_a_rune_to_pay_power_triggers_it():
    state = board("hand: [示例·炽焰], deck: 3, runes: [炽烈], base: [{id: 收, card: 示例·回收者}]")
    _, final = play_scenario(CARDS, state, script="- play: 示例·炽焰\n- pass:\n")
    assert final.players["A"].drawn == 2 and final.players["A"].runes == []
