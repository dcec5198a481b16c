"""Predict N (436.1.a): look at that many cards from the top of the main deck, as many as it holds (436.4)."""

from __future__ import annotations

from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

BOARD = """title: t
cards:
  示例·洞察:
    type: spell
    cost: 0
    effects: [{predict: AMOUNT}]
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [示例·洞察]
      deck: [焚烧, 先锋中士, 格挡]
    B: {}
script:
  - play: 示例·洞察
  - pass:
"""


def run(amount: str):
    trace, final = play(parse(BOARD.replace("AMOUNT", amount), "test.yaml"))
    return trace, [c.name for c in final.players["A"].deck]


def test_predicting_two_looks_at_the_top_two_and_keeps_the_deck_as_it_was():
    trace, deck = run("2")
    assert deck == ["焚烧", "先锋中士", "格挡"]
    assert "436.1.a" in trace.cited()
    assert any("焚烧、先锋中士，" in event.text for step in trace.steps for event in step.events)


def test_predicting_more_than_the_deck_holds_looks_at_what_there_is():
    trace, deck = run("5")
    assert deck == ["焚烧", "先锋中士", "格挡"] and "436.4" in trace.cited()
