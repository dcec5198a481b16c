"""The Chinese compiler on battlefield and legend wordings (issue 16), on synthetic cards.

Each wording: the tree it compiles to (checked by hand against the rule it stands for), the gate
(the engine runs it, or names the form it lacks) and the round trip (the rendering compiles to the
same tree).
"""

from __future__ import annotations

import json

import pytest
from conftest import passes as _passes
from test_cardtext_triggers import SCENARIO as TRIGGER_SCENARIO

from judgekit.cardtext import CardSource, compile_card
from judgekit.engine.actions import apply
from judgekit.scenarios.scenario import parse

TURN_BEGAN = {"event": "turn_began", "subject": "any", "player": "you"}
TURN_ENDING = {"event": "turn_ending", "subject": "any", "player": "you"}

CARDS = [
    # 383.4.g.1: the conquer effects of the units here trigger as if they had conquered
    ("battlefield", "当你征服此处时，激活此处所有单位的征服效果。",
     [{"trigger": "conquered", "effects": [{"activate_conquer": None}]}]),
    # 415: ready up to N of your runes
    ("legend", "在你回合结束时，让最多三枚符文变为活跃状态。", [{"trigger": TURN_ENDING, "effects": [{"ready_runes": 3}]}]),
    ("legend", "横置：让最多两枚符文变为活跃状态。", [{"cost": {"exhaust": True}, "effects": [{"ready_runes": 2}]}]),
    # points gained by an effect (471.1.a.1), here on an optional payment
    ("battlefield", "当你征服此处时，你可以选择支付任意符能×2，以此额外获得1分。",
     [{"trigger": "conquered", "cost": {"power": 2}, "effects": [{"gain_points": {"amount": 1}}]}]),
    # “此处由你控制的” is a friendly unit here
    ("battlefield", "在你的开始阶段开始时，你可以选择眩晕一名此处由你控制的单位，以此召出一枚符文。",
     [{"trigger": TURN_BEGAN, "target": {"who": "friendly", "where": "here"},
       "effects": [{"may": [{"stun": None}]}, {"channel": {"count": 1, "if": {"you_did": True}}}]}]),
]


def _read(text: str, card_type: str):
    """The card compiled, its rendering compiling to the same tree (the round trip)."""
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    assert _compiled(result.understood, card_type).tree == result.tree, result.understood
    return result


def _same_in_english(english: str, chinese: str, card_type: str) -> None:
    """The English wording compiles to the tree the Chinese one does."""
    result = compile_card(CardSource("T-300", "en", english, {"type": card_type}, "Test"))
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree == _compiled(chinese, card_type).tree


def _compiled(text: str, card_type: str):
    facts = {"type": card_type, **({"cost": 2, "might": 2} if card_type == "unit" else {})}
    return compile_card(CardSource("T-300", "zh", text, facts, "试验牌"))


@pytest.mark.parametrize(("card_type", "text", "abilities"), CARDS, ids=[text for _, text, _ in CARDS])
def test_a_board_wording_compiles_to_its_tree_the_engine_runs_and_back(card_type, text, abilities):
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"] == abilities
    assert _compiled(result.understood, card_type).tree == result.tree, result.understood


def test_a_count_of_your_units_here_as_a_trigger_condition_is_read_and_runs():
    # 195: the effect's controller wins; the condition is the trigger's (383.2.a.1), not moved to resolution
    result = _compiled("当你据守此处时，如果你在此拥有至少五名单位，则你赢得游戏胜利。", "battlefield")
    assert result.tree["abilities"] == [{"trigger": "held", "condition": {"controls": {"where": "here"}, "at_least": 5},
                                         "effects": [{"win_game": None}]}]
    assert result.status == "compiled", result.needs  # the engine checks `controls` as it triggers (events.failed_condition)
    assert _compiled(result.understood, "battlefield").tree == result.tree


def test_a_wording_near_a_board_template_is_not_read():
    assert _compiled("当你据守此处时，激活此处所有单位的绝念效果。", "battlefield").status == "not_understood"
    assert _compiled("当你据守此处时，如果你在此拥有至少五件装备，则抽一张牌。", "battlefield").status == "not_understood"


def test_at_the_end_of_this_turn_is_a_delayed_trigger_the_engine_runs_then():
    # 390.2: made now, it triggers as this turn ends (whoever's turn it is) and readies up to two runes (415)
    text = "当我征服一处战场时，在本回合结束时，让最多两枚符文变为活跃状态。"
    result = _read(text, "unit")
    assert result.tree["abilities"] == [{"trigger": "conquered", "effects": [{"delayed": {
        "trigger": {"event": "turn_ending", "subject": "any", "player": "any"}, "effects": [{"ready_runes": 2}]}}]}]
    assert _compiled("当我征服一处战场时，让最多两枚符文在本回合结束时变为活跃状态。", "unit").tree == result.tree
    card = json.dumps(result.tree, ensure_ascii=False)
    _passes(SCENARIO.replace("CARD", card).replace("SCRIPT", "  - move: 行\n    to: 南方\n  - pass:")
            .replace("EXPECT", "  - battlefield: 南方\n    controller: A\n  - player: A\n    ready_runes: 0"))
    _passes(SCENARIO.replace("CARD", card).replace("SCRIPT", "  - move: 行\n    to: 南方\n  - pass:\n  - end_turn:")
            .replace("EXPECT", "  - player: A\n    ready_runes: 2"))


def test_at_the_end_of_this_turn_acting_on_a_chosen_unit_is_not_read_yet():
    assert _compiled("当我征服一处战场时，让一名友方单位在本回合结束时变为活跃状态。", "unit").status == "not_understood"


SCENARIO = """\
title: 回合结束时的延迟触发
cards:
  行者: CARD
state:
  turn: {player: A, phase: main}
  battlefields:
    - name: 南方
  players:
    A:
      base: [{id: 行, card: 行者}]
      runes: [{exhausted: true}, {exhausted: true}, {exhausted: true}]
      deck: 5
    B: {deck: 5}
script:
SCRIPT
expect:
EXPECT
"""


# a legend (剑姬) and a 1-Might unit (哨兵): the cards of the legend scenarios below
LEGEND_CARDS = """\
cards:
  剑姬: LEGEND
  哨兵: {type: unit, might: 1}
state:
"""
LEGEND_SCENARIO = """\
title: 征服的战场上的单位数
""" + LEGEND_CARDS + """\
  turn: {player: A, phase: main}
  battlefields:
    - name: 南方
    - name: 西方
      controller: A
      units:
        - {id: 驻, card: 哨兵}
  players:
    A:
      legend: 剑姬
      base: [{id: 甲, card: 哨兵}, {id: 乙, card: 哨兵}, {id: 丙, card: 哨兵}, {id: 丁, card: 哨兵}]
      deck: 5
    B: {deck: 5}
script:
  - move: MOVERS
    to: 南方
  - pass:
expect:
  - battlefield: 南方
    controller: A
  - player: A
    hand: HAND
"""


