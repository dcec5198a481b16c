"""“Play a spell from your trash …, then recycle it” (``play: {…, then: recycle}``): a delayed replacement (390.3.a) —
as the spell leaves the chain, resolved, it goes to the bottom of its owner's main deck instead of the trash."""

from __future__ import annotations

from conftest import board, play_scenario

CARDS = """cards:
  示例·捣蛋:
    type: unit
    might: 1
    abilities:
      - trigger: played
        effects: [{play: {from: trash, card: {kind: spell, cost: {le: 3}}, ignore_cost: energy, at: any{THEN}}}]
  示例·术: {type: spell, cost: 3, effects: [{draw: 1}]}
"""


def _played(then: str):
    state = board("hand: [示例·捣蛋], trash: [示例·术], deck: [示例·捣蛋, 示例·捣蛋], runes: 2")
    return play_scenario(CARDS.replace("{THEN}", then), state, script="- play: 示例·捣蛋\n- pass:\n- pass:\n")  # the spell played: a new item (340.4)


def test_the_spell_played_from_the_trash_is_recycled_as_it_leaves_the_chain():
    trace, final = _played(", then: recycle")
    player = final.players["A"]
    assert len(player.hand) == 1 and not player.trash  # it resolved (A drew) and did not go back to the trash
    assert [card.name for card in player.deck] == ["示例·捣蛋", "示例·术"]
    assert "390.3.a" in " ".join(trace.cited())


def test_without_it_the_spell_goes_back_to_the_trash():
    _, final = _played("")
    assert [card.name for card in final.players["A"].trash] == ["示例·术"]
