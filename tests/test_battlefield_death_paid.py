"""A battlefield's replacement of a death here for a payment (368.1, 369, 204.3.b): ``replacement: {event: die, affects:
here, in_combat: true, recall: true, pay, payer: unit_controller}`` — “如果此处的一名单位在战斗中被摧毁，其控制者可以选择支付
任意符能×3，以此改为治疗、横置并召回它”. The dying unit's controller decides (their question; with defaults not paid)."""

from __future__ import annotations

import pytest
from conftest import passes

SCENARIO = """\
title: t
defaults: {defaults}
cards:
  示例·渡口:
    type: battlefield
    abilities:
      - replacement: {{event: die, affects: here,{combat} recall: true, pay: {{power: 1}}, payer: unit_controller}}
  示例·重击: {{type: spell, cost: 0, target: unit, effects: [{{deal: 5}}]}}
  示例·兵: {{type: unit, might: 2}}
state:
  turn: {{player: A, phase: main}}
  players:
    A:
      hand: [示例·重击]
    B:
      runes: [{runes}]
  battlefields:
    - name: 渡口
      card: 示例·渡口
      units: [{{id: 兵, card: 示例·兵, controller: B}}]
script:
  - play: 示例·重击
    targets: 兵
  - pass: A
  - pass: B
{answer}expect:
{expect}"""
SAVED = "  - unit: 兵\n    location: base\n    exhausted: true\n  - player: B\n    runes: 0\n"
DIED = "  - unit: 兵\n    alive: false\n"


@pytest.mark.parametrize(("defaults", "combat", "runes", "answer", "expect"), [
    ("false", "", "炽烈", "  - choose: true\n", SAVED),  # its controller B pays: recalled instead
    ("false", "", "炽烈", "  - choose: false\n", DIED),
    ("true", "", "炽烈", "", DIED),  # unanswered with defaults: not paid
    ("false", "", "", "", DIED),  # B cannot pay: no question
    ("false", " in_combat: true,", "炽烈", "", DIED),  # not in combat: the replacement does not apply
])
def test_the_units_controller_pays_to_have_it_recalled(defaults, combat, runes, answer, expect):
    passes(SCENARIO.format(defaults=defaults, combat=combat, runes=runes, answer=answer, expect=expect))


COMBAT = SCENARIO.replace("      hand: [示例·重击]\n", "      base: [{{id: 攻, card: 示例·巨兵}}]\n").replace(
    "  示例·兵: {{type: unit, might: 2}}\n", "  示例·兵: {{type: unit, might: 2}}\n  示例·巨兵: {{type: unit, might: 5}}\n").replace(
    "  - play: 示例·重击\n    targets: 兵\n  - pass: A\n  - pass: B\n",
    "  - move: 攻\n    to: 渡口\n  - pass: A\n  - pass: B\n    assign: {{A: {{兵: 5}}, B: {{攻: 2}}}}\n")


def test_a_unit_dying_in_combat_here_is_recalled_when_its_controller_pays():
    passes(COMBAT.format(defaults="false", combat=" in_combat: true,", runes="炽烈", answer="  - choose: true\n",
                         expect=SAVED))
