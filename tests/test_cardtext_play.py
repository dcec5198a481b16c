"""The Chinese compiler's wordings of playing cards, cost changes, restrictions and statics (issue 16).

Synthetic cards only (fact-free pattern examples, no card text): each wording, the tree it compiles to
(checked by hand against the rules it stands for), the gate (the engine runs it) and the round trip (the
rendering compiles to the same tree); a few trees are then run in a scenario.
"""

from __future__ import annotations

import json

import pytest

from judgekit.cardtext import CardSource, compile_card
from judgekit.errors import ScenarioStopped
from judgekit.scenarios.runner import run
from judgekit.scenarios.scenario import parse


def _compiled(text: str, card_type: str = "unit"):
    return compile_card(CardSource("T-300", "zh", text, {"type": card_type, "cost": 2, "might": 2}, "试验牌"))


def _round_trip(text: str, card_type: str = "unit") -> dict:
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    again = _compiled(result.understood, card_type)
    assert again.tree == result.tree, result.understood
    return result.tree


PLAYED = {"trigger": "played"}
EXHAUST = {"exhaust": True}

# the next card played this turn (356.4, 713, 820): one effect now, waiting for that card
NEXT_CARD = [
    ("unit", "当你打出我时，你在本回合内打出的下一个法术费用减少③。",
     {**PLAYED, "effects": [{"discount_next": {"energy": 3, "kind": "spell"}}]}),
    ("unit", "当你打出我时，你本回合打出的下一名单位的费用减少②和任意符能。",
     {**PLAYED, "effects": [{"discount_next": {"energy": 2, "power": 1, "kind": "unit"}}]}),
    ("gear", "横置：你在本回合内打出的下一张牌的费用减少①。", {"cost": EXHAUST, "effects": [{"discount_next": {"energy": 1}}]}),
    ("gear", "横置：本回合内你打出的下一个法术造成的伤害+2。",
     {"cost": EXHAUST, "effects": [{"boost_next_spell": {"bonus_damage": 2}}]}),
    ("gear", "支付①，横置：让你本回合打出的下一个法术获得等同于其费用的回响。",
     {"cost": {"energy": 1, "exhaust": True}, "effects": [{"boost_next_spell": {"repeat_at_cost": True}}]}),
    ("unit", "当你打出我时，在本回合内，你的下一个法术获得等同于其基础费用的回响。",
     {**PLAYED, "effects": [{"boost_next_spell": {"repeat_at_cost": True}}]}),
]


@pytest.mark.parametrize(("card_type", "text", "ability"), NEXT_CARD, ids=[text for _, text, _ in NEXT_CARD])
def test_the_next_card_you_play_compiles_to_its_waiting_effect_and_back(card_type, text, ability):
    assert _round_trip(text, card_type)["abilities"] == [ability]


def test_only_a_spell_gains_damage_or_a_repeat_as_the_next_card():
    assert _compiled("横置：你在本回合内打出的下一名单位造成的伤害+1。", "gear").status == "not_understood"
    assert _compiled("横置：你在本回合内打出的下一张牌获得等同于其费用的回响。", "gear").status == "not_understood"


SCENARIO = """\
title: 编译的打出与费用
cards:
  试验牌: CARD
  小卒: {type: unit, cost: 1, might: 1}
  术: {type: spell, cost: 3, effects: [{draw: 1}]}
state:
  turn: {player: A, phase: main}
  players:
    A:
      hand: HAND
      deck: 5
      runes: RUNES
    B: {}
script:
SCRIPT
expect:
EXPECT
"""


def _passes(tree: dict, hand: str, runes: int, script: str, expect: str) -> None:
    source = SCENARIO.replace("CARD", json.dumps(tree, ensure_ascii=False)).replace("HAND", hand)
    _passes_source(source.replace("RUNES", str(runes)).replace("SCRIPT", script).replace("EXPECT", expect))


