"""The English card compiler on invented texts (no card's text): clauses, trees, all-or-nothing."""

from judgekit.cardtext import CardSource, compile_card
from judgekit.cardtext.en import compile_english, split_clauses


def test_clauses_keep_keywords_reminders_and_prefixes_apart():
    clauses = split_clauses("Hidden (Hide now for any rune to react with later for ⓪.) Reaction (Play any time.)"
                            " Draw 2. Then discard 1.\nEmpowered ▸ I have +3 Might.")
    assert [(c.text, c.keyword, c.prefix) for c in clauses] == [
        ("Hidden", "hidden", ""), ("Reaction", "reaction", ""), ("Draw 2.", "", ""), ("Then discard 1.", "", ""),
        ("I have +3 Might.", "", "Empowered"),
    ]
    assert clauses[0].reminder.startswith("Hide now")


def test_a_quoted_sentence_is_not_cut():
    clauses = split_clauses('Play a 2 Might Sprout unit token. (It has "When I attack, draw 1. Then discard 1.")')
    assert [c.text for c in clauses] == ["Play a 2 Might Sprout unit token."]


def test_a_payment_opening_a_triggered_ability_is_its_cost_as_in_chinese():
    # 204.3.a: paid to finalize it, beside exhausting the source or alone; XP stays a payment as it resolves
    for text, cost in (("When I attack, you may pay ① to draw 1.", {"energy": 1}),
                       ("When I attack, you may pay ① and exhaust me to draw 1.", {"energy": 1, "exhaust": True}),
                       ("When I attack, you may exhaust me to draw 1.", {"exhaust": True})):
        tree = compile_english(text, {"type": "unit", "might": 2})[0]
        assert tree["abilities"] == [{"trigger": "attacked", "cost": cost, "effects": [{"draw": 1}]}], text
    tree = compile_english("When I attack, you may spend 2 XP to draw 1.", {"type": "unit", "might": 2})[0]
    assert tree["abilities"] == [{"trigger": "attacked", "effects": [{"may_pay": {"cost": {"xp": 2}, "then": [{"draw": 1}]}}]}]


def test_a_spell_compiles_to_target_and_effects():
    result = compile_english("Action (Play on your turn or in showdowns.)\nDeal 4 to an enemy unit here.", {"type": "spell"})
    assert result[0] == {"keywords": {"迅捷": None}, "target": {"who": "enemy", "where": "here"},
                           "effects": [{"deal": 4}]}


def test_instead_makes_both_instructions_conditional():
    result = compile_english("Give a unit +1 Might this turn. If I'm Mighty, give it +5 Might this turn instead.",
                             {"type": "spell"})
    assert result[0]["effects"] == [{"might": {"amount": 5, "if": {"mighty": True}}},  # the new one first (zh's too)
                                      {"might": {"amount": 1, "if": {"not": {"mighty": True}}}}]


def test_triggered_ability_with_condition_and_each():
    result = compile_english("When I defend, if you control 5 or more runes, deal 1 to all enemy units here.", {"type": "unit"})
    assert result[0] == {"abilities": [{
        "trigger": "defended",
        "condition": {"count": {"kind": "rune", "who": "friendly"}, "at_least": 5},
        "effects": [{"deal": {"amount": 1, "to": {"each": {"who": "enemy", "where": "here"}}}}],
    }]}


def test_activated_ability_and_empowered_static():
    result = compile_english("Empower ④ (④: Empower me. Use only if not Empowered.)\n②, Exhaust: Draw 1.\n"
                             "Empowered ▸ I have Tank.", {"type": "unit"})
    assert result[0] == {"empower": {"cost": {"energy": 4}}, "abilities": [
        {"cost": {"energy": 2, "exhaust": True}, "effects": [{"draw": 1}]},
        {"static": {"grant": "壁垒", "to": "self"}, "while": {"empowered": True}},
    ]}


def test_two_targets_are_referred_to_by_number():
    result = compile_english("Choose a friendly unit and an enemy unit. Give it +2 Might this turn.", {"type": "spell"})
    assert result[0]["target"] == [{"who": "friendly"}, {"who": "enemy"}]
    # “it” is the last one chosen, the enemy unit: the second spec, as the language counts specs from 1 (355.5)
    assert result[0]["effects"] == [{"might": {"amount": 2, "to": {"target": 2}}}]


def test_one_unread_clause_leaves_the_card_without_a_tree():
    result = compile_english("When you play me, draw 1.\nWhen I attack, juggle three oranges.", {"type": "unit"})
    tree, problems = result
    assert tree is None
    assert [(p.line, p.clause) for p in problems] == [(2, "When I attack, juggle three oranges.")]


def test_a_reminder_that_does_not_restate_its_keyword_fails():
    assert compile_english("Assault 3 (+2 Might while I'm an attacker.)", {"type": "unit"})[0] is None
    assert compile_english("Assault 3 (+3 Might while I'm an attacker.)", {"type": "unit"})[0] == {"keywords": {"强攻": 3}}
    assert compile_english("Tank (Draw a card.)", {"type": "unit"})[0] is None


def test_a_parenthesis_that_restates_no_keyword_is_not_dropped():
    tree, problems = compile_english("Deal 1 to a unit. (repeated at random)", {"type": "spell"})
    assert tree is None and "repeated at random" in problems[0].reason
    tree, _ = compile_english("Give a unit Assault 2 this turn. (+2 Might while it's an attacker.)", {"type": "spell"})
    assert tree == {"target": {}, "effects": [{"grant": {"keyword": "强攻", "value": 2}}]}


def test_empower_with_its_cost_reads_back_from_its_chinese_rendering():
    from judgekit.cardtext.en import render

    tree, _ = compile_english("Empower ③ (③: Empower me. Use only if not Empowered.)", {"type": "unit"})
    assert tree == {"empower": {"cost": {"energy": 3}}}
    assert "强化③" in render({"type": "unit", **tree})


def _compiled_and_rendered(text: str, facts: dict) -> tuple[dict, str]:
    """The tree of an invented English text, and its Chinese rendering (which must read back to the same tree)."""
    from judgekit.cardtext.en import render

    tree, problems = compile_english(text, facts)
    assert not problems, problems
    return tree, render({**facts, **tree})


def test_empower_with_a_cost_in_words_and_an_empowered_activated_ability():
    tree, shown = _compiled_and_rendered(
        "Empower — Kill a friendly unit (Pay this to Empower me, but only while I'm not yet Empowered.)\n"
        "Disempower me, ②, Exhaust: Draw 2.\nEmpowered ▸ Exhaust: Draw 1.", {"type": "unit"})
    assert tree == {"empower": {"cost": {"kill_friendly": True}}, "abilities": [
        {"cost": {"disempower": "self", "energy": 2, "exhaust": True}, "effects": [{"draw": 2}]},
        {"cost": {"exhaust": True}, "condition": {"empowered": True}, "effects": [{"draw": 1}]},
    ]}
    assert shown.splitlines() == ["强化—摧毁一名友方单位", "支付②，解除我的强化，横置：抽两张牌。", "已强化▸横置：抽一张牌。"]


def test_an_empower_cost_of_power_of_a_domain():
    tree, shown = _compiled_and_rendered("Empower ①Calm rune×2 (①Calm rune×2: Empower me. Use only if not Empowered.)",
                                         {"type": "unit"})
    assert tree == {"empower": {"cost": {"energy": 1, "runes": ["翠意", "翠意"]}}}
    assert shown == "强化①绿色符能绿色符能"


def test_the_turns_events_are_the_turn_players():
    tree, shown = _compiled_and_rendered("At the end of your turn, ready 3 runes.\n"
                                         "At the start of your Beginning Phase, draw 1.", {"type": "legend"})
    assert tree["abilities"] == [
        {"trigger": {"event": "turn_ending", "subject": "any", "player": "you"}, "effects": [{"ready_runes": 3}]},
        {"trigger": {"event": "turn_began", "subject": "any", "player": "you"}, "effects": [{"draw": 1}]},
    ]
    end, start = shown.splitlines()
    assert end.startswith("在你的回合结束时，") and "符文变为活跃状态" in end and start == "在你的开始阶段开始时，抽一张牌。"


def test_empowered_and_enemy_deaths_as_triggers_and_rune_counts_as_conditions():
    tree, shown = _compiled_and_rendered(
        "When I become Empowered, draw 2.\nWhen an enemy unit here dies, if you control 3 or fewer runes, draw 1.",
        {"type": "unit"})
    assert tree["abilities"] == [
        {"trigger": "empowered", "effects": [{"draw": 2}]},
        {"trigger": {"event": "killed", "subject": "enemy", "at": "here"},
         "condition": {"count": {"kind": "rune", "who": "friendly"}, "at_least": 0, "at_most": 3}, "effects": [{"draw": 1}]},
    ]
    assert shown.splitlines() == ["当我被强化时，抽两张牌。", "当此处的一名敌方单位被摧毁时，如果你拥有不超过三枚符文，则抽一张牌。"]


def test_a_unit_moved_to_base_is_chosen_at_a_battlefield():
    """A unit moves to its base from a battlefield (144.4.b): the Chinese text says so (从战场上), the English implies it."""
    tree, shown = _compiled_and_rendered("Move an enemy unit to its base.", {"type": "spell"})
    assert tree == {"target": {"who": "enemy", "where": "battlefield"}, "effects": [{"move": {"to": "base"}}]}
    assert shown == "将一名敌方单位从战场上移动到其所属的基地。"
    tree, _ = _compiled_and_rendered("Move an enemy unit here to its base.", {"type": "spell"})
    assert tree["target"] == {"who": "enemy", "where": "here"}


def test_tokens_are_the_catalogs_token_cards_and_their_might_and_keyword_are_checked():
    tree, shown = _compiled_and_rendered("When you play me, play two ready 3 Might Sprite unit tokens with Temporary here.",
                                         {"type": "unit"})
    assert tree["abilities"][0]["effects"] == [{"create": {"token": "精灵", "count": 2, "at": "here", "ready": True,
                                                           "play": True}}]
    assert "在此处打出两名处于活跃状态的3战力的“精灵”" in shown
    tree, _ = _compiled_and_rendered("Play a Gold gear token exhausted.", {"type": "spell"})
    assert tree["effects"] == [{"create": {"token": "金币", "play": True}}]
    # a place the effect names restricts where the token is played (184.2); with none the player picks (355.2.a)
    tree, shown = _compiled_and_rendered("Play a 1 Might Recruit unit token into your base.", {"type": "spell"})
    assert tree["effects"] == [{"create": {"token": "随从", "at": "base", "play": True}}]
    assert "打出一名1战力的“随从”到你的基地" in shown
    for wrong in ("Play a 2 Might Sprite unit token.", "Play a 3 Might Sprite unit token with Deflect.",
                  "Play a 3 Might Gizmo unit token.", "Play a Gold gear token."):
        assert compile_english(wrong, {"type": "spell"})[0] is None, wrong


