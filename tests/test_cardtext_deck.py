"""Cards moved between zones by an effect, as the Chinese compiler reads them (issue 16): put on a main deck, on top or
at the bottom (108.4.d); a card returning itself from the trash to its owner's hand (385.2); cards returned from every
player's trash to their owners' hands; cards banished from a trash (427.1), and a token whose ability the English text
restates in brackets (Vendetta's Shadow Clone, the library's token).

Synthetic cards only (our own sentences in the cards' style): each wording, its tree (checked by hand), the gate and
the round trip; then the engine runs it: the player putting the card there chooses the end, a token ceases to exist.
"""

from __future__ import annotations

import json

import pytest
from conftest import passes

from judgekit.cardtext import CardSource, compile_card
from judgekit.cardtext.zh import NotRead, Scope, render_effect

SMALL = {"type": "unit", "cost": 1, "might": 1}
TOKEN = {"type": "token", "might": 1}
SPELL = {"type": "spell", "cost": 1, "effects": [{"draw": 1}]}


def _round_trip(text: str, card_type: str = "spell") -> dict:
    facts = {"type": card_type, "cost": 0, **({"might": 2} if card_type == "unit" else {})}
    result = compile_card(CardSource("T-310", "zh", text, facts, "试验牌"))
    assert result.status == "compiled", (result.problems, result.needs)
    again = compile_card(CardSource("T-310", "zh", result.understood, facts, "试验牌"))
    assert again.tree == result.tree, result.understood
    return result.tree


TO_DECK = [
    ("选择一名敌方单位。其拥有者将该单位放到其主牌堆的顶部或底部。",
     {"target": {"who": "enemy"}, "effects": [{"to_deck": {"position": "top_or_bottom"}}]}),
    ("抽两张牌，然后将一张手牌放到主牌堆的顶部或底部。",
     {"effects": [{"draw": 2}, {"hand_to_deck": {"position": "top_or_bottom"}}]}),
    ("将一张手牌放到主牌堆底部。", {"effects": [{"hand_to_deck": {"position": "bottom"}}]}),
]


@pytest.mark.parametrize(("text", "part"), TO_DECK, ids=[text for text, _ in TO_DECK])
def test_a_card_put_on_the_deck_compiles_to_its_verb_and_back(text, part):
    tree = _round_trip(text)
    assert {key: tree[key] for key in part} == part


def _scenario(text: str, a: dict, script: list, expect: list, b: dict | None = None) -> str:
    spell = _round_trip(text)
    source = {"title": "放到主牌堆顶部或底部", "defaults": False,
              "cards": {"试验牌": {**spell, "cost": 0}, "小卒": SMALL, "哨兵": SMALL, "随从": TOKEN, "术": SPELL},
              "state": {"turn": {"player": "A", "phase": "main"}, "players": {"A": a, "B": b or {}}},
              "script": script, "expect": expect}
    return json.dumps(source, ensure_ascii=False)


MINE_TO_DECK = "选择一名友方单位。其拥有者将该单位放到其主牌堆的顶部或底部。抽一张牌。"


@pytest.mark.parametrize(("end", "zone"), [("顶部", "hand"), ("底部", "deck")])
def test_the_owner_chooses_the_end_and_a_card_put_on_top_is_the_next_drawn(end, zone):
    # 卒 leaves the board for A's deck of two cards, then A draws one: 小卒 itself when it went on top
    a = {"hand": ["试验牌"], "base": [{"id": "卒", "card": "小卒"}], "deck": 2}
    script = [{"play": "试验牌", "targets": ["卒"]}, {"pass": None}, {"choose": [end]}]
    expect = [{"card": "小卒", "zone": zone}, {"player": "A", "hand": 1, "deck": 2}, {"cites": ["108.4.d", "359.3.e.4"]}]
    passes(_scenario(MINE_TO_DECK, a, script, expect))


def test_a_token_put_on_the_deck_ceases_to_exist():
    a = {"hand": ["试验牌"], "base": [{"id": "兵", "card": "随从"}], "deck": 2}
    script = [{"play": "试验牌", "targets": ["兵"]}, {"pass": None}]
    passes(_scenario(MINE_TO_DECK, a, script, [{"unit": "兵", "alive": False}, {"player": "A", "hand": 1, "deck": 1}, {"cites": ["186.1"]}]))


