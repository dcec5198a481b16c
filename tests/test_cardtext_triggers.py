"""The Chinese compiler's triggers, conditions, costs and statics (issue 16), on synthetic cards.

Each wording: the tree it compiles to (checked by hand against the rules it stands for), the gate
(the engine runs it) and the round trip (the rendering compiles to the same tree).  A few trees are
then run in a scenario, so the trigger fires when the card says and not otherwise.
"""

from __future__ import annotations

import pytest
from conftest import flow as _flow
from conftest import passes as _passes

from judgekit.cardtext import CardSource, compile_card

YOU_CONQUERED = {"event": "conquered", "subject": "any", "player": "you"}
YOU_HELD = {"event": "held", "subject": "any", "player": "you"}
TO_BATTLEFIELD = {"event": "moved", "zone": "battlefield"}
DRAW = [{"draw": 1}]
YOU_PLAYED = {"event": "played", "subject": "any", "player": "you"}

CARDS = [
    # triggers: event × subject × player × zone
    ("unit", "每当我移动时，抽一张牌。", [{"trigger": "moved", "effects": DRAW}]),
    ("unit", "当我移动至战场时，获得1经验。", [{"trigger": TO_BATTLEFIELD, "effects": [{"gain_xp": 1}]}]),
    ("unit", "当我赢得战斗时，给予我增益。", [{"trigger": "won_combat", "effects": [{"buff": None}]}]),
    ("unit", "每当你眩晕一名敌方单位时，让我本回合内战力+1。",
     [{"trigger": {"event": "stunned", "subject": "enemy", "player": "you"}, "effects": [{"might": 1}]}]),
    ("unit", "当你给予我增益时，让我变为活跃状态。",
     [{"trigger": {"event": "buffed", "subject": "self", "player": "you"}, "effects": [{"ready": None}]}]),
    ("gear", "每当你给予一名友方单位增益时，让其变为活跃状态。",
     [{"trigger": {"event": "buffed", "subject": "friendly", "player": "you"}, "target": "event_subject",
       "effects": [{"ready": None}]}]),
    # recycling cards from your trash as a cost (416.1.a)
    ("unit", "从你的废牌堆回收一张卡牌：让我在本回合内战力+1。", [{"cost": {"recycle": 1}, "effects": [{"might": 1}]}]),
    ("gear", "从废牌堆中回收三张牌，支付①，横置：抽一张牌。",
     [{"cost": {"recycle": 3, "energy": 1, "exhaust": True}, "effects": DRAW}]),
    ("gear", "当你赢得一场战斗时，获得1经验。",
     [{"trigger": {"event": "combat_won", "subject": "any", "player": "you"}, "effects": [{"gain_xp": 1}]}]),
    ("unit", "每当我征服一处战场时，抽一张牌。", [{"trigger": "conquered", "effects": DRAW}]),
    ("unit", "当我征服或据守一处战场时，抽一张牌。",
     [{"trigger": "conquered", "effects": DRAW}, {"trigger": "held", "effects": DRAW}]),
    ("gear", "当你征服一处战场时，抽一张牌。", [{"trigger": YOU_CONQUERED, "effects": DRAW}]),
    ("gear", "当你征服或据守一处战场时，召出一枚符文。",
     [{"trigger": YOU_CONQUERED, "effects": [{"channel": 1}]}, {"trigger": YOU_HELD, "effects": [{"channel": 1}]}]),
    ("gear", "在你的开始阶段开始时，抽一张牌。",
     [{"trigger": {"event": "turn_began", "subject": "any", "player": "you"}, "effects": DRAW}]),
    ("unit", "在你的回合结束时，让我变为活跃状态。",
     [{"trigger": {"event": "turn_ending", "subject": "any", "player": "you"}, "effects": [{"ready": None}]}]),
    # to score is to conquer or to hold (469)
    ("unit", "当一名对手得分时，抽一张牌。",
     [{"trigger": {**YOU_CONQUERED, "player": "opponent"}, "effects": DRAW},
      {"trigger": {**YOU_HELD, "player": "opponent"}, "effects": DRAW}]),
    ("battlefield", "当你在此处得分时，召出一枚符文。",
     [{"trigger": "conquered", "effects": [{"channel": 1}]}, {"trigger": "held", "effects": [{"channel": 1}]}]),
    ("unit", "每回合首次：当你的友方单位被摧毁时，抽一张牌。",
     [{"trigger": {"event": "killed", "subject": "friendly"}, "effects": DRAW, "limit": "turn"}]),
    # either of two events: one ability each, with the same effects
    ("unit", "当你打出我时、或当我征服一处战场时，给予我增益。",
     [{"trigger": "played", "effects": [{"buff": None}]}, {"trigger": "conquered", "effects": [{"buff": None}]}]),
    ("unit", "当你打出我时或在你的开始阶段开始时，抽一张牌。",
     [{"trigger": "played", "effects": DRAW}, {"trigger": {"event": "turn_began", "subject": "any", "player": "you"},
                                               "effects": DRAW}]),
    ("battlefield", "在每名玩家各自的开始阶段开始时，对此处的所有单位各造成1点伤害。",
     [{"trigger": {"event": "turn_began", "subject": "any", "player": "any"},
       "effects": [{"deal": {"amount": 1, "to": {"each": {"where": "here"}}}}]}]),
    # “绝念—当我被摧毁时，如果…”: Deathknell's own trigger (808.1) written out to carry a condition
    ("unit", "绝念—当我被摧毁时，如果此处没有其他友方单位，则召出一枚符文。",
     [{"trigger": "killed", "condition": {"alone": True}, "effects": [{"channel": 1}]}]),
    # “该单位” after a trigger about another unit is that unit (359.3.f.3.a)
    ("unit", "当对手打出一名单位时，如果我位于战场上，则眩晕该单位。",
     [{"trigger": {"event": "played", "subject": "enemy", "card_type": "unit"}, "condition": {"at_battlefield": True},
       "target": "event_subject", "effects": [{"stun": None}]}]),
    ("unit", "当你控制的一名单位变为强力时，让其变为活跃状态。",
     [{"trigger": {"event": "became_mighty", "subject": "friendly"}, "target": "event_subject", "effects": [{"ready": None}]}]),
    # “每当” (whenever) reads as “当” in front of any trigger
    ("unit", "每当你打出一名单位时，抽一张牌。",
     [{"trigger": {"event": "played", "subject": "friendly", "card_type": "unit"}, "effects": DRAW}]),
    # the played card meets a filter (“强力”, “指示物”, a spell's printed cost)
    ("unit", "当你打出强力单位时，你可以选择让我变为休眠状态，以此召出两枚休眠的符文。",
     [{"trigger": {"event": "played", "subject": "friendly", "card_type": "unit", "card": {"mighty": True}},
       "cost": {"exhaust": True}, "effects": [{"channel": {"exhausted": True, "count": 2}}]}]),
    ("unit", "当你打出一名指示物单位时，让我本回合内战力+1。",
     [{"trigger": {"event": "played", "subject": "friendly", "card_type": "unit", "card": {"token": True}},
       "effects": [{"might": 1}]}]),
    ("unit", "每当你打出一张费用不低于⑤的法术时，抽一张牌。",
     [{"trigger": {"event": "played", "subject": "friendly", "card_type": "spell", "card": {"cost": {"ge": 5}}},
       "effects": DRAW}]),
    ("unit", "每当一名友方单位独自进攻或防守时，让其本回合内战力+1。",
     [{"trigger": {"event": event, "subject": "friendly", "card": {"alone": True}}, "target": "event_subject",
       "effects": [{"might": 1}]} for event in ("attacked", "defended")]),
    ("unit", "当一名敌方单位被摧毁时，让我本回合内战力+1。",
     [{"trigger": {"event": "killed", "subject": "enemy"}, "effects": [{"might": 1}]}]),
    ("unit", "当我被摧毁时，如果此处没有其他友方单位，则抽一张牌。",
     [{"trigger": "killed", "condition": {"alone": True}, "effects": DRAW}]),
    # a count on the board right after a trigger: the trigger's condition, checked as it triggers (383.2.a.1)
    ("unit", "当我防守时，如果此处有处于活跃状态的敌方单位，则让我在本回合内战力+3。",
     [{"trigger": "defended", "condition": {"count": {"who": "enemy", "where": "here", "exhausted": False}},
       "effects": [{"might": 3}]}]),
    ("unit", "当我防守时，如果此处有一名落单的敌方单位，则获得2经验。",
     [{"trigger": "defended", "condition": {"count": {"who": "enemy", "where": "here", "alone": True}},
       "effects": [{"gain_xp": 2}]}]),
    ("unit", "当你打出我时，如果你控制着不少于两名其他单位，则抽一张牌。",
     [{"trigger": "played", "condition": {"controls": {"other": True}, "at_least": 2}, "effects": DRAW}]),
    # costs; “你可以选择支付X来Y” is “…支付X，以此Y”
    ("unit", "当你打出我时，你可以选择支付②来抽一张牌。",  # 204.3.a: the trigger's base cost
     [{"trigger": "played", "cost": {"energy": 2}, "effects": DRAW}]),
    ("gear", "每当你据守一处战场时，你可以选择让此装备变为休眠状态，以此抽一张牌。",
     [{"trigger": YOU_HELD, "cost": {"exhaust": True}, "effects": DRAW}]),
    ("gear", "消耗2经验，横置：抽一张牌。", [{"cost": {"xp": 2, "exhaust": True}, "effects": DRAW}]),
    ("gear", "支付任意符能×3：抽一张牌。", [{"cost": {"power": 3}, "effects": DRAW}]),
    # statics and their conditions
    ("unit", "如果你控制着其他“机械”单位，则我以活跃状态进场。",
     [{"static": {"enters_ready": True}, "while": {"controls": {"other": True, "tag": "机械"}}}]),
    ("unit", "如果你的基地中有不少于三名其他单位，则我获得战力+2。",
     [{"static": {"might": 2, "to": "self"}, "while": {"controls": {"where": "base", "other": True}, "at_least": 3}}]),
    ("unit", "如果你在此处有其他单位，则我获得壁垒。",
     [{"static": {"grant": "壁垒", "to": "self"}, "while": {"controls": {"where": "here", "other": True}}}]),
    ("unit", "如果你拥有不少于六枚符文，则我获得战力+2。",
     [{"static": {"might": 2, "to": "self"}, "while": {"count": {"kind": "rune", "who": "friendly"}, "at_least": 6}}]),
    ("unit", "如果我拥有增益，则我额外获得战力+1。", [{"static": {"might": 1, "to": "self"}, "while": {"buffed": True}}]),
    ("unit", "我无法被敌方法术和技能选作目标。", [{"static": {"cant": "be_chosen"}}]),
    ("unit", "此处的友方单位无法被法术或技能选作目标。",
     [{"static": {"cant": "be_chosen", "by": "any", "to": {"each": {"who": "friendly", "where": "here"}}}}]),
    # “while I'm on the board”: a static ability works only there anyway
    ("unit", "当我在场上时，其他友方单位以活跃状态进场。",
     [{"static": {"enters_ready": True, "to": {"each": {"who": "friendly", "other": True}}}}]),
    ("unit", "等级9▸你的单位以活跃状态进场。",
     [{"static": {"enters_ready": True, "to": {"each": {"who": "friendly"}}}, "while": {"level": 9}}]),
    ("spell", "如果你控制着“魄罗”属性单位，则此牌的费用减少①。\n抽一张牌。",
     [{"static": {"cost_change": {"energy": -1}}, "while": {"controls": {"tag": "魄罗"}}}]),
    # a play and when it happens: whose turn, a showdown (the trigger's condition, 383.2.a.1); from facedown (811.1.c.3)
    ("unit", "每当你在对手的回合内打出一张卡牌时，抽一张牌。",
     [{"trigger": YOU_PLAYED, "condition": {"turn": "opponent"}, "effects": DRAW}]),
    ("gear", "当你在法术对决期间打出法术时，你可以选择让此装备变为休眠状态，以此抽两张牌。",
     [{"trigger": {"event": "played", "subject": "friendly", "card_type": "spell"}, "cost": {"exhaust": True},
       "condition": {"in_showdown": True}, "effects": [{"draw": 2}]}]),
    ("unit", "每当你将一张牌从正面朝下的待命状态中打出时，让我本回合内战力+2。",
     [{"trigger": {**YOU_PLAYED, "hidden": True}, "effects": [{"might": 2}]}]),
    ("unit", "当你在你的回合中将我从正面朝下的状态打出时，抽一张牌。",
     [{"trigger": {"event": "played", "hidden": True}, "condition": {"turn": "you"}, "effects": DRAW}]),
    ("unit", "每当你在回合中打出第二张牌时，让我本回合内战力+2。",  # the second play completed this turn (419.4.a)
     [{"trigger": YOU_PLAYED, "condition": {"played_nth": 2}, "effects": [{"might": 2}]}]),
    # the card you play meets a CARD_FILTER (its printed facts): a Power cost, a tag, a spell's cost
    ("unit", "当你打出一张符能费用不低于任意符能×2的卡牌时，抽一张牌。",
     [{"trigger": {**YOU_PLAYED, "card": {"power": {"ge": 2}}}, "effects": DRAW}]),
    ("unit", "当你打出一张“机械”属性卡牌时，抽一张牌。", [{"trigger": {**YOU_PLAYED, "card": {"tag": "机械"}}, "effects": DRAW}]),
    ("unit", "当你打出一张法力费用不低于④的法术牌时，抽一张牌。",
     [{"trigger": {"event": "played", "subject": "friendly", "card_type": "spell", "card": {"cost": {"ge": 4}}}, "effects": DRAW}]),
    # who plays it (the event's player, 383.4): you, an opponent, any player; the measure word may be left out
    ("unit", "当你打出一件装备时，抽一张牌。", [{"trigger": {"event": "played", "subject": "friendly", "card_type": "gear"}, "effects": DRAW}]),
    ("unit", "当对手打出一张牌时，抽一张牌。", [{"trigger": {"event": "played", "subject": "any", "player": "opponent"}, "effects": DRAW}]),
    ("unit", "当对手打出法术时，抽一张牌。", [{"trigger": {"event": "played", "subject": "enemy", "card_type": "spell"}, "effects": DRAW}]),
    ("unit", "当对手打出一张费用不低于⑤的法术牌时，抽一张牌。",
     [{"trigger": {"event": "played", "subject": "enemy", "card_type": "spell", "card": {"cost": {"ge": 5}}}, "effects": DRAW}]),
    # you hide a card (811.1.c)
    ("unit", "当你正面朝下放置一张卡牌时，让我变为活跃状态。",
     [{"trigger": {"event": "hid", "subject": "any", "player": "you"}, "effects": [{"ready": None}]}]),
    ("unit", "当我进攻时，如果此时是对手的回合，则抽一张牌。", [{"trigger": "attacked", "condition": {"turn": "opponent"}, "effects": DRAW}]),
]