@pytest.mark.parametrize(("movers", "hand"), [("[甲, 乙, 丙, 丁]", 2), ("[甲, 乙, 丙]", 0)])
def test_your_units_at_the_battlefield_you_conquered_are_counted_as_the_legend_triggers(movers, hand):
    # 383.2.a.1: “if you have four or more units at that battlefield” is the battlefield conquered (`where: scored`),
    # not where the legend is; the unit at 西方 does not count
    result = _read("当你征服一处战场时，如果你在该战场上拥有至少四名单位，则抽两张牌。", "legend")
    assert result.tree["abilities"] == [{"trigger": {"event": "conquered", "subject": "any", "player": "you"},
                                         "condition": {"controls": {"where": "scored"}, "at_least": 4},
                                         "effects": [{"draw": 2}]}]
    legend = json.dumps({**result.tree, "type": "legend"}, ensure_ascii=False)
    _passes(LEGEND_SCENARIO.replace("LEGEND", legend).replace("MOVERS", movers).replace("HAND", str(hand)))


def test_that_battlefield_after_a_trigger_that_is_not_a_score_is_not_read():
    assert _compiled("当你打出一名单位时，如果你在该战场上拥有至少四名单位，则抽两张牌。", "legend").status == "not_understood"


def test_the_english_wording_of_units_at_the_battlefield_conquered_is_the_same_tree():
    english = compile_card(CardSource("T-300", "en", "When you conquer, if you have 4+ units at that battlefield, draw 2.",
                                      {"type": "legend"}, "Test"))
    assert english.status == "compiled", (english.problems, english.needs)
    assert english.tree == _compiled("当你征服一处战场时，如果你在该战场上拥有至少四名单位，则抽两张牌。", "legend").tree
    wrong = compile_card(CardSource("T-300", "en", "When you play a unit, if you have 4+ units at that battlefield, draw 2.",
                                    {"type": "legend"}, "Test"))
    assert wrong.status == "not_understood"


# the triggers' board: 北方 is B's (敌 there), 南方 no one's, 西方 A's; B's legend, and B's unit at 南方 (no one controls it)
ATTACK_SCENARIO = TRIGGER_SCENARIO.replace("    B: {}", "    B: {deck: 5, legend: 剑姬}").replace(
    "    - name: 南方\n", "    - name: 南方\n      units:\n        - {id: 守, card: 哨兵, controller: B}\n").replace(
    "  行者: {CARD}", "  行者: {type: unit, might: 3}\n  剑姬: LEGEND").replace(
    "SCRIPT", "  - move: 行\n    to: TO").replace("EXPECT", "  - unit: 行\n    might: MIGHT")


@pytest.mark.parametrize(("to", "might"), [("北方", 2), ("西方", 3), ("南方", 3)])
def test_an_enemy_unit_attacking_a_battlefield_you_control_gets_minus_one_as_it_attacks(to, might):
    # 383.4.e, 464.2.e: B's legend triggers as A's unit attacks at 北方, which B controls; a move to A's own 西方 is no
    # attack, and an attack at 南方, which no one controls (B's unit there), is not at a battlefield B controls
    result = _read("当敌方单位进攻你控制的战场时，让其本回合内战力-1，不得低于1战力。", "legend")
    assert result.tree["abilities"] == [{"trigger": {"event": "attacked", "subject": "enemy", "at": "friendly_battlefield"},
                                         "target": "event_subject", "effects": [{"might": {"min": 1, "amount": -1}}]}]
    legend = json.dumps({**result.tree, "type": "legend"}, ensure_ascii=False)
    _passes(ATTACK_SCENARIO.replace("LEGEND", legend).replace("TO", to).replace("MIGHT", str(might)))


TEAM_SCENARIO = """\
title: 你或盟友据守
mode: 2v2
""" + LEGEND_CARDS + """\
  turn: {player: BEFORE, phase: main}
  battlefields:
    - name: 西
      controller: HOLDER
      units:
        - {id: u1, card: 哨兵, controller: HOLDER}
  players:
    A: {team: 红, legend: 剑姬, deck: 5}
    B: {team: 蓝, deck: 5}
    C: {team: 红, deck: 5}
    D: {team: 蓝, deck: 5}
script:
  - end_turn:
expect:
  - player: A
    hand: HAND
"""


@pytest.mark.parametrize(("before", "holder", "hand"), [("B", "C", 1), ("C", "D", 0)])
def test_you_or_an_ally_holding_triggers_the_legend_and_an_opponent_does_not(before, holder, hand):
    # 489.8: in 2v2 “you or an ally” is a player of your team (trigger player: team); C is A's ally, D is not.
    # As C's (D's) turn begins it holds 西 (the scoring step); A may exhaust the legend to draw (A draws: its controller)
    result = _read("当你或一名盟友据守一处战场时，你可以选择让此牌变为休眠状态，以此抽一张牌。", "legend")
    assert result.tree["abilities"] == [{"trigger": {"event": "held", "subject": "any", "player": "team"},
                                         "cost": {"exhaust": True}, "effects": [{"draw": 1}]}]
    legend = json.dumps({**result.tree, "type": "legend"}, ensure_ascii=False)
    _passes(TEAM_SCENARIO.replace("LEGEND", legend).replace("BEFORE", before).replace("HOLDER", holder)
            .replace("HAND", str(hand)))


FIRST_TURNS = """\
title: 各自的第一个回合
cards:
  古城: BATTLEFIELD
state:
  turn: {player: A, phase: main}
  battlefields:
    - {name: 南方, card: 古城}
  players:
    A: {deck: 5, rune_deck: 6}
    B: {deck: 5, rune_deck: 6}
script:
  - end_turn:
  - end_turn:
expect:
EXPECT
"""


@pytest.mark.parametrize(("text", "effects", "expect"), [
    # B's first turn (turn 2) channels two runes besides its Channel Phase's two; A's second turn (3) does not
    ("每名玩家在各自的第一个回合开始阶段，额外召出两枚符文。", [{"channel": 2}],
     "  - player: B\n    runes: 4\n  - player: A\n    runes: 2"),
    ("每名玩家在各自的第一个回合开始阶段，获得1分。", [{"gain_points": {"amount": 1}}],
     "  - player: B\n    points: 1\n  - player: A\n    points: 0"),
])
def test_each_players_first_turn_is_a_trigger_its_player_controls_in_the_first_round_only(text, effects, expect):
    # 190.6.b's own example (“that player gains 1 point”): the event's player, the turn player, controls it and does it
    result = _read(text, "battlefield")
    assert result.tree["abilities"] == [{"trigger": {"event": "turn_began", "subject": "any", "player": "any"},
                                         "chooser": "event_player", "condition": {"first_turn": True}, "effects": effects}]
    card = json.dumps({**result.tree, "type": "battlefield"}, ensure_ascii=False)
    _passes(FIRST_TURNS.replace("BATTLEFIELD", card).replace("EXPECT", expect))


