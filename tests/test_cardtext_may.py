"""The Chinese compiler's optional costs, “if you do”, conditions and use conditions (issue 16), on synthetic cards.

Each wording: the tree it compiles to (checked by hand against the rules it stands for), the gate (the
engine runs it) and the round trip (the rendering compiles to the same tree); a few trees are then run in
a scenario, so the engine does what the wording says and not otherwise.
"""

from __future__ import annotations

import pytest
from test_cardtext_triggers import SCENARIO, _compiled, _flow, compiles_to
from test_cardtext_triggers import _passes as passes

from judgekit.cardtext import CardSource, compile_card
from judgekit.errors import ScenarioError
from judgekit.scenarios.scenario import parse

DRAW = [{"draw": 1}]
PAID = {"paid_additional_cost": True}

CARDS = [
    # 377.2.b: a condition on using an activated ability, a sentence after its effects
    ("unit", "横置：抽一张牌。我必须位于战场上才能使用此技能。",
     [{"cost": {"exhaust": True}, "condition": {"at_battlefield": True}, "effects": DRAW}]),
    ("unit", "支付①，横置：让我在本回合内战力+1。我必须位于战场中才能使用此技能。",
     [{"cost": {"energy": 1, "exhaust": True}, "condition": {"at_battlefield": True}, "effects": [{"might": 1}]}]),
    # “an opponent's score is within 3 points of the Victory Score” (194.3): the gap, however the score is raised
    ("unit", "当你打出我时，如果对手得分距离胜利得分不超过3分，则抽一张牌。",
     [{"trigger": "played", "condition": {"opponent_to_win": {"le": 3}}, "effects": DRAW}]),
    ("unit", "如果对手的得分距离胜利得分不超过2分，则我以活跃状态进场。",
     [{"static": {"enters_ready": True}, "while": {"opponent_to_win": {"le": 2}}}]),
    # “绝念▸如果C，则Y” is “when I die, if C, Y” (808.1.c): C is checked as I die (428.1.a.1.b), not after
    ("unit", "绝念▸如果我是强力单位，则抽两张牌。",
     [{"trigger": "killed", "condition": {"mighty": True}, "effects": [{"draw": 2}]}]),
    # “绝念▸Y” choosing a target is the trigger “when I die” (808.1.c): its target is chosen as it goes on the chain
    ("unit", "绝念▸对一名敌方单位造成4点伤害。",
     [{"trigger": "killed", "target": {"who": "enemy"}, "effects": [{"deal": 4}]}]),
    # “你场上拥有X” is “你控制着X”; a tag's closing quote printed as an opening one is read as the closing one
    ("unit", "当我进攻时，如果你场上拥有“鸟类“属性单位，则给予我增益并抽两张牌。",
     [{"trigger": "attacked", "condition": {"controls": {"tag": "鸟类"}}, "effects": [{"buff": None}, {"draw": 2}]}]),
    # “你可以选择消耗N经验，以此Y”: an optional payment of XP as it resolves (730.2)
    ("unit", "当我进攻时，你可以选择消耗3经验，以此抽一张牌。",
     [{"trigger": "attacked", "effects": [{"may_pay": {"cost": {"xp": 3}, "then": DRAW}}]}]),
    # “A或B”: one of two instructions, chosen as it resolves (one_of); “你可以选择A或B” may do neither
    ("unit", "当我征服一处战场时，抽一张牌或召出一枚休眠的符文。",
     [{"trigger": "conquered", "effects": [{"one_of": [[{"draw": 1}], [{"channel": {"exhausted": True, "count": 1}}]]}]}]),
    ("unit", "当你打出我时，你可以选择抽一张牌或给予我增益。",
     [{"trigger": "played", "effects": [{"may": [{"one_of": [[{"draw": 1}], [{"buff": None}]]}]}]}]),
    # the controller's hand, counted as the condition is read
    ("unit", "在你的开始阶段开始时，如果你的手牌不足两张，则再抽一张牌。",
     [{"trigger": {"event": "turn_began", "subject": "any", "player": "you"}, "condition": {"hand": {"lt": 2}},
       "effects": DRAW}]),
    ("unit", "如果你的手牌不超过两张，则我以活跃状态进场。", [{"static": {"enters_ready": True}, "while": {"hand": {"le": 2}}}]),
    # what happened this turn: who discarded, whose unit died
    ("unit", "如果你本回合内已经弃置过手牌，则我获得战力+2。",
     [{"static": {"might": 2, "to": "self"}, "while": {"discarded_this_turn": "friendly"}}]),
    ("spell", "如果本回合内有一名敌方单位被摧毁，则此牌的费用减少②。\n抽一张牌。",
     [{"static": {"cost_change": {"energy": -2}}, "while": {"killed_this_turn": "enemy"}}]),
    # a static sentence, then another ability on the same line; battlefields an opponent controls
    ("unit", "如果本回合内有单位被摧毁，则我以活跃状态进场。每当我征服一处战场时，抽一张牌。",
     [{"static": {"enters_ready": True}, "while": {"killed_this_turn": "any"}}, {"trigger": "conquered", "effects": DRAW}]),
    # “除非C，否则STATIC”: while C does not hold (the English “… unless C”)
    ("unit", "除非我位于战场上且你在此处有恰好一名其他单位，否则我无法造成战斗伤害。",
     [{"static": {"cant": "deal_combat_damage"},
       "while": {"not": {"at_battlefield": True, "controls": {"where": "here", "other": True}, "at_least": 1, "at_most": 1}}}]),
    # “如果X，则该单位Y”: Y on every unit X describes (a friendly unit defending alone, 740.2.a; one defending here alone)
    ("unit", "如果你只有一名友方单位防守一处战场，则该单位战力+2。",
     [{"static": {"might": 2, "to": {"each": {"who": "friendly", "defending": True, "alone": True}}}}]),
    ("battlefield", "如果防守此处的单位落单，则该单位战力-2。",
     [{"static": {"might": -2, "to": {"each": {"where": "here", "defending": True, "alone": True}}}}]),
    # the units named without 让: “你的“机械”属性单位本回合内战力+1”
    ("unit", "当我进攻时，你的“机械”属性单位本回合内战力+1。",
     [{"trigger": "attacked", "effects": [{"might": {"amount": 1, "to": {"each": {"who": "friendly", "tag": "机械"}}}}]}]),
    # “如果C，则Y” after a trigger's first effect: Y is done only when C holds as it executes (359.3.e)
    ("unit", "当我进攻时，抽一张牌。如果你控制着不少于两名其他单位，则抽一张牌，让我在本回合内战力+1。",
     [{"trigger": "attacked", "effects": [
         {"draw": 1}, {"draw": {"amount": 1, "if": {"controls": {"other": True}, "at_least": 2}}},
         {"might": {"amount": 1, "if": {"controls": {"other": True}, "at_least": 2}}}]}]),
]


@pytest.mark.parametrize(("card_type", "text", "abilities"), CARDS, ids=[text for _, text, _ in CARDS])
def test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(card_type, text, abilities):
    compiles_to(card_type, text, abilities)


def test_a_use_condition_is_read_only_as_the_last_sentence_of_an_activated_ability():
    assert _compiled("我必须位于战场上才能使用此技能。", "unit").status == "not_understood"
    assert _compiled("横置：我必须位于战场上才能使用此技能。抽一张牌。", "unit").status == "not_understood"


