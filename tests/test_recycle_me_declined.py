"""204.3.a — “Deathknell — recycle me to …”: recycling the dead unit's card is its trigger's cost.  With defaults the
controller pays it (a marked default); a ``choose: false`` right after the step declines it: the card stays in the
trash and the trigger leaves the chain."""

from __future__ import annotations

from conftest import play_scenario

CARDS = """cards:
  示例·时光者:
    type: unit
    might: 2
    abilities:
      - trigger: killed
        cost: {recycle_self: true}
        effects: [{draw: 2}]
  示例·刺杀: {type: spell, cost: 0, target: unit, effects: [{kill: null}]}
"""

STATE = """state:
  turn: {player: A, phase: main}
  players:
    A: {hand: [示例·刺杀], deck: 5, base: [{id: 时, card: 示例·时光者}]}
    B: {}
"""


def test_with_defaults_the_card_is_recycled_and_the_trigger_resolves():
    _, final = play_scenario(CARDS, STATE, script="- play: 示例·刺杀\n  targets: 时\n- pass:\n- pass:\n")
    assert len(final.players["A"].hand) == 2 and [card.name for card in final.players["A"].trash] == ["示例·刺杀"]


def test_a_choose_false_after_the_step_declines_the_cost():
    _, final = play_scenario(CARDS, STATE, script="- play: 示例·刺杀\n  targets: 时\n- pass:\n- choose: false\n")
    assert not final.chain and len(final.players["A"].hand) == 0
    assert "示例·时光者" in [card.name for card in final.players["A"].trash]