def test_a_static_and_its_instead_are_two_statics_with_opposite_conditions():
    tree, shown = _compiled_and_rendered("Your units have +2 Might. If I'm Empowered, they have +3 Might instead.",
                                         {"type": "gear"})
    friendly = {"each": {"who": "friendly"}}
    assert tree["abilities"] == [{"static": {"might": 2, "to": friendly}, "while": {"not": {"empowered": True}}},
                                 {"static": {"might": 3, "to": friendly}, "while": {"empowered": True}}]
    assert shown.splitlines() == ["如果我未强化，则所有友方单位获得战力+2。", "如果我已强化，则所有友方单位获得战力+3。"]


def test_flow_with_a_power_cost_is_the_cards_flow_cost_and_a_move_without_destination_is_chosen():
    tree, shown = _compiled_and_rendered(
        "Move a unit with 2 Might or less.\nFlow ③Mind rune (Once this is in your trash, it can be played from your "
        "trash for that cost and is banished after.)", {"type": "spell"})
    assert tree == {"target": {"might": {"le": 2}}, "effects": [{"move": {"to": "chosen"}}],
                    "keywords": {"流转": None}, "flow": {"cost": {"energy": 3, "runes": ["灵光"]}}}
    assert shown.splitlines() == ["流转③蓝色符能", "移动一名不高于2战力的单位。"]
    tree, shown = _compiled_and_rendered("Draw 1.\nFlow ② (It may be played again from your trash for that cost, "
                                         "and is banished afterwards.)", {"type": "spell"})
    assert tree["keywords"] == {"流转": 2} and "flow" not in tree  # Energy alone: the keyword's value


def test_a_battlefields_own_events_and_more_triggers():
    tree, shown = _compiled_and_rendered("When you hold here, draw 2.\nWhen you conquer here, gain 2 XP.\n"
                                         "When you defend here, channel 1 rune exhausted.", {"type": "battlefield"})
    assert [a["trigger"] for a in tree["abilities"]] == [
        "held", "conquered", {"event": "player_defended", "subject": "any", "player": "you", "at": "here"}]
    assert tree["abilities"][1]["effects"] == [{"gain_xp": 2}]
    assert shown.splitlines() == ["当你据守此处时，抽两张牌。", "当你征服此处时，获得2经验。", "当你防守此处时，召出一枚休眠的符文。"]
    tree, shown = _compiled_and_rendered("When I move to a battlefield, draw 1.\nWhen I win a combat, draw 2.\n"
                                         "When another friendly unit dies, draw 3.", {"type": "unit"})
    assert [a["trigger"] for a in tree["abilities"]] == [
        {"event": "moved", "zone": "battlefield"}, "won_combat", {"event": "killed", "subject": "friendly", "other": True}]
    tree, _ = _compiled_and_rendered("When you play this, draw 1.", {"type": "gear"})
    assert tree["abilities"][0]["trigger"] == "played"


def test_a_might_decrease_to_a_minimum_lasts_this_turn_by_default():
    tree, shown = _compiled_and_rendered("Give a unit -3 Might this turn, to a minimum of 1 Might.", {"type": "spell"})
    assert tree["effects"] == [{"might": {"amount": -3, "min": 1}}]
    assert shown == "让一名单位在本回合内战力-3，不得低于1战力。"


def test_legion_before_a_trigger_is_its_condition():
    tree, shown = _compiled_and_rendered("Legion — When you play me, draw 2. (Get the effect if you've played another "
                                         "card this turn.)", {"type": "unit"})
    assert tree == {"keywords": {"鼓舞": None},
                    "abilities": [{"trigger": "played", "condition": {"legion": True}, "effects": [{"draw": 2}]}]}
    assert shown.splitlines() == ["鼓舞", "鼓舞—当你打出我时，抽两张牌。"]


def test_plural_subjects_and_objects():
    tree, shown = _compiled_and_rendered("Give friendly units +3 Might this turn.", {"type": "spell"})
    assert tree["effects"] == [{"might": {"amount": 3, "to": {"each": {"who": "friendly"}}}}]
    tree, _ = _compiled_and_rendered("Give three friendly units each +1 Might this turn.", {"type": "spell"})
    assert tree["target"] == {"count": 3, "who": "friendly"} and tree["effects"] == [{"might": 1}]
    tree, shown = _compiled_and_rendered("Other friendly units have +2 Might here.\nOther friendly units here have Tank.",
                                         {"type": "unit"})
    here = {"each": {"who": "friendly", "other": True, "where": "here"}}
    assert tree["abilities"] == [{"static": {"might": 2, "to": here}}, {"static": {"grant": "壁垒", "to": here}}]
    assert shown.splitlines() == ["此处的所有其他友方单位获得战力+2。", "此处的所有其他友方单位获得壁垒。"]


def test_an_extra_turn_and_a_spell_that_banishes_itself():
    assert compile_english("Take a turn after this one.", {"type": "spell"})[0] == {"effects": [{"extra_turn": None}]}
    tree, _ = compile_english("Take a turn after this one. Banish this.", {"type": "spell"})
    assert tree == {"effects": [{"extra_turn": None}, {"banish": {"to": "this_card"}}]}  # its own card, not a source unit


def test_who_does_it_each_player_or_the_targets_controller():
    tree, shown = _compiled_and_rendered("Kill a unit. Its controller draws 3.", {"type": "spell"})
    assert tree["effects"] == [{"kill": None}, {"draw": {"amount": 3, "who": "target_controller"}}]
    assert shown == "摧毁一名单位，其控制者抽三张牌。"
    tree, shown = _compiled_and_rendered("When you conquer here, each player channels 2 runes exhausted.",
                                         {"type": "battlefield"})
    assert tree["abilities"][0]["effects"] == [{"channel": {"count": 2, "exhausted": True, "who": "each_player"}}]
    assert compile_english("Its controller draws 2.", {"type": "spell"})[0] is None  # whose controller: no target


def test_statics_with_their_condition_and_entering_ready():
    tree, shown = _compiled_and_rendered("While I'm Mighty, I have Tank, Ganking, and Deflect.\n"
                                         "While you have 6+ runes, I have +2 Might and enter ready.\n"
                                         "Units here have Assault 2.", {"type": "unit"})
    runes = {"count": {"kind": "rune", "who": "friendly"}, "at_least": 6}
    assert tree["abilities"] == [
        {"static": {"grant": "壁垒", "to": "self"}, "while": {"mighty": True}},
        {"static": {"grant": "游走", "to": "self"}, "while": {"mighty": True}},
        {"static": {"grant": "法盾", "to": "self"}, "while": {"mighty": True}},
        {"static": {"might": 2, "to": "self"}, "while": runes},
        {"static": {"enters_ready": True}, "while": runes},
        {"static": {"grant": "强攻", "value": 2, "to": {"each": {"where": "here"}}}},
    ]
    assert "如果你拥有不少于六枚符文，则我获得战力+2。" in shown.splitlines()


def test_the_first_time_each_turn_is_once_each_turn():
    tree, shown = _compiled_and_rendered("The first time I attack each turn, draw 1.", {"type": "unit"})
    assert tree["abilities"] == [{"trigger": "attacked", "limit": "turn", "effects": [{"draw": 1}]}]
    assert shown == "每回合首次，当我进攻时，抽一张牌。"


def test_empower_with_a_cost_of_energy_and_words_and_empower_as_an_effect():
    tree, shown = _compiled_and_rendered("Empower — ②, Exhaust (Pay the cost: Empower this. Use only if not Empowered.)\n"
                                         "Exhaust: Empower another gear.", {"type": "gear"})
    assert tree == {"empower": {"cost": {"energy": 2, "exhaust": True}}, "abilities": [
        {"cost": {"exhaust": True}, "target": {"kind": "gear", "other": True}, "effects": [{"empower": None}]}]}
    assert shown.splitlines() == ["强化—支付②，横置", "横置：强化另一件装备。"]


def test_instead_round_trips_through_the_chinese_wording():
    """“X. If C, Y instead.” → Y on C, then X on “not C”; the Chinese “X。如果C，则改为Y” compiles back to the same tree."""
    text = "When I attack, give a unit +1 Might this turn. If I'm Empowered, give it +3 Might this turn instead."
    result = compile_card(CardSource("T-200", "en", text, {"type": "unit", "cost": 2, "might": 2}, "测试"))
    assert result.status == "compiled", result.problems
    assert result.tree["abilities"] == [{"trigger": "attacked", "target": {}, "effects": [
        {"might": {"amount": 3, "if": {"empowered": True}}}, {"might": {"amount": 1, "if": {"not": {"empowered": True}}}}]}]
    assert result.understood == "当我进攻时，让一名单位在本回合内战力+1。如果我已强化，则改为让其在本回合内战力+3。"


def test_a_gears_empowered_condition():
    """A gear keeps an Empowered status of its own (441.2, 719.4.a): “if this is Empowered” reads it."""
    text = "Exhaust: Give a unit +2 Might this turn. If this is Empowered, give that unit +4 Might this turn instead."
    result = compile_card(CardSource("T-201", "en", text, {"type": "gear", "cost": 2}, "测试"))
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"][0]["effects"] == [{"might": {"amount": 4, "if": {"empowered": True}}},
                                                      {"might": {"amount": 2, "if": {"not": {"empowered": True}}}}]


def test_exactly_n_units_you_control_here_is_a_count_bounded_both_ways():
    text = "When I defend, if there is exactly one other unit you control here, draw 1."
    result = compile_card(CardSource("T-202", "en", text, {"type": "unit", "cost": 2, "might": 2}, "测试"))
    assert result.status == "compiled", result.problems
    assert result.tree["abilities"] == [{"trigger": "defended", "effects": [{"draw": 1}], "condition": {
        "controls": {"where": "here", "other": True}, "at_least": 1, "at_most": 1}}]
    assert result.understood == "当我防守时，如果你在此处有恰好一名其他单位，则抽一张牌。"