def test_the_player_chooses_which_card_of_their_hand_goes_to_the_bottom():
    a = {"hand": ["试验牌", "小卒", "术"], "deck": 1}
    script = [{"play": "试验牌"}, {"pass": None}, {"choose": ["小卒"]}]
    passes(_scenario("将一张手牌放到主牌堆底部。", a, script, [{"card": "小卒", "zone": "deck"}, {"player": "A", "hand": 1, "deck": 2}]))


RETURN_ME = "对一名单位造成2点伤害。\n每当你打出一名单位时，你可以选择弃置一张手牌，以此让此牌从废牌堆返回你的手牌。"


def test_a_card_returning_itself_from_the_trash_is_a_trigger_that_works_there():
    tree = _round_trip(RETURN_ME)
    assert tree["abilities"] == [{"trigger": {"event": "played", "subject": "friendly", "card_type": "unit", "zone": "trash"},
                                  "effects": [{"may": [{"discard": 1}]},
                                              {"return_from_trash": {"this_card": True, "if": {"you_did": True}}}]}]


def test_returning_itself_is_not_read_outside_a_trigger_from_the_trash():
    result = compile_card(CardSource("T-310", "zh", "让此牌从废牌堆返回你的手牌。", {"type": "spell", "cost": 0}, "试验牌"))
    assert result.status == "not_understood"


@pytest.mark.parametrize(("discards", "zone"), [(True, "hand"), (False, "trash")])
def test_the_card_in_the_trash_returns_to_hand_if_its_player_discards(discards, zone):
    # A plays 小卒; 试验牌's ability triggers in A's trash: A may discard 术 to return 试验牌 to hand
    a = {"hand": ["小卒", "术"], "trash": ["试验牌"], "runes": 1}
    script = [{"play": "小卒"}, {"pass": None}, {"choose": discards}]
    expect = [{"card": "试验牌", "zone": zone}, {"card": "术", "zone": "trash" if discards else "hand"}]
    passes(_scenario(RETURN_ME, a, script, expect))


FROM_TRASHES = {"return_from_trash": {"card": {"kind": "unit"}, "amount": 2, "whose": "any", "up_to": True}}


def test_units_returned_from_any_trash_in_either_language():
    assert _round_trip("让任意废牌堆中的最多两名单位返回其拥有者的手牌。")["effects"] == [FROM_TRASHES]
    english = compile_card(CardSource("T-311", "en", "Draw 1, then return 3 spells from trashes to their owners' hands.",
                                      {"type": "spell", "cost": 0}, "试验牌"))
    spells = {"return_from_trash": {"card": {"kind": "spell"}, "amount": 3, "whose": "any"}}
    assert english.status == "compiled" and english.tree["effects"] == [{"draw": 1}, spells], english.problems


def test_each_unit_returned_from_a_trash_goes_to_its_owners_hand():
    # A chooses 小卒 from its own trash and B's 哨兵 (not the spell 术); each goes to its owner's hand
    a = {"hand": ["试验牌"], "trash": ["小卒", "术"]}
    script = [{"play": "试验牌"}, {"pass": None}, {"choose": ["A:小卒", "B:哨兵"]}]
    expect = [{"card": "小卒", "zone": "hand"}, {"card": "哨兵", "zone": "hand"}, {"card": "术", "zone": "trash"},
              {"player": "B", "hand": 1, "trash": 0}]
    passes(_scenario("让任意废牌堆中的最多两名单位返回其拥有者的手牌。", a, script, expect, {"trash": ["哨兵"]}))


BANISHED = [
    ("放逐你废牌堆中的所有单位。", {"banish_cards": {"card": {"kind": "unit"}, "all": True}}),
    ("从任意废牌堆中放逐最多两张牌。", {"banish_cards": {"card": {"kind": "any"}, "whose": "any", "amount": 2, "up_to": True}}),
    ("从你的废牌堆中放逐一件装备。", {"banish_cards": {"card": {"kind": "gear"}}}),
]


@pytest.mark.parametrize(("text", "effect"), BANISHED, ids=[text for text, _ in BANISHED])
def test_cards_banished_from_a_trash(text, effect):
    assert _round_trip(text)["effects"] == [effect]


def test_every_unit_of_the_trash_is_banished_and_nothing_else():
    a = {"hand": ["试验牌"], "trash": ["小卒", "哨兵", "术"]}
    expect = [{"card": "小卒", "zone": "banishment"}, {"card": "哨兵", "zone": "banishment"}, {"card": "术", "zone": "trash"},
              {"cites": ["427.1"]}]
    passes(_scenario("放逐你废牌堆中的所有单位。", a, [{"play": "试验牌"}, {"pass": None}], expect))


