"""A reflexive trigger in its place among what its maker's resolution set off (383.3, 388.1, 337.1.b, 383.3.d).

A triggered ability goes on the chain, pending, as its condition is met (383.3); a “do this” adds its reflexive
trigger as a pending item at that point of the resolution (388.1); pending items are finalized in the order they
were appended (337.1.b).  So a trigger set off before the “do this” is below the reflexive trigger, one set off
after it (by the reflexive instructions' own maker, later in the text) above it; the newest resolves first (340.1).
"""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

CARDS = """cards:
  示例·回响:
    type: spell
    cost: 0
    effects: [{effects}]
  书虫:
    type: unit
    might: 2
    abilities:
      - trigger: {event: drawn, subject: any, player: you}
        effects: [{ready_runes: 1}]
"""
REFLEXIVE = "示例·回响（#1）的反身触发"
BOOKWORM = "虫 的ability1能力"


def resolved_order(effects: str) -> list[str]:
    """What resolved after the spell, in order: the reflexive trigger and the Bookworm's draw triggers."""
    trace, _ = play_scenario(CARDS.replace("{effects}", effects), board("hand: [示例·回响], deck: 5, runes: 2, "
                             "base: [{id: 虫, card: 书虫}]", "deck: 5"), script="- play: 示例·回响\n- pass: A\n- pass: B\n")
    texts = [event.text for step in trace.steps for event in step.events]
    return [text.removeprefix("A 的").removesuffix(" 结算") for text in texts
            if text.endswith(" 结算") and "示例·回响（#1） 结算" not in text]


@pytest.mark.parametrize(("effects", "order"), [
    # drawn before “do this”: the reflexive trigger is newer and resolves first; its draw sets off the Bookworm again
    ("{draw: 1}, {do_this: {effects: [{draw: 1}]}}", [REFLEXIVE, BOOKWORM, BOOKWORM]),
    # nothing before it, the draw after it: the Bookworm's trigger is newer than the reflexive trigger
    ("{do_this: {effects: [{ready_runes: 1}]}}, {draw: 1}", [BOOKWORM, REFLEXIVE]),
])
def test_the_reflexive_trigger_goes_on_when_it_is_made(effects, order):
    assert resolved_order(effects) == order


def test_without_defaults_the_triggers_before_it_are_ordered_before_it_goes_on():
    """Two Bookworms set off together by the first draw (383.3.d): their controller orders them, then the reflexive
    trigger, set off later, goes on above them."""
    cards = CARDS.replace("{effects}", "{draw: 1}, {do_this: {effects: [{ready_runes: 1}]}}")
    state = board("hand: [示例·回响], deck: 5, runes: 2, base: [{id: 虫, card: 书虫}, {id: 蠹, card: 书虫}]", "deck: 5")
    script = """\
        - play: 示例·回响
        - pass: A
        - pass: B
          expect:
            - chain: [蠹 的ability1能力, 虫 的ability1能力]
        - order_triggers: [蠹 的ability1能力, 虫 的ability1能力]
          expect:
            - chain: [A 的示例·回响（#1）的反身触发, 虫 的ability1能力, 蠹 的ability1能力]
        """
    trace, final = play_scenario("defaults: false\n", cards, state, script=script)
    assert final.players["A"].drawn == 1 and "383.3.d" in trace.cited()
