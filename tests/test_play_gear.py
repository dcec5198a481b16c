"""A gear card played by an effect (419.3): to its player's base (149.2), ready unless it enters exhausted, its cost
ignored or paid; a spell played by an effect is not built yet and refused."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.errors import ScenarioError

CARDS = """cards:
  示例·长剑: {type: gear, cost: 2, might_bonus: 2}
  示例·铁匠:
    type: spell
    effects: [{play: {from: trash, card: {kind: gear, cost: {le: 2}}, {price}}}]
  示例·法术: {type: spell, cost: 1, effects: [{draw: 1}]}
"""


def cast(price: str, runes: int = 0):
    state = board(f"hand: [示例·铁匠], trash: [示例·长剑], runes: {runes}")
    return play_scenario(CARDS.replace("{price}", price), state, script="- play: 示例·铁匠\n- pass:\n")


def test_a_gear_from_the_trash_ignoring_its_cost_enters_the_base_ready():
    trace, state = cast("ignore_cost: true")
    assert [(g.card, g.location, g.exhausted) for g in state.gear.values()] == [("示例·长剑", "base:A", False)]
    assert [c.name for c in state.players["A"].trash] == ["示例·铁匠"] and "419.3" in " ".join(trace.cited())


def test_its_cost_is_paid_when_not_ignored_and_it_is_not_played_when_it_cannot_be():
    _, state = cast("discount: 0", runes=2)
    assert list(state.gear) == ["示例·长剑"] and all(rune.exhausted for rune in state.players["A"].runes)
    _, state = cast("discount: 0", runes=1)
    assert state.gear == {} and "示例·长剑" in [c.name for c in state.players["A"].trash]


def test_a_spell_played_by_an_effect_is_refused():
    with pytest.raises(ScenarioError, match="由效果打出法术"):
        play_scenario(CARDS.replace("kind: gear, cost: {le: 2}", "kind: spell").replace("{price}", "ignore_cost: true"),
                      board(), script="- pass:\n")
