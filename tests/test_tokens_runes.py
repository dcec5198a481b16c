"""Tokens created by effects (179–187, 439) and runes channelled by effects (430)."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.engine.state import base_of
from judgekit.errors import ScenarioError

CARDS = """cards:
  示例·号令:
    type: spell
    cost: 1
    effects:
      - {effect}
"""
BOARD = board("hand: [示例·号令], runes: 1, rune_deck: [炽烈, 翠意, 灵光]", "", "name: 东, controller: A")


def played(effect: str):
    return play_scenario(CARDS.format(effect=effect), BOARD, script="- play: 示例·号令\n- pass:\n", source="s.yaml")


def cited(trace) -> set[str]:
    return set(trace.cited())


def test_tokens_are_created_in_the_creators_base_exhausted_and_owned_by_the_creator():
    trace, state = played("create: {token: 随从（德玛西亚）, count: 2}")
    tokens = [u for u in state.units.values() if u.card == "随从（德玛西亚）"]
    assert len(tokens) == 2 and len({u.id for u in tokens}) == 2
    assert all((u.owner, u.controller, u.location, u.exhausted) == ("A", "A", base_of("A"), True) for u in tokens)
    assert {"439.2", "183", "185.2.d"} <= cited(trace)


def test_a_token_can_be_created_ready_at_a_battlefield():
    trace, state = played("create: {token: 随从（德玛西亚）, at: 东, ready: true}")
    (token,) = [u for u in state.units.values() if u.card == "随从（德玛西亚）"]
    assert (token.location, token.exhausted) == ("东", False)
    assert "184.1" in cited(trace)


def test_a_recruit_is_the_1_might_recruit_token_of_187_1_whichever_printing():
    trace, state = played("create: {token: 随从, count: 3, play: true}")
    recruits = [u for u in state.units.values() if u.card == "随从"]
    assert len(recruits) == 3
    assert all(state.card(u.card).might == 1 and "随从" in state.card(u.card).tags for u in recruits)
    assert "185.2.a" in cited(trace)


def test_only_a_token_card_can_be_created():
    with pytest.raises(ScenarioError, match="不是指示物"):
        played("create: 先锋中士")


def test_channel_takes_runes_from_the_top_of_the_rune_deck():
    trace, state = played("channel: {count: 2, exhausted: true}")
    player = state.players["A"]
    assert [(r.domain, r.exhausted) for r in player.runes[-2:]] == [("炽烈", True), ("翠意", True)]
    assert player.rune_deck == ["灵光"]
    assert {"430.1", "430.2"} <= cited(trace)


def test_channel_more_than_the_rune_deck_holds_channels_what_there_is():
    trace, state = played("channel: 5")
    player = state.players["A"]
    assert player.rune_deck == [] and len(player.runes) == 4
    assert not any(r.exhausted for r in player.runes[1:])
    assert "430.3" in cited(trace)