def test_a_condition_inside_a_body_is_not_read_on_a_deathknell_about_the_dead_unit_nor_twice():
    # (before a “你可以” it is read: `when`, tests/test_cardtext_optional.py)
    assert _compiled("绝念▸抽一张牌。如果我位于战场上，则抽一张牌。", "unit").status == "not_understood"
    assert _compiled("当我进攻时，抽一张牌。如果我位于战场上，则如果我已被强化，则抽一张牌。", "unit").status == "not_understood"


@pytest.mark.parametrize(("text", "hand"), [
    ("对一名单位造成1点伤害。如果你控制着不少于两名单位，则抽一张牌。", 1),
    ("对一名单位造成1点伤害。如果你控制着不少于四名单位，则抽一张牌。", 0),
])
def test_a_spells_condition_is_read_as_the_instruction_executes(text, hand):
    spell = _flow(_compiled(text, "spell").tree)
    source = _source("横置：抽一张牌。").replace("  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  新牌: " + spell)
    source = source.replace("      runes: 3", "      runes: 3\n      hand: [新牌]")
    _passes(source, "  - play: 新牌\n    targets: 敌\n  - pass:", f"  - player: A\n    hand: {hand}")


@pytest.mark.parametrize(("might", "hand"), [(5, 2), (4, 0)])
def test_a_deathknell_if_i_am_mighty_reads_my_might_as_i_die(might, hand):
    tree = _compiled("绝念▸如果我是强力单位，则抽两张牌。", "unit").tree
    source = SCENARIO.replace("{CARD}", _flow({**tree, "might": might})).replace("      deck: 5", "      deck: 5\n      runes: 3")
    source = source.replace("  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  杀: {type: spell, cost: 1, target: unit, effects: [{kill: null}]}")
    source = source.replace("      runes: 3", "      runes: 3\n      hand: [杀]")
    _passes(source, "  - play: 杀\n    targets: 行\n  - pass:", f"  - player: A\n    hand: {hand}")


def _source(text: str, card_type: str = "unit") -> str:
    """The trigger tests' board (test_cardtext_triggers.SCENARIO) with the compiled card as 行者, and three runes."""
    return SCENARIO.replace("{CARD}", _flow(_compiled(text, card_type).tree)).replace("      deck: 5", "      deck: 5\n      runes: 3")


def _passes(source: str, script: str, expect: str) -> None:
    passes(source.replace("SCRIPT", script).replace("EXPECT", expect))


def test_an_ability_usable_only_at_a_battlefield_is_refused_in_base():
    source = _source("横置：抽一张牌。我必须位于战场上才能使用此技能。")
    _passes(source, "  - activate: 回\n    ability: ability1\n  - pass:", "  - player: A\n    hand: 1")
    _passes(source, "  - activate: 行\n    ability: ability1\n    expect_illegal: 377.2.b", "  - player: A\n    hand: 0")


def test_a_condition_on_an_activated_ability_the_activation_does_not_check_is_refused():
    card = '{type: unit, might: 2, abilities: [{cost: {exhaust: true}, condition: {mighty: true}, effects: [{draw: 1}]}]}'
    with pytest.raises(ScenarioError, match="启动能力的使用条件"):
        parse(SCENARIO.replace("{CARD}", card).replace("SCRIPT", "  - pass:").replace("EXPECT", "  - player: A\n    hand: 0"),
              "t.yaml")


@pytest.mark.parametrize(("xp", "script", "hand"), [
    (3, "  - activate: 行\n    ability: ability1\n  - pass:", 1),
    (2, "  - activate: 行\n    ability: ability1\n    expect_illegal: 377.2.b", 0),
])
def test_a_level_activated_ability_is_used_only_with_that_much_xp(xp, script, hand):
    source = _source("等级3▸横置：抽一张牌。").replace("      runes: 3", f"      runes: 3\n      xp: {xp}")
    _passes(source, script, f"  - player: A\n    hand: {hand}")


@pytest.mark.parametrize(("points", "raised", "hand"), [(5, False, 1), (4, False, 0), (5, True, 0), (6, True, 1)])
def test_an_opponent_within_three_points_of_winning_is_read_from_the_victory_score_now(points, raised, hand):
    source = _source("当你打出我时，如果对手得分距离胜利得分不超过3分，则抽一张牌。")
    source = source.replace("    B: {}", f"    B: {{points: {points}}}").replace("      deck: 5", "      deck: 5\n      hand: [行者]")
    if raised:  # a battlefield that raises the Victory Score to 9 (194.3.a)
        source = source.replace("    - name: 南方\n", "    - name: 南方\n      card: 高地\n").replace(
            "  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  高地: {type: battlefield, passives: {victory_score: 1}}")
    _passes(source, "  - play: 行者", f"  - player: A\n    hand: {hand}")


# 356.2.b.1: an optional additional cost of Energy and Power, a discard or XP, and the cost change paying it brings
OPTIONAL = [
    ("打出此牌时，你可以选择弃置一张手牌作为额外费用。若如此做，我的费用减少③。",
     {"additional_cost": {"optional": {"discard": 1}},
      "abilities": [{"static": {"cost_change": {"energy": -3}}, "while": {"paid_additional_cost": True}}]}),
    ("你可以选择消耗3经验，作为额外费用，以此让我的费用减少③。",
     {"additional_cost": {"optional": {"xp": 3}},
      "abilities": [{"static": {"cost_change": {"energy": -3}}, "while": {"paid_additional_cost": True}}]}),
    ("你可以选择支付橙色符能×2，作为额外费用。\n当你打出我时，如果你支付了该额外费用，则抽两张牌。",
     {"additional_cost": {"optional": {"runes": ["摧破", "摧破"]}},
      "abilities": [{"trigger": "played", "condition": {"paid_additional_cost": True}, "effects": [{"draw": 2}]}]}),
]


@pytest.mark.parametrize(("text", "parts"), OPTIONAL, ids=[text for text, _ in OPTIONAL])
def test_an_optional_additional_cost_compiles_to_its_form_and_back(text, parts):
    result = _compiled(text, "unit")
    assert result.status == "compiled", (result.problems, result.needs)
    assert {key: result.tree[key] for key in parts} == parts
    assert _compiled(result.understood, "unit").tree == result.tree


def test_an_optional_cost_is_not_read_for_a_cost_it_cannot_pay_nor_with_an_effect_after_it():
    assert _compiled("你可以选择横置，作为打出我的额外费用。", "unit").status == "not_understood"
    assert _compiled("你可以选择弃置一张手牌作为额外费用。若如此做，则抽一张牌。", "unit").status == "not_understood"


