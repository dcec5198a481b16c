"""“Ignoring its Energy cost” (356.1.b.2): a card played by an effect with only its base Energy cost set to zero
still has its Power cost paid, unlike “ignoring its cost” (356.1.b.1)."""

from __future__ import annotations

import textwrap

from judgekit.scenarios.runner import run
from judgekit.scenarios.scenario import parse

SCENARIO = """\
title: 无视其法力费用
cards:
  唤灵:
    type: spell
    cost: 0
    effects:
      - play: {from: trash, card: {kind: unit}, ignore_cost: IGNORED}
  卫士: {type: unit, cost: 3, power: 1, domains: [炽烈], might: 3}
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [唤灵]
      trash: [卫士]
      runes: [炽烈, 炽烈]
    B: {}
script:
  - play: 唤灵
  - pass:
expect:
EXPECT
"""


def _trace(ignored: str, expect: str):
    text = SCENARIO.replace("IGNORED", ignored).replace("EXPECT", textwrap.indent(textwrap.dedent(expect), "  "))
    return run(parse(text, "t.yaml"))


def _failed(trace):
    return [(v.description, v.expected, v.actual) for v in trace.verdicts if not v.passed]


def test_ignoring_only_the_energy_cost_still_pays_the_power_cost():
    trace = _trace("energy", "- unit: 卫士\n  location: base\n- player: A\n  runes: 1\n- cites: [356.1.b.2]\n")
    assert trace.verdicts and not _failed(trace)


def test_ignoring_the_cost_pays_nothing():
    trace = _trace("true", "- unit: 卫士\n  location: base\n- player: A\n  runes: 2\n")
    assert trace.verdicts and not _failed(trace)