def test_a_discount_on_the_next_spell_waits_past_a_unit_and_lowers_the_spell():
    # 试验牌 (2) + 小卒 (1, full cost) + 术 (3 - 2) = 4 runes; the spell resolves and A draws
    tree = _round_trip("当你打出我时，你在本回合内打出的下一个法术的费用减少②。")
    script = "  - play: 试验牌\n  - play: 小卒\n  - play: 术\n  - pass:"
    _passes(tree, "[试验牌, 小卒, 术]", 4, script, "  - player: A\n    hand: 1\n    ready_runes: 0\n    energy: 0")


# a card's own cost as it is played (356.4): a static, with its condition or its count
OWN_COST = [
    ("你每控制一名强力单位，我的费用便减少②。",
     [{"static": {"cost_change": {"energy": -2, "per": {"count": {"who": "friendly", "mighty": True}}}}}]),
    ("场上每有一名被眩晕的敌方单位，我的费用便减少①，不得低于①。",
     [{"static": {"cost_change": {"energy": -1, "per": {"count": {"who": "enemy", "stunned": True}}, "min": 1}}}]),
    ("如果对手控制着一名被眩晕的单位，则我的费用减少②，并以活跃状态进场。",
     [{"static": {"cost_change": {"energy": -2}}, "while": {"count": {"who": "enemy", "stunned": True}}},
      {"static": {"enters_ready": True}, "while": {"count": {"who": "enemy", "stunned": True}}}]),
]


@pytest.mark.parametrize(("text", "abilities"), OWN_COST, ids=[text for text, _ in OWN_COST])
def test_a_cost_change_of_the_card_itself_compiles_to_its_static_and_back(text, abilities):
    assert _round_trip(text)["abilities"] == abilities


# other cards' costs, and the card's own for each card played this turn: the card-level `cost_changes`
COST_CHANGES = [
    ("你在本回合内每打出过一张牌，我的费用便减少②，不得低于①。",
     [{"applies": "self", "per": "cards_played", "energy": -2, "min": 1}]),
    ("如果我处于战斗中，则所有友方法术的费用减少①和任意符能，不得低于①，而所有敌方法术的费用增加①。",
     [{"applies": "friendly_spells", "energy": -1, "power": -1, "min": 1, "while": "in_combat"},
      {"applies": "enemy_spells", "energy": 1, "while": "in_combat"}]),
    ("如果我位于战场上，则你打出法术所需的法力费用减少①，不得低于①。",
     [{"applies": "friendly_spells", "energy": -1, "min": 1, "while": "at_battlefield"}]),
    ("所有敌方法术的费用增加任意符能。", [{"applies": "enemy_spells", "power": 1}]),
    ("你支付的可选额外费用，其费用减少①或任意符能。", [{"applies": "optional_costs"}]),
]


@pytest.mark.parametrize(("text", "changes"), COST_CHANGES, ids=[text for text, _ in COST_CHANGES])
def test_a_cost_change_of_other_cards_compiles_to_the_card_level_changes_and_back(text, changes):
    tree = _round_trip(text)
    assert tree["cost_changes"] == changes and "abilities" not in tree


def test_a_cost_change_under_another_condition_or_a_floor_on_an_increase_is_not_read():
    assert _compiled("如果我拥有增益，则所有友方法术的费用减少①。").status == "not_understood"
    assert _compiled("所有敌方法术的费用增加①，不得低于①。").status == "not_understood"


@pytest.mark.parametrize(("where", "hand"), [("北方", 1), ("base", 0)])
def test_your_spells_cost_less_only_while_the_unit_is_at_a_battlefield(where, hand):
    # 术 costs 3; with one less (at least 1) it is paid with the two runes A has, else it cannot be played
    tree = _round_trip("如果我位于战场上，则你打出法术所需的法力费用减少①，不得低于①。")
    source = SCENARIO.replace("CARD", json.dumps(tree, ensure_ascii=False)).replace("HAND", "[术]").replace("RUNES", "2")
    unit = "\n  battlefields:\n    - name: 北方\n      controller: A\n      units: [{id: 守, card: 试验牌}]" if where != "base" \
        else ""
    source = source.replace("  turn: {player: A, phase: main}", "  turn: {player: A, phase: main}" + unit)
    if where == "base":
        source = source.replace("      deck: 5", "      deck: 5\n      base: [{id: 守, card: 试验牌}]")
    source = source.replace("SCRIPT", "  - play: 术\n  - pass:").replace("EXPECT", f"  - player: A\n    hand: {hand}")
    if hand:
        _passes_source(source)
    else:
        with pytest.raises(ScenarioStopped, match="无法支付"):
            run(parse(source, "t.yaml"))


