"""The Chinese compiler's wordings of cards in zones and of player-level effects (issue 16): each player (each opponent)
doing a player's action, a hand revealed and a card picked from it, cards played and recycled from a trash.

Synthetic cards only, in our own words: each wording, the tree it compiles to (checked by hand against the rules it
stands for), the gate (the engine runs it) and the round trip (the rendering compiles to the same tree).
"""

from __future__ import annotations

import pytest
from test_cardtext_play import _compiled as _compiled_as
from test_cardtext_play import _round_trip as _round_trip_as


def _compiled(text: str):
    return _compiled_as(text, "spell")


def _round_trip(text: str) -> dict:
    return _round_trip_as(text, "spell")


EACH = [
    # 135.2.b.5.a: the players named perform the action, each their own (“自己的”)
    ("每名玩家弃置自己的所有手牌。", [{"discard": {"all": True, "who": "each_player"}}]),
    ("每名对手弃置所有手牌。", [{"discard": {"all": True, "who": "opponent"}}]),
    ("每名对手回收自己废牌堆中的两张牌。", None),  # no such action wording: not read
    ("每名对手获得1经验。", [{"gain_xp": {"amount": 1, "who": "opponent"}}]),
    # after “然后” the action with no subject is the same players'
    ("每名玩家弃置自己的所有手牌，然后抽三张牌。",
     [{"discard": {"all": True, "who": "each_player"}}, {"draw": {"amount": 3, "who": "each_player"}}]),
    ("每名对手焚烧两张牌，然后获得1经验。",
     [{"burn": {"amount": 2, "who": "opponent"}}, {"gain_xp": {"amount": 1, "who": "opponent"}}]),
    # a new sentence is not the same subject's: “抽一张牌” is yours
    ("每名对手弃置一张手牌。抽一张牌。", [{"discard": {"amount": 1, "who": "opponent"}}, {"draw": 1}]),
]


@pytest.mark.parametrize(("text", "effects"), EACH, ids=[text for text, _ in EACH])
def test_each_player_does_the_action_named(text, effects):
    if effects is None:
        assert _compiled(text).status == "not_understood"
        return
    assert _round_trip(text)["effects"] == effects


OPPONENT = {"kind": "player", "who": "enemy"}
ANY_CARD = {"kind": "any"}
REVEAL = [
    ("让一名对手展示手牌。从中选择一张，让对手将其弃置。",
     {"target": OPPONENT, "effects": [{"reveal_hand": {"who": "chosen_player", "pick": {"card": ANY_CARD, "then": "discard"}}}]}),
    ("选择一名对手，让其展示手牌，并从中选择一张非法术卡牌，让其将其回收。",
     {"target": OPPONENT, "effects": [{"reveal_hand": {"who": "chosen_player", "pick": {
         "card": {"kind": "any", "not": {"kind": "spell"}}, "then": "recycle"}}}]}),
    ("选择一名玩家。让该玩家展示自己的手牌。", {"target": {"kind": "player"}, "effects": [{"reveal_hand": {"who": "chosen_player"}}]}),
    ("指定一名对手，让其展示手牌，然后从中选择一张法术牌，让对手将其弃置。",
     {"target": OPPONENT, "effects": [{"reveal_hand": {"who": "chosen_player", "pick": {
         "card": {"kind": "spell"}, "then": "discard"}}}]}),
]


@pytest.mark.parametrize(("text", "tree"), REVEAL, ids=[text for text, _ in REVEAL])
def test_a_revealed_hand_and_the_card_picked_from_it(text, tree):
    compiled = _round_trip(text)
    assert {key: compiled[key] for key in tree} == tree


@pytest.mark.parametrize("text", [
    "让对手展示手牌。",  # no opponent chosen before: which one is not guessed
    "选择一名玩家，让对手展示手牌。",  # a player chosen, not an opponent
    "从中选择一张，让对手将其弃置。",  # nothing revealed before
])
def test_a_revealer_the_text_does_not_fix_is_not_guessed(text):
    assert _compiled(text).status == "not_understood"


TRASH_PLAY = [
    # 390.3.a: “then recycle it” after a spell the effect plays
    ("spell", "从你的废牌堆中打出一张法力费用不高于②的法术牌，无视其法力费用。然后将其回收。",
     [{"play": {"from": "trash", "card": {"kind": "spell", "cost": {"le": 2}}, "ignore_cost": "energy", "at": "any",
                "then": "recycle"}}]),
    ("spell", "从你的废牌堆中打出一张法术牌，无视其费用，然后将其回收。",
     [{"play": {"from": "trash", "card": {"kind": "spell"}, "ignore_cost": True, "at": "any", "then": "recycle"}}]),
]


@pytest.mark.parametrize(("card_type", "text", "effects"), TRASH_PLAY, ids=[text for _, text, _ in TRASH_PLAY])
def test_a_card_played_from_a_trash(card_type, text, effects):
    assert _round_trip(text)["effects"] == effects


def test_only_a_spell_played_is_recycled_as_it_leaves_the_chain():
    assert _compiled("从你的废牌堆中打出一名单位，无视其费用。然后将其回收。").status == "not_understood"


RECYCLE = [
    ("从任意废牌堆中回收最多两张牌。", [{"recycle": {"from": "trash", "amount": 2, "whose": "any", "up_to": True}}]),
    ("从对手的废牌堆里选择两张牌。让其拥有者将其回收。", [{"recycle": {"from": "trash", "amount": 2, "whose": "opponents"}}]),
    ("从你的废牌堆中回收最多三张单位牌。",
     [{"recycle": {"from": "trash", "amount": 3, "up_to": True, "card": {"kind": "unit"}}}]),
    ("从你的废牌堆中回收两张法术牌。", [{"recycle": {"from": "trash", "amount": 2, "card": {"kind": "spell"}}}]),
    ("从你的废牌堆中回收两张牌。", [{"recycle": {"amount": 2}}]),  # the templates' own wording, as before
]


@pytest.mark.parametrize(("text", "effects"), RECYCLE, ids=[text for text, _ in RECYCLE])
def test_cards_recycled_from_trashes(text, effects):
    assert _round_trip(text)["effects"] == effects


def test_cards_chosen_in_a_trash_and_then_nothing_done_are_not_read():
    assert _compiled("从对手的废牌堆里选择两张牌。").status == "not_understood"


def test_a_mode_of_two_sentences_is_one_mode():
    tree = _round_trip("从下列中选择一个—\n—从对手的废牌堆里总共选择最多两张牌。让其拥有者将其回收。\n—抽一张牌。")
    assert tree["modes"] == {"1": [{"recycle": {"from": "trash", "amount": 2, "whose": "opponents", "up_to": True}}],
                             "2": [{"draw": 1}]}


def test_each_opponents_top_card_is_one_look_among_them_all():
    effects = _round_trip("每名对手展示其主牌堆顶部的两张牌。你从中选择一张，将其放逐。将其当作自己的牌打出，无视其费用。回收其余的卡牌。")["effects"]
    assert effects == [{"look": {"amount": 2, "reveal": True, "whose": "opponents", "rest": "recycle", "take": {
        "card": {"kind": "any"}, "to": "play", "banish": True, "ignore_cost": True}}}]
