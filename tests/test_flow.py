"""Issue 8, the flow rulings' mechanisms: discounts (356.4), play locations, Flow, revoked instructions."""

from __future__ import annotations

import textwrap

from judgekit.engine.runner import play
from judgekit.engine.scenario import parse


def said(trace) -> list[str]:
    return [event.text for step in trace.steps for event in step.events]


def run(cards: str, body: str, script: str):
    text = "title: t\ncards:\n" + textwrap.indent(textwrap.dedent(cards), "  ") + textwrap.dedent(body)
    return play(parse(text + "script:\n" + textwrap.dedent(script), "test.yaml"))


DISCOUNT_CARDS = """
小技:
  type: spell
  cost: 1
  effects: [{discount_next: {energy: 3, power: 1}}]
大招:
  type: spell
  cost: 2
  power: 2
  domains: [灵光]
  effects: [{draw: 1}]
"""


def discount_board(hand: str) -> str:
    return f"""
state:
  turn: {{player: A, phase: main}}
  players:
    A:
      hand: [{hand}]
      deck: 3
      runes: [灵光, 灵光, 灵光, 灵光, 灵光, 灵光]
    B: {{}}
"""


def test_a_discount_lowers_the_next_card_never_below_zero_and_is_used_up():
    script = """
      - play: 小技
      - pass:
      - play: 大招
      - pass:
      - play: 大招
    """
    trace, final = run(DISCOUNT_CARDS, discount_board("小技, 大招, 大招"), script)
    paid = [text for text in said(trace) if "支付 大招 的总费用" in text]
    assert "能量 0，符能 1" in paid[0]  # [2] less [3] is 0, not −1; one of the two Power taken off
    assert "能量 2，符能 2" in paid[1]  # the discount was used by the first 大招
    assert sum(not rune.exhausted for rune in final.players["A"].runes) == 1