@pytest.mark.parametrize(("text", "player", "pay", "expect"), [
    # a discard pays it: 4 of 6 Energy, and the other card of the hand is discarded
    (OPTIONAL[0][0], "      hand: [行者, 哨兵]\n      runes: 4", True, "  - player: A\n    hand: 0\n    trash: 1"),
    (OPTIONAL[0][0], "      hand: [行者]\n      runes: 4", True, ""),  # nothing else in hand to discard
    (OPTIONAL[0][0], "      hand: [行者, 哨兵]\n      runes: 4", False, ""),  # 6 Energy without it
    # XP pays it: 3 of 6 Energy, 3 XP spent
    (OPTIONAL[1][0], "      hand: [行者]\n      runes: 3\n      xp: 3", True, "  - player: A\n    hand: 0\n    xp: 0"),
    (OPTIONAL[1][0], "      hand: [行者]\n      runes: 3\n      xp: 2", True, ""),  # not enough XP
])
def test_an_optional_cost_paid_by_a_discard_or_xp_reduces_the_cost_only_when_paid(text, player, pay, expect):
    tree = _compiled(text, "unit").tree
    source = SCENARIO.replace("{CARD}", _flow({**tree, "cost": 6})).replace("      deck: 5", "      deck: 5\n" + player)
    script = "  - play: 行者" + ("\n    pay_additional: true" if pay else "")
    if expect:
        _passes(source, script, expect)
    else:  # refused: the card stays in hand
        _passes(source, script + "\n    expect_illegal: 358.2", "  - player: A\n    trash: 0")


def test_paying_the_optional_cost_is_read_by_a_static_only_as_the_cards_own_cost_change():
    card = ('{type: unit, might: 2, cost: 2, additional_cost: {optional: {xp: 1}}, '
            'abilities: [{static: {might: 1}, while: {paid_additional_cost: true}}]}')
    with pytest.raises(ScenarioError, match="cost_change"):
        parse(SCENARIO.replace("{CARD}", card).replace("SCRIPT", "  - pass:").replace("EXPECT", "  - player: A\n    hand: 0"),
              "t.yaml")


# A spell's “等级N▸Y” (824.1.b.1): Y done when its controller has N XP as it executes; “改为” replaces the instruction before
SPELL_LEVELS = [
    ("抽一张牌。\n等级6▸抽两张牌。", [{"draw": 1}, {"draw": {"amount": 2, "if": {"level": 6}}}]),
    ("让一名单位在本回合内战力+1。\n等级6▸改为让其本回合内战力+3。",
     [{"might": {"amount": 3, "if": {"level": 6}}}, {"might": {"amount": 1, "if": {"not": {"level": 6}}}}]),
]


def _spell_compiles_to(text: str, key: str, value) -> None:
    """The spell *text* compiles, its tree's *key* is *value*, and its rendering compiles to the same tree."""
    result = _compiled(text, "spell")
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree[key] == value
    assert _compiled(result.understood, "spell").tree == result.tree


@pytest.mark.parametrize(("text", "effects"), SPELL_LEVELS, ids=[text for text, _ in SPELL_LEVELS])
def test_a_spells_level_line_is_its_instructions_done_with_that_much_xp(text, effects):
    _spell_compiles_to(text, "effects", effects)


def test_a_spells_level_line_choosing_a_target_of_its_own_is_not_read():
    assert _compiled("抽一张牌。\n等级6▸眩晕一名敌方单位。", "spell").status == "not_understood"


@pytest.mark.parametrize(("xp", "might"), [(6, 4), (5, 2)])
def test_a_spells_level_replacement_reads_the_xp_as_it_resolves(xp, might):
    spell = _flow(_compiled(SPELL_LEVELS[1][0], "spell").tree)
    source = _source("横置：抽一张牌。").replace("  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  新牌: " + spell)
    source = source.replace("      runes: 3", f"      runes: 3\n      hand: [新牌]\n      xp: {xp}")
    _passes(source, "  - play: 新牌\n    targets: 友\n  - pass:", f"  - unit: 友\n    might: {might}")


@pytest.mark.parametrize(("xp", "answer", "expect"), [
    (3, "true", "  - player: A\n    hand: 1\n    xp: 0"),
    (3, "false", "  - player: A\n    hand: 0\n    xp: 3"),
])
def test_an_optional_payment_of_xp_is_spent_only_when_paid(xp, answer, expect):
    source = _source("当我进攻时，你可以选择消耗3经验，以此抽一张牌。").replace("      runes: 3", f"      runes: 3\n      xp: {xp}")
    _passes(source, f"  - move: 行\n    to: 北方\n  - pass:\n    answer: {{pay: {answer}}}", expect)


def test_a_choice_between_two_instructions_is_not_read_with_a_target_in_one_of_them():
    assert _compiled("抽一张牌或对一名单位造成2点伤害。", "spell").status == "not_understood"
    # “或” inside an object is one target of either kind (355.9), no choice of instructions; damage to a gear the
    # engine refuses (a gear is dealt no damage), so it is understood but not compiled
    either = _compiled("对一名单位或一件装备造成2点伤害。", "spell")
    assert either.status == "not_executable" and either.tree["target"] == {"kind": ["unit", "gear"]}


@pytest.mark.parametrize(("answer", "expect"), [
    ("1", "  - player: A\n    hand: 1"), ("2", "  - player: A\n    hand: 0\n  - unit: 行\n    might: 3"),
])
def test_the_instruction_chosen_is_the_one_done(answer, expect):
    source = _source("当你打出我时，你可以选择抽一张牌或给予我增益。").replace("      runes: 3", "      runes: 3\n      hand: [行者]")
    source = source.replace("{id: 行, card: 行者}", "{id: 行, card: 哨兵}")
    expect = expect.replace("unit: 行", "unit: 行者")
    _passes(source, f"  - play: 行者\n  - pass:\n    answer: {{may: true, one_of: {answer}}}", expect)


@pytest.mark.parametrize(("target", "might"), [("回", 6), ("友", 3)])
def test_the_only_unit_you_control_where_it_is_gets_one_more(target, might):
    # 回 is alone at 西方; 友 shares A's base with 行
    spell = _flow(_compiled("让一名友方单位本回合内战力+2，如果它是你在该处唯一控制的单位，则它本回合内额外获得战力+2。", "spell").tree)
    source = _source("横置：抽一张牌。").replace("  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  新牌: " + spell)
    source = source.replace("      runes: 3", "      runes: 3\n      hand: [新牌]")
    _passes(source, f"  - play: 新牌\n    targets: {target}\n  - pass:", f"  - unit: {target}\n    might: {might}")


@pytest.mark.parametrize(("others", "exhausted"), [(2, "false"), (3, "true")])
def test_entering_ready_with_two_or_fewer_cards_in_hand_counts_the_hand_once_the_unit_left_it(others, exhausted):
    source = _source("如果你的手牌不超过两张，则我以活跃状态进场。")
    source = source.replace("      runes: 3", "      runes: 3\n      hand: [行者" + ", 哨兵" * others + "]")
    _passes(source, "  - play: 行者", f"  - unit: 行者\n    exhausted: {exhausted}")


@pytest.mark.parametrize(("spell", "target", "exhausted"), [
    ("{type: spell, cost: 1, target: unit, effects: [{kill: null}]}", "敌", "false"),  # a unit died this turn
    ("{type: spell, cost: 1, target: unit, effects: [{stun: null}]}", "敌", "true"),
])
def test_entering_ready_if_a_unit_died_this_turn_reads_the_turns_events(spell, target, exhausted):
    source = _source("如果本回合内有单位被摧毁，则我以活跃状态进场。")
    source = source.replace("  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  新牌: " + spell)
    source = source.replace("      runes: 3", "      runes: 3\n      hand: [新牌, 行者]")
    script = f"  - play: 新牌\n    targets: {target}\n  - pass:\n  - play: 行者"
    _passes(source, script, f"  - unit: 行者\n    exhausted: {exhausted}")


