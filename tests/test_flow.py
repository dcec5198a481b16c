"""Issue 8, the flow rulings' mechanisms: discounts (356.4), play locations, Flow, revoked instructions."""

from __future__ import annotations

import textwrap
from dataclasses import replace

import pytest

from judgekit.engine import actions as act
from judgekit.errors import ScenarioError
from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse


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


@pytest.mark.parametrize("runes, played", [("[炽烈, 灵光, 灵光]", True), ("[灵光, 灵光, 灵光]", False)])
def test_a_flow_cost_with_power_of_a_domain(runes, played):
    """“Flow ②Fury rune” (829.1.c): two Energy and one Power of Fury replace the base cost."""
    cards = FLOW_CARDS.replace("keywords: {流转: 2}", "keywords: {流转: null}\n  flow: {cost: {energy: 2, runes: [炽烈]}}")
    board = flow_board("", "龙之形").replace("runes: 3\n      base", f"runes: {runes}\n      base")
    script = "  - {play: 龙之形, flow: true, targets: 中士}\n  - pass:\n" if played else \
        "  - {play: 龙之形, flow: true, targets: 中士, expect_illegal: 358.2}\n"
    trace, final = run(cards, board, script)
    assert trace.passed and zones(final, "龙之形")["banishment"] is played
    if played:
        assert any("流转费用 [2、炽烈符能]" in text for text in said(trace))


def test_a_flow_cost_is_written_once():
    cards = FLOW_CARDS.replace("keywords: {流转: 2}", "keywords: {流转: 2}\n  flow: {cost: {runes: [炽烈]}}")
    with pytest.raises(ScenarioError, match="须与值留空的关键词 流转 同写"):
        run(cards, flow_board("", "龙之形"), "  - pass:\n")


def test_only_a_spell_with_flow_is_played_from_the_trash():
    cards = FLOW_CARDS.replace("keywords: {流转: 2}", "keywords: {}")
    trace, _ = run(cards, flow_board("", "龙之形"), "  - {play: 龙之形, flow: true, targets: 中士, expect_illegal: 829.1.b}\n")
    assert trace.passed


LAIR = """
巢穴:
  type: battlefield
  cant: [{action: move_to_base}]
"""


def lair_board(exhausted: bool) -> str:
    return f"""
state:
  turn: {{player: A, phase: main}}
  players:
    A: {{}}
    B: {{}}
  battlefields:
    - name: 巢穴
      card: 巢穴
      controller: A
      units: [{{id: 中士, card: 先锋中士, exhausted: {str(exhausted).lower()}}}]
    - name: 北方战场
"""


def test_a_move_a_battlefield_forbids_is_revoked_and_the_linked_instruction_still_done():
    script = "  - {effect: [{move: {to: base}}, {ready: null}], targets: 中士, controller: A}\n"
    _, final = run(LAIR, lair_board(exhausted=True), script)
    assert final.units["中士"].location == "巢穴" and not final.units["中士"].exhausted


def test_the_forbidden_move_is_only_the_one_to_base():
    script = "  - {effect: [{move: {to: 北方战场}}], targets: 中士, controller: A}\n"
    _, final = run(LAIR, lair_board(exhausted=False), script)
    assert final.units["中士"].location == "北方战场"


KILLERS = """
谕令:
  type: spell
  cost: 0
  keywords: {迅捷: null}
  effects: [{delayed: {trigger: {event: damaged, subject: any}, target: event_subject, effects: [{kill: null}]}}]
灼烧:
  type: spell
  cost: 0
  keywords: {迅捷: null}
  target: unit
  effects: [{deal: 1}]
记仇者:
  type: unit
  might: 1
  abilities:
    - trigger: {event: killed, subject: any, zone: trash, responsible: you, by: spell}
      effects: [{draw: 1}]
"""


def killers_board(who_casts: str) -> str:
    return f"""
state:
  turn: {{player: {who_casts}, phase: main}}
  players:
    A:
      hand: [谕令, 灼烧]
      trash: [记仇者]
      deck: 3
    B:
      hand: [谕令, 灼烧]
      deck: 3
      base: [{{id: 中士, card: 先锋中士}}]
"""


KILL_SCRIPT = """
  - {{play: 谕令, player: {p}}}
  - pass:
  - {{play: 灼烧, player: {p}, targets: 中士}}
  - pass:
"""


def test_a_kill_by_a_delayed_trigger_a_spell_made_is_a_kill_with_a_spell_by_its_controller():
    _, final = run(KILLERS, killers_board("A"), KILL_SCRIPT.format(p="A"))
    assert "中士" not in final.units and final.players["A"].drawn == 1


def test_a_kill_another_player_is_responsible_for_does_not_trigger_you_kill():
    _, final = run(KILLERS, killers_board("B"), KILL_SCRIPT.format(p="B"))
    assert "中士" not in final.units and final.players["A"].drawn == 0


def test_a_kill_instruction_of_an_ability_no_spell_made_is_not_with_a_spell():
    script = "  - {effect: [{kill: null}], targets: 中士, controller: A}\n"
    _, final = run(KILLERS, killers_board("A"), script)
    assert "中士" not in final.units and final.players["A"].drawn == 0