def _compiled(text: str, card_type: str, language: str = "zh"):
    return compile_card(CardSource("T-200", language, text, {"type": card_type, "cost": 2, "might": 2}, "试验牌"))


def compiles_with(card_type: str, text: str, parts: dict, language: str = "zh") -> None:
    """*text* compiles to a tree holding *parts* (its top-level keys), the engine runs it (the gate), and the rendering
    (Chinese) compiles to the same tree."""
    result = _compiled(text, card_type, language)
    assert result.status == "compiled", (result.problems, result.needs)
    assert {key: result.tree.get(key) for key in parts} == parts
    assert _compiled(result.understood, card_type).tree == result.tree, result.understood


def compiles_to(card_type: str, text: str, abilities: list[dict]) -> None:
    """*text* compiles to *abilities*, the engine runs them (the gate), and the rendering compiles to the same tree."""
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"] == abilities
    again = _compiled(result.understood, card_type)
    assert again.tree == result.tree, result.understood


@pytest.mark.parametrize(("card_type", "text", "abilities"), CARDS, ids=[text for _, text, _ in CARDS])
def test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(card_type, text, abilities):
    compiles_to(card_type, text, abilities)


def test_a_pronoun_after_a_trigger_about_me_is_still_not_guessed():
    assert _compiled("当我进攻时，眩晕该单位。", "unit").status == "not_understood"
    assert _compiled("眩晕该单位。", "spell").status == "not_understood"