def test_a_static_with_its_condition_after_it_and_a_condition_of_two_parts():
    text = "I have Shield 3 while I'm at a battlefield with exactly two other units you control."
    result = compile_card(CardSource("T-203", "en", text, {"type": "unit", "cost": 2, "might": 2}, "测试"))
    assert result.status == "compiled", result.problems
    assert result.tree["abilities"] == [{"static": {"grant": "坚守", "value": 3, "to": "self"}, "while": {
        "at_battlefield": True, "controls": {"where": "here", "other": True}, "at_least": 2, "at_most": 2}}]
    assert result.understood == "如果我位于战场上且你在此处有恰好两名其他单位，则我获得坚守3。"


def _compiled(text: str, card_type: str = "unit") -> object:
    facts = {"type": card_type, **({"cost": 2} if card_type != "battlefield" else {}),
             **({"might": 2} if card_type == "unit" else {})}
    result = compile_card(CardSource("T-204", "en", text, facts, "测试"))
    assert result.status == "compiled", (result.problems, result.needs)
    return result


def test_predict_on_a_line_of_its_own_is_an_instruction_with_its_reminder_checked():
    result = _compiled("Predict 3. (Look at the top 3 cards of your Main Deck and recycle as many as you like.)\nDraw 1.",
                       "spell")
    assert result.tree["effects"] == [{"predict": 3}, {"draw": 1}]
    bad = compile_english("Predict 3. (Draw a card.)\nDraw 1.", {"type": "spell"})
    assert bad[0] is None and "Draw a card" in bad[1][0].reason


def test_an_optional_additional_cost_in_either_order_and_an_unknown_one_refused():
    for text in ("You may pay ②Calm rune as an additional cost to play me.",
                 "As you play this, you may pay ②Calm rune as an additional cost."):
        result = _compiled(text + "\nWhen you play me, if you paid the additional cost, draw 1.")
        assert result.tree["additional_cost"] == {"optional": {"energy": 2, "runes": ["翠意"]}}
        assert result.understood.endswith("你可以选择支付②和绿色符能，作为打出我的额外费用。")
    refused = compile_english("As an additional cost to play this, you may exhaust me.\nDraw 2.", {"type": "spell"})
    assert refused[0] is None and "可选额外费用" in refused[1][0].reason


def test_a_count_of_units_here_and_a_static_unless_a_condition():
    result = _compiled("While there's an exhausted enemy unit here, I have +1 Might.")
    assert result.tree["abilities"] == [{"static": {"might": 1, "to": "self"},
                                         "while": {"count": {"exhausted": True, "who": "enemy", "where": "here"}}}]
    result = _compiled("I can't be chosen by spells and abilities unless I'm in combat.")
    assert result.tree["abilities"] == [{"static": {"cant": "be_chosen", "by": "any"},
                                         "while": {"not": {"in_combat": True}}}]
    assert result.understood == "如果我不在战斗中，则我无法被法术和技能选作目标。"


def test_playing_a_unit_card_from_a_zone_and_a_card_chosen_before_it_is_played():
    result = _compiled("When I attack, you may play a unit costing no more than ② and no more than any rune from "
                       "your trash, ignoring its cost.")
    play = {"from": "trash", "card": {"kind": "unit", "cost": {"le": 2}, "power": {"le": 1}}, "ignore_cost": True,
            "at": "any"}
    assert result.tree["abilities"] == [{"trigger": "attacked", "effects": [{"may": [{"play": play}]}]}]
    result = _compiled("When I hold, you may choose a unit with Energy cost no more than ② and Power cost no more than "
                       "any rune in your trash. Play it to your base, ignoring its cost.")
    assert result.tree["abilities"][0]["effects"] == [{"may": [{"play": {**play, "at": "base"}}]}]
    result = _compiled("Play a unit from your hand, ignoring its Energy cost. (You must still pay its Power cost.)", "spell")
    assert result.tree["effects"] == [{"play": {"from": "hand", "card": {"kind": "unit"}, "ignore_cost": "energy",
                                                "at": "any"}}]
    spell = compile_english("Play a spell from your trash, ignoring its cost.", {"type": "spell"})  # onto the chain (419.3)
    assert spell[0]["effects"] == [{"play": {"from": "trash", "card": {"kind": "spell"}, "ignore_cost": True, "at": "any"}}]
    unplayed = compile_english("Choose a unit in your trash. Draw 1.", {"type": "spell"})
    assert unplayed[0] is None


def test_becoming_ready_is_the_readied_event():
    result = _compiled("When I become ready, draw 1.")
    assert result.tree["abilities"] == [{"trigger": "readied", "effects": [{"draw": 1}]}]
    assert result.understood == "当我变为活跃状态时，抽一张牌。"


def test_two_chosen_units_or_me_and_one_deal_damage_equal_to_their_mights_to_each_other():
    result = _compiled("Choose a friendly unit anywhere and an enemy unit here. They deal damage equal to their Mights "
                       "to each other.", "spell")
    assert result.tree["target"] == [{"who": "friendly"}, {"who": "enemy", "where": "here"}]
    assert result.tree["effects"] == [{"fight": None}]
    result = _compiled("When I attack, choose an enemy unit here. We deal damage equal to our Mights to each other.")
    assert result.tree["abilities"][0]["effects"] == [{"fight": {"with": "self"}}]
    for text in ("Choose a unit. They deal damage equal to their Mights to each other.",
                 "Choose up to two units. They deal damage equal to their Mights to each other."):
        assert compile_english(text, {"type": "spell"})[0] is None  # not exactly two units


def test_prevent_a_value_banish_and_replay_and_naming_a_spell():
    result = _compiled("Choose a friendly unit here. Prevent the next 3 damage that would be dealt to it this turn. "
                       "(Attackers may still give it extra combat damage to kill it.)", "spell")
    assert result.tree["target"] == {"who": "friendly", "where": "here"} and result.tree["effects"] == [{"prevent": 3}]
    result = _compiled("Banish an enemy unit, then its owner plays it to the same location, ignoring its cost.", "spell")
    assert result.tree["target"] == {"who": "enemy"} and result.tree["effects"] == [{"banish_and_replay": None}]
    result = _compiled("When I attack, name a spell.\nWhile I'm at a battlefield, opponents can't play spells with that "
                       "name.")
    assert result.tree["abilities"] == [{"trigger": "attacked", "effects": [{"name_card": "spell"}]}]
    assert result.tree["cant"] == [{"action": "play_named", "affects": "enemy", "while": "at_battlefield"}]


def test_conditions_on_the_chosen_unit_otherwise_and_a_condition_after_its_instruction():
    result = _compiled("Choose an enemy unit. If it's stunned, kill it. Otherwise, stun it.", "spell")
    assert result.tree["effects"] == [{"kill": {"if": {"target_is": {"stunned": True}}}},
                                      {"stun": {"if": {"not": {"target_is": {"stunned": True}}}}}]
    assert result.understood == "眩晕一名敌方单位。如果它已经被眩晕，则改为摧毁其。"  # the same pair as “X. If C, Y instead.”
    result = _compiled("Choose a unit. If it's Empowered, disempower it. Then banish it if it has 5 Might or more.",
                       "spell")
    assert result.tree["effects"] == [{"disempower": {"if": {"target_is": {"empowered": True}}}},
                                      {"banish": {"if": {"target_is": {"might": {"ge": 5}}}}}]
    # “Otherwise” needs a condition before it
    assert compile_english("Choose a unit. Kill it. Otherwise, stun it.", {"type": "spell"})[0] is None


def test_a_domain_in_a_filter_and_a_spell_that_cannot_be_countered():
    result = _compiled("This can't be countered.\nKill an enemy Fury (Fury rune) unit here.", "spell")
    assert result.tree["abilities"] == [{"static": {"cant": "be_countered"}}]
    assert result.tree["target"] == {"who": "enemy", "domain": "炽烈", "where": "here"}
    assert result.understood == "摧毁此处的一名敌方炽烈单位。\n此牌无法被无效化。"


def test_burn_by_you_or_each_opponent_and_you_may_do_one_thing_to_do_another():
    result = _compiled("When I conquer, Burn 2. (Put the top 2 cards of your Main Deck into your trash.)")
    assert result.tree["abilities"] == [{"trigger": "conquered", "effects": [{"burn": 2}]}]
    assert result.understood == "当我征服一处战场时，焚烧两张牌。"
    result = _compiled("When I attack, each opponent burns 1.")
    assert result.tree["abilities"][0]["effects"] == [{"burn": {"amount": 1, "who": "opponent"}}]
    result = _compiled("When I defend, you may discard 1 to give me +2 Might this turn.")
    assert result.tree["abilities"][0]["effects"] == [{"may": [{"discard": 1}]},
                                                      {"might": {"amount": 2, "if": {"you_did": True}}}]


def test_an_optional_discard_as_an_additional_cost():
    result = _compiled("You may discard 1 as an additional cost to play me.\nWhen you play me, if you paid the "
                       "additional cost, draw 1.")
    assert result.tree["additional_cost"] == {"optional": {"discard": 1}}


def test_a_battlefields_extra_power_for_a_tag_and_ignoring_deflect_here():
    text = ("Any player may pay any rune as an additional cost to play a Poro. If they do, they play it to this "
            "battlefield.")
    result = compile_card(CardSource("T-205", "en", text, {"type": "battlefield"}, "测试"))
    assert result.status == "compiled", result.problems
    assert result.tree["play_here"] == {"tag": "Poro", "power": 1}  # the tag as the card data prints it
    text = "Players ignore Deflect while paying for spells and abilities choosing something here."
    result = compile_card(CardSource("T-206", "en", text, {"type": "battlefield"}, "测试"))
    assert result.tree["passives"] == {"ignore_deflect_here": True}


def test_a_static_on_your_empowered_units_including_me():
    result = _compiled("Your units that are Empowered have +1 Might (including me).")
    assert result.tree["abilities"] == [{"static": {"might": 1, "to": {"each": {"who": "friendly", "empowered": True}}}}]
    assert result.understood == "所有已强化的友方单位获得战力+1。"


def test_what_you_played_this_turn_and_the_next_card_you_play():
    result = _compiled("When you play your first card each turn, if I'm in combat, the next spell you play this "
                       "turn costs ①any rune×2 less.")
    assert result.tree["abilities"] == [{
        "trigger": {"event": "played", "subject": "any", "player": "you"},
        "condition": {"first_played": True, "in_combat": True},
        "effects": [{"discount_next": {"energy": 1, "power": 2, "kind": "spell"}}]}]
    result = _compiled("When I hold, if you've played a non-token gear and a spell this turn, draw 1.")
    assert result.tree["abilities"][0]["condition"] == {"played_this_turn": ["gear", "spell"]}
    assert result.understood == "当我据守一处战场时，如果你本回合打出过非指示物装备和法术，则抽一张牌。"