@pytest.mark.parametrize(("mighty", "runes"), [(2, 3), (1, 5)])
def test_a_cost_lowered_for_each_unit_counts_them_as_the_card_is_played(mighty, runes):
    # 试验牌 costs 7 here, two less for each friendly Mighty unit: 3 with two of them, 5 with one
    tree = {**_round_trip("你每控制一名强力单位，我的费用便减少②。"), "cost": 7}
    source = SCENARIO.replace("CARD", json.dumps(tree, ensure_ascii=False)).replace("HAND", "[试验牌]")
    strong = ", ".join(f"{{id: 强{n}, card: 巨人}}" for n in range(mighty))
    source = source.replace("  小卒:", "  巨人: {type: unit, cost: 5, might: 5}\n  小卒:")
    source = source.replace("      deck: 5", f"      deck: 5\n      base: [{strong}]").replace("RUNES", str(runes))
    _passes_source(source.replace("SCRIPT", "  - play: 试验牌").replace("EXPECT", "  - player: A\n    ready_runes: 0\n    energy: 0"))


def _passes_source(source: str) -> None:
    trace = run(parse(source, "t.yaml"))
    failed = [(v.description, v.expected, v.actual) for v in trace.verdicts if not v.passed]
    assert trace.verdicts and not failed, failed


STATICS = [
    ("你的指示物以活跃状态进场。", [{"static": {"enters_ready": True, "to": {"each": {"who": "friendly", "token": True}}}}]),
    ("如果你将我打出至一处战场，则我以活跃状态进场。", [{"static": {"enters_ready": True}, "while": {"at_battlefield": True}}]),
    ("横置：眩晕一名进攻此处的敌方单位。",
     [{"cost": EXHAUST, "target": {"who": "enemy", "where": "here", "attacking": True}, "effects": [{"stun": None}]}]),
    ("当你打出我时，给予此处包括我在内的所有友方单位增益。",
     [{**PLAYED, "effects": [{"buff": {"to": {"each": {"who": "friendly", "where": "here"}}}}]}]),
]


@pytest.mark.parametrize(("text", "abilities"), STATICS, ids=[text for text, _ in STATICS])
def test_a_static_or_an_object_of_this_family_compiles_to_its_tree_and_back(text, abilities):
    assert _round_trip(text)["abilities"] == abilities


def test_opponents_cant_gain_points_is_the_card_level_restriction_in_either_wording():
    for text in ("如果我位于战场上，则对手无法获得分数。", "如果我位于战场上，则对手无法得分。"):
        assert _round_trip(text)["cant"] == [{"action": "gain_points", "affects": "enemy", "while": "at_battlefield"}]


@pytest.mark.parametrize(("to", "exhausted"), [("北方", "false"), ("base", "true")])
def test_played_to_a_battlefield_i_enter_ready_and_to_base_exhausted(to, exhausted):
    tree = _round_trip("如果你将我打出至一处战场，则我以活跃状态进场。")
    source = SCENARIO.replace("CARD", json.dumps(tree, ensure_ascii=False)).replace("HAND", "[试验牌]").replace("RUNES", "2")
    board = "\n  battlefields:\n    - name: 北方\n      controller: A\n      units: [{id: 卒, card: 小卒}]"
    source = source.replace("  turn: {player: A, phase: main}", "  turn: {player: A, phase: main}" + board)
    expect = f"  - unit: 试验牌\n    location: {to}\n    exhausted: {exhausted}"
    _passes_source(source.replace("SCRIPT", f"  - play: 试验牌\n    to: {to}").replace("EXPECT", expect))