@pytest.mark.parametrize(("discards", "might"), [(1, 4), (0, 2)])
def test_a_static_while_you_discarded_this_turn_counts_only_your_discards(discards, might):
    source = _source("如果你本回合内已经弃置过手牌，则我获得战力+2。")
    spell = f"{{type: spell, cost: 1, effects: [{{discard: {discards}}}]}}" if discards else "{type: spell, cost: 1, effects: [{draw: 1}]}"
    source = source.replace("  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  新牌: " + spell)
    source = source.replace("      runes: 3", "      runes: 3\n      hand: [新牌, 哨兵]")
    _passes(source, "  - play: 新牌\n  - pass:", f"  - unit: 行\n    might: {might}")


# “if you've spent ④ or more to play a spell this turn”: the alternative cost it opens, and a static while it holds
SPENT = "如果你在本回合消耗了不低于④的费用来打出一个法术，则"
ALTERNATIVE = "如果你在本回合内消耗了不低于④的费用来打出一个法术，则你可以选择支付蓝色符能来将我打出。"  # 本回合内 or 本回合


def test_an_alternative_cost_after_four_energy_spent_on_a_spell_is_the_cards_alternative_cost():
    result = compile_card(CardSource("T-301", "zh", ALTERNATIVE,
                                     {"type": "unit", "cost": 4, "might": 4, "domains": ["灵光"]}, "试验牌"))
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["alternative_cost"] == {"spent_on_spell": 4, "power": 1}
    assert compile_card(CardSource("T-301", "zh", result.understood, {"type": "unit", "cost": 4, "might": 4,
                                                                      "domains": ["灵光"]}, "试验牌")).tree == result.tree
    other = compile_card(CardSource("T-301", "zh", ALTERNATIVE,
                                    {"type": "unit", "cost": 4, "might": 4, "domains": ["炽烈"]}, "试验牌"))
    assert other.status == "not_understood"  # the engine's Power is of the card's domains: a blue rune is not red


@pytest.mark.parametrize(("spell_cost", "might"), [(4, 6), (3, 2)])
def test_a_static_while_four_energy_were_spent_on_a_spell_reads_the_turns_payments(spell_cost, might):
    source = _source(SPENT + "我获得战力+4。").replace("  哨兵: {type: unit, might: 1}",
                                                     f"  哨兵: {{type: unit, might: 1}}\n  新牌: {{type: spell, cost: {spell_cost}, effects: [{{draw: 1}}]}}")
    source = source.replace("      runes: 3", "      runes: 4\n      hand: [新牌]")
    _passes(source, "  - play: 新牌\n  - pass:", f"  - unit: 行\n    might: {might}")


@pytest.mark.parametrize(("text", "cost"), [
    ("你必须摧毁一名友方强力单位，作为打出此牌的额外费用。\n抽两张牌。", {"kill": {"mighty": True}}),
    ("你必须摧毁一名友方单位，作为打出此牌的额外费用。\n抽两张牌。", {"kill": "friendly_unit"}),
    ("你必须消耗2经验，作为打出此牌的额外费用。\n抽两张牌。", {"xp": 2}),
])
def test_a_mandatory_additional_cost_compiles_to_its_form_and_back(text, cost):
    _spell_compiles_to(text, "additional_cost", cost)


def test_a_mandatory_cost_killing_an_enemy_unit_is_not_read():
    assert _compiled("你必须摧毁一名敌方单位，作为打出此牌的额外费用。\n抽两张牌。", "spell").status == "not_understood"


@pytest.mark.parametrize(("victim", "might", "hand"), [("友", 5, 2), ("友", 4, None)])
def test_the_unit_killed_for_the_cost_must_meet_its_filter(victim, might, hand):
    spell = _flow(_compiled("你必须摧毁一名友方强力单位，作为打出此牌的额外费用。\n抽两张牌。", "spell").tree)
    source = _source("横置：抽一张牌。").replace("  哨兵: {type: unit, might: 1}",
                                            f"  哨兵: {{type: unit, might: {might}}}\n  新牌: " + spell)
    source = source.replace("      runes: 3", "      runes: 3\n      hand: [新牌]")
    script = f"  - play: 新牌\n    cost_kill: {victim}"
    if hand is None:
        _passes(source, script + "\n    expect_illegal: true", "  - player: A\n    hand: 1")
    else:
        _passes(source, script + "\n  - pass:", f"  - player: A\n    hand: {hand}")


def test_a_legends_static_works_from_its_legend_zone_for_its_player():
    # 174.6: a legend's passive abilities: each friendly unit here gets +1 (A's only), as the compiled static says
    legend = _flow({**_compiled("你的单位获得战力+1。", "legend").tree, "type": "legend"})
    source = SCENARIO.replace("{CARD}", "{type: unit, might: 2}").replace(
        "  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  剑姬: " + legend)
    source = source.replace("      deck: 5", "      deck: 5\n      legend: 剑姬")
    _passes(source, "  - move: 友\n    to: 南方", "  - unit: 行\n    might: 3\n  - unit: 敌\n    might: 1")


@pytest.mark.parametrize(("text", "repeat"), [
    ("回响②红色符能\n抽一张牌。", [{"energy": 2, "runes": ["炽烈"]}]),
    ("回响紫色符能\n抽一张牌。", [{"runes": ["混沌"]}]),
    ("回响①任意符能\n抽一张牌。", [{"energy": 1, "power": 1}]),
])
def test_a_repeat_with_power_is_the_cards_repeat_cost(text, repeat):
    _spell_compiles_to(text, "repeat", repeat)


@pytest.mark.parametrize(("runes", "hand"), [(5, 2), (3, None)])
def test_a_repeat_paid_with_energy_and_a_rune_of_its_domain_repeats_the_spell(runes, hand):
    spell = _flow(_compiled("回响②红色符能\n抽一张牌。", "spell").tree)  # cost 2: ② + ② and a Fury rune to repeat
    source = _source("横置：抽一张牌。").replace("  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  新牌: " + spell)
    source = source.replace("      runes: 3", "      runes: [" + ", ".join(["炽烈"] * runes) + "]\n      hand: [新牌]")
    if hand is None:  # four Energy and a Fury rune's Power cannot come from three runes
        _passes(source, "  - play: 新牌\n    repeat: 1\n    expect_illegal: true", "  - player: A\n    hand: 1")
    else:
        _passes(source, "  - play: 新牌\n    repeat: 1\n  - pass:", f"  - player: A\n    hand: {hand}")


@pytest.mark.parametrize(("text", "effects"), [
    # the chosen one's controller decides and pays; what follows 否则 is done when they do not
    ("选择一个法术，除非其控制者选择支付②，否则无效化该法术。",
     [{"may_pay": {"cost": {"energy": 2}, "payer": "target_controller", "otherwise": [{"counter": None}]}}]),
    ("选择一名敌方单位，除非其控制者选择支付①，否则对其造成3点伤害。",
     [{"may_pay": {"cost": {"energy": 1}, "payer": "target_controller", "otherwise": [{"deal": 3}]}}]),
])
def test_unless_its_controller_pays_is_a_payment_the_chosen_ones_controller_decides(text, effects):
    _spell_compiles_to(text, "effects", effects)