@pytest.mark.parametrize(("english", "chinese"), [
    ("While a friendly unit defends alone, it gets +2 Might.", "如果你只有一名友方单位防守一处战场，则该单位战力+2。"),
    ("While a friendly unit attacks alone, it gets +1 Might.", "所有进攻方落单的友方单位获得战力+1。"),
])
def test_a_friendly_unit_attacking_or_defending_alone_reads_the_same_in_english(english, chinese):
    # 740.2.a: alone, no other friendly unit where it is; a static on each such unit
    _same_in_english(english, chinese, "legend")


MIGHTY_CONQUER = """\
title: 以强力单位征服
cards:
  古城: BATTLEFIELD
  行者: {type: unit, might: MIGHT}
state:
  turn: {player: A, phase: main}
  battlefields:
    - {name: 南方, card: 古城}
  players:
    A:
      base: [{id: 行, card: 行者}]
      runes: 2
      deck: 5
    B: {deck: 5}
script:
  - move: 行
    to: 南方
PAY
expect:
  - battlefield: 南方
    controller: A
  - player: A
    hand: HAND
"""


@pytest.mark.parametrize(("might", "hand"), [(5, 1), (4, 0)])
def test_conquering_here_with_a_mighty_unit_is_the_conquer_trigger_with_its_condition(might, hand):
    # 383.4.c.2.a: you conquer here with a Mighty unit of yours present (Might 5 or more); ① is the trigger's cost, paid
    # to finalize it (204.3.a: its controller pays when able, a default)
    result = _read("当你以强力单位征服此处时，你可以选择支付①来抽一张牌。", "battlefield")
    assert result.tree["abilities"] == [{"trigger": "conquered", "condition": {"controls": {"where": "here", "mighty": True}},
                                         "cost": {"energy": 1}, "effects": [{"draw": 1}]}]
    card = json.dumps({**result.tree, "type": "battlefield"}, ensure_ascii=False)
    # the showdown closes and A conquers; with Might 4 nothing triggers (an answer there would be refused: unused)
    source = MIGHTY_CONQUER.replace("BATTLEFIELD", card).replace("MIGHT", str(might)).replace("HAND", str(hand))
    _passes(source.replace("PAY", "  - pass:"))


LEGION_LEGEND = """\
title: 传奇技能的鼓舞
cards:
  剑姬: LEGEND
  哨兵: {type: unit, might: 1, cost: 0}
state:
  turn: {player: A, phase: main}
  players:
    A: {legend: 剑姬, deck: 5, hand: HAND}
    B: {deck: 5}
script:
PLAY  - activate: 剑姬
    ability: ability1
  - pass:
expect:
  - player: A
    hand: DRAWN
"""


def test_legion_on_a_legends_activated_ability_counts_any_card_you_played_this_turn():
    # 812.1.c: a card different from the legend finalized by you this turn — one card is enough (a legend is never played)
    result = _read("横置：反应，鼓舞—获得①。", "legend")
    assert result.tree["abilities"] == [{"cost": {"exhaust": True}, "timing": "reaction",
                                         "effects": [{"add": {"energy": 1, "if": {"legion": True}}}]}]
    drawing = _compiled("横置：鼓舞—抽一张牌。", "legend")
    assert _compiled(drawing.understood, "legend").tree == drawing.tree, drawing.understood
    legend = json.dumps({**drawing.tree, "type": "legend"}, ensure_ascii=False)
    source = LEGION_LEGEND.replace("LEGEND", legend)
    _passes(source.replace("HAND", "[哨兵]").replace("PLAY", "  - play: 哨兵\n").replace("DRAWN", "1"))  # played, then drew
    _passes(source.replace("HAND", "[]").replace("PLAY", "").replace("DRAWN", "0"))  # nothing played: no draw


def test_each_other_battlefield_your_team_controls_draws_one_as_you_conquer_here():
    # 南方 conquered (not counted: the source's), 西方 A's (counted), 北方 B's (not counted): one card
    result = _read("当你征服此处时，你和盟友每控制一处其他战场，你便获得1经验。", "battlefield")
    assert result.tree["abilities"] == [{"trigger": "conquered",
                                         "effects": [{"gain_xp": {"amount": {"other_battlefields_of": "team"}}}]}]
    card = json.dumps({**result.tree, "type": "battlefield"}, ensure_ascii=False)
    source = TRIGGER_SCENARIO.replace("  行者: {CARD}", "  行者: {type: unit, might: 2}\n  古城: " + card).replace(
        "    - name: 南方\n", "    - name: 南方\n      card: 古城\n")
    _passes(source.replace("SCRIPT", "  - move: 友\n    to: 南方\n  - pass:").replace("EXPECT", "  - player: A\n    xp: 1"))


KEYWORD_HERE = """\
title: 此处拥有某关键词的单位
cards:
  古城: BATTLEFIELD
  精灵: {type: unit, might: 1, keywords: {瞬息: null}}
  哨兵: {type: unit, might: 1}
  卫兵: {type: unit, might: 1, keywords: {坚守: null}}
  旗手: {type: unit, might: 1, abilities: [{static: {grant: 瞬息, to: {each: {where: here, other: true}}}}]}
state:
  turn: {player: A, phase: main}
  battlefields:
    - name: 南方
      card: 古城
      units:
        - {id: 灵, card: 精灵, controller: A}
        - {id: 哨, card: 哨兵, controller: A}
        - {id: 卫, card: 卫兵, controller: B}
    - name: 西方
      units:
        - {id: 外, card: 精灵, controller: A}
        - {id: 旗, card: 旗手, controller: A}
        - {id: 随, card: 哨兵, controller: A}
  players:
    A: {deck: 5}
    B: {deck: 5}
script: []
expect:
EXPECT
"""


def test_a_keyword_in_a_battlefield_static_filter_reads_the_units_keywords_here():
    # 476: a grant to the units here that have Temporary, and +1 Might to those that have Shield (the keyword layer comes
    # before the arithmetic one, 477); units elsewhere are not here
    grant = _read("此处拥有瞬息的单位获得坚守。", "battlefield")
    assert grant.tree["abilities"] == [{"static": {"grant": "坚守", "to": {"each": {"where": "here", "keyword": "瞬息"}}}}]
    card = json.dumps({**grant.tree, "type": "battlefield"}, ensure_ascii=False)
    _passes(KEYWORD_HERE.replace("BATTLEFIELD", card).replace("EXPECT", (
        "  - unit: 灵\n    keywords: {坚守: 1}\n  - unit: 哨\n    keywords: {坚守: false}\n"
        "  - unit: 外\n    keywords: {坚守: false}")))
    might = _compiled("此处拥有坚守的单位获得战力+1。", "battlefield")
    assert might.tree["abilities"] == [{"static": {"might": 1, "to": {"each": {"where": "here", "keyword": "坚守"}}}}]
    assert _compiled(might.understood, "battlefield").tree == might.tree, might.understood
    card = json.dumps({**might.tree, "type": "battlefield"}, ensure_ascii=False)
    _passes(KEYWORD_HERE.replace("BATTLEFIELD", card).replace("EXPECT", "  - unit: 卫\n    might: 2\n  - unit: 灵\n    might: 1"))