AT_MY_BATTLEFIELD = {"at_battlefield": True}
MORE_STATICS = [
    # “at my battlefield”: here, while I am at one (at base there is no battlefield of mine)
    ("我所在战场上其他拥有增益的友方单位获得战力+2。",
     [{"static": {"might": 2, "to": {"each": {"where": "here", "other": True, "buffed": True, "who": "friendly"}}},
       "while": AT_MY_BATTLEFIELD}]),
    ("我所处的战场每有一名拥有增益的友方单位，我便获得战力+1。",
     [{"static": {"might": {"count": {"where": "here", "buffed": True, "who": "friendly"}}}, "while": AT_MY_BATTLEFIELD}]),
    ("场上每有一名被眩晕的敌方单位，我便获得战力+1。",
     [{"static": {"might": {"count": {"who": "enemy", "stunned": True}}}}]),
    ("你此处战力低于我的单位无法被敌方法术或技能选作目标。",
     [{"static": {"cant": "be_chosen", "to": {"each": {"where": "here", "who": "friendly",
                                                       "might": {"lt": {"might_of": "self"}}}}}}]),
]


@pytest.mark.parametrize(("text", "abilities"), MORE_STATICS, ids=[text for text, _ in MORE_STATICS])
def test_a_static_at_my_battlefield_or_for_each_unit_compiles_to_its_tree_and_back(text, abilities):
    assert _round_trip(text)["abilities"] == abilities


PLAYS = [
    ("当我进攻时，你可以选择将一名单位从手牌打出到你控制的一处战场，其费用减少③。",
     {"from": "hand", "card": {"kind": "unit"}, "discount": 3, "at": "battlefield"}),
    ("当我进攻时，你可以选择从你的废牌堆中打出一名单位。", {"from": "trash", "card": {"kind": "unit"}, "at": "any"}),
    ("当我进攻时，你可以选择从你的手牌中打出一名单位到你的基地，无视其法力费用。",
     {"from": "hand", "card": {"kind": "unit"}, "ignore_cost": "energy", "at": "base"}),
]


@pytest.mark.parametrize(("text", "play"), PLAYS, ids=[text for text, _ in PLAYS])
def test_a_unit_played_from_a_zone_for_a_price_compiles_and_back(text, play):
    assert _round_trip(text)["abilities"] == [{"trigger": "attacked", "effects": [{"may": [{"play": play}]}]}]


def test_an_equipments_trigger_about_me_is_the_attached_units_and_not_read_yet():
    text = "装配①\n当我征服一处战场时，抽一张牌。"
    result = compile_card(CardSource("T-301", "zh", text, {"type": "gear", "cost": 1, "name": "试验装备"}, "试验装备"))
    assert result.status == "not_understood" and "718.3" in result.problems[0].reason
    # a gear without Equip: “我” is the gear itself, and a played trigger is the gear's own
    assert _compiled("当你打出我时，抽一张牌。", "gear").status == "compiled"


@pytest.mark.parametrize(("discount", "ready"), [(2, 0), (1, None)])
def test_a_unit_played_from_hand_with_a_discount_pays_the_rest(discount, ready):
    # 巨人 costs 3: with ③ less it is free; with ② less the one rune A has pays the rest; no rune is left either way
    tree = _round_trip(f"当你打出我时，你可以选择将一名单位从手牌打出到你的基地，其费用减少{'③' if discount == 2 else '②'}。")
    source = SCENARIO.replace("CARD", json.dumps(tree, ensure_ascii=False)).replace("HAND", "[试验牌, 巨人]")
    source = source.replace("  小卒:", "  巨人: {type: unit, cost: 3, might: 5}\n  小卒:").replace("RUNES", str(2 + (discount == 1)))
    script = "  - play: 试验牌\n  - resolve_chain:\n    answer: {may: true}\n    play_card: 巨人"
    _passes_source(source.replace("SCRIPT", script).replace("EXPECT", "  - unit: 巨人\n    location: base\n  - player: A\n    ready_runes: 0"))


