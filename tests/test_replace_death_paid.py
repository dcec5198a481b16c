"""A death replaced only if paid (204.3.b within a replacement, 369): ``replace_death: {pay: COST}`` — “本回合内，当它下次被
摧毁时，你可以选择支付红色符能，以此改为移除其所受伤害、让其进入休眠状态、并将其召回”. As the unit would die the effect's
controller decides (their question, ``choose: true|false``; with defaults not paid, marked, and a ``choose`` right after
the step still answers it); declined or not payable, the
unit dies and this “next time” is past."""

from __future__ import annotations

import pytest
from conftest import passes

SCENARIO = """\
title: t
defaults: {defaults}
cards:
  示例·护符:
    type: spell
    cost: 0
    target: friendly_unit
    effects:
      - replace_death: {{pay: {{runes: [炽烈]}}}}
  示例·重击: {{type: spell, cost: 0, target: unit, effects: [{{deal: 5}}]}}
  示例·兵: {{type: unit, might: 2}}
state:
  turn: {{player: A, phase: main}}
  players:
    A:
      hand: [示例·护符, 示例·重击]
      runes: [{runes}]
      base: []
    B: {{}}
  battlefields:
    - name: 北方战场
      units: [{{id: 兵, card: 示例·兵, controller: A}}]
script:
  - play: 示例·护符
    targets: 兵
  - pass: A
  - pass: B
  - play: 示例·重击
    targets: 兵
  - pass: A
  - pass: B
{answer}expect:
{expect}"""
SAVED = "  - unit: 兵\n    location: base\n    exhausted: true\n    damage: 0\n  - player: A\n    runes: 0\n  - cites: [204.3.b]\n"
DIED = "  - unit: 兵\n    alive: false\n"


@pytest.mark.parametrize(("defaults", "runes", "answer", "expect"), [
    ("false", "炽烈", "  - choose: true\n", SAVED),  # paid: healed, exhausted, recalled instead
    ("false", "炽烈", "  - choose: false\n", DIED),  # declined: it dies
    ("true", "炽烈", "", DIED),  # unanswered with defaults: not paid (a default)
    ("true", "炽烈", "  - choose: true\n", SAVED),  # with defaults, a choose right after the step answers it (run again)
    ("false", "翠意", "", DIED),  # no Fury Power to pay it: no question, it dies
])
def test_the_death_is_replaced_only_when_the_controller_pays(defaults, runes, answer, expect):
    passes(SCENARIO.format(defaults=defaults, runes=runes, answer=answer, expect=expect))