def test_a_condition_about_enemy_units_is_not_read_as_yours():
    assert _compiled("如果你控制着敌方单位，则我获得战力+1。", "unit").status == "not_understood"


SCENARIO = """\
title: 编译的触发
cards:
  行者: {CARD}
  哨兵: {type: unit, might: 1}
state:
  turn: {player: A, phase: main}
  battlefields:
    - name: 北方
      controller: B
      units:
        - {id: 敌, card: 哨兵, controller: B}
    - name: 南方
    - name: 西方
      controller: A
      units:
        - {id: 回, card: 行者}
  players:
    A:
      base: [{id: 行, card: 行者}, {id: 友, card: 哨兵}]
      deck: 5
    B: {}
script:
SCRIPT
expect:
EXPECT
"""


def _run(text: str, script: str, expect: str):
    tree = _compiled(text, "unit").tree
    _passes(SCENARIO.replace("{CARD}", _flow(tree)).replace("SCRIPT", script).replace("EXPECT", expect))


def test_moving_to_a_battlefield_triggers_and_moving_home_does_not():
    text = "当我移动到一处战场时，抽一张牌。"
    _run(text, "  - move: 行\n    to: 南方", "  - player: A\n    hand: 1")
    _run(text, "  - move: 回\n    to: base", "  - unit: 回\n    location: base\n  - player: A\n    hand: 0")
    _run("当我移动时，抽一张牌。", "  - move: 回\n    to: base", "  - player: A\n    hand: 1")


