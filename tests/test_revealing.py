"""Revealing until a card of a type (431.1.c), and playing from the private hand (128.6.a)."""

from __future__ import annotations

import pytest

from judgekit.errors import ScenarioError
from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

BOARD = """title: t
cards:
  极光:
    type: gear
    cost: 9
    abilities:
      - trigger: {event: turn_ending, subject: any, player: you}
        effects: [{reveal_until: {card_type: unit}}]
state:
  turn: {player: A, phase: main}
  players:
    A:
      gear: [极光]
      deck: DECK
    B: {}
script:
  - next_phase:
"""


def run(deck: str):
    return play(parse(BOARD.replace("DECK", deck), "test.yaml"))


def test_the_first_unit_revealed_is_played_and_the_cards_before_it_recycled():
    _, final = run("[焚烧, 先锋中士, 格挡]")
    assert [u.card for u in final.units.values()] == ["先锋中士"]
    assert [c.name for c in final.players["A"].deck] == ["格挡", "焚烧"]


def test_no_unit_among_the_revealed_cards_recycles_them_all_without_burning_out():
    trace, final = run("[焚烧, 格挡]")
    assert not final.units and [c.name for c in final.players["A"].deck] == ["焚烧", "格挡"]
    assert final.players["B"].points == 0 and "431.1.c.1" in trace.cited()


HERALD = """title: t
defaults: false
cards:
  先驱:
    type: unit
    might: 7
    triggers:
      deathknell: [{play_from_hand: {card_type: unit}}]
state:
  turn: {player: B, phase: main}
  players:
    A:
      hand: [焚烧, 先锋中士]
      base: [{id: 先驱, card: 先驱}]
    B: {}
script:
  - {effect: [{kill: null}], targets: 先驱, controller: B}
  - {resolve_chain: null, play_card: CARD}
"""


def test_a_player_may_play_the_unit_the_instruction_names():
    _, final = play(parse(HERALD.replace("CARD", "先锋中士"), "test.yaml"))
    assert [u.card for u in final.units.values()] == ["先锋中士"]
    assert [c.name for c in final.players["A"].hand] == ["焚烧"]


def test_a_card_of_another_type_is_not_an_answer():
    with pytest.raises(ScenarioError, match="手牌中没有单位“焚烧”"):
        play(parse(HERALD.replace("CARD", "焚烧"), "test.yaml"))


REVEAL = """title: t
cards:
  示例·占卜:
    type: spell
    cost: 0
    effects: [{look: {amount: 1, reveal: true, take: {card: {kind: spell}, to: hand}REST}}]
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [示例·占卜]
      deck: DECK
    B: {}
script:
  - play: 示例·占卜
  - pass:
"""


def revealed(deck: str, rest: str = ", rest: recycle"):
    _, final = play(parse(REVEAL.replace("DECK", deck).replace("REST", rest), "test.yaml"))
    return [c.name for c in final.players["A"].hand], [c.name for c in final.players["A"].deck]


def test_a_revealed_card_that_fits_is_taken_and_one_that_does_not_is_recycled():
    assert revealed("[焚烧, 先锋中士]") == (["焚烧"], ["先锋中士"])
    assert revealed("[先锋中士, 焚烧]") == ([], ["焚烧", "先锋中士"])


def test_a_revealed_card_not_taken_stays_on_top_unless_recycled():
    """424.1.a.2 — revealing leaves the card where it is."""
    assert revealed("[先锋中士, 焚烧]", rest="") == ([], ["先锋中士", "焚烧"])


LOOK = """title: t
cards:
  示例·搜寻:
    type: spell
    cost: 0
    effects: [{look: {amount: 2, take: {card: {kind: unit}, to: hand}, rest: recycle}}]
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [示例·搜寻]
      deck: [强强魄罗, 先锋中士]
    B: {}
script:
  - play: 示例·搜寻
  - pass: null
STEP
"""


@pytest.mark.parametrize("step", ["    play_card: 先锋中士", "    answer: {play_card: 先锋中士}"])
def test_the_card_taken_may_be_named_on_the_pass_that_resolves_it_beside_or_inside_its_answer(step):
    """The resolving item's answers are the same set on a pass as on a resolve_chain (``play_card``, ``to`` too)."""
    _, final = play(parse(LOOK.replace("STEP", step), "test.yaml"))
    assert [c.name for c in final.players["A"].hand] == ["先锋中士"]


def test_an_answer_written_beside_and_inside_is_refused():
    step = "    play_card: 先锋中士\n    answer: {play_card: 强强魄罗}"
    with pytest.raises(ScenarioError, match="play_card 在 answer 里面和步骤上各写了一次"):
        parse(LOOK.replace("STEP", step), "test.yaml")
