"""Keywords a card on the board gives units (477.2), and the triggered abilities of gained keywords (817.1.b)."""

from __future__ import annotations

from judgekit.engine.layers import keywords
from judgekit.scenarios import runner, scenario

TEXT = """title: t
cards:
  机师:
    type: unit
    cost: 1
    might: 1
    tags: [机械]
    static_keywords: [{keyword: Vision, tag: 机械}]
  铁匠: {type: unit, cost: 1, might: 1, tags: [机械]}
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: [机师]
      energy: 1
      deck: [焚烧]
      base: [{id: 中士, card: 先锋中士}]
    B:
      base: [{id: 敌铁匠, card: 铁匠}]
script:
  - play: 机师
"""


def test_a_static_keyword_reaches_friendly_units_with_the_tag_only():
    _trace, state = runner.play(scenario.parse(TEXT, "t.yaml"))
    assert "预知" in keywords(state, state.units["机师"])
    assert "预知" not in keywords(state, state.units["中士"])
    assert "预知" not in keywords(state, state.units["敌铁匠"])


def test_a_gained_vision_triggers_as_its_unit_is_played():
    trace, _ = runner.play(scenario.parse(TEXT, "t.yaml"))
    assert {"817.1.b", "477.2.a"} <= set(trace.cited())