def test_a_count_of_your_gear_and_a_units_reminder_that_it_enters_exhausted():
    result = _compiled("(I enter exhausted.)\nWhen you play me, if you control 2 or more other gear, draw 1.")
    assert result.tree["abilities"] == [{"trigger": "played", "effects": [{"draw": 1}],
                                         "condition": {"controls": {"kind": "gear", "other": True}, "at_least": 2}}]
    assert result.understood == "当你打出我时，如果你控制着不少于两件其他装备，则抽一张牌。"
    assert compile_english("(I enter exhausted.)\nDraw 1.", {"type": "spell"})[0] is None  # a spell enters nowhere


def test_xp_and_recycle_costs_statics_of_entering_ready_and_card_level_passives():
    result = _compiled("Spend 2 XP, Exhaust: Draw 1.\nRecycle 2 from your trash: Give me +1 Might this turn.")
    assert [a["cost"] for a in result.tree["abilities"]] == [{"xp": 2, "exhaust": True}, {"recycle": 2}]
    result = _compiled("When I attack, you may pay ①. If you do, draw 1. Otherwise, discard 1.")  # paid as it resolves
    assert result.tree["abilities"] == [{"trigger": "attacked", "effects": [
        {"may_pay": {"cost": {"energy": 1}, "then": [{"draw": 1}], "otherwise": [{"discard": 1}]}}]}]
    assert result.understood == "当我进攻时，你可以选择支付①。若如此做，抽一张牌。否则，弃置一张手牌。"
    result = _compiled("Discard a spell, ②: Draw 2.\nRecycle a unit from your trash, Exhaust: Draw 1.\n"
                       "Kill a friendly unit or gear: Draw 1.")
    assert [a["cost"] for a in result.tree["abilities"]] == [
        {"discard": {"card": {"kind": "spell"}}, "energy": 2}, {"recycle": {"card": {"kind": "unit"}}, "exhaust": True},
        {"kill_friendly": "unit_or_gear"}]
    result = _compiled("Your tokens enter ready.")
    assert result.tree["abilities"] == [{"static": {"enters_ready": True,
                                                    "to": {"each": {"who": "friendly", "token": True}}}}]
    result = _compiled("I must be assigned combat damage last.\nWhile I'm buffed, I have an additional +2 Might.")
    assert result.tree["passives"] == {"assigned_last": 1}
    assert result.tree["abilities"] == [{"static": {"might": 2, "to": "self"}, "while": {"buffed": True}}]
    result = _compiled("I don't deal combat damage.\nI can't move to base.")
    assert [a["static"] for a in result.tree["abilities"]] == [{"cant": "deal_combat_damage"}, {"cant": "move_to_base"}]


def test_recruits_predict_without_a_number_and_playing_me_to_a_battlefield():
    result = _compiled("When you play me to a battlefield, play a 1 Might Recruit unit token here.")
    assert result.tree["abilities"] == [{"trigger": {"event": "played", "zone": "battlefield"},
                                         "effects": [{"create": {"token": "随从", "at": "here", "play": True}}]}]
    result = _compiled("Draw 1.\nPredict. (Look at the top card of your Main Deck. You may recycle it.)", "spell")
    assert result.tree["effects"] == [{"draw": 1}, {"predict": None}]


def test_triggers_on_what_you_play_stun_buff_ready_or_kill_and_it_as_the_events_unit():
    result = _compiled("When you play a token unit, give me +1 Might this turn.")
    assert result.tree["abilities"][0]["trigger"] == {"event": "played", "subject": "friendly", "card_type": "unit",
                                                      "card": {"token": True}}
    result = _compiled("When you buff a friendly unit, give it +1 Might this turn.")
    assert result.tree["abilities"] == [{"trigger": {"event": "buffed", "subject": "friendly", "player": "you"},
                                         "target": "event_subject", "effects": [{"might": 1}]}]
    result = _compiled("When an opponent scores, draw 1.")  # a conquer or a hold (469): two abilities
    assert [a["trigger"]["event"] for a in result.tree["abilities"]] == ["conquered", "held"]
    result = _compiled("When a friendly unit attacks or defends alone, give it +2 Might this turn.")
    assert [a["trigger"]["event"] for a in result.tree["abilities"]] == ["attacked", "defended"]


def test_returning_a_card_from_your_trash_to_your_hand():
    result = _compiled("When I conquer, return a unit or gear from your trash to your hand.")
    assert result.tree["abilities"][0]["effects"] == [{"return_from_trash": {"card": {"kind": ["unit", "gear"]}}}]


def test_looking_at_the_top_cards_and_taking_one():
    result = _compiled("When I conquer, look at the top 4 cards of your Main Deck. You may choose a gear from among them "
                       "and draw it. Then recycle the rest.")
    assert result.tree["abilities"][0]["effects"] == [{"look": {
        "amount": 4, "take": {"card": {"kind": "gear"}, "to": "hand", "may": True}, "rest": "recycle"}}]
    result = _compiled("Look at the top 2 cards of your Main Deck. Put 1 into your hand. Recycle the remaining cards.",
                       "spell")
    assert result.tree["effects"] == [{"look": {"amount": 2, "take": {"card": {"kind": "any"}, "to": "hand"},
                                                "rest": "recycle"}}]
    result = _compiled("Look at the top three cards of your Main Deck. You may reveal a spell from among them and draw it. "
                       "Put the rest into your trash.", "spell")
    assert result.tree["effects"] == [{"look": {"amount": 3, "take": {"card": {"kind": "spell"}, "to": "hand", "may": True},
                                                "rest": "trash"}}]


def test_doubling_might_counting_per_unit_two_objects_of_one_verb_and_more_instructions():
    result = _compiled("Double an enemy unit's Might this turn. Give it Temporary.", "spell")
    assert result.tree["effects"] == [{"might": {"amount": {"might_of": "target"}}},
                                      {"grant": {"keyword": "瞬息", "until": "permanent"}}]
    result = _compiled("Draw 1 for each of your Mighty units.", "spell")
    assert result.tree["effects"] == [{"draw": {"amount": {"count": {"who": "friendly", "mighty": True}}}}]
    result = _compiled("Stun a friendly unit and an enemy unit at the same battlefield.", "spell")
    assert result.tree["target"] == [{"who": "friendly", "where": "battlefield"},
                                     {"who": "enemy", "where": "same_battlefield"}]
    result = _compiled("Banish an enemy unit, then its owner plays it to their base, ignoring cost.", "spell")
    assert result.tree["effects"] == [{"banish_and_replay": {"at": "base"}}]
    result = _compiled("When you defend here, choose a unit. It gains Shield 2 this combat. (+2 Might while it's a "
                       "defender.)", "battlefield")
    assert result.tree["abilities"][0]["effects"] == [{"grant": {"keyword": "坚守", "value": 2, "until": "combat"}}]


def test_two_keywords_sharing_one_reminder_and_a_cost_change_on_a_condition():
    assert _compiled("Assault 2, Shield 2 (+2 Might while I'm an attacker or defender.)").tree["keywords"] == {
        "强攻": 2, "坚守": 2}
    result = _compiled("This costs ③ less if an opponent's score is within 2 points of the Victory Score.\nDraw 2.",
                       "spell")
    assert result.tree["abilities"] == [{"static": {"cost_change": {"energy": -3}},
                                         "while": {"opponent_to_win": {"le": 2}}}]


def test_a_deathknell_with_a_condition_an_ability_used_only_while_and_one_of_two_instructions():
    result = _compiled("Deathknell — If I died alone, draw 1. (When I die, get the effect.)")
    assert result.tree["abilities"] == [{"trigger": "killed", "condition": {"alone": True}, "effects": [{"draw": 1}]}]
    result = _compiled("Exhaust: Draw 1. Use this ability only while I'm at a battlefield.")
    assert result.tree["abilities"] == [{"cost": {"exhaust": True}, "condition": {"at_battlefield": True},
                                         "effects": [{"draw": 1}]}]
    result = _compiled("When I hold, draw 1 or channel 1 rune exhausted.")
    assert result.tree["abilities"][0]["effects"] == [{"one_of": [[{"draw": 1}],
                                                                  [{"channel": {"count": 1, "exhausted": True}}]]}]


def test_entering_ready_on_a_condition_an_optional_cost_that_makes_me_cheaper_and_passives():
    result = _compiled("I enter ready if you have three or more other units in your base.")
    assert result.tree["abilities"] == [{"static": {"enters_ready": True}, "while": {
        "controls": {"where": "base", "other": True}, "at_least": 3}}]
    result = _compiled("As an additional cost to play me, you may spend 2 XP. If you do, I cost ② less.")
    assert result.tree["additional_cost"] == {"optional": {"xp": 2}}
    assert result.tree["abilities"] == [{"static": {"cost_change": {"energy": -2}},
                                         "while": {"paid_additional_cost": True}}]
    assert _compiled("Any amount of your damage is enough to kill enemy units.").tree["passives"] == {
        "any_damage_lethal": 1}


def test_what_happened_this_turn_hand_size_and_a_static_on_a_condition():
    result = _compiled("If you've discarded a card this turn, I have Ganking.")
    assert result.tree["abilities"] == [{"static": {"grant": "游走", "to": "self"},
                                         "while": {"discarded_this_turn": "friendly"}}]
    result = _compiled("If an enemy unit has died this turn, I enter ready.")
    assert result.tree["abilities"] == [{"static": {"enters_ready": True}, "while": {"killed_this_turn": "enemy"}}]
    result = _compiled("When you play me, ready me and gain 2 XP.")
    assert result.tree["abilities"][0]["effects"] == [{"ready": None}, {"gain_xp": 2}]
    result = _compiled("When you play me, gain 1 XP for each friendly unit.")
    assert result.tree["abilities"][0]["effects"] == [{"gain_xp": {"amount": {"count": {"who": "friendly"}}}}]
    result = _compiled("Exhaust: Stun an enemy unit attacking here.")
    assert result.tree["abilities"][0]["target"] == {"who": "enemy", "attacking": True, "where": "here"}