@pytest.mark.parametrize(("spell", "might"), [("获得1经验。", 3), ("抽一张牌。", 2)])
def test_a_static_while_you_gained_xp_this_turn_reads_the_turns_gains(spell, might):
    source = _source("如果你已在本回合内获得了经验值，则我获得战力+1。").replace(
        "  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  新牌: " + _flow(_compiled(spell, "spell").tree))
    source = source.replace("      runes: 3", "      runes: 3\n      hand: [新牌]")
    _passes(source, "  - play: 新牌\n  - pass:", f"  - unit: 行\n    might: {might}")


@pytest.mark.parametrize(("phase", "hand"), [("beginning", 2), ("main", 1)])
def test_a_deathknell_draws_two_instead_in_your_beginning_phase(phase, hand):
    source = _source("绝念▸抽一张牌。若此时是你的开始阶段，则改为抽两张牌。").replace("phase: main", f"phase: {phase}")
    _passes(source, "  - effect: [{kill: null}]\n    targets: 行\n    controller: A", f"  - player: A\n    hand: {hand}")


@pytest.mark.parametrize(("others", "hand"), [(True, 1), (False, 0)])
def test_a_deathknell_if_i_did_not_die_alone_reads_the_friendly_units_where_i_died(others, hand):
    source = _source("绝念▸如果我被摧毁时未处于落单状态，则抽一张牌。")
    if not others:  # 友 leaves A's base first, so 行 dies alone there
        source = source.replace("{id: 行, card: 行者}, {id: 友, card: 哨兵}", "{id: 行, card: 行者}")
    _passes(source, "  - effect: [{kill: null}]\n    targets: 行\n    controller: A", f"  - player: A\n    hand: {hand}")


@pytest.mark.parametrize(("hider", "damage"), [("A", 5), ("B", 3)])
def test_a_facedown_card_you_control_is_one_you_hid(hider, damage):
    # 811: the hidden card at 西方 is A's only when A hid it; the spell deals 5 instead of 3 then (敌 has 6 Might)
    spell = _flow(_compiled("对战场上的一名单位造成3点伤害。若你控制着一张正面朝下的卡牌，则改为对其造成5点伤害。", "spell").tree)
    source = _source("横置：抽一张牌。").replace("  哨兵: {type: unit, might: 1}",
                                            "  哨兵: {type: unit, might: 1}\n  巨人: {type: unit, might: 9}\n  新牌: " + spell)
    source = source.replace("{id: 敌, card: 哨兵, controller: B}", "{id: 敌, card: 巨人, controller: B}")
    source = source.replace("    - name: 西方\n", f"    - name: 西方\n      facedown: {{card: 哨兵, by: {hider}}}\n")
    source = source.replace("      runes: 3", "      runes: 3\n      hand: [新牌]")
    _passes(source, "  - play: 新牌\n    targets: 敌\n  - pass:", f"  - unit: 敌\n    damage: {damage}")


# 204.3.a: “你可以选择[支付X(并)]让我变为休眠状态/消耗我的增益，以此Y” opening a triggered ability is its base cost,
# Energy and Power beside the source's own cost or alone
TRIGGER_COSTS = [
    ("gear", "当你将一名友方单位选为目标时，你可以选择支付②并让此装备变为休眠状态，以此抽两张牌。",
     [{"trigger": {"event": "chosen", "subject": "friendly", "player": "you"}, "cost": {"exhaust": True, "energy": 2},
       "effects": [{"draw": 2}]}]),
    ("gear", "每当你给予一名友方单位增益时，你可以选择支付蓝色符能让此牌变为休眠状态，以此抽一张牌。",
     [{"trigger": {"event": "buffed", "subject": "friendly", "player": "you"}, "cost": {"exhaust": True, "runes": ["灵光"]},
       "effects": DRAW}]),
    ("unit", "当我征服一处战场时，你可以选择支付①和任意符能并让我变为休眠状态，以此抽一张牌。",
     [{"trigger": "conquered", "cost": {"exhaust": True, "energy": 1, "power": 1}, "effects": DRAW}]),
    ("unit", "当我进攻时，你可以选择消耗我的增益，以此抽一张牌。",
     [{"trigger": "attacked", "cost": {"spend_buff": True}, "effects": DRAW}]),
    ("unit", "当我进攻时，你可以选择支付①，以此抽一张牌。", [{"trigger": "attacked", "cost": {"energy": 1}, "effects": DRAW}]),
    ("unit", "当我进攻时，你可以选择支付红色符能来抽一张牌。", [{"trigger": "attacked", "cost": {"runes": ["炽烈"]}, "effects": DRAW}]),
    # XP is spent as it resolves (the engine pays resources and the source's own costs to finalize a trigger)
    ("unit", "当我进攻时，你可以选择消耗3经验，以此抽一张牌。",
     [{"trigger": "attacked", "effects": [{"may_pay": {"cost": {"xp": 3}, "then": DRAW}}]}]),
    # gear you control, counted as the trigger's condition (“不少于两件装备”: any gear of yours)
    ("unit", "当我进攻时，如果你控制着不少于三件装备，则抽一张牌。",
     [{"trigger": "attacked", "condition": {"controls": {"kind": "gear"}, "at_least": 3}, "effects": DRAW}]),
]


@pytest.mark.parametrize(("card_type", "text", "abilities"), TRIGGER_COSTS, ids=[text for _, text, _ in TRIGGER_COSTS])
def test_a_triggered_abilitys_cost_compiles_to_its_tree_the_engine_runs_and_back(card_type, text, abilities):
    compiles_to(card_type, text, abilities)


@pytest.mark.parametrize(("runes", "hand"), [(2, 2), (1, 1), (0, 0)])
def test_a_triggered_cost_of_energy_and_exhausting_is_paid_to_finalize_it_or_the_ability_stays_off_the_chain(runes, hand):
    # 友 conquers 南方: both ready 行者 (行 in base, 回 at 西方) trigger; each that can pay ① and exhaust draws (204.3.a)
    tree = _compiled("当你征服一处战场时，你可以选择支付①并让我变为休眠状态，以此抽一张牌。", "unit").tree
    source = SCENARIO.replace("{CARD}", _flow(tree)).replace("      deck: 5", f"      deck: 5\n      runes: {runes}")
    _passes(source, "  - move: 友\n    to: 南方\n  - pass:", f"  - battlefield: 南方\n    controller: A\n  - player: A\n    hand: {hand}")


@pytest.mark.parametrize(("gear", "hand"), [(2, 1), (1, 0)])
def test_a_count_of_your_gear_is_read_as_the_play_trigger_triggers(gear, hand):
    tree = _compiled("当你打出我时，如果你控制着至少两件装备，则抽一张牌。", "unit").tree
    source = SCENARIO.replace("{CARD}", _flow(tree)).replace("      deck: 5", "      deck: 5\n      hand: [行者]\n      runes: 2")
    source = source.replace("  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  宝珠: {type: gear}")
    source = source.replace("      deck: 5", "      deck: 5\n      gear: [" + ", ".join(["宝珠"] * gear) + "]")
    _passes(source, "  - play: 行者", f"  - player: A\n    hand: {hand}")