def test_a_keyword_filter_reads_keywords_other_statics_give_but_not_its_own_layer_again():
    # 476.1–476.2: 旗手 gives the other units at 西方 Temporary; the grant to units with Temporary there then applies once
    card = json.dumps({"type": "battlefield", "abilities": [
        {"static": {"grant": "坚守", "to": {"each": {"where": "here", "keyword": "瞬息"}}}}]}, ensure_ascii=False)
    source = KEYWORD_HERE.replace("BATTLEFIELD", card).replace("      card: 古城\n", "").replace(
        "    - name: 西方\n", "    - name: 西方\n      card: 古城\n")
    _passes(source.replace("EXPECT", "  - unit: 随\n    keywords: {瞬息: null, 坚守: 1}\n  - unit: 旗\n    keywords: {坚守: false}"))
    # a grant of the keyword its own filter reads does not feed itself (each effect applies once)
    looping = json.dumps({"type": "battlefield", "abilities": [
        {"static": {"grant": "瞬息", "to": {"each": {"where": "here", "keyword": "坚守"}}}},
        {"static": {"grant": "坚守", "to": {"each": {"where": "here", "keyword": "瞬息"}}}}]}, ensure_ascii=False)
    _passes(KEYWORD_HERE.replace("BATTLEFIELD", looping).replace("EXPECT", (
        "  - unit: 灵\n    keywords: {坚守: 1, 瞬息: null}\n  - unit: 卫\n    keywords: {瞬息: null}\n"
        "  - unit: 哨\n    keywords: {瞬息: false, 坚守: false}")))


def test_a_keyword_in_a_chosen_units_filter_is_read_as_the_spell_is_played():
    result = _read("对一名拥有坚守的敌方单位造成3点伤害。", "spell")
    assert result.tree["target"] == {"who": "enemy", "keyword": "坚守"}


@pytest.mark.parametrize(("english", "chinese"), [
    ("Units here with Tank have +1 Might.", "此处拥有壁垒的单位获得战力+1。"),
    ("Deal 3 to an enemy unit with Tank.", "对一名拥有壁垒的敌方单位造成3点伤害。"),
])
def test_a_keyword_in_a_filter_reads_the_same_in_english(english, chinese):
    card_type = "battlefield" if english.startswith("Units") else "spell"
    _same_in_english(english, chinese, card_type)


CONTROLLED_COSTS = """\
title: 此战场受你控制时的减费
cards:
  古城: BATTLEFIELD
  护甲: {type: gear, cost: 3}
  铁盔: {type: gear, cost: 3}
  齐射: {type: spell, cost: 1, keywords: {回响: 2}, effects: [{draw: 1}]}
state:
  turn: {player: A, phase: main}
  battlefields:
    - {name: 南方, card: 古城, controller: HOLDER}
  players:
    A: {hand: [护甲, 铁盔, 齐射], runes: RUNES, deck: 5}
    B: {deck: 5}
script:
SCRIPT
expect:
EXPECT
"""


def _controlled(text: str) -> str:
    result = _read(text, "battlefield")
    card = json.dumps({**result.tree, "type": "battlefield"}, ensure_ascii=False)
    return CONTROLLED_COSTS.replace("BATTLEFIELD", card)


def test_the_first_gear_you_play_each_turn_costs_less_while_you_control_the_battlefield():
    source = _controlled("若此战场受你控制，则每回合打出的第一件友方装备费用减少②。")
    assert _compiled("若此战场受你控制，则每回合打出的第一件友方装备费用减少②。", "battlefield").tree[
        "cost_changes"] == [{"applies": "friendly_gear", "first": True, "energy": -2, "while": "controlled"}]
    # A controls it: 护甲 costs ①, one of the two runes; 铁盔, the second gear this turn, costs ③ and one rune is left
    first = source.replace("HOLDER", "A").replace("RUNES", "2")
    _passes(first.replace("SCRIPT", "  - play: 护甲").replace("EXPECT", "  - player: A\n    ready_runes: 1"))
    _passes(first.replace("SCRIPT", "  - play: 护甲\n  - play: 铁盔\n    expect_illegal: 358.2").replace(
        "EXPECT", "  - player: A\n    ready_runes: 1"))
    # B controls it: the “you” of its text is B, A pays the full ②
    _passes(source.replace("HOLDER", "B").replace("RUNES", "1").replace(
        "SCRIPT", "  - play: 护甲\n    expect_illegal: 358.2").replace("EXPECT", "  - player: A\n    ready_runes: 1"))


def test_friendly_repeat_costs_are_lower_while_you_control_the_battlefield():
    # 820.1, 356.4.c: 齐射 ① with its Repeat ② paid, one less: ② in all, the two runes; it draws twice
    source = _controlled("如果此战场受你控制，则友方回响的费用减少①。").replace("RUNES", "2")
    script = "  - play: 齐射\n    repeat: 1\n  - pass:"
    _passes(source.replace("HOLDER", "A").replace("SCRIPT", script).replace("EXPECT", "  - player: A\n    hand: 4"))
    refused = "  - play: 齐射\n    repeat: 1\n    expect_illegal: 358.2"  # B controls it: ③ with two runes
    _passes(source.replace("HOLDER", "B").replace("SCRIPT", refused).replace("EXPECT", "  - player: A\n    hand: 3"))


def test_a_cost_change_while_controlled_is_a_battlefields_only():
    unit = compile_card(CardSource("T-300", "zh", "如果此战场受你控制，则友方装备的费用减少①。", {"type": "unit", "cost": 2, "might": 2},
                                   "试验牌"))
    assert unit.status != "compiled"


@pytest.mark.parametrize(("text", "added"), [
    # 429.1 with a limit: the Energy / Power added pays only those costs (kept apart in the pool, spent first)
    ("横置：反应—获得任意符能，但仅可用于打出法术。", {"power": 1, "only": ["spell"]}),
    ("横置：反应-获得②，但仅可用于打出法术。", {"energy": 2, "only": ["spell"]}),
    ("横置：反应—获得任意符能，仅可用于打出装备或使用装备技能。", {"power": 1, "only": ["gear", "gear_ability"]}),
    ("横置：获得②，仅可用于打出单位或使用单位技能。", {"energy": 2, "only": ["unit", "unit_ability"]}),
    ("横置：获得①。此法力仅可在法术对决期间消耗。", {"energy": 1, "in_showdown": True}),
])
def test_energy_or_power_added_for_some_uses_only_is_a_limited_add(text, added):
    result = _read(text, "legend")
    assert result.tree["abilities"][0]["effects"] == [{"add": added}]


def test_a_limit_that_names_no_use_the_engine_knows_is_not_read():
    assert _compiled("横置：获得①，仅可用于使用法术。", "legend").status == "not_understood"  # a spell is played, not used
    assert _compiled("横置：获得①，仅可用于打出符文。", "legend").status == "not_understood"
    assert _compiled("横置：抽一张牌。此法力仅可在法术对决期间消耗。", "legend").status == "not_understood"