def test_choose_one_a_spells_modes_and_a_triggered_abilitys_choice():
    result = _compiled("Choose one —\nDraw 1.\nChannel 1 rune exhausted.", "spell")
    assert result.tree["modes"] == {"1": [{"draw": 1}], "2": [{"channel": {"count": 1, "exhausted": True}}]}
    result = _compiled("When I attack, choose one —\nDraw 1.\nEach player discards 1.")
    assert result.tree["abilities"][0]["effects"] == [
        {"one_of": [[{"draw": 1}], [{"discard": {"amount": 1, "who": "each_player"}}]]}]
    # a mode choosing a target chooses its own (355.3, 355.5)
    assert compile_english("Choose one —\nKill a unit.\nDraw 1.", {"type": "spell"})[0] == {
        "modes": {"1": {"target": {}, "effects": [{"kill": None}]}, "2": [{"draw": 1}]}}


def test_the_next_time_the_chosen_unit_dies_this_turn():
    result = _compiled("Deal 3 to a unit. When it dies this turn, draw 1.", "spell")
    assert result.tree["effects"] == [{"deal": 3}, {"next_time": {"event": "killed", "effects": [{"draw": 1}]}}]
    assert result.understood == "对一名单位造成3点伤害，当其在本回合内被摧毁时，抽一张牌。"
    assert compile_english("When it dies this turn, draw 1.", {"type": "spell"})[0] is None  # nothing chosen


def test_might_for_each_unit_counted_repeated_per_unit_there_and_a_move_to_here():
    result = _compiled("I get +1 Might for each buffed friendly unit at my battlefield.")
    assert result.tree["abilities"] == [{"static": {"might": {"count": {"buffed": True, "who": "friendly",
                                                                        "where": "here"}}},
                                         "while": {"at_battlefield": True}}]
    result = _compiled("Give a friendly unit at a battlefield +2 Might this turn for each enemy unit there.", "spell")
    assert result.tree["effects"] == [{"repeat": {"times": {"count": {"who": "enemy", "where": "there"}},
                                                  "effects": [{"might": 2}]}}]
    result = _compiled("Give a friendly unit at a battlefield +1 Might this turn for each enemy unit there.", "spell")
    assert result.tree["effects"] == [{"might": {"amount": {"count": {"who": "enemy", "where": "there"}}}}]
    result = _compiled("When I hold, move an enemy unit to here.")
    assert result.tree["abilities"][0]["effects"] == [{"move": {"to": "source"}}]


def test_one_of_your_units_control_new_choices_and_statics_on_described_units():
    result = _compiled("When I attack, give one of your other units here +1 Might this turn.")
    assert result.tree["abilities"][0]["target"] == {"who": "friendly", "other": True, "where": "here"}
    result = _compiled("Gain control of a spell. You may make new choices for it.", "spell")
    assert result.tree["effects"] == [{"gain_control": None}, {"may": [{"new_choices": None}]}]
    result = _compiled("When I attack, you may spend 2 XP to draw 1.")
    assert result.tree["abilities"][0]["effects"] == [{"may_pay": {"cost": {"xp": 2}, "then": [{"draw": 1}]}}]
    result = _compiled("Other stunned friendly units at my battlefield have +1 Might.")
    assert result.tree["abilities"] == [{"static": {"might": 1, "to": {"each": {
        "other": True, "stunned": True, "who": "friendly", "where": "here"}}}, "while": {"at_battlefield": True}}]


def test_a_units_own_play_location_and_more_triggers():
    assert _compiled("You may play me to an occupied enemy battlefield.").tree["play_to"] == "enemy_controlled"
    assert _compiled("I can be played to a battlefield you're attacking.").tree["play_to"] == "attacking"
    place = "a battlefield where there are enemy units"
    for text in (f"I can Ambush to {place} even if you do not have other units there.", f"I can Ambush to {place}."):
        assert _compiled(text).tree["ambush_to"] == "enemy_units"  # 822.1.d
    result = _compiled("At the start of each player's Beginning Phase, draw 1.", "battlefield")
    assert result.tree["abilities"][0]["trigger"] == {"event": "turn_began", "subject": "any", "player": "any"}
    result = _compiled("Banish a unit you control, then its owner plays it to any battlefield, ignoring its cost.", "spell")
    assert result.tree["effects"] == [{"banish_and_replay": {"at": "any_battlefield"}}]


def test_the_next_unit_you_play_this_turn_spending_on_spells_and_a_kill_filter_as_additional_cost():
    result = _compiled("When I conquer, the next time you play a unit this turn, ready it.")
    assert result.tree["abilities"][0]["effects"] == [{"delayed": {
        "trigger": {"event": "played", "subject": "friendly", "card_type": "unit"}, "limit": "turn",
        "target": "event_subject", "effects": [{"ready": None}]}}]
    result = _compiled("If you've spent ③ or more to play a spell this turn, I have +2 Might.")
    assert result.tree["abilities"] == [{"static": {"might": 2, "to": "self"}, "while": {"spent_on_spell": 3}}]
    result = _compiled("As an additional cost to play this, kill a friendly Mighty unit.\nDraw 3.", "spell")
    assert result.tree["additional_cost"] == {"kill": {"mighty": True}}


def test_you_may_do_one_thing_to_do_another_and_recycling_from_your_trash():
    result = _compiled("When I hold, you may kill a unit you control here to draw 2.")
    assert result.tree["abilities"][0]["target"] == {"who": "friendly", "where": "here"}
    assert result.tree["abilities"][0]["effects"] == [{"may": [{"kill": None}]},
                                                      {"draw": {"amount": 2, "if": {"you_did": True}}}]
    result = _compiled("When I attack, you may move an enemy unit to here.")  # “to here” is a place, not a purpose
    assert result.tree["abilities"][0]["effects"] == [{"may": [{"move": {"to": "source"}}]}]
    result = _compiled("When I conquer, recycle 2 from your trash.")
    assert result.tree["abilities"][0]["effects"] == [{"recycle": {"amount": 2}}]


def test_readying_up_to_n_of_your_runes():
    result = _compiled("When I conquer, ready up to 3 friendly runes.")
    assert result.tree["abilities"][0]["effects"] == [{"ready_runes": 3}]


def test_burn_after_and_an_opponents_spell_and_healing():
    assert _compiled("When I hold, draw 1 and Burn 1.").tree["abilities"][0]["effects"] == [{"draw": 1}, {"burn": 1}]
    result = _compiled("When an opponent plays a spell, give me +1 Might this turn.")
    assert result.tree["abilities"][0]["trigger"] == {"event": "played", "subject": "enemy", "card_type": "spell"}
    result = _compiled("When I conquer, heal all friendly units here.")
    assert result.tree["abilities"][0]["effects"] == [{"heal": {"to": {"each": {"who": "friendly", "where": "here"}}}}]


def test_a_friendly_unit_dying_here_controlling_one_unit_and_then_if():
    result = _compiled("When another friendly unit here dies, give me +1 Might this turn.")
    assert result.tree["abilities"][0]["trigger"] == {"event": "killed", "subject": "friendly", "at": "here",
                                                      "other": True}
    result = _compiled("When you play me, if you control another Empowered unit, draw 1.")
    assert result.tree["abilities"][0]["condition"] == {"controls": {"other": True, "empowered": True}}
    result = _compiled("When I move, draw 1. Then if you control 7 or more runes, draw 1.")
    assert result.tree["abilities"][0]["effects"] == [
        {"draw": 1}, {"draw": {"amount": 1, "if": {"count": {"kind": "rune", "who": "friendly"}, "at_least": 7}}}]


def test_at_least_n_units_here():
    result = _compiled("When I defend, if there are three or more enemy units here, give me +2 Might this turn.")
    assert result.tree["abilities"][0]["condition"] == {"count": {"who": "enemy", "where": "here"}, "at_least": 3}
    assert result.understood.startswith("当我防守时，如果此处有不少于三名敌方单位，则")


def test_the_comparison_reads_whole_number_bounds_alike_and_a_trailing_condition_of_a_trigger():
    from judgekit.cardtext.compare import disagreement

    fewer = {"abilities": [{"trigger": "held", "condition": {"hand": {"lt": 2}}, "effects": [{"draw": 1}]}]}
    at_most = {"abilities": [{"trigger": "held", "condition": {"hand": {"le": 1}}, "effects": [{"draw": 1}]}]}
    assert disagreement(fewer, at_most) == []
    assert disagreement(fewer, {"abilities": [{"trigger": "held", "condition": {"hand": {"le": 2}},
                                               "effects": [{"draw": 1}]}]}) != []
    result = _compiled("When I defend, give me +2 Might this turn if I'm Empowered.")
    assert result.tree["abilities"] == [{"trigger": "defended", "condition": {"empowered": True},
                                         "effects": [{"might": 2}]}]
    result = _compiled("When you play me, each opponent discards 1.")
    assert result.tree["abilities"][0]["effects"] == [{"discard": {"amount": 1, "who": "opponent"}}]


def test_an_amount_per_unit_before_the_instructions_own_object():
    result = _compiled("When I attack, deal 1 to an enemy unit here for each friendly unit here.")
    assert result.tree["abilities"][0]["target"] == {"who": "enemy", "where": "here"}
    assert result.tree["abilities"][0]["effects"] == [{"deal": {"amount": {"count": {"who": "friendly",
                                                                                     "where": "here"}}}}]
    result = _compiled("When you play me, draw 2 for each of your Mighty units.")  # more than one each: repeated
    assert result.tree["abilities"][0]["effects"] == [{"repeat": {"times": {"count": {"who": "friendly", "mighty": True}},
                                                                  "effects": [{"draw": 2}]}}]


def test_a_chosen_player_does_what_they_are_told():
    result = _compiled("The first time I move each turn, choose a player. They Burn 1.")
    assert result.tree["abilities"] == [{"trigger": "moved", "limit": "turn", "target": {"kind": "player"},
                                         "effects": [{"burn": {"amount": 1, "who": "chosen_player"}}]}]
    result = _compiled("Choose an opponent. They discard 2.", "spell")
    assert result.tree["target"] == {"kind": "player", "who": "enemy"}
    assert result.understood == "选择一名对手，让其弃置两张手牌。"
    # “they” without a chosen player is not guessed
    assert compile_english("Choose a unit. They draw 1.", {"type": "spell"})[0] is None


def test_the_friendly_unit_of_two_chosen_and_a_protection_this_turn():
    result = _compiled("Choose a friendly unit and an enemy unit. Give the friendly unit +2 Might this turn. "
                       "They deal damage equal to their Mights to each other.", "spell")
    assert result.tree["effects"] == [{"might": {"amount": 2, "to": {"target": 1}}}, {"fight": None}]
    assert compile_english("Choose a friendly unit and another friendly unit. Give the friendly unit +2 Might this turn.",
                           {"type": "spell"})[0] is None  # two of that side: which one is not guessed
    result = _compiled("Give a friendly unit +1 Might this turn. It can't be chosen by enemy spells and abilities "
                       "this turn.", "spell")
    assert result.tree["effects"] == [{"might": 1}, {"protect": {"by": "enemy"}}]
    assert result.understood.endswith("让其在本回合内无法被敌方法术和技能选作目标。")