# 356.2.b.1, 356.7: an optional additional cost paid with an object of yours (a unit or gear killed or exhausted, your
# legend exhausted, a buff spent); on a spell what “若如此做” does is its own instruction, “否则” the one when unpaid.
# The engine builds the object costs (FORMS.md): the tree is read and written back meanwhile.
OBJECT_COSTS = [
    ("spell", "你可以选择让一名友方强力单位变为休眠状态作为额外费用。若如此做，则召出一枚休眠的符文。否则，抽一张牌。",
     {"additional_cost": {"optional": {"exhaust": {"mighty": True}}},
      "effects": [{"channel": {"exhausted": True, "count": 1, "if": PAID}}, {"draw": {"amount": 1, "if": {"not": PAID}}}]}),
    ("spell", "你可以选择消耗一个增益，作为打出我的额外费用。若如此做，则无视我的费用。\n抽两张牌。",
     {"additional_cost": {"optional": {"spend_buff": 1}},
      "abilities": [{"static": {"cost_change": {"ignore": True}}, "while": PAID}]}),
    ("unit", "你可以选择让你的传奇变为休眠状态，作为额外费用。\n当你打出我时，如果你支付了该额外费用，则抽一张牌。",
     {"additional_cost": {"optional": {"exhaust": "legend"}}}),
    ("unit", "打出我时，你可以选择摧毁一件友方装备作为额外费用。", {"additional_cost": {"optional": {"kill": {"kind": "gear"}}}}),
    ("unit", "你可以选择摧毁一名友方强力单位，作为打出我的额外费用。", {"additional_cost": {"optional": {"kill": {"mighty": True}}}}),
]


@pytest.mark.parametrize(("card_type", "text", "parts"), OBJECT_COSTS, ids=[text for _, text, _ in OBJECT_COSTS])
def test_an_optional_cost_of_an_object_is_read_and_written_back(card_type, text, parts):
    result = _compiled(text, card_type)
    assert result.tree is not None, result.problems
    assert {key: result.tree[key] for key in parts} == parts
    assert _compiled(result.understood, card_type).tree == result.tree


def test_an_optional_cost_of_an_enemy_object_or_an_effect_after_it_on_a_unit_is_not_read():
    assert _compiled("你可以选择摧毁一件敌方装备，作为打出我的额外费用。", "unit").tree is None
    assert _compiled("你可以选择让一名敌方单位变为休眠状态作为额外费用。若如此做，则抽两张牌。", "spell").tree is None
    assert _compiled("你可以选择支付①作为额外费用。若如此做，则抽两张牌。否则，抽一张牌。", "unit").tree is None


@pytest.mark.parametrize(("pay", "hand"), [(True, 2), (False, 1)])
def test_a_spells_instructions_after_its_optional_cost_read_whether_it_was_paid(pay, hand):
    spell = _flow(_compiled("你可以选择支付①作为额外费用。若如此做，则抽两张牌。否则，抽一张牌。", "spell").tree)
    source = _source("横置：抽一张牌。").replace("  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  新牌: " + spell)
    source = source.replace("      runes: 3", "      runes: 3\n      hand: [新牌]")
    script = "  - play: 新牌" + ("\n    pay_additional: true" if pay else "") + "\n  - pass:"
    _passes(source, script, f"  - player: A\n    hand: {hand}")


# The chosen one's condition, SUBJECT PREDICATE (`target_is`): a state (未/没有 for not), “是/为 UNITS”, a keyword, Might
TARGET_IS = [
    ("它已强化", {"empowered": True}), ("其未拥有增益", {"buffed": False}), ("该单位已配有武装", {"equipped": True}),
    ("它处于活跃状态", {"exhausted": False}), ("它处于休眠状态", {"exhausted": True}), ("它落单", {"alone": True}),
    ("它是一名休眠的敌方单位", {"who": "enemy", "exhausted": True}), ("它是“机械”属性单位", {"tag": "机械"}),
    ("它拥有法盾", {"keyword": "法盾"}), ("它是指示物", {"token": True}), ("它们是防守方", {"defending": True}),
    ("它的战力低于3", {"might": {"lt": 3}}), ("它此前已被眩晕", {"stunned": True}),
]


@pytest.mark.parametrize(("words", "wanted"), TARGET_IS, ids=[words for words, _ in TARGET_IS])
def test_a_condition_on_the_chosen_unit_is_its_filter_and_written_back(words, wanted):
    _spell_compiles_to(f"让一名单位在本回合内战力+1。如果{words}，则抽一张牌。", "effects",
                       [{"might": 1}, {"draw": {"amount": 1, "if": {"target_is": wanted}}}])


def test_a_condition_on_the_chosen_one_that_names_no_state_of_a_unit_is_not_read():
    for words in ("其为单位", "它未拥有法盾", "它是单位"):
        assert _compiled(f"让一名单位在本回合内战力+1。如果{words}，则抽一张牌。", "spell").status == "not_understood", words


@pytest.mark.parametrize(("target", "hand"), [("友", 1), ("敌", 0)])
def test_a_condition_on_the_chosen_unit_reads_it_as_the_instruction_executes(target, hand):
    spell = _flow(_compiled("让一名单位在本回合内战力+1。如果它处于休眠状态，则抽一张牌。", "spell").tree)
    source = _source("横置：抽一张牌。").replace("  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  新牌: " + spell)
    source = source.replace("      runes: 3", "      runes: 3\n      hand: [新牌]").replace(
        "{id: 友, card: 哨兵}", "{id: 友, card: 哨兵, exhausted: true}")
    _passes(source, f"  - play: 新牌\n    targets: {target}\n  - pass:", f"  - player: A\n    hand: {hand}")


# Numbers about the players compared (hand, trash, score, battlefields: lt/le/ge/gt/eq), and two conditions AND-ed
# (“A，且B”: a condition may hold a comma before 且; “有且仅有” is exactly, no joint)
COMPARED = [
    ("你有且仅有四张手牌", {"hand": {"eq": 4}}), ("你的废牌堆中有不少于五张牌", {"trash": {"ge": 5}}),
    ("你的分数不低于5分", {"points": {"ge": 5}}), ("对手的得分至少6分", {"opponent_points": {"ge": 6}}),
    ("你控制着至少两处战场", {"battlefields": {"ge": 2}}),
    ("你在各处战场上有且仅有两名单位", {"controls": {"where": "battlefield"}, "at_least": 2, "at_most": 2}),
    ("你有且仅有三张手牌，且你在各处战场上有且仅有两名单位",
     {"hand": {"eq": 3}, "controls": {"where": "battlefield"}, "at_least": 2, "at_most": 2}),
    ("你控制着不少于两件装备且你的手牌少于两张", {"controls": {"kind": "gear"}, "at_least": 2, "hand": {"lt": 2}}),
]


@pytest.mark.parametrize(("words", "condition"), COMPARED, ids=[words for words, _ in COMPARED])
def test_a_number_compared_or_two_conditions_are_an_instructions_condition_and_written_back(words, condition):
    _spell_compiles_to(f"召出一枚休眠的符文。如果{words}，则抽一张牌。", "effects",
                       [{"channel": {"exhausted": True, "count": 1}}, {"draw": {"amount": 1, "if": condition}}])


def test_two_conditions_sharing_a_part_are_not_read_as_one():
    assert _compiled("当你打出我时，如果你的手牌少于两张且你的手牌不少于一张，则抽一张牌。", "unit").status == "not_understood"


