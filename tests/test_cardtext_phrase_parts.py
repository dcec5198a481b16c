"""The parts of a Chinese object phrase read in any order (issue 16, generality): a place, a side, states, a Might, a
keyword, a printed cost and tags around the count or “所有”, each with or without its 的, joined by 的 or 且, every synonym
of a place, a side or a state — on synthetic phrases (our own sentences, no catalog text): each wording's tree, the
gate and the round trip; every order of the same parts reads as the same filter."""

from __future__ import annotations

from itertools import permutations

import pytest
from test_cardtext_triggers import compiles_with

from judgekit.cardtext import zh

CASES = [
    # a state before the count, a side with its 的, a state written after the side or without its 的
    ("spell", "眩晕战斗中的一名敌方单位。", {"target": {"who": "enemy", "in_combat": True}, "effects": [{"stun": None}]}),
    ("spell", "摧毁一名敌方休眠单位。", {"target": {"who": "enemy", "exhausted": True}, "effects": [{"kill": None}]}),
    ("spell", "让一名友方的休眠单位变为活跃状态。", {"target": {"who": "friendly", "exhausted": True}, "effects": [{"ready": None}]}),
    # parts joined by 且, a Might and a keyword after the state
    ("spell", "摧毁一名战力不高于3且休眠的敌方单位。",
     {"target": {"who": "enemy", "exhausted": True, "might": {"le": 3}}, "effects": [{"kill": None}]}),
    ("spell", "眩晕一名休眠的拥有坚守的敌方单位。",
     {"target": {"who": "enemy", "keyword": "坚守", "exhausted": True}, "effects": [{"stun": None}]}),
    # the place after the count, and the count after the place without its 的
    ("spell", "对此处最多两名敌方单位各造成1点伤害。",
     {"target": {"who": "enemy", "where": "here", "count": 2, "up_to": True}, "effects": [{"deal": 1}]}),
    # a tag before the side, said with 具有
    ("spell", "让一名具有“机械”属性的友方单位在本回合内战力+2。",
     {"target": {"who": "friendly", "tag": "机械"}, "effects": [{"might": 2}]}),
    # a printed cost without 法力, on a gear
    ("spell", "摧毁一件费用不高于②的敌方装备。", {"target": {"kind": "gear", "who": "enemy", "cost": {"le": 2}},
                                          "effects": [{"kill": None}]}),
    # every one: a state before 所有, the side before it, the place said another way
    ("spell", "对敌方的所有休眠单位各造成2点伤害。",
     {"effects": [{"deal": {"to": {"each": {"who": "enemy", "exhausted": True}}, "amount": 2}}]}),
    ("spell", "对你场上的所有被眩晕单位各造成1点伤害。",
     {"effects": [{"deal": {"to": {"each": {"who": "friendly", "stunned": True}}, "amount": 1}}]}),
    # the side said as who controls it
    ("spell", "让一名由对手控制的单位变为休眠状态。", {"target": {"who": "enemy"}, "effects": [{"exhaust": None}]}),
    ("spell", "让一名由你控制的单位在本回合内战力+1。", {"target": {"who": "friendly"}, "effects": [{"might": 1}]}),
    # a state's absence (the flag false)
    ("spell", "摧毁一名未受伤的敌方单位。", {"target": {"who": "enemy", "damaged": False}, "effects": [{"kill": None}]}),
    ("spell", "给予所有没有增益的友方单位增益。", {"effects": [{"buff": {"to": {"each": {"who": "friendly", "buffed": False}}}}]}),
    ("spell", "眩晕一名未被眩晕的敌方单位。", {"target": {"who": "enemy", "stunned": False}, "effects": [{"stun": None}]}),
    # a card off the board (CARD_FILTER): its parts in any order, joined by 的, a keyword said without 技能
    ("spell", "从你的废牌堆中打出一名“机械”属性的费用不高于③的单位，无视其费用。",
     {"effects": [{"play": {"from": "trash", "card": {"kind": "unit", "cost": {"le": 3}, "tag": "机械"}, "ignore_cost": True,
                            "at": "any"}}]}),
    ("spell", "让一张灵光的带有待命技能的牌从你的废牌堆返回你的手牌。",
     {"effects": [{"return_from_trash": {"card": {"kind": "any", "keyword": "待命", "domain": "灵光"}}}]}),
    ("spell", "让一张带有待命的灵光法术牌从你的废牌堆返回你的手牌。",
     {"effects": [{"return_from_trash": {"card": {"kind": "spell", "keyword": "待命", "domain": "灵光"}}}]}),
]


@pytest.mark.parametrize(("card_type", "text", "parts"), CASES, ids=[text for _, text, _ in CASES])
def test_a_phrase_in_another_order_or_words_compiles_to_its_tree_and_back(card_type, text, parts):
    compiles_with(card_type, text, parts)


PARTS = ("此处的", "休眠的", "敌方", "战力低于我的", "拥有坚守的", "“机械”属性")
FILTER = {"where": "here", "exhausted": True, "who": "enemy", "might": {"lt": {"might_of": "self"}}, "keyword": "坚守",
          "tag": "机械"}


def _chosen(text: str) -> dict:
    scope = zh.Scope()
    assert zh.parse_object(text, scope) == {"target": 1}, text
    return scope.targets[0]


@pytest.mark.parametrize("order", list(permutations(range(len(PARTS)), 3)))
def test_any_three_parts_in_any_order_read_as_one_filter(order):
    words = [PARTS[index] for index in order]
    wanted = {key: value for index, (key, value) in enumerate(FILTER.items()) if index in order}
    assert _chosen("一名" + "".join(words) + "单位") == wanted
    scope = zh.Scope()
    assert zh.parse_object("所有" + "".join(words) + "单位", scope) == {"each": wanted}


def test_every_part_after_the_count_in_any_order_reads_as_one_filter():
    for order in permutations(PARTS):
        assert _chosen("一名" + "".join(order) + "单位") == FILTER


@pytest.mark.parametrize("text", [
    "一名友方敌方单位",  # two sides
    "一名活跃的休眠的单位",  # two states that contradict
    "一名休眠的休眠的敌方单位",  # a state said twice
    "一名战力低于我的战力高于2的单位",  # two Might comparisons
    "一名此处的你基地中的单位",  # two places
    "两名一名单位",  # two counts
    "所有一名敌方单位",  # a count and “所有”
    "一名敌方漂亮单位",  # a word no part reads
])
def test_parts_that_clash_or_are_not_parts_are_not_read(text):
    with pytest.raises(zh.NotRead):
        zh.parse_object(text, zh.Scope())


@pytest.mark.parametrize("text", ["一名费用不高于③的费用不低于①的单位", "一张灵光的灵光牌", "一张带有待命的漂亮牌"])
def test_a_card_part_said_twice_or_not_a_part_is_not_read(text):
    with pytest.raises(zh.NotRead):
        zh.parse_card(text)