@pytest.mark.parametrize(("text", "at"), [
    ("放逐一名友方单位，然后让其拥有者将它打出到其所属的基地，无视费用。", "base"),
    ("放逐一名友方单位，然后让其拥有者将其打出，无视其费用。", "any"),
])
def test_banish_then_its_owner_plays_it_is_one_banish_and_replay(text, at):
    tree = _round_trip(text, "spell")
    assert tree["target"] == {"who": "friendly"} and tree["effects"] == [{"banish_and_replay": {"at": at}}]


def test_its_owner_plays_it_is_not_read_after_anything_but_banishing_the_chosen_unit():
    assert _compiled("摧毁一名友方单位，然后让其拥有者将它打出到其所属的基地，无视费用。", "spell").status == "not_understood"


SPELL_BOARD = """\
title: 编译的法术
cards:
  试验牌: CARD
  小卒: {type: unit, cost: 4, might: 1}
state:
  turn: {player: A, phase: main}
  battlefields:
    - name: 北方
      controller: A
      units: [{id: 卒, card: 小卒, exhausted: true}]
  players:
    A:
      hand: [试验牌]
      deck: 5
      runes: 2
    B: {}
script:
SCRIPT
expect:
EXPECT
"""


@pytest.mark.parametrize(("to", "where"), [(None, "base"), ("北方", "北方")])
def test_a_banished_unit_is_played_again_by_its_owner_where_the_card_says(to, where):
    text = "放逐一名友方单位，然后让其拥有者将其打出，无视其费用。" if to else "放逐一名友方单位，然后让其拥有者将它打出到其所属的基地，无视费用。"
    source = SPELL_BOARD.replace("CARD", json.dumps({**_round_trip(text, "spell"), "cost": 2}, ensure_ascii=False))
    script = "  - play: 试验牌\n    targets: [卒]\n  - resolve_chain:" + (f"\n    to: {to}" if to else "")
    expect = f"  - unit: 卒\n    alive: false\n  - unit: 小卒\n    location: {where}\n    exhausted: true"
    _passes_source(source.replace("SCRIPT", script).replace("EXPECT", expect))


def test_a_spell_that_banishes_this_leaves_for_the_banishment_not_the_trash():
    tree = _round_trip("抽一张牌。放逐此牌。", "spell")
    assert tree["effects"] == [{"draw": 1}, {"banish": {"to": "this_card"}}]
    source = SPELL_BOARD.replace("CARD", json.dumps(tree, ensure_ascii=False))
    expect = "  - card: 试验牌\n    zone: banishment\n  - player: A\n    hand: 1\n    trash: 0"
    _passes_source(source.replace("SCRIPT", "  - play: 试验牌\n  - pass:").replace("EXPECT", expect))


def _of_fury(text: str):
    facts = {"type": "unit", "cost": 3, "might": 3, "power": 1, "domains": ["炽烈"]}
    return compile_card(CardSource("T-302", "zh", text, facts, "试验牌"))


KILLED_BY_YOUR_SPELL = {"event": "killed", "subject": "any", "responsible": "you", "by": "spell"}


def test_play_me_from_the_trash_is_a_trigger_that_works_there_for_the_cost_named():
    result = _of_fury("当你使用法术摧毁一名单位时，你可以选择支付①和红色符能，以此从废牌堆中将我打出。")
    assert result.status == "compiled", result.problems
    assert result.tree["abilities"] == [{"trigger": {**KILLED_BY_YOUR_SPELL, "zone": "trash"},
                                         "effects": [{"play_me": {"energy": 1, "power": 1}}]}]
    assert _of_fury(result.understood).tree == result.tree, result.understood


@pytest.mark.parametrize("text", [
    "当你使用法术摧毁一名单位时，你可以选择支付①和蓝色符能，以此从废牌堆中将我打出。",  # not the card's domain
    "当你使用法术摧毁一名单位时，你可以选择支付①和任意符能，以此从废牌堆中将我打出。",  # any domain: the engine asks for its own
    "鼓舞—你可以选择支付①和红色符能，将我从废牌堆中打出。",  # a permission to play it from the trash: no form yet
    "当我进攻时，你可以选择支付①和红色符能，以此从废牌堆中将我打出。",  # I am not in the trash as I attack
])
def test_play_me_is_not_read_for_another_domain_or_outside_a_trigger_from_the_trash(text):
    assert _of_fury(text).status == "not_understood"


