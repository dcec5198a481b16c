"""Revealing until a card of a type (431.1.c): the found unit is banished and played, the rest recycled."""

from __future__ import annotations

from judgekit.engine.runner import play
from judgekit.engine.scenario import parse

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
