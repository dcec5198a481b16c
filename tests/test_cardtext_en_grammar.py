"""The English compiler's general grammar on invented texts (no card's text): each wording compiles to the tree the
Chinese side writes for the same thing, passes the gate, and its Chinese rendering reads back the same tree."""

import pytest

from judgekit.cardtext import CardSource, compile_card

FACTS = {"unit": {"type": "unit", "might": 3, "domains": ["炽烈"]}, "spell": {"type": "spell", "domains": ["炽烈"]},
         "gear": {"type": "gear", "domains": ["炽烈"]}, "legend": {"type": "legend", "domains": ["炽烈"]}}


def compiled(text: str, kind: str = "unit") -> dict:
    """The card parts of an invented English text, compiled and executable (the round trip is compile_card's)."""
    result = compile_card(CardSource("TST-900", "en", text, FACTS[kind], "Practice Dummy"))
    assert result.status == "compiled", (text, result.problems, result.needs)
    return {key: value for key, value in result.tree.items() if key not in FACTS[kind]}


def not_read(text: str, kind: str = "unit") -> None:
    result = compile_card(CardSource("TST-901", "en", text, FACTS[kind], "Practice Dummy"))
    assert result.status == "not_understood", (text, result.tree)


@pytest.mark.parametrize(("words", "trigger"), [
    ("When you spend a buff", {"event": "buff_spent", "subject": "friendly", "player": "you"}),
    ("When you recycle a rune", {"event": "rune_recycled", "subject": "any", "player": "you"}),
    ("When you play me from face down", {"event": "played", "hidden": True}),
    ("When one or more friendly units die", {"event": "units_killed", "subject": "friendly"}),
    ("Whenever one or more units die", {"event": "units_killed", "subject": "any"}),
])
def test_triggers_of_events_the_engine_names(words, trigger):
    assert compiled(f"{words}, draw 1.")["abilities"] == [{"trigger": trigger, "effects": [{"draw": 1}]}]


def test_to_score_is_to_conquer_or_to_hold():
    abilities = compiled("When you play me or when I score, draw 1.")["abilities"]
    assert [ability["trigger"] for ability in abilities] == ["played", "conquered", "held"]


def test_there_after_a_move_from_a_location_is_where_the_move_started():
    tree = compiled("When I move from a location, play a 3 Might Sprite unit token with Temporary there.")
    assert tree["abilities"] == [{"trigger": "moved", "effects": [{"create": {"token": "精灵", "at": "origin", "play": True}}]}]
    not_read("When I attack, play a 3 Might Sprite unit token with Temporary there.")


def test_spending_a_buff_opening_a_trigger_is_its_cost():
    tree = compiled("When I defend, you may spend a buff to channel 1 rune exhausted.")
    assert tree["abilities"] == [{"trigger": "defended", "cost": {"spend_buffs": 1},
                                  "effects": [{"channel": {"count": 1, "exhausted": True}}]}]


@pytest.mark.parametrize(("condition", "tree"), [
    ("you have exactly 3 cards in hand and exactly 2 units at battlefields",
     {"hand": {"eq": 3}, "controls": {"where": "battlefield"}, "at_least": 2, "at_most": 2}),
    ("you've spent at least any rune×3 this turn", {"power_spent_this_turn": {"ge": 3}}),
    ("an enemy unit died during your Main Phase this turn", {"killed_this_turn": {"side": "enemy", "phase": "main"}}),
    ("it's your turn", {"turn": "you"}),
])
def test_conditions_of_a_triggered_ability(condition, tree):
    abilities = compiled(f"When I attack, if {condition}, draw 1.")["abilities"]
    assert abilities == [{"trigger": "attacked", "condition": tree, "effects": [{"draw": 1}]}]


def test_a_static_while_attacking_with_another_unit():
    abilities = compiled("I have +3 Might while I'm attacking with another unit.")["abilities"]
    assert abilities == [{"static": {"might": 3, "to": "self"},
                          "while": {"attacking": True, "count": {"attacking": True, "other": True}}}]


def test_fewer_runes_channelled_only_after_a_channel():
    assert compiled("Channel 3 runes exhausted. If you couldn't channel 3 runes this way, draw 2.", "spell")["effects"] == [
        {"channel": {"count": 3, "exhausted": True}}, {"draw": {"amount": 2, "if": {"channel_short": True}}}]
    not_read("Draw 1. If you can't, draw 2.", "spell")


@pytest.mark.parametrize(("text", "effect"), [
    ("When I attack, deal damage equal to my Shield to an enemy unit here.", {"deal": {"amount": {"keyword_value": "坚守"}}}),
    ("When I attack, deal damage equal to the number of cards in your hand to an enemy unit here.",
     {"deal": {"amount": {"hand_of": "you"}}}),
    ("When I attack, give an enemy unit here +Might equal to my Might this turn.", {"might": {"amount": {"might_of": "self"}}}),
])
def test_amounts_equal_to_something(text, effect):
    assert compiled(f"Shield 2\n{text}")["abilities"][0]["effects"] == [effect]