@pytest.mark.parametrize(("english", "chinese"), [
    ("Exhaust: Add ②. Spend this Energy only to play units or activated abilities of units.",
     "横置：获得②，仅可用于打出单位或使用单位技能。"),
    ("Exhaust: Add ①. Spend this Energy only during showdowns.", "横置：获得①。此法力仅可在法术对决期间消耗。"),
])
def test_a_limited_add_reads_the_same_in_english(english, chinese):
    _same_in_english(english, chinese, "legend")


SPENT_SCENARIO = """\
title: 为打出法术消耗的法力
cards:
  古城: BATTLEFIELD
  大招: {type: spell, cost: COST, effects: [{ready_runes: 1}]}
  哨兵: {type: unit, might: 1}
state:
  turn: {player: A, phase: main}
  battlefields:
    - {name: 南方, card: 古城, controller: HOLDER, units: [{id: 守, card: 哨兵, controller: HOLDER}]}
  players:
    A: {hand: [大招], runes: 4, deck: 5}
    B: {deck: 5}
script:
  - play: 大招
  - pass:
expect:
  - player: A
    hand: HAND
"""


@pytest.mark.parametrize(("holder", "cost", "hand"), [("A", 3, 1), ("A", 2, 0), ("B", 3, 0)])
def test_a_battlefield_you_control_draws_when_you_play_a_spell_you_paid_four_or_more_for(holder, cost, hand):
    # the condition written before the trigger (“若此战场受你控制”) and the one after it (the Energy paid for the spell
    # just played, 425.1.c), both checked as it triggers (383.2.a.1)
    result = _read("若此战场受你控制，当你打出一个法术时，如果消耗了不低于③法力，则抽一张牌。", "battlefield")
    assert result.tree["abilities"] == [{"trigger": {"event": "played", "subject": "friendly", "card_type": "spell"},
                                         "condition": {"controls_this_battlefield": True, "spent_on_it": 3},
                                         "effects": [{"draw": 1}]}]
    card = json.dumps({**result.tree, "type": "battlefield"}, ensure_ascii=False)
    _passes(SPENT_SCENARIO.replace("BATTLEFIELD", card).replace("HOLDER", holder).replace("COST", str(cost))
            .replace("HAND", str(hand)))


def test_the_energy_paid_and_this_battlefield_are_read_only_where_they_mean_something():
    assert _compiled("当我进攻时，如果消耗了不低于④法力，则抽一张牌。", "unit").status == "not_understood"
    assert _compiled("若此战场受你控制，当你打出一张法术牌时，抽一张牌。", "unit").status == "not_understood"


def test_might_for_each_of_your_units_with_a_keyword_at_my_battlefield():
    # 477.3: read whenever Might is looked at; your units at the battlefield I am at with Temporary (I count if I have it)
    result = _read("我所处的战场你每有一名拥有瞬息的单位，我便获得战力+1。", "unit")
    assert result.tree["abilities"] == [{"static": {"might": {"count": {"where": "here", "keyword": "瞬息", "who": "friendly"}}},
                                         "while": {"at_battlefield": True}}]
    card = json.dumps({**result.tree, "type": "unit"}, ensure_ascii=False)
    source = KEYWORD_HERE.replace("  古城: BATTLEFIELD\n", "  古城: {type: battlefield}\n  行者: " + card + "\n").replace(
        "        - {id: 哨, card: 哨兵, controller: A}\n", "        - {id: 行, card: 行者, controller: A}\n        - {id: 敌灵, card: 精灵, controller: B}\n")
    _passes(source.replace("EXPECT", "  - unit: 行\n    might: 3"))  # 灵 only: 敌灵 is B's, 卫 has Shield


def test_for_each_battlefield_you_and_your_allies_control_counts_them_all():
    # 489.8: your team's battlefields, the spell's included wherever it is (no source battlefield to leave out)
    result = _read("抽一张牌。你和盟友每控制一处战场，你便抽一张牌。", "spell")
    assert result.tree["effects"] == [{"draw": 1}, {"draw": {"amount": {"battlefields_of": "team"}}}]
    card = json.dumps({**result.tree, "type": "spell", "cost": 0}, ensure_ascii=False)
    source = KEYWORD_HERE.replace("  古城: BATTLEFIELD\n", "  古城: {type: battlefield}\n  预言: " + card + "\n").replace(
        "      card: 古城\n", "      card: 古城\n      controller: A\n").replace("    - name: 西方\n", "    - name: 西方\n      controller: A\n")
    source = source.replace("    A: {deck: 5}", "    A: {deck: 5, hand: [预言]}").replace("script: []", "script:\n  - play: 预言\n  - pass:")
    _passes(source.replace("EXPECT", "  - player: A\n    hand: 3"))


FROM_ANYWHERE = """\
title: 可从任意位置移动到此处
cards:
  草丛: BATTLEFIELD
  哨兵: {type: unit, might: 1}
state:
  turn: {player: A, phase: main}
  battlefields:
    - {name: 南方, card: 草丛}
    - name: 西方
      controller: A
      units: [{id: 哨, card: 哨兵, controller: A}]
    - {name: 北方}
  players:
    A: {deck: 5}
    B: {deck: 5}
script:
SCRIPT
expect:
  - unit: 哨
    location: WHERE
"""


def test_units_may_move_here_from_another_battlefield_without_ganking():
    # 002 over 144.4: this battlefield lets a standard move come from another battlefield; any other still needs Ganking
    result = _read("单位可从任意位置移动到此处。", "battlefield")
    assert result.tree == {"type": "battlefield", "passives": {"moves_here_from_anywhere": True}}
    source = FROM_ANYWHERE.replace("BATTLEFIELD", json.dumps(result.tree, ensure_ascii=False))
    _passes(source.replace("SCRIPT", "  - move: 哨\n    to: 南方").replace("WHERE", "南方"))
    _passes(source.replace("SCRIPT", "  - move: 哨\n    to: 北方\n    expect_illegal: 144.4.c.1").replace("WHERE", "西方"))


NOT_BEFORE = """\
title: 第三回合开始前无法从此处得分
cards:
  古城: BATTLEFIELD
  哨兵: {type: unit, might: 1}
state:
  turn: {player: PLAYER, phase: main, number: TURN}
  battlefields:
    - {name: 南方, card: 古城}
  players:
    A: {base: [{id: 甲, card: 哨兵}], deck: 5}
    B: {base: [{id: 乙, card: 哨兵}], deck: 5}
script:
  - move: MOVER
    to: 南方
  - pass:
expect:
  - player: PLAYER
    points: POINTS
"""


@pytest.mark.parametrize(("player", "mover", "turn", "points"), [
    ("A", "甲", 3, 0), ("A", "甲", 5, 1),  # A's second turn, then A's third (A plays turns 1, 3, 5)
    ("B", "乙", 4, 0), ("B", "乙", 6, 1),  # B's second, then third (2, 4, 6)
])
def test_no_one_scores_here_before_their_own_third_turn_begins(player, mover, turn, points):
    # 054.1: a conquer here does not score (no point, no conquer ability) until that player's third turn
    result = _read("每名玩家在各自的第三回合开始前，无法从此处得分。", "battlefield")
    assert result.tree["cant"] == [{"action": "gain_points", "before_own_turn": 3}]
    source = NOT_BEFORE.replace("BATTLEFIELD", json.dumps(result.tree, ensure_ascii=False))
    _passes(source.replace("PLAYER", player).replace("MOVER", mover).replace("TURN", str(turn)).replace("POINTS", str(points)))


