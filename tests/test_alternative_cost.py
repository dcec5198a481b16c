"""An alternative cost whose condition reads the Energy spent on spells this turn."""

from __future__ import annotations

import pytest

from judgekit.errors import ScenarioError
from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

BOARD = """title: t
cards:
  杀手: {type: unit, cost: 4, might: 4, domains: [灵光], alternative_cost: {power: 1, spent_on_spell: 4}}
  小法术: {type: spell, cost: SPELL_COST, effects: [{draw: 1}]}
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [小法术, 杀手]
      runes: [灵光, 灵光, 灵光, 灵光, 灵光]
      deck: 3
    B: {}
script:
  - {play: 小法术}
  - pass:
  - {play: 杀手, alternative: true}
"""


def test_enough_energy_spent_on_a_spell_opens_the_alternative_cost():
    _, final = play(parse(BOARD.replace("SPELL_COST", "4"), "test.yaml"))
    assert "杀手" in final.units


def test_too_little_energy_spent_refuses_it():
    with pytest.raises(ScenarioError, match="不能以替代费用打出"):
        play(parse(BOARD.replace("SPELL_COST", "3"), "test.yaml"))