def test_you_conquer_triggers_for_a_battlefield_another_of_your_units_conquers():
    # both of A's 行者 (one in base, one at 西方) see A conquer 南方: each draws
    text = "当你征服一处战场时，抽一张牌。"
    _run(text, "  - move: 友\n    to: 南方\n  - pass:", "  - battlefield: 南方\n    controller: A\n  - player: A\n    hand: 2")
    _run("当我征服一处战场时，抽一张牌。", "  - move: 友\n    to: 南方\n  - pass:", "  - player: A\n    hand: 0")


@pytest.mark.parametrize(("at_least", "hand"), [("三", 1), ("四", 0)])
def test_a_count_of_your_units_after_a_trigger_is_checked_as_it_triggers(at_least, hand):
    # A controls 行, 友 and 回 besides the 行者 played from hand: three others
    tree = _compiled(f"当你打出我时，如果你控制着不少于{at_least}名其他单位，则抽一张牌。", "unit").tree
    source = SCENARIO.replace("{CARD}", _flow(tree)).replace("      deck: 5", "      deck: 5\n      hand: [行者]\n      runes: 2")
    _passes(source.replace("SCRIPT", "  - play: 行者").replace("EXPECT", f"  - player: A\n    hand: {hand}"))


@pytest.mark.parametrize(("text", "card", "script", "hand"), [
    # both of A's 行者 (in base and at 西方) see the card played: each draws one, or none does
    ("当你打出一名强力单位时，抽一张牌。", "{type: unit, might: 5, cost: 2}", "  - play: 新牌", 2),
    ("当你打出一名强力单位时，抽一张牌。", "{type: unit, might: 4, cost: 2}", "  - play: 新牌", 0),
    ("当你打出费用不低于⑤的法术时，抽一张牌。", "{type: spell, cost: 5, effects: [{draw: 1}]}", "  - play: 新牌\n  - pass:", 3),
    ("当你打出费用不低于⑤的法术时，抽一张牌。", "{type: spell, cost: 4, effects: [{draw: 1}]}", "  - play: 新牌\n  - pass:", 1),
])
def test_a_trigger_on_the_played_card_sees_only_the_cards_its_filter_names(text, card, script, hand):
    source = SCENARIO.replace("{CARD}", _flow(_compiled(text, "unit").tree))
    source = source.replace("  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  新牌: " + card)
    source = source.replace("      deck: 5", "      deck: 5\n      hand: [新牌]\n      runes: 5")
    _passes(source.replace("SCRIPT", script).replace("EXPECT", f"  - player: A\n    hand: {hand}"))


