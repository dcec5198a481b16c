"""The Chinese compiler's objects, amounts and effect verbs, on synthetic cards (no card text from the catalog).

Each wording: the tree it compiles to (checked against what the words mean), and the round trip (the rendering
compiles back to the same tree).
"""

from __future__ import annotations

import pytest

from judgekit.cardtext import CardSource, compile_card


def _compile(text: str, card_type: str):
    return compile_card(CardSource("T-200", "zh", text, {"type": card_type, "cost": 2, "might": 2}))


def _parts(result) -> dict:
    return {key: value for key, value in result.tree.items() if key not in ("type", "cost", "might")}


CASES = [
    # objects: states, Might compared with a number or with the source's, places
    ("unit", "当我进攻时，摧毁此处所有已受伤的敌方单位。",
     {"abilities": [{"trigger": "attacked", "effects": [{"kill": {"to": {"each": {"who": "enemy", "where": "here",
                                                                                   "damaged": True}}}}]}]}),
    ("spell", "让所有不高于3战力的单位返回其所属的手牌。",
     {"effects": [{"return_to_hand": {"to": {"each": {"might": {"le": 3}}}}}]}),
    ("unit", "当我进攻时，摧毁此处的一名战力低于我的敌方单位。",
     {"abilities": [{"trigger": "attacked", "target": {"who": "enemy", "where": "here", "might": {"lt": {"might_of": "self"}}},
                     "effects": [{"kill": None}]}]}),
    ("spell", "眩晕一名正在进攻的敌方单位。", {"target": {"who": "enemy", "attacking": True}, "effects": [{"stun": None}]}),
    ("spell", "给予一名落单的友方单位增益。", {"target": {"who": "friendly", "alone": True}, "effects": [{"buff": None}]}),
    ("unit", "绝念▸对我所处战场上的所有单位各造成2点伤害。",
     {"keywords": {"绝念": None}, "triggers": {"deathknell": [{"deal": {"amount": 2, "to": {"each": {"where": "here"}}}}]}}),
    ("spell", "对所有战场上的单位各造成1点伤害，不分敌我。",
     {"effects": [{"deal": {"amount": 1, "to": {"each": {"where": "battlefield"}}}}]}),
    ("spell", "让最多另一名友方单位返回其所属的手牌。",
     {"target": {"who": "friendly", "other": True, "up_to": True}, "effects": [{"return_to_hand": None}]}),
    ("gear", "横置：将战场上的一名友方单位移动到其所属的基地。",
     {"abilities": [{"cost": {"exhaust": True}, "target": {"who": "friendly", "where": "battlefield"},
                     "effects": [{"move": {"to": "base"}}]}]}),
    ("unit", "当你打出我时，对手本回合内不能打出卡牌。",
     {"abilities": [{"trigger": "played", "effects": [{"forbid_playing": {"who": "opponents"}}]}]}),
    ("unit", "支付①：将我移动到你的基地。", {"abilities": [{"cost": {"energy": 1}, "effects": [{"move": {"to": "base"}}]}]}),
    ("gear", "横置：让最多两枚符文变为活跃状态。", {"abilities": [{"cost": {"exhaust": True}, "effects": [{"ready_runes": 2}]}]}),
    ("spell", "眩晕任意一名受你控制的单位。", {"target": {"who": "friendly"}, "effects": [{"stun": None}]}),
    # amounts: one for each unit that fits; “战力翻倍”
    ("spell", "你场上每有一名强力单位，就抽一张牌。", {"effects": [{"draw": {"amount": {"count": {"who": "friendly", "mighty": True}}}}]}),
    ("spell", "你每控制一名强力单位，就抽一张牌。", {"effects": [{"draw": {"amount": {"count": {"who": "friendly", "mighty": True}}}}]}),
    ("unit", "当你打出我时，场上每有一名敌方单位，便获得1经验。",
     {"abilities": [{"trigger": "played", "effects": [{"gain_xp": {"amount": {"count": {"who": "enemy"}}}}]}]}),
    ("spell", "场上每有一名拥有增益的友方单位，就抽两张牌。",
     {"effects": [{"repeat": {"times": {"count": {"who": "friendly", "buffed": True}}, "effects": [{"draw": 2}]}}]}),
    ("spell", "让一名友方单位在本回合内战力翻倍。", {"target": {"who": "friendly"}, "effects": [{"might": {"amount": {"might_of": "target"}}}]}),
    # who performs: the chosen unit's owner
    ("spell", "让一名敌方单位返回其所属的手牌，然后让其拥有者召出两枚休眠的符文。",
     {"target": {"who": "enemy"}, "effects": [{"return_to_hand": None},
                                              {"channel": {"exhausted": True, "who": "target_owner", "count": 2}}]}),
    # tokens: the keyword the text restates is the token's own
    ("spell", "打出两名处于活跃状态的3战力“精灵”，它们拥有瞬息。", {"effects": [{"create": {"token": "精灵", "count": 2, "ready": True, "play": True}}]}),
    ("unit", "当你打出我时，在此处打出一名1战力的“战鹰”，它拥有法盾。",
     {"abilities": [{"trigger": "played", "effects": [{"create": {"token": "战鹰", "at": "here", "play": True}}]}]}),
    # looking at the top of the deck: one look, what is taken, the rest recycled
    ("spell", "查看你主牌堆顶部的五张牌。你可以选择从中展示一件装备，并抽取该卡牌。回收其余的卡牌。",
     {"effects": [{"look": {"amount": 5, "take": {"card": {"kind": "gear"}, "to": "hand", "may": True}, "rest": "recycle"}}]}),
    ("unit", "当我进攻时，查看你主牌堆顶部的三张牌。你可以选择从中展示一张法力费用不低于③的法术，并抽取该卡牌。回收其余的卡牌。",
     {"abilities": [{"trigger": "attacked", "effects": [{"look": {"amount": 3, "take": {
         "card": {"kind": "spell", "cost": {"ge": 3}}, "to": "hand", "may": True}, "rest": "recycle"}}]}]}),
    # one of them, of any kind (a CARD_FILTER without a kind is a unit: kind any is written)
    ("spell", "查看你主牌堆顶部的两张牌。抽取其中一张。回收另一张卡牌。",
     {"effects": [{"look": {"amount": 2, "take": {"card": {"kind": "any"}, "to": "hand"}, "rest": "recycle"}}]}),
    ("spell", "查看你主牌堆顶部的四张牌。选择其中一张加入手牌，并回收其余的卡牌。抽两张牌。",
     {"effects": [{"look": {"amount": 4, "take": {"card": {"kind": "any"}, "to": "hand"}, "rest": "recycle"}},
                  {"draw": 2}]}),
    ("spell", "查看你主牌堆顶部的三张牌。你可以选择从中抽取一张牌。将其余的卡牌置入你的废牌堆。",
     {"effects": [{"look": {"amount": 3, "take": {"card": {"kind": "any"}, "to": "hand", "may": True},
                            "rest": "trash"}}]}),
    # playing a unit card from the trash or the hand: ignoring its cost, or only its Energy cost (356.1.b.2)
    ("spell", "从你的废牌堆中打出一名单位，无视其法力费用。",
     {"effects": [{"play": {"from": "trash", "card": {"kind": "unit"}, "ignore_cost": "energy", "at": "any"}}]}),
    ("unit", "绝念▸你可以选择从你的废牌堆中打出一名费用不高于③且不高于任意符能的单位，无视其费用。",
     {"keywords": {"绝念": None}, "triggers": {"deathknell": [{"may": [{"play": {
         "from": "trash", "card": {"kind": "unit", "cost": {"le": 3}, "power": {"le": 1}}, "ignore_cost": True, "at": "any"}}]}]}}),
    ("spell", "从手牌中打出一名单位到你的基地，无视其法力费用。",
     {"effects": [{"play": {"from": "hand", "card": {"kind": "unit"}, "ignore_cost": "energy", "at": "base"}}]}),
    # a card from the trash back to the hand (355.10.a), either word order
    ("unit", "当你打出我时，让一件装备从你的废牌堆返回手牌。",
     {"abilities": [{"trigger": "played", "effects": [{"return_from_trash": {"card": {"kind": "gear"}}}]}]}),
    ("spell", "让你废牌堆里的一名单位返回手牌。", {"effects": [{"return_from_trash": {"card": {"kind": "unit"}}}]}),
    ("spell", "让你废牌堆中的一名“鸟类”属性单位返回你的手牌。",
     {"effects": [{"return_from_trash": {"card": {"kind": "unit", "tag": "鸟类"}}}]}),
    # either of two kinds, any of several tags
    ("unit", "当我征服一处战场时，你可以选择让你废牌堆里的一件装备或一名单位返回你的手牌。",
     {"abilities": [{"trigger": "conquered", "effects": [{"may": [{"return_from_trash": {"card": {"kind": ["gear", "unit"]}}}]}]}]}),
    ("spell", "让你废牌堆中的一名“鸟类”、“猫科”或“魄罗”属性单位返回你的手牌。",
     {"effects": [{"return_from_trash": {"card": {"kind": "unit", "tag": ["鸟类", "猫科", "魄罗"]}}}]}),
    ("unit", "当我据守一处战场时，你获得的分数+1。", {"abilities": [{"trigger": "held", "effects": [{"gain_points": {"amount": 1}}]}]}),
    # recycling from the trash (416.4: as many as there are); a state written before 所有
    ("unit", "在你的回合开始阶段，从废牌堆中回收三张牌。",
     {"abilities": [{"trigger": {"event": "turn_began", "subject": "any", "player": "you"},
                     "effects": [{"recycle": {"amount": 3}}]}]}),
    ("spell", "对战斗中的所有敌方单位各造成2点伤害。",
     {"effects": [{"deal": {"amount": 2, "to": {"each": {"who": "enemy", "in_combat": True}}}}]}),
    ("spell", "摧毁一名战斗中的友方单位。", {"target": {"who": "friendly", "in_combat": True}, "effects": [{"kill": None}]}),
    # two effects joined by “，且”
    ("unit", "当我进攻时，让我变为活跃状态，且让我本回合内战力+1。",
     {"abilities": [{"trigger": "attacked", "effects": [{"ready": None}, {"might": 1}]}]}),
    ("unit", "当我进攻时，让我变为休眠状态，且本回合战力+3。",  # the second effect on the first one's object
     {"abilities": [{"trigger": "attacked", "effects": [{"exhaust": None}, {"might": 3}]}]}),
    # Predict N written as the keyword (436.3)
    ("spell", "洞察2。", {"effects": [{"predict": 2}]}),
    # 你 as the one who performs a player's action: the controller, as without it
    ("unit", "当我进攻时，你获得1分。", {"abilities": [{"trigger": "attacked", "effects": [{"gain_points": {"amount": 1}}]}]}),
    ("spell", "你抽两张牌。", {"effects": [{"draw": 2}]}),
]


