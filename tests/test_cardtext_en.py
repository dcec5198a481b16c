"""The English card compiler on invented texts (no card's text): clauses, trees, all-or-nothing."""

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


def test_a_spell_compiles_to_target_and_effects():
    result = compile_english("Action (Play on your turn or in showdowns.)\nDeal 4 to an enemy unit here.", {"type": "spell"})
    assert result[0] == {"keywords": {"迅捷": None}, "target": {"who": "enemy", "where": "here"},
                           "effects": [{"deal": 4}]}


def test_instead_makes_both_instructions_conditional():
    result = compile_english("Give a unit +1 Might this turn. If I'm Mighty, give it +5 Might this turn instead.",
                             {"type": "spell"})
    assert result[0]["effects"] == [{"might": {"amount": 1, "if": {"not": {"mighty": True}}}},
                                      {"might": {"amount": 5, "if": {"mighty": True}}}]


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
    assert result[0]["effects"] == [{"might": {"amount": 2, "to": {"target": 1}}}]


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
    tree, problems = compile_english("Deal 1 to a unit. (repeated three times)", {"type": "spell"})
    assert tree is None and "repeated three times" in problems[0].reason
    tree, _ = compile_english("Give a unit Assault 2 this turn. (+2 Might while it's an attacker.)", {"type": "spell"})
    assert tree == {"target": {}, "effects": [{"grant": {"keyword": "强攻", "value": 2}}]}


def test_empower_with_its_cost_reads_back_from_its_chinese_rendering():
    from judgekit.cardtext.en import render

    tree, _ = compile_english("Empower ③ (③: Empower me. Use only if not Empowered.)", {"type": "unit"})
    assert tree == {"empower": {"cost": {"energy": 3}}}
    assert "强化③" in render({"type": "unit", **tree})