@pytest.mark.parametrize(("others", "hand"), [(2, 1), (1, 0), (3, 0)])
def test_exactly_n_cards_in_hand_is_read_as_the_trigger_triggers(others, hand):
    # 行者 leaves the hand as it is played: “exactly two cards in hand” then counts the others (its draw comes after)
    tree = _compiled("当你打出我时，如果你有且仅有两张手牌，则抽一张牌。", "unit").tree
    source = SCENARIO.replace("{CARD}", _flow(tree)).replace(
        "      deck: 5", "      deck: 5\n      runes: 2\n      hand: [行者" + ", 哨兵" * others + "]")
    _passes(source, "  - play: 行者", f"  - player: A\n    hand: {others + hand}")


# The source's own state in other words than CONDITIONS' (“我在战场上”, “我没有增益”), written back in those
SOURCE_STATES = [
    ("我在战场上", {"at_battlefield": True}), ("此牌位于战场上", {"at_battlefield": True}), ("我在战斗中", {"in_combat": True}),
    ("我没有增益", {"not": {"buffed": True}}), ("我未拥有增益", {"not": {"buffed": True}}), ("我落单", {"alone": True}),
    ("我已被强化", {"empowered": True}), ("我是强力的", {"mighty": True}),
]


@pytest.mark.parametrize(("words", "condition"), SOURCE_STATES, ids=[words for words, _ in SOURCE_STATES])
def test_a_state_of_the_source_is_its_condition_in_any_of_its_words(words, condition):
    compiles_to("unit", f"当我进攻时，如果{words}，则抽一张牌。", [{"trigger": "attacked", "condition": condition, "effects": DRAW}])


def test_a_state_of_the_source_the_engine_does_not_read_is_not_guessed():
    assert _compiled("当我进攻时，如果我被眩晕，则抽一张牌。", "unit").status == "not_understood"


@pytest.mark.parametrize(("runes", "answer", "hand"), [(1, "true", 1), (1, "false", 0), (0, None, 0)])
def test_a_triggers_payment_is_its_cost_paid_as_it_goes_on_the_chain(runes, answer, hand):
    # 204.3.a: “你可以选择支付①，以此抽一张牌” — asked as the ability is finalized (no defaults), off the chain unpaid or unpayable
    tree = _compiled("当你打出我时，你可以选择支付①，以此抽一张牌。", "unit").tree
    source = SCENARIO.replace("{CARD}", _flow({**tree, "cost": 0})).replace(
        "      deck: 5", f"      deck: 5\n      runes: {runes}\n      hand: [行者]")
    script = "  - play: 行者" + (f"\n  - choose: {answer}" if answer else "") + ("\n  - pass:" if answer == "true" else "")
    _passes("defaults: false\n" + source, script, f"  - player: A\n    hand: {hand}")


# 368.1, 369: a gear's replacement of a friendly unit's death (“如果一名友方单位被摧毁，则改为…”): the steps of the engine's
# die replacement in any order across its sentences; a unit's, or one that does not heal and recall, is not read
DEATH = "如果一名友方单位被摧毁，则改为摧毁此装备，并移除该单位所受伤害、让其变为休眠状态，并将其召回。"


@pytest.mark.parametrize(("text", "replacement"), [
    (DEATH, {"event": "die", "affects": "friendly", "recall": True, "kill_self": True}),
    ("如果我所贴附的单位被摧毁，则改为摧毁此牌，移除其所受伤害，并将其召回。",
     {"event": "die", "affects": "attached", "recall": True, "exhaust": False, "kill_self": True}),
])
def test_a_gears_death_replacement_is_its_replacement_ability_and_back(text, replacement):
    result = _compiled(text, "gear")
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"] == [{"replacement": replacement}]
    assert _compiled(result.understood, "gear").tree == result.tree


def test_a_death_replacement_on_a_unit_or_without_its_recall_is_not_read():
    assert _compiled(DEATH, "unit").status == "not_understood"
    assert _compiled("如果一名友方单位被摧毁，则改为摧毁此装备，并让其变为休眠状态。", "gear").status == "not_understood"


def test_a_friendly_unit_that_would_die_is_recalled_exhausted_and_the_gear_dies_instead():
    gear = _flow({**_compiled(DEATH, "gear").tree, "type": "gear", "cost": 2})
    source = SCENARIO.replace("  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  沙漏: " + gear).replace(
        "      deck: 5", "      deck: 5\n      gear: [沙漏]").replace("{CARD}", "{type: unit, might: 2}")
    script = "  - effect:\n      - kill: null\n    targets: 回\n    controller: B"
    _passes(source, script, "  - unit: 回\n    location: base\n    exhausted: true\n  - player: A\n    trash: 1")


@pytest.mark.parametrize(("stunned", "expect"), [
    (False, "  - unit: 敌\n    stunned: true\n    location: 北方"),  # stunned now, not returned by its own stun
    (True, "  - player: B\n    hand: 1"),  # already stunned: returned instead
])
def test_an_instead_reads_its_condition_before_the_instruction_it_replaces_can_change_it(stunned, expect):
    # “X。如果C，则改为Y”: Y on C first, then X on “not C” — a stun cannot make “if it's already stunned” hold (359.3.e)
    spell = _flow(_compiled("眩晕一名敌方单位。如果它已被眩晕，则改为让其返回所属的手牌。", "spell").tree)
    source = _source("横置：抽一张牌。").replace("  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  新牌: " + spell)
    source = source.replace("      runes: 3", "      runes: 3\n      hand: [新牌]")
    if stunned:
        source = source.replace("{id: 敌, card: 哨兵, controller: B}", "{id: 敌, card: 哨兵, controller: B, stunned: true}")
    _passes(source, "  - play: 新牌\n    targets: 敌\n  - pass:", expect)


def test_paying_my_additional_cost_is_paying_the_additional_cost():
    result = _compiled("你可以选择支付①，作为打出我的额外费用。\n当你打出此牌时，如果你支付了我的额外费用，则抽一张牌。", "unit")
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"] == [{"trigger": "played", "condition": PAID, "effects": DRAW}]


# How many a count asks for, in any comparison's words: at_least / at_most (“多于一名” is at least two, “少于三名” at most two)
COUNTS = [
    ("你控制着至少两名其他单位", {"controls": {"other": True}, "at_least": 2}),
    ("你控制着多于一名友方强力单位", {"controls": {"mighty": True}, "at_least": 2}),
    # an upper bound alone counts from none: “不超过两名” holds with none too
    ("你控制着不超过两名单位", {"controls": {}, "at_least": 0, "at_most": 2}),
    ("你控制着少于三名单位", {"controls": {}, "at_least": 0, "at_most": 2}),
    ("你未控制其他单位", {"controls": {"other": True}, "at_least": 0, "at_most": 0}),
    ("此处没有敌方单位", {"count": {"who": "enemy", "where": "here"}, "at_least": 0, "at_most": 0}),
    ("此处有至少两名敌方单位", {"count": {"who": "enemy", "where": "here"}, "at_least": 2}),
    ("你在此处有有且仅有一名其他单位", {"controls": {"where": "here", "other": True}, "at_least": 1, "at_most": 1}),
    # anyone's units at battlefields or anywhere, an opponent's (counted by the same phrase)
    ("战场上有不少于三名敌方单位", {"count": {"who": "enemy", "where": "battlefield"}, "at_least": 3}),
    ("场上有被眩晕的单位", {"count": {"stunned": True}}), ("对手控制着至少两名单位", {"count": {"who": "enemy"}, "at_least": 2}),
]