ROOST = """
龙巢:
  type: battlefield
  play_here: {tag: 龙, power: 2}
幼龙:
  type: unit
  cost: 1
  might: 2
  tags: [龙]
狗:
  type: unit
  cost: 1
  might: 2
"""


def roost_board(runes: int) -> str:
    return f"""
state:
  turn: {{player: A, phase: main}}
  players:
    A:
      hand: [幼龙, 狗]
      runes: {runes}
    B: {{}}
  battlefields:
    - name: 龙巢
      card: 龙巢
"""


def test_a_battlefield_takes_a_unit_with_its_tag_for_the_additional_power():
    _, final = run(ROOST, roost_board(3), "  - {play: 幼龙, to: 龙巢}\n")
    assert final.units["幼龙"].location == "龙巢" and len(final.players["A"].runes) == 1


def test_a_battlefield_offer_is_not_for_units_without_its_tag_nor_unpaid():
    trace, _ = run(ROOST, roost_board(3), "  - {play: 狗, to: 龙巢, expect_illegal: 355.2.a}\n")
    assert trace.passed
    trace, _ = run(ROOST, roost_board(1), "  - {play: 幼龙, to: 龙巢, expect_illegal: 358.2}\n")
    assert trace.passed


HWEI = """
画家:
  type: unit
  might: 3
  abilities:
    - trigger: moved
      effects: [{draw: 1}, {discard: 1}]
      reflexive_by_type:
        spell: [{draw: 1}]
        unit: [{might: 3}]
火花:
  type: spell
  cost: 0
  effects: [{draw: 1}]
"""


def test_a_discarded_card_of_one_type_makes_one_reflexive_trigger():
    body = """
state:
  turn: {player: A, phase: main}
  players:
    A:
      deck: [火花, 火花, 火花]
    B: {}
  battlefields:
    - name: 北方战场
      controller: A
      units: [{id: 画家, card: 画家}]
"""
    _, final = run(HWEI, body, "  - {move: 画家, to: base}\n")
    assert [card.name for card in final.players["A"].trash] == ["火花"]
    assert final.players["A"].drawn == 2 and final.units["画家"].effects == ()


def test_a_delayed_trigger_for_the_next_main_phase_waits_past_the_turn_and_triggers_once():
    cards = """
预言家:
  type: spell
  cost: 0
  effects: [{delayed: {trigger: {event: main_began, subject: any, player: you}, once: true, effects: [{draw: 1}]}}]
"""
    body = """
state:
  turn: {player: A, phase: main}
  players:
    A: {hand: [预言家], deck: 6}
    B: {deck: 6}
"""
    script = "  - {play: 预言家}\n  - pass:\n" + "  - end_turn:\n" * 4
    _, final = run(cards, body, script)
    assert final.players["A"].drawn == 3  # A's two draw phases, and the delayed trigger once: at A's next main phase


TYPED = """
典狱长:
  type: unit
  might: 5
  abilities:
    - {name: 禁锢, cant: {action: ready, affects: enemy}}
旧典狱长:
  type: unit
  might: 5
  cant: [{action: ready, affects: enemy}]
"""


def test_a_cant_in_the_ability_tree_works_as_the_older_key_does():
    for warden in ("典狱长", "旧典狱长"):
        body = f"""
state:
  turn: {{player: A, phase: main}}
  players:
    A:
      base: [{{id: 中士, card: 先锋中士, exhausted: true}}]
    B:
      base: [{{id: 看守, card: {warden}}}]
"""
        _, final = run(TYPED, body, "  - {effect: [{ready: null}], targets: 中士, controller: A}\n")
        assert final.units["中士"].exhausted, warden


def test_a_typed_ability_is_one_kind_and_a_replacement_has_no_effects():
    bad_mixed = """
怪:
  type: unit
  might: 1
  abilities: [{cant: {action: ready}, replacement: {event: die, recall: true}}]
"""
    bad_effects = """
怪:
  type: unit
  might: 1
  abilities: [{replacement: {event: die, recall: true}, effects: [{draw: 1}]}]
"""
    body = "\nstate:\n  players:\n    A: {}\n    B: {}\n"
    for cards, said_wrong in ((bad_mixed, "只能是一种"), (bad_effects, "不写 effects")):
        with pytest.raises(ScenarioError, match=said_wrong):
            run(cards, body, "  - {next_phase: null}\n")


def test_the_decision_offers_plays_for_flow_and_to_a_battlefield_that_offers_to_take_the_unit():
    def offered(cards: str, body: str) -> list:
        text = "title: t\ncards:\n" + textwrap.indent(textwrap.dedent(cards), "  ") + body + "script: []\n"
        state = parse(text, "t.yaml").state
        return [replace(option, pay=None) for option in act.decision(state).options if isinstance(option, act.Play)]

    flow_options = offered(FLOW_CARDS, flow_board("", "龙之形"))
    assert act.Play("A", "龙之形", targets=(("中士",),), flow=True) in flow_options
    roost_options = offered(ROOST, roost_board(3))
    assert act.Play("A", "幼龙", to="龙巢") in roost_options
    assert act.Play("A", "狗", to="龙巢") not in roost_options