@pytest.mark.parametrize(("card_type", "text", "parts"), CASES)
def test_the_wording_compiles_to_what_it_means_and_back(card_type, text, parts):
    result = _compile(text, card_type)
    assert result.tree is not None, result.problems
    assert _parts(result) == parts
    again = _compile(result.understood, card_type)
    assert again.tree == result.tree, result.understood


def test_my_might_doubled_is_the_source_s_own_might():
    result = _compile("横置：让我本回合内战力翻倍。", "unit")
    assert result.tree["abilities"][0]["effects"] == [{"might": {"amount": {"might_of": "self"}}}]
    assert _compile(result.understood, "unit").tree == result.tree


@pytest.mark.parametrize(("text", "why"), [
    ("打出一名1战力的“战鹰”，它拥有瞬息。", "a token restated with a keyword it does not have"),
    ("抽一张牌。其控制者召出一枚休眠的符文。", "“其” with nothing chosen before it"),
    ("让所有友方单位在本回合内战力翻倍。", "each unit doubling its own Might is no single amount"),
    ("你场上每有一名敌方单位，就抽一张牌。", "“your” enemy units"),
    ("回收其余的卡牌。", "a rest with no look before it"),
    ("你摧毁一名单位。", "你 performs only a player's action, not one on units"),
    ("让一名友方单位变为活跃状态，且本回合内战力+2。", "one chosen unit, not a second target for the second effect"),
    ("让此牌从废牌堆返回你的手牌。", "the card itself from the trash is not a card chosen there"),
])
def test_wordings_that_do_not_say_what_the_templates_mean_are_not_read(text, why):
    assert _compile(text, "spell").status == "not_understood", why