@pytest.mark.parametrize(("words", "condition"), COUNTS, ids=[words for words, _ in COUNTS])
def test_a_count_in_any_comparisons_words_is_its_bounds(words, condition):
    compiles_to("unit", f"当我进攻时，如果{words}，则抽一张牌。", [{"trigger": "attacked", "condition": condition, "effects": DRAW}])


@pytest.mark.parametrize(("others", "hand"), [(1, 1), (2, 1), (3, 0)])
def test_at_most_n_units_is_read_as_the_trigger_triggers(others, hand):
    # A controls 行, 友 and 回 (three units); with 行者 played from hand, its “others” are three plus any added
    tree = _compiled("当你打出我时，如果你控制着不超过四名其他单位，则抽一张牌。", "unit").tree
    source = SCENARIO.replace("{CARD}", _flow(tree)).replace("      deck: 5", "      deck: 5\n      hand: [行者]\n      runes: 2")
    source = source.replace("{id: 友, card: 哨兵}", ", ".join(f"{{id: 友{n}, card: 哨兵}}" for n in range(others)))
    _passes(source, "  - play: 行者", f"  - player: A\n    hand: {hand}")


@pytest.mark.parametrize(("stunned", "hand"), [(False, 1), (True, 0)])
def test_no_unit_that_fits_anywhere_is_read_as_the_trigger_triggers(stunned, hand):
    tree = _compiled("当你打出我时，如果场上没有被眩晕的单位，则抽一张牌。", "unit").tree
    assert tree["abilities"][0]["condition"] == {"count": {"stunned": True}, "at_least": 0, "at_most": 0}
    source = SCENARIO.replace("{CARD}", _flow(tree)).replace("      deck: 5", "      deck: 5\n      hand: [行者]\n      runes: 2")
    if stunned:
        source = source.replace("{id: 敌, card: 哨兵, controller: B}", "{id: 敌, card: 哨兵, controller: B, stunned: true}")
    _passes(source, "  - play: 行者", f"  - player: A\n    hand: {hand}")


@pytest.mark.parametrize(("runes", "hand"), [(0, 1), (3, 1), (4, 0)])
def test_at_most_n_runes_holds_with_none(runes, hand):
    tree = _compiled("当你打出我时，如果你拥有不多于三枚符文，则抽一张牌。", "unit").tree
    assert tree["abilities"][0]["condition"] == {"count": {"kind": "rune", "who": "friendly"}, "at_least": 0, "at_most": 3}
    source = SCENARIO.replace("{CARD}", _flow({**tree, "cost": 0})).replace(
        "      deck: 5", f"      deck: 5\n      hand: [行者]\n      runes: {runes}")
    _passes(source, "  - play: 行者", f"  - player: A\n    hand: {hand}")


@pytest.mark.parametrize(("words", "condition"), [
    ("这是你在本回合打出的第一张卡牌", {"first_played": True}),
    ("你在本回合内已经打出过一张法术牌", {"played_this_turn": ["spell"]}),
])
def test_what_you_played_this_turn_in_other_words_is_the_same_condition(words, condition):
    compiles_to("unit", f"当你打出一张牌时，如果{words}，则抽一张牌。",
                [{"trigger": {"event": "played", "subject": "any", "player": "you"}, "condition": condition, "effects": DRAW}])


# the chosen unit's next death this turn replaced (replace_death, 369), and “if you couldn't” after a channel
NEXT_DEATH = [
    ("对一名敌方单位造成2点伤害。如果它在本回合内被摧毁，则改为将其放逐。",
     [{"deal": 2}, {"replace_death": {"instead": "banish"}}]),
    ("选择一名敌方单位。在本回合内，它下次将被摧毁时，改为让其进入休眠状态，移除其所受伤害，并将其召回。",
     [{"replace_death": None}]),
    ("召出两枚休眠的符文。如果你无法达成，则抽两张牌。",
     [{"channel": {"exhausted": True, "count": 2}}, {"draw": {"amount": 2, "if": {"channel_short": True}}}]),
]


@pytest.mark.parametrize(("text", "effects"), NEXT_DEATH, ids=[text for text, _ in NEXT_DEATH])
def test_a_next_death_replaced_or_a_channel_fallen_short_is_read_and_back(text, effects):
    _spell_compiles_to(text, "effects", effects)


def test_a_recall_without_its_heal_or_if_you_couldnt_without_a_channel_is_not_read():
    assert _compiled("选择一名友方单位。本回合内，当它下次被摧毁时，改为将其召回。", "spell").status == "not_understood"
    assert _compiled("抽一张牌。如果你无法达成，则抽一张牌。", "spell").status == "not_understood"


def test_a_unit_the_spell_kills_is_banished_instead():
    spell = _flow(_compiled(NEXT_DEATH[0][0], "spell").tree)  # its death comes after the spell: the replacement is set
    source = _source("横置：抽一张牌。").replace("  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  新牌: " + spell)
    source = source.replace("      runes: 3", "      runes: 3\n      hand: [新牌]")
    _passes(source, "  - play: 新牌\n    targets: 敌\n  - pass:", "  - unit: 敌\n    alive: false\n  - player: B\n    trash: 0")


# this turn's history and the source attacking with another (the engine's turn records), and buffs spent
HISTORY = [
    ("在本回合内，如果你至少支付了任意符能×3，则我获得战力+1。",
     [{"static": {"might": 1, "to": "self"}, "while": {"power_spent_this_turn": {"ge": 3}}}]),
    ("本回合内，如果一名敌方单位在你的开始阶段被摧毁，则我获得战力+1。",
     [{"static": {"might": 1, "to": "self"}, "while": {"killed_this_turn": {"side": "enemy", "phase": "beginning"}}}]),
    ("如果我和另一名友方单位一起进攻，则我获得战力+3。",
     [{"static": {"might": 3, "to": "self"}, "while": {"attacking": True, "count": {"attacking": True, "other": True}}}]),
    ("在本回合内，如果我移动了三次，则我获得战力+1。", [{"static": {"might": 1, "to": "self"}, "while": {"moved_this_turn": {"ge": 3}}}]),
    ("当我进攻时，你可以选择消耗一个增益，以此抽两张牌。", [{"trigger": "attacked", "cost": {"spend_buffs": 1}, "effects": [{"draw": 2}]}]),
    ("当你消耗一个增益时，抽一张牌。", [{"trigger": {"event": "buff_spent", "subject": "friendly", "player": "you"}, "effects": DRAW}]),
]


@pytest.mark.parametrize(("text", "abilities"), HISTORY, ids=[text for text, _ in HISTORY])
def test_this_turns_history_and_buffs_spent_compile_to_their_trees_and_back(text, abilities):
    compiles_to("unit", text, abilities)


@pytest.mark.parametrize(("buffs", "hand"), [(1, 1), (0, 0)])
def test_a_trigger_paid_with_a_buff_of_yours_needs_one(buffs, hand):
    # 友 (a unit of A's) holds the buff; 行 attacks (moving exhausts it, its own cost could not be paid: the buff is not its)
    tree = _compiled("当我进攻时，你可以选择消耗一个增益，以此抽两张牌。", "unit").tree
    source = SCENARIO.replace("{CARD}", _flow(tree)).replace("{id: 友, card: 哨兵}", f"{{id: 友, card: 哨兵, buffs: {buffs}}}")
    _passes(source, "  - move: 行\n    to: 北方\n  - pass:", f"  - player: A\n    hand: {2 * hand}")