def test_might_raised_to_another_units_never_lowered():
    from judgekit.cardtext import zh

    result = _compiled("When I attack, choose a unit here. Increase my Might to its Might this turn.")
    assert result.tree["abilities"][0]["effects"] == [
        {"might_becomes": {"amount": {"might_of": "target"}, "raise_only": True, "to": "self"}}]
    assert "将我的战力提升至与此处的一名单位战力相同" in result.understood
    result = _compiled("Choose an enemy unit. This turn, increase its Might to the Might of another enemy unit.",
                       "spell")
    assert result.tree["target"] == [{"who": "enemy"}, {"who": "enemy", "other": True}]
    assert result.tree["effects"] == [{"might_becomes": {"amount": {"might_of": {"target": 2}}, "raise_only": True,
                                                         "to": {"target": 1}}}]
    chinese, problems = zh.compile_clauses(zh.split("选择一名敌方单位。本回合内，将其战力提升至与另一名敌方单位战力相同。"),
                                           {"type": "spell"})
    assert not problems and chinese["effects"] == result.tree["effects"]
    assert chinese["target"] == [{"who": "enemy"}, {"who": "enemy", "other": True}]


def test_the_cards_own_cost_for_each_thing_counted_on_a_condition_or_from_elsewhere():
    cases = {
        "I cost ① less for each card in your trash.": [{"static": {"cost_change": {"energy": -1, "per": {"trash_of": "you"}}}}],
        "I cost ② less for each of your Mighty units.":
            [{"static": {"cost_change": {"energy": -2, "per": {"count": {"who": "friendly", "mighty": True}}}}}],
        "I cost ① less for each gear you control.":  # gear counted (the Chinese 每有一件友方装备)
            [{"static": {"cost_change": {"energy": -1, "per": {"count": {"kind": "gear", "who": "friendly"}}}}}],
        "I cost ② less to play from anywhere other than your hand.":
            [{"static": {"cost_change": {"energy": -2}}, "while": {"from_hand": False}}],
        "If you control 7 or more runes, I cost ② less and enter ready.": [
            {"static": {"cost_change": {"energy": -2}}, "while": {"count": {"kind": "rune", "who": "friendly"}, "at_least": 7}},
            {"static": {"enters_ready": True}, "while": {"count": {"kind": "rune", "who": "friendly"}, "at_least": 7}}],
    }
    for text, abilities in cases.items():
        assert _compiled(text).tree["abilities"] == abilities, text
    result = _compiled("This costs ① less for each card you've played this turn, to a minimum of ①.")
    assert result.tree["cost_changes"] == [{"applies": "self", "per": "cards_played", "energy": -1, "min": 1}]
    tree, _ = compile_english("I cost ②Calm rune less.", {"type": "unit", "domains": ["翠意"]})
    assert tree["abilities"] == [{"static": {"cost_change": {"energy": -2, "power": -1}}}]  # Power of its own domain
    assert compile_english("I cost ②Calm rune less.", {"type": "unit", "domains": ["炽烈"]})[0] is None


def test_other_spells_costs_while_i_am_in_combat_or_empowered():
    result = _compiled("While I'm in combat, friendly spells cost ①any rune less to a minimum of ①, and enemy spells "
                       "cost ①any rune more.")
    assert result.tree["cost_changes"] == [
        {"applies": "friendly_spells", "energy": -1, "power": -1, "min": 1, "while": "in_combat"},
        {"applies": "enemy_spells", "energy": 1, "power": 1, "while": "in_combat"}]
    result = _compiled("Empower ③ (③: Empower me. Use only if not Empowered.)\nEmpowered ▸ Your spells cost ① less.")
    assert result.tree["cost_changes"] == [{"applies": "friendly_spells", "energy": -1, "while": "empowered"}]
    assert result.understood.endswith("如果我已强化，则所有友方法术的费用减少①。")
    assert _compiled("Your spells that choose me cost ① or any rune less.").tree["cost_changes"] == [
        {"applies": "spells_choosing_me", "energy": -1, "power": -1, "either": True}]


def test_a_count_of_gear_in_chinese():
    from judgekit.cardtext import zh

    for text, tree in (("每有一件友方装备，我便获得战力+1。", {"abilities": [{"static": {"might": {
                            "count": {"kind": "gear", "who": "friendly"}}}}]}),
                       ("你每控制一件装备，就抽一张牌。", {"effects": [{"draw": {"amount": {
                            "count": {"kind": "gear", "who": "friendly"}}}}]})):
        kind = "spell" if "effects" in tree else "unit"
        parts, problems = zh.compile_clauses(zh.split(text), {"type": kind})
        assert not problems and parts == tree
        assert zh.compile_clauses(zh.split(zh.render({"type": kind, **parts})), {"type": kind})[0] == tree
    assert zh.compile_clauses(zh.split("你每控制一名装备，就抽一张牌。"), {"type": "spell"})[1]  # the measure of a unit


def test_tags_named_in_english_are_the_engines_tag_names():
    from judgekit.cards.facts import CardFacts

    cases = {
        "When you play me, ready another friendly Mech.": {"trigger": "played", "target": {"who": "friendly", "other": True,
                                                                                          "tag": "机械"},
                                                            "effects": [{"ready": None}]},
        "Your Mechs have Shield 2.": {"static": {"grant": "坚守", "value": 2, "to": {"each": {"who": "friendly", "tag": "机械"}}}},
        "I enter ready if you control another Dragon.": {"static": {"enters_ready": True},
                                                         "while": {"controls": {"other": True, "tag": "龙"}}},
        "When you play another Poro, draw 1.": {"trigger": {"event": "played", "subject": "friendly", "card_type": "unit",
                                                            "other": True, "card": {"tag": "魄罗"}}, "effects": [{"draw": 1}]},
    }
    for text, ability in cases.items():
        assert _compiled(text).tree["abilities"] == [ability], text
    result = _compiled("When you play me or another Dragon, draw 1.")
    assert [a["trigger"] for a in result.tree["abilities"]] == [
        "played", {"event": "played", "subject": "friendly", "card_type": "unit", "other": True, "card": {"tag": "龙"}}]
    result = _compiled("When you play me, return a Bird, Cat, or Dog from your trash to your hand.")
    assert result.tree["abilities"][0]["effects"] == [{"return_from_trash": {"card": {"kind": "unit",
                                                                                      "tag": ["鸟类", "猫科", "犬形"]}}}]
    assert compile_english("When you play me, ready another friendly Wizard.", {"type": "unit"})[0] is None  # no such tag
    # a card printed in English only has the engine's tag names beside its own, so the filters read it
    facts = CardFacts("T-1", "Mech Thing", "Mech Thing", "unit", 2, None, 2, ("Mind",), ("Mech", "Piltover"), ())
    assert facts.scenario_data()["tags"] == ["Mech", "Piltover", "机械"]
    assert _compiled("When an opponent plays a gear, draw 1.").tree["abilities"][0]["trigger"] == {
        "event": "played", "subject": "enemy", "card_type": "gear"}


def test_repeat_with_power_facedown_cards_and_each_players_first_beginning_phase():
    result = _compiled("Repeat ①any rune (You may pay the additional cost to repeat this spell's effect.)\n"
                       "Deal 2 to an enemy unit at a battlefield, then deal 2 to up to one other unit.", "spell")
    assert result.tree["repeat"] == [{"energy": 1, "power": 1}] and result.tree["keywords"] == {"回响": None}
    assert result.tree["target"] == [{"who": "enemy", "where": "battlefield"}, {"other": True, "up_to": True}]  # 最多另一名
    assert "对最多另一名单位造成2点伤害" in result.understood
    result = _compiled("When I hold, if you control a facedown card at a battlefield, draw 1.")
    assert result.tree["abilities"][0]["condition"] == {"facedown": {"ge": 1}}
    result = _compiled("At the start of each player's first Beginning Phase, that player channels 1 rune.", "battlefield")
    assert result.tree["abilities"] == [{"trigger": {"event": "turn_began", "subject": "any", "player": "any"},
                                         "chooser": "event_player", "condition": {"first_turn": True},
                                         "effects": [{"channel": 1}]}]
    # “that player” is the event's player only where the ability says so
    assert compile_english("When I attack, that player channels 1 rune.", {"type": "unit"})[0] is None
    result = _compiled("Look at the top two cards of your Main Deck. Draw one and recycle the other.", "spell")
    assert result.tree["effects"] == [{"look": {"amount": 2, "take": {"card": {"kind": "any"}, "to": "hand"},
                                                "rest": "recycle"}}]


def test_a_mode_of_several_sentences_is_one_mode():
    from judgekit.cardtext.en import split

    ability, = split("Choose one —\nDeal 2 to an enemy unit. Then draw 1.\nKill a gear.").abilities
    assert [c.text for c in ability.clauses if c.link == "mode"] == ["Deal 2 to an enemy unit. Then draw 1.", "Kill a gear."]


def test_a_unit_at_either_end_of_my_move():
    result = _compiled("When I move, deal 1 to an enemy unit at a battlefield I moved to or from.")
    assert result.tree["abilities"][0]["target"] == {"who": "enemy", "where": "moved_between"}
    assert "我移动的起点或终点战场上的一名敌方单位" in result.understood