# our own words for the Shadow Clone's ability (the same tree as its printed reminder)
CLONE = ('When you play me, play a 0 Might Shadow Clone unit token here. (It has "When I attack, you may banish 1 unit from '
         'your trash. If you do, give me Assault 4 this turn.")')


def _english(text: str):
    return compile_card(CardSource("T-312", "en", text, {"type": "unit", "cost": 2, "might": 2}, "试验牌"))


def test_a_token_whose_restated_ability_is_the_library_tokens_is_created_by_name():
    result = _english(CLONE)
    assert result.status == "compiled", result.problems
    assert result.tree["abilities"] == [{"trigger": "played", "effects": [{"create": {"token": "影分身", "at": "here",
                                                                                    "play": True}}]}]


def test_a_restated_ability_that_is_not_the_tokens_is_not_dropped():
    result = _english('When you play me, play a 0 Might Shadow Clone unit token here. (It has "When I attack, draw 1.")')
    assert result.status == "not_understood"


@pytest.mark.parametrize(("trash", "clone_lives"), [(["小卒"], True), ([], False)])
def test_the_shadow_clone_banishes_a_unit_of_the_trash_to_attack_with_assault_4(trash, clone_lives):
    # the library's Shadow Clone (0 Might) attacks 哨兵 (1): with a unit to banish it has Assault 4 and wins
    source = {"title": "影分身", "cards": {"小卒": SMALL, "哨兵": SMALL},
              "state": {"turn": {"player": "A", "phase": "main"},
                        "players": {"A": {"base": [{"id": "影", "card": "影分身", "exhausted": False}], "trash": trash},
                                    "B": {}},
                        "battlefields": [{"name": "北方", "controller": "B", "units": [{"id": "哨", "card": "哨兵", "controller": "B"}]}]},
              "script": [{"move": "影", "to": "北方"}, {"pass": None}],
              "expect": [{"unit": "影", "alive": clone_lives}, {"unit": "哨", "alive": not clone_lives}]}
    passes(json.dumps(source, ensure_ascii=False))


BELOW_POINTS = "从你的废牌堆中打出一张法力费用低于你当前分数的法术牌，无视其费用。"


def test_a_card_played_with_a_cost_below_your_points_reads_them_as_it_executes():
    assert _round_trip(BELOW_POINTS)["effects"] == [
        {"play": {"from": "trash", "card": {"kind": "spell", "cost": {"lt": {"points_of": "you"}}}, "ignore_cost": True, "at": "any"}}]
    # elsewhere than the card a play plays, the engine does not read such a bound: not read
    assert compile_card(CardSource("T-310", "zh", "从你的废牌堆中回收一张法力费用低于你当前分数的法术牌。", {"type": "spell", "cost": 0},
                                   "试验牌")).status == "not_understood"


@pytest.mark.parametrize(("points", "hand"), [(2, 1), (1, 0)])
def test_the_spell_is_played_only_while_its_cost_is_below_the_players_points(points, hand):
    # 术 (cost 1, draws 1) is played from the trash at 2 points, not at 1
    a = {"hand": ["试验牌"], "trash": ["术"], "deck": 3, "points": points}
    script = [{"play": "试验牌"}] + [{"pass": None}] * (1 + hand)  # 试验牌 resolves, then 术 if it put it on the chain
    passes(_scenario(BELOW_POINTS, a, script, [{"player": "A", "hand": hand}]))


SARCOPHAGUS = "当你打出此牌时，放逐你废牌堆中的所有单位。\n横置：打出一名以此方式放逐的单位。"


def test_a_unit_banished_with_this_is_played_by_its_exhaust_ability():
    tree = compile_card(CardSource("T-313", "zh", SARCOPHAGUS, {"type": "gear", "cost": 0}, "试验牌")).tree
    assert tree["abilities"][1] == {"cost": {"exhaust": True},
                                    "effects": [{"play": {"from": "banishment", "card": {"kind": "unit"},
                                                          "banished_with_this": True, "at": "any"}}]}


