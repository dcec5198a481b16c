"""Recycling from other players' trashes (``recycle: {whose: opponents | any, up_to: true}``): each card to the bottom of
its owner's main deck (416.1.a); “最多N张” is the controller's choice how many, none too (with defaults as many as there are)."""

from __future__ import annotations

from conftest import board, play_scenario, scenario_text

from judgekit.engine import actions as act
from judgekit.scenarios.scenario import parse

CARDS = """cards:
  示例·清运: {type: spell, effects: [{recycle: {from: trash, amount: 2, whose: {WHOSE}, up_to: true}}]}
  示例·兵: {type: unit, might: 1}
  示例·术: {type: spell, effects: [{draw: 1}]}
"""
STATE = board("hand: [示例·清运], trash: [示例·术]", "trash: [示例·兵, 示例·术, 示例·兵]")


def test_an_opponents_trash_is_recycled_to_their_deck_as_many_as_allowed():
    _, final = play_scenario(CARDS.replace("{WHOSE}", "opponents"), STATE, script="- play: 示例·清运\n- pass:\n")
    assert [card.name for card in final.players["B"].deck] == ["示例·兵", "示例·术"]
    assert [card.name for card in final.players["B"].trash] == ["示例·兵"]
    assert [card.name for card in final.players["A"].trash] == ["示例·术", "示例·清运"]  # A's own is not an opponent's


def _asked(whose: str):
    text = scenario_text("defaults: false\n", CARDS.replace("{WHOSE}", whose), STATE, script="- play: 示例·清运\n")
    held = parse(text, "test.yaml").state
    held, _ = act.apply(held, act.Play("A", "示例·清运"))
    for player in ("A", "B"):
        held, _ = act.apply(held, act.Pass(player))
    return held


def test_up_to_is_the_controllers_choice_none_included():
    held = _asked("opponents")
    question = held.question()
    assert question.kind == "cards" and () in question.options and ("示例·兵", "示例·兵") in question.options
    answered, _ = act.apply(held, act.Choose(()))
    assert len(answered.players["B"].trash) == 3


def test_from_every_trash_a_card_is_named_with_its_owner():
    held = _asked("any")
    assert ("A:示例·术", "B:示例·术") in held.question().options
    answered, _ = act.apply(held, act.Choose(("A:示例·术", "B:示例·兵")))
    assert [card.name for card in answered.players["A"].deck] == ["示例·术"]
    assert [card.name for card in answered.players["B"].deck] == ["示例·兵"]


LOOK = """cards:
  示例·盲怒:
    type: spell
    effects:
      - look: {amount: 1, reveal: true, whose: opponents, take: {card: {kind: any}, to: play, banish: true, ignore_cost: true},
               rest: recycle}
  示例·兵: {type: unit, might: 1}
"""


def test_each_opponents_top_card_one_banished_and_played_as_yours_the_rest_recycled():
    state = board("hand: [示例·盲怒], deck: [示例·兵]", "deck: [示例·兵, 示例·盲怒]")
    trace, final = play_scenario(LOOK, state, script="- play: 示例·盲怒\n- pass:\n")
    played = [unit for unit in final.units.values() if unit.card == "示例·兵"]
    assert [(unit.owner, unit.controller) for unit in played] == [("B", "A")]  # B's card, played by A as their own
    assert [card.name for card in final.players["B"].deck] == ["示例·盲怒"] and len(final.players["A"].deck) == 1
    assert "424.1.a.2" in " ".join(trace.cited())
