"""Cost increases and discounts (356.3–356.6): costs.py."""

from __future__ import annotations

import textwrap

from judgekit.scenarios import runner, scenario

CARDS = """
cards:
  号令:
    type: spell
    cost: 1
    effects: [{create: {token: 小兵, play: true}}]
  小兵: {type: token, might: 1}
  大令: {type: spell, cost: 3, effects: [{draw: 1}]}
  援手: {type: spell, cost: 0, effects: [{play_from_hand: {discount: 1}}]}
  回令: {type: spell, cost: 1, keywords: {回响: 1}, effects: [{draw: 1}]}
  学者:
    type: unit
    cost: 3
    might: 3
    cost_changes: [{applies: optional_costs}]
  冲锤:
    type: unit
    cost: 3
    might: 3
    cost_changes: [{applies: self, energy: -1, per: cards_played, min: 1}]
  督军:
    type: unit
    cost: 4
    might: 4
    cost_changes: [{applies: friendly_spells, energy: -2, min: 1}]
"""


def run(players: str, script: str):
    text = "title: t\n" + CARDS + "state:\n  turn: {player: A, phase: main}\n  players:\n" + textwrap.indent(
        textwrap.dedent(players), "    "
    ) + "script:\n" + textwrap.indent(textwrap.dedent(script), "  ")
    return runner.play(scenario.parse(text, "t.yaml"))


def after_a_spell_then_the_ram(spell: str, then: str):
    """A, with 10 Energy, plays *spell* and lets it resolve, then does *then*; the hand also holds 冲锤."""
    players = f"A: {{hand: [{spell}, 冲锤], energy: 10}}\nB: {{}}\n"
    return run(players, f"- play: {spell}\n- pass:\n{then}")[1]


def test_a_played_token_is_not_a_card_played():
    state = after_a_spell_then_the_ram("号令", "- play: 冲锤\n")
    assert "小兵" in state.units
    assert state.players["A"].energy == 10 - 1 - 2  # only 号令 counts: 3 − 1


def test_a_minimum_limits_its_own_discount_only():
    _, state = run(
        """
        A: {hand: [号令], energy: 5, base: [{id: 督军, card: 督军}]}
        B: {}
        """,
        """
        - play: 号令
        """,
    )
    assert state.players["A"].energy == 4  # 1 − 2 would be −1; the minimum keeps it at 1


def energy_left(card: str, source: str, side: str, step: str) -> int:
    """A plays *card* with 5 Energy while *side* (A or B) controls a unit with the card *source*."""
    unit = f"base: [{{id: 源, card: {source}}}]"
    players = f"""
        A: {{hand: [{card}], energy: 5, deck: 2{", " + unit if side == "A" else ""}}}
        B: {{{unit if side == "B" else ""}}}
        """
    return run(players, step)[1].players["A"].energy


def test_a_discount_reaches_its_controllers_spells_only():
    assert energy_left("大令", "督军", "A", "- play: 大令\n") == 5 - 1
    assert energy_left("大令", "督军", "B", "- play: 大令\n") == 5 - 3


def test_an_optional_cost_discount_reaches_its_controllers_optional_costs_down_to_zero():
    assert energy_left("回令", "学者", "A", "- {play: 回令, repeat: 1}\n") == 5 - 1
    assert energy_left("回令", "学者", "B", "- {play: 回令, repeat: 1}\n") == 5 - 2


def test_an_effects_discount_joins_the_cards_own_discounts():
    state = after_a_spell_then_the_ram("援手", "")
    assert "冲锤" in state.units
    assert state.players["A"].energy == 10 - 1  # 3, less 1 for 援手 finalized, less the effect's 1


def test_a_discount_while_its_unit_is_empowered():
    cards = CARDS + "  强化督军:\n    type: unit\n    cost: 4\n    might: 4\n" \
        "    cost_changes: [{applies: friendly_spells, energy: -2, while: empowered}]\n"

    def left(status: str) -> int:
        text = "title: t\n" + cards + "state:\n  turn: {player: A, phase: main}\n  players:\n" \
            f"    A: {{hand: [大令], energy: 5, deck: 2, base: [{{id: 源, card: 强化督军{status}}}]}}\n    B: {{}}\n" \
            "script:\n  - play: 大令\n"
        return runner.play(scenario.parse(text, "t.yaml"))[1].players["A"].energy

    assert left(", empowered: 1") == 5 - 1  # 441: Empowered, the discount applies
    assert left("") == 5 - 3