def test_a_spell_played_from_the_trash_by_an_effect_is_read_and_round_trips():
    result = _compile("从你的废牌堆中打出一个法术，无视其费用。", "spell")  # onto the chain (419.3)
    assert result.status == "compiled"
    assert result.tree["effects"] == [{"play": {"from": "trash", "card": {"kind": "spell"}, "ignore_cost": True, "at": "any"}}]
    assert _compile(result.understood, "spell").tree == result.tree


def test_each_of_several_targets_is_named_by_its_place_never_by_the_default():
    result = _compile("对一名单位造成3点伤害。\n对一名敌方单位造成1点伤害。", "spell")
    assert result.tree["target"] == [{}, {"who": "enemy"}]
    assert result.tree["effects"] == [{"deal": {"to": {"target": 1}, "amount": 3}}, {"deal": {"to": {"target": 2}, "amount": 1}}]
    assert _compile(result.understood, "spell").tree == result.tree
    single = _compile("选择一名单位。对其造成3点伤害。", "spell")
    assert single.tree["target"] == {} and single.tree["effects"] == [{"deal": 3}]


def test_a_pronoun_after_several_targets_is_not_guessed():
    assert _compile("对一名单位造成3点伤害，然后对另一名单位造成1点伤害，然后眩晕其。", "spell").status == "not_understood"


@pytest.mark.parametrize(("text", "target", "effects"), [
    ("让一名友方单位和一名敌方单位返回其所属的手牌。", [{"who": "friendly"}, {"who": "enemy"}], [{"return_to_hand": None}]),
    ("眩晕位于同一个战场上的一名友方单位和一名敌方单位。",
     [{"who": "friendly", "where": "battlefield"}, {"who": "enemy", "where": "same_battlefield"}], [{"stun": None}]),
    ("让一名友方单位本回合内战力+1，并眩晕其所在位置的一名敌方单位。",
     [{"who": "friendly"}, {"who": "enemy", "where": "same_battlefield"}],
     [{"might": {"to": {"target": 1}, "amount": 1}}, {"stun": {"to": {"target": 2}}}]),
])
def test_two_objects_are_two_target_specs(text, target, effects):
    result = _compile(text, "spell")
    assert result.tree is not None, result.problems
    assert (result.tree["target"], result.tree["effects"]) == (target, effects)
    assert _compile(result.understood, "spell").tree == result.tree, result.understood


def test_an_effect_on_two_of_three_targets_is_not_read():
    assert _compile("对一名单位造成1点伤害。\n眩晕一名友方单位和一名敌方单位。", "spell").status == "not_understood"