def test_a_deathknell_written_as_its_trigger_keeps_the_keyword_and_a_prefix_of_another_trigger_is_not_it():
    assert _compiled("绝念—当我被摧毁时，抽一张牌。", "unit").tree["keywords"] == {"绝念": None}
    assert _compiled("绝念—当我进攻时，抽一张牌。", "unit").status == "not_understood"


# Whole clauses the engine keeps at the card level (its `passives` and `cant`), each the rule of one card.
CARD_LEVEL = [
    ("champion", "我在战斗中最后承担伤害。", {"passives": {"assigned_last": 1}}),
    ("unit", "你造成的任意数量伤害，都足以将敌方单位摧毁。", {"passives": {"any_damage_lethal": 1}}),
    ("champion", "你的法术和技能造成的伤害+1。", {"passives": {"bonus_damage": 1}}),
    ("battlefield", "使赢得游戏所需的分数+1。", {"passives": {"victory_score": 1}}),
    ("champion", "提升我的战力，数值等同于你废牌堆的卡牌数量。", {"passives": {"might_per_trash": 1}}),
    ("battlefield", "单位无法被打出到此处。", {"cant": [{"action": "play_unit_here"}]}),
    ("unit", "你只能将我打出到你本回合征服的战场上。", {"play_only": "conquered_this_turn"}),
]