def test_a_keyword_value_equal_to_a_count():
    abilities = compiled("I have Shield equal to the number of friendly gear.")["abilities"]
    assert abilities == [{"static": {"grant": "坚守", "value": {"count": {"kind": "gear", "who": "friendly"}}}}]


@pytest.mark.parametrize(("words", "params"), [
    ("Each opponent kills one of their units", None), ("Each player must kill one of their gear", {"kind": "gear"}),
])
def test_each_player_kills_their_own(words, params):
    effects = compiled(f"{words}.", "spell")["effects"]
    who = {"kind": "gear", "who": "each_player"} if params else {"who": "opponent"}
    assert effects == [{"kill_own": who}]


def test_buff_bonus_and_any_number_of_buffs_and_a_rune_recycled():
    assert compiled("Buffs give an additional +2 Might to your units this turn.", "spell")["effects"] == [{"buff_bonus": 2}]
    assert compiled("I can have any number of buffs.")["passives"] == {"any_number_of_buffs": True}
    assert compiled("When I attack, you must recycle one of your runes.")["abilities"][0]["effects"] == [
        {"recycle": {"from": "runes", "amount": 1}}]


def test_the_chosen_units_next_death_replaced():
    assert compiled("Stun a unit. If it would die this turn, banish it instead.", "spell")["effects"] == [
        {"stun": None}, {"replace_death": {"instead": "banish"}}]
    assert compiled("Stun a unit. The next time it would die this turn, recall it, heal it and exhaust it instead.",
                    "spell")["effects"] == [{"stun": None}, {"replace_death": None}]
    not_read("Draw 1. If it would die this turn, banish it instead.", "spell")


def test_several_units_at_one_location():
    assert compiled("Stun up to two enemy units at the same location.", "spell")["target"] == {
        "who": "enemy", "count": 2, "up_to": True, "same_location": True}
    assert compiled("Ready any number of your units at a battlefield.", "spell")["target"] == {
        "who": "friendly", "count": None, "up_to": True, "same_location": True, "where": "battlefield"}
    not_read("Stun an enemy unit at the same location.", "spell")


def test_moves_to_this_battlefield_and_to_a_different_one():
    assert compiled("When I defend, move a friendly unit to this battlefield.")["abilities"][0]["effects"] == [
        {"move": {"to": "source"}}]
    assert compiled("Move an enemy unit to a different battlefield.", "spell")["effects"] == [
        {"move": {"to": "chosen_battlefield"}}]


def test_a_unit_without_a_tag():
    tree = compiled("When I attack, stun a non-Mech unit here.")
    assert tree["abilities"][0]["target"] == {"not": {"tag": "机械"}, "where": "here"}


def test_my_name_in_filters_counts_and_conditions():
    assert compiled("I have +1 Might for each friendly unit at battlefields with my name.")["abilities"] == [
        {"static": {"might": {"count": {"who": "friendly", "where": "battlefield", "same_name": True}}}}]
    assert compiled("I cost ① less for each card with my name in your trash.")["abilities"] == [
        {"static": {"cost_change": {"energy": -1, "per": {"in_trash": {"same_name": True}}}}}]
    assert compiled("If you have a card with my name in your trash, I have +2 Might.")["abilities"] == [
        {"static": {"might": 2, "to": "self"}, "while": {"in_trash": {"same_name": True}}}]


def test_a_card_of_yours_banished_by_you():
    assert compiled("When you banish a card you own, buff me.")["abilities"] == [
        {"trigger": {"event": "banished", "subject": "any", "player": "you", "responsible": "you"}, "effects": [{"buff": None}]}]


def test_damage_i_cannot_be_dealt():
    assert compiled("I can't be dealt damage.")["abilities"] == [{"static": {"cant": "be_dealt_damage"}}]
    assert compiled("While I'm buffed, prevent all damage that enemy spells and abilities would deal to me.")["abilities"] == [
        {"static": {"cant": "be_dealt_damage", "by": "enemy"}, "while": {"buffed": True}}]
    tree = compiled("Empower ② (②: Empower me.)\nEmpowered ▸ I have +1 Might and can't be dealt damage unless I'm in combat.")
    assert tree["abilities"] == [
        {"static": {"might": 1, "to": "self"}, "while": {"empowered": True}},
        {"static": {"cant": "be_dealt_damage"}, "while": {"empowered": True, "not": {"in_combat": True}}}]


