"""The zone a card was played from (``played_from``): recorded on its “played” event and on the unit, read by a
trigger (“when you play a card from your trash”) and by a unit filter (“friendly units played from anywhere other than
your hand”, ``{not: hand}``); a token created and played was played from no zone."""

from __future__ import annotations

import pytest
from conftest import board, play_scenario

from judgekit.engine.layers import might
from judgekit.errors import ScenarioError

CARDS = """cards:
  示例·守望:
    type: unit
    might: 1
    abilities:
      - trigger: {event: played, subject: friendly, card_type: unit, played_from: WHERE}
        effects: [{draw: 1}]
      - static: {might: 2, to: {each: {who: friendly, played_from: {not: hand}}}}
  示例·唤回者:
    type: unit
    might: 1
    abilities:
      - trigger: played
        effects: [{play: {from: trash, card: {kind: unit}, ignore_cost: true}}]
  示例·归来者: {type: unit, might: 1}
  示例·士兵: {type: token, might: 1}
  示例·号令: {type: spell, cost: 0, effects: [{create: {token: 示例·士兵, play: true}}]}
"""

BOARD = board("base: [{id: 守望, card: 示例·守望}], hand: [示例·唤回者, 示例·号令], trash: [示例·归来者], "
              "deck: [示例·士兵, 示例·士兵, 示例·士兵], energy: 5")


def _played(where: str, script: str = "- play: 示例·唤回者\n- pass:\n"):
    return play_scenario(CARDS.replace("WHERE", where), BOARD, script=script)


def test_a_unit_played_from_the_trash_by_an_effect_records_it_and_sets_off_a_trash_trigger():
    _, final = _played("trash", "- play: 示例·唤回者\n- pass:\n- pass:\n")  # the draw: a new item
    back, caller = final.units["示例·归来者"], final.units["示例·唤回者"]
    assert (back.played_from, caller.played_from) == ("trash", "hand")
    played = {event.subject: event.played_from for event in final.this_turn if event.kind == "played"}
    assert played == {"示例·唤回者": "hand", "示例·归来者": "trash"}
    assert len(final.players["A"].hand) == 2  # one draw: for the unit from the trash, none for the one from hand


def test_a_hand_trigger_sees_only_the_unit_played_from_hand():
    _, final = _played("hand")
    assert len(final.players["A"].hand) == 2  # the caller (from hand) drew one; the unit from the trash did not


def test_a_filter_not_hand_reads_the_unit_played_from_the_trash_and_a_token_but_not_one_from_hand():
    _, final = _played("hand", "- play: 示例·唤回者\n- pass:\n- play: 示例·号令\n- pass:\n")
    token = next(unit for unit in final.units.values() if unit.card == "示例·士兵")
    assert token.played_from == ""  # created and played: from no zone
    assert [might(final, final.units[uid]) for uid in ("示例·唤回者", "示例·归来者", token.id)] == [1, 3, 3]


@pytest.mark.parametrize("where", ["hands", "{not: [hand]}"])
def test_an_unknown_zone_is_refused_with_where_it_is(where: str):
    with pytest.raises(ScenarioError, match="test.yaml:7: .*hand / trash / deck / banishment / facedown"):
        _played(where)


def test_a_unit_played_off_the_top_of_the_deck_was_played_from_the_deck():
    cards = CARDS.replace("WHERE", "deck").replace(
        "effects: [{play: {from: trash, card: {kind: unit}, ignore_cost: true}}]",
        "effects: [{look: {amount: 1, take: {card: {kind: unit}, to: play, ignore_cost: true}}}]")
    state = BOARD.replace("deck: [示例·士兵, 示例·士兵, 示例·士兵]", "deck: [示例·归来者, 示例·士兵]")
    _, final = play_scenario(cards, state, script="- play: 示例·唤回者\n- pass:\n  play_card: 示例·归来者\n- pass:\n")
    assert final.units["示例·归来者"].played_from == "deck"
    assert [card.name for card in final.players["A"].hand] == ["示例·号令", "示例·士兵"]  # the deck trigger drew