@pytest.mark.parametrize(("card_type", "text", "parts"), CARD_LEVEL, ids=[text for _, text, _ in CARD_LEVEL])
def test_a_card_level_clause_compiles_to_its_part_and_back(card_type, text, parts):
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    assert {key: result.tree[key] for key in parts} == parts and "abilities" not in result.tree
    assert _compiled(result.understood, card_type).tree == result.tree


def test_two_passives_of_one_card_are_one_mapping_and_the_same_one_twice_is_not_read():
    both = _compiled("我在战斗中最后承担伤害。\n你的法术和技能造成的伤害+1。", "champion")
    assert both.tree["passives"] == {"assigned_last": 1, "bonus_damage": 1}
    assert _compiled("我在战斗中最后承担伤害。\n我在战斗中最后承担伤害。", "champion").status == "not_understood"


def test_equip_with_its_cost_in_words_is_the_equip_ability_in_the_cards_order():
    result = _compiled("当你打出此牌时，获得2经验。\n装配—消耗3经验（支付后将此牌贴附到你的一名单位上。）", "gear")
    assert result.status == "compiled", (result.problems, result.needs)
    assert result.tree["abilities"][1] == {"name": "装配", "cost": {"xp": 3}, "target": {"who": "friendly"},
                                           "effects": [{"attach": "试验牌"}]}
    assert _compiled(result.understood, "gear").tree == result.tree


def test_a_unit_moving_away_from_a_battlefield_is_the_unit_its_trigger_names():
    tree = _compiled("每当一名单位从此处向别处移动时，让其本回合内战力+1。", "battlefield").tree
    assert tree["abilities"] == [{"trigger": {"event": "moved", "subject": "any", "at": "from_here"},
                                  "target": "event_subject", "effects": [{"might": 1}]}]
    source = SCENARIO.replace("    - name: 西方\n", "    - name: 西方\n      card: 小径\n").replace(
        "  行者: {CARD}", "  行者: {type: unit, might: 2}\n  小径: " + _flow(tree))
    for unit, to, might in (("回", "base", 3), ("行", "南方", 2)):  # 回 leaves 西方; 行 comes from A's base
        script = f"  - move: {unit}\n    to: {to}"
        text = source.replace("SCRIPT", script).replace("EXPECT", f"  - unit: {unit}\n    might: {might}")
        _passes(text)


def test_a_unit_attacking_alone_is_the_one_its_trigger_names_and_two_attackers_are_not():
    tree = _compiled("每当一名友方单位独自进攻或防守时，让其本回合内战力+1。", "battlefield").tree
    source = SCENARIO.replace("    - name: 西方\n", "    - name: 西方\n      card: 小径\n").replace(
        "  行者: {CARD}", "  行者: {type: unit, might: 2}\n  小径: " + _flow(tree))
    for movers, might in (("友", 2), ("[友, 行]", 1)):  # 740.2.a: alone, no other friendly unit at 北方
        _passes(source.replace("SCRIPT", f"  - move: {movers}\n    to: 北方").replace("EXPECT", f"  - unit: 友\n    might: {might}"))


def test_a_static_while_i_have_a_buff_counts_only_then():
    tree = _compiled("如果我拥有增益，则我获得战力+2。", "unit").tree  # might 2 printed
    source = SCENARIO.replace("{CARD}", _flow(tree)).replace("SCRIPT", "  - move: 友\n    to: 南方")
    source = source.replace("{id: 行, card: 行者}", "{id: 行, card: 行者, buffs: 1}")
    expect = "  - unit: 行\n    might: 5\n  - unit: 回\n    might: 2"  # a buff is +1 (2 + 1 + 2); 回 has none
    _passes(source.replace("EXPECT", expect))