@pytest.mark.parametrize(("banished", "played"), [(["小卒"], True), ([], False)])
def test_only_a_unit_this_gear_banished_can_be_played_from_the_banishment(banished, played):
    # 试验牌 banishes the units of A's trash as it is played; A's other banished 哨兵 (not by it) is never played by it
    gear = {**_round_trip(SARCOPHAGUS, "gear"), "cost": 0}
    source = {"title": "以此方式放逐", "cards": {"试验牌": gear, "小卒": SMALL, "哨兵": SMALL},
              "state": {"turn": {"player": "A", "phase": "main"},
                        "players": {"A": {"hand": ["试验牌"], "trash": banished, "banishment": ["哨兵"], "runes": 1}, "B": {}}},
              "script": [{"play": "试验牌"}, {"pass": None}, {"activate": "试验牌", "ability": "ability2"}, {"pass": None}],
              "expect": [{"card": "哨兵", "zone": "banishment"}, {"player": "A", "ready_runes": 0 if played else 1}] +
                        [{"unit": "小卒", "location": "base"}] * played}  # 小卒 paid for (its cost 1)
    passes(json.dumps(source, ensure_ascii=False))


def test_you_may_kill_this_to_do_something_standing_alone_is_the_activated_ability_kill_this():
    # “Kill this: …” as the Chinese prints it; after a trigger the same words stay that trigger's
    assert _round_trip("你可以选择摧毁此装备，以此从任意废牌堆中回收最多两张牌。", "gear")["abilities"] == [
        {"cost": {"kill_self": True}, "effects": [{"recycle": {"from": "trash", "amount": 2, "whose": "any", "up_to": True}}]}]
    triggered = _round_trip("当你打出此牌时，你可以选择摧毁此装备，以此抽一张牌。", "gear")["abilities"]
    assert [set(ability) >= {"trigger"} for ability in triggered] == [True]


FOUNTAIN = "当你打出此牌时，抽一张牌。\n绝念 ▸ 重复此装备的打出效果。"


def test_repeating_the_play_effect_is_its_instructions_done_again():
    tree = _round_trip(FOUNTAIN, "gear")
    assert tree["triggers"] == {"deathknell": [{"draw": 1}]} and tree["abilities"] == [{"trigger": "played", "effects": [{"draw": 1}]}]
    # a play effect with a target (or none at all) is not copied: not read
    result = compile_card(CardSource("T-310", "zh", "绝念 ▸ 重复此装备的打出效果。", {"type": "gear", "cost": 0}, "试验牌"))
    assert result.status == "not_understood"


def test_the_gear_draws_again_as_it_dies():
    smash = {"type": "spell", "cost": 0, "target": {"kind": "gear"}, "effects": [{"kill": None}]}
    source = {"title": "重复打出效果", "cards": {"试验牌": {**_round_trip(FOUNTAIN, "gear"), "cost": 0}, "毁": smash},
              "state": {"turn": {"player": "A", "phase": "main"},
                        "players": {"A": {"hand": ["毁"], "gear": ["试验牌"], "deck": 3}, "B": {}}},
              "script": [{"play": "毁", "targets": ["试验牌"]}, {"pass": None}],
              "expect": [{"card": "试验牌", "zone": "trash"}, {"player": "A", "hand": 1}]}
    passes(json.dumps(source, ensure_ascii=False))


REVEALED = "当我移动时，展示你主牌堆顶部的一张牌。如果是一名单位，则将其放入你的手牌，否则将其置入你的废牌堆。如果你没有将其放入你的手牌，则让我在本回合内战力+2。"
REVEALED_TREE = [{"trigger": "moved", "effects": [
    {"look": {"amount": 1, "reveal": True, "take": {"card": {"kind": "unit"}, "to": "hand"}, "rest": "trash"}},
    {"might": {"amount": 2, "if": {"you_did": False}}}]}]


def test_a_revealed_card_not_taken_goes_to_the_trash_and_what_follows_reads_that_it_was_not_taken():
    assert _round_trip(REVEALED, "unit")["abilities"] == REVEALED_TREE
    english = compile_card(CardSource("T-311", "en", "When I attack, reveal the top card of your Main Deck. If it's a gear, "
                                      "put it into your hand. Otherwise, put it into your trash and draw 1.",
                                      {"type": "unit", "cost": 2, "might": 2}, "试验牌"))
    assert english.status == "compiled", english.problems
    assert english.tree["abilities"] == [{"trigger": "attacked", "effects": [
        {"look": {"amount": 1, "reveal": True, "take": {"card": {"kind": "gear"}, "to": "hand"}, "rest": "trash"}},
        {"draw": {"amount": 1, "if": {"you_did": False}}}]}]
    # “you did not take it” only after a look that takes a card into the hand
    assert compile_card(CardSource("T-310", "zh", "抽一张牌。如果你没有将其放入你的手牌，则抽一张牌。", {"type": "spell", "cost": 0},
                                   "试验牌")).status == "not_understood"


