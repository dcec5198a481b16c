"""The Chosen Champion in the Champion Zone (103.2.a, 108.3, 419.1.a): played from there once."""

from __future__ import annotations

import pytest

from judgekit.engine import actions
from judgekit.engine.state import base_of
from judgekit.errors import ScenarioError
from judgekit.scenarios import runner, scenario

SCENARIO = """title: t
state:
  turn: {{player: A, phase: main}}
  players:
    A:
      champion: {champion}
      runes: [炽烈, 炽烈, 炽烈, 炽烈, 炽烈, 炽烈, 炽烈, 炽烈, 炽烈, 炽烈, 炽烈, 炽烈]
    B: {{}}
  battlefields:
    - {{name: 东}}
script:
{script}"""
PLAY = "  - play: 安妮 - 汹涌烈焰\n"


def loaded(script: str, champion: str = "安妮 - 汹涌烈焰"):
    return scenario.parse(SCENARIO.format(champion=champion, script=script), "s.yaml")


def test_the_chosen_champion_is_a_legal_play_from_the_champion_zone():
    state = loaded(PLAY).state
    plays = [a for a in actions.legal_actions(state) if isinstance(a, actions.Play)]
    assert {a.card for a in plays} == {"安妮 - 汹涌烈焰"}


def test_played_from_the_champion_zone_it_enters_the_board_and_leaves_the_zone_empty():
    trace, state = runner.play(loaded(PLAY))
    (unit,) = [u for u in state.units.values() if u.card == "安妮 - 汹涌烈焰"]
    assert unit.location == base_of("A") and state.players["A"].champion is None
    assert "419.1.a" in trace.cited()


def test_it_cannot_be_played_twice():
    trace, _ = runner.play(loaded(PLAY + PLAY + "    expect_illegal: 419.1.a\n"))
    assert trace.verdicts and all(v.passed for v in trace.verdicts)


def test_only_a_champion_unit_can_be_the_chosen_champion():
    with pytest.raises(ScenarioError, match=r"s\.yaml:6: 英雄区只能放英雄单位"):
        loaded(PLAY, champion="先锋中士")


LEGEND = """title: t
cards:
  剑姬:
    type: legend
    abilities:
      - trigger: {event: became_mighty, subject: friendly}
        effects: [{draw: 1}]
state:
  turn: {player: A, phase: main}
  players:
    A:
      legend: 剑姬
      deck: 2
      base: [{id: 中士, card: 先锋中士}]
    B:
      deck: 2
      base: [{id: 敌中士, card: 先锋中士}]
script:
  - effect: [{might: 1}]
    targets: 中士
    controller: A
  - effect: [{might: 1}]
    targets: 敌中士
    controller: A
"""


def test_a_legends_triggered_ability_works_from_the_legend_zone_for_its_player():
    _, state = runner.play(scenario.parse(LEGEND, "s.yaml"))
    assert state.players["A"].drawn == 1  # its own unit became Mighty; the enemy unit's did not count