EVENTS_HERE = """\
title: 此处的单位事件
cards:
  古城: BATTLEFIELD
  哨兵: {type: unit, might: 1}
  新兵: {type: unit, might: 1, cost: 0}
  灭: {type: spell, cost: 0, target: unit, effects: [{kill: null}]}
state:
  turn: {player: A, phase: main}
  battlefields:
    - name: 南方
      card: 古城
      controller: A
      units: [{id: 守, card: 哨兵, controller: A}]
    - {name: 北方, controller: A, units: [{id: 远, card: 哨兵, controller: A}]}
  players:
    A: {base: [{id: 甲, card: 哨兵}], hand: [新兵, 灭], deck: 5}
    B: {deck: 5}
script:
SCRIPT
expect:
EXPECT
"""


@pytest.mark.parametrize(("text", "trigger", "script", "expect"), [
    # a unit moving here: that unit is the event's, locked in (359.3.f.3.a); one moving elsewhere is not
    ("当一名友方单位移动到此处时，给予该单位增益。", {"event": "moved", "subject": "friendly", "at": "here"},
     "  - move: 甲\n    to: 南方", "  - unit: 甲\n    buffs: 1"),  # the trigger resolves as all pass
    ("当一名友方单位移动到此处时，给予该单位增益。", {"event": "moved", "subject": "friendly", "at": "here"},
     "  - move: 甲\n    to: 北方", "  - unit: 甲\n    buffs: 0"),
    # played here by any player: that player controls the ability and draws (190.6.c)
    ("当一名玩家在此处打出一名单位时，该玩家抽一张牌。",
     {"event": "played", "subject": "any", "player": "any", "card_type": "unit", "at": "here"},
     "  - play: 新兵\n    to: 南方", "  - player: A\n    hand: 2"),
    ("当一名玩家在此处打出一名单位时，该玩家抽一张牌。",
     {"event": "played", "subject": "any", "player": "any", "card_type": "unit", "at": "here"},
     "  - play: 新兵\n    to: 北方", "  - player: A\n    hand: 1"),
    # a unit killed here
    ("当一名单位在此处被摧毁时，抽一张牌。", {"event": "killed", "subject": "any", "at": "here"},
     "  - play: 灭\n    targets: 守\n  - pass:", "  - player: A\n    hand: 2"),
    ("当一名单位在此处被摧毁时，抽一张牌。", {"event": "killed", "subject": "any", "at": "here"},
     "  - play: 灭\n    targets: 远\n  - pass:", "  - player: A\n    hand: 1"),
])
def test_a_units_event_here_is_one_trigger_grammar(text, trigger, script, expect):
    result = _read(text, "battlefield")
    assert result.tree["abilities"][0]["trigger"] == trigger
    source = EVENTS_HERE.replace("BATTLEFIELD", json.dumps(result.tree, ensure_ascii=False))
    _passes(source.replace("SCRIPT", script).replace("EXPECT", expect))


def test_a_unit_you_play_here_is_never_an_enemy_one():
    assert _compiled("当你在此处打出一名敌方单位时，抽一张牌。", "battlefield").status == "not_understood"


RECYCLED = """\
title: 回收一枚符文
cards:
  古城: BATTLEFIELD
  剑姬: LEGEND
  哨兵: {type: unit, might: 1}
state:
  turn: {player: A, phase: main}
  battlefields:
    - {name: 南方, card: 古城}
  players:
    A:
      legend: 剑姬
      base: [{id: 甲, card: 哨兵}]
      runes: [{exhausted: true}, {exhausted: false}]
      deck: 5
    B: {deck: 5}
script:
  - move: 甲
    to: 南方
  - pass:
expect:
  - player: A
    runes: 1
    ready_runes: 1
EXPECT
"""


def test_you_must_recycle_one_of_your_runes_and_when_you_recycle_a_rune():
    # 416.1.b: the conquer here recycles one of A's runes (the exhausted one, a default: A's choice); the legend's
    # trigger sees it and, exhausting the legend, draws a card
    battlefield = _compiled("当你征服此处时，你必须回收一枚你的符文。", "battlefield")
    legend = _compiled("当你回收一枚符文时，你可以选择让我变为休眠状态，以此抽一张牌。", "legend")
    for result, card_type in ((battlefield, "battlefield"), (legend, "legend")):
        assert result.status == "compiled", (result.problems, result.needs)
        assert _compiled(result.understood, card_type).tree == result.tree, result.understood
    assert battlefield.tree["abilities"] == [{"trigger": "conquered", "effects": [{"recycle": {"from": "runes", "amount": 1}}]}]
    assert legend.tree["abilities"][0]["trigger"] == {"event": "rune_recycled", "subject": "any", "player": "you"}
    source = RECYCLED.replace("BATTLEFIELD", json.dumps(battlefield.tree, ensure_ascii=False)).replace(
        "LEGEND", json.dumps(legend.tree, ensure_ascii=False))
    _passes(source.replace("EXPECT", "  - legend: 剑姬\n    exhausted: true\n  - player: A\n    hand: 1"))


@pytest.mark.parametrize(("text", "same"), [
    ("当你征服此战场时，抽一张牌。", "当你征服此处时，抽一张牌。"),  # a battlefield's “here” (053.3), also “此战场”
    ("当你据守此战场时，抽一张牌。", "当你据守此处时，抽一张牌。"),
])
def test_this_battlefield_in_a_battlefields_trigger_is_here(text, same):
    assert _compiled(text, "battlefield").status == "compiled"
    assert _compiled(text, "battlefield").tree == _compiled(same, "battlefield").tree


def test_each_enemy_unit_attacking_here_is_a_trigger_about_that_unit():
    # 383.4.e: each unit gaining the attacker designation here; “该单位” is that unit, locked in (359.3.f.3.a)
    result = _read("当一名敌方单位进攻此处时，对该单位造成1点伤害。", "battlefield")
    assert result.tree["abilities"] == [{"trigger": {"event": "attacked", "subject": "enemy", "at": "here"},
                                         "target": "event_subject", "effects": [{"deal": 1}]}]
    card = json.dumps({**result.tree, "type": "battlefield"}, ensure_ascii=False)
    # B holds 南方: A's 行 (2 Might) attacks its 1-Might defender; dealt 1 as it attacks, the defender's 1 kills it
    _passes(ATTACKED_HERE.replace("BATTLEFIELD", card).replace("ALIVE", "false"))
    _passes(ATTACKED_HERE.replace("BATTLEFIELD", "{type: battlefield}").replace("ALIVE", "true"))