def test_every_unit_at_a_battlefield_chosen_first():
    assert compiled("Stun all friendly units at a battlefield.", "spell") == {
        "target": {"kind": "battlefield"}, "effects": [{"stun": {"to": {"each": {"who": "friendly", "where": "there"}}}}]}
    tree = compiled("Choose a battlefield. Give enemy units there -2 Might this turn and friendly units there +2 Might "
                    "this turn, to a minimum of 1 Might.", "spell")
    assert tree["effects"] == [
        {"might": {"amount": -2, "min": 1, "to": {"each": {"who": "enemy", "where": "there"}}}},
        {"might": {"amount": 2, "to": {"each": {"who": "friendly", "where": "there"}}}}]
    not_read("Choose a unit. Stun all enemy units at a battlefield.", "spell")  # two targets of two kinds: not built


def test_the_doer_goes_on_after_then():
    assert compiled("Each opponent discards their hand, then draws 2.", "spell")["effects"] == [
        {"discard": {"all": True, "who": "opponent"}}, {"draw": {"amount": 2, "who": "opponent"}}]


@pytest.mark.parametrize(("words", "cost"), [
    ("exhaust a friendly unit", {"exhaust": "friendly_unit"}), ("kill a friendly Mech", {"kill": {"tag": "机械"}}),
])
def test_an_optional_additional_cost_paid_with_your_own_object(words, cost):
    tree = compiled(f"You may {words} as an additional cost to play me.\nWhen you play me, if you paid the additional "
                    "cost, draw 2.")
    assert tree["additional_cost"] == {"optional": cost}


def test_spending_a_buff_to_ignore_the_spells_cost():
    tree = compiled("You may spend a buff as an additional cost to play this. If you do, ignore this spell's cost.\n"
                    "Draw 2.", "spell")
    assert tree["additional_cost"] == {"optional": {"spend_buff": 1}}
    assert tree["abilities"] == [{"static": {"cost_change": {"ignore": True}}, "while": {"paid_additional_cost": True}}]


@pytest.mark.parametrize(("words", "trigger"), [
    ("When an exhausted enemy unit dies", {"event": "killed", "subject": "enemy", "card": {"exhausted": True}}),
    ("When you kill a buffed enemy unit", {"event": "killed", "subject": "enemy", "responsible": "you",
                                           "card": {"buffed": True}}),
])
def test_a_unit_killed_read_by_its_filter(words, trigger):
    assert compiled(f"{words}, draw 1.", "gear")["abilities"] == [{"trigger": trigger, "effects": [{"draw": 1}]}]


def test_conquering_with_a_mighty_unit():
    tree = compiled("When you conquer here with one or more Mighty units, draw 2.", "legend")
    assert tree["abilities"] == [{"trigger": "conquered", "condition": {"controls": {"where": "here", "mighty": True}},
                                  "effects": [{"draw": 2}]}]


def test_a_revealed_hand_and_the_card_picked_from_it():
    tree = compiled("Choose an opponent. They reveal their hand. Choose a non-spell card from it, and discard that card.",
                    "spell")
    assert tree["effects"] == [{"reveal_hand": {"who": "chosen_player", "pick": {
        "card": {"kind": "any", "not": {"kind": "spell"}}, "then": "discard"}}}]
    tree = compiled("Choose an opponent. They reveal their hand and you choose a Calm unit from it. They recycle it.", "spell")
    assert tree["effects"][0]["reveal_hand"]["pick"] == {"card": {"kind": "unit", "domain": "翠意"}, "then": "recycle"}
    not_read("They reveal their hand.", "spell")  # no player chosen


def test_moved_this_turn_and_no_damage_taken():
    assert compiled("If I have moved 3 times this turn, I don't take damage.")["abilities"] == [
        {"static": {"cant": "be_dealt_damage"}, "while": {"moved_this_turn": {"ge": 3}}}]


def test_all_units_and_gear_are_two_effects():
    assert compiled("Ready all friendly units and gear.", "spell")["effects"] == [
        {"ready": {"to": {"each": {"who": "friendly"}}}}, {"ready": {"to": {"each": {"kind": "gear", "who": "friendly"}}}}]


def test_an_elided_reminder_says_nothing_and_a_keyword_restated_with_one_is_the_same():
    once = compiled("Tank (I must be assigned combat damage first.)\nWhen I attack, draw 1.")
    assert compiled("Tank (I must be assigned combat damage first.)\nTank (...) When I attack, draw 1.") == once
    assert compiled("Tank (I must be assigned combat damage first.)\nWhen I attack, draw 1. (...)") == once