# The optional additional cost (356.2.b.1) and a gear entering exhausted (369.3), card-level and static forms.
READ_AHEAD = [
    ("unit", "你可以选择支付②和蓝色符能，作为额外费用。\n当你打出我时，如果你支付了该额外费用，则抽两张牌。",
     {"additional_cost": {"optional": {"energy": 2, "runes": ["灵光"]}},
      "abilities": [{"trigger": "played", "condition": {"paid_additional_cost": True}, "effects": [{"draw": 2}]}]}),
    ("gear", "此牌以休眠状态进场。\n横置：抽一张牌。",
     {"abilities": [{"static": {"enters_exhausted": True}}, {"cost": {"exhaust": True}, "effects": DRAW}]}),
]


@pytest.mark.parametrize(("card_type", "text", "parts"), READ_AHEAD, ids=[text for _, text, _ in READ_AHEAD])
def test_an_optional_cost_and_entering_exhausted_compile_to_their_forms_and_back(card_type, text, parts):
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    assert {key: result.tree[key] for key in parts} == parts
    assert _compiled(result.understood, card_type).tree == result.tree


def test_you_win_a_combat_triggers_once_per_combat_and_not_when_no_one_wins():
    # 466.3.a: A wins at 北方 with two units, so each of A's two 行者 (行 fighting, 回 at 西方) draws once
    text = "当你赢得一场战斗时，抽一张牌。"
    _run(text, "  - move: [行, 友]\n    to: 北方\n  - pass:", "  - player: A\n    hand: 2")
    # 1 Might against 1: both units die, neither player wins (466.3.b)
    _run(text, "  - move: 友\n    to: 北方\n  - pass:", "  - player: A\n    hand: 0")


@pytest.mark.parametrize(("text", "spell", "target", "already", "expect"), [
    # 423.1.a.1: stunning an enemy unit triggers both of A's 行者 (+1 each); an already stunned one is not stunned
    ("每当你眩晕一名敌方单位时，让我本回合内战力+1。", "眩晕一名敌方单位。", "敌", "stunned: true",
     "  - unit: 行\n    might: {m}\n  - unit: 回\n    might: {m}"),
    # 426.1.c: buffing me readies me; a unit that has a buff is not buffed, so nothing triggers
    ("当你给予我增益时，让我变为活跃状态。", "给予一名友方单位增益。", "行", "buffs: 1", "  - unit: 行\n    exhausted: {e}"),
])
def test_a_stun_or_a_buff_you_give_triggers_and_one_refused_does_not(text, spell, target, already, expect):
    source = SCENARIO.replace("{CARD}", _flow(_compiled(text, "unit").tree))
    source = source.replace("  哨兵: {type: unit, might: 1}",
                            "  哨兵: {type: unit, might: 1}\n  新牌: " + _flow(_compiled(spell, "spell").tree))
    source = source.replace("      deck: 5", "      deck: 5\n      hand: [新牌]\n      runes: 5")
    script = f"  - play: 新牌\n    targets: {target}\n  - pass:"
    source = source.replace("{id: 行, card: 行者}", "{id: 行, card: 行者, exhausted: true}")
    entry = "{id: 敌, card: 哨兵, controller: B" if target == "敌" else "{id: 行, card: 行者, exhausted: true"
    for state, might, exhausted in (("", 3, "false"), (", " + already, 2, "true")):
        board = source.replace(entry + "}", entry + state + "}")
        _passes(board.replace("SCRIPT", script).replace("EXPECT", expect.format(m=might, e=exhausted)))


def test_a_cost_of_recycling_from_your_trash_puts_the_card_under_your_deck_and_an_empty_trash_cannot_pay():
    tree = _compiled("从你的废牌堆回收一张卡牌：让我在本回合内战力+1。", "unit").tree
    source = SCENARIO.replace("{CARD}", _flow(tree))
    paid = source.replace("      deck: 5", "      deck: 5\n      trash: [哨兵]")
    expect = "  - unit: 行\n    might: 3\n  - player: A\n    trash: 0\n    deck: 6"
    _passes(paid.replace("SCRIPT", "  - activate: 行\n    ability: ability1\n  - pass:").replace("EXPECT", expect))
    refused = "  - activate: 行\n    ability: ability1\n    expect_illegal: 358.2"  # nothing in the trash to recycle
    _passes(source.replace("SCRIPT", refused).replace("EXPECT", "  - unit: 行\n    might: 2"))


