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


FLOW_CARDS = """
龙之形:
  type: spell
  cost: 3
  keywords: {流转: 2}
  target: unit
  effects: [{might_becomes: 5}]
遗弃:
  type: spell
  cost: 2
  keywords: {反应: null}
  target: spell
  effects: [{counter: {to: hand}}]
"""


def flow_board(a_hand: str, a_trash: str) -> str:
    return f"""
state:
  turn: {{player: A, phase: main}}
  players:
    A:
      hand: [{a_hand}]
      trash: [{a_trash}]
      runes: 3
      base: [{{id: 中士, card: 先锋中士}}]
    B:
      hand: [遗弃]
      runes: 2
"""


def zones(final, name: str) -> dict[str, bool]:
    player = final.players["A"]
    return {zone: name in [card.name for card in getattr(player, zone)] for zone in ("hand", "trash", "banishment")}


COUNTERED = """
  - play: 龙之形
    {flow}
    targets: 中士
  - pass: A
  - play: 遗弃
    player: B
    targets: '#1'
  - pass:
"""


def test_a_countered_spell_returns_to_hand_unless_it_was_played_for_flow():
    _, from_hand = run(FLOW_CARDS, flow_board("龙之形", ""), COUNTERED.format(flow=""))
    assert zones(from_hand, "龙之形") == {"hand": True, "trash": False, "banishment": False}
    _, flowed = run(FLOW_CARDS, flow_board("", "龙之形"), COUNTERED.format(flow="flow: true"))
    assert zones(flowed, "龙之形") == {"hand": False, "trash": False, "banishment": True}


def test_a_spell_played_for_flow_pays_the_flow_cost_and_is_banished_after_resolving():
    _, final = run(FLOW_CARDS, flow_board("", "龙之形"), "  - {play: 龙之形, flow: true, targets: 中士}\n  - pass:\n")
    assert zones(final, "龙之形") == {"hand": False, "trash": False, "banishment": True}
    assert sum(rune.exhausted for rune in final.players["A"].runes) == 2


def test_only_a_spell_with_flow_is_played_from_the_trash():
    cards = FLOW_CARDS.replace("keywords: {流转: 2}", "keywords: {}")
    trace, _ = run(cards, flow_board("", "龙之形"), "  - {play: 龙之形, flow: true, targets: 中士, expect_illegal: 829.1.b}\n")
    assert trace.passed