def test_triggers_on_when_and_how_you_play_choose_hide_or_use():
    cases = {
        "When you play your second card in a turn, draw 1.": ({"event": "played", "subject": "any", "player": "you"},
                                                              {"played_nth": 2}),
        "When you play a card on an opponent's turn, draw 1.": ({"event": "played", "subject": "any", "player": "you"},
                                                                {"turn": "opponent"}),
        "When you play a unit during a showdown, draw 1.": ({"event": "played", "subject": "friendly", "card_type": "unit"},
                                                            {"in_showdown": True}),
        "When you play a card from face down, draw 1.": ({"event": "played", "subject": "any", "player": "you",
                                                          "hidden": True}, None),
        "When you hide a card, draw 1.": ({"event": "hid", "subject": "any", "player": "you"}, None),
        "When you use an activated ability of a gear, draw 1.": ({"event": "activated", "subject": "any", "player": "you",
                                                                  "card_type": "gear"}, None),
        "When you choose me with a spell, draw 1.": ({"event": "chosen", "player": "you", "by": "spell"}, None),
        "When you or an ally hold, draw 1.": ({"event": "held", "subject": "any", "player": "team"}, None),
        "When you play a card with Power cost any rune×2 or more, draw 1.": (
            {"event": "played", "subject": "any", "player": "you", "card": {"power": {"ge": 2}}}, None),
    }
    for text, (trigger, cond) in cases.items():
        ability, = _compiled(text).tree["abilities"]
        assert (ability["trigger"], ability.get("condition")) == (trigger, cond), text
    ability, = _compiled("When you choose a friendly unit, you may pay ① and exhaust this to channel 1 rune exhausted.",
                         "gear").tree["abilities"]
    assert ability["cost"] == {"energy": 1, "exhaust": True}  # the triggered ability's cost (204.3.a)
    ability, = _compiled("When you stun an enemy unit, you may move me to that battlefield.").tree["abilities"]
    assert ability["target"] == "event_subject" and ability["effects"] == [
        {"may": [{"move": {"what": "self", "to": {"location_of": "target"}}}]}]
    ability, = _compiled("When an enemy unit attacks a battlefield you control, give it -1 Might this turn.",
                         "battlefield").tree["abilities"]
    assert ability["trigger"] == {"event": "attacked", "subject": "enemy", "at": "friendly_battlefield"}


def test_conditions_of_the_phase_dying_alone_playing_from_hand_xp_and_an_opponents_units():
    result = _compiled("Deathknell ▸ If I didn't die alone, draw 1. (When I die, get the effect.)")
    assert result.tree["abilities"] == [{"trigger": "killed", "condition": {"alone": False}, "effects": [{"draw": 1}]}]
    result = _compiled("Deathknell ▸ Draw 1. If it's your Beginning Phase, draw 2 instead. (This happens when I die.)")
    assert result.tree["triggers"]["deathknell"][0] == {"draw": {"amount": 2, "if": {"your_phase": "beginning"}}}
    assert _compiled("Draw 1. If you played this from your hand, draw 1.", "spell").tree["effects"][1] == {
        "draw": {"amount": 1, "if": {"from_hand": True}}}
    assert _compiled("If you've gained XP this turn, I have +1 Might.").tree["abilities"] == [
        {"static": {"might": 1, "to": "self"}, "while": {"gained_xp_this_turn": "friendly"}}]
    assert _compiled("If an opponent controls a stunned unit, I cost ② less.").tree["abilities"] == [
        {"static": {"cost_change": {"energy": -2}}, "while": {"count": {"who": "enemy", "stunned": True}}}]
    assert _compiled("While a unit here is defending alone, it has -2 Might.", "battlefield").tree["abilities"] == [
        {"static": {"might": -2, "to": {"each": {"where": "here", "defending": True, "alone": True}}}}]


def test_revealing_the_top_cards_taking_one_of_a_kind_or_banishing_and_playing_one():
    result = _compiled("When I conquer, reveal the top card of your Main Deck. If it's a gear, put it into your hand. "
                       "Otherwise, recycle it.")
    assert result.tree["abilities"][0]["effects"] == [{"look": {"amount": 1, "reveal": True, "take": {
        "card": {"kind": "gear"}, "to": "hand"}, "rest": "recycle"}}]
    result = _compiled("Reveal the top 2 cards of your Main Deck. You may banish a card from among them, then play it, "
                       "reducing its cost by ②. Draw any you didn't banish.", "spell")
    assert result.tree["effects"] == [{"look": {"amount": 2, "reveal": True, "take": {
        "card": {"kind": "any"}, "may": True, "to": "play", "banish": True, "discount": 2}, "rest": "draw"}}]
    # “otherwise” goes with the one card revealed and its kind, not with cards looked at
    assert compile_english("Look at the top 2 cards of your Main Deck. Draw one. Otherwise, recycle it.",
                           {"type": "spell"})[0] is None


def test_a_combat_i_was_in_ending_and_combat_starting_here():
    result = _compiled("When a combat that I was in ends, empower me.")
    assert result.tree["abilities"] == [{"trigger": "combat_ended", "effects": [{"empower": None}]}]
    assert result.understood == "当我参与的战斗结束时，强化我。"
    result = _compiled("When combat starts here, the attacker and defender each Add ①.", "battlefield")
    assert result.tree["abilities"] == [{"trigger": "combat_began", "effects": [{"add": {"energy": 1, "who": "combatants"}}]}]
    assert result.understood == "当此处的战斗开始时，进攻方和防守方分别获得①。"


def test_a_spells_level_lines_and_a_larger_cost_change_at_a_higher_level():
    result = _compiled("Give a unit +1 Might this turn.\nLevel 6 ▸ Give it +3 Might this turn instead. "
                       "(While you have 6+ XP, get the effect.)", "spell")
    assert result.tree["effects"] == [{"might": {"amount": 3, "if": {"level": 6}}},
                                      {"might": {"amount": 1, "if": {"not": {"level": 6}}}}]
    assert _compiled("Draw 1.\nLevel 6 ▸ Draw 1.", "spell").tree["effects"] == [{"draw": 1},
                                                                              {"draw": {"amount": 1, "if": {"level": 6}}}]
    # a Level line choosing a target of its own: without the XP there is nothing to choose it with
    assert compile_english("Draw 1.\nLevel 6 ▸ Kill a unit.", {"type": "spell"})[0] is None
    result = _compiled("Draw 2.\nLevel 6 ▸ This costs ② less.\nLevel 11 ▸ This costs ④ less instead.", "spell")
    assert result.tree["abilities"] == [{"static": {"cost_change": {"energy": -2}}, "while": {"level": 6}},
                                        {"static": {"cost_change": {"energy": -2}}, "while": {"level": 11}}]


def test_parentheses_restating_a_term_are_dropped_a_rule_in_brackets_is_not():
    assert _compiled("When you win a combat, draw 1. (Winning one means only your units remain after combat.)").tree
    assert _compiled("Units here have +1 Might. (This includes attackers.)", "battlefield").tree
    assert _compiled("When I conquer, play a Gold gear token exhausted. (It has \"Reaction ▸ Kill this, Exhaust: "
                     "Add any rune.\")").tree
    assert compile_english("When I conquer, draw 1. (It has \"Reaction ▸ Kill this, Exhaust: Add any rune.\")",
                           {"type": "unit"})[0] is None  # no Gold token before it


def test_legion_on_an_activated_ability_or_the_cards_own_cost_and_the_next_units_entering_ready():
    result = _compiled("Exhaust: Reaction, Legion — Add ①. (No one may react to abilities which add resources. It works "
                       "once you've played another card this turn.)", "legend")
    assert result.tree["abilities"] == [{"cost": {"exhaust": True}, "timing": "reaction",
                                         "effects": [{"add": {"energy": 1, "if": {"legion": True}}}]}]
    result = _compiled("Exhaust: Legion — The next unit you play this turn enters ready.")
    assert result.tree["abilities"][0]["effects"] == [{"enters_ready_next": {"if": {"legion": True}}}]
    result = _compiled("Legion — I cost ② less. (This applies after another card this turn has been played.)")
    assert result.tree["keywords"] == {"鼓舞": None} and result.tree["abilities"] == [
        {"static": {"cost_change": {"energy": -2}}, "while": {"legion": True}}]
    assert _compiled("Units you play this turn enter ready. Draw 1.", "spell").tree["effects"] == [
        {"enters_ready_next": {"all": True}}, {"draw": 1}]


def test_more_cost_change_wordings_statics_with_a_floor_and_moves_to_a_battlefield():
    assert _compiled("Your Dragons' Energy costs are reduced by ②, to a minimum of ①.").tree["cost_changes"] == [
        {"applies": "friendly_units", "tag": "龙", "energy": -2, "min": 1}]
    assert _compiled("While I'm at a battlefield, the Energy costs for spells you play are reduced by ①.").tree[
        "cost_changes"] == [{"applies": "friendly_spells", "energy": -1, "while": "at_battlefield"}]
    assert _compiled("You may discard 1 as an additional cost to play me. If you do, reduce my cost by ②.").tree[
        "abilities"] == [{"static": {"cost_change": {"energy": -2}}, "while": {"paid_additional_cost": True}}]
    assert _compiled("Stunned enemy units here have -8 Might, to a minimum of 1 Might.").tree["abilities"] == [
        {"static": {"might": -8, "min": 1, "to": {"each": {"stunned": True, "who": "enemy", "where": "here"}}}}]
    result = _compiled("Give an enemy unit at a battlefield -2 Might this turn. You may move a friendly unit to that enemy "
                       "unit's battlefield.", "spell")
    assert result.tree["effects"][1] == {"may": [{"move": {"what": {"target": 2}, "to": {"location_of": {"target": 1}}}}]}
    assert _compiled("Buff a friendly unit in your base, then move it to a battlefield.", "spell").tree["effects"] == [
        {"buff": None}, {"move": {"to": "chosen_battlefield"}}]
    assert _compiled("When I conquer, ready up to 2 runes at the end of this turn.").tree["abilities"][0]["effects"] == [
        {"delayed": {"trigger": {"event": "turn_ending", "subject": "any", "player": "any"}, "effects": [{"ready_runes": 2}]}}]


def test_one_of_three_keywords_to_give_me_this_turn():
    from judgekit.cardtext import zh

    result = _compiled("When I become ready, choose one to give me this turn —\nAssault 2 (+2 Might while I'm an attacker.)"
                       "\nDeflect 2 (Opponents must pay any rune×2 to choose me with a spell or ability.)\nGanking")
    assert result.tree["abilities"] == [{"trigger": "readied", "effects": [{"one_of": [
        [{"grant": {"keyword": "强攻", "value": 2}}], [{"grant": {"keyword": "法盾", "value": 2}}], [{"grant": {"keyword": "游走"}}]]}]}]
    # the reminder of each keyword is still checked
    assert compile_english("When I become ready, choose one to give me this turn —\nAssault 2 (+3 Might while I'm an "
                           "attacker.)\nGanking", {"type": "unit"})[0] is None
    parts, problems = zh.compile_clauses(zh.split("当我进攻时，抽一张牌、召出一枚休眠的符文或弃置一张手牌。"), {"type": "unit"})
    assert not problems and parts["abilities"][0]["effects"] == [
        {"one_of": [[{"draw": 1}], [{"channel": {"exhausted": True, "count": 1}}], [{"discard": 1}]]}]