@pytest.mark.parametrize(("top", "zone", "might"), [("小卒", "hand", 2), ("术", "trash", 4)])
def test_the_unit_gets_the_might_only_when_the_revealed_card_was_not_a_unit(top, zone, might):
    unit = {**_round_trip(REVEALED, "unit"), "cost": 2, "might": 2}
    source = {"title": "展示后否则", "cards": {"试验牌": unit, "小卒": SMALL, "术": SPELL},
              "state": {"turn": {"player": "A", "phase": "main"},
                        "players": {"A": {"base": [{"id": "守", "card": "试验牌", "exhausted": False}], "deck": [top, "小卒"]}, "B": {}},
                        "battlefields": [{"name": "北方"}]},
              "script": [{"move": "守", "to": "北方"}, {"pass": None}],
              "expect": [{"card": top, "zone": zone}, {"unit": "守", "might": might}]}
    passes(json.dumps(source, ensure_ascii=False))


ENGLISH = [
    ("spell", "Banish all units from your trash.", {"effects": [{"banish_cards": {"card": {"kind": "unit"}, "all": True}}]}),
    ("spell", "Draw 2. Put a card from your hand on the bottom of your Main Deck.",
     {"effects": [{"draw": 2}, {"hand_to_deck": {"position": "bottom"}}]}),
    ("spell", "Choose an enemy unit. Its owner puts it on the top or bottom of their Main Deck.",
     {"target": {"who": "enemy"}, "effects": [{"to_deck": {"position": "top_or_bottom"}}]}),
    ("gear", "Exhaust: Play a gear banished with this.",
     {"abilities": [{"cost": {"exhaust": True}, "effects": [
         {"play": {"from": "banishment", "card": {"kind": "gear"}, "banished_with_this": True, "at": "any"}}]}]}),
]


@pytest.mark.parametrize(("card_type", "text", "part"), ENGLISH, ids=[text for _, text, _ in ENGLISH])
def test_the_english_wordings_of_these_zone_actions_compile_to_the_same_forms(card_type, text, part):
    result = compile_card(CardSource("T-314", "en", text, {"type": card_type, "cost": 0}, "试验牌"))
    assert result.status == "compiled", result.problems
    assert {key: result.tree[key] for key in part} == part


@pytest.mark.parametrize("effect", [
    {"return_from_trash": {"card": {"kind": ["unit", "gear"]}, "amount": 2, "whose": "any"}},
    {"banish_cards": {"card": {"kind": ["unit", "gear"]}, "all": True}},
    {"play": {"from": "banishment", "card": {"kind": ["unit", "gear"]}, "banished_with_this": True, "at": "any"}},
])
def test_a_form_with_no_wording_for_two_kinds_is_not_written_rather_than_failing(effect):
    with pytest.raises(NotRead):
        render_effect(effect, Scope())


REPEAT_DISCARD = "回响—弃置一张手牌\n抽一张牌。"


def test_a_repeat_paid_by_discarding_in_either_language():
    assert _round_trip(REPEAT_DISCARD)["repeat"] == [{"discard": 1}]
    english = compile_card(CardSource("T-311", "en", "Repeat — Discard 1\nDraw 1.", {"type": "spell", "cost": 0}, "试验牌"))
    assert english.status == "compiled" and english.tree["repeat"] == [{"discard": 1}], english.problems


@pytest.mark.parametrize(("repeat", "hand", "trash"), [(1, 2, 2), (0, 2, 1)])
def test_the_repeat_discards_a_card_and_the_spell_draws_again(repeat, hand, trash):
    # A's hand: 试验牌 and 术; repeated, 术 is discarded and two cards are drawn, else one
    a = {"hand": ["试验牌", "术"], "deck": 3}
    play = {"play": "试验牌", **({"repeat": repeat} if repeat else {})}
    passes(_scenario(REPEAT_DISCARD, a, [play, {"pass": None}], [{"player": "A", "hand": hand, "trash": trash}]))