@pytest.mark.parametrize(("words", "killed"), [
    ("a friendly unit", "friendly_unit"), ("a friendly Mighty unit", {"mighty": True}),
    ("a Mech or Dragon you control", {"tag": ["机械", "龙"]}),
    ("a Bird, Cat, or Dog you control", {"tag": ["鸟类", "猫科", "犬形"]}),
])
def test_a_mandatory_additional_cost_kills_any_unit_of_yours_the_selector_reads(words, killed):
    assert compiled(f"As an additional cost to play me, kill {words}.")["additional_cost"] == {"kill": killed}
    not_read("As an additional cost to play me, kill an enemy unit.")


def test_two_card_level_rules_on_one_line_are_each_read():
    tree = compiled("As an additional cost to play me, kill a friendly Cat or Dog. You may Ambush me to its battlefield.")
    assert tree["additional_cost"] == {"kill": {"tag": ["猫科", "犬形"]}} and tree["ambush_to"] == "cost_killed"


@pytest.mark.parametrize(("words", "tags"), [("enemy Mech or Dragon unit", ["机械", "龙"]),
                                            ("enemy Birds or Cats", ["鸟类", "猫科"])])
def test_a_unit_with_one_of_several_tags(words, tags):
    assert compiled(f"When I attack, stun an {words} here.")["abilities"][0]["target"]["tag"] == tags


@pytest.mark.parametrize(("text", "kind"), [
    ("Move a friendly unit to a battlefield. (Bases are not battlefields.)", "spell"),
    ("Discard 1. Deal its Energy cost as damage to a unit. (Its Power cost is not counted.)", "spell"),
    ("Move a friendly unit, then move an enemy unit. (If both move to a battlefield, you're the attacker.)", "spell"),
])
def test_a_parenthesis_restating_a_rule_of_the_words_before_it_is_dropped(text, kind):
    assert compiled(text, kind) == compiled(text[:text.index(" (")], kind)


def test_a_parenthesis_restating_nothing_before_it_stops_the_card():
    not_read("Draw 1. (Bases are not battlefields.)", "spell")
    not_read("Draw 1. (Its Power cost is not counted.)", "spell")


def test_a_line_printed_once_as_repeated_is_that_line_again():
    assert compiled("Deal 1 to a unit. (repeated three times)", "spell") == compiled(
        "Deal 1 to a unit.\nDeal 1 to a unit.\nDeal 1 to a unit.", "spell")
    not_read("Deal 1 to a unit. (repeated several times)", "spell")


@pytest.mark.parametrize(("words", "events"), [
    ("When I conquer or hold", ["conquered", "held"]), ("When I hold or conquer", ["held", "conquered"]),
    ("When I attack or move", ["attacked", "moved"]),
    ("When you conquer or hold", [{"event": "conquered", "subject": "any", "player": "you"},
                                  {"event": "held", "subject": "any", "player": "you"}]),
])
def test_a_verb_after_or_is_done_by_the_first_events_doer(words, events):
    assert [ability["trigger"] for ability in compiled(f"{words}, draw 1.")["abilities"]] == events


def test_dying_in_combat_and_leaving_the_board():
    assert compiled("When I die in combat, draw 1.")["abilities"] == [
        {"trigger": "killed", "condition": {"in_combat": True}, "effects": [{"draw": 1}]}]
    assert compiled("When this leaves the board, draw 1.", "gear")["abilities"] == [
        {"trigger": "left_board", "effects": [{"draw": 1}]}]


def test_a_non_token_name_is_the_tokens_tag():
    assert compiled("When I attack, stun a non-Recruit enemy unit here.")["abilities"][0]["target"] == {
        "not": {"tag": "随从"}, "who": "enemy", "where": "here"}


@pytest.mark.parametrize(("text", "part"), [
    ("Exhaust: Add any rune×2.", {"add": {"power": 2}}),
    ("When you play me, you may pay 2 XP to draw 2.", {"may_pay": {"cost": {"xp": 2}, "then": [{"draw": 2}]}}),
])
def test_resources_xp_and_excess_damage(text, part):
    assert part in compiled(text, "gear")["abilities"][0]["effects"]


def test_a_chosen_player_scores():
    assert compiled("When I die, choose an opponent. They score 1 point.")["abilities"][0]["effects"] == [
        {"gain_points": {"amount": 1, "who": "chosen_player"}}]


def test_exhausting_your_legend_as_an_optional_cost():
    tree = compiled("You may exhaust your legend as an additional cost to play me.\nWhen you play me, if you paid the "
                    "additional cost, draw 1.")
    assert tree["additional_cost"] == {"optional": {"exhaust": "legend"}}


def test_a_level_and_a_timing_before_an_activated_ability():
    assert compiled("Level 3 ▸ ▸▸Reaction ▸ Exhaust: Draw 1.", "gear")["abilities"] == [
        {"cost": {"exhaust": True}, "timing": "reaction", "condition": {"level": 3}, "effects": [{"draw": 1}]}]