def test_a_unit_in_the_trash_plays_itself_when_your_spell_kills_a_unit():
    tree = _of_fury("当你使用法术摧毁一名单位时，你可以选择支付①和红色符能，以此从废牌堆中将我打出。").tree
    source = f"""\
title: 从废牌堆打出我
cards:
  试验牌: {json.dumps(tree, ensure_ascii=False)}
  处决: {{type: spell, cost: 1, target: enemy_unit, effects: [{{kill: null}}]}}
  哨兵: {{type: unit, cost: 1, might: 1}}
state:
  turn: {{player: A, phase: main}}
  battlefields:
    - name: 北方
      controller: B
      units: [{{id: 敌, card: 哨兵, controller: B}}]
  players:
    A:
      hand: [处决]
      trash: [试验牌]
      runes: [炽烈, 炽烈, 炽烈, 炽烈]
    B: {{}}
script:
  - play: 处决
    targets: [敌]
  - pass:
expect:
  - unit: 敌
    alive: false
  - unit: 试验牌
    location: base
"""
    _passes_source(source)


RESTRICTIONS = [
    ("我无法移动到基地。", [{"static": {"cant": "move_to_base"}}]),
    ("所有单位无法移动到基地。", [{"static": {"cant": "move_to_base", "to": {"each": {}}}}]),
    ("我无法造成战斗伤害。", [{"static": {"cant": "deal_combat_damage"}}]),
    ("此处战力低于我的敌方单位无法造成战斗伤害。",
     [{"static": {"cant": "deal_combat_damage", "to": {"each": {"where": "here", "who": "enemy",
                                                                "might": {"lt": {"might_of": "self"}}}}}}]),
]


@pytest.mark.parametrize(("text", "abilities"), RESTRICTIONS, ids=[text for text, _ in RESTRICTIONS])
def test_a_restriction_on_units_compiles_to_its_static_and_back(text, abilities):
    assert _round_trip(text)["abilities"] == abilities


COMBAT = """\
title: 编译的限制
cards:
  试验牌: CARD
  哨兵: {type: unit, might: 1}
state:
  turn: {player: A, phase: main}
  battlefields:
    - name: 北方
      controller: B
      units: [{id: 敌, card: 哨兵, controller: B}]
    - name: 西方
      controller: A
      units: [{id: 守, card: 试验牌}]
  players:
    A:
      base: [{id: 试, card: 试验牌}]
    B: {}
script:
SCRIPT
expect:
EXPECT
"""


@pytest.mark.parametrize(("text", "alive"), [("我无法造成战斗伤害。", "true"), ("我以活跃状态进场。", "false")])
def test_a_unit_that_deals_no_combat_damage_leaves_the_defender_alive(text, alive):
    tree = {**_round_trip(text), "might": 5}
    source = COMBAT.replace("CARD", json.dumps(tree, ensure_ascii=False)).replace("SCRIPT", "  - move: 试\n    to: 北方\n  - pass:")
    _passes_source(source.replace("EXPECT", f"  - unit: 敌\n    alive: {alive}\n  - unit: 试\n    alive: true"))


def test_a_unit_that_cant_move_to_base_is_refused_a_move_there_and_an_effect_moving_it_is_revoked():
    tree = _round_trip("我无法移动到基地。")
    source = COMBAT.replace("CARD", json.dumps(tree, ensure_ascii=False)).replace(
        "  哨兵:", "  召回令: {type: spell, cost: 0, target: friendly_unit, effects: [{move: {to: base}}]}\n  哨兵:")
    source = source.replace("      base: [{id: 试, card: 试验牌}]", "      base: [{id: 试, card: 试验牌}]\n      hand: [召回令]")
    script = "  - move: 守\n    to: base\n    expect_illegal: 054.1\n  - play: 召回令\n    targets: [守]\n  - pass:"
    _passes_source(source.replace("SCRIPT", script).replace("EXPECT", "  - unit: 守\n    location: 西方"))