ATTACKED_HERE = """\
title: 敌方单位进攻此处
cards:
  古城: BATTLEFIELD
  行者: {type: unit, might: 2}
  哨兵: {type: unit, might: 1}
state:
  turn: {player: A, phase: main}
  battlefields:
    - name: 南方
      card: 古城
      controller: B
      units: [{id: 守, card: 哨兵, controller: B}]
  players:
    A: {base: [{id: 行, card: 行者}], deck: 5}
    B: {deck: 5}
script:
  - move: 行
    to: 南方
  - pass:
expect:
  - unit: 行
    alive: ALIVE
"""


CHOSEN_HERE = """\
title: 将此处的一名友方单位选为法术目标
cards:
  古城: BATTLEFIELD
  哨兵: {type: unit, might: 1}
  鼓舞术: {type: spell, cost: 0, target: unit, effects: [{buff: null}]}
state:
  turn: {player: A, phase: main}
  battlefields:
    - {name: 南方, card: 古城, controller: A, units: [{id: 守, card: 哨兵, controller: A}]}
    - {name: 北方, controller: A, units: [{id: 远, card: 哨兵, controller: A}]}
  players:
    A: {hand: [鼓舞术, 鼓舞术], deck: 5}
    B: {deck: 5}
script:
SCRIPT
expect:
  - player: A
    points: POINTS
"""


@pytest.mark.parametrize(("script", "points"), [
    ("  - play: 鼓舞术\n    targets: 守\n  - pass:", 1),
    ("  - play: 鼓舞术\n    targets: 守\n  - pass:\n  - play: 鼓舞术\n    targets: 守\n  - pass:", 1),  # the first time only
    ("  - play: 鼓舞术\n    targets: 远\n  - pass:", 0),  # a unit elsewhere
])
def test_a_player_choosing_a_unit_of_theirs_here_with_a_spell_scores_once_a_turn(script, points):
    # 383.4.b by a spell; the event's player controls the ability (190.6.c): “friendly” and “that player” are theirs
    result = _read("每回合首次，当一名玩家将此处的一名友方单位选为法术目标时，该玩家获得1分。", "battlefield")
    assert result.tree["abilities"] == [{"trigger": {"event": "chosen", "subject": "friendly", "player": "any", "at": "here",
                                                     "by": "spell"},
                                         "chooser": "event_player", "effects": [{"gain_points": {"amount": 1}}], "limit": "turn"}]
    source = CHOSEN_HERE.replace("BATTLEFIELD", json.dumps(result.tree, ensure_ascii=False))
    _passes(source.replace("SCRIPT", script).replace("POINTS", str(points)))


RETURNED_HERE = """\
title: 此处的单位返回手牌
cards:
  古城: BATTLEFIELD
  哨兵: {type: unit, might: 1}
  回手: {type: spell, cost: 0, target: unit, effects: [{return_to_hand: null}]}
state:
  turn: {player: A, phase: main}
  battlefields:
    - {name: 南方, card: 古城, controller: A, units: [{id: 守, card: 哨兵, controller: A}, {id: 伴, card: 哨兵, controller: A}]}
    - {name: 北方, controller: A, units: [{id: 远, card: 哨兵, controller: A}]}
  players:
    A: {hand: [回手], runes: 1, rune_deck: 3, deck: 5}
    B: {deck: 5}
script:
  - play: 回手
    targets: TARGET
PASSES
expect:
  - player: A
    runes: RUNES
"""


@pytest.mark.parametrize(("target", "runes"), [("守", 2), ("远", 1)])
def test_a_unit_here_returned_to_a_hand_lets_that_player_pay_to_channel(target, runes):
    # the event's player is the hand's owner (its unit is theirs: friendly); they pay ① and channel a rune exhausted
    result = _read("当此处的一名友方单位返回到一名玩家的手牌时，该玩家可以选择支付①来召出一枚符文。", "battlefield")
    assert result.tree["abilities"][0]["trigger"] == {"event": "returned_to_hand", "subject": "friendly", "player": "any",
                                                       "at": "here"}
    assert result.tree["abilities"][0]["chooser"] == "event_player"
    source = RETURNED_HERE.replace("BATTLEFIELD", json.dumps(result.tree, ensure_ascii=False))
    # 回手 resolves; then, the trigger on the chain, A pays as it resolves
    passes = "  - pass: A\n  - pass: B\n  - pass: A\n  - pass: B\n    answer: {pay: true}" if runes == 2 else "  - pass:"
    _passes(source.replace("TARGET", target).replace("RUNES", str(runes)).replace("PASSES", passes))


def test_another_unit_after_a_unit_played_here_is_other_than_the_played_one():
    # the played unit is the event's; “自己在此处控制的另一名单位” is any other of that player's units here, 新兵 excluded
    text = "当一名玩家在此处打出一名单位时，该玩家可以选择将自己在此处控制的另一名单位召回。"
    result = _read(text, "battlefield")
    assert result.tree["abilities"] == [{
        "trigger": {"event": "played", "subject": "any", "player": "any", "card_type": "unit", "at": "here"},
        "chooser": "event_player", "target": {"who": "friendly", "where": "here", "other_than_event": True},
        "effects": [{"may": [{"recall": None}]}]}]
    source = EVENTS_HERE.replace("BATTLEFIELD", json.dumps(result.tree, ensure_ascii=False))
    played = source.replace("SCRIPT", "  - play: 新兵\n    to: 南方").replace("EXPECT", "  - unit: 守\n    location: 南方")
    scenario = parse(played, "t.yaml")
    state, _ = apply(scenario.state, scenario.script[0].action)  # the trigger waits on the chain (340.4)
    assert state.chain[0].target_options == ("守",)  # not 新兵, the unit just played
    moved = "  - play: 新兵\n    to: 南方\n  - pass:\n    answer: {may: true}"
    _passes(source.replace("SCRIPT", moved).replace("EXPECT", "  - unit: 守\n    location: base\n  - unit: 新兵\n    location: 南方"))


@pytest.mark.parametrize(("text", "same"), [
    ("在此处的友方单位获得坚守。", "此处的友方单位获得坚守。"),
    ("位于此处的单位获得战力+1。", "此处的单位获得战力+1。"),
])
def test_units_at_here_or_located_here_are_units_here(text, same):
    assert _read(text, "battlefield").tree == _read(same, "battlefield").tree


def test_looking_at_two_recycling_any_and_the_rest_back_in_any_order_is_predicting_two():
    # 436.1.a's own definition of predicting more than one card
    text = "当你据守此处时，查看主牌堆顶部的三张牌。你可以选择从其中回收任意数量的卡牌，将其余的卡牌按任意顺序放回主牌堆顶部。"
    assert _read(text, "battlefield").tree["abilities"] == [{"trigger": "held", "effects": [{"predict": 3}]}]
    assert _read(text, "battlefield").tree == _read("当你据守此处时，洞察三张牌。", "battlefield").tree
    mismatched = text.replace("从其中", "从这两张牌中")  # “这两张牌” after three cards looked at
    assert _compiled(mismatched, "battlefield").status == "not_understood"