PLAYS = """\
title: 打出的时机与来处
cards:
  行者: {CARD}
  快术: {type: spell, cost: 0, keywords: {反应: null}, effects: [{draw: 1}]}
  慢术: {type: spell, cost: 0, effects: [{draw: 1}]}
  伏兵: {type: unit, cost: 3, might: 1, keywords: {待命: null}}
state:
  turn: {player: TURN, phase: main}
  battlefields:
    - name: 西方
      controller: A
FACEDOWN  players:
    A: {base: [{id: 行, card: 行者}], deck: 5, hand: HAND, runes: 3}
    B: {deck: 5, hand: [慢术]}
script:
SCRIPT
expect:
  - {player: A, hand: DRAWN}
"""


@pytest.mark.parametrize(("turn", "drawn"), [("B", 2), ("A", 1)])
def test_a_card_played_on_an_opponents_turn_triggers_and_on_your_own_does_not(turn, drawn):
    # A's reaction spell draws 1; on B's turn (answering B's spell) 行者 draws one more as it resolves
    tree = _compiled("每当你在对手的回合内打出一张卡牌时，抽一张牌。", "unit").tree
    script = "  - {play: 慢术, player: B}\n  - {pass: B}\n  - {play: 快术, player: A}\n  - {pass: }" if turn == "B" \
        else "  - {play: 快术}\n  - {pass: }"
    source = PLAYS.replace("{CARD}", _flow(tree)).replace("TURN", turn).replace("FACEDOWN", "").replace("HAND", "[快术]")
    _passes(source.replace("SCRIPT", script).replace("DRAWN", str(drawn)))


@pytest.mark.parametrize(("hidden", "drawn"), [(True, 1), (False, 0)])
def test_a_card_played_from_facedown_triggers_and_the_same_card_from_hand_does_not(hidden, drawn):
    tree = _compiled("每当你将一张牌从正面朝下的待命状态中打出时，抽一张牌。", "unit").tree
    facedown = "      facedown: {card: 伏兵, by: A, turn: 0}\n" if hidden else ""
    script = "  - {play: 伏兵, from_hidden: 西方}" if hidden else "  - {play: 伏兵}"
    source = PLAYS.replace("{CARD}", _flow(tree)).replace("TURN", "A").replace("FACEDOWN", facedown)
    source = source.replace("HAND", "[]" if hidden else "[伏兵]")
    _passes(source.replace("SCRIPT", script).replace("DRAWN", str(drawn)))


@pytest.mark.parametrize(("power", "drawn"), [(2, 1), (1, 0)])
def test_a_card_with_power_cost_two_or_more_triggers_and_one_with_less_does_not(power, drawn):
    tree = _compiled("当你打出一张符能费用不低于任意符能×2的卡牌时，抽一张牌。", "unit").tree
    source = PLAYS.replace("{CARD}", _flow(tree)).replace("TURN", "A").replace("FACEDOWN", "").replace("HAND", "[伏兵]")
    source = source.replace("伏兵: {type: unit, cost: 3,", f"伏兵: {{type: unit, cost: 1, power: {power},")
    _passes(source.replace("SCRIPT", "  - {play: 伏兵}").replace("DRAWN", str(drawn)))


def test_hiding_a_card_triggers_and_playing_it_from_hand_does_not():
    tree = _compiled("当你正面朝下放置一张卡牌时，抽一张牌。", "unit").tree
    source = PLAYS.replace("{CARD}", _flow(tree)).replace("TURN", "A").replace("FACEDOWN", "").replace("HAND", "[伏兵]")
    _passes(source.replace("SCRIPT", "  - {hide: 伏兵, at: 西方}").replace("DRAWN", "1"))
    _passes(source.replace("SCRIPT", "  - {play: 伏兵}").replace("DRAWN", "0"))


@pytest.mark.parametrize(("card", "drawn"), [("{type: gear, cost: 0}", 1), ("{type: unit, cost: 0, might: 1}", 0)])
def test_a_gear_you_play_triggers_and_a_unit_does_not(card, drawn):
    tree = _compiled("当你打出一件装备时，抽一张牌。", "unit").tree
    source = PLAYS.replace("{CARD}", _flow(tree)).replace("TURN", "A").replace("FACEDOWN", "").replace("HAND", "[伏兵]")
    source = source.replace("伏兵: {type: unit, cost: 3, might: 1, keywords: {待命: null}}", "伏兵: " + card)
    _passes(source.replace("SCRIPT", "  - {play: 伏兵}").replace("DRAWN", str(drawn)))
