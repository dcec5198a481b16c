"""A chosen player reveals their hand (424.1) and the effect's controller picks a card of it (``reveal_hand: {who:
chosen_player, pick: {card, then}}``): its owner discards it (422.1) or recycles it (416.1.a); which card is the
controller's question, its options the revealed cards that fit."""

from __future__ import annotations

from conftest import board, play_scenario, scenario_text

from judgekit.engine import actions as act
from judgekit.scenarios.scenario import parse

CARDS = """cards:
  示例·窥心:
    type: spell
    target: {kind: player, who: enemy}
    effects:
      - reveal_hand: {who: chosen_player, pick: {card: {kind: any, not: {kind: unit}}, then: {THEN}}}
  示例·兵: {type: unit, might: 1}
  示例·术: {type: spell, effects: [{draw: 1}]}
  示例·器: {type: gear}
"""


def _board(hand: str) -> str:
    return board("hand: [示例·窥心]", f"hand: [{hand}], deck: [示例·兵]")


def test_the_card_picked_is_discarded_by_its_owner():
    trace, final = play_scenario(CARDS.replace("{THEN}", "discard"), _board("示例·兵, 示例·术"), script="- play: 示例·窥心\n  targets: B\n- pass:\n")
    assert [card.name for card in final.players["B"].trash] == ["示例·术"]
    assert [card.name for card in final.players["B"].hand] == ["示例·兵"]
    assert "424.1.a.2" in " ".join(trace.cited())


def test_a_recycled_card_goes_under_its_owners_deck():
    _, final = play_scenario(CARDS.replace("{THEN}", "recycle"), _board("示例·术"), script="- play: 示例·窥心\n  targets: B\n- pass:\n")
    assert [card.name for card in final.players["B"].deck] == ["示例·兵", "示例·术"] and not final.players["B"].trash


def test_with_no_card_that_fits_nothing_is_picked():
    _, final = play_scenario(CARDS.replace("{THEN}", "discard"), _board("示例·兵, 示例·兵"), script="- play: 示例·窥心\n  targets: B\n- pass:\n")
    assert len(final.players["B"].hand) == 2 and not final.players["B"].trash


def test_without_defaults_the_card_is_the_controllers_question():
    text = scenario_text("defaults: false\n", CARDS.replace("{THEN}", "discard"), _board("示例·术, 示例·器, 示例·兵"),
                         script="- play: 示例·窥心\n")
    held = parse(text, "test.yaml").state
    held, _ = act.apply(held, act.Play("A", "示例·窥心", targets=(("B",),)))
    for player in ("A", "B"):
        held, _ = act.apply(held, act.Pass(player))
    question = held.question()
    assert (question.kind, question.player, question.options) == ("hand_card", "A", (("示例·术",), ("示例·器",)))
    answered, _ = act.apply(held, act.Choose(("示例·器",)))
    assert [card.name for card in answered.players["B"].trash] == ["示例·器"]