DETACHED = """\
title: 如果它是一件武装，则将其卸除
cards:
  古城: BATTLEFIELD
  哨兵: {type: unit, might: 1}
  长剑: {type: gear, cost: 1, tags: [TAG], might_bonus: 1}
state:
  turn: {player: A, phase: main}
  battlefields:
    - {name: 南方, card: 古城}
  players:
    A: {base: [{id: 甲, card: 哨兵, attached: [长剑]}], deck: 5}
    B: {deck: 5}
script:
  - move: 甲
    to: 南方
  - pass:
expect:
  - gear: 长剑
    attached_to: HOLDER
"""


@pytest.mark.parametrize(("tag", "holder"), [("武装", "null"), ("护甲", "甲")])
def test_a_chosen_gear_that_is_an_equipment_is_detached(tag, holder):
    # the chosen gear's tag read as the instruction executes (target_is on a gear); detached, it stays where its unit is (435)
    result = _read("当你征服此处时，让一件友方装备变为活跃状态。如果它是一件武装，则将其卸除。", "battlefield")
    assert result.tree["abilities"] == [{"trigger": "conquered", "target": {"kind": "gear", "who": "friendly"}, "effects": [
        {"ready": None}, {"detach": {"if": {"target_is": {"kind": "gear", "tag": "武装"}}}}]}]
    source = DETACHED.replace("BATTLEFIELD", json.dumps(result.tree, ensure_ascii=False))
    _passes(source.replace("TAG", tag).replace("HOLDER", holder))


ASSAULT_VALUE = """\
title: 等同于我强攻数值的伤害
cards:
  行者: CARD
  巨像: {type: unit, might: 5}
state:
  turn: {player: A, phase: main}
  battlefields:
    - {name: 南方, controller: B, units: [{id: 守, card: 巨像, controller: B}]}
  players:
    A: {base: [{id: 行, card: 行者}], deck: 5}
    B: {deck: 5}
script:
  - move: 行
    to: 南方
  - pass:
expect:
  - unit: 守
    alive: ALIVE
"""


@pytest.mark.parametrize(("keywords", "might", "alive"), [({"强攻": 2}, 2, "false"), ({}, 4, "true")])
def test_damage_equal_to_my_assault_is_read_as_it_resolves(keywords, might, alive):
    # 2 from the trigger (Assault 2) and 4 in combat (2 Might + Assault 2, 807) kill the 5-Might defender; without
    # Assault the trigger deals 0 and 4 Might alone does not
    result = _read("当我进攻时，对此处的一名敌方单位造成等同于我的强攻数值的伤害。", "unit")
    assert result.tree["abilities"] == [{"trigger": "attacked", "target": {"who": "enemy", "where": "here"},
                                         "effects": [{"deal": {"amount": {"keyword_value": "强攻"}}}]}]
    card = json.dumps({**result.tree, "might": might, "keywords": keywords}, ensure_ascii=False)
    _passes(ASSAULT_VALUE.replace("CARD", card).replace("ALIVE", alive))


ASSAULT_PER_ENEMY = """\
title: 等同于此处敌方单位数量的强攻数值
cards:
  行者: CARD
  哨兵: {type: unit, might: 2}
state:
  turn: {player: A, phase: main}
  battlefields:
    - {name: 南方, controller: B, units: [{id: 守一, card: 哨兵, controller: B}, {id: 守二, card: 哨兵, controller: B}]}
  players:
    A: {base: [{id: 行, card: 行者}], deck: 5}
    B: {deck: 5}
script:
  - move: 行
    to: 南方
  - pass:
expect:
  - unit: 守一
    alive: false
  - unit: 守二
    alive: ALIVE
"""


@pytest.mark.parametrize(("static", "alive"), [(True, "false"), (False, "true")])
def test_assault_equal_to_the_enemy_units_here_is_read_as_the_layers_ask(static, alive):
    # two enemy units here as it attacks: Assault 2, 2 + 2 Might assigned kills both 2-Might defenders (807); none at base
    result = _read("我拥有等同于此处敌方单位数量的强攻数值。", "unit")
    assert result.tree["abilities"] == [{"static": {"grant": "强攻", "value": {"count": {"who": "enemy", "where": "here"}}}}]
    card = json.dumps({**result.tree, "might": 2} if static else {"type": "unit", "might": 2}, ensure_ascii=False)
    _passes(ASSAULT_PER_ENEMY.replace("CARD", card).replace("ALIVE", alive))
    base = _compiled("我拥有等同于此处敌方单位数量的强攻数值。", "unit").tree
    _passes(KEYWORD_HERE.replace("  古城: BATTLEFIELD\n", "  古城: {type: battlefield}\n  行者: "
                                 + json.dumps({**base, "might": 1}, ensure_ascii=False) + "\n").replace(
        "    A: {deck: 5}", "    A: {deck: 5, base: [{id: 行, card: 行者}]}").replace("EXPECT", "  - unit: 行\n    keywords: {强攻: false}"))


KILLED_TOGETHER = """\
title: 任意数量的敌方单位被摧毁
cards:
  剑姬: LEGEND
  哨兵: {type: unit, might: 1}
  清场: {type: spell, cost: 0, effects: [{kill: {to: {each: {who: enemy}}}}]}
  单杀: {type: spell, cost: 0, target: enemy_unit, effects: [{kill: null}]}
state:
  turn: {player: A, phase: main}
  battlefields:
    - {name: 南方, controller: B, units: [{id: 敌一, card: 哨兵, controller: B}, {id: 敌二, card: 哨兵, controller: B}]}
  players:
    A: {legend: 剑姬, hand: [清场, 单杀], deck: 5}
    B: {deck: 5}
script:
SCRIPT
expect:
  - legend: 剑姬
    exhausted: false
  - cites: [CITED]
"""


def test_any_number_of_enemy_units_killed_together_is_one_event():
    # one instruction killing two enemy units readies the legend once: one trigger, not two
    result = _read("当任意数量的敌方单位被摧毁时，让我变为活跃状态。", "legend")
    assert result.tree["abilities"] == [{"trigger": {"event": "units_killed", "subject": "enemy"}, "effects": [{"ready": None}]}]
    legend = json.dumps({**result.tree, "type": "legend", "abilities": [
        {**result.tree["abilities"][0], "effects": [{"draw": 1}]}]}, ensure_ascii=False)  # drawing counts the triggers
    source = KILLED_TOGETHER.replace("LEGEND", legend).replace("  - legend: 剑姬\n    exhausted: false\n  - cites: [CITED]\n",
                                                              "  - player: A\n    hand: HAND\n")
    _passes(source.replace("SCRIPT", "  - play: 清场\n  - pass:").replace("HAND", "2"))  # 单杀 and one card drawn
    _passes(source.replace("SCRIPT", "  - play: 单杀\n    targets: 敌一\n  - pass:").replace("HAND", "2"))
    readied = KILLED_TOGETHER.replace("LEGEND", json.dumps({**result.tree, "type": "legend"}, ensure_ascii=False)).replace(
        "legend: 剑姬,", "legend: {card: 剑姬, exhausted: true},").replace("  - cites: [CITED]\n", "")
    _passes(readied.replace("SCRIPT", "  - play: 清场\n  - pass:"))  # the legend, exhausted, is readied