def test_rune_counts_against_an_opponents_damage_marked_and_damage_this_turn():
    result = _compiled("At the start of your Beginning Phase, if you control fewer runes than an opponent, give me +1 Might "
                       "this turn.")
    assert result.tree["abilities"] == [{"trigger": {"event": "turn_began", "subject": "any", "player": "you"},
                                         "condition": {"runes": {"lt": {"runes_of": "opponent"}}}, "effects": [{"might": 1}]}]
    result = _compiled("When I conquer, deal damage to an enemy unit equal to the damage marked on it.")
    assert result.tree["abilities"][0]["effects"] == [{"deal": {"amount": {"damage_of": "target"}}}]
    assert "等同于其已受伤害的伤害" in result.understood
    result = _compiled("When I hold, if I haven't been dealt damage this turn, draw 1.")
    assert result.tree["abilities"][0]["condition"] == {"not": {"damaged_this_turn": True}}


def test_an_abilitys_own_cost_change_and_empowers():
    from judgekit.cardtext import zh

    result = _compiled("Empower ⑫. This ability costs ① less for each rune you control. (Paying it will Empower me, "
                       "unless I'm Empowered already.)\nEmpowered ▸ I have +3 Might.")
    assert result.tree["empower"] == {"cost": {"energy": 12}, "cost_change": {
        "energy": -1, "per": {"count": {"kind": "rune", "who": "friendly"}}}}
    result = _compiled("Empower ⑤. This ability costs ③ less if you control 4 or fewer runes.")
    assert result.tree["empower"]["cost_change"] == {"energy": -3, "while": {"count": {"kind": "rune", "who": "friendly"},
                                                                           "at_least": 0, "at_most": 4}}
    result = _compiled("④, Exhaust: Draw 1. This ability costs ① less for each friendly unit with Temporary.")
    assert result.tree["abilities"][0]["cost_change"] == {"energy": -1, "per": {"count": {"who": "friendly",
                                                                                          "keyword": "瞬息"}}}
    parts, problems = zh.compile_clauses(zh.split("支付④，横置：抽一张牌。场上每存在一名拥有瞬息的友方单位，此技能费用减少①。"),
                                         {"type": "unit"})
    assert not problems and parts["abilities"] == result.tree["abilities"]


def test_a_unit_with_less_might_than_the_one_chosen_before_and_a_base_might():
    from judgekit.cardtext import zh

    result = _compiled("Choose a friendly unit. Kill an enemy unit with less Might than it.", "spell")
    assert result.tree["target"] == [{"who": "friendly"}, {"who": "enemy", "might": {"lt": {"might_of": {"target": 1}}}}]
    assert result.understood == "选择一名友方单位。摧毁一名战力低于其的敌方单位。"
    assert compile_english("Kill an enemy unit with less Might than it.", {"type": "spell"})[0] is None  # than what
    assert zh.compile_clauses(zh.split("摧毁一名战力低于其的敌方单位。"), {"type": "spell"})[1]
    result = _compiled("Choose a unit. Its base Might becomes 5 this turn.", "spell")
    assert result.tree["effects"] == [{"might_becomes": 5}]


def test_a_gear_by_its_energy_cost_against_a_number_or_my_might():
    from judgekit.cardtext import zh

    result = _compiled("When I attack, you may kill a gear with Energy cost no more than ①.")
    assert result.tree["abilities"][0]["target"] == {"kind": "gear", "cost": {"le": 1}}
    assert "一件法力费用不高于①的装备" in result.understood
    result = _compiled("When I hold, you may kill a gear with Energy cost no more than my Might.")
    assert result.tree["abilities"][0]["target"] == {"kind": "gear", "cost": {"le": {"might_of": "self"}}}
    parts, problems = zh.compile_clauses(zh.split("当你打出我时，你可以选择摧毁一件法力费用不高于①的装备。"), {"type": "unit"})
    assert not problems and parts["abilities"][0]["target"] == {"kind": "gear", "cost": {"le": 1}}


def test_triggers_while_a_condition_of_several_at_once_and_of_a_controlled_battlefield():
    result = _compiled("Once each turn, when an enemy unit dies while I'm at a battlefield, draw 1.")
    assert result.tree["abilities"] == [{"trigger": {"event": "killed", "subject": "enemy"}, "condition": {
        "at_battlefield": True}, "limit": "turn", "effects": [{"draw": 1}]}]
    for text, event, subject in (("When you discard one or more cards, draw 1.", "cards_discarded", "any"),
                                 ("When you recycle one or more cards to your Main Deck, draw 1.", "cards_recycled", "any"),
                                 ("When you stun one or more enemy units, draw 1.", "units_stunned", "enemy")):
        assert _compiled(text).tree["abilities"][0]["trigger"] == {"event": event, "subject": subject, "player": "you"}
    result = _compiled("While you control this battlefield, when you play a unit, if you spent ④ or more, draw 1.",
                       "battlefield")
    assert result.tree["abilities"][0]["condition"] == {"controls_this_battlefield": True, "spent_on_it": 4}
    assert _compiled("While you control this battlefield, friendly Repeat costs cost ① less.", "battlefield").tree[
        "cost_changes"] == [{"applies": "repeat_costs", "energy": -1, "while": "controlled"}]


def test_more_instructions_the_chinese_side_reads():
    assert _compiled("Choose a friendly unit without Temporary. Give it Temporary.", "spell").tree["target"] == {
        "who": "friendly", "not": {"keyword": "瞬息"}}
    assert _compiled("When I hold, give your next spell this turn Repeat equal to its base cost.").tree["abilities"][0][
        "effects"] == [{"boost_next_spell": {"repeat_at_cost": True}}]
    assert _compiled("When I hold, your non-token units cost ① more to play this turn.").tree["abilities"][0][
        "effects"] == [{"turn_cost_change": {"energy": 1, "kind": "unit"}}]
    assert _compiled("Draw 1 for each other battlefield you or allies control.", "spell").tree["effects"] == [
        {"draw": {"amount": {"other_battlefields_of": "team"}}}]
    result = _compiled("Swap the Might of two units at the same battlefield this turn.", "spell")
    assert result.tree["target"] == [{"where": "battlefield"}, {"where": "same_battlefield"}]
    assert result.tree["effects"] == [{"swap_might": None}]


def test_counters_payments_moves_bans_split_damage_and_one_at_each_location():
    assert _compiled("Counter a spell with Energy cost no more than ②. Return it to its owner's hand instead of putting "
                     "it in their trash.",
                     "spell").tree["effects"] == [{"counter": {"to": "hand"}}]
    assert _compiled("Counter a spell unless its controller pays ②.", "spell").tree["effects"] == [
        {"may_pay": {"cost": {"energy": 2}, "payer": "target_controller", "otherwise": [{"counter": None}]}}]
    assert _compiled("Stun a unit. They can't move it this turn.", "spell").tree["effects"] == [
        {"stun": None}, {"forbid_move": None}]
    assert _compiled("Give a friendly unit +3 Might this turn. When it wins a combat this turn, gain 2 XP.",
                     "spell").tree["effects"][1] == {"next_time": {"event": "won_combat", "effects": [{"gain_xp": 2}]}}
    result = _compiled("Give a unit +2 Might this turn and another unit -2 Might this turn.", "spell")
    assert result.tree["target"] == [{}, {"other": True}]
    assert _compiled("Enemy units here with less Might than me don't deal combat damage.").tree["abilities"] == [
        {"static": {"cant": "deal_combat_damage", "to": {"each": {"who": "enemy", "where": "here",
                                                                   "might": {"lt": {"might_of": "self"}}}}}}]
    result = _compiled("When I hold, choose up to one enemy unit at each location. Deal 1 to them.")
    assert result.tree["abilities"][0]["target"] == {"who": "enemy", "count": None, "per_location": True}
    result = _compiled("When I attack, deal 5 damage split among any number of enemy units here.")
    assert result.tree["abilities"][0]["target"] == {"who": "enemy", "where": "here", "count": None}
    assert result.tree["abilities"][0]["effects"] == [{"deal": {"amount": 5, "split": True}}]


def test_what_the_events_player_does_and_a_battlefields_first_turns():
    result = _compiled("When a player plays a spell, they may ready a unit they control here.", "battlefield")
    assert result.tree["abilities"] == [{"trigger": {"event": "played", "subject": "any", "player": "any",
                                                     "card_type": "spell"}, "chooser": "event_player",
                                         "target": {"who": "friendly", "where": "here"}, "effects": [{"may": [{"ready": None}]}]}]
    result = _compiled("When a unit here is returned to a player's hand, they may pay ① to channel 1 rune exhausted.",
                       "battlefield")
    assert result.tree["abilities"][0]["chooser"] == "event_player"
    assert result.tree["abilities"][0]["effects"] == [{"may_pay": {"cost": {"energy": 1}, "then": [
        {"channel": {"count": 1, "exhausted": True}}]}}]
    assert _compiled("Players can't score here until their third turn.", "battlefield").tree["cant"] == [
        {"action": "gain_points", "before_own_turn": 3}]
    # “they” is no player the event names when the trigger is the controller's own
    assert compile_english("When I attack, they may draw 1.", {"type": "unit"})[0] is None


def test_you_may_reveal_and_a_banished_unit_played_here():
    result = _compiled("When I conquer, you may reveal the top 2 cards of your Main Deck. You may banish a card from "
                       "among them, then play it. If it is a unit, you may play it here. Then recycle the rest.")
    assert result.tree["abilities"][0]["effects"] == [{"may": [{"look": {"amount": 2, "reveal": True, "take": {
        "card": {"kind": "any"}, "may": True, "to": "play", "banish": True, "at": "base_or_here"}, "rest": "recycle"}}]}]


def test_a_cost_of_any_size_within_instructions_reads_as_the_chinese_does():
    paid = {"paid": True}
    result = _compiled("Exhaust: Pay any amount of Energy to Add that much any rune.", "gear")
    assert result.tree["abilities"][0]["effects"] == [{"pay_any": {"resource": "energy", "then": [{"add": {"power": paid}}]}}]
    result = _compiled("Pay any amount of any rune to deal that much damage to a unit.", "spell")
    assert result.tree["effects"] == [{"pay_any": {"resource": "power", "then": [{"deal": {"amount": paid}}]}}]
    result = _compiled("When I defend, you may spend any number of buffs. For each buff you spent, draw 1.")
    assert result.tree["abilities"][0]["effects"] == [{"pay_any": {"resource": "buffs", "then": [
        {"repeat": {"times": paid, "effects": [{"draw": 1}]}}]}}]
    assert result.understood == "当我防守时，你可以选择消耗任意数量的增益。每消耗一个增益，便抽一张牌。"
